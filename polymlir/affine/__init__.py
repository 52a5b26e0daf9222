"""The polyhedral analysis: the bridge to isl (isl_bridge), the polyhedral
model (model), dependence analysis (dependence) and legality verdicts
(legality). Affine expressions, maps and integer sets are IR values
(``polymlir.ir.affine_expr``, ``polymlir.ir.affine_map``), parsed by
``polymlir.parser.affine_parser``.

For scripts::

    from polymlir.affine import analyze, dependences, is_parallel
    model = analyze(func)
    model.statements, dependences(model, kind="flow"), is_parallel(model, loop)

The analysis modules load islpy, so they are imported on first use.
"""

from __future__ import annotations

import importlib

# Start-up time: the analysis modules load islpy, so each name is imported on first use.
_LAZY = {
    "analyze": ("model", "analyze"),
    "analyze_module": ("model", "analyze_module"),
    "PolyhedralModel": ("model", "PolyhedralModel"),
    "Statement": ("model", "Statement"),
    "Loop": ("model", "Loop"),
    "Dependence": ("dependence", "Dependence"),
    "dependences": ("dependence", "dependences"),
    "is_parallel": ("dependence", "is_parallel"),
    "is_reduction_parallel": ("dependence", "is_reduction_parallel"),
    "is_permutable": ("legality", "is_permutable"),
    "schedule_legality": ("legality", "schedule_legality"),
    "Verdict": ("legality", "Verdict"),
}


def __getattr__(name: str):
    if name in _LAZY:
        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(f"{__name__}.{mod}"), attr)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
