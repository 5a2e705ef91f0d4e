"""``report.md``: a batch's aggregates as tables and PNG plots, for people.

The tables give each summary field's mean (or rate) with its 95% confidence
interval, one column per variant; a variant after the first also shows its
paired difference from the first (common random numbers). The plots are
drawn with matplotlib's object API on the Agg canvas (no pyplot, no global
backend), reading one column at a time from the chunk files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.aggregate import summary_fields
from sim.batch.plan import Chunk, Variant
from sim.batch.table import variant_files

REPORT = "report.md"
PLOTS = "plots"


def _num(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:,.3f}".rstrip("0").rstrip(".") if isinstance(value, float) else f"{value:,}"


def cell(stats: dict[str, Any]) -> str:
    """One table cell: ``12.3 [12.1, 12.5]``, a rate as a percentage, or word counts."""
    if stats["kind"] == "number":
        lo, hi = stats["ci95"]
        text = f"{_num(stats['mean'])} [{_num(lo)}, {_num(hi)}]"
    elif stats["kind"] == "rate":
        lo, hi = stats["ci95"]
        text = f"{100 * stats['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    else:
        text = ", ".join(f"{word}: {count:,}" for word, count in stats["counts"].items())
    if "vs_first" in stats:
        d = stats["vs_first"]
        scale, unit = (100, " pts") if stats["kind"] == "rate" else (1, "")
        text += f"; Δ {scale * d['diff']:+.3g}{unit} [{scale * d['ci95'][0]:+.3g}, {scale * d['ci95'][1]:+.3g}]"
    return text


def field_table(summary: dict[str, Any]) -> list[str]:
    """Markdown rows: one per summary field, one column per variant."""
    variant_list = summary["variants"]
    head = "| field | " + " | ".join(v["variant"] for v in variant_list) + " |"
    lines = [head, "|" + "---|" * (len(variant_list) + 1)]
    for field in variant_list[0]["aggregates"]:
        lines.append(f"| `{field}` | " + " | ".join(cell(v["aggregates"][field]) for v in variant_list) + " |")
    return lines


def _figure():
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4), dpi=100)
    FigureCanvasAgg(figure)
    return figure


def _save(figure, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.savefig(path, format="png")


def plot_distribution(columns: dict[str, pa.Array], field: str, title: str, path: Path) -> None:
    """Side-by-side bars: the share of campaigns at each value of ``field``, per variant."""
    figure = _figure()
    axes = figure.add_subplot()
    values = sorted({v for array in columns.values() for v in pc.unique(array).to_pylist()})
    width = 0.8 / len(columns)
    for k, (label, array) in enumerate(columns.items()):
        counts = dict((c["values"], c["counts"]) for c in pc.value_counts(array).to_pylist())
        shares = [counts.get(v, 0) / len(array) for v in values]
        axes.bar([i + k * width for i in range(len(values))], shares, width=width, label=label)
    axes.set_xticks([i + width * (len(columns) - 1) / 2 for i in range(len(values))], [str(v) for v in values])
    axes.set_xlabel(field)
    axes.set_ylabel("share of campaigns")
    axes.set_title(title)
    if len(columns) > 1:
        axes.legend()
    _save(figure, path)


def plot_histogram(columns: dict[str, pa.Array], field: str, title: str, path: Path) -> None:
    """Overlaid histograms of a numeric ``field``, one per variant."""
    figure = _figure()
    axes = figure.add_subplot()
    for label, array in columns.items():
        axes.hist(array.to_numpy(zero_copy_only=False), bins=30, histtype="step", label=label, density=True)
    axes.set_xlabel(field)
    axes.set_ylabel("density")
    axes.set_title(title)
    if len(columns) > 1:
        axes.legend()
    _save(figure, path)


# Plots every report draws when the summary has the field: (field, title).
# The campaign summary names its fields; a field it lacks is simply skipped.
Plot = tuple[str, str]


def _plots(schema: pa.Schema) -> list[tuple[str, str, Callable]]:
    """The plots this batch's fields allow: (field, title, drawer)."""
    chosen = []
    for field in summary_fields(schema):
        if pa.types.is_integer(field.type) or pa.types.is_string(field.type):
            chosen.append((field.name, f"Distribution of {field.name}", plot_distribution))
        elif pa.types.is_floating(field.type):
            chosen.append((field.name, f"Distribution of {field.name}", plot_histogram))
    return chosen


def write_report(out: Path, summary: dict[str, Any], chunk_list: list[Chunk],
                 variant_list: tuple[Variant, ...], schema: pa.Schema) -> Path:
    """Write ``report.md`` and its PNG plots under ``plots/``."""
    rate = summary["campaigns_per_s"]
    lines = [
        f"# Batch report: {summary['scenario']}",
        "",
        f"{summary['campaigns']:,} campaigns per variant, seed {summary['seed']}, sim {summary['version']}, "
        f"chunks of {summary['chunk_size']:,}. This run played {summary['campaigns_played']:,} campaigns "
        f"in {summary['elapsed_s']:.1f} s ({_num(rate)} campaigns/s, {summary['backend']}, "
        f"{summary['workers']} workers); {summary['chunks_resumed']} chunks were already saved.",
        "",
        "Rows: `campaigns.parquet`. Aggregates: `summary.json`. Cells give the mean (or rate) and its 95% "
        "confidence interval; with a sweep, Δ is the paired difference from the first variant on the same "
        "campaign seeds.",
        "",
        "## Summary fields",
        "",
        *field_table(summary),
        "",
        "## Plots",
        "",
    ]
    files = {v.label: variant_files(out, chunk_list, v) for v in variant_list}
    for field, title, draw in _plots(schema):
        columns = {label: pq.read_table(paths, columns=[field]).column(field).combine_chunks()
                   for label, paths in files.items()}
        path = out / PLOTS / f"{field}.png"
        draw(columns, field, title, path)
        lines += [f"### {title}", "", f"![{title}]({PLOTS}/{field}.png)", ""]
    report = out / REPORT
    report.write_text("\n".join(lines), encoding="utf-8")
    return report
