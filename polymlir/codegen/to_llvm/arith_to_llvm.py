"""``convert-arith-to-llvm``: arith ops on scalars and 1-D vectors to LLVM
dialect ops (n-D vector operands are unrolled over their outer dims as
upstream does), plus the expansions upstream's ``arith-expand`` performs for
ops LLVM has no instruction for (ceildivsi, floordivsi, ceildivui)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import ClassVar

from ...dialects.arith import ops as arith_d
from ...dialects.llvm import attrs as LA
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, OpResult, Value
from ...ir.diagnostics import DiagnosticError
from ...transforms.pass_manager import ModulePass, PassContext, register_pass
from .conversion import Rewriter, apply_patterns
from .lowering_helpers import extract, insert, poison
from .type_converter import LLVMTypeConverter
from .vector_to_llvm import nd_constant

_BINARY = {
    "arith.addi": "llvm.add",
    "arith.subi": "llvm.sub",
    "arith.muli": "llvm.mul",
    "arith.divsi": "llvm.sdiv",
    "arith.divui": "llvm.udiv",
    "arith.remsi": "llvm.srem",
    "arith.remui": "llvm.urem",
    "arith.andi": "llvm.and",
    "arith.ori": "llvm.or",
    "arith.xori": "llvm.xor",
    "arith.shli": "llvm.shl",
    "arith.shrsi": "llvm.ashr",
    "arith.shrui": "llvm.lshr",
    "arith.addf": "llvm.fadd",
    "arith.subf": "llvm.fsub",
    "arith.mulf": "llvm.fmul",
    "arith.divf": "llvm.fdiv",
    "arith.remf": "llvm.frem",
    "arith.maxsi": "llvm.intr.smax",
    "arith.minsi": "llvm.intr.smin",
    "arith.maxui": "llvm.intr.umax",
    "arith.minui": "llvm.intr.umin",
    "arith.maximumf": "llvm.intr.maximum",
    "arith.minimumf": "llvm.intr.minimum",
    "arith.maxnumf": "llvm.intr.maxnum",
    "arith.minnumf": "llvm.intr.minnum",
}
_OVERFLOW_OPS = {"llvm.add", "llvm.sub", "llvm.mul", "llvm.shl"}
_FASTMATH_OPS = {
    "llvm.fadd",
    "llvm.fsub",
    "llvm.fmul",
    "llvm.fdiv",
    "llvm.frem",
    "llvm.fneg",
    "llvm.intr.maximum",
    "llvm.intr.minimum",
    "llvm.intr.maxnum",
    "llvm.intr.minnum",
    "llvm.fcmp",
    "llvm.select",
}
_CASTS = {
    "arith.extsi": "llvm.sext",
    "arith.extui": "llvm.zext",
    "arith.trunci": "llvm.trunc",
    "arith.extf": "llvm.fpext",
    "arith.truncf": "llvm.fptrunc",
    "arith.sitofp": "llvm.sitofp",
    "arith.uitofp": "llvm.uitofp",
    "arith.fptosi": "llvm.fptosi",
    "arith.fptoui": "llvm.fptoui",
    "arith.bitcast": "llvm.bitcast",
}


def _fastmath(op: Operation) -> dict:
    fm = op.properties.get("fastmath") if isinstance(op.properties, dict) else None
    flags: int = getattr(fm, "value", 0)  # an arith fastmath attribute's bits
    if not flags:
        return {}
    names = [n for n, bit in arith_d.FASTMATH_BITS.items() if flags & bit]
    return {"fastmathFlags": LA.FastmathFlagsAttr.of(*names)}


def _overflow(op: Operation) -> dict:
    of = op.properties.get("overflowFlags") if isinstance(op.properties, dict) else None
    v = getattr(of, "value", 0) if of is not None else 0
    if not v:
        return {}
    bits = (LA.NSW if v & arith_d.OVERFLOW_BITS["nsw"] else 0) | (LA.NUW if v & arith_d.OVERFLOW_BITS["nuw"] else 0)
    return {"overflowFlags": A.IntegerAttr(bits, T.i32)}


def _elementwise(op: Operation, rw: Rewriter, build) -> None:
    """Apply ``build(b, operands, result_type) -> Value`` elementwise; n-D
    vectors are unrolled into their 1-D rows."""
    b = rw.builder(op)
    rt = op.result_types[0]
    if (
        isinstance(rt, T.VectorType)
        and rt.rank > 1
        or any(isinstance(v.type, T.VectorType) and v.type.rank > 1 for v in op.operands)
    ):
        _unroll_nd(op, rw, build)
        return
    rw.replace(op, [build(b, rw.operands(op), rw.convert_type(rt, op))])


def _unroll_nd(op: Operation, rw: Rewriter, build) -> None:

    b = rw.builder(op)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    shape = rt.shape
    llvm_rt = rw.convert_type(rt, op)
    ops = rw.operands(op)
    acc = poison(b, llvm_rt)
    for idx in itertools.product(*[range(d) for d in shape[:-1]]):
        row_ops = []
        for v, orig in zip(ops, op.operands, strict=True):
            if isinstance(orig.type, T.VectorType) and orig.type.rank > 1:
                row_t = rw.convert_type(T.VectorType(orig.type.shape[-1:], orig.type.element_type), op)
                row_ops.append(extract(b, v, row_t, *idx))
            else:
                row_ops.append(v)
        row_rt = rw.convert_type(T.VectorType(shape[-1:], rt.element_type), op)
        acc = insert(b, acc, build(b, row_ops, row_rt), *idx)
    rw.replace(op, [acc])


def _const_int(v: Value) -> int | None:

    while isinstance(v, OpResult) and v.owner.name == "builtin.unrealized_conversion_cast":
        v = v.owner.operands[0]
    if isinstance(v, OpResult) and v.owner.name in ("arith.constant", "llvm.mlir.constant"):
        a = v.owner.props.get("value")
        if isinstance(a, A.IntegerAttr):
            return a.value
    return None


def _binary(op: Operation, rw: Rewriter) -> None:
    name = _BINARY[op.name]
    if op.name == "arith.remsi" and _const_int(op.operands[1]) == -1:
        # x rem -1 is 0; LLVM's srem is undefined for (INT_MIN, -1), upstream folds it.
        b = rw.builder(op)
        t = rw.convert_type(op.result_types[0], op)
        rw.replace(op, [b.create("llvm.mlir.constant", [], [t], properties={"value": A.IntegerAttr(0, t)}).results[0]])
        return
    props = {}
    if name in _OVERFLOW_OPS:
        props.update(_overflow(op))
    if name in _FASTMATH_OPS:
        props.update(_fastmath(op))
    _elementwise(op, rw, lambda b, xs, t: b.create(name, xs, [t], properties=props or None).results[0])


def _negf(op: Operation, rw: Rewriter) -> None:
    props = _fastmath(op)
    _elementwise(op, rw, lambda b, xs, t: b.create("llvm.fneg", xs, [t], properties=props or None).results[0])


def _cast(op: Operation, rw: Rewriter) -> None:
    name = _CASTS[op.name]
    _elementwise(op, rw, lambda b, xs, t: b.create(name, xs, [t]).results[0])


def _width(t: T.Type) -> int:
    e = t.element_type if isinstance(t, T.VectorType) else t
    return T.of_kind(e, T.IntegerType).width


def _index_cast(op: Operation, rw: Rewriter) -> None:
    unsigned = op.name == "arith.index_castui"

    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        src_w, dst_w = _width(xs[0].type), _width(t)
        if src_w == dst_w:
            return xs[0]
        if src_w > dst_w:
            return b.create("llvm.trunc", xs, [t]).results[0]
        return b.create("llvm.zext" if unsigned else "llvm.sext", xs, [t]).results[0]

    _elementwise(op, rw, build)


def _cmp(op: Operation, rw: Rewriter) -> None:
    # arith's and llvm's predicate enums share their numbering.
    name = "llvm.icmp" if op.name == "arith.cmpi" else "llvm.fcmp"
    props = {"predicate": op.props["predicate"]}
    if name == "llvm.fcmp":
        props.update(_fastmath(op))
    _elementwise(op, rw, lambda b, xs, t: b.create(name, xs, [t], properties=props).results[0])


def _select(op: Operation, rw: Rewriter) -> None:
    props = _fastmath(op)
    _elementwise(op, rw, lambda b, xs, t: b.create("llvm.select", xs, [t], properties=props or None).results[0])


def _constant(op: Operation, rw: Rewriter) -> None:
    b = rw.builder(op)
    v = op.props["value"]
    rt = op.result_types[0]
    if isinstance(rt, T.VectorType) and rt.rank != 1 and isinstance(v, A.DenseElementsAttr):
        nd_constant(op, rw)
        return
    t = rw.convert_type(op.result_types[0], op)
    if isinstance(v, A.IntegerAttr) and isinstance(v.type, T.IndexType):
        v = A.IntegerAttr(v.value, t)
    elif isinstance(v, A.DenseElementsAttr) and isinstance(v.type.element_type, T.IndexType):
        v = A.DenseElementsAttr(
            T.VectorType(v.type.shape, t.element_type) if isinstance(t, T.VectorType) else v.type,
            v.data,
            v.splat,
        )
    rw.replace(op, [b.create("llvm.mlir.constant", [], [t], properties={"value": v}).results[0]])


def _div_expansion(op: Operation, rw: Rewriter) -> None:
    """ceildivsi / floordivsi / ceildivui as upstream's arith-expand emits."""
    b = rw.builder(op)
    x, y = rw.operands(op)
    t = x.type

    def c(v: int) -> Value:
        return b.create("llvm.mlir.constant", [], [t], properties={"value": A.IntegerAttr(v, t)}).results[0]

    def f(name: str, *xs: Value, rt: T.Type | None = None, pred: int | None = None) -> Value:
        props = {"predicate": A.IntegerAttr(pred, T.i64)} if pred is not None else None
        return b.create(name, list(xs), [rt or t], properties=props).results[0]

    zero, one = c(0), c(1)
    i1 = T.i1
    if op.name == "arith.ceildivui":
        # x == 0 ? 0 : (x - 1) / y + 1
        is_zero = f("llvm.icmp", x, zero, rt=i1, pred=0)
        q = f("llvm.add", f("llvm.udiv", f("llvm.sub", x, one), y), one)
        res = f("llvm.select", is_zero, zero, q)
    else:
        q = f("llvm.sdiv", x, y)
        r = f("llvm.srem", x, y)
        r_nonzero = f("llvm.icmp", r, zero, rt=i1, pred=1)
        x_neg = f("llvm.icmp", x, zero, rt=i1, pred=2)
        y_neg = f("llvm.icmp", y, zero, rt=i1, pred=2)
        signs_differ = f("llvm.icmp", x_neg, y_neg, rt=i1, pred=1)
        if op.name == "arith.floordivsi":
            adjust = f("llvm.and", r_nonzero, signs_differ, rt=i1)
            res = f("llvm.select", adjust, f("llvm.sub", q, one), q)
        else:
            same = f("llvm.icmp", x_neg, y_neg, rt=i1, pred=0)
            adjust = f("llvm.and", r_nonzero, same, rt=i1)
            res = f("llvm.select", adjust, f("llvm.add", q, one), q)
    rw.replace(op, [res])


