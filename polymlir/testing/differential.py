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
    return outputs(jit_compile(text, opt_level=opt_level, cache=False, threads=threads), func, args)


def outputs(engine: Any, func: str, args: Sequence[Any]) -> list[Any]:
    """The outputs of ``engine``'s ``func`` called on copies of ``args``: the
    arguments after the call (memrefs are written in place), then its results."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    res = engine.invoke(func, *copies)
    return copies + ([] if res is None else list(res) if isinstance(res, tuple) else [res])


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


def perturbed(args: Sequence[Any], seed: int, ulps: float = 1.0) -> list[Any]:
    """``args`` with every floating-point array element moved by up to
    ``ulps`` units in the last place (uniformly, from ``seed``); other
    arguments as they are."""
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    for a in args:
        if isinstance(a, np.ndarray) and np.issubdtype(a.dtype, np.floating):
            eps = float(np.finfo(a.dtype).eps)
            out.append((a * (1 + rng.uniform(-ulps, ulps, a.shape) * eps)).astype(a.dtype))
        else:
            out.append(a)
    return out


# A program whose outputs move by S when its inputs move by an ulp may move by
# several S when the same arithmetic is only rounded differently (FMA
# contraction, reassociated reductions): measured 0.6-1.8 S on lu; a wrong
# transformation moves them by far more.
CONDITIONING_FACTOR = 64.0


def verification_tolerance(args: Sequence[Any], sensitivity: float = 0.0) -> float:
    """The largest relative error a correct candidate may show against the
    reference on ``args``: 1e-9 (1e-5 when an argument is single precision),
    or ``CONDITIONING_FACTOR`` times ``sensitivity`` (the reference's own
    change under a one-ulp perturbation of its inputs, ``sensitivity``) where
    that is larger, at most 1e-6 (1e-2)."""
    single = any(isinstance(a, np.ndarray) and a.dtype == np.float32 for a in args)
    base, cap = (1e-5, 1e-2) if single else (1e-9, 1e-6)
    return min(cap, max(base, CONDITIONING_FACTOR * sensitivity))


def compare_runs(
    original: str, transformed: str, func: str, seeds: Sequence[int] = (0,), index_value: int = 7
) -> float:
    """The max relative error between the two programs over ``seeds``."""
    worst = 0.0
    for seed in seeds:
        args = random_inputs(original, func, seed, index_value)
        worst = max(worst, max_relative_error(run(original, func, args), run(transformed, func, args)))
    return worst
