"""Rectangular tiling of a band whose loops have code between them (an
imperfect nest), through the exact schedule check and isl's AST builder.

    for i { S0(i); for j { S1(i, j) }; S2(i) }     tiled by (Ti, Tj)

Every compound statement (``statements.py``) gets the band's tile indices
in front of its original 2d+1 slice, so that inside one tile the statements
keep their original order:

- along a band loop the statement is inside: ``floor((l - lb) / (T * step))``
  (``lb`` 0 when the loop's lower bound moves with another band loop, as
  for perfect bands, ``tile.py``);
- along the band loops it is not inside (``S0`` and ``S2`` are in ``i`` but
  not in ``j``): the tile that holds the *first* iteration of those loops
  when the statement comes before them in the body (``S0``), the tile of
  their *last* iteration when it comes after (``S2``). So ``S0(i)`` runs in
  the tile where the ``j`` loop of the same ``i`` starts, before any
  ``S1(i, j)``, and ``S2(i)`` in the tile where it ends, after every
  ``S1(i, j)``: every dependence between a statement and the inner loops
  of the same band iteration keeps its direction by construction (for
  rectangular inner loops, the first tile is tile 0).

Dependences across band iterations are what tiling may break; the whole
new schedule is decided by ``schedules.check`` (exactly, with isl). When
the natural ends break one, the other end is tried for the pinned
statements (a statement after the inner loop that feeds the next band
iteration may have to run with the first tile); if no choice is legal the
refusal names the dependence the natural one breaks. Perfect bands do not come here:
``tile.py`` rewrites them structurally, as upstream's affine-loop-tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import PinnedTile, Vector, base_vector, check, inside, loop_name, schedule_maps
from ...affine.statements import NotCompound, Unit, compound_statements
from ...dialects.affine import AffineForOp
from ...ir.affine_expr import const, dim
from ...ir.core import Operation
from .ast_codegen import DimOrigin, nest_of, origins_from_vectors, regenerate, top_level_op
from .demote_carried import demoted_apply, demoted_verdict, has_carried
from .loop_utils import TransformError
from .tile import check_sizes, model_problem, names


def chain_problem(band: Sequence[Loop]) -> str | None:
    """Why ``band`` is not a chain of directly nested affine.for loops
    (None when it is; ops between the loops are allowed, and so are values
    carried in iter_args: ``demote_carried.py`` keeps them in memory while
    the statements move)."""
    for loop in band:
        if not isinstance(loop.op, AffineForOp):
            return f"loop {loop_name(loop)} at {loop.loc} is not an affine.for"
    for a, b in zip(band, band[1:], strict=False):
        if b.parent is not a:
            return f"loops {loop_name(a)} and {loop_name(b)} are not directly nested"
    return None


def _moving(loop: Loop, depths: set[int]) -> bool:
    """Whether ``loop``'s lower bound moves with another band loop (its
    tiles then start at 0, as ``tile._tiled`` does)."""
    return any(e.is_function_of_dim(d) for e in loop.lbs for d in depths if d != loop.depth)


def _after(unit: Unit, parent: Loop, loop: Loop) -> bool:
    """Whether ``unit``'s store comes after ``loop`` in ``parent``'s body."""
    body = parent.op.regions[0].blocks[0]
    cur: Operation | None = unit.op
    while cur is not None and cur.parent is not body:
        cur = cur.parent_op
    assert cur is not None, "the unit is inside the parent loop"
    ops = body.operations
    return ops.index(cur) > ops.index(loop.op)


def tiled_vectors(
    units: Sequence[Unit], band: Sequence[Loop], sizes: Sequence[int], flipped: frozenset[str] = frozenset()
) -> dict[str, Vector]:
    """Each unit's schedule vector with the band's tile indices (own or
    pinned, see the module docstring) before its band slice; the units
    named in ``flipped`` are pinned to the other end (last for first)."""
    depths = {loop.depth for loop in band}
    start = 2 * band[0].depth + 1
    bounds = [(tuple(loop.lbs), tuple(loop.ubs), _moving(loop, depths)) for loop in band]
    out: dict[str, Vector] = {}
    for u in units:
        vec = base_vector(u)
        if not inside(u, band[0]):
            out[u.name] = vec
            continue
        m = next((r for r, loop in enumerate(band) if not inside(u, loop)), len(band))
        tiles: Vector = []
        for loop, size, (lbs, _ubs, moving) in zip(band[:m], sizes[:m], bounds[:m], strict=True):
            tiles.append((dim(loop.depth), [const(0)] if moving else list(lbs), size * loop.step))
        if m < len(band):
            last = _after(u, band[m - 1], band[m]) != (u.name in flipped)
            inner = tuple(bounds[m:])
            given = band[m - 1].depth + 1
            for r in range(m, len(band)):
                tiles.append(PinnedTile(given, inner, r - m, sizes[r] * band[r].step, last))
        out[u.name] = vec[:start] + tiles + vec[start:]
    return out


def _origins(units: Sequence[Unit], vectors: dict[str, Vector], band: Sequence[Loop]) -> dict[str, list[DimOrigin]]:
    origins = origins_from_vectors(units, vectors)
    start = 2 * band[0].depth + 1
    for u in units:
        if inside(u, band[0]):
            row = origins[u.name]
            for r, loop in enumerate(band):
                row[start + r] = (f"{loop_name(loop)}_tile", loop.op.loc)
    return origins


def _units(model: PolyhedralModel, band: Sequence[Loop], what: str) -> list[Unit] | Verdict:
    bad = model_problem(model, band, what)
    if bad is not None:
        return bad
    problem = chain_problem(band)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=band[0].op)
    try:
        return compound_statements(model)
    except NotCompound as e:
        return Verdict(False, f"cannot {what}: {e.reason}", op=e.op or band[0].op)


# Pinned statements whose ends are all tried when the natural ends fail:
# 2**3 - 1 more exact checks at most; beyond, one statement at a time.
_EXHAUSTIVE = 3


def _flip_sets(pinned: Sequence[str]) -> list[frozenset[str]]:
    if len(pinned) <= _EXHAUSTIVE:
        return [frozenset(c) for k in range(1, len(pinned) + 1) for c in combinations(pinned, k)]
    return [frozenset([p]) for p in pinned]


def _choose(
    model: PolyhedralModel, units: Sequence[Unit], band: Sequence[Loop], sizes: Sequence[int], what: str
) -> tuple[dict[str, Vector], Verdict]:
    """The vectors of the tiling and its verdict: the natural pins (first
    tile before the inner loops, last after them) when legal; else the
    first legal choice that moves pinned statements to the other end; else
    the natural pins' refusal, which names the dependence they break."""
    vectors = tiled_vectors(units, band, sizes)
    verdict = check(model, units, schedule_maps(units, vectors, model.param_names), what, band)
    if verdict.ok:
        return vectors, verdict
    pinned = [u.name for u in units if any(isinstance(e, PinnedTile) for e in vectors[u.name])]
    for flipped in _flip_sets(pinned):
        other = tiled_vectors(units, band, sizes, flipped)
        if check(model, units, schedule_maps(units, other, model.param_names), what, band).ok:
            moved = ", ".join(sorted(flipped))
            return other, Verdict.legal(
                f"{what} keeps every dependence with {moved} pinned to the other end of the inner loops"
            )
    return vectors, verdict


