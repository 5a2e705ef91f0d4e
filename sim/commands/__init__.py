"""The commands of ``sim``: one module each, listed in :data:`sim.cli.COMMANDS`.

Each has ``HELP`` (the line ``sim --help`` shows), ``register(subparsers)`` and ``run(args) -> int``: parse,
call the library, render (docs/architecture.md, "Commands"). A command module's top level imports nothing
heavy, and no command imports a game system's internals: it asks the registry (:mod:`sim.systems`).
"""
