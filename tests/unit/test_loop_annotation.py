"""Loop hints: ``#llvm.loop_annotation`` read and written, translated to
``!llvm.loop`` metadata node for node as mlir-translate does, and carried
from an ``affine.for`` through lower-affine, scf-to-cf and cf-to-llvm to
the loop's latch branch."""

from __future__ import annotations

import re
import subprocess

import pytest

import polymlir
from polymlir.codegen.llvm_ir import TranslationError, translate_to_llvm_ir
from polymlir.dialects.llvm import loop_annotation as LA

from ..shared_data import requires_upstream, upstream

EVERY_HINT = (
    "disableNonforced = true, vectorize = #llvm.loop_vectorize<disable = true, width = 8 : i32>, "
    "interleave = #llvm.loop_interleave<count = 2 : i32>, unroll = #llvm.loop_unroll<disable = true, "
    "count = 4 : i32, full = true, runtimeDisable = true>, unrollAndJam = #llvm.loop_unroll_and_jam<"
    "disable = false, count = 2 : i32>, licm = #llvm.loop_licm<disable = true>, distribute = "
    "#llvm.loop_distribute<disable = true>, mustProgress = true"
)
NEGATED = (
    "disableNonforced = false, vectorize = #llvm.loop_vectorize<disable = false, predicateEnable = true, "
    "scalableEnable = false>, unroll = #llvm.loop_unroll<disable = false, full = false, runtimeDisable = false>, "
    "unrollAndJam = #llvm.loop_unroll_and_jam<disable = true>, licm = #llvm.loop_licm<disable = false, "
    "versioningDisable = true>, distribute = #llvm.loop_distribute<disable = false>, mustProgress = false, "
    "pipeline = #llvm.loop_pipeline<disable = true, initiationinterval = 2 : i32>, peeled = "
    "#llvm.loop_peeled<count = 3 : i32>, unswitch = #llvm.loop_unswitch<partialDisable = true>"
)

LLVM_LOOP = """llvm.func @f(%n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^bb1(%c0 : i64)
^bb1(%i: i64):
  %c = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %c, ^bb2, ^bb3
^bb2:
  %j = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%j : i64) {loop_annotation = #llvm.loop_annotation<HINTS>}
^bb3:
  llvm.return
}
"""

HINT = " {llvm.loop_annotation = #llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = true>>}"
AFFINE = f"""func.func @k(%A: memref<?xf64>) {{
  %c0 = arith.constant 0 : index
  %n = memref.dim %A, %c0 : memref<?xf64>
  affine.for %i = 0 to %n {{
    %a = affine.load %A[%i] : memref<?xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %A[%i] : memref<?xf64>
  }}{HINT}
  return
}}
"""


def _loop_md(ll: str) -> list[str]:
    return [ln for ln in ll.splitlines() if "llvm.loop" in ln or (ln.startswith("!") and "Debug Info" not in ln)]


def test_parse_render_round_trip():
    fields = LA.parse("llvm.loop_annotation<" + EVERY_HINT + ">")
    assert fields["vectorize"] == {"disable": True, "width": 8}
    assert fields["unroll"] == {"disable": True, "count": 4, "full": True, "runtimeDisable": True}
    assert LA.parse("#" + LA.render(fields)) == fields
    assert LA.render({"vectorize": {"width": 8}}) == (
        "llvm.loop_annotation<vectorize = #llvm.loop_vectorize<width = 8 : i32>>"
    )
    with pytest.raises(ValueError, match="not a loop annotation"):
        LA.parse("llvm.loop_unroll<count = 2 : i32>")


def test_metadata_of_every_hint():
    assert LA.metadata(LA.parse("llvm.loop_annotation<" + EVERY_HINT + ">")) == [
        '!"llvm.loop.disable_nonforced"',
        '!"llvm.loop.mustprogress"',
        '!"llvm.loop.vectorize.enable", i1 false',
        '!"llvm.loop.vectorize.width", i32 8',
        '!"llvm.loop.interleave.count", i32 2',
        '!"llvm.loop.unroll.disable"',
        '!"llvm.loop.unroll.count", i32 4',
        '!"llvm.loop.unroll.runtime.disable", i1 true',
        '!"llvm.loop.unroll.full"',
        '!"llvm.loop.unroll_and_jam.enable"',
        '!"llvm.loop.unroll_and_jam.count", i32 2',
        '!"llvm.licm.disable"',
        '!"llvm.loop.distribute.enable", i1 false',
    ]


def test_a_hint_without_metadata_is_an_error_not_dropped():
    text = LLVM_LOOP.replace("HINTS", "isVectorized = true")
    with pytest.raises(TranslationError, match="isVectorized"):
        translate_to_llvm_ir(polymlir.parse(text))


def test_translation_is_a_distinct_self_referencing_node_on_the_latch():
    text = LLVM_LOOP.replace("HINTS", "vectorize = #llvm.loop_vectorize<disable = true>")
    ll = translate_to_llvm_ir(polymlir.parse(text))
    m = re.search(r"br label %\d+, !llvm.loop !(\d+)", ll)
    assert m is not None
    n = m.group(1)
    assert re.search(rf"^!{n} = distinct !{{!{n}, !\d+}}$", ll, re.M)
    assert '!{!"llvm.loop.vectorize.enable", i1 false}' in ll


@requires_upstream("mlir-translate")
@pytest.mark.parametrize("hints", [EVERY_HINT, NEGATED], ids=["every", "negated"])
def test_metadata_is_upstreams(tmp_path, hints):
    text = LLVM_LOOP.replace("HINTS", hints)
    path = tmp_path / "loop.mlir"
    path.write_text(text)
    theirs = subprocess.run(
        [upstream("mlir-translate"), "--mlir-to-llvmir", str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert _loop_md(translate_to_llvm_ir(polymlir.parse(text))) == _loop_md(theirs)


def test_an_affine_for_hint_reaches_the_llvm_ir_and_llvm_reads_it():
    e = polymlir.compile(AFFINE, threads=1, cache=False)
    assert re.search(r"br label %\d+, !llvm.loop !\d+", e.llvm_ir)
    assert '!{!"llvm.loop.vectorize.enable", i1 false}' in e.llvm_ir
    # the loop vectorizer leaves the hinted loop alone (it marks the loops it vectorizes)
    assert "llvm.loop.isvectorized" not in e.optimized_llvm_ir
    plain = polymlir.compile(AFFINE.replace(HINT, ""), threads=1, cache=False)
    assert "llvm.loop.isvectorized" in plain.optimized_llvm_ir
