"""vectorize_hint: LLVM loop metadata on an innermost loop, kept through
the primitives that rebuild loops, never changing results; optimize keeps
the loop vectorizer off a jammed loop whose stores walk a stride (symm)."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing import verify_trace_roundtrip
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops.primitives.unrolling import NEST


def test_the_hint_is_printed_and_replays():
    out = verify_trace_roundtrip(NEST, "k", [{"op": "vectorize_hint", "loops": ["j"], "enable": False}])
    assert "#loop_vectorize = #llvm.loop_vectorize<disable = true>" in out
    assert "} {llvm.loop_annotation = #loop_annotation}" in out
    out = verify_trace_roundtrip(
        NEST, "k", [{"op": "vectorize_hint", "loops": ["j"], "enable": True, "width": 4, "interleave": 2}]
    )
    assert "#llvm.loop_vectorize<disable = false, width = 4 : i32>" in out
    assert "#llvm.loop_interleave<count = 2 : i32>" in out


def test_refusals_name_the_reason():
    s = polymlir.schedule(polymlir.parse(NEST, "n.mlir"), "k")
    v = s.run("vectorize_hint", "i", enable=False)
    assert not v.ok and "innermost loops only" in v.reason
    v = s.run("vectorize_hint", "j", enable=False, width=8)
    assert not v.ok and "enable=True" in v.reason
    assert "loop_annotation" not in polymlir.print_ir(s.module)


@pytest.mark.parametrize(
    "step",
    [
        lambda s: s.tile(["i", "j"], [4, 4]),
        lambda s: s.interchange(["j", "i"]),
        lambda s: s.skew(["i", "j"], "1,0;1,1"),
        lambda s: s.unroll_jam("i", 2),
        lambda s: s.unroll("j", 3),
    ],
    ids=["tile", "interchange", "skew", "unroll_jam", "unroll"],
)
def test_rebuilt_loops_keep_the_hint(step):
    s = polymlir.schedule(polymlir.parse(NEST, "n.mlir"), "k")
    assert s.run("vectorize_hint", "j", enable=False).ok
    assert step(s).ok
    text = polymlir.print_ir(s.module)
    hinted = [lp for lp in s.all_loops() if "llvm.loop_annotation" in lp.op.attributes]
    assert hinted and all(lp.iv.name_hint == "j" for lp in hinted), text
    assert not any(lp.iv.name_hint == "j_tile" and "llvm.loop_annotation" in lp.op.attributes for lp in s.all_loops())
    assert compare_runs(NEST, text, "k", seeds=(0,)) == 0


def test_optimize_keeps_scattering_loops_scalar_on_symm():
    text = pb.render("symm", {"M": 64, "N": 48})
    s = polymlir.schedule(polymlir.parse(text, "symm.mlir"), "kernel")
    report = s.optimize()
    hints = [st for st in s.trace if st.op == "vectorize_hint"]
    assert hints and hints[0].params == {"enable": False}
    assert any("scatters" in r for r in report.remarks)
    out = polymlir.print_ir(s.module)
    assert "#llvm.loop_vectorize<disable = true>" in out
    assert compare_runs(text, out, "kernel", seeds=(0, 1)) <= 1e-12
    e = polymlir.compile(out, threads=1, cache=False)
    assert '!{!"llvm.loop.vectorize.enable", i1 false}' in e.llvm_ir


def test_unroll_hint_is_printed_replays_and_reaches_llvm():
    out = verify_trace_roundtrip(NEST, "k", [{"op": "unroll_hint", "loops": ["j"], "runtime": False}])
    assert "#llvm.loop_unroll<runtimeDisable = true>" in out
    e = polymlir.compile(out, threads=1, cache=False)
    assert '!{!"llvm.loop.unroll.runtime.disable", i1 true}' in e.llvm_ir
    out = verify_trace_roundtrip(NEST, "k", [{"op": "unroll_hint", "loops": ["j"], "count": 4}])
    assert "#llvm.loop_unroll<count = 4 : i32>" in out
    e = polymlir.compile(out, threads=1, cache=False)
    assert '!{!"llvm.loop.unroll.count", i32 4}' in e.llvm_ir


def test_unroll_hint_keeps_the_vectorize_hint_and_refuses_a_negative_count():
    s = polymlir.schedule(polymlir.parse(NEST, "n.mlir"), "k")
    assert s.run("vectorize_hint", "j", enable=False).ok
    assert s.run("unroll_hint", "j", runtime=False).ok
    text = polymlir.print_ir(s.module)
    assert "vectorize = #loop_vectorize" in text and "unroll = #loop_unroll" in text
    v = s.run("unroll_hint", "j", count=-1)
    assert not v.ok and "count" in v.reason


def test_optimize_keeps_runtime_unrolling_off_in_place_time_tiles():
    # seidel-2d's tile rows are chains of dependent iterations: unrolled
    # with a remainder loop (LLVM did so in the bodies outlined for the
    # threads), its outlined code ran 1.2x slower on one core
    text = pb.render("seidel-2d", {"TSTEPS": 6, "N": 40})
    s = polymlir.schedule(polymlir.parse(text, "seidel.mlir"), "kernel")
    report = s.optimize()
    hints = [st for st in s.trace if st.op == "unroll_hint"]
    assert hints and hints[0].params["runtime"] is False
    assert any("runtime unrolling kept off" in r for r in report.remarks)
    out = polymlir.print_ir(s.module)
    assert compare_runs(text, out, "kernel", seeds=(0,)) == 0
    e = polymlir.compile(out, threads=2, cache=False)
    assert '!{!"llvm.loop.unroll.runtime.disable", i1 true}' in e.llvm_ir
