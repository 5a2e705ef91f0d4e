"""The readable account of a campaign, rendered from its journal events.

Every word goes through :mod:`sim.i18n` (``play.*`` sentences around the
``blades.*`` rule terms); ids never reach the text. Events a reader doesn't
need (clock ticks, loads, xp marks) are left out; the journal keeps them.
:func:`narrate` returns the lines; ``sim play`` prints them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from sim.i18n import has, id_term, option_text, t, term_or, text_of


class Narrator:
    """Turns events into lines in one language, remembering scoundrels' names as they appear."""

    def __init__(self, content: Any, lang: str):
        self.content = content
        self.lang = lang
        self.names: dict[str, str] = {}
        self.playbooks: dict[str, str] = {}
        self._targets: dict[str, Any] | None = None
        self._entanglements: dict[str, Any] | None = None
        self._obstacles: dict[str, Any] | None = None

    # ----------------------------------------------------------- words
    def t(self, key: str, **fields: Any) -> str:
        return t(key, self.lang, **fields)

    def term(self, prefix: str, ident: Any) -> str:
        return id_term(prefix, ident, self.lang)

    def pc(self, pc_id: str) -> str:
        return self.names.get(pc_id, pc_id)

    def faction(self, fid: str) -> str:
        return self.term("blades.faction", fid)

    def target(self, tid: str) -> str:
        if tid.startswith("claim:"):  # a claim seizure (sim.blades.city.claims)
            return self.term("blades.claim", tid[len("claim:"):])
        if has(f"blades.target.{tid}"):  # content ids name terms: blades.<table>.<id>
            return self.t(f"blades.target.{tid}")
        if self._targets is None:
            self._targets = {r["id"]: r for r in self.content.table("blades/targets")["targets"]}
        rec = self._targets.get(tid)
        return text_of(rec["name"], self.lang) if rec and "name" in rec else tid

    def crew(self, name: Any, crew_type: str) -> str:
        """The crew's name; an unnamed crew goes by its crew type's (English) name, which is translated."""
        if not isinstance(name, str):
            return text_of(name, self.lang)
        default = next((r.get("name") for r in self.content.table("blades/crews")["crews"] if r["id"] == crew_type), None)
        if name == crew_type or (default is not None and name == text_of(default, "en")):
            return self.term("blades.crew_type", crew_type)
        return name

    def option(self, kind: str, option: str) -> str:
        if self._entanglements is None:
            self._entanglements = {e["id"]: e for e in self.content.table("blades/entanglements")["entanglements"]}
        for opt in self._entanglements.get(kind, {}).get("options", ()):
            if opt["id"] == option:
                return option_text(kind, opt, self.lang)
        return option

    def actor(self, actor_id: str) -> str:
        """A scoundrel's name, or the opposition of a Fate scene (``npc1``, ...)."""
        if actor_id in self.names:
            return self.names[actor_id]
        return self.t("play.line.opposition", n=actor_id.removeprefix("npc"))

    def obstacle(self, name: Any) -> str:
        """An obstacle's name: journals keep a targets.yaml obstacle's English name, translated here."""
        if not isinstance(name, str):
            return text_of(name, self.lang)
        if self._obstacles is None:
            self._obstacles = {text_of(o["name"], "en"): o["name"]
                               for r in self.content.table("blades/targets")["targets"] for o in r.get("obstacles") or ()}
        if name not in self._obstacles:  # a claim score's layers (sim.blades.city.claims), by their English names
            key = "solo.clocks.named." + name.casefold().replace(" ", "_").replace("'", "")
            if has(key):
                return t(key, self.lang)
        return text_of(self._obstacles.get(name, name), self.lang)

    @staticmethod
    def fudge(faces: Any) -> str:
        """Fate dice as they look on the table: + for +1, − for −1, ▢ for a blank (FATE.DICE.2)."""
        return " ".join("+" if f > 0 else "−" if f < 0 else "▢" for f in faces)

    def rolled(self, event: Mapping[str, Any]) -> str:
        """'rolled 6, 4, 2' (faces in the order rolled); without faces (table sampler) the result says it all."""
        faces = event.get("faces") or []
        if not faces:
            return self.t("play.rolled", faces=event.get("die", "?"))
        return self.t("play.rolled", faces=", ".join(str(f) for f in faces))

    def result(self, result: str) -> str:
        return self.term("blades.result", result)

    # ----------------------------------------------------------- events
    def line(self, e: Mapping[str, Any]) -> str | None:
        fn = RENDER.get(e["event"])
        return fn(self, e) if fn else None


