"""A PolyBench kernel as a benchmark problem: its MLIR and C text, two input
sets and a check of a variant's outputs against each set's reference.

``problem(name, "bench")`` renders the kernel with polymlir's own generator
(``polybench.py``) at ``BENCH_SIZES``, makes inputs on seeds 0 and 1 and
computes their references with numpy; where the shared bench is given
(``shared_bench=<shared>/bench``) and holds the kernel, its MLIR, its two
input sets ("polybench", "random") and its stored references are used
instead, at its sizes."""

from __future__ import annotations

import importlib.util
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from . import anchors
from . import polybench as pb
from .differential import max_relative_error
from .timing import Restorable

__all__ = ["TOLERANCE", "Problem", "problem", "shared_kernels"]

TOLERANCE = 1e-9  # largest |x - ref| / max(|ref|, 1) accepted, as the shared bench's compare
# References that are plain Python loops (sequential in-place sweeps): above this many flops a
# C build of the same description (-O1, no reassociation) stands in for them.
_SLOW = {"lu", "seidel-2d"}
_SLOW_FLOPS = 5e7


@dataclass
class Problem:
    """One kernel at fixed sizes: ``mlir`` and ``c`` text, ``args`` (the
    argument names in order), ``sets`` (input set name -> values) and
    ``check(set, values)`` -> the error of the outputs (``ok`` when at most
    ``TOLERANCE``). ``source`` says where MLIR and references come from."""

    name: str
    sizes: dict[str, int]
    mlir: str
    c: str
    args: list[str]
    sets: dict[str, dict[str, Any]]
    outputs: tuple[str, ...]
    writes: tuple[str, ...]
    flops: int
    source: str
    reference: str
    _check: Callable[[str, dict[str, Any]], float] = field(repr=False)
    _restore: dict[str, Restorable] = field(default_factory=dict, repr=False)

    def call_args(self, values: dict[str, Any]) -> list[Any]:
        return [values[a] for a in self.args]

    def check(self, set_name: str, values: dict[str, Any]) -> float:
        return self._check(set_name, values)

    def restorer(self, set_name: str) -> Restorable:
        """Puts back the set's written arrays (pristine copies taken at load)."""
        return self._restore[set_name]


def _load_shared_init(bench: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("polybench_shared_init", bench / "polybench" / "init.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def shared_kernels(bench: Path | None) -> list[str]:
    """The kernels the shared bench holds (MLIR and references)."""
    if bench is None:
        return []
    return sorted(p.stem for p in (bench / "polybench").glob("*.mlir") if (bench / "polybench" / "expected").is_dir())


def problem(name: str, sizes: str = "bench", shared_bench: Path | None = None, build_dir: str | Path = "") -> Problem:
    """The benchmark problem for kernel ``name`` at ``sizes`` ("bench" or
    "small", PolyBench's MINI); the shared bench's kernel where it has one
    (bench sizes only)."""
    if sizes == "bench" and name in shared_kernels(shared_bench):
        assert shared_bench is not None
        return _shared(name, shared_bench)
    s = pb.sizes_of(name, pb.BENCH_SIZES[name] if sizes == "bench" else None)
    k = pb.KERNELS[name]
    sets: dict[str, dict[str, Any]] = {f"seed{i}": pb.inputs(name, s, seed=i) for i in (0, 1)}
    slow = name in _SLOW and pb.flops(name, s) > _SLOW_FLOPS and anchors.find_tool("cc") is not None
    c = pb.render_c(name, s)
    if slow:
        so = anchors.build_c(
            c,
            build_dir or os.path.join(tempfile.gettempdir(), "polymlir-bench-build"),
            opt=["-O1", "-ffp-contract=off"],
        )
        want = {}
        for set_name, values in sets.items():
            copies = {key: (np.array(v) if isinstance(v, np.ndarray) else v) for key, v in values.items()}
            anchors.bind_c(so, "kernel", [copies[a.name] for a in k.args])()
            want[set_name] = {o: copies[o] for o in k.outputs}
        reference = "C -O1 of the same description (the Python reference is too slow at these sizes)"
    else:
        want = {set_name: pb.reference(name, values) for set_name, values in sets.items()}
        reference = "numpy reference (polybench.reference) on seeds 0 and 1"

    def check(set_name: str, values: dict[str, Any]) -> float:
        return max_relative_error([want[set_name][o] for o in k.outputs], [values[o] for o in k.outputs])

    return Problem(
        name,
        s,
        pb.render(name, s),
        c,
        [a.name for a in k.args],
        sets,
        k.outputs,
        k.writes,
        pb.flops(name, s),
        "generated",
        reference,
        check,
        {n: Restorable(v, k.writes) for n, v in sets.items()},
    )


def _shared(name: str, bench: Path) -> Problem:
    init = _load_shared_init(bench)
    meta = init.KERNELS[name]
    s = init.sizes(name)
    if pb.sizes_of(name, s) != s:
        raise ValueError(f"{name}: the shared sizes {s} are not the generator's {pb.KERNELS[name].sizes}")
    expected = init.load_expected(name)
    sets = {i: init.init_dict(name, i) for i in ("polybench", "random")}

    def check(set_name: str, values: dict[str, Any]) -> float:
        r = init.compare(name, {o: values[o] for o in meta["outputs"]}, expected, set_name)
        return float("inf") if not r["ok"] and r["max_rel_err"] <= TOLERANCE else float(r["max_rel_err"])

    return Problem(
        name,
        s,
        (bench / "polybench" / f"{name}.mlir").read_text(),
        pb.render_c(name, s),
        [a for a, _ in meta["args"]],
        sets,
        tuple(meta["outputs"]),
        tuple(meta["writes"]),
        int(init.flops(name)),
        "shared bench",
        "shared bench expected/ (PolyBench and random inputs)",
        check,
        {n: Restorable(v, meta["writes"]) for n, v in sets.items()},
    )
