"""Issue 31: Fate rules to the letter. Each broken rule is reproduced on the seed the issue names, with numbers
(FATE.SCENE.4, FATE.RECOVER.2, FATE.ACTION.5, FATE.CHAR.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.content.scenario import load_scenario
from sim.fate import Scene, make_character, seats_for
from sim.fate.characters.aspects import SITUATION, Aspect
from sim.journal import Journal
from sim.rng import make_rng
from sim.systems import get_system

ROOT = Path(__file__).resolve().parents[1]
FATE = get_system("fate")




def play(path: str, seed: int, **options) -> list[dict]:
    from dataclasses import replace as _replace
    scenario = load_scenario(ROOT / path)
    if options:
        scenario = _replace(scenario, options=scenario.options.replace(**options))
    journal = Journal()
    FATE.play(scenario, seed, journal=journal)
    return journal.events


def check_journal(events):
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from fate_journal_check import check
    return check(events)[0]


def positions_at_invokes(events) -> list[tuple[dict, str | None, str | None]]:
    """(fate_invoke event, the invoker's zone, the aspect's zone), positions followed from conflict_start and move."""
    where: dict[str, str] = {}
    zone_of: dict[str, str | None] = {}
    out = []
    for e in events:
        kind = e["event"]
        if kind == "scene_start":
            where, zone_of = {}, {}
        elif kind == "conflict_start":
            where = dict(e["positions"])
        elif kind == "move":
            where[e["actor"]] = e["to"]
        elif kind == "fate_aspect":
            zone_of[e["name"]] = e["zone"]
        elif kind == "fate_invoke":
            out.append((e, where.get(e["actor"]), zone_of.get(e["aspect"])))
    return out


# --- FATE.SCENE.4 ----------------------------------------------------------------------------------------

def test_FATE_SCENE_4_a_free_invoke_of_a_zone_aspect_needs_the_invoker_in_its_zone():
    """Paid or free, a zone aspect is invoked only from inside its zone: a held free invoke is not offered elsewhere."""
    a, b = make_character("ana", {"Fight": 2}), make_character("bo", {"Fight": 1})
    sc = Scene(make_rng(1), [a, b], {"ana": "pcs", "bo": "foes"}, seats=seats_for(["ana"]),
               positions={"ana": "pier", "bo": "pier"})
    sc.add_aspect(Aspect("Firm Footing", SITUATION, zone="pier"), by="ana", free_invokes=1)
    p = sc.start_roll("ana", "Fight", "attack", target="bo")
    assert ("free", "Firm Footing", "bonus") in [(h, n, "bonus") for h, n, _ in sc.invoke_options(p)]
    sc.positions["ana"] = "warehouse"
    assert all(name != "Firm Footing" for _, name, _ in sc.invoke_options(p))
    sc.positions["ana"] = "pier"
    assert any(name == "Firm Footing" for _, name, _ in sc.invoke_options(p))


def test_FATE_SCENE_4_docks_no_invoke_comes_from_outside_its_aspects_zone():
    """The issue's reproduction (fate_docks seed 4: pc2 made Firm Footing on the pier, seq 133, moved to the
    warehouse, 257, and free-invoked it there, 260) passed with those numbers at commit e1d00a8; later rules
    (boosts lapsing, FATE.ASPECT.2; new agent choices) change the dice of that seed, so the rule is checked over
    twenty seeds: no invoke, free or paid, comes from outside its aspect's zone."""
    zoned = []
    for seed in range(20):
        events = play("scenarios/fate_docks.yaml", seed)
        invokes = positions_at_invokes(events)
        zoned += [(seed, e["seq"], e["actor"], e["aspect"], here, zone) for e, here, zone in invokes if zone is not None]
        assert all(e["zone"] == here for e, here, _ in invokes if here is not None)
    assert len(zoned) >= 20, "too few zone aspects invoked: the test would prove little"
    assert [z for z in zoned if z[4] != z[5]] == []
    free = [z for z in zoned if z[3] == "Firm Footing"]
    assert free  # the aspect of the reproduction is still made and used

def _treated(severity: str, when: tuple[int, int]):
    from dataclasses import replace as _replace

    from sim.fate.characters.character import take_consequence
    char = take_consequence(make_character("ana", {}), severity, f"Hurt ({severity})", "physical")
    slots = tuple(_replace(s, recovering=True, treated=when) if s.name == severity else s for s in char.slots)
    return _replace(char, slots=slots)


