"""Seats (issue 10): one decide that refuses illegal answers, streams by purpose, decision events, replay.

The replay tests are the issue's "Done means": every shipped scenario, 20 seeds each, replayed from its own
journal to the same bytes; an edited journal stops at the first event that differs, with exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.agents.base import Agent, Decision
from sim.agents.seats import Replay, ReplayDiverged, Seats, canonical, is_legal, parse_seat_flags, plain
from sim.blades.campaign import play_campaign
from sim.cli import main
from sim.content import load_scenario
from sim.errors import IllegalMove, UsageError
from sim.journal import Journal
from sim.replay import Verifier, read_journal

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in [*(ROOT / "scenarios").glob("*.yaml"), *(ROOT / "scenarios" / "tests").glob("*.yaml")]
                   if "system: blades" in p.read_text(encoding="utf-8"))  # Blades campaigns (mist: test_mist_campaign.py)


class Answer(Agent):
    """Always answers ``value`` (legal or not)."""

    def __init__(self, value, name="answer"):
        self.value = value
        self.name = name
        self.seen: list[Decision] = []

    def choose(self, d, rng):
        self.seen.append(d)
        return self.value


class Greedy(Agent):
    """Draws a lot from its own stream, then takes the first option."""

    name = "greedy"

    def choose(self, d, rng):
        for _ in range(100):
            rng.random()
        return d.options[0]


class First(Agent):
    name = "first"

    def choose(self, d, rng):
        return d.options[0]


def test_an_illegal_answer_is_refused_with_one_sentence():
    seats = Seats({"pc1": Answer("fly")}, seed=1)
    with pytest.raises(IllegalMove, match=r"answer in seat pc1 answered 'fly' to action; the legal answers are "
                                          r"'prowl', 'skirmish'"):
        seats.decide("pc1", "action", ("prowl", "skirmish"))


def test_true_is_not_the_option_one_and_zero_is_not_false():
    assert not is_legal(True, (0, 1, 2)) and not is_legal(0, (False, True)) and not is_legal(1.0, (1, 2))
    assert is_legal(1, (0, 1, 2)) and is_legal(False, (False, True)) and is_legal(None, (None, "x"))
    with pytest.raises(IllegalMove):
        Seats({"pc1": Answer(True)}, seed=1).decide("pc1", "coin_raise", (0, 1, 2))


def test_nobody_in_a_seat_and_no_options_are_illegal_moves():
    seats = Seats({"pc1": First()}, seed=1)
    with pytest.raises(IllegalMove, match="nobody sits in seat 'pc7'"):
        seats.decide("pc7", "push", (False, True))
    with pytest.raises(IllegalMove, match="no legal option"):
        seats.decide("pc1", "push", ())


def test_a_decision_with_a_choice_is_journaled_and_a_forced_one_is_not():
    journal = Journal()
    seats = Seats({"pc1": First(), "gm": Answer("standard", name="gritty")}, seed=3, journal=journal)
    assert seats.decide("pc1", "load", ("light",)) == "light"
    assert seats.decide("gm", "effect", ("limited", "standard"), suggested="standard") == "standard"
    assert seats.decide("pc1", "fate_invoke", (("pass", "", ""), ("free", "Dark", "bonus"))) == ("pass", "", "")
    assert [e["event"] for e in journal.events] == ["decision", "decision"]
    first, second = journal.events
    assert first == {"event": "decision", "seq": 1, "phase": "setup", "seat": "gm", "kind": "effect",
                     "options": ["limited", "standard"], "choice": "standard", "by": "gritty"}
    assert second["options"] == [["pass", "", ""], ["free", "Dark", "bonus"]] and second["choice"] == ["pass", "", ""]
    assert seats.asked == 3 and seats.recorded == 2


def test_a_journal_that_keeps_nothing_gets_no_decision_events():
    journal = Journal(keep=False)
    heard = []
    journal.listeners.append(heard.append)
    Seats({"pc1": First()}, seed=1, journal=journal).decide("pc1", "push", (False, True))
    assert heard == [] and journal.seq == 0


def test_each_seat_has_its_own_stream_of_the_seed():
    a, b = Seats({}, seed=9), Seats({}, seed=9)
    assert a.rng("pc1").random() == b.rng("pc1").random()
    assert Seats({}, seed=9).rng("pc1").random() != Seats({}, seed=9).rng("pc2").random()
    assert Seats({}, seed=9).rng("gm").random() != Seats({}, seed=10).rng("gm").random()


def test_plain_and_canonical():
    assert plain((1, ("a", None), {"k": (True,)})) == [1, ["a", None], {"k": [True]}]
    assert canonical(("free", "Dark", "bonus")) == '["free","Dark","bonus"]'
    assert canonical(True) != canonical(1)


def test_parse_seat_flags():
    assert parse_seat_flags(["pc1=bold", "gm = gritty", "pc1=human"]) == {"pc1": "human", "gm": "gritty"}
    for bad in ("pc1", "=bold", "pc1="):
        with pytest.raises(UsageError, match="SEAT=HOLDER"):
            parse_seat_flags([bad])


def _journal(scenario, seed, **kw):
    from sim.systems import get_system

    journal = Journal()
    campaign, summary = get_system(scenario.system).play(scenario, seed, journal=journal, **kw)
    return journal, campaign, summary


def test_seat_answers_draw_nothing_from_the_dice():
    """Random streams by purpose: a seat that draws a hundred numbers per decision leaves the dice as they were
    (the same answers, the same rolls), because each seat draws from its own stream."""
    scenario = load_scenario(ROOT / "scenarios" / "starter.yaml")
    quiet, _, _ = _journal(scenario, 4, seats={"*": First()}, scores=2)
    busy, _, _ = _journal(scenario, 4, seats={"*": Greedy()}, scores=2)
    strip = [{k: v for k, v in e.items() if k != "by"} for e in quiet.events]
    assert strip == [{k: v for k, v in e.items() if k != "by"} for e in busy.events]
    assert any(e["event"] == "action_roll" for e in quiet.events)


@pytest.mark.parametrize("path", SCENARIOS)
def test_replay_is_byte_identical_for_20_seeds(path):
    from sim.systems import get_system

    scenario = load_scenario(ROOT / path)
    for seed in range(20):
        original, _, summary = _journal(scenario, seed, scores=4)
        lines = list(original.lines())
        replayed = Journal()
        verifier = Verifier(original.events)
        replayed.listeners.append(verifier)
        replay = Replay(original.events)
        _, again = get_system(scenario.system).play(scenario, seed, journal=replayed, scores=4, seats={"*": replay})
        verifier.finish()
        assert list(replayed.lines()) == lines, (path, seed)
        assert again == summary and replay.remaining == 0
        assert any(e["event"] == "decision" for e in original.events)


def test_fate_scenes_in_a_score_ask_the_campaigns_own_seats():
    scenario = load_scenario(ROOT / "scenarios" / "fate_scenes.yaml")
    asked: list[tuple[str, str]] = []

    class Watch(Agent):
        name = "watch"

        def choose(self, d, rng):
            asked.append((d.seat, d.kind))
            return d.options[0]

    for seed in range(1, 6):
        _journal(scenario, seed, seats={"pc1": Watch(), "gm": Watch()}, scores=3)
    fate = {seat for seat, kind in asked if kind.startswith("fate_")}
    assert {"pc1", "gm"} <= fate  # Fate decisions reached the campaign's own seats (a recruit inherits pc1's)
    assert {seat for seat, _ in asked} <= {"pc1", "gm"} | {f"pc{i}" for i in range(5, 9)}


# ------------------------------------------------------------------- the command


def _run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_play_replay_prints_the_same_output(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    code, first, _ = _run(["play", "scenarios/tests/two_scores.yaml", "--seed", "3", "--journal", str(journal)],
                          capsys)
    assert code == 0
    code, again, err = _run(["play", "scenarios/tests/two_scores.yaml", "--replay", str(journal)], capsys)
    assert (code, err) == (0, "") and again == first
    code, as_json, _ = _run(["play", "scenarios/tests/two_scores.yaml", "--replay", str(journal), "--json"], capsys)
    assert as_json == journal.read_text(encoding="utf-8")


def test_an_edited_journal_names_the_first_divergence_and_exits_2(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    assert _run(["play", "scenarios/starter.yaml", "--seed", "2", "--scores", "2", "--journal", str(journal)],
                capsys)[0] == 0
    lines = journal.read_text(encoding="utf-8").splitlines()
    i, event = next((i, json.loads(l)) for i, l in enumerate(lines) if '"kind":"push"' in l)
    event["choice"] = not event["choice"]
    lines[i] = json.dumps(event, sort_keys=True, separators=(",", ":"))
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = _run(["play", "scenarios/starter.yaml", "--replay", str(edited)], capsys)
    assert code == 2 and out == ""
    assert err.startswith("sim: error: replay diverged at event ") and err.count("\n") == 1
    seq = int(err.split("event ")[1].split(" ")[0])
    assert seq > event["seq"]  # the edited answer was replayed as recorded; what follows from it differs
    # a changed number in a plain event is named by its seq and field
    lines = journal.read_text(encoding="utf-8").splitlines()
    j, stress = next((j, json.loads(l)) for j, l in enumerate(lines) if '"event":"stress"' in l)
    stress["after"] += 1
    lines[j] = json.dumps(stress, sort_keys=True, separators=(",", ":"))
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = _run(["play", "scenarios/starter.yaml", "--replay", str(edited)], capsys)
    assert code == 2 and f"at event {stress['seq']} (stress)" in err and "after" in err
    # a journal cut short: the replay goes on past its end
    edited.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    code, _, err = _run(["play", "scenarios/starter.yaml", "--replay", str(edited)], capsys)
    assert code == 2 and "replay diverged" in err


@pytest.mark.parametrize("text, why", [
    ("not json at all\n", "line 1 is not JSON"),
    ('{"a": 1}\n', "line 1 is not an event"),
    ('{"seq": 2, "event": "campaign_start", "phase": "setup"}\n', "has seq 2"),
    ('{"seq": 1, "event": "stress", "phase": "setup"}\n', "starts with 'stress'"),
    ("", "no events"),
])
def test_a_file_that_is_not_a_journal_gets_one_line(tmp_path, capsys, text, why):
    path = tmp_path / "x.jsonl"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(["play", "scenarios/starter.yaml", "--replay", str(path)], capsys)
    assert code == 2 and out == "" and why in err and err.count("\n") == 1
    with pytest.raises(UsageError):
        read_journal(path)


def test_replay_refuses_other_files(tmp_path, capsys):
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    for target, why in ((tmp_path, "is a folder"), (tmp_path / "missing", "no such journal"),
                        (tmp_path / "bin", "not UTF-8")):
        code, _, err = _run(["play", "scenarios/starter.yaml", "--replay", str(target)], capsys)
        assert code == 2 and why in err


def test_seat_flags_choose_policies_and_are_recorded(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    code, _, _ = _run(["play", "scenarios/tests/two_scores.yaml", "--seat", "pc1=reckless", "--seat", "gm=gritty",
                       "--journal", str(journal)], capsys)
    assert code == 0
    events = read_journal(journal)
    start = events[0]
    assert start["seats"]["pc1"] == "reckless" and start["seats"]["gm"] == "gritty"
    assert start["pcs"][0]["policy"] == "reckless"
    by = {(e["seat"], e["by"]) for e in events if e["event"] == "decision"}
    assert ("pc1", "reckless") in by and ("gm", "gritty") in by
    # the replay reads the seats from the journal
    code, _, err = _run(["play", "scenarios/tests/two_scores.yaml", "--replay", str(journal)], capsys)
    assert (code, err) == (0, "")


@pytest.mark.parametrize("flag, why", [
    ("pc9=bold", "no seat 'pc9'"), ("gm=bold", "'bold' cannot hold seat gm"), ("pc1=gritty", "cannot hold seat pc1"),
    ("seat=bold", "no seat 'seat'"),
])
def test_bad_seat_flags_get_one_line(capsys, flag, why):
    code, out, err = _run(["play", "scenarios/tests/two_scores.yaml", "--seat", flag], capsys)
    assert code == 2 and out == "" and why in err and err.count("\n") == 1


def test_replay_takes_no_seat_flags(tmp_path, capsys):
    code, _, err = _run(["play", "scenarios/starter.yaml", "--replay", str(tmp_path / "x"), "--seat", "pc1=bold"],
                        capsys)
    assert code == 2 and "takes no --seat" in err


def test_scenario_seats_are_validated_with_file_line_and_field(tmp_path, capsys):
    text = (ROOT / "scenarios" / "tests" / "two_scores.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text + "seats: {pc1: human, pc7: bold, gm: reckless, boss: careful}\n", encoding="utf-8")
    code, _, out = _run(["validate", str(bad)], capsys)  # the problems are on stderr
    assert code == 1
    assert "seats.pc7: no seat 'pc7'" in out and "seats.gm: 'reckless' cannot hold seat gm" in out
    assert "seats.boss" in out


def test_a_scenario_seat_held_by_a_person_needs_someone_there(tmp_path, capsys):
    text = (ROOT / "scenarios" / "tests" / "two_scores.yaml").read_text(encoding="utf-8")
    path = tmp_path / "person.yaml"
    path.write_text(text + "seats: {pc1: human, gm: gritty}\n", encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.seats == (("pc1", "human"), ("gm", "gritty"))
    with pytest.raises(UsageError, match="seat pc1 is held by a person"):
        play_campaign(scenario, 1)
    journal, _, _ = _journal(scenario, 1, seats={"pc1": First()})
    assert journal.events[0]["seats"]["pc1"] == "human" and journal.events[0]["seats"]["gm"] == "gritty"
    by = {e["by"] for e in journal.events if e["event"] == "decision" and e["seat"] == "gm"}
    assert by == {"gritty"}


def _rows(out):
    import pyarrow.parquet as pq

    return pq.read_table(out / "campaigns.parquet").to_pylist()


def test_sim_batch_seat_flag_is_the_scenarios_seats(tmp_path, capsys):
    text = (ROOT / "scenarios" / "tests" / "two_scores.yaml").read_text(encoding="utf-8")
    seated = tmp_path / "seated.yaml"
    seated.write_text(text + "seats: {pc1: bold, gm: gritty}\n", encoding="utf-8")
    common = ["--campaigns", "6", "--workers", "1", "--journals", "2"]
    assert main(["batch", "scenarios/tests/two_scores.yaml", *common, "--seat", "pc1=bold", "--seat", "gm=gritty",
                 "--out", str(tmp_path / "flag")]) == 0
    assert main(["batch", str(seated), *common, "--out", str(tmp_path / "file")]) == 0
    assert main(["batch", "scenarios/tests/two_scores.yaml", *common, "--out", str(tmp_path / "plain")]) == 0
    capsys.readouterr()
    flag, file, plain_rows = _rows(tmp_path / "flag"), _rows(tmp_path / "file"), _rows(tmp_path / "plain")
    strip = lambda rows: [{k: v for k, v in r.items() if k != "scenario"} for r in rows]  # noqa: E731
    assert strip(flag) == strip(file) and flag != plain_rows
    # a batch's journals replay like any other
    journal = tmp_path / "flag" / "journals" / "1.jsonl"
    code, out, err = _run(["play", "scenarios/tests/two_scores.yaml", "--replay", str(journal), "--json"], capsys)
    assert (code, err) == (0, "") and out == journal.read_text(encoding="utf-8")
    assert read_journal(journal)[0]["seats"]["gm"] == "gritty"


def test_sim_batch_refuses_a_person_and_a_rerun_with_other_seats(tmp_path, capsys):
    code, _, err = _run(["batch", "scenarios/tests/two_scores.yaml", "--campaigns", "2", "--workers", "1",
                         "--seat", "pc2=human", "--out", str(tmp_path / "a")], capsys)
    assert code == 2 and "a batch asks nobody" in err and err.count("\n") == 1
    out = str(tmp_path / "b")
    assert main(["batch", "scenarios/tests/two_scores.yaml", "--campaigns", "2", "--workers", "1", "--out", out]) == 0
    capsys.readouterr()
    code, _, err = _run(["batch", "scenarios/tests/two_scores.yaml", "--campaigns", "2", "--workers", "1",
                         "--seat", "pc1=bold", "--out", out], capsys)
    assert code == 2 and err.count("\n") == 1  # another batch in the same folder is refused, never mixed


def test_a_person_in_a_seat_answers_on_standard_input(tmp_path, capsys, monkeypatch):
    """``--seat pc1=human``: the prompt and numbered labels from the catalogue; a number, a label or an id is an
    answer; anything else asks again; the journal says the person chose (``by: human``) and replays."""
    import io

    answers = io.StringIO("nonsense\n?\n" + "1\n" * 2000)
    monkeypatch.setattr("sys.stdin", answers)
    journal = tmp_path / "j.jsonl"
    code, out, err = _run(["play", "scenarios/tests/two_scores.yaml", "--seat", "pc1=human", "--journal",
                           str(journal)], capsys)
    assert (code, err) == (0, "")
    assert "[pc1] Which crew upgrade?" in out and "  1. " in out and "> " in out
    assert "? answer 1.." in out  # "nonsense" was asked again
    assert "=== Score 1 ===" in out  # the story is told as it happens, between the questions
    assert out.index("The crew gains an upgrade") < out.index("=== Score 1 ===")
    events = read_journal(journal)
    mine = [e for e in events if e["event"] == "decision" and e["seat"] == "pc1"]
    assert mine and all(e["by"] == "human" and e["choice"] == e["options"][0] for e in mine)
    assert events[0]["seats"]["pc1"] == "human"
    assert {e["by"] for e in events if e["event"] == "decision" and e["seat"] == "gm"} == {"standard"}
    code, _, err = _run(["play", "scenarios/tests/two_scores.yaml", "--replay", str(journal), "--json"], capsys)
    assert (code, err) == (0, "")


def test_a_person_who_stops_answering_gets_one_line(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
    code, out, err = _run(["play", "scenarios/tests/two_scores.yaml", "--seat", "pc1=human"], capsys)
    assert code == 2 and err.startswith("sim: error: no answer for pc1's decision ") and err.count("\n") == 1


def test_pick_reads_a_number_a_label_or_an_id():
    from sim.agents.prompt import pick

    options, labels = ("prowl", "skirmish"), ["Prowl", "Skirmish"]
    assert [pick(a, options, labels) for a in ("1", "2", "3", "skirmish", "PROWL", "x", "0")] == \
        [0, 1, None, 1, 0, None, None]


def test_upgrade_decisions_offer_only_what_the_boxes_pay_for():
    """A seat is offered only legal answers: an upgrade costing more boxes than the crew has saved is not an
    option (saving the boxes for it is); the scripted policies save for their first wish as before."""

    scenario = load_scenario(ROOT / "scenarios" / "starter.yaml")
    offers: list[Decision] = []

    class Taker(Agent):
        name = "taker"

        def choose(self, d, rng):
            offers.append(d)
            return d.options[0]

    for seed in range(1, 4):
        _journal(scenario, seed, seats={"pc1": Taker()}, scores=4)
    upgrades = [d for d in offers if d.kind == "upgrade"]
    assert upgrades and all("save" in d.options for d in upgrades)
    assert all(d.context["costs"][o] <= d.context["boxes"] for d in upgrades for o in d.options if o != "save")
    assert any(cost > d.context["boxes"] for d in upgrades for cost in d.context["costs"].values())


def test_a_person_leads_a_policy_never_does_and_a_replay_leads_where_a_person_answered():
    """Issue 30: the rules widen a menu only for a seat whose holder leads (Seats.leads): a person at the terminal,
    a solo seat of a save made since LEADS, a replay of a person's recorded answers; never a scripted policy."""
    import io

    from sim.agents.base import ScriptedAgent
    from sim.agents.prompt import PromptAgent
    from sim.agents.seats import Replay, Seats

    records = [{"event": "decision", "seat": "pc1", "kind": "push", "options": [False, True], "choice": True,
                "by": "human"},
               {"event": "decision", "seat": "pc2", "kind": "push", "options": [False, True], "choice": False,
                "by": "careful"}]
    replay = Replay(records)
    seats = Seats({"pc1": PromptAgent(io.StringIO(), io.StringIO()), "pc2": ScriptedAgent("careful", "player", {}),
                   "pc3": replay, "pc4": replay}, seed=1)
    assert [seats.leads(s) for s in ("pc1", "pc2", "pc3", "gm")] == [True, False, False, False]
    assert Replay(records).leads("pc1") and not Replay(records).leads("pc2")
    seats.sit("pc2", PromptAgent(io.StringIO(), io.StringIO()))  # a person takes the seat over
    assert seats.leads("pc2")
    seats.sit("pc2", ScriptedAgent("careful", "player", {}))
    assert not seats.leads("pc2")
