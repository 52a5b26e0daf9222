"""Dependence reports for ``polymlir deps``: a JSON-ready dict (a stable
contract for scripts) and a human-readable text rendering."""

from __future__ import annotations

from ..dialects.func import FuncOp
from ..ir import attributes as A
from ..ir.core import Operation
from .dependence import dependences, loop_report
from .model import PolyhedralModel, analyze


def function_report(model: PolyhedralModel) -> dict:
    loops = [
        {
            "loc": r["loop"].loc,
            "depth": r["loop"].depth,
            "parallel": r["parallel"],
            "reduction_parallel": r["reduction_parallel"],
        }
        for r in loop_report(model)
    ]
    deps = []
    for d in dependences(model):
        deps.append(
            {
                "kind": d.kind,
                "source": {"op": d.source.op.name, "loc": d.source.loc},
                "sink": {"op": d.sink.op.name, "loc": d.sink.loc},
                "relation": str(d.relation),
                "carried_by": d.carried_by.loc if d.carried_by is not None else None,
                "distance": d.distance,
                "direction": d.direction,
                "reduction": d.reduction,
            }
        )
    non_affine = [{"op": n.op.name, "loc": n.loc, "reason": n.reason} for n in model.non_affine]
    return {"name": model.name, "loops": loops, "dependences": deps, "non_affine": non_affine}


def module_report(module: Operation, func: str | None = None) -> dict:
    funcs = []
    for op in module.walk(post_order=False):
        if not isinstance(op, FuncOp) or not op.regions or not op.regions[0].blocks:
            continue
        name = op.attr("sym_name", A.StringAttr).value
        if func is not None and name != func:
            continue
        funcs.append(function_report(analyze(op, linalg=True)))
    return {"functions": funcs}


def render_text(report: dict) -> str:
    out = []
    for f in report["functions"]:
        out.append(f"func @{f['name']}:")
        out.append("  loops:")
        for lp in f["loops"]:
            tag = (
                "parallel"
                if lp["parallel"]
                else ("parallel with reductions" if lp["reduction_parallel"] else "sequential")
            )
            out.append(f"    {lp['loc']}  depth {lp['depth']}  {tag}")
        out.append(f"  dependences ({len(f['dependences'])}):")
        for d in f["dependences"]:
            carried = f"carried by loop at {d['carried_by']}" if d["carried_by"] else "loop-independent"
            dist = f" distance {d['distance']}" if d["distance"] is not None else ""
            red = " (reduction)" if d["reduction"] else ""
            out.append(
                f"    {d['kind']:6} {d['source']['op']} at {d['source']['loc']} -> "
                f"{d['sink']['op']} at {d['sink']['loc']}: {carried}, direction "
                f"({', '.join(d['direction'])}){dist}{red}"
            )
            out.append(f"           {d['relation']}")
        if f["non_affine"]:
            out.append("  outside the affine model:")
            for n in f["non_affine"]:
                out.append(f"    {n['op']} at {n['loc']}: {n['reason']}")
    return "\n".join(out) + "\n"