#: BITD.COHORT.8: the cohort harm levels' terms (blades.cohort_harm)
COHORT_HARM = ("", "weakened", "impaired", "broken", "dead")


def _cohort(n: Narrator, e: Mapping[str, Any]) -> str:
    """A cohort gained, replaced, or given a second type (BITD.COHORT.1-6)."""
    sep = n.t("decision.list.separator")
    kind = "blades.gang_type" if e["kind"] == "gang" else "blades.expert"
    types = sep.join(n.term(kind, t) for t in e.get("types", [e["type"]]))
    edges = sep.join(n.term("blades.edge", x) for x in e.get("edges", ())) or "-"
    flaws = sep.join(n.term("blades.flaw", x) for x in e.get("flaws", ())) or "-"
    change = e.get("change", "gained")
    if change == "type":
        return n.t("play.line.cohort_type", type=types)
    if change == "replaced":
        return n.t("play.line.cohort_replaced", coin=e["coin"], type=types, edges=edges, flaws=flaws)
    return n.t("play.line.cohort_gained", type=types, quality=e["quality"], scale=e["scale"], edges=edges, flaws=flaws)


def _campaign_start(n: Narrator, e: Mapping[str, Any]) -> str:
    crew, crew_type = n.crew(e["crew"], e["crew_type"]), n.term("blades.crew_type", e["crew_type"])
    heading = "play.heading.crew_unnamed" if crew == crew_type else "play.heading.crew"
    lines = [n.t(heading, crew=crew, crew_type=crew_type, tier=e["tier"], coin=e["coin"])]
    for pc in e["pcs"]:
        n.names[pc["id"]] = pc["name"]
        n.playbooks[pc["id"]] = pc["playbook"]
        lines.append(n.t("play.heading.member", name=pc["name"], playbook=n.term("blades.playbook", pc["playbook"]),
                         policy=n.term("play.policy", pc["policy"]), vice=n.term("blades.vice", pc["vice"])))
    return "\n".join(lines)


def _recruit(n: Narrator, e: Mapping[str, Any]) -> str:
    n.names[e["pc"]] = e["name"]
    n.playbooks[e["pc"]] = e["playbook"]
    return n.t("play.line.recruit", pc=e["name"], playbook=n.term("blades.playbook", e["playbook"]))


def _vote(n: Narrator, e: Mapping[str, Any]) -> str:
    """BITD.SCORE.7: the crew's vote on walking away, its tally, and whether the person (the voters they hold) was
    outvoted (issue 30)."""
    sep = n.t("decision.list.separator")
    names = sep.join(n.pc(p) for p in e["ayes"]) or n.t("play.line.vote_none")
    lines = [n.t("play.line.vote_abandon", ayes=len(e["ayes"]), voters=len(e["voters"]), names=names),
             n.t("play.line.vote_passed" if e["passed"] else "play.line.vote_failed")]
    if e.get("leading"):
        lines.append(n.t("play.line.vote_outvoted" if e.get("outvoted") else "play.line.vote_carried"))
    return "\n".join(lines)


def _gather(n: Narrator, e: Mapping[str, Any]) -> str | None:
    if e.get("purpose") != "gather":  # other fortune rolls show in what they decide (a faction's move...)
        return None
    return n.t("play.line.gather", pc=n.pc(e["pc"]), action=n.term("blades.action", e["action"]), rolled=n.rolled(e),
               result=n.result(e["result"]))


