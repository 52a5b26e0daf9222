"""The payloads of the named linalg ops as small scalar expressions, and the
builder that turns one into the ops of a payload region (what upstream's
region builders emit)."""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from . import structured as L


class PayloadError(Exception):
    """A payload cannot be built for these types (reported at the op)."""


def _is_float(t: T.Type) -> bool:
    return isinstance(t, T.FloatType)


def _is_int(t: T.Type) -> bool:
    return isinstance(t, T.IntegerType)


def _is_complex(t: T.Type) -> bool:
    return isinstance(t, T.ComplexType)


class PayloadBuilder:
    """Appends payload ops to a block (the block's ops are built in order)."""

    def __init__(self, block: Block, loc: A.Location | None = None):
        self.block = block
        self.loc = loc

    def op(self, name: str, operands: Sequence[Value], result: T.Type, attrs: dict | None = None) -> Value:
        o = L.create_op(name, operands, [result], attrs, self.loc)
        self.block.append(o)
        return o.results[0]

    def cast(self, to: T.Type, v: Value, unsigned: bool = False) -> Value:
        """Upstream's ``convertScalarToDtype``."""
        frm = v.type
        if frm == to:
            return v
        if isinstance(to, T.IntegerType):
            if _is_float(frm):
                return self.op("arith.fptoui" if unsigned else "arith.fptosi", [v], to)
            if isinstance(frm, T.IndexType):
                return self.op("arith.index_cast", [v], to)
            if isinstance(frm, T.IntegerType):
                if to.width > frm.width:
                    return self.op("arith.extui" if unsigned else "arith.extsi", [v], to)
                if to.width < frm.width:
                    return self.op("arith.trunci", [v], to)
                return v
        elif isinstance(to, T.FloatType):
            if isinstance(frm, T.IntegerType):
                return self.op("arith.uitofp" if unsigned else "arith.sitofp", [v], to)
            if isinstance(frm, T.FloatType):
                if to.width > frm.width:
                    return self.op("arith.extf", [v], to)
                if to.width < frm.width:
                    return self.op("arith.truncf", [v], to)
                return v
        elif isinstance(to, T.IndexType) and isinstance(frm, T.IntegerType):
            return self.op("arith.index_cast", [v], to)
        return v

    def unary(self, fn: str, a: Value) -> Value:
        if not _is_float(a.type):
            raise PayloadError("unsupported non numeric type")
        t = a.type
        if fn == "reciprocal":
            one = L.create_op("arith.constant", [], [t], {"value": A.FloatAttr(1.0, t)}, self.loc)
            self.block.append(one)
            return self.op("arith.divf", [one.results[0], a], t)
        if fn == "square":
            return self.op("arith.mulf", [a, a], t)
        if fn == "negf":
            return self.op("arith.negf", [a], t)
        name = {"abs": "math.absf"}.get(fn, "math." + fn)
        return self.op(name, [a], t)

    def binary(self, fn: str, a: Value, b: Value) -> Value:
        ta, tb = a.type, b.type
        cplx = _is_complex(ta) and _is_complex(tb)
        flt = _is_float(ta) and _is_float(tb)
        integer = _is_int(ta) and _is_int(tb)
        boolean = isinstance(ta, T.IntegerType) and isinstance(tb, T.IntegerType) and ta.width == 1 and tb.width == 1
        if not (cplx or flt or integer):
            raise PayloadError(
                f"Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or "
                f"allInteger, got '{ta}' and '{tb}'"
            )
        t = ta
        if fn in ("add", "sub", "mul", "div"):
            if cplx:
                return self.op("complex." + fn, [a, b], t)
            if flt:
                return self.op(f"arith.{fn}f", [a, b], t)
            if boolean:
                if fn == "add":
                    return self.op("arith.ori", [a, b], t)
                if fn == "mul":
                    return self.op("arith.andi", [a, b], t)
                raise PayloadError(f"unsupported operation: {fn} with bools")
            return self.op("arith.divsi" if fn == "div" else f"arith.{fn}i", [a, b], t)
        if fn == "div_unsigned":
            if not integer or boolean:
                raise PayloadError("unsupported operation: unsigned div not on uint")
            return self.op("arith.divui", [a, b], t)
        if fn in ("max_unsigned", "min_unsigned") and (not integer or boolean):
            raise PayloadError(f"unsupported operation: unsigned {fn[:3]} not on uint")
        if fn in ("max_signed", "min_signed", "max_unsigned", "min_unsigned"):
            if flt:
                return self.op("arith.maximumf" if fn.startswith("max") else "arith.minimumf", [a, b], t)
            suffix = "si" if fn.endswith("signed") and not fn.endswith("unsigned") else "ui"
            return self.op(f"arith.{fn[:3]}{suffix}", [a, b], t)
        if fn == "powf":
            return self.op("math.powf", [a, b], t)
        raise PayloadError(f"unknown binary function {fn}")

    def select(self, c: Value, a: Value, b: Value) -> Value:
        return self.op("arith.select", [c, a, b], a.type)

    def yield_(self, values: Sequence[Value]) -> None:
        self.block.append(Operation.create("linalg.yield", operands=list(values), loc=self.loc or A.UNKNOWN_LOC))


