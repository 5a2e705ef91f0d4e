"""The player leads in a Blades score (issue 30): a person's seat is offered every action (BITD.ACTION.2, BITD.ATTR.3),
set-ups and assists that involve them (BITD.TEAM.1, BITD.TEAM.4) and flashbacks wherever they can help (BITD.FLASH.1-2),
each option with its exact odds, which are checked here against what ``sim odds blades`` prints for the same roll.
Scripted seats and a save from before the person led (its header without ``leads``) keep the old menus."""

from __future__ import annotations

import contextlib
import io
import json
import re
from functools import lru_cache
from pathlib import Path

from sim.blades.crew.state import ACTIONS
from sim.blades.score.action import PLAN_ACTIONS
from sim.cli import main
from sim.solo.save import SaveFile
from sim.solo.session import Session

SEED = 2  # a starter session in which every move below comes up (the crew's dice are seeded)
GOALS = {"off_list", "zero_dots", "flashback", "setup", "follow_up", "assist", "clock"}
POOL = re.compile(r"(-?\d+)d( \(2d, keep the lowest\))? (\w+)/(\w+): (crit \S+ · 6 \S+ · 4/5 \S+ · 1-3 \S+)$")
FORTUNE = re.compile(r"fortune (\d+)d( \(2d, keep the lowest\))?: (crit \S+ · 6 \S+ · 4/5 \S+ · 1-3 \S+); 4\+ (\S+): ")


