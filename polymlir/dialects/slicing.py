"""What the ops with offsets, sizes and strides share: memref.subview and
memref.reinterpret_cast, tensor.extract_slice, insert_slice and
parallel_insert_slice (upstream's ``OffsetSizeAndStrideOpInterface`` and the
helpers of ``ViewLikeInterface.cpp`` and ``BuiltinTypes.cpp``).

* ``static_offsets_sizes_strides`` / ``verify_dynamic_counts``: the
  ``static_offsets``, ``static_sizes`` and ``static_strides`` properties and
  the rule that each DYNAMIC entry has its value (the static rules are
  ``index_lists.verify_offset_sizes_strides``);
* ``rank_reduction_mask`` / ``memref_rank_reduction_mask`` /
  ``slice_mismatch``: whether a result type is the inferred one or a
  rank-reduced version of it (upstream's ``isRankReducedType``; each op
  words the mismatch its own way);
* ``in_bounds_slice_error``: a static slice that runs out of its source;
* result-type inference: ``slice_result_type`` (tensors),
  ``infer_subview_result_type`` and ``infer_rank_reduced_subview_type``
  (memrefs, with strided layouts from ``polymlir.ir.layout``).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence

from ..ir import types as T
from ..ir.layout import make_strided_layout, sat_add, sat_mul, strides_and_offset
from ..ir.types import DYNAMIC
from .index_lists import static_values, verify_dynamic_count

__all__ = [
    "SliceMismatch",
    "in_bounds_slice_error",
    "infer_rank_reduced_subview_type",
    "infer_subview_result_type",
    "memref_rank_reduction_mask",
    "rank_reduction_mask",
    "slice_mismatch",
    "slice_result_type",
    "static_offsets_sizes_strides",
    "verify_dynamic_counts",
]

_LISTS = ("offsets", "sizes", "strides")


def static_offsets_sizes_strides(op) -> tuple[list[int], list[int], list[int]]:
    """The entries of ``static_offsets``, ``static_sizes`` and
    ``static_strides`` (DYNAMIC where a value stands; empty when absent)."""
    return static_values(op, "static_offsets"), static_values(op, "static_sizes"), static_values(op, "static_strides")


def verify_dynamic_counts(op) -> None:
    """Each DYNAMIC entry of the three lists has its value in the operand
    group of the same name (``op.offsets``, ``op.sizes``, ``op.strides``)."""
    for name in _LISTS:
        verify_dynamic_count(op, name, f"static_{name}", static_values(op, f"static_{name}"), getattr(op, name))


# -- rank reduction ----------------------------------------------------------------------


def rank_reduction_mask(original: Sequence[int], reduced: Sequence[int]) -> set[int] | None:
    """Dimensions of ``original`` (all of size 1) to drop to get ``reduced``
    (upstream's ``computeRankReductionMask``: unit dimensions matched
    greedily); None when impossible."""
    unused: set[int] = set()
    j = 0
    for i, d in enumerate(original):
        if j < len(reduced) and d == reduced[j]:
            j += 1
            continue
        unused.add(i)
        if d != 1:
            return None
    if j != len(reduced):
        return None
    return unused


def memref_rank_reduction_mask(original: T.MemRefType, reduced: T.MemRefType, sizes: Sequence[int]) -> set[int] | None:
    """Which unit dimensions of ``original`` a subview result ``reduced``
    dropped, told apart by their strides when several have size 1 (upstream's
    ``computeMemRefRankReductionMask``)."""
    unused: set[int] = set()
    if original.rank == reduced.rank:
        return unused
    for i, s in enumerate(sizes):
        if s == 1:
            unused.add(i)
    if len(unused) + reduced.rank == original.rank:
        return unused
    so, sr = strides_and_offset(original), strides_and_offset(reduced)
    if so is None or sr is None:
        return None
    current = Counter(so[0])
    candidate = Counter(sr[0])
    for d in sorted(unused):
        s = so[0][d]
        if current[s] > candidate[s]:
            current[s] -= 1
        elif current[s] == candidate[s]:
            unused.discard(d)
        else:
            return None
    if len(unused) + reduced.rank != original.rank:
        return None
    return unused


class SliceMismatch(enum.Enum):
    """Why a type is not a rank-reduced version of another (upstream's
    ``SliceVerificationResult``); each op has its own message for each."""

    RANK_TOO_LARGE = enum.auto()
    SIZE_MISMATCH = enum.auto()
    ELEM_TYPE_MISMATCH = enum.auto()


def slice_mismatch(expected: T.ShapedType, actual: T.ShapedType) -> SliceMismatch | None:
    """None when ``actual`` is ``expected`` or a rank-reduced version of its
    shape with the same element type (upstream's ``isRankReducedType``, whose
    order of checks this keeps); else the first rule ``actual`` breaks."""
    if expected == actual:
        return None
    if actual.rank > expected.rank:
        return SliceMismatch.RANK_TOO_LARGE
    if rank_reduction_mask(expected.shape, actual.shape) is None:
        return SliceMismatch.SIZE_MISMATCH
    if expected.element_type != actual.element_type:
        return SliceMismatch.ELEM_TYPE_MISMATCH
    return None


def in_bounds_slice_error(
    shape: Sequence[int], offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> str | None:
    """The message for a static slice running out of ``shape`` (upstream's
    ``verifyInBoundsSlice``: the last position is ``offset + (size - 1) *
    stride``, also for an empty slice), else None."""
    for i, d in enumerate(shape):
        if d == DYNAMIC or i >= len(offsets) or offsets[i] == DYNAMIC:
            continue
        if offsets[i] >= d:
            return f"offset {i} is out-of-bounds: {offsets[i]} >= {d}"
        if sizes[i] == DYNAMIC or strides[i] == DYNAMIC:
            continue
        last = offsets[i] + (sizes[i] - 1) * strides[i]
        if last >= d:
            return f"slice along dimension {i} runs out-of-bounds: {last} >= {d}"
    return None


# -- result types ------------------------------------------------------------------------


def slice_result_type(source: T.RankedTensorType, sizes: Sequence[int]) -> T.RankedTensorType:
    """Upstream's ``ExtractSliceOp::inferResultType``: the static sizes."""
    return T.RankedTensorType(tuple(sizes), source.element_type, source.encoding)


