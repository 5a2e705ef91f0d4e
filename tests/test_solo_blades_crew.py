"""The player leads the crew (issue 30, Blades): their own target and plan among every legal one, with what each
means; the crew's choices go to the person while they hold any active scoundrel; a vote's tally and whether they
were outvoted; a new character of their own making when theirs retires. Scripted seats keep their menus."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from sim.blades.tables import PLANS
from sim.blades.views.narrate import Narrator
from sim.cli import main
from sim.content.scenario import load_scenario
from sim.i18n import LANGS
from sim.odds import blades_odds
from sim.solo.save import SaveFile
from sim.solo.session import Session

ROOT = Path(__file__).resolve().parents[1]
STARTER = ROOT / "scenarios" / "starter.yaml"


def number_of(pending, value) -> str:
    """The menu number of ``value`` among the pending decision's options."""
    return str(pending.values.index(value) + 1)


class Person:
    """A scripted person: off-list plans, votes to walk away, retires at once, builds a Whisper named from the
    third name offered; "1" to everything else. Keeps what it saw."""

    def __init__(self, retire: bool = True):
        self.retire = retire
        self.seen: list = []  # (pending, answer)

    def __call__(self, p) -> str:
        answer = "1"
        if p.kind == "plan" and "target_row" in p.context:
            listed = p.context["target_row"]["plans"]
            answer = number_of(p, next(plan for plan in PLANS if plan not in listed))
        elif p.kind == "gather_action":  # an action outside the plan's three (BITD.GATHER.5)
            answer = "4"
        elif p.kind == "abandon":
            answer = number_of(p, True)
        elif p.kind == "retire":
            answer = number_of(p, self.retire)
        elif p.kind == "recruit_playbook":
            answer = number_of(p, "whisper")
        elif p.kind == "recruit_name":
            answer = "3"
        self.seen.append((p, answer))
        return answer


