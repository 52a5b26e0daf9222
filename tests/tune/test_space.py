"""The default search space read from the primitive registry: every value
tried is a declared domain, every declared primitive with searched
parameters is offered (a new one with no change in polymlir/tune), skews
for bands that do not tile as they are, fusions, the Pluto strategy's time
tiles, and illegal candidates pruned with the verdict's reason."""

from __future__ import annotations

import pytest

optuna = pytest.importorskip("optuna", reason="the tuner needs optuna (pip install 'polymlir[tune]')")

from optuna.trial import TrialState  # noqa: E402

import polymlir  # noqa: E402
from polymlir.testing import polybench as pb  # noqa: E402
from polymlir.testing.differential import compare_runs  # noqa: E402
from polymlir.transforms.loops.handle import Schedule  # noqa: E402
from polymlir.transforms.loops.primitives import REGISTRY, Domain, Example, Loops, Param, Primitive, declare  # noqa: E402
from polymlir.transforms.loops.primitives.registers import VECTORS  # noqa: E402
from polymlir.transforms.loops.trace import Trace  # noqa: E402
from polymlir.tune.domains import domain  # noqa: E402
from polymlir.tune.sites import suggest_params  # noqa: E402
from polymlir.tune.space import PerturbSpace, Refused  # noqa: E402

from . import kernels as K  # noqa: E402

optuna.logging.set_verbosity(optuna.logging.WARNING)

JACOBI = pb.render("jacobi-2d", {"TSTEPS": 4, "N": 24})
GEMM = pb.render("gemm", {"NI": 24, "NJ": 32, "NK": 16})


def space_of(text: str) -> PerturbSpace:
    dry = Schedule(polymlir.parse(text), "kernel")
    dry.optimize()
    return PerturbSpace.from_base(text, "kernel", dry.trace)


def untiled() -> int:
    """How a trial stores tile size 0 (ordered sizes are suggested as an index into the domain)."""
    return domain("tile", "sizes").encode(0)


def candidate(space: PerturbSpace, text: str, fixed: dict | None = None, seed: int = 0):
    """One trial of ``space`` (``fixed`` parameters enqueued, the rest random): its schedule, trial and refusal."""
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=seed))
    if fixed:
        study.enqueue_trial(fixed)
    trial = study.ask()
    s = Schedule(polymlir.parse(text), "kernel")
    try:
        space(trial, s)
    except Refused as e:
        return s, trial, e.reason
    return s, trial, None


def test_domains_are_the_declared_ones():
    mr = REGISTRY["register_tile"].param("mr").domain
    assert domain("register_tile", "mr").values == mr.tuning() == mr.choices
    sizes = domain("tile", "sizes")
    assert sizes.values == (4, 8, 16, 32, 64, 128, 256, 0) and sizes.identity == 0
    assert domain("optimize", "tile_sizes").values == sizes.values  # the Pluto strategy's time tiles: 0 = untiled
    assert domain("unroll", "factor").values[0] == 1 and domain("unroll", "factor").is_identity(1)
    assert domain("register_tile", "kc").ordered is False
    with pytest.raises(KeyError, match="no tuning domain for register_tile.lanes"):
        domain("register_tile", "lanes")  # the host's vector width: declared as not searched
    assert {p.name for p in REGISTRY["register_tile"].tuned_params} == {
        "mr",
        "nv",
        "kc",
        "mc",
        "fma",
        "parallel",
        "pack",
        "panels",
        "hoist",
        "group",
    }
    assert "searched [4, 8, 16, 32, 64, 128, 256, 0]" in REGISTRY["tile"].describe()
    import polymlir.tune as tune

    with pytest.raises(AttributeError):
        tune.DOMAINS  # noqa: B018  (the table is gone: the registry holds the domains)


def test_register_tile_parameters_are_searched_as_declared():
    space = space_of(GEMM)
    _, trial, reason = candidate(space, GEMM)
    assert reason is None
    k = next(i for i, st in enumerate(space.base) if st.op == "register_tile")
    searched = {n.rsplit(".", 1)[1] for n in trial.distributions if n.startswith(f"s{k}.register_tile.")}
    assert searched == {"mr", "nv", "kc", "mc", "fma", "parallel", "pack", "panels", "hoist", "group"}
    nv = trial.distributions[f"s{k}.register_tile.nv"]
    assert (nv.low, nv.high) == (1, 4) == (min(VECTORS.tuning()), max(VECTORS.tuning()))  # consecutive: an integer


