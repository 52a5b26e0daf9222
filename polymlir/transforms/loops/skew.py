"""Skewing (any unimodular transformation of a band) and shifting (retiming
one statement), regenerated through isl's AST builder.

A unimodular matrix ``M`` (integer, determinant +-1) applied to a band of
perfectly nested loops ``(l0, ..., ln)`` gives new loops ``M * (l0 .. ln)``:
``'1,0;1,1'`` on ``(t, i)`` runs ``(t, t + i)``, the skew that makes a
Jacobi/Seidel nest tileable. A shift retimes one compound statement by a
constant along one of its loops (iteration ``i`` of the statement runs at
time ``i + amount``), the other statements keeping theirs.

Both build new schedule vectors from the 2d+1 ones, decide legality exactly
(``schedules.check``: every memory dependence still runs source before
sink), and regenerate the whole loop nest with ``ast_codegen``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ...affine.carried import describe_access
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, analyze, op_loc
from ...affine.schedules import Vector, band_slice, base_vector, check, loop_name, schedule_maps, transform_band
from ...affine.statements import NotCompound, Unit, compound_statements
from ...dialects.func import FuncOp
from ...ir.affine_expr import AffineExpr
from ...ir.core import Operation
from ..passes.manager import ModulePass, PassContext, PassError, register_pass
from .ast_codegen import nest_of, origins_from_vectors, regenerate, top_level_op
from .demote_carried import demoted_apply, demoted_verdict, has_carried
from .errors import ArgumentError
from .loop_utils import TransformError, perfect_band_problem
from .tile import model_problem, names

Matrix = list[list[int]]


def parse_matrix(matrix: str | Sequence[Sequence[int]]) -> Matrix:
    """``'1,0;1,1'`` (rows separated by ``;``) or a list of rows."""
    if isinstance(matrix, str):
        try:
            rows = [[int(x) for x in row.split(",")] for row in matrix.replace(" ", "").split(";") if row]
        except ValueError:
            raise ArgumentError(f"matrix '{matrix}' is not rows of integers like '1,0;1,1'") from None
    else:
        rows = [[int(x) for x in row] for row in matrix]
    return rows


def determinant(m: Matrix) -> int:
    a = [[Fraction(x) for x in row] for row in m]
    n = len(a)
    det = Fraction(1)
    for c in range(n):
        p = next((r for r in range(c, n) if a[r][c] != 0), None)
        if p is None:
            return 0
        if p != c:
            a[c], a[p] = a[p], a[c]
            det = -det
        det *= a[c][c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return int(det)


def check_matrix(band: Sequence[Loop], m: Matrix) -> None:
    n = len(band)
    if n == 0:
        raise ArgumentError("skew needs at least one loop")
    if len(m) != n or any(len(row) != n for row in m):
        raise ArgumentError(f"the matrix must be {n}x{n} for the {n} loops {names(band)}, got {_shape(m)}", band[0].op)
    det = determinant(m)
    if abs(det) != 1:
        raise ArgumentError(
            f"the matrix {_mtext(m)} is not unimodular (determinant {det}); skewing needs "
            "an integer matrix with determinant 1 or -1",
            band[0].op,
        )


def _shape(m: Matrix) -> str:
    """``3x2``, or the rows' lengths when they differ (``2 rows of 2 and 1 entries``)."""
    lengths = [len(row) for row in m]
    if len(set(lengths)) <= 1:
        return f"{len(m)}x{lengths[0] if m else 0}"
    return f"{len(m)} rows of {', '.join(str(x) for x in lengths[:-1])} and {lengths[-1]} entries"


def _mtext(m: Matrix) -> str:
    return "'" + ";".join(",".join(str(x) for x in row) for row in m) + "'"


def _units(model: PolyhedralModel, what: str, op: Operation | None) -> list[Unit] | Verdict:
    try:
        return compound_statements(model)
    except NotCompound as e:
        return Verdict(False, f"cannot {what}: {e.reason}", op=e.op or op)


def _skew_vectors(units: Sequence[Unit], band: Sequence[Loop], m: Matrix) -> dict[str, Vector]:
    vectors = {u.name: base_vector(u) for u in units}

    def fn(_u: Unit, ivs: list) -> list:
        out = []
        for row in m:
            e = ivs[0] * 0
            for c, iv in zip(row, ivs, strict=True):
                if c:
                    e = e + iv * c
            out.append(e)
        return out

    return transform_band(units, vectors, band, fn)


