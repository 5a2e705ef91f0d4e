"""Reading a likelihood as a person writes it, in any of the three languages (ORACLE.SCALE.1).

``ask Is the door open? nearly certain``, ``ask Is the door open? very_likely``, ``ask 門開著嗎？極有可能`` (no
space: Chinese is written without them) and ``ask Is it raining? probable`` all name a likelihood of the scale:

* by its id in any spelling (``nearly_certain``, ``nearly-certain``, ``nearly certain``, ``NearlyCertain``);
* by its name in any language (the terms ``oracle.likelihood.*``: ``very likely``, ``極有可能``, ``极有可能``);
* by a common synonym (the terms ``oracle.likelihood_synonym.*``, ``|``-separated: ``probable``, ``很可能``).

:func:`split_question` finds the longest such name at the end of the text. A name glued to the question counts
when it is written in Chinese characters or follows a question mark; a Latin-letter name needs a space (or a
question mark) before it, so ``Is it unlikely`` reads ``unlikely`` but ``Is it Unlikelyville`` does not. When no
name ends the text, the question stands at ``even`` unless something follows the last question mark: that is a
likelihood the reader could not read, and :func:`split_question` says so (:class:`UnknownLikelihood`), never a
silent 50/50.
"""

from __future__ import annotations

import re
from functools import lru_cache

from sim.errors import UsageError
from sim.oracle.scale import LIKELIHOODS

QUESTION_MARKS = "?？"


class UnknownLikelihood(UsageError):
    """The words after a question's last question mark name no likelihood (``word``: what was written)."""

    def __init__(self, word: str):
        self.word = word
        super().__init__(f"unknown likelihood {word!r}; choose one of {', '.join(LIKELIHOODS)}")


def fold(text: str) -> str:
    """A form compared without case, spaces, underscores or hyphens."""
    return re.sub(r"[\s_\-]+", "", str(text)).casefold()


def _cjk(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


@lru_cache(maxsize=1)
def names() -> tuple[tuple[str, str], ...]:
    """Every written form of every likelihood: ``(form, likelihood)``, longest form first (ties by form)."""
    from sim.i18n import LANGS, has, t

    forms: dict[str, str] = {}
    for likelihood in LIKELIHOODS:
        spelled = {likelihood, likelihood.replace("_", " "), likelihood.replace("_", "-")}
        for lang in LANGS:
            spelled.add(t(f"oracle.likelihood.{likelihood}", lang))
            key = f"oracle.likelihood_synonym.{likelihood}"
            if has(key):
                spelled.update(w.strip() for w in t(key, lang).split("|") if w.strip())
        for form in spelled:
            forms.setdefault(form.casefold(), likelihood)
    return tuple(sorted(forms.items(), key=lambda kv: (-len(kv[0]), kv[0])))


def read(word: str) -> str | None:
    """The likelihood ``word`` names on its own (any spelling, language or synonym), or None."""
    folded = fold(word)
    if not folded:
        return None
    for form, likelihood in names():
        if fold(form) == folded:
            return likelihood
    return None


def split_question(text: str) -> tuple[str, str | None]:
    """``(question, likelihood)``: the likelihood the text ends with and the question before it, or ``(text,
    None)`` when it names none; raises :class:`UnknownLikelihood` for unread words after the last question mark."""
    raw = str(text).strip()
    low = raw.casefold()
    for form, likelihood in names():
        if not low.endswith(form) or len(form) >= len(low):
            continue
        head = raw[: len(raw) - len(form)]
        before = head[-1]
        if before.isspace() or before in QUESTION_MARKS or _cjk(form[0]):
            question = head.strip()
            if question:
                return question, likelihood
    marks = [i for i, ch in enumerate(raw) if ch in QUESTION_MARKS]
    if marks and raw[marks[-1] + 1:].strip():
        raise UnknownLikelihood(raw[marks[-1] + 1:].strip())
    return raw, None