def _filled(char, slot):
    return next(s for s in char.slots if s.name == slot).aspect is not None


def test_FATE_RECOVER_2_a_treated_mild_consequence_clears_after_a_full_scene_counted_from_treatment():
    from sim.fate.characters.recovery import recover
    char = _treated("mild", (2, 1))  # treated after scene 2 of session 1
    after, changes = recover(char, "scene", scene=2, session=1)
    assert _filled(after, "mild") and changes == []  # the scene it was treated after does not count
    after, changes = recover(char, "session", scene=2, session=1)
    assert _filled(after, "mild") and changes == []  # a session's end is not a scene
    after, changes = recover(char, "scene", scene=3, session=2)
    assert not _filled(after, "mild")
    assert changes == [{"event": "fate_consequence_clear", "actor": "ana", "slot": "mild", "severity": "mild",
                        "aspect": "Hurt (mild)", "reason": "scene", "treated": [2, 1]}]


def test_FATE_RECOVER_2_a_treated_moderate_consequence_clears_after_a_whole_session_counted_from_treatment():
    from sim.fate.characters.recovery import recover
    char = _treated("moderate", (2, 1))
    for span, scene, session in (("scene", 3, 1), ("session", 3, 1), ("scene", 4, 2)):
        char, changes = recover(char, span, scene=scene, session=session)
        assert _filled(char, "moderate") and changes == [], (span, scene, session)
    char, changes = recover(char, "session", scene=4, session=2)
    assert not _filled(char, "moderate") and [c["reason"] for c in changes] == ["session"]


def test_FATE_RECOVER_4_a_major_milestone_clears_recovering_ones_and_starts_the_untreated():
    from sim.fate.characters.character import take_consequence
    from sim.fate.characters.recovery import recover
    char = take_consequence(_treated("moderate", (3, 2)), "severe", "Broken", "physical")
    char, changes = recover(char, "major_milestone", scene=3, session=2)
    assert [(c["event"], c["slot"], c["reason"]) for c in changes] == [
        ("fate_consequence_clear", "moderate", "major_milestone"), ("fate_recovery", "severe", "major_milestone")]
    severe = next(s for s in char.slots if s.name == "severe")
    assert severe.recovering and severe.treated == (3, 2) and not _filled(char, "moderate")


def test_FATE_RECOVER_2_docks_a_treated_moderate_slot_is_not_offered_or_refilled_before_a_whole_session():
    """The issue's reproduction (fate_docks seed 3: pc2's Deep Cut taken at seq 234, treated at 350 in scene 2 of
    session 1, the session ended at 362, the slot was offered again at 509 and refilled at 555) passed with those
    numbers at commit 6dda384; later rules change that seed's dice, so it is checked over twenty seeds: every
    treated moderate consequence clears at the end of a session after the one it was treated in, and its slot
    is not offered nor filled in between."""
    cleared = 0
    for seed in range(20):
        events = play("scenarios/fate_docks.yaml", seed)
        treated = {}
        for e in events:
            key = (e.get("actor"), e.get("slot"))
            if e["event"] == "fate_recovery" and e["severity"] == "moderate":
                treated[key] = e["session"]
            elif e["event"] == "fate_consequence_clear" and e["severity"] == "moderate" and e["reason"] == "session":
                assert e["treated"][1] == treated.pop(key)
                cleared += 1
            elif e["event"] == "fate_consequence":
                assert key not in treated, (seed, e["seq"])
            elif e["event"] == "decision" and e["kind"] == "fate_absorb":
                assert all((e["seat"], name) not in treated for plan in e["options"] for name in plan[1]), (seed, e["seq"])
            elif e["event"] == "session_end":
                ends = e["n"]
                assert all(session <= ends for session in treated.values())
        assert check_journal(events)["FATE.RECOVER.2"] == [], seed
    assert cleared > 0

