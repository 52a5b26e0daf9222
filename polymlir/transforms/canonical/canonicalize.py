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
- ``arith`` folders, which the op classes declare (their ``fold``, in
  ``polymlir/dialects/arith/folding.py``; scalars of integer, index and
  float types; a folder not listed here is not applied):
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
- The affine folders and patterns of `canonical/affine.py` (``affine.apply``
  chains composed into the maps of their users: apply, load, store, min,
  max, for bounds, if conditions; constant operands folded into maps;
  unused and duplicate operands dropped; min/max with one result or
  constant results; loop bounds simplified with the bounds of enclosing
  IVs; loops with only a yield; the ``0 == 0`` and ``1 == 0`` conditions;
  ``affine.parallel`` bounds, ``affine.prefetch`` maps, loads through
  ``memref.cast`` and of constant globals).
- The ``affine.delinearize_index`` / ``affine.linearize_index`` folders and
  patterns of `canonical/affine_index.py` (constant and unit bases,
  cancellation of one by the other, sums of all delinearized results
  composed back into the delinearized index).

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

from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar, Literal

from ...dialects import arith, memref
from ...dialects.arith.ops import ConstantOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation
from ...ir.opdef import OpDef
from ...ir.patterns import Folder, GreedyConfig, OpClass, PatternSet, RewritePattern, apply_patterns_greedily
from ..passes.manager import ModulePass, PassContext, PassError, register_pass
from . import affine as CA
from . import affine_index as CI

# -- folders ------------------------------------------------------------------------------------


def declared_folders(*modules: ModuleType) -> dict[OpClass, Folder]:
    """The folders the op classes of ``modules`` (dialect packages)
    declare: the ``fold`` method a class defines itself (a class deriving
    from another, ``arith.extsi`` from ``arith.extui``, declares its own)."""
    out: dict[OpClass, Folder] = {}
    for m in modules:
        for cls in vars(m).values():
            if isinstance(cls, type) and issubclass(cls, OpDef) and cls.OP_NAME and "fold" in vars(cls):
                out[cls] = vars(cls)["fold"]
    return out


# The folders the arith and memref op classes declare.
ARITH_FOLDERS: dict[OpClass, Folder] = {**declared_folders(arith), **declared_folders(memref)}


def materialize_constant(value: A.Attribute, type: T.Type, loc: A.Location) -> Operation | None:
    """``arith.constant`` for a typed attribute of ``type`` (upstream's
    arith and affine ``materializeConstant``)."""
    if not isinstance(value, (A.IntegerAttr, A.FloatAttr)) or value.type != type:
        return None
    op = ConstantOp.create(properties={"value": value}, result_types=[type], loc=loc)
    return op


def pattern_set(loop_cleanup: bool = False) -> PatternSet:
    """The folders, patterns and constant materializers of ``canonicalize``."""
    patterns: list[RewritePattern] = [*CA.PATTERNS, *CI.PATTERNS]
    if loop_cleanup:
        patterns += CA.LOOP_CLEANUP_PATTERNS
    return PatternSet(
        patterns,
        {**ARITH_FOLDERS, **CA.FOLDERS, **CI.FOLDERS},
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
