"""``canonicalize``: upstream's canonicalizer, for the ops polymlir's
transformations produce, printing what ``mlir-opt --canonicalize`` prints.

The driver is upstream's greedy one (`polymlir.ir.patterns`): trivially
dead ops (no used results, no effects but reads) are erased, ops are folded
(constants materialized as ``arith.constant`` and hoisted, uniqued, to the
start of the enclosing function), then rewritten by patterns, to a fixed
point. What is covered, exactly as upstream does it:

- Dead code: any op without used results and without memory effects
  other than reads (``Pure`` ops, loads, loops whose bodies have no
  effects...), and ops left dead by the region simplification.
- ``arith`` folders (scalars of integer, index and float types; a folder
  not listed here is not applied):
  constant folding of ``addi subi muli divsi divui remsi remui floordivsi
  ceildivsi andi ori xori shli shrsi shrui maxsi minsi maxui minui cmpi
  index_cast trunci sitofp select addf subf mulf divf negf`` (integers wrap to their
  width; no fold of a division by zero or of an overflowing signed
  division; float results in the type's precision, NaN results left
  unfolded); identities ``x + 0``, ``x - 0``, ``x - x``, ``(a - b) + b``,
  ``(a + b) - b``, ``x * 1``, ``x * 0`` (integers only: ``x * 0.0`` is not
  ``0.0`` for NaN or infinite ``x``), ``x / 1``, ``(a * b) / b`` with
  ``nsw``/``nuw``, ``x % 1``, ``x & 0``, ``x & -1``, ``x & x``, ``x | 0``,
  ``x | x``, ``x ^ 0``, ``x ^ x``, ``x << 0``, ``max/min(x, x)``,
  ``cmpi(x, x)``, a constant left operand of ``cmpi`` moved right,
  ``select`` of a constant condition or of equal values or of a
  ``cmpi eq/ne`` of its operands, ``x + -0.0``, ``x - 0.0``, ``x * 1.0``,
  ``x / 1.0``, ``-(-x)``; and the ``Commutative`` trait's fold (constant
  operands moved last).
- ``memref.dim`` of a static size, or of a dynamic size of a
  ``memref.alloc``/``alloca``/``subview``.
- The affine folders and patterns of `canonicalize_affine` (``affine.apply``
  chains composed into the maps of their users: apply, load, store, min,
  max, for bounds, if conditions; constant operands folded into maps;
  unused and duplicate operands dropped; min/max with one result or
  constant results; loop bounds simplified with the bounds of enclosing
  IVs; loops with only a yield; the ``0 == 0`` and ``1 == 0`` conditions).

Upstream does not promote single-iteration loops, erase loops that never
run (unless they return values), nor resolve conditions such as
``2 >= 0``; `LOOP_CLEANUP_PATTERNS` do, with the option ``loop-cleanup``
(not an upstream option) or ``canonicalize(op, loop_cleanup=True)``.

Not done (upstream does): the other ``arith`` canonicalization patterns
(re-association of constants, ext/trunc chains, ...), folds of vector and
tensor constants, poison, ``region-simplify=aggressive`` block merging
(treated as ``normal``), and the patterns of dialects other than arith
and affine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal, cast

from ..dialects import arith, memref
from ..dialects.arith.ops import ConstantOp, IntegerOverflowFlagsAttr
from ..dialects.memref.alloc import AllocaOp, AllocOp
from ..dialects.memref.views import SubViewOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, OpResult, Value
from ..ir.patterns import Folder, GreedyConfig, OpClass, PatternSet, RewritePattern, apply_patterns_greedily
from . import canonicalize_affine as CA
from .pass_manager import ModulePass, PassContext, PassError, register_pass

# -- arith folders ----------------------------------------------------------------------------------


def _width(t: T.Type) -> int | None:
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.IntegerType):
        return t.width
    return None


def _signed(v: int, w: int) -> int:
    """``v`` as a ``w``-bit two's complement value (i1 true is -1)."""
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def _unsigned(v: int, w: int) -> int:
    return v & ((1 << w) - 1)


def _int_attr(v: int, t: T.Type) -> A.IntegerAttr:
    w = _width(t)
    assert w is not None
    return A.IntegerAttr(v & 1, t) if w == 1 else A.IntegerAttr(_signed(v, w), t)


