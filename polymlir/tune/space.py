"""The search space: a candidate is a schedule trace, built define-by-run.

A space is a function ``(trial, schedule) -> None | Verdict``: it applies
primitives to a fresh ``Schedule`` of the function, asking ``trial.suggest_*``
for each choice (Optuna's define-by-run API). The default space,
``PerturbSpace``, starts from ``optimize``'s expanded trace and searches
around it; a trial first picks a *strategy* (``strategy``, when there are
several):

- ``optimize``: the base trace with the searched parameters of its steps
  (the register tiles' ``mr``, ``nv``, ``kc``, ``fma``, ``parallel``,
  ``pack``; unroll-and-jam factors, 1 dropping the step); its parallel
  loops on or off; then each perfect band outside the micro-kernels: a
  skew that makes it tileable (when it is not as it is) or a loop order
  among the permutations legal at the base, tile sizes at one or two
  levels (0: that loop untiled), unroll-and-jam of its second innermost
  loop, unroll of its innermost, its outermost loop parallel or not;
- ``fuseK: fuse(...)``, when the base has no micro-kernel: the same after
  one legal fusion of two sibling nests (a shifted one when a refusal's
  hint names it), the fusion's own searched parameters (``contract``) too;
- ``pluto``, for stencils (isl's schedule skews a band) or when the base
  holds an ``optimize`` step: ``optimize``'s Pluto strategy with its
  ``tile``, ``parallel`` and time-tiling ``tile_sizes`` per band member
  (0: that member untiled).

Every value tried for a primitive's parameter is the domain declared on
the parameter in the primitive registry (``domains``); the choices that are
no primitive's parameter are declared here (``LEVELS``, ``sites.ON``).
Declared primitives with searched parameters that the space does not place
itself (``PLACED``) are offered at their legal sites (``sites``): in each
band, or function-wide. A refused verdict, a loop a step names that no
longer exists, or ``raise Refused(reason)`` makes the candidate illegal:
the trial is pruned with that reason and never compiled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import parse
from ..affine.legality import Verdict
from ..affine.model import Loop
from ..dialects.affine import AffineForOp
from ..ir.core import Operation
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Option, Schedule
from ..transforms.loops.loop_utils import as_for, constant_trip_count, perfect_band_problem
from ..transforms.loops.primitives import REGISTRY
from ..transforms.loops.trace import Step, Trace
from ..transforms.loops.unroll import constant_trip_count as bounds_trip_count
from .domains import Domain, domain
from .sites import ON, Refused, Site, apply_site, band_sites, function_sites, is_dropped, require, suggest_params

__all__ = ["LEVELS", "PLACED", "BandInfo", "Branch", "PerturbSpace", "Refused", "Space", "require"]

Space = Callable[[Any, Schedule], "Verdict | None"]

# Tiling levels per band (tiles of tiles): a choice of the space, no primitive's parameter.
LEVELS = Domain((1, 2))
# The primitives the space places itself (the band pipeline, the branches, the micro-kernels);
# every other declared primitive with searched parameters gets its sites (``sites``).
PLACED = frozenset({"tile", "permute", "skew", "unroll", "unroll_jam", "parallelize", "register_tile", "optimize"})
# Base steps a candidate may leave out (the loop then runs sequentially).
DROPPABLE = frozenset({"parallelize"})


@dataclass
class BandInfo:
    """A perfect band of the branch's program: where it starts (pre-order
    position of its outermost loop), its depth, the loop orders that were
    legal there (each a permutation as text, ``"1,0"``, among the permute
    primitive's candidates), whether its
    outermost loop could run in parallel, the skews (matrices as text,
    ``"1,0;1,1"``) that make it tileable when it is not as it is, and the
    sites of other declared primitives in it."""

    position: int
    depth: int
    orders: list[str] = field(default_factory=list)
    parallel_ok: bool = False
    skews: list[str] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)


@dataclass
class Branch:
    """One strategy: ``prefix`` steps (index in the base trace, step) applied
    first, their searched parameters picked (``frozen`` primitives' kept),
    the ``bands`` then transformed, function-wide ``sites``, and the
    micro-kernel steps applied last, their loops held as (nest, pre-order
    offset in the nest) in ``refs``. ``pluto_depth`` > 0: the Pluto
    strategy, one ``optimize`` step with that many tile sizes searched.
    ``key`` prefixes the parameter names (none for the base). ``legal``:
    per base step (its index), the values of a searched parameter that
    apply there with the step's other parameters as in the base, where
    some of the domain's do not (syrk's triangular band takes no row
    blocks nor column groups): the others are never drawn."""

    label: str
    key: str = ""
    prefix: list[tuple[int, Step]] = field(default_factory=list)
    bands: list[BandInfo] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)
    kernels: list[tuple[int, Step]] = field(default_factory=list)
    refs: list[list[tuple[int, int]]] = field(default_factory=list)
    frozen: frozenset[str] = frozenset({"optimize"})
    pluto_depth: int = 0
    legal: dict[int, dict[str, tuple[Any, ...]]] = field(default_factory=dict)


def _has_vector_ops(op: Operation) -> bool:
    return any(o.name.startswith("vector.") for o in op.walk(post_order=False))


def _bands(s: Schedule) -> list[Loop]:
    """The outermost loop of every perfect band that ends in an innermost
    loop, outside the nests holding vector code (the micro-kernels
    ``register_tile`` wrote, which their own parameters tune)."""
    out = []
    kernels = [n for n in s.nests() if _has_vector_ops(n.op)]
    for lp in s.all_loops():
        if not isinstance(lp.op, AffineForOp):
            continue
        top = lp
        while top.parent is not None:
            top = top.parent
        if any(k.op is top.op for k in kernels):
            continue
        parent = lp.parent
        if parent is not None and isinstance(parent.op, AffineForOp) and perfect_band_problem([parent, lp]) is None:
            continue  # inside a band that starts higher up
        band = s.band_from(lp)
        if not band[-1].children and all(isinstance(x.op, AffineForOp) for x in band):
            out.append(lp)
    return out


def _dry(s: Schedule) -> Schedule:
    return Schedule(s.module.clone(), s.func_name)


class PerturbSpace:
    """The strategies (``branches``) around ``optimize``'s trace ``base``,
    found by ``from_base``; see the module docstring. A candidate's trace
    determines its program, so equal traces are measured once.

    The bands are transformed before the register tiles are written (the
    planner's ``register_tile`` steps come last): verdicts after a
    micro-kernel analyse all of its vector accesses and take seconds. Each
    ``register_tile`` step's loops are therefore held as (nest, pre-order
    offset in the nest), which the bands of other nests leave unchanged.
    Bands are visited last first, so that the outermost loop of each keeps
    its pre-order position."""

    trace_determines_program = True

    def __init__(self, base: Trace, branches: list[Branch]):
        self.base = base
        self.branches = branches

    @property
    def bands(self) -> list[BandInfo]:
        """The bands of the base strategy."""
        return self.branches[0].bands

    @staticmethod
    def from_base(text: str, func: str, base: Trace) -> PerturbSpace:
        """The space around ``base`` for ``func`` of the program ``text``:
        the strategies, and in each the bands left and their legal choices."""
        steps = list(base)
        first = next((k for k, st in enumerate(steps) if st.op == "register_tile"), len(steps))
        whole = Branch("optimize", prefix=list(enumerate(steps)))
        if any(st.op != "register_tile" for st in steps[first:]):
            return PerturbSpace(base, [whole])  # not the planner's shape: the base's parameters only
        prefix, kernels = list(enumerate(steps))[:first], list(enumerate(steps))[first:]
        branch = _branch("optimize", "", text, func, prefix, kernels)
        if branch is None:  # micro-kernels whose loops move with each other's parameters: those only
            return PerturbSpace(base, [whole])
        branches = [branch]
        if not kernels:  # the micro-kernels name their loops by position: no fusion before them
            structural = [(k, st) for k, st in prefix if st.op not in DROPPABLE]
            for j, fusion in enumerate(_fusions(text, func, structural)):
                try:
                    fused = _branch(
                        f"fuse{j}: {fusion}", f"fuse{j}", text, func, [*structural, (len(steps), fusion)], []
                    )
                except Refused:  # legal where it was found, refused once the base's steps ran: not a strategy
                    continue
                if fused is not None:
                    branches.append(fused)
        depth = _pluto_depth(text, func, any(st.op == "optimize" for st in steps))
        if depth:
            branches.append(Branch("pluto", "pluto", pluto_depth=depth))
        return PerturbSpace(base, branches)

    def __call__(self, trial: Any, s: Schedule) -> None:
        br = self.branches[0]
        if len(self.branches) > 1:
            label = trial.suggest_categorical("strategy", [b.label for b in self.branches])
            br = next(b for b in self.branches if b.label == label)
        pre = f"{br.key}." if br.key else ""
        if br.pluto_depth:
            self._pluto(trial, s, br.pluto_depth)
            return
        for k, step in br.prefix:
            st = self._perturb(trial, f"{pre}s{k}", step, br.frozen, br.legal.get(k))
            if st is not None:
                require(s.apply_step(st), f"step {k + 1} ({st})")
        tops = [[s.nests()[nest].op for nest, _ in refs] for refs in br.refs]
        self._bands(trial, s, pre, br.bands)
        for j, site in enumerate(br.sites):
            apply_site(trial, s, f"{pre}fn.{site.primitive}{j}", site, 0)
        for (k, step), refs, top in zip(br.kernels, br.refs, tops, strict=True):
            st = self._perturb(trial, f"{pre}s{k}", step, br.frozen, br.legal.get(k))
            if st is None:
                continue
            loops = [_at(s, t, off) for t, (_, off) in zip(top, refs, strict=True)]
            require(s.apply_step(Step(st.op, [s.spec_of(lp) for lp in loops], st.params)), f"step {k + 1} ({st})")

    @staticmethod
    def _perturb(
        trial: Any,
        name: str,
        step: Step,
        frozen: frozenset[str] = frozenset(),
        legal: dict[str, tuple[Any, ...]] | None = None,
    ) -> Step | None:
        """``step`` with its searched parameters chosen by ``trial`` (None:
        left out), among the ``legal`` values where given."""
        if step.op in frozen or step.op not in REGISTRY:
            return step
        name = f"{name}.{step.op}"
        if step.op in DROPPABLE and not ON.suggest(trial, f"{name}.on"):
            return None
        prim = REGISTRY[step.op]
        chosen = suggest_params(trial, name, prim, step.params, len(step.loops), legal)
        if is_dropped(prim, chosen):
            return None
        return Step(step.op, list(step.loops), {**step.params, **chosen})

    @staticmethod
    def _pluto(trial: Any, s: Schedule, depth: int) -> None:
        """``optimize``'s Pluto strategy: tiled or not, parallel or not, a tile
        size per band member, one innermost loop per statement or not."""
        params: dict[str, Any] = {"tile": domain("optimize", "tile").suggest(trial, "pluto.tile")}
        params["parallel"] = domain("optimize", "parallel").suggest(trial, "pluto.parallel")
        if params["tile"]:
            sizes = [domain("optimize", "tile_sizes").suggest(trial, f"pluto.tile_sizes{d}") for d in range(depth)]
            if not any(sizes):
                raise Refused("pluto: every band member untiled (that is tile=false)")
            params["tile_sizes"] = sizes
            # one innermost loop per statement (rows that vectorize in time tiles)
            params["rows"] = domain("optimize", "rows").suggest(trial, "pluto.rows")
        require(s.apply_step(Step("optimize", [], params)), "pluto")

    def _bands(self, trial: Any, s: Schedule, pre: str, bands: list[BandInfo]) -> None:
        """Transform every band: first each band's shape (sites, skew or
        order, tiles), then the parallel loops, then unroll-and-jam, then
        unroll. Verdicts analyse every statement of the function, and a jam
        or an unroll multiplies the statements: shaping and parallelizing
        first keeps those verdicts on the fewest (minutes to seconds on
        jacobi-2d). Bands are shaped last first (the outermost loop of each
        keeps its pre-order position); later phases find their loops again
        by operation."""
        order = sorted(range(len(bands)), key=lambda b: -bands[b].position)
        held: dict[int, tuple[Any, ...]] = {b: self._shape(trial, s, f"{pre}band{b}", bands[b]) for b in order}
        for b in order:
            if bands[b].parallel_ok and ON.suggest(trial, f"{pre}band{b}.parallel"):
                top = held[b][0]
                require(s.parallelize(_find(s, top, f"{pre}band{b}")), f"{pre}band{b} parallel")
                # the loop is an affine.parallel now: neither jammed nor unrolled
                held[b] = (top, *(None if op is top else op for op in held[b][1:]))
        jam, unroll = domain("unroll_jam", "factor"), domain("unroll", "factor")
        for b in order:
            loop_op = held[b][1]
            if bands[b].depth > 1 and loop_op is not None:
                f = _within_trips(jam, s, loop_op).suggest(trial, f"{pre}band{b}.jam")
                if not jam.is_identity(f):
                    require(s.unroll_jam(_find(s, loop_op, f"{pre}band{b}"), f), f"{pre}band{b} unroll-and-jam")
        for b in order:
            loop_op = held[b][2]
            if loop_op is not None:
                f = _within_trips(unroll, s, loop_op).suggest(trial, f"{pre}band{b}.unroll")
                if not unroll.is_identity(f):
                    require(s.unroll(_find(s, loop_op, f"{pre}band{b}"), f), f"{pre}band{b} unroll")

    def _shape(self, trial: Any, s: Schedule, name: str, info: BandInfo) -> tuple[Operation | None, ...]:
        """Sites, skew or order and tiles of one band; returns the operations
        of its outermost, second innermost and innermost loops after them
        (None for the last two when a site left the band imperfect)."""
        top = f"#{info.position}"
        if not isinstance(s.band_from(top)[0].op, AffineForOp) or len(s.band_from(top)) < info.depth:
            raise Refused(f"{name}: the band is no longer a perfect band of {info.depth} loops")
        for j, site in sorted(enumerate(info.sites), key=lambda js: -max(js[1].offsets, default=0)):
            apply_site(trial, s, f"{name}.{site.primitive}{j}", site, info.position)
        band = s.band_from(top)[: info.depth]
        if len(band) < info.depth:  # a site's primitive made the band imperfect: it is neither reshaped nor unrolled
            return band[0].op, None, None
        skew = trial.suggest_categorical(f"{name}.skew", ["none", *info.skews]) if info.skews else "none"
        if skew != "none":
            require(s.skew(band, skew), f"{name} skew {skew}")
        elif len(info.orders) > 1:
            order = trial.suggest_categorical(f"{name}.order", info.orders)
            perm = [int(x) for x in order.split(",")]
            if perm != sorted(perm):
                require(s.permute(band, perm), f"{name} order {order}")
        sizes_of = domain("tile", "sizes")
        if info.depth > 1:
            sizes = [sizes_of.suggest(trial, f"{name}.tile{d}") for d in range(info.depth)]
            if any(sizes):
                lo, n = self._tile(s, s.band_from(top)[: info.depth], sizes, f"{name} tile")
                if LEVELS.suggest(trial, f"{name}.levels") == 2:
                    inner = [sizes_of.suggest(trial, f"{name}.tile2_{d}") for d in range(lo, lo + n)]
                    # a second level splits the first level's tiles: a size not below it leaves the tile whole
                    inner = [x if 0 < x < sizes[lo + d] else 0 for d, x in enumerate(inner)]
                    if any(inner):
                        points = s.band_from(top)[lo + n : lo + 2 * n]
                        self._tile(s, points, inner, f"{name} tile level 2")
        band = s.band_from(top)
        return band[0].op, band[-2 if len(band) > 1 else -1].op, band[-1].op

    @staticmethod
    def _tile(s: Schedule, band: list[Loop], sizes: list[int], what: str) -> tuple[int, int]:
        """Tile ``band`` by ``sizes``, 0 leaving a loop whole: outer and inner
        untiled loops are left out of the band, one between tiled loops gets
        a tile of its whole extent. Returns (first tiled loop, loops tiled)."""
        if len(band) < len(sizes):
            raise Refused(f"{what}: {len(sizes)} loops to tile, {len(band)} perfectly nested")
        lo = next(d for d, x in enumerate(sizes) if x)
        hi = max(d for d, x in enumerate(sizes) if x) + 1
        whole = []
        for d in range(lo, hi):
            trips = _trips(band[d])
            if sizes[d] == 0 and trips is None:
                raise Refused(f"{what}: loop {s.spec_of(band[d])} has no constant extent to leave whole")
            whole.append(sizes[d] or int(trips or 1))
        require(s.tile(band[lo:hi], whole), what)
        return lo, hi - lo


def _branch(
    label: str, key: str, text: str, func: str, prefix: list[tuple[int, Step]], kernels: list[tuple[int, Step]]
) -> Branch | None:
    """The branch that applies ``prefix`` then ``kernels`` to ``func`` of
    ``text``: its bands and sites (None when a micro-kernel is in a nest an
    earlier one made or changed).
    A parallelize step of the prefix whose loop heads a band is left to that
    band's parallel choice (it is found with its loops sequential)."""
    s = Schedule(parse(text), func)
    par: list[tuple[int, Step, Operation]] = []
    legal: dict[int, dict[str, tuple[Any, ...]]] = {}
    for k, st in prefix:
        if st.op in DROPPABLE:
            par.append((k, st, s.loops(*st.loops)[0].op))
        else:
            legal[k] = _legal_values(s, st)
            require(s.apply_step(st), f"step {k + 1} ({st})")
    heads = {id(top.op) for top in _bands(s)}
    absorbed = {k for k, _, op in par if id(op) in heads}
    prefix = [(k, st) for k, st in prefix if k not in absorbed]
    if len(absorbed) < len(par):  # the other parallel loops run as in the base
        s = Schedule(parse(text), func)
        for k, st in prefix:
            require(s.apply_step(st), f"step {k + 1} ({st})")
    infos = [(_nest_of(s, top), _band_info(s, top)) for top in _bands(s)]
    sites = function_sites(s, PLACED)
    refs: list[list[tuple[int, int]]] = []
    nests = [n.op for n in s.nests()]  # before any micro-kernel: the nests a trial finds them in
    for k, st in kernels:
        ref = []
        for lp in s.loops(*st.loops):
            top = s.nests()[_nest_of(s, lp)].op
            nest = next((n for n, op in enumerate(nests) if op is top), None)
            if nest is None or any(nest == m for r in refs for m, _ in r):
                return None  # in a nest an earlier micro-kernel made or changed: its loops move with its parameters
            ref.append((nest, _where(s, lp)[1]))
        refs.append(ref)
        legal[k] = _legal_values(s, st)
        s.apply_step(st)
    taken = {nest for r in refs for nest, _ in r}
    bands = [info for nest, info in infos if nest not in taken]
    legal = {k: v for k, v in legal.items() if v}
    return Branch(label, key, prefix, bands, sites, kernels, refs, legal=legal)


