"""The ``sim`` command line: parse, call the library, render (docs/dev/style.md 9).

Each command lives in ``sim/commands/<name>.py`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a
``run(args) -> int`` function. Heavy imports happen inside ``run``, so
``sim --help`` stays fast and importing ``sim`` does no work; ``sim COMMAND
...`` imports and registers that one command only (``sim bench cli`` measures
whole processes against a bare interpreter).

Errors: any :class:`sim.errors.SimError` (and argparse's own complaints) print
as ``sim: error: ...`` on stderr with exit status 2 and no traceback.

Conventions every command follows (:data:`EPILOG` says them in ``sim --help``):
results on stdout, problems and progress on stderr; ``--json`` prints one
object on one line with snake_case keys; exit status 0 done, 1 ran and found
problems, 2 bad input, 130 interrupted. Bare ``sim`` prints the usage on
stderr and exits 2.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import sys

from sim import __version__

# Order is the order of ``sim --help``.
COMMANDS: tuple[str, ...] = ("odds", "roll", "play", "scenarios", "batch", "report", "bench", "validate", "schema", "terms",
                             "oracle", "solo", "mcp", "web", "accel", "completion")

LANGS = ("en", "zh-Hant", "zh-Hans")

#: The end of ``sim --help``: the conventions every command keeps, exit statuses first.
EPILOG = """\
exit status:
  0    done
  1    ran and found problems (sim validate found errors in the content;
       sim bench --against found the two engines' results differ)
  2    bad input: a wrong option, a missing or unreadable file (one line)
  130  interrupted (Ctrl-C)

Results go to stdout; problems and progress go to stderr. --json prints one JSON
object on one line (snake_case keys). sim COMMAND --help describes a command;
sim completion bash|zsh|fish prints a shell completion script. A code such as
BITD.PUSH.1 in a help text names a rule of the rules reference (docs/rules/)."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit 2.

    Abbreviated flags are off for every parser and sub-parser (``--campaign 10``
    is an error, not ``--campaigns 10``): a prefix that is unique today may
    name another flag tomorrow.
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # noqa: D401 - argparse API
        if len(message) > 300:  # argparse quotes the bad value: a 5000-digit number stays one short line
            message = f"{message[:200]}...{message[-60:]}"
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_lang_argument(parser: argparse.ArgumentParser, default: str = "en", *, help: str | None = None) -> None:
    """Add ``--lang`` to a command that prints words for people.

    ``default`` says in ``--help`` what happens without ``--lang`` (``"en"``;
    ``"the scenario's"`` for a command that reads one); ``help`` replaces the
    whole text for a command that uses the language otherwise (``sim validate``).
    """
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help=help or f"language for text meant for people (default: {default})",
    )


def build_parser(only: str | None = None, *, outline: bool = False) -> Parser:
    """The ``sim`` parser with every command, or with command ``only`` alone (what ``sim only ...`` needs).

    ``outline``: each command by its name and ``HELP`` line only, without its
    arguments, which is all ``sim --help`` and ``sim --version`` print.
    """
    parser = Parser(
        prog="sim",
        description="Play tabletop role-playing rules: Blades in the Dark, Fate Condensed and a mist system.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
    """Run one command line; return its exit status (0 done, 1 found problems, 2 bad input, 130 interrupted).

    Output that cannot be written is handled here for every command: a reader
    that went away (``sim ... | head``) ends the command quietly, as Unix tools
    do; a full disk or another write error on stdout is one ``sim: error:``
    line and status 2. Any other ``OSError`` that escapes a command is one line
    too, never a traceback.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # bare ``sim``: what it can do, on stderr, as a usage error
        build_parser(outline=True).print_help(sys.stderr)
        return 2
    command = argv[0] if argv and argv[0] in COMMANDS else None  # else: --help, --version or a mistake
    parser = build_parser(command, outline=command is None)
    args = parser.parse_args(argv)
    from sim.errors import SimError  # after parsing: sim --help never needs it

    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's last flush
        return code
    except SimError as exc:
        message = str(exc)
        if "\n" in message:  # a ContentError: every problem on its own line
            _say(message)
        else:
            _say(f"sim: error: {message}")
        return 2
    except KeyboardInterrupt:
        _say("sim: interrupted")
        return 130
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as exc:
        if not exc.filename:  # a write to stdout failed (a file's error names the file)
            _drop_stdout()
        where = f"{_shown(exc.filename)}: " if exc.filename else "the output: "
        _say(f"sim: error: cannot write {where}{exc.strerror or exc}" if not exc.filename
             else f"sim: error: {where}{exc.strerror or exc}")
        return 2


def _shown(name) -> str:
    from sim.files import shown

    return shown(name)


def _say(text: str) -> None:
    """One message on stderr; if even stderr cannot be written there is no one to tell."""
    try:
        print(text, file=sys.stderr)
    except OSError:
        pass


def _drop_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush of what is still buffered
    neither fails nor prints 'Exception ignored' (Python's advice for SIGPIPE)."""
    if sys.stdout is not sys.__stdout__:
        return  # captured (a test): nothing will flush the real stdout at exit, and it is not ours to close
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # stdout is not a file (captured in a test): nothing will flush it at exit
