"""The closed vocabularies and shared field shapes of the Blades content tables (:mod:`sim.blades.schemas`,
:mod:`sim.blades.schemas_arcana`): positions, severities, clock kinds and sizes, holds, rolls, results, the
situations an ability's bonus applies in, and the id, name, text, weight, plans and positions fields."""

from __future__ import annotations

from sim.content.schema import F, Id, ListOf, Num, Ref, Str, Text

POSITIONS = ("controlled", "risky", "desperate")
SEVERITIES = ("minor", "standard", "serious")
SEVERITY_TICKS = {"minor": 1, "standard": 2, "serious": 3}  # BITD.CONSEQ.1
SEVERITY_MAX_HEAT = {"minor": 1, "standard": 1, "serious": 2}  # BITD.CONSEQ.1: serious may be +2 heat
GOAL_KINDS = ("expand", "destroy", "influence")  # faction goal clocks (sim.blades.city.factions)
CLOCK_KINDS = ("danger", "racing", "linked", "mission", "tug_of_war", "long_term_project", "faction", "healing")
CLOCK_SIZES = (4, 6, 8, 10, 12)
HOLDS = ("weak", "strong")
ROLLS = ("action", "resist", "fortune", "engagement", "gather", "downtime", "healing", "vice", "acquire",
         "crafting", "incarceration", "reduce_heat")
#: situations an ability's bonus applies in; the engine matches these words.
CONDITIONS = (
    "always", "desperate", "protecting", "from_hiding", "ranged", "tracking", "supernatural", "leading_cohort",
    "target_frightened", "on_site", "on_turf", "gather_threats", "deceiving", "murder", "bold_plan", "own_hunting_grounds",
    "quiet_operation", "violence", "group_action", "selling", "high_society",
    "alchemical", "spark_craft",  # the kind of thing crafted (BITD.CRAFT.1; arcane things are "supernatural")
)
#: consequence kinds special armor may be spent against (BITD.ABIL).
ARMOR_USES = ("combat", "physical", "fear", "fatigue", "poison", "deception", "detection", "supernatural", "push")
#: score kinds a claim's extra payoff applies to (BITD.CREW.CLAIM.3).
CLIENT_KINDS = ("high_class", "lower_class")
AMOUNT_PER = ("wanted", "crew_tier", "faction_tier")

ID = F(Id(doc="snake_case id, unique in this table"))
NAME = F(Text(doc="name shown to people"))
TEXT = F(Text(doc="a short paraphrase shown to people"))
OPT_TEXT = F(Text(), required=False)
WEIGHT = F(Num(0, 1000, doc="relative draw weight; 0 never drawn"), doc="relative draw weight")
PLANS = F(ListOf(Ref("plan"), min=1, unique_by="", doc="plans (BITD.SCORE.2) this entry fits"))
POSITIONS_F = F(ListOf(Str(enum=POSITIONS), min=1, unique_by="", doc="positions (BITD.ACTION.3) this entry fits"))