def _action(n: Narrator, e: Mapping[str, Any]) -> str:
    return n.t("play.line.action", pc=n.pc(e["pc"]), action=n.term("blades.action", e["action"]),
               position=n.term("blades.position", e["position"]), effect=n.term("blades.effect", e["effect"]),
               dice=e["dice"], rolled=n.rolled(e), result=n.result(e["result"]))


def _activity(n: Narrator, e: Mapping[str, Any]) -> str | None:
    activity = e["activity"]
    if activity == "indulge_vice":
        return None  # the vice event tells it
    if activity == "train":
        return n.t("play.line.train", pc=n.pc(e["pc"]), track=n.term("blades.attribute", e["track"])
                   if e["track"] != "playbook" else n.t("blades.term.playbook"))
    if activity == "craft":  # BITD.CRAFT.2
        made = ("play.line.craft_made" if e["made"] else "play.line.craft_lost" if e["quality"] < e["min_quality"]
                else "play.line.craft_stage")
        return n.t("play.line.craft", pc=n.pc(e["pc"]), formula=n.term("blades.formula", e["formula"]),
                   dice=e["dice"], rolled=n.rolled(e), result=n.result(e["result"]), quality=e["quality"],
                   levels=n.t("play.line.result_levels", n=e["bonus_levels"], result=n.result(e["final_result"]))
                   if e["bonus_levels"] else "", need=e["min_quality"],
                   coin=n.t("play.line.craft_coin", n=e["coin_spent"]) if e["coin_spent"] else "",
                   made=n.t(made, stage=e["stage"], stages=e["stages"]))
    if activity == "ritual":  # BITD.RITUAL.3
        ritual = n.term("blades.ritual", e["ritual"])
        if not e["complete"]:
            return n.t("play.line.ritual_part", pc=n.pc(e["pc"]), ritual=ritual, part=e["part"], parts=e["parts"])
        return n.t("play.line.ritual", pc=n.pc(e["pc"]), ritual=ritual, stress=e["stress"])
    name = n.term("blades.activity", activity)
    if "dice" not in e:
        return n.t("play.line.activity", pc=n.pc(e["pc"]), activity=name)
    coin = n.t("play.line.coin_raise", n=e["coin_spent"], result=n.result(e["final_result"])) if e.get("coin_spent") else ""
    return n.t("play.line.activity_roll", pc=n.pc(e["pc"]), activity=name, dice=e["dice"], rolled=n.rolled(e),
               result=n.result(e["result"]), coin=coin)


def _arcana(n: Narrator, e: Mapping[str, Any]) -> str | None:
    """Rituals primed and released, items used, rituals and formulas learned (sim.blades.arcana.arcane_state)."""
    change, pc = e["change"], n.pc(e["pc"])
    if change == "primed":
        return n.t("play.line.ritual_primed", pc=pc, ritual=n.term("blades.ritual", e["ritual"]))
    if change == "released":
        return n.t("play.line.ritual_released", pc=pc, ritual=n.term("blades.ritual", e["ritual"]))
    if change == "item_used":
        return n.t("play.line.item_used" if e["works"] else "play.line.item_failed", pc=pc,
                   formula=n.term("blades.formula", e["formula"]))
    if change == "source":
        return n.t("play.line.source_found", pc=pc, ritual=n.term("blades.ritual", e["ritual"]))
    if change == "learned":
        kind, what = e["what"].split(":", 1)
        return n.t("play.line.learned", pc=pc, what=n.term(f"blades.{kind}", what))
    return None  # stages, castings under way and items made: the activity line tells them


