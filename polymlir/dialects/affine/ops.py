"""The affine dialect, part 1: the rules on what may be a dimension or a
symbol, the shared syntax helpers (SSA-id maps such as ``%A[%i + 1,
symbol(%n)]``, dim-and-symbol lists ``(%i)[%n]``), and the non-region ops
apply, min, max, delinearize_index and linearize_index.

The memory ops (load, store, vector_load, vector_store, prefetch, dma_start,
dma_wait) live in ``memory.py``, the region ops (for, if, parallel)
and yield in ``loops.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, TypeVar, cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineDimExpr, AffineSymbolExpr, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.core import BlockArgument, Operation, OpResult, Region, Value
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def, var_result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import AFFINE_SCOPE, CONSTANT_LIKE, ISOLATED_FROM_ABOVE, PURE, SHAPED_DIM_OP_INTERFACE
from ...parser.affine_parser import AffineExprParser, AffineParseError
from ..index_lists import parse_dynamic_index_list, print_dynamic_index_list

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self  # typing.Self is Python 3.11+

    from ...parser.parser import OpState, Parser
    from ...printer import AsmPrinter

UnresolvedOperand = tuple  # (name, result number, source offset), as the parser makes them

VarIndex = C.TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType))
_DIM_OPS = ("memref.dim", "tensor.dim")
_AFFINE_LOOPS = ("affine.for", "affine.parallel")


# -- what may be a dimension or a symbol (seed 004, upstream AffineOps.cpp) ------------


def get_affine_scope(op: Operation) -> Region | None:
    """The closest region around ``op`` held by an op with the AffineScope trait."""
    cur = op
    parent = cur.parent_op
    while parent is not None:
        if AFFINE_SCOPE in parent.traits:
            return cur.parent_region
        cur = parent
        parent = cur.parent_op
    return None


def _defining_region(v: Value) -> Region | None:
    if isinstance(v, BlockArgument):
        return v.owner.parent
    if isinstance(v, OpResult):
        b = v.owner.parent
        return b.parent if b is not None else None
    return None


def is_top_level_value(v: Value) -> bool:
    """Defined (or a block argument) directly in the region of an AffineScope op."""
    r = _defining_region(v)
    op = r.parent if r is not None else None
    return op is not None and AFFINE_SCOPE in op.traits


def affine_induction_var_owner(v: Value) -> Operation | None:
    """The affine.for / affine.parallel whose induction variable ``v`` is."""
    if not isinstance(v, BlockArgument):
        return None
    op = v.owner.parent_op
    if op is None or op.name not in _AFFINE_LOOPS or not op.regions or not op.regions[0].blocks:
        return None
    if v.owner is not op.regions[0].blocks[0]:
        return None
    if op.name == "affine.for":
        return op if v.index == 0 else None
    return op


def _constant_int(v: Value) -> int | None:
    if isinstance(v, OpResult) and CONSTANT_LIKE in v.owner.traits:
        a = v.owner.get_attr("value")
        if isinstance(a, A.IntegerAttr):
            return a.value
    return None


def _symbol_in_parent_scope(v: Value, region: Region | None, seen: set) -> bool:
    rop = region.parent if region is not None else None
    if rop is not None and ISOLATED_FROM_ABOVE not in rop.traits:
        pr = rop.parent_region
        if pr is not None:
            return _valid_symbol(v, pr, seen)
    return False


def is_valid_symbol(v: Value, region: Region | None) -> bool:
    """Whether ``v`` may be bound to a symbol for uses in ``region``: a
    top-level value of the scope, a constant, a pure op of symbols, a dim of a
    suitable memref, or a value dominating the scope's op."""
    return _valid_symbol(v, region, set())


def _valid_symbol(v: Value, region: Region | None, seen: set) -> bool:
    if not isinstance(v.type, T.IndexType):
        return False
    if region is not None and _defining_region(v) is region:
        return True
    if not isinstance(v, OpResult):
        return _symbol_in_parent_scope(v, region, seen)
    d = v.owner
    tr = d.traits
    if CONSTANT_LIKE in tr:
        return True
    if PURE in tr and v not in seen:
        # `seen` breaks cycles of pure ops in graph regions.
        seen.add(v)
        if all(_valid_symbol(o, region, seen) for o in d.operands):
            return True
    if d.name in _DIM_OPS or SHAPED_DIM_OP_INTERFACE in tr:
        return _dim_op_valid_symbol(d, region, seen)
    return _symbol_in_parent_scope(v, region, seen)