def _legal_values(s: Schedule, step: Step) -> dict[str, tuple[Any, ...]]:
    """Per searched scalar parameter of ``step``'s primitive, the values
    with which ``step`` (its other parameters as they are) applies to
    ``s``, where some of the domain's do not; dry runs on copies."""
    prim = REGISTRY.get(step.op)
    if prim is None or step.op == "optimize":
        return {}
    out: dict[str, tuple[Any, ...]] = {}
    for p in prim.tuned_params:
        if p.kind == "ints":
            continue
        values = domain(step.op, p.trace_key).values
        ok = []
        for v in values:
            try:
                applies = s.copy().apply_step(Step(step.op, list(step.loops), {**step.params, p.trace_key: v})).ok
            except TransformError:
                applies = False
            if applies:
                ok.append(v)
        if len(ok) < len(values):
            out[p.trace_key] = tuple(ok)
    return out


def _band_info(s: Schedule, top: Loop) -> BandInfo:
    """The band from ``top``: its legal orders and parallel outermost loop,
    the skews that make it tileable (when it is not), its sites."""
    pos = s.all_loops().index(top)
    band = s.band_from(top)
    info = BandInfo(pos, len(band), sites=band_sites(s, top, PLACED))
    if len(band) > 1:
        loops = [f"#{pos + k}" for k in range(len(band))]
        # the permute primitive's own candidates: every order of a band of up to 4 loops, else adjacent swaps
        prim = REGISTRY["permute"]
        perms = [list(range(len(band)))]
        perms += [list(p["perm"]) for _, p in prim.candidates(s, top, True)] if prim.candidates is not None else []
        for perm in perms:
            if perm == sorted(perm) or _dry(s).permute(loops, perm).ok:
                info.orders.append(",".join(map(str, perm)))
        info.skews = _skews(s, loops)
    info.parallel_ok = _dry(s).parallelize(f"#{pos}").ok
    return info