def _advance(n: Narrator, e: Mapping[str, Any]) -> str | None:
    if e["kind"] == "ability":
        if not e.get("ability"):
            return None
        what = term_or(f"blades.ability.{e['ability']}", e["ability"].replace("_", " "), n.lang)
    else:
        if not e.get("action"):
            return None
        what = f"{n.term('blades.action', e['action'])} {e['before']} → {e['after']}"
    return n.t("play.line.advance", pc=n.pc(e["pc"]), what=what)


def _resolved(n: Narrator, e: Mapping[str, Any]) -> str:
    if e["option"] == "none":
        return n.t("play.line.no_entanglement")
    return n.t("play.line.resolved", option=n.option(e["entanglement"], e["option"]))


def _score_end(n: Narrator, e: Mapping[str, Any]) -> str:
    key = "play.line.score_won" if e["success"] and not e["abandoned"] else "play.line.score_lost"
    return n.t(key, exposure=n.term("blades.exposure", e["exposure"]))


def _pc_status(n: Narrator, e: Mapping[str, Any]) -> str | None:
    if e["reason"] in ("handed over",):
        return None
    return n.t("play.line.pc_status", pc=n.pc(e["pc"]), status=n.term("play.pc_status", e["after"]))


def _incarceration(n: Narrator, e: Mapping[str, Any]) -> str:
    return n.t("play.line.beating" if e["beating"] else "play.line.prison", pc=n.pc(e["pc"]))


def _crew(n: Narrator, e: Mapping[str, Any]) -> str | None:
    before, after = e["before"], e["after"]
    if all(before[k] == after[k] for k in ("tier", "hold", "turf")):
        return None
    return n.t("play.line.crew", tier=after["tier"], hold=n.term("blades.hold_level", after["hold"]), turf=after["turf"])


def _claim(n: Narrator, e: Mapping[str, Any]) -> str:
    if e.get("success") is False:  # a failed seizure: the score's own lines tell it
        return None
    claim = e["claim"]
    if claim.startswith("prison:"):
        name = n.term("blades.prison_claim", claim[len("prison:"):])
    else:
        name = n.term("blades.claim", claim)
    return n.t("play.line.claim_won" if e["gained"] else "play.line.claim_lost", claim=name)


def _faction_move(n: Narrator, e: Mapping[str, Any]) -> str | None:
    if not e.get("goal"):  # a move that achieved no goal is not news to the crew (sim.blades.city.factions)
        return None
    if e.get("enemy"):
        key = "play.line.faction_repelled" if e.get("repelled") else "play.line.faction_hit"
        return n.t(key, faction=n.faction(e["faction"]), enemy=n.faction(e["enemy"]))
    return n.t("play.line.faction_move", faction=n.faction(e["faction"]))


