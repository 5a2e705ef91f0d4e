"""The score's quick paths answer as the rules they stand for (issue 17).

The harm penalties a score asks (:func:`sim.blades.score.harm_penalties.penalties`, remembered per scoundrel and action
with their resolved abilities) are checked against the plain rule (:func:`sim.blades.score.harm_penalties.harm_penalty` under the options and the scoundrel's
abilities) at every ask of a few seeded campaigns of the shipped scenarios, and the readiness the spotlight offers
against :func:`sim.blades.score.score.readiness` read afresh (BITD.HARM.4).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.blades.crew import abilities
from sim.blades.score import score
from sim.agents.seats import Seats
from sim.blades.score.harm_penalties import harm_penalty
from sim.blades.batch import BladesGame
from sim.rng import derive_seed

ROOT = Path(__file__).resolve().parents[1]


def _plain_penalties(campaign, pc, action):
    """harm_penalties.penalties as the rule reads (no memo)."""
    harm = pc.harm
    if not (harm[1] or harm[2] or harm[3]):
        return (0, 0, False)
    opts = campaign.options
    return harm_penalty(pc, opts["harm_rows_independent"],
                        abilities.mechanic_value(campaign, pc, "harm_penalty_shift", 0),
                        None if opts["harm_relevance"] == "always" else action)


@pytest.mark.parametrize("scenario", ["scenarios/starter.yaml", "scenarios/arcane.yaml"])
def test_BITD_HARM_4_remembered_score_penalties_are_the_rule_at_every_ask(monkeypatch, scenario):
    real = score.penalties
    asked = {"all": 0, "remembered": 0, "hampered": 0}

    def checked(campaign, pc, action):
        memo = abilities.resolved(campaign, pc).penalties
        if memo is not None and memo.rows is pc.harm and action in memo.by_action:
            asked["remembered"] += 1
        got = real(campaign, pc, action)
        assert got == _plain_penalties(campaign, pc, action), (pc.id, action, pc.harm)
        asked["all"] += 1
        asked["hampered"] += got != (0, 0, False)
        return got

    monkeypatch.setattr(score, "penalties", checked)
    game = BladesGame()
    prepared = game.prepare(str(ROOT / scenario), ())
    for i in range(4):
        game.play(prepared, derive_seed(3, i), None, None)
    assert asked["remembered"] > 20 and asked["hampered"] > 5 and asked["all"] > asked["remembered"]


def test_BITD_HARM_4_spotlight_readiness_is_readiness(monkeypatch):
    """What the spotlight offers (its quick reading of an unharmed scoundrel with nothing blocked, the remembered
    penalties otherwise) is :func:`score.readiness` read afresh for every actor, at every beat."""
    expected: list = []
    real_spotlight = score._spotlight
    real_ask = Seats.ask  # Seats.decide reaches it too

    def spotlight(campaign, run, actors, blocked):
        expected.append({pc.id: score.readiness(campaign, pc, run.ctx.plan, blocked) for pc in actors})
        return real_spotlight(campaign, run, actors, blocked)

    def ask(self, seat, kind, options, context):
        if kind == "spotlight":
            assert context["readiness"] == expected[-1]
            checked.append(context["readiness"])
        return real_ask(self, seat, kind, options, context)

    checked: list = []
    monkeypatch.setattr(score, "_spotlight", spotlight)
    monkeypatch.setattr(Seats, "ask", ask)
    game = BladesGame()
    prepared = game.prepare(str(ROOT / "scenarios/starter.yaml"), ())
    for i in range(3):
        game.play(prepared, derive_seed(5, i), None, None)
    assert len(checked) == len(expected) > 50
