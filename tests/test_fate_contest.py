"""Contests and challenges (FATE.CONTEST.1-5, FATE.CHALLENGE.1-3)."""

import pytest
from hypothesis import given, settings, strategies as st

from sim.errors import UsageError
from sim.fate import ContestSide, Scene, Task, Threat, make_character, play_challenge, play_contest, seats_for
from sim.fate.scenes.challenge import assign_tasks, verdict
from sim.fate.scenes.contest import exchange_victories
from sim.rng import derive_seed, make_rng


def test_FATE_CONTEST_3_single_highest_effort_marks_one_victory():
    assert exchange_victories({"a": 4, "b": 3}, {"a": "succeed", "b": "fail"}) == ("a", 1)


def test_FATE_CONTEST_3_style_marks_two_when_nobody_else_styled():
    assert exchange_victories({"a": 6, "b": 2}, {"a": "style", "b": "fail"}) == ("a", 2)


def test_FATE_CONTEST_3_tie_for_highest_is_a_twist():
    assert exchange_victories({"a": 4, "b": 4, "c": 1}, {"a": "tie", "b": "tie", "c": "fail"}) == (None, 0)


def test_FATE_CONTEST_3_conflict_reading_srd_vs_seed_against_a_difficulty():
    # vs passive difficulty 2: a styled (6), b plainly succeeded (3)
    efforts, outcomes = {"a": 6, "b": 3}, {"a": "style", "b": "succeed"}
    assert exchange_victories(efforts, outcomes, "srd") == ("a", 2)  # default: only another style spoils it
    assert exchange_victories(efforts, outcomes, "seed") == ("a", 1)  # seed: anyone else succeeding spoils it
    assert exchange_victories({"a": 7, "b": 5}, {"a": "style", "b": "style"}, "srd") == ("a", 1)
    with pytest.raises(UsageError):
        exchange_victories(efforts, outcomes, "house")


def _pair(rating_a=3, rating_b=3, **kw):
    ana = make_character("ana", {"Athletics": rating_a, "Physique": 2})
    bo = make_character("bo", {"Athletics": rating_b, "Physique": 2})
    return ana, bo


def _race(seed, ana, bo, **kw):
    sc = Scene(make_rng(seed), [ana, bo], {"ana": "A", "bo": "B"}, seats=seats_for(["ana", "bo"], "bold"))
    r = play_contest(sc, [ContestSide("A", ("ana",), "Athletics"), ContestSide("B", ("bo",), "Athletics")], **kw)
    return sc, r


def test_FATE_CONTEST_3_first_to_three_victories_wins():
    for seed in range(30):
        sc, r = _race(seed, *_pair())
        marks = [e for e in sc.journal.events if e["event"] == "contest_victory"]
        assert r.reason == "victories" and r.victories[r.winner] >= 3
        totals = {"A": 0, "B": 0}
        for m in marks:
            assert m["victories"] in (1, 2)
            totals[m["side"]] += m["victories"]
            assert m["total"] == totals[m["side"]]
        assert max(t for s, t in totals.items() if s != r.winner) < 3
        assert marks[-1]["side"] == r.winner and totals[r.winner] - marks[-1]["victories"] < 3
        for e in sc.journal.events:
            if e["event"] == "fate_roll" and e["action"] == "overcome":
                assert e["effort"] == sum(e["faces"]) + e["rating"] + e["bonus"] + 2 * e["invokes"] - 2 * e.get("opposed", 0)


def test_FATE_CONTEST_3_twists_add_situation_aspects():
    twisted = 0
    for seed in range(40):
        sc, r = _race(seed, *_pair())
        twists = [e for e in sc.journal.events if e["event"] == "twist"]
        twisted += len(twists)
        assert r.twists == len(twists)
        names = {e["name"] for e in sc.journal.events if e["event"] == "fate_aspect" and e["kind"] == "situation"}
        assert {t["aspect"] for t in twists} <= names
    assert twisted > 0


def test_FATE_CONTEST_3_more_victories_and_bad_counts():
    sc, r = _race(3, *_pair(), victories=5)
    assert r.victories[r.winner] >= 5
    with pytest.raises(UsageError):
        _race(3, *_pair(), victories=0)


def test_FATE_CONTEST_monte_carlo_equal_sides_near_half():
    """Two equal PCs on opposite sides: side A wins 50% by symmetry. 2000 contests, tolerance 0.04 (~3.6 sigma)."""
    wins = 0
    n = 2000
    for i in range(n):
        _, r = _race(derive_seed(7, i, "fate-contest"), *_pair())
        wins += r.winner == "A"
    assert abs(wins / n - 0.5) < 0.04, wins / n