def _extended(op: Operation, rw: Rewriter) -> None:
    """addui_extended -> (sum, sum <u lhs); mul[su]i_extended -> (low, high)
    through a multiplication at twice the width."""
    b = rw.builder(op)
    x, y = rw.operands(op)
    t = x.type
    if isinstance(t, T.VectorType):
        raise DiagnosticError(f"'{op.name}' on vectors is not lowered to the LLVM dialect yet", op.loc)
    if op.name == "arith.addui_extended":
        s = b.create("llvm.add", [x, y], [t]).results[0]
        of = b.create("llvm.icmp", [s, x], [T.i1], properties={"predicate": A.IntegerAttr(6, T.i64)}).results[0]
        rw.replace(op, [s, of])
        return
    w = T.of_kind(t, T.IntegerType).width
    wide = T.IntegerType(2 * w)
    ext = "llvm.sext" if op.name == "arith.mulsi_extended" else "llvm.zext"
    xw = b.create(ext, [x], [wide]).results[0]
    yw = b.create(ext, [y], [wide]).results[0]
    p = b.create("llvm.mul", [xw, yw], [wide]).results[0]
    low = b.create("llvm.trunc", [p], [t]).results[0]
    sh = b.create("llvm.mlir.constant", [], [wide], properties={"value": A.IntegerAttr(w, wide)}).results[0]
    high = b.create("llvm.trunc", [b.create("llvm.lshr", [p, sh], [wide]).results[0]], [t]).results[0]
    rw.replace(op, [low, high])