def _toy_verdict(c):
    from polymlir.transforms.loops import unroll as U

    return U.unroll_verdict(c.model, c.loops[0], c.params["factor"], False)


def _toy_apply(c):
    from polymlir.transforms.loops import unroll as U

    return U.unroll(c.model, c.loops[0], c.params["factor"], False)


def _innermost(s, lp, exhaustive):
    if not lp.children:
        yield [lp], {"factor": 2}


def test_a_declared_primitive_is_in_the_space_with_no_change_in_tune():
    declare(
        Primitive(
            "toy_unroll",
            "unroll an innermost loop (a test's primitive)",
            Loops("loop", "loop"),
            (Param("factor", "int", 2, Domain(low=2, choices=(2, 3)), "unroll factor"),),
            _toy_verdict,
            _toy_apply,
            candidates=_innermost,
            example=Example(K.STREAM, "kernel", ({"op": "toy_unroll", "loops": ["j"], "factor": 3},)),
        )
    )
    try:
        space = PerturbSpace.from_base(K.STREAM, "kernel", Trace())
        sites = space.bands[0].sites
        toys = [(k, x.offsets) for k, x in enumerate(sites) if x.primitive == "toy_unroll"]
        assert [offsets for _, offsets in toys] == [[1]]  # j, one below the band's top
        name = f"band0.toy_unroll{toys[0][0]}"
        fixed = {f"{name}.on": True, f"{name}.factor": 3, "band0.tile0": untiled(), "band0.tile1": untiled()}
        fixed.update({f"band0.{x.primitive}{k}.on": False for k, x in enumerate(sites) if x.primitive != "toy_unroll"})
        s, trial, reason = candidate(space, K.STREAM, fixed)
        assert reason is None
        assert {f"{name}.on", f"{name}.factor"} <= set(trial.distributions)
        factor = trial.distributions[f"{name}.factor"]
        assert (factor.low, factor.high) == (2, 3)  # the declared domain
        assert s.trace.to_list()[0] == {"op": "toy_unroll", "loops": ["j"], "factor": 3}
        assert compare_runs(K.STREAM, polymlir.print_ir(s.module), "kernel") <= 1e-12
    finally:
        del REGISTRY["toy_unroll"]
    assert all(x.primitive != "toy_unroll" for x in PerturbSpace.from_base(K.STREAM, "kernel", Trace()).bands[0].sites)


def test_a_band_that_does_not_tile_is_offered_the_skew_that_makes_it_tile():
    space = space_of(K.RECURRENCE)
    assert space.bands[0].skews == ["1,0;1,1"] and space.bands[0].orders == ["0,1"]
    four, once = domain("tile", "sizes").encode(4), domain("unroll", "factor").encode(1)
    tiles = {"band0.tile0": four, "band0.tile1": four, "band0.levels": 1, "band0.jam": 1, "band0.unroll": once}
    # the other primitives' sites (loop hints) off: not what this asks
    tiles |= {f"band0.{site.primitive}{j}.on": False for j, site in enumerate(space.bands[0].sites)}
    s, _, reason = candidate(space, K.RECURRENCE, {"strategy": "optimize", "band0.skew": "1,0;1,1", **tiles})
    assert reason is None and [st.op for st in s.trace] == ["skew", "tile"]
    assert compare_runs(K.RECURRENCE, polymlir.print_ir(s.module), "kernel") <= 1e-12
    s, _, reason = candidate(space, K.RECURRENCE, {"strategy": "optimize", "band0.skew": "none", **tiles})
    assert reason is not None and reason.startswith("band0 tile: cannot tile loops i, j") and "dependence" in reason
    assert not s.trace.steps  # refused: the IR unchanged, nothing to compile