def test_FATE_ACTION_5_a_defence_with_style_against_an_advantage_gains_a_boost():
    """The issue's reproduction (fate_docks seed 6: pc3's defence of 3 shifts, seq 141, against npc1's advantage,
    seq 140) passed with those numbers at commit f5c06a6, the boost at seq 142; later rules change that seed's
    dice, so: in forty seeds every defence that beats a create-an-advantage by 3 or more is followed at once by
    the defender's boost."""
    seen = 0
    for seed in range(40):
        events = play("scenarios/fate_docks.yaml", seed)
        for k, e in enumerate(events[:-1]):
            if e["event"] == "fate_roll" and e["action"] == "defend" and e["shifts"] >= 3 \
                    and events[k - 1]["action"] == "create_advantage":
                seen += 1
                boost = events[k + 1]
                assert (boost["event"], boost["kind"], boost["owner"], boost["free_invokes"]) == \
                    ("fate_aspect", "boost", e["actor"], 1), (seed, e["seq"])
                assert boost["name"].startswith("Perfect Parry (")
    assert seen >= 5

def test_FATE_ACTION_5_every_defence_with_style_gains_a_boost():
    """Attack or create an advantage: a defend roll of 3 shifts or more is followed by the defender's boost."""
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from fate_journal_check import check
    styled = 0
    for seed in range(8):
        found, checked = check(play("scenarios/fate_docks.yaml", seed))
        assert found["FATE.ACTION.5"] == [], seed
        styled += checked["style_defences"]
    assert styled >= 10


# --- FATE.CHAR.3 -----------------------------------------------------------------------------------------

def test_FATE_CHAR_3_a_raise_of_will_or_physique_grows_the_track():
    """Will 2 -> 3: the mental track goes from 4 boxes to 6; Physique 4 -> 5 adds the extra physical mild slot."""
    from sim.fate.characters.character import fit_tracks
    from sim.fate.characters.milestones import major_raise
    char = make_character("ana", {"Will": 2, "Fight": 2, "Notice": 1, "Shoot": 1, "Athletics": 1})
    assert (len(char.mental), len(char.physical)) == (4, 3)
    raised, what = major_raise(char, ["Will"])
    assert what == {"raised": "Will", "banked": False} and dict(raised.skills)["Will"] == 3
    assert len(raised.mental) == 6 and len(raised.physical) == 3
    char = make_character("ana", {"Will": 2, "Physique": 4})
    from dataclasses import replace as _replace
    stronger = fit_tracks(_replace(char, skills=(("Physique", 5), ("Will", 2))))
    assert [s.name for s in stronger.slots][-1] == "extra_mild_physical"
    weaker = fit_tracks(_replace(stronger, skills=(("Physique", 2), ("Will", 0))))
    assert (len(weaker.physical), len(weaker.mental)) == (4, 3)
    assert all(s.name != "extra_mild_physical" for s in weaker.slots)


def test_FATE_CHAR_3_tracks_grow_for_the_scenes_after_a_major_milestone():
    """scenarios/tests/fate_two_arcs.yaml: an arc ends after the second scene; the PCs, without Physique, are raised
    there in the Physique the warehouse asked of them, and every later hit marks a track of the new length. The
    checker re-derives each track from the journal's ratings and milestones alone; the old engine kept the
    tracks at their first size (3 boxes where 4 were due)."""
    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    from fate_journal_check import check
    scenario = load_scenario(ROOT / "scenarios/tests/fate_two_arcs.yaml")
    grown = 0
    for seed in range(30):
        journal = Journal()
        FATE.play(scenario, seed, journal=journal)
        found, checked = check(journal.events)
        assert found["FATE.CHAR.3"] == [], seed
        assert checked["stress_unrated"] == 0
        raises = [e for e in journal.events if e["event"] == "milestone" and e.get("raised") == "Physique"]
        for r in raises:
            assert r["stress"]["physical"] == 4 and r["ratings"]["Physique"] == 1
            grown += sum(1 for e in journal.events if e["event"] == "fate_stress" and e["seq"] > r["seq"]
                         and e["actor"] == r["actor"] and e["track"] == "physical" and e["of"] == 4)
    assert grown >= 10


# --- a journal complete enough to check ------------------------------------------------------------------