# --- what `sim odds` says ---------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def sim_odds(dice: int, position: str = "risky", effect: str = "standard") -> dict:
    """``sim odds blades --dice N --position P --effect E --json``, run as the command line runs it."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["odds", "blades", "--dice", str(dice), "--position", position, "--effect", effect,
                     "--json"]) == 0
    return json.loads(out.getvalue())


def pct(value: float) -> str:
    """How a solo prompt shows a chance (a whole percentage; <1% and >99% at the ends)."""
    value *= 100
    return "<1%" if 0 < value < 1 else ">99%" if 99 < value < 100 else f"{value:.0f}%"


def results_of(dice: int, position: str = "risky", effect: str = "standard") -> str:
    o = sim_odds(dice, position, effect)["outcomes"]
    return (f"crit {pct(o['critical'])} · 6 {pct(o['success'])} · 4/5 {pct(o['partial'])} · "
            f"1-3 {pct(o['failure'])}")


def check_pool_text(text: str) -> tuple[int, str, str]:
    """``3d risky/standard: crit 7% · ...`` equals ``sim odds`` for that pool; ``0d`` says it is 2d keep the lowest,
    as ``sim odds blades --dice 0`` does (BITD.CORE.2). Returns (dice, position, effect)."""
    shown = POOL.match(text)
    assert shown, text
    dice, zero, position, effect, results = shown.groups()
    dice = int(dice)
    assert bool(zero) == (dice == 0) and dice >= 0, text
    shown_by_sim = sim_odds(dice, position, effect)
    assert (shown_by_sim["dice"], shown_by_sim["position"]["position"], shown_by_sim["position"]["effect"]) == \
        (dice, position, effect)
    assert results == results_of(dice, position, effect), text
    return dice, position, effect


def check_shown_odds(kind: str, value, odds: str | None, context) -> int:
    """Every odds string beside an option, against ``sim odds``; returns how many were checked."""
    if odds is None:
        return 0
    if kind in ("action", "follow_up", "setup_action", "setup_mate", "trade", "assist"):
        dice, position, effect = check_pool_text(odds)
        if kind in ("action", "follow_up", "setup_action"):
            pool = context["actions"][value]
            assert (max(pool["dice"], 0), pool["position"], pool["effect"]) == (dice, position, effect)
        return 1
    if kind in ("flashback", "flashback_action"):
        shown = FORTUNE.search(odds)
        assert shown, odds
        dice, zero, results, works = shown.groups()
        assert bool(zero) == (int(dice) == 0) and results == results_of(int(dice)), odds
        o = sim_odds(int(dice))["outcomes"]
        assert works == pct(o["partial"] + o["success"] + o["critical"]), odds
        return 1
    if kind == "push" and context["benefit"] != "dice":
        return 0  # +1 effect or acting at all: no dice change (the words say what it buys)
    if kind in ("push", "accept_bargain"):
        dice = context["dice"] + (value is True)
        assert odds == results_of(max(dice, 0)), odds
        return 1
    if kind == "daring":
        shown = re.match(r"engagement (\d+)d: (.*)$", odds)
        assert shown and shown.group(2) == results_of(int(shown.group(1))), odds
        return 1
    return 0  # resistance's stress costs and downtime rolls are checked in tests/test_solo_session.py


# --- a session where the player leads -----------------------------------------------------------------------------

def label(pending, value) -> str:
    return pending.options[list(pending.values).index(value)].label


def lead(session: Session, limit: int = 400) -> tuple[list[str], set[str], int]:
    """Play the starter's score as a person would who takes moves of their own: an action off the plan's shortlist,
    one at 0 dots, a flashback on the action they choose, setting up the teammate they pick, following a
    teammate's set-up with an action of their own, an assist; and a clock of their own, made and ticked. Returns
    the lines typed, the moves taken and how many odds strings were checked against ``sim odds``."""
    typed: list[str] = []
    done: set[str] = set()
    checked = 0

    def say(line: str) -> None:
        typed.append(line)
        session.handle(line)

    say("clock new Gang war 6")
    spotlights = 0
    for _ in range(limit):
        p = session.pending
        if session.done or p is None:
            break
        values = list(p.values)
        for value, choice in zip(values, p.options):
            checked += check_shown_odds(p.kind, value, choice.odds, p.context)
        answer = "1"
        if p.kind == "spotlight":
            spotlights += 1
            mine = spotlights % 2 == 1 and not {"off_list", "zero_dots", "flashback", "setup"} <= done
            answer = "1" if mine or len(values) == 1 else str(2 + (spotlights // 2) % (len(values) - 1))
        elif p.kind == "flashback" and "flashback" not in done:
            answer = label(p, True)
        elif p.kind == "flashback_action":
            answer = p.options[-1].label  # not the best-rated: the person's own pick
            done.add("flashback")
        elif p.kind == "action":
            ratings, fitting = p.context["ratings"], PLAN_ACTIONS[p.context["plan"]]
            off = [a for a in values if a not in fitting and ratings.get(a, 0) >= 1]
            zero = [a for a in values if ratings.get(a, 0) == 0]
            assert set(values) <= set(ACTIONS) and len(values) > len(fitting)  # every action not lost here
            if "off_list" not in done and off:
                answer = label(p, off[0])
                done.add("off_list")
            elif "zero_dots" not in done and "off_list" in done and zero:
                answer = label(p, zero[-1])
                done.add("zero_dots")
        elif p.kind == "approach" and "setup" in values and "setup" not in done:
            answer = label(p, "setup")
        elif p.kind == "setup_mate":
            answer = p.options[-1].label  # the last teammate offered, not the best at it
            done.add("setup")
        elif p.kind == "follow_up":
            assert values[-1] is None and set(values[:-1]) <= set(ACTIONS) and len(values) > 6
            answer = label(p, max(values[1:-1], key=lambda a: p.context["ratings"].get(a, 0)))
            done.add("follow_up")
        elif p.kind == "assist" and "assist" not in done:
            answer = label(p, True)
            done.add("assist")
        say(answer)
        if "off_list" in done and "clock" not in done:
            say("clock tick Gang war")
            done.add("clock")
    return typed, done, checked


def human_decisions(events, kind):
    return [e for e in events if e["event"] == "decision" and e["by"] == "human" and e["kind"] == kind]


def test_issue_30_the_player_takes_moves_of_their_own_with_exact_odds_through_the_session_and_the_cli(tmp_path):
    """BITD.ACTION.2, BITD.TEAM.1, BITD.TEAM.4, BITD.FLASH.1: at least five moves of the person's own choosing, each
    shown odds string equal to ``sim odds``; the same script through ``sim solo new --script`` plays the same."""
    path = tmp_path / "lead.save"
    s = Session.new("starter", path, seats="pc1", scores=1, seed=SEED)
    try:
        typed, done, checked = lead(s)
        events = list(s.journal.events)
    finally:
        s.close()
    assert done == GOALS and checked >= 60
    actions = human_decisions(events, "action")
    plan = next(e for e in events if e["event"] == "score_start")["plan"]
    assert any(e["choice"] not in PLAN_ACTIONS[plan] for e in actions)
    assert all(len(e["options"]) > len(PLAN_ACTIONS[plan]) for e in actions)
    rolls = [e for e in events if e["event"] == "action_roll" and e["pc"] == "pc1"]
    chosen = {e["choice"] for e in actions}
    assert any(e["rating"] == 0 and e["action"] in chosen for e in rolls)  # a 0-dot action (0d: 2d, keep the lowest)
    flash = next(e for e in events if e["event"] == "flashback" and e["pc"] == "pc1")
    picked = human_decisions(events, "flashback_action")[0]
    assert flash["action"] == picked["choice"] == picked["options"][-1]
    setup = next(e for e in events if e["event"] == "setup" and e["pc"] == "pc1")
    assert human_decisions(events, "setup_mate") and human_decisions(events, "setup_action")
    follow = human_decisions(events, "follow_up")[0]
    after = events[events.index(follow) + 1:]
    follow_roll = next(e for e in after if e["event"] == "action_roll" and e["pc"] == "pc1")
    assert follow_roll["action"] == follow["choice"] != follow["options"][0]
    assert any(e["event"] == "assist" and e["pc"] == "pc1" for e in events)
    clock = [e for e in events if e["event"] == "player_clock"]
    assert [(e["op"], e["filled"]) for e in clock] == [("new", 0), ("tick", 1)]
    assert setup["action"] == human_decisions(events, "setup_action")[0]["choice"]

    # the same answers typed at the command line (a script file) play the same story
    script = tmp_path / "lead.txt"
    script.write_text("\n".join(typed) + "\nquit\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["solo", "new", "starter", "--save", str(tmp_path / "cli.save"), "--seats", "pc1", "--seed",
                     str(SEED), "--scores", "1", "--script", str(script)]) == 0
    text = out.getvalue()
    assert "set you up for" in text and "which action did the preparation take?" in text
    assert "0d (2d, keep the lowest)" in text and "set up which teammate" in text
    again = Session.resume(tmp_path / "cli.save")
    try:
        strip = [{k: v for k, v in e.items() if k != "seq"} for e in events if e["event"] == "decision"]
        assert [{k: v for k, v in e.items() if k != "seq"} for e in again.journal.events
                if e["event"] == "decision"] == strip
    finally:
        again.close()


def test_sim_odds_says_a_zero_dot_pool_rolls_two_dice_and_keeps_the_lowest(capsys):
    """BITD.CORE.2: what the prompt's ``0d (2d, keep the lowest)`` stands for, in ``sim odds``'s own words."""
    assert main(["odds", "blades", "--dice", "0"]) == 0
    assert "roll 2, keep the lowest" in capsys.readouterr().out


# --- the reproduction: a teammate's set-up and the player's scoundrel -----------------------------------------------

REPRO_SEED = 7  # the starter at this seed: a teammate sets Luke Jacobs (pc1, Hunt 0) up for Hunt


def to_teammates_setup(session: Session, limit: int = 400):
    """Answer 1 to everything but who acts next (the teammates in turn) until a teammate's set-up is followed."""
    spotlights = 0
    for _ in range(limit):
        p = session.pending
        if session.done or p is None or p.kind == "follow_up":
            return p
        answer = "1"
        if p.kind == "spotlight":
            spotlights += 1
            answer = str(2 + spotlights % (len(p.values) - 1)) if len(p.values) > 1 else "1"
        session.handle(answer)
    return session.pending


