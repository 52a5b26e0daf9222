"""Pass pipelines and pass options in upstream's syntax, pass anchors and
nesting, and what ``polymlir opt`` does with pass flags."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

import polymlir
from polymlir.transforms.passes import manager as PM
from polymlir.transforms.passes.manager import (
    ANY_OP,
    FUNCTION,
    MODULE,
    FunctionPass,
    ModulePass,
    PassError,
    PassManager,
    parse_options,
)

# -- test passes (registered per test) -------------------------------------------------------

RAN: list[tuple[str, str, str]] = []  # (pass, op name, sym_name or "")


def _record(p, op) -> None:
    sym = op.properties.get("sym_name") if isinstance(op.properties, dict) else None
    RAN.append((p.name, op.name, sym.value if sym is not None else ""))


@dataclass(frozen=True)
class Everything(ModulePass):
    name: ClassVar[str] = "test-options"
    flag: bool = False
    other: bool = True
    count: int = 0
    ratio: float = 0.5
    label: str = "none"
    sizes: tuple[int, ...] = ()
    names: tuple[str, ...] = ()
    mode: Literal["dot", "outer"] = "dot"

    def run(self, op, ctx) -> None:
        _record(self, op)


@dataclass(frozen=True)
class OnFunctions(FunctionPass):
    name: ClassVar[str] = "test-function-pass"

    def run(self, op, ctx) -> None:
        _record(self, op)


@dataclass(frozen=True)
class OnModules(ModulePass):
    name: ClassVar[str] = "test-module-pass"
    anchor: ClassVar[str] = MODULE

    def run(self, op, ctx) -> None:
        _record(self, op)


@dataclass(frozen=True)
class OnAnything(ModulePass):
    name: ClassVar[str] = "test-any-pass"

    def run(self, op, ctx) -> None:
        _record(self, op)


@pytest.fixture(autouse=True)
def test_passes(monkeypatch):
    PM.registered_passes()  # loads every pass module first, so these test passes are not overwritten
    for cls in (Everything, OnFunctions, OnModules, OnAnything):
        monkeypatch.setitem(PM._PASSES, cls.name, cls)
    RAN.clear()
    yield
    RAN.clear()


TWO_FUNCS = """func.func @f() {
  return
}
func.func @g() {
  return
}
"""


def one(pipeline: str):
    pm = PassManager.parse(pipeline)
    assert len(pm.passes) == 1
    return pm.passes[0]


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, want",
    [
        ("flag", True),
        ("flag=true", True),
        ("flag=1", True),
        ("flag=True", True),
        ("flag=TRUE", True),
        ("flag=false", False),
        ("flag=0", False),
        ("flag=False", False),
    ],
)
def test_bool_options(text, want):
    assert one(f"test-options{{{text}}}").flag is want


def test_zero_and_one_are_false_and_true():
    """`{a=0 b=1}` once turned `a` true (the old parser deleted spaces)."""
    p = one("test-options{flag=0 other=1}")
    assert (p.flag, p.other) == (False, True)
    p = one("test-options{other=0 flag=1}")
    assert (p.flag, p.other) == (True, False)


@pytest.mark.parametrize("text, want", [("7", 7), ("-3", -3), ("0x10", 16), ("010", 10), (" 5", None)])
def test_int_options(text, want):
    if want is None:  # a space ends the value: " 5" is an empty value and then an option named 5
        with pytest.raises(PassError):
            one(f"test-options{{count={text}}}")
        return
    assert one(f"test-options{{count={text}}}").count == want


def test_float_string_and_choice_options():
    p = one("test-options{ratio=0.25 label=plain mode=outer}")
    assert (p.ratio, p.label, p.mode) == (0.25, "plain", "outer")
    assert one('test-options{label="two words"}').label == "two words"
    assert one("test-options{label='single quoted'}").label == "single quoted"
    assert one("test-options{label={braced words}}").label == "braced words"
    assert one('test-options{label="a}b"}').label == "a}b"


def test_list_options():
    assert one("test-options{sizes=32,32}").sizes == (32, 32)
    assert one("test-options{sizes=4}").sizes == (4,)
    assert one("test-options{sizes={8,16,32}}").sizes == (8, 16, 32)
    assert one("test-options{names=a,b}").names == ("a", "b")
    assert one("test-options{names=\"x y\",'z,w'}").names == ("x y", "z,w")
    p = one("test-options{sizes=1,2 count=3 flag}")
    assert (p.sizes, p.count, p.flag) == ((1, 2), 3, True)


@pytest.mark.parametrize(
    "text, message",
    [
        ("flag=on", "invalid value 'on' for option 'flag'.*expected bool"),
        ("flag=yes", "invalid value 'yes'"),
        ("count=seven", "invalid value 'seven' for option 'count'.*expected int"),
        ("count", "option 'count' of pass 'test-options' needs a value"),
        ("ratio=x", "expected float"),
        ("sizes=1,x", "expected list<int>"),
        ("mode=inner", "one of dot, outer"),
        ("nope=1", "no such option 'nope' for pass 'test-options'"),
        ('label="open', 'unterminated " in an option value'),
        ("label={open", "expected '}' to close the options"),  # the brace closed the value
        ("flag=1", None),
    ],
)
def test_option_errors(text, message):
    if message is None:
        one(f"test-options{{{text}}}")
        return
    with pytest.raises(PassError, match=message):
        one(f"test-options{{{text}}}")


def test_options_of_a_real_pass_with_spaces():
    p = one("builtin.module(convert-func-to-llvm{use-bare-ptr-memref-call-conv=false index-bitwidth=32})")
    assert (p.use_bare_ptr_memref_call_conv, p.index_bitwidth) == (False, 32)
    p = one("convert-func-to-llvm{ use-bare-ptr-memref-call-conv  index-bitwidth=16 }")
    assert (p.use_bare_ptr_memref_call_conv, p.index_bitwidth) == (True, 16)


def test_parse_options_keeps_raw_values():
    assert parse_options('a=1 b="x y" c d={p q} e=1,2') == {"a": "1", "b": "x y", "c": None, "d": "p q", "e": "1,2"}
    assert parse_options("") == {}


def test_options_print_back_in_pipeline_syntax():
    p = one('test-options{label="x y" sizes=1,2 flag other=false}')
    again = one(str(p))
    assert again == p
    assert str(p) == "test-options{flag=true other=false label='x y' sizes=1,2}"


# -- pipelines -------------------------------------------------------------------------------


def test_nested_pipeline_structure_and_printing():
    pm = PassManager.parse(
        'builtin.module( func.func( test-options{count=1 label="x y"} , test-any-pass ), test-module-pass )'
    )
    nested, mod = pm.passes
    assert isinstance(nested, PM._Nested) and nested.anchor == "func.func"
    assert [p.name for p in nested.passes] == ["test-options", "test-any-pass"]
    assert nested.passes[0].label == "x y" and mod.name == "test-module-pass"
    assert str(pm) == "builtin.module(func.func(test-options{count=1 label='x y'},test-any-pass),test-module-pass)"
    assert str(PassManager.parse(str(pm))) == str(pm)


@pytest.mark.parametrize(
    "pipeline, message",
    [
        ("builtin.module(func.func(test-any-pass)", r"expected '\)' to close 'builtin.module\('"),
        ("test-any-pass test-any-pass", "expected ',' or the end"),
        ("test-any-pass,", "expected a pass or op name"),
        ("no-such-pass", "'no-such-pass' does not refer to a registered pass"),
        ("test-options{count=1", "expected '}' to close the options"),
        (
            "func.func(test-module-pass)",
            "Can't add pass 'test-module-pass' restricted to 'builtin.module' on a "
            "PassManager intended to run on 'func.func', did you intend to nest?",
        ),
        ("builtin.module(func.func(convert-func-to-llvm))", "restricted to 'builtin.module'"),
    ],
)
def test_pipeline_errors(pipeline, message):
    with pytest.raises(PassError, match=message):
        PassManager.parse(pipeline)


def test_empty_nested_pipeline():
    m = polymlir.parse(TWO_FUNCS)
    PassManager.parse("builtin.module(func.func())").run(m)
    assert RAN == []


# -- anchors and nesting ---------------------------------------------------------------------


def test_function_pass_runs_on_each_function():
    m = polymlir.parse(TWO_FUNCS)
    PassManager.parse("builtin.module(func.func(test-function-pass))").run(m)
    assert RAN == [("test-function-pass", "func.func", "f"), ("test-function-pass", "func.func", "g")]
    RAN.clear()
    # At module level it is nested implicitly, as mlir-opt's pass flags do.
    PassManager.parse("test-function-pass").run(m)
    assert RAN == [("test-function-pass", "func.func", "f"), ("test-function-pass", "func.func", "g")]


def test_nested_pipeline_runs_per_function_in_order():
    m = polymlir.parse(TWO_FUNCS)
    PassManager.parse("builtin.module(func.func(test-any-pass,test-function-pass),test-module-pass)").run(m)
    assert RAN == [
        ("test-any-pass", "func.func", "f"),
        ("test-function-pass", "func.func", "f"),
        ("test-any-pass", "func.func", "g"),
        ("test-function-pass", "func.func", "g"),
        ("test-module-pass", "builtin.module", ""),
    ]


def test_any_op_pass_runs_where_it_is_nested():
    m = polymlir.parse(TWO_FUNCS)
    PassManager.parse("test-any-pass").run(m)
    assert RAN == [("test-any-pass", "builtin.module", "")]


def test_nesting_reaches_direct_children_only():
    m = polymlir.parse(
        "module {\n  module {\n    func.func @inner() {\n      return\n    }\n  }\n"
        "  func.func @outer() {\n    return\n  }\n}\n"
    )
    PassManager.parse("builtin.module(func.func(test-any-pass))").run(m)
    assert RAN == [("test-any-pass", "func.func", "outer")]
    RAN.clear()
    PassManager.parse("builtin.module(builtin.module(func.func(test-any-pass),test-module-pass))").run(m)
    assert RAN == [("test-any-pass", "func.func", "inner"), ("test-module-pass", "builtin.module", "")]


def test_pass_kinds_declare_their_anchor():
    assert (ModulePass.anchor, FunctionPass.anchor) == (ANY_OP, FUNCTION)
    passes = PM.registered_passes()
    assert passes["convert-func-to-llvm"].anchor == MODULE
    assert passes["finalize-memref-to-llvm"].anchor == MODULE
    assert passes["lower-affine"].anchor == ANY_OP


def test_real_pass_nested_in_functions_lowers_each_function():
    text = """func.func @f(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.store %v, %A[%i] : memref<4xf32>
  }
  return
}
func.func @g(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
  }
  return
}
"""
    nested, top = polymlir.parse(text), polymlir.parse(text)
    PassManager.parse("builtin.module(func.func(lower-affine))").run(nested)
    PassManager.parse("builtin.module(lower-affine)").run(top)
    out = polymlir.print_ir(nested)
    assert "affine." not in out and out.count("scf.for") == 2
    assert out == polymlir.print_ir(top)


# -- polymlir opt ----------------------------------------------------------------------------


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "polymlir", *args], input=stdin, capture_output=True, text=True)


def test_unknown_flag_is_an_unknown_flag():
    r = run_cli("opt", "-", "--lower-afine", stdin=TWO_FUNCS)
    assert r.returncode == 1
    assert "unknown command line argument '--lower-afine'" in r.stderr
    assert "Did you mean '--lower-affine'?" in r.stderr
    assert "registered pass (known passes" not in r.stderr and "Traceback" not in r.stderr
    r = run_cli("opt", "-", "--frobnicate", stdin=TWO_FUNCS)
    assert r.returncode == 1 and "unknown command line argument '--frobnicate'" in r.stderr


def test_pass_flags_and_pipelines_with_spaced_options():
    text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n"
    r = run_cli(
        "opt",
        "-",
        "--pass-pipeline=builtin.module(convert-arith-to-llvm{index-bitwidth=32},"
        "convert-func-to-llvm{use-bare-ptr-memref-call-conv=false index-bitwidth=32})",
        stdin=text,
    )
    assert r.returncode == 0, r.stderr
    assert "llvm.func @f" in r.stdout and "llvm.add" in r.stdout
    r2 = run_cli(
        "opt",
        "-",
        "--convert-arith-to-llvm=index-bitwidth=32",
        "--convert-func-to-llvm=use-bare-ptr-memref-call-conv=false index-bitwidth=32",
        stdin=text,
    )
    assert r2.returncode == 0 and r2.stdout == r.stdout
    r3 = run_cli("opt", "-", "--pass-pipeline", "builtin.module(func.func(lower-affine))", stdin=text)
    assert r3.returncode == 0, r3.stderr
    bad = run_cli("opt", "-", "--convert-func-to-llvm=use-bare-ptr-memref-call-conv=on", stdin=text)
    assert bad.returncode == 1 and "invalid value 'on'" in bad.stderr


def test_pass_flags_before_the_input_file(tmp_path):
    """As with mlir-opt, the input may come after the pass flags: a spaced
    option value or a ``--pass-pipeline VALUE`` pair is not taken for it."""
    f = tmp_path / "f.mlir"
    f.write_text("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n")
    want = run_cli("opt", str(f), "--pass-pipeline=builtin.module(convert-arith-to-llvm{index-bitwidth=32})")
    assert want.returncode == 0 and "llvm.add" in want.stdout, want.stderr
    for flags in (
        ["--pass-pipeline=builtin.module(func.func(canonicalize{max-iterations=3 region-simplify=disabled}))"],
        ["--pass-pipeline", "builtin.module(func.func(canonicalize{max-iterations=3}))"],
        ["--canonicalize=max-iterations=3 region-simplify=disabled"],
    ):
        r = run_cli("opt", *flags, str(f))
        assert r.returncode == 0, (flags, r.stderr)
        assert "arith.addi" in r.stdout
    r = run_cli("opt", "--pass-pipeline", "builtin.module(convert-arith-to-llvm{index-bitwidth=32})", str(f))
    assert r.returncode == 0 and r.stdout == want.stdout, r.stderr
    r = run_cli("opt", str(f), "--frobnicate x")
    assert r.returncode == 1 and "unknown command line argument '--frobnicate x'" in r.stderr


def test_list_passes():
    r = run_cli("opt", "--list-passes")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    head = next(line for line in lines if line.strip().startswith("convert-func-to-llvm "))
    assert "[builtin.module]" in head and "Convert func ops to the LLVM dialect" in head
    assert any(line.split() == ["index-bitwidth=<int>", "default:", "64"] for line in lines)
    assert any(line.split() == ["use-bare-ptr-memref-call-conv=<bool>", "default:", "false"] for line in lines)
    assert any(line.strip().startswith("lower-affine [any]") for line in lines)
    assert any(line.split()[:3] == ["vector-contract-lowering=<string>", "default:", "dot"] for line in lines)


def test_main_in_process_keeps_the_recursion_limit(tmp_path, capsys):
    from polymlir.cli import main

    f = tmp_path / "a.mlir"
    f.write_text(TWO_FUNCS)
    before = sys.getrecursionlimit()
    assert main(["opt", str(f)]) == 0
    assert sys.getrecursionlimit() == before
    assert "func.func @g()" in capsys.readouterr().out


def test_deeply_nested_ir_still_parses_from_the_cli():
    depth = 300
    text = (
        "func.func @f() {\n"
        + "".join("  scf.execute_region {\n" for _ in range(depth))
        + "".join("  scf.yield\n  }\n" for _ in range(depth))
        + "  return\n}\n"
    )
    r = run_cli("opt", "-", stdin=text)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.count("scf.execute_region") == depth


# -- llvm::cl types, older option names, decline remarks ----------------------------------------


def test_unsigned_options_reject_negative_and_too_large_values():
    tile = PM.lookup_pass("affine-loop-tile")
    assert tile.from_options({"tile-sizes": "32,0x10"}).tile_sizes == (32, 16)
    for key, raw in (("tile-size", "-1"), ("tile-sizes", "4,-2"), ("tile-size", str(1 << 32))):
        with pytest.raises(PassError, match=rf"invalid value .* for option '{key}'.*expected (uint|list<uint>)"):
            tile.from_options({key: raw})
    assert tile.from_options({"cache-size": str((1 << 64) - 1)}).cache_size == (1 << 64) - 1
    assert {o.key: o.type_name() for o in tile.options()}["cache-size"] == "ulong"


def test_older_option_names_are_aliases():
    fusion = PM.lookup_pass("affine-loop-fusion")
    assert fusion.from_options({"fusion-maximal": None}) == fusion.from_options({"maximal": None})
    assert fusion.from_options({"fusion-compute-tolerance": "0.5"}).compute_tolerance == 0.5
    keys = [o.key for o in fusion.options()]
    assert "maximal" in keys and "fusion-maximal" not in keys  # listed under its MLIR 22 name only
    with pytest.raises(PassError, match="one of greedy, producer, sibling"):
        fusion.from_options({"mode": "bogus"})


def test_missed_remarks_are_kept_only_for_matching_passes():
    import re

    ctx = PM.PassContext(remarks_missed=re.compile("tile"))
    ctx.pass_name = "affine-loop-tile"
    ctx.missed(None, "kept")
    ctx.pass_name = "affine-loop-unroll"
    ctx.missed(None, "dropped")
    ctx.remark(None, "always kept")
    assert [d.message for d in ctx.diagnostics] == ["kept", "always kept"]
    silent = PM.PassContext(remarks_missed=None)
    silent.missed(None, "dropped")
    assert silent.diagnostics == []
    assert PM.PassContext().remarks_missed is PM.EVERY_PASS  # the API default: every remark


def test_pass_manager_names_the_running_pass_for_remarks():
    text = (
        "func.func @f(%A: memref<8xf32>) {\n  affine.for %i = 0 to 8 {\n"
        "    %v = affine.load %A[%i] : memref<8xf32>\n    affine.store %v, %A[7 - %i] : memref<8xf32>\n"
        "  }\n  return\n}\n"
    )
    module = polymlir.parse(text, "r.mlir")
    every = PassManager.parse("affine-parallelize").run(module)
    assert any("not parallelized" in d.message for d in every.diagnostics)
    module = polymlir.parse(text, "r.mlir")
    none = PassManager(PassManager.parse("affine-parallelize").passes, remarks_missed=None).run(module)
    assert none.diagnostics == []
