"""Issue 32: plots a designer trusts, read from the matplotlib artists (not pixels), and survival as survival.

Kaplan–Meier with Greenwood against a hand-computed example; a real starter batch of two variants whose plots
show every variant, n beneath every series, no band below a count's zero, names not ids, words in the chosen
language; no single-bar chart; SVG output.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from sim.batch import plan
from sim.batch.reporting import figures, report, survival_report
from sim.blades.views import city_report
from sim.batch.reporting.intervals import MIN_CAMPAIGNS
from sim.batch.runner import run_batch
from sim.batch.reporting.survival import kaplan_meier, log_log_interval, survival_at
from sim.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
STARTER = str(ROOT / "scenarios" / "starter.yaml")


def test_kaplan_meier_and_greenwood_by_hand():
    """Six subjects: events at 1, 2, 3, 4; censored at 2 and 4.

    S(1) = 5/6, S(2) = 5/6 * 4/5 = 2/3, S(3) = 2/3 * 2/3 = 4/9, S(4) = 4/9 * 1/2 = 2/9;
    Greenwood sums 1/30, + 1/20, + 1/6, + 1/2."""
    curve = kaplan_meier([1, 2, 2, 3, 4, 4], [True, True, False, True, False, True])
    assert curve["time"] == [0, 1, 2, 3, 4] and curve["at_risk"] == [6, 6, 5, 3, 2]
    assert curve["events"] == [0, 1, 1, 1, 1] and curve["censored"] == [0, 0, 1, 0, 1]
    assert curve["survival"] == pytest.approx([1, 5 / 6, 2 / 3, 4 / 9, 2 / 9])
    sums = [1 / 30, 1 / 30 + 1 / 20, 1 / 30 + 1 / 20 + 1 / 6, 1 / 30 + 1 / 20 + 1 / 6 + 1 / 2]
    for k, (s, g) in enumerate(zip(curve["survival"][1:], sums), start=1):
        lo, hi = curve["ci95"][k]
        assert lo < s < hi and 0 <= lo and hi <= 1
        assert [lo, hi] == pytest.approx(log_log_interval(s, g))
        # the log-log interval is exp(-exp(log(-log S) ± z se)), se = sqrt(g) / |log S|
        se = math.sqrt(g) / abs(math.log(s))
        assert lo == pytest.approx(math.exp(-math.exp(math.log(-math.log(s)) + 1.959963984540054 * se)))
    assert survival_at(curve, 2) == pytest.approx(2 / 3) and survival_at(curve, 0) == 1.0


def test_no_events_means_survival_one_with_no_width():
    curve = kaplan_meier([3, 3, 3], [False, False, False])
    assert curve["survival"] == [1.0, 1.0] and curve["ci95"][-1] == [1.0, 1.0]


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """A two-variant starter batch whose report's figures are kept (save_figure captured)."""
    saved: dict[str, object] = {}
    real = figures.save_figure

    def capture(figure, path, fmt="png"):
        saved[Path(path).name] = figure
        return real(figure, path, fmt)

    out = tmp_path_factory.mktemp("figs") / "out"
    mp = pytest.MonkeyPatch()
    for module in (report, city_report, survival_report):
        mp.setattr(module, "save_figure", capture)
    try:
        result = run_batch(STARTER, get_system("blades").batch_game(), 24, workers=1, out=out, chunk_size=12,
                           journals=0, sweep=plan.parse_sweep(["faction_clock_size=4,8"]), seed=5)
    finally:
        mp.undo()
    return result, saved


def _bands(axes):
    """(lowest y of every fill_between band) of an axes."""
    from matplotlib.collections import PolyCollection

    return [c.get_paths()[0].vertices[:, 1].min() for c in axes.collections
            if isinstance(c, PolyCollection) and c.get_paths()]


def test_series_bands_never_go_below_zero_and_n_is_drawn_beneath(drawn):
    result, saved = drawn
    for name in ("coin", "heat", "survival", "stress_active", "trauma"):
        figure = saved[name]
        half = len(figure.axes) // 2  # the means' row, then the n row (heat: a column per variant)
        tops, bottoms = figure.axes[:half], figure.axes[half:]
        for top in tops:
            assert min(_bands(top)) >= 0, name
            assert top.get_ylim()[0] == 0  # counts from zero
        n_lines = [line for below in bottoms for line in below.get_lines() if len(line.get_xdata()) > 2]
        assert len(n_lines) == 2  # one n line per variant
        series = result.summary["variants"][0]["series"]["coin"]
        assert list(n_lines[0].get_ydata()) == series["n"]
        for below in bottoms:  # the threshold drawn
            assert any(list(line.get_ydata()) == [MIN_CAMPAIGNS] * 2 for line in below.get_lines())
    assert len(saved["heat"].axes) == 4  # heat and wanted, two variants: small multiples


