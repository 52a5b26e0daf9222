"""The polyhedral analysis: the bridge to isl (isl_bridge), the polyhedral
model (model), dependence analysis (dependence) and legality verdicts
(legality). Affine expressions, maps and integer sets are IR values
(``polymlir.ir.affine_expr``, ``polymlir.ir.affine_map``), parsed by
``polymlir.parser.affine_parser``.

For scripts::

    model = polymlir.affine.analyze(func)
    model.statements, model.dependences(kind="flow"), model.is_parallel(loop)

The analysis modules load islpy, so they are imported on first use.
"""

from __future__ import annotations

_LAZY = {
    "analyze": ("model", "analyze"),
    "analyze_module": ("model", "analyze_module"),
    "PolyhedralModel": ("model", "PolyhedralModel"),
    "Statement": ("model", "Statement"),
    "Loop": ("model", "Loop"),
    "Dependence": ("dependence", "Dependence"),
    "Verdict": ("legality", "Verdict"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(f"{__name__}.{mod}"), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
