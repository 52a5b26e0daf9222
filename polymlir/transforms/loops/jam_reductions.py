"""The ``iter_args`` of an unroll-and-jammed loop: one set per copy
(``widen_iter_args``, ``copy_sets``, ``fill_yields``, for the unrolled loop
and the jammed loops inside it), and the reductions that let the unrolled
loop carry values at all.

Unroll-and-jam by F runs the F copies of the loop body interleaved; a value
carried from one iteration to the next (``%acc`` in ``%s = arith.addi %acc,
%x; affine.yield %s``) would have to pass from copy k to copy k + 1 within
each group, which the jam reorders. When the carried value is a reduction,
each copy can accumulate its own partial result instead (its own set of
``iter_args``: copy 0 from the loop's init, the others from the operation's
identity) and the partials are combined after the loop, copy 0 first. That
reassociates the reduction: exact for integer ``addi``, ``muli``, ``andi``,
``ori``, ``xori`` and the min/max ops (wrapping arithmetic, without the
``nsw``/``nuw`` flags that would make a partial sum's overflow poison), and
for floating-point ``addf``, ``mulf``, ``maximumf``, ``minimumf`` only where
``fastmath`` permits reassociation (``reassoc``). Anything else carried is
refused with the reason.

Upstream starts every copy from the loop's init, which counts the init F
times (``init + init + ...`` for addi), and reassociates floats without
``reassoc``; here the other copies start from the identity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...dialects.arith.ops import ConstantOp, FastMathFlagsAttr, IntegerOverflowFlagsAttr
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value

INT_REDUCTIONS = ("arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori") + tuple(
    f"arith.{m}{s}i" for m in ("max", "min") for s in ("s", "u")
)
FLOAT_REDUCTIONS = ("arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf")


@dataclass(frozen=True)
class Reduction:
    """Iter_arg ``index`` of a loop is reduced by ``combiner`` (in the
    loop's body, its only user, yielded and used nowhere else)."""

    index: int
    combiner: Operation

    @property
    def type(self) -> T.Type:
        return self.combiner.results[0].type


def identity(name: str, t: T.Type) -> A.Attribute:
    """The value ``x`` with ``name(x, y) == y`` for every ``y`` of type ``t``."""
    if isinstance(t, T.FloatType):
        return A.FloatAttr(
            {"arith.addf": -0.0, "arith.mulf": 1.0, "arith.maximumf": float("-inf"), "arith.minimumf": float("inf")}[
                name
            ],
            t,
        )
    width = 64 if isinstance(t, T.IndexType) else getattr(t, "width", 64)
    ones, smin, smax = -1, -(1 << (width - 1)), (1 << (width - 1)) - 1
    value = {
        "arith.addi": 0,
        "arith.ori": 0,
        "arith.xori": 0,
        "arith.maxui": 0,
        "arith.muli": 1,
        "arith.andi": ones,
        "arith.minui": ones,
        "arith.maxsi": smin,
        "arith.minsi": smax,
    }[name]
    if width == 1:
        return A.BoolAttr(bool(value & 1))
    return A.IntegerAttr(value, t)


def _reason(op: AffineForOp, j: int) -> Reduction | str:
    body = op.body
    arg = body.arguments[1 + j]
    term = body.operations[-1]
    y = term.operands[j]
    name = getattr(arg, "name_hint", None) or f"#{j}"
    what = f"the value it carries in iter_args ({name})"
    c = y.owner_op
    if c is None or c.parent is not body or c.name not in INT_REDUCTIONS + FLOAT_REDUCTIONS:
        return f"{what} is not a reduction by an arith operation in its body (integer add, mul, and, or, xor, min, max)"
    if len(c.operands) != 2 or sum(1 for v in c.operands if v is arg) != 1:
        return f"{what} is not combined once by {c.name}"
    if len(arg.uses) != 1:
        return f"{what} is used besides its {c.name}, which would see a partial result"
    if len(y.uses) != 1:
        return f"the partial result of {c.name} for {what} is used besides the yield"
    t = y.type
    if not isinstance(t, (T.IntegerType, T.IndexType, T.FloatType)):
        return f"{what} has type {t}; only scalar reductions are reassociated"
    props = c.props
    if c.name in INT_REDUCTIONS:
        flags = props.get("overflowFlags")
        if isinstance(flags, IntegerOverflowFlagsAttr) and flags.value:
            return (
                f"its {c.name} carries overflow flags ({flags.body()}): a reassociated partial result may "
                "overflow where the original does not"
            )
    else:
        fm = props.get("fastmath")
        if not (isinstance(fm, FastMathFlagsAttr) and fm.has("reassoc")):
            return f"reassociating {c.name} changes the rounding of {what} (no fastmath<reassoc>)"
    return Reduction(j, c)


def loop_reductions(op: AffineForOp) -> list[Reduction] | str:
    """The reductions of every iter_arg of ``op``, or why one is not."""
    out = []
    for j in range(len(op.results)):
        r = _reason(op, j)
        if isinstance(r, str):
            return r
        out.append(r)
    return out


def widen_iter_args(op: AffineForOp, inits: Sequence[Value], factor: int, mappings: list[dict]) -> AffineForOp:
    """Build, before ``op``, a loop with its bounds whose iter_args are
    ``inits`` (``factor`` sets of ``op``'s), move ``op``'s body into it with
    set 0 in place of ``op``'s arguments, yield set 0's values in every set
    and map set 0's arguments to set k's in ``mappings[k - 1]``. What copy k
    yields (and, for a jammed inner loop, starts from) is filled in with
    ``copy_sets`` once the copies exist. ``op`` stays, its results in use:
    the caller replaces them and erases it."""
    lbs, ubs, _ = op._operand_groups()
    n = len(op.results)
    new = AffineForOp.build(
        op.lowerBoundMap.value, op.upperBoundMap.value, op.step.value, lbs, ubs, list(inits), loc=op.loc
    )
    block = op.parent
    assert block is not None
    block.insert_before(op, new)
    obody, nbody = op.body, new.body
    for a, na in zip(obody.arguments, nbody.arguments, strict=False):
        na.name_hint = a.name_hint
        a.replace_all_uses_with(na)
    term = obody.operations[-1]
    for o in obody.operations[:-1]:
        o.detach()
        nbody.append(o)
    nbody.append(AffineYieldOp.build(list(term.operands) * factor, loc=term.loc))
    args = nbody.arguments[1:]
    for k in range(1, factor):
        for j in range(n):
            mappings[k - 1][args[j]] = args[k * n + j]
    return new


def copy_sets(values: Sequence[Value], factor: int, mappings: list[dict]) -> list[Value]:
    """``values``, ``factor`` sets of equal length, with set k replaced by
    what copy k computes from set 0 (``mappings[k - 1]``)."""
    out = list(values)
    n = len(out) // factor
    for k in range(1, factor):
        for j in range(n):
            out[k * n + j] = mappings[k - 1].get(out[j], out[j])
    return out


def widen_reductions(
    op: AffineForOp, factor: int, reductions: Sequence[Reduction], mappings: list[dict]
) -> AffineForOp:
    """Replace ``op`` by a loop with ``factor`` sets of its iter_args (set 0
    from the inits, set k from the identities) and combine the partials
    after it; ``mappings[k - 1]`` maps set 0's arguments to set k's (the
    caller's copies of the body fill in set k's yields, see
    ``fill_yields``)."""
    _, _, inits = op._operand_groups()
    n = len(inits)
    block = op.parent
    assert block is not None
    ids: list[Value] = []
    for r in reductions:
        c = ConstantOp.of(identity(r.combiner.name, r.type))
        c.loc = op.loc
        block.insert_before(op, c)
        ids.append(c.results[0])
    new = widen_iter_args(op, [*inits, *(ids * (factor - 1))], factor, mappings)
    new.attributes.update(op.attributes)
    # The partials, combined in copy order after the loop.
    anchor: Operation = new
    for r, old in zip(reductions, op.results, strict=True):
        acc = new.results[r.index]
        for k in range(1, factor):
            comb = r.combiner.clone({})
            comb.set_operands([acc, new.results[k * n + r.index]])
            comb.loc = op.loc
            block.insert_after(anchor, comb)
            anchor = comb
            acc = comb.results[0]
        old.replace_all_uses_with(acc)
    op.erase()
    return new


def fill_yields(op: AffineForOp, factor: int, mappings: list[dict]) -> None:
    """Set k's yields of a widened loop: what copy k computes from set 0's yields."""
    term = op.body.operations[-1]
    term.set_operands(copy_sets(term.operands, factor, mappings))
