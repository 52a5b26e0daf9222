"""isl's AST generation from schedule maps, read back as plain Python trees
(AstFor, AstIf, AstUser, ...) that the loop code generator translates into
affine ops."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass  # noqa: E402

import islpy as isl

from .conversions import DIM_OUT, IslBridgeError, _integer, _isl_errors, isl_context
from .relations import union_map


@dataclass(frozen=True)
class AstInt:
    """An integer leaf of an isl AST expression."""

    value: int


@dataclass(frozen=True)
class AstId:
    """An identifier: a generated loop iterator (``c<k>`` for schedule
    dimension k) or a parameter."""

    name: str


@dataclass(frozen=True)
class AstOp:
    """An operation (isl's ``ast_expr_op_type`` name: add, sub, mul, minus,
    min, max, fdiv_q, pdiv_q, pdiv_r, zdiv_r, div, le, lt, ge, gt, eq, and_,
    or_, and_then, or_else, select, cond, call, ...)."""

    kind: str
    args: tuple[AstExpr, ...]


AstExpr = AstInt | AstId | AstOp


@dataclass
class AstFor:
    iterator: str
    init: AstExpr
    cond: AstExpr | None
    inc: int
    body: AstNode
    degenerate: bool


@dataclass
class AstIf:
    cond: AstExpr
    then: AstNode
    else_: AstNode | None


@dataclass
class AstBlock:
    children: list[AstNode]


@dataclass
class AstUser:
    """A statement instance: ``name(args)`` with one expression per domain dim."""

    name: str
    args: list[AstExpr]


@dataclass
class AstMark:
    name: str
    child: AstNode


AstNode = AstFor | AstIf | AstBlock | AstUser | AstMark


def _ast_expr(e: isl.AstExpr) -> AstExpr:
    t = e.get_type()
    if t == isl.ast_expr_type.int:
        return AstInt(_integer(e.get_val()))
    if t == isl.ast_expr_type.id:
        return AstId(e.get_id().get_name())
    if t == isl.ast_expr_type.op:
        kind = e.get_op_type().name
        return AstOp(kind, tuple(_ast_expr(e.get_op_arg(k)) for k in range(e.get_op_n_arg())))
    raise IslBridgeError(f"isl AST expression of unknown type: {e.to_C_str()}")


# islpy's stub lists only some members of ast_node_type (no for_, if_): look
# these up by name, which fails at import if islpy ever renames them.
_AST_FOR = isl.ast_node_type["for_"]
_AST_IF = isl.ast_node_type["if_"]


def _ast_node(n: isl.AstNode) -> AstNode:
    t = n.get_type()
    if t == _AST_FOR:
        degenerate = bool(n.for_is_degenerate())
        inc = n.for_get_inc()
        inc_e = _ast_expr(inc)
        if not isinstance(inc_e, AstInt):
            raise IslBridgeError(f"isl loop with a non-constant step {inc.to_C_str()}")
        try:
            cond: AstExpr | None = _ast_expr(n.for_get_cond())
        except isl.Error:  # a degenerate loop may have no condition
            cond = None
        return AstFor(
            n.for_get_iterator().get_id().get_name(),
            _ast_expr(n.for_get_init()),
            cond,
            inc_e.value,
            _ast_node(n.for_get_body()),
            degenerate,
        )
    if t == _AST_IF:
        els = n.if_get_else_node() if n.if_has_else_node() else None
        return AstIf(
            _ast_expr(n.if_get_cond()), _ast_node(n.if_get_then_node()), None if els is None else _ast_node(els)
        )
    if t == isl.ast_node_type.block:
        lst = n.block_get_children()
        return AstBlock([_ast_node(lst.get_at(k)) for k in range(lst.n_ast_node())])
    if t == isl.ast_node_type.user:
        call = _ast_expr(n.user_get_expr())
        if not isinstance(call, AstOp) or call.kind != "call" or not isinstance(call.args[0], AstId):
            raise IslBridgeError(f"isl AST user node is not a statement call: {n.to_C_str()}")
        return AstUser(call.args[0].name, list(call.args[1:]))
    if t == isl.ast_node_type.mark:
        return AstMark(n.mark_get_id().get_name(), _ast_node(n.mark_get_node()))
    raise IslBridgeError(f"isl AST node of unknown type {t}")


@_isl_errors
def ast_from_schedule_maps(maps: Sequence[isl.Map], params: Sequence[str], separate: Sequence[int] = ()) -> AstNode:
    """isl's AST for statements scheduled by ``maps`` (each ``S[dims] ->
    [time]`` restricted to its domain, all with one output length), in a
    universe context over ``params``. Loop iterators are ``c<k>`` for time
    dimension k. Loops at the time dimensions ``separate`` are split into
    pieces without guards (isl's ``separate`` option)."""
    ctx = isl_context()
    context = isl.Set.universe(isl.Space.create_from_names(ctx, set=[], params=list(params))).params()
    # isl names the iterator of time dimension k ``c<k>`` by default
    # (set_iterators fails on schedule maps).
    build = isl.AstBuild.from_context(context)
    n = maps[0].dim(DIM_OUT) if maps else 0
    dims = sorted({k for k in separate if 0 <= k < n})
    if dims:
        names = ", ".join(f"t{k}" for k in range(n))
        which = " or ".join(f"x = {k}" for k in dims)
        build = build.set_options(isl.UnionMap.read_from_str(ctx, f"{{ [{names}] -> separate[x] : {which} }}"))
    return _ast_node(build.node_from_schedule_map(union_map(maps)))


@_isl_errors
def ast_c_text(maps: Sequence[isl.Map], params: Sequence[str]) -> str:
    """isl's pseudo-C for ``maps`` (for tests and messages, never for IR)."""
    context = isl.Set.universe(isl.Space.create_from_names(isl_context(), set=[], params=list(params))).params()
    return isl.AstBuild.from_context(context).node_from_schedule_map(union_map(maps)).to_C_str()
