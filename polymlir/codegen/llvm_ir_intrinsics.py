"""How ``llvm.intr.*`` ops become calls of LLVM intrinsics.

``SPECS[mnemonic]`` gives the LLVM name, the overloaded types that mangle
the name (``"r"`` the result type, ``"r.N"`` field N of a struct result, an
integer the type of that MLIR operand, ``"p:name"`` the type of an integer
property) and the argument list, in LLVM order: ``"$i"`` MLIR operand i
(``"$i?"`` when optional, ``poison`` when absent), ``"$i align:prop"``
operand i with an ``align`` parameter attribute, ``"prop:type"`` an
immediate from a property, ``"meta:prop"`` a metadata string. Mnemonics not
listed call ``@llvm.<mnemonic>`` with their operands in order, unmangled;
LLVM 22's parser completes the name from the call's types.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..dialects.llvm.intrinsics import UNARY_FLOAT


@dataclass(frozen=True)
class IntrinsicSpec:
    name: str
    overloads: tuple = ()
    args: tuple[str, ...] | None = None  # None: the MLIR operands in order


def _s(name: str, overloads=(), args=None) -> IntrinsicSpec:
    return IntrinsicSpec(name, tuple(overloads), tuple(args) if args is not None else None)


SPECS: dict[str, IntrinsicSpec] = {}

for _n in (
    *UNARY_FLOAT,
    "copysign",
    "pow",
    "maxnum",
    "minnum",
    "maximum",
    "minimum",
    "maximumnum",
    "minimumnum",
    "atan2",
    "fma",
    "fmuladd",
    "bitreverse",
    "bswap",
    "ctpop",
    "smax",
    "smin",
    "umax",
    "umin",
    "sadd.sat",
    "uadd.sat",
    "ssub.sat",
    "usub.sat",
    "sshl.sat",
    "ushl.sat",
    "fshl",
    "fshr",
    "ssa.copy",
    "expect",
    "threadlocal.address",
    "launder.invariant.group",
    "strip.invariant.group",
    "stepvector",
    "vscale",
    "vector.interleave2",
    "masked.expandload",
    "stacksave",
):
    SPECS[_n] = _s(_n, ["r"])
for _n in ("ctlz", "cttz"):
    SPECS[_n] = _s(_n, ["r"], ["$0", "is_zero_poison:i1"])
SPECS["abs"] = _s("abs", ["r"], ["$0", "is_int_min_poison:i1"])
SPECS["is.fpclass"] = _s("is.fpclass", [0], ["$0", "bit:i32"])
SPECS["prefetch"] = _s("prefetch", [0], ["$0", "rw:i32", "hint:i32", "cache:i32"])
for _n in ("powi", "ldexp"):
    SPECS[_n] = _s(_n, ["r", 1])
SPECS["frexp"] = _s("frexp", ["r.0", "r.1"])
SPECS["sincos"] = _s("sincos", [0])
for _n in ("lround", "llround", "lrint", "llrint"):
    SPECS[_n] = _s(_n, ["r", 0])
for _n in ("memcpy", "memmove"):
    SPECS[_n] = _s(_n, [0, 1, 2], ["$0", "$1", "$2", "isVolatile:i1"])
SPECS["memset"] = _s("memset", [0, 2], ["$0", "$1", "$2", "isVolatile:i1"])
SPECS["memcpy.inline"] = _s("memcpy.inline", [0, 1, "p:len"], ["$0", "$1", "len:attr", "isVolatile:i1"])
SPECS["memset.inline"] = _s("memset.inline", [0, "p:len"], ["$0", "$1", "len:attr", "isVolatile:i1"])
for _n in ("sadd", "uadd", "ssub", "usub", "smul", "umul"):
    SPECS[f"{_n}.with.overflow"] = _s(f"{_n}.with.overflow", [0])
for _n in ("add", "and", "mul", "or", "smax", "smin", "umax", "umin", "xor", "fmax", "fmin", "fmaximum", "fminimum"):
    SPECS[f"vector.reduce.{_n}"] = _s(f"vector.reduce.{_n}", [0])
for _n in ("fadd", "fmul"):
    SPECS[f"vector.reduce.{_n}"] = _s(f"vector.reduce.{_n}", [1])
SPECS["masked.load"] = _s("masked.load", ["r", 0], ["$0 align:alignment", "$1", "$2?"])
SPECS["masked.store"] = _s("masked.store", [0, 1], ["$0", "$1 align:alignment", "$2"])
SPECS["masked.gather"] = _s("masked.gather", ["r", 0], ["$0 align:alignment", "$1", "$2?"])
SPECS["masked.scatter"] = _s("masked.scatter", [0, 1], ["$0", "$1 align:alignment", "$2"])
SPECS["masked.compressstore"] = _s("masked.compressstore", [0])
SPECS["matrix.transpose"] = _s("matrix.transpose", ["r"], ["$0", "rows:i32", "columns:i32"])
SPECS["matrix.multiply"] = _s(
    "matrix.multiply", ["r", 0, 1], ["$0", "$1", "lhs_rows:i32", "lhs_columns:i32", "rhs_columns:i32"]
)
SPECS["matrix.column.major.load"] = _s(
    "matrix.column.major.load", ["r", 1], ["$0", "$1", "isVolatile:i1", "rows:i32", "columns:i32"]
)
SPECS["matrix.column.major.store"] = _s(
    "matrix.column.major.store", [0, 2], ["$0", "$1", "$2", "isVolatile:i1", "rows:i32", "columns:i32"]
)
SPECS["get.active.lane.mask"] = _s("get.active.lane.mask", ["r", 0])
SPECS["stackrestore"] = _s("stackrestore", [0])
SPECS["vastart"] = _s("va_start", [0])
SPECS["vaend"] = _s("va_end", [0])
SPECS["vacopy"] = _s("va_copy", [0])
for _n in ("lifetime.start", "lifetime.end"):
    SPECS[_n] = _s(_n, [0])
SPECS["invariant.start"] = _s("invariant.start", [0], ["size:i64", "$0"])
SPECS["invariant.end"] = _s("invariant.end", [1], ["$0", "size:i64", "$1"])
SPECS["ptrmask"] = _s("ptrmask", ["r", 1])
SPECS["vector.insert"] = _s("vector.insert", ["r", 1], ["$0", "$1", "pos:i64"])
SPECS["vector.extract"] = _s("vector.extract", ["r", 0], ["$0", "pos:i64"])
SPECS["vector.deinterleave2"] = _s("vector.deinterleave2", [0])
SPECS["vector.splice"] = _s("vector.splice", ["r"], ["$0", "$1", "imm:i32"])
SPECS["eh.typeid.for"] = _s("eh.typeid.for", [0])
SPECS["annotation"] = _s("annotation", ["r", 1])
SPECS["ptr.annotation"] = _s("ptr.annotation", ["r", 1])
SPECS["var.annotation"] = _s("var.annotation", [0, 1])
SPECS["is.constant"] = _s("is.constant", [0])
SPECS["expect.with.probability"] = _s("expect.with.probability", ["r"], ["$0", "$1", "prob:double"])
SPECS["ubsantrap"] = _s("ubsantrap", [], ["failureKind:i8"])
SPECS["assume"] = _s("assume", [], ["$0"])
for _n in ("trap", "debugtrap"):
    SPECS[_n] = _s(_n)
for _n in ("uitofp", "sitofp", "fptrunc"):
    SPECS[f"experimental.constrained.{_n}"] = _s(
        f"experimental.constrained.{_n}", ["r", 0], ["$0", "meta:roundingmode", "meta:fpExceptionBehavior"]
    )
SPECS["experimental.constrained.fpext"] = _s(
    "experimental.constrained.fpext", ["r", 0], ["$0", "meta:fpExceptionBehavior"]
)

# Ops that mean nothing to code generation (debug info, scope declarations).
DROPPED = frozenset({"dbg.declare", "dbg.value", "dbg.label", "experimental.noalias.scope.decl"})

ROUNDING_METADATA = {
    0: "round.towardzero",
    1: "round.tonearest",
    2: "round.upward",
    3: "round.downward",
    4: "round.tonearestaway",
    7: "round.dynamic",
}
EXCEPTION_METADATA = {0: "fpexcept.ignore", 1: "fpexcept.maytrap", 2: "fpexcept.strict"}
