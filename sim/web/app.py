"""The ``sim web`` app (issue 35): pages over the solo session layer, no rules of their own.

Every page reads a session through :class:`sim.mcp.saves.Saves` (its registry of open sessions, keyed by save name
inside the saves folder; a name that escapes the folder, links followed, is refused) and every button is one line
handed to :meth:`Session.handle`, as ``sim solo`` takes it: an answer is its option's number, a command its text.
Two tabs on one save share the one open session (the second follows); a save another process holds is refused by
its lock (:mod:`sim.locks`); an answer sent from a page showing an older decision (its ``step`` no longer the
waiting one) is refused with 409, never applied to the decision that waits now.

Routes: ``GET /`` (scenarios of every system, the saves), ``GET /new`` and ``POST /new`` (a new session),
``POST /open`` (continue a save), ``GET /play?save=`` (the decision card, the command line, the oracle, sheets,
clocks drawn as SVG, the journal newest first), ``POST /answer``, ``POST /command``, ``POST /ask``,
``POST /close``, ``GET /export?save=&format=markdown|jsonl``, ``/static/`` (htmx). Bad input is a page with one
line and a 4xx; anything unforeseen a 500 page with one line, never a traceback.
"""

from __future__ import annotations

import math
import secrets
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sim.errors import UsageError
from sim.i18n import t
from sim.mcp.saves import LANGS, Saves, state_of, view
from sim.web.guard import Guard, allowed_hosts, same

HERE = Path(__file__).parent
LANG_COOKIE = "sim_web_lang"
#: the most journal entries the play page shows (the export holds them all)
JOURNAL_SHOWN = 200
#: the longest command line or form field taken (a longer one is a 400)
MAX_FIELD = 4000


class Refused(Exception):
    """A request refused with a status and one readable line."""

    def __init__(self, status: int, line: str):
        super().__init__(line)
        self.status, self.line = status, line


def clock_svg(name: str, filled: int, size: int) -> Markup:
    """A clock as a segmented circle (SVG): ``size`` wedges, the first ``filled`` of them filled."""
    size = max(1, int(size))
    filled = max(0, min(int(filled), size))
    r, c = 40, 50
    parts = []
    for i in range(size):
        fill = "#333" if i < filled else "#fff"
        if size == 1:
            parts.append(f'<circle cx="{c}" cy="{c}" r="{r}" fill="{fill}" stroke="#333" stroke-width="3"/>')
            continue
        a0 = 2 * math.pi * i / size - math.pi / 2
        a1 = 2 * math.pi * (i + 1) / size - math.pi / 2
        x0, y0 = c + r * math.cos(a0), c + r * math.sin(a0)
        x1, y1 = c + r * math.cos(a1), c + r * math.sin(a1)
        parts.append(f'<path class="seg{" on" if i < filled else ""}" d="M{c},{c} L{x0:.2f},{y0:.2f} '
                     f'A{r},{r} 0 0 1 {x1:.2f},{y1:.2f} Z" fill="{fill}" stroke="#333" stroke-width="3"/>')
    label = escape(f"{name}: {filled}/{size}")
    return Markup(f'<svg class="clock" viewBox="0 0 100 100" width="72" height="72" role="img" '
                  f'aria-label="{label}"><title>{label}</title>{"".join(parts)}</svg>')