def test_FATE_CONTEST_stronger_side_wins_more():
    n = 300
    wins = sum(_race(derive_seed(8, i), *_pair(4, 2))[1].winner == "A" for i in range(n))
    assert wins / n > 0.75


def test_FATE_CONTEST_2_teamwork_helper_adds_one():
    ana = make_character("ana", {"Athletics": 3})
    cy = make_character("cy", {"Athletics": 1})
    bo = make_character("bo", {"Athletics": 3})
    sc = Scene(make_rng(1), [ana, cy, bo], {"ana": "A", "cy": "A", "bo": "B"},
               seats=seats_for(["ana", "cy", "bo"], "bold"))
    play_contest(sc, [ContestSide("A", ("cy", "ana"), "Athletics"), ContestSide("B", ("bo",), "Athletics")])
    rolls = [e for e in sc.journal.events if e["event"] == "fate_roll" and e["action"] == "overcome"]
    assert all(e["actor"] != "cy" for e in rolls)  # the best member rolls
    assert {e["bonus"] for e in rolls if e["actor"] == "ana"} == {1} and {e["bonus"] for e in rolls if e["actor"] == "bo"} == {0}


def test_FATE_CONTEST_4_threat_hits_every_member_of_a_beaten_side():
    hits = 0
    for seed in range(20):
        ana = make_character("ana", {"Athletics": 1})
        cy = make_character("cy", {"Athletics": 0})
        sc = Scene(make_rng(seed), [ana, cy], {"ana": "pcs", "cy": "pcs"}, seats=seats_for(["ana", "cy"], "bold"))
        r = play_contest(sc, [ContestSide("pcs", ("ana", "cy"), "Athletics")], threat=Threat("Lava", 3))
        ev = sc.journal.events
        for i, e in enumerate(ev):
            if e["event"] == "threat_roll":
                ours = [x for x in ev[:i] if x["event"] == "fate_roll" and x["action"] == "overcome"
                        and x.get("exchange") == e["exchange"]]
                if ours and ours[-1]["effort"] < e["effort"]:
                    hits += 1
                    gap = e["effort"] - ours[-1]["effort"]
                    harm = [x for x in ev[i + 1:] if x["event"] in ("fate_stress", "fate_consequence", "taken_out")
                            and x.get("hit") == gap]
                    assert {x["actor"] for x in harm} == {"ana", "cy"} - {x["actor"] for x in ev[:i] if x["event"] == "taken_out"}
        assert r.winner in ("pcs", "Lava")
        if r.reason == "last_side":
            assert r.winner == "Lava" and all(c in sc.out for c in ("ana", "cy"))
    assert hits > 0


def test_FATE_CONTEST_5_failed_advantage_forfeit_or_give_invoke():
    seen = set()
    for seed in range(40):
        for policy in ("careful", "bold"):  # careful forfeits, bold gives the other side a free invoke
            ana, bo = _pair()
            sc = Scene(make_rng(seed), [ana, bo], {"ana": "A", "bo": "B"}, seats=seats_for(["ana", "bo"], policy))
            play_contest(sc, [ContestSide("A", ("ana",), "Athletics"), ContestSide("B", ("bo",), "Athletics")])
            ev = sc.journal.events
            for i, e in enumerate(ev):
                if e["event"] != "contest_setback":
                    continue
                seen.add(e["choice"])
                exch = [x for x in ev[:i] if x["event"] == "exchange"][-1]["n"]
                side_rolled = any(x["event"] == "fate_roll" and x.get("exchange") == exch and x.get("side") == e["side"]
                                  and x["action"] == "overcome" for x in ev[i:])
                if e["choice"] == "forfeit":
                    assert not side_rolled
                else:
                    assert side_rolled
                    given = ev[i + 1]
                    assert given["event"] == "fate_aspect" and given["holder"] != e["actor"] and given["free_invokes"] == 1
    assert seen == {"forfeit", "give_invoke"}


def test_contest_rejects_bad_setups():
    ana, bo = _pair()
    sc = Scene(make_rng(1), [ana, bo], {"ana": "A", "bo": "B"}, seats=seats_for(["ana", "bo"]))
    with pytest.raises(UsageError, match="two sides"):
        play_contest(sc, [ContestSide("A", ("ana",), "Athletics")])
    with pytest.raises(UsageError, match="distinct"):
        play_contest(sc, [ContestSide("A", ("ana",), "Athletics"), ContestSide("A", ("bo",), "Athletics")])
    with pytest.raises(UsageError, match="unknown character"):
        play_contest(sc, [ContestSide("A", ("zed",), "Athletics"), ContestSide("B", ("bo",), "Athletics")])


