"""Making characters (MIST.THEME.2, MIST.THEME.4, MIST.EVOLUTION.1): themes from kits, drawn themes, and the
new character a player may make when one returns to calm."""

from __future__ import annotations

from typing import Any, Mapping

from sim.mist.rules import arcs
from sim.mist.state import Character, MistGame


def theme_from_kit(rec: Mapping[str, Any]) -> arcs.Theme:
    """A normal theme from its kit (MIST.THEME.2): the first three positive tags and the first weakness."""
    return arcs.new_theme(rec["id"], rec["type"], [t["id"] for t in rec["tags"][:3]], [rec["weaknesses"][0]["id"]])


def starting_themes(game: MistGame, kits: tuple[str, ...], rng: Any) -> list[arcs.Theme]:
    """The scenario's kits, or ``mist_gift_themes`` Gifts and ``mist_self_themes`` Selves drawn (MIST.THEME.4)."""
    if kits:
        return [theme_from_kit(game.kits[k]) for k in kits]
    out = []
    for kind, n in (("gift", game.options["mist_gift_themes"]), ("self", game.options["mist_self_themes"])):
        pool = sorted(k for k, rec in game.kits.items() if rec["type"] == kind)
        for _ in range(min(n, len(pool))):
            out.append(theme_from_kit(game.kits[pool.pop(int(rng.random() * len(pool)))]))
    return out


def join_after(game: MistGame, gone: Character) -> Character | None:
    """MIST.EVOLUTION.1, Return to Calm: the player may make a new character, who takes a new seat held by
    the same holder, with drawn themes (``setup`` stream) and a generated name (``names`` stream)."""
    if not game.seats.decide(gone.id, "mist_new_character", (True, False), gone=gone.id):
        return None
    from sim.i18n import default_name_locale
    from sim.names import NamePool
    from sim.rng import stream

    if game.names_rng is None:
        game.names_rng = stream(game.seed, "names")
    name = NamePool.for_locale(default_name_locale(game.scenario.lang)).pick_new(
        game.names_rng, {pc.name for pc in game.characters})
    new = Character(f"pc{len(game.characters) + 1}", name, gone.policy, starting_themes(game, (), game.setup))
    game.characters.append(new)
    game.seats.sit(new.id, game.seats.holder(gone.id))
    game.count("characters_joined")
    game.emit("character_joins", actor=new.id, replaces=gone.id, sheet=new.sheet())
    return new
