"""A misuse campaign over ``polymlir opt``: random bad pass names, bad option
values for every registered pass option, malformed pipelines, missing and
unwritable files, and randomly damaged IR. Whatever the input, no Python
traceback and no internal error reaches the user; every failure is a
located error (``file:line:col: error:``) or a clear ``error:`` line, with a
non-zero exit. Also: mlir-opt's single-dash spellings, and the decline
remarks that ``polymlir opt`` prints only when asked."""

from __future__ import annotations

import contextlib
import io
import random
import re
import string
import sys

import pytest

from polymlir.cli import main
from polymlir.transforms.passes.manager import registered_passes

GOOD = """\
func.func @f(%A: memref<64x64xf32>, %n: index) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<64x64xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%j, %i] : memref<64x64xf32>
    }
  }
  affine.for %k = 0 to %n {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[0, %k] : memref<64x64xf32>
  }
  return
}
"""

# A loop bound upstream accepts that the polyhedral model cannot represent
# (it was an IslBridgeError in affine-loop-unroll).
SEMI_AFFINE = """\
#ub = affine_map<(d0)[s0] -> ((d0 * 16) floordiv (s0 * 4))>
func.func @f(%A: memref<?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to #ub(%i)[%m] {
      %v = affine.load %A[%j] : memref<?xf32>
      affine.store %v, %A[%j] : memref<?xf32>
    }
  }
  return
}
"""

PASS_FLAGS = [
    "-affine-loop-tile=tile-size=4",
    "-affine-loop-unroll",
    "-affine-loop-unroll=unroll-factor=-1",
    "-affine-loop-unroll-jam",
    "-affine-loop-fusion",
    "-affine-data-copy-generate",
    "-affine-parallelize",
    "-affine-scalrep",
    "-affine-loop-invariant-code-motion",
    "-affine-loop-normalize",
    "-lower-affine",
    "-canonicalize",
    "-cse",
]

BAD_VALUES = ["", "x", "-1", "1.5", "{", "}", '"', "'", "1,2,x", "99999999999999999999999", "-", "=", "a b", "0x", ","]

# Passes outside this campaign's reach that still let a bad option value
# through as an internal error (none now).
KNOWN_INTERNAL: set[str] = set()

LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.M)


