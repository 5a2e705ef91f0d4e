"""``sim mcp``: the engine as Model Context Protocol tools for a language-model GM (issue 36; docs/mcp.md).

``sim mcp`` serves over stdio (what a desktop client starts); ``--http PORT`` serves the SDK's streamable HTTP
transport on 127.0.0.1 only, at ``http://127.0.0.1:PORT/mcp``. ``--saves DIR`` (default ``./saves``, made if
missing) holds every session's save: a save named outside it is refused. The server is :mod:`sim.mcp.server`, on
the ``mcp`` extra (``pip install 'sim[mcp]'``); without it this command says what to install, exit status 2.
"""

from __future__ import annotations

import sys

#: The line ``sim --help`` shows for this command.
HELP = "serve the engine as Model Context Protocol tools for an AI game master (stdio, or --http PORT)"


def register(sub) -> None:
    p = sub.add_parser("mcp", help=HELP, description="Serve the engine as Model Context Protocol tools, resources "
                       "and prompts: odds, rolls, the oracle, solo sessions (the same saves as sim solo) and the "
                       "rules reference, so a language model can be the GM while sim keeps the rules. Over stdio by "
                       "default (what an MCP client starts); docs/mcp.md shows a client's configuration.")
    p.add_argument("--http", type=int, default=None, metavar="PORT",
                   help="serve streamable HTTP on 127.0.0.1:PORT (path /mcp) instead of stdio; 1..65535")
    p.add_argument("--saves", default="saves", metavar="DIR",
                   help="the folder every session's save is kept in (default: ./saves, made if missing); a save "
                        "named outside it is refused")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim.errors import UsageError
    from sim.extras import require

    if args.http is not None and not 1 <= args.http <= 65535:
        raise UsageError(f"--http must be a port 1..65535, got {args.http}")
    require("mcp", "sim mcp")
    if args.http is not None:
        _check_port(args.http)
    from sim.mcp.server import build

    server, saves = build(args.saves)
    try:
        if args.http is None:
            server.run("stdio")
        else:
            print(f"sim mcp: serving http://127.0.0.1:{args.http}/mcp (saves in {saves.root})", file=sys.stderr,
                  flush=True)
            server.run("streamable-http", host="127.0.0.1", port=args.http)
    finally:
        saves.close_all()
    return 0


def _check_port(port: int) -> None:
    """One line and exit 2, not the web server's own traceback, when 127.0.0.1:``port`` cannot be served (in use, or
    a port this user may not bind): tried by binding it once before the server starts."""
    import socket

    from sim.errors import UsageError

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise UsageError(f"--http {port}: cannot serve on 127.0.0.1:{port} ({exc.strerror or exc}); "
                             f"choose another port") from None