def _skews(s: Schedule, loops: list[str]) -> list[str]:
    """The skews of the band ``loops`` (the skew primitive's candidates and
    the one a refusal's hint names) after which it tiles, when it does not tile as it is."""
    # the smallest searched size: a tile as large as the loop is legal whatever the dependences
    typical = [min(x for x in domain("tile", "sizes").values if x)] * len(loops)
    refused = _dry(s).tile(loops, typical)
    if refused.ok:
        return []
    prim = REGISTRY["skew"]
    found = list(prim.candidates(s, s.loop(loops[0]), True)) if prim.candidates is not None else []
    if refused.hint and prim.from_hint is not None:
        found += list(prim.from_hint(s, Option("tile", [s.spec_of(lp) for lp in s.loops(*loops)]), refused.hint))
    out: list[str] = []
    for _, params in found:
        text = ";".join(",".join(map(str, row)) for row in params["matrix"])
        if text in out:
            continue
        dry = _dry(s)
        if dry.skew(loops, text).ok and dry.tile(loops, typical).ok:
            out.append(text)
    return out


def _fusions(text: str, func: str, prefix: list[tuple[int, Step]]) -> list[Step]:
    """The legal fusions of sibling nests after ``prefix`` (every primitive over
    two nests, shifted ones from refusals' hints), as steps."""
    kinds = {name for name, p in REGISTRY.items() if p.loops.kind == "nests"}
    if not kinds:
        return []
    s = Schedule(parse(text), func)
    for k, st in prefix:
        require(s.apply_step(st), f"step {k + 1} ({st})")
    places = [c for name in kinds for c in (REGISTRY[name].candidates or (lambda *_: ()))(s, None, False)]
    if not places:  # no sibling nests: spare the verdicts of every other primitive
        return []
    return [o.step() for o in s.legal_primitives() if o.primitive in kinds]


