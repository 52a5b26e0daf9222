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
from ...ir.core import Operation
from .. import optimize as OPT
from . import contract as CT
from . import distribute as D
from . import fuse as F
from . import parallelize as PAR
from . import permute as P
from . import promote as PR
from . import scalar_replace as SR
from . import schedule_apply as SA
from . import skew as SK
from . import tile as TL
from . import unroll as U
from . import unroll_jam as UJ
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
        ps = "".join(f", {k}={v}" for k, v in self.params.items())
        ok = "" if self.verdict is None or self.verdict.ok else f"  [refused: {self.verdict.reason}]"
        return f"{self.primitive}({', '.join(self.loops)}{ps}){ok}"


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
        return [l for l in self.model.loops if l.parent is None]

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
            hits = [l for l in loops if op_loc(l.op).endswith(":" + spec) or op_loc(l.op) == spec]
        else:
            hits = [l for l in loops if loop_name(l) == spec]
        if not hits:
            known = ", ".join(dict.fromkeys(loop_name(l) for l in loops)) or "none"
            raise TransformError(f"no loop '{spec}' in function @{self.model.name} (loops: {known})", self.func)
        if len(hits) > 1:
            where = ", ".join(l.loc for l in hits)
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
        for l in self.model.loops:
            if l.op is loop.op and l.index == loop.index:
                return l
        raise TransformError(f"loop {loop_name(loop)} no longer exists (a later step replaced it)", loop.op)

    def spec_of(self, loop: Loop) -> str:
        """The shortest selector that names ``loop`` uniquely now."""
        name = loop_name(loop)
        if sum(1 for l in self.model.loops if loop_name(l) == name) == 1:
            return name
        loc = loop.loc
        tail = ":".join(loc.split(":")[-2:])
        if sum(1 for l in self.model.loops if ":".join(l.loc.split(":")[-2:]) == tail) == 1:
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
        specs = [self.spec_of(l) for l in loops]
        verdict = verdict_fn()
        if verdict.ok:
            apply_fn()
            self._changed()
            self.trace.append(Step(name, specs, params))
        return verdict

    def tile(self, loops: Sequence[LoopSpec], sizes: Sequence[int]) -> Verdict:
        """Rectangular tiling of a perfectly nested band."""
        band = self.loops(*loops)
        sizes = [int(s) for s in sizes]
        m = self.model
        return self._apply(
            "tile", band, {"sizes": sizes}, lambda: TL.tile_verdict(m, band, sizes), lambda: TL.tile(m, band, sizes)
        )

    def strip_mine(self, loop: LoopSpec, factor: int) -> Verdict:
        l = self.loop(loop)
        m = self.model
        return self._apply(
            "strip_mine",
            [l],
            {"factor": int(factor)},
            lambda: TL.strip_mine_verdict(m, l, int(factor)),
            lambda: TL.strip_mine(m, l, int(factor)),
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
        band = sorted(wanted, key=lambda l: l.depth)
        perm = [band.index(l) for l in wanted]
        m = self.model
        specs = [self.spec_of(l) for l in band]
        verdict = P.permute_verdict(m, band, perm)
        if verdict.ok:
            P.permute(m, band, perm)
            self._changed()
            self.trace.append(Step("interchange", [specs[p] for p in perm], {}))
        return verdict

    def unroll(self, loop: LoopSpec, factor: int | None = None, full: bool = False) -> Verdict:
        """Unroll by ``factor`` (cleanup loop for the rest) or fully."""
        l = self.loop(loop)
        m = self.model
        params: dict[str, Any] = {"full": True} if full else {"factor": int(factor or 0)}
        f = None if full else int(factor or 0)
        return self._apply(
            "unroll", [l], params, lambda: U.unroll_verdict(m, l, f, full), lambda: U.unroll(m, l, f, full)
        )

    def unroll_jam(self, loop: LoopSpec, factor: int) -> Verdict:
        """Unroll ``loop`` by ``factor`` and jam the copies into its inner loops."""
        l = self.loop(loop)
        m = self.model
        return self._apply(
            "unroll_jam",
            [l],
            {"factor": int(factor)},
            lambda: UJ.unroll_jam_verdict(m, l, int(factor)),
            lambda: UJ.unroll_jam(m, l, int(factor)),
        )

    def parallelize(self, loop: LoopSpec, reductions: bool = True) -> Verdict:
        """Turn a loop that carries no dependence into ``affine.parallel``
        (with ``reduce`` for iter_args reductions when ``reductions``)."""
        l = self.loop(loop)
        m = self.model
        return self._apply(
            "parallelize",
            [l],
            {"reductions": bool(reductions)},
            lambda: PAR.parallelize_verdict(m, l, reductions),
            lambda: PAR.parallelize(m, l, reductions),
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
        l = self.loop(loop)
        m = self.model
        g = [list(x) for x in groups] if groups else None
        params: dict[str, Any] = {"groups": g} if g else {}
        return self._apply(
            "distribute", [l], params, lambda: D.distribute_verdict(m, l, g), lambda: D.distribute(m, l, g)
        )

    def promote(self, loop: LoopSpec, memrefs: Sequence[str] | None = None, memory_space: int | None = None) -> Verdict:
        """Copy the footprints of ``memrefs`` (all accessed if None) in
        ``loop`` to local buffers: copy-in before, copy-out after."""
        l = self.loop(loop)
        m = self.model
        params: dict[str, Any] = {}
        if memrefs:
            params["memrefs"] = list(memrefs)
        if memory_space is not None:
            params["memory_space"] = int(memory_space)
        return self._apply(
            "promote",
            [l],
            params,
            lambda: PR.promote_verdict(m, l, memrefs, memory_space),
            lambda: PR.promote(m, l, memrefs, memory_space),
        )

    def scalar_replace(self, loop: LoopSpec) -> Verdict:
        """Keep loop-invariant elements updated in ``loop`` in registers
        (load before, iter_args inside, store after)."""
        l = self.loop(loop)
        m = self.model
        return self._apply(
            "scalar_replace", [l], {}, lambda: SR.scalar_replace_verdict(m, l), lambda: SR.scalar_replace(m, l)
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
        l = self.loop(loop)
        m = self.model
        return self._apply(
            "shift",
            [l],
            {"statement": statement, "amount": int(amount)},
            lambda: SK.shift_verdict(m, statement, l, int(amount)),
            lambda: SK.shift(m, statement, l, int(amount)),
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

    def optimize(self, tile_sizes: Sequence[int] | None = None, parallel: bool = True, tile: bool = True) -> OPT.Report:
        """The automatic Pluto-style schedule (see ``polymlir.transforms.optimize``);
        returns its report (``ok``, remarks, the verdict)."""
        params: dict[str, Any] = {}
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
        l = self.loop(loop)
        band = [l]
        while len(l.children) == 1 and perfect_band_problem([l, l.children[0]]) is None:
            l = l.children[0]
            band.append(l)
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
        for l in targets:
            band = self.band_from(l)
            names = [self.spec_of(x) for x in band]
            candidates: list[tuple[str, list[str], dict[str, Any], Callable[[], Verdict]]] = []
            if len(band) > 1:
                sizes = [32] * len(band)
                candidates.append(
                    ("tile", names, {"sizes": sizes}, lambda band=band, sizes=sizes: TL.tile_verdict(m, band, sizes))
                )
                for k in range(len(band) - 1):
                    perm = list(range(len(band)))
                    perm[k], perm[k + 1] = perm[k + 1], perm[k]
                    candidates.append(
                        (
                            "permute",
                            names,
                            {"perm": perm},
                            lambda band=band, perm=perm: P.permute_verdict(m, band, perm),
                        )
                    )
            candidates.append(("strip_mine", names[:1], {"factor": 4}, lambda l=l: TL.strip_mine_verdict(m, l, 4)))
            candidates.append(("unroll", names[:1], {"factor": 4}, lambda l=l: U.unroll_verdict(m, l, 4)))
            if l.children:
                candidates.append(("unroll_jam", names[:1], {"factor": 2}, lambda l=l: UJ.unroll_jam_verdict(m, l, 2)))
                candidates.append(("distribute", names[:1], {}, lambda l=l: D.distribute_verdict(m, l)))
                candidates.append(("promote", names[:1], {}, lambda l=l: PR.promote_verdict(m, l)))
            candidates.append(
                ("parallelize", names[:1], {"reductions": True}, lambda l=l: PAR.parallelize_verdict(m, l, True))
            )
            candidates.append(("scalar_replace", names[:1], {}, lambda l=l: SR.scalar_replace_verdict(m, l)))
            for prim, ls, params, fn in candidates:
                try:
                    v = fn()
                except TransformError as e:
                    v = Verdict(False, str(e))
                if v.ok or include_illegal:
                    out.append(Option(prim, ls, params, v))
        return out

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
                raise TransformError(f"trace step {k + 1} ({step}) was refused: {v.reason}", v.op or self.func)
            out.append(v)
        return out


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
    "skew": lambda s, st: s.skew(st.loops, _param(st, "matrix")),
    "shift": lambda s, st: s.shift(_param(st, "statement"), st.loops[0], _param(st, "amount")),
    "apply_schedule": lambda s, st: s.apply_schedule(_param(st, "schedule")),
    "optimize": lambda s, st: _report_verdict(
        s.optimize(
            st.params.get("tile_sizes"), bool(st.params.get("parallel", True)), bool(st.params.get("tile", True))
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
