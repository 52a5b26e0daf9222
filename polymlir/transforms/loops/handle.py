"""The schedule handle: pick loops, ask verdicts, apply primitives, keep a trace.

    s = Schedule(module, func="kernel")
    i, j, k = s.loops("i", "j", "k")          # by source name, "line:col" or "#position"
    print(s.legal_primitives())               # what may be done where
    v = s.tile(["i", "j", "k"], [32, 32, 64])  # a Verdict; the IR changes only if v.ok
    v.loops["tile"]                           # the loops it made: ["i_tile", "j_tile", "k_tile"]
    print(s.trace.to_json()); s.module

Every primitive asks its exact verdict first; a refusal leaves the IR
unchanged and names the violated dependence. Each applied step is
recorded in ``trace`` and ``replay`` runs a trace on the original module.

Errors, one channel each: a transformation that is illegal here (or that
the program's shape does not admit) comes back as a ``Verdict`` with
``ok=False``; a bad argument (an unknown or ambiguous loop, a parameter of
the wrong type or outside its domain: ``s.tile(["i"], [4.5])``,
``s.tile("j2", [4])``) raises ``ArgumentError``, a ``TransformError``.

The primitives are declared once, in ``primitives`` (``REGISTRY``); each
method here is a thin wrapper over ``run``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ...affine.legality import Verdict
from ...ir.core import Operation
from . import planner as PL
from . import tile_nests as TN
from .errors import ArgumentError, PartialTilingWarning, TransformError
from .options import Option, legal_options
from .primitives import REGISTRY, Call, Loops, Primitive, declare
from .primitives.auto import report_verdict
from .selection import LoopSelection, LoopSpec, find_function, unique_loop_names
from .trace import Step, Trace

if TYPE_CHECKING:
    from collections.abc import Callable

    from .pluto import Report

__all__ = [
    "ArgumentError",
    "LoopSpec",
    "Option",
    "PartialTilingWarning",
    "Schedule",
    "find_function",
    "register_step",
    "replay",
    "schedule",
]


class Schedule(LoopSelection):
    """A handle over the loop nests of one function of ``module``."""

    def __init__(self, module: Operation, func: str | None = None):
        super().__init__(module, func)
        self.trace = Trace()

    def copy(self) -> Schedule:
        """An independent handle over a deep copy of the module, with a copy of the trace."""
        other = Schedule(self.module.clone(), getattr(self.func.get_attr("sym_name"), "value", None))
        other.trace = Trace.from_json(self.trace.to_json(made=True))
        return other

    # -- applying -----------------------------------------------------------------------
    def run(self, primitive: str, *loops: Any, **params: Any) -> Verdict:
        """Apply a registered primitive: ``s.run("tile", ["i", "j"], sizes=[4, 4])``."""
        return self._run(primitive, loops, params)[0]

    def _run(self, name: str, loop_args: Sequence[Any], given: dict[str, Any]) -> tuple[Verdict, object]:
        prim = _primitive(name)
        loops = self.resolve(name, prim.loops.kind, loop_args)
        call = Call(self, loops, prim.bind(given))
        specs = [self.spec_of(lp) for lp in loops]
        tracked = prim.creates is not None or prim.loops.kind != "none"
        before = [lp.op for lp in self.model.loops] if tracked else []  # kept alive: their ids stay unique
        verdict = prim.verdict(call) if prim.verdict is not None else Verdict(True, "applied")
        if not verdict.ok:
            return verdict, None
        assert prim.apply is not None, f"primitive {name} has no apply function"
        result = prim.apply(call)
        if isinstance(result, Verdict):
            if not result.ok:
                return result, result
            verdict = result
        elif prim.outcome is not None:
            verdict = prim.outcome(result)
            if not verdict.ok:
                return verdict, result
        self._changed()
        old = {id(op) for op in before}
        new = [lp for lp in self.model.loops if id(lp.op) not in old] if tracked else []
        made = prim.creates(call, new) if prim.creates is not None else {"new": new} if new else {}
        # Loops made by the step that repeat a name get a suffix (`i_1`): every
        # loop stays selectable by name, as printed with source names.
        unique_loop_names(self.func, old)
        verdict.loops = {k: [self.spec_of(lp) for lp in v] for k, v in made.items()}
        self.trace.append(Step(name, specs, prim.trace_params(call.params), made=dict(verdict.loops)))
        return verdict, result

    def tile(self, loops: Sequence[LoopSpec], sizes: Sequence[int], names: Sequence[str] | None = None) -> Verdict:
        """Rectangular tiling of a band of directly nested loops (perfect or
        not); ``names`` names the tile loops (default ``i_tile``...)."""
        return self.run("tile", loops, sizes=sizes, names=names)

    def tile_nests(self, sizes: Sequence[int], skew: bool = False, strict: bool = False) -> Verdict:
        """Tile every nest by ``sizes``: the longest legal prefix of its chain
        of directly nested loops (``tile_nests``). A nest tiled less than
        asked warns (``PartialTilingWarning``); ``strict``: refused instead."""
        return TN.tile_nests(self, sizes, skew, strict)

    def strip_mine(self, loop: LoopSpec, factor: int, names: Sequence[str] | None = None) -> Verdict:
        """Split ``loop`` into strips of ``factor`` iterations (``names``: the strip loop's)."""
        return self.run("strip_mine", loop, factor=factor, names=names)

    def permute(self, loops: Sequence[LoopSpec], perm: Sequence[int]) -> Verdict:
        """Reorder a band: ``perm[k]`` is the band index of the loop placed at k."""
        return self.run("permute", loops, perm=perm)

    def interchange(self, order: Sequence[LoopSpec]) -> Verdict:
        """Put the named loops of a perfect band in this order (``k, i, j``)."""
        return self.run("interchange", order)

    def unroll(self, loop: LoopSpec, factor: int | None = None, full: bool = False) -> Verdict:
        """Unroll by ``factor`` (cleanup loop for the rest) or fully."""
        return self.run("unroll", loop, factor=factor, full=full)

    def unroll_jam(self, loop: LoopSpec, factor: int) -> Verdict:
        """Unroll ``loop`` by ``factor`` and jam the copies into its inner loops."""
        return self.run("unroll_jam", loop, factor=factor)

    def parallelize(self, loop: LoopSpec, reductions: bool = True) -> Verdict:
        """Turn a loop that carries no dependence into ``affine.parallel``."""
        return self.run("parallelize", loop, reductions=reductions)

    def fuse(
        self, a: LoopSpec, b: LoopSpec, depth: int = 1, shifts: Sequence[int] | None = None, contract: bool = False
    ) -> Verdict:
        """Fuse nest ``b`` into nest ``a`` at ``depth`` (``b`` shifted by ``shifts``)."""
        return self.run("fuse", a, b, depth=depth, shifts=shifts, contract=contract)

    def distribute(self, loop: LoopSpec, groups: Sequence[Sequence[int]] | None = None) -> Verdict:
        """Split ``loop`` into one loop per group of its body items (maximal when None)."""
        return self.run("distribute", loop, groups=groups)

    def promote(self, loop: LoopSpec, memrefs: Sequence[str] | None = None, memory_space: int | None = None) -> Verdict:
        """Copy the footprints of ``memrefs`` (all if None) in ``loop`` to local buffers."""
        return self.run("promote", loop, memrefs=memrefs, memory_space=memory_space)

    def scalar_replace(self, loop: LoopSpec) -> Verdict:
        """Keep loop-invariant elements updated in ``loop`` in registers."""
        return self.run("scalar_replace", loop)

    def register_tile(
        self,
        loops: Sequence[LoopSpec],
        mr: int,
        nv: int,
        lanes: int,
        kc: int | None = None,
        fma: bool = True,
        parallel: bool = False,
        pack: bool = False,
        mc: int | None = None,
        panels: bool = False,
        hoist: bool = False,
        group: int = 1,
    ) -> Verdict:
        """Register-tile a contraction band (``microkernel``): ``mr`` rows and
        ``nv`` vectors of ``lanes`` elements of accumulators held in
        registers across the reduction loop, which is blocked by ``kc``;
        the rows run in blocks of ``mc`` outside the column tiles;
        ``parallel``: the row-block (else the column-tile) loop becomes
        ``affine.parallel``; ``pack``: operands strided along the vector
        loop are packed first; ``panels``: each column tile copies its
        columns of ``B`` into a contiguous buffer first; ``hoist``:
        ``alpha * A[i, k]`` is computed once per element, before the band;
        ``group``: that many column tiles per iteration of the column loop,
        each row tile run across them.

        Before (``C[i, j] += A[i, k] * B[k, j]``, loops i, j, k)::

            affine.for %i ... affine.for %j ... affine.for %k ...
              %c = affine.load %C[%i, %j] ... affine.store %s, %C[%i, %j]

        after (``mr=6, nv=4, lanes=8``)::

            affine.for %j_r = 0 to N step 32 { affine.for %i_r = 0 to M step 6 {
              %acc = affine.vector_load %C[%i_r, %j_r] : ..., vector<8xf64>   (24 of them)
              %r:24 = affine.for %k ... iter_args(...) { vector.fma ... }
              affine.vector_store %r#0, %C[%i_r, %j_r] ... } }"""
        return self.run(
            "register_tile",
            loops,
            mr=mr,
            nv=nv,
            lanes=lanes,
            kc=kc,
            fma=fma,
            parallel=parallel,
            pack=pack,
            mc=mc,
            panels=panels,
            hoist=hoist,
            group=group,
        )

    def skew(self, loops: Sequence[LoopSpec], matrix: str | Sequence[Sequence[int]]) -> Verdict:
        """Apply a unimodular matrix to a perfectly nested band."""
        return self.run("skew", loops, matrix=matrix)

    def shift(self, statement: str, loop: LoopSpec, amount: int) -> Verdict:
        """Retime compound statement ``statement`` (``S1``) by ``amount`` iterations of ``loop``."""
        return self.run("shift", loop, statement=statement, amount=amount)

    def apply_schedule(self, schedule_text: str) -> Verdict:
        """Run the compound statements in the order of an isl map per statement."""
        return self.run("apply_schedule", schedule_text=schedule_text)

    def optimize(
        self,
        tile_sizes: Sequence[int] | None = None,
        parallel: bool = True,
        tile: bool = True,
        strategy: str | None = None,
        rows: bool = False,
    ) -> Report:
        """Optimize for speed: ``strategy="cost"`` (the default) is the plan of
        ``planner``, exact primitives in the trace; ``"pluto"`` (implied by
        ``tile_sizes``, ``tile=False`` or ``rows``) is isl's schedule, one ``optimize`` step
        (``rows``: time tiles whose innermost rows vectorize, ``pluto.optimize``)."""
        if strategy is None:
            strategy = "pluto" if tile_sizes or not tile or rows else "cost"
        if strategy not in ("cost", "pluto"):
            raise ArgumentError(f"unknown optimize strategy '{strategy}' (cost, pluto)")
        sizes = tile_sizes if isinstance(tile_sizes, Sequence) and not isinstance(tile_sizes, str) else ()
        if sizes and all(isinstance(x, int) for x in sizes) and (min(sizes) < 0 or not any(sizes)):
            raise ArgumentError(f"optimize: tile sizes must be positive (0: that loop untiled), got {list(sizes)}")
        if strategy == "cost":
            from .pluto import Report as OptReport  # start-up time: the isl schedule's module

            plan = PL.plan(self, parallel)
            return OptReport(plan.ok, plan.reason, plan.remarks)
        return cast(
            "Report",
            self._run(
                "optimize",
                (),
                {
                    "tile_sizes": tile_sizes,
                    "parallel": parallel,
                    "tile": tile,
                    "rows": rows,
                },
            )[1],
        )

    def optimize_verdict(self, tile_sizes: Sequence[int] | None = None, rows: bool = False) -> Verdict:
        """``optimize`` as a verdict (for uniform drivers): ok when applied."""
        at = self.model.loops[0].op if self.model.loops else self.func
        report = self.optimize(tile_sizes, rows=rows)
        if report.verdict is not None and not report.ok:
            return report.verdict
        v = report_verdict(report)
        v.op = at
        return v

    def tile_linalg(self, op: int, sizes: Sequence[int], interchange: Sequence[int] = ()) -> Verdict:
        """Tile linalg op ``op`` (position) by ``sizes`` (0 = untiled)."""
        return self.run("tile_linalg", op=op, sizes=sizes, interchange=interchange)

    def fuse_linalg(self, op: int, producers: Sequence[int], sizes: Sequence[int]) -> Verdict:
        """Tile linalg op ``op`` and fuse the linalg ops at ``producers`` into its tiles."""
        return self.run("fuse_linalg", op=op, producers=producers, sizes=sizes)

    def promote_linalg(
        self,
        op: int,
        sizes: Sequence[int],
        operands: Sequence[int],
        alignment: int | None = 16,
        memory_space: int | None = None,
    ) -> Verdict:
        """Tile linalg op ``op`` and promote the tiles of ``operands`` to local buffers."""
        return self.run(
            "promote_linalg", op=op, sizes=sizes, operands=operands, alignment=alignment, memory_space=memory_space
        )

    # -- exploring ----------------------------------------------------------------------
    def legal_primitives(
        self, loop: LoopSpec | None = None, include_illegal: bool = False, exhaustive: bool = False
    ) -> list[Option]:
        """Primitives that may be applied at ``loop`` (everywhere if None),
        each with its verdict: parameters from the declarations' domains (the
        typical value, or every candidate with ``exhaustive``), and the
        primitives refusal hints suggest (a skew before tiling, a shifted fusion)."""
        return legal_options(self, loop, include_illegal, exhaustive)

    # -- traces -------------------------------------------------------------------------
    def apply_step(self, step: Step) -> Verdict:
        """Run one trace step (as recorded by this handle)."""
        if step.op not in REGISTRY:
            known = ", ".join(sorted(REGISTRY))
            raise TransformError(f"unknown primitive '{step.op}' in trace (primitives: {known})", self.func)
        prim = REGISTRY[step.op]
        if prim.replay is not None:
            return prim.replay(self, step)
        return self._run(prim.name, prim.step_loops(step), prim.step_params(step))[0]

    def replay(self, trace: Trace) -> list[Verdict]:
        """Apply every step; stops at the first refused step (raising)."""
        out = []
        for k, step in enumerate(trace):
            v = self.apply_step(step)
            if not v.ok:
                at = v.op if isinstance(v.op, Operation) else self.func
                raise TransformError(f"trace step {k + 1} ({step}) was refused: {v.reason}", at)
            out.append(v)
        return out


def _primitive(name: str) -> Primitive:
    prim = REGISTRY.get(name) if isinstance(name, str) else None
    if prim is None:
        raise ArgumentError(f"unknown primitive '{name}' (primitives: {', '.join(sorted(REGISTRY))})")
    return prim


def register_step(name: str, fn: Callable[[Schedule, Step], Verdict]) -> None:
    """Make ``name`` replayable from traces (a primitive declared elsewhere,
    replayed by ``fn``): a registry entry with a hand-written replay."""
    declare(Primitive(name, f"replayed by {getattr(fn, '__name__', 'a function')}", Loops("none"), replay=fn))


def schedule(module: Operation, func: str | None = None) -> Schedule:
    """A schedule handle over ``func`` of ``module`` (see ``Schedule``)."""
    return Schedule(module, func)


def replay(module: Operation, trace: Trace, func: str | None = None) -> Schedule:
    s = Schedule(module, func)
    s.replay(trace)
    return s