def is_valid_dim(v: Value, region: Region | None) -> bool:
    """Whether ``v`` may be bound to a dimension for uses in ``region``: any
    valid symbol, an affine induction variable, or an affine.apply /
    (de)linearize_index / dim result over dimensions."""
    if not isinstance(v.type, T.IndexType):
        return False
    if is_valid_symbol(v, region):
        return True
    if not isinstance(v, OpResult):
        return affine_induction_var_owner(v) is not None
    d = v.owner
    if d.name in ("affine.apply", "affine.delinearize_index", "affine.linearize_index"):
        return all(is_valid_dim(o, region) for o in d.operands)
    if d.name in _DIM_OPS or SHAPED_DIM_OP_INTERFACE in d.traits:
        return bool(d.operands) and is_top_level_value(d.operands[0])
    return False


def is_valid_affine_index(v: Value, region: Region | None) -> bool:
    return is_valid_dim(v, region) or is_valid_symbol(v, region)


def _segments(op: Operation) -> list[int] | None:
    seg = op.properties.get("operandSegmentSizes") if isinstance(op.properties, dict) else None
    return list(seg.values) if isinstance(seg, A.DenseArrayAttr) else None


def _dynamic_sizes(op: Operation) -> list[Value]:
    ops = op.operands
    seg = _segments(op)
    if op.name == "memref.alloc":
        return ops[: seg[0]] if seg else ops
    if op.name == "memref.view":
        return ops[2:]
    if seg and len(seg) >= 3:  # memref.subview: source, offsets, sizes, strides
        return ops[seg[0] + seg[1] : seg[0] + seg[1] + seg[2]]
    return []


def _dim_op_valid_symbol(d: Operation, region: Region | None, seen: set) -> bool:
    if not d.operands:
        return False
    src = d.operands[0]
    if is_top_level_value(src):
        return True
    if not isinstance(src, OpResult):
        return False
    index = _constant_int(d.operands[1]) if len(d.operands) > 1 else None
    if index is None:
        return False
    op = src.owner
    while op.name == "memref.cast":
        s = op.operands[0]
        if isinstance(s.type, T.UnrankedMemRefType) or not isinstance(s, OpResult):
            return False
        op = s.owner
    if op.name not in ("memref.view", "memref.subview", "memref.alloc"):
        return False
    t = op.results[0].type if op.results else None
    if not isinstance(t, T.MemRefType) or not 0 <= index < len(t.shape):
        return False
    if t.shape[index] != T.DYNAMIC:
        return True
    pos = sum(1 for x in t.shape[:index] if x == T.DYNAMIC)
    sizes = _dynamic_sizes(op)
    return pos < len(sizes) and _valid_symbol(sizes[pos], region, seen)


def verify_dims_and_symbols(op: OpDef, operands: Sequence[Value], num_dims: int) -> None:
    """Upstream verifyDimAndSymbolIdentifiers: the first ``num_dims`` operands
    must be valid dimensions, the rest valid symbols."""
    scope = get_affine_scope(op)
    for i, v in enumerate(operands):
        if i < num_dims:
            # The common dim, a loop's induction variable, checked first
            # (is_valid_dim would try the symbol rules before it).
            if (
                isinstance(v, BlockArgument)
                and isinstance(v.type, T.IndexType)
                and affine_induction_var_owner(v) is not None
            ):
                continue
            if not is_valid_dim(v, scope):
                raise op.op_error("operand cannot be used as a dimension id")
        elif not is_valid_symbol(v, scope):
            raise op.op_error("operand cannot be used as a symbol")


# -- shared syntax -----------------------------------------------------------------------


