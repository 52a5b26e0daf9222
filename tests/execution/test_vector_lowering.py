"""polymlir's vector lowering (convert-vector-to-scf, convert-vector-to-llvm)
preserves meaning: programs are lowered by polymlir's ``convert-to-llvm``,
run by upstream's ``mlir-runner``, and must print what upstream's own
lowering prints (or, for what upstream 22 cannot lower, the hand-checked
``.expected`` output next to the program). The executable integration
corpus's vector cases are checked against their recorded upstream output.
"""

from __future__ import annotations

import os
import re
import subprocess

import pytest

import polymlir
from polymlir.transforms.passes.manager import PassManager, lookup_pass

from ..shared_data import missing_reason, params_or_skip, shared_path
from .harness import UPSTREAM_MISSING, upstream_tools

pytestmark = pytest.mark.skipif(upstream_tools() is None, reason=UPSTREAM_MISSING)
HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs", "vector")
_CORPUS = shared_path("integration", "cases", "vector")  # upstream's vector integration cases, or None
CORPUS = str(_CORPUS) if _CORPUS is not None else ""
CORPUS_MISSING = missing_reason("integration", "cases", "vector")
DEFAULT_UPSTREAM = "-test-lower-to-llvm"


def _header(text: str, key: str) -> str | None:
    m = re.search(rf"^// {key}:[ ]?(.*)$", text, re.M)
    return m.group(1).strip() if m else None


def _run(lowered: str, entry: str = "entry", result: str = "void", extra: tuple[str, ...] = ()) -> str:
    opt, runner, libdir = upstream_tools()  # type: ignore[misc]  # skipped above when the tools are absent
    libs = [os.path.join(libdir, f"lib{n}.so.22.1") for n in ("mlir_runner_utils", "mlir_c_runner_utils")]
    r = subprocess.run(
        [runner, "-e", entry, f"-entry-point-result={result}", *[f"-shared-libs={lib}" for lib in libs], *extra],
        input=lowered,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    return re.sub(r"base@ = [^ ]+", "base@ = <addr>", r.stdout)


def _lower(text: str, pipeline: str = "builtin.module(convert-to-llvm)") -> str:
    module = polymlir.parse(text)
    PassManager.parse(pipeline).run(module)
    out = polymlir.print_ir(module)
    assert not re.search(r"(?<![\w.])vector\.[a-z]", out), "vector ops left after lowering"
    return out


def _upstream(text: str, flags: str) -> str:
    opt, runner, libdir = upstream_tools()  # type: ignore[misc]  # skipped above when the tools are absent
    args = [a.strip('"') for a in re.findall(r'(?:[^\s"]+|"[^"]*")+', flags)]
    r = subprocess.run([opt, *args], input=text, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return _run(r.stdout)


def _programs(with_expected: bool) -> list[str]:
    names = sorted(f[:-5] for f in os.listdir(PROGRAMS) if f.endswith(".mlir"))
    return [n for n in names if os.path.exists(os.path.join(PROGRAMS, n + ".expected")) == with_expected]


@pytest.mark.parametrize("name", _programs(with_expected=False))
def test_program_runs_like_upstream(name):
    text = open(os.path.join(PROGRAMS, name + ".mlir")).read()
    expected = _upstream(text, _header(text, "UPSTREAM-PIPELINE") or DEFAULT_UPSTREAM)
    assert _run(_lower(text)) == expected


@pytest.mark.parametrize("name", _programs(with_expected=True))
def test_program_prints_expected(name):
    text = open(os.path.join(PROGRAMS, name + ".mlir")).read()
    expected = open(os.path.join(PROGRAMS, name + ".expected")).read()
    assert _run(_lower(text)) == expected


@pytest.mark.parametrize("name", ["transfers", "transfers_extra", "memory"])
def test_full_unroll_transfers_agree(name):
    """``convert-vector-to-scf{full-unroll=true}`` computes what the loop form computes."""
    text = open(os.path.join(PROGRAMS, name + ".mlir")).read()
    loops = _run(_lower(text))
    unrolled = _run(_lower(text, "builtin.module(convert-vector-to-scf{full-unroll=true},convert-to-llvm)"))
    assert unrolled == loops


def _corpus_cases() -> list:
    names = sorted(f[:-5] for f in os.listdir(CORPUS) if f.endswith(".mlir")) if CORPUS else []
    return params_or_skip(names, CORPUS_MISSING if not CORPUS else "no .mlir cases in " + CORPUS)


def _corpus_run(name: str, pipeline: str = "builtin.module(convert-to-llvm)") -> tuple[str, str]:
    path = os.path.join(CORPUS, name + ".mlir")
    text = open(path).read()
    entry, result = (_header(text, "ENTRY") or "entry void").split()
    extra = tuple((_header(text, "RUNNER-OPTS") or "").split())
    if "linalg." in text and lookup_pass("convert-linalg-to-loops") is None:
        pytest.skip("needs convert-linalg-to-loops (not in polymlir yet)")
    got = _run(_lower(text, pipeline), entry, result, extra)
    return got, open(os.path.join(CORPUS, name + ".expected")).read()


@pytest.mark.parametrize("name", _corpus_cases())
def test_integration_case(name):
    got, expected = _corpus_run(name)
    assert got == expected


@pytest.mark.skipif(not CORPUS, reason=CORPUS_MISSING)
@pytest.mark.parametrize(
    "name", ["transfer-read-1d", "transfer-read-2d", "transfer-read-3d", "transfer-to-loops", "transfer-write"]
)
def test_integration_case_full_unroll(name):
    """Upstream runs these cases a second time with full-unroll=true."""
    got, expected = _corpus_run(name, "builtin.module(convert-vector-to-scf{full-unroll=true},convert-to-llvm)")
    assert got == expected


@pytest.mark.parametrize("name", ["contract", "contract_extra"])
def test_contract_outerproduct_strategy_agrees(name):
    """``vector-contract-lowering=outerproduct`` computes what the dot lowering computes."""
    text = open(os.path.join(PROGRAMS, name + ".mlir")).read()
    dot = _run(_lower(text))
    outer = _run(
        _lower(text, "builtin.module(convert-vector-to-llvm{vector-contract-lowering=outerproduct},convert-to-llvm)")
    )
    assert outer == dot


def test_vector_to_llvm_alone_handles_strided_1d_transfers():
    """Without convert-vector-to-scf, non-contiguous 1-D transfers become
    gathers/scatters and compute what the scalar loops compute."""
    text = open(os.path.join(PROGRAMS, "strided.mlir")).read()
    direct = _lower(text, "builtin.module(expand-strided-metadata,convert-vector-to-llvm,convert-to-llvm)")
    assert "llvm.intr.masked.gather" in direct and "llvm.intr.masked.scatter" in direct
    assert _run(direct) == _run(_lower(text))
