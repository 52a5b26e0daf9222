"""The script-facing API: parse, lookup by name, pipelines, schedule, analyze."""

from __future__ import annotations

import polymlir

TEXT = """func.func @first(%A: memref<8xf64>) {
  return
}
func.func @mm(%A: memref<8x8xf64>, %B: memref<8x8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x8xf64>
      affine.store %a, %B[%j, %i] : memref<8x8xf64>
    }
  }
  return
}
"""


def test_lookup_finds_functions_by_name():
    m = polymlir.parse(TEXT)
    assert m.lookup("mm").name == "func.func"
    assert m.lookup("nope") is None


def test_run_pipeline_and_pass_manager():
    m = polymlir.parse(TEXT)
    ctx = polymlir.run_pipeline(m, "builtin.module(func.func(affine-loop-tile{tile-size=4}))")
    assert ctx.diagnostics == []
    assert "step 4" in polymlir.print_ir(m)
    pm = polymlir.PassManager.parse("builtin.module(canonicalize)")
    pm.run(m)


def test_schedule_and_analyze():
    m = polymlir.parse(TEXT)
    s = polymlir.schedule(m, "mm")
    assert s.interchange(["j", "i"]).ok
    model = polymlir.analyze(m.lookup("mm"))
    assert [lp.op.name for lp in model.loops] == ["affine.for", "affine.for"]
    assert s.trace.to_list() == [{"op": "interchange", "loops": ["j", "i"]}]