# Payload expressions: ("arg", i) | ("cast", "signed"|"unsigned"|"attr", e)
# | ("un", fn, e) | ("bin", fn, e1, e2) | ("select", c, a, b). Casts go to the
# type of the last block argument (the output element type).
Expr = tuple


def _eval(e: Expr, b: PayloadBuilder, args: Sequence[Value], out_t: T.Type, cast_kind: str) -> Value:
    k = e[0]
    if k == "arg":
        return args[e[1]]
    if k == "cast":
        v = _eval(e[2], b, args, out_t, cast_kind)
        kind = cast_kind if e[1] == "attr" else e[1]
        return b.cast(out_t, v, unsigned=(kind == "unsigned"))
    if k == "un":
        return b.unary(e[1], _eval(e[2], b, args, out_t, cast_kind))
    if k == "bin":
        x = _eval(e[2], b, args, out_t, cast_kind)
        y = _eval(e[3], b, args, out_t, cast_kind)
        return b.binary(e[1], x, y)
    if k == "castt":  # to a fixed type
        return b.cast(e[1], _eval(e[2], b, args, out_t, cast_kind))
    if k == "const":
        c = L.create_op("arith.constant", [], [e[1].type], {"value": e[1]}, b.loc)
        b.block.append(c)
        return c.results[0]
    if k == "index":
        i = L.create_op("linalg.index", [], [T.index], {"dim": A.IntegerAttr(e[1], T.i64)}, b.loc)
        b.block.append(i)
        return i.results[0]
    if k == "select":
        cond = _eval(e[1], b, args, out_t, cast_kind)
        x = _eval(e[2], b, args, out_t, cast_kind)
        y = _eval(e[3], b, args, out_t, cast_kind)
        return b.select(cond, x, y)
    raise ValueError(e)


def _arg(i: int) -> Expr:
    return ("arg", i)


def _cast(e: Expr, kind: str = "signed") -> Expr:
    return ("cast", kind, e)


OUT = -1  # the output block argument


def _macc(kind: str = "signed") -> Expr:
    """``out + cast(in0) * cast(in1)``."""
    return ("bin", "add", _arg(OUT), ("bin", "mul", _cast(_arg(0), kind), _cast(_arg(1), kind)))


def _macc_q() -> Expr:
    lhs = ("bin", "sub", _cast(_arg(0)), _cast(_arg(2)))
    rhs = ("bin", "sub", _cast(_arg(1)), _cast(_arg(3)))
    return ("bin", "add", _arg(OUT), ("bin", "mul", lhs, rhs))


def _pool(fn: str, kind: str = "signed") -> Expr:
    return ("bin", fn, _arg(OUT), _cast(_arg(0), kind))


GeneralizeSpec = L.GeneralizeSpec


def build_payload(expr: Expr, block: Block, cast_kind: str = "signed", loc: A.Location | None = None) -> None:
    """Fill ``block`` (arguments already there) with ``expr`` and a yield."""
    b = PayloadBuilder(block, loc)
    args = list(block.arguments)
    v = _eval(expr, b, args, args[-1].type, cast_kind)
    b.yield_([v])
