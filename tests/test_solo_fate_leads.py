"""Issue 30, Fate: the player leads. A leading seat chooses the action, the target and the skill (FATE.ACTION.1-6,
FATE.CONFLICT, FATE.CHALLENGE.1-2, FATE.CONTEST.5), sees the opposition and the exact odds of each option (FATE.OPP.1,
FATE.DICE.2, FATE.OUTCOME.1), and every odds string shown is the one ``sim odds fate`` prints for the same roll;
compels say what accepting earns (FATE.ASPECT.6); invokes show the roll they change (FATE.ASPECT.3). Scripted seats
and an old save (a header without ``leads``) keep the engine's shortlists."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from sim.agents.base import Agent
from sim.cli import main
from sim.dice import fate_outcome
from sim.fate import Scene, make_character
from sim.fate.scenes.conflict import ADVANTAGE_SKILLS, defence_skill
from sim.fate.scenes.scene import Pending
from sim.odds import fate_odds
from sim.rng import stream
from sim.solo.session import Session

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "fate_docks.yaml"
ROLL_KINDS = ("fate_action", "fate_skill", "fate_defend", "fate_task")
WORD = {"fail": "fail", "tie": "tie", "succeed": "succeed", "style": "succeed with style"}
FACE = {"+": 1, "−": -1, "▢": 0}


# --- what sim odds prints --------------------------------------------------------------------------------------

_SIM_ODDS: dict[tuple, tuple[str, dict[str, str]]] = {}


def run(argv: list[str]) -> str:
    """What ``sim ARGV`` prints (exit status 0)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def sim_odds(skill: int, vs: int, opposed: bool) -> tuple[str, dict[str, str]]:
    """(heading, outcome words -> shown percent) of ``sim odds fate --skill S --vs V [--opposed]``."""
    key = (skill, vs, opposed)
    if key not in _SIM_ODDS:
        argv = ["odds", "fate", "--skill", str(skill), "--vs", str(vs)] + (["--opposed"] if opposed else [])
        head, *rows = run(argv).splitlines()
        shares = {}
        for row in rows[1:]:
            m = re.match(r"^\s+(fail|tie|succeed with style|succeed)\s+([\d.]+%)", row)
            shares[m.group(1)] = m.group(2)
        _SIM_ODDS[key] = (head, shares)
    return _SIM_ODDS[key]


def check_action_odds(shown: str) -> None:
    """An action's odds string (``Good (+3) opposed by Athletics Fair (+2): fail 21.4% · ...``) against ``sim odds``:
    the same ladder words, and the same percent for every outcome."""
    head, shares = shown.rsplit(": ", 1)
    rating, vs = (int(n) for n in re.findall(r"\(([+-]\d+)\)", head))
    opposed = " opposed by " in head
    sim_head, sim_shares = sim_odds(rating, vs, opposed)
    left, right = sim_head.removeprefix("Fate: ").split(" opposed by " if opposed else " vs ")
    assert left in head and head.endswith(right), (shown, sim_head)
    assert dict(part.rsplit(" ", 1) for part in shares.split(" · ")) == sim_shares, (shown, sim_head)


def check_reroll_odds(shown: str, base: int) -> None:
    """A reroll's odds (all four dice again: the new gap is ``base`` + 4dF, read against 0, FATE.ASPECT.3) against
    ``sim odds fate --skill BASE --vs 0`` (the outcomes it can reach)."""
    _, sim_shares = sim_odds(base, 0, False)
    want = {k: v for k, v in sim_shares.items() if v != "0.0%"}
    assert dict(part.rsplit(" ", 1) for part in shown.split(" · ")) == want, shown


# --- a player who leads ----------------------------------------------------------------------------------------

class Player:
    """Answers a Fate session as a person who picks their own moves: the moves the old one-skill menu never offered
    (a task of their choosing, an advantage with a skill outside the shortlist's, an attack at Mediocre, a
    defence other than the best), and makes and ticks a clock of their own. ``typed`` is every line typed."""

    def __init__(self):
        self.typed: list[str] = []
        self.own: list[tuple[str, object]] = []
        self.turns = 0
        self.clock = None

    def line(self, p) -> str:
        if self.clock is None:
            self.clock = "new"
            return "clock new Harbour alarm 4"
        values, context = p.values, p.context
        if p.kind == "fate_action" and self.clock == "new":
            self.clock = "ticked"
            return "clock tick Harbour alarm"
        pick = 0
        if p.kind == "fate_task":
            pick = len(values) - 1
            self.own.append((p.kind, values[pick]))
        elif p.kind == "fate_action":
            self.turns += 1
            ratings = context["ratings"]
            mediocre = [i for i, v in enumerate(values) if v[0] == "attack" and v[2] != "Fight"
                        and dict(ratings).get(v[2], 0) < 1]
            later = [i for i, v in enumerate(values) if v[2] is None]
            if mediocre and self.turns % 2:
                pick = mediocre[0]
                self.own.append((p.kind, values[pick]))
            elif later:
                pick = later[0]
        elif p.kind == "fate_skill":
            best = max(ADVANTAGE_SKILLS, key=lambda s: (dict(context["ratings"]).get(s, 0), -ADVANTAGE_SKILLS.index(s)))
            outside = [i for i, v in enumerate(values) if v not in ADVANTAGE_SKILLS]
            pick = outside[self.turns % len(outside)]
            if values[pick] != best:
                self.own.append((p.kind, values[pick]))
        elif p.kind == "fate_defend":
            pick = len(values) - 1
            self.own.append((p.kind, values[pick]))
        return str(pick + 1)


