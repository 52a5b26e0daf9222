"""Regenerating a band through isl's AST builder when a structural rewrite
cannot express the result (a tiled or permuted band whose bounds use
another band loop's IV: triangular, trapezoidal, min/max over band IVs).

The band's statements are grouped into compound statements; the band slice
of each one's schedule vector is rewritten, and the nest is regenerated
from the new schedules, with the new loops named after the old ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import BandFn, base_vector, schedule_maps, transform_band
from ...affine.statements import NotCompound, compound_statements
from ...ir.core import Operation
from .ast_codegen import nest_of, origins_from_vectors, regenerate, top_level_op
from .errors import TransformError


def regenerate_band(model: PolyhedralModel, band: Sequence[Loop], fn: BandFn, what: str) -> list[Operation]:
    """Rewrite the band slice of every statement's schedule with ``fn`` and
    regenerate the nest holding ``band``; returns the new top-level ops."""
    try:
        units = compound_statements(model)
    except NotCompound as e:
        raise TransformError(f"cannot {what}: {e.reason}", band[0].op) from None
    vectors = {u.name: base_vector(u) for u in units}
    vectors = transform_band(units, vectors, band, fn)
    nest = top_level_op(model, band[0].op)
    inside = [u for u in units if nest_of(model, u) is nest]
    maps = schedule_maps(inside, {u.name: vectors[u.name] for u in inside}, model.param_names)
    return regenerate(model, inside, maps, [nest], origins_from_vectors(inside, vectors))
