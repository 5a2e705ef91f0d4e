"""Matplotlib figures for batch reports, drawn off-screen (the Agg canvas), saved as PNG or SVG: one way for
every report section (:mod:`sim.batch.reporting.report`, :mod:`sim.blades.views.city_report`). Matplotlib is imported when a
figure is made, never at import time.

The conventions every plot follows (issue 32):

* colours from :data:`PALETTE` (Okabe–Ito, distinguishable with the common colour-vision deficiencies);
* a line of means carries its 95% band (:func:`band_plot`) and, under it, how many campaigns each point rests on
  (:func:`count_panel`); a point on fewer than :data:`~sim.batch.reporting.intervals.MIN_CAMPAIGNS` is drawn grey and
  hollow with no band;
* legends go outside the axes (:func:`outside_legend`), never over the data;
* counts start at zero;
* words (titles, axis labels, faction names) in the report's language, in a font that has the glyphs
  (:func:`font_for`): a CJK font when one is installed (``fonts-noto-cjk``), else English words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from sim.batch.reporting.intervals import MIN_CAMPAIGNS

#: Okabe & Ito (2008), black last
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
THIN_COLOUR = "#999999"
FORMATS = ("png", "svg")

#: font families with CJK glyphs; without one of them the plots' words stay English (no tofu boxes)
CJK_FONTS = ("Noto Sans CJK TC", "Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans TC", "Source Han Sans SC",
             "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Droid Sans Fallback", "AR PL UMing TW", "PingFang TC",
             "Microsoft JhengHei", "Microsoft YaHei")
_CJK: list[str | None] = []  # the font found, once a process


def colour(k: int) -> str:
    return PALETTE[k % len(PALETTE)]


def cjk_font() -> str | None:
    """An installed font family with CJK glyphs, or None. Fonts installed after matplotlib built its cache
    (e.g. ``apt-get install fonts-noto-cjk``) are found among the system fonts and added."""
    if _CJK:
        return _CJK[0]
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    found = next((name for name in CJK_FONTS if name in names), None)
    if found is None:
        for path in font_manager.findSystemFonts():
            if "CJK" in path and "Sans" in path and "Mono" not in path:
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        names = {f.name for f in font_manager.fontManager.ttflist}
        found = next((name for name in CJK_FONTS if name in names), None)
    _CJK.append(found)
    return found


def plot_lang(lang: str | None) -> str | None:
    """The language a plot's words can be drawn in: ``lang``, or English when it needs CJK glyphs and no font
    has them."""
    if lang in (None, "en"):
        return lang
    return lang if cjk_font() else "en"


def font_for(lang: str | None) -> dict[str, Any]:
    """Text keyword arguments for words in ``lang`` (a CJK family for zh-*)."""
    if lang in (None, "en"):
        return {}
    font = cjk_font()
    return {"fontfamily": [font, "DejaVu Sans"]} if font else {}


def new_figure(width: float = 7, height: float = 4, lang: str | None = None):
    """A figure of ``width`` x ``height`` inches at 100 dpi on its own Agg canvas (words in ``lang``'s font)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    figure.sim_font = font_for(lang)  # read by the helpers below
    return figure


def titled(axes, title: str, xlabel: str | None = None, ylabel: str | None = None) -> None:
    """Set the title and axis labels in the figure's font."""
    font = getattr(axes.figure, "sim_font", {})
    axes.set_title(title, **font)
    if xlabel is not None:
        axes.set_xlabel(xlabel, **font)
    if ylabel is not None:
        axes.set_ylabel(ylabel, **font)


def outside_legend(axes, **kwargs: Any) -> None:
    """A legend to the right of the axes, outside the data."""
    font = getattr(axes.figure, "sim_font", {})
    handles, labels = axes.get_legend_handles_labels()
    if handles:
        prop = {"size": 7, **({"family": font["fontfamily"]} if font else {})}
        axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, prop=prop, **kwargs)


def band_plot(axes, x: Sequence[float], mean: Sequence[float], ci: Sequence[Sequence[float]], n: Sequence[int],
              colour_: str, label: str, style: str = "-") -> None:
    """Means with their 95% band; points on fewer than MIN_CAMPAIGNS campaigns grey, hollow and bandless."""
    solid = [k for k, count in enumerate(n) if count >= MIN_CAMPAIGNS]
    thin = [k for k, count in enumerate(n) if count < MIN_CAMPAIGNS]
    xs = [x[k] for k in solid]
    axes.plot(xs, [mean[k] for k in solid], style, marker="o", markersize=3, color=colour_, label=label)
    if solid:
        axes.fill_between(xs, [ci[k][0] for k in solid], [ci[k][1] for k in solid], color=colour_, alpha=0.18,
                          linewidth=0)
    if thin:  # one legend entry for every thin point of the axes
        first = not getattr(axes, "sim_thin_shown", False)
        axes.sim_thin_shown = True
        axes.plot([x[k] for k in thin], [mean[k] for k in thin], linestyle="none", marker="o", markersize=4,
                  markerfacecolor="none", color=THIN_COLOUR,
                  label=f"n < {MIN_CAMPAIGNS} (no band)" if first else "_nolegend_")


def count_panel(axes, series: Sequence[tuple[str, Sequence[float], Sequence[int]]], ylabel: str) -> None:
    """How many campaigns each point rests on, per variant (a step line from 0), with the MIN_CAMPAIGNS line."""
    for k, (label, x, n) in enumerate(series):
        axes.step(x, n, where="mid", color=colour(k), linewidth=1.2, label=label)
    axes.axhline(MIN_CAMPAIGNS, color=THIN_COLOUR, linestyle=":", linewidth=1)
    axes.set_ylim(bottom=0)
    axes.set_ylabel(ylabel, fontsize=8, **getattr(axes.figure, "sim_font", {}))


def save_figure(figure, path: Path, fmt: str = "png") -> Path:
    """Lay the figure out and write it to ``path`` with the suffix of ``fmt`` (png or svg; its folder made if
    needed); returns the path written. SVGs carry no date and fixed ids, so the same data gives the same bytes."""
    from matplotlib import rc_context

    path = path.with_suffix("." + fmt)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    if fmt == "svg":
        with rc_context({"svg.hashsalt": "sim", "svg.fonttype": "path"}):
            figure.savefig(path, format="svg", metadata={"Date": None})
    else:
        figure.savefig(path, format="png", metadata={"Software": None})
    return path
