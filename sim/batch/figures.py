"""Matplotlib figures for batch reports, drawn off-screen (the Agg canvas) and saved as PNG: one way for every
report section (:mod:`sim.batch.report`, :mod:`sim.blades.views.city_report`). Matplotlib is imported when a figure is
made, never at import time."""

from __future__ import annotations

from pathlib import Path


def new_figure(width: float = 7, height: float = 4):
    """A figure of ``width`` x ``height`` inches at 100 dpi on its own Agg canvas."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    return figure


def save_figure(figure, path: Path) -> None:
    """Lay the figure out and write it to ``path`` as PNG (its folder made if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.savefig(path, format="png")
