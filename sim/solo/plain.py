"""The plain loop of solo play: prompts and numbered options as text, one line read per turn, no colour.

What ``sim solo`` runs with ``--script FILE|-`` or when standard input or output is not a terminal: print the
pending decision, read a line, :meth:`Session.handle` it, print the reply's lines. A line read from a script or
a pipe is echoed after the prompt, so the transcript reads as a session. The end of the input ends the session
(everything resolved is in the save already).
"""

from __future__ import annotations

from typing import Iterable, TextIO

from sim.i18n import t
from sim.solo.session import COMMANDS, Pending, Session


def pending_lines(p: Pending, lang: str = "en") -> list[str]:
    """The decision as text: ``[seat] prompt``, the GM's reasons, then ``  n. label   (odds)``."""
    lines = [f"[{p.seat}] {p.prompt}"]
    lines += [f"  {t('solo.reply.gm', lang, text=s)}" for s in p.gm_says]
    for c in p.options:
        lines.append(f"  {c.number}. {c.label}" + (f"   ({c.odds})" if c.odds else ""))
    return lines


def run_plain(session: Session, lines: Iterable[str], out: TextIO, *, echo: bool = True) -> int:
    """Drive ``session`` with ``lines`` until they end, the person quits or the campaign is over."""

    def say(text: str) -> None:
        out.write(text + "\n")

    for warning in session.warnings:
        say(t("solo.reply.warning", session.lang, text=warning))
    for text in session.intro():
        say(text)
    if session.diverged:
        say(session.diverged)
        say(f"  1. {t('terminal.diverged.continue', session.lang)}")
        say(f"  2. {t('terminal.diverged.stop', session.lang)}")
    shown = None
    quit_ = False
    source = iter(lines)
    while True:
        if session.pending is not None and session.pending is not shown and not session.diverged:
            for text in pending_lines(session.pending, session.lang):
                say(text)
            shown = session.pending
        out.write("> ")
        out.flush()
        line = next(source, None)
        if line is None:
            say("")
            break
        line = line.rstrip("\n")
        if echo:
            say(line)
        reply = session.handle(line)
        for text in reply.text:
            say(text)
        word = line.strip().split(" ")[0].casefold()
        mistake = word not in COMMANDS and bool(reply.text) and reply.text[0].startswith(("?", "？"))
        if mistake or word in ("odds", "help"):
            shown = None  # the question again, under the answer to the mistake or the long reply
        if reply.done:
            quit_ = not session.finished
            break
    if session.finished:
        say(t("terminal.over", session.lang))
    if session.diverged:  # the input ended before the divergence was answered: nothing was written
        say(t("solo.reply.stopped", session.lang))
    elif not quit_:
        say(t("terminal.saved", session.lang, path=session.where))
    session.close()
    out.flush()
    return 0
