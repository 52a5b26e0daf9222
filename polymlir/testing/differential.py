"""Differential testing: run an original and a transformed program on the
same random inputs through polymlir's JIT and compare every output
(loopy's ``auto_test_vs_ref`` idea).

    err = compare_runs(original_text, transformed_text, "kernel")
    assert err <= 1e-9
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import compile as jit_compile
from .. import parse
from ..dialects.func import FuncOp
from ..ir import types as T
from ..ir.core import Operation

_DTYPES = {"f64": np.float64, "f32": np.float32, "i64": np.int64, "i32": np.int32, "i8": np.int8, "i1": np.bool_}


def _func(module: Operation, name: str) -> FuncOp:
    for op in module.walk(post_order=False):
        if isinstance(op, FuncOp) and op.name_str == name:
            return op
    raise KeyError(f"no function @{name}")


def random_inputs(text: str, func: str, seed: int = 0, index_value: int = 7) -> list[Any]:
    """Random arguments for ``func``: memrefs of static shape filled with
    values in [0.5, 1.5) (small integers for integer element types), floats
    likewise, index/integer scalars set to ``index_value``."""
    rng = np.random.default_rng(seed)
    f = _func(parse(text), func)
    ftype = f.type
    args: list[Any] = []
    for t in ftype.inputs:
        if isinstance(t, T.MemRefType):
            if any(d is None or d < 0 for d in t.shape):
                raise ValueError(f"argument of dynamic shape {t} cannot be generated")
            dt = _DTYPES.get(str(t.element_type))
            if dt is None:
                raise ValueError(f"unsupported element type {t.element_type}")
            if np.issubdtype(dt, np.floating):
                args.append((rng.random(t.shape) + 0.5).astype(dt))
            else:
                args.append(rng.integers(-3, 4, size=t.shape).astype(dt))
        elif isinstance(t, T.FloatType):
            args.append(float(rng.random() + 0.5))
        else:
            args.append(index_value)
    return args


def run(text: str, func: str, args: Sequence[Any], opt_level: int = 0, threads: int | None = None) -> list[Any]:
    """Call ``func`` on copies of ``args``, its parallel loops on ``threads``
    threads (default: every core); returns the arguments after the call
    (memrefs are written in place) followed by the results."""
    engine = jit_compile(text, opt_level=opt_level, cache=False, threads=threads)
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    res = engine.invoke(func, *copies)
    results = [] if res is None else (list(res) if isinstance(res, tuple) else [res])
    return copies + results


def max_relative_error(a: Sequence[Any], b: Sequence[Any]) -> float:
    """Largest elementwise ``|a - b| / max(|a|, 1)`` over all outputs (inf
    when shapes differ or one side is NaN where the other is not)."""
    worst = 0.0
    for x, y in zip(a, b, strict=False):
        x_arr = np.asarray(x, dtype=np.float64)
        y_arr = np.asarray(y, dtype=np.float64)
        if x_arr.shape != y_arr.shape:
            return float("inf")
        if np.any(np.isnan(x_arr) != np.isnan(y_arr)):
            return float("inf")
        diff = np.abs(np.nan_to_num(x_arr) - np.nan_to_num(y_arr)) / np.maximum(np.abs(np.nan_to_num(x_arr)), 1.0)
        if diff.size:
            worst = max(worst, float(diff.max()))
    return worst


def compare_runs(
    original: str, transformed: str, func: str, seeds: Sequence[int] = (0,), index_value: int = 7
) -> float:
    """The max relative error between the two programs over ``seeds``."""
    worst = 0.0
    for seed in seeds:
        args = random_inputs(original, func, seed, index_value)
        worst = max(worst, max_relative_error(run(original, func, args), run(transformed, func, args)))
    return worst
