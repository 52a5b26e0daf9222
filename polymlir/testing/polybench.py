"""PolyBench/C 4.2 kernels as affine MLIR, with inputs and references.

::

    from polymlir.testing import polybench as pb
    text = pb.render("seidel-2d", {"TSTEPS": 2, "N": 8})   # func.func @kernel(...)
    args = pb.inputs("seidel-2d", {"TSTEPS": 2, "N": 8}, seed=0)
    want = pb.reference("seidel-2d", args)                 # {"A": ndarray}
    engine = polymlir.compile(text)
    engine.kernel(*pb.call_args("seidel-2d", args))         # updates the arrays in place

``render`` writes each kernel as PolyBench's ``#pragma scop`` region, one
statement after the other: ``affine.for`` nests (triangular bounds where
PolyBench has them), ``affine.load``/``affine.store`` in the loop bodies, no
``iter_args`` and no scalar replacement, and the floating-point operations
of each statement in C's evaluation order. ``@kernel`` takes PolyBench's
``kernel_*`` arguments in their order without the integer sizes: f64
scalars and static-shape ``memref<...xf64>`` arrays. ``reference`` computes
the same thing with numpy (vectorized only across iterations that are
independent, so every element sees the same operations in the same order)
and plain Python loops for the in-place sweeps (seidel-2d, lu): an
IEEE-exact lowering matches it bit for bit. The kernels themselves are in
``polybench_kernels.py``.
"""

from __future__ import annotations

import zlib

import numpy as np

from .polybench_kernels import BENCH_SIZES, FLOPS, KERNELS, Body, Kernel, Value
from .polybench_lang import CBody

__all__ = [
    "BENCH_SIZES",
    "KERNELS",
    "Inputs",
    "call_args",
    "flops",
    "inputs",
    "reference",
    "render",
    "render_c",
    "sizes_of",
]

# -- the API ------------------------------------------------------------------------------


def _kernel(name: str) -> Kernel:
    k = KERNELS.get(name)
    if k is None:
        raise KeyError(f"no PolyBench kernel '{name}' (known: {', '.join(KERNELS)})")
    return k


def sizes_of(name: str, sizes: dict[str, int] | None = None) -> dict[str, int]:
    """The kernel's default sizes with ``sizes`` overriding some of them."""
    k = _kernel(name)
    out = dict(k.sizes)
    for key, value in (sizes or {}).items():
        if key not in out:
            raise KeyError(f"{name}: no size '{key}' (sizes: {', '.join(out)})")
        out[key] = int(value)
    return out


def _memref(dims: tuple[int, ...]) -> str:
    return "memref<" + "x".join(str(d) for d in dims) + "xf64>"


def render(name: str, sizes: dict[str, int] | None = None) -> str:
    """Affine MLIR of PolyBench's ``kernel_<name>`` as ``func.func @kernel``
    at the given sizes (defaults: ``KERNELS[name].sizes``)."""
    k = _kernel(name)
    s = sizes_of(name, sizes)
    types = {a.name: _memref(dims) for a in k.args if (dims := a.dims(s)) is not None}
    body = Body(types)
    assert k.body is not None
    k.body(body, s)
    params = ", ".join(f"%{a.name}: {types.get(a.name, 'f64')}" for a in k.args)
    listed = ", ".join(a.name if a.shape is None else a.name + "".join(f"[{d}]" for d in a.shape) for a in k.args)
    head = [
        f"// PolyBench/C 4.2 {k.name} ({k.category}): {k.summary}",
        "// Sizes: " + " ".join(f"{key}={v}" for key, v in s.items()),
        f"// @kernel arguments (kernel_{k.name.replace('-', '_')} order, integer sizes dropped): {listed}",
        f"// Outputs: {', '.join(k.outputs)}. Rendered by polymlir.testing.polybench.",
        f"func.func @kernel({params}) {{",
    ]
    return "\n".join(head + body.text() + ["  return", "}"]) + "\n"


