"""The oracle's rules (docs/rules/oracle.md): exact odds by an independent enumeration, the real
``ask`` sampled against them, the shape of the scale, events, scene checks and the word tables."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from sim import oracle
from sim.errors import ContentError, UsageError
from sim.oracle import ANSWERS, LIKELIHOODS, TENSION_MAX, TENSION_MIN, TENSION_START

ROOT = Path(__file__).resolve().parents[1]
TENSIONS = range(TENSION_MIN, TENSION_MAX + 1)

# The rules restated here, from docs/rules/oracle.md, not from sim.oracle's constants.
MODIFIER = dict(zip(LIKELIHOODS, (-9, -6, -4, -2, 0, 2, 4, 6, 9)))


def band(margin: int) -> str:
    """ORACLE.ANSWER.2's table, read top to bottom."""
    if margin >= 8:
        return "yes_and"
    if margin >= 2:
        return "yes"
    if margin >= 0:
        return "yes_but"
    if margin >= -2:
        return "no_but"
    if margin >= -8:
        return "no"
    return "no_and"


def enumerate_answers(likelihood: str, tension: int) -> dict[str, Fraction]:
    """Every one of the 1,000 rolls of 3d10, counted by nested loops."""
    counts = dict.fromkeys(ANSWERS, 0)
    for a in range(1, 11):
        for b in range(1, 11):
            for c in range(1, 11):
                counts[band(a + b + c + MODIFIER[likelihood] + (tension - 5) - 17)] += 1
    return {k: Fraction(n, 1000) for k, n in counts.items()}


@pytest.fixture(scope="module")
def words():
    return oracle.load_words()


def test_ORACLE_SCALE_1_and_TENSION_1_the_names_and_the_range():
    assert LIKELIHOODS == ("impossible", "nearly_impossible", "very_unlikely", "unlikely", "even",
                           "likely", "very_likely", "nearly_certain", "certain")
    assert ANSWERS == ("yes_and", "yes", "yes_but", "no_but", "no", "no_and")
    assert (TENSION_MIN, TENSION_MAX, TENSION_START) == (1, 9, 5)


@pytest.mark.parametrize("tension", TENSIONS)
@pytest.mark.parametrize("likelihood", LIKELIHOODS)
def test_ORACLE_ANSWER_1_2_exact_matches_an_independent_enumeration(likelihood, tension):
    got = oracle.exact(likelihood, tension)
    assert got["outcomes"] == enumerate_answers(likelihood, tension)
    assert list(got["outcomes"]) == list(ANSWERS)
    assert sum(got["outcomes"].values()) == 1
    assert got["event_chance"] == Fraction(tension, 20)  # ORACLE.EVENT.1: d20 <= tension


def test_ORACLE_ANSWER_2_known_answers_at_even():
    """At even and tension 5 the bands are symmetric: 56, 296, 148 rolls of 1,000 on each side."""
    got = oracle.exact("even", 5)["outcomes"]
    assert [got[a] * 1000 for a in ANSWERS] == [56, 296, 148, 148, 296, 56]
    assert oracle.yes_chance("even", 5) == Fraction(1, 2)


@pytest.mark.parametrize("tension", TENSIONS)
def test_ORACLE_SCALE_2_yes_grows_strictly_with_likelihood(tension):
    yes = [oracle.yes_chance(lk, tension) for lk in LIKELIHOODS]
    assert all(a < b for a, b in zip(yes, yes[1:])), yes
    assert 0 < yes[0] and yes[-1] < 1  # ORACLE.SCALE.1: impossible and certain are not absolute


@pytest.mark.parametrize("likelihood", LIKELIHOODS)
def test_ORACLE_SCALE_3_yes_grows_strictly_with_tension(likelihood):
    yes = [oracle.yes_chance(likelihood, t) for t in TENSIONS]
    assert all(a < b for a, b in zip(yes, yes[1:])), yes


def test_ORACLE_EVENT_1_event_chance_grows_with_tension():
    chances = [oracle.exact("even", t)["event_chance"] for t in TENSIONS]
    assert all(a < b for a, b in zip(chances, chances[1:]))
    assert (chances[0], chances[4], chances[-1]) == (Fraction(1, 20), Fraction(1, 4), Fraction(9, 20))


