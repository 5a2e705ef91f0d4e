"""The report's city section: wars between factions, mean statuses, Tier over time, exact clock odds, per variant.

Drawn when the campaigns report the city's fields (:func:`sim.blades.city.city.add_summary`): ``war_<a>__<b>``
(wars started between two factions), ``edge_<a>__<b>`` (a's final status toward b), ``faction_tier_<id>`` in
the per-score series, ``faction_goals_<id>``, ``goal_rolls_<id>`` and ``goal_exact_<id>``. Everything comes
from the Parquet rows and ``summary.json``; plots go under ``plots/``, one file per variant
(``city_wars_v0.png``...; matplotlib's object API, Agg canvas), words in the report's language.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.reporting.figures import colour, count_panel, new_figure, outside_legend, plot_lang, save_figure, titled
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
                 lang: str | None = None, fmt: str = "png") -> list[str]:
    """Markdown lines of the city section (empty when the campaigns have no city fields): per variant, the crew's
    survival beside the city figures, the wars table and every plot (files named ``city_<plot>_<variant key>``)."""
    wars = [n for n in schema.names if n.startswith(WAR) and PAIR in n]
    edges = [n for n in schema.names if n.startswith(EDGE) and PAIR in n]
    if not wars and not edges:
        return []
    column = _reader(out)
    labels = column("variant")
    lines = ["## " + t("report.heading.city", lang), "", t("report.city.intro", lang), ""]
    clocks = clock_table(summary, schema, lang)
    for variant, saved in zip(variants, summary["variants"]):
        rows = pc.equal(labels, variant.label).to_numpy(zero_copy_only=False)
        key = variant.key
        if len(variants) > 1:
            lines += [f"### {t('report.factions.variant', lang, variant=variant.label)}", ""]
        lines += [crew_line(saved, lang), ""]
        lines += war_table(column, wars, rows, lang)

        def image(name: str, heading: str) -> str:
            return f"![{heading} ({variant.label})]({plots}/{name}_{key}.{fmt})"

        if wars:
            war_matrix_plot(column, wars, rows, out / plots / f"city_wars_{key}", lang, variant.label, fmt)
            lines += [image("city_wars", t("report.plot.city_wars", lang)), ""]
        if edges and rows.any():
            status_matrix_plot(column, edges, rows, out / plots / f"city_status_{key}", lang, variant.label, fmt)
            lines += [image("city_status", t("report.plot.city_status", lang)), ""]
        tiers = sorted(f for f in saved["series"] if f.startswith("faction_tier_"))
        if tiers:
            plot_tiers(saved, tiers, out / plots / f"city_tiers_{key}", lang, fmt)
            lines += [image("city_tiers", t("report.plot.city_tiers_map", lang)), ""]
        if clocks and plot_clocks(saved, schema, out / plots / f"city_clocks_{key}", lang, fmt):
            lines += [image("city_clocks", t("report.plot.city_clocks", lang)), ""]
    return lines + clocks


def crew_line(saved: dict[str, Any], lang: str | None) -> str:
    """The crew's survival beside the city figures: how often it broke and how many scores it played."""
    agg = saved["aggregates"]
    ends = agg.get("end", {}).get("counts", {})
    n = saved["campaigns"]
    broken = ends.get("broken", 0)
    p, lo, hi = _rate_ci(broken, n)

    def mean(field: str) -> str:
        stats = agg.get(field, {})
        return (f"{stats['mean']:.2f} [{stats['ci95'][0]:.2f}, {stats['ci95'][1]:.2f}]" if stats.get("mean")
                is not None else "—")

    return t("report.city.crew", lang, broken=f"{100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]", n=f"{n:,}",
             crew=mean("crew_scores" if "crew_scores" in agg else "scores"), city=mean("scores"))


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


def war_matrix_plot(column, wars: list[str], rows: "np.ndarray", path: Path, lang: str | None = None,
                    label: str = "", fmt: str = "png") -> None:
    """A heat map: mean wars started per campaign between each two factions (symmetric), over ``rows``."""
    lang = plot_lang(lang)
    factions = sorted({f for field in wars for f in _pair(field, WAR)}, key=lambda f: _name(f, lang))
    index = {f: i for i, f in enumerate(factions)}
    grid = np.full((len(factions), len(factions)), np.nan)
    for field in wars:
        a, b = _pair(field, WAR)
        values = column(field)[rows]
        grid[index[a]][index[b]] = grid[index[b]][index[a]] = int(values.sum()) / max(1, len(values))
    figure = new_figure(8, 7, lang)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="cividis", vmin=0)
    names = [_name(f, lang) for f in factions]
    axes.set_xticks(range(len(factions)), names, rotation=90, fontsize=7, **figure.sim_font)
    axes.set_yticks(range(len(factions)), names, fontsize=7, **figure.sim_font)
    figure.colorbar(image, ax=axes, shrink=0.7).set_label(t("report.figure.wars", lang), **figure.sim_font)
    titled(axes, f"{t('report.plot.city_wars', lang)}\n{label} (n = {int(rows.sum()):,})")
    save_figure(figure, path, fmt)


