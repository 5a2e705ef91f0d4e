"""The report's city section: wars between factions, the faction graph, Tier over time, exact clock odds.

Drawn when the campaigns report the city's fields (:func:`sim.blades.city.city.add_summary`): ``war_<a>__<b>``
(wars started between two factions), ``edge_<a>__<b>`` (a's final status toward b), ``faction_tier_<id>`` in
the per-score series, ``faction_goals_<id>``, ``goal_rolls_<id>`` and ``goal_exact_<id>``. Everything comes
from the Parquet rows and ``summary.json``; PNGs go under ``plots/`` (matplotlib's object API, Agg canvas).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.figures import new_figure, save_figure
from sim.batch.table import CAMPAIGNS
from sim.i18n import t, term_or

PAIR = "__"
WAR, EDGE = "war_", "edge_"


def _pair(field: str, prefix: str) -> tuple[str, str]:
    a, _, b = field[len(prefix):].partition(PAIR)
    return a, b


def _name(fid: str, lang: str | None) -> str:
    key = f"blades.faction.{fid}"
    return term_or(key, fid, lang)


def _rate_ci(k: int, n: int) -> tuple[float, float, float]:
    """A share and its 95% Wilson interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p, z = k / n, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def city_section(out: Path, summary: dict[str, Any], variants: tuple, schema: pa.Schema, plots: str,
                 lang: str | None = None) -> list[str]:
    """Markdown lines of the city section (empty when the campaigns have no city fields)."""
    wars = [n for n in schema.names if n.startswith(WAR) and PAIR in n]
    edges = [n for n in schema.names if n.startswith(EDGE) and PAIR in n]
    if not wars and not edges:
        return []
    column = _reader(out)
    labels = column("variant")
    lines = ["## " + t("report.heading.city", lang), "", t("report.city.intro", lang), ""]
    for variant in variants:
        rows = pc.equal(labels, variant.label).to_numpy(zero_copy_only=False)
        if len(variants) > 1:
            lines += [f"### {t('report.factions.variant', lang, variant=variant.label)}", ""]
        lines += war_table(column, wars, rows, lang)
    first = pc.equal(labels, variants[0].label).to_numpy(zero_copy_only=False)
    if wars:
        war_matrix_plot(column, wars, first, out / plots / "city_wars.png")
        lines += [f"![{t('report.plot.city_wars', lang)}]({plots}/city_wars.png)", ""]
    if edges and first.any():
        mean_edges, typical, k = graph_data(column, edges, first)
        crew_mean, crew_typical = crew_statuses(column, schema, first, k)
        from sim.blades.city.city import picture

        picture(mean_edges, crew_mean, out / plots / "city_mean.png", "The city on average (final statuses)")
        picture(typical, crew_typical, out / plots / "city_typical.png", "The city at the end of a typical campaign")
        lines += [f"![{t('report.plot.city_mean', lang)}]({plots}/city_mean.png)", "",
                  f"![{t('report.plot.city_typical', lang)}]({plots}/city_typical.png)", ""]
    tiers = [f for f in summary["variants"][0]["series"] if f.startswith("faction_tier_")]
    if tiers:
        plot_tiers(summary, tiers, out / plots / "city_tiers.png")
        lines += [f"### {t('report.plot.city_tiers', lang)}", "", f"![{t('report.plot.city_tiers', lang)}]"
                  f"({plots}/city_tiers.png)", ""]
    clocks = clock_table(summary, schema, lang)
    if clocks:
        plot_clocks(summary, schema, out / plots / "city_clocks.png")
        clocks += [f"![{t('report.plot.city_clocks', lang)}]({plots}/city_clocks.png)", ""]
    return lines + clocks


def _reader(out: Path):
    """``column(name)``: one column of ``campaigns.parquet`` (numpy for numbers, Arrow for the variant labels),
    read on its own: a report over a million campaigns holds one column at a time, never the table."""
    file = pq.ParquetFile(out / CAMPAIGNS)  # the footer is read once

    def column(name: str):
        data = file.read(columns=[name], use_threads=False).column(0)
        return data if name == "variant" else data.to_numpy()
    return column