def tile_imperfect_verdict(model: PolyhedralModel, band: Sequence[Loop], sizes: Sequence[int]) -> Verdict:
    """Whether tiling the directly nested (perfectly or not) ``band`` by
    ``sizes``, with the statements between its loops pinned to tiles as
    the module docstring says, keeps every dependence."""
    check_sizes(band, sizes)
    what = f"tile loops {names(band)}"
    if has_carried(model):
        return demoted_verdict(model, band, what, lambda dm, b: tile_imperfect_verdict(dm, b, sizes))
    units = _units(model, band, what)
    if isinstance(units, Verdict):
        return units
    return _choose(model, units, band, sizes, what)[1]


def tile_imperfect(model: PolyhedralModel, band: Sequence[Loop], sizes: Sequence[int]) -> list[Operation]:
    """Tile ``band`` (call after a legal verdict): the nest holding it is
    regenerated by isl's AST builder, tile loops named ``<loop>_tile``.
    Returns the new top-level ops."""
    check_sizes(band, sizes)
    what = f"tile loops {names(band)}"
    if has_carried(model):
        return demoted_apply(model, band, what, lambda dm, b: tile_imperfect(dm, b, sizes))
    units = _units(model, band, what)
    if isinstance(units, Verdict):
        raise TransformError(units.reason, band[0].op)
    vectors, _ = _choose(model, units, band, sizes, what)
    nest = top_level_op(model, band[0].op)
    here = [u for u in units if nest_of(model, u) is nest]
    maps = schedule_maps(here, {u.name: vectors[u.name] for u in here}, model.param_names)
    return regenerate(model, here, maps, [nest], _origins(here, vectors, band))