RENDER: Mapping[str, Callable[[Narrator, Mapping[str, Any]], str | None]] = {
    "campaign_start": _campaign_start,
    "score_begin": lambda n, e: "\n" + n.t("play.heading.score", n=e["score"]),
    "lie_low": lambda n, e: n.t("play.line.lie_low"),
    "plan": lambda n, e: n.t("play.line.plan", target=n.target(e["target"]), faction=n.faction(e["faction"]),
                             tier=e["tier"], plan=n.term("blades.plan", e["plan"])),
    "fortune": _gather,
    "engagement": lambda n, e: n.t("play.line.engagement", dice=e["dice"], rolled=n.rolled(e),
                                   result=n.result(e["result"]), position=n.term("blades.position", e["position"])),
    "action_roll": _action,
    "resistance": lambda n, e: n.t("play.line.resist", pc=n.pc(e["pc"]), attribute=n.term("blades.attribute", e["attribute"]),
                                   rolled=n.rolled(e), stress=e["stress"]),
    "harm": lambda n, e: n.t("play.line.harm", pc=n.pc(e["pc"]), harm=n.term("blades.harm.level", e["recorded_level"])),
    "complication": lambda n, e: n.t("play.line.complication", severity=n.term("blades.complication", e.get("severity", "")),
                                     text=n.term("blades.complication_text", e["id"])),
    "scene": lambda n, e: (n.t("play.line.fate_scene", kind=n.term("fate.scene", e["kind"]),
                                obstacles=", ".join(n.obstacle(o[0]) for o in e["obstacles"]))
                           if e["kind"] in ("conflict", "contest") else None),
    "fate_roll": lambda n, e: n.t("play.line.fate_roll", actor=n.actor(e["actor"]), action=n.term("fate.action", e["action"]),
                                  skill=n.term("fate.skill", e["skill"].lower()), faces=n.fudge(e["faces"]),
                                  effort=e["effort"], opposition=e["opposition"], outcome=n.term("fate.outcome", e["outcome"])),
    "taken_out": lambda n, e: n.t("play.line.taken_out", actor=n.actor(e["actor"])),
    "concede": lambda n, e: n.t("play.line.concede", actor=n.actor(e["actor"])),
    "assist": lambda n, e: n.t("play.line.assist", pc=n.pc(e["pc"]), target=n.pc(e["target"]),
                               action=n.term("blades.action", e["action"])),
    "protect": lambda n, e: n.t("play.line.protect", pc=n.pc(e["pc"]), protected=n.pc(e["protected"])),
    "armor": lambda n, e: n.t("play.line.armor", pc=n.pc(e["pc"])),
    "flashback": lambda n, e: n.t("play.line.flashback", pc=n.pc(e["pc"]), action=n.term("blades.action", e["action"]),
                                  cost=e["cost"], result=n.result(e["result"])),
    "group_action": lambda n, e: n.t("play.line.group", leader=n.pc(e["leader"]), action=n.term("blades.action", e["action"]),
                                     n=len(e["participants"])),
    "group_result": lambda n, e: n.t("play.line.group_result", result=n.result(e["result"]), stress=e["leader_stress"]),
    "trade": lambda n, e: n.t("play.line.trade", pc=n.pc(e["pc"]),
                              give=n.term("blades.position" if e["give"] == "position" else "blades.effect",
                                          e["before"][0] if e["give"] == "position" else e["before"][1]),
                              after=n.term("blades.effect" if e["give"] == "position" else "blades.position",
                                           e["after"][1] if e["give"] == "position" else e["after"][0])),
    "sit_out": lambda n, e: n.t("play.line.sit_out", pc=n.pc(e["pc"])),
    "cannot_act": lambda n, e: n.t("play.line.cannot_act", pc=n.pc(e["pc"])),
    "danger": lambda n, e: n.t({"alarm": "play.line.danger", "window closed": "play.line.window_closed"}.get(
        e["happens"], "play.line.danger_more"), clock=n.term("blades.score_clock", e["clock"])),
    "diversion": lambda n, e: n.t("play.line.diversion", pc=n.pc(e["pc"]), action=n.term("blades.action", e["action"]),
                                  result=n.result(e["result"])),
    "take_the_fall": lambda n, e: n.t("play.line.take_the_fall", pc=n.pc(e["pc"]), wanted=e["wanted"]),
    "lair_threatened": lambda n, e: n.t("play.line.lair_threatened"),
    "lair": lambda n, e: n.t("play.line.lair_new" if e["held"] else "play.line.lair_lost"),  # BITD.CREW.CLAIM.2
    "cohort": lambda n, e: _cohort(n, e),  # BITD.COHORT.1-6 (sim.blades.advancement.cohorts)
    "cohort_action": lambda n, e: (n.t("play.line.cohort_lead", pc=n.pc(e["pc"]), action=n.term("blades.action", e["action"]))
                                   if e["mode"] == "lead" else
                                   n.t("play.line.cohort_send", pc=n.pc(e["pc"]), position=n.term("blades.position", e["position"]),
                                       effect=n.term("blades.effect", e["effect"]))),
    "cohort_roll": lambda n, e: n.t("play.line.cohort_roll", dice=e["dice"], faces=", ".join(str(f) for f in e["faces"]),
                                    result=n.result(e["result"])),
    "cohort_harm": lambda n, e: (n.t("play.line.cohort_whole") if e["after"] == 0 else
                                 n.t("play.line.cohort_harm" if e["after"] > e["before"] else "play.line.cohort_healed",
                                     harm=n.term("blades.cohort_harm", COHORT_HARM[e["after"]]))),
    # BITD.COHORT.10: Leader (sim.blades.advancement.cohort_actions)
    "cohort_leader": lambda n, e: n.t("play.line.cohort_leader", pc=n.pc(e["pc"]), effect=n.term("blades.effect", e["landed"])),
    "cohort_armor": lambda n, e: (n.t("play.line.cohort_armor", level=e["level"], after=e["after"]) if e["after"]
                                  else n.t("play.line.cohort_armor_avoids")),
    "cohort_fights_on": lambda n, e: n.t("play.line.cohort_fights_on", pc=n.pc(e["pc"])),
    "bargain": lambda n, e: n.t("play.line.bargain", pc=n.pc(e["pc"]), text=n.term("blades.bargain", e["id"])),
    "trauma": lambda n, e: n.t("play.line.trauma", pc=n.pc(e["pc"]), condition=n.term("blades.trauma", e["condition"]),
                               n=e["after"]),
    "abandon": lambda n, e: n.t("play.line.abandon"),
    "vote": _vote,
    "score_end": _score_end,
    "payoff": lambda n, e: "\n".join((n.t("play.heading.downtime"),
                                       n.t("play.line.payoff", rep=e["rep"] + e["rep_bonus"] + e.get("quiet_rep", 0), coin=e["coin"]))),
    "heat": lambda n, e: n.t("play.line.heat", added=e["added"], heat=e["heat_after"], wanted=e["wanted_after"]),
    "entanglement": lambda n, e: n.t("play.line.entanglement", dice=e["dice"], rolled=n.rolled(e),
                                     entanglement=n.term("blades.entanglement", e["entanglement"])),
    "entanglement_resolved": _resolved,
    "incarceration": _incarceration,
    "activity": _activity,
    "arcana": _arcana,
    "vice": lambda n, e: n.t("play.line.vice", pc=n.pc(e["pc"]), vice=n.term("blades.vice", e.get("vice", "")),
                             dice=e["dice"], rolled=n.rolled(e), cleared=e["cleared"], before=e["stress_before"],
                             after=e["stress_after"]),
    "overindulgence": lambda n, e: n.t("play.line.overindulge", pc=n.pc(e["pc"]),
                                       option=n.term("blades.overindulgence", e["option"])),
    "advance": _advance,
    "crew_advance": lambda n, e: n.t("play.line.crew_advance", tier=e["tier_after"],
                                     hold=n.term("blades.hold_level", e["hold_after"])),
    "upgrade": lambda n, e: n.t("play.line.upgrade", upgrade=n.term("blades.upgrade", e["upgrade"])),
    "pc_status": _pc_status,
    "recruit": _recruit,
    "war": lambda n, e: n.t("play.line.war_on" if e["started"] else "play.line.war_off"),
    "crew": _crew,
    "claim": _claim,
    "faction_move": _faction_move,
    "faction_war": lambda n, e: n.t(f"play.line.faction_war_{e['state']}", faction=n.faction(e["faction"]),
                                    other=n.faction(e["other"])),
    "stash": lambda n, e: (n.t("play.line.stash_paid", pc=n.pc(e["pc"]), n=-e["delta"])
                           if e["delta"] < 0 and e["reason"] == "extra activity" else None),  # BITD.COIN.8
    "retirement": lambda n, e: n.t("play.line.retire", pc=n.pc(e["pc"]), stash=e["stash"],
                                   fate=n.term("play.fate", e["fate"])),
    "campaign_end": lambda n, e: "\n" + n.t("play.line.end", reason=n.term("play.end", e["reason"])),
}


