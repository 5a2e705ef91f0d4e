"""``sim web``: solo play on a local web page (issue 35; docs/web.md).

``sim web`` serves :mod:`sim.web.app` with uvicorn on ``--host`` (default 127.0.0.1, loopback only; another address
prints a warning) and ``--port`` (default 8765), and prints the address to open, with a random token the server
asks of every request. ``--saves DIR`` (default ``./saves``, made if missing) holds every save the page makes or
continues: a save named outside it is refused. ``--open`` opens the address in a browser; ``--lang`` is the pages'
language (each page switches it). On the ``web`` extra (``pip install 'sim[web]'``); without it this command says
what to install, exit status 2.
"""

from __future__ import annotations

import sys

#: The line ``sim --help`` shows for this command.
HELP = "solo play on a local web page: the decision as a card, clocks drawn, the journal (127.0.0.1, with a token)"

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def register(sub) -> None:
    p = sub.add_parser("web", help=HELP, description="Serve solo play on a local web page: start a session of any "
                       "bundled scenario or continue a save, answer the decision waiting by its buttons (each "
                       "option with its exact odds), type the session's commands, see the sheets, clocks and the "
                       "journal, export the story. The saves are sim solo's: a session started on the page "
                       "continues at sim solo continue and the other way round. docs/web.md.")
    p.add_argument("--host", default="127.0.0.1", metavar="ADDR",
                   help="the address to bind (default 127.0.0.1: only this machine); another prints a warning")
    p.add_argument("--port", type=int, default=8765, metavar="P", help="the port, 1..65535 (default 8765)")
    p.add_argument("--saves", default="saves", metavar="DIR",
                   help="the folder every save is kept in (default: ./saves, made if missing); a save named "
                        "outside it is refused")
    p.add_argument("--open", action="store_true", help="open the address in a web browser")
    p.add_argument("--lang", default="en", choices=("en", "zh-Hant", "zh-Hans"),
                   help="the pages' language (default en; each page can switch it)")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim.errors import UsageError
    from sim.extras import require

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1..65535, got {args.port}")
    host = args.host.strip()
    if not host or any(c.isspace() or c in "/?#@" for c in host) or len(host) > 253:
        raise UsageError(f"--host must be an address or a host name, got {args.host!r}")
    require("web", "sim web")
    import uvicorn

    from sim.web.app import build

    app, saves, token = build(args.saves, host=host, port=args.port, lang=args.lang)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{args.port}/?token={token}"
    if host not in LOOPBACK:
        print(f"sim web: warning: serving on {host}, not only this machine: anyone who can reach it and has the "
              f"token can play your saves", file=sys.stderr, flush=True)
    print(f"sim web: open {url} (saves in {saves.root}; Ctrl-C stops)", file=sys.stderr, flush=True)
    if args.open:
        import webbrowser

        webbrowser.open(url)
    try:
        uvicorn.run(app, host=host, port=args.port, log_level="warning")
    finally:
        saves.close_all()
    return 0
