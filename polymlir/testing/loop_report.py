"""Why a compiled kernel is as fast as it is, in one line: what LLVM made
of its loops (read from the optimized LLVM IR: loops found by their back
edges, vectorized ones by LLVM's ``llvm.loop.isvectorized`` mark and by
``<N x double>`` arithmetic) and what polymlir's optimize did (tiles,
parallel loops, packing, from its report's remarks)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["Schedule", "Vectorization", "schedule_summary", "vectorization"]

_DEFINE = re.compile(r"^define [^@]*@\"?([\w.$-]+)\"?\(", re.M)
_LABEL = re.compile(r"^([\w.$-]+):", re.M)
_TARGETS = re.compile(r"label %([\w.$-]+)")
_LOOP_MD = re.compile(r"!llvm\.loop (![0-9]+)")
# f64 arithmetic, fused multiply-adds (contract_fma) included.
_ARITH = re.compile(r"= (?:f(?:add|sub|mul|div) |call [^@]*@llvm\.(?:fma|fmuladd)\.)")
_SCALAR_FP = re.compile(r"= (?:f(?:add|sub|mul|div) (?:[a-z]+ )*double |call [^@]*@llvm\.(?:fma|fmuladd)\.f64\()")
_VEC_FP = re.compile(r"= (?:fadd|fsub|fmul|fdiv|fneg|call [^@]*@llvm\.(?:fma|fmuladd)\.v\d+f64)[^\n]*?<(\d+) x double>")


@dataclass
class Vectorization:
    """Loops of one function of optimized LLVM IR: how many there are
    (back edges), how many LLVM vectorized, and the f64 vector arithmetic
    by width (``{8: 30}``: 30 ops on ``<8 x double>``)."""

    function: str
    loops: int = 0
    vectorized_loops: int = 0
    vector_ops: Counter[int] = field(default_factory=Counter)
    scalar_ops: int = 0

    @property
    def widest(self) -> int:
        return max(self.vector_ops, default=1)

    def describe(self) -> str:
        if not self.vector_ops:
            return f"not vectorized ({self.loops} loops, {self.scalar_ops} scalar f64 ops)"
        widths = ", ".join(f"{n} on <{w} x double>" for w, n in sorted(self.vector_ops.items(), reverse=True))
        if not self.vectorized_loops:
            return f"no loop vectorized, SLP-vectorized straight-line code ({widths}; {self.loops} loops)"
        return f"vectorized: {self.vectorized_loops} of {self.loops} loops, f64 vector ops {widths}"


def _functions(ir: str) -> dict[str, str]:
    out = {}
    starts = list(_DEFINE.finditer(ir))
    for m in starts:
        end = ir.find("\n}\n", m.end())
        out[m.group(1)] = ir[m.start() : end if end >= 0 else len(ir)]
    return out


def vectorization(ir: str, function: str | None = None) -> Vectorization:
    """Loops and vector arithmetic of ``function`` in ``ir`` (default: the
    defined function with the most f64 arithmetic, where a kernel's
    loops end up after inlining)."""
    funcs = _functions(ir)
    if not funcs:
        return Vectorization(function or "?")
    if function is None or function not in funcs:
        function = max(funcs, key=lambda f: len(_ARITH.findall(funcs[f])))
    body = funcs[function]
    seen: set[str] = set()
    loops = 0
    latches: list[str] = []
    for line in body.splitlines():
        m = _LABEL.match(line)
        if m:
            seen.add(m.group(1))
            continue
        s = line.strip()
        if s.startswith("br ") and any(t in seen for t in _TARGETS.findall(s)):
            loops += 1
            md = _LOOP_MD.search(s)
            if md:
                latches.append(md.group(1))
    vectorized_md = _vectorized_loop_ids(ir)
    info = Vectorization(function, loops, sum(1 for md in latches if md in vectorized_md))
    for m in _VEC_FP.finditer(body):
        info.vector_ops[int(m.group(1))] += 1
    info.scalar_ops = len(_SCALAR_FP.findall(body))
    return info


def _vectorized_loop_ids(ir: str) -> set[str]:
    marks = set(re.findall(r"^(![0-9]+) = !\{!\"llvm\.loop\.isvectorized\", i32 1\}", ir, re.M))
    out = set()
    for m in re.finditer(r"^(![0-9]+) = distinct !\{([^}]*)\}", ir, re.M):
        if any(p.strip() in marks for p in m.group(2).split(",")):
            out.add(m.group(1))
    return out


@dataclass
class Schedule:
    """What polymlir's optimize did, from its remarks."""

    tiles: list[str] = field(default_factory=list)
    registers: list[str] = field(default_factory=list)  # register tiles and unroll-and-jams
    parallel: list[str] = field(default_factory=list)
    packed: bool = False
    skewed: bool = False
    refused: str = ""

    def describe(self, threads: int = 1) -> str:
        if self.refused:
            return f"optimize refused: {self.refused}"
        parts = ["tiles " + ", ".join(self.tiles)] if self.tiles else [] if self.registers else ["not tiled"]
        parts.extend(self.registers)
        if self.skewed:
            parts.append("skewed")
        par = ", ".join(self.parallel) if self.parallel else "no parallel loop"
        parts.append(f"{par} ({threads} thread{'s' if threads != 1 else ''})")
        parts.append("packed" if self.packed else "no packing")
        return "; ".join(parts)


_TILED = re.compile(r"band \(([^)]*)\): tiled ([0-9x]+)")
_REGISTER = re.compile(r"band \(([^)]*)\): register tile ([0-9x]+)")
_JAMMED = re.compile(r"loop (\S+): unroll-and-jam by ([0-9]+)")
_PARALLEL = re.compile(r"loop (\S+?):? (?:is )?parallel")


def schedule_summary(remarks: Sequence[str], ok: bool = True, reason: str = "") -> Schedule:
    """The tiles, parallel loops and packing named in optimize's remarks."""
    s = Schedule(refused="" if ok else (reason or "not applied"))
    for r in remarks:
        if m := _TILED.search(r):
            s.tiles.append(f"{m.group(2)} on ({m.group(1)})")
        if m := _REGISTER.search(r):
            s.registers.append(f"register tile {m.group(2)} on ({m.group(1)})")
        if m := _JAMMED.search(r):
            s.registers.append(f"{m.group(1)} unroll-and-jammed by {m.group(2)}")
        if m := _PARALLEL.search(r):
            s.parallel.append(m.group(1))
        if "skewed" in r:
            s.skewed = True
        if re.search(r"\bpack|promot|copied to a local", r):
            s.packed = True
    return s