def war_table(column, wars: list[str], rows: "np.ndarray", lang: str | None) -> list[str]:
    """Pairs of factions by the share of campaigns in which they went to war (with its 95% interval) and the mean
    number of wars started, most often first; pairs that never fought are counted in one line. ``rows``: the
    variant's campaigns (a boolean mask)."""
    n = int(rows.sum())
    found = []
    for field in wars:
        values = column(field)[rows]
        k = int((values > 0).sum())
        if k:
            found.append((k, int(values.sum()) / max(1, n), field))
    found.sort(key=lambda x: (-x[0], x[2]))
    head = [t(f"report.city.column.{c}", lang) for c in ("pair", "campaigns", "wars")]
    lines = ["| " + " | ".join(head) + " |", "|---|---:|---:|"]
    for k, mean, field in found:
        a, b = _pair(field, WAR)
        p, lo, hi = _rate_ci(k, n)
        lines.append(f"| {_name(a, lang)} – {_name(b, lang)} | {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] "
                     f"| {mean:.2f} |")
    lines += ["", t("report.city.quiet", lang, n=len(wars) - len(found), total=len(wars)), ""]
    return lines


def war_matrix_plot(column, wars: list[str], rows: "np.ndarray", path: Path) -> None:
    """A heat map: mean wars started per campaign between each two factions (symmetric), first variant."""
    factions = sorted({f for field in wars for f in _pair(field, WAR)})
    index = {f: i for i, f in enumerate(factions)}
    grid = [[0.0] * len(factions) for _ in factions]
    for field in wars:
        a, b = _pair(field, WAR)
        values = column(field)[rows]
        grid[index[a]][index[b]] = grid[index[b]][index[a]] = int(values.sum()) / max(1, len(values))
    figure = new_figure(8, 7)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="Reds", vmin=0)
    axes.set_xticks(range(len(factions)), factions, rotation=90, fontsize=6)
    axes.set_yticks(range(len(factions)), factions, fontsize=6)
    figure.colorbar(image, ax=axes, shrink=0.7).set_label("wars started per campaign (mean)")
    axes.set_title("Wars between factions")
    save_figure(figure, path)


def graph_data(column, edges: list[str], rows: "np.ndarray") -> tuple[dict, dict, int]:
    """(mean status per edge, the statuses of the typical campaign, its position among ``rows``) over ``rows`` (a
    boolean mask): the typical campaign is the one whose final statuses are closest to the mean (the first of
    equals). Three passes over the edge columns, one column at a time."""
    n = int(rows.sum())
    mean = {f: int(column(f)[rows].sum()) / n for f in edges}
    distance = np.zeros(n)
    for f in edges:
        distance += (column(f)[rows] - mean[f]) ** 2
    best = int(np.argmin(distance))
    return ({_pair(f, EDGE): mean[f] for f in edges}, {_pair(f, EDGE): int(column(f)[rows][best]) for f in edges},
            best)


def crew_statuses(column, schema: pa.Schema, rows: "np.ndarray", k: int) -> tuple[dict, dict]:
    """The crew's final status with each faction: the mean over ``rows`` (a boolean mask), and the ``k``-th
    campaign's."""
    mean, typical = {}, {}
    for field in (n for n in schema.names if n.startswith("status_")):  # one column held at a time, as elsewhere
        values = column(field)[rows]
        mean[field[len("status_"):]] = int(values.sum()) / len(values)
        typical[field[len("status_"):]] = int(values[k])
    return mean, typical


