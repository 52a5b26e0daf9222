"""The ``affine.delinearize_index`` / ``affine.linearize_index`` part of
``canonicalize``: upstream's folders and canonicalization patterns of the
two ops (``AffineOps.cpp``).

Folders: a constant dynamic basis element becomes static (in place, both
ops); a delinearization with one result is its input; a linearization of
no index is 0, of one index that index; constant inputs with a static
basis fold to constants.

Patterns, in upstream's registration order: for delinearize
`CancelDelinearizeOfLinearizeDisjointExactTail`, `DropUnitExtentBasis`,
`SplitDelinearizeSpanningLastLinearizeArg`; for linearize
`CancelLinearizeOfDelinearizePortion`, `DropLinearizeLeadingZero`,
`DropLinearizeUnitComponentsIfDisjointOrZero`.

A basis element is an ``int`` (static) or a `Value` (dynamic); a *padded*
basis has ``None`` in front when the op has no outer bound (upstream's
``getPaddedBasis``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...dialects.affine.ops import AffineApplyOp, AffineDelinearizeIndexOp, AffineLinearizeIndexOp
from ...dialects.arith.ops import ConstantOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineExpr, const, sym
from ...ir.affine_map import AffineMap
from ...ir.attributes import Location
from ...ir.core import Operation, OpResult, Value
from ...ir.patterns import Folder, OpClass, PatternRewriter, RewritePattern, constant_value

BasisElem = int | Value
PaddedElem = int | Value | None


# -- basis helpers ------------------------------------------------------------------------------------


def _static_basis(op: Operation) -> list[int]:
    return list(cast(A.DenseArrayAttr, op.get_attr("static_basis")).values)


def _dynamic_basis(op: Operation) -> list[Value]:
    if isinstance(op, AffineDelinearizeIndexOp):
        return list(op.operands[1:])
    return list(op.operands[len(_multi_index(op)) :])


def _multi_index(op: Operation) -> list[Value]:
    """The inputs of a linearize_index."""
    sizes = cast(A.DenseArrayAttr, op.get_attr("operandSegmentSizes")).values
    return list(op.operands[: sizes[0]])


def mixed_basis(op: Operation) -> list[BasisElem]:
    """Upstream's ``getMixedBasis``: static entries as ints, dynamic ones
    as their values."""
    dyn = iter(_dynamic_basis(op))
    return [next(dyn) if s == T.DYNAMIC else s for s in _static_basis(op)]


def has_outer_bound(op: Operation) -> bool:
    n = len(op.results) if isinstance(op, AffineDelinearizeIndexOp) else len(_multi_index(op))
    return n == len(_static_basis(op))


def padded_basis(op: Operation) -> list[PaddedElem]:
    out: list[PaddedElem] = list(mixed_basis(op))
    return out if has_outer_bound(op) else [None, *out]


def _const_int(e: PaddedElem) -> int | None:
    """Upstream's ``getConstantIntValue`` of a basis element."""
    if isinstance(e, int):
        return e
    if e is None:
        return None
    c = constant_value(e)
    return c.value if isinstance(c, A.IntegerAttr) else None


def _same(a: PaddedElem, b: PaddedElem) -> bool:
    """OpFoldResult equality: ints by value, values by identity."""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return a is b


def _is_disjoint(op: Operation) -> bool:
    return isinstance(op.get_attr("disjoint"), A.UnitAttr)


def _split_basis(basis: Sequence[BasisElem]) -> tuple[list[int], list[Value]]:
    static: list[int] = []
    dynamic: list[Value] = []
    for b in basis:
        if isinstance(b, int):
            static.append(b)
        else:
            static.append(T.DYNAMIC)
            dynamic.append(b)
    return static, dynamic


def build_delinearize(
    linear: Value, basis: Sequence[PaddedElem], loc: Location, outer_bound: bool = True
) -> AffineDelinearizeIndexOp:
    """Upstream's ``build(linearIndex, basis, hasOuterBound)``: a leading
    ``None`` means no outer bound."""
    elems = list(basis)
    if outer_bound and elems and elems[0] is None:
        outer_bound = False
        elems = elems[1:]
    static, dynamic = _split_basis(cast(list[BasisElem], elems))
    n = len(static) if outer_bound else len(static) + 1
    return AffineDelinearizeIndexOp.create(
        operands=[linear, *dynamic],
        result_types=[linear.type] * n,
        properties={"static_basis": A.DenseArrayAttr(T.i64, tuple(static))},
        loc=loc,
    )


