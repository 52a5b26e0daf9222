"""What a CLI user sees of the linalg transformations: which op was tiled,
dropped sizes, affine nests tiled alongside, located errors (exit 1, no
traceback), traces that replay to the same output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from . import programs as P

MIXED = (Path(__file__).parent / "mixed.mlir.txt").read_text()


def run(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "polymlir", *args], input=stdin, capture_output=True, text=True)


def test_tile_every_linalg_op_and_the_affine_nests(tmp_path):
    f = tmp_path / "m.mlir"
    f.write_text(MIXED)
    r = run(["tile", "--sizes", "4,8", "--trace", str(f)])
    assert r.returncode == 0, r.stderr
    assert f"{f}:9:3: remark: tiled linalg op 0 (linalg.matmul) with sizes [4, 8]" in r.stderr
    assert "affine.for %i_tile = 0 to 16 step 4" in r.stdout and "scf.for" in r.stdout
    trace = json.loads(r.stderr.strip().splitlines()[-1])
    assert trace[0] == {"op": "tile_linalg", "loops": [], "linalg_op": 0, "sizes": [4, 8]}
    assert trace[1]["op"] == "tile"
    replayed = run(["apply", "--trace", json.dumps(trace), str(f)])
    assert replayed.returncode == 0 and replayed.stdout == r.stdout


def test_only_the_chosen_op_and_sizes_beyond_its_loops(tmp_path):
    f = tmp_path / "c.mlir"
    f.write_text(P.chain(8, 8, 4)[0])
    r = run(["tile", "--op", "1", "--sizes", "4,4,2,9", str(f)])
    assert r.returncode == 0, r.stderr
    assert "warning: linalg.matmul has 3 loops: tile sizes [9] beyond them are dropped" in r.stderr
    assert "tiled linalg op 1 (linalg.matmul) with sizes [4, 4, 2]" in r.stderr
    assert "op 0" not in r.stderr and r.stdout.count("scf.for") == 3


def test_errors_are_located_without_traceback(tmp_path):
    f = tmp_path / "c.mlir"
    f.write_text(P.chain(8, 8, 4)[0])
    cases = [
        (["tile", "--op", "9", "--sizes", "4", str(f)], "linalg op 9 is out of range (the function has 4 linalg ops)"),
        (["fuse", "--op", "2", "--sizes", "4,4", "--producers", "0", str(f)], "between them depends on it"),
        (["fuse", "--op", "3", "--sizes", "4,4", str(f)], "needs --sizes and --producers"),
        (["promote", "--op", "1", "--sizes", "4,4", "--operands", "7", str(f)], "operand 7 is out of range"),
        (["tile", "--op", "1", "--sizes", "4,x", str(f)], "--sizes must be a comma-separated list of integers"),
    ]
    for args, msg in cases:
        r = run(args)
        assert r.returncode == 1, (args, r.stderr)
        assert msg in r.stderr and "Traceback" not in r.stderr, r.stderr
        # Bad flag values are argument problems (`polymlir fuse: error:`), the rest located in the file.
        usage = "--sizes" in msg
        assert r.stderr.startswith(f"polymlir {args[0]}: error: " if usage else str(f)), r.stderr


def test_fuse_and_promote_from_the_cli(tmp_path):
    f = tmp_path / "c.mlir"
    f.write_text(P.chain(8, 8, 4)[0])
    r = run(["fuse", "--op", "3", "--sizes", "4,4", "--producers", "0,1,2", str(f)])
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("scf.for") == 2
    r = run(["promote", "--op", "1", "--sizes", "4,4,2", "--operands", "0,1", "--memory-space", "2", str(f)])
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("memref.alloc()") == 2 and "xf64, 2>" in r.stdout