def play(tmp_path: Path, name: str = "lead.save"):
    """The whole of fate_docks played through the Session API by :class:`Player`, each shown odds checked."""
    player = Player()
    s = Session.new(SCENARIO, tmp_path / name, seats="pc1")
    seen: dict[str, int] = {}
    try:
        for _ in range(3000):
            if s.done:
                break
            p = s.pending
            if p.kind in ROLL_KINDS:
                for choice, value in zip(p.options, p.values):
                    if p.kind == "fate_action" and value[0] == "help":
                        assert choice.odds is None
                        continue
                    assert choice.odds, (p.kind, value)
                    check_action_odds(choice.odds)
                    seen[p.kind] = seen.get(p.kind, 0) + 1
            elif p.kind == "fate_invoke":
                gap, faces = p.context["gap"], p.context["faces"]
                for choice, value in zip(p.options, p.values):
                    if value[2] == "reroll":
                        check_reroll_odds(choice.odds, gap - sum(faces))
                        seen["reroll"] = seen.get("reroll", 0) + 1
                    elif value[0] != "pass":
                        assert choice.odds == f"+2 → {gap + 2:+d}: {WORD[fate_outcome(gap + 2)]}"
            line = player.line(p)
            player.typed.append(line)
            s.handle(line)
        assert s.done
    finally:
        s.close()
    return player, seen, tmp_path / name


@pytest.fixture(scope="module")
def led(tmp_path_factory):
    return play(tmp_path_factory.mktemp("lead"))


def journal(path: Path) -> list[dict]:
    return [json.loads(line) for line in run(["solo", "export", str(path), "--json"]).splitlines()]


def test_issue_30_the_player_takes_five_moves_of_their_own_with_odds_checked_against_sim_odds(led):
    """FATE.ACTION.1-6, FATE.CHALLENGE.1-2: a scripted session where the player picks their own task, skills outside
    the old one-skill menu, an attack at Mediocre (+0); every odds string beside an action, skill, defence or task
    equals ``sim odds fate`` for the same ratings (active opposition ``--opposed``), every reroll's the 4dF
    distribution; and a clock of their own is made and ticked."""
    player, seen, path = led
    assert len(player.own) >= 5, player.own
    assert {k for k, _ in player.own} >= {"fate_task", "fate_skill"}
    assert seen.get("fate_action", 0) >= 5 and seen.get("fate_skill", 0) >= 19 and seen.get("fate_task")
    events = journal(path)
    clocks = [e for e in events if e["event"] == "player_clock"]
    assert [(e["op"], e["name"]) for e in clocks][:2] == [("new", "Harbour alarm"), ("tick", "Harbour alarm")]
    asked = [e for e in events if e["event"] == "decision" and e["by"] == "human"]
    skills = [e for e in asked if e["kind"] == "fate_skill"]
    assert skills and all(len(e["options"]) == 19 for e in skills)  # the whole list (content/fate/skills.yaml)
    assert any(e["choice"] not in ADVANTAGE_SKILLS for e in skills)


def test_issue_30_the_same_answers_through_the_cli_show_the_same_odds_and_journal(led, tmp_path):
    """``sim solo new fate_docks --seats pc1 --script F`` with the same lines: every odds string it prints matches
    ``sim odds``, the invoke questions show the dice before the answer, and the journal is the Session's."""
    player, _, path = led
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(player.typed) + "\n", encoding="utf-8")
    save = tmp_path / "cli.save"
    out = run(["solo", "new", "fate_docks", "--save", str(save), "--seats", "pc1", "--script", str(script)])
    checked = base = 0
    for line in out.splitlines():
        m = re.search(r"rolled ([+−▢ ]+) on .*the roll stands at ([+-]\d+)\. Invoke an aspect\?$", line)
        if m:
            base = int(m.group(2)) - sum(FACE[f] for f in m.group(1).split())
            continue
        if "   (" not in line or "%" not in line:
            continue
        shown = line.rsplit("   (", 1)[1][:-1]
        if re.search(r"\([+-]\d+\)", shown):  # a ladder rung: an action's, a skill's, a defence's, a task's
            check_action_odds(shown)
        else:
            check_reroll_odds(shown, base)
        checked += 1
    assert checked >= 40
    assert "Harbour alarm" in out
    strip = lambda evs: [{k: v for k, v in e.items() if k not in ("at",)} for e in evs]  # noqa: E731
    assert strip(journal(save)) == strip(journal(path))