class _SSAIds:
    """Parses affine expressions over SSA names, binding the names to dims
    and symbols as upstream does (a new ``%x`` is the next dim, a new
    ``symbol(%x)`` the next symbol, a name seen before keeps its first
    binding) and keeping each name's position for the operand reference."""

    __slots__ = ("dims", "exprs", "parser", "syms")

    def __init__(self, p: Parser) -> None:
        self.dims: list[UnresolvedOperand] = []
        self.syms: list[UnresolvedOperand] = []
        self.exprs: dict = {}
        self.parser = AffineExprParser(p.src, p.start, resolve=self.dim, resolve_symbol=self.symbol)

    def _ref(self, name: str) -> UnresolvedOperand:
        # Called just after the name (and any `#N`) was consumed.
        pos = self.parser.pos - len(name)
        base, _, num = name.partition("#")
        return (base, int(num) if num else 0, pos)

    def dim(self, name: str):
        if not name.startswith("%"):
            return None  # a bare identifier: undeclared here
        e = self.exprs.get(name)
        if e is None:
            e = self.exprs[name] = dim(len(self.dims))
            self.dims.append(self._ref(name))
        return e

    def symbol(self, name: str):
        e = self.exprs.get(name)
        if e is None:
            e = self.exprs[name] = sym(len(self.syms))
            self.syms.append(self._ref(name))
        return e


# The common subscript list of plain SSA names, `[%i, %j]` (one line, no
# `#N` result numbers, no expressions), read without the expression parser.
# Names as the affine lexer reads them.
_SSA_NAME = r"%(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*)"
_PLAIN_SSA_LIST = {
    delim: re.compile(rf"\{delim}[ \t]*(?:{_SSA_NAME}(?:[ \t]*,[ \t]*{_SSA_NAME})*[ \t]*)?\{close}")
    for delim, close in (("[", "]"), ("(", ")"))
}
_SSA_NAMES = re.compile(_SSA_NAME)
# Maps of plain subscript lists by the dim each subscript binds ((0, 1, 0)
# for `[%i, %j, %i]`): immutable and few, so shared.
_PLAIN_MAPS: dict[tuple[int, ...], AffineMap] = {}


def _parse_plain_ssa_list(p: Parser, delimiter: str) -> tuple[AffineMap, list[UnresolvedOperand]] | None:
    """``parse_ssa_id_map`` for a list of plain SSA names: each new name is
    the next dim, a repeated one keeps its dim (as the expression parser
    binds them); None when the list is anything else."""
    m = _PLAIN_SSA_LIST[delimiter].match(p.src, p.start)
    if m is None:
        return None
    refs: list[UnresolvedOperand] = []
    seen: dict[str, int] = {}
    key = []
    for n in _SSA_NAMES.finditer(p.src, m.start(), m.end()):
        name = n.group()
        d = seen.get(name)
        if d is None:
            d = seen[name] = len(refs)
            refs.append((name, 0, n.start()))
        key.append(d)
    k = tuple(key)
    amap = _PLAIN_MAPS.get(k)
    if amap is None:
        amap = _PLAIN_MAPS[k] = AffineMap(len(refs), 0, [dim(d) for d in k])
    p.reset(m.end())
    return amap, refs


def parse_ssa_id_map(p: Parser, delimiter: str = "[") -> tuple[AffineMap, list[UnresolvedOperand]]:
    """``[%i + 1, symbol(%n)]``: the map and its operand references (dims
    first, then symbols)."""
    if p.kind == delimiter:
        plain = _parse_plain_ssa_list(p, delimiter)
        if plain is not None:
            return plain
    ids = _SSAIds(p)
    ap = ids.parser
    try:
        exprs = ap.parse_map_of_ssa_ids(delimiter)
    except AffineParseError as e:
        p.error(e.message, e.offset)
    p.reset(ap.pos)
    return AffineMap(len(ids.dims), len(ids.syms), exprs), ids.dims + ids.syms


def parse_ssa_id_expr(p: Parser):
    """One affine expression over SSA ids (an affine.parallel bound): the
    expression, its dim references and its symbol references."""
    ids = _SSAIds(p)
    ap = ids.parser
    try:
        expr = ap.parse_expr()
    except AffineParseError as e:
        p.error(e.message, e.offset)
    p.reset(ap.pos)
    return expr, ids.dims, ids.syms


