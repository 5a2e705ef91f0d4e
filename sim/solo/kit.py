"""What a game system gives solo play: views of its journal, how play moves the tension, threads and NPCs.

The session (:mod:`sim.solo.session`) is system-generic: it plays through the
registry (:mod:`sim.systems`) and asks the system's :class:`SoloViews`
(``System.solo``, a factory) for everything that reads the rules' own events.
Every method is a pure function of journal events, a decision's context and the
content: nothing here rolls, journals or touches a live game. A system with no
views of its own gets this base class: sheets and odds it cannot show say so in
one line, and tension, scenes, threads and NPCs come only from what the person
does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from sim.errors import UsageError

View = tuple[list[str], dict]  # (plain lines, plain JSON data for a richer front end)


@dataclass
class ActResult:
    """What a system's ``free_act`` (:class:`sim.systems.System`) makes of ``act MOVE "what I do"``.

    ``ok`` False: the act is not allowed now or its words are not understood; ``lines`` then holds the one line that
    says why (listing the actions, skills or tags it accepts). Otherwise ``lines`` are the stakes the GM set and
    why, then the odds (asked without a stream: stakes and odds only, nothing rolled or journaled), or, asked with
    one, the roll and what it did; ``stakes`` and ``odds`` are the same as plain JSON data (the odds as exact
    fractions, ``"3/8"``, keyed by result) for the ``free_act`` event and a richer front end."""

    ok: bool
    lines: list[str]
    stakes: dict = field(default_factory=dict)
    odds: dict = field(default_factory=dict)


#: The version of the words a system's views put into the journal, kept in a save's header (``words``) so that a
#: save replays with the words it was played with (its steps are checked against the journal's digest):
#: 1 (a header without the key): the mist system's and Fate's tension reasons in English, a mist lingering wound's
#: thread by its id; 2: both in the play's language; 3: the NPC list holds people only (not factions or threats, which
#: random events then no longer draw as NPCs) and a Blades campaign clock's thread is named as a player would write it
#: (issue 30).
WORDS = 3


class SoloViews:
    """The base: no system-specific views (see the module docstring). Systems subclass it."""

    #: commands whose view this system can show (the session answers the others with one line)
    views: tuple[str, ...] = ()
    #: the scenario being played (the session sets it; views that start from its characters read it)
    scenario: Any = None

    def __init__(self, content: Any = None, lang: str = "en"):
        self.content = content
        self.lang = lang
        #: which :data:`WORDS` the views journal (``oracle_tension`` reasons, thread texts the oracle may draw): the
        #: newest, or those of the save being replayed (:meth:`sim.solo.session.Session.resume`)
        self.words = WORDS

    def player_seats(self, scenario: Any) -> tuple[str, ...]:
        """The scenario's player seats a person may hold (``pc1``..``pcN``); the base: none."""
        return ()

    def _no_view(self, view: str) -> str:
        """"(this system has no crew view)" in the play's language."""
        from sim.i18n import t

        return t("solo.reply.no_view", self.lang, view=view)

    # --- views of the journal so far ------------------------------------------------------------------------
    def sheet(self, events: Sequence[Mapping[str, Any]], pc: str | None = None) -> View:
        return [self._no_view("sheet")], {}

    def crew(self, events: Sequence[Mapping[str, Any]]) -> View:
        return [self._no_view("crew")], {}

    def clocks(self, events: Sequence[Mapping[str, Any]]) -> View:
        return [self._no_view("clocks")], {}

    def factions(self, events: Sequence[Mapping[str, Any]]) -> View:
        return [self._no_view("factions")], {}

    def scene_view(self, events: Sequence[Mapping[str, Any]]) -> View:
        """What the ``scene`` command shows of the system's own scene (zones, aspects, challenges) after its line."""
        return [], {}

    def characters(self, events: Sequence[Mapping[str, Any]]) -> dict[str, str]:
        """The player characters by id -> display name (``sheet PC`` takes either)."""
        return {}

    # --- what play means for the oracle ---------------------------------------------------------------------
    def tension(self, event: Mapping[str, Any]) -> tuple[int, str] | None:
        """How one event moves the tension: ``(delta, reason)``; None when it doesn't."""
        return None

    def worded(self, move: tuple[int, str] | None) -> tuple[int, str] | None:
        """A tension move ``(delta, its solo.tension.* key)`` as ``(delta, reason)``: in the play's language, or in
        English for a save of the first :data:`WORDS` (how the mist system and Fate worded their reasons then)."""
        if move is None:
            return None
        from sim.solo.views import word

        delta, key = move
        return delta, word(f"solo.tension.{key}", self.lang if self.words >= 2 else "en", key)

    def scene(self, event: Mapping[str, Any]) -> str | None:
        """The title of the scene ``event`` opens (a score, a downtime); None when it opens none."""
        return None

    def threads(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """Threads ``event`` opens or closes: ``("add" | "close", text)`` pairs."""
        return ()

    def npcs(self, event: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """NPCs ``event`` brings in or takes away: ``("add" | "remove", name)`` pairs."""
        return ()

    def auto_until(self, phase: str) -> frozenset[str]:
        """``auto score`` from a decision in ``phase`` answers until one of these events (the end of the score)."""
        return frozenset({"campaign_end"})

    # --- a decision, for a person ---------------------------------------------------------------------------
    def option_odds(self, kind: str, option: Any, context: Mapping[str, Any]) -> str | None:
        """A short text of the exact odds beside an option that leads to a roll (None for the others)."""
        return None

    def gm_says(self, kind: str, context: Mapping[str, Any]) -> list[str]:
        """Why the GM set what it set for this decision (position, effect), as sentences."""
        return []

    def odds_detail(self, kind: str, options: Sequence[Any], context: Mapping[str, Any]) -> list[str]:
        """The ``odds`` command's lines after each option's odds: what the results mean, the costs."""
        return []

    def agent(self, name: str) -> Any:
        """The scripted player agent with policy ``name`` that answers an ``auto`` (the system's own traits)."""
        from sim.agents.base import make_agent

        return make_agent("players", name)

    def policy(self, events: Sequence[Mapping[str, Any]], seat: str) -> str | None:
        """The scripted policy a seat plays when the person says ``auto`` (None: the system has none)."""
        return None


def seats_wanted(scenario: Any, every: tuple[str, ...], seats: Sequence[str] | str | None) -> tuple[str, ...]:
    """``--seats pc1,pc2`` or ``all`` (the default): which of the scenario's player seats (``every``, from
    :meth:`SoloViews.player_seats`) the person holds."""
    if seats is None or seats == "all" or seats == ["all"]:
        if not every:
            raise UsageError(f"a {scenario.system} scenario has no player seats to hold")
        return every
    wanted = [s.strip() for s in (seats.split(",") if isinstance(seats, str) else seats) if s.strip()]
    unknown = [s for s in wanted if s not in every]
    if unknown or not wanted:
        got = ",".join(wanted) or "nothing"
        got = got if len(got) <= 80 else f"{got[:60]}...{got[-10:]}"  # one short line, whatever was typed
        raise UsageError(f"--seats takes all or some of {', '.join(every)}, got {got}")
    return tuple(dict.fromkeys(wanted))
