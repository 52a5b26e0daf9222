"""Dependences reported by polymlir equal those found by brute force on
random small affine loop nests (bounds with max/min, steps, affine.if,
floordiv/mod subscripts, symbols)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polymlir
from polymlir.affine import isl_bridge as ib
from polymlir.affine.dependence import dependences
from polymlir.affine.model import analyze

from .affine_interp import brute_force_dependences, trace_accesses


def _expr(draw, ivs: list[str], allow_div: bool = True) -> str:
    terms = []
    for v in ivs:
        c = draw(st.sampled_from([0, 0, 1, 1, -1, 2]))
        if c:
            terms.append(f"{c} * {v}" if c not in (1, -1) else (v if c == 1 else f"-{v}"))
    k = draw(st.integers(-2, 3))
    e = " + ".join(terms) if terms else "0"
    e = f"{e} + {k}" if k else e
    if allow_div and terms and draw(st.integers(0, 5)) == 0:
        e = f"({e}) {draw(st.sampled_from(['floordiv', 'mod']))} 2"
    return e


@st.composite
def nests(draw):
    """MLIR text of a random nest over memrefs %A (1-D) and %B (2-D)."""
    lines = []
    counter = [0]

    def new(name: str) -> str:
        counter[0] += 1
        return f"%{name}{counter[0]}"

    def bound(ivs, which):
        c = draw(st.integers(0, 2)) if which == "lb" else draw(st.integers(2, 5))
        if not ivs or draw(st.booleans()):
            return str(c)
        d = ivs[-1]
        kind = draw(st.sampled_from(["plain", "minmax"]))
        if kind == "plain":
            off = draw(st.integers(-1, 2)) if which == "lb" else draw(st.integers(1, 3))
            return f"affine_map<(d0) -> (d0 + {off})>({d})"
        off = draw(st.integers(-1, 1)) if which == "lb" else draw(st.integers(1, 3))
        return f"{'max' if which == 'lb' else 'min'} affine_map<(d0) -> ({c}, d0 + {off})>({d})"

    def stmt(ivs, indent):
        pad = " " * indent
        names = [f"d{i}" for i in range(len(ivs))]
        if draw(st.booleans()):
            idx = _expr(draw, names)
            mem, ty = "%A", "memref<64xf32>"
            sub = [idx]
        else:
            mem, ty = "%B", "memref<64x64xf32>"
            sub = [_expr(draw, names), _expr(draw, names, False)]
        # Subscripts through an explicit map keep expressions exact.
        if draw(st.booleans()):
            v = new("v")
            if ivs:
                lines.append(f"{pad}{v} = affine.load {mem}[{', '.join(_inline(s, ivs) for s in sub)}] : {ty}")
            else:
                lines.append(f"{pad}{v} = affine.load {mem}[{', '.join(s for s in sub)}] : {ty}")
        else:
            lines.append(f"{pad}affine.store %cst, {mem}[{', '.join(_inline(s, ivs) for s in sub)}] : {ty}")

    def body(ivs, depth, indent):
        for _ in range(draw(st.integers(1, 3))):
            choice = draw(st.integers(0, 4))
            pad = " " * indent
            if choice <= 1 and depth < 3:
                iv = new("i")
                step = draw(st.sampled_from([1, 1, 2, 3]))
                lb, ub = bound(ivs, "lb"), bound(ivs, "ub")
                lines.append(f"{pad}affine.for {iv} = {lb} to {ub}" + (f" step {step}" if step != 1 else "") + " {")
                body(ivs + [iv], depth + 1, indent + 2)
                lines.append(f"{pad}}}")
            elif choice == 2 and ivs:
                names = [f"d{i}" for i in range(len(ivs))]
                cond = f"{_expr(draw, names, False)} >= 0"
                lines.append(f"{pad}affine.if affine_set<({', '.join(names)}) : ({cond})>({', '.join(ivs)}) {{")
                body(ivs, depth, indent + 2)
                if draw(st.booleans()):
                    lines.append(f"{pad}}} else {{")
                    body(ivs, depth, indent + 2)
                lines.append(f"{pad}}}")
            else:
                stmt(ivs, indent)

    body([], 0, 2)
    return (
        "func.func @f(%A: memref<64xf32>, %B: memref<64x64xf32>) {\n"
        "  %cst = arith.constant 1.0 : f32\n" + "\n".join(lines) + "\n  return\n}\n"
    )


def _inline(expr: str, ivs: list[str]) -> str:
    """Substitute d<i> by the SSA IV names (affine.load/store subscripts)."""
    import re

    return re.sub(r"\bd(\d+)\b", lambda m: ivs[int(m.group(1))], expr)


def polymlir_instances(model) -> set[tuple]:
    out = set()
    for d in dependences(model):
        for src, dst in ib.map_points(d.relation):
            out.add((d.kind, id(d.source.op), src, id(d.sink.op), dst))
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nests())
def test_dependences_match_brute_force(text):
    module = polymlir.parse(text)
    func = module.regions[0].blocks[0].operations[0]
    model = analyze(func)
    assert not model.non_affine, text
    expected = brute_force_dependences(trace_accesses(func))
    got = polymlir_instances(model)
    assert got == expected, text


def test_symbolic_bounds_match_brute_force():
    text = """func.func @f(%A: memref<64xf32>, %N: index) {
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to %N {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %N {
      %v = affine.load %A[%j] : memref<64xf32>
      affine.store %v, %A[%i + 1] : memref<64xf32>
    }
  }
  return
}"""
    module = polymlir.parse(text)
    func = module.regions[0].blocks[0].operations[0]
    model = analyze(func)
    n_arg = func.regions[0].blocks[0].arguments[1]
    for n in (0, 1, 4, 7):
        expected = brute_force_dependences(trace_accesses(func, {n_arg: n}))
        got = set()
        for d in dependences(model):
            for src, dst in ib.map_points(d.relation, {"p0": n}):
                got.add((d.kind, id(d.source.op), src, id(d.sink.op), dst))
        assert got == expected, n
