"""The error of loop transformations (no heavy imports: the CLI loads it at start-up)."""

from __future__ import annotations

from ...ir.core import Operation


class TransformError(ValueError):
    """Bad parameters or a program shape a primitive does not handle; ``op``
    locates the message."""

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.op = op
