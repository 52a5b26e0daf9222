"""The vector dialect (upstream MLIR 22): broadcast, shuffle, element
access, masks and the small ops around them, plus the constraints and
helpers the other vector modules share. Slices, shape changes and
reductions live in ``shapes.py``, memory ops in
``transfer.py``, and the ops with hand-written syntax (contract,
outerproduct, mask, print) in ``custom_form.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn, TypeGuard

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import typed_attr
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def, var_result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import ELEMENTWISE, PURE, RETURN_LIKE, SAME_OPERANDS_AND_RESULT_TYPE, TERMINATOR
from ...ir.types import DYNAMIC
from ..arith.ops import FastMathAttr
from ..index_lists import DynamicIndexListFormat, mixed_values

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import OpState, Parser

POISON = -1  # upstream's kPoisonIndex

# -- constraints ------------------------------------------------------------------


def _vec(t: T.Type) -> TypeGuard[T.VectorType]:
    return isinstance(t, T.VectorType)


_VEC_KIND = ("builtin.vector", _vec)


def vector_of(desc: str, elem=lambda t: True, rank=None, fixed: bool = False, nonzero: bool = False):
    """A vector-type constraint with upstream's description."""

    def pred(t: T.Type) -> bool:
        if not isinstance(t, T.VectorType) or not elem(t.element_type):
            return False
        if fixed and any(t.scalable_dims):
            return False
        if nonzero and t.rank == 0:
            return False
        return rank is None or t.rank in rank

    return C.TypeConstraint(desc, pred, kind=_VEC_KIND)


AnyVector = vector_of("vector of any type values")
AnyVectorNonZero = vector_of("vector of any type values", nonzero=True)
AnyFixedVector = vector_of("fixed-length vector of any type values", fixed=True)
FloatVector = vector_of("vector of floating-point values", lambda t: isinstance(t, T.FloatType))
BoolVector = vector_of("vector of 1-bit signless integer values", lambda t: t == T.i1)
BoolVectorNonZero = vector_of(
    "non-zero-ranked vector of 1-bit signless integer values", lambda t: t == T.i1, nonzero=True
)
IndexVector1D = vector_of("vector of index values of ranks 1", lambda t: isinstance(t, T.IndexType), rank=(1,))
Vector1D = vector_of("vector of any type values of ranks 1", rank=(1,))
ScalableVector1D = C.TypeConstraint(
    " of ranks 1",  # sic: upstream's description of ScalableVectorOfRank<[1]>
    lambda t: isinstance(t, T.VectorType) and t.rank == 1 and any(t.scalable_dims),
    kind=_VEC_KIND,
)
IntegerArrayAttr = C.AttrConstraint(
    "64-bit integer array attribute",
    lambda a: isinstance(a, A.ArrayAttr) and all(isinstance(x, A.IntegerAttr) and x.type == T.i64 for x in a),
)

KIND = C.dialect_attr("vector.kind", "Kind of combining function for contractions and reductions")
KIND_ADD = A.OpaqueAttr("vector.kind<add>")
FASTMATH = FastMathAttr  # arith's #arith.fastmath<...> (printed `<fast>` in formats)
I64Attr = typed_attr(C.I64Attr, T.i64)

_INT_KINDS = {"minui", "minsi", "maxui", "maxsi", "and", "or", "xor"}
_FLOAT_KINDS = {"minnumf", "maxnumf", "minimumf", "maximumf"}


def kind_name(a) -> str:
    """``add`` for ``#vector.kind<add>``."""
    text = a.text if isinstance(a, A.OpaqueAttr) else str(a)
    return text[text.find("<") + 1 : text.rfind(">")]


def supported_kind(kind: str, et: T.Type) -> bool:
    """Upstream's ``isSupportedCombiningKind``."""
    if kind in ("add", "mul"):
        return isinstance(et, (T.IntegerType, T.IndexType, T.FloatType))
    if kind in _INT_KINDS:
        return isinstance(et, (T.IntegerType, T.IndexType))
    if kind in _FLOAT_KINDS:
        return isinstance(et, T.FloatType)
    return False


def elem(t: T.Type) -> T.Type:
    """Upstream's ``getElementTypeOrSelf``."""
    return t.element_type if isinstance(t, T.ShapedType) else t


def vtype(shape, et: T.Type, scalable=()) -> T.VectorType:
    shape = tuple(shape)
    sc = tuple(scalable) if any(scalable) else ()
    return T.VectorType(shape, et, sc if sc else ())