PATTERNS = {name: _binary for name in _BINARY}
PATTERNS.update({n: _extended for n in ("arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended")})
PATTERNS.update({name: _cast for name in _CASTS})
PATTERNS.update(
    {
        "arith.negf": _negf,
        "arith.index_cast": _index_cast,
        "arith.index_castui": _index_cast,
        "arith.cmpi": _cmp,
        "arith.cmpf": _cmp,
        "arith.select": _select,
        "arith.constant": _constant,
        "arith.ceildivsi": _div_expansion,
        "arith.floordivsi": _div_expansion,
        "arith.ceildivui": _div_expansion,
    }
)


def convert_arith_to_llvm(root: Operation, converter: LLVMTypeConverter | None = None) -> None:
    apply_patterns(root, PATTERNS, Rewriter(converter or LLVMTypeConverter()))


@register_pass
@dataclass(frozen=True)
class ConvertArithToLLVM(ModulePass):
    name: ClassVar[str] = "convert-arith-to-llvm"
    summary: ClassVar[str] = "Convert arith ops to the LLVM dialect"
    index_bitwidth: int = 64

    def run(self, op: Operation, ctx: PassContext) -> None:
        apply_patterns(op, PATTERNS, Rewriter(LLVMTypeConverter(self.index_bitwidth), ctx))