def build_linearize(
    indices: Sequence[Value], basis: Sequence[PaddedElem], disjoint: bool, loc: Location
) -> AffineLinearizeIndexOp:
    """Upstream's ``build(multiIndex, basis, disjoint)``: a leading ``None``
    in the basis is dropped."""
    elems = list(basis)
    if elems and elems[0] is None:
        elems = elems[1:]
    static, dynamic = _split_basis(cast(list[BasisElem], elems))
    rtype = indices[0].type if indices else T.index
    return AffineLinearizeIndexOp.create(
        operands=[*indices, *dynamic],
        result_types=[rtype],
        properties={
            "static_basis": A.DenseArrayAttr(T.i64, tuple(static)),
            "disjoint": A.UNIT if disjoint else A.BoolAttr(False),
            "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(indices), len(dynamic))),
        },
        loc=loc,
    )


# -- folders ------------------------------------------------------------------------------------------


def _fold_constant_basis(op: Operation, consts: list) -> bool:
    """Upstream's ``foldCstValueToCstAttrBasis``: dynamic basis values that
    are integer constants become static entries (in place)."""
    dyn = _dynamic_basis(op)
    first = len(op.operands) - len(dyn)
    dyn_consts = consts[first:]
    if not any(isinstance(c, A.IntegerAttr) for c in dyn_consts):
        return False
    static = [T.DYNAMIC if (c := _const_int(b)) is None else c for b in mixed_basis(op)]
    keep = [v for v, c in zip(dyn, dyn_consts, strict=True) if not isinstance(c, A.IntegerAttr)]
    op.set_operands([*op.operands[:first], *keep])
    op.set_attr("static_basis", A.DenseArrayAttr(T.i64, tuple(static)))
    if isinstance(op, AffineLinearizeIndexOp):
        op.set_attr("operandSegmentSizes", A.DenseArrayAttr(T.i32, (first, len(keep))))
    return True


def fold_delinearize(op: Operation, consts: list):
    if _fold_constant_basis(op, consts):
        return []
    if len(op.results) == 1:
        return [op.operands[0]]
    linear = consts[0]
    if not isinstance(linear, A.IntegerAttr) or _dynamic_basis(op):
        return None
    high = linear.value
    basis = _static_basis(op)
    if has_outer_bound(op):
        basis = basis[1:]
    out: list[int] = []
    for modulus in reversed(basis):
        out.append(high % modulus)  # Python's % and // round as llvm::mod / divideFloorSigned
        high = high // modulus
    out.append(high)
    rtype = op.operands[0].type
    return [A.IntegerAttr(v, rtype) for v in reversed(out)]


def fold_linearize(op: Operation, consts: list):
    if _fold_constant_basis(op, consts):
        return []
    indices = _multi_index(op)
    if not indices:
        return [A.IntegerAttr(0, op.results[0].type)]
    if len(indices) == 1:
        return [indices[0]]
    index_consts = consts[: len(indices)]
    if not all(isinstance(c, A.IntegerAttr) for c in index_consts) or _dynamic_basis(op):
        return None
    values = [c.value for c in index_consts]
    basis = _static_basis(op)
    result, stride = 0, 1
    for length, v in zip(reversed(basis), reversed(values), strict=False):
        result += v * stride
        stride *= length
    if not has_outer_bound(op):
        result += values[0] * stride
    if not -(2**63) <= result < 2**63:
        return None  # upstream's int64 arithmetic would wrap: left unfolded
    return [A.IntegerAttr(result, op.results[0].type)]


FOLDERS: dict[OpClass, Folder] = {
    AffineDelinearizeIndexOp: fold_delinearize,
    AffineLinearizeIndexOp: fold_linearize,
}


# -- delinearize patterns -----------------------------------------------------------------------------


def _linearize_producer(v: Value) -> AffineLinearizeIndexOp | None:
    return v.owner if isinstance(v, OpResult) and isinstance(v.owner, AffineLinearizeIndexOp) else None