def test_stencil_strategies_fuse_and_time_tile_with_untiled_members():
    space = space_of(JACOBI)
    labels = [b.label for b in space.branches]
    assert labels[0] == "optimize" and "pluto" in labels
    assert any(lb.startswith("fuse") and "shifts=[1]" in lb for lb in labels), labels
    pluto = next(b for b in space.branches if b.label == "pluto")
    assert pluto.pluto_depth == 3  # isl's (t, 2t + i, 2t + j)
    fixed = {"strategy": "pluto", "pluto.tile": True, "pluto.parallel": False}
    sizes = domain("optimize", "tile_sizes")
    fixed |= {f"pluto.tile_sizes{d}": sizes.encode(x) for d, x in enumerate((4, 0, 8))}
    s, _, reason = candidate(space, JACOBI, fixed)
    assert reason is None
    assert s.trace.to_list() == [{"op": "optimize", "loops": [], "tile_sizes": [4, 0, 8], "parallel": False}]
    assert compare_runs(JACOBI, polymlir.print_ir(s.module), "kernel", seeds=(0, 1)) <= 1e-12
    fused = next(b.label for b in space.branches if b.label.startswith("fuse"))
    s, _, reason = candidate(space, JACOBI, {"strategy": fused})
    assert reason is None or "band" in reason
    assert s.trace.steps and s.trace.steps[0].op == "fuse"


def test_the_default_space_prunes_illegal_candidates_with_their_reason():
    study, _ = polymlir.tune(K.RECURRENCE, "kernel", n_trials=10, sampler="random", seed=0, reps=1)
    pruned = [t for t in study.trials if t.state == TrialState.PRUNED]
    assert pruned, [t.user_attrs.get("reason") for t in study.trials]
    for t in pruned:
        assert t.user_attrs["reason"] and "compile_s" not in t.user_attrs  # never compiled
    complete = [t for t in study.trials if t.state == TrialState.COMPLETE]
    assert complete and all(t.user_attrs["error"] <= 1e-9 for t in complete)


SYRK = pb.render("syrk", {"M": 24, "N": 32})


def test_values_that_do_not_apply_at_a_micro_kernel_are_never_drawn():
    # syrk's band is triangular: register_tile takes no row blocks (mc) nor column groups there
    space = space_of(SYRK)
    k = next(i for i, st in enumerate(space.base) if st.op == "register_tile")
    legal = space.branches[0].legal[k]
    assert legal["mc"] == (None,) and legal["group"] == (1,)
    for seed in range(12):
        s, trial, reason = candidate(space, SYRK, seed=seed)
        assert reason is None or "register_tile" not in reason, reason
        assert f"s{k}.register_tile.mc" not in trial.distributions  # one value: nothing to draw
        if reason is None:
            step = next(st for st in s.trace if st.op == "register_tile")
            assert step.params.get("mc") is None and step.params.get("group", 1) == 1


def test_a_parameter_is_drawn_only_where_its_condition_holds():
    hint = REGISTRY["vectorize_hint"]
    assert hint.param("width").searched_when == ("enable", (True,))
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=0))
    for enable in (False, True):
        study.enqueue_trial({"h.enable": enable})
        trial = study.ask()
        chosen = suggest_params(trial, "h", hint, {}, 1)
        assert chosen["enable"] is enable
        assert ("width" in chosen and "interleave" in chosen) is enable
        assert ("h.width" in trial.distributions) is enable
        study.tell(trial, 1.0)
    with pytest.raises(ValueError, match="searched_when names no earlier parameter"):
        declare(
            Primitive(
                "toy_conditional",
                "a test's primitive",
                Loops("loop", "loop"),
                (Param("width", "int", 0, Domain(low=0, choices=(0, 2)), "w", searched_when=("enable", (True,))),),
                _toy_verdict,
                _toy_apply,
            )
        )
    assert "toy_conditional" not in REGISTRY


def test_unroll_factors_above_a_loops_trip_count_are_never_drawn():
    # gemm's bands outside the micro-kernel have short tile loops: factors beyond their trip counts are refused
    space = space_of(GEMM)
    for seed in range(12):
        _, _, reason = candidate(space, GEMM, seed=seed)
        assert reason is None or "smaller than the factor" not in reason, reason