def scal(t: T.VectorType) -> tuple[bool, ...]:
    return tuple(t.scalable_dims) if t.scalable_dims else (False,) * t.rank


def same_element_type(op, a: T.Type, b: T.Type, what: str) -> None:
    """A PredOpTrait comparing element types (``TCresVTEtIsSameAsOpBase``)."""
    if elem(a) != elem(b):
        raise op.op_error(f"failed to verify that {what}")


def bitwidth(t: T.Type) -> int:
    """Upstream's DataLayout size in bits for the types vectors hold."""
    if isinstance(t, (T.IntegerType, T.FloatType)):
        return t.width
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.VectorType):
        n = 1
        for d in t.shape:
            n *= d
        return n * bitwidth(t.element_type)
    if isinstance(t, T.ComplexType):
        return 2 * bitwidth(t.element_type)
    return 0


def custom_op_error(p: Parser, state: OpState, msg: str, pos: int | None = None) -> NoReturn:
    """A parse error as upstream's OpAsmParser reports it (prefixed with the op)."""
    p.error(f"custom op '{state.name}' {msg}", pos)


def dim_str(size: int, scalable: bool) -> str:
    return f"[{size}]" if scalable else str(size)


# -- broadcast, shuffle, element access ----------------------------------------------


@register_op
class BroadcastOp(OpDef):
    """Broadcast a scalar or vector to a vector of higher rank or size."""

    __slots__ = ()
    OP_NAME = "vector.broadcast"
    traits = frozenset({PURE})
    source = operand_def()
    vector = result_def(AnyVector)
    assembly_format = "$source attr-dict `:` type($source) `to` type($vector)"

    def verify_(self) -> None:
        st, rt = self.source.type, T.of_kind(self.result_types[0], T.VectorType)
        same_element_type(self, st, rt, "source operand and result have same element type")
        if not isinstance(st, T.VectorType):
            if st == rt.element_type:
                return
            raise self.op_error("source type is not a vector")
        if st.rank > rt.rank:
            raise self.op_error("source rank higher than destination rank")
        lead = rt.rank - st.rank
        ss, rs = scal(st), scal(rt)
        for i in range(st.rank):
            sd, dd = st.shape[i], rt.shape[lead + i]
            sf, df = ss[i], rs[lead + i]
            bad = sd != 1 and sd != dd
            if (sd == 1 and sf and dd != 1) or (sf != df and (sd != 1 or sf)):
                bad = True
            if bad:
                raise self.op_error(f"dimension mismatch ({dim_str(sd, sf)} vs. {dim_str(dd, df)})")


@register_op
class ShuffleOp(OpDef):
    """Select elements (or leading slices) of two vectors by a mask."""

    __slots__ = ()
    OP_NAME = "vector.shuffle"
    traits = frozenset({PURE})
    v1 = operand_def(AnyFixedVector)
    v2 = operand_def(AnyFixedVector)
    mask = prop_def(C.DenseI64ArrayAttr)
    vector = result_def(AnyVectorNonZero)
    assembly_format = "$v1 `,` $v2 $mask attr-dict `:` type($v1) `,` type($v2)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        v1 = ps.types.get("v1", [None])[0]
        m = ps.props.get("mask")
        if isinstance(v1, T.VectorType) and isinstance(m, A.DenseArrayAttr):
            shape = (max(1, len(m.values)),) + tuple(v1.shape[1:])
            ps.types.setdefault("vector", [vtype(shape, v1.element_type)])

    def verify_(self) -> None:
        v1, v2 = T.of_kind(self.v1.type, T.VectorType), T.of_kind(self.v2.type, T.VectorType)
        rt = T.of_kind(self.result_types[0], T.VectorType)
        same_element_type(self, v1, rt, "first operand v1 and result have same element type")
        same_element_type(self, v2, rt, "second operand v2 and result have same element type")
        ok0 = v1.rank == 0 and v2.rank == 0 and rt.rank == 1
        if not ok0 and not (v1.rank == rt.rank and v2.rank == rt.rank):
            raise self.op_error("rank mismatch")
        for r in range(1, v1.rank):
            if not (rt.shape[r] == v1.shape[r] == v2.shape[r]):
                raise self.op_error("dimension mismatch")
        mask = list(self.mask.values)
        if not mask:
            raise self.op_error("invalid mask length")
        if len(mask) != rt.shape[0]:
            raise self.op_error("mask length mismatch")
        n = (v1.shape[0] if v1.rank else 1) + (v2.shape[0] if v2.rank else 1)
        for i, m in enumerate(mask):
            if not (m == POISON or 0 <= m < n):
                raise self.op_error(f"mask index #{i + 1} out of range")