def _names(p: AsmPrinter, operands: Sequence[Value], num_dims: int) -> tuple[list[str], list[str]]:
    names = [p.value_name(v) for v in operands]
    return names[:num_dims], [f"symbol({n})" for n in names[num_dims:]]


def ssa_id_exprs_str(p: AsmPrinter, exprs: Sequence, operands: Sequence[Value], num_dims: int) -> str:
    """Expressions with dims spelled ``%x`` and symbols ``symbol(%x)``."""
    names = [p.value_name(v) for v in operands]
    # Most subscripts are a bare dim or symbol: spelled without the
    # expression printer.
    parts = []
    for e in exprs:
        t = type(e)
        if t is AffineDimExpr and e.position < num_dims:
            parts.append(names[e.position])
        elif t is AffineSymbolExpr and num_dims + e.position < len(names):
            parts.append(f"symbol({names[num_dims + e.position]})")
        else:
            dn, sn = _names(p, operands, num_dims)
            return ", ".join(e.to_string(dn, sn) for e in exprs)
    return ", ".join(parts)


def ssa_id_map_str(p: AsmPrinter, amap: AffineMap, operands: Sequence[Value]) -> str:
    return ssa_id_exprs_str(p, amap.results, operands, amap.num_dims)


def parse_dim_and_symbol_list(p: Parser) -> tuple[list[UnresolvedOperand], int]:
    """``(%d0, ...)[%s0, ...]`` (the symbol list is optional)."""
    dims = p.parse_operand_list("(")
    syms = p.parse_operand_list("[") if p.kind == "[" else []
    return dims + syms, len(dims)


def dim_and_symbol_list_str(p: AsmPrinter, operands: Sequence[Value], num_dims: int) -> str:
    s = "(" + p.operands_str(operands[:num_dims]) + ")"
    if len(operands) > num_dims:
        s += "[" + p.operands_str(operands[num_dims:]) + "]"
    return s


def parse_error(p: Parser, state: OpState, message: str, pos: int | None = None) -> NoReturn:
    """An error of a custom op parser (upstream prefixes ``custom op 'name'``),
    at the op name unless ``pos`` is given."""
    p.error(f"custom op '{state.name}' {message}", state.pos if pos is None else pos)


_AttrT = TypeVar("_AttrT", bound=A.Attribute)


def parse_attr_of(p: Parser, state: OpState, cls: type[_AttrT], type: T.Type | None = None) -> _AttrT:
    """An attribute that must be of class ``cls``."""
    pos = p.start
    a = p.parse_attribute(type)
    if not isinstance(a, cls):
        parse_error(p, state, "invalid kind of attribute specified", pos)
    return a


_TypeT = TypeVar("_TypeT", bound=T.Type)
_TYPE_NAMES = {T.MemRefType: "builtin.memref", T.VectorType: "builtin.vector"}


def parse_type_of(p: Parser, state: OpState, cls: type[_TypeT], colon: bool = False) -> _TypeT:
    """A type that must be of class ``cls`` (after a ``:`` with ``colon``,
    where upstream reports a wrong kind)."""
    pos = p.start
    if colon:
        p.expect(":", "expected ':'")
    t = p.parse_type()
    if not isinstance(t, cls):
        parse_error(
            p,
            state,
            f"invalid kind of type specified: expected {_TYPE_NAMES.get(cls, cls.__name__)}, but found '{t}'",
            pos,
        )
    return t


def add_attr_dict(state: OpState, attrs: dict) -> None:
    """Discardable attributes, routing the op's property names to properties."""
    names = state.op_class.property_names() if state.op_class is not None else frozenset()
    for k, v in attrs.items():
        (state.properties if k in names else state.attributes)[k] = v


def map_of(op: Operation, name: str = "map") -> AffineMap | None:
    a = op.get_attr(name)
    return cast(AffineMap, a.value) if isinstance(a, A.AffineMapAttr) else None


# -- affine.apply, affine.min, affine.max --------------------------------------------------