def opt(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``polymlir opt ARGS`` in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(["opt", *args])
            except SystemExit as e:  # argparse, and unreadable input files
                rc = e.code if isinstance(e.code, int) else 1
                if isinstance(e.code, str):
                    err.write(e.code + "\n")
    finally:
        sys.stdin = old
    return rc, out.getvalue(), err.getvalue()


def assert_clean(rc: int, err: str, must_fail: bool = False) -> None:
    assert "Traceback" not in err and "internal error" not in err, err
    if must_fail:
        assert rc != 0, err
    if rc != 0:
        assert LOCATED.search(err) or "error:" in err, err


def test_random_bad_pass_names():
    rng = random.Random(1)
    known = set(registered_passes())
    names = ["affine-loop-tilee", "affine-loop", "lower_affine", "Affine-Loop-Tile", "cse2", "-", "--", "=x"]
    names += ["".join(rng.choice(string.ascii_lowercase + "-_.") for _ in range(rng.randint(1, 20))) for _ in range(40)]
    for name in names:
        if name in known:
            continue
        for flag in (f"-{name}", f"--{name}=x=1", f"--pass-pipeline=builtin.module({name})"):
            rc, _, err = opt(["-", flag], GOOD)
            assert_clean(rc, err, must_fail=flag != "--" and flag != "---")


@pytest.mark.parametrize("name", sorted(set(registered_passes()) - KNOWN_INTERNAL))
def test_bad_option_values(name):
    rng = random.Random(name)
    cls = registered_passes()[name]
    for o in cls.options():
        for v in rng.sample(BAD_VALUES, 5):
            for flag in (f"-{name}={o.key}={v}", f"--pass-pipeline=builtin.module({name}{{{o.key}={v}}})"):
                rc, _, err = opt(["-", flag], GOOD)
                assert_clean(rc, err)
    rc, _, err = opt(["-", f"-{name}=no-such-option=1"], GOOD)
    assert_clean(rc, err, must_fail=True)
    assert "no such option 'no-such-option'" in err


def test_unsigned_and_enum_options_rejected_as_upstream():
    for flag in (
        "-affine-loop-tile=tile-size=-1",
        "-affine-loop-tile=tile-sizes=4,-2",
        "-affine-loop-unroll=unroll-full-threshold=-1",
        "-affine-loop-fusion=mode=bogus",
        "-affine-loop-fusion=maximal=2",
        "-affine-loop-tile=tile-size",
        "-affine-loop-tile=cache-size=99999999999999999999999",
    ):
        rc, _, err = opt(["-", flag], GOOD)
        assert_clean(rc, err, must_fail=True)


def test_malformed_pipelines():
    rng = random.Random(2)
    valid = [
        "builtin.module(func.func(affine-loop-tile{tile-size=32},canonicalize,cse))",
        "builtin.module(affine-loop-fusion{mode=producer maximal},func.func(affine-loop-unroll{unroll-factor=2}))",
        'func.func(affine-loop-tile{tile-sizes="4,4" separate=false})',
    ]
    for text in valid:
        rc, _, err = opt(["-", f"--pass-pipeline={text}"], GOOD)
        assert_clean(rc, err)
    for _ in range(150):
        chars = list(rng.choice(valid))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            if rng.random() < 0.5:
                del chars[i]
            else:
                chars.insert(i, rng.choice("(){},= \"'x-"))
        rc, _, err = opt(["-", "--pass-pipeline", "".join(chars)], GOOD)
        assert_clean(rc, err)


def test_missing_and_unwritable_files(tmp_path):
    for args in (
        [str(tmp_path / "missing.mlir")],
        [str(tmp_path)],
        ["-", "-o", str(tmp_path / "no" / "such" / "dir.mlir")],
        ["-", "-o"],
        ["-", "extra-positional.mlir"],
    ):
        rc, _, err = opt(args, GOOD)
        assert_clean(rc, err, must_fail=True)


def test_damaged_ir():
    rng = random.Random(3)
    for _ in range(120):
        chars = list(rng.choice([GOOD, SEMI_AFFINE]))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            r = rng.random()
            if r < 0.4:
                del chars[i]
            elif r < 0.8:
                chars.insert(i, rng.choice('0123456789%(){}[]<>,:=-+*#@ \n"dsijx'))
            else:
                chars[i] = rng.choice("0123456789")
        rc, _, err = opt(["-", rng.choice(PASS_FLAGS)], "".join(chars))
        assert_clean(rc, err)
        if rc != 0:
            assert LOCATED.search(err) or err.startswith("polymlir: error:"), err


def test_semi_affine_bound_is_a_located_refusal():
    for flag in PASS_FLAGS:
        rc, _, err = opt(["-", flag], SEMI_AFFINE)
        assert_clean(rc, err)
        assert rc == 0 and err == "", (flag, err)
    rc, out, err = opt(["-", "-affine-loop-unroll", "-pass-remarks-missed=affine-loop-unroll"], SEMI_AFFINE)
    assert rc == 0 and "affine.for" in out
    assert re.search(r"^<stdin>:4:5: remark: not unrolled: .*semi-affine", err, re.M), err


def test_remarks_only_when_asked():
    # The j loop of the first nest carries a transposed access: polymlir's
    # unroll-jam of i declines with a remark upstream would never print.
    rc, _, err = opt(["-", "-affine-loop-unroll-jam=unroll-jam-factor=2"], GOOD)
    assert rc == 0 and err == ""
    rc, _, err = opt(["-", "-affine-loop-unroll-jam=unroll-jam-factor=2", "--pass-remarks-missed", "."], GOOD)
    assert rc == 0 and "remark: not unroll-jammed" in err
    rc, _, err = opt(["-", "-affine-loop-unroll-jam=unroll-jam-factor=2", "-remarks-filter-missed=tile"], GOOD)
    assert rc == 0 and err == ""
    rc, _, err = opt(["-", "-affine-loop-tile", "-pass-remarks-missed=("], GOOD)
    assert_clean(rc, err, must_fail=True)


def test_single_dash_spellings_as_mlir_opt():
    split = GOOD + "// -----\n" + GOOD.replace("@f", "@g")
    expected = opt(["-", "--split-input-file", "--affine-loop-tile=tile-size=32", "--mlir-print-op-generic"], split)
    assert expected[0] == 0
    for args in (
        ["-", "-split-input-file", "-affine-loop-tile=tile-size=32", "-mlir-print-op-generic"],
        ["-", "-split-input-file=true", "-affine-loop-tile=tile-sizes=32,32", "-mlir-print-op-generic=1"],
        ["-", "-split-input-file", "-pass-pipeline=builtin.module(func.func(affine-loop-tile{tile-size=32}))"]
        + ["-mlir-print-op-generic"],
        ["-", "--split-input-file", "--pass-pipeline", "func.func(affine-loop-tile{tile-size=32})"]
        + ["--mlir-print-op-generic", "--verify-each=false", "-mlir-disable-threading"],
    ):
        assert opt(args, split)[:2] == expected[:2], args
    rc, out, _ = opt(["-", "-affine-loop-fusion=fusion-maximal", "-o=-"], GOOD)
    assert rc == 0 and out == opt(["-", "-affine-loop-fusion=maximal"], GOOD)[1]