def skew_verdict(model: PolyhedralModel, loops: Sequence[Loop], matrix: str | Sequence[Sequence[int]]) -> Verdict:
    """Whether the band ``loops`` (outermost first) may run in the order of
    ``M * loops``."""
    m = parse_matrix(matrix)
    check_matrix(loops, m)
    what = f"skew loops {names(loops)} by {_mtext(m)}"
    if has_carried(model):
        problem = _carried_band(loops)
        if problem is not None:
            return Verdict(False, f"cannot {what}: {problem}", op=loops[0].op)
        return demoted_verdict(model, loops, what, lambda dm, band: skew_verdict(dm, band, m))
    bad = model_problem(model, loops, what)
    if bad is not None:
        return bad
    problem = perfect_band_problem(loops)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=loops[0].op)
    units = _units(model, what, loops[0].op)
    if isinstance(units, Verdict):
        return units
    new = _skew_vectors(units, loops, m)
    return check(model, units, schedule_maps(units, new, model.param_names), what, loops)


def skew(model: PolyhedralModel, loops: Sequence[Loop], matrix: str | Sequence[Sequence[int]]) -> list[Operation]:
    """Apply the skew (after a legal verdict): the nest holding ``loops``
    is regenerated; the new band loops keep the old loops' names in order.
    Returns the new top-level ops."""
    m = parse_matrix(matrix)
    check_matrix(loops, m)
    if has_carried(model):
        problem = _carried_band(loops)
        if problem is not None:
            raise TransformError(f"cannot skew loops {names(loops)}: {problem}", loops[0].op)
        return demoted_apply(model, loops, f"skew loops {names(loops)}", lambda dm, band: skew(dm, band, m))
    problem = perfect_band_problem(loops)
    if problem is not None:
        raise TransformError(f"cannot skew loops {names(loops)}: {problem}", loops[0].op)
    units = compound_statements(model)
    vectors = _skew_vectors(units, loops, m)
    nest = top_level_op(model, loops[0].op)
    origins = origins_from_vectors(units, vectors)
    sl = band_slice(loops)
    assert sl.start is not None
    for u in units:
        if loops[-1] in u.loops:
            row = origins[u.name]
            for r, lp in enumerate(loops):
                row[sl.start + r] = (loop_name(lp), lp.op.loc)
    return _regenerate_nest(model, units, vectors, [nest], origins)


def _carried_band(loops: Sequence[Loop]) -> str | None:
    """Why a band of several loops with one carrying values cannot be
    skewed: kept in memory, the carried value's initial store and final load
    sit between the band's loops (None when no band loop carries values)."""
    if len(loops) < 2:
        return None
    for lp in loops:
        if lp.iter_args:
            return (
                f"loop {loop_name(lp)} at {lp.loc} carries values (iter_args), whose initial values and "
                "results sit between the loops of the band (an imperfect band)"
            )
    return None


def _regenerate_nest(
    model: PolyhedralModel, units: Sequence[Unit], vectors: dict[str, Vector], nests: list[Operation], origins
) -> list[Operation]:
    inside = [u for u in units if nest_of(model, u) in nests]
    maps = schedule_maps(inside, {u.name: vectors[u.name] for u in inside}, model.param_names)
    return regenerate(model, inside, maps, nests, origins)


# -- shift --------------------------------------------------------------------------------


def find_unit(units: Sequence[Unit], unit: str | Operation | Unit) -> Unit:
    """A compound statement by name (``S1``), by its store op, or itself."""
    if isinstance(unit, Unit):
        return unit
    for u in units:
        if (isinstance(unit, str) and u.name == unit) or u.op is unit:
            return u
    known = ", ".join(f"{u.name} ({describe_access(u.op)})" for u in units) or "none"
    what = unit if isinstance(unit, str) else f"{unit.name} at {op_loc(unit)}"
    raise TransformError(f"no statement {what} (statements: {known})", unit if isinstance(unit, Operation) else None)


def _shift_setup(
    model: PolyhedralModel,
    unit: str | Operation | Unit,
    loop: Loop,
    amount: int,
) -> tuple[str, list[Unit] | Verdict, Unit | None]:
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise TransformError(f"shift amount must be an integer, got {amount!r}", loop.op)
    what = f"shift along loop {loop_name(loop)} by {amount}"
    bad = model_problem(model, [loop], what)
    if bad is not None:
        return what, bad, None
    units = _units(model, what, loop.op)
    if isinstance(units, Verdict):
        return what, units, None
    u = find_unit(units, unit)
    if loop not in u.loops:
        raise TransformError(
            f"statement {u.name} ({describe_access(u.op)}) is not inside loop {loop_name(loop)} at {loop.loc}",
            loop.op,
        )
    what = f"shift statement {u.name} ({describe_access(u.op)}) by {amount} along loop {loop_name(loop)}"
    return what, units, u


