"""What a user sees while a study runs: a rich progress bar and the best so far.

    with Display(total) as show:
        run(..., on_update=show)

One line of counts (done, pruned, failed), the best median time with its
speed-up over the untransformed program and over ``optimize``, and the
best trace under the bar. Without a terminal rich prints plainly.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console, Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from .study import Stats

__all__ = ["Display", "summary"]


def _ms(t: float | None) -> str:
    return "-" if t is None else f"{t * 1e3:.3f} ms"


def _x(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}x"


def summary(st: Stats) -> str:
    """One line: counts, best time and its speed-ups (and, after the
    closing contest, how the result was picked)."""
    line = (
        f"complete {st.complete}  pruned {st.pruned}  failed {st.failed}  best {_ms(st.best)}  "
        f"vs plain {_x(st.speedup(st.plain))}  vs optimize {_x(st.speedup(st.optimized))}"
    )
    return f"{line}\nresult: {st.final}" if st.final else line


class Display:
    """A live progress bar fed ``Stats`` (call it as ``on_update``)."""

    def __init__(self, total: int, console: Console | None = None):
        self.console = console or Console(stderr=True)
        self.progress = Progress(
            TextColumn("tuning"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[line]}"),
            console=self.console,
        )
        self.task = self.progress.add_task("tune", total=total, line="")
        self.best = Text("")
        self.last: Stats | None = None
        self.live = Live(Group(self.progress, self.best), console=self.console, refresh_per_second=4)

    def __call__(self, st: Stats) -> None:
        self.last = st
        self.progress.update(self.task, completed=st.done, line=summary(st))
        self.best.plain = f"best trace: {st.best_trace or '(untransformed)'}"

    def __enter__(self) -> Display:
        self.live.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.live.__exit__(kind, value, tb)
        self.console.print()  # what follows starts on a line of its own
