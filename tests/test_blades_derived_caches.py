"""Issue 17: values the score derives once and keeps (a scoundrel's resolved ability mechanics, BITD.ABIL; their harm
penalties by action, BITD.HARM.4) equal a recomputation from scratch after every event that could change them, over
a few seeded campaigns."""

from __future__ import annotations

from sim.blades import loop
from sim.blades.crew import abilities
from sim.blades.score.harm_penalties import harm_penalty, penalties
from sim.blades.crew.state import ACTIONS
from sim.blades.campaign import build_campaign, make_session
from sim.blades.scenario import load as load_scenario
from sim.journal import Journal


def _fresh(campaign, pc) -> tuple:
    """What :func:`abilities.resolved` holds, built anew from the content table (no cache)."""
    r = abilities._Resolved(pc, campaign.content, [] if pc is None else pc.abilities, campaign.crew.abilities)
    return r.found, r.values, r.dice, r.levels, r.armor


def _cached(campaign, pc) -> tuple:
    r = abilities.resolved(campaign, pc)
    return r.found, r.values, r.dice, r.levels, r.armor


class _Checker:
    """After each event that may change an ability list, compare every cached resolution with a fresh one."""

    listens_to = ("advance", "recruit", "new_pc", "crew_ability", "score_start", "score_end", "action_roll",
                  "resistance", "healed", "xp")

    def __init__(self) -> None:
        self.campaign = None
        self.checked = 0
        self.gained = 0
        self.hurt = 0

    def __call__(self, event: dict) -> None:
        if self.campaign is None:
            return
        if event["event"] == "advance" and event.get("kind") == "ability" and event.get("ability"):
            self.gained += 1
        c = self.campaign
        for pc in [None, *c.pcs]:
            assert _cached(c, pc) == _fresh(c, pc), (event, pc and pc.id)
            self.checked += 1
        opts = c.options
        for pc in c.pcs:
            lighter = abilities.mechanic_value(c, pc, "harm_penalty_shift", 0)
            for action in (None, *ACTIONS):
                relevant = None if opts["harm_relevance"] == "always" else action
                assert penalties(c, pc, action) == harm_penalty(pc, opts["harm_rows_independent"], lighter, relevant), (
                    event, pc.id, action)
            self.hurt += any(pc.harm.values())


def test_BITD_HARM_4_derived_values_equal_a_recomputation_after_every_change():
    scenario = load_scenario("scenarios/starter.yaml")
    gained = hurt = 0
    for seed in (3, 11, 29):
        journal = Journal(keep=False)
        checker = _Checker()
        journal.listeners.append(checker)
        campaign = build_campaign(scenario, seed, journal)
        checker.campaign = campaign
        for pc in [None, *campaign.pcs]:  # warm the cache before anything is gained
            _cached(campaign, pc)
        loop.play(campaign, make_session(scenario))
        assert checker.checked > 0
        gained += checker.gained
        hurt += checker.hurt
    assert gained > 0 and hurt > 0  # abilities were gained and harm carried: the checks saw the caches go stale


def test_BITD_ABIL_an_ability_appended_after_a_lookup_counts_at_once():
    scenario = load_scenario("scenarios/starter.yaml")
    c = build_campaign(scenario, 5, Journal(keep=False))
    pc, other = c.pcs[0], c.pcs[1]
    pc.abilities[:] = []  # a clean slate, before anything is looked up
    c.crew.abilities[:] = []
    assert abilities.mechanic_value(c, pc, "harm_penalty_shift", 0) == 0  # looked up (and kept) before the ability
    assert abilities.special_armor(c, pc) == ()
    pc.abilities.append("tough_as_nails")
    assert abilities.mechanic_value(c, pc, "harm_penalty_shift", 0) == 1
    assert abilities.mechanic_value(c, other, "group_crit_from_sixes", False) is False
    c.crew.abilities.append("synchronized")
    assert abilities.mechanic_value(c, pc, "group_crit_from_sixes", False) is True
    assert abilities.mechanic_value(c, other, "group_crit_from_sixes", False) is True
    c.crew.abilities = []  # another list altogether
    assert abilities.mechanic_value(c, pc, "group_crit_from_sixes", False) is False
    assert _cached(c, pc) == _fresh(c, pc) and _cached(c, None) == _fresh(c, None)
