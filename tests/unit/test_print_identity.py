"""``polymlir opt FILE`` prints what ``mlir-opt-22 FILE`` prints, byte for
byte (result names, aliases, numbers, resources), on a sample of the valid
corpus cases that were identical when the sample was taken
(``print_identity_cases.txt``), so that none of them regresses.
``experiments/print_identity.py`` measures the whole corpus."""

from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

import pytest

from polymlir.cli import main as polymlir_main

from ..shared_data import missing_reason, params_or_skip, requires_upstream, shared_path, upstream

CASES = [
    line.strip()
    for line in (Path(__file__).parent / "print_identity_cases.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def _case_params() -> list:
    corpus = shared_path("corpus")
    if corpus is None:
        return params_or_skip([], missing_reason("corpus"))
    present = [c for c in CASES if (corpus / c).is_file()]
    return params_or_skip(present, "none of the sampled corpus cases is in the external data", ids=str)


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("case", _case_params())
def test_prints_as_upstream(case: str) -> None:
    path = shared_path("corpus", *case.split("/"))
    assert path is not None
    r = subprocess.run(
        [upstream("mlir-opt"), "--allow-unregistered-dialect", str(path)],  # type: ignore[list-item]  # the test is skipped when mlir-opt is absent
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if r.returncode != 0:
        pytest.skip(f"mlir-opt-22 rejects {case}")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert polymlir_main(["opt", "--allow-unregistered-dialect", str(path)]) == 0
    assert out.getvalue() == r.stdout


# As mlir-opt-22 prints it: the llvm attributes polymlir keeps verbatim go
# through aliases named after their mnemonic, nested ones first (by depth,
# then by name), and nested references use the aliases.
LLVM_ALIASES = """\
#loop_unroll = #llvm.loop_unroll<disable = true>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
module {
  llvm.func @f(%arg0: !llvm.ptr) {
    %0 = llvm.load %arg0 {tbaa = [#tbaa_tag]} : !llvm.ptr -> i32
    llvm.br ^bb1 {loop_annotation = #loop_annotation}
  ^bb1:  // pred: ^bb0
    llvm.return
  }
}

"""


def test_llvm_attributes_print_through_upstreams_aliases(tmp_path: Path) -> None:
    # The input spells every attribute inline, in another order.
    f = tmp_path / "aliases.mlir"
    f.write_text(
        "llvm.func @f(%p: !llvm.ptr) {\n"
        '  %0 = llvm.load %p {tbaa = [#llvm.tbaa_tag<base_type = #llvm.tbaa_type_desc<id = "int", members = '
        '{<#llvm.tbaa_type_desc<id = "omnipotent char", members = {<#llvm.tbaa_root<id = "Simple C/C++ TBAA">, 0>}>'
        ', 0>}>, access_type = #llvm.tbaa_type_desc<id = "int", members = {<#llvm.tbaa_type_desc<id = '
        '"omnipotent char", members = {<#llvm.tbaa_root<id = "Simple C/C++ TBAA">, 0>}>, 0>}>, offset = 0>]}'
        " : !llvm.ptr -> i32\n"
        "  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>}\n"
        "^bb1:\n  llvm.return\n}\n"
    )
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert polymlir_main(["opt", str(f)]) == 0
    assert out.getvalue() == LLVM_ALIASES
    # Generic form and local scope print them inline.
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert polymlir_main(["opt", "--mlir-print-local-scope", str(f)]) == 0
    assert "#tbaa_tag" not in out.getvalue() and "#llvm.tbaa_tag<" in out.getvalue()
