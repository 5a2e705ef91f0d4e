"""Conflicts: hits absorbed by stress and consequences, taken out, concede, the end (FATE.CONFLICT, FATE.ASPECT.4, FATE.FP.5)."""

import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from sim.errors import UsageError
from sim.fate import Scene, ZoneMap, make_character, play_conflict, seats_for
from sim.journal import Journal
from sim.options import RuleOptions
from sim.rng import make_rng

GOLDEN = Path(__file__).parent / "golden" / "fate_conflict_seed1.jsonl"


def _one(char, policy="careful", **kw):
    return Scene(make_rng(1), [char], {char.id: "pcs"}, seats=seats_for([char.id], policy), **kw)


def test_FATE_CONFLICT_STRESS_1_hit_marks_boxes():
    sc = _one(make_character("ana", {"Physique": 1}))
    assert sc.take_hit("ana", "physical", 2, by="bo")
    e = sc.journal.events[-1]
    assert (e["event"], e["boxes"], e["marked"], e["of"], e["by"]) == ("fate_stress", 2, 2, 4, "bo")
    assert sc.chars["ana"].physical == (True, True, False, False) and sc.chars["ana"].mental == (False,) * 3


def test_FATE_CONFLICT_CONSEQ_1_consequence_absorbs_and_attacker_gets_a_free_invoke():
    sc = _one(make_character("ana", {}))  # 3 boxes, careful: stress first
    sc.take_hit("ana", "physical", 5, by="bo")
    kinds = [e["event"] for e in sc.journal.events]
    assert kinds == ["decision", "fate_stress", "fate_consequence", "fate_aspect"]  # ana chose how to absorb
    chosen, stress, conseq, aspect = sc.journal.events
    assert (chosen["seat"], chosen["kind"], chosen["by"]) == ("ana", "fate_absorb", "careful")
    assert stress["boxes"] == 3 and conseq["severity"] == "mild" and conseq["value"] == 2
    assert aspect["kind"] == "consequence" and aspect["holder"] == "bo" and aspect["free_invokes"] == 1
    assert sc.free[(conseq["aspect"], "bo")] == 1 and sc.taken["ana"] == 1


def test_FATE_CONFLICT_CONSEQ_2_save_boxes_policy_takes_consequences_first():
    sc = _one(make_character("ana", {}), "reckless")
    sc.take_hit("ana", "physical", 2, by="bo")
    chosen, e = sc.journal.events[0], sc.journal.events[1]
    assert (chosen["event"], chosen["kind"], chosen["by"]) == ("decision", "fate_absorb", "reckless")
    assert e["event"] == "fate_consequence" and e["severity"] == "mild"
    assert sc.chars["ana"].physical == (False, False, False)


def test_FATE_CONFLICT_3_taken_out_when_the_hit_cannot_be_absorbed():
    sc = _one(make_character("ana", {}))
    assert not sc.take_hit("ana", "physical", 3 + 2 + 4 + 6 + 1, by="bo")
    e = sc.journal.events[-1]
    assert (e["event"], e["actor"], e["by"], e["hit"]) == ("taken_out", "ana", "bo", 16)
    assert sc.out == {"ana": "taken_out"} and sc.chars["ana"].physical == (False,) * 3  # nothing marked


def test_FATE_CONFLICT_4_concede_pays_one_plus_consequences_at_the_end():
    sc = _one(make_character("ana", {}, fate_points=0))
    sc.take_hit("ana", "physical", 5, by="bo")
    sc.take_hit("ana", "mental", 6, by="bo")
    assert sc.concede("ana") == 3
    assert sc.chars["ana"].fate_points == 0  # paid at conflict end, not before
    chars = sc.end()
    assert chars["ana"].fate_points == 3
    end = sc.journal.events[-1]
    assert end["event"] == "fate_scene_end" and end["paid"] == {"ana": 3} and end["out"] == {"ana": "conceded"}


def test_FATE_CONFLICT_STRESS_2_scene_end_clears_stress_keeps_consequences():
    sc = _one(make_character("ana", {}))
    sc.take_hit("ana", "physical", 5, by="bo")
    chars = sc.end()
    assert chars["ana"].physical == (False,) * 3
    assert [s.aspect for s in chars["ana"].consequences()] == ["Bruised (ana)"]
    assert all(a.kind in ("character", "consequence") for a in sc.aspects.values()) and not sc.free