def _ints(op: Operation, consts: list) -> tuple[int | None, int | None, int | None]:
    """(width, lhs, rhs) of a scalar integer op, the constant operands as
    signed values (None where not constant)."""
    w = _width(op.results[0].type) if op.results else None
    if w is None:
        return None, None, None
    vals = [_signed(c.value, w) if isinstance(c, A.IntegerAttr) else None for c in consts[:2]]
    vals += [None] * (2 - len(vals))
    return w, vals[0], vals[1]


def _is_one(b: int | None, w: int) -> bool:
    return b is not None and _unsigned(b, w) == 1


def _defined_by(v: Value, kind: OpClass) -> Operation | None:
    return v.owner if isinstance(v, OpResult) and type(v.owner) is kind else None


def _binary_int(compute: Callable[[int, int, int], int | None]):
    def fold(op: Operation, consts: list):
        w, a, b = _ints(op, consts)
        if w is None or a is None or b is None:
            return None
        r = compute(a, b, w)
        return None if r is None else [_int_attr(r, op.results[0].type)]

    return fold


def _fold_addi(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    sub = _defined_by(lhs, arith.SubIOp)
    if sub is not None and sub.operands[1] is rhs:
        return [sub.operands[0]]
    sub = _defined_by(rhs, arith.SubIOp)
    if sub is not None and sub.operands[1] is lhs:
        return [sub.operands[0]]
    return _binary_int(lambda a, b, w: a + b)(op, consts)


def _fold_subi(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if lhs is rhs:
        return [_int_attr(0, op.results[0].type)]
    if b == 0:
        return [lhs]
    add = _defined_by(lhs, arith.AddIOp)
    if add is not None:
        if rhs is add.operands[1]:
            return [add.operands[0]]
        if rhs is add.operands[0]:
            return [add.operands[1]]
    return _binary_int(lambda a, b, w: a - b)(op, consts)


def _fold_muli(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if b == 0:
        return [op.operands[1]]
    if _is_one(b, w):
        return [op.operands[0]]
    return _binary_int(lambda a, b, w: a * b)(op, consts)


def _div_mul(op: Operation, flag: str) -> Value | None:
    """``(a * b) / b -> a`` when the multiplication has the overflow flag."""
    lhs, rhs = op.operands
    mul = _defined_by(lhs, arith.MulIOp)
    if mul is None:
        return None
    flags = mul.get_attr("overflowFlags")
    if not isinstance(flags, IntegerOverflowFlagsAttr) or not flags.has(flag):
        return None
    if mul.operands[0] is rhs:
        return mul.operands[1]
    if mul.operands[1] is rhs:
        return mul.operands[0]
    return None


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _sdiv(a: int, b: int, w: int) -> int | None:
    if b == 0 or (a == -(1 << (w - 1)) and b == -1 and w > 1):
        return None
    return _tdiv(a, b)


def _fold_divsi(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if _is_one(b, w):
        return [op.operands[0]]
    v = _div_mul(op, "nsw")
    if v is not None:
        return [v]
    return _binary_int(_sdiv)(op, consts)


def _fold_divui(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if _is_one(b, w):
        return [op.operands[0]]
    v = _div_mul(op, "nuw")
    if v is not None:
        return [v]
    return _binary_int(lambda a, b, w: None if b == 0 else _unsigned(a, w) // _unsigned(b, w))(op, consts)


def _srem(a: int, b: int, w: int) -> int | None:
    if b == 0:
        return None
    return a - _tdiv(a, b) * b if not (a == -(1 << (w - 1)) and b == -1) else 0


def _fold_rem(unsigned: bool):
    def fold(op: Operation, consts: list):
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if _is_one(b, w):
            return [_int_attr(0, op.results[0].type)]
        if unsigned:
            return _binary_int(lambda a, b, w: None if b == 0 else _unsigned(a, w) % _unsigned(b, w))(op, consts)
        return _binary_int(_srem)(op, consts)

    return fold


def _floordivsi(a: int, b: int, w: int) -> int | None:
    if b == 0 or (a == -(1 << (w - 1)) and b == -1):
        return None
    return a // b


def _ceildivsi(a: int, b: int, w: int) -> int | None:
    lo = -(1 << (w - 1))
    if b == 0 or a == lo or b == lo:  # upstream declines where its negations overflow
        return None
    return -(-a // b)


def _fold_by_one(compute):
    def fold(op: Operation, consts: list):
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if _is_one(b, w):
            return [op.operands[0]]
        return _binary_int(compute)(op, consts)

    return fold


def _fold_andi(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [rhs]
    if b == -1:
        return [lhs]
    if lhs is rhs:
        return [lhs]
    return _binary_int(lambda a, b, w: a & b)(op, consts)


def _fold_ori(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    if lhs is rhs:
        return [lhs]
    return _binary_int(lambda a, b, w: a | b)(op, consts)


def _fold_xori(op: Operation, consts: list):
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    if lhs is rhs:
        return [_int_attr(0, op.results[0].type)]
    return _binary_int(lambda a, b, w: a ^ b)(op, consts)


def _fold_shift(kind: str):
    def fold(op: Operation, consts: list):
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if b == 0:
            return [op.operands[0]]

        def compute(a: int, b: int, w: int) -> int | None:
            n = _unsigned(b, w)
            if n >= w:
                return None
            if kind == "shl":
                return a << n
            if kind == "shrs":
                return a >> n
            return _unsigned(a, w) >> n

        return _binary_int(compute)(op, consts)

    return fold


def _fold_minmax(pick: Callable[[int, int, int], int]):
    def fold(op: Operation, consts: list):
        w, _, _ = _ints(op, consts)
        if w is None:
            return None
        if op.operands[0] is op.operands[1]:
            return [op.operands[0]]
        return _binary_int(pick)(op, consts)

    return fold


_CMPI_SWAP = {
    "slt": "sgt",
    "sgt": "slt",
    "sle": "sge",
    "sge": "sle",
    "ult": "ugt",
    "ugt": "ult",
    "ule": "uge",
    "uge": "ule",
    "eq": "eq",
    "ne": "ne",
}
_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _int_prop(op: Operation, name: str) -> int:
    return cast(A.IntegerAttr, op.get_attr(name)).value


def _cmpi(pred: str, a: int, b: int, w: int) -> bool:
    if pred[0] == "u":
        a, b = _unsigned(a, w), _unsigned(b, w)
        pred = "s" + pred[1:]
    return {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b}[pred]


def _fold_cmpi(op: Operation, consts: list):
    lhs, rhs = op.operands
    w = _width(lhs.type)
    if w is None:
        return None
    pred = _CMPI[_int_prop(op, "predicate")]
    if lhs is rhs:
        return [A.BoolAttr(pred in ("eq", "sle", "sge", "ule", "uge"))]
    a, b = consts
    if a is not None and b is None:
        op.set_attr("predicate", A.IntegerAttr(_CMPI.index(_CMPI_SWAP[pred]), T.i64))
        op.set_operands([rhs, lhs])
        return []
    if isinstance(a, A.IntegerAttr) and isinstance(b, A.IntegerAttr):
        return [A.BoolAttr(_cmpi(pred, _signed(a.value, w), _signed(b.value, w), w))]
    return None


def _fold_select(op: Operation, consts: list):
    cond, tv, fv = op.operands
    if tv is fv:
        return [tv]
    c = consts[0]
    if isinstance(c, A.IntegerAttr) and cond.type == T.i1:
        return [tv if c.value & 1 else fv]
    t, f = consts[1], consts[2]
    if (
        op.results[0].type == T.i1
        and isinstance(t, A.IntegerAttr)
        and isinstance(f, A.IntegerAttr)
        and t.value & 1
        and not f.value & 1
    ):
        return [cond]
    cmp = _defined_by(cond, arith.CmpIOp)
    if cmp is not None:
        pred = _CMPI[_int_prop(cmp, "predicate")]
        if pred in ("eq", "ne"):
            a, b = cmp.operands
            if (a is tv and b is fv) or (b is tv and a is fv):
                return [tv if pred == "ne" else fv]
    return None


def _fold_index_cast(op: Operation, consts: list):
    c = consts[0]
    w = _width(op.results[0].type)
    if not isinstance(c, A.IntegerAttr) or w is None or _width(op.operands[0].type) is None:
        return None
    src_w = _width(op.operands[0].type)
    assert src_w is not None
    return [_int_attr(_signed(c.value, src_w), op.results[0].type)]  # sign-extend or truncate


def _fold_trunci(op: Operation, consts: list):
    c = consts[0]
    w = _width(op.results[0].type)
    if not isinstance(c, A.IntegerAttr) or w is None:
        return None
    return [_int_attr(_signed(c.value, w), op.results[0].type)]


def _fold_sitofp(op: Operation, consts: list):
    c = consts[0]
    t = op.results[0].type
    src_w = _width(op.operands[0].type)
    if not isinstance(c, A.IntegerAttr) or src_w is None or not isinstance(t, T.FloatType):
        return None
    v = _signed(c.value, src_w)
    if t.name not in ("f16", "bf16", "f32", "f64") or (t.name != "f64" and abs(v) >= 2**53):
        return None  # (beyond 2**53, int -> double -> narrower would round twice)
    return _float_result(op, float(v))


def _floats(op: Operation, consts: list) -> list[float | None] | None:
    t = op.results[0].type
    if not isinstance(t, T.FloatType) or t.name not in ("f16", "bf16", "f32", "f64"):
        return None
    return [c.value if isinstance(c, A.FloatAttr) and c.type == t else None for c in consts]


def _is_float(c, v: float, negative_zero: bool = False) -> bool:
    if not isinstance(c, A.FloatAttr) or math.isnan(c.value) or c.value != v:
        return False
    return v != 0 or (math.copysign(1.0, c.value) < 0) == negative_zero


def _float_result(op: Operation, v: float):
    t = op.results[0].type
    r = A.round_float(v, t)
    if math.isnan(r):
        return None  # NaN payloads are APFloat's business; left unfolded
    return [A.FloatAttr(r, t)]


def _fold_float_binary(compute: Callable[[float, float], float], identity: Callable[[object], bool]):
    def fold(op: Operation, consts: list):
        vals = _floats(op, consts)
        if vals is None:
            return None
        if identity(consts[1]):
            return [op.operands[0]]
        a, b = vals
        if a is None or b is None or math.isnan(a) or math.isnan(b):
            return None
        try:
            r = compute(a, b)
        except (OverflowError, ZeroDivisionError):
            return None
        return _float_result(op, r)

    return fold


def _divf(a: float, b: float) -> float:
    if b == 0:
        if a == 0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _mul(a: float, b: float) -> float:
    try:
        return a * b
    except OverflowError:  # pragma: no cover - float products do not raise
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def _fold_negf(op: Operation, consts: list):
    vals = _floats(op, consts)
    if vals is None:
        return None
    inner = _defined_by(op.operands[0], arith.NegFOp)
    if inner is not None:
        return [inner.operands[0]]
    a = vals[0]
    if a is None or math.isnan(a):
        return None
    return _float_result(op, -a)


def _fold_memref_dim(op: Operation, consts: list):
    """``memref.dim`` of a static size (a constant) or of a dynamic size
    given to ``memref.alloc``/``alloca``/``subview`` (that operand)."""
    c = consts[1] if len(consts) > 1 else None
    t = op.operands[0].type
    if not isinstance(c, A.IntegerAttr) or not isinstance(t, T.MemRefType):
        return None
    i = c.value
    if not 0 <= i < len(t.shape):
        return None
    if t.shape[i] != T.DYNAMIC:
        return [A.IntegerAttr(t.shape[i], T.index)]
    src = op.operands[0]
    owner = src.owner if isinstance(src, OpResult) else None
    if isinstance(owner, (AllocOp, AllocaOp)):
        pos = sum(1 for d in t.shape[:i] if d == T.DYNAMIC)
        sizes = list(owner.dynamicSizes)
        return [sizes[pos]] if pos < len(sizes) else None
    if isinstance(owner, SubViewOp):
        # The i-th kept dimension of the source; its size is dynamic (the
        # result's is) and is the matching operand among the sizes.
        dropped = owner.dropped_dims()
        kept = [d for d in range(len(T.of_kind(owner.operands[0].type, T.MemRefType).shape)) if d not in dropped]
        if i >= len(kept):
            return None
        static = list(cast(A.DenseArrayAttr, owner.get_attr("static_sizes")).values)
        d = kept[i]
        if static[d] != T.DYNAMIC:
            return None
        pos = sum(1 for x in static[:d] if x == T.DYNAMIC)
        sizes = list(owner.sizes)
        return [sizes[pos]] if pos < len(sizes) else None
    return None


ARITH_FOLDERS: dict[OpClass, Folder] = {
    arith.AddIOp: _fold_addi,
    arith.SubIOp: _fold_subi,
    arith.MulIOp: _fold_muli,
    arith.DivSIOp: _fold_divsi,
    arith.DivUIOp: _fold_divui,
    arith.RemSIOp: _fold_rem(False),
    arith.RemUIOp: _fold_rem(True),
    arith.FloorDivSIOp: _fold_by_one(_floordivsi),
    arith.CeilDivSIOp: _fold_by_one(_ceildivsi),
    arith.AndIOp: _fold_andi,
    arith.OrIOp: _fold_ori,
    arith.XOrIOp: _fold_xori,
    arith.ShLIOp: _fold_shift("shl"),
    arith.ShRSIOp: _fold_shift("shrs"),
    arith.ShRUIOp: _fold_shift("shru"),
    arith.MaxSIOp: _fold_minmax(lambda a, b, w: max(a, b)),
    arith.MinSIOp: _fold_minmax(lambda a, b, w: min(a, b)),
    arith.MaxUIOp: _fold_minmax(lambda a, b, w: a if _unsigned(a, w) >= _unsigned(b, w) else b),
    arith.MinUIOp: _fold_minmax(lambda a, b, w: a if _unsigned(a, w) <= _unsigned(b, w) else b),
    arith.CmpIOp: _fold_cmpi,
    arith.SelectOp: _fold_select,
    arith.IndexCastOp: _fold_index_cast,
    arith.TruncIOp: _fold_trunci,
    arith.SIToFPOp: _fold_sitofp,
    arith.AddFOp: _fold_float_binary(lambda a, b: a + b, lambda c: _is_float(c, 0.0, negative_zero=True)),
    arith.SubFOp: _fold_float_binary(lambda a, b: a - b, lambda c: _is_float(c, 0.0)),
    arith.MulFOp: _fold_float_binary(_mul, lambda c: _is_float(c, 1.0)),
    arith.DivFOp: _fold_float_binary(_divf, lambda c: _is_float(c, 1.0)),
    arith.NegFOp: _fold_negf,
    memref.DimOp: _fold_memref_dim,
}


def materialize_constant(value: A.Attribute, type: T.Type, loc: A.Location) -> Operation | None:
    """``arith.constant`` for a typed attribute of ``type`` (upstream's
    arith and affine ``materializeConstant``)."""
    if not isinstance(value, (A.IntegerAttr, A.FloatAttr)) or value.type != type:
        return None
    op = ConstantOp.create(properties={"value": value}, result_types=[type], loc=loc)
    return op


def pattern_set(loop_cleanup: bool = False) -> PatternSet:
    """The folders, patterns and constant materializers of ``canonicalize``."""
    patterns: list[RewritePattern] = list(CA.PATTERNS)
    if loop_cleanup:
        patterns += CA.LOOP_CLEANUP_PATTERNS
    return PatternSet(
        patterns,
        {**ARITH_FOLDERS, **CA.FOLDERS},
        {"arith": materialize_constant, "affine": materialize_constant, "memref": materialize_constant},
    )


def canonicalize(
    op: Operation,
    *,
    max_iterations: int = 10,
    max_num_rewrites: int = -1,
    top_down: bool = True,
    region_simplify: str = "normal",
    loop_cleanup: bool = False,
    disable_patterns: tuple[str, ...] = (),
    enable_patterns: tuple[str, ...] = (),
) -> bool:
    """Canonicalize the regions of ``op`` in place (see the module
    docstring); ``loop_cleanup`` adds the loop and condition clean-ups
    upstream's canonicalize does not do. Returns whether a fixed point was
    reached within ``max_iterations``."""
    config = GreedyConfig(
        max_iterations=max_iterations,
        max_num_rewrites=max_num_rewrites,
        top_down=top_down,
        region_simplify=region_simplify,
    )
    enabled = None
    if disable_patterns or enable_patterns:

        def enabled(p: RewritePattern) -> bool:
            if enable_patterns and p.label not in enable_patterns:
                return False
            return p.label not in disable_patterns

    return apply_patterns_greedily(op, pattern_set(loop_cleanup), config, enabled)


@register_pass
@dataclass(frozen=True)
class Canonicalize(ModulePass):
    name: ClassVar[str] = "canonicalize"
    summary: ClassVar[str] = "Canonicalize operations (upstream's folders and patterns for arith and affine)"
    top_down: bool = True
    region_simplify: Literal["disabled", "normal", "aggressive"] = "normal"
    max_iterations: int = 10
    max_num_rewrites: int = -1
    test_convergence: bool = False
    disable_patterns: tuple[str, ...] = ()
    enable_patterns: tuple[str, ...] = ()
    loop_cleanup: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        converged = canonicalize(
            op,
            max_iterations=self.max_iterations,
            max_num_rewrites=self.max_num_rewrites,
            top_down=self.top_down,
            region_simplify=self.region_simplify,
            loop_cleanup=self.loop_cleanup,
            disable_patterns=self.disable_patterns,
            enable_patterns=self.enable_patterns,
        )
        if self.test_convergence and not converged:
            raise PassError(f"canonicalize did not converge within {self.max_iterations} iterations", op.loc)