def status_matrix_plot(column, edges: list[str], rows: "np.ndarray", path: Path, lang: str | None = None,
                       label: str = "", fmt: str = "png") -> dict[tuple[str, str], float]:
    """A matrix of mean final statuses: row a, column b is a's mean final status toward b (-3..+3, a diverging
    colour-blind-safe map), blank where a has no status toward b; returns the means drawn."""
    lang = plot_lang(lang)
    n = int(rows.sum())
    means = {_pair(f, EDGE): int(column(f)[rows].sum()) / max(1, n) for f in edges}
    factions = sorted({f for pair in means for f in pair}, key=lambda f: _name(f, lang))
    index = {f: i for i, f in enumerate(factions)}
    grid = np.full((len(factions), len(factions)), np.nan)
    for (a, b), value in means.items():
        grid[index[a]][index[b]] = value
    figure = new_figure(8.5, 7.5, lang)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="PuOr", vmin=-3, vmax=3)
    names = [_name(f, lang) for f in factions]
    axes.set_xticks(range(len(factions)), names, rotation=90, fontsize=7, **figure.sim_font)
    axes.set_yticks(range(len(factions)), names, fontsize=7, **figure.sim_font)
    for (a, b), value in means.items():
        axes.text(index[b], index[a], f"{value:+.1f}", ha="center", va="center", fontsize=5,
                  color="white" if abs(value) > 2 else "black")
    axes.set_xlabel(t("report.figure.toward", lang), **figure.sim_font)
    figure.colorbar(image, ax=axes, shrink=0.7).set_label(t("report.figure.status", lang), **figure.sim_font)
    titled(axes, f"{t('report.plot.city_status', lang)}\n{label} (n = {n:,})")
    save_figure(figure, path, fmt)
    return means


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


def plot_tiers(saved: dict[str, Any], fields: list[str], path: Path, lang: str | None = None,
               fmt: str = "png") -> None:
    """Each faction's mean Tier after each score as a heat map (a row per faction, a column per score: 25 lines
    in one axes cannot be told apart), one variant; the campaigns still playing (n) beneath."""
    lang = plot_lang(lang)
    series = saved["series"]
    fields = sorted(fields, key=lambda f: _name(f[len("faction_tier_"):], lang))
    scores = sorted({s for f in fields for s in series[f]["score"]})
    grid = np.full((len(fields), len(scores)), np.nan)
    for i, field in enumerate(fields):
        for score, mean in zip(series[field]["score"], series[field]["mean"]):
            grid[i][scores.index(score)] = mean
    figure = new_figure(9, 0.25 * len(fields) + 2.8, lang)
    axes, below = figure.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [max(3, len(fields) // 4), 1]})
    image = axes.imshow(grid, cmap="viridis", vmin=0, aspect="auto",
                        extent=(scores[0] - 0.5, scores[-1] + 0.5, len(fields) - 0.5, -0.5))
    axes.set_yticks(range(len(fields)), [_name(f[len("faction_tier_"):], lang) for f in fields], fontsize=7,
                    **figure.sim_font)
    figure.colorbar(image, ax=axes, shrink=0.8).set_label(t("report.figure.tier", lang), **figure.sim_font)
    titled(axes, f"{t('report.plot.city_tiers_map', lang)}\n{saved['variant']}")
    first = series[fields[0]]
    count_panel(below, [(saved["variant"], first["score"], first["n"])], t("report.figure.n", lang))
    below.set_xlabel(t("report.figure.score", lang), **figure.sim_font)
    save_figure(figure, path, fmt)


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


def plot_clocks(saved: dict[str, Any], schema: pa.Schema, path: Path, lang: str | None = None,
                fmt: str = "png") -> bool:
    """Rolls per goal, one variant, a row per faction (named): the rolls its goals took in play (a dot with the
    95% interval of the rolls over the mean goal count) beside the exact mean of the same goals (the ``sim odds
    clock`` chain, a hollow diamond), factions ordered by played over exact. A dot plot, not a scatter: factions
    with the same clock size have the same exact odds, and their labels would pile up. False (nothing drawn) when
    no faction achieved a goal."""
    lang = plot_lang(lang)
    agg = saved["aggregates"]
    factions = [n[len("goal_rolls_"):] for n in schema.names if n.startswith("goal_rolls_")]
    points = []
    for fid in factions:
        both = per_goal(agg, fid)
        if both is None:
            continue
        goals = agg[f"faction_goals_{fid}"]["mean"]
        rolls = agg.get(f"goal_rolls_{fid}", {}).get("ci95", [0.0, 0.0])
        points.append((fid, both[0], both[1], rolls[0] / goals, rolls[1] / goals))
    if not points:
        return False
    points.sort(key=lambda p: (-(p[2] / p[1]) if p[1] else 0.0, p[0]))
    figure = new_figure(8, 0.28 * len(points) + 1.8, lang)
    axes = figure.add_subplot()
    rows = list(range(len(points)))
    axes.errorbar([p[2] for p in points], rows, xerr=[[max(0.0, p[2] - p[3]) for p in points],
                                                      [max(0.0, p[4] - p[2]) for p in points]],
                  fmt="o", markersize=4, color=colour(0), ecolor="#555555", elinewidth=0.8, capsize=2,
                  label=f"{t('report.figure.played', lang)}, n = {saved['campaigns']:,}")
    axes.plot([p[1] for p in points], rows, linestyle="none", marker="D", markersize=5, markerfacecolor="none",
              color=colour(1), label=t("report.figure.exact", lang))
    axes.set_yticks(rows, [_name(p[0], lang) for p in points], fontsize=7, **figure.sim_font)
    axes.invert_yaxis()
    axes.set_xlim(left=0)
    axes.grid(axis="x", color="#dddddd", linewidth=0.6)
    titled(axes, f"{t('report.plot.city_clocks', lang)}\n{saved['variant']}", t("report.figure.rolls", lang))
    outside_legend(axes)
    save_figure(figure, path, fmt)
    return True