def test_blades_fate_scenes_journal_the_ratings_and_the_harm_carried_in_as_consequences():
    """In a Blades score's Fate scene every character's numbers are journaled as it opens (fate_character), and a
    scoundrel's filled slots are the harm it carries (level 1 mild, 2 moderate, 3 severe), each a note of an
    earlier ``harm`` event of the same scoundrel at that level or above (Blades recovery moves harm down a level)."""
    from sim.blades import run_campaign
    scenario = load_scenario(ROOT / "scenarios/fate_scenes.yaml")
    carried = sheets = 0
    for seed in range(12):
        journal = Journal()
        run_campaign(scenario, seed, journal=journal, scores=4)
        notes: dict[tuple[str, str], set] = {}
        for e in journal.events:
            if e["event"] == "harm":
                for level in range(1, min(int(e["recorded_level"]), 3) + 1):
                    notes.setdefault((e["pc"], ("mild", "moderate", "severe")[level - 1]), set()).add(e["note"])
            elif e["event"] == "fate_character":
                sheets += 1
                assert e["carried"] == "harm" and set(e["stress"]) == {"physical", "mental"} and e["skills"] is not None
                if e["kind"] != "pc":
                    assert not any(s["aspect"] for s in e["slots"])
                    continue
                for s in e["slots"]:
                    if s["aspect"]:
                        carried += 1
                        assert s["aspect"] in notes.get((e["actor"], s["severity"]), ()), (seed, e["seq"], s)
    assert sheets > 50 and carried > 10


def test_every_consequence_that_clears_is_journaled_with_its_reason():
    """A Fate adventure's PCs end with exactly the consequences the journal left them: every fill
    (fate_consequence) is matched by a clearing (fate_consequence_clear, reason scene / session /
    major_milestone) or is still on the final sheet."""
    from sim.fate.adventure import build
    from sim.fate.adventure import TABLE
    scenario = load_scenario(ROOT / "scenarios/tests/fate_two_arcs.yaml")
    reasons = set()
    for seed in range(20):
        journal = Journal()
        adv = build(scenario, seed, journal)
        TABLE.run(adv)
        held: dict[tuple[str, str], str] = {}
        for e in journal.events:
            if e["event"] == "fate_consequence" and e["actor"] in adv.pcs:
                held[(e["actor"], e["slot"])] = e["aspect"]
            elif e["event"] == "fate_recovery":
                held[(e["actor"], e["slot"])] = e["aspect"]
            elif e["event"] == "fate_consequence_clear":
                assert held.pop((e["actor"], e["slot"])) == e["aspect"]
                reasons.add(e["reason"])
        final = {(cid, s.name): s.aspect for cid, c in adv.pcs.items() for s in c.slots if s.aspect}
        assert held == final, seed
    assert reasons == {"scene", "session", "major_milestone"}


# --- readings where the reference and the seed part ways (options, both readings) --------------------------

def _options_play(path, seeds, **options):
    return [play(path, seed, **options) for seed in seeds]


def test_FATE_OUTCOME_2_a_hit_taken_is_a_failure_unless_the_gm_mixes_in_success_or_the_option_says_so():
    """fate_docks, 30 seeds: with the seed's reading (default) a task read take_a_hit leaves the challenge short of
    a success; success_at_a_hit meets it. With fate_hit_succeeds: true every hit taken meets it."""
    from collections import Counter
    seen = Counter()
    for hit_succeeds in (False, True):
        for events in _options_play("scenarios/fate_docks.yaml", range(30), fate_hit_succeeds=hit_succeeds):
            costs = [e for e in events if e["event"] == "challenge_cost"]
            ends = [e for e in events if e["event"] == "scene_end" and e["kind"] == "challenge"]
            for c in costs:
                seen[(hit_succeeds, c["reading"])] += 1
                assert (c["hit"] > 0) == (c["reading"] in ("take_a_hit", "success_at_a_hit"))
            for end in ends:
                if any(c["reading"] == "take_a_hit" for c in costs) and not hit_succeeds:
                    assert end["result"] != "success"
                if hit_succeeds and all(c["reading"] != "simple_failure" for c in costs):
                    assert end["result"] == "success"
    assert seen[(False, "success_at_a_hit")] > 0
    assert seen[(True, "success_at_a_hit")] == 0 and seen[(True, "take_a_hit")] > 0
    gritty = _options_play("scenarios/fate_cult.yaml", range(30))
    assert any(e["event"] == "challenge_cost" and e["reading"] == "take_a_hit" for j in gritty for e in j)