def test_issue_30_a_teammates_setup_asks_the_player_whether_and_how_to_follow_up_with_the_gms_reasons(tmp_path):
    """BITD.TEAM.4 (issue 30's reproduction): a teammate's set-up made the player's scoundrel roll Hunt at 0 dots with
    no prompt and no GM reasons. Now the person is asked, with every action, its odds and the GM's position and
    effect, and may decline."""
    s = Session.new("starter", tmp_path / "repro.save", seats="pc1", scores=1, seed=REPRO_SEED)
    try:
        p = to_teammates_setup(s)
        assert p is not None and p.kind == "follow_up" and p.seat == "pc1", "the set-up never asked the player"
        assert p.context["action"] == "hunt" and p.context["ratings"].get("hunt", 0) == 0
        assert "set you up for Hunt" in p.prompt
        assert p.gm_says and p.gm_says[0].startswith("Position ") and any(g.startswith("Effect ") for g in p.gm_says)
        assert p.context["benefit"] is None and "the set-up did not come off" in p.gm_says[0]  # it failed: no bonus
        hunt = p.options[0]
        assert p.values[0] == "hunt" and hunt.odds.startswith("0d (2d, keep the lowest) ")
        check_pool_text(hunt.odds)
        assert p.values[-1] is None and p.options[-1].label == "don't follow up"
        before = len(s.journal.events)
        s.handle(p.options[-1].label)  # decline: nobody rolls
        declined = s.journal.events[before:]
        assert declined[0]["event"] == "decision" and declined[0]["choice"] is None
        beat = next((i for i, e in enumerate(declined[1:], 1) if e["event"] == "decision"), len(declined))
        assert not [e for e in declined[1:beat] if e["event"] == "action_roll" and e["pc"] == "pc1"]
    finally:
        s.close()