# --- the reproductions (they fail on the code before this change) ------------------------------------------------

def _first(tmp_path: Path, kind: str, answer=lambda p: "1"):
    s = Session.new(SCENARIO, tmp_path / f"{kind}.save", seats="pc1")
    for _ in range(500):
        if s.pending.kind == kind:
            return s
        s.handle(answer(s.pending))
    s.close()
    raise AssertionError(f"no {kind} asked")


def test_issue_30_repro_fate_prompts_show_odds_on_every_rolled_option(tmp_path):
    """"237 Fate prompts, no odds on any option": a conflict turn now shows, beside every option that rolls, its
    opposition and the exact odds (FATE.ACTION.2-4, FATE.OPP.1)."""
    s = _first(tmp_path, "fate_action")
    try:
        p = s.pending
        rolled = [c for c, v in zip(p.options, p.values) if v[0] != "help"]
        assert rolled and all(c.odds and " · succeed with style " in c.odds for c in rolled)
        reply = "\n".join(s.handle("odds").text)
        assert "no roll depends" not in reply and "succeed with style" in reply
        # FATE.CONFLICT.3: each attack's chance that its hit takes the target out (more shifts than it can soak)
        from sim.odds import fate_dice_distribution

        rows = p.context["options"]
        for value in p.values:
            if value[0] != "attack":
                continue
            row = rows[f"{value[0]}:{value[1]}:{value[2]}"]
            want = sum(q for n, q in fate_dice_distribution(8).items() if row["rating"] - row["vs"] + n > row["capacity"])
            assert f"out {float(want) * 100:.1f}% (" in reply and Fraction(row["takes_out"]["p"]) == want
    finally:
        s.close()


def test_issue_30_repro_odds_on_an_invoke_choice_shows_the_roll_it_changes(tmp_path):
    """"`odds` says no roll depends on this decision on invoke choices": it shows each invoke's result, and the
    question names the dice, the skill, the effort and the opposition before the answer (FATE.ASPECT.3)."""
    s = _first(tmp_path, "fate_invoke")
    try:
        p = s.pending
        assert re.search(r"rolled [+−▢ ]+ on \w+ \(\w[\w ]*\): effort -?\d+ against -?\d+, the roll stands at [+-]\d+",
                         p.prompt), p.prompt
        reply = "\n".join(s.handle("odds").text)
        assert "no roll depends" not in reply and "+2 → " in reply
    finally:
        s.close()


def test_issue_30_repro_the_player_is_asked_which_skill_and_action(tmp_path):
    """"The player is never asked which skill or action to use": a create-an-advantage asks the skill, offering
    every skill of the list (a Mediocre +0 one too), each with its odds (FATE.ACTION.2, FATE.ACTION.6)."""
    def answer(p):
        later = [i for i, v in enumerate(p.values) if p.kind == "fate_action" and v[2] is None]
        return str(later[0] + 1) if later else "1"

    s = _first(tmp_path, "fate_skill", answer)
    try:
        p = s.pending
        assert len(p.values) == 19 and p.prompt.endswith("with which skill?")
        ratings = dict(p.context["ratings"])
        assert any(ratings.get(v, 0) == 0 for v in p.values)
        assert all(c.odds for c in p.options)
    finally:
        s.close()


def test_FATE_ASPECT_6_a_compel_says_what_accepting_earns_and_what_refusing_costs(tmp_path):
    s = _first(tmp_path, "fate_compel")
    try:
        p = s.pending
        points = p.context["fate_points"]
        words = dict(zip(p.values, (c.label for c in p.options)))
        assert f"gain a fate point (you'll have {points + 1})" in words[True]
        assert "complication" in words[True]
        assert f"pay a fate point (you'll have {points - 1})" in words[False]
    finally:
        s.close()