def plot_tiers(summary: dict[str, Any], fields: list[str], path: Path) -> None:
    """Each faction's mean Tier after each score with its 95% band (first variant), one line per faction."""
    figure = new_figure(9, 6)
    axes = figure.add_subplot()
    series = summary["variants"][0]["series"]
    styles = ("-", "--", ":", "-.")
    for k, field in enumerate(sorted(fields)):
        data = series[field]
        line, = axes.plot(data["score"], data["mean"], styles[(k // 10) % 4], color=f"C{k % 10}", linewidth=1.2,
                          label=field[len("faction_tier_"):])
        axes.fill_between(data["score"], [c[0] for c in data["ci95"]], [c[1] for c in data["ci95"]],
                          color=line.get_color(), alpha=0.08)
    axes.set_xlabel("score")
    axes.set_ylabel("Tier (mean over campaigns, 95% band)")
    axes.set_title(f"Faction Tier over time ({summary['variants'][0]['variant']})")
    axes.legend(fontsize=6, ncol=2, loc="center left", bbox_to_anchor=(1.0, 0.5))
    save_figure(figure, path)


def clock_table(summary: dict[str, Any], schema: pa.Schema, lang: str | None) -> list[str]:
    """Per faction and variant: goals achieved, fortune rolls per goal as played and the exact mean of the same goals
    (``sim odds clock`` at the size and Tier each filled at), and their ratio."""
    factions = [n[len("goal_rolls_"):] for n in schema.names if n.startswith("goal_rolls_")]
    if not factions:
        return []
    head = [t(f"report.city.column.{c}", lang) for c in ("faction", "goals", "simulated", "exact", "ratio")]
    lines = [f"### {t('report.city.clocks', lang)}", "", t("report.city.clocks_intro", lang), ""]
    for saved in summary["variants"]:
        agg = saved["aggregates"]
        if len(summary["variants"]) > 1:
            lines += [f"#### {t('report.factions.variant', lang, variant=saved['variant'])}", ""]
        lines += ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|---:|"]
        for fid in factions:
            goals = agg.get(f"faction_goals_{fid}", {}).get("mean", 0.0)
            both = per_goal(agg, fid)
            if both is None:
                lines.append(f"| {_name(fid, lang)} | 0.00 | — | — | — |")
                continue
            exact, played = both
            ratio = f"{played / exact:.2f}" if exact else "—"
            lines.append(f"| {_name(fid, lang)} | {goals:.2f} | {played:.2f} | {exact:.2f} | {ratio} |")
        lines.append("")
    return lines


def per_goal(agg: dict[str, Any], fid: str) -> tuple[float, float] | None:
    """(exact, played) fortune rolls per goal of faction ``fid`` from a variant's aggregates; None without goals."""
    goals = agg.get(f"faction_goals_{fid}", {}).get("mean", 0.0)
    if not goals:
        return None
    return agg.get(f"goal_exact_{fid}", {}).get("mean", 0.0) / goals, agg.get(f"goal_rolls_{fid}", {}).get("mean", 0.0) / goals


def plot_clocks(summary: dict[str, Any], schema: pa.Schema, path: Path) -> None:
    """Rolls per goal: each faction's exact mean (the ``sim odds clock`` chain, x) against the rolls its goals took
    in play (y), one colour per variant, beside the line where the two agree."""
    factions = [n[len("goal_rolls_"):] for n in schema.names if n.startswith("goal_rolls_")]
    figure = new_figure(7, 6)
    axes = figure.add_subplot()
    top = 1.0
    for k, saved in enumerate(summary["variants"]):
        points = [p for p in (per_goal(saved["aggregates"], fid) for fid in factions) if p]
        if points:
            axes.scatter([x for x, _ in points], [y for _, y in points], s=18, color=f"C{k}", label=saved["variant"])
            top = max(top, *(max(x, y) for x, y in points))
    axes.plot([0, top * 1.05], [0, top * 1.05], "--", color="#888888", linewidth=1, label="played = exact")
    axes.set_xlabel("exact mean rolls per goal (sim odds clock)")
    axes.set_ylabel("rolls per goal in play")
    axes.set_title("Faction goal clocks: exact odds beside the played rolls")
    axes.legend(fontsize=7)
    save_figure(figure, path)

