"""The report's survival curves: Kaplan–Meier of crews and of scoundrels per variant, and their plot
(:mod:`sim.batch.reporting.survival` computes; docs/reports.md explains)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from sim.batch.reporting import figures
from sim.batch.reporting.figures import colour, new_figure, outside_legend, plot_lang, save_figure, titled
from sim.batch.plan import Variant
from sim.batch.table import CAMPAIGNS, variant_columns
from sim.i18n import t


def crew_survival(out: Path, variant_list: tuple[Variant, ...], schema: pa.Schema) -> dict[str, dict[str, list]]:
    """Kaplan–Meier curves of the crew (event: ``end == "broken"`` after ``crew_scores`` scores, else ``scores``;
    any other end is censored), per variant label; empty when the campaigns have no ``end`` and ``scores`` fields."""
    if "end" not in schema.names or "scores" not in schema.names:
        return {}
    from sim.batch.reporting.survival import kaplan_meier

    file = pq.ParquetFile(out / CAMPAIGNS)
    played = "crew_scores" if "crew_scores" in schema.names else "scores"  # the city may play on (crew_breaks)
    ends, scores = variant_columns(file, "end", variant_list), variant_columns(file, played, variant_list)
    return {v.label: kaplan_meier(scores[v].to_pylist(), [e == "broken" for e in ends[v].to_pylist()])
            for v in variant_list}


SCOUNDREL_FIELDS = ("pcs", "pcs_out", "recruits")  # series fields sorted by name, as each row holds them


def scoundrel_survival(out: Path, variant_list: tuple[Variant, ...]) -> dict[str, dict[str, list]]:
    """Kaplan–Meier curves of scoundrels (event: out for good; late entry for recruits; a campaign's end
    censors its crew), per variant label, from ``series.parquet``; empty without the fields."""
    import pyarrow.dataset as ds

    from sim.batch.reporting.survival import product_limit, scoundrel_risk_sets
    from sim.batch.tidy import SERIES

    if not (out / SERIES).exists():
        return {}
    table = ds.dataset(out / SERIES, format="parquet").to_table(
        columns=["campaign", "variant", "score", "field", "value"],
        filter=ds.field("field").isin(list(SCOUNDREL_FIELDS)))
    if not table.num_rows or table.num_rows % 3:
        return {}
    fields = table.column("field").to_pylist()
    if tuple(fields[:3]) != SCOUNDREL_FIELDS or set(fields[0::3]) != {"pcs"}:
        return {}
    values = table.column("value").to_numpy().reshape(-1, 3).astype(int)
    campaigns = table.column("campaign").to_numpy()[0::3]
    scores = table.column("score").to_numpy()[0::3]
    labels = table.column("variant").to_pylist()[0::3]
    curves = {}
    for variant in variant_list:
        rows = [(int(c), int(s), int(v[0]), int(v[1]), int(v[2]))
                for c, s, v, label in zip(campaigns, scores, values, labels) if label == variant.label]
        if rows:
            curves[variant.label] = product_limit(*scoundrel_risk_sets(rows))
    return curves


def plot_crew_survival(curves: dict[str, dict[str, list]], path: Path, lang: str | None = None,
                       fmt: str = "png", who: str = "crew") -> None:
    """Kaplan–Meier survival by score (``who``: crew or scoundrel), one step curve per variant with its 95% band;
    beneath, how many are at risk."""
    lang = plot_lang(lang)
    figure = new_figure(8, 5, lang)
    axes, below = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    for k, (label, curve) in enumerate(curves.items()):
        axes.step(curve["time"], curve["survival"], where="post", color=colour(k),
                  label=f"{label} (n = {curve['at_risk'][0]:,})")
        axes.fill_between(curve["time"], [c[0] for c in curve["ci95"]], [c[1] for c in curve["ci95"]], step="post",
                          color=colour(k), alpha=0.18, linewidth=0)
    axes.set_ylim(0, 1.02)
    suffix = "" if who == "crew" else "_" + who
    titled(axes, t(f"report.plot.{who}_survival", lang), None, t(f"report.figure.survival{suffix}", lang))
    outside_legend(axes)
    figures.count_panel(below, [(label, c["time"], c["at_risk"]) for label, c in curves.items()],
                        t(f"report.figure.at_risk{suffix}", lang))
    below.set_xlabel(t("report.figure.score", lang), **figure.sim_font)
    save_figure(figure, path, fmt)
