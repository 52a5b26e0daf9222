"""The primitive registry: every primitive declared once, with parameter
domains a search reads, its example replayable through the Schedule API,
the trace's JSON and its Python script; the loops a primitive makes; one
error channel for bad arguments; candidates from domains and refusal hints."""

from __future__ import annotations

import argparse

import pytest

import polymlir
from polymlir.cli_loops import add_commands
from polymlir.testing import verify_trace_roundtrip
from polymlir.transforms.loops.errors import ArgumentError, TransformError
from polymlir.transforms.loops.handle import Schedule, register_step, replay
from polymlir.transforms.loops.primitives import REGISTRY, REQUIRED, listing
from polymlir.transforms.loops.primitives.registry import Domain, Param
from polymlir.transforms.loops.trace import Step, Trace

DECLARED = [name for name, p in REGISTRY.items() if p.replay is None]

MATMUL = """func.func @mm(%A: memref<13x17xf64>, %B: memref<17x11xf64>, %C: memref<13x11xf64>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 11 {
      affine.for %k = 0 to 17 {
        %a = affine.load %A[%i, %k] : memref<13x17xf64>
        %b = affine.load %B[%k, %j] : memref<17x11xf64>
        %c = affine.load %C[%i, %j] : memref<13x11xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<13x11xf64>
      }
    }
  }
  return
}
"""

# A[i][j] = A[i-1][j+1]: distance (1, -1); tiling is illegal until j is skewed by i.
SKEWED = REGISTRY["skew"].example.text if REGISTRY["skew"].example else ""


def handle(text: str = MATMUL, func: str | None = None) -> Schedule:
    return Schedule(polymlir.parse(text, "t.mlir"), func)


@pytest.mark.parametrize("name", DECLARED)
def test_every_primitive_round_trips_its_example(name):
    """Applied through the Schedule API, the trace's JSON replays and its
    Python script runs to byte-identical IR."""
    ex = REGISTRY[name].example
    assert ex is not None, f"{name} declares no example"
    assert any(st["op"] == name for st in ex.steps)
    verify_trace_roundtrip(ex.text, ex.func, list(ex.steps))


@pytest.mark.parametrize("name", DECLARED)
def test_parameters_have_kinds_domains_and_docs(name):
    prim = REGISTRY[name]
    assert prim.doc and prim.apply is not None
    for p in prim.params:
        assert isinstance(p, Param) and isinstance(p.domain, Domain) and p.doc, (name, p.name)
        if p.default is not REQUIRED and p.default is not None and p.kind == "int":
            assert p.domain.admits(p.default)


def test_search_space_reads_the_declarations():
    sizes = REGISTRY["tile"].param("sizes")
    assert [p.name for p in REGISTRY["tile"].params] == ["sizes", "names"]
    assert sizes.kind == "ints" and sizes.required
    assert sizes.domain.choices == (4, 8, 16, 32, 64, 128, 256) and sizes.domain.typical == 32
    assert REGISTRY["unroll"].param("factor").domain.choices == tuple(range(2, 17))
    assert "unimodular" in REGISTRY["skew"].param("matrix").domain.rule
    assert REGISTRY["parallelize"].param("reductions").domain.choices == (True, False)
    assert "tile(band)" in listing() and "optimize(none)" in listing()


def test_tile_names_its_loops_and_returns_them():
    s = handle()
    v = s.tile(["i", "j"], [4, 4], names=["ii", "jj"])
    assert v.ok
    assert v.loops == {"tile": ["ii", "jj"], "point": ["i", "j"]}
    assert s.loop("ii").depth == 0 and s.loop("jj").depth == 1
    assert s.trace.to_list() == [{"op": "tile", "loops": ["i", "j"], "sizes": [4, 4], "names": ["ii", "jj"]}]
    again = replay(polymlir.parse(MATMUL, "t.mlir"), s.trace)
    assert polymlir.print_ir(again.module) == polymlir.print_ir(s.module)
    v = s.strip_mine("k", 8, names=["kk"])
    assert v.ok and v.loops == {"tile": ["kk"], "point": ["k"]}
    assert handle().tile(["i", "j"], [4, 4]).loops == {"tile": ["i_tile", "j_tile"], "point": ["i", "j"]}