def drive(session: Session, person, limit: int = 900) -> list[str]:
    """Answer every decision with ``person``; return the lines the session told."""
    told = []
    for _ in range(limit):
        if session.done:
            break
        told += session.handle(person(session.pending)).text
    return told


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Two scores of the starter crew, the person in pc1 (then in its successor)."""
    save = tmp_path_factory.mktemp("crew") / "crew.save"
    person = Person()
    s = Session.new(STARTER, save, seats="pc1", scores=2)
    try:
        told = drive(s, person)
        assert s.done
        return person, told, list(s.journal.events), save
    finally:
        s.close()


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    return "<1%" if 0 < value < 1 else ">99%" if 99 < value < 100 else f"{value:.0f}%"


def sim_odds(capsys, dice: int) -> dict[str, Fraction]:
    """What ``sim odds blades --dice N --json`` prints, as exact fractions."""
    capsys.readouterr()
    assert main(["odds", "blades", "--dice", str(dice), "--json"]) == 0
    return {k: Fraction(v) for k, v in json.loads(capsys.readouterr().out)["exact"].items()}


def shown_results(dice_odds: dict[str, Fraction]) -> str:
    return (f"crit {_pct(dice_odds['critical'])} · 6 {_pct(dice_odds['success'])} · 4/5 {_pct(dice_odds['partial'])}"
            f" · 1-3 {_pct(dice_odds['failure'])}")


def test_bitd_score_2_a_leading_seat_is_offered_every_plan_and_picks_one_the_target_does_not_list(played, capsys):
    """Issue 30 "No say in the fiction": the person's plan is any of the six (old code: the target's 2-3); one the
    target does not list is an approach it is strongest against, -1d on the engagement (BITD.SCORE.4), and the odds
    beside each plan are the ones `sim odds blades` gives for its dice."""
    person, _, events, _ = played
    plans = [(p, a) for p, a in person.seen if p.kind == "plan"]
    assert plans
    for p, answer in plans:
        assert p.values == PLANS
        chosen = p.values[int(answer) - 1]
        assert chosen not in p.context["target_row"]["plans"]
        for value, choice in zip(p.values, p.options):
            e = p.context["engagement"][value]
            assert e["strongest_against"] == (value not in p.context["target_row"]["plans"])
            assert choice.odds.endswith(shown_results(sim_odds(capsys, max(e["dice"], 0))))
            assert {r: Fraction(v["p"]) for r, v in e["results"].items()} == sim_odds(capsys, max(e["dice"], 0))
    engagements = [e for e in events if e["event"] == "engagement"]
    assert engagements and all(e["factors"].get("approach") == -1 for e in engagements)
    plan_events = [e for e in events if e["event"] == "plan"]
    assert [e["plan"] for e in plan_events] == [p.values[int(a) - 1] for p, a in plans]


def test_bitd_gather_1_the_person_says_how_the_crew_learns_the_detail_with_any_action(played, capsys):
    """BITD.SCORE.2-3, BITD.GATHER.1-5: the plan's detail is learned the person's way: any of the twelve actions (old
    code: the best of the plan's three, never asked), each with who asks and the fortune roll's exact odds; the
    scoundrel best at the chosen action rolls it."""
    from sim.blades.crew.state import ACTIONS
    from sim.blades.score.engagement import GATHER_ACTIONS

    person, _, events, _ = played
    asked = [(p, a) for p, a in person.seen if p.kind == "gather_action"]
    assert asked
    gathers = [e for e in events if e["event"] == "gather"]
    for (p, answer), gather in zip(asked, gathers):
        plan = p.context["plan"]
        assert set(p.values) == set(ACTIONS) and p.values[:3] == GATHER_ACTIONS[plan]
        chosen = p.values[int(answer) - 1]
        assert chosen not in GATHER_ACTIONS[plan] and gather["action"] == chosen
        facts = p.context["gathering"][chosen]
        assert gather["pc"] == facts["who"]
        for value, choice in zip(p.values, p.options):
            e = p.context["gathering"][value]
            if not e["guarded"]:
                assert shown_results(sim_odds(capsys, max(e["dice"], 0))) in choice.odds


def test_bitd_score_1_every_target_is_offered_with_its_tier_payoff_heat_and_engagement(played, capsys):
    """BITD.SCORE.1: the target menu is every target of a faction in play, each with its Tier, payoff (coin, rep,
    BITD.DOWNTIME.PAYOFF.1), heat (BITD.DOWNTIME.HEAT.1-2) and its best plan's engagement odds."""
    person, _, _, _ = played
    scenario = load_scenario(STARTER)
    targets = scenario.content.table("blades/targets")["targets"]
    legal = tuple(t["id"] for t in targets if t["faction"] in scenario.factions and t.get("weight", 1) > 0)
    asked = [p for p, _ in person.seen if p.kind == "target"]
    assert asked
    by_id = {t["id"]: t for t in targets}
    for p in asked:
        assert p.values == legal
        for value, choice in zip(p.values, p.options):
            facts = p.context["target_facts"][value]
            t = by_id[value]
            assert facts["tier"] == t["tier"] and facts["coin"] == t["coin"]
            assert choice.odds.startswith(f"Tier {t['tier']} · pays {t['coin']} coin, +{facts['rep']} rep · "
                                          f"heat {facts['heat']} · engagement {facts['engagement']['dice']}d")
            assert choice.odds.endswith(shown_results(sim_odds(capsys, max(facts["engagement"]["dice"], 0))))


def test_bitd_score_7_the_vote_is_journaled_and_the_person_told_the_tally_and_that_they_were_outvoted(played):
    """Issue 30 "No say in the fiction": "abandon the score?" is a majority vote; the person now sees the tally, and
    is told when outvoted, also when the vote does not abandon (old code: no vote event, no words)."""
    person, told, events, _ = played
    votes = [e for e in events if e["event"] == "vote"]
    assert votes
    for v in votes:
        assert v["question"] == "abandon" and set(v["ayes"]) <= set(v["voters"]) and v["leading"]
        assert v["passed"] == (2 * len(v["ayes"]) > len(v["voters"]))
        assert v["outvoted"] == [pc for pc in v["leading"] if (pc in v["ayes"]) != v["passed"]]
    failed = [v for v in votes if not v["passed"]]
    assert failed and all(v["outvoted"] for v in failed)  # the person voted to walk away and the crew stayed
    tally = f"  The crew votes on walking away: {len(failed[0]['ayes'])} of {len(failed[0]['voters'])} for ("
    assert any(line.startswith(tally) for line in told)
    assert "  The vote fails: the crew presses on." in told and "  You were outvoted." in told
    asked = sum(1 for p, _ in person.seen if p.kind == "abandon")
    assert asked == len(votes)


@pytest.mark.parametrize("lang", LANGS)
def test_the_vote_is_told_in_every_language(lang):
    scenario = load_scenario(STARTER)
    n = Narrator(scenario.content, lang)
    n.names.update({"pc1": "Ada", "pc2": "Bo", "pc3": "Cy"})

    def tell(event):
        return n.line(event).split("\n")

    vote = {"event": "vote", "question": "abandon", "voters": ["pc1", "pc2", "pc3"], "ayes": ["pc2", "pc3"],
            "passed": True, "leading": ["pc1"], "outvoted": ["pc1"]}
    lines = tell(vote)
    assert len(lines) == 3 and all("{" not in line and "pc" not in line for line in lines)
    assert "2" in lines[0] and "3" in lines[0] and "Bo" in lines[0] and "Cy" in lines[0]
    carried = tell({**vote, "ayes": ["pc1"], "passed": False, "outvoted": []})
    assert carried[2] != lines[2]


def test_bitd_death_2_a_retired_persons_scoundrel_is_replaced_by_one_they_build(played):
    """BITD.DEATH.2, BITD.CHAR.CREATE.1-2: the person picks the new scoundrel's playbook (each shown with its
    ratings), ability, vice and name from the pool, and holds the new seat."""
    person, _, events, _ = played
    books = [p for p, _ in person.seen if p.kind == "recruit_playbook"]
    assert books and books[0].seat == "pc1"
    cutter = next(c for v, c in zip(books[0].values, books[0].options) if v == "cutter")
    assert cutter.label == "Cutter" and cutter.odds.startswith("starts with Command 1, Skirmish 2; abilities: ")
    names = next(p for p, _ in person.seen if p.kind == "recruit_name")
    assert len(set(names.values)) == len(names.values) == 6
    recruit = next(e for e in events if e["event"] == "recruit" and e["replaces"] == "pc1")
    assert recruit["playbook"] == "whisper" and recruit["name"] == names.values[2]
    kinds = [p.kind for p, _ in person.seen]
    at = kinds.index("recruit_playbook")
    assert kinds[at:at + 4] == ["recruit_playbook", "recruit_ability", "recruit_vice", "recruit_name"]


def test_after_the_persons_scoundrel_retires_the_crews_choices_are_still_theirs(played):
    """Issue 30 "No say in the fiction": once the person's scoundrel retires, the next claim, target, plan and
    spotlight are asked of the person's new scoundrel (old code: of pc2, a scripted policy)."""
    _, _, events, _ = played
    retired = next(e["seq"] for e in events if e["event"] == "retirement" and e["pc"] == "pc1")
    new = next(e["pc"] for e in events if e["event"] == "recruit" and e["replaces"] == "pc1")
    later = [e for e in events if e["event"] == "decision" and e["seq"] > retired
             and e["kind"] in ("claim", "target", "plan", "spotlight")]
    assert {e["kind"] for e in later} >= {"target", "plan", "spotlight"}
    assert all(e["seat"] == new and e["by"] == "human" for e in later)


def test_the_session_replays_byte_identically(played):
    _, _, events, save = played
    again = Session.resume(save, lock=False)
    try:
        assert again.journal.events == events
    finally:
        again.close()


def test_an_old_save_without_leads_keeps_its_shortlists_and_journals_no_vote(tmp_path):
    """An old save (its header without ``leads``) replays with the menus it was played with: the target's own
    plans, no vote event, the recruit made as before (same playbook, no questions), the scripted crew voice."""
    first = tmp_path / "new.save"
    Session.new(STARTER, first, seats="pc1", scores=2).close()
    header = dict(SaveFile.open(first).header)
    header.pop("leads")
    header.pop("crc", None)
    old = tmp_path / "old.save"
    SaveFile.create(old, header).close()
    s = Session.resume(old)
    person = Person()
    try:
        drive(s, person)
        events = list(s.journal.events)
    finally:
        s.close()
    plans = [p for p, _ in person.seen if p.kind == "plan"]
    assert plans and all(len(p.values) < len(PLANS) and "target_row" not in p.context for p in plans)
    assert not [e for e in events if e["event"] == "vote"]
    assert not [p for p, _ in person.seen if p.kind.startswith("recruit_")]
    recruit = next(e for e in events if e["event"] == "recruit" and e["replaces"] == "pc1")
    assert recruit["playbook"] == "lurk"
    retired = next(e["seq"] for e in events if e["event"] == "retirement" and e["pc"] == "pc1")
    assert {e["seat"] for e in events if e["event"] == "decision" and e["seq"] > retired
            and e["kind"] in ("target", "plan")} == {"pc2"}


def test_sim_solo_new_with_a_script_plays_the_persons_plan_vote_and_new_character(played, tmp_path, capsys):
    """The same answers through `sim solo new starter --seats pc1 --script F`: the off-list plan, the tally, the
    outvoted line and the new character are in what it prints."""
    person, _, events, _ = played
    script = tmp_path / "answers.txt"
    script.write_text("\n".join(a for _, a in person.seen) + "\n", encoding="utf-8")
    save = tmp_path / "cli.save"
    capsys.readouterr()
    code = main(["solo", "new", "starter", "--save", str(save), "--seats", "pc1", "--scores", "2", "--script",
                 str(script)])
    out = capsys.readouterr().out
    assert code == 0
    assert "the target is strongest against it (-1d)" in out
    assert "The crew votes on walking away:" in out and "You were outvoted." in out
    assert "which playbook?" in out.lower() and "starts with" in out
    recruit = next(e for e in events if e["event"] == "recruit" and e["replaces"] == "pc1")
    assert recruit["name"] in out
    again = Session.resume(save, lock=False)
    try:
        assert [e for e in again.journal.events if e["event"] != "oracle_tension"] == \
            [e for e in events if e["event"] != "oracle_tension"]
    finally:
        again.close()


def test_an_auto_answer_keeps_to_the_targets_plans_and_the_usual_way_to_gather():
    """A person's widened menu answered by policy (``auto``): the plan among those the target lists (no -1d taken
    by a script), the gathering action the crew would use unasked."""
    from sim.agents.base import Decision
    from sim.blades.campaign import seat_agent
    from sim.rng import stream

    agent = seat_agent("players", "careful")
    plan = Decision("plan", "pc1", PLANS, {"pc": "pc1", "target": "billhook_collector",
                                          "target_row": {"plans": ["assault"]}})
    assert agent.choose(plan, stream(1, "t")) == "assault"
    gather = Decision("gather_action", "pc1", ("survey", "study", "prowl", "hunt"), {"usual": "prowl"})
    assert agent.choose(gather, stream(1, "t")) == "prowl"
