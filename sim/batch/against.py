"""``sim bench --against REF``: this engine and an earlier commit, side by side, on the same machine.

Speed-ups are only worth quoting when both engines ran in the same session
under the same load (issue 17). This module builds the engine of commit
``REF`` in a temporary folder (``git archive`` of the checkout this engine
runs from: nothing in the checkout is touched) and then alternates the two,
round by round (REF first in odd rounds, this engine first in even ones),
each round a fresh Python process that runs the real batch runner in process
(``run_batch(..., workers=1)``) on the same scenario file, seed and number of
campaigns. Each process imports its own ``sim`` package (and so its own
content tables); both use this interpreter's installed libraries.

It then checks that the two engines did the same work:

* every round's ``campaigns.parquet`` of both engines is the same table
  (same fields, same values, same types), and
* the full journals of the first ``journals`` campaigns, played once more by
  each engine with every journal kept, are byte-identical.

The figures are campaigns per second (the runner's own ``elapsed_s``: playing
and saving chunks), best and median over the rounds, and their ratios; and
each round's own ratio (its two runs were back to back, so a host that drifts
between rounds cancels out) with the median of those. The
earlier commit must have :func:`sim.batch.runner.run_batch` (issue 5 on) and
:func:`sim.content.scenario.scenario_system` (issue 10 on).
"""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.accel import build_kind
from sim.errors import UsageError

#: The program each round runs: play ``campaigns`` campaigns of ``scenario`` with the importable ``sim``, print the
#: runner's summary as JSON. Kept to names both engines have (see the module docstring).
CHILD = """
import json, sys
from sim.batch.runner import run_batch
from sim.content.scenario import scenario_system
scenario, campaigns, out, journals = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
game = scenario_system(scenario).batch_game()
result = run_batch(scenario, game, campaigns, out=out, workers=1, journals=journals, report=False)
compiled = sum(1 for name, m in list(sys.modules.items())
               if name.startswith("sim.") and str(getattr(m, "__file__", "") or "").endswith((".so", ".pyd")))
print(json.dumps({"elapsed_s": result.summary["elapsed_s"], "campaigns": result.summary["campaigns_played"],
                  "compiled": compiled}))
"""


@dataclass(frozen=True)
class Engine:
    """One side of the comparison: a label and the folder its ``sim`` package is imported from."""

    label: str
    root: Path
    pure: bool = False  # run with SIM_PURE=1: no compiled module (sim.accel) is loaded

    def run(self, scenario: Path, campaigns: int, out: Path, journals: int) -> tuple[float, int]:
        """Seconds the runner took to play ``campaigns`` campaigns into ``out`` (a fresh process), and how many
        compiled ``sim`` modules (:mod:`sim.accel`) that process ran."""
        env = {**os.environ, "PYTHONPATH": str(self.root), "PYTHONHASHSEED": "0"}
        env.pop("SIM_PURE", None)
        if self.pure:
            env["SIM_PURE"] = "1"
        done = subprocess.run([sys.executable, "-c", CHILD, str(scenario), str(campaigns), str(out), str(journals)],
                              cwd=self.root, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            lines = [line for line in done.stderr.splitlines() if line.strip()] or ["(no output)"]
            raise UsageError(f"sim bench --against: the {self.label} engine failed: {lines[-1].strip()}")
        got = json.loads(done.stdout.strip().splitlines()[-1])
        return float(got["elapsed_s"]), int(got["compiled"])


def checkout_root() -> Path:
    """The folder holding this engine's ``sim`` package (a git checkout, for ``--against``)."""
    import sim

    return Path(sim.__file__).resolve().parents[1]


def _git(root: Path, *args: str, binary: bool = False) -> Any:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=not binary)
    except FileNotFoundError:
        raise UsageError("sim bench --against needs git on the PATH") from None
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace") if binary else done.stderr
        lines = [line for line in err.splitlines() if line.strip()] or [f"git {args[0]} failed"]
        raise UsageError(f"sim bench --against: {lines[-1].strip()}")
    return done.stdout


def describe_head(root: Path) -> str:
    """This engine's commit, short, with ``+`` when the checkout has uncommitted changes to tracked files."""
    head = _git(root, "rev-parse", "--short", "HEAD").strip()
    dirty = _git(root, "status", "--porcelain", "--untracked-files=no").strip()
    return head + ("+" if dirty else "")