def test_every_city_plot_exists_for_every_variant_with_names_not_ids(drawn):
    result, saved = drawn
    for key, label in (("v0", "faction_clock_size=4"), ("v1", "faction_clock_size=8")):
        for plot in ("city_wars", "city_status", "city_tiers", "city_clocks"):
            figure = saved[f"{plot}_{key}"]
            assert label in figure.axes[0].get_title(), plot
            assert (result.out / "plots" / f"{plot}_{key}.png").is_file()
        ticks = [t.get_text() for t in saved[f"city_status_{key}"].axes[0].get_yticklabels()]
        assert "The Hive" in ticks and "hive" not in ticks
    report_text = (result.out / "report.md").read_text(encoding="utf-8")
    assert "plots/city_status_v1.png" in report_text and "The crew beside the city" in report_text


def test_faction_goals_has_error_bars_per_variant_and_a_legend_outside(drawn):
    _, saved = drawn
    figure = saved["faction_goals"]
    axes = figure.axes[0]
    from matplotlib.container import BarContainer

    bars = [c for c in axes.containers if isinstance(c, BarContainer)]
    assert len(bars) == 2  # one bar container per variant, each with its error bars
    assert all(c.errorbar is not None for c in bars)
    for container in bars:  # no error bar below zero goals
        segments = container.errorbar.lines[2][0].get_segments()
        assert min(seg[:, 0].min() for seg in segments) >= 0
    legend = axes.get_legend()
    assert legend is not None and legend.get_bbox_to_anchor().x0 > axes.get_window_extent().x1 - 1
    assert "n = 24" in legend.get_texts()[0].get_text()


def test_crew_survival_is_kaplan_meier_from_one_down(drawn):
    result, saved = drawn
    axes = saved["crew_survival"].axes[0]
    steps = [line for line in axes.get_lines() if line.get_drawstyle().startswith("steps")]
    assert len(steps) == 2 and steps[0].get_ydata()[0] == 1.0
    assert axes.get_ylim()[0] == 0 and min(_bands(axes)) >= 0


def test_no_single_bar_chart(tmp_path):
    import pyarrow as pa

    assert not report.plot_distribution({"a": pa.array(["scores"] * 5)}, "end", "t", tmp_path / "end")
    assert not (tmp_path / "end.png").exists()


def test_words_in_the_chosen_language_and_svg(tmp_path):
    if figures.cjk_font() is None:
        pytest.skip("no CJK font installed (apt-get install fonts-noto-cjk)")
    summary = {"variants": [{"variant": "base", "campaigns": 30, "aggregates": {
        "faction_goals_hive": {"mean": 1.0, "ci95": [0.5, 1.5]}}}]}
    captured = {}
    real = figures.save_figure

    def capture(figure, path, fmt="png"):
        captured["figure"] = figure
        return real(figure, path, fmt)

    mp = pytest.MonkeyPatch()
    mp.setattr(report, "save_figure", capture)
    try:
        assert report.plot_faction_goals(summary, ["hive"], tmp_path / "g", "zh-Hant", "svg") == ["蜂巢"]
    finally:
        mp.undo()
    axes = captured["figure"].axes[0]
    assert axes.get_title() == "每場戰役各派系達成的目標" and "目標" in axes.get_xlabel()
    svg = (tmp_path / "g.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "<svg" in svg
    report.plot_faction_goals(summary, ["hive"], tmp_path / "h", "zh-Hant", "svg")
    assert (tmp_path / "h.svg").read_bytes() == (tmp_path / "g.svg").read_bytes()  # no date, fixed ids


def test_scoundrel_risk_sets_count_recruits_late_and_censor_at_a_campaigns_end():
    """Campaign 0: four scoundrels; one dies in score 2 and a recruit joins after it; one retires in score 3.
    Campaign 1: three scoundrels, one dies in score 1 (no recruit), the campaign ends after score 2.

    Score 1: at risk 4 + 3, 1 out; score 2: 4 + 2, 1 out; score 3: 4 (3 + the recruit), 1 out."""
    from sim.batch.reporting.survival import product_limit, scoundrel_risk_sets

    rows = [(0, 1, 4, 0, 0), (0, 2, 5, 1, 1), (0, 3, 5, 2, 1),
            (1, 1, 3, 1, 0), (1, 2, 3, 1, 0)]
    scores, at_risk, out = scoundrel_risk_sets(rows)
    assert (scores, at_risk, out) == ([1, 2, 3], [7, 6, 4], [1, 1, 1])
    curve = product_limit(scores, at_risk, out)
    assert curve["survival"] == pytest.approx([1, 6 / 7, 6 / 7 * 5 / 6, 6 / 7 * 5 / 6 * 3 / 4])
    assert all(lo <= s <= hi for s, (lo, hi) in zip(curve["survival"], curve["ci95"]))


def test_the_report_draws_scoundrel_survival_for_every_variant(drawn):
    result, saved = drawn
    axes = saved["scoundrel_survival"].axes[0]
    steps = [line for line in axes.get_lines() if line.get_drawstyle().startswith("steps")]
    assert len(steps) == 2 and all(line.get_ydata()[0] == 1.0 for line in steps)
    assert min(_bands(axes)) >= 0 and axes.get_ylim()[0] == 0
    assert "plots/scoundrel_survival.png" in (result.out / "report.md").read_text(encoding="utf-8")
