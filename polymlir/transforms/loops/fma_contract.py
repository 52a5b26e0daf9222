"""FMA contraction: multiply-adds in a loop allowed to round once.

    contract_fma_verdict(model, loop)  # how many pairs, or why none
    contract_fma(model, loop)          # mark them ``fastmath<contract>``

An ``arith.mulf`` whose only use is an ``arith.addf`` or ``arith.subf``
(``a * b + c``, ``c - a * b``, the shape of one C expression such as
PolyBench's ``C[i][j] += alpha * A[i][k] * B[k][j]``) gets the ``contract``
fast-math flag, as does its user: LLVM then fuses the pair into one fused
multiply-add, one rounding instead of two. This is what clang does by
default (``-ffp-contract=on`` contracts within an expression), so a kernel
compiled by polymlir rounds as the same C compiled by clang; results
differ from the uncontracted program only in the last bits (the
differential checks compare within a relative tolerance). The flag is on
the ops, printed in the IR (``arith.mulf %a, %b fastmath<contract>``),
so the rounding the program asks for is explicit and survives printing
and parsing. Memory accesses and the order of the additions are unchanged:
no dependence is affected, so the primitive is always legal where it finds
a pair; it refuses a loop that holds none.
"""

from __future__ import annotations

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from ...dialects.arith.arithmetic import AddFOp, MulFOp, SubFOp
from ...dialects.arith.ops import FASTMATH_BITS, FastMathFlagsAttr
from ...ir.core import Operation

__all__ = ["contract_fma", "contract_fma_verdict", "fma_pairs"]

_CONTRACT = FASTMATH_BITS["contract"]


def _has_contract(op: Operation) -> bool:
    fm = op.props.get("fastmath")
    return isinstance(fm, FastMathFlagsAttr) and bool(fm.value & _CONTRACT)


def fma_pairs(root: Operation) -> list[tuple[Operation, Operation]]:
    """(mulf, its add/sub user) pairs under ``root`` not yet contracted."""
    out: list[tuple[Operation, Operation]] = []
    for op in root.walk(post_order=False):
        if not isinstance(op, MulFOp):
            continue
        uses = list(op.results[0].uses)
        if len(uses) != 1:
            continue  # the product is needed rounded elsewhere too
        user = uses[0].owner
        if not isinstance(user, (AddFOp, SubFOp)) or user.parent is not op.parent:
            continue
        if _has_contract(op) and _has_contract(user):
            continue
        out.append((op, user))
    return out


def contract_fma_verdict(model: PolyhedralModel, loop: Loop) -> Verdict:
    pairs = fma_pairs(loop.op)
    name = loop_name(loop)
    if not pairs:
        return Verdict(False, f"loop {name} holds no multiply feeding only an add or subtract: nothing to contract")
    return Verdict(
        True,
        f"{len(pairs)} multiply-add pair(s) in loop {name} may round once (fused multiply-adds, as clang "
        "-ffp-contract=on)",
    )


def contract_fma(model: PolyhedralModel, loop: Loop) -> int:
    """Mark the pairs ``contract``; returns how many (call after a legal verdict)."""
    pairs = fma_pairs(loop.op)
    for pair in pairs:
        for op in pair:
            fm = op.props.get("fastmath")
            bits = fm.value if isinstance(fm, FastMathFlagsAttr) else 0
            op.props["fastmath"] = FastMathFlagsAttr(bits | _CONTRACT)
    return len(pairs)
