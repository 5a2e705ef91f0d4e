"""The decision catalogue: a prompt and option labels for every kind of decision, in every language.

Every decision a seat is asked (``campaign.ask(seat, kind, options, context)``,
``campaign.decide(seat, kind, options, **context)``, ``scene.decide(...)``) has
words here, so a person can answer it (docs/architecture.md "Decisions people
can answer")::

    >>> prompt("push", "en", {"pc": "pc1", "names": {"pc1": "Ada"}, "stress": 2, "stress_max": 9})
    'Ada: push yourself? (stress 2/9)'
    >>> labels("push", (False, True), "zh-Hant", {"benefit": "dice"})
    ['不強推', '強推自己得到 +1d（2 格壓力）']

The words live in ``content/i18n/terms/decisions.yaml``:
``decision.<kind>.prompt`` and ``decision.<kind>.option.<value>`` (``true`` /
``false`` for yes-or-no kinds, ``n`` a template for numbers, named templates
for the parts of Fate's tuple options). Options that are content ids (actions,
plans, targets, factions, abilities, bargains, ...) reuse the terms of those
ids (``blades.action.<id>``, ...). ``{fields}`` come from the decision's
context merged with its briefing (:func:`sim.agents.briefing.brief` adds
``names``: character id -> display name); ids in fields are rendered through
their terms or names, never shown raw.

This module is generic: it names term keys, it imports no rules. An unknown
kind, an option the kind cannot take, or a field the context lacks raises
:class:`CatalogueError` naming it.
"""

from __future__ import annotations

import string
from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence

from sim.i18n import entry, has, normalise_lang, plural_key, t, term_or

__all__ = ["CatalogueError", "kinds", "label", "labels", "prompt"]


