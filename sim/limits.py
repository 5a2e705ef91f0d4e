"""Upper bounds on every size option of the command line (issue 15).

Each bound is far past what a real use needs and short of what would run
without end or start a machine's worth of processes; ``--help`` states them.
:func:`check` refuses a value outside its bounds with one line before any work.
"""

from __future__ import annotations

from sim.errors import UsageError

#: worker processes (sim batch --workers, --dask local, sim bench --workers)
MAX_WORKERS = 256
#: campaigns per variant of a batch; the product of --sweep values; all campaigns of a batch
MAX_CAMPAIGNS = 100_000_000
MAX_VARIANTS = 1_000
MAX_BATCH_CAMPAIGNS = 1_000_000_000
#: journals kept per variant, campaigns per chunk
MAX_JOURNALS = 10_000
MAX_CHUNK_SIZE = 100_000
#: campaigns per sim bench measurement (each is played four times)
MAX_BENCH_CAMPAIGNS = 1_000_000
#: rolls per case and repeats of sim bench dice
MAX_BENCH_ROLLS = 1_000_000_000
MAX_REPEATS = 1_000
#: scores in one campaign (scenario length.scores, sim play --scores, --sweep scores)
MAX_SCORES = 1_000
#: seeds (scenarios allow the same range: 63 bits)
MAX_SEED = 2**63 - 1


def check(flag: str, value: int | None, low: int | None, high: int) -> int | None:
    """``value`` if it is None or within ``low..high`` (``low`` None: no lower bound checked
    here, the library checks it); else UsageError naming ``flag``."""
    if value is None:
        return value
    if low is None:
        if value > high:
            raise UsageError(f"{flag} must be at most {high:,}, got {_shown(value)}")
    elif not low <= value <= high:
        raise UsageError(f"{flag} must be {low:,}..{high:,}, got {_shown(value)}")
    return value


def _shown(value: int) -> str:
    text = f"{value:,}" if abs(value) < 10**30 else f"{str(value)[:12]}... ({len(str(abs(value)))} digits)"
    return text
