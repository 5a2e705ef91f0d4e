"""Optional parts of the install (pyproject.toml's extras), and the one line a command says when one is missing.

The core install plays: solo play, ``sim play``, the odds, the oracle, validation. Batch analysis (``sim batch``,
``sim bench campaigns``, ``sim accel build``'s training run) needs the ``batch`` extra: pyarrow (Parquet), Dask
(distributed batches), matplotlib (plots), psutil (memory), numpy (column arithmetic). ``sim mcp`` needs the
``mcp`` extra: the Model Context Protocol SDK. ``sim web`` needs the ``web`` extra: Starlette, Jinja2,
python-multipart and uvicorn.

    require("batch", "sim batch")   # UsageError, one line and exit status 2, if a package is missing

Whether a package is there is asked of the import system (:func:`importlib.util.find_spec`): nothing is imported.
"""

from __future__ import annotations

import importlib.util

#: extra -> the import names its packages give (pyproject.toml's [project.optional-dependencies])
EXTRAS: dict[str, tuple[str, ...]] = {
    "batch": ("pyarrow", "dask", "distributed", "matplotlib", "psutil", "numpy"),
    # sim mcp: the official Model Context Protocol SDK (its server, its stdio and streamable HTTP transports)
    "mcp": ("mcp",),
    # sim web: Starlette (the app), Jinja2 (its pages), python-multipart (its forms), uvicorn (the server)
    "web": ("starlette", "jinja2", "python_multipart", "uvicorn"),
}


def missing(extra: str) -> list[str]:
    """The import names of ``extra`` that this interpreter cannot import (none: the extra is installed)."""
    out = []
    for name in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(name)
        except (ImportError, ValueError):  # a broken or half-removed install
            found = None
        if found is None:
            out.append(name)
    return out


def require(extra: str, what: str) -> None:
    """Raise :class:`~sim.errors.UsageError` (one line) if any package of ``extra`` is missing."""
    gone = missing(extra)
    if gone:
        from sim.errors import UsageError

        raise UsageError(f"{what} needs the {extra} extra ({', '.join(gone)} not installed): "
                         f"pip install 'sim[{extra}]' (in a checkout: pip install -e '.[{extra}]')")