class _MapOfOperandsOp(OpDef):
    """Ops of the form ``#map(%dims)[%syms]`` with one index result."""

    __slots__ = ()
    traits = frozenset({PURE})
    map = prop_def(C.AffineMapAttr)
    mapOperands = var_operand_def(VarIndex)
    result = result_def(C.Index)

    @classmethod
    def build(cls, amap: AffineMap, operands: Sequence[Value], loc: A.Location | None = None) -> Operation:
        """The op applying ``amap`` to ``operands`` (dims, then symbols)."""
        return cls.create(
            operands=list(operands), result_types=[T.index], properties={"map": A.AffineMapAttr(amap)}, loc=loc
        )

    def print_custom_ok(self) -> bool:
        m = map_of(self)
        return m is not None and m.num_dims <= len(self.operands)

    def print_custom(self, p: AsmPrinter) -> None:
        m = self.map
        p.write(" " + p.attr(m) + dim_and_symbol_list_str(p, self.operands, m.value.num_dims))
        p.print_optional_attr_dict(self.attributes)


@register_op
class AffineApplyOp(_MapOfOperandsOp):
    """``affine.apply #map(%d)[%s]``: one affine expression applied to values."""

    __slots__ = ()
    OP_NAME = "affine.apply"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        amap = parse_attr_of(p, state, A.AffineMapAttr)
        refs, nd = parse_dim_and_symbol_list(p)
        add_attr_dict(state, p.parse_optional_attr_dict())
        m = amap.value
        if m.num_dims != nd or m.num_inputs != len(refs):
            parse_error(p, state, "dimension or symbol index mismatch")
        state.properties["map"] = amap
        state.operands = p.resolve_operands(refs, [T.index] * len(refs))
        state.result_types = [T.index] * m.num_results

    def verify_(self) -> None:
        m = self.map.value
        if len(self.operands) != m.num_inputs:
            raise self.op_error("operand count and affine map dimension and symbol count must match")
        if m.num_results != 1:
            raise self.op_error("mapping must produce one value")
        # A valid dim that is not a valid symbol may not sit in a symbol
        # position; values that are neither are allowed (non-affine uses).
        region = get_affine_scope(self)
        for v in self.operands[m.num_dims :]:
            if is_valid_dim(v, region) and not is_valid_symbol(v, region):
                raise self.emit_error("dimensional operand cannot be used as a symbol")


class _MinMaxOp(_MapOfOperandsOp):
    __slots__ = ()

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        amap = parse_attr_of(p, state, A.AffineMapAttr)
        refs, _ = parse_dim_and_symbol_list(p)
        add_attr_dict(state, p.parse_optional_attr_dict())
        state.properties["map"] = amap
        state.operands = p.resolve_operands(refs, [T.index] * len(refs))
        state.result_types = [T.index]

    def print_custom(self, p: AsmPrinter) -> None:
        m = self.map
        nd = m.value.num_dims
        ops = self.operands
        s = " " + p.attr(m) + "(" + p.operands_str(ops[:nd]) + ")"
        if len(ops) != nd:
            s += "[" + p.operands_str(ops[nd:]) + "]"
        p.write(s)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        m = self.map.value
        if len(self.operands) != m.num_inputs:
            raise self.op_error("operand count and affine map dimension and symbol count must match")
        if m.num_results == 0:
            raise self.op_error("affine map expect at least one result")


@register_op
class AffineMinOp(_MinMaxOp):
    """``affine.min #map(%d)[%s]``: the minimum of the map's results."""

    __slots__ = ()
    OP_NAME = "affine.min"


@register_op
class AffineMaxOp(_MinMaxOp):
    """``affine.max #map(%d)[%s]``: the maximum of the map's results."""

    __slots__ = ()
    OP_NAME = "affine.max"


# -- delinearize_index / linearize_index ---------------------------------------------------------


def _parse_basis(p: Parser) -> tuple[list[UnresolvedOperand], list[int]]:
    lst = parse_dynamic_index_list(p, delimiter="(")
    return lst.values, lst.static


def _basis_str(p: AsmPrinter, values: Sequence[Value], static: Sequence[int]) -> str:
    return print_dynamic_index_list(p, values, static, delimiter="(")


