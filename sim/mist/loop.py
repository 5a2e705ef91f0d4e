"""The mist campaign loop as a phase table on the shared machine (MIST.SCENE.1, MIST.CHAPTER.1).

    setup -> montage -> heist -> fallout -> montage ... -> ended

Phases are coarse: a **montage** is every character's quick scene (pursue a Gift's desire, a Self's
dilemma, or prepare: clues for the heist), the **heist** one scene of the chapter's challenge played in
rounds of establish, act, consequence (MIST.SCENE.2), the **fallout** the chapter's review (MIST.ARC):
decay and abandonment, fading and replacement, endings (MIST.EVOLUTION.1). What passes between phases is
on the :class:`~sim.mist.state.MistGame`.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from sim.dice import MIST_SUCCESS
from sim.mist import scene
from sim.mist.rules import arcs
from sim.mist.rules.characters import join_after
from sim.mist.state import MistGame
from sim.phases import PhaseTable


class Phase(Enum):
    SETUP = "setup"
    MONTAGE = "montage"
    HEIST = "heist"
    FALLOUT = "fallout"
    ENDED = "ended"


TRANSITIONS = (
    ("begin", (Phase.SETUP,), Phase.MONTAGE),
    ("plan", (Phase.MONTAGE,), Phase.HEIST),
    ("review", (Phase.HEIST,), Phase.FALLOUT),
    ("next", (Phase.FALLOUT,), Phase.MONTAGE),
    ("finish", (Phase.SETUP, Phase.MONTAGE, Phase.FALLOUT), Phase.ENDED),
)


def _begin(game: MistGame, session: Any) -> str:
    return "begin" if game.chapters > 0 and game.active else "finish"


def _montage(game: MistGame, session: Any) -> str:
    """MIST.CHAPTER.1 montage: one quick scene per character, each pursuing a desire, a dilemma, or preparing."""
    game.chapter += 1
    game.clues = 0
    game.heist_won = False
    game.desire_paid.clear()
    heist = game.scenario.heists[(game.chapter - 1) % len(game.scenario.heists)]
    game.emit("chapter_start", chapter=game.chapter, heist=heist, actors=[pc.id for pc in game.active])
    montage = sorted((cid, rec.get("weight", 1)) for cid, rec in game.challenges.items()
                     if rec["kind"] == "montage" and rec.get("weight", 1) > 0)
    for pc in list(game.active):
        pc.used.clear()
        themes = tuple(t.kit for t in pc.themes if not (pc.sleeper and t.type == arcs.GIFT))
        pc.pursued = game.seats.decide(pc.id, "mist_pursue", ("", *themes),
                                       fade={t.kit: t.fade for t in pc.themes},
                                       types={t.kit: t.type for t in pc.themes})
        purpose = "prepare" if not pc.pursued else ("desire" if pc.theme(pc.pursued).type == arcs.GIFT else "dilemma")
        cid = game.seats.decide("gm", "mist_montage", tuple(c for c, _ in montage), actor=pc.id, purpose=purpose,
                                weights=[w for _, w in montage])
        challenge = scene.establish(game, cid, "montage", [pc], purpose, pc.pursued)
        game.forgone = False
        rounds = 0
        while rounds < game.scenario.montage_rounds and pc.active and not challenge.overcome and not game.forgone:
            rounds += 1
            result = scene.act(game, pc, heist=False, purpose=purpose)
            scene.consequence(game, pc, result, purpose)
        if challenge.overcome and purpose == "dilemma" and pc.active:
            scene.mark_and_grow(game, pc, pc.pursued, "progress", "dilemma")  # MIST.ARC.GROW.1
        scene.close_scene(game, rounds)
    if game.active:
        return "plan"
    game.end = "no_pcs"
    return "finish"


def offer_endings(game: MistGame, endings: tuple[str, ...]) -> None:
    """MIST.EVOLUTION.1: every character with 5 evolution or more and no ending yet may pick one of ``endings``
    (or "not yet"). An Avatar's or a Sleeper's control ends when *this* chapter ends; a return to calm leaves at
    once, and the player may make a new character."""
    for pc in list(game.active):
        if arcs.endings_open(pc.evolution) and not pc.ending:
            ending = game.seats.decide(pc.id, "mist_ending", ("", *endings), evolution=pc.evolution,
                                       chapter=game.chapter)
            if ending:
                gifts = [arcs.new_theme(k, "gift", [t["id"] for t in rec["tags"][:3]], [rec["weaknesses"][0]["id"]])
                         for k, rec in sorted(game.kits.items()) if rec["type"] == arcs.GIFT]
                game.choose_ending(pc, ending, gifts)
                if ending == "calm":
                    join_after(game, pc)


def _heist(game: MistGame, session: Any) -> str:
    """MIST.CHAPTER.1 heist: the chapter's challenge, every character acting each round (MIST.SCENE.2).

    Its start is the fitting moment for the endings of legendary power (MIST.EVOLUTION.1): a character may
    Become an Avatar or Fall Asleep now, play the heist so, and leave when the chapter ends."""
    offer_endings(game, arcs.ENDINGS_IN_PLAY)
    heist = game.scenario.heists[(game.chapter - 1) % len(game.scenario.heists)]
    challenge = scene.establish(game, heist, "heist", game.active)
    rounds = 0
    while rounds < game.scenario.heist_rounds and game.active and not challenge.overcome:
        rounds += 1
        for pc in list(game.active):
            if challenge.overcome or not pc.active:
                continue
            result = scene.act(game, pc, heist=True)
            if result != MIST_SUCCESS:  # a 6-8 that overcomes the challenge still has its consequence
                scene.consequence(game, pc, result)
    game.heist_won = bool(challenge.overcome)
    game.count("heists_won", int(game.heist_won))
    scene.close_scene(game, rounds)
    return "review"


def _fallout(game: MistGame, session: Any) -> str:
    """MIST.CHAPTER.1 fallout: the review of MIST.ARC.FADE.1, fades and replacements (MIST.ARC.FADE.2), an
    Avatar or Sleeper of this chapter leaves (MIST.EVOLUTION.1: control ends when the chapter ends), statuses
    ease, burned tags return, and a return to calm is offered."""
    for pc in list(game.active):
        for theme in list(pc.themes):
            if theme.type == arcs.GIFT and theme.kit != pc.pursued:
                game.mark(pc, theme.kit, "decay", "review")  # no attempt at the desire this chapter
            elif theme.type == arcs.SELF and not game.seats.decide(
                    pc.id, "mist_cling", (True, False), theme=theme.kit, used=theme.kit in pc.used,
                    pursued=theme.kit == pc.pursued):
                game.mark(pc, theme.kit, "abandonment", "review")
        for theme in list(pc.themes):
            if arcs.fades(theme):
                scene.replace_theme(game, pc, theme.kit, "fade")
        if pc.leaves_after and pc.leaves_after <= game.chapter:
            game.leave(pc, pc.ending)
            continue
        for name in sorted(pc.statuses):
            if game.options["mist_fallout_recovery"]:
                game.add_status(pc, name, -game.options["mist_fallout_recovery"], "fallout")
        game.recover_burned(pc, "chapter")
    offer_endings(game, arcs.ENDINGS_AT_FALLOUT)  # the chapter's review: a return to calm
    game.emit("chapter_end", chapter=game.chapter, heist_won=game.heist_won, active=[pc.id for pc in game.active],
              evolution={pc.id: pc.evolution for pc in game.characters})
    series = getattr(session, "series", None)
    if series is not None:
        series.append(chapter_row(game))
    if not game.active:
        game.end = "no_pcs"
        return "finish"
    if game.chapter >= game.chapters:
        game.end = "chapters"
        return "finish"
    return "next"


def chapter_row(game: MistGame) -> dict[str, Any]:
    """One flat row per chapter for the batch's per-chapter plots (``score`` is the chapter number)."""
    return {"score": game.chapter, "mist_active": len(game.active),
            "mist_evolution": sum(pc.evolution for pc in game.characters),
            "mist_harm": sum(v for pc in game.active for n, v in pc.statuses.items()
                             if game.statuses[n]["kind"] == "harmful"),
            "mist_heist_won": int(game.heist_won), "mist_themes_replaced": game.counts.get("themes_replaced", 0)}


TABLE = PhaseTable("mist chapter loop", Phase, initial=Phase.SETUP, final=Phase.ENDED, transitions=TRANSITIONS,
                   work={Phase.SETUP: _begin, Phase.MONTAGE: _montage, Phase.HEIST: _heist, Phase.FALLOUT: _fallout})


def play(game: MistGame, session: Any = None) -> str:
    """Play from setup to the end; the end reason (``chapters`` or ``no_pcs``)."""
    TABLE.place(game, Phase.SETUP)
    TABLE.run(game, session)
    if not game.end:
        game.end = "no_pcs" if not game.active else "chapters"
    return game.end
