"""The ``sim`` command line: parse, call the library, render (STYLE.md 9).

Each command lives in ``sim/commands/<name>.py`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a
``run(args) -> int`` function. Heavy imports happen inside ``run``, so
``sim --help`` stays fast and importing ``sim`` does no work; ``sim COMMAND
...`` imports and registers that one command only (``sim bench cli`` measures
whole processes against a bare interpreter).

Errors: any :class:`sim.errors.SimError` (and argparse's own complaints) print
as ``sim: error: ...`` on stderr with exit status 2 and no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from sim import __version__

# Order is the order of ``sim --help``.
COMMANDS: tuple[str, ...] = ("odds", "roll", "play", "batch", "bench", "validate", "schema", "terms")

LANGS = ("en", "zh-Hant", "zh-Hans")


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit 2."""

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang`` to a command that prints words for people."""
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help="language for text meant for people (default: the scenario's, else en)",
    )


def build_parser(only: str | None = None, *, outline: bool = False) -> Parser:
    """The ``sim`` parser with every command, or with command ``only`` alone (what ``sim only ...`` needs).

    ``outline``: each command by its name and ``HELP`` line only, without its
    arguments, which is all ``sim --help`` and ``sim --version`` print.
    """
    parser = Parser(
        prog="sim",
        description="Play tabletop role-playing rules: Blades in the Dark, Fate Condensed and a mist system.",
    )
    parser.add_argument("--version", action="version", version=f"sim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for name in COMMANDS if only is None else (only,):
        module = importlib.import_module(f"sim.commands.{name}")
        if outline:
            sub.add_parser(name, help=module.HELP)
        else:
            module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv and argv[0] in COMMANDS else None  # else: --help, --version or a mistake
    parser = build_parser(command, outline=command is None)
    args = parser.parse_args(argv)
    from sim.errors import SimError  # after parsing: sim --help never needs it

    try:
        return int(args.func(args) or 0)
    except SimError as exc:
        message = str(exc)
        if "\n" in message:  # a ContentError: every problem on its own line
            print(message, file=sys.stderr)
        else:
            print(f"sim: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("sim: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