def test_FATE_RECOVER_2_self_treatment_is_two_harder_or_twice_as_hard():
    from sim.fate.characters.recovery import treatment_difficulty
    assert [treatment_difficulty(s) for s in ("mild", "moderate", "severe")] == [2, 4, 6]
    assert [treatment_difficulty(s, True) for s in ("mild", "moderate", "severe")] == [4, 6, 8]
    assert [treatment_difficulty(s, True, rule="seed") for s in ("mild", "moderate", "severe")] == [4, 8, 12]
    assert treatment_difficulty("moderate", False, rule="seed") == 4
    from sim.errors import UsageError
    with pytest.raises(UsageError):
        treatment_difficulty("mild", True, rule="halved")


def test_FATE_ACTION_4_with_the_seeds_reading_a_held_boost_soaks_a_shift():
    from sim.fate.characters.aspects import BOOST
    for soak, left in (("srd", 3), ("seed", 2)):
        ana = make_character("ana", {})
        sc = Scene(make_rng(1), [ana], {"ana": "pcs"}, seats=seats_for(["ana"]),
                   options=__import__("sim.options", fromlist=["RuleOptions"]).RuleOptions({"fate_hit_soak": soak}))
        sc.add_boost("ana", "Momentum")
        sc.take_hit("ana", "physical", 4, by="bo")  # 3 boxes: the 4th shift needs the boost or a consequence
        kinds = [e["event"] for e in sc.journal.events]
        assert ("fate_boost_soak" in kinds) == (soak == "seed")
        stress = [e for e in sc.journal.events if e["event"] == "fate_stress"]
        if soak == "seed":
            assert stress[-1]["boxes"] == 3 and "fate_consequence" not in kinds
            assert not any(a.kind == BOOST for a in sc.aspects.values())
        else:
            assert "fate_consequence" in kinds


def test_FATE_ASPECT_2_a_boost_is_gone_when_its_moment_passes():
    """Our reading: an unused boost lapses at the end of the exchange after the one it was gained in (journaled
    fate_boost_lapse); none is spent later. With fate_boost_moment: scene it lasts to the scene's end."""
    lapsed = late = 0
    for moment in ("exchange", "scene"):
        for events in _options_play("scenarios/fate_docks.yaml", range(30), fate_boost_moment=moment):
            count, gained = 0, {}
            for e in events:
                if e["event"] == "scene_start":
                    count, gained = 0, {}
                elif e["event"] == "exchange":
                    count += 1
                elif e["event"] == "fate_aspect" and e["kind"] == "boost":
                    gained[e["name"]] = count
                elif e["event"] == "fate_invoke" and e["aspect"] in gained and count - gained[e["aspect"]] >= 2:
                    late += moment == "scene"
                    assert moment == "scene", (e["seq"], e["aspect"])
                elif e["event"] == "fate_boost_lapse":
                    # journaled as the next exchange begins: the one it was gained in and the one after are over
                    assert moment == "exchange" and e["exchange"] == count + 1 and e["gained"] == gained[e["aspect"]]
                    assert e["exchange"] - e["gained"] == 2
                    lapsed += 1
    assert lapsed > 0 and late > 0


def test_FATE_CHAR_3_the_solo_fold_grows_tracks_and_clears_consequences_as_the_engine_does():
    """sim.fate.views.solo.fold_characters rebuilds the PCs from a journal: its tracks and slots after every event are the
    engine's at the end (fate_two_arcs, where Physique is raised and consequences clear by scene and session)."""
    from sim.fate.adventure import TABLE, build
    from sim.fate.views.solo import fold_characters
    scenario = load_scenario(ROOT / "scenarios/tests/fate_two_arcs.yaml")
    grown = 0
    for seed in range(10):
        journal = Journal()
        adv = build(scenario, seed, journal)
        TABLE.run(adv)
        folded = fold_characters(scenario, journal.events)
        for cid, char in adv.pcs.items():
            assert (len(folded[cid].physical), len(folded[cid].mental)) == (len(char.physical), len(char.mental))
            assert [(s.name, s.aspect, s.recovering) for s in folded[cid].slots] == \
                [(s.name, s.aspect, s.recovering) for s in char.slots], (seed, cid)
            grown += len(char.physical) > 3 and dict(char.skills).get("Physique", 0) == 1
    assert grown > 0
