"""``expand-math-ipowi``: ``math.ipowi`` on scalars as inline scf code with
the semantics upstream's ``convert-math-to-funcs`` gives it: exponentiation
by squaring for a non-negative exponent; for a negative one, 1 if the base
is 1, -1 or 1 (odd or even exponent) if the base is -1, and 0 otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dialects import arith, scf
from ..dialects.math import IpowiOp
from ..ir import types as T
from ..ir.builder import Builder
from ..ir.core import Operation, Region
from ..ir.diagnostics import DiagnosticError
from ..ir.patterns import PatternRewriter, PatternSet
from ..ir.rewriting import apply_conversion
from ..transforms.passes.manager import ModulePass, PassContext, register_pass


def expand_ipowi(op: Operation, rw: PatternRewriter | None = None) -> None:
    t = op.result_types[0]
    if not isinstance(t, T.IntegerType):
        raise DiagnosticError("'math.ipowi' on vectors is not expanded yet", op.loc)
    b = Builder.before(op)
    base, exp = op.operands
    zero, one = b.const_int(0, t), b.const_int(1, t)
    neg = b.cmpi("slt", exp, zero)
    then_r, else_r = Region(), Region()
    tb = Builder.at_end(then_r.add_block(), op.loc)
    is1 = tb.cmpi("eq", base, one)
    ism1 = tb.cmpi("eq", base, tb.const_int(-1, t))
    odd = tb.cmpi("ne", tb.binary(arith.AndIOp, exp, one), zero)
    m1_or_1 = tb.select(odd, tb.const_int(-1, t), one)
    tb.create(scf.YieldOp, [tb.select(ism1, m1_or_1, tb.select(is1, one, zero))])
    eb = Builder.at_end(else_r.add_block(), op.loc)
    before, after = Region(), Region()
    bb = before.add_block()
    acc, bas, e = (bb.add_argument(t) for _ in range(3))
    bbld = Builder.at_end(bb, op.loc)
    bbld.create(scf.ConditionOp, [bbld.cmpi("ne", e, zero), acc, bas, e])
    ab = after.add_block()
    acc2, bas2, e2 = (ab.add_argument(t) for _ in range(3))
    abld = Builder.at_end(ab, op.loc)
    take = abld.cmpi("ne", abld.binary(arith.AndIOp, e2, one), zero)
    nacc = abld.select(take, abld.binary(arith.MulIOp, acc2, bas2), acc2)
    abld.create(scf.YieldOp, [nacc, abld.binary(arith.MulIOp, bas2, bas2), abld.binary(arith.ShRUIOp, e2, one)])
    loop = eb.create(scf.WhileOp, [one, base, exp], [t, t, t], regions=[before, after])
    eb.create(scf.YieldOp, [loop.results[0]])
    res = b.create(scf.IfOp, [neg], [t], regions=[then_r, else_r])
    op.results[0].replace_all_uses_with(res.results[0])
    op.erase()


PATTERNS = PatternSet.from_table({IpowiOp: expand_ipowi})


def expand_math_ipowi(root: Operation) -> None:
    apply_conversion(root, PATTERNS)


@register_pass
@dataclass(frozen=True)
class ExpandMathIPowI(ModulePass):
    name: ClassVar[str] = "expand-math-ipowi"
    summary: ClassVar[str] = "Expand math.ipowi into scf loops (convert-math-to-funcs semantics)"

    def run(self, op: Operation, ctx: PassContext) -> None:
        expand_math_ipowi(op)
