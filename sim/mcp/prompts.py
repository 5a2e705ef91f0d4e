"""The brief ``sim mcp`` gives a language model to be the GM of a session: what it may narrate freely and what it
must ask the engine (every roll, every consequence, every clock), in the session's language.

The words are ``mcp.prompt.*`` terms (content/i18n/terms/mcp.yaml); a system's own line is
``mcp.prompt.system.<name>`` when there is one, its name ``cli.odds.<name>`` (the name ``sim odds`` prints), so a
system added later gets the brief with no edit here.
"""

from __future__ import annotations

from sim.errors import UsageError
from sim.i18n import has, t

LANGS = ("en", "zh-Hant", "zh-Hans")
PARTS = ("narrate", "must_ask", "loop", "player", "illegal", "rules", "language")


def system_title(system: str, lang: str) -> str:
    return t(f"cli.odds.{system}", lang) if has(f"cli.odds.{system}") else system


def gm_brief(system: str, lang: str = "en", save: str | None = None) -> str:
    """The GM's brief for a session of ``system`` (in ``lang``; ``save``: the session's save name)."""
    if lang not in LANGS:
        raise UsageError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    title = system_title(system, lang)
    where = t("mcp.prompt.save", lang, save=save) if save else ""
    lines = [f"# {t('mcp.prompt.title', lang, system=title)}", "",
             t("mcp.prompt.intro", lang, system=title, save=where)]
    if has(f"mcp.prompt.system.{system}"):
        lines.append(t(f"mcp.prompt.system.{system}", lang))
    lines += [""] + [f"- {t(f'mcp.prompt.{part}', lang)}" for part in PARTS]
    return "\n".join(lines) + "\n"
