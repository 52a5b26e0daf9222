"""Tiny kernels and spaces for the tuner's tests (importable by worker processes)."""

from __future__ import annotations

import multiprocessing
import os

from polymlir import parse
from polymlir.transforms.loops import permute as P
from polymlir.transforms.loops.handle import find_function
from polymlir.tune.space import require

# Independent iterations: every loop order and tiling is legal.
STREAM = """func.func @kernel(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %b = affine.load %B[%i, %j] : memref<16x16xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""

# A[i][j] depends on A[i-1][j+1]: distance (1, -1), so interchanging i and j is illegal.
RECURRENCE = """func.func @kernel(%A: memref<16x16xf64>) {
  affine.for %i = 1 to 16 {
    affine.for %j = 0 to 15 {
      %x = affine.load %A[%i - 1, %j + 1] : memref<16x16xf64>
      %y = affine.load %A[%i, %j] : memref<16x16xf64>
      %s = arith.addf %x, %y : f64
      affine.store %s, %A[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""


def planted_swap(trial, s) -> None:
    """Swap i and j by editing the IR directly, never asking the verdict."""
    if trial.suggest_categorical("swap", [False, True]):
        P.permute(s.model, s.band_from("i"), [1, 0])  # past legality on purpose
        s._changed()


def ask_interchange(trial, s) -> None:
    """Interchange through the schedule API: the verdict refuses it."""
    if trial.suggest_categorical("swap", [False, True]):
        require(s.interchange(["j", "i"]), "interchange j, i")


def crash_in_worker(trial, s) -> None:
    """Kill the worker process that rebuilds candidate 1 (the driver is unharmed)."""
    if trial.suggest_int("x", 0, 1) == 1 and multiprocessing.parent_process() is not None:
        os._exit(3)


def unroll_only(trial, s) -> None:
    """One cheap choice: the unroll factor of the inner loop."""
    f = trial.suggest_categorical("unroll", [1, 2, 4, 8])
    if f > 1:
        require(s.unroll("j", f))


def hang_in_worker(trial, s) -> None:
    """Hang the worker that rebuilds candidate 1 (past any per-trial timeout)."""
    if trial.suggest_int("x", 0, 1) == 1 and multiprocessing.parent_process() is not None:
        import time

        time.sleep(600)


# B = 2 A, idempotent: running the nest again leaves the same result.
DOUBLE = """func.func @kernel(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %s = arith.addf %a, %a : f64
      affine.store %s, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""

# The same function with the nest run 100000 times: correct, and far slower. (3000 times was not
# enough: vectorized, the 768k stores took about 0.1 ms, close to the ~0.1 ms a call of either costs,
# so side by side it was at times under 2x slower.)
DOUBLE_SLOW = DOUBLE.replace("  affine.for %i", "  affine.for %r = 0 to 100000 {\n  affine.for %i").replace(
    "  return", "  }\n  return"
)


def planted_slow(trial, s) -> None:
    """The function replaced by its 100000-fold repeated form (a correct, slow candidate), past the schedule API."""
    if trial.suggest_categorical("slow", [False, True]):
        slow = find_function(parse(DOUBLE_SLOW), "kernel").detach()
        s.func.parent.insert_before(s.func, slow)
        s.func.erase()
        s.func = slow
        s._changed()
