"""A tiny reference interpreter for affine loop nests, used to cross-check
the polyhedral model by brute force: it runs the nest on concrete parameter
values and records every memory access in execution order."""

from __future__ import annotations

from polymlir.ir.core import Block, Operation, Value


def trace_accesses(func: Operation, args: dict[Value, int] | None = None) -> list[tuple]:
    """(op, iteration vector, memref, element index, "read"/"write") in order."""
    env: dict[Value, int] = dict(args or {})
    trace: list[tuple] = []
    _run(func.regions[0].blocks[0], env, [], trace)
    return trace


def _eval(amap, operands, env) -> tuple[int, ...]:
    vals = [env[v] for v in operands]
    return amap.evaluate(vals[: amap.num_dims], vals[amap.num_dims :])


def _run(block: Block, env: dict, ivs: list[int], trace: list) -> None:
    for op in block.operations:
        n = op.name
        if n == "arith.constant":
            v = op.get_attr("value")
            if hasattr(v, "value") and isinstance(v.value, int):
                env[op.results[0]] = v.value
        elif n == "affine.apply":
            env[op.results[0]] = _eval(op.get_attr("map").value, op.operands, env)[0]
        elif n == "affine.for":
            lb = max(_eval(op.get_attr("lowerBoundMap").value, list(op.lowerBoundOperands), env))
            ub = min(_eval(op.get_attr("upperBoundMap").value, list(op.upperBoundOperands), env))
            step = op.get_attr("step").value
            body = op.regions[0].blocks[0]
            for i in range(lb, ub, step):
                env[body.arguments[0]] = i
                _run(body, env, ivs + [i], trace)
        elif n == "affine.if":
            iset = op.get_attr("condition").value
            vals = [env[v] for v in op.operands]
            taken = iset.contains(vals[: iset.num_dims], vals[iset.num_dims :])
            region = op.regions[0] if taken else (op.regions[1] if len(op.regions) > 1 else None)
            if region is not None and region.blocks:
                _run(region.blocks[0], env, ivs, trace)
        elif n in ("affine.load", "affine.store"):
            idx = _eval(op.get_attr("map").value, list(op.indices), env)
            trace.append((op, tuple(ivs), op.memref, idx, "read" if n == "affine.load" else "write"))


def brute_force_dependences(trace: list[tuple]) -> set[tuple]:
    """Every (kind, src op, src iteration, sink op, sink iteration) pair of
    accesses to the same element, the source first, one of them a write."""
    by_elem: dict[tuple, list[tuple]] = {}
    for t in trace:
        by_elem.setdefault((id(t[2]), t[3]), []).append(t)
    kinds = {("write", "read"): "flow", ("read", "write"): "anti", ("write", "write"): "output"}
    out = set()
    for accesses in by_elem.values():
        for i, a in enumerate(accesses):
            for b in accesses[i + 1 :]:
                k = kinds.get((a[4], b[4]))
                if k is not None:
                    out.add((k, id(a[0]), a[1], id(b[0]), b[1]))
    return out
