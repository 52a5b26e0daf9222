"""Code regeneration through isl's AST builder.

Given compound statements (``statements.compound_statements``) and a new
schedule per statement (an isl map from its domain to time vectors, all of
one length), isl builds the loop AST and this module translates it back into
affine IR: ``affine.for`` loops whose lower bounds are ``max`` maps and upper
bounds ``min`` maps (multi-result bound maps, as upstream prints them),
``affine.if`` guards with integer sets, optional single-IV
``affine.parallel`` loops, and, for each statement instance, a clone of the
statement's ops with its loop IVs replaced by the AST iterators (through an
``affine.apply`` where the iterator expression is not a plain iterator).

isl's text is never IR: every AST expression is rebuilt as an AffineExpr,
exactly. Expressions with no affine form (``select``, division by a
non-constant, a ``max`` in an upper bound) raise CodegenError; nothing
approximate is ever emitted.

    new_ops = regenerate(model, units, {"S0": m0, "S1": m1}, where=[nest])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...affine import isl_bridge as ib
from ...affine.model import PolyhedralModel, is_effect_free, op_loc
from ...affine.schedules import Entry, loop_name
from ...affine.statements import Unit
from ...dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ...dialects.affine.ops import AffineApplyOp
from ...dialects.affine.parallel import AffineParallelOp
from ...dialects.arith.ops import ConstantOp
from ...dialects.llvm.loop_annotation import LOOP_ATTR
from ...ir.affine_expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    const,
    dim,
    sym,
)
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.attributes import Attribute
from ...ir.attributes.locations import Location
from ...ir.core import Block, BlockArgument, Operation, OpResult, Value
from .loop_utils import TransformError

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge

# Per unit, per time dimension: the name and location a loop generated for
# that dimension takes (None for dimensions that are not loops).
DimOrigin = tuple[str, Location] | None
ParallelFn = Callable[[int, frozenset[str]], bool]


class CodegenError(TransformError):
    """isl produced something with no exact affine form, or the inputs do
    not describe a regenerable region."""


# -- AST expressions to affine expressions ---------------------------------------------------


@dataclass(frozen=True)
class _Bound:
    """An AST expression as an AffineExpr (``kind`` None, one expr) or as
    the max/min of several (``kind`` "max"/"min")."""

    kind: str | None
    exprs: tuple[AffineExpr, ...]

    @property
    def single(self) -> AffineExpr | None:
        return self.exprs[0] if len(self.exprs) == 1 else None


def _flip(kind: str | None) -> str | None:
    return {"max": "min", "min": "max"}.get(kind) if kind else None


def _norm(kind: str | None, exprs: Sequence[AffineExpr]) -> _Bound:
    uniq = tuple(dict.fromkeys(exprs))
    return _Bound(None if len(uniq) == 1 else kind, uniq)


class _Exprs:
    """Translates isl AST expressions; ``env`` maps iterator and parameter
    names to AffineExprs (dims are generated IVs by scope index, symbols
    the model's parameters)."""

    def __init__(self, env: dict[str, AffineExpr]):
        self.env = env

    def bound(self, e: ib.AstExpr) -> _Bound:
        if isinstance(e, ib.AstInt):
            return _Bound(None, (const(e.value),))
        if isinstance(e, ib.AstId):
            if e.name not in self.env:
                raise CodegenError(f"isl AST uses an unknown identifier '{e.name}'")
            return _Bound(None, (self.env[e.name],))
        k, args = e.kind, e.args
        if k == "minus":
            a = self.bound(args[0])
            return _Bound(_flip(a.kind), tuple(-x for x in a.exprs))
        if k == "add":
            return self._combine(self.bound(args[0]), self.bound(args[1]))
        if k == "sub":
            b = self.bound(args[1])
            return self._combine(self.bound(args[0]), _Bound(_flip(b.kind), tuple(-x for x in b.exprs)))
        if k == "mul":
            a, b = self.bound(args[0]), self.bound(args[1])
            c, other = (a, b) if _const(a) is not None else (b, a)
            factor = _const(c)
            if factor is None:
                raise CodegenError(f"product of two non-constant expressions in isl AST: {_text(e)}")
            kind = other.kind if factor >= 0 else _flip(other.kind)
            return _norm(kind, [x * factor for x in other.exprs])
        if k in ("min", "max"):
            out: list[AffineExpr] = []
            for arg in args:
                b = self.bound(arg)
                if b.kind not in (None, k):
                    raise CodegenError(f"{k} of a {b.kind} in isl AST has no affine bound form: {_text(e)}")
                out.extend(b.exprs)
            return _norm(k, out)
        if k in ("fdiv_q", "pdiv_q", "div"):
            # fdiv_q is floor division; pdiv_q divides a non-negative value and
            # div an exact multiple, where floor division agrees.
            a, d = self.bound(args[0]), self._divisor(args[1], e)
            return _norm(a.kind, [x.floordiv(d) for x in a.exprs])
        if k == "pdiv_r":  # remainder of a non-negative value: mod
            a, d = self.bound(args[0]), self._divisor(args[1], e)
            if a.single is None:
                raise CodegenError(f"remainder of a {a.kind} in isl AST: {_text(e)}")
            return _Bound(None, (a.single % d,))
        raise CodegenError(f"isl AST expression '{k}' has no affine form here: {_text(e)}")

    def single(self, e: ib.AstExpr) -> AffineExpr:
        b = self.bound(e)
        if b.single is None:
            raise CodegenError(f"isl AST expression is a {b.kind}, not one affine expression: {_text(e)}")
        return b.single

    def _divisor(self, e: ib.AstExpr, whole: ib.AstExpr) -> int:
        d = _const(self.bound(e))
        if d is None or d <= 0:
            raise CodegenError(f"division by a non-constant or non-positive value in isl AST: {_text(whole)}")
        return d

    @staticmethod
    def _combine(a: _Bound, b: _Bound) -> _Bound:
        if a.kind and b.kind and a.kind != b.kind:
            raise CodegenError("sum of a max and a min in isl AST has no affine bound form")
        return _norm(a.kind or b.kind, [x + y for x in a.exprs for y in b.exprs])

    # Conditions: a disjunction of conjunctions of (expr, is_equality),
    # meaning expr >= 0 or expr == 0.
    def dnf(self, e: ib.AstExpr) -> list[list[tuple[AffineExpr, bool]]]:
        if not isinstance(e, ib.AstOp):
            raise CodegenError(f"isl AST condition is not a comparison: {_text(e)}")
        k, args = e.kind, e.args
        if k in ("and_", "and_then"):
            left, right = self.dnf(args[0]), self.dnf(args[1])
            return [a + b for a in left for b in right]
        if k in ("or_", "or_else"):
            return self.dnf(args[0]) + self.dnf(args[1])
        if k == "eq":
            zero = self._zdiv_r_test(args)
            if zero is not None:
                return [[(zero, True)]]
            a, b = self.single(args[0]), self.single(args[1])
            return [[(a - b, True)]]
        if k in ("le", "lt", "ge", "gt"):
            lhs, rhs = (args[0], args[1]) if k in ("le", "lt") else (args[1], args[0])
            return self._leq(self.bound(lhs), self.bound(rhs), 1 if k in ("lt", "gt") else 0)
        raise CodegenError(f"isl AST condition '{k}' has no affine form: {_text(e)}")

    def _zdiv_r_test(self, args: Sequence[ib.AstExpr]) -> AffineExpr | None:
        """``zdiv_r(x, c) == 0`` (isl's remainder, only compared with zero) is ``x mod c == 0``."""
        for a, b in ((args[0], args[1]), (args[1], args[0])):
            if isinstance(a, ib.AstOp) and a.kind == "zdiv_r" and isinstance(b, ib.AstInt) and b.value == 0:
                return self.single(a.args[0]) % self._divisor(a.args[1], a)
        return None

    @staticmethod
    def _leq(lhs: _Bound, rhs: _Bound, strict: int) -> list[list[tuple[AffineExpr, bool]]]:
        """``lhs + strict <= rhs``: max(a) <= b and a <= min(b) hold for all
        pieces, min(a) <= b and a <= max(b) for some."""

        def rows(a: AffineExpr) -> list[list[tuple[AffineExpr, bool]]]:
            cons = [(b - a - strict, False) for b in rhs.exprs]
            return [cons] if rhs.kind in (None, "min") else [[c] for c in cons]

        per_a = [rows(a) for a in lhs.exprs]
        if lhs.kind in (None, "max"):  # every a: conjunction of the per-a disjunctions
            out: list[list[tuple[AffineExpr, bool]]] = [[]]
            for r in per_a:
                out = [x + y for x in out for y in r]
            return out
        return [c for r in per_a for c in r]


def _const(b: _Bound) -> int | None:
    s = b.single
    return s.value if isinstance(s, AffineConstantExpr) else None


def _text(e: ib.AstExpr) -> str:
    if isinstance(e, ib.AstInt):
        return str(e.value)
    if isinstance(e, ib.AstId):
        return e.name
    return f"{e.kind}(" + ", ".join(_text(a) for a in e.args) + ")"


# -- the generator --------------------------------------------------------------------------


class _Generator:
    def __init__(
        self,
        model: PolyhedralModel,
        units: dict[str, Unit],
        origins: dict[str, list[DimOrigin]],
        parallel: ParallelFn | None,
        loc: Location,
    ):
        self.model = model
        self.units = units
        self.origins = origins
        self.parallel = parallel
        self.loc = loc
        self.ivs: list[Value] = []
        self.env: dict[str, AffineExpr] = {n: sym(j) for j, n in enumerate(model.param_names)}
        self.exprs = _Exprs(self.env)

    # operands of a map: the generated IVs and parameters an expression uses
    def map_of(self, exprs: Sequence[AffineExpr]) -> tuple[AffineMap, list[Value]]:
        n, p = len(self.ivs), len(self.model.params)
        used_d = [k for k in range(n) if any(e.is_function_of_dim(k) for e in exprs)]
        used_s = [j for j in range(p) if any(e.is_function_of_symbol(j) for e in exprs)]
        drep: list[AffineExpr] = [dim(0)] * n
        srep: list[AffineExpr] = [sym(0)] * p
        for new, k in enumerate(used_d):
            drep[k] = dim(new)
        for new, j in enumerate(used_s):
            srep[j] = sym(new)
        results = [_canonical(e.replace_dims_and_symbols(drep, srep), len(used_d), len(used_s)) for e in exprs]
        params = self.model.symbol_values()
        operands = [self.ivs[k] for k in used_d] + [params[j] for j in used_s]
        return AffineMap(len(used_d), len(used_s), results), operands

    def emit(self, node: ib.AstNode, block: Block) -> None:
        if isinstance(node, ib.AstBlock):
            for c in node.children:
                self.emit(c, block)
        elif isinstance(node, ib.AstMark):
            self.emit(node.child, block)
        elif isinstance(node, ib.AstFor):
            self.emit_for(node, block)
        elif isinstance(node, ib.AstIf):
            self.emit_if(self.exprs.dnf(node.cond), node.then, node.else_, block)
        elif isinstance(node, ib.AstUser):
            self.emit_user(node, block)
        else:  # pragma: no cover - the bridge hands out only these
            raise CodegenError(f"unexpected AST node {node!r}")

    def emit_for(self, node: ib.AstFor, block: Block) -> None:
        lb = self.exprs.bound(node.init)
        if node.degenerate and lb.single is not None:
            self.env[node.iterator] = lb.single
            self.emit(node.body, block)
            del self.env[node.iterator]
            return
        if node.cond is None:
            raise CodegenError(f"isl loop over {node.iterator} has no upper bound")
        if lb.kind == "min":
            raise CodegenError(f"isl loop over {node.iterator} starts at a min: {_text(node.init)}")
        ubs = self.upper_bounds(node.cond, node.iterator)
        k = int(node.iterator[1:])
        names = frozenset(_user_names(node.body))
        name, loc = self.origin(k, names)
        lmap, lops = self.map_of(lb.exprs)
        umap, uops = self.map_of(ubs)
        loop: Operation
        if self.parallel is not None and self.parallel(k, names):
            loop = AffineParallelOp.build(
                lmap, [lmap.num_results], umap, [umap.num_results], [node.inc], lops, uops, loc=loc
            )
        else:
            loop = AffineForOp.build(lmap, umap, node.inc, lops, uops, loc=loc)
        body = loop.regions[0].blocks[0]
        iv = body.arguments[0]
        iv.name_hint = name
        _insert(block, loop)
        self.env[node.iterator] = dim(len(self.ivs))
        self.ivs.append(iv)
        self.emit(node.body, body)
        self.ivs.pop()
        del self.env[node.iterator]

    def upper_bounds(self, cond: ib.AstExpr, iterator: str) -> list[AffineExpr]:
        """Exclusive upper bounds from ``iterator <= e`` / ``iterator < e``
        (a conjunction of them, ``e`` possibly a min)."""
        if isinstance(cond, ib.AstOp) and cond.kind in ("and_", "and_then"):
            return self.upper_bounds(cond.args[0], iterator) + self.upper_bounds(cond.args[1], iterator)
        if (
            isinstance(cond, ib.AstOp)
            and cond.kind in ("le", "lt")
            and isinstance(cond.args[0], ib.AstId)
            and cond.args[0].name == iterator
        ):
            b = self.exprs.bound(cond.args[1])
            if b.kind == "max":
                raise CodegenError(f"isl loop over {iterator} ends at a max: {_text(cond)}")
            return [e + 1 if cond.kind == "le" else e for e in b.exprs]
        raise CodegenError(f"isl loop condition is not an upper bound on {iterator}: {_text(cond)}")

    def emit_if(
        self, dnf: list[list[tuple[AffineExpr, bool]]], then: ib.AstNode, els: ib.AstNode | None, block: Block
    ) -> None:
        """``if C1 {then} else if C2 {then} ... else {els}`` for a disjunction."""
        if not dnf:  # false
            if els is not None:
                self.emit(els, block)
            return
        first, rest = dnf[0], dnf[1:]
        cons = [c for c in first if not _holds(c)]
        if any(_is_const(c[0]) and not _holds(c) for c in first):
            self.emit_if(rest, then, els, block)
            return
        if not cons:
            self.emit(then, block)
            return
        iset_map, ops = self.map_of([c for c, _ in cons])
        iset = IntegerSet(iset_map.num_dims, iset_map.num_symbols, list(iset_map.results), [eq for _, eq in cons])
        need_else = bool(rest) or els is not None
        op = AffineIfOp.build(iset, ops, with_else=need_else, loc=self.loc)
        _insert(block, op)
        self.emit(then, op.regions[0].blocks[0])
        if need_else:
            self.emit_if(rest, then, els, op.regions[1].blocks[0])

    def emit_user(self, node: ib.AstUser, block: Block) -> None:
        unit = self.units.get(node.name)
        if unit is None:
            raise CodegenError(f"isl AST calls unknown statement {node.name}")
        if len(node.args) != len(unit.loops):
            raise CodegenError(
                f"isl AST calls {node.name} with {len(node.args)} indices, it has {len(unit.loops)} loops"
            )
        mapping: dict = {}
        for loop, arg in zip(unit.loops, node.args, strict=True):
            e = self.exprs.single(arg)
            if isinstance(e, AffineDimExpr):
                mapping[loop.iv] = self.ivs[e.position]
                continue
            if isinstance(e, AffineConstantExpr):
                c = ConstantOp.of(e.value)
                c.loc = unit.op.loc
                _insert(block, c)
                mapping[loop.iv] = c.results[0]
                continue
            amap, ops = self.map_of([e])
            apply = AffineApplyOp.build(amap, ops, loc=unit.op.loc)
            _insert(block, apply)
            mapping[loop.iv] = apply.results[0]
        for op in unit.ops:
            _insert(block, op.clone(mapping))

    def origin(self, k: int, names: frozenset[str]) -> tuple[str | None, Location]:
        for n in sorted(names, key=_unit_order):
            o = self.origins.get(n)
            found = o[k] if o is not None and k < len(o) else None
            if found is not None:
                return found
        return None, self.loc


def _canonical(e: AffineExpr, nd: int, ns: int) -> AffineExpr:
    """A linear expression in upstream's flat form (dims, symbols, then the
    constant: ``d0 * -2 + d1 - 2``); expressions with divisions are kept."""
    has_div = []
    e.walk(lambda x: has_div.append(1) if isinstance(x, AffineBinaryExpr) and x.kind in _DIVS else None)
    if has_div:
        return e
    c0 = e.evaluate([0] * nd, [0] * ns)
    out: AffineExpr = const(0)
    for k in range(nd):
        c = e.evaluate([int(j == k) for j in range(nd)], [0] * ns) - c0
        if c:
            out = out + dim(k) * c
    for k in range(ns):
        c = e.evaluate([0] * nd, [int(j == k) for j in range(ns)]) - c0
        if c:
            out = out + sym(k) * c
    return out + c0 if c0 else out


_DIVS = (AffineExprKind.MOD, AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV)


def _unit_order(name: str) -> tuple[int, str]:
    digits = name.lstrip("S")
    return (int(digits), name) if digits.isdigit() else (1 << 30, name)


def _holds(c: tuple[AffineExpr, bool]) -> bool:
    e, eq = c
    if not isinstance(e, AffineConstantExpr):
        return False
    return e.value == 0 if eq else e.value >= 0


def _is_const(e: AffineExpr) -> bool:
    return isinstance(e, AffineConstantExpr)


def _user_names(node: ib.AstNode) -> set[str]:
    if isinstance(node, ib.AstUser):
        return {node.name}
    if isinstance(node, ib.AstBlock):
        return set().union(*(_user_names(c) for c in node.children)) if node.children else set()
    if isinstance(node, ib.AstFor):
        return _user_names(node.body)
    if isinstance(node, ib.AstIf):
        return _user_names(node.then) | (_user_names(node.else_) if node.else_ is not None else set())
    if isinstance(node, ib.AstMark):
        return _user_names(node.child)
    return set()


def _insert(block: Block, op: Operation) -> None:
    ops = block.operations
    if ops and isinstance(ops[-1], AffineYieldOp):
        block.insert_before(ops[-1], op)
    else:
        block.append(op)


# -- entry points ----------------------------------------------------------------------------


def top_level_op(model: PolyhedralModel, op: Operation) -> Operation:
    """The ancestor of ``op`` (or ``op``) directly in the function body."""
    top = model.func.regions[0].blocks
    cur = op
    while cur.parent not in top:
        parent = cur.parent_op
        if parent is None:
            raise CodegenError(f"{op.name} at {op_loc(op)} is not inside the function", op)
        cur = parent
    return cur


def nest_of(model: PolyhedralModel, unit: Unit) -> Operation:
    """The top-level op (loop nest, or the statement itself) holding ``unit``."""
    return top_level_op(model, unit.op)


def origins_from_vectors(units: Sequence[Unit], vectors: dict[str, list[Entry]]) -> dict[str, list[DimOrigin]]:
    """Loop names for time dimensions built from 2d+1-style vectors: an
    entry over loop dims is named after its innermost loop, a tile index
    ``floor(x / size)`` after that loop with ``_tile``."""
    out: dict[str, list[DimOrigin]] = {}
    for u in units:
        row: list[DimOrigin] = []
        for e in vectors.get(u.name, []):
            tile = isinstance(e, tuple)
            x = e[0] if isinstance(e, tuple) else e
            if not isinstance(x, AffineExpr):  # a pinned tile index: named by the units inside its loop
                row.append(None)
                continue
            depth = innermost_dim(x, len(u.loops))
            if depth is None:
                row.append(None)
            else:
                lp = u.loops[depth]
                row.append((loop_name(lp) + ("_tile" if tile else ""), lp.op.loc))
        out[u.name] = row
    return out


def innermost_dim(e: AffineExpr, n: int) -> int | None:
    """The deepest loop dim ``e`` uses (None for a constant or parameters only)."""
    for k in reversed(range(n)):
        if e.is_function_of_dim(k):
            return k
    return None


def regenerate(
    model: PolyhedralModel,
    units: Sequence[Unit],
    schedules: dict[str, isl.Map],
    where: Sequence[Operation],
    origins: dict[str, list[DimOrigin]] | None = None,
    parallel: ParallelFn | None = None,
    separate: Sequence[int] = (),
) -> list[Operation]:
    """Replace the top-level ops ``where`` by code that runs the units named
    in ``schedules`` (isl maps ``S[dims] -> [time]``, one output length) in
    the schedules' order. Every unit inside ``where`` must be scheduled.
    ``origins`` names generated loops (see origins_from_vectors); loops at
    time dimension k around units U become ``affine.parallel`` when
    ``parallel(k, U)`` (the caller has proved them parallel); loops at the
    time dimensions ``separate`` are split into guard-free pieces (more
    code, no affine.if in the loop body). Returns the new
    top-level ops, in order. The IR is unchanged when this raises."""
    if not where:
        raise CodegenError("nothing to regenerate")
    by_name = {u.name: u for u in units}
    where_set = set(where)
    for u in units:
        inside = nest_of(model, u) in where_set
        if inside and u.name not in schedules:
            raise CodegenError(
                f"statement {u.name} ({u.op.name} at {op_loc(u.op)}) is in the code being "
                "regenerated but has no schedule",
                u.op,
            )
        if not inside and u.name in schedules:
            raise CodegenError(f"statement {u.name} is scheduled but outside the code being regenerated", u.op)
    for name in schedules:
        if name not in by_name:
            raise CodegenError(f"no statement named {name}")
    maps = []
    lengths = set()
    for name, m in schedules.items():
        u = by_name[name]
        problem = ib.schedule_problem(m, u.domain)
        if problem is not None:
            raise CodegenError(f"the schedule of {name} {problem}", u.op)
        maps.append(m.intersect_domain(u.domain))
        lengths.add(ib.n_out(m))
    if len(lengths) > 1:
        raise CodegenError(f"schedules have different lengths {sorted(lengths)}")
    ast = ib.ast_from_schedule_maps(maps, model.param_names, separate)
    block = where[0].parent
    assert block is not None
    gen = _Generator(model, by_name, origins or {}, parallel, where[0].loc)
    staging = Block()
    gen.emit(ast, staging)
    new_ops = list(staging.operations)
    for op in new_ops:
        op.detach()
    anchor = where[0]
    for op in new_ops:
        block.insert_before(anchor, op)
    try:
        _hoist_definitions(block, new_ops, set(where))
    except CodegenError:
        for op in reversed(new_ops):
            op.drop_all_references()
            op.detach()
        raise
    _carry_hints(where, new_ops)
    for op in where:
        op.erase()
    return new_ops


def _iv_name(loop: Operation) -> str | None:
    body = loop.regions[0].blocks[0] if loop.regions and loop.regions[0].blocks else None
    return getattr(body.arguments[0], "name_hint", None) if body is not None and body.arguments else None


def _carry_hints(old: Sequence[Operation], new: Sequence[Operation]) -> None:
    """Give each new loop the LLVM hints (``llvm.loop_annotation``) of the
    old loop it is named after: a point loop keeps its source loop's name,
    tile loops get ``_tile`` names and no hint. A name two old loops hint
    differently is left without one."""
    hints: dict[str, Attribute | None] = {}
    for top in old:
        for op in top.walk():
            ann = op.attributes.get(LOOP_ATTR) if isinstance(op, AffineForOp) else None
            name = _iv_name(op) if ann is not None else None
            if name is not None:
                hints[name] = ann if hints.get(name, ann) == ann else None
    if not hints:
        return
    for top in new:
        for op in top.walk():
            ann = hints.get(_iv_name(op) or "") if isinstance(op, AffineForOp) else None
            if ann is not None:
                op.attributes[LOOP_ATTR] = ann


def _hoist_definitions(block: Block, new_ops: list[Operation], removed: set[Operation]) -> None:
    """Values the new code uses that are defined later in ``block`` (a
    constant between two regenerated nests): move their pure definitions
    before the new code."""
    if not new_ops:
        return  # no instance runs (empty domains): the nests regenerate to nothing
    first = new_ops[0]
    fresh = set(new_ops)

    def ensure(v: Value, user: Operation) -> None:
        if isinstance(v, BlockArgument) or not isinstance(v, OpResult):
            return
        d = v.owner
        if d.parent is not block:
            if any(r.is_ancestor_of(d) for r in removed):
                raise CodegenError(f"{user.name} would use {d.name} at {op_loc(d)}, which is removed", d)
            return
        ops = block.operations
        if d in fresh or ops.index(d) < ops.index(first):
            return
        if d in removed or d.regions or not is_effect_free(d):
            raise CodegenError(f"{user.name} would use {d.name} at {op_loc(d)} before it is defined", d)
        for o in d.operands:
            ensure(o, d)
        d.move_before(first)

    for top in new_ops:
        for op in top.walk(post_order=False):
            for v in op.operands:
                ensure(v, op)
