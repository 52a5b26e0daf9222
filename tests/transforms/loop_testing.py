"""Helpers for the loop-primitive tests: find a loop by name, apply a
primitive, and run the original and the transformed program on the same
random inputs with chosen values for the index parameters."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence

import numpy as np

import polymlir
from polymlir.affine.model import Loop, PolyhedralModel, analyze
from polymlir.affine.schedules import loop_name
from polymlir.ir.core import Operation
from polymlir.testing.differential import max_relative_error, random_inputs

from ..shared_data import upstream

TOL = 1e-9


def func_named(module: Operation, name: str) -> Operation:
    for op in module.walk(post_order=False):
        if op.name == "func.func" and getattr(op.get_attr("sym_name"), "value", None) == name:
            return op
    raise KeyError(name)


def loop_in(model: PolyhedralModel, name: str) -> Loop:
    hits = [lp for lp in model.loops if loop_name(lp) == name]
    assert len(hits) == 1, f"loop {name}: {hits}"
    return hits[0]


def apply(text: str, func: str, loop: str, fn: Callable[[PolyhedralModel, Loop], object]) -> tuple[str, object]:
    """Parse, run ``fn(model, loop)``, verify, and print the module."""
    module = polymlir.parse(text, "t.mlir")
    model = analyze(func_named(module, func))
    out = fn(model, loop_in(model, loop))
    polymlir.verify(module)
    return polymlir.print_ir(module), out


def model_of(text: str, func: str) -> PolyhedralModel:
    return analyze(func_named(polymlir.parse(text, "t.mlir"), func))


def run_with(engine, func: str, args: Sequence) -> list:
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    res = engine.invoke(func, *copies)
    results = [] if res is None else (list(res) if isinstance(res, tuple) else [res])
    return copies + results


def max_error(
    original: str, transformed: str, func: str, params: Sequence[Sequence[int]] = ((),), seeds: Sequence[int] = (0,)
) -> float:
    """Max relative error between the two programs over the seeds and the
    index-argument values in ``params`` (in argument order)."""
    e0 = polymlir.compile(original, opt_level=0, cache=False)
    e1 = polymlir.compile(transformed, opt_level=0, cache=False)
    worst = 0.0
    for seed in seeds:
        base = random_inputs(original, func, seed, 0)
        slots = [k for k, a in enumerate(base) if isinstance(a, int)]
        for ps in params:
            args = list(base)
            for k, v in zip(slots, ps, strict=False):
                args[k] = v
            worst = max(worst, max_relative_error(run_with(e0, func, args), run_with(e1, func, args)))
    return worst


def upstream_pass(text: str, pipeline: str) -> str:
    """Upstream mlir-opt's output for ``pipeline`` nested in func.func."""
    r = subprocess.run(
        [upstream("mlir-opt"), f"--pass-pipeline=builtin.module(func.func({pipeline}))"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout
