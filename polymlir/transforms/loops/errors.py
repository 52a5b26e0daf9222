"""The errors of loop transformations (no heavy imports: the CLI loads them at start-up)."""

from __future__ import annotations

from ...ir.core import Operation


class TransformError(ValueError):
    """Bad parameters or a program shape a primitive does not handle; ``op``
    locates the message."""

    def __init__(self, message: str, op: Operation | None = None):
        super().__init__(message)
        self.op = op


class ArgumentError(TransformError):
    """A bad argument to a schedule primitive: an unknown or ambiguous loop, a
    parameter of the wrong type or outside its domain (a tile size 4.5, a
    string where a list of loops is expected). Scripts catch this one type;
    a legal-but-refused transformation is a ``Verdict`` instead."""


class PartialTilingWarning(UserWarning):
    """Tiling did less than asked (``Schedule.tile_nests``, ``polymlir tile``
    without ``--loops``): loops of a nest were left untiled, or tile sizes went
    unused. Issued with ``warnings.warn``; ``op`` locates it, ``left`` names
    the loops left alone, ``hint`` says how to tile them. With ``strict=True``
    the same shortfall is a refused ``Verdict`` instead, the IR unchanged."""

    def __init__(self, message: str, op: Operation | None = None, left: list[str] | None = None, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.op = op
        self.left = list(left or [])
        self.hint = hint