def test_FATE_CHAR_4_option_shared_consequences_off_separates_the_tracks():
    off = RuleOptions({"fate_shared_consequences": False})
    sc = _one(make_character("ana", {}, options=off))
    sc.take_hit("ana", "physical", 3 + 12, by="bo")  # fills every physical slot
    assert "ana" not in sc.out
    assert sc.chars["ana"].capacity("mental") == 3 + 12  # mental slots untouched
    shared = _one(make_character("ana", {}, options=RuleOptions()))
    shared.take_hit("ana", "physical", 3 + 12, by="bo")
    assert shared.chars["ana"].capacity("mental") == 3


# --- whole conflicts ----------------------------------------------------------------------

def _fight(seed, *, player="careful", gm="standard", options=None, journal=None, zones=None, positions=None):
    opts = options or RuleOptions()
    chars = [
        make_character("ana", {"Fight": 4, "Athletics": 3, "Physique": 3, "Will": 2, "Notice": 2, "Shoot": 1},
                       name="Ana", aspects=("Duelist of the Docks", "Owes Everyone"), options=opts),
        make_character("cy", {"Shoot": 3, "Athletics": 2, "Will": 1, "Deceive": 2}, name="Cy", options=opts),
        make_character("boss", {"Fight": 3, "Provoke": 3, "Athletics": 2, "Physique": 2, "Will": 2}, kind="major",
                       name="The Boss", aspects=("Cruel Enforcer",), options=opts),
        make_character("thug", {"Fight": 2, "Athletics": 1}, kind="minor", minor_stress=2, name="Thug"),
    ]
    sides = {"ana": "pcs", "cy": "pcs", "boss": "gang", "thug": "gang"}
    sc = Scene(make_rng(seed), chars, sides, journal=journal, options=opts, seats=seats_for(["ana", "cy"], player, gm),
               positions=positions)
    return sc, play_conflict(sc, zones=zones)


def test_FATE_CONFLICT_5_ends_when_one_side_is_all_out():
    winners = set()
    for seed in range(40):
        sc, r = _fight(seed)
        assert r.reason == "decided"
        loser_side = {"pcs": "gang", "gang": "pcs"}[r.winner]
        losers = [c for c in sc.order if sc.side[c] == loser_side]
        assert all(c in r.out for c in losers)
        assert any(c not in r.out for c in sc.order if sc.side[c] == r.winner)
        assert sc.journal.events[-2]["event"] == "conflict_end" and sc.journal.events[-2]["winner"] == r.winner
        winners.add(r.winner)
    assert winners == {"pcs", "gang"}


def test_FATE_CONFLICT_4_concessions_are_paid_and_nobody_acts_after_leaving():
    conceded = 0
    for seed in range(60):
        sc, r = _fight(seed, player="careful", gm="gentle")
        ev = sc.journal.events
        end = ev[-1]
        gone = {}
        for i, e in enumerate(ev):
            if e["event"] in ("concede", "taken_out"):
                gone[e["actor"]] = i
            if e["event"] == "turn":
                assert e["actor"] not in gone
            if e["event"] == "fate_roll" and e["action"] in ("attack", "defend", "create_advantage"):
                assert e["actor"] not in gone
        for e in ev:
            if e["event"] == "concede":
                conceded += 1
                assert e["fate_points"] == 1 + sum(1 for x in ev if x["event"] == "fate_consequence" and x["actor"] == e["actor"])
                assert end["paid"][e["actor"]] >= e["fate_points"]
        for pc in ("ana", "cy"):
            spent = sum(1 for x in ev if x["event"] == "fate_invoke" and x["actor"] == pc and not x["free"])
            assert r.characters[pc].fate_points == 3 - spent + end["paid"].get(pc, 0)
    assert conceded > 0


def test_FATE_ASPECT_4_hostile_invokes_pay_the_target_after_the_scene():
    found = 0
    for seed in range(80):
        sc, r = _fight(seed, player="bold", gm="gritty")
        ev = sc.journal.events
        owed = {}
        for e in ev:
            if e["event"] == "fate_invoke" and e["hostile"]:
                assert not e["free"]
                owed[e["hostile"]] = owed.get(e["hostile"], 0) + 1
                found += 1
        concede = {e["actor"]: e["fate_points"] for e in ev if e["event"] == "concede"}
        for cid, n in owed.items():
            assert ev[-1]["paid"][cid] == n + concede.get(cid, 0)
    assert found > 0