# --- challenges ----------------------------------------------------------------------------

def _crew():
    return [make_character("ana", {"Burglary": 3, "Athletics": 1, "Notice": 1}),
            make_character("bo", {"Athletics": 3, "Burglary": 1, "Notice": 1}),
            make_character("cy", {"Notice": 2, "Burglary": 1, "Athletics": 1})]


def _scene(seed=1, chars=None):
    chars = chars or _crew()
    return Scene(make_rng(seed), chars, {c.id: "pcs" for c in chars}, seats=seats_for([c.id for c in chars], "bold"))


def test_FATE_CHALLENGE_1_2_each_task_one_overcome_best_character_rolls():
    sc = _scene()
    tasks = [Task("lock", "Burglary", 2), Task("wall", "Athletics", 2), Task("guard", "Notice", 3)]
    assert [(t.name, r) for t, r, _ in assign_tasks(sc, ("ana", "bo", "cy"), tasks)] == [
        ("lock", "ana"), ("wall", "bo"), ("guard", "cy")]
    r = play_challenge(sc, tasks)
    rolls = [e for e in sc.journal.events if e["event"] == "fate_roll"]
    assert [e["task"] for e in rolls] == ["lock", "wall", "guard"]
    assert [e["opposition"] for e in rolls] == [2, 2, 3]
    assert r.successes + r.costs + r.failures == 3


def test_FATE_CHALLENGE_teamwork_from_characters_without_a_task():
    sc = _scene()
    plan = assign_tasks(sc, ("ana", "bo", "cy"), [Task("lock", "Burglary", 4)])
    assert plan[0][1] == "ana" and set(plan[0][2]) == {"bo", "cy"}
    play_challenge(sc, [Task("lock", "Burglary", 4)])
    roll = next(e for e in sc.journal.events if e["event"] == "fate_roll")
    assert roll["bonus"] == 2 and roll["helpers"] == ["bo", "cy"]


def test_FATE_CHALLENGE_3_results_read_together():
    assert verdict(["succeed", "style", "tie"]) == "success"
    assert verdict(["fail", "fail"]) == "failure"
    assert verdict(["fail", "succeed"]) == "partial"
    seen = set()
    for seed in range(80):
        sc = _scene(seed)
        r = play_challenge(sc, [Task("lock", "Burglary", 3), Task("wall", "Athletics", 3), Task("guard", "Notice", 3)])
        end = sc.journal.events[-1]
        assert end["event"] == "challenge_end" and end["verdict"] == r.verdict
        assert r.verdict == verdict([t.outcome for t in r.tasks])
        seen.add(r.verdict)
    assert seen == {"success", "partial", "failure"}


def test_challenge_rejects_bad_tasks():
    with pytest.raises(UsageError):
        play_challenge(_scene(), [])
    with pytest.raises(UsageError, match="unknown Fate skill"):
        play_challenge(_scene(), [Task("x", "Hacking", 2)])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 2**32), st.sampled_from(("srd", "seed")),
       st.one_of(st.none(), st.integers(0, 4)), st.integers(1, 5))
def test_property_contests_end_and_victories_only_grow(a, b, seed, rule, difficulty, needed):
    ana, bo = _pair(a, b)
    sc, r = _race(seed, ana, bo, style_rule=rule, difficulty=difficulty, victories=needed)
    assert r.reason in ("victories", "stalled")
    if r.reason == "victories":
        assert r.victories[r.winner] >= needed and all(v < needed for s, v in r.victories.items() if s != r.winner)
    totals = {"A": 0, "B": 0}
    for e in sc.journal.events:
        if e["event"] == "contest_victory":
            assert e["victories"] in (1, 2)
            totals[e["side"]] += e["victories"]
            assert e["total"] == totals[e["side"]]
    assert totals == r.victories


def test_FATE_CHALLENGE_single_task_outcomes_match_exact_odds():
    """One overcome with no invokes to spend: outcome shares match sim.odds.fate_odds (4000 rolls, ±0.025 ≈ 3 sigma)."""
    from sim.odds import fate_odds
    n = 4000
    counts = {"fail": 0, "tie": 0, "succeed": 0, "style": 0}
    for i in range(n):
        ana = make_character("ana", {"Burglary": 2}, fate_points=0)
        sc = Scene(make_rng(derive_seed(11, i, "fate-task")), [ana], {"ana": "pcs"})
        r = play_challenge(sc, [Task("lock", "Burglary", 3)])
        counts[r.tasks[0].outcome] += 1
    exact = fate_odds(2, 3)
    for outcome, p in exact.items():
        assert abs(counts[outcome] / n - float(p)) < 0.025, (outcome, counts[outcome] / n, float(p))