def _shift_vectors(units: Sequence[Unit], u: Unit, loop: Loop, amount: int) -> dict[str, Vector]:
    vectors = {x.name: base_vector(x) for x in units}
    vec = list(vectors[u.name])
    k = 2 * loop.depth + 1
    entry = vec[k]
    assert isinstance(entry, AffineExpr), "a base vector holds affine expressions"
    vec[k] = entry + amount
    vectors[u.name] = vec
    return vectors


def shift_verdict(model: PolyhedralModel, unit: str | Operation | Unit, loop: Loop, amount: int) -> Verdict:
    """Whether iteration ``i`` of ``unit``'s ``loop`` may run at ``i + amount``."""
    if has_carried(model):
        what = f"shift along loop {loop_name(loop)} by {amount}"
        return demoted_verdict(model, [loop], what, lambda dm, ls: shift_verdict(dm, unit, ls[0], amount))
    what, units, u = _shift_setup(model, unit, loop, amount)
    if isinstance(units, Verdict):
        return units
    assert u is not None
    new = _shift_vectors(units, u, loop, amount)
    return check(model, units, schedule_maps(units, new, model.param_names), what, [loop])


def shift(model: PolyhedralModel, unit: str | Operation | Unit, loop: Loop, amount: int) -> list[Operation]:
    """Apply the shift (after a legal verdict); returns the new top-level ops
    of the regenerated nest."""
    if has_carried(model):
        what = f"shift along loop {loop_name(loop)} by {amount}"
        return demoted_apply(model, [loop], what, lambda dm, ls: shift(dm, unit, ls[0], amount))
    what, units, u = _shift_setup(model, unit, loop, amount)
    if isinstance(units, Verdict):
        raise TransformError(units.reason, loop.op)
    assert u is not None
    vectors = _shift_vectors(units, u, loop, amount)
    nest = top_level_op(model, loop.op)
    return _regenerate_nest(model, units, vectors, [nest], origins_from_vectors(units, vectors))


# -- test passes (upstream's test-* style: FileCheck tests drive the primitives) -----------------


def _loops_named(model: PolyhedralModel, names_: Sequence[str]) -> list[Loop]:
    out = []
    for n in names_:
        hits = [lp for lp in model.loops if loop_name(lp) == n]
        if len(hits) != 1:
            raise TransformError(f"{'no' if not hits else 'more than one'} loop named '{n}'")
        out.append(hits[0])
    return out


def _functions(op: Operation) -> list[Operation]:
    return [f for f in op.walk(post_order=False) if isinstance(f, FuncOp) and f.regions and f.regions[0].blocks]


@register_pass
@dataclass(frozen=True)
class TestLoopSkew(ModulePass):
    """Skew the band ``loops`` (source names) of each function by
    ``matrix`` (row-major); a remark where refused."""

    name: ClassVar[str] = "test-loop-skew"
    loops: tuple[str, ...] = ()
    matrix: tuple[int, ...] = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        n = len(self.loops)
        if n == 0 or len(self.matrix) != n * n:
            raise PassError(f"test-loop-skew needs loops and a {n}x{n} matrix")
        rows = [list(self.matrix[r * n : (r + 1) * n]) for r in range(n)]
        for f in _functions(op):
            model = analyze(f)
            try:
                band = _loops_named(model, self.loops)
                v = skew_verdict(model, band, rows)
            except TransformError as e:
                raise PassError(str(e), e.op.loc if e.op is not None else None) from None
            if not v.ok:
                ctx.missed(band[0].op, f"not skewed: {v}")
                continue
            skew(model, band, rows)


@register_pass
@dataclass(frozen=True)
class TestLoopShift(ModulePass):
    """Shift compound statement ``statement`` by ``amount`` along ``loop``."""

    name: ClassVar[str] = "test-loop-shift"
    statement: str = "S0"
    loop: str = ""
    amount: int = 0

    def run(self, op: Operation, ctx: PassContext) -> None:
        for f in _functions(op):
            model = analyze(f)
            try:
                (loop,) = _loops_named(model, [self.loop])
                v = shift_verdict(model, self.statement, loop, self.amount)
            except TransformError as e:
                raise PassError(str(e), e.op.loc if e.op is not None else None) from None
            if not v.ok:
                ctx.missed(loop.op, f"not shifted: {v}")
                continue
            shift(model, self.statement, loop, self.amount)