def storyteller(content: Any, lang: str = "en") -> Callable[[Mapping[str, Any]], list[str]]:
    """``tell(event) -> lines``: the account of each event in turn, as it happens (one narrator remembers names)."""
    n = Narrator(content, lang)

    def tell(event: Mapping[str, Any]) -> list[str]:
        text = n.line(event)
        return text.split("\n") if text is not None else []

    return tell


def narrate(events: Iterable[Mapping[str, Any]], content: Any, lang: str = "en") -> list[str]:
    """The account of a campaign's events, one string per line."""
    tell = storyteller(content, lang)
    out: list[str] = []
    for e in events:
        out.extend(tell(e))
    return out


def closing_sheet(summary: Mapping[str, Any], scoundrels: Iterable[Mapping[str, Any]], content: Any,
                  lang: str = "en") -> list[str]:
    """The closing sheet: the crew, every scoundrel's fate, totals, entanglements by kind, faction statuses.

    ``scoundrels``: one mapping per scoundrel with ``name``, ``playbook``,
    ``status``, ``stress``, ``trauma``, ``harm``, ``stash``.
    """
    n = Narrator(content, lang)
    s = summary
    lines = ["", n.t("play.heading.sheet"),
             n.t("play.sheet.crew", tier=s["tier"], hold=n.term("blades.hold_level", s["hold"]), rep=s["rep"],
                 coin=s["coin"], heat=s["heat"], wanted=s["wanted"], turf=s["turf"]),
             n.t("play.sheet.scores", won=s["scores_won"], played=s["scores"])]
    for pc in scoundrels:
        lines.append(n.t("play.sheet.member", name=pc["name"], playbook=n.term("blades.playbook", pc["playbook"]),
                         status=n.term("play.pc_status", pc["status"]), stress=pc["stress"], trauma=pc["trauma"],
                         harm=pc["harm"], stash=pc["stash"]))
    lines.append(n.t("play.sheet.totals", trauma=s["trauma"], harm=s["harm"], stress=s["stress_marked"]))
    kinds = sorted((k[len("entanglement_"):], v) for k, v in s.items() if k.startswith("entanglement_") and v)
    listed = ", ".join(f"{n.term('blades.entanglement', k)} {v}" for k, v in kinds) or n.t("cli.word.none")
    lines.append(n.t("play.sheet.entanglements", list=listed))
    statuses = [(k[len("status_"):], v) for k, v in s.items() if k.startswith("status_") and v]
    if statuses:
        lines.append(n.t("play.sheet.factions"))
        for fid, v in statuses:
            lines.append(n.t("play.line.status", faction=n.faction(fid), status=n.term("blades.status", v)))
    return lines


