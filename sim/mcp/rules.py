"""The rules reference as ``sim mcp`` serves it: its pages (docs/rules/*.md) and one rule by ID or by a phrase.

Every rule of the reference is a heading holding its ID in backquotes (``### `BITD.RESIST.3` — Resistance costs
stress``, docs/rules/README.md "The format of a rule"); a group (``## `BITD.CORE` — ...``) holds its rules. A rule's
text is its heading and what follows it down to the next heading of the same level or higher, so a group's text
holds its rules. The pages are found where :mod:`sim.content.bundled` finds the shipped data (a checkout's
``docs/rules``, a wheel's ``sim/_data/docs/rules``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sim.errors import UsageError

HEADING = re.compile(r"^(#{1,6})\s+`([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_]+)*)`\s*(?:[—–-]\s*(.*))?$")
WORD = re.compile(r"\w+", re.UNICODE)
#: the most rules a phrase finds
MAX_FOUND = 10


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    page: str   # the page's name without .md: blades, fate, mist, oracle
    level: int  # the heading's level (2: a group, 3: a rule)
    text: str


def rules_root() -> Path:
    from sim.content.bundled import RULES_ROOT

    return RULES_ROOT


def pages() -> dict[str, Path]:
    """The reference's pages by name (``README``, ``blades``, ``fate``, ``mist``, ``oracle``)."""
    root = rules_root()
    if not root.is_dir():
        return {}
    return {p.stem: p for p in sorted(root.glob("*.md"))}


def page_text(name: str) -> str:
    """A page's Markdown; an unknown name is one line naming the pages."""
    found = pages().get(name)
    if found is None:
        raise UsageError(f"no rules page {name!r}; the pages are {', '.join(pages()) or 'none (not installed)'}")
    return found.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _rules(root: str) -> tuple[Rule, ...]:
    out: list[Rule] = []
    for name, path in pages().items():
        lines = path.read_text(encoding="utf-8").splitlines()
        heads = []  # (index, level, id, title)
        levels = []  # every heading's (index, level): a rule ends at the next heading as high as its own
        for i, line in enumerate(lines):
            m = re.match(r"^(#{1,6})\s", line)
            if m:
                levels.append((i, len(m.group(1))))
            h = HEADING.match(line)
            if h:
                heads.append((i, len(h.group(1)), h.group(2), (h.group(3) or "").strip()))
        for i, level, rule_id, title in heads:
            end = next((j for j, lv in levels if j > i and lv <= level), len(lines))
            out.append(Rule(rule_id, title, name, level, "\n".join(lines[i:end]).strip()))
    return tuple(out)


def rules() -> tuple[Rule, ...]:
    """Every rule and group of the reference, in page order (README's own examples left out)."""
    return tuple(r for r in _rules(str(rules_root())) if r.page != "README")


def by_id(rule_id: str) -> Rule | None:
    folded = rule_id.strip().strip("`").upper()
    return next((r for r in rules() if r.id == folded), None)


def lookup(query: str) -> dict:
    """A rule ID (``BITD.RESIST.3``, any case) → that rule; else a phrase → the rules whose ID, title and text hold
    its words most often (title words count three times), at most :data:`MAX_FOUND`, best first."""
    query = (query or "").strip()
    if not query:
        raise UsageError("rules_lookup needs a rule ID (BITD.RESIST.3) or a phrase (resistance stress)")
    if len(query) > 500:
        raise UsageError(f"rules_lookup takes at most 500 characters, got {len(query)}")
    if not rules():
        raise UsageError("the rules reference is not installed with this sim (docs/rules is missing)")
    found = by_id(query)
    if found is not None:
        return {"query": query, "match": "id", "rules": [_shown(found)]}
    words = [w.casefold() for w in WORD.findall(query)]
    if not words:
        raise UsageError(f"rules_lookup found no words in {query!r}")
    scored = []
    for rule in rules():
        if rule.level < 3 and any(r.id.startswith(rule.id + ".") for r in rules()):
            continue  # a group: its rules are found one by one
        title = [w.casefold() for w in WORD.findall(f"{rule.id} {rule.title}")]
        body = [w.casefold() for w in WORD.findall(rule.text)]
        if not all(any(b.startswith(w) for b in title + body) for w in words):
            continue  # every word of the phrase, or a word it begins, is in the rule
        score = sum(3 * sum(b.startswith(w) for b in title) + sum(b.startswith(w) for b in body) for w in words)
        scored.append((-score, len(scored), rule))
    scored.sort()
    return {"query": query, "match": "phrase", "rules": [_shown(r) for _, _, r in scored[:MAX_FOUND]],
            "found": len(scored)}


def _shown(rule: Rule) -> dict:
    return {"id": rule.id, "title": rule.title, "page": rule.page, "text": rule.text}
