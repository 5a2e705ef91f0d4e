"""``report.md``: a batch's aggregates as tables and plots (PNG or SVG), for people (docs/reports.md).

The report answers first: a headline (how campaigns ended, crew survival, the fastest and slowest faction
clocks, wars started, the largest paired differences between variants with their intervals), then the summary
table (each field's Parquet name, what it means, and per variant its mean or rate with the 95% interval of
:mod:`sim.batch.reporting.intervals`, n in the first row, Δ from the first variant on the same seeds; † marks an estimate
on fewer than ``MIN_CAMPAIGNS`` campaigns).

When the campaigns report per-faction fields (``faction_goals_<id>``...), a faction-balance section follows:
per faction its final Tier, segments, goals, the crew's status with it and the share of campaigns ending at war
with it, the goals plot with error bars, and the per-faction fields folded under a ``<details>`` block. The city
section (:mod:`sim.batch.city_report`) comes next, for every variant.

The plots: crew and scoundrel survival (Kaplan–Meier, :mod:`sim.batch.reporting.survival`), the distribution of final
fields (never a single-bar chart), and per-score means over the campaigns still playing, with n beneath
(:mod:`sim.batch.reporting.figures` for the conventions). A plot whose fields the campaign does not report is left out.
Drawn with matplotlib's object API on the Agg canvas (no pyplot, no global backend). :func:`rerender` is
``sim report``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from sim.batch.plan import Variant, write_text_atomic
from sim.i18n import has, t, term_or
from sim.batch.reporting import figures
from sim.batch.reporting.figures import colour, new_figure, outside_legend, plot_lang, save_figure, titled
from sim.batch.reporting.intervals import MIN_CAMPAIGNS
from sim.batch.reporting.survival_report import crew_survival, plot_crew_survival, scoundrel_survival
from sim.batch.table import CAMPAIGNS, is_pair_field, variant_columns

REPORT = "report.md"
PLOTS = "plots"


def _num(value: float | None) -> str:
    """A mean or a bound: 2 decimals (the one precision rule of the report; integers stay whole)."""
    if value is None:
        return "—"
    return f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"


#: summary fields whose values are words, and the term prefix that names them
WORD_KEYS = {"end": "play.end", "hold": "blades.hold_level"}


def _word(field: str, word: Any, lang: str | None) -> str:
    """A categorical value in words for people (the Parquet value itself stays the id)."""
    key = f"{WORD_KEYS[field]}.{word}" if field in WORD_KEYS else ""
    return t(key, lang) if key and has(key) else str(word)


def backend_words(backend: str, lang: str | None) -> str:
    """How the batch ran (``summary["backend"]``: in-process, processes, dask ADDRESS) in words for people."""
    if backend.startswith("dask "):
        return t("report.backend.dask", lang, address=backend[5:])
    return term_or(f"report.backend.{backend}", backend, lang)


def cell(stats: dict[str, Any], lang: str | None = None, field: str = "") -> str:
    """One table cell: ``12.3 [12.1, 12.5]``, a rate as a percentage, or word counts."""
    if stats["kind"] == "number":
        lo, hi = stats["ci95"]
        text = f"{_num(stats['mean'])} [{_num(lo)}, {_num(hi)}]"
    elif stats["kind"] == "rate":
        lo, hi = stats["ci95"]
        text = f"{100 * stats['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    else:
        text = ", ".join(f"{_word(field, word, lang)}: {count:,}" for word, count in stats["counts"].items())
    if stats.get("thin"):
        text += " †"
    if "vs_first" in stats:
        d = stats["vs_first"]
        rate = stats["kind"] == "rate"  # a rate's difference in percentage points with 1 decimal, else 2 decimals
        scale, unit, digits = (100, t("report.unit.points", lang), 1) if rate else (1, "", 2)
        text += (f"; Δ {scale * d['diff']:+.{digits}f}{unit} "
                 f"[{scale * d['ci95'][0]:+.{digits}f}, {scale * d['ci95'][1]:+.{digits}f}]")
    return text


#: fields named per faction or per entanglement, described once by prefix (longest first)
FIELD_PREFIXES = ("faction_goals", "faction_ticks", "faction_tier", "status", "faction_wars", "goal_rolls", "goal_exact",
                  "entanglement")
FACTION_FIELD_PREFIXES = FIELD_PREFIXES[:-1]  # per faction: one description row each
PAIR_PREFIXES = ("war", "edge")  # per pair of factions (the Blades city section: sim.blades.views.city_report)


def field_description(field: str, lang: str | None = None) -> str:
    """What a summary field means, in ``lang`` (``report.field.<field>``, or by its prefix with the
    faction's or entanglement's name); ``—`` for a field no term describes (another game's)."""
    if has(f"report.field.{field}"):
        return t(f"report.field.{field}", lang)
    if is_pair_field(field):
        prefix, _, ident = field.partition("_")
        a, _, b = ident.partition("__")
        return t(f"report.field_prefix.{prefix}", lang, a=_faction_name(a, lang), b=_faction_name(b, lang))
    for prefix in FIELD_PREFIXES:
        if field.startswith(prefix + "_"):
            ident = field[len(prefix) + 1:]
            table = "entanglement" if prefix == "entanglement" else "faction"
            key = f"blades.{table}.{ident}"
            name = term_or(key, ident, lang)
            return t(f"report.field_prefix.{prefix}", lang, name=name)
    return "—"


def field_table(summary: dict[str, Any], lang: str | None = None, fields: list[str] | None = None) -> list[str]:
    """Markdown rows: one per summary field (its Parquet column name; ``fields``, else all), what it means, one
    column per variant; the first row is n, the campaigns each estimate rests on."""
    variant_list = summary["variants"]
    head = (f"| {t('report.column.field', lang)} | {t('report.column.description', lang)} | "
            + " | ".join(v["variant"] for v in variant_list) + " |")
    lines = [head, "|" + "---|" * (len(variant_list) + 2),
             "| *n* | " + t("report.line.n", lang) + " | "
             + " | ".join(f"{v['campaigns']:,}" for v in variant_list) + " |"]
    for field in (fields if fields is not None else variant_list[0]["aggregates"]):
        lines.append(f"| `{field}` | {field_description(field, lang)} | "
                     + " | ".join(cell(v["aggregates"][field], lang, field) for v in variant_list) + " |")
    return lines


FACTION_PREFIX = "faction_goals_"  # a campaign that reports per-faction goals gets the factions section
PER_FACTION = ("status_", "faction_tier_", "faction_ticks_", FACTION_PREFIX, "faction_wars_", "goal_rolls_",
               "goal_exact_")  # fields of the faction section


def faction_ids(schema: pa.Schema) -> list[str]:
    """The factions the campaigns report on, in column order."""
    return [name[len(FACTION_PREFIX):] for name in schema.names if name.startswith(FACTION_PREFIX)]


def _faction_name(fid: str, lang: str | None) -> str:
    key = f"blades.faction.{fid}"
    return term_or(key, fid, lang)


def faction_table(out: Path, summary: dict[str, Any], variant_list: tuple[Variant, ...], schema: pa.Schema,
                  lang: str | None = None) -> list[str]:
    """Markdown: one table per variant, one row per faction (mean final Tier, goal segments and goals per campaign,
    final status, share of campaigns ending at war with it)."""
    factions = faction_ids(schema)
    if not factions:
        return []
    columns = [t(f"report.factions.column.{c}", lang) for c in ("faction", "tier", "segments", "goals", "status", "war")]
    at_war: dict[str, dict[Variant, float]] = {}  # one status column read at a time: memory stays flat in factions
    file = pq.ParquetFile(out / CAMPAIGNS)  # the footer is read once
    for fid in factions:
        if f"status_{fid}" in schema.names:
            by_variant = variant_columns(file, f"status_{fid}", variant_list)
            at_war[fid] = {v: pc.sum(pc.equal(a, -3).cast(pa.int64())).as_py() / max(1, len(a))
                           for v, a in by_variant.items()}
    lines = [t("report.factions.intro", lang), ""]
    for variant, saved in zip(variant_list, summary["variants"]):
        if len(variant_list) > 1:
            lines += [f"### {t('report.factions.variant', lang, variant=variant.label)}", ""]
        lines += ["| " + " | ".join(columns) + " |", "|---|" + "---:|" * (len(columns) - 1)]
        agg = saved["aggregates"]

        def mean(field: str) -> str:
            return f"{agg[field]['mean']:.2f}" if field in agg else "—"

        for fid in factions:
            war = f"{100 * at_war[fid][variant]:.1f}%" if fid in at_war else "—"
            lines.append(f"| {_faction_name(fid, lang)} | {mean(f'faction_tier_{fid}')} | {mean(f'faction_ticks_{fid}')} "
                         f"| {mean(f'{FACTION_PREFIX}{fid}')} | {mean(f'status_{fid}')} | {war} |")
        lines.append("")
    return lines


def goals_order(summary: dict[str, Any], factions: list[str]) -> list[str]:
    """Factions by mean goals achieved in the first variant, most first (ties by id)."""
    agg = summary["variants"][0]["aggregates"]
    return sorted(factions, key=lambda fid: (-agg.get(f"{FACTION_PREFIX}{fid}", {}).get("mean", 0.0), fid))


def plot_faction_goals(summary: dict[str, Any], factions: list[str], path: Path, lang: str | None = None,
                       fmt: str = "png") -> list[str]:
    """Horizontal bars: mean goals achieved per campaign by faction with their 95% intervals, one bar per
    variant, most goals at the top; factions by name in ``lang`` (English without a CJK font).
    Returns the labels in the order drawn (top first)."""
    lang = plot_lang(lang)
    n = len(summary["variants"])
    figure = new_figure(8 if n > 1 else 7, max(3.0, 0.3 * len(factions) * max(1, n) ** 0.5 + 1.2), lang)
    axes = figure.add_subplot()
    height = 0.8 / n
    factions = goals_order(summary, factions)
    labels = [_faction_name(fid, lang) for fid in factions]
    for k, saved in enumerate(summary["variants"]):
        stats = [saved["aggregates"].get(f"{FACTION_PREFIX}{fid}", {}) for fid in factions]
        means = [s.get("mean", 0.0) for s in stats]
        low = [max(0.0, m - s.get("ci95", [m, m])[0]) for m, s in zip(means, stats)]
        high = [max(0.0, s.get("ci95", [m, m])[1] - m) for m, s in zip(means, stats)]
        axes.barh([i + k * height for i in range(len(factions))], means, height=height, xerr=[low, high],
                  color=colour(k), error_kw={"elinewidth": 0.8, "capsize": 1.5, "ecolor": "#333333"},
                  label=f"{saved['variant']} (n = {saved['campaigns']:,})")
    axes.set_yticks([i + height * (n - 1) / 2 for i in range(len(factions))], labels, **figure.sim_font)
    axes.invert_yaxis()
    axes.set_xlim(left=0)
    titled(axes, t("report.plot.faction_goals", lang), t("report.figure.goals", lang))
    outside_legend(axes)
    save_figure(figure, path, fmt)
    return labels


def plot_distribution(columns: dict[str, pa.Array], field: str, title: str, path: Path, lang: str | None = None,
                      fmt: str = "png") -> bool:
    """Side-by-side bars: the share of campaigns at each value of ``field``, per variant (n in the legend).
    Draws nothing and returns False when every campaign has the same value (a single bar says nothing)."""
    values = sorted({v for array in columns.values() for v in pc.unique(array).to_pylist()})
    if len(values) < 2:
        return False
    lang = plot_lang(lang)
    figure = new_figure(9.5 if len(columns) > 1 else 7, 4, lang)  # room for the legend beside the bars
    axes = figure.add_subplot()
    width = 0.8 / len(columns)
    for k, (label, array) in enumerate(columns.items()):
        counts = dict((c["values"], c["counts"]) for c in pc.value_counts(array).to_pylist())
        shares = [counts.get(v, 0) / len(array) for v in values]
        axes.bar([i + k * width for i in range(len(values))], shares, width=width, color=colour(k),
                 label=f"{label} (n = {len(array):,})")
    axes.set_xticks([i + width * (len(columns) - 1) / 2 for i in range(len(values))],
                    [_word(field, v, lang) for v in values], **figure.sim_font)
    axes.set_ylim(0, 1)
    titled(axes, title, field, t("report.figure.share", lang))
    outside_legend(axes)
    save_figure(figure, path, fmt)
    return True


def plot_series(series: dict[str, dict[str, dict[str, list]]], fields: tuple[str, ...], title: str,
                path: Path, xlabel: str = "score", lang: str | None = None, fmt: str = "png") -> None:
    """Per-score means with 95% bands over the campaigns still playing at each score, and beneath them how many
    campaigns that is (n). One field: a line per variant in one axes. Several fields and several variants: small
    multiples, a column per variant (shared axes), a line per field."""
    lang = plot_lang(lang)
    labels = list(series)
    multiples = len(labels) > 1 and sum(1 for f in fields if any(f in by for by in series.values())) > 1
    columns = len(labels) if multiples else 1
    figure = new_figure(min(16, 4.2 * columns + 2.2) if multiples else 8, 5, lang)
    grid = figure.subplots(2, columns, sharex=True, sharey="row", squeeze=False,
                           gridspec_kw={"height_ratios": [3, 1]})
    styles = ("-", "--", ":", "-.")
    lowest = 0.0
    for k, label in enumerate(labels):
        by_field = series[label]
        axes, below = grid[0][k if multiples else 0], grid[1][k if multiples else 0]
        present = [f for f in fields if f in by_field]
        for j, field in enumerate(present):
            data = by_field[field]
            name = field if len(labels) == 1 or multiples else f"{field}, {label}"
            figures.band_plot(axes, data["score"], data["mean"], data["ci95"], data["n"],
                              colour(j) if multiples else colour(k), name, styles[j % len(styles)])
            lowest = min(lowest, *(c[0] for c in data["ci95"]))
        if present:  # n: the campaigns still playing (the same for every field of a variant)
            data = by_field[present[0]]
            below.step(data["score"], data["n"], where="mid", color="#333333" if multiples else colour(k),
                       linewidth=1.2, label=label)
        if multiples:
            axes.set_title(label, fontsize=8)
            below.set_xlabel(t(f"report.figure.{xlabel}", lang), **figure.sim_font)
    for axes in grid[0]:
        if lowest >= 0:
            axes.set_ylim(bottom=0)  # a count or an amount that is never negative: from zero
    grid[0][0].set_ylabel(t("report.figure.surviving", lang), **figure.sim_font)
    grid[1][0].set_ylabel(t("report.figure.n", lang), fontsize=8, **figure.sim_font)
    for below in grid[1]:
        below.set_ylim(bottom=0)
        below.axhline(MIN_CAMPAIGNS, color=figures.THIN_COLOUR, linestyle=":", linewidth=1)
    if not multiples:
        grid[1][0].set_xlabel(t(f"report.figure.{xlabel}", lang), **figure.sim_font)
    figure.suptitle(title, **figure.sim_font)
    outside_legend(grid[0][-1])
    save_figure(figure, path, fmt)


def thin_places(summary: dict[str, Any], lang: str | None = None) -> list[str]:
    """Where estimates rest on fewer than MIN_CAMPAIGNS campaigns: ``variant: field from score s`` per series
    field that thins out, and the variants whose campaign count itself is thin."""
    places = []
    for saved in summary["variants"]:
        if saved["campaigns"] < MIN_CAMPAIGNS:
            places.append(f"`{saved['variant']}` (n = {saved['campaigns']})")
            continue
        first = [data["score"][data["thin"].index(True)] for data in saved["series"].values()
                 if True in data.get("thin", [])]
        if first:
            places.append(t("report.line.thin_from", lang, variant=f"`{saved['variant']}`", score=min(first)))
    return places


# Plots drawn when the data has the fields (the campaign loop names them):
# distributions of a final summary field, and per-score series.
FINAL_PLOTS = (
    ("tier", "Final tier of the crew"),
    ("end", "How campaigns ended"),
    ("scenes", "Scenes played per adventure"),  # a Fate adventure's (sim.fate.adventure)
    ("pcs_taken_out", "PCs taken out per adventure"),
    ("max_evolution", "Highest evolution of a character (mist)"),
    ("chapters", "Chapters played (mist)"),
)
SERIES_PLOTS = (
    ("survival", ("active",), "Scoundrels still active after each score"),
    ("heat", ("heat", "wanted"), "Heat and wanted level over scores"),
    ("stress_active", ("stress",), "Stress of the active scoundrels over scores"),
    ("trauma", ("trauma",), "Trauma over scores (every scoundrel's)"),
    ("coin", ("coin",), "Crew coin over scores"),
    # the mist system's per-chapter rows (sim.mist.loop.chapter_row; "score" is the chapter there)
    ("mist_survival", ("mist_active",), "Characters still in play after each chapter"),
    ("mist_evolution", ("mist_evolution", "mist_themes_replaced"), "Evolution and themes replaced over chapters"),
    ("mist_harm", ("mist_harm", "mist_heist_won"), "Harmful status levels and heists won by chapter"),
)
#: a Fate adventure's per-scene series (its rows count scenes in the ``score`` column)
SCENE_SERIES_PLOTS = (
    ("fate_points", ("fate_points",), "PCs' fate points after each scene"),
    ("consequences", ("consequences",), "Consequences the PCs carry after each scene"),
)
#: the x axis of a series plot whose loop counts something other than scores
SERIES_AXIS = {"mist_survival": "chapter", "mist_evolution": "chapter", "mist_harm": "chapter"}


def write_report(out: Path, summary: dict[str, Any], variant_list: tuple[Variant, ...], schema: pa.Schema,
                 lang: str | None = None, sections: tuple = (), plots: str = "png") -> Path:
    """Write ``report.md`` (words in ``lang``, through ``sim.i18n``) and its PNG plots under ``plots/``.

    Field names stay the Parquet column names; the plots' words are in
    ``lang`` when a CJK font is installed (:func:`sim.batch.reporting.figures.cjk_font`),
    else English. ``plots`` is ``png`` or ``svg``.
    """
    rate = summary["campaigns_per_s"]
    lines = [
        "# " + t("report.title", lang, scenario=summary["scenario"]),
        "",
        t("report.line.run", lang, campaigns=f"{summary['campaigns']:,}", seed=summary["seed"],
          version=summary["version"], chunk_size=f"{summary['chunk_size']:,}",
          played=f"{summary['campaigns_played']:,}", elapsed=f"{summary['elapsed_s']:.1f}", rate=_num(rate),
          backend=backend_words(summary["backend"], lang), workers=summary["workers"],
          resumed=summary["chunks_resumed"]),
        "",
        t("report.line.reading", lang),
        "",
        t("report.line.precision", lang),
        "",
    ]
    places = thin_places(summary, lang)
    lines += [t("report.line.thin", lang, min=MIN_CAMPAIGNS, where="; ".join(places)) if places
              else t("report.line.no_thin", lang, min=MIN_CAMPAIGNS), ""]
    ext = plots

    def image(name: str, heading: str) -> str:
        return f"![{heading}]({PLOTS}/{name}.{ext})"

    factions = faction_table(out, summary, variant_list, schema, lang)
    fields = list(summary["variants"][0]["aggregates"])
    per_faction = [f for f in fields if f.startswith(PER_FACTION)] if factions else []
    pairs = [f for f in fields if is_pair_field(f)]  # the system's city section shows them
    lines += [
        *headline(out, summary, variant_list, schema, lang),
        "## " + t("report.heading.summary_fields", lang),
        "",
        *field_table(summary, lang, [f for f in fields if f not in per_faction and f not in pairs]),
        "",
    ]
    if factions:  # the per-faction fields with their intervals (and Δ) fold away under the faction table
        plot_faction_goals(summary, faction_ids(schema), out / PLOTS / "faction_goals", lang, ext)
        heading = t("report.plot.faction_goals", lang)
        lines += ["## " + t("report.heading.balance", lang), "", *factions, image("faction_goals", heading), "",
                  f"<details><summary>{t('report.factions.fields', lang)}</summary>", "",
                  *field_table(summary, lang, per_faction), "", "</details>", ""]
    for section in sections:  # the system's own (System.report_sections), e.g. Blades' city
        lines += section(out, summary, variant_list, schema, PLOTS, lang, ext)
    lines += ["## " + t("report.heading.plots", lang), ""]
    curves = crew_survival(out, variant_list, schema)
    if curves:
        plot_crew_survival(curves, out / PLOTS / "crew_survival", lang, ext)
        heading = t("report.plot.crew_survival", lang)
        lines += [f"### {heading}", "", t("report.line.survival", lang), "", image("crew_survival", heading), ""]
    scoundrels = scoundrel_survival(out, variant_list)
    if scoundrels:
        plot_crew_survival(scoundrels, out / PLOTS / "scoundrel_survival", lang, ext, "scoundrel")
        heading = t("report.plot.scoundrel_survival", lang)
        lines += [f"### {heading}", "", t("report.line.scoundrel_survival", lang), "",
                  image("scoundrel_survival", heading), ""]
    words = plot_lang(lang)
    for field, title in FINAL_PLOTS:
        if field not in schema.names:
            continue
        columns = {v.label: array for v, array in variant_columns(out, field, variant_list).items()}
        heading = term_or(f"report.plot.{field}", title, lang)
        if plot_distribution(columns, field, term_or(f"report.plot.{field}", title, words),
                             out / PLOTS / field, lang, ext):
            lines += [f"### {heading}", "", image(field, heading), ""]
        else:
            value = next(iter(columns.values()))[0].as_py() if len(next(iter(columns.values()))) else "—"
            lines += [f"### {heading}", "", t("report.line.single", lang, field=f"`{field}`",
                                               value=_word(field, value, lang)), ""]
    series = {v["variant"]: v["series"] for v in summary["variants"]}
    for name, fields, title, xlabel in ([(*p, "score") for p in SERIES_PLOTS]
                                        + [(*p, "scene") for p in SCENE_SERIES_PLOTS]):
        if not any(f in by_field for by_field in series.values() for f in fields):
            continue
        plot_series(series, fields, term_or(f"report.plot.{name}", title, words), out / PLOTS / name,
                    SERIES_AXIS.get(name, xlabel), lang, ext)
        heading = term_or(f"report.plot.{name}", title, lang)
        lines += [f"### {heading}", "", image(name, heading), ""]
    report = out / REPORT
    write_text_atomic(report, "\n".join(lines))
    return report


def _interval(stats: dict[str, Any], scale: float = 1.0, digits: int = 2, sign: str = "") -> str:
    lo, hi = stats["ci95"]
    return f"[{scale * lo:{sign},.{digits}f}, {scale * hi:{sign},.{digits}f}]"


def largest_differences(summary: dict[str, Any], count: int = 5) -> list[tuple[str, str, dict[str, Any], float]]:
    """The paired differences from the first variant whose 95% interval excludes 0, largest first by size in
    units of the first variant's standard deviation (rates: by percentage points over 10): (variant, field,
    difference, size)."""
    base = summary["variants"][0]["aggregates"]
    found = []
    for saved in summary["variants"][1:]:
        for field, stats in saved["aggregates"].items():
            d = stats.get("vs_first")
            if not d or d["diff"] is None or d["ci95"][0] is None or d["ci95"][0] <= 0 <= d["ci95"][1]:
                continue
            if stats["kind"] == "rate":
                size = abs(d["diff"]) * 10
            else:
                std = base.get(field, {}).get("std") or stats.get("std") or 0.0
                if not std:
                    continue
                size = abs(d["diff"]) / std
            found.append((saved["variant"], field, d, size))
    found.sort(key=lambda x: (-x[3], x[0], x[1]))
    return found[:count]


def headline(out: Path, summary: dict[str, Any], variant_list: tuple[Variant, ...], schema: pa.Schema,
             lang: str | None = None) -> list[str]:
    """The report's first section: how campaigns ended, the crew's survival, the fastest and slowest faction
    clocks, wars started, and the largest paired differences between variants (with their intervals)."""
    lines = ["## " + t("report.heading.headline", lang), ""]
    curves = crew_survival(out, variant_list, schema)
    for saved in summary["variants"]:
        agg = saved["aggregates"]
        prefix = f"`{saved['variant']}`: " if len(summary["variants"]) > 1 else ""
        parts = []
        ends = agg.get("end")
        if ends and ends.get("kind") == "words":
            n = sum(ends["counts"].values())
            shares = sorted(ends["counts"].items(), key=lambda kv: (-kv[1], kv[0]))
            parts.append(t("report.headline.ended", lang, ends=", ".join(
                f"{_word('end', word, lang)} {100 * k / n:.1f}%" for word, k in shares)))
        curve = curves.get(saved["variant"])
        if curve and len(curve["time"]) > 1:
            last = curve["time"][-1]
            parts.append(t("report.headline.survival", lang, score=last,
                           share=f"{100 * curve['survival'][-1]:.1f}%",
                           interval=f"[{100 * curve['ci95'][-1][0]:.1f}, {100 * curve['ci95'][-1][1]:.1f}]"))
        ticks = [(f[len("faction_ticks_"):], s) for f, s in agg.items()
                 if f.startswith("faction_ticks_") and s.get("mean") is not None]
        if len(ticks) > 1:
            ticks.sort(key=lambda x: (-x[1]["mean"], x[0]))
            (fast, fs), (slow, ss) = ticks[0], ticks[-1]
            parts.append(t("report.headline.clocks", lang, fast=_faction_name(fast, lang),
                           fast_mean=f"{fs['mean']:.2f} {_interval(fs)}", slow=_faction_name(slow, lang),
                           slow_mean=f"{ss['mean']:.2f} {_interval(ss)}"))
        wars = agg.get("city_wars_started")
        if wars and wars.get("mean") is not None:
            parts.append(t("report.headline.wars", lang, wars=f"{wars['mean']:.2f} {_interval(wars)}"))
        if parts:
            lines.append(f"- {prefix}" + "; ".join(parts) + ".")
    differences = largest_differences(summary)
    if differences:
        lines += ["", t("report.headline.differences", lang), ""]
        for variant, field, d, _ in differences:
            rate = summary["variants"][0]["aggregates"][field]["kind"] == "rate"
            scale, digits, unit = (100, 1, t("report.unit.points", lang)) if rate else (1, 2, "")
            lines.append(f"- `{variant}` − `{summary['variants'][0]['variant']}`, `{field}` "
                         f"({field_description(field, lang)}): Δ {scale * d['diff']:+.{digits}f}{unit} "
                         f"{_interval(d, scale, digits, '+')}")
    elif len(summary["variants"]) > 1:
        lines += ["", t("report.headline.no_differences", lang)]
    return lines + [""]


def rerender(out: Path, lang: str | None = None, plots: str = "png") -> Path:
    """Write ``out``'s report again from its ``summary.json`` and assembled Parquet files (``sim report``).

    Bad folders are one :class:`~sim.errors.UsageError` line: no such folder, no ``summary.json`` (the batch
    never finished), an unreadable one, or variants that do not match the summary's sweep. The folder's lock is
    held while drawing, so a batch still running there is refused."""
    import json

    from sim.batch.folder import FolderLock
    from sim.batch.plan import variants
    from sim.errors import UsageError
    from sim.files import shown

    if not out.is_dir():
        raise UsageError(f"no batch folder {shown(out)}")
    path = out / "summary.json"
    if not path.is_file() or not (out / CAMPAIGNS).is_file():
        raise UsageError(f"{shown(out)} holds no finished batch (no summary.json or {CAMPAIGNS}); "
                         "run sim batch there first")
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
        sweep = tuple((name, tuple(values)) for name, values in summary["sweep"].items())
        variant_list = variants(sweep)
        schema = pq.read_schema(out / CAMPAIGNS).remove_metadata()
    except (OSError, ValueError, KeyError, TypeError, AttributeError, pa.ArrowException) as exc:
        raise UsageError(f"{shown(path)}: unreadable batch summary ({exc})") from None
    if [v.label for v in variant_list] != [v.get("variant") for v in summary.get("variants", [])]:
        raise UsageError(f"{shown(path)}: its variants do not match its sweep; run sim batch again")
    from sim.batch.reporting.sections import report_sections

    sections = report_sections(str(summary.get("scenario_path") or ""))  # the system's own, as the batch drew them
    with FolderLock(out):
        return write_report(out, summary, variant_list, schema, lang, sections, plots)