def build_ref(root: Path, ref: str, into: Path) -> str:
    """Unpack commit ``ref`` of the checkout at ``root`` into ``into``; return its short hash."""
    if not (root / ".git").exists():
        raise UsageError(f"sim bench --against needs a git checkout of sim; {root} is not one")
    try:
        short = _git(root, "rev-parse", "--short", "--verify", f"{ref}^{{commit}}").strip()
    except UsageError:  # git's own line ("fatal: Needed a single revision") does not name what was asked for
        raise UsageError(f"sim bench --against: {ref!r} is not a commit of the checkout at {root} "
                         f"(a hash, branch or tag: git log --oneline lists them)") from None
    archive = _git(root, "archive", "--format=tar", short, binary=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    if not (into / "sim" / "__init__.py").exists():
        raise UsageError(f"sim bench --against: commit {short} has no sim package")
    return short


def same_table(a: Path, b: Path) -> str | None:
    """None when two ``campaigns.parquet`` files hold the same table, else what differs (first row and field)."""
    import pyarrow.parquet as pq

    ta, tb = pq.read_table(a), pq.read_table(b)
    if ta.schema != tb.schema:
        only = sorted(set(ta.schema.names) ^ set(tb.schema.names))
        return f"the fields differ ({', '.join(only[:5]) or 'types or order'})"
    if ta.num_rows != tb.num_rows:
        return f"{ta.num_rows:,} rows against {tb.num_rows:,}"
    for name in ta.schema.names:
        ca, cb = ta.column(name).to_pylist(), tb.column(name).to_pylist()
        if ca != cb:
            row = next(i for i, (x, y) in enumerate(zip(ca, cb)) if x != y)
            return f"row {row}, field {name}: {ca[row]!r} against {cb[row]!r}"
    return None


def journal_files(out: Path) -> dict[str, bytes]:
    """Every journal a batch folder kept, by its path inside the folder."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.jsonl"))
            if p.relative_to(out).parts[0] == "journals"}


def compare(scenario: str | os.PathLike, ref: str, campaigns: int, rounds: int = 3, journals: int = 20,
            progress=None, pure: bool = False) -> dict[str, Any]:
    """Alternate the engine of commit ``ref`` and this one; return the figures (see the module docstring).

    ``pure``: this engine runs its pure Python path even where ``sim accel build`` compiled its hot modules.
    """
    scenario = Path(scenario).resolve()
    root = checkout_root()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="sim-against-") as tmp:
        tmp = Path(tmp)
        (tmp / "ref").mkdir()
        short = build_ref(root, ref, tmp / "ref")
        engines = (Engine(f"{short} (ref)", tmp / "ref"), Engine(f"{describe_head(root)} (this)", root, pure))
        seconds: dict[str, list[float]] = {e.label: [] for e in engines}
        compiled: dict[str, int] = {e.label: 0 for e in engines}
        differs: list[str] = []
        first: Path | None = None
        for r in range(rounds):
            for engine in (engines if r % 2 == 0 else engines[::-1]):
                out = tmp / f"run-{r}-{engine is engines[1]}"
                elapsed, compiled[engine.label] = engine.run(scenario, campaigns, out, 0)
                seconds[engine.label].append(elapsed)
                if progress is not None:
                    print(f"round {r + 1}/{rounds}: {engine.label} {campaigns / seconds[engine.label][-1]:,.1f} "
                          "campaigns/s", file=progress, flush=True)
                table = out / "campaigns.parquet"
                if first is None:
                    first = table
                elif (why := same_table(first, table)) is not None:
                    differs.append(f"round {r + 1}, {engine.label}: {why}")
        kept = {}
        for engine in engines:
            out = tmp / f"journals-{engine is engines[1]}"
            engine.run(scenario, journals, out, journals)
            kept[engine.label] = journal_files(out)
    a, b = (kept[e.label] for e in engines)
    journals_same = a == b and bool(a)
    rates = {label: [campaigns / s for s in values] for label, values in seconds.items()}
    ref_rates, head_rates = (rates[e.label] for e in engines)
    return {
        "cores": os.cpu_count(),
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "scenario": str(scenario),
        "campaigns": campaigns,
        "rounds": rounds,
        "against": engines[0].label.split()[0],
        "head": engines[1].label.split()[0],
        "ref_campaigns_per_s": ref_rates,
        "head_campaigns_per_s": head_rates,
        "ref_best": max(ref_rates),
        "head_best": max(head_rates),
        "ref_median": statistics.median(ref_rates),
        "head_median": statistics.median(head_rates),
        "speedup_best": max(head_rates) / max(ref_rates),
        "speedup_median": statistics.median(head_rates) / statistics.median(ref_rates),
        # each round's two runs are back to back: a host that speeds up or slows down between rounds cancels here
        "speedup_rounds": [h / r for h, r in zip(head_rates, ref_rates)],
        "speedup_rounds_median": statistics.median(h / r for h, r in zip(head_rates, ref_rates)),
        "rows_identical": not differs,
        "rows_differ": differs,
        "journals_compared": len(a),
        "journals_identical": journals_same,
        "journals_differ": sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k)),
        "head_pure": pure,
        "ref_compiled_modules": compiled[engines[0].label],
        "head_compiled_modules": compiled[engines[1].label],
        # how this engine's modules were built (sim accel build: "profile-guided" or "plain"), when it ran any
        "head_accel_build": build_kind(engines[1].root / "sim") if compiled[engines[1].label] else "",
    }
