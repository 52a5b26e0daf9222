"""A misuse campaign over every ``polymlir`` subcommand and the schedule API.

Seeded random argument lists per subcommand (bad loop names, sizes of 0,
negative, fractional, huge or of the wrong count, matrices of the wrong
shape, singular, not unimodular or not integer, traces that are not JSON,
name unknown primitives, miss parameters or give them the wrong type,
unknown functions) over good and bad files (missing, a directory, empty,
invalid MLIR, binary), plus fixed cases. Whatever the arguments: no
traceback, never the internal-error exit status, every failure located
(``file:line:col`` with the line and a caret) or a usage error
(``polymlir <command>: error:``), and every output that is written parses
and verifies. The same for ``polymlir.schedule(module, func)``: each call
returns a ``Verdict`` (a refusal with a reason) or raises a
``TransformError`` (``ArgumentError`` for a bad argument) with a message,
and leaves a module that verifies.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import polymlir
from polymlir.affine.legality import Verdict
from polymlir.cli import build_parser
from polymlir.cli_loops import COMMANDS, NO_MLIR_OUTPUT
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.testing import polybench as pb
from polymlir.transforms.loops.errors import ArgumentError, TransformError
from polymlir.transforms.loops.trace import load_trace
from polymlir.verifier import verify

from .cli_harness import assert_user_facing, cli

STENCIL = """\
func.func @stencil(%A: memref<10x10xf64>) {
  affine.for %t = 0 to 3 {
    affine.for %p = 1 to 9 {
      affine.for %q = 1 to 9 {
        %a = affine.load %A[%p - 1, %q + 1] : memref<10x10xf64>
        %b = affine.load %A[%p, %q - 1] : memref<10x10xf64>
        %s = arith.addf %a, %b : f64
        affine.store %s, %A[%p, %q] : memref<10x10xf64>
      }
    }
  }
  return
}
"""

LINALG = """\
func.func @mm(%X: memref<6x8xf64>, %Y: memref<8x5xf64>, %Z: memref<6x5xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%Z : memref<6x5xf64>)
  linalg.matmul ins(%X, %Y : memref<6x8xf64>, memref<8x5xf64>) outs(%Z : memref<6x5xf64>)
  return
}
"""

KERNEL = pb.render("gemm", {"NI": 6, "NJ": 7, "NK": 8}) + STENCIL + LINALG
LOOPS = ["i", "j", "k", "j2", "t", "p", "q"]
BAD_LOOPS = ["nope", "", ",", "#99", "#-1", "99:99", "1:1", "%i", "i j", "i,i", "I", "0", "-1", "j2_tile"]

SIZES = ["4", "4,4", "4,4,4", "2,3,4,5", "0", "-1", "4.5", "x", "", ",", "4,,4", "99999999999999999999999", "1e3"]
INTS = ["0", "-1", "1", "2", "3", "4.5", "x", "", "99999999999999999999", "9223372036854775807"]
MATRICES = ["1,0;1,1", "1,0;1", "2,0;0,1", "1,1;1,1", "1.5,0;0,1", "x", "", ";", "1,0;0,1;1,1", "0,1;1,0"]
MATRICES += ["1,99999999999999999999;0,1", "-1,0;0,-1", "1,0,0;1,1,0;0,0,1", "1,0;-3,1", "9223372036854775807,1;1,0"]
TRACES = [
    "[",
    "[]",
    "{}",
    "[1, 2]",
    "null",
    '"tile"',
    "[" * 3000 + "]" * 3000,
    '[{"op": "nope"}]',
    '[{"loops": ["i"]}]',
    '[{"op": "tile"}]',
    '[{"op": "tile", "loops": ["i"]}]',
    '[{"op": "tile", "loops": ["i"], "sizes": "x"}]',
    '[{"op": "tile", "loops": "i", "sizes": [4.5]}]',
    '[{"op": "tile", "loops": 5, "sizes": [4]}]',
    '[{"op": "tile", "loops": [["i"]], "sizes": [4]}]',
    '[{"op": "tile", "loops": ["i"], "sizes": [4], "bogus": 1}]',
    '[{"op": "tile", "loops": ["i"], "sizes": [99999999999999999999999]}]',
    '[{"op": "tile", "loops": ["i"], "sizes": [2], "made": 7}]',
    '[{"op": "unroll", "loops": ["j2"], "factor": "4"}]',
    '[{"op": "unroll", "loops": ["j2"], "factor": true}]',
    '[{"op": "skew", "loops": ["k", "j2"], "matrix": [[1]]}]',
    '[{"op": "skew", "loops": ["k", "j2"], "matrix": [[1, 0], [1.5, 1]]}]',
    '[{"op": "skew", "loops": ["k", "j2"], "matrix": "1,0;1"}]',
    '[{"op": "distribute", "loops": ["i"], "groups": [[5]]}]',
    '[{"op": "distribute", "loops": ["i"], "groups": [[0], [0]]}]',
    '[{"op": "fuse", "loops": ["0"]}]',
    '[{"op": "fuse", "loops": ["0", "1"], "depth": -2}]',
    '[{"op": "optimize", "tile_sizes": [0]}]',
    '[{"op": "shift", "loops": ["t"], "statement": "S9", "amount": 1}]',
    '[{"op": "promote", "loops": ["i"], "memrefs": "C"}]',
    '[{"op": "apply_schedule", "schedule_text": 5}]',
    '[{"op": "tile_linalg", "linalg_op": 9, "sizes": [4]}]',
    '[{"op": "tile", "loops": ["i"], "sizes": [2]}, {"op": "tile", "loops": ["i_tile"], "sizes": [2]}]',
    '[{"op": "tile", "loops": ["i", "k", "j2"], "sizes": [8, 8, 8]}, '
    '{"op": "tile", "loops": ["i", "j"], "sizes": [4, 4]}]',
]
SCHEDULES = ["{", "", "{ S0[i,j] -> [j,i] }", "{ S9[i] -> [i] }", "{ S0[i,j] -> [i] }", "[N] -> { S0[i,j] -> [N] }"]
SCHEDULES += ["{ S0[i,j] -> [i,j]; S1[i,k,j] -> [i,k,j] }", "x", "{ S0[i,j] -> [i,j] : i > 99999999999999999999 }"]
FUNCS = [None, None, "kernel", "stencil", "mm", "nope", "", "@kernel"]
POSITIONS = ["0", "1", "5", "-1", "x", ""]
LISTS = ["0", "0,1", "1,0", "0,0", "0,1,2", "7", "x", "", "-1"]


def _pick(r: random.Random, values: list[Any]) -> Any:
    return r.choice(values)


def _loops(r: random.Random, n: int | None = None) -> str:
    if r.random() < 0.3:
        return _pick(r, BAD_LOOPS)
    return ",".join(r.choice(LOOPS) for _ in range(n or r.randint(1, 3)))


# Per subcommand: flag -> a generator of its value (None: leave the flag out;
# True: a flag without a value).
Gen = Callable[[random.Random], Any]
FLAGS: dict[str, dict[str, Gen]] = {
    "tile": {
        "--sizes": lambda r: _pick(r, SIZES),
        "--loops": lambda r: None if r.random() < 0.4 else _loops(r),
        "--skew": lambda r: r.random() < 0.3 or None,
        "--strict": lambda r: r.random() < 0.3 or None,
        "--op": lambda r: None if r.random() < 0.7 else _pick(r, POSITIONS),
        "--interchange": lambda r: None if r.random() < 0.8 else _pick(r, ["2,0,1", "0,0,0", "x", "5", "1,0"]),
    },
    "interchange": {"--order": lambda r: _loops(r)},
    "unroll": {
        "--loop": lambda r: _loops(r, 1),
        "--factor": lambda r: None if r.random() < 0.2 else _pick(r, INTS),
        "--full": lambda r: r.random() < 0.2 or None,
    },
    "unroll-jam": {"--loop": lambda r: _loops(r, 1), "--factor": lambda r: _pick(r, INTS)},
    "register-tile": {
        "--loops": lambda r: _loops(r),
        "--mr": lambda r: None if r.random() < 0.5 else _pick(r, INTS),
        "--nv": lambda r: None if r.random() < 0.5 else _pick(r, INTS),
        "--lanes": lambda r: None if r.random() < 0.5 else _pick(r, INTS),
        "--kc": lambda r: None if r.random() < 0.6 else _pick(r, INTS),
        "--no-fma": lambda r: r.random() < 0.2 or None,
        "--pack": lambda r: r.random() < 0.2 or None,
    },
    "parallelize": {
        "--loop": lambda r: None if r.random() < 0.3 else _loops(r, 1),
        "--no-reductions": lambda r: r.random() < 0.3 or None,
    },
    "fuse": {
        "--nests": lambda r: None if r.random() < 0.2 else _pick(r, ["0,1", "0,0", "0", "a,b", "0,5", "-1,0", "0,1,2"]),
        "--depth": lambda r: None if r.random() < 0.5 else _pick(r, INTS),
        "--shifts": lambda r: None if r.random() < 0.7 else _pick(r, ["0,1", "x", "0,99999999999999999999", "1"]),
        "--contract": lambda r: r.random() < 0.2 or None,
        "--op": lambda r: None if r.random() < 0.7 else _pick(r, POSITIONS),
        "--sizes": lambda r: None if r.random() < 0.7 else _pick(r, SIZES),
        "--producers": lambda r: None if r.random() < 0.7 else _pick(r, LISTS),
    },
    "promote": {
        "--loop": lambda r: None if r.random() < 0.2 else _loops(r, 1),
        "--memrefs": lambda r: None if r.random() < 0.5 else _pick(r, ["C", "A,B", "Z", ",", "", "alpha"]),
        "--memory-space": lambda r: None if r.random() < 0.6 else _pick(r, INTS),
        "--op": lambda r: None if r.random() < 0.8 else _pick(r, POSITIONS),
        "--sizes": lambda r: None if r.random() < 0.8 else _pick(r, SIZES),
        "--operands": lambda r: None if r.random() < 0.8 else _pick(r, LISTS),
        "--alignment": lambda r: None if r.random() < 0.8 else _pick(r, INTS),
    },
    "distribute": {"--loop": lambda r: _loops(r, 1)},
    "skew": {"--loops": lambda r: _loops(r), "--matrix": lambda r: _pick(r, MATRICES)},
    "optimize": {
        "--tile-sizes": lambda r: None if r.random() < 0.5 else _pick(r, SIZES),
        "--no-tile": lambda r: r.random() < 0.2 or None,
        "--no-parallel": lambda r: r.random() < 0.3 or None,
        "--explain": lambda r: r.random() < 0.3 or None,
        "--pluto": lambda r: r.random() < 0.3 or None,
    },
    "apply": {
        "--trace": lambda r: None if r.random() < 0.2 else _pick(r, TRACES),
        "--schedule": lambda r: None if r.random() < 0.7 else _pick(r, SCHEDULES),
    },
    "show": {
        "--loops": lambda r: None if r.random() < 0.4 else _loops(r, r.randint(1, 3)),
        "--trace": lambda r: None if r.random() < 0.6 else _pick(r, TRACES),
        "--params": lambda r: None if r.random() < 0.6 else _pick(r, ["N=8", "N=x", "x", "=", "N=99999999999"]),
    },
}
HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
RUNS_PER_COMMAND = 14


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("misuse")
    paths = {
        "kernel": d / "kernel.mlir",
        "empty": d / "empty.mlir",
        "invalid": d / "invalid.mlir",
        "binary": d / "binary.mlir",
        "dir": d / "folder",
        "missing": d / "missing.mlir",
    }
    paths["kernel"].write_text(KERNEL)
    paths["empty"].write_text("")
    paths["invalid"].write_text(KERNEL.replace("affine.load %C[%i, %j]", "affine.load %C[%i, %jj]", 1))
    paths["binary"].write_bytes(bytes(range(256)) * 4)
    paths["dir"].mkdir()
    return paths


def _input(r: random.Random, files: dict[str, Path]) -> str:
    """Mostly the good kernel file, sometimes a bad one."""
    x = r.random()
    if x < 0.8:
        return str(files["kernel"])
    return str(files[r.choice(["empty", "invalid", "binary", "dir", "missing"])])


def _argv(command: str, r: random.Random, files: dict[str, Path], out: Path) -> list[str]:
    groups: list[list[str]] = []
    for flag, gen in FLAGS.get(command, {}).items():
        v = gen(r)
        if v is not None:
            groups.append([flag] if v is True else [flag, v])
    func = r.choice(FUNCS)
    if func is not None:
        groups.append(["--func", func])
    if command not in ("apply", "show") and r.random() < 0.3:
        groups.append(["--trace"])
    if r.random() < 0.15:
        groups.append([r.choice(["--mlir-opt-names", "--mlir-print-op-generic", "--mlir-print-debuginfo"])])
    suffix = r.choice([".png", ".svg", ".bmp", ""]) if command == "show" else ".mlir"
    groups.append(["-o", str(out.with_suffix(suffix))])
    r.shuffle(groups)  # flags in any order
    return [command, _input(r, files), *(a for g in groups for a in g)]


def _check_output(command: str, rc: int, out: Path) -> None:
    """A written output is valid MLIR (the next subcommand's input)."""
    if rc != 0 or command in NO_MLIR_OUTPUT or not out.exists():
        return
    polymlir.parse(out.read_text(), str(out))
    out.unlink()


@pytest.mark.parametrize("command", sorted(FLAGS))
def test_random_misuse_of_each_loop_subcommand(command, files, tmp_path):
    if command == "show" and not HAS_MATPLOTLIB:
        pytest.skip("polymlir show needs matplotlib")
    r = random.Random(f"misuse-{command}")
    for n in range(RUNS_PER_COMMAND):
        out = tmp_path / f"out{n}.mlir"
        argv = _argv(command, r, files, out)
        rc, _, err = cli(argv)
        assert_user_facing(argv, rc, err)
        _check_output(command, rc, out)


# -- fixed cases: every subcommand, bad files, and the messages the issue names ---------


def _fixed_cases(f: dict[str, Path], tmp: Path) -> list[tuple[list[str], bool]]:
    """(argv, must_fail) pairs; ``K`` is the good kernel file."""
    K = str(f["kernel"])
    bad_files = [str(f[k]) for k in ("missing", "dir", "invalid", "binary")]
    cases: list[tuple[list[str], bool]] = []
    for name in [*COMMANDS, "deps", "run", "translate", "opt"]:
        flags = {
            "tile": ["--sizes", "4"],
            "interchange": ["--order", "k,j2"],
            "unroll": ["--loop", "j2", "--factor", "2"],
            "unroll-jam": ["--loop", "i", "--factor", "2"],
            "register-tile": ["--loops", "k,j2"],
            "distribute": ["--loop", "i"],
            "skew": ["--loops", "k,j2", "--matrix", "1,0;1,1"],
            "promote": ["--loop", "i"],
            "fuse": ["--nests", "0,1"],
            "apply": ["--trace", "[]"],
            "show": ["-o", str(tmp / "x.png")],
            "translate": ["--mlir-to-llvmir"],
        }.get(name, [])
        if name == "show" and not HAS_MATPLOTLIB:
            continue
        cases += [([name, path, *flags], True) for path in bad_files]
        if name not in ("deps", "run", "translate", "opt"):
            cases.append(([name, str(f["empty"]), *flags], True))  # no function to transform
            cases.append(([name, K, *flags, "--func", "nope"], True))
            cases.append(([name, K, *flags, "-o", str(f["dir"] / "no" / "such.mlir")], name != "show"))
        cases.append(([name, K, "--no-such-flag"], True))
    cases += [
        (["tile", K, "--sizes", "4.5", "--loops", "i"], True),
        (["tile", K, "--sizes", "4,4,4", "--loops", "k,j2"], True),
        (["tile", K, "--sizes", "4", "--loops", "k,j2"], True),
        (["tile", K, "--sizes", "99999999999999999999999", "--loops", "i"], True),
        (["tile", K, "--sizes", "32,32,32", "--func", "kernel", "--strict"], True),
        (["tile", K, "--sizes", "4,4,4,4", "--func", "mm", "--strict"], True),
        (["skew", K, "--loops", "k,j2", "--matrix", "1,0;1"], True),
        (["unroll", K, "--loop", "j2", "--factor", "4.5"], True),
        (["interchange", K, "--order", ","], True),
        (["fuse", K, "--nests", "0", "--func", "kernel"], True),
        (["deps", K, "--func", "nope"], True),
        (["deps", K, "--format", "yaml"], True),
        (["deps", str(f["empty"])], False),
        (["run", K], True),
        (["run", K, "--entry", "kernel"], True),
        (["run", K, "-O", "7"], True),
        (["translate", K], True),
        (["translate", K, "--mlir-to-llvmir"], True),
        (["opt", K, "--affine-loop-tile=tile-size=x"], True),
        (["opt", K, "-o", str(f["dir"])], True),
        ([], True),
        (["no-such-command"], True),
    ]
    if importlib.util.find_spec("optuna") is not None:  # tune's argument checks: no trial runs
        for flag, value in [("--trials", "0"), ("--trials", "-1"), ("--trials", "x"), ("--workers", "0")]:
            cases.append((["tune", K, flag, value], True))
        for flag, value in [("--timeout", "nan"), ("--timeout", "-1"), ("--threads", "0"), ("--reps", "0")]:
            cases.append((["tune", K, flag, value], True))
        cases += [(["tune", K, "--max-tasks-per-child", "0"], True), (["tune", K, "--func", "nope"], True)]
        cases += [(["tune", path, "--func", "kernel"], True) for path in bad_files]
        cases += [(["tune"], True), (["tune", "--report", str(f["missing"])], True)]
    return cases


def test_fixed_misuse_of_every_subcommand(files, tmp_path):
    listed = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    cases = _fixed_cases(files, tmp_path)
    assert {c[0] for c, _ in cases if c} >= listed - ({"show"} if not HAS_MATPLOTLIB else set())
    for argv, must_fail in cases:
        rc, _, err = cli(argv)
        assert_user_facing(argv or ["polymlir"], rc, err, must_fail)


def test_the_messages_the_issue_names(files):
    K = str(files["kernel"])
    rc, _, err = cli(["tile", K, "--sizes", "4.5", "--loops", "i"])
    assert rc == 1 and err.startswith("polymlir tile: error: --sizes must be a comma-separated list of integers")
    for sizes in ("4,4,4", "4"):
        rc, _, err = cli(["tile", K, "--sizes", sizes, "--loops", "k,j2"])
        assert rc == 1 and "for the 2 loops of --loops k,j2" in err, err
    rc, _, err = cli(["skew", K, "--loops", "k,j2", "--matrix", "1,0;1"])
    assert rc == 1 and "must be 2x2 for the 2 loops k, j2, got 2 rows of 2 and 1 entries" in err
    rc, out, err = cli(["tile", K, "--sizes", "32,32,32", "--func", "kernel"])
    assert rc == 0 and "affine.for %i_tile" in out
    assert "warning: j and k not tiled: the body of i is not a perfect nest (j and k sit side by side in it)" in err
    assert "hint: to tile a chain through i, name its loops: i,k,j2" in err
    rc, out, err = cli(["tile", K, "--sizes", "32,32,32", "--func", "kernel", "--strict"])
    assert rc == 1 and out == "" and ":6:3: error: j and k not tiled" in err, err


# -- the schedule API ----------------------------------------------------------------------

LOOP_ARGS: list[Any] = ["i", ["i"], "j2", ["j2", "k"], ["k", "j2"], [], None, 5, -1, 4.5, True, ["nope"], [["i"]]]
LOOP_ARGS += [{"i"}, "#99", b"i", "i,j", ("i", "j"), ["i", "i"], "99:99", [None], object()]
SIZE_ARGS: list[Any] = [[4], [4, 4], [0], [-1], [4.5], 4, "4", [2**70], [True], [None], [], (4, 4), [4, 4, 4, 4]]
MATRIX_ARGS: list[Any] = [[[1, 0], [1, 1]], [[1, 0], [1]], [[2, 0], [0, 1]], [[1, 1], [1, 1]], [[1.5, 0], [0, 1]]]
MATRIX_ARGS += ["1,0;1,1", "1,0;1", "x", [[True, 0], [0, 1]], None, [[2**70, 0], [0, 1]], [[1, 0], [-7, 1]], []]
INT_ARGS: list[Any] = [0, -1, 1, 2, 4, 4.5, "2", None, 2**70, True, [2]]
TRACE_ARGS = TRACES


def _api_calls(r: random.Random) -> tuple[str, Callable[[Any], Any]]:
    """One random call on a schedule handle: its text, and the call."""
    lp, lp2, sz = _pick(r, LOOP_ARGS), _pick(r, LOOP_ARGS), _pick(r, SIZE_ARGS)
    n, m = _pick(r, INT_ARGS), _pick(r, INT_ARGS)
    mat, sched = _pick(r, MATRIX_ARGS), _pick(r, SCHEDULES)
    calls: list[tuple[str, Callable[[Any], Any]]] = [
        (f"tile({lp!r}, {sz!r})", lambda s: s.tile(lp, sz)),
        (f"tile({lp!r}, {sz!r}, names={lp2!r})", lambda s: s.tile(lp, sz, names=lp2)),
        (f"tile_nests({sz!r}, strict={bool(n)})", lambda s: s.tile_nests(sz, strict=bool(n))),
        (f"strip_mine({lp!r}, {n!r})", lambda s: s.strip_mine(lp, n)),
        (f"permute({lp!r}, {sz!r})", lambda s: s.permute(lp, sz)),
        (f"interchange({lp!r})", lambda s: s.interchange(lp)),
        (f"unroll({lp!r}, {n!r})", lambda s: s.unroll(lp, n)),
        (f"unroll({lp!r}, full=True)", lambda s: s.unroll(lp, full=True)),
        (f"unroll_jam({lp!r}, {n!r})", lambda s: s.unroll_jam(lp, n)),
        (f"parallelize({lp!r})", lambda s: s.parallelize(lp)),
        (f"fuse({n!r}, {m!r})", lambda s: s.fuse(n, m)),
        (f"fuse({lp!r}, {lp2!r}, depth={n!r})", lambda s: s.fuse(lp, lp2, depth=n)),
        (f"distribute({lp!r}, {mat!r})", lambda s: s.distribute(lp, mat)),
        (f"promote({lp!r}, {lp2!r}, {n!r})", lambda s: s.promote(lp, lp2, n)),
        (f"scalar_replace({lp!r})", lambda s: s.scalar_replace(lp)),
        (f"register_tile({lp!r}, {n!r}, {m!r}, 4)", lambda s: s.register_tile(lp, n, m, 4)),
        (f"skew({lp!r}, {mat!r})", lambda s: s.skew(lp, mat)),
        (f"shift({lp2!r}, {lp!r}, {n!r})", lambda s: s.shift(lp2, lp, n)),
        (f"apply_schedule({sched!r})", lambda s: s.apply_schedule(sched)),
        (f"optimize({sz!r})", lambda s: s.optimize(sz)),
        (f"tile_linalg({n!r}, {sz!r})", lambda s: s.tile_linalg(n, sz)),
        (f"loop({lp!r})", lambda s: s.loop(lp)),
        (f"loops({lp!r})", lambda s: s.loops(lp)),
        (f"run({lp2!r}, {lp!r})", lambda s: s.run(lp2, lp)),
        (f"legal_primitives({lp!r})", lambda s: s.legal_primitives(lp)),
    ]
    t = _pick(r, TRACE_ARGS)
    calls.append((f"replay(load_trace({t!r}))", lambda s: s.replay(load_trace(t))))
    return _pick(r, calls)


def _fresh(func: str) -> Any:
    return polymlir.schedule(polymlir.parse(KERNEL, "kernel.mlir"), func)


@pytest.mark.parametrize("func", ["kernel", "stencil", "mm"])
def test_random_misuse_of_the_schedule_api(func):
    r = random.Random(f"api-{func}")
    s = _fresh(func)
    for _ in range(60):
        text, call = _api_calls(r)
        try:
            v = call(s)
        except TransformError as e:  # ArgumentError included
            assert str(e), text
        except Exception as e:  # noqa: BLE001 - anything else is the finding
            pytest.fail(f"s.{text} raised {type(e).__name__}: {e}")
        else:
            if isinstance(v, Verdict) and not v.ok:
                assert v.reason, text
        verify(s.module)  # a refusal or an error leaves valid IR; so does an applied step
        if r.random() < 0.2:
            s = _fresh(func)


def test_api_bad_functions_and_files(files):
    module = polymlir.parse(KERNEL)
    for func in ("nope", "", "@kernel"):
        with pytest.raises(ArgumentError, match="no function named"):
            polymlir.schedule(module, func)
    for func in (5, ["kernel"]):
        with pytest.raises(TransformError):
            polymlir.schedule(module, func)  # type: ignore[arg-type]
    with pytest.raises(TransformError, match="no function with a body"):
        polymlir.schedule(polymlir.parse(""))
    for name in ("invalid", "binary"):
        text = files[name].read_bytes().decode("utf-8", "surrogateescape")
        with pytest.raises(DiagnosticError):
            polymlir.parse(text, str(files[name]))
    for trace in [t for t in TRACES[:6] if t != "[]"]:
        with pytest.raises(TransformError):
            _fresh("kernel").replay(load_trace(trace))
    with pytest.raises(TransformError, match="cannot read trace file"):
        load_trace(str(files["missing"]))
    with pytest.raises(TransformError, match="cannot read trace file"):
        load_trace(str(files["dir"]))
    with pytest.raises(TransformError, match="not a text file"):
        load_trace(str(files["binary"]))


@pytest.mark.skipif(importlib.util.find_spec("optuna") is None, reason="polymlir tune needs optuna")
def test_tune_report_of_a_missing_database_creates_none(tmp_path):
    db = tmp_path / "none.db"
    rc, _, err = cli(["tune", "--report", str(db)])
    assert rc == 1 and err.startswith("polymlir tune: error: no study database") and not db.exists(), err


def test_api_tiling_says_when_it_did_less():
    s = _fresh("kernel")
    with pytest.warns(polymlir.transforms.loops.errors.PartialTilingWarning, match="j and k not tiled") as caught:
        v = s.tile_nests([32, 32, 32])
    assert v.ok and v.loops == {"tile": ["i_tile"], "point": ["i"]}
    w = caught[0].message
    assert w.left == ["j", "k"] and "i,k,j2" in w.hint and w.op is not None
    s = _fresh("kernel")
    before = polymlir.print_ir(s.module)
    v = s.tile_nests([32, 32, 32], strict=True)
    assert not v.ok and "j and k not tiled" in v.reason and polymlir.print_ir(s.module) == before
    assert len(s.trace) == 0
    assert _fresh("mm").tile_nests([4]).reason == "the function has no loop nest"
    with pytest.raises(ArgumentError):
        _fresh("kernel").tile_nests([4.5])
    s = _fresh("kernel")
    v = s.tile("j2", [4])  # one loop name: the loop j2, not the loops j and 2
    assert v.ok and s.trace.steps[0].loops == ["j2"] and v.loops["tile"] == ["j2_tile"], v


def test_trace_json_round_trips_made_loops():
    s = _fresh("kernel")
    assert s.tile(["i", "k", "j2"], [2, 2, 2]).ok
    shown = json.loads(s.trace.to_json(made=True))
    assert shown[0]["made"] == {"tile": ["i_tile", "k_tile", "j2_tile"], "point": ["i", "j", "k", "j2"]}
    again = _fresh("kernel")
    again.replay(load_trace(json.dumps(shown)))
    assert polymlir.print_ir(again.module) == polymlir.print_ir(s.module)