def build(saves_dir: str, *, token: str | None = None, host: str = "127.0.0.1", port: int = 8765,
          lang: str = "en", saves: Saves | None = None):
    """``(asgi_app, saves, token)``: the guarded app over the saves folder ``saves_dir``."""
    if lang not in LANGS:
        raise UsageError(f"--lang must be one of {', '.join(LANGS)}, got {lang!r}")
    saves = saves or Saves(saves_dir)
    token = token or secrets.token_urlsafe(24)
    csrf = secrets.token_urlsafe(24)
    replies: dict[str, list[str]] = {}  # save -> the text of the last line it was given
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))
    env.globals.update(clock_svg=clock_svg, csrf=csrf, langs=LANGS)

    def page_lang(request: Request) -> str:
        want = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE) or lang
        return want if want in LANGS else lang

    def render(request: Request, name: str, status: int = 200, **data: Any) -> HTMLResponse:
        lg = page_lang(request)
        html = env.get_template(name).render(w=lambda key, **f: t(f"web.{key}", lg, **f), lang=lg,
                                             path=request.url.path, query=dict(request.query_params), **data)
        out = HTMLResponse(html, status_code=status)
        if request.query_params.get("lang") in LANGS:
            out.set_cookie(LANG_COOKIE, lg, httponly=True, samesite="strict")
        return out

    async def form_of(request: Request) -> dict[str, str]:
        """The POSTed form, its CSRF token checked; every field one string, none too long."""
        try:
            form = await request.form(max_files=0, max_fields=50)
        except Exception:  # a malformed body
            raise Refused(400, "the form could not be read") from None
        if not same(form.get("csrf") if isinstance(form.get("csrf"), str) else None, csrf):
            raise Refused(403, "the form's CSRF token is missing or wrong: reload the page and send it again")
        out = {}
        for key, value in form.items():
            if not isinstance(value, str):
                raise Refused(400, "no files are taken")
            if len(value) > MAX_FIELD:
                raise Refused(400, f"the field {key} is longer than {MAX_FIELD} characters")
            out[key] = value
        return out

    def save_of(request_data: Any) -> str:
        name = request_data.get("save")
        if not name:
            raise Refused(400, "which save? (the save field is missing)")
        return name

    def play_url(key: str) -> str:
        from urllib.parse import quote

        return f"/play?save={quote(key)}"

    async def index(request: Request):
        from sim.content.bundled import bundled_path, bundled_scenarios
        from sim.content.scenario import scenario_system

        scenarios = []
        for name in bundled_scenarios():
            try:
                system = scenario_system(bundled_path(name)).name
            except UsageError:
                continue
            scenarios.append({"name": name, "system": system})
        return render(request, "index.html", scenarios=scenarios, saves=saves.names(),
                      open=sorted(saves.open_sessions))

    async def new_form(request: Request):
        from sim.content.bundled import bundled_scenarios

        chosen = request.query_params.get("scenario", "starter")
        every = bundled_scenarios()
        if chosen not in every:
            raise Refused(404, f"no bundled scenario {chosen!r} (scenarios: {', '.join(every)})")
        return render(request, "new.html", scenarios=every, chosen=chosen, suggested=f"{chosen}.save")

    async def new(request: Request):
        from sim.content.bundled import bundled_scenarios

        form = await form_of(request)
        scenario = form.get("scenario", "")
        if scenario not in bundled_scenarios():  # a request names a bundled scenario, never a file
            raise Refused(400, f"no bundled scenario {scenario!r}")
        seed = form.get("seed", "").strip()
        scores = form.get("scores", "").strip()
        if seed and not seed.isdigit() or scores and not scores.isdigit():
            raise Refused(400, "seed and scores are whole numbers (or empty)")
        seats = form.get("seats", "all").strip() or "all"
        opened = saves.new(scenario, save_of(form), seats=seats, seed=int(seed) if seed else None,
                           lang=form.get("lang") or None, scores=int(scores) if scores else None)
        replies[opened.name] = list(opened.session.intro())
        return RedirectResponse(play_url(opened.name), status_code=303)

    async def open_save(request: Request):
        form = await form_of(request)
        key, _ = saves.path(save_of(form))
        held = key in saves.open_sessions  # open here already: this tab follows it
        opened = saves.open(key)
        if not held:  # Saves.open recorded the sitting, as sim solo continue does
            replies[opened.name] = list(opened.session.intro())
        return RedirectResponse(play_url(opened.name), status_code=303)

    async def play(request: Request):
        name = save_of(request.query_params)
        key, path = saves.path(name)
        found = saves.open_sessions.get(key)
        if found is None:
            if not path.is_file():
                raise Refused(404, f"no save {key!r} in the saves folder")
            return render(request, "closed.html", status=409, save=key)
        with found.lock:
            state = state_of(found)
            journal = [] if state.get("closed") else view(found.session, f"journal {JOURNAL_SHOWN}").get("events", [])
        from sim.oracle import LIKELIHOODS

        return render(request, "play.html", save=key, state=state, reply=replies.get(key, []),
                      journal=list(reversed(journal)), likelihoods=LIKELIHOODS)

    async def answer(request: Request):
        form = await form_of(request)
        opened = saves.get(save_of(form))
        with opened.lock:
            p = opened.session.pending
            step = form.get("step", "")
            if p is None or step != str(p.step):
                raise Refused(409, "this page showed an older decision (another tab answered it): reload the page")
        _, reply = saves.answer(opened.name, form.get("option", ""))
        replies[opened.name] = list(reply.text)
        return RedirectResponse(play_url(opened.name), status_code=303)

    async def command(request: Request):
        form = await form_of(request)
        opened, reply = saves.command(save_of(form), form.get("line", ""))
        replies[opened.name] = list(reply.text)
        if reply.done and opened.name not in saves.open_sessions:
            return RedirectResponse("/", status_code=303)
        return RedirectResponse(play_url(opened.name), status_code=303)

    async def ask(request: Request):
        from sim.oracle import LIKELIHOODS

        form = await form_of(request)
        question = " ".join(form.get("question", "").split())
        likelihood = form.get("likelihood", "even")
        if not question:
            raise Refused(400, "ask needs a question")
        if likelihood not in LIKELIHOODS:
            raise Refused(400, f"likelihood must be one of {', '.join(LIKELIHOODS)}")
        line = f"{'odds ask' if form.get('odds') else 'ask'} {question} {likelihood}"
        opened, reply = saves.command(save_of(form), line)
        replies[opened.name] = list(reply.text)
        return RedirectResponse(play_url(opened.name), status_code=303)

    async def close(request: Request):
        form = await form_of(request)
        replies.pop(saves.close(save_of(form)), None)
        return RedirectResponse("/", status_code=303)

    async def export(request: Request):
        fmt = request.query_params.get("format", "markdown")
        if fmt not in ("markdown", "jsonl"):
            raise Refused(400, "format must be markdown or jsonl")
        key, _ = saves.path(save_of(request.query_params))
        text = saves.export(key, fmt)
        stem = Path(key).name.removesuffix(".save")
        kind, ext = ("text/markdown", "md") if fmt == "markdown" else ("application/x-ndjson", "jsonl")
        return Response(text, media_type=f"{kind}; charset=utf-8",
                        headers={"content-disposition": f'attachment; filename="{stem}.{ext}"'})

    def error_page(request: Request, status: int, line: str) -> HTMLResponse:
        try:
            return render(request, "error.html", status=status, line=line, code=status)
        except Exception:  # the page itself failed: the line, plain
            return HTMLResponse(f"<!doctype html><title>{status}</title><p>{escape(line)}</p>", status_code=status)

    async def on_usage(request: Request, exc: UsageError):
        line = str(exc)
        status = 409 if "open in another session" in line or "open already" in line else 400
        return error_page(request, status, line)

    async def on_refused(request: Request, exc: Refused):
        return error_page(request, exc.status, exc.line)

    async def on_http(request: Request, exc: HTTPException):
        lines = {404: "no such page", 405: "that page does not take this method"}
        return error_page(request, exc.status_code, lines.get(exc.status_code, str(exc.detail)))

    async def on_bug(request: Request, exc: Exception):
        return error_page(request, 500, f"sim web hit a bug ({type(exc).__name__}); the save holds every step "
                                        f"resolved before it")

    routes = [Route("/", index), Route("/new", new_form, methods=["GET"]), Route("/new", new, methods=["POST"]),
              Route("/open", open_save, methods=["POST"]), Route("/play", play),
              Route("/answer", answer, methods=["POST"]), Route("/command", command, methods=["POST"]),
              Route("/ask", ask, methods=["POST"]), Route("/close", close, methods=["POST"]),
              Route("/export", export), Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    app = Starlette(routes=routes, exception_handlers={UsageError: on_usage, Refused: on_refused,
                                                       HTTPException: on_http, Exception: on_bug})

    async def refuse(scope, receive, send, status: int, why: str):
        lines = {"host": "this server answers only to its own address (the Host header names another)",
                 "token": "this page needs the token the server printed: open the address it printed",
                 "method": "only GET and POST are taken"}
        await PlainTextResponse(lines[why], status_code=status)(scope, receive, send)

    return Guard(app, token=token, hosts=allowed_hosts(host, port), refuse=refuse), saves, token