# --- the exact odds ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rating,vs", [(0, 0), (3, 1), (1, 4), (-1, 2), (5, 0)])
def test_FATE_OPP_1_FATE_DICE_2_active_opposition_odds_by_enumeration(rating, vs):
    """Against active opposition both sides roll 4dF: every one of the 3^8 equally likely faces, counted, gives the
    odds ``fate_odds(opposed=True)`` and the briefing show (FATE.OPP.1, FATE.DICE.2, FATE.OUTCOME.1)."""
    counts = dict.fromkeys(("fail", "tie", "succeed", "style"), 0)
    for faces in itertools.product((-1, 0, 1), repeat=8):
        counts[fate_outcome(rating + sum(faces[:4]) - (vs + sum(faces[4:])))] += 1
    want = {k: Fraction(n, 3 ** 8) for k, n in counts.items()}
    assert fate_odds(rating, vs, opposed=True) == want
    from sim.fate.views.briefings import _row

    ana = make_character("ana", {"Fight": rating} if rating > 0 else {}, name="Ana")
    thug = make_character("thug", {"Athletics": vs} if vs > 0 else {}, kind="minor", name="Thug")
    if rating > 0 and vs >= 0:
        scene = Scene(stream(1, "dice"), [ana, thug], {"ana": "pcs", "thug": "npcs"})
        row = _row(scene, "ana", "attack", "thug", "Fight")
        assert (row["rating"], row["vs"], row["defence"], row["opposed"]) == (rating, vs, "Athletics", True)
        assert {k: Fraction(v["p"]) for k, v in row["outcomes"].items()} == want


class _Leader(Agent):
    """A person-like seat that leads and answers each decision with its last option."""

    name = "leader"

    def __init__(self):
        self.asked = []

    def leads(self, seat: str) -> bool:
        return True

    def choose(self, d, rng):
        self.asked.append(d)
        return d.options[-1]


def test_FATE_ACTION_5_6_a_leading_defender_chooses_athletics_or_fight_a_script_takes_the_best():
    ana = make_character("ana", {"Athletics": 3, "Fight": 1}, name="Ana")
    thug = make_character("thug", {"Fight": 2}, kind="minor", name="Thug")
    roll = Pending("thug", "Fight", "attack", (0, 0, 0, 0), 2)
    leader = _Leader()
    scene = Scene(stream(1, "dice"), [ana, thug], {"ana": "pcs", "thug": "npcs"}, seats={"ana": leader, "gm": _Leader()})
    assert defence_skill(scene, "ana", ("Athletics", "Fight"), roll) == "Fight"  # the leader's own (last) choice
    d = leader.asked[-1]
    assert d.kind == "fate_defend" and d.options == ("Athletics", "Fight") and d.context["rating"] == 2
    assert defence_skill(scene, "ana", ("Athletics",), roll) == "Athletics" and len(leader.asked) == 1  # one legal
    scripted = Scene(stream(1, "dice"), [ana, thug], {"ana": "pcs", "thug": "npcs"})
    assert defence_skill(scripted, "ana", ("Athletics", "Fight"), roll) == "Athletics"  # the best, not asked


def test_an_old_fate_save_without_leads_replays_with_the_shortlists(tmp_path):
    """A save whose header has no ``leads`` (made before the person led) is offered the one-skill menus it was played
    with, and continues to the same journal."""
    from sim.solo.save import encode_line

    path = tmp_path / "old.save"
    Session.new(SCENARIO, path, seats="pc1").close()
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    header.pop("crc")
    header.pop("leads")
    line, _ = encode_line(header, 0)
    path.write_bytes(line)
    s = Session.resume(path)
    try:
        for _ in range(2000):
            if s.done:
                break
            s.handle("1")
    finally:
        s.close()
    events = journal(path)
    kinds = {e["kind"] for e in events if e["event"] == "decision"}
    assert "fate_action" in kinds and not kinds & {"fate_skill", "fate_task", "fate_defend"}
    assert all(o[2] is not None for e in events if e["event"] == "decision" and e["kind"] == "fate_action"
               for o in e["options"])
    again = Session.resume(path)
    again.close()
    assert journal(path) == events


def test_FATE_TEAM_3_an_attacks_odds_count_the_teamwork_of_allies_who_gave_up_their_turn():
    """The odds beside an attack are the roll's: +1 per helper rated Average or better, at most the attacker's rating
    (FATE.TEAM.1, FATE.TEAM.3), as :func:`sim.fate.scenes.conflict._attack` rolls it."""
    from sim.fate.views.briefings import _row

    ana = make_character("ana", {"Fight": 2}, name="Ana")
    bo = make_character("bo", {"Fight": 1}, name="Bo")
    thug = make_character("thug", {"Athletics": 1}, kind="minor", name="Thug")
    scene = Scene(stream(1, "dice"), [ana, bo, thug], {"ana": "pcs", "bo": "pcs", "thug": "npcs"})
    alone, helped = _row(scene, "ana", "attack", "thug", "Fight"), _row(scene, "ana", "attack", "thug", "Fight", ["bo"])
    assert (alone["rating"], helped["rating"]) == (2, 3)
    assert {k: Fraction(v["p"]) for k, v in helped["outcomes"].items()} == fate_odds(3, 1, opposed=True)