def test_wrong_number_of_names_is_an_argument_error():
    s = handle()
    before = polymlir.print_ir(s.module)
    with pytest.raises(ArgumentError, match="expected 2 loop names"):
        s.tile(["i", "j"], [4, 4], names=["ii"])
    assert polymlir.print_ir(s.module) == before


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda s: s.tile(["i", "j"], [4.5, 4]), "must be a list of integers, got \\[4.5, 4\\]"),
        (lambda s: s.tile({"j2"}, [4]), "a loop is a name"),
        (lambda s: s.tile(["i", "j"], "44"), "must be a list of integers"),
        (lambda s: s.tile(["q"], [4]), "no loop 'q'"),
        (lambda s: s.tile(["i", "j"], [0, 4]), "must be a positive integer"),
        (lambda s: s.strip_mine(["i"], 4), "takes one loop"),
        (lambda s: s.unroll("i", 2.0), "must be an integer"),
        (lambda s: s.unroll_jam("i", True), "must be an integer"),
        (lambda s: s.permute(["i", "j"], "10"), "must be a list of integers"),
        (lambda s: s.parallelize("i", "no"), "must be True or False"),
        (lambda s: s.fuse("i", "i", depth="1"), "must be an integer"),
        (lambda s: s.skew(["i", "j"], [[1, 0], [1.5, 1]]), "list of lists of integers"),
        (lambda s: s.skew(["i", "j"], "1,0;x,1"), "not rows of integers"),
        (lambda s: s.promote("i", "A"), "must be a list of strings"),
        (lambda s: s.loop(2.5), "a loop is a name"),
        (lambda s: s.run("nope", "i"), "unknown primitive 'nope'"),
        (lambda s: s.run("unroll", "i", factr=2), "unroll has no parameter 'factr'"),
    ],
)
def test_bad_arguments_raise_one_exception_type(call, match):
    s = handle()
    before = polymlir.print_ir(s.module)
    with pytest.raises(ArgumentError, match=match):
        call(s)
    assert polymlir.print_ir(s.module) == before and len(s.trace) == 0


def test_argument_errors_are_transform_errors_and_refusals_are_verdicts():
    assert issubclass(ArgumentError, TransformError) and issubclass(ArgumentError, ValueError)
    v = handle(SKEWED).tile(["i", "j"], [4, 4])
    assert not v.ok and v.hint == "skew j by i first"


def test_copy_is_independent():
    s = handle()
    assert s.tile(["i", "j"], [4, 4]).ok
    c = s.copy()
    assert polymlir.print_ir(c.module) == polymlir.print_ir(s.module)
    assert c.trace.to_json() == s.trace.to_json()
    assert c.loop("i_tile") is not s.loop("i_tile")
    assert c.unroll("k", 2).ok
    assert len(c.trace) == 2 and len(s.trace) == 1
    assert polymlir.print_ir(c.module) != polymlir.print_ir(s.module)


def test_as_python_replays_a_trace():
    s = handle(func="mm")
    assert s.interchange(["i", "k", "j"]).ok
    assert s.tile(["i", "k", "j"], [8, 4, 2], names=["a", "b", "c"]).ok
    assert s.unroll("j", 2).ok
    script = s.trace.as_python("mm")
    assert script.startswith("import polymlir\n")
    assert "s = polymlir.schedule(module, 'mm')" in script
    assert "s.tile(['i', 'k', 'j'], [8, 4, 2], names=['a', 'b', 'c'])" in script
    ns = {"module": polymlir.parse(MATMUL, "t.mlir")}
    exec(compile(script, "trace.py", "exec"), ns)
    assert polymlir.print_ir(ns["s"].module) == polymlir.print_ir(s.module)


def test_as_python_stops_at_a_refused_step():
    script = Trace([Step("tile", ["i", "j"], {"sizes": [4, 4]})]).as_python("k")
    with pytest.raises(RuntimeError, match="refused"):
        exec(script, {"module": polymlir.parse(SKEWED, "t.mlir")})


def test_register_step_is_a_registry_insert():
    calls = []

    def bump(s: Schedule, step: Step):
        calls.append(step.params["n"])
        return s.unroll(step.loops[0], step.params["n"])

    register_step("test_bump", bump)
    try:
        s = handle()
        trace = Trace([Step("test_bump", ["k"], {"n": 2})])
        assert [v.ok for v in s.replay(trace)] == [True] and calls == [2]
        assert "s.apply_step(Step.from_dict(" in trace.as_python()
    finally:
        del REGISTRY["test_bump"]


def test_unknown_step_lists_the_registry():
    with pytest.raises(TransformError, match="unknown primitive 'frob' in trace \\(primitives: apply_schedule, "):
        handle().apply_step(Step("frob", ["i"]))


def test_legal_primitives_suggest_the_skew_a_refusal_hints():
    opts = handle(SKEWED).legal_primitives()
    skews = [o for o in opts if o.primitive == "skew"]
    assert skews and skews[0].params == {"matrix": [[1, 0], [1, 1]]} and skews[0].loops == ["i", "j"]
    s = handle(SKEWED)
    assert s.apply_step(skews[0].step()).ok
    assert s.tile(["i", "j"], [4, 4]).ok


