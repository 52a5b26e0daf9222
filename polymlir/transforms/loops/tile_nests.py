"""Tiling every loop nest of a function by one list of tile sizes
(``Schedule.tile_nests``; ``polymlir tile --sizes 32,32,32`` without
``--loops``): in each nest, the longest legal prefix of the chain of directly
nested loops from its outermost loop (ops between the loops allowed).

Where a nest gets fewer tiled loops than sizes were given (its outer loop
holds several loops side by side, the chain is shallower, a dependence
blocks a longer band), a ``PartialTilingWarning`` names the loops left alone
and why; with ``strict=True`` the same shortfall refuses the whole call, the
IR unchanged.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...affine.legality import Verdict
from ...affine.schedules import loop_name
from ...ir.core import Operation
from . import tile_imperfect as TI
from .errors import ArgumentError, PartialTilingWarning
from .primitives.unimodular import skew_from_hint

if TYPE_CHECKING:
    from ...affine.model import Loop
    from .handle import Schedule


@dataclass
class Shortfall:
    """What one nest's tiling left undone: ``message`` ("j and k not tiled:
    ..."), the loops left alone, a hint, and the nest's position."""

    nest: int
    message: str
    left: list[str]
    hint: str = ""


def tile_nests(s: Schedule, sizes: Sequence[int], skew: bool = False, strict: bool = False) -> Verdict:
    """Tile each nest of ``s``'s function (see the module docstring); with
    ``skew``, skew first where a refusal's hint names a skew. Returns a
    verdict naming every loop made (``loops["tile"]``, ``loops["point"]``),
    ok when some loop was tiled; a shortfall warns (``PartialTilingWarning``),
    or with ``strict`` refuses before anything changes."""
    sizes = _checked(sizes)
    firsts: list[Operation] = [lp.op for lp in s.nests()]
    if strict:
        dry = s.copy()
        short = _tile_each(dry, sizes, skew)[1]
        if short:
            first = short[0]
            return Verdict(False, first.message, hint=first.hint, op=firsts[first.nest])
    verdict, short = _tile_each(s, sizes, skew)
    for sf in short:
        at = firsts[sf.nest] if sf.nest < len(firsts) else s.func
        warnings.warn(PartialTilingWarning(sf.message, at, sf.left, sf.hint), stacklevel=3)
    return verdict


def _checked(sizes: Sequence[int]) -> list[int]:
    """The sizes as a list of positive ints (``ArgumentError`` otherwise)."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence) or not sizes:
        raise ArgumentError(f"tile_nests takes a non-empty list of tile sizes, got {sizes!r}")
    for x in sizes:
        if isinstance(x, bool) or not isinstance(x, int) or x < 1:
            raise ArgumentError(f"tile sizes must be positive integers, got {list(sizes)!r}")
    return list(sizes)


def _tile_each(s: Schedule, sizes: list[int], skew: bool) -> tuple[Verdict, list[Shortfall]]:
    made: dict[str, list[str]] = {"tile": [], "point": []}
    short: list[Shortfall] = []
    reasons: list[str] = []
    for k, nest in enumerate(s.nests()):
        v, sf = _tile_nest(s, nest, sizes, skew, k)
        if v is not None and v.ok:
            reasons.append(v.reason)
            for role, names in v.loops.items():
                made.setdefault(role, []).extend(names)
        if sf is not None:
            short.append(sf)
    if not reasons:
        why = short[0].message if short else "the function has no loop nest"
        return Verdict(False, why, hint=short[0].hint if short else ""), short
    verdict = Verdict(True, "; ".join(reasons))
    verdict.loops = made
    return verdict, short


def _tile_nest(
    s: Schedule, nest: Loop, sizes: list[int], skew: bool, k: int
) -> tuple[Verdict | None, Shortfall | None]:
    """Tile the longest legal prefix of ``nest``'s chain; what was left."""
    chain = s.chain_from(nest)
    band = chain[: len(sizes)]
    specs = [s.spec_of(lp) for lp in band]
    labels = [loop_name(lp) for lp in band]
    stop = _chain_stop(s, chain) if len(chain) < len(sizes) else None
    applied: Verdict | None = None
    refused: Verdict | None = None
    n = len(specs)
    while n:
        v = tile_maybe_skewed(s, specs[:n], sizes[:n], skew)
        if v.ok:
            applied = v
            break
        refused = refused or v
        n -= 1
    parts: list[str] = []
    left: list[str] = []
    hint = ""
    if n < len(band):
        assert refused is not None
        left += labels[n:]
        parts.append(f"{_and(labels[n:])} not tiled: {refused.reason}")
        hint = refused.hint
    if stop is not None:
        what, names, why, stop_hint = stop
        left += names
        unused = sizes[len(chain) :]
        parts.append(f"{what or _sizes(unused)} not tiled: {why}" if names else f"{_sizes(unused)} unused: {why}")
        hint = hint or stop_hint
    if not parts:
        return applied, None
    return applied, Shortfall(k, "; ".join(parts), left, hint)


def tile_maybe_skewed(s: Schedule, names: list[str], sizes: list[int], skew: bool) -> Verdict:
    """Tile the band; with ``skew``, where a dependence blocks it and its
    hint names a skew ("skew j by i first (factor 2)"), skew and try again."""
    v = s.tile(names, sizes)
    tries = 0
    while skew and not v.ok and tries < 4:
        matrix = skew_from_hint(names, v.hint)
        if matrix is None:
            break
        if not s.skew(names, matrix).ok:
            break
        v = s.tile(names, sizes)
        tries += 1
    return v


def _chain_stop(s: Schedule, chain: list[Loop]) -> tuple[str, list[str], str, str]:
    """Why the chain of directly nested loops ends at its last loop: the
    label of what is left ("j and k"), the loops left, the reason, a hint."""
    last = chain[-1]
    name = loop_name(last)
    kids = last.children
    if not kids:
        return "", [], f"the nest {', '.join(loop_name(lp) for lp in chain)} has {_count(len(chain))}", ""
    names = [loop_name(c) for c in kids]
    if len(kids) > 1:
        why = f"the body of {name} is not a perfect nest ({_and(names)} sit side by side in it)"
        deepest = max((_path(c) for c in kids), key=len)
        path = [loop_name(lp) for lp in chain] + [loop_name(lp) for lp in deepest]
        return _and(names), names, why, f"to tile a chain through {name}, name its loops: {','.join(path)}"
    problem = TI.chain_problem([last, kids[0]])
    return _and(names), names, problem or f"{names[0]} does not continue the chain", ""


def _path(lp: Loop) -> list[Loop]:
    """``lp`` and the deepest chain of loops below it."""
    below = [_path(c) for c in lp.children]
    return [lp, *max(below, key=len)] if below else [lp]


def _and(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int) -> str:
    return f"{n} loop" + ("" if n == 1 else "s")


def _sizes(unused: Sequence[int]) -> str:
    return f"tile size{'s' if len(unused) > 1 else ''} {', '.join(str(x) for x in unused)}"