def render_c(name: str, sizes: dict[str, int] | None = None) -> str:
    """The same kernel as C from the same body description: ``void
    kernel(...)`` taking ``@kernel``'s arguments (``double`` scalars, ``double
    A[NI][NK]`` arrays with the sizes as constants), PolyBench's loops inside
    ``#pragma scop`` / ``#pragma endscop``, one ``double`` temporary per value
    so the operations run in the MLIR's order."""
    k = _kernel(name)
    s = sizes_of(name, sizes)
    params = ", ".join(
        f"double {a.name}" if (dims := a.dims(s)) is None else f"double {a.name}" + "".join(f"[{d}]" for d in dims)
        for a in k.args
    )
    body = CBody({})
    assert k.body is not None
    k.body(body, s)
    head = [
        f"/* PolyBench/C 4.2 {k.name} ({k.category}): {k.summary} */",
        "/* Sizes: " + " ".join(f"{key}={v}" for key, v in s.items()) + ". Rendered by polymlir.testing.polybench. */",
        f"void kernel({params}) {{",
        "#pragma scop",
    ]
    return "\n".join(head + body.text() + ["#pragma endscop", "}"]) + "\n"


def flops(name: str, sizes: dict[str, int] | None = None) -> int:
    """Floating-point operations of one run at ``sizes`` (``FLOPS[name]``)."""
    _kernel(name)
    return int(FLOPS[name](sizes_of(name, sizes)))


class Inputs(dict):
    """``@kernel``'s arguments by name, and the sizes they were made for
    (``reference`` needs the time steps, which no array shape tells)."""

    sizes: dict[str, int]


def inputs(name: str, sizes: dict[str, int] | None = None, seed: int = 0) -> Inputs:
    """Random, non-degenerate arguments for ``@kernel``: every array (outputs
    and scratch too, so a missing initialization shows) uniform in
    [0.5, 1.5), C-contiguous float64; lu gets a symmetric, diagonally
    dominant matrix (stable without pivoting). Scalars take PolyBench's
    values (alpha 1.5, beta 1.2, float_n = N)."""
    k = _kernel(name)
    s = sizes_of(name, sizes)
    rng = np.random.default_rng([seed, zlib.crc32(name.encode())])
    out = Inputs()
    out.sizes = s
    for a in k.args:
        dims = a.dims(s)
        if dims is None:
            out[a.name] = {"alpha": 1.5, "beta": 1.2, "float_n": float(s.get("N", 1))}[a.name]
        elif name == "lu":
            r = rng.random(dims)
            out[a.name] = np.ascontiguousarray(0.5 * (r + r.T) + dims[0] * np.eye(dims[0]))
        else:
            out[a.name] = rng.random(dims) + 0.5
    return out


def reference(name: str, values: dict[str, Value], sizes: dict[str, int] | None = None) -> dict[str, np.ndarray]:
    """What ``@kernel`` leaves in every array it writes (``KERNELS[name].writes``),
    computed with numpy from ``values`` (left unchanged). Sizes come from
    ``sizes``, else from ``values.sizes`` (set by ``inputs``), else from the
    array shapes; time steps cannot be read off a shape."""
    k = _kernel(name)
    given = sizes if sizes is not None else getattr(values, "sizes", None)
    s: dict[str, int] = dict(given or {})
    for a in k.args:
        if a.shape is None:
            continue
        arr = np.asarray(values[a.name])
        if arr.ndim != len(a.shape):
            raise ValueError(f"{name}: '{a.name}' must have rank {len(a.shape)}, got shape {arr.shape}")
        for size, n in zip(a.shape, arr.shape, strict=True):
            if s.setdefault(size, n) != n:
                raise ValueError(f"{name}: size {size} is {s[size]}, but '{a.name}' has shape {arr.shape}")
    missing = [key for key in k.sizes if key not in s]
    if missing:
        raise ValueError(f"{name}: give the sizes {', '.join(missing)} (sizes=...; inputs() records them)")
    work = {key: (np.array(v, dtype=np.float64) if isinstance(v, np.ndarray) else v) for key, v in values.items()}
    assert k.ref is not None
    k.ref(work, s)
    out: dict[str, np.ndarray] = {}
    for w in k.writes:
        result = work[w]
        assert isinstance(result, np.ndarray), f"{name}: '{w}' is written, so it is an array"
        out[w] = result
    return out


def call_args(name: str, values: dict[str, Value]) -> list[Value]:
    """``values`` in ``@kernel``'s argument order."""
    return [values[a.name] for a in _kernel(name).args]