def _check_basis(op: OpDef, static: Sequence[int], dynamic: Sequence[Value]) -> None:
    if sum(1 for s in static if s == T.DYNAMIC) != len(dynamic):
        raise op.op_error(
            "mismatch between dynamic and static basis (kDynamic marker but no corresponding "
            "dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite"
        )


@register_op
class AffineDelinearizeIndexOp(OpDef):
    """``%r:2 = affine.delinearize_index %i into (%b, 8) : index, index``."""

    __slots__ = ()
    OP_NAME = "affine.delinearize_index"
    traits = frozenset({PURE})
    linear_index = operand_def(C.Index)
    dynamic_basis = var_operand_def(VarIndex)
    static_basis = prop_def(C.DenseI64ArrayAttr)
    multi_index = var_result_def(C.TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType)))
    assembly_format = (
        "$linear_index `into` custom<DynamicIndexList>($dynamic_basis, $static_basis) attr-dict `:` type($multi_index)"
    )

    @classmethod
    def parse_DynamicIndexList(cls, p: Parser, ps, *args) -> None:
        refs, static = _parse_basis(p)
        ps.operands["dynamic_basis"] = refs
        ps.types["dynamic_basis"] = [T.index] * len(refs)
        ps.types["linear_index"] = [T.index]
        ps.props["static_basis"] = A.DenseArrayAttr(T.i64, tuple(static))

    def print_DynamicIndexList(self, p: AsmPrinter, *args) -> None:
        p.write(_basis_str(p, self.dynamic_basis, self.static_basis.values))

    def verify_(self) -> None:
        static = self.static_basis.values
        if len(self.results) not in (len(static), len(static) + 1):
            raise self.op_error("should return an index for each basis element and up to one extra index")
        _check_basis(self, static, self.dynamic_basis)
        if any(s <= 0 and s != T.DYNAMIC for s in static):
            raise self.op_error("no basis element may be statically non-positive")


@register_op
class AffineLinearizeIndexOp(OpDef):
    """``%r = affine.linearize_index [disjoint] [%i, %j] by (%b, 8) : index``."""

    __slots__ = ()
    OP_NAME = "affine.linearize_index"
    traits = frozenset({PURE})
    multi_index = var_operand_def(VarIndex)
    dynamic_basis = var_operand_def(VarIndex)
    static_basis = prop_def(C.DenseI64ArrayAttr)
    # A UnitProp upstream: the generic form spells an unset one `disjoint = false`.
    disjoint = prop_def(
        C.AttrConstraint("unit attribute", lambda a: isinstance(a, A.UnitAttr) or a == A.BoolAttr(False)), optional=True
    )
    linear_index = result_def(C.Index)

    @classmethod
    def create(cls, name: str | None = None, **kw) -> Self:
        op = super().create(name, **kw)
        if isinstance(op.properties, dict):
            op.props.setdefault("disjoint", A.BoolAttr(False))
        return op

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        disjoint = p.accept_keyword("disjoint")
        refs = p.parse_operand_list("[")
        p.expect_keyword("by")
        brefs, static = _parse_basis(p)
        add_attr_dict(state, p.parse_optional_attr_dict())
        p.expect(":", "expected ':'")
        state.result_types = [p.parse_type()]
        state.operands = p.resolve_operands(refs + brefs, [T.index] * (len(refs) + len(brefs)))
        state.properties.update(
            static_basis=A.DenseArrayAttr(T.i64, tuple(static)),
            disjoint=A.UNIT if disjoint else A.BoolAttr(False),
            operandSegmentSizes=A.DenseArrayAttr(T.i32, (len(refs), len(brefs))),
        )

    def print_custom(self, p: AsmPrinter) -> None:
        s = " disjoint" if isinstance(self.disjoint, A.UnitAttr) else ""
        s += " [" + p.operands_str(self.multi_index) + "] by "
        s += _basis_str(p, self.dynamic_basis, self.static_basis.values)
        p.write(s)
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(self.linear_index.type))

    def verify_(self) -> None:
        n, nb = len(self.multi_index), len(self.static_basis.values)
        if n not in (nb, nb + 1):
            raise self.op_error("should be passed a basis element for each index except possibly the first")
        _check_basis(self, self.static_basis.values, self.dynamic_basis)
