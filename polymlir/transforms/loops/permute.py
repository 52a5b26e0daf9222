"""Interchange and any permutation of a band of perfectly nested loops.

Legal iff the permuted order keeps every memory dependence (decided
exactly). The rewrite is structural for rectangular bands (no band loop's
bounds use another band loop's IV): the loop headers are reordered and the
innermost body moved, as upstream's ``permuteLoops``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from .errors import ArgumentError
from .loop_utils import (
    TransformError,
    as_for,
    bound_operands,
    bounds_use_band,
    loop_ivs,
    move_body,
    new_loop_like,
    perfect_band_problem,
)
from .regen import regenerate_band
from .tile import band_verdict, names


def check_permutation(band: Sequence[Loop], perm: Sequence[int]) -> None:
    if sorted(perm) != list(range(len(band))):
        raise ArgumentError(
            f"{list(perm)} is not a permutation of the {len(band)} loops {names(band)}", band[0].op if band else None
        )


def permute_verdict(model: PolyhedralModel, band: Sequence[Loop], perm: Sequence[int]) -> Verdict:
    """``perm[k]`` is the index in ``band`` of the loop that goes to position k."""
    check_permutation(band, perm)
    new_order = [band[p] for p in perm]
    return band_verdict(
        model, band, f"permute loops {names(band)} to {names(new_order)}", lambda _u, ivs: [ivs[p] for p in perm]
    )


def permute(model: PolyhedralModel, band: Sequence[Loop], perm: Sequence[int]) -> list:
    """Reorder the band's loops (call after a legal verdict); returns the
    new loops, outermost first."""
    check_permutation(band, perm)
    problem = perfect_band_problem(band)
    if problem is not None:
        raise TransformError(f"cannot permute loops {names(band)}: {problem}", band[0].op)
    if bounds_use_band(band) is not None:
        # Bounds over other band IVs (e.g. triangular): isl derives the new
        # loops' bounds (Fourier-Motzkin) from the permuted schedule.
        return regenerate_band(model, band, lambda _u, ivs: [ivs[p] for p in perm], f"permute loops {names(band)}")
    outer = band[0].op
    block = outer.parent
    assert block is not None
    new_loops = []
    prev = None
    for p in perm:
        lp = band[p]
        op = as_for(lp.op)
        lbs, ubs = bound_operands(op)
        n = new_loop_like(
            op, op.lowerBoundMap.value, lbs, op.upperBoundMap.value, ubs, op.step.value, loop_name(lp), hints=True
        )
        if prev is None:
            block.insert_before(outer, n)
        else:
            prev.body.insert_before(prev.body.operations[-1], n)
        prev = n
        new_loops.append(n)
    ivs = loop_ivs(band)
    for p, n in zip(perm, new_loops, strict=True):
        ivs[p].replace_all_uses_with(n.induction_var)
    move_body(band[-1].op, new_loops[-1])
    outer.erase()
    return new_loops


def interchange_order(band: Sequence[Loop], order: Sequence[str]) -> list[int]:
    """The permutation that puts the loops named ``order`` in that order."""
    by_name = {loop_name(lp): k for k, lp in enumerate(band)}
    try:
        return [by_name[n] for n in order]
    except KeyError as e:
        raise TransformError(f"no loop named {e.args[0]} in the band {names(band)}", band[0].op) from None
