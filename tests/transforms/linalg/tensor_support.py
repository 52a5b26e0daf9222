"""Helpers of the linalg-on-tensors tests: transform, bufferize, lower, run."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import polymlir
from polymlir.transforms.loops.handle import Schedule


def transformed(text: str, fn: Callable[[Schedule], object]) -> str:
    m = polymlir.parse(text)
    s = Schedule(m)
    v = fn(s)
    assert v.ok, v.reason  # type: ignore[attr-defined]
    return str(m)


def tile_every_op(sizes: list[int]) -> Callable[[Schedule], object]:
    def go(s: Schedule):
        v = None
        for k, op in enumerate(s.linalg_ops()):
            v = s.tile_linalg(k, sizes[: op.num_loops])
            if not v.ok:
                return v
        return v

    return go


def tensor_args(text: str, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    func = next(o for o in polymlir.parse(text).walk() if o.name == "func.func")
    return [rng.random(t.shape) + 0.5 for t in func.get_attr("function_type").value.inputs]


def run_bufferized(bufferized: str, args: list[np.ndarray]) -> np.ndarray:
    """Lower a bufferized module's linalg ops to loops, JIT it, call @f."""
    m = polymlir.parse(bufferized)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-loops)")
    engine = polymlir.compile(str(m), opt_level=0, cache=False)
    return np.asarray(engine.invoke("f", *[a.copy() for a in args]))


def max_rel_err(got: np.ndarray, want: np.ndarray) -> float:
    return float(np.max(np.abs(got - want) / np.maximum(np.abs(want), 1.0)))