def _extract_result(vt: T.VectorType, npos: int) -> T.Type:
    if npos == vt.rank:
        return vt.element_type
    n = min(npos, vt.rank)
    return vtype(vt.shape[n:], vt.element_type, scal(vt)[n:])


def _check_position(op, position, shape, what: str) -> None:
    for i, p in enumerate(position):
        if isinstance(p, int) and not (p == POISON or 0 <= p < shape[i]):
            raise op.op_error(
                f"expected position attribute #{i + 1} to be a non-negative integer smaller than "
                f"the corresponding {what} or poison (-1)"
            )


@register_op
class ExtractOp(DynamicIndexListFormat, OpDef):
    """The element or sub-vector of a vector at a (mixed) position."""

    __slots__ = ()
    OP_NAME = "vector.extract"
    traits = frozenset({PURE})
    source = operand_def(AnyVector)
    dynamic_position = var_operand_def(C.Index)
    static_position = prop_def(C.DenseI64ArrayAttr)
    result = result_def()
    assembly_format = (
        "$source `` custom<DynamicIndexList>($dynamic_position, $static_position) "
        "attr-dict `:` type($result) `from` type($source)"
    )

    def verify_(self) -> None:
        vt = T.of_kind(self.source.type, T.VectorType)
        rt = self.result_types[0]
        same_element_type(self, vt, rt, "operand and result have same element type")
        if isinstance(rt, T.VectorType) and rt.rank == 0:
            raise self.emit_error("expected a scalar instead of a 0-d vector as the result type")
        static = list(self.static_position.values)
        if sum(1 for s in static if s == DYNAMIC) != len(self.dynamic_position):
            raise self.op_error(
                "mismatch between dynamic and static positions (kDynamic marker but no "
                "corresponding dynamic position) -- this can only happen due to an incorrect "
                "fold/rewrite"
            )
        if len(static) > vt.rank:
            raise self.op_error("expected position attribute of rank no greater than vector rank")
        _check_position(
            self,
            mixed_values(static, self.dynamic_position),
            vt.shape,
            "vector dimension",
        )
        inferred = _extract_result(vt, len(static))
        one = lambda a, b: isinstance(a, T.VectorType) and a.shape == (1,) and a.element_type == b  # noqa: E731
        if inferred != rt and not one(inferred, rt) and not one(rt, inferred):
            raise self.op_error(
                f"inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{rt}'"
            )


@register_op
class InsertOp(DynamicIndexListFormat, OpDef):
    """A copy of ``dest`` with the element or sub-vector at a position replaced."""

    __slots__ = ()
    OP_NAME = "vector.insert"
    traits = frozenset({PURE})
    valueToStore = operand_def()
    dest = operand_def(AnyVector)
    dynamic_position = var_operand_def(C.Index)
    static_position = prop_def(C.DenseI64ArrayAttr)
    result = result_def(AnyVector)
    assembly_format = (
        "$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) "
        "attr-dict `:` type($valueToStore) `into` type($dest)"
    )
    type_matches = (("dest", "result"),)

    def verify_(self) -> None:
        st, dt = self.valueToStore.type, T.of_kind(self.dest.type, T.VectorType)
        same_element_type(self, st, self.result_types[0], "source operand and result have same element type")
        if dt != self.result_types[0]:
            raise self.op_error("failed to verify that all of {dest, result} have same type")
        if isinstance(st, T.VectorType) and st.rank == 0:
            raise self.emit_error("expected a scalar instead of a 0-d vector as the source operand")
        static = list(self.static_position.values)
        if sum(1 for s in static if s == DYNAMIC) != len(self.dynamic_position):
            raise self.op_error(
                "mismatch between dynamic and static positions (kDynamic marker but no "
                "corresponding dynamic position) -- this can only happen due to an incorrect "
                "fold/rewrite"
            )
        if len(static) > dt.rank:
            raise self.op_error("expected position attribute of rank no greater than dest vector rank")
        if isinstance(st, T.VectorType) and st.rank + len(static) != dt.rank:
            raise self.op_error("expected position attribute rank + source rank to match dest vector rank")
        if not isinstance(st, T.VectorType) and len(static) != dt.rank:
            raise self.op_error("expected position attribute rank to match the dest vector rank")
        for i, p in enumerate(mixed_values(static, self.dynamic_position)):
            if isinstance(p, int) and not (p == POISON or 0 <= p < dt.shape[i]):
                raise self.op_error(
                    f"expected position attribute #{i + 1} to be a non-negative integer smaller "
                    "than the corresponding dest vector dimension"
                )


