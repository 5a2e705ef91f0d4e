"""Named rule options (sim.options): defaults from RULES.md, checked values, one-line errors."""

import pytest

from sim.errors import UsageError
from sim.fate.scenes.contest import STYLE_RULES, exchange_victories
from sim.options import OPTIONS, RuleOptions


def test_every_default_is_a_legal_value_and_names_its_rule():
    for opt in OPTIONS.values():
        assert opt.check(opt.default) == opt.default
        assert opt.rule.split(".")[0] in {"BITD", "FATE", "MIST", "ORACLE"}
        assert opt.doc


def test_overrides_are_checked():
    assert RuleOptions({"resist_mode": "avoid"}).resist_mode == "avoid"
    with pytest.raises(UsageError, match="unknown rule option 'nope'"):
        RuleOptions({"nope": 1})
    with pytest.raises(UsageError, match="crew_xp_track: must be 6..12, got 20"):
        RuleOptions({"crew_xp_track": 20})
    with pytest.raises(UsageError, match="must be one of false, true"):
        RuleOptions({"vice_coin_raise": "yes"})


def test_command_line_values_parse_case_insensitively():
    assert OPTIONS["vice_coin_raise"].parse("True") is True
    assert OPTIONS["crew_xp_track"].parse("10") == 10
    with pytest.raises(UsageError):
        OPTIONS["crew_xp_track"].parse("ten")


def test_FATE_CONTEST_3_style_option_covers_both_readings():
    assert set(OPTIONS["fate_contest_style"].choices) == set(STYLE_RULES)
    # the winner succeeded with style, the other side merely succeeded
    efforts, outcomes = {"a": 5, "b": 2}, {"a": "style", "b": "succeed"}
    assert exchange_victories(efforts, outcomes, "srd") == ("a", 2)
    assert exchange_victories(efforts, outcomes, "seed") == ("a", 1)
