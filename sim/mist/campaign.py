"""Building and playing one mist campaign: characters, seats, the loop, the flat summary.

Streams (:func:`sim.rng.stream`): ``dice`` every roll, ``setup`` the themes a character draws, ``tables``
draws that are nobody's decision, ``seat.<seat>`` each seat's policy. ``campaign_start`` records the seed,
the length (``chapters``, and as ``scores`` for ``sim play --replay``), who held each seat and every
character's sheet.
"""

from __future__ import annotations

from typing import Any, Mapping

from sim.agents.base import Agent
from sim.agents.seats import Seats
from sim.errors import UsageError
from sim.journal import Journal
from sim.mist import agents, loop
from sim.mist.rules import arcs
from sim.mist.rules.characters import starting_themes
from sim.mist.scenario import HUMAN, Scenario, holder_of
from sim.mist.state import Character, MistGame
from sim.rng import stream

ENDINGS = arcs.ENDINGS
PC_STATES = ("active", "dead", "transformed", "avatar", "sleeper", "calm")


def build(scenario: Scenario, seed: int, journal: Journal, seats: Mapping[str, Agent] | None = None,
          chapters: int | None = None) -> MistGame:
    """The game at setup: characters, the seats (policies, or the caller's holders), ``campaign_start``."""
    holders = {"gm": holder_of(scenario, "gm", scenario.gm)}
    for i, spec in enumerate(scenario.characters, start=1):
        holders[f"pc{i}"] = holder_of(scenario, f"pc{i}", spec.policy)
    given = dict(seats or {})
    agents_by_seat: dict[str, Agent] = {}
    for seat, holder in holders.items():
        if "*" in given or seat in given:
            agents_by_seat[seat] = given.get(seat, given.get("*"))
        elif holder == HUMAN:
            raise UsageError(f"seat {seat} is held by a person (human), and nobody is there to answer: play it with "
                             f"sim play, or give the seat a policy (--seat {seat}="
                             f"{'standard' if seat == 'gm' else 'careful'})")
        else:
            agents_by_seat[seat] = agents.mist_agent("gm" if seat == "gm" else "players", holder)
    for seat in given:
        if seat != "*" and seat not in holders:
            raise UsageError(f"no seat {seat!r} in this campaign; seats: {', '.join(sorted(holders))}")
    game = MistGame(scenario, seed, journal, Seats(agents_by_seat, seed, journal), stream(seed, "dice"),
                    stream(seed, "tables"))
    if chapters is not None:
        game.chapters = chapters
    setup = game.setup = stream(seed, "setup")
    for i, spec in enumerate(scenario.characters, start=1):
        game.characters.append(Character(f"pc{i}", spec.name, holders[f"pc{i}"],
                                         starting_themes(game, spec.themes, setup)))
    game.emit("campaign_start", system="mist", scenario=scenario.name, seed=seed,
              length={"chapters": game.chapters, "scores": game.chapters}, seats=holders,
              characters=[pc.sheet() for pc in game.characters])
    return game


class Session:
    """The loop's context: configuration (the caller's per-chapter rows), not state."""

    __slots__ = ("series",)

    def __init__(self, series: list | None = None):
        self.series = series


def play_campaign(scenario: Scenario, seed: int, *, journal: Any = None, series: list | None = None,
                  scores: int | None = None, seats: Mapping[str, Agent] | None = None) -> tuple[MistGame, dict]:
    """One campaign: ``(finished game, flat summary)``. ``journal``: a Journal, a list to append events to, or
    None; ``scores`` overrides the number of chapters (``sim play --scores``)."""
    if isinstance(journal, Journal):
        j = journal
    else:
        j = Journal(keep=journal is not None)
        if journal is not None:
            j.events = journal
    game = build(scenario, seed, j, seats, scores)
    loop.play(game, Session(series))
    game.emit("campaign_end", reason=game.end, chapters=game.chapter,
              characters=[pc.sheet() for pc in game.characters])
    return game, summarize(game)


COUNTED = ("challenges_overcome", "characters_joined", "heists_won", "themes_grown", "themes_faded", "themes_unleashed",
           "themes_replaced", "evolution", "limits_reached", "characters_lost", "rolls", "scenes",
           "rolls_helped", "statuses_cancelled", "effect_extra_feat", "effect_bolster")


def summarize(game: MistGame) -> dict[str, Any]:
    """The flat summary: the same keys for every campaign of a scenario (issue 12's batch fields)."""
    c = game.counts
    out: dict[str, Any] = {"scenario": game.scenario.name, "seed": int(game.seed), "end": game.end,
                           "chapters": game.chapter}
    for key in COUNTED:
        out[key] = c.get(key, 0)
    for ending in ENDINGS:
        out[f"ending_{ending}"] = c.get(f"ending_{ending}", 0)
    for state in PC_STATES:
        out[f"characters_{state}"] = sum(pc.status == state for pc in game.characters)
    out["wounds"] = sum(len(pc.wounds) for pc in game.characters)
    out["max_evolution"] = max((pc.evolution for pc in game.characters), default=0)
    out["dice_rolled"] = c.get("dice_rolled", 0)  # d8s and d4s rolled (sim bench campaigns' dice floor)
    out["decisions"] = game.seats.asked  # decisions asked, forced ones too
    out["events"] = game.journal.seq - game.seats.recorded
    return out
