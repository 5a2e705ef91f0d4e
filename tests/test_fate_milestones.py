"""Milestones (FATE.ADV.1-3): the column rule, the minor choices, the major milestone's raise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from sim.errors import IllegalMove
from sim.fate.characters.character import Stunt, make_character
from sim.fate.characters.ladder import skills as skill_list
from sim.fate.characters.milestones import (
    apply_milestone, best_raise, best_swap, buy_stunt, is_column, legal_raises, major_raise, minor_options,
    raise_skill, replace_average, rewrite_stunt, stunt_to_rewrite, swap_skills,
)

PYRAMID = {"Fight": 4, "Athletics": 3, "Notice": 3, "Shoot": 2, "Will": 2, "Physique": 2,
           "Stealth": 1, "Lore": 1, "Drive": 1, "Rapport": 1}


def test_FATE_ADV_3_the_starting_pyramid_is_a_column_and_a_top_heavy_shape_is_not():
    assert is_column(PYRAMID)
    assert is_column({"Fight": 2, "Athletics": 1})
    assert not is_column({"Fight": 3, "Athletics": 3, "Notice": 2})  # two Good over one Fair
    assert not is_column({"Fight": 2})  # a Fair with no Average under it
    assert is_column({})


def test_FATE_ADV_3_a_raise_that_breaks_the_column_is_banked():
    # raising Notice 3 -> 4 puts two skills at Great over... one Great needs <= two Good: 2 Great > 1 Good left
    raised, banked = raise_skill(PYRAMID, "Notice")
    assert banked and raised == PYRAMID
    raised, banked = raise_skill(PYRAMID, "Fight")  # 5 over 1 Great: the Great row empties, 0 <= ... fails
    assert banked
    # an Average skill raised to Fair: 4 Fair over 3 Average breaks it; an unrated one to Average always fits
    assert raise_skill(PYRAMID, "Stealth")[1]
    raised, banked = raise_skill(PYRAMID, "Academics")
    assert not banked and raised["Academics"] == 1


def test_FATE_ADV_2_legal_raises_of_the_pyramid_are_only_new_average_skills():
    known = skill_list()
    legal = legal_raises(PYRAMID, known)
    assert set(legal) == {s for s in known if s not in PYRAMID}
    assert best_raise(PYRAMID, known) == "Academics"  # all unrated: the first listed
    wide = {**PYRAMID, "Academics": 1, "Burglary": 1}  # 6 Average under 3 Fair: a Fair can now become Good?
    assert is_column(wide) and "Shoot" not in legal_raises(wide, known)  # 3 Good over 2 Fair: no
    wider = {**wide, "Crafts": 1}
    assert "Stealth" in legal_raises(wider, known)  # 4 Fair over 6 Average: yes


def test_FATE_ADV_1_swap_keeps_the_column_and_trades_ratings():
    out = swap_skills(PYRAMID, "Fight", "Stealth")
    assert out["Fight"] == 1 and out["Stealth"] == 4 and is_column(out)
    assert best_swap(PYRAMID, ["Drive"]) == ("Drive", "Physique")  # Drive (+1) trades with the lowest skill above it (name order)
    assert best_swap(PYRAMID, ["Fight"]) is None


def test_FATE_ADV_1_replace_an_average_skill():
    out = replace_average(PYRAMID, "Lore", "Crafts")
    assert "Lore" not in out and out["Crafts"] == 1 and is_column(out)
    with pytest.raises(IllegalMove):
        replace_average(PYRAMID, "Fight", "Crafts")
    with pytest.raises(IllegalMove):
        replace_average(PYRAMID, "Lore", "Drive")


def test_FATE_ADV_1_buying_a_stunt_costs_one_refresh_never_below_one():
    char = make_character("a", PYRAMID)
    assert char.refresh == 3
    char = buy_stunt(char, Stunt("s1", "Fight", "attack"))
    assert char.refresh == 2 and len(char.stunts) == 1
    char = buy_stunt(char, Stunt("s2", "Shoot", "attack"))
    assert char.refresh == 1
    with pytest.raises(IllegalMove):
        buy_stunt(char, Stunt("s3", "Lore", "overcome"))
    assert "buy_stunt" not in minor_options(char, stunt=Stunt("s3", "Lore", "overcome"), favour=(), unrated=(),
                                            rewritable=True)


def test_FATE_ADV_1_minor_options_and_applying_each():
    char = make_character("a", PYRAMID, aspects=("High", "Trouble"))
    stunt = Stunt("brawler", "Fight", "attack")
    opts = minor_options(char, stunt=stunt, favour=["Drive"], unrated=["Crafts"], rewritable=True)
    assert opts == ("swap_skills", "replace_average", "buy_stunt", "rewrite_aspect", "none")  # no stunt to rewrite yet
    swapped, what = apply_milestone(char, "swap_skills", favour=["Drive"])
    assert what == {"skills": ["Drive", "Physique"]} and swapped.skill("Drive") == 2 and swapped.skill("Physique") == 1
    replaced, what = apply_milestone(char, "replace_average", unrated=["Crafts"])
    assert what == {"skills": ["Drive", "Crafts"]} and replaced.skill("Crafts") == 1 and replaced.skill("Drive") == 0
    bought, what = apply_milestone(char, "buy_stunt", stunt=stunt)
    assert bought.refresh == 2 and what == {"stunt": "brawler"}
    same, what = apply_milestone(char, "rewrite_aspect")
    assert same == char and what == {"aspect": "Trouble"}


def test_FATE_ADV_2_major_milestone_raise():
    char = make_character("a", PYRAMID)
    raised, what = major_raise(char, skill_list())
    assert what == {"raised": "Academics", "banked": False} and raised.skill("Academics") == 1 and is_column(dict(raised.skills))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Fight", "Shoot", "Notice", "Stealth", "Lore", "Drive", "Will"]), max_size=25))
def test_FATE_ADV_3_raising_by_the_rule_never_leaves_the_column(raises):
    skills: dict[str, int] = {}
    for name in raises:
        skills, _ = raise_skill(skills, name)
        assert is_column(skills)


def test_FATE_ADV_1_rewrite_a_stunt_gives_up_the_least_used_one_at_no_refresh():
    """A rewrite turns the stunt whose skill the session used least (never used counts least, the later-held on a
    tie) into the offered one, in its place, refresh unchanged; it is offered only with a stunt to give up and a new
    one to take, even at the lowest refresh, where buying is not."""
    char = make_character("a", PYRAMID, aspects=("High", "Trouble"))
    fight, shoot, ghost = (Stunt("brawler", "Fight", "attack"), Stunt("sharpshooter", "Shoot", "attack"),
                           Stunt("ghost", "Stealth", "overcome"))
    char = buy_stunt(buy_stunt(char, fight), shoot)  # refresh 1: no more buying
    offered = minor_options(char, stunt=ghost, favour=["Fight"], unrated=(), rewritable=False)
    assert "buy_stunt" not in offered and "rewrite_stunt" in offered
    assert stunt_to_rewrite(char, ["Fight"]) == shoot  # Shoot was never used this session
    assert stunt_to_rewrite(char, ["Shoot", "Fight"]) == fight  # Fight used less than Shoot
    assert stunt_to_rewrite(char, []) == shoot  # neither used: the later-held
    rewritten, what = apply_milestone(char, "rewrite_stunt", stunt=ghost, favour=["Fight"])
    assert [s.name for s in rewritten.stunts] == ["brawler", "ghost"] and rewritten.refresh == char.refresh == 1
    assert what == {"stunt": "ghost", "replaced": "sharpshooter"}
    assert "rewrite_stunt" not in minor_options(make_character("b", PYRAMID), stunt=ghost, favour=(), unrated=(),
                                                rewritable=False)  # nothing to give up
    assert "rewrite_stunt" not in minor_options(char, stunt=fight, favour=(), unrated=(), rewritable=False)  # held
    with pytest.raises(IllegalMove):
        rewrite_stunt(char, ghost, fight)