def test_legal_primitives_suggest_shifted_fusion():
    ex = REGISTRY["fuse"].example
    assert ex is not None
    s = handle(ex.text)
    fusions = [o for o in s.legal_primitives() if o.primitive == "fuse"]
    assert any(o.params.get("shifts") == [1] for o in fusions), [str(o) for o in fusions]
    assert not handle(ex.text).fuse("i", "j").ok  # unshifted, the fusion is refused


def test_exhaustive_candidates_cover_the_domain():
    s = handle()
    typical = [o for o in s.legal_primitives("i") if o.primitive == "tile"]
    every = [o for o in s.legal_primitives("i", exhaustive=True) if o.primitive == "tile"]
    assert [o.params["sizes"] for o in typical] == [[32, 32, 32]]
    assert [o.params["sizes"][0] for o in every] == [4, 8, 16, 32, 64, 128, 256]


CLI_FLAGS = {
    "tile": ["--sizes", "--loops", "--skew", "--strict", "--op", "--interchange"],
    "interchange": ["--order"],
    "unroll": ["--loop", "--factor", "--full"],
    "unroll-jam": ["--loop", "--factor"],
    "parallelize": ["--loop", "--no-reductions"],
    "fuse": ["--nests", "--op", "--sizes", "--producers", "--depth", "--shifts", "--contract"],
    "promote": ["--loop", "--op", "--sizes", "--operands", "--alignment", "--memrefs", "--memory-space"],
    "distribute": ["--loop"],
    "skew": ["--loops", "--matrix"],
    "optimize": ["--tile-sizes", "--no-tile", "--no-parallel", "--explain", "--pluto"],
    "register-tile": [
        "--loops",
        "--mr",
        "--nv",
        "--lanes",
        "--kc",
        "--mc",
        "--no-fma",
        "--parallel",
        "--pack",
        "--panels",
        "--hoist",
        "--group",
    ],
}
COMMON = ["-h", "-o", "--func", "--trace", "--mlir-print-debuginfo", "--mlir-print-op-generic", "--mlir-opt-names"]
COMMON += ["--bench", "--debug"]


@pytest.mark.parametrize("command", sorted(CLI_FLAGS))
def test_cli_flags_from_the_declarations_keep_their_spelling(command):
    parser = argparse.ArgumentParser(prog="polymlir")
    add_commands(parser.add_subparsers(dest="command"))
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    flags = [s for a in sub._actions for s in a.option_strings if s != "--help"]
    assert flags == COMMON + CLI_FLAGS[command]


def _reverse_verdict(c):
    from polymlir.transforms.loops import skew as SK

    return SK.skew_verdict(c.model, c.loops, [[-1]])


def _reverse_apply(c):
    from polymlir.transforms.loops import skew as SK

    return SK.skew(c.model, c.loops, [[-1]])


def test_a_primitive_declared_in_one_place_is_applied_replayed_listed_and_scripted():
    """The README's recipe: one ``declare`` call, no Schedule method."""
    from polymlir.transforms.loops.primitives import Example, Loops, Primitive, declare

    text = REGISTRY["unroll"].example.text if REGISTRY["unroll"].example else ""
    declare(
        Primitive(
            "test_reverse",
            "run a loop backwards",
            Loops("loop", "loop"),
            (),
            _reverse_verdict,
            _reverse_apply,
            candidates=lambda s, lp, exhaustive: iter([([lp], {})]),
            example=Example(text, "k", ({"op": "test_reverse", "loops": ["j"]},)),
        )
    )
    try:
        s = handle(text)
        assert s.run("test_reverse", "j").ok
        assert s.trace.to_list() == [{"op": "test_reverse", "loops": ["j"]}]
        assert "s.run('test_reverse', 'j')" in s.trace.as_python("k")
        verify_trace_roundtrip(text, "k", [{"op": "test_reverse", "loops": ["j"]}])
        assert any(o.primitive == "test_reverse" for o in handle(text).legal_primitives("j"))
        assert "test_reverse(loop): run a loop backwards" in listing()
    finally:
        del REGISTRY["test_reverse"]


def test_the_error_type_is_public():
    assert polymlir.ArgumentError is ArgumentError
    with pytest.raises(polymlir.ArgumentError):
        polymlir.schedule(polymlir.parse(MATMUL), "mm").tile(["i", "j"], [4.5, 4])


def test_every_module_of_the_primitives_package_is_imported():
    """A new primitive is one module: the package imports every module it
    holds, so a declaration needs no edit elsewhere (README, "Code layout")."""
    import pkgutil
    import sys

    from polymlir.transforms.loops import primitives

    names = [m.name for m in pkgutil.iter_modules(primitives.__path__)]
    assert "structural" in names and "registry" in names
    assert all(f"{primitives.__name__}.{n}" in sys.modules for n in names)
