"""Pictures of schedules (matplotlib, the optional ``[plot]`` extra):
``show(text, loops=["i", "j"], trace=...)`` returns a Figure of a nest's
iteration domain, dependences and tiles, before and after a trace."""

from __future__ import annotations

from .schedule_plot import MISSING_MATPLOTLIB, MissingMatplotlib, draw_schedule, save, show

__all__ = ["MISSING_MATPLOTLIB", "MissingMatplotlib", "draw_schedule", "save", "show"]
