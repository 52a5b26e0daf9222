"""Random tensor programs with their numpy meaning, to test that
bufferization never lets a write clobber a value still needed.

``random_program(seed)`` returns MLIR text with ``@main(%t0, %t1)``
(tensor<8xf64> arguments) that calls a private ``@f`` (whose arguments are
writable, as upstream's function boundaries make them), and
``reference(seed, t0, t1)`` the list of arrays ``@main`` must return.
The ops: tensor.insert, extract_slice, insert_slice, linalg.fill on slices,
an elementwise linalg.generic, scf.for and scf.if over tensors."""

from __future__ import annotations

import random

import numpy as np

N = 8
S = 4
T = f"tensor<{N}xf64>"
ST = f"tensor<{S}xf64>"


class _Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.lines: list[str] = []
        self.n = 0
        self.full: list[tuple[str, np.ndarray]] = []
        self.slices: list[tuple[str, np.ndarray]] = []

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def const(self) -> tuple[str, float]:
        v = float(self.r.randint(1, 99))
        name = self.fresh()
        self.lines.append(f"  {name} = arith.constant {v:.1f} : f64")
        return name, v

    def step(self) -> None:
        r = self.r
        kind = r.choice(["insert", "extract_slice", "insert_slice", "fill", "add", "for", "if"])
        if kind == "insert":
            (x, xv), (c, cv) = r.choice(self.full), self.const()
            i = r.randrange(N)
            name = self.fresh()
            self.lines.append(f"  {name} = tensor.insert {c} into {x}[%c{i}] : {T}")
            nv = xv.copy()
            nv[i] = cv
            self.full.append((name, nv))
        elif kind == "extract_slice":
            x, xv = r.choice(self.full)
            o = r.randrange(N - S + 1)
            name = self.fresh()
            self.lines.append(f"  {name} = tensor.extract_slice {x}[{o}] [{S}] [1] : {T} to {ST}")
            self.slices.append((name, xv[o : o + S].copy()))
        elif kind == "insert_slice" and self.slices:
            (x, xv), (s, sv) = r.choice(self.full), r.choice(self.slices)
            o = r.randrange(N - S + 1)
            name = self.fresh()
            self.lines.append(f"  {name} = tensor.insert_slice {s} into {x}[{o}] [{S}] [1] : {ST} into {T}")
            nv = xv.copy()
            nv[o : o + S] = sv
            self.full.append((name, nv))
        elif kind == "fill" and self.slices:
            (s, _sv), (c, cv) = r.choice(self.slices), self.const()
            name = self.fresh()
            self.lines.append(f"  {name} = linalg.fill ins({c} : f64) outs({s} : {ST}) -> {ST}")
            self.slices.append((name, np.full(S, cv)))
        elif kind == "add":
            (a, av), (b, bv), (o, _ov) = (r.choice(self.full) for _ in range(3))
            name = self.fresh()
            self.lines.append(
                f'  {name} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}}'
                f" ins({a}, {b} : {T}, {T}) outs({o} : {T}) {{\n"
                f"  ^bb0(%x: f64, %y: f64, %z: f64):\n    %s = arith.addf %x, %y : f64\n"
                f"    linalg.yield %s : f64\n  }} -> {T}"
            )
            self.full.append((name, av + bv))
        elif kind == "for":
            (x, xv), (c, cv) = r.choice(self.full), self.const()
            trips = r.randint(0, 3)
            name, acc, w = self.fresh(), self.fresh(), self.fresh()
            self.lines.append(
                f"  {name} = scf.for %i{self.n} = %c0 to %c{trips} step %c1 iter_args({acc} = {x}) -> ({T}) {{\n"
                f"    {w} = tensor.insert {c} into {acc}[%i{self.n}] : {T}\n    scf.yield {w} : {T}\n  }}"
            )
            nv = xv.copy()
            nv[:trips] = cv
            self.full.append((name, nv))
        elif kind == "if":
            (x, xv), (y, yv), (c, cv) = r.choice(self.full), r.choice(self.full), self.const()
            cond = r.random() < 0.5
            i = r.randrange(N)
            name, w = self.fresh(), self.fresh()
            self.lines.append(
                f"  {name} = scf.if %{'true' if cond else 'false'} -> ({T}) {{\n    scf.yield {x} : {T}\n"
                f"  }} else {{\n    {w} = tensor.insert {c} into {y}[%c{i}] : {T}\n    scf.yield {w} : {T}\n  }}"
            )
            nv = yv.copy()
            nv[i] = cv
            self.full.append((name, xv.copy() if cond else nv))


def _generate(seed: int, t0: np.ndarray, t1: np.ndarray) -> tuple[str, list[np.ndarray]]:
    g = _Gen(seed)
    g.full = [("%a0", t0.copy()), ("%a1", t1.copy())]
    for _ in range(g.r.randint(3, 12)):
        g.step()
    while len(g.full) == 2 and not g.slices:
        g.step()
    outs = g.full[2:] + g.slices
    # Return a random part: fewer later uses leave more writes in place.
    outs = [o for o in outs[:-1] if g.r.random() < 0.3] + outs[-1:]
    consts = "\n".join(f"  %c{i} = arith.constant {i} : index" for i in range(N + 1))
    body = "\n".join(g.lines)
    rets = ", ".join(n for n, _ in outs)
    types = ", ".join(T if v.shape == (N,) else ST for _, v in outs)
    f = (
        f"func.func private @f(%a0: {T}, %a1: {T}) -> ({types}) {{\n{consts}\n"
        f"  %true = arith.constant true\n  %false = arith.constant false\n{body}\n"
        f"  return {rets} : {types}\n}}\n"
    )
    main = (
        f"func.func @main(%t0: {T}, %t1: {T}) -> ({types}, {T}, {T}) {{\n"
        f"  %r:{len(outs)} = call @f(%t0, %t1) : ({T}, {T}) -> ({types})\n"
        f"  return {', '.join(f'%r#{i}' for i in range(len(outs)))}, %t0, %t1 : {types}, {T}, {T}\n}}\n"
    )
    text = "#id = affine_map<(d0) -> (d0)>\n" + f + main
    return text, [v for _, v in outs] + [t0.copy(), t1.copy()]


def random_program(seed: int) -> str:
    return _generate(seed, np.zeros(N), np.zeros(N))[0]


def reference(seed: int, t0: np.ndarray, t1: np.ndarray) -> list[np.ndarray]:
    return _generate(seed, t0, t1)[1]
