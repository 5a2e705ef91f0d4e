"""Small helpers the story export shares: plain text made safe in Markdown, and a term or its readable id."""

from __future__ import annotations

import re
from typing import Any

from sim.i18n import term_or

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")


def md(text: str) -> str:
    """Plain text safe in Markdown: characters Markdown or Obsidian would read as markup (``#tag``, ``[[link]]``,
    ``*``, ``_``, ``|``, ``<``) are escaped with a backslash, which every Markdown reader shows as the character."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def term(prefix: str, ident: Any, lang: str) -> str:
    """The term ``prefix.ident`` in ``lang``; an id with no term reads as itself, underscores as spaces."""
    return term_or(f"{prefix}.{ident}", str(ident).replace("_", " "), lang)
