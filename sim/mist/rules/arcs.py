"""Themes and their arcs (MIST.THEME, MIST.ARC, MIST.EVOLUTION) as frozen values and pure functions.

A :class:`Theme` is a Gift (a desire; resonance and decay) or a Self (a dilemma; progress and abandonment)
holding its positive tags (the theme tag first) and weakness tags (MIST.THEME.2). Marks on the growing
track buy growth (MIST.ARC.GROW.2: at 3; a nascent theme at every mark, MIST.ARC.GROW.3); marks on the
fading track lose the theme at 3 (MIST.ARC.FADE.2), replaced by a nascent theme of the other type
(MIST.ARC.REPLACE.2); each loss is evolution, and at 5 evolution an ending opens (MIST.EVOLUTION.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from sim.errors import IllegalMove, UsageError

GIFT, SELF = "gift", "self"
THEME_TYPES = (GIFT, SELF)
#: MIST.THEME.3: the track that grows a theme and the one that wears it away
GROW_TRACK = {GIFT: "resonance", SELF: "progress"}
FADE_TRACK = {GIFT: "decay", SELF: "abandonment"}
TRACKS = ("resonance", "progress", "decay", "abandonment")
MARKS_FOR_GROWTH = 3  # MIST.ARC.GROW.2
MARKS_TO_FADE = 3  # MIST.ARC.FADE.2
EVOLUTION_FOR_ENDING = 5  # MIST.EVOLUTION.1
GROWTHS = ("new_power_tag", "weakness", "rewrite", "reset")  # MIST.ARC.GROW.2
ENDINGS = ("avatar", "sleep", "calm")  # MIST.EVOLUTION.1
#: MIST.EVOLUTION.1, the fitting moments (our reading): the endings of legendary power at a heist's start, so the
#: character plays that heist and leaves at the chapter's end; the return to calm at the chapter's review
ENDINGS_IN_PLAY = ("avatar", "sleep")
ENDINGS_AT_FALLOUT = ("calm",)
AVATAR_GIFTS = 3  # MIST.EVOLUTION.1: an Avatar holds three Gift themes


def opposite(theme_type: str) -> str:
    """MIST.ARC.REPLACE.2: a lost Gift brings a Self, a lost Self a Gift."""
    if theme_type not in THEME_TYPES:
        raise UsageError(f"unknown theme type {theme_type!r}; choose gift or self")
    return SELF if theme_type == GIFT else GIFT


def _checked(theme_type: str) -> str:
    opposite(theme_type)  # refuses an unknown type
    return theme_type


@dataclass(frozen=True, slots=True)
class Theme:
    """One theme of a character: its kit, type, tags and tracks (MIST.THEME.1-3, MIST.ARC)."""

    kit: str
    type: str
    tags: tuple[str, ...]  # positive tags, the theme tag first (MIST.THEME.2)
    weaknesses: tuple[str, ...]
    grow: int = 0  # resonance (Gift) or progress (Self)
    fade: int = 0  # decay (Gift) or abandonment (Self)
    growths: int = 0  # growths taken (MIST.ARC.FADE.2 counts a theme that grew)
    motive: str = ""  # the desire or dilemma it has now ("" the kit's own; a rewrite names the new one)

    @property
    def theme_tag(self) -> str:
        return self.tags[0]

    def track_value(self, track: str) -> int:
        if track == GROW_TRACK[self.type]:
            return self.grow
        if track == FADE_TRACK[self.type]:
            return self.fade
        raise IllegalMove(f"a {self.type} theme has no {track} track")


def new_theme(kit: str, theme_type: str, tags: Sequence[str], weaknesses: Sequence[str]) -> Theme:
    """A normal theme (MIST.THEME.2): 3 positive tags, the theme tag first, and 1 weakness tag."""
    if len(tags) != 3 or len(weaknesses) != 1:
        raise UsageError(f"theme {kit}: a normal theme has 3 positive tags and 1 weakness, got "
                         f"{len(tags)} and {len(weaknesses)}")
    return Theme(kit, _checked(theme_type), tuple(tags), tuple(weaknesses))


def nascent_theme(kit: str, theme_type: str, theme_tag: str, weakness: str) -> Theme:
    """A nascent theme (MIST.THEME.2): only its theme tag and a weakness tag."""
    return Theme(kit, _checked(theme_type), (theme_tag,), (weakness,))


def is_nascent(theme: Theme, normal_at: int = 3) -> bool:
    """MIST.ARC.GROW.3: a theme is nascent until it holds ``normal_at`` positive tags (option
    ``mist_nascent_until``; the seed leaves the point open)."""
    return len(theme.tags) < normal_at


def mark(theme: Theme, track: str) -> Theme:
    """Mark one box on ``track`` (MIST.ARC.GROW.1, MIST.ARC.FADE.1)."""
    if track == GROW_TRACK[theme.type]:
        return replace(theme, grow=theme.grow + 1)
    if track == FADE_TRACK[theme.type]:
        return replace(theme, fade=theme.fade + 1)
    raise IllegalMove(f"a {theme.type} theme has no {track} track")


def growth_due(theme: Theme, normal_at: int = 3) -> bool:
    """A growth is due: 3 marks on a normal theme (MIST.ARC.GROW.2), any mark on a nascent one (MIST.ARC.GROW.3)."""
    return theme.grow >= (1 if is_nascent(theme, normal_at) else MARKS_FOR_GROWTH)


def growth_options(theme: Theme, spare_tags: Sequence[str], spare_weaknesses: Sequence[str]) -> tuple[str, ...]:
    """The growths a theme can take now (MIST.ARC.GROW.2): a new power tag while its kit has one to give, a
    weakness change while it has one or the kit another, a rewrite always, a reset when it has decay."""
    out = []
    if spare_tags:
        out.append("new_power_tag")
    if theme.weaknesses or spare_weaknesses:
        out.append("weakness")
    out.append("rewrite")
    if theme.fade:
        out.append("reset")
    return tuple(out)


def grow(theme: Theme, growth: str, *, tag: str = "", weakness: str | None = None, motive: str = "",
         reset_marks: bool = True, normal_at: int = 3) -> Theme:
    """Take one growth (MIST.ARC.GROW.2). ``tag``: the new power tag; ``weakness``: the weakness that replaces
    the theme's (``""`` removes it, MIST.ARC.GROW.2 "add, remove or modify"); ``motive``: the rewritten desire
    or dilemma. A nascent theme spends the one mark (MIST.ARC.GROW.3); a normal one clears its three marks when
    ``reset_marks`` (option ``mist_reset_after_growth``; the seed leaves it open, MIST.OPEN.7), else keeps them
    past the three."""
    if not growth_due(theme, normal_at):
        raise IllegalMove(f"theme {theme.kit} has no growth due")
    spent = 1 if is_nascent(theme, normal_at) else (MARKS_FOR_GROWTH if reset_marks else 0)
    theme = replace(theme, grow=theme.grow - spent, growths=theme.growths + 1)
    if growth == "new_power_tag":
        if not tag or tag in theme.tags:
            raise IllegalMove(f"theme {theme.kit}: a new power tag must be one it lacks")
        return replace(theme, tags=theme.tags + (tag,))
    if growth == "weakness":
        if weakness is None:
            raise IllegalMove(f"theme {theme.kit}: a weakness growth names the weakness")
        return replace(theme, weaknesses=(weakness,) if weakness else ())
    if growth == "rewrite":
        return replace(theme, motive=motive or theme.motive)
    if growth == "reset":
        return replace(theme, fade=0)
    raise IllegalMove(f"unknown growth {growth!r}; growths are {', '.join(GROWTHS)}")


def fades(theme: Theme) -> bool:
    """MIST.ARC.FADE.2: 3 decay or abandonment and the theme is lost."""
    return theme.fade >= MARKS_TO_FADE


@dataclass(frozen=True, slots=True)
class Loss:
    """What losing a theme leaves (MIST.ARC.FADE.2, MIST.ARC.REPLACE.2): evolution, wounds, the new theme's type."""

    evolution: int
    wounds: int
    replacement_type: str


