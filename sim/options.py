"""Named rule options: every ``inferred``, ``unverified`` and ``conflict``
default of the rules reference (``docs/rules/``), plus engine switches, each
selectable per scenario.

A scenario sets them under ``options:``; ``sim batch --sweep NAME=a,b`` varies
them. Defaults are the reference's defaults. Each option names the rule it
parameterises so a reader can check the reasoning there (the table in
``docs/rules/README.md`` lists them all).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from sim.errors import UsageError


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...] | None  # None: an integer within ``bounds``
    rule: str
    tag: str
    doc: str
    bounds: tuple[int, int] = (0, 99)

    def check(self, value: Any) -> Any:
        """Return ``value`` if legal for this option, else raise UsageError."""
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
                raise UsageError(f"option {self.name}: must be one of {allowed}, got {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(f"option {self.name}: must be an integer, got {value!r}")
        lo, hi = self.bounds
        if not lo <= value <= hi:
            raise UsageError(f"option {self.name}: must be {lo}..{hi}, got {value}")
        return value

    def parse(self, text: str) -> Any:
        """Parse a command-line value (``--sweep NAME=text``) for this option."""
        if self.choices is not None:
            for choice in self.choices:
                if str(choice).lower() == text.strip().lower():
                    return choice
            return self.check(text)
        try:
            return self.check(int(text))
        except ValueError:
            raise UsageError(f"option {self.name}: must be an integer, got {text!r}") from None


BOOL = (False, True)

OPTIONS: Mapping[str, Option] = MappingProxyType({o.name: o for o in (
    # --- engine switches -------------------------------------------------
    Option("dice_sampler", "faces", ("faces", "table"), "BITD.CORE.2", "engine",
           "faces: roll every die and keep the faces; table: draw the result level straight from the exact distribution (batch speed)."),
    Option("oracle_events", "d20", ("d20", "d100"), "ORACLE.EVENT.1", "engine",
           "The oracle's tension die: d20 (ours: an event when it shows the tension or less, 25% at tension 5) or "
           "d100 (Mythic GME's rate: 5% at a chaos factor, our tension, of 5)."),
    # --- Blades in the Dark ----------------------------------------------
    Option("score_scenes", "challenge", ("challenge", "fate"), "FATE.CHALLENGE", "engine",
           "How a score's scenes are laid out: one challenge over the obstacle layers, or Fate scenes where they fit "
           "(assault plans end in a conflict, transport plans in a contest)."),
    Option("push_and_bargain_share_slot", True, BOOL, "BITD.PUSH.2", "inferred",
           "The +1d push and the devil's bargain share one bonus-die slot; the +1 effect push does not."),
    Option("zero_effect_ticks", 0, None, "BITD.EFFECT.1", "inferred", "Ticks on a clock at zero effect.", (0, 1)),
    Option("extreme_effect_ticks", 4, None, "BITD.EFFECT.1", "unverified", "Ticks on a clock at extreme effect (above great).", (3, 6)),
    Option("overflow_harm", "fatal", ("fatal", "catastrophic"), "BITD.HARM.3", "conflict",
           "Level-3 harm with the level-3 row full: record level 4 (fatal, resistable) or a permanent catastrophic consequence."),
    Option("harm_rows_independent", True, BOOL, "BITD.HARM.4", "inferred",
           "Level-1 and level-2 harm penalties both apply (reduced effect and -1d)."),
    Option("harm_relevance", "nature", ("nature", "always"), "BITD.HARM.4", "inferred",
           "Level-1/2 harm penalties apply only when relevant: nature = harm taken on a plan counts for actions of the attribute it strained (BITD.RESIST.2), other harm always; always = every action."),
    Option("resist_mode", "gm_choice", ("reduce", "avoid", "gm_choice"), "BITD.RESIST.6", "seed",
           "Whether resistance reduces or avoids a consequence; gm_choice lets the GM policy decide each time."),
    Option("armor_excludes_roll", False, BOOL, "BITD.ARMOR.3", "conflict",
           "If true, armor is used instead of a resistance roll; if false, one roll and any armor may apply to one consequence."),
    Option("armor_load", 2, None, "BITD.ARMOR.4", "inferred", "Load cost of armor.", (0, 9)),
    Option("heavy_armor_load", 3, None, "BITD.ARMOR.4", "inferred", "Further load cost of heavy armor.", (0, 9)),
    Option("heat_at_max_wanted", "cap", ("cap", "discard"), "BITD.DOWNTIME.HEAT.4", "unverified",
           "Heat reaching 9 at wanted level 4: cap heat at 8, or discard the overflow to 0."),
    Option("show_of_force_no_claims", "lose_hold", ("lose_hold", "lose_turf"), "BITD.DOWNTIME.ENTANGLE.4", "conflict",
           "Show of Force against a crew with no claims: lose 1 hold (SRD) or lose 1 turf (seed)."),
    Option("ltp_critical_ticks", 5, None, "BITD.DOWNTIME.LTP.1", "conflict", "Ticks a critical long-term project roll gives (seed 4, SRD 5).", (4, 5)),
    Option("vice_coin_raise", False, BOOL, "BITD.DOWNTIME.VICE.1", "inferred", "Whether coin may raise a vice roll's result."),
    Option("vice_helper_die", True, BOOL, "BITD.DOWNTIME.VICE.1", "inferred", "Whether a helping friend or contact adds +1d to a vice roll."),
    Option("trauma_satisfies_vice", True, BOOL, "BITD.DOWNTIME.VICE.3", "inferred",
           "A PC who took trauma counts their vice as satisfied next downtime."),
    Option("crew_xp_track", 8, None, "BITD.CREW.XP.2", "unverified", "Length of the crew xp track (Roll20 8, Foundry 10).", (6, 12)),
    Option("group_leader_counts_self", True, BOOL, "BITD.TEAM.2", "inferred",
           "The leader of a group action takes stress for their own failing die too."),
    Option("leader_combat", "assault", ("assault", "any"), "BITD.COHORT.10", "inferred",
           "Where Leader's 'in combat' holds: assault = a cohort Commanded on an assault plan (the engine's fight); "
           "any = a cohort Commanded on any plan."),
    Option("elite_cohort_boxes", 2, None, "BITD.CREW.CREATE.8", "unverified", "Upgrade boxes an Elite cohort upgrade costs.", (1, 4)),
    Option("claim_income_floor", 0, None, "BITD.CREW.CLAIM.3", "inferred", "Minimum coin an income claim earns (highest die - heat).", (0, 2)),
    Option("ritual_time_discount", "duration", ("duration", "none"), "BITD.MAG.5", "inferred",
           "A ritual cast over time: duration = the casting's row on the duration scale, from an hour (2) up, comes off "
           "its stress; none = the magnitudes' sum is the stress."),
    Option("starting_pc_coin", 0, None, "BITD.CHAR.CREATE.5", "inferred", "Coin each new scoundrel carries.", (0, 4)),
    Option("starting_stash", 0, None, "BITD.CHAR.CREATE.5", "inferred", "Stash each new scoundrel starts with.", (0, 40)),
    Option("faction_move_roll", "opposed", ("opposed", "none"), "BITD.FORTUNE.4", "inferred",
           "A faction's move against an enemy: opposed fortune rolls on their Tiers, and it lands only if the "
           "attacker's result beats the defender's (a tie holds); none: the move always lands."),
    Option("faction_clock_size", 0, (0, 4, 6, 8, 10, 12), "BITD.CLOCK.4", "engine",
           "Segments of every faction goal clock, for faction-balance studies; 0 keeps each clock's size from the faction table."),
    Option("faction_ally_status", 2, None, "BITD.FACTION.8", "inferred",
           "Starting status of a faction toward a faction its table entry lists as an ally (sim.blades.city.city).", (0, 3)),
    Option("faction_enemy_status", -2, None, "BITD.FACTION.8", "inferred",
           "Starting status of a faction toward a faction its table entry lists as an enemy (sim.blades.city.city).", (-3, 0)),
    Option("faction_moves", 2, None, "BITD.DOWNTIME.NPC.1", "inferred",
           "Moves each faction makes every downtime (one fewer, at least one, while it is at war with a faction).", (1, 2)),
    Option("crew_breaks", "end", ("end", "play_on"), "BITD.DOWNTIME.NPC.1", "engine",
           "What happens when the crew breaks (no scoundrel active or coming back): end, the campaign ends there; "
           "play_on, the city plays on without a crew to the scenario's length (each remaining score the factions "
           "take their downtime turn), so a faction-balance study measures every campaign over the same length."),
    Option("faction_turn", "agents", ("agents", "fixed"), "BITD.DOWNTIME.NPC.1", "engine",
           "agents: every faction in play chooses its moves through its seat (sim.blades.city.factions); fixed: the "
           "factions of current interest tick their first goal clock and move on a full one (the old procedure)."),
    # --- Fate Condensed --------------------------------------------------
    Option("fate_shared_consequences", True, BOOL, "FATE.CHAR.4", "inferred",
           "Consequence slots are shared by physical and mental hits."),
    Option("fate_contest_style", "srd", ("srd", "seed"), "FATE.CONTEST.3", "conflict",
           "Two victories on style when no other side succeeded with style (srd) or no other side succeeded at all (seed)."),
    Option("fate_popcorn_self_pick", True, BOOL, "FATE.SCENE.6", "inferred",
           "The last actor of an exchange may pick themselves to open the next one."),
    Option("fate_faster_contests", False, BOOL, "FATE.CONTEST.6", "optional",
           "Faster contests: each participant either rolls for the side, creates an advantage (adding no teamwork) or gives teamwork."),
    Option("fate_self_treatment", "srd", ("srd", "seed"), "FATE.RECOVER.2", "conflict",
           "Treating your own consequence: the difficulty is 2 higher (srd) or doubled (seed, 加倍)."),
    Option("fate_hit_soak", "srd", ("srd", "seed"), "FATE.ACTION.4", "conflict",
           "What soaks a hit: stress and consequences (srd), or also a boost the defender holds, given up for one "
           "shift (seed-004: stress or a boost)."),
    Option("fate_hit_succeeds", False, BOOL, "FATE.OUTCOME.2", "seed",
           "A failure read as taking a hit: the actor does not get what they wanted (false, the seed: it 'does not "
           "necessarily succeed'; the GM may mix in success at a hit's cost), or always does (true)."),
    Option("fate_boost_moment", "exchange", ("exchange", "scene"), "FATE.ASPECT.2", "inferred",
           "When an unused boost is gone because its moment passed: at the end of the exchange after the one it was "
           "gained in (exchange), or only at the scene's end (scene)."),
    # --- Mist ------------------------------------------------------------
    Option("mist_zero_power", "d8_only", ("d8_only", "one_d4"), "MIST.ROLL.3", "unverified",
           "Power <= 0: roll the d8 alone (no full success possible) or roll the d8 with one d4."),
    Option("mist_status_stack", "add_cap6", ("add_cap6", "highest"), "MIST.STATUS.2", "unverified",
           "Similar statuses: add levels (cap 6) or keep the highest; opposing statuses subtract."),
    Option("mist_status_cancel", "opposite", ("opposite", "different"), "MIST.STATUS.2", "inferred",
           "Which statuses a new status cancels before it lands: the one status it is opposite to (opposite), or "
           "every status of the other kind, helpful against harmful, highest first (different)."),
    Option("mist_burn_recovery", "end_of_chapter", ("end_of_chapter", "end_of_scene"), "MIST.TAG.3", "unverified",
           "When a burned tag can be used again."),
    Option("mist_partial_budget", "full", ("full", "minus_one"), "MIST.EFFECT.2", "unverified",
           "Effect budget on a 6-8 result: the full power, or power - 1."),
    Option("mist_reset_after_growth", True, BOOL, "MIST.ARC.GROW.2", "inferred",
           "Reaching 3 marks and taking a growth clears the marks."),
    Option("mist_least_budget", 0, None, "MIST.EFFECT.2", "unverified",
           "Power a success (6+) at power 0 or below gives to spend on effects: 0 (negative power buys nothing) or 1.",
           (0, 1)),
    Option("mist_mitigation", "roll", ("roll", "none"), "MIST.SCENE.2", "unverified",
           "Mitigating a consequence: roll with the tags that fit and lower the status by the roll's effect budget "
           "(roll), or no mitigation (none)."),
    Option("mist_gift_themes", 2, None, "MIST.THEME.4", "unverified",
           "Gift themes a new character draws when its scenario entry names none.", (1, 3)),
    Option("mist_self_themes", 2, None, "MIST.THEME.4", "unverified",
           "Self themes a new character draws when its scenario entry names none.", (1, 3)),
    Option("mist_pc_limit", "harmful", ("harmful", "every"), "MIST.LIMIT.3", "unverified",
           "Which statuses of a player character have the limit 6: harmful ones only, or every status."),
    Option("mist_unleash", "never", ("never", "replace"), "MIST.ARC.REPLACE.1", "unverified",
           "A player character about to reach a limit: no way out (never), or the player may unleash a theme "
           "past the limit, which stops the status one short and replaces the theme (replace)."),
    Option("mist_nascent_until", 3, None, "MIST.ARC.GROW.3", "unverified",
           "Positive tags at which a nascent theme counts as a normal theme.", (2, 4)),
    Option("mist_fallout_recovery", 1, None, "MIST.STATUS.1", "engine",
           "Levels every status of a character loses at each chapter's fallout (statuses are passing conditions).",
           (0, 6)),
)})


class RuleOptions(dict):
    """An immutable mapping of every option to its value for one scenario.

    A read-only ``dict``: every method that would change it raises TypeError. It is a dict so that
    ``options[name]``, read a few thousand times a campaign by the rules, is the dict's own lookup rather than a
    Python method.
    """

    __slots__ = ()

    def __init__(self, overrides: Mapping[str, Any] | None = None):
        values = {name: opt.default for name, opt in OPTIONS.items()}
        for name, value in (overrides or {}).items():
            if name not in OPTIONS:
                raise UsageError(f"unknown rule option {name!r}")
            values[name] = OPTIONS[name].check(value)
        dict.__init__(self, values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("rule options are read-only (make changed ones with RuleOptions.replace)")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple:
        return (RuleOptions, (dict(self),))

    def replace(self, **changes: Any) -> "RuleOptions":
        return RuleOptions({**self, **changes})

    def __repr__(self) -> str:
        return f"RuleOptions({dict(self)!r})"