class CatalogueError(KeyError):
    """A decision kind, option or field the catalogue has no words for (the message names it)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class Spec(NamedTuple):
    """How a kind's options are labelled and its fields rendered.

    ``options``: "own" (each value has its ``decision.<kind>.option.<value>``
    words; ``prefix`` names the terms of the values that are content ids),
    "bool", "number", "names" (character ids: their names), "text" (words
    shown as they are: a name from a name pool), or one of the
    tuple shapes ("claim", "entanglement", "fate_absorb", "fate_action",
    "fate_invoke", "fate_move"), "skills" (Fate skill names), "fate_task"
    (an index into the context's ``tasks``). ``fields``: field name -> renderer, over
    :data:`FIELDS` (a renderer is a term prefix, "name", "harm_level",
    "signed", "skill", "option" (this kind's own option words), or
    ``(source_field, renderer)`` to render another context field).
    """

    options: str = "own"
    prefix: str = ""
    fields: Mapping[str, Any] = {}


#: how a context field is shown, by its name (a kind's :class:`Spec` may override)
FIELDS: Mapping[str, Any] = {
    "pc": "name", "victim": "name", "actor": "name",
    "action": "blades.action", "position": "blades.position", "effect": "blades.effect", "plan": "blades.plan",
    "result": "blades.result", "consequence": "blades.consequence", "benefit": "blades.push",
    "faction": "blades.faction", "entanglement": "blades.entanglement", "bargain": "blades.bargain",
    "target": "blades.target", "box": "decision.armor_box", "harm": ("level", "harm_level"),
    "track": "fate.stress_track", "mode": "fate.invoke_choice", "skill": "skill", "gap": "signed",
}

ATTRIBUTES = "blades.attribute"

#: every decision kind the engine asks, and how its options and fields are worded
SPECS: Mapping[str, Spec] = {
    "abandon": Spec("bool"),
    "ability": Spec(prefix="blades.ability"),
    "accept_bargain": Spec("bool"),
    "action": Spec(prefix="blades.action"),
    "action_dot": Spec(prefix="blades.action"),
    "activity": Spec(prefix="blades.activity"),
    "approach": Spec(),
    "armor": Spec("bool"),
    "armor_first": Spec("bool"),
    "asset": Spec(),
    "assist": Spec("bool", fields={"target": "name"}),
    "assist_consequence": Spec(fields={"assistant": "name"}),
    "beating": Spec(),
    "claim": Spec("claim"),
    "coin_raise": Spec("number"),
    "coin_share": Spec("names"),
    "cohort_consequence": Spec(prefix="blades.consequence"),
    "cohort_edge": Spec(prefix="blades.edge"),
    "cohort_expert": Spec(prefix="blades.expert"),
    "cohort_flaw": Spec(prefix="blades.flaw"),
    "cohort_kind": Spec(),
    "cohort_traits": Spec("number"),
    "cohort_type": Spec(prefix="blades.gang_type"),
    "craft_coin": Spec("number", fields={"formula": "blades.formula"}),
    "craft_formula": Spec(prefix="blades.formula"),
    "complication": Spec(prefix="blades.complication_text"),
    "consequence": Spec(prefix="blades.consequence"),
    "crew_ability": Spec(prefix="blades.ability"),
    "crew_action_dot": Spec(prefix="blades.action", fields={"ability": "blades.ability"}),
    "crew_advance_choice": Spec(),
    "daring": Spec("bool"),
    "diversion": Spec("bool"),
    "effect": Spec(prefix="blades.effect", fields={"suggested": "blades.effect"}),
    "entanglement_option": Spec("entanglement"),
    "entanglement_pick": Spec(prefix="blades.entanglement"),
    "extra_activity": Spec(),
    "faction_goal": Spec(),
    "faction_move": Spec(fields={"hold": "blades.hold_level"}),
    "faction_target": Spec(prefix="blades.faction", fields={"move": "decision.faction_move.option"}),
    "fate_absorb": Spec("fate_absorb"),
    "fate_action": Spec("fate_action"),
    "fate_concede": Spec("bool"),
    "fate_contest_advantage": Spec("bool"),
    "fate_contest_forfeit": Spec(),
    "fate_first_actor": Spec("names"),
    "fate_invoke": Spec("fate_invoke", fields={"faces": "fate_dice", "action": "fate.action"}),
    "fate_move": Spec("fate_move"),
    "fate_next_actor": Spec("names"),
    "fate_style_boost": Spec("bool"),
    "fate_oppose": Spec("fate_invoke", fields={"target": "name"}),
    "fate_soak_boost": Spec("bool", fields={"boost": "fate_aspect"}),
    "fate_compel_offer": Spec("bool", fields={"aspect": "fate_aspect"}),
    "fate_compel": Spec("fate_compel", fields={"aspect": "fate_aspect"}),
    "fate_defend": Spec("skills", fields={"against": "name", "what": "decision.fate_defend.what"}),
    "fate_skill": Spec("skills", fields={"what": "decision.fate_skill.what"}),
    "fate_task": Spec("fate_task"),
    "fate_failure": Spec(fields={"task": "zone", "shifts": "signed"}),
    "fate_milestone": Spec(fields={"milestone": "fate.milestone_word", "stunt": "fate_stunt", "replaced": "fate_stunt"}),
    "flashback": Spec("bool"),
    "flashback_action": Spec(prefix="blades.action"),
    "flashback_cost": Spec("number"),
    "flashback_payment": Spec(),
    "follow_up": Spec(prefix="blades.action"),
    "gather_action": Spec(prefix="blades.action", fields={"detail": "blades.plan_detail"}),
    "gather_again": Spec("bool"),
    "hand_over": Spec("names"),
    "hunting_grounds": Spec(),
    "load": Spec(prefix="blades.load"),
    "new_lair": Spec("bool"),
    "offer_bargain": Spec(prefix="blades.bargain"),
    "overindulge": Spec(prefix="blades.overindulgence"),
    "pay_tithe": Spec("bool"),
    "plan": Spec(prefix="blades.plan"),
    "position": Spec(prefix="blades.position", fields={"suggested": "blades.position"}),
    "preemptive_resistance": Spec("bool"),
    "prison_claim": Spec(prefix="blades.prison_claim"),
    "project": Spec("project"),
    "protect": Spec("bool"),
    "push": Spec("bool"),
    "push_payment": Spec(),
    "replace_cohort": Spec("bool"),
    "resist": Spec("bool"),
    "resist_mode": Spec(),
    "recruit_ability": Spec(prefix="blades.ability", fields={"new_playbook": "blades.playbook"}),
    "recruit_name": Spec("text", fields={"new_playbook": "blades.playbook"}),
    "recruit_playbook": Spec(prefix="blades.playbook"),
    "recruit_vice": Spec(prefix="blades.vice", fields={"new_playbook": "blades.playbook"}),
    "retire": Spec("bool"),
    "rooks_gambit": Spec("bool", fields={"best": "blades.action"}),
    "ritual": Spec(prefix="blades.ritual"),
    "setup_action": Spec(prefix="blades.action", fields={"follower": "name"}),
    "setup_benefit": Spec(prefix="blades.setup_benefit"),
    "setup_mate": Spec("names"),
    "severity": Spec(fields={"suggested": "option"}),
    "sit_out": Spec("bool"),
    "spotlight": Spec("names"),
    "stash_coin": Spec("number"),
    "take_the_fall": Spec("bool"),
    "target": Spec(prefix="blades.target"),
    "tier_up": Spec("bool"),
    "trade": Spec(),
    "train_track": Spec(prefix=ATTRIBUTES),
    "trauma_condition": Spec(prefix="blades.trauma"),
    "trauma_trouble": Spec(prefix="blades.trauma"),
    "upgrade": Spec(prefix="blades.upgrade"),
    "vice_friend": Spec("bool"),
    "use_arcana": Spec("arcana"),
    "xp_track": Spec(prefix=ATTRIBUTES),
    # the mist system (sim/mist/; issue 12)
    "mist_approach": Spec(prefix="mist.status", fields={"challenge": "mist.challenge"}),
    "mist_burn": Spec(prefix="mist.tag", fields={"approach": "mist.approach"}),
    "mist_cling": Spec("bool", fields={"theme": "mist.kit"}),
    "mist_effect": Spec(fields={"aim": "mist.status"}),
    "mist_ending": Spec(prefix="mist.ending"),
    "mist_forgo": Spec("bool", fields={"theme": "mist.kit", "status": "mist.status"}),
    "mist_growth": Spec(prefix="mist.growth", fields={"theme": "mist.kit"}),
    "mist_mitigate": Spec("bool", fields={"status": "mist.status"}),
    "mist_montage": Spec(prefix="mist.challenge"),
    "mist_new_character": Spec("bool"),
    "mist_new_theme": Spec(prefix="mist.kit", fields={"lost": "mist.kit", "type": "mist.theme_type"}),
    "mist_pursue": Spec(prefix="mist.kit"),
    "mist_threat": Spec(prefix="mist.threat", fields={"challenge": "mist.challenge"}),
    "mist_threat_level": Spec("number", fields={"threat": "mist.threat"}),
    "mist_unleash": Spec(prefix="mist.kit", fields={"status": "mist.status"}),
    "mist_weakness": Spec(prefix="mist.tag", fields={"approach": "mist.approach"}),
}


#: renderers for ids whose names live in a system's content rather than the term tables (a Fate stunt): renderer
#: name -> ``fn(id, lang, context) -> words`` (``context``: the decision's, with a person's briefing, e.g. the words
#: an adventure's author wrote); registered with :func:`namer` by the modules every system names in
#: ``System.namers`` (:mod:`sim.systems`), imported on first use
Namer = Callable[[Any, Optional[str], Mapping[str, Any]], str]
_NAMERS: dict[str, Namer] = {}


def namer(name: str) -> Callable[[Namer], Namer]:
    """Register ``fn(id, lang, context)`` as the field renderer ``name`` (a :class:`Spec` field may name it)."""

    def register(fn: Namer) -> Namer:
        _NAMERS[name] = fn
        return fn

    return register


def _namers() -> Mapping[str, Namer]:
    if not _NAMERS:
        import importlib

        from sim.systems import systems

        for module in (name for system in systems().values() for name in system.namers):
            importlib.import_module(module)
    return _NAMERS


def kinds() -> list[str]:
    """Every decision kind the catalogue has words for, sorted."""
    return sorted(SPECS)


def _spec(kind: str) -> Spec:
    try:
        return SPECS[kind]
    except KeyError:
        raise CatalogueError(f"decision kind {kind!r} is not in the catalogue (sim.agents.catalogue.SPECS)") from None


def prompt(kind: str, lang: str | None, context: Mapping[str, Any]) -> str:
    """The question a decision of ``kind`` asks, in ``lang``, filled from ``context`` (and its briefing)."""
    return _words(kind, _spec(kind), f"decision.{kind}.prompt", lang, context, {})


def labels(kind: str, options: Sequence[Any], lang: str | None, context: Mapping[str, Any]) -> list[str]:
    """:func:`label` of each option, in order."""
    return [label(kind, o, lang, context) for o in options]


def label(kind: str, option: Any, lang: str | None, context: Mapping[str, Any]) -> str:
    """Words for one ``option`` of a decision of ``kind`` in ``lang``."""
    spec = _spec(kind)
    key, parts = _LABELLERS[spec.options](kind, spec, option, context)
    if key is None:
        raise CatalogueError(f"decision {kind}: no words for option {option!r}")
    if isinstance(key, str):
        return _words(kind, spec, key, lang, context, parts)
    return key(lang)  # a ready renderer (a name, a content term)


# --- option labellers: (kind, spec, option, context) -> (term key | renderer | None, extra fields) -------------

def _own(kind: str, option: Any) -> str | None:
    """The kind's own words for ``option``: None and "" are ``none``, bools ``true``/``false``."""
    value = "none" if option is None or option == "" else str(option).lower() if isinstance(option, bool) else str(option)
    key = f"decision.{kind}.option.{value}"
    return key if has(key) else None


def _label_own(kind, spec, option, context):
    if not isinstance(option, (str, bool, int)) and option is not None:
        return None, {}
    key = _own(kind, option)
    if key is None and spec.prefix and isinstance(option, str) and has(f"{spec.prefix}.{option}"):
        key = f"{spec.prefix}.{option}"
    return key, {}


def _label_bool(kind, spec, option, context):
    return (_own(kind, option) if isinstance(option, bool) else None), {}


def _label_number(kind, spec, option, context):
    if isinstance(option, bool) or not isinstance(option, int):
        return None, {}
    return _own(kind, option) or f"decision.{kind}.option.n", {"n": (None, option)}


def _label_names(kind, spec, option, context):
    if not isinstance(option, str):
        return None, {}
    name = _name(kind, option, context)
    return (lambda lang: _worded(name, lang, context)), {}


def _label_text(kind, spec, option, context):
    """An option that is already words a person reads (a name drawn from a name pool): shown as it is."""
    if not isinstance(option, str) or not option:
        return None, {}
    return (lambda lang: option), {}


def _label_claim(kind, spec, option, context):
    if option == "":
        return _own(kind, option), {}
    claims = context.get("claims") or {}
    if option not in claims:
        return None, {}
    holder = (context.get("holders") or {}).get(option)
    return f"decision.{kind}.option.cell", {"claim": ("blades.claim", claims[option]),
                                            "faction": ("blades.faction", holder) if holder else (None, "?"),
                                            "cell": (None, option),
                                            "tier": (None, (context.get("tiers") or {}).get(option, "?"))}


def _label_entanglement(kind, spec, option, context):
    key = f"blades.entanglement_option.{context.get('entanglement')}.{option}"
    return (key if isinstance(option, str) and has(key) else None), {}


def _label_fate_absorb(kind, spec, option, context):
    if not (isinstance(option, tuple) and len(option) == 2):
        return None, {}
    boxes, slots = option
    slot_info = context.get("slots") or {}
    severities = []
    for name in slots:
        if name not in slot_info:
            return None, {}
        severities.append(slot_info[name]["severity"])
    part = "boxes_slots" if boxes and slots else "boxes" if boxes else "slots" if slots else "nothing"
    return f"decision.{kind}.option.{part}", {"boxes": (None, boxes), "consequences": ("consequences", severities)}


def _label_fate_action(kind, spec, option, context):
    if not (isinstance(option, tuple) and len(option) == 3):
        return None, {}
    what, target, skill = option
    later = "_next" if skill is None else ""  # a leading seat's: the skill is asked next (fate_skill)
    if later and what not in ("advantage", "exploit", "discover"):
        return None, {}
    if what == "advantage" and target is None:
        return f"decision.{kind}.option.advantage_scene{later}", {"skill": ("skill", skill)}
    if what == "exploit":  # an aspect already in the scene (FATE.ACTION.3)
        return f"decision.{kind}.option.exploit{later}", {"aspect": ("fate_aspect", target), "skill": ("skill", skill)}
    if what not in ("attack", "advantage", "help", "overcome_move", "discover"):
        return None, {}
    shown = ("zone", target) if what == "overcome_move" else ("name", target)
    return f"decision.{kind}.option.{what}{later}", {"target": shown, "skill": ("skill", skill)}


def _label_fate_compel(kind, spec, option, context):
    """FATE.ASPECT.6: what accepting earns (a fate point) and brings (the complication: an aspect the opposition
    holds a free invoke on, or +2 to what the character faces), and what refusing costs."""
    if not isinstance(option, bool) or "fate_points" not in context:
        return None, {}
    points = int(context["fate_points"])
    if not option:
        return f"decision.{kind}.option.false_pay", {"after": (None, points - 1)}
    if context.get("holder"):
        return f"decision.{kind}.option.true_invoke", {"after": (None, points + 1),
                                                      "complication": ("fate_aspect", context["complication"]),
                                                      "holder": ("name", context["holder"])}
    return f"decision.{kind}.option.true_harder", {"after": (None, points + 1)}


def _label_skills(kind, spec, option, context):
    """A Fate skill by its name (``Notice``): its words ``fate.skill.<id>``."""
    key = f"fate.skill.{option.lower()}" if isinstance(option, str) else None
    return (key if key and has(key) else None), {}


def _label_fate_task(kind, spec, option, context):
    """A challenge task (``[name, skill, difficulty]`` as the context's ``tasks`` gives it), by its index."""
    tasks = context.get("tasks") or []
    if isinstance(option, bool) or not isinstance(option, int) or not 0 <= option < len(tasks):
        return None, {}
    name, skill, difficulty = tasks[option]
    return f"decision.{kind}.option.task", {"task": ("zone", name), "skill": ("skill", skill),
                                            "difficulty": ("signed", difficulty)}


def _label_fate_invoke(kind, spec, option, context):
    if not (isinstance(option, tuple) and len(option) == 3) or option[0] not in ("pass", "free", "paid"):
        return None, {}
    how, aspect, mode = option
    if how == "pass":
        return f"decision.{kind}.option.pass", {}
    return f"decision.{kind}.option.{how}", {"aspect": ("fate_aspect", aspect), "mode": ("fate.invoke_choice", mode)}


def _label_fate_move(kind, spec, option, context):
    if option is None:
        return f"decision.{kind}.option.none", {}
    return (f"decision.{kind}.option.zone" if isinstance(option, str) else None), {"zone": ("zone", option)}


def _label_project(kind, spec, option, context):
    """A long-term project: the crew's turf or peace, or a scoundrel's ritual or formula project
    (``source_<ritual>``, ``learn_<ritual|formula>``, ``invent_<formula>``, sim.blades.arcana.arcane)."""
    if not isinstance(option, str):
        return None, {}
    if option in ("turf", "investigation"):
        return _own(kind, option), {}
    head, _, what = option.partition("_")
    if head == "peace" and (what or context.get("faction")):  # peace_<faction>, or "peace" with the context's faction
        return f"decision.{kind}.option.peace", {"faction": ("blades.faction", what or context["faction"])}
    if head in ("source", "learn", "invent") and what:
        table = "blades.ritual" if has(f"blades.ritual.{what}") else "blades.formula"
        if has(f"{table}.{what}"):
            return f"decision.{kind}.option.{head}", {"what": (table, what)}
    return None, {}


def _label_arcana(kind, spec, option, context):
    """``ritual:<id>`` (release a primed ritual), ``item:<formula>#<n>`` (use a crafted item), ``none``."""
    if option == "none":
        return _own(kind, option), {}
    if not isinstance(option, str) or ":" not in option:
        return None, {}
    head, what = option.split(":", 1)
    if head == "ritual" and has(f"blades.ritual.{what}"):
        return f"decision.{kind}.option.ritual", {"what": ("blades.ritual", what)}
    formula = what.split("#", 1)[0]
    if head == "item" and has(f"blades.formula.{formula}"):
        return f"decision.{kind}.option.item", {"what": ("blades.formula", formula)}
    return None, {}


_LABELLERS: Mapping[str, Callable] = {
    "own": _label_own, "bool": _label_bool, "number": _label_number, "names": _label_names, "text": _label_text,
    "claim": _label_claim, "entanglement": _label_entanglement, "fate_absorb": _label_fate_absorb,
    "fate_action": _label_fate_action, "fate_invoke": _label_fate_invoke, "fate_move": _label_fate_move,
    "skills": _label_skills, "fate_task": _label_fate_task, "fate_compel": _label_fate_compel,
    "project": _label_project, "arcana": _label_arcana,
}


# --- fields -----------------------------------------------------------------------------------------------

def _words(kind: str, spec: Spec, key: str, lang: str | None, context: Mapping[str, Any],
           parts: Mapping[str, Any]) -> str:
    """``t(key, lang)`` with each field the template names rendered from ``parts`` or the context."""
    if key.endswith(".option.n") and isinstance(parts.get("n", (None, None))[1], int):
        key = plural_key(key, parts["n"][1], lang)  # "1 edge and 1 flaw" (sim.i18n.plural)
    row = entry(key)
    template = row.get(normalise_lang(lang)) or row["en"]
    fields = {}
    for _, name, _, _ in string.Formatter().parse(template):
        if not name or name in fields:
            continue
        if name in parts:
            how, value = parts[name]
        else:
            if name == "pc" and name not in context and "seat" in context:
                context = {**context, "pc": context["seat"]}  # the scoundrel deciding is the seat's
            if name not in context and not (isinstance(spec.fields.get(name, FIELDS.get(name)), tuple)):
                raise CatalogueError(f"decision {kind}: {key} needs {name!r}, which the context lacks")
            how = spec.fields.get(name, FIELDS.get(name))
            if isinstance(how, tuple):
                source, how = how
                if source not in context:
                    raise CatalogueError(f"decision {kind}: {key} needs {source!r}, which the context lacks")
                value = context[source]
            else:
                value = context[name]
        fields[name] = _render(kind, how, value, lang, context)
    return t(key, lang, **fields)


def _render(kind: str, how: Any, value: Any, lang: str | None, context: Mapping[str, Any]) -> str:
    if how is None:  # numbers, and scene text shown as written
        return str(value)
    if how == "zone":  # a zone as the scenario names it, in the reader's words where its author gave them
        return _worded(str(value), lang, context)
    if how == "name":
        return _worded(_name(kind, value, context), lang, context)
    if how == "signed":
        return f"{int(value):+d}"
    if how == "harm_level":
        return term_or(f"blades.harm.level.{value}", t("blades.format.harm", lang, level=value), lang)
    if how == "skill":
        return t(f"fate.skill.{str(value).lower()}", lang)
    if how == "option":
        return label(kind, value, lang, context)
    if how == "consequences":
        sep = t("decision.list.separator", lang)
        return sep.join(t(f"fate.consequence.{s}", lang) for s in value)
    if isinstance(how, str) and how in _namers():  # a name kept in a system's content (a Fate stunt)
        return _namers()[how](value, lang, context)
    if how == "blades.target" and isinstance(value, str) and value.startswith("claim:"):
        how, value = "blades.claim", value[len("claim:"):]  # a claim seizure's target (sim.blades.city.claims)
    key = f"{how}.{value}"
    if not has(key):
        raise CatalogueError(f"decision {kind}: no words for {value!r} (looked for {key})")
    return t(key, lang)


def _worded(name: str, lang: str | None, context: Mapping[str, Any]) -> str:
    """A name as the state keeps it (a character's, a zone's), in ``lang`` where the briefing's ``words`` have it (a
    Fate NPC's stat-block name; a numbered one, ``Dock Thug 2``, keeps its number); else as it is. (The catalogue
    imports no rules: this reads the briefing's plain {English: {lang: words}}, not a system's tables.)"""
    words = context.get("words")
    lang = normalise_lang(lang)
    if not words or lang == "en":
        return name
    by_lang = words.get(name)
    if by_lang is not None:
        return by_lang.get(lang) or name
    base, _, n = name.rpartition(" ")
    if n.isdigit() and (by_lang := words.get(base)) is not None and by_lang.get(lang):
        return f"{by_lang[lang]} {n}"
    return name


def _name(kind: str, cid: Any, context: Mapping[str, Any]) -> str:
    names = context.get("names") or {}
    if cid not in names:
        raise CatalogueError(f"decision {kind}: no name for {cid!r} (pass the briefing's names with the context)")
    return str(names[cid])
