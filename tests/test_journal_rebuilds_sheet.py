"""One owner, every change an event: the journal alone rebuilds the crew sheet (issue 10, part 6).

At every score's end (the ``phase`` event into ``free_play`` after downtime,
and ``ended``; and once at the start, free play's first) the sheet folded from the journal so far
(:func:`sim.blades.crew.sheet.fold_sheet`, starting from ``campaign_start``) must
equal the sheet read from the live campaign (:func:`sim.blades.crew.sheet.live_sheet`),
field by field: each scoundrel's stress, trauma, harm, healing, xp, stash,
coin, status, load, armor, abilities, actions; the crew's rep, coin, heat,
wanted, Tier, hold, turf, claims, upgrades, abilities, cohorts, xp; every
faction's status, Tier, hold and clocks; the campaign's clocks and ledger.
Every shipped scenario (``scenarios/`` and ``scenarios/tests/``), 20 seeds each.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sim.blades.campaign as campaign_module
from sim.blades.advancement.advancement import heal_cohorts, mark_xp
from sim.blades.campaign import build_campaign, play_campaign
from sim.blades.crew.sheet import differences, fold_sheet, live_sheet
from sim.blades.crew.state import Cohort
from sim.content import load_scenario
from sim.errors import IllegalMove
from sim.journal import Journal, read_jsonl

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(p for p in [*ROOT.glob("scenarios/*.yaml"), *ROOT.glob("scenarios/tests/*.yaml")]
                   if "\nsystem: blades" in p.read_text(encoding="utf-8"))  # Blades sheets: Blades campaigns
SEEDS = range(20)
_LOADED: dict[Path, object] = {}


def scenario(path: Path):
    if path not in _LOADED:
        _LOADED[path] = load_scenario(path)
    return _LOADED[path]


def score_end(event: dict) -> bool:
    """A phase event into free play (the campaign's start, and each score's end after downtime or lying low) or
    into ``ended``."""
    return event["event"] == "phase" and event["to"] in ("free_play", "ended")


def play_checked(path: Path, seed: int, monkeypatch, scores: int | None = None) -> tuple[list[str], int]:
    """Play one campaign; at every score's end compare the sheet rebuilt from the journal so far with the live
    one. Returns (mismatch lines, checkpoints)."""
    journal = Journal()
    live: list = []
    problems: list[str] = []
    checks = [0]

    def build(*args, **kwargs):
        campaign = build_campaign(*args, **kwargs)
        live.append(campaign)
        return campaign

    def at_score_end(event: dict) -> None:
        if not score_end(event):
            return
        checks[0] += 1
        rebuilt = fold_sheet(journal.events)
        for field in differences(rebuilt, live_sheet(live[0])):
            problems.append(f"{path.relative_to(ROOT)} seed {seed} event {event['seq']}: {field}")

    monkeypatch.setattr(campaign_module, "build_campaign", build)
    journal.listeners.append(at_score_end)
    campaign, _ = play_campaign(scenario(path), seed, journal=journal, scores=scores)
    # the journal as written (canonical JSON Lines) is enough: fold it read back from text
    text = io.StringIO()
    journal.write(text)
    text.seek(0)
    for field in differences(fold_sheet(read_jsonl(text)), live_sheet(campaign)):
        problems.append(f"{path.relative_to(ROOT)} seed {seed} JSON Lines: {field}")
    return problems, checks[0]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_journal_rebuilds_the_sheet_at_every_score_end(path, monkeypatch):
    problems: list[str] = []
    checks = 0
    for seed in SEEDS:
        found, n = play_checked(path, seed, monkeypatch)
        problems += found[:5]
        checks += n
    assert checks >= len(SEEDS)  # at least the end of every campaign was compared
    assert not problems, "sheet rebuilt from the journal differs from the campaign:\n" + "\n".join(problems[:20])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), scores=st.integers(min_value=1, max_value=4))
def test_journal_rebuilds_the_sheet_for_any_seed(seed, scores):
    with pytest.MonkeyPatch.context() as monkeypatch:
        problems, checks = play_checked(ROOT / "scenarios" / "starter.yaml", seed, monkeypatch, scores=scores)
    assert checks >= 1 and not problems, "\n".join(problems[:20])


# ---- the Campaign methods one by one, each checked against its own journal


@pytest.fixture
def started():
    return build_campaign(scenario(ROOT / "scenarios" / "tests" / "two_scores.yaml"), 3, Journal())


def assert_rebuilds(campaign) -> None:
    assert differences(fold_sheet(campaign.journal.events), live_sheet(campaign)) == []


def test_campaign_start_carries_the_whole_starting_sheet(started):
    start = started.journal.events[0]
    assert start["event"] == "campaign_start"
    assert fold_sheet([start])["pcs"] == {p["id"]: p["sheet"] for p in start["pcs"]}
    assert {fid: rec["clocks"] for fid, rec in start["factions"].items()} == {
        fid: [{"id": c.id, "filled": c.filled, "size": c.size} for c in f.clocks] for fid, f in started.factions.items()}
    assert_rebuilds(started)


def test_BITD_XP_4_mark_xp_carries_the_overflow_past_an_advance(started):
    pc = started.pcs[0]
    before = pc.xp["prowess"]
    assert started.mark_xp(pc, "prowess", 6 - before + 2, "test") == 1  # fills the 6-track once, 2 carry
    assert pc.xp["prowess"] == 2
    event = started.journal.events[-1]
    assert (event["event"], event["before"], event["after"], event["size"]) == ("xp", before, 6, 6)
    mark_xp(started, pc, "playbook", 8, "test")  # a full playbook track: a new special ability
    assert started.journal.events[-1]["event"] == "advance"
    assert_rebuilds(started)


def test_BITD_COHORT_2_and_9_cohort_quality_and_healing_are_journaled(started):
    gang = Cohort("cohort9", "gang", "thugs", 0, 0, harm=3)
    started.add_cohort(gang)
    started.set_cohort(gang, "crew advance", quality=1, scale=1)
    heal_cohorts(started)
    assert (gang.quality, gang.scale, gang.harm) == (1, 1, 2)
    assert [e["event"] for e in started.journal.events[-3:]] == ["cohort", "cohort_quality", "cohort_harm"]
    assert_rebuilds(started)
    with pytest.raises(IllegalMove):
        started.heal_cohort(Cohort("dead", "gang", "thugs", 0, 0, harm=4), "downtime")


def test_BITD_COHORT_5_6_8_9_cohort_edges_flaws_types_harm_and_replacement_rebuild_from_the_journal(started):
    from blades_score_kit import script
    from sim.blades.advancement import cohorts
    gang = Cohort("cohort8", "gang", "thugs", 0, 0, edges=["loyal"], flaws=["wild"])
    started.add_cohort(gang)
    started.add_cohort_type(gang, "rooks")
    started.harm_cohort(gang, 2, "test")
    assert_rebuilds(started)
    started.harm_cohort(gang, 4, "test")
    started.crew.coin = max(started.crew.coin, cohorts.replacement_cost(started))
    seat = started.pcs[0].id
    script(started, seat, cohort_kind="expert", cohort_expert="doctor", cohort_traits=1, cohort_edge="fearsome",
           cohort_flaw="principled")
    cohorts.replace(started, seat, gang)
    (new,) = [c for c in started.crew.cohorts if c.id == "cohort8"]
    assert (new.kind, new.type, new.harm, new.edges, new.flaws) == ("expert", "doctor", 0, ["fearsome"], ["principled"])
    assert_rebuilds(started)
    folded = next(c for c in fold_sheet(started.journal.events)["crew"]["cohorts"] if c["id"] == "cohort8")
    assert (folded["types"], folded["edges"], folded["flaws"]) == (["doctor"], ["fearsome"], ["principled"])


def test_claims_gained_and_lost_are_journaled_once_each(started):
    started.add_claim("turf", "test")
    started.add_claim("turf", "test")
    started.lose_claim("turf", "test")
    assert started.crew.claims == ["turf"]
    assert [e["change"] for e in started.journal.events if e["event"] == "claim"][-3:] == ["gained", "gained", "lost"]
    assert_rebuilds(started)
    with pytest.raises(IllegalMove):
        started.lose_claim("informants", "test")


def test_out_of_the_score_and_back_is_journaled(started):
    a, b = started.pcs[:2]
    started.take_out(a, "taken_out")
    started.sit_out(b)
    assert_rebuilds(started)
    started.return_pcs("score over")
    assert started.journal.events[-1]["pcs"] == [a.id, b.id] and not (a.taken_out or b.taken_out)
    seq = started.journal.seq
    started.return_pcs("score start")  # nobody out: nothing changes, nothing is journaled
    assert started.journal.seq == seq
    assert_rebuilds(started)


def test_ledger_changes_are_journaled(started):
    pc = started.pcs[0]
    started.begin_score()
    started.win_score()
    started.set_sentence(pc, -1, "took the fall")
    started.set_absences("away", {pc.id: 1}, "test")
    started.set_war("hold", ["bluecoats"])
    started.offer_fall(pc)
    started.add_upgrade_boxes(2, "test")
    started.add_upgrade("mastery", 2)
    assert (started.ledger.score_no, started.ledger.scores_won, started.ledger.upgrade_boxes) == (1, 1, 0)
    assert_rebuilds(started)
    with pytest.raises(IllegalMove):
        started.add_upgrade("vault", 1)  # no boxes left
    with pytest.raises(IllegalMove):
        started.set_absences("holidays", {}, "test")


def test_limits_coin_and_load_are_journaled(started):
    pc = started.pcs[0]
    started.raise_max(pc, "stress", "composed")
    started.raise_max(pc, "trauma", "hardened")
    started.add_pc_coin(pc, 1, "share")
    started.set_load(pc, "heavy", armor=True, heavy=True, special=False)
    started.mark_armor(pc, "heavy", 2, 1, "test")
    started.set_vice_satisfied(pc, True, "test")
    assert (pc.stress_max, pc.trauma_max, pc.armor["heavy"]) == (10, 5, False)
    assert_rebuilds(started)
    with pytest.raises(IllegalMove):
        started.add_pc_coin(pc, 9, "share")  # BITD.COIN.3: a scoundrel carries at most 4


def test_founding_members_enlist_only_before_the_campaign_starts(started):
    with pytest.raises(IllegalMove):
        started.enlist(started.pcs[0])


def test_readme_sheet_example_is_real_output(tmp_path, capsys):
    """The ``fold_sheet`` example of ``docs/blades.md`` (under ``sim play``): run it on the journal it names and compare."""
    import re

    from sim.cli import main

    readme = (ROOT / "docs" / "blades.md").read_text(encoding="utf-8")
    code, expected = re.search(r"```python\n(from sim\.blades\.(?:crew\.)?sheet import fold_sheet\n.*?)```\n\n```console\n(.*?)```",
                               readme, re.S).groups()
    journal = tmp_path / "seed7.jsonl"
    assert main(["play", str(ROOT / "scenarios" / "tests" / "two_scores.yaml"), "--seed", "7", "--journal", str(journal)]) == 0
    capsys.readouterr()
    exec(compile(code.replace('"seed7.jsonl"', repr(str(journal))), "docs/blades.md", "exec"), {})
    assert capsys.readouterr().out == expected, "rerun the docs/blades.md example and paste its output"