def infer_subview_result_type(
    source: T.MemRefType, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> T.MemRefType:
    """The type of a subview that drops no dimension: sizes as given, strides
    the source's times ``strides``, offset moved by ``offsets`` (DYNAMIC
    entries propagate; ``0 * ?`` is 0). A ValueError when ``source`` is not
    strided."""
    so = strides_and_offset(source)
    if so is None:
        raise ValueError(f"{source} is not strided")
    src_strides, offset = so
    for o, s in zip(offsets, src_strides, strict=False):
        offset = sat_add(offset, sat_mul(o, s))
    new_strides = [sat_mul(s, t) for s, t in zip(src_strides, strides, strict=False)]
    return T.MemRefType(
        tuple(sizes), source.element_type, make_strided_layout(new_strides, offset), source.memory_space
    )


def infer_rank_reduced_subview_type(
    result_shape: Sequence[int],
    source: T.MemRefType,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> T.MemRefType:
    """Like ``infer_subview_result_type``, reduced to ``result_shape`` by
    dropping unit dimensions (and their strides)."""
    t = infer_subview_result_type(source, offsets, sizes, strides)
    if t.rank == len(result_shape):
        return t
    drop = rank_reduction_mask(t.shape, result_shape)
    so = strides_and_offset(t)
    if drop is None or so is None:
        raise ValueError("invalid rank reduction")
    kept = [s for i, s in enumerate(so[0]) if i not in drop]
    return T.MemRefType(tuple(result_shape), t.element_type, make_strided_layout(kept, so[1]), t.memory_space)