def lose(theme: Theme) -> Loss:
    """The price of losing ``theme``, by fading or by replacement, counted **once** (MIST.ARC.REPLACE.2: a fade
    that brings a replacement is one loss): 1 evolution, +1 if it ever grew; 1 lingering wound; a nascent theme
    of the opposite type takes its place."""
    return Loss(1 + (1 if theme.growths else 0), 1, opposite(theme.type))


def endings_open(evolution: int) -> bool:
    """MIST.EVOLUTION.1: with 5 evolution in total an ending may be chosen."""
    return evolution >= EVOLUTION_FOR_ENDING


def avatar_themes(themes: Sequence[Theme], gift_kits: Sequence[Theme]) -> tuple[Theme, ...]:
    """MIST.EVOLUTION.1, Become an Avatar: every Self is given up, the Gifts stay, and new Gifts from
    ``gift_kits`` (normal themes, in order, none the character holds) make three Gift themes."""
    gifts = [t for t in themes if t.type == GIFT][:AVATAR_GIFTS]
    held = {t.kit for t in gifts}
    for kit in gift_kits:
        if len(gifts) >= AVATAR_GIFTS:
            break
        if kit.type == GIFT and kit.kit not in held:
            gifts.append(kit)
            held.add(kit.kit)
    if len(gifts) < AVATAR_GIFTS:
        raise IllegalMove("an Avatar needs three Gift themes and there are not enough Gift kits")
    return tuple(gifts)
