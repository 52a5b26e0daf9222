"""Declarations of the schedule-changing primitives: skew (a unimodular
matrix), shift (retime a statement) and apply_schedule (isl maps)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, check_kind, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator, Sequence

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

# A[i][j] = A[i-1][j+1]: distance (1, -1); tiling needs a skew of j by i first.
SKEWED = """func.func @k(%A: memref<20x20xf64>) {
  affine.for %i = 1 to 19 {
    affine.for %j = 1 to 19 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<20x20xf64>
      affine.store %a, %A[%i, %j] : memref<20x20xf64>
    }
  }
  return
}
"""


def skew_from_hint(names: Sequence[str], hint: str) -> list[list[int]] | None:
    """The matrix a refusal's hint names ("skew j by i first (factor 2)")
    for the band ``names``, None when the hint names no skew of it."""
    words = hint.split()
    if not hint.startswith("skew ") or len(words) < 4 or len(names) < 2:
        return None
    inner, outer = words[1], words[3]
    factor = int(hint.split("factor ")[1].rstrip(")")) if "factor" in hint else 1
    if inner not in names or outer not in names:
        return None
    n = len(names)
    matrix = [[int(r == c) for c in range(n)] for r in range(n)]
    matrix[list(names).index(inner)][list(names).index(outer)] = factor
    return matrix


def _matrix(v: Any) -> list[list[int]]:
    from .. import skew as SK  # start-up time

    rows = SK.parse_matrix(v) if isinstance(v, str) else v
    return check_kind("skew", Param("matrix", "matrix"), rows)


def _skew_verdict(c: Call) -> Verdict:
    from .. import skew as SK  # start-up time

    return SK.skew_verdict(c.model, c.loops, c.params["matrix"])


def _skew_apply(c: Call) -> object:
    from .. import skew as SK  # start-up time

    return SK.skew(c.model, c.loops, c.params["matrix"])


def _skews(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    """Only when searching exhaustively: skew each loop of a band by each outer one."""
    assert lp is not None
    band = s.band_from(lp)
    if not exhaustive or len(band) < 2:
        return
    n = len(band)
    for outer in range(n):
        for inner in range(outer + 1, n):
            m = [[int(r == c) for c in range(n)] for r in range(n)]
            m[inner][outer] = 1
            yield band, {"matrix": m}


def _skew_hinted(s: Schedule, option: Any, hint: str) -> Iterator[Candidate]:
    """A tiling or permutation refused with "skew j by i first": that skew."""
    m = skew_from_hint(option.loops, hint)
    if m is not None:
        yield s.loops(*option.loops), {"matrix": m}


declare(
    Primitive(
        "skew",
        "apply a unimodular matrix to a perfectly nested band (new dims = matrix x old dims)",
        Loops("band", flag=Flag("--loops", "a perfectly nested band, outermost first: t,i", {"required": True})),
        (
            Param(
                "matrix",
                "matrix",
                domain=Domain(rule="unimodular (an integer matrix, determinant 1 or -1), one row per loop"),
                doc="the matrix, as rows or '1,0;1,1'",
                coerce=_matrix,
                flag=Flag("--matrix", "a unimodular matrix, rows separated by ';': '1,0;1,1'", {"required": True}),
            ),
        ),
        _skew_verdict,
        _skew_apply,
        candidates=_skews,
        from_hint=_skew_hinted,
        example=Example(
            SKEWED,
            "k",
            (
                {"op": "skew", "loops": ["i", "j"], "matrix": [[1, 0], [1, 1]]},
                {"op": "tile", "loops": ["i", "j"], "sizes": [4, 4]},
            ),
        ),
    )
)


def _shift_verdict(c: Call) -> Verdict:
    from .. import skew as SK  # start-up time

    return SK.shift_verdict(c.model, c.params["statement"], c.loops[0], c.params["amount"])


def _shift_apply(c: Call) -> object:
    from .. import skew as SK  # start-up time

    return SK.shift(c.model, c.params["statement"], c.loops[0], c.params["amount"])


# S1 reads what S0 wrote in the same iteration: running S1 one iteration later is legal.
TWO_STATEMENTS = """func.func @k(%A: memref<16xf64>, %B: memref<16xf64>, %C: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %B[%i] : memref<16xf64>
    %b = affine.load %B[%i] : memref<16xf64>
    affine.store %b, %C[%i] : memref<16xf64>
  }
  return
}
"""

declare(
    Primitive(
        "shift",
        "retime compound statement ``statement`` (``S1``) by ``amount`` iterations of ``loop``",
        Loops("loop", "loop", keyword=True),
        (
            Param("statement", "str", doc="the compound statement, S0, S1, ..."),
            # not searched: retiming alone changes no locality (a fusion's shifts are searched with it)
            Param(
                "amount",
                "int",
                domain=Domain(choices=(-2, -1, 1, 2), typical=1, search=()),
                doc="iterations to shift by",
            ),
        ),
        _shift_verdict,
        _shift_apply,
        example=Example(TWO_STATEMENTS, "k", ({"op": "shift", "loops": ["i"], "statement": "S1", "amount": 1},)),
    )
)


def _schedule_verdict(c: Call) -> Verdict:
    from .. import schedule_apply as SA  # start-up time

    return SA.apply_schedule_verdict(c.model, c.params["schedule_text"])


def _schedule_apply(c: Call) -> object:
    from .. import schedule_apply as SA  # start-up time

    return SA.apply_schedule(c.model, c.params["schedule_text"])


declare(
    Primitive(
        "apply_schedule",
        "run the compound statements in the order of an isl map per statement (``{ S0[i, j, k] -> [i, k, j] }``)",
        Loops("none"),
        (Param("schedule_text", "str", key="schedule", doc="an isl map per statement"),),
        _schedule_verdict,
        _schedule_apply,
        example=Example(
            SKEWED.replace("%i - 1, %j + 1", "%i - 1, %j"),
            "k",
            ({"op": "apply_schedule", "schedule": "{ S0[i, j] -> [j, i] }"},),
        ),
    )
)