#: harm notes the engine writes that are not a plan's consequence or an entanglement (sim.blades.*: take_harm)
_HARM_NOTES = ("complication", "bargain", "effect", "beaten by the watch", "ritual backlash", "volatile", "taken out")


def harm_note(note: str, lang: str) -> str:
    """A harm note as a player would write it on the sheet, in ``lang`` (BITD.HARM.1): the journal keeps the engine's
    note (``"assault serious harm"``: a score's consequence, its plan and severity; an entanglement's id; a ritual's
    price clock; ``"beaten by the watch"``); anything else (a Fate consequence's aspect) as written."""
    note = str(note)
    words = note.split(" ")
    if len(words) == 3 and words[2] == "harm" and has(f"blades.plan.{words[0]}"):
        return t("solo.harm.score", lang, plan=t(f"blades.plan.{words[0]}", lang),
                 severity=term_or(f"solo.harm.severity.{words[1]}", words[1], lang))
    if has(f"blades.entanglement.{note}"):
        return t(f"blades.entanglement.{note}", lang)
    slug = note.replace(" ", "_")
    if note in _HARM_NOTES:
        return t(f"solo.harm.note.{slug}", lang)
    if has(f"solo.clocks.named.{slug}"):
        return t(f"solo.clocks.named.{slug}", lang)
    return note

