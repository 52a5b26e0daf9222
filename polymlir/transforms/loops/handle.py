"""The schedule handle: pick loops, ask verdicts, apply primitives, keep a trace.

    s = Schedule(module, func="kernel")
    i, j, k = s.loops("i", "j", "k")          # by source name, "line:col" or "#position"
    print(s.legal_primitives())               # what may be done where
    v = s.tile(["i", "j", "k"], [32, 32, 64])  # a Verdict; the IR changes only if v.ok
    print(s.trace.to_json()); s.module

Every primitive asks its exact verdict first; a refusal leaves the IR
unchanged and names the violated dependence. Each applied step is
recorded in ``trace`` and ``replay`` runs a trace on the original module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, analyze, op_loc
from ...affine.schedules import loop_name
from ...affine.structured import is_structured
from ...dialects.linalg import LinalgStructuredOp
from ...ir import types as T
from ...ir.core import Operation
from .. import optimize as OPT
from ..linalg import fuse as LF
from ..linalg import promote as LP
from ..linalg import tile as LT
from . import contract as CT
from . import distribute as D
from . import fuse as F
from . import microkernel as MK
from . import parallelize as PAR
from . import permute as P
from . import planner as PL
from . import promote as PR
from . import scalar_replace as SR
from . import schedule_apply as SA
from . import skew as SK
from . import tile as TL
from . import tile_imperfect as TI
from . import unroll as U
from . import unroll_jam as UJ
from .ast_codegen import CodegenError
from .loop_utils import TransformError, perfect_band_problem
from .trace import Step, Trace

LoopSpec = Loop | str | int


def find_function(module: Operation, name: str | None) -> Operation:
    """The ``func.func`` named ``name`` (the only/first one with a body if None)."""
    funcs = [
        op for op in module.walk(post_order=False) if op.name == "func.func" and op.regions and op.regions[0].blocks
    ]
    if name is None:
        if not funcs:
            raise TransformError("the module has no function with a body", module)
        return funcs[0]
    for f in funcs:
        sym = f.get_attr("sym_name")
        if getattr(sym, "value", None) == name:
            return f
    known = ", ".join(str(getattr(f.get_attr("sym_name"), "value", "?")) for f in funcs) or "none"
    raise TransformError(f"no function named '{name}' (functions: {known})", module)


@dataclass
class Option:
    """A primitive that may be applied: its loops, parameters and verdict."""

    primitive: str
    loops: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    verdict: Verdict | None = None

    def __str__(self) -> str:
        args = [*self.loops, *(f"{k}={v}" for k, v in self.params.items())]
        ok = "" if self.verdict is None or self.verdict.ok else f"  [refused: {self.verdict.reason}]"
        return f"{self.primitive}({', '.join(args)}){ok}"


class Schedule:
    """A handle over the loop nests of one function of ``module``."""

    def __init__(self, module: Operation, func: str | None = None):
        self.module = module
        self.func_name = func
        self.func = find_function(module, func)
        self.trace = Trace()
        self._model: PolyhedralModel | None = None

    # -- the model and loops ------------------------------------------------------------
    @property
    def model(self) -> PolyhedralModel:
        if self._model is None:
            self._model = analyze(self.func)
        return self._model

    def _changed(self) -> None:
        self._model = None

    def all_loops(self) -> list[Loop]:
        """Every loop of the function, in program (pre-)order."""
        return list(self.model.loops)

    def nests(self) -> list[Loop]:
        """The outermost loop of each loop nest, in program order (nest
        positions as the CLI's ``--nests`` counts them)."""
        return [lp for lp in self.model.loops if lp.parent is None]

    def loop(self, spec: LoopSpec) -> Loop:
        """One loop by source name (``i`` for ``%i``), ``line:col`` of its
        ``affine.for``, ``#k`` (k-th loop in program order) or an int k."""
        if isinstance(spec, Loop):
            return self._refresh(spec)
        loops = self.model.loops
        if isinstance(spec, int) or (isinstance(spec, str) and spec.startswith("#") and spec[1:].isdigit()):
            k = spec if isinstance(spec, int) else int(spec[1:])
            if not 0 <= k < len(loops):
                raise TransformError(
                    f"loop position {k} is out of range (the function has {len(loops)} loops)", self.func
                )
            return loops[k]
        if ":" in spec and all(p.isdigit() for p in spec.split(":")[-2:]):
            hits = [lp for lp in loops if op_loc(lp.op).endswith(":" + spec) or op_loc(lp.op) == spec]
        else:
            hits = [lp for lp in loops if loop_name(lp) == spec]
        if not hits:
            known = ", ".join(dict.fromkeys(loop_name(lp) for lp in loops)) or "none"
            raise TransformError(f"no loop '{spec}' in function @{self.model.name} (loops: {known})", self.func)
        if len(hits) > 1:
            where = ", ".join(lp.loc for lp in hits)
            raise TransformError(
                f"loop name '{spec}' is ambiguous ({where}): pick it by line:col or #position", hits[0].op
            )
        return hits[0]

    def loops(self, *specs: LoopSpec) -> list[Loop]:
        if len(specs) == 1 and isinstance(specs[0], (list, tuple)):
            specs = tuple(specs[0])
        return [self.loop(s) for s in specs]

    def _refresh(self, loop: Loop) -> Loop:
        """The current model's loop for a Loop object of an earlier model."""
        for lp in self.model.loops:
            if lp.op is loop.op and lp.index == loop.index:
                return lp
        raise TransformError(f"loop {loop_name(loop)} no longer exists (a later step replaced it)", loop.op)

    def spec_of(self, loop: Loop) -> str:
        """The shortest selector that names ``loop`` uniquely now."""
        name = loop_name(loop)
        if sum(1 for lp in self.model.loops if loop_name(lp) == name) == 1:
            return name
        loc = loop.loc
        tail = ":".join(loc.split(":")[-2:])
        if sum(1 for lp in self.model.loops if ":".join(lp.loc.split(":")[-2:]) == tail) == 1:
            return tail
        return f"#{self.model.loops.index(loop)}"

    # -- applying -----------------------------------------------------------------------
    def _apply(
        self,
        name: str,
        loops: Sequence[Loop],
        params: dict[str, Any],
        verdict_fn: Callable[[], Verdict],
        apply_fn: Callable[[], object],
    ) -> Verdict:
        specs = [self.spec_of(lp) for lp in loops]
        verdict = verdict_fn()
        if verdict.ok:
            apply_fn()
            self._changed()
            self.trace.append(Step(name, specs, params))
        return verdict

    def tile(self, loops: Sequence[LoopSpec], sizes: Sequence[int]) -> Verdict:
        """Rectangular tiling of a band of directly nested loops: a perfect
        band is rewritten structurally (as upstream's affine-loop-tile), an
        imperfect one (ops between its loops) through its new schedule and
        isl's AST builder (``tile_imperfect``), when legal."""
        band = self.loops(*loops)
        sizes = [int(s) for s in sizes]
        m = self.model
        carried = any(lp.iter_args for lp in band)  # kept in memory while isl regenerates (demote_carried)
        if (len(band) > 1 or carried) and perfect_band_problem(band) is not None and TI.chain_problem(band) is None:
            specs = [self.spec_of(loop) for loop in band]
            verdict = TI.tile_imperfect_verdict(m, band, sizes)
            if not verdict.ok:
                return verdict
            try:
                TI.tile_imperfect(m, band, sizes)
            except CodegenError as e:  # legal, but isl's AST has no exact affine form: the IR is unchanged
                return Verdict(False, f"cannot tile loops {TL.names(band)}: {e}", op=band[0].op)
            self._changed()
            self.trace.append(Step("tile", specs, {"sizes": sizes}))
            return verdict
        return self._apply(
            "tile", band, {"sizes": sizes}, lambda: TL.tile_verdict(m, band, sizes), lambda: TL.tile(m, band, sizes)
        )

    def strip_mine(self, loop: LoopSpec, factor: int) -> Verdict:
        lp = self.loop(loop)
        m = self.model
        return self._apply(
            "strip_mine",
            [lp],
            {"factor": int(factor)},
            lambda: TL.strip_mine_verdict(m, lp, int(factor)),
            lambda: TL.strip_mine(m, lp, int(factor)),
        )

    def permute(self, loops: Sequence[LoopSpec], perm: Sequence[int]) -> Verdict:
        """Reorder a band: ``perm[k]`` is the band index of the loop placed at k."""
        band = self.loops(*loops)
        perm = [int(p) for p in perm]
        m = self.model
        return self._apply(
            "permute", band, {"perm": perm}, lambda: P.permute_verdict(m, band, perm), lambda: P.permute(m, band, perm)
        )

    def interchange(self, order: Sequence[LoopSpec]) -> Verdict:
        """Put the named loops of a perfect band in this order (``k, i, j``):
        the band is the loops named, outermost to innermost as nested now."""
        wanted = self.loops(*order)
        band = sorted(wanted, key=lambda lp: lp.depth)
        perm = [band.index(lp) for lp in wanted]
        m = self.model
        specs = [self.spec_of(lp) for lp in band]
        verdict = P.permute_verdict(m, band, perm)
        if verdict.ok:
            P.permute(m, band, perm)
            self._changed()
            self.trace.append(Step("interchange", [specs[p] for p in perm], {}))
        return verdict

    def unroll(self, loop: LoopSpec, factor: int | None = None, full: bool = False) -> Verdict:
        """Unroll by ``factor`` (cleanup loop for the rest) or fully."""
        lp = self.loop(loop)
        m = self.model
        params: dict[str, Any] = {"full": True} if full else {"factor": int(factor or 0)}
        f = None if full else int(factor or 0)
        return self._apply(
            "unroll", [lp], params, lambda: U.unroll_verdict(m, lp, f, full), lambda: U.unroll(m, lp, f, full)
        )

    def unroll_jam(self, loop: LoopSpec, factor: int) -> Verdict:
        """Unroll ``loop`` by ``factor`` and jam the copies into its inner loops."""
        lp = self.loop(loop)
        m = self.model
        return self._apply(
            "unroll_jam",
            [lp],
            {"factor": int(factor)},
            lambda: UJ.unroll_jam_verdict(m, lp, int(factor)),
            lambda: UJ.unroll_jam(m, lp, int(factor)),
        )

    def parallelize(self, loop: LoopSpec, reductions: bool = True) -> Verdict:
        """Turn a loop that carries no dependence into ``affine.parallel``
        (with ``reduce`` for iter_args reductions when ``reductions``)."""
        lp = self.loop(loop)
        m = self.model
        return self._apply(
            "parallelize",
            [lp],
            {"reductions": bool(reductions)},
            lambda: PAR.parallelize_verdict(m, lp, reductions),
            lambda: PAR.parallelize(m, lp, reductions),
        )

    def nest(self, spec: LoopSpec) -> Loop:
        """A loop nest's outermost loop: an int is a nest position (0, 1, ...
        in program order), anything else a loop selector."""
        if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit()):
            k = int(spec)
            nests = self.nests()
            if not 0 <= k < len(nests):
                raise TransformError(f"nest {k} is out of range (the function has {len(nests)} loop nests)", self.func)
            return nests[k]
        return self.loop(spec)

    def fuse(
        self, a: LoopSpec, b: LoopSpec, depth: int = 1, shifts: Sequence[int] | None = None, contract: bool = False
    ) -> Verdict:
        """Fuse nest ``b`` into nest ``a`` at ``depth`` (``b`` shifted by
        ``shifts``); with ``contract``, shrink the temporaries the fusion made
        private to one iteration."""
        la, lb = self.nest(a), self.nest(b)
        m = self.model
        params: dict[str, Any] = {"depth": int(depth)}
        if shifts:
            params["shifts"] = [int(x) for x in shifts]
        if contract:
            params["contract"] = True
        sh = [int(x) for x in shifts] if shifts else None

        def do() -> None:
            F.fuse(m, la, lb, int(depth), sh)
            if contract:
                self._contract_all()

        return self._apply("fuse", [la, lb], params, lambda: F.fuse_verdict(m, la, lb, int(depth), sh), do)

    def _contract_all(self) -> None:
        model = analyze(self.func)
        for alloc in CT.contraction_candidates(model):
            model = analyze(self.func)
            if CT.contract_verdict(model, alloc).ok:
                CT.contract(model, alloc)

    def distribute(self, loop: LoopSpec, groups: Sequence[Sequence[int]] | None = None) -> Verdict:
        """Split ``loop`` into one loop per group of its body items (maximal
        distribution by strongly connected components when None)."""
        lp = self.loop(loop)
        m = self.model
        g = [list(x) for x in groups] if groups else None
        params: dict[str, Any] = {"groups": g} if g else {}
        return self._apply(
            "distribute", [lp], params, lambda: D.distribute_verdict(m, lp, g), lambda: D.distribute(m, lp, g)
        )

    def promote(self, loop: LoopSpec, memrefs: Sequence[str] | None = None, memory_space: int | None = None) -> Verdict:
        """Copy the footprints of ``memrefs`` (all accessed if None) in
        ``loop`` to local buffers: copy-in before, copy-out after."""
        lp = self.loop(loop)
        m = self.model
        params: dict[str, Any] = {}
        if memrefs:
            params["memrefs"] = list(memrefs)
        if memory_space is not None:
            params["memory_space"] = int(memory_space)
        return self._apply(
            "promote",
            [lp],
            params,
            lambda: PR.promote_verdict(m, lp, memrefs, memory_space),
            lambda: PR.promote(m, lp, memrefs, memory_space),
        )

    def scalar_replace(self, loop: LoopSpec) -> Verdict:
        """Keep loop-invariant elements updated in ``loop`` in registers
        (load before, iter_args inside, store after)."""
        lp = self.loop(loop)
        m = self.model
        return self._apply(
            "scalar_replace", [lp], {}, lambda: SR.scalar_replace_verdict(m, lp), lambda: SR.scalar_replace(m, lp)
        )

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
    ) -> Verdict:
        """Register-tile a contraction band (``microkernel``): ``mr`` rows and
        ``nv`` vectors of ``lanes`` elements of accumulators held in
        registers across the reduction loop, which is blocked by ``kc``;
        ``parallel``: the column-tile loop becomes ``affine.parallel``;
        ``pack``: operands read with a stride along the vector loop are
        first copied into contiguous buffers."""
        band = self.loops(*loops)
        m = self.model
        params = {"mr": int(mr), "nv": int(nv), "lanes": int(lanes), "kc": kc, "fma": bool(fma)}
        if parallel:
            params["parallel"] = True
        if pack:
            params["pack"] = True
        return self._apply(
            "register_tile",
            band,
            params,
            lambda: MK.microkernel_verdict(m, band, mr, nv, lanes, kc, pack),
            lambda: MK.register_tile(m, band, mr, nv, lanes, kc, fma, parallel, pack),
        )

    def skew(self, loops: Sequence[LoopSpec], matrix: str | Sequence[Sequence[int]]) -> Verdict:
        """Apply a unimodular matrix to a perfectly nested band (new dims =
        M * old dims), e.g. ``'1,0;1,1'`` skews the second loop by the first."""
        band = self.loops(*loops)
        mat = SK.parse_matrix(matrix)
        m = self.model
        return self._apply(
            "skew",
            band,
            {"matrix": [list(r) for r in mat]},
            lambda: SK.skew_verdict(m, band, mat),
            lambda: SK.skew(m, band, mat),
        )

    def shift(self, statement: str, loop: LoopSpec, amount: int) -> Verdict:
        """Retime compound statement ``statement`` (``S1``) by ``amount``
        iterations of ``loop``."""
        lp = self.loop(loop)
        m = self.model
        return self._apply(
            "shift",
            [lp],
            {"statement": statement, "amount": int(amount)},
            lambda: SK.shift_verdict(m, statement, lp, int(amount)),
            lambda: SK.shift(m, statement, lp, int(amount)),
        )

    def apply_schedule(self, schedule_text: str) -> Verdict:
        """Run the compound statements in the order of an isl map per
        statement (``{ S0[i, j, k] -> [i, k, j] }``)."""
        m = self.model
        return self._apply(
            "apply_schedule",
            [],
            {"schedule": schedule_text},
            lambda: SA.apply_schedule_verdict(m, schedule_text),
            lambda: SA.apply_schedule(m, schedule_text),
        )

    def optimize(
        self,
        tile_sizes: Sequence[int] | None = None,
        parallel: bool = True,
        tile: bool = True,
        strategy: str | None = None,
    ) -> OPT.Report:
        """Optimize for speed. By default (``strategy="cost"``) the
        cost-aware plan (``planner``): register-tiled contractions, stride-1
        innermost loops, parallel loops, each an exact primitive recorded in
        the trace. ``strategy="pluto"`` (implied by ``tile_sizes`` or
        ``tile=False``) is the automatic Pluto-style schedule with isl's
        scheduler (``polymlir.transforms.optimize``), one ``optimize`` step.
        Returns a report (``ok``, remarks, the verdict)."""
        if strategy is None:
            strategy = "pluto" if tile_sizes or not tile else "cost"
        if strategy not in ("cost", "pluto"):
            raise TransformError(f"unknown optimize strategy '{strategy}' (cost, pluto)", self.func)
        if strategy == "cost":
            plan = PL.plan(self, parallel)
            return OPT.Report(plan.ok, plan.reason, plan.remarks)
        params: dict[str, Any] = {"strategy": "pluto"}
        if tile_sizes:
            params["tile_sizes"] = [int(x) for x in tile_sizes]
        if not parallel:
            params["parallel"] = False
        if not tile:
            params["tile"] = False
        report = OPT.optimize(self.model, list(tile_sizes) if tile_sizes else None, parallel, tile)
        if report.ok:
            self._changed()
            self.trace.append(Step("optimize", [], params))
        return report

    def optimize_verdict(self, tile_sizes: Sequence[int] | None = None) -> Verdict:
        """``optimize`` as a verdict (for uniform drivers): ok when applied."""
        at = self.model.loops[0].op if self.model.loops else self.func
        report = self.optimize(tile_sizes)
        if report.verdict is not None and not report.ok:
            return report.verdict
        v = _report_verdict(report)
        v.op = at
        return v

    # -- exploring ----------------------------------------------------------------------
    def band_from(self, loop: LoopSpec) -> list[Loop]:
        """The longest perfectly nested chain of loops starting at ``loop``."""
        lp = self.loop(loop)
        band = [lp]
        while len(lp.children) == 1 and perfect_band_problem([lp, lp.children[0]]) is None:
            lp = lp.children[0]
            band.append(lp)
        return band

    def chain_from(self, loop: LoopSpec) -> list[Loop]:
        """The longest chain of directly nested affine.for loops starting at
        ``loop``, following a loop whose body holds exactly one loop (other
        ops may sit between them: an imperfect band, which ``tile`` takes)."""
        cur = self.loop(loop)
        band = [cur]
        while len(cur.children) == 1 and TI.chain_problem([cur, cur.children[0]]) is None:
            cur = cur.children[0]
            band.append(cur)
        return band

    def legal_primitives(self, loop: LoopSpec | None = None, include_illegal: bool = False) -> list[Option]:
        """Primitives that may be applied at ``loop`` (every loop if None),
        with parameters that are valid there, each with its verdict."""
        targets = [self.loop(loop)] if loop is not None else list(self.model.loops)
        m = self.model
        out: list[Option] = []
        if loop is None:
            for a, b, depth in F.fusion_candidates(m):
                out.append(
                    Option("fuse", [self.spec_of(a), self.spec_of(b)], {"depth": depth}, F.fuse_verdict(m, a, b, depth))
                )
        for lp in targets:
            band = self.band_from(lp)
            names = [self.spec_of(x) for x in band]
            candidates: list[tuple[str, list[str], dict[str, Any], Callable[[], Verdict]]] = []
            chain = self.chain_from(lp)
            if len(chain) > len(band):
                sizes = [32] * len(chain)
                candidates.append(
                    (
                        "tile",
                        [self.spec_of(x) for x in chain],
                        {"sizes": sizes},
                        _deferred(TI.tile_imperfect_verdict, m, chain, sizes),
                    )
                )
            if len(band) > 1:
                sizes = [32] * len(band)
                candidates.append(("tile", names, {"sizes": sizes}, _deferred(TL.tile_verdict, m, band, sizes)))
                for k in range(len(band) - 1):
                    perm = list(range(len(band)))
                    perm[k], perm[k + 1] = perm[k + 1], perm[k]
                    candidates.append(
                        (
                            "permute",
                            names,
                            {"perm": perm},
                            _deferred(P.permute_verdict, m, band, perm),
                        )
                    )
            candidates.append(("strip_mine", names[:1], {"factor": 4}, _deferred(TL.strip_mine_verdict, m, lp, 4)))
            candidates.append(("unroll", names[:1], {"factor": 4}, _deferred(U.unroll_verdict, m, lp, 4)))
            if lp.children:
                candidates.append(("unroll_jam", names[:1], {"factor": 2}, _deferred(UJ.unroll_jam_verdict, m, lp, 2)))
                candidates.append(("distribute", names[:1], {}, _deferred(D.distribute_verdict, m, lp)))
                candidates.append(("promote", names[:1], {}, _deferred(PR.promote_verdict, m, lp)))
            candidates.append(
                ("parallelize", names[:1], {"reductions": True}, _deferred(PAR.parallelize_verdict, m, lp, True))
            )
            candidates.append(("scalar_replace", names[:1], {}, _deferred(SR.scalar_replace_verdict, m, lp)))
            for prim, ls, params, fn in candidates:
                try:
                    v = fn()
                except TransformError as e:
                    v = Verdict(False, str(e))
                if v.ok or include_illegal:
                    out.append(Option(prim, ls, params, v))
        if loop is None:
            out += [o for o in self._linalg_options() if include_illegal or (o.verdict and o.verdict.ok)]
        return out

    def _linalg_options(self) -> list[Option]:
        """Tiling, fusion of the producers an op reads, and promotion of every
        operand, for each linalg op; verdicts from applying each on a copy."""
        name = getattr(self.func.get_attr("sym_name"), "value", None)

        def dry(step: Callable[..., Verdict], *args: Any) -> Verdict:
            """``step`` (a Schedule method) with ``args`` on a copy of the module."""
            return step(Schedule(self.module.clone(), name), *args)

        out: list[Option] = []
        ops = self.linalg_ops()
        for k, op in enumerate(ops):
            sizes = [32] * op.num_loops
            tiled: dict[str, Any] = {"linalg_op": k, "sizes": sizes}
            out.append(Option("tile_linalg", [], tiled, dry(Schedule.tile_linalg, k, sizes)))
            reads = {v for v in op.operands}
            for p, prod in enumerate(ops[:k]):
                if not reads & ({*prod.results} | {*prod.dps_inits()}):
                    continue
                params = {"linalg_op": k, "producers": [p], "sizes": sizes}
                out.append(Option("fuse_linalg", [], params, dry(Schedule.fuse_linalg, k, [p], sizes)))
            operands = [i for i, v in enumerate(op.operands) if isinstance(v.type, T.MemRefType)]
            if not operands:
                continue
            params = {"linalg_op": k, "sizes": sizes, "operands": operands}
            out.append(Option("promote_linalg", [], params, dry(Schedule.promote_linalg, k, sizes, operands)))
        return out

    # -- linalg ops -----------------------------------------------------------------------
    def linalg_ops(self) -> list[LinalgStructuredOp]:
        """The function's linalg structured ops in program order (positions
        as the CLI's ``--op`` counts them)."""
        return [op for op in self.func.walk(post_order=False) if is_structured(op)]

    def linalg_op(self, pos: int) -> LinalgStructuredOp:
        ops = self.linalg_ops()
        if not 0 <= pos < len(ops):
            raise TransformError(f"linalg op {pos} is out of range (the function has {len(ops)} linalg ops)", self.func)
        return ops[pos]

    def _linalg(self, name: str, params: dict[str, Any], fn: Callable[[], object]) -> Verdict:
        try:
            result = fn()
        except TransformError as e:
            return Verdict(False, str(e), op=e.op)
        self._changed()
        self.trace.append(Step(name, [], params))
        notes = getattr(result, "notes", None)
        return Verdict(True, "; ".join(notes) if notes else "applied")

    def tile_linalg(self, op: int, sizes: Sequence[int], interchange: Sequence[int] = ()) -> Verdict:
        """Tile linalg op ``op`` (position) by ``sizes`` (0 = untiled)."""
        target = self.linalg_op(op)
        params: dict[str, Any] = {"linalg_op": op, "sizes": [int(x) for x in sizes]}
        if interchange:
            params["interchange"] = [int(x) for x in interchange]
        return self._linalg("tile_linalg", params, lambda: LT.tile_op(target, sizes, interchange))

    def fuse_linalg(self, op: int, producers: Sequence[int], sizes: Sequence[int]) -> Verdict:
        """Tile linalg op ``op`` and fuse the linalg ops at ``producers`` into its tiles."""
        target = self.linalg_op(op)
        prods = [self.linalg_op(p) for p in producers]
        params = {"linalg_op": op, "producers": [int(p) for p in producers], "sizes": [int(x) for x in sizes]}
        return self._linalg("fuse_linalg", params, lambda: LF.fuse_ops(target, prods, sizes))

    def promote_linalg(
        self,
        op: int,
        sizes: Sequence[int],
        operands: Sequence[int],
        alignment: int | None = 16,
        memory_space: int | None = None,
    ) -> Verdict:
        """Tile linalg op ``op`` and promote the tiles of ``operands`` to local buffers."""
        target = self.linalg_op(op)
        params: dict[str, Any] = {"linalg_op": op, "sizes": [int(x) for x in sizes], "operands": list(operands)}
        if alignment != 16:
            params["alignment"] = alignment
        if memory_space is not None:
            params["memory_space"] = memory_space
        return self._linalg(
            "promote_linalg", params, lambda: LP.promote_op(target, sizes, operands, alignment, memory_space)
        )

    # -- traces -------------------------------------------------------------------------
    def apply_step(self, step: Step) -> Verdict:
        """Run one trace step (as recorded by this handle)."""
        method = _STEPS.get(step.op)
        if method is None:
            known = ", ".join(sorted(_STEPS))
            raise TransformError(f"unknown primitive '{step.op}' in trace (primitives: {known})", self.func)
        return method(self, step)

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