class CancelDelinearizeOfLinearizeDisjointExactTail(RewritePattern):
    """A delinearization of a disjoint linearization: the trailing basis
    elements they share cancel (all of them: the inputs are the results)."""

    op_types = (AffineDelinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        lin = _linearize_producer(op.operands[0])
        if lin is None or not _is_disjoint(lin):
            return False
        ins = _multi_index(lin)
        lin_basis = mixed_basis(lin)
        delin_basis = mixed_basis(op)
        matches = 0
        for a, b in zip(reversed(lin_basis), reversed(delin_basis), strict=False):
            if not _same(a, b):
                break
            matches += 1
        if matches == 0:
            return False
        if matches == len(lin_basis) == len(delin_basis) and len(ins) == len(op.results):
            rewriter.replace_op(op, ins)
            return True
        new_lin = rewriter.insert_before(
            op, build_linearize(ins[: len(ins) - matches], lin_basis[: len(lin_basis) - matches], True, lin.loc)
        )
        new_delin = rewriter.insert_before(
            op,
            build_delinearize(
                new_lin.results[0], delin_basis[: len(delin_basis) - matches], op.loc, has_outer_bound(op)
            ),
        )
        rewriter.replace_op(op, [*new_delin.results, *ins[len(ins) - matches :]])
        return True


class DropUnitExtentBasis(RewritePattern):
    """Results of unit basis elements are 0; the others come from a
    delinearization by the remaining basis."""

    op_types = (AffineDelinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        replacements: list[Value | None] = [None] * len(op.results)
        zero: list[Value] = []

        def get_zero() -> Value:
            if not zero:
                c = ConstantOp.of(A.IntegerAttr(0, op.operands[0].type))
                c.loc = op.loc
                zero.append(rewriter.insert_before(op, c).results[0])
            return zero[0]

        new_basis: list[PaddedElem] = []
        for i, b in enumerate(padded_basis(op)):
            if _const_int(b) == 1:
                replacements[i] = get_zero()
            else:
                new_basis.append(b)
        if len(new_basis) == len(op.results):
            return False
        if new_basis:
            new = rewriter.insert_before(op, build_delinearize(op.operands[0], new_basis, op.loc))
            it = iter(new.results)
            replacements = [r if r is not None else next(it) for r in replacements]
        rewriter.replace_op(op, cast(list[Value], replacements))
        return True


class SplitDelinearizeSpanningLastLinearizeArg(RewritePattern):
    """Peel the last input off a disjoint linearization when the last
    (two or more) delinearization basis elements multiply to its size."""

    op_types = (AffineDelinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        lin = _linearize_producer(op.operands[0])
        if lin is None or not _is_disjoint(lin):
            return False
        lin_static = _static_basis(lin)
        if not lin_static or lin_static[-1] == T.DYNAMIC:
            return False
        target = lin_static[-1]
        basis = _static_basis(op)
        size, elems = 1, 0
        for b in reversed(basis):
            if b == T.DYNAMIC:
                return False
            size *= b
            elems += 1
            if size > target:
                return False
            if size == target:
                break
        if size < target or elems < 2:
            return False
        ins = _multi_index(lin)
        # The trailing basis elements dropped here are static: the dynamic ones stay in order.
        front = rewriter.insert_before(op, build_linearize(ins[:-1], mixed_basis(lin)[:-1], True, lin.loc))
        head = rewriter.insert_before(
            op,
            build_delinearize(front.results[0], mixed_basis(op)[: len(basis) - elems], op.loc, has_outer_bound(op)),
        )
        back = rewriter.insert_before(op, build_delinearize(ins[-1], basis[len(basis) - elems :], op.loc))
        rewriter.replace_op(op, [*head.results, *back.results])
        return True


# -- linearize patterns -------------------------------------------------------------------------------


def _product(terms: Sequence[PaddedElem], rewriter: PatternRewriter, anchor: Operation) -> PaddedElem:
    """Upstream's ``computeProduct``: an int when every term is constant,
    else an ``affine.apply`` (inserted before ``anchor``) of the product."""
    result: AffineExpr = const(1)
    dynamic: list[Value] = []
    for t in terms:
        if t is None:
            return None
        c = _const_int(t)
        if c is not None:
            result = result * const(c)
        else:
            result = result * sym(len(dynamic))
            dynamic.append(cast(Value, t))
    if isinstance(result, AffineConstantExpr):
        return result.value
    apply = AffineApplyOp.build(AffineMap(0, len(dynamic), [result]), dynamic, loc=anchor.loc)
    return rewriter.insert_before(anchor, apply).results[0]


class CancelLinearizeOfDelinearizePortion(RewritePattern):
    """A run of consecutive delinearization results linearized by the same
    basis is replaced by one result of a delinearization by the product
    (or by the delinearization's input when the run is all of it)."""

    op_types = (AffineLinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        lin_basis = padded_basis(op)
        multi = _multi_index(op)
        n = len(multi)
        matches: list[tuple[Operation, int, int, int]] = []  # (delinearize, lin start, delin start, length)
        seen: set[int] = set()
        i = 0
        while i < n:
            v = multi[i]
            if not isinstance(v, OpResult) or not isinstance(v.owner, AffineDelinearizeIndexOp):
                i += 1
                continue
            delin: Operation = v.owner
            d = v.index
            delin_basis = padded_basis(delin)
            first_delin, first_lin = delin_basis[d], lin_basis[i]
            bounds_match = _same(first_delin, first_lin)
            both_front = i == 0 and d == 0
            by_disjoint = _is_disjoint(op) and d == 0 and first_delin is None
            if not bounds_match and not both_front and not by_disjoint:
                i += 1
                continue
            j = 1
            outs = len(delin.results)
            while j + i < n and j + d < outs:
                if multi[i + j] is not delin.results[d + j]:
                    break
                if not _same(lin_basis[i + j], delin_basis[d + j]):
                    break
                j += 1
            if j <= 1 or id(delin) in seen:
                i += 1
                continue
            seen.add(id(delin))
            matches.append((delin, i, d, j))
            i += j
        if not matches:
            return False
        new_index: list[Value] = []
        new_basis: list[PaddedElem] = []
        replacements: list[list[Value]] = []
        prev_end = 0
        for delin, ls, ds, length in matches:
            new_index += multi[prev_end:ls]
            new_basis += lin_basis[prev_end:ls]
            prev_end = ls + length
            to_merge = lin_basis[ls : ls + length]
            size = _product(to_merge, rewriter, delin)
            if length == len(delin.results):
                new_index.append(delin.operands[0])
                new_basis.append(size)
                replacements.append([])
                continue
            delin_basis = padded_basis(delin)
            merged_basis = [*delin_basis[:ds], size, *delin_basis[ds + length :]]
            merged = rewriter.insert_before(delin, build_delinearize(delin.operands[0], merged_basis, delin.loc))
            combined = merged.results[ds]
            residual = rewriter.insert_before(delin, build_delinearize(combined, to_merge, delin.loc))
            replacements.append([*merged.results[:ds], *residual.results, *merged.results[ds + 1 :]])
            new_index.append(combined)
            new_basis.append(size)
        new_index += multi[prev_end:]
        new_basis += lin_basis[prev_end:]
        rewriter.replace_op_with_new(op, build_linearize(new_index, new_basis, _is_disjoint(op), op.loc))
        for (delin, *_), repl in zip(matches, replacements, strict=True):
            if repl:
                rewriter.replace_op(delin, repl)
        return True


class DropLinearizeLeadingZero(RewritePattern):
    """A leading constant 0 input (and its basis element) is dropped."""

    op_types = (AffineLinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        multi = _multi_index(op)
        if not multi or _const_int(multi[0]) != 0:
            return False
        if len(multi) == 1:
            rewriter.replace_op(op, [multi[0]])
            return True
        basis = mixed_basis(op)
        if has_outer_bound(op):
            basis = basis[1:]
        rewriter.replace_op_with_new(op, build_linearize(multi[1:], basis, _is_disjoint(op), op.loc))
        return True


class DropLinearizeUnitComponentsIfDisjointOrZero(RewritePattern):
    """Inputs of unit basis elements are dropped when the linearization is
    disjoint or the input is a constant 0."""

    op_types = (AffineLinearizeIndexOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        multi = _multi_index(op)
        n = len(multi)
        new_indices: list[Value] = []
        new_basis: list[PaddedElem] = []
        if not has_outer_bound(op):
            new_indices.append(multi[0])
            multi = multi[1:]
        for index, b in zip(multi, mixed_basis(op), strict=True):
            if _const_int(b) != 1 or (not _is_disjoint(op) and _const_int(index) != 0):
                new_indices.append(index)
                new_basis.append(b)
        if len(new_indices) == n:
            return False
        if not new_indices:
            c = ConstantOp.of(A.IntegerAttr(0, op.results[0].type))
            c.loc = op.loc
            rewriter.replace_op_with_new(op, c)
            return True
        rewriter.replace_op_with_new(op, build_linearize(new_indices, new_basis, _is_disjoint(op), op.loc))
        return True


PATTERNS: list[RewritePattern] = [
    CancelDelinearizeOfLinearizeDisjointExactTail(),
    DropUnitExtentBasis(),
    SplitDelinearizeSpanningLastLinearizeArg(),
    CancelLinearizeOfDelinearizePortion(),
    DropLinearizeLeadingZero(),
    DropLinearizeUnitComponentsIfDisjointOrZero(),
]
