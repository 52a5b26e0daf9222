"""The identity element of each integer combining op (``x op id == x``),
as the reductions that start from it need (lower-affine's
``affine.parallel`` reductions, the parallel runtime's partial results)."""

from __future__ import annotations

from .arithmetic import AddIOp, AndIOp, MaxSIOp, MaxUIOp, MinSIOp, MinUIOp, MulIOp, OrIOp, XOrIOp

__all__ = ["int_identity"]


def int_identity(combine: type, width: int) -> int | None:
    """The identity of the op class ``combine`` on ``width``-bit integers
    (signed value; -1 is all ones), or None when it has none here."""
    identities: dict[type, int] = {
        AddIOp: 0,
        MulIOp: 1,
        OrIOp: 0,
        XOrIOp: 0,
        AndIOp: -1,
        MaxSIOp: -(1 << (width - 1)),
        MinSIOp: (1 << (width - 1)) - 1,
        MaxUIOp: 0,
        MinUIOp: -1,
    }
    return identities.get(combine)