@register_op
class FromElementsOp(OpDef):
    """A vector built from scalars (row-major)."""

    __slots__ = ()
    OP_NAME = "vector.from_elements"
    traits = frozenset({PURE})
    elements = var_operand_def()
    result = result_def(AnyFixedVector)
    assembly_format = "$elements attr-dict `:` type($result)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        t = ps.types.get("result", [None])[0]
        if isinstance(t, T.VectorType):
            n = len(ps.operands.get("elements", []))
            if n != t.num_elements:
                custom_op_error(
                    p,
                    state,
                    f"number of operands and types do not match: got {n} operands and {t.num_elements} types",
                    ps.operands["elements"][0][2] if n else None,
                )
            ps.types.setdefault("elements", [t.element_type] * t.num_elements)

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.VectorType)
        if [v.type for v in self.elements] != [t.element_type] * t.num_elements:
            raise self.op_error("failed to verify that operand types match result element type")


@register_op
class ToElementsOp(OpDef):
    """The scalars of a vector (row-major)."""

    __slots__ = ()
    OP_NAME = "vector.to_elements"
    traits = frozenset({PURE})
    source = operand_def(AnyFixedVector)
    elements = var_result_def()
    assembly_format = "$source attr-dict `:` type($source)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        t = ps.types.get("source", [None])[0]
        if isinstance(t, T.VectorType):
            ps.types.setdefault("elements", [t.element_type] * t.num_elements)

    def verify_(self) -> None:
        t = T.of_kind(self.source.type, T.VectorType)
        if self.result_types != [t.element_type] * t.num_elements:
            raise self.op_error("failed to verify that result types match source element type")


@register_op
class FMAOp(OpDef):
    """Fused multiply-add of float vectors."""

    __slots__ = ()
    OP_NAME = "vector.fma"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE, ELEMENTWISE})
    lhs = operand_def(FloatVector)
    rhs = operand_def(FloatVector)
    acc = operand_def(FloatVector)
    result = result_def(FloatVector)
    assembly_format = "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)"

    def _verify_traits(self) -> None:
        ts = [v.type for v in self.operands] + self.result_types
        if any(t != ts[0] for t in ts):
            raise self.op_error("failed to verify that all of {lhs, rhs, acc, result} have same type")


@register_op
class InterleaveOp(OpDef):
    """Interleave the trailing dimension of two vectors."""

    __slots__ = ()
    OP_NAME = "vector.interleave"
    traits = frozenset({PURE})
    lhs = operand_def(AnyVector)
    rhs = operand_def(AnyVector)
    result = result_def(AnyVectorNonZero)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)"
    type_matches = (("lhs", "rhs"),)

    def verify_(self) -> None:
        a, b = T.of_kind(self.lhs.type, T.VectorType), self.rhs.type
        if a != b:
            raise self.op_error("failed to verify that all of {lhs, rhs} have same type")
        if a.rank == 0:
            expected = vtype((2,), a.element_type)
        else:
            expected = vtype(a.shape[:-1] + (a.shape[-1] * 2,), a.element_type, scal(a))
        if self.result_types[0] != expected:
            raise self.op_error("failed to verify that type of 'result' is double the width of the inputs")


