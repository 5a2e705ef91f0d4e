"""The one mutable owner of a mist campaign: :class:`MistGame`. Every change is a journaled event.

Characters and challenges are plain slotted records the game alone writes; their themes are frozen
:class:`~sim.mist.rules.arcs.Theme` values replaced whole. The change methods journal (issue 12's contract):
``mist_status`` (:meth:`MistGame.add_status`), ``theme_mark`` (:meth:`MistGame.mark`), ``theme_growth``,
``theme_replaced``, ``evolution``, ``mist_ending``, and the rest named in docs/rules/mist.md.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from sim.agents.seats import Seats
from sim.journal import Journal
from sim.mist.rules import arcs
from sim.mist.rules.statuses import PC_LIMIT, cancelled_by, limit_reached, relevant_status, stack
from sim.rng import Rng


class Character:
    """A player character (MIST.THEME, MIST.STATUS, MIST.LIMIT.3, MIST.ARC, MIST.EVOLUTION)."""

    __slots__ = ("id", "name", "policy", "themes", "statuses", "burned", "wounds", "evolution", "ending", "status",
                 "leaves_after", "pursued", "used", "avatar", "sleeper")

    def __init__(self, cid: str, name: str, policy: str, themes: Iterable[arcs.Theme]):
        self.id = cid
        self.name = name
        self.policy = policy
        self.themes: list[arcs.Theme] = list(themes)
        self.statuses: dict[str, int] = {}
        self.burned: list[str] = []
        self.wounds: list[str] = []  # lingering wounds: the weakness tags of lost themes (MIST.ARC.FADE.2)
        self.evolution = 0
        self.ending = ""  # avatar | sleep | calm once chosen (MIST.EVOLUTION.1)
        self.status = "active"  # active | dead | transformed | avatar | sleeper | calm
        self.leaves_after = 0  # the chapter at whose end the character leaves play (an Avatar's, a Sleeper's)
        self.pursued = ""  # the theme whose desire or dilemma this chapter's montage pursued
        self.used: set[str] = set()  # themes whose tags the character brought this chapter
        self.avatar = False
        self.sleeper = False

    @property
    def active(self) -> bool:
        return self.status == "active"

    def theme(self, kit: str) -> arcs.Theme:
        for theme in self.themes:
            if theme.kit == kit:
                return theme
        raise KeyError(f"{self.id} has no theme {kit!r}")

    def sheet(self) -> dict[str, Any]:
        """The character as plain JSON (``campaign_start``, the closing sheet)."""
        return {"id": self.id, "name": self.name, "policy": self.policy, "status": self.status,
                "evolution": self.evolution, "wounds": list(self.wounds), "statuses": dict(sorted(self.statuses.items())),
                "themes": [{"kit": t.kit, "type": t.type, "tags": list(t.tags), "weaknesses": list(t.weaknesses),
                            "grow": t.grow, "fade": t.fade, "growths": t.growths} for t in self.themes]}


class Challenge:
    """A challenge in play (MIST.CHALLENGE.1): its statuses toward its limits, its tags, whether overcome."""

    __slots__ = ("id", "kind", "limits", "tags", "threats", "statuses", "overcome")

    def __init__(self, rec: Mapping[str, Any]):
        self.id = rec["id"]
        self.kind = rec["kind"]
        self.limits = {lim["status"]: lim["level"] for lim in rec["limits"]}
        self.tags = {t["id"]: tuple(t["hinders"]) for t in rec.get("tags") or ()}
        self.threats = tuple(t["id"] for t in rec["threats"])
        self.statuses: dict[str, int] = {s["status"]: s["level"] for s in rec.get("statuses") or ()}
        self.overcome = ""  # the status whose limit it reached


class MistGame:
    """A mist campaign's state, its dice stream, its seats and its journal (the one mutable owner)."""

    def __init__(self, scenario: Any, seed: int, journal: Journal, seats: Seats, rng: Rng, tables: Rng):
        self.scenario = scenario
        self.options = scenario.options
        self.content = scenario.content
        self.seed = seed
        self.journal = journal
        self.seats = seats
        self.rng = rng  # the dice
        self.tables = tables  # draws that are nobody's decision
        self.setup: Rng = tables  # character creation (campaign.build sets the setup stream)
        self.names_rng: Rng | None = None  # generated names, made on first use
        self.state: Any = None  # the phase (sim.phases)
        self.characters: list[Character] = []
        self.chapter = 0
        self.chapters = scenario.chapters
        self.challenge: Challenge | None = None  # the scene's
        self.story_tags: dict[str, tuple[tuple[str, ...], str]] = {}  # id -> (fits or hinders, "for" | "against")
        self.clues = 0  # clues for this chapter's heist (MIST.EFFECT.1)
        self.openings: dict[str, int] = {}  # extra feats waiting for the next roll of another character
        self.scene_actors: list[str] = []  # who acts in the scene under way (an extra feat needs another)
        self.heist_won = False
        self.forgone = False  # the montage scene's pursuit was given up (MIST.ARC.FADE.1)
        self.desire_paid: set[str] = set()  # characters whose desire was paid for this chapter
        self.free_acted: set[str] = set()  # characters whose action a free act took (solo play, sim.mist.free_act)
        self.end = ""
        self.counts: dict[str, int] = {}
        self.statuses = {s["id"]: s for s in self.content.table("mist/statuses")["statuses"]}
        self.kits = {k["id"]: k for k in self.content.table("mist/themes")["kits"]}
        self.challenges = {c["id"]: c for c in self.content.table("mist/challenges")["challenges"]}
        self.tag_fits = {t["id"]: tuple(t["fits"]) for k in self.kits.values() for t in (*k["tags"], *k["weaknesses"])}
        self.story_fits = {t["id"]: tuple(t["fits"]) for t in self.content.table("mist/story_tags")["story_tags"]}
        seats.state = self

    # ------------------------------------------------------------------ plumbing
    def emit(self, event: str, **fields: Any) -> dict:
        return self.journal.emit(event, **fields)

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n

    @property
    def active(self) -> list[Character]:
        return [c for c in self.characters if c.active]

    def pc(self, cid: str) -> Character:
        return next(c for c in self.characters if c.id == cid)

    # ------------------------------------------------------------------ statuses (MIST.STATUS, MIST.LIMIT)
    def pc_limit(self, name: str) -> int | None:
        """MIST.LIMIT.3: 6 for harmful statuses (option ``mist_pc_limit``: or every status)."""
        if self.options["mist_pc_limit"] == "every" or self.statuses[name]["kind"] == "harmful":
            return PC_LIMIT
        return None

    def add_status(self, target: Character | Challenge, name: str, delta: int, why: str) -> int:
        """Add (``delta > 0``) or take away a status (MIST.STATUS.2); a status added first spends its levels
        cancelling the statuses it cancels (:func:`~sim.mist.rules.statuses.cancelled_by`, option
        ``mist_status_cancel``), one level for one level, and only the rest lands. Journals ``mist_status`` for
        each change (a cancelled one's ``why`` is ``cancel:<status>``); returns the new level."""
        pool = target.statuses
        if delta > 0:
            for other in cancelled_by(name, pool, self.statuses, self.options["mist_status_cancel"]):
                taken = min(pool[other], delta)
                self.count("statuses_cancelled", taken)
                self._set_status(target, other, -taken, f"cancel:{name}")
                delta -= taken
                if not delta:
                    return pool.get(name, 0)
        return self._set_status(target, name, delta, why)

    def _set_status(self, target: Character | Challenge, name: str, delta: int, why: str) -> int:
        pool = target.statuses
        before = pool.get(name, 0)
        after = stack(before, delta, self.options["mist_status_stack"])
        if after:
            pool[name] = after
        else:
            pool.pop(name, None)
        limit = target.limits.get(name) if isinstance(target, Challenge) else self.pc_limit(name)
        reached = limit_reached(after, limit)
        self.emit("mist_status", target=target.id, name=name, before=before, delta=delta, after=after, limit=limit,
                  limit_reached=reached, why=why)
        if reached:
            self.count("limits_reached")
            if isinstance(target, Challenge) and not target.overcome:
                target.overcome = name
                self.count("challenges_overcome")
                self.emit("challenge_overcome", challenge=target.id, status=name, level=after)
            elif isinstance(target, Character) and target.active:
                how = self.statuses[name]["at_limit"]
                target.status = "dead" if how == "dies" else "transformed"
                self.count("characters_lost")
                self.emit("pc_lost", actor=target.id, status=name, how=how)
        return after

    def signed_statuses(self, pc: Character) -> dict[str, int]:
        return {n: (v if self.statuses[n]["kind"] == "helpful" else -v) for n, v in pc.statuses.items()}

    def roll_status(self, pc: Character) -> tuple[str, int] | None:
        """MIST.STATUS.3: the one status that counts in the character's roll."""
        return relevant_status(self.signed_statuses(pc))

    # ------------------------------------------------------------------ tags (MIST.TAG)
    def burn(self, pc: Character, tag: str) -> None:
        pc.burned.append(tag)

    def recover_burned(self, pc: Character, moment: str) -> None:
        if pc.burned:
            self.emit("tags_recovered", actor=pc.id, tags=sorted(pc.burned), moment=moment)
            pc.burned.clear()

    # ------------------------------------------------------------------ arcs (MIST.ARC)
    def mark(self, pc: Character, kit: str, track: str, why: str) -> arcs.Theme:
        """Mark a theme's track (MIST.ARC.GROW.1, MIST.ARC.FADE.1); journals ``theme_mark``."""
        theme = pc.theme(kit)
        before = theme.track_value(track)
        theme = arcs.mark(theme, track)
        self._replace_theme(pc, kit, theme)
        self.emit("theme_mark", actor=pc.id, theme=kit, track=track, before=before, after=before + 1, why=why)
        return theme

    def take_growth(self, pc: Character, kit: str, growth: str, tag: str = "", weakness: str | None = None) -> None:
        """MIST.ARC.GROW.2/3: one growth; journals ``theme_growth``."""
        theme = pc.theme(kit)
        normal_at = self.options["mist_nascent_until"]
        nascent = arcs.is_nascent(theme, normal_at)
        grown = arcs.grow(theme, growth, tag=tag, weakness=weakness, motive=f"rewrite:{kit}" if growth == "rewrite" else "",
                          reset_marks=self.options["mist_reset_after_growth"], normal_at=normal_at)
        self._replace_theme(pc, kit, grown)
        self.count("themes_grown")
        self.emit("theme_growth", actor=pc.id, theme=kit, growth=growth, tag=tag or None,
                  weakness=weakness, nascent=nascent, normal=not arcs.is_nascent(grown, normal_at),
                  marks_left=grown.grow)

    def lose_theme(self, pc: Character, kit: str, new_kit: str, cause: str) -> None:
        """MIST.ARC.FADE.2 / MIST.ARC.REPLACE.2: the theme goes, a nascent theme of the other type comes (none
        when ``new_kit`` is ""), one lingering wound and its evolution, counted once; journals ``theme_replaced``
        and ``evolution``."""
        theme = pc.theme(kit)
        loss = arcs.lose(theme)
        new = None
        if new_kit:
            rec = self.kits[new_kit]
            if rec["type"] != loss.replacement_type:
                raise ValueError(f"a lost {theme.type} is replaced by a {loss.replacement_type}, not {new_kit}")
            new = arcs.nascent_theme(new_kit, rec["type"], rec["tags"][0]["id"], rec["weaknesses"][0]["id"])
        wound = theme.weaknesses[0] if theme.weaknesses else theme.theme_tag
        at = pc.themes.index(theme)
        if new is None:
            del pc.themes[at]
        else:
            pc.themes[at] = new
        pc.wounds.append(wound)
        pc.burned[:] = [t for t in pc.burned if t not in theme.tags]
        self.count("themes_faded" if cause == "fade" else "themes_unleashed")
        if new is not None:
            self.count("themes_replaced")
        self.emit("theme_replaced", actor=pc.id, lost=kit, lost_type=theme.type, new=new_kit or None,
                  new_type=new.type if new else None, cause=cause, wound=wound, grew=bool(theme.growths))
        self.add_evolution(pc, loss.evolution)

    def add_evolution(self, pc: Character, n: int) -> None:
        before = pc.evolution
        pc.evolution += n
        self.count("evolution", n)
        self.emit("evolution", actor=pc.id, before=before, after=pc.evolution)

    def _replace_theme(self, pc: Character, kit: str, theme: arcs.Theme) -> None:
        pc.themes[[t.kit for t in pc.themes].index(kit)] = theme

    # ------------------------------------------------------------------ endings (MIST.EVOLUTION.1)
    def choose_ending(self, pc: Character, ending: str, gift_kits: list[arcs.Theme]) -> None:
        pc.ending = ending
        self.count(f"ending_{ending}")
        if ending == "avatar":
            pc.themes = list(arcs.avatar_themes(pc.themes, gift_kits))
            pc.avatar = True
            pc.leaves_after = self.chapter  # MIST.EVOLUTION.1: "when this chapter ends"
        elif ending == "sleep":
            pc.themes = [t for t in pc.themes if t.type == arcs.SELF]
            pc.sleeper = True
            pc.leaves_after = self.chapter
        self.emit("mist_ending", actor=pc.id, ending=ending, evolution=pc.evolution,
                  themes=[t.kit for t in pc.themes], last_chapter=pc.leaves_after or self.chapter)
        if ending == "calm":
            self.leave(pc, "calm")

    def leave(self, pc: Character, why: str) -> None:
        pc.status = {"avatar": "avatar", "sleep": "sleeper", "calm": "calm"}[why]
        self.emit("pc_leaves", actor=pc.id, reason=why)