def test_FATE_FP_5_gm_pool_is_one_point_per_pc():
    for seed in range(40):
        sc, r = _fight(seed, gm="gritty")
        npc_paid = sum(1 for e in sc.journal.events if e["event"] == "fate_invoke" and not e["free"]
                       and e["actor"] in ("boss", "thug"))
        assert npc_paid <= 2 and sc.gm_points == 2 - npc_paid


def test_FATE_ACTION_4_5_attack_rolls_and_their_consequences_agree():
    for seed in range(30):
        sc, _ = _fight(seed)
        ev = sc.journal.events
        for i, e in enumerate(ev):
            if e["event"] == "fate_roll" and e["action"] == "attack":
                d = ev[i + 1]
                assert d["action"] == "defend" and d["actor"] == e["target"] and d["effort"] == e["opposition"]
                assert e["shifts"] == e["effort"] - d["effort"] == -d["shifts"]
                after = ev[i + 2] if i + 2 < len(ev) else {}
                if e["outcome"] == "tie":
                    assert after["event"] == "fate_aspect" and after["kind"] == "boost" and after["holder"] == e["actor"]
                if e["outcome"] in ("succeed", "style"):
                    harm = next(x for x in ev[i + 2:] if x["event"] in ("fate_stress", "fate_consequence", "taken_out"))
                    assert harm["actor"] == e["target"]
                    assert harm["hit"] in (e["shifts"], e["shifts"] - 1)  # SwS may trade a shift for a boost
                    if harm["hit"] == e["shifts"] - 1:
                        assert e["outcome"] == "style"


def test_conflict_on_a_zone_map_moves_and_shoots():
    z = ZoneMap(["dock", "street", "roof"], [("dock", "street"), ("street", "roof", {"impeded": 2})])
    moved = shot_across = 0
    for seed in range(30):
        sc, r = _fight(seed, zones=z, positions={"ana": "dock", "cy": "dock", "boss": "roof", "thug": "street"})
        ev = sc.journal.events
        moved += sum(1 for e in ev if e["event"] == "move")
        where = dict(ev[0]["positions"])
        for e in ev:
            if e["event"] == "move":
                where[e["actor"]] = e["to"]
            if e["event"] == "fate_roll" and e["action"] == "attack":
                if e["skill"] != "Shoot":
                    assert where[e["actor"]] == where[e["target"]]  # melee: same zone (FATE.SCENE.1)
                elif where[e["actor"]] != where[e["target"]]:
                    shot_across += 1
        assert r.reason == "decided"
    assert moved > 0 and shot_across > 0


def test_conflict_is_deterministic_by_seed():
    def lines(seed):
        j = Journal()
        _fight(seed, journal=j)
        buf = io.StringIO()
        j.write(buf)
        return buf.getvalue()
    assert lines(5) == lines(5)
    assert lines(5) != lines(6)


def test_conflict_rejects_bad_setups():
    sc = _one(make_character("ana", {}))
    with pytest.raises(UsageError, match="two sides"):
        play_conflict(sc)
    sc, _ = _fight(1)
    with pytest.raises(UsageError, match="appears twice"):
        a = make_character("a", {})
        Scene(make_rng(1), [a, a], {"a": "x"})
    with pytest.raises(UsageError, match="no side"):
        Scene(make_rng(1), [make_character("a", {})], {})