@register_op
class DeinterleaveOp(OpDef):
    """Split a vector's trailing dimension into its even and odd elements."""

    __slots__ = ()
    OP_NAME = "vector.deinterleave"
    traits = frozenset({PURE})
    source = operand_def(AnyVectorNonZero)
    res1 = result_def(AnyVectorNonZero)
    res2 = result_def(AnyVectorNonZero)
    assembly_format = "$source attr-dict `:` type($source) `->` type($res1)"
    type_matches = (("res1", "res2"),)

    def asm_result_names(self) -> tuple[str, str]:
        return ("res1", "res2")

    def verify_(self) -> None:
        s = T.of_kind(self.source.type, T.VectorType)
        if s.shape[-1] % 2:
            raise self.op_error(
                "failed to verify that the trailing dimension of the source vector has an even number of elements"
            )
        half = vtype(s.shape[:-1] + (s.shape[-1] // 2,), s.element_type, scal(s))
        if self.result_types[0] != half:
            raise self.op_error(
                "failed to verify that the trailing dimension of the results is half the width "
                "of source trailing dimension"
            )
        if self.result_types[0] != self.result_types[1]:
            raise self.op_error("failed to verify that all of {res1, res2} have same type")


@register_op
class ScalableInsertOp(OpDef):
    """Insert a 1-D vector into a scalable 1-D vector."""

    __slots__ = ()
    OP_NAME = "vector.scalable.insert"
    traits = frozenset({PURE})
    valueToStore = operand_def(Vector1D)
    dest = operand_def(ScalableVector1D)
    pos = prop_def(I64Attr)
    res = result_def(ScalableVector1D)
    assembly_format = "$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) `into` type($dest)"
    type_matches = (("dest", "res"),)

    def verify_(self) -> None:
        s, d = T.of_kind(self.valueToStore.type, T.VectorType), T.of_kind(self.dest.type, T.VectorType)
        if s.element_type != d.element_type:
            raise self.op_error("failed to verify that all of {valueToStore, dest} have same element type")
        if self.pos.value % s.num_elements:
            raise self.op_error("failed to verify that position is a multiple of the source length.")


@register_op
class ScalableExtractOp(OpDef):
    """Extract a 1-D vector from a scalable 1-D vector."""

    __slots__ = ()
    OP_NAME = "vector.scalable.extract"
    traits = frozenset({PURE})
    source = operand_def(ScalableVector1D)
    pos = prop_def(I64Attr)
    res = result_def(Vector1D)
    assembly_format = "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)"

    def verify_(self) -> None:
        s, r = T.of_kind(self.source.type, T.VectorType), T.of_kind(self.result_types[0], T.VectorType)
        if s.element_type != r.element_type:
            raise self.op_error("failed to verify that all of {source, res} have same element type")
        if self.prop("pos", A.IntegerAttr).value % r.num_elements:
            raise self.op_error("failed to verify that position is a multiple of the result length.")


# -- masks ------------------------------------------------------------------------------------


@register_op
class CreateMaskOp(OpDef):
    """A mask whose leading box (given by index values) is set."""

    __slots__ = ()
    OP_NAME = "vector.create_mask"
    traits = frozenset({PURE})
    operands = var_operand_def(C.Index)
    result = result_def(BoolVector)
    assembly_format = "$operands attr-dict `:` type(results)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("operands", [T.index] * len(ps.operands.get("operands", [])))

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.VectorType)
        n = len(self.operands)
        if t.rank == 0:
            if n != 1:
                raise self.op_error("must specify exactly one operand for 0-D create_mask")
        elif n != t.rank:
            raise self.op_error("must specify an operand for each result vector dimension")


@register_op
class ConstantMaskOp(OpDef):
    """A mask whose leading box (given by constants) is set."""

    __slots__ = ()
    OP_NAME = "vector.constant_mask"
    traits = frozenset({PURE})
    mask_dim_sizes = prop_def(C.DenseI64ArrayAttr)
    result = result_def(BoolVector)
    assembly_format = "$mask_dim_sizes attr-dict `:` type(results)"

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.VectorType)
        sizes = list(self.mask_dim_sizes.values)
        if t.rank == 0:
            if len(sizes) != 1:
                raise self.emit_error("array attr must have length 1 for 0-D vectors")
            if sizes[0] not in (0, 1):
                raise self.emit_error("mask dim size must be either 0 or 1 for 0-D vectors")
            return
        if len(sizes) != t.rank:
            raise self.op_error("must specify array attr of size equal vector result rank")
        sc = scal(t)
        for i, s in enumerate(sizes):
            if s < 0 or s > t.shape[i]:
                raise self.op_error("array attr of size out of bounds of vector result dimension size")
            if sc[i] and s not in (0, t.shape[i]):
                raise self.op_error("only supports 'none set' or 'all set' scalable dimensions")
        if 0 in sizes and any(sizes):
            raise self.op_error(
                "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim"
            )


# -- misc --------------------------------------------------------------------------------------


@register_op
class StepOp(OpDef):
    """The vector ``[0, 1, ..., N-1]`` of indices."""

    __slots__ = ()
    OP_NAME = "vector.step"
    traits = frozenset({PURE})
    result = result_def(IndexVector1D)
    assembly_format = "attr-dict `:` type($result)"


@register_op
class VectorScaleOp(OpDef):
    """The runtime scale of scalable vectors."""

    __slots__ = ()
    OP_NAME = "vector.vscale"
    asm_result_name = "vscale"
    traits = frozenset({PURE})
    res = result_def(C.Index)
    assembly_format = "attr-dict"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("res", [T.index])


@register_op
class YieldOp(OpDef):
    """Terminates the region of ``vector.mask``."""

    __slots__ = ()
    OP_NAME = "vector.yield"
    traits = frozenset({PURE, TERMINATOR, RETURN_LIKE})
    operands = var_operand_def()
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"