def _pluto_depth(text: str, func: str, has_optimize: bool) -> int:
    """The deepest permutable band of isl's schedule for ``func``, when the
    Pluto strategy is a strategy of its own (it skews a band, or the base
    holds an optimize step); else 0."""
    s = Schedule(parse(text), func)
    try:
        report = s.optimize(tile=False)
    except TransformError:
        return 0
    bands = [b for b in report.bands if b.permutable and b.depth >= 2]
    if not report.ok or not bands or not (has_optimize or any("skewed band" in b.notes for b in bands)):
        return 0
    return max(b.depth for b in bands)


def _nest_of(s: Schedule, lp: Loop) -> int:
    """The position among the function's nests of the nest holding ``lp``."""
    while lp.parent is not None:
        lp = lp.parent
    return next(k for k, n in enumerate(s.nests()) if n.op is lp.op)


def _where(s: Schedule, lp: Loop) -> tuple[int, int]:
    """``lp`` as (its nest's position, its pre-order offset in that nest)."""
    nest = _nest_of(s, lp)
    loops = s.all_loops()
    return nest, loops.index(lp) - loops.index(s.nests()[nest])


def _find(s: Schedule, op: Operation, what: str) -> Loop:
    """The loop whose operation is ``op`` (``Refused`` when a step rebuilt it)."""
    found = next((lp for lp in s.all_loops() if lp.op is op), None)
    if found is None:
        raise Refused(f"{what}: a later step rebuilt its loops")
    return found


def _at(s: Schedule, top: Operation, offset: int) -> Loop:
    """The loop at pre-order ``offset`` in the nest whose outermost op is ``top``."""
    loops = s.all_loops()
    start = next(k for k, lp in enumerate(loops) if lp.op is top and lp.parent is None)
    return loops[start + offset]


def _within_trips(factors: Domain, s: Schedule, op: Operation) -> Domain:
    """The unroll ``factors`` no larger than the constant trip count of the
    loop of ``op`` (a larger one is refused): the largest dropped, so that a
    factor keeps its index among the rest."""
    lp = next((x for x in s.all_loops() if x.op is op), None)
    # the bounds' trip count, as unroll and unroll-and-jam judge it (a tile's min bound included)
    trips = None if lp is None or not isinstance(lp.op, AffineForOp) else bounds_trip_count(lp.lbs, lp.ubs, lp.step)
    return factors if trips is None else factors.among(tuple(f for f in factors.values if f <= trips))


def _trips(lp: Loop) -> int | None:
    return constant_trip_count(as_for(lp.op))