def old_save(tmp_path: Path, seed: int) -> Path:
    """A save as made before the person led: the header without ``leads`` (made through the save API)."""
    made = tmp_path / "new.save"
    Session.new("starter", made, seats="pc1", scores=1, seed=seed).close()
    header = {k: v for k, v in SaveFile.open(made).header.items() if k not in ("leads", "format", "version")}
    old = tmp_path / "old.save"
    SaveFile.create(old, header).close()
    assert "leads" not in SaveFile.open(old).header
    return old


def test_issue_30_an_old_save_keeps_the_menus_it_was_played_with_and_replays_unchanged(tmp_path):
    """An old save (no ``leads``): the fitting shortlist, no follow-up question (the follower rolls the set-up's
    action as before), flashbacks only from a desperate spot; resumed, it replays byte for byte."""
    path = old_save(tmp_path, REPRO_SEED)
    s = Session.resume(path)
    try:
        assert s.leads == 0
        p = to_teammates_setup(s)
        for _ in range(200):  # on to the end of the score
            if s.done or s.pending is None:
                break
            s.handle("1")
        events = list(s.journal.events)
        lines = [json.dumps(e, sort_keys=True) for e in events]
    finally:
        s.close()
    assert p is None or p.kind != "follow_up"
    kinds = {e["kind"] for e in events if e["event"] == "decision"}
    assert not kinds & {"follow_up", "setup_mate", "setup_action", "flashback_action"}
    plan = next(e for e in events if e["event"] == "score_start")["plan"]
    assert all(set(e["options"]) <= set(PLAN_ACTIONS[plan]) for e in human_decisions(events, "action"))
    # the reproduction, as the old code played it: a teammate's set-up, then pc1 rolls Hunt at 0 dots unasked
    followed = []
    for i, e in enumerate(events):
        if e["event"] == "setup" and e["pc"] != "pc1":
            later = events[i + 1:]
            roll = next(x for x in later if x["event"] == "action_roll")
            asked = [x for x in later[:later.index(roll)] if x["event"] == "decision" and x["seat"] == "pc1"
                     and x["kind"] in ("action", "follow_up")]  # which action to roll: never asked
            followed.append((roll["pc"], roll["action"], roll["rating"], len(asked)))
    assert ("pc1", "hunt", 0, 0) in followed
    again = Session.resume(path)
    try:
        assert [json.dumps(e, sort_keys=True) for e in again.journal.events] == lines
    finally:
        again.close()


def test_issue_30_scripted_seats_keep_the_fitting_shortlist_and_are_never_asked_a_persons_moves():
    """BITD.ATTR.3: a batch campaign (every seat a policy) offers each action decision the plan's fitting actions
    only, and never asks follow_up, setup_mate, setup_action or flashback_action (batch journals are unchanged)."""
    from sim.blades.campaign import run_campaign
    from sim.content.scenario import load_scenario
    from sim.journal import Journal

    journal = Journal()
    run_campaign(load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "starter.yaml"), 3,
                 journal=journal, scores=3)
    decisions = [e for e in journal.events if e["event"] == "decision"]
    assert decisions and not {e["kind"] for e in decisions} & {"follow_up", "setup_mate", "setup_action",
                                                               "flashback_action"}
    plans = {e["plan"] for e in journal.events if e["event"] == "score_start"}
    actions = [e for e in decisions if e["kind"] == "action"]
    assert actions and all(any(set(e["options"]) <= set(PLAN_ACTIONS[p]) for p in plans) for e in actions)


def test_every_action_lists_the_fitting_first_then_the_rest_less_lost_opportunities():
    """BITD.ATTR.3, BITD.CONSEQ.1: the order a person sees, and every action back when all were lost."""
    from sim.blades.score.leads import every_action

    got = every_action(PLAN_ACTIONS["stealth"], ("prowl", "sway"))
    assert got[:4] == ("finesse", "tinker", "survey", "hunt") and len(got) == 10 and not {"prowl", "sway"} & set(got)
    assert every_action((), ACTIONS) == ACTIONS
