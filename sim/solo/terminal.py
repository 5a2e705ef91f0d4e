"""The solo terminal: the session (:mod:`sim.solo.session`) at a prompt_toolkit prompt, shown with rich.

What ``sim solo new|continue`` runs when standard input and output are a terminal (issue 11). The
session is the UI-free command layer; this module only reads lines and shows replies:

* a :class:`prompt_toolkit.PromptSession` with :class:`SessionCompleter` (Tab completes command
  names, PC names after ``sheet``, likelihoods after ``ask QUESTION``, option labels: whatever
  :meth:`Session.completions` offers), a :class:`~prompt_toolkit.history.FileHistory` beside the save
  (``PATH.history``; up-arrow and Ctrl-R recall lines across sessions) and a bottom toolbar with the
  seat, the scene and the tension;
* a rich :class:`~rich.console.Console` for the decision waiting (a panel: prompt, the GM's reasons,
  numbered options with their odds) and for each reply: its views (:mod:`sim.solo.views`: sheets,
  crew, clocks as segmented bars, factions, the journal, oracle answers) where it has any, else its
  lines.

The prompt counts the lines entered (``[12] pc1> ``), like an interactive shell's ``In [12]``. Ctrl-D
ends the session (everything resolved is already in the save); Ctrl-C clears the line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from prompt_toolkit.completion import Completer, Completion


class SessionCompleter(Completer):
    """Tab completion from :meth:`Session.completions`: the words that could complete the last word typed."""

    def __init__(self, session: Any):
        self.session = session

    def get_completions(self, document, complete_event) -> Iterable[Completion]:
        text = document.text_before_cursor
        last = text.split(" ")[-1]
        for word in self.session.completions(text):
            yield Completion(word, start_position=-len(last))


def toolbar_text(session: Any) -> str:
    """The bottom toolbar: the seat waiting, the scene and the tension (what the oracle reads)."""
    parts = []
    pending = getattr(session, "pending", None)
    if pending is not None:  # who is asked, by name, and what, in the catalogue's words (never a seat or kind id)
        from sim.solo.commands import kind_word

        who = session.who(pending.seat) if hasattr(session, "who") else str(pending.seat)
        parts.append(f"{who}: {kind_word(pending.kind, getattr(session, 'lang', None))}")
    scene = getattr(session, "scene_title", None)
    if scene:
        parts.append(str(scene))
    tension = getattr(session, "tension", None)
    if tension is not None:
        parts.append(_t("oracle.format.tension", getattr(session, "lang", None), "tension {tension}", tension=tension))
    parts.append(_t("terminal.hint", getattr(session, "lang", None), "Tab completes · help · save · quit"))
    return "  ·  ".join(parts)


def show_reply(console, reply: Any, lang: str | None) -> None:
    """A reply's views as rich renderables where it has any this terminal knows, else its lines."""
    from sim.solo import views

    shown = views.render_all(reply.views, lang)
    if shown:
        for renderable in shown:
            console.print(renderable)
        return
    for line in reply.text:
        console.print(line, markup=False, highlight=False)


def run_terminal(session: Any, *, history_path: str | Path, input=None, output=None, console=None) -> int:
    """Play ``session`` at the terminal until the person quits, the input ends or the campaign is over.

    ``input`` / ``output`` are prompt_toolkit's and ``console`` rich's (a test passes a pipe input,
    a dummy output and a console writing to a string); the default is the real terminal.
    """
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory
    from rich.console import Console

    from sim.solo import views

    console = console or Console(highlight=False)
    prompt = PromptSession(history=FileHistory(str(history_path)), completer=SessionCompleter(session),
                           complete_while_typing=False, bottom_toolbar=lambda: toolbar_text(session),
                           input=input, output=output)
    lang = getattr(session, "lang", None)
    for warning in getattr(session, "warnings", ()) or ():
        console.print(_t("solo.reply.warning", lang, "warning: {text}", text=warning), style="yellow", markup=False)
    for text in session.intro() if hasattr(session, "intro") else ():  # the story so far, as the plain loop shows it
        console.print(text, markup=False, highlight=False)
    if getattr(session, "diverged", None):
        console.print(session.diverged, style="bold yellow", markup=False)
        console.print(f"  1. {_t('terminal.diverged.continue', lang, 'continue from the last step that agrees')}\n"
                      f"  2. {_t('terminal.diverged.stop', lang, 'stop (the save is unchanged)')}", markup=False)
    shown = None
    turn = 0
    quit_ = False
    try:
        while True:
            pending = session.pending
            if pending is not None and pending is not shown and not getattr(session, "diverged", None):
                console.print(views.pending(pending, lang))
                shown = pending
            turn += 1
            seat = pending.seat if pending is not None else "solo"
            try:
                line = prompt.prompt(f"[{turn}] {seat}> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            reply = session.handle(line)
            show_reply(console, reply, lang)
            word = line.strip().split(" ")[0].casefold()
            if word in ("odds", "help") or (reply.text and reply.text[0].startswith(("?", "？"))):
                shown = None  # the decision again, under the long reply or the mistake
            if reply.done:
                quit_ = not getattr(session, "finished", False)  # quit says where the save is itself
                break
    finally:
        if getattr(session, "finished", False):
            console.print(_t("terminal.over", lang, "(the campaign is over)"), markup=False)
        if not quit_:
            where = str(getattr(session, "where", session.save.path))
            console.print(_t("terminal.saved", lang, "saved: {path}", path=where), markup=False)
        session.close()
    return 0


def _t(key: str, lang: str | None, english: str, **fields) -> str:
    from sim import i18n

    return i18n.t(key, lang, **fields) if i18n.has(key) else english.format(**fields)
