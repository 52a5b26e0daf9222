"""Random affine programs for differential testing of transformations.

``random_program(seed)`` returns MLIR text of ``func.func @f`` over three
f64 memrefs and a scalar: one to three loop nests, up to three deep, with
min/max and triangular bounds, steps, ``affine.if`` guards, imperfect
nests, several statements, in-place updates with positive, zero and
negative dependence distances, and (``reductions``) values carried in
``iter_args``. Every subscript stays in bounds, so any
schedule of it can run. Loops are named ``%i0, %j0, %k0`` (nest 0),
``%i1, ...`` so scripts pick them by name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SIZE = 16
LO, HI = 2, 11  # loop ranges stay within [LO, HI); subscripts add offsets in [-2, 2]
ARRAYS = {"%A": 1, "%B": 2, "%C": 2}


@dataclass
class Program:
    text: str
    nests: list[list[str]] = field(default_factory=list)  # loop names per nest, in program order
    func: str = "f"  # the function the campaign transforms and runs


class _Gen:
    def __init__(self, seed: int, max_depth: int, perfect_bias: float, reductions: float = 0.0):
        self.r = random.Random(seed)
        # Reductions draw from their own stream, so that a seed's program
        # without them is the same with reductions=0 as before they existed.
        self.rr = random.Random(seed + 7_000_003)
        self.lines: list[str] = []
        self.count = 0
        self.max_depth = max_depth
        self.perfect_bias = perfect_bias
        self.reductions = reductions
        self.n_reductions = 0

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def subscript(self, ivs: list[str]) -> str:
        r = self.r
        if not ivs or r.random() < 0.1:
            return str(r.randint(LO, HI - 1))
        iv = r.choice(ivs)
        k = r.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])
        if r.random() < 0.08:
            return f"{iv} floordiv 2"
        return iv if k == 0 else (f"{iv} + {k}" if k > 0 else f"{iv} - {-k}")

    def access(self, ivs: list[str]) -> tuple[str, str]:
        arr = self.r.choice(list(ARRAYS))
        rank = ARRAYS[arr]
        ty = f"memref<{'x'.join([str(SIZE)] * rank)}xf64>"
        return f"{arr}[{', '.join(self.subscript(ivs) for _ in range(rank))}]", ty

    def statement(self, ivs: list[str], pad: str) -> None:
        if ivs and self.reductions and self.rr.random() < self.reductions:
            self.reduction(ivs, pad)
            return
        r = self.r
        vals = []
        for _ in range(r.randint(1, 3)):
            ref, ty = self.access(ivs)
            v = self.fresh()
            self.lines.append(f"{pad}{v} = affine.load {ref} : {ty}")
            vals.append(v)
        acc = vals[0]
        for v in vals[1:] + (["%s"] if r.random() < 0.5 else []):
            n = self.fresh()
            self.lines.append(f"{pad}{n} = arith.{r.choice(['addf', 'mulf', 'addf'])} {acc}, {v} : f64")
            acc = n
        if len(vals) == 1:
            n = self.fresh()
            self.lines.append(f"{pad}{n} = arith.addf {acc}, %s : f64")
            acc = n
        # In-place updates: half of the stores write an element one of the loads read.
        ref, ty = self.access(ivs)
        self.lines.append(f"{pad}affine.store {acc}, {ref} : {ty}")

    def reduction(self, ivs: list[str], pad: str) -> None:
        """A value carried in iter_args: ``%r<n>`` runs a sum (or max)
        over a loop nested here, from an initial value (a load or ``%s``),
        then the result (maybe with one more load) is stored."""
        r = self.rr
        self.n_reductions += 1
        n = self.n_reductions
        name, acc = f"%r{n}", f"%acc{n}"
        init = "%s"
        if r.random() < 0.6:
            ref, ty = self._access(r, ivs)
            init = self.fresh()
            self.lines.append(f"{pad}{init} = affine.load {ref} : {ty}")
        lo, hi = r.randint(LO, LO + 2), r.randint(HI - 3, HI)
        if r.random() < 0.3:  # bounds that move with an enclosing loop
            lo_s = f"affine_map<(d0) -> (d0)>({r.choice(ivs)})"
        else:
            lo_s = str(lo)
        step = r.choice([1, 1, 2])
        res = self.fresh()
        head = f"{pad}{res} = affine.for {name} = {lo_s} to {hi}" + (f" step {step}" if step > 1 else "")
        self.lines.append(f"{head} iter_args({acc} = {init}) -> (f64) {{")
        ref, ty = self._access(r, ivs + [name])
        v = self.fresh()
        self.lines.append(f"{pad}  {v} = affine.load {ref} : {ty}")
        combined = self.fresh()
        op = r.choice(["addf", "addf", "maximumf", "mulf"])
        self.lines.append(f"{pad}  {combined} = arith.{op} {acc}, {v} : f64")
        self.lines.append(f"{pad}  affine.yield {combined} : f64")
        self.lines.append(f"{pad}}}")
        out = res
        if r.random() < 0.4:
            ref, ty = self._access(r, ivs)
            w = self.fresh()
            self.lines.append(f"{pad}{w} = affine.load {ref} : {ty}")
            out = self.fresh()
            self.lines.append(f"{pad}{out} = arith.addf {res}, {w} : f64")
        ref, ty = self._access(r, ivs)
        self.lines.append(f"{pad}affine.store {out}, {ref} : {ty}")

    def _access(self, r: random.Random, ivs: list[str]) -> tuple[str, str]:
        """``access`` drawing from ``r`` (the reductions' stream)."""
        saved, self.r = self.r, r
        try:
            return self.access(ivs)
        finally:
            self.r = saved

    def bound(self, ivs: list[str], lower: bool) -> str:
        r = self.r
        c = r.randint(LO, LO + 2) if lower else r.randint(HI - 3, HI)
        if not ivs or r.random() < 0.5:
            return str(c)
        iv = r.choice(ivs)
        kind = r.random()
        if kind < 0.35:  # triangular
            return f"affine_map<(d0) -> (d0)>({iv})" if lower else f"affine_map<(d0) -> (d0 + 1)>({iv})"
        off = r.randint(-2, 0) if lower else r.randint(1, 3)
        return (
            f"max affine_map<(d0) -> ({c}, d0 + {off})>({iv})"
            if lower
            else f"min affine_map<(d0) -> ({c}, d0 + {off})>({iv})"
        )

    def loop(self, ivs: list[str], names: list[str], depth: int, pad: str, nest: int, out: list[str]) -> None:
        r = self.r
        name = f"%{'ijk'[depth]}{nest}"
        out.append(name[1:])
        step = r.choice([1, 1, 1, 2, 3])
        head = f"{pad}affine.for {name} = {self.bound(ivs, True)} to {self.bound(ivs, False)}"
        self.lines.append(head + (f" step {step}" if step > 1 else "") + " {")
        inner = ivs + [name]
        deeper = depth + 1 < self.max_depth and r.random() < 0.8
        if deeper:
            if r.random() > self.perfect_bias:
                self.statement(inner, pad + "  ")
            self.loop(inner, names, depth + 1, pad + "  ", nest, out)
            if r.random() > self.perfect_bias:
                self.statement(inner, pad + "  ")
        else:
            for _ in range(r.randint(1, 2)):
                if len(inner) >= 2 and r.random() < 0.15:
                    a, b = r.sample(inner, 2)
                    self.lines.append(f"{pad}  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>({a}, {b}) {{")
                    self.statement(inner, pad + "    ")
                    self.lines.append(f"{pad}  }}")
                else:
                    self.statement(inner, pad + "  ")
        self.lines.append(f"{pad}}}")


def random_program(
    seed: int, max_nests: int = 2, max_depth: int = 3, perfect_bias: float = 0.75, reductions: float = 0.0
) -> Program:
    """A random affine program (deterministic in ``seed``); with
    ``reductions`` > 0, that fraction of the statements inside loops are
    values carried in iter_args (a sum, max or product over an inner loop)
    then stored."""
    g = _Gen(seed, max_depth, perfect_bias, reductions)
    nests: list[list[str]] = []
    for n in range(g.r.randint(1, max_nests)):
        names: list[str] = []
        g.loop([], names, 0, "  ", n, names)
        nests.append(names)
    args = ", ".join(f"{a}: memref<{'x'.join([str(SIZE)] * rank)}xf64>" for a, rank in ARRAYS.items())
    text = f"func.func @f({args}, %s: f64) {{\n" + "\n".join(g.lines) + "\n  return\n}\n"
    return Program(text, nests)