# Sampled answers of the real ask agree with exact: 20,000 questions per cell, each answer's
# count within 4 standard errors of n*p (a true p fails this about 1 time in 16,000 per answer).
SAMPLED = [("even", 5), ("unlikely", 2), ("very_likely", 8), ("impossible", 9), ("certain", 1)]


@pytest.mark.parametrize("likelihood, tension", SAMPLED)
def test_ORACLE_ANSWER_1_2_and_EVENT_1_sampled_ask_agrees_with_exact(words, likelihood, tension):
    n = 20_000
    rng = random.Random(f"{likelihood}/{tension}")
    counts, events = oracle.count_answers(rng, likelihood, tension, n, words)
    odds = oracle.exact(likelihood, tension)
    for answer, p in [*odds["outcomes"].items(), ("event", odds["event_chance"])]:
        got = events if answer == "event" else counts[answer]
        sd = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(got - n * float(p)) <= 4 * sd + 1e-9, (answer, got, n * float(p))


def test_ORACLE_ANSWER_1_ask_is_journal_ready_and_reads_its_dice(words):
    r = oracle.ask(random.Random(5), "Is the door guarded?", "likely", 6, words)
    assert set(r) == {"question", "likelihood", "tension", "roll", "answer", "event"}
    assert len(r["roll"]) == 4 and all(1 <= d <= 10 for d in r["roll"][:3]) and 1 <= r["roll"][3] <= 20
    assert r["answer"] == band(sum(r["roll"][:3]) + 2 + 1 - 17)
    assert (r["event"] is not None) == (r["roll"][3] <= 6)
    assert yaml.safe_load(yaml.safe_dump(r)) == r  # plain data


def test_ORACLE_ANSWER_1_same_seed_same_answers(words):
    def run(seed):
        rng = random.Random(seed)
        return [oracle.ask(rng, "q", "even", 9, words, threads=["t1", "t2"], npcs=["n1"]) for _ in range(50)]
    assert run(11) == run(11)
    assert run(11) != run(12)


@pytest.mark.parametrize("likelihood, tension", [("maybe", 5), ("even", 0), ("even", 10), ("even", True)])
def test_ORACLE_SCALE_1_bad_likelihood_or_tension_is_a_usage_error(words, likelihood, tension):
    with pytest.raises(UsageError):
        oracle.ask(random.Random(1), "q", likelihood, tension, words)
    with pytest.raises(UsageError):
        oracle.exact(likelihood, tension)


def test_ORACLE_TENSION_2_shift_is_clamped():
    assert oracle.shift_tension(5, 1) == 6
    assert oracle.shift_tension(5, -2) == 3
    assert oracle.shift_tension(9, 1) == 9
    assert oracle.shift_tension(1, -3) == 1


def test_ORACLE_EVENT_2_3_events_pick_focus_threads_and_npcs(words):
    rng = random.Random(3)
    seen = {}
    for _ in range(3000):
        e = oracle.random_event(rng, words, threads=["the ledger", "the debt"], npcs=["Mylera"])
        seen[e["focus"]] = seen.get(e["focus"], 0) + 1
        assert e["focus"] in oracle.FOCUS_IDS
        if e["focus"].startswith("thread_"):
            assert e["thread"] in ("the ledger", "the debt") and e["npc"] is None
        elif e["focus"] == "npc_acts":
            assert e["npc"] == "Mylera" and e["thread"] is None
        else:
            assert e["thread"] is None and e["npc"] is None
        assert e["action"] and e["subject"]
    assert set(seen) == set(oracle.FOCUS_IDS)
    # npc_acts has weight 4 of 20: 600 expected of 3,000 (sd ~22)
    assert abs(seen["npc_acts"] - 600) < 4 * 22


def test_ORACLE_EVENT_3_empty_lists_still_resolve(words):
    rng = random.Random(8)
    for _ in range(200):
        e = oracle.random_event(rng, words)
        assert e["thread"] is None and e["npc"] is None and e["focus"] in oracle.FOCUS_IDS


def test_ORACLE_MEANING_1_words_in_each_language_by_id(words):
    pairs = {lang: oracle.meaning(random.Random(4), words, lang) for lang in ("en", "zh-Hant", "zh-Hans")}
    ids = {(p["action_id"], p["subject_id"]) for p in pairs.values()}
    assert len(ids) == 1  # the same draw, shown in three languages
    action_id, subject_id = ids.pop()
    assert pairs["en"]["action"] == words.by_id("actions", action_id)["en"]
    assert pairs["zh-Hans"]["subject"] == words.by_id("subjects", subject_id)["zh-Hans"]