def test_golden_conflict_journal():
    """One seeded conflict's events, checked in (SIM_REGEN_GOLDEN=1 rewrites it; review the diff)."""
    j = Journal()
    j.phase = "conflict"
    _fight(1, journal=j)
    buf = io.StringIO()
    j.write(buf)
    text = buf.getvalue()
    if os.environ.get("SIM_REGEN_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    want = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for i, (g, w) in enumerate(zip(got, want), start=1):
        assert g == w, f"line {i} differs from {GOLDEN.name}\n got: {g}\nwant: {w}"
    assert len(got) == len(want)
    assert [e["seq"] for e in j.events] == list(range(1, len(j.events) + 1))
    assert all(e["phase"] == "conflict" for e in j.events)


# --- properties -----------------------------------------------------------------------------

rating = st.integers(min_value=0, max_value=5)


@st.composite
def fighters(draw):
    out = []
    for i, side in enumerate(("pcs", "pcs", "npcs", "npcs")):
        kind = "pc" if side == "pcs" else draw(st.sampled_from(("major", "minor")))
        skills = {s: draw(rating) for s in ("Fight", "Shoot", "Provoke", "Athletics", "Physique", "Will", "Notice")}
        out.append((make_character(f"c{i}", skills, kind=kind, minor_stress=draw(st.integers(0, 3))), side))
    return out


@settings(max_examples=60, deadline=None)
@given(fighters(), st.integers(min_value=0, max_value=2**32), st.sampled_from(("careful", "bold", "reckless")),
       st.booleans())
def test_property_stress_stays_within_boxes_and_every_conflict_ends(cast, seed, policy, self_pick):
    chars = [c for c, _ in cast]
    sc = Scene(make_rng(seed), chars, {c.id: s for c, s in cast}, seats=seats_for(["c0", "c1"], policy),
               options=RuleOptions({"fate_popcorn_self_pick": self_pick}))
    r = play_conflict(sc, max_exchanges=40)
    assert r.reason in ("decided", "stalled") and r.exchanges <= 40
    if r.reason == "decided":
        assert len({sc.side[c] for c in sc.order if c not in r.out}) == 1
    boxes = {c.id: {"physical": len(c.physical), "mental": len(c.mental)} for c in chars}
    slots = {}
    for e in sc.journal.events:
        if e["event"] == "fate_stress":
            assert 0 < e["boxes"] <= e["marked"] <= e["of"] == boxes[e["actor"]][e["track"]]
        if e["event"] == "fate_consequence":
            key = (e["actor"], e["slot"])
            assert key not in slots  # a slot is filled once
            slots[key] = e
    for c in r.characters.values():
        assert not any(c.physical) and not any(c.mental)  # cleared at the scene's end


@settings(max_examples=40, deadline=None)
@given(fighters(), st.integers(min_value=0, max_value=2**32))
def test_property_every_roll_adds_up_and_events_are_canonical_json(cast, seed):
    from sim.dice import fate_outcome
    from sim.journal import dumps
    chars = [c for c, _ in cast]
    sc = Scene(make_rng(seed), chars, {c.id: s for c, s in cast})
    play_conflict(sc, max_exchanges=15)
    for e in sc.journal.events:
        assert dumps(e)  # plain JSON values only
        if e["event"] == "fate_roll":
            assert e["effort"] == sum(e["faces"]) + e["rating"] + e["bonus"] + 2 * e["invokes"] - 2 * e.get("opposed", 0)
            assert e["shifts"] == e["effort"] - e["opposition"] and e["outcome"] == fate_outcome(e["shifts"])
            assert len(e["faces"]) == 4 and set(e["faces"]) <= {-1, 0, 1}


def test_FATE_TEAM_3_giving_up_a_turn_adds_teamwork_to_an_ally_yet_to_act():
    helped = 0
    for seed in range(20):
        weak = make_character("weak", {"Fight": 1, "Physique": 3, "Will": 3})
        strong = make_character("strong", {"Fight": 4, "Physique": 3, "Will": 3})
        bo = make_character("bo", {"Fight": 3, "Athletics": 3, "Physique": 4, "Will": 4}, kind="major")
        sc = Scene(make_rng(seed), [weak, strong, bo], {"weak": "pcs", "strong": "pcs", "bo": "npcs"},
                   seats=seats_for(["weak", "strong"], "reckless"))
        play_conflict(sc, opener="weak")
        ev = sc.journal.events
        pending, turns, gone = False, [], set()
        for e in ev:
            if e["event"] == "exchange":
                pending, turns = False, []
            if e["event"] == "turn":
                turns.append(e["actor"])
            if e["event"] in ("taken_out", "concede"):
                gone.add(e["actor"])
            if e["event"] == "teamwork":
                assert (e["actor"], e["ally"], e["skill"]) == ("weak", "strong", "Fight")
                pending = True
                helped += 1
            if e["event"] == "fate_roll" and e["action"] == "attack" and e["actor"] == "strong":
                assert e["bonus"] == (1 if pending else 0)
                pending = False
            if e["event"] == "fate_roll" and e["actor"] == "weak" and e["action"] == "attack":
                # the weak fighter helps instead while the strong one is in and yet to act this exchange
                assert "strong" in turns or "strong" in gone
    assert helped > 0