def _deferred(fn: Callable[..., Verdict], *args: Any) -> Callable[[], Verdict]:
    """``fn(*args)``, to be called later (the arguments are bound now)."""
    return lambda: fn(*args)


def _param(step: Step, key: str) -> Any:
    if key not in step.params:
        raise TransformError(f"trace step {step} is missing the parameter '{key}'")
    return step.params[key]


_STEPS: dict[str, Callable[[Schedule, Step], Verdict]] = {
    "tile": lambda s, st: s.tile(st.loops, _param(st, "sizes")),
    "strip_mine": lambda s, st: s.strip_mine(st.loops[0], _param(st, "factor")),
    "permute": lambda s, st: s.permute(st.loops, _param(st, "perm")),
    "interchange": lambda s, st: s.interchange(st.loops),
    "unroll": lambda s, st: s.unroll(st.loops[0], st.params.get("factor"), bool(st.params.get("full", False))),
    "unroll_jam": lambda s, st: s.unroll_jam(st.loops[0], _param(st, "factor")),
    "parallelize": lambda s, st: s.parallelize(st.loops[0], bool(st.params.get("reductions", True))),
    "fuse": lambda s, st: s.fuse(
        st.loops[0],
        st.loops[1],
        int(st.params.get("depth", 1)),
        st.params.get("shifts"),
        bool(st.params.get("contract", False)),
    ),
    "distribute": lambda s, st: s.distribute(st.loops[0], st.params.get("groups")),
    "promote": lambda s, st: s.promote(st.loops[0], st.params.get("memrefs"), st.params.get("memory_space")),
    "scalar_replace": lambda s, st: s.scalar_replace(st.loops[0]),
    "tile_linalg": lambda s, st: s.tile_linalg(
        int(_param(st, "linalg_op")), _param(st, "sizes"), st.params.get("interchange", ())
    ),
    "fuse_linalg": lambda s, st: s.fuse_linalg(
        int(_param(st, "linalg_op")), _param(st, "producers"), _param(st, "sizes")
    ),
    "promote_linalg": lambda s, st: s.promote_linalg(
        int(_param(st, "linalg_op")),
        _param(st, "sizes"),
        _param(st, "operands"),
        st.params.get("alignment", 16),
        st.params.get("memory_space"),
    ),
    "skew": lambda s, st: s.skew(st.loops, _param(st, "matrix")),
    "register_tile": lambda s, st: s.register_tile(
        st.loops,
        _param(st, "mr"),
        _param(st, "nv"),
        _param(st, "lanes"),
        st.params.get("kc"),
        bool(st.params.get("fma", True)),
        bool(st.params.get("parallel", False)),
        bool(st.params.get("pack", False)),
    ),
    "shift": lambda s, st: s.shift(_param(st, "statement"), st.loops[0], _param(st, "amount")),
    "apply_schedule": lambda s, st: s.apply_schedule(_param(st, "schedule")),
    "optimize": lambda s, st: _report_verdict(
        s.optimize(
            st.params.get("tile_sizes"),
            bool(st.params.get("parallel", True)),
            bool(st.params.get("tile", True)),
            # a trace from before the cost-aware plan means isl's schedule
            st.params.get("strategy", "pluto"),
        )
    ),
}


def _report_verdict(report: OPT.Report) -> Verdict:
    return Verdict(True, "optimized") if report.ok else Verdict(False, report.reason or "not optimized")


def register_step(name: str, fn: Callable[[Schedule, Step], Verdict]) -> None:
    """Make ``name`` replayable from traces (primitives added in other modules)."""
    _STEPS[name] = fn


def schedule(module: Operation, func: str | None = None) -> Schedule:
    """A schedule handle over ``func`` of ``module`` (see ``Schedule``)."""
    return Schedule(module, func)


def replay(module: Operation, trace: Trace, func: str | None = None) -> Schedule:
    s = Schedule(module, func)
    s.replay(trace)
    return s