@pytest.mark.parametrize("tension", TENSIONS)
def test_ORACLE_SCENE_1_scene_odds_by_enumeration(tension):
    counts = {"expected": 0, "altered": 0, "interrupted": 0}
    for face in range(1, 21):
        total = face + tension
        counts["expected" if total <= 15 else "altered" if total <= 20 else "interrupted"] += 1
    assert oracle.scene_odds(tension) == {k: Fraction(n, 20) for k, n in counts.items()}


def test_ORACLE_SCENE_1_more_disruption_at_high_tension():
    interrupted = [oracle.scene_odds(t)["interrupted"] for t in TENSIONS]
    expected = [oracle.scene_odds(t)["expected"] for t in TENSIONS]
    assert all(a < b for a, b in zip(interrupted, interrupted[1:]))
    assert all(a > b for a, b in zip(expected, expected[1:]))


def test_ORACLE_SCENE_1_scene_check_reads_one_d20():
    rng = random.Random(2)
    for t in TENSIONS:
        r = oracle.scene_check(rng, t)
        assert set(r) == {"roll", "result"} and 1 <= r["roll"] <= 20
        assert oracle.scene_odds(t)[r["result"]] > 0


@pytest.mark.parametrize("name", ["actions", "subjects"])
def test_ORACLE_MEANING_1_each_word_table_has_100_entries_in_three_languages(name):
    data = yaml.safe_load((ROOT / "content" / "oracle" / f"{name}.yaml").read_text(encoding="utf-8"))
    entries = data[name]
    assert len(entries) >= 100
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert all(isinstance(e[lang], str) and e[lang].strip() for e in entries), lang
        assert len({e[lang] for e in entries}) == len(entries), f"{name}: a {lang} word twice"
    for e in entries:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in e["zh-Hant"] + e["zh-Hans"]), e["id"]


def test_ORACLE_EVENT_2_focus_table_names_every_focus_in_three_languages(words):
    assert [f["id"] for f in words.focus] == list(oracle.FOCUS_IDS)
    for f in words.focus:
        assert all(f[lang].strip() for lang in ("en", "zh-Hant", "zh-Hans"))


def test_ORACLE_MEANING_1_validate_reports_a_short_table_with_file_line_and_field(tmp_path):
    root = tmp_path / "content"
    (root / "oracle").mkdir(parents=True)
    for name in ("subjects", "focus"):
        (root / "oracle" / f"{name}.yaml").write_bytes((ROOT / "content" / "oracle" / f"{name}.yaml").read_bytes())
    (root / "oracle" / "actions.yaml").write_text(
        "actions:\n  - {id: hide, en: hide, zh-Hant: 躲藏}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        oracle.load_words(root)
    text = str(err.value)
    assert "actions.yaml:1: actions: must have at least 100 items, got 1" in text
    assert "actions.yaml:2: actions[0]: missing required field 'zh-Hans'" in text


# --- the rules reference says what the code does ----------------------------------------------------

RULES = (ROOT / "docs" / "rules" / "oracle.md").read_text(encoding="utf-8")


def rows_after(heading: str) -> list[list[str]]:
    """The cells of the first Markdown table under ``heading`` (header and rule rows left out)."""
    body = RULES.split(heading, 1)[1]
    rows = []
    for line in body.splitlines():
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def test_ORACLE_SCALE_2_the_reference_gives_the_modifiers_the_code_uses():
    from sim.oracle.scale import LIKELIHOOD_MODIFIERS

    table = {name.replace(" ", "_"): int(mod.replace("−", "-")) for name, mod in rows_after("`ORACLE.SCALE.2`")}
    assert table == LIKELIHOOD_MODIFIERS == MODIFIER


def test_ORACLE_EVENT_2_the_reference_gives_the_focus_weights_of_the_table(words):
    table = {focus.strip("`"): int(weight) for focus, weight, _ in rows_after("`ORACLE.EVENT.2`")}
    assert table == dict(words.focus_weights)


def test_ORACLE_SCENE_1_the_reference_table_is_scene_odds():
    for tension, *shares in rows_after("`ORACLE.SCENE.1`"):
        odds = oracle.scene_odds(int(tension))
        assert shares == [f"{float(odds[r]) * 100:.0f}%" for r in oracle.SCENE_RESULTS]
