"""Legacy (2019-2020) spellings of the seed documents, read as today's ops.

The LangRef, linalg, LLVM-lowering and affine documents the project grew
from are written in MLIR's older syntax: ``func @f``, the standard dialect
(``constant``, ``addf``, ``cmpi "slt"``, ``load``, ``dim %A, 0``,
``tensor_load``, ``br``, ``return``...), ``loop.for``, the bare ``for``/``if``
of the affine document, ``linalg.generic #trait %A, %B {...}`` and
``init(...)`` operands of named linalg ops, and the generic form of a branch
whose successor list holds the operands. Each legacy name resolves to a
class whose ``parse`` reads the old syntax into the state of today's op, so
the IR only ever holds today's ops and prints in today's syntax:

    func @f(%a: f32) { %c = constant 1.0 : f32  ...                      (input)
    func.func @f(%arg0: f32) { %0 = arith.constant 1.000000e+00 : f32  ...  (output)

Three parser hooks are used: ``CUSTOM_OP_FALLBACKS`` for names no dialect
defines (``addf``, ``dim``, ``func``...), ``CUSTOM_OP_OVERRIDES`` for names
whose legacy syntax must win over a registered op (``constant``, which the
default ``func`` dialect would read as ``func.constant``; the old
``linalg.generic`` form) and ``GENERIC_OP_OVERRIDES`` for the generic
``"cond_br"``/``"br"``. Legacy types and load/store of the LLVM dialect are
in ``llvm``, the old linalg syntax in ``linalg``; the core
reads the legacy attribute and type syntax itself (bare affine maps,
``{key: value}``, ``offset: ?, strides: [...]``, ``!alias = type T``).

Every legacy spelling is reported where it is read, through
``Parser.legacy_spelling``: a located warning naming today's spelling
(``'constant' is the 2019 spelling of 'arith.constant'``), collected by
``parse_source(..., warnings=[...])`` and printed by ``polymlir opt``; an
error under ``polymlir opt --strict-syntax`` / ``polymlir.parse(...,
strict=True)``. Only the legacy paths call it, so modern input costs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value
from ...ir.opdef import OpDef
from ...ir.registry import lookup_op, registered_op
from ...parser.parser import CUSTOM_OP_FALLBACKS, CUSTOM_OP_OVERRIDES, GENERIC_OP_OVERRIDES, OpState, Parser
from ..arith import ops as arith

__all__ = ["LEGACY_RENAMES", "LegacyOp", "add_attrs", "resolve_legacy_op"]

# Old names whose syntax is today's syntax of the op they became.
LEGACY_RENAMES: dict[str, str] = {
    # standard dialect arithmetic -> arith
    "addf": "arith.addf",
    "subf": "arith.subf",
    "mulf": "arith.mulf",
    "divf": "arith.divf",
    "remf": "arith.remf",
    "negf": "arith.negf",
    "addi": "arith.addi",
    "subi": "arith.subi",
    "muli": "arith.muli",
    "divi_signed": "arith.divsi",
    "divi_unsigned": "arith.divui",
    "remi_signed": "arith.remsi",
    "remi_unsigned": "arith.remui",
    "ceildivi_signed": "arith.ceildivsi",
    "floordivi_signed": "arith.floordivsi",
    "and": "arith.andi",
    "or": "arith.ori",
    "xor": "arith.xori",
    "shift_left": "arith.shli",
    "shift_right_signed": "arith.shrsi",
    "shift_right_unsigned": "arith.shrui",
    "select": "arith.select",
    "index_cast": "arith.index_cast",
    "sitofp": "arith.sitofp",
    "uitofp": "arith.uitofp",
    "fptosi": "arith.fptosi",
    "fptoui": "arith.fptoui",
    "fpext": "arith.extf",
    "fptrunc": "arith.truncf",
    "sexti": "arith.extsi",
    "zexti": "arith.extui",
    "trunci": "arith.trunci",
    # standard dialect math -> math
    "absf": "math.absf",
    "ceilf": "math.ceil",
    "floorf": "math.floor",
    "copysign": "math.copysign",
    "exp": "math.exp",
    "exp2": "math.exp2",
    "log": "math.log",
    "log2": "math.log2",
    "log10": "math.log10",
    "rsqrt": "math.rsqrt",
    "sqrt": "math.sqrt",
    "tanh": "math.tanh",
    "cos": "math.cos",
    "sin": "math.sin",
    # standard dialect memory -> memref
    "load": "memref.load",
    "store": "memref.store",
    "alloc": "memref.alloc",
    "alloca": "memref.alloca",
    "dealloc": "memref.dealloc",
    "memref_cast": "memref.cast",
    "view": "memref.view",
    "subview": "memref.subview",
    "dma_start": "memref.dma_start",
    "dma_wait": "memref.dma_wait",
    "prefetch": "memref.prefetch",
    "assume_alignment": "memref.assume_alignment",
    # standard dialect tensors -> tensor
    "tensor_cast": "tensor.cast",
    "extract_element": "tensor.extract",
    "tensor_from_elements": "tensor.from_elements",
    # standard dialect control flow -> cf / func
    "br": "cf.br",
    "cond_br": "cf.cond_br",
    "return": "func.return",
    "call": "func.call",
    "call_indirect": "func.call_indirect",
    # the affine document's (2018-2019) `for` / `if`, and old terminators
    "for": "affine.for",
    "if": "affine.if",
    "affine.terminator": "affine.yield",
    # the loop dialect became scf
    "loop.for": "scf.for",
    "loop.if": "scf.if",
    "loop.yield": "scf.yield",
    "loop.parallel": "scf.parallel",
    "loop.reduce": "scf.reduce",
    "loop.reduce.return": "scf.reduce.return",
    "loop.terminator": "scf.yield",
}


class LegacyOp:
    """A legacy spelling whose syntax differs from today's op: ``parse``
    reads it and makes ``state`` describe today's op (``state.op_class``)."""

    OP_NAME: str = ""
    default_dialect: str = ""

    @classmethod
    def has_custom_form(cls) -> bool:
        return True

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @staticmethod
    def become(state: OpState, name: str) -> type[OpDef]:
        """Make ``state`` build today's op ``name``."""
        cls = lookup_op(name)
        assert cls is not None, name
        state.name = name
        state.op_class = cls
        return cls


def add_attrs(state: OpState, attrs: dict[str, A.Attribute]) -> None:
    """Attributes of a custom form: inherent ones become properties."""
    props = state.op_class.property_names() if state.op_class is not None else frozenset()
    for k, v in attrs.items():
        (state.properties if k in props else state.attributes)[k] = v


# -- func ----------------------------------------------------------------------------


class LegacyFunc(LegacyOp):
    """``func @f(...)`` (the builtin function of 2019-2020) -> ``func.func``.
    A declaration without a visibility becomes ``private``: legacy external
    functions were public, today a public declaration is invalid."""

    OP_NAME = "func.func"
    default_dialect = "func"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        func = cls.become(state, "func.func")
        func.parse(p, state)
        if not state.regions[0].blocks and "sym_visibility" not in state.properties:
            state.properties["sym_visibility"] = A.StringAttr("private")


# -- standard dialect ops with another syntax today --------------------------------------


def _next_kind(p: Parser) -> str:
    """The kind of the token after the current one (no state change)."""
    return p.lexer.lex(p.end)[0]


def _resolve_constant(p: Parser, name: str) -> type | None:
    """``constant @f : type`` -> func.constant, other constants -> arith.constant.
    Inside a function (default dialect ``func``) ``constant @f`` is today's
    spelling of func.constant; everything else is a legacy spelling."""
    modern = "func.constant" if _next_kind(p) == "@" else "arith.constant"
    if modern == "arith.constant" or p.default_dialects[-1] != "func" or name != "constant":
        p.legacy_spelling(p.start, name, modern)
    return lookup_op(modern)


class LegacyCmp(LegacyOp):
    """``cmpi "slt", %a, %b : i32`` (quoted predicate) -> ``arith.cmpi slt, ...``."""

    MODERN = ""
    PREDICATES: list[str] = []

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        modern = cls.become(state, cls.MODERN)
        if p.kind != "string":
            modern.parse(p, state)
            return
        pos = p.start
        pred = p.parse_string()
        if pred in cls.PREDICATES:
            p.legacy_spelling(pos, f'"{pred}"', pred)
        if pred not in cls.PREDICATES:
            p.error(f"custom op '{cls.MODERN}' unknown comparison predicate \"{pred}\"", pos)
        p.expect(",", "expected ','")
        refs = p.parse_operand_list()
        if len(refs) != 2:
            p.error(f"custom op '{cls.MODERN}' expected 2 operands", pos)
        add_attrs(state, p.parse_optional_attr_dict())
        ty = p.parse_colon_type()
        state.properties["predicate"] = A.IntegerAttr(cls.PREDICATES.index(pred), T.i64)
        state.operands = p.resolve_operands(refs, [ty, ty])
        state.result_types = [_i1_like(ty)]


def _i1_like(t: T.Type) -> T.Type:
    """i1 in the shape of ``t`` (the result of a comparison)."""
    if isinstance(t, T.VectorType):
        return T.VectorType(t.shape, T.i1, t.scalable_dims)
    if isinstance(t, T.RankedTensorType):
        return T.RankedTensorType(t.shape, T.i1, t.encoding)
    if isinstance(t, T.UnrankedTensorType):
        return T.UnrankedTensorType(T.i1)
    return T.i1


class LegacyCmpI(LegacyCmp):
    OP_NAME = MODERN = "arith.cmpi"


class LegacyCmpF(LegacyCmp):
    OP_NAME = MODERN = "arith.cmpf"


def _init_cmp_predicates() -> None:

    LegacyCmpI.PREDICATES = list(arith.CMPI_PREDICATES)
    LegacyCmpF.PREDICATES = list(arith.CMPF_PREDICATES)


class LegacyDim(LegacyOp):
    """``dim %A, 1 : memref<...>`` or ``dim %A, %c1 : tensor<...>`` ->
    ``memref.dim`` / ``tensor.dim``; a literal index becomes an
    ``arith.constant ... : index`` placed just before the op."""

    OP_NAME = "memref.dim"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        old = "std.dim" if p.src.startswith("std.", state.pos) else "dim"
        src = p.parse_operand()
        p.expect(",", "expected ','")
        idx_pos = p.start
        literal = p.parse_integer() if p.kind in ("int", "-") else None
        idx = None if literal is not None else p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        tpos = p.start
        ty = p.parse_colon_type()
        if isinstance(ty, (T.MemRefType, T.UnrankedMemRefType)):
            cls.become(state, "memref.dim")
        elif isinstance(ty, (T.RankedTensorType, T.UnrankedTensorType)):
            cls.become(state, "tensor.dim")
        else:
            p.error(f"custom op 'dim' expected a memref or tensor type, got '{ty}'", tpos + 1)
        p.legacy_spelling(state.pos, old, state.name)
        add_attrs(state, attrs)
        index: Value
        if literal is not None:
            p.legacy_spelling(
                idx_pos,
                f"{state.name} {src[0]}, {literal}",
                f"{state.name} {src[0]}, %c{literal} (with %c{literal} = arith.constant {literal} : index)",
            )
            const = registered_op("arith.constant").create(
                result_types=[T.index], properties={"value": A.IntegerAttr(literal, T.index)}
            )
            const.loc = p.loc_at(idx_pos)
            assert p.cur_block is not None  # an op is being parsed into it
            p.cur_block.append(const)
            index = const.results[0]
        else:
            assert idx is not None  # parsed when there is no literal
            index = p.resolve_operand(idx, T.index)
        state.operands = [p.resolve_operand(src, ty), index]
        state.result_types = [T.index]


class LegacyTensorLoad(LegacyOp):
    """``tensor_load %m : memref<4xf32>`` -> ``bufferization.to_tensor``."""

    OP_NAME = "bufferization.to_tensor"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        cls.become(state, "bufferization.to_tensor")
        ref = p.parse_operand()
        add_attrs(state, p.parse_optional_attr_dict())
        tpos = p.start
        ty = p.parse_colon_type()
        if isinstance(ty, T.MemRefType):
            res: T.Type = T.RankedTensorType(ty.shape, ty.element_type, None)
        elif isinstance(ty, T.UnrankedMemRefType):
            res = T.UnrankedTensorType(ty.element_type)
        else:
            p.error(f"custom op 'tensor_load' expected a memref type, got '{ty}'", tpos + 1)
        state.operands = [p.resolve_operand(ref, ty)]
        state.result_types = [res]


class LegacyTensorStore(LegacyOp):
    """``tensor_store %t, %m : memref<...>`` (LangRef: ``%t to %m``) ->
    ``bufferization.materialize_in_destination %t in writable %m``."""

    OP_NAME = "bufferization.materialize_in_destination"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        cls.become(state, "bufferization.materialize_in_destination")
        t_ref = p.parse_operand()
        if not p.accept_keyword("to"):
            p.expect(",", "expected ',' or 'to'")
        m_ref = p.parse_operand()
        add_attrs(state, p.parse_optional_attr_dict())
        tpos = p.start
        ty = p.parse_colon_type()
        if isinstance(ty, T.MemRefType):
            tt: T.Type = T.RankedTensorType(ty.shape, ty.element_type, None)
        elif isinstance(ty, T.UnrankedMemRefType):
            tt = T.UnrankedTensorType(ty.element_type)
        else:
            p.error(f"custom op 'tensor_store' expected a memref type, got '{ty}'", tpos + 1)
        state.properties["writable"] = A.UNIT
        state.operands = [p.resolve_operand(t_ref, tt), p.resolve_operand(m_ref, ty)]


# -- the 2019 generic form of branches -------------------------------------------------------

_SUCC_WITH_OPERANDS = re.compile(r"\^[\w$.\-]+\s*\(")


def _parse_legacy_generic_branch(p: Parser, name: str, name_pos: int, num_results: int) -> Operation | None:
    """``"cond_br"(%c)[^bb1, ^bb2(%v : index)] : (i1) -> ()``: the 2019
    generic form kept a successor's operands in the successor list; today
    they are operands (``cf.cond_br`` splits them with operandSegmentSizes).
    None when no successor carries operands (then the name is an ordinary
    unregistered op)."""
    if p.kind != "(":
        return None
    lbrack = p.lexer.lex(p.balanced_body(p.start))
    if lbrack[0] != "[":
        return None
    end = p.balanced_body(lbrack[1])
    if not _SUCC_WITH_OPERANDS.search(p.src, lbrack[1], end):
        return None
    modern = "cf.br" if name in ("br", "std.br") else "cf.cond_br"
    p.legacy_spelling(name_pos, f'"{name}"', f'"{modern}"')
    p.expect("(", "expected '(' to start operand list")
    refs = [] if p.accept(")") else p.parse_operand_list()
    if refs:
        p.expect(")", "expected ')' to end operand list")
    p.expect("[", "expected '['")
    successors: list = []
    groups: list[list] = []
    while True:
        successors.append(p.parse_successor())
        group: list = []
        if p.accept("("):
            g_refs = p.parse_operand_list()
            g_pos = p.start
            group = p.resolve_operands(g_refs, p.parse_colon_type_list(), g_pos)
            p.expect(")", "expected ')' to end the successor's operands")
        groups.append(group)
        if not p.accept(","):
            break
    p.expect("]", "expected ']' to end the successor list")
    attrs = p.parse_optional_attr_dict()
    p.expect(":", "expected ':' followed by operation type")
    tpos = p.start
    ftype = p.parse_type()
    if not isinstance(ftype, T.FunctionType) or ftype.results:
        p.error("expected a function type with no results", tpos)
    if len(ftype.inputs) != len(refs):
        p.error(f"expected {len(refs)} operand types but had {len(ftype.inputs)}", tpos)
    want = 1 if modern == "cf.br" else 2
    if len(successors) != want or len(refs) != want - 1:
        p.error(f"'{name}' takes {want - 1} operand(s) and {want} successor(s)", name_pos)
    operands = p.resolve_operands(refs, list(ftype.inputs)) + [v for g in groups for v in g]
    props = (
        {}
        if modern == "cf.br"
        else {"operandSegmentSizes": A.DenseArrayAttr(T.i32, (1, len(groups[0]), len(groups[1])))}
    )
    return registered_op(modern).create(
        operands=operands,
        successors=successors,
        attributes=attrs,
        properties=props,
    )


_LEGACY_CLASSES: dict[str, type[LegacyOp]] = {
    "func": LegacyFunc,
    "cmpi": LegacyCmpI,
    "cmpf": LegacyCmpF,
    "dim": LegacyDim,
    "tensor_load": LegacyTensorLoad,
    "tensor_store": LegacyTensorStore,
}
_LEGACY_RESOLVERS: dict[str, Callable[[Parser, str], type | None]] = {
    "constant": _resolve_constant,
}


# The affine document's `for` / `if` predate 2019.
_YEARS = {"for": 2018, "if": 2018}


def resolve_legacy_op(p: Parser, name: str) -> type | None:
    """The class that parses legacy op ``name`` (``std.`` prefix allowed),
    or None when ``name`` is no legacy spelling; the parser is at the name,
    and a legacy name is reported there (``dim``: once its type is read)."""
    written = name
    if name.startswith("std."):
        name = name[4:]
    cls = _LEGACY_CLASSES.get(name)
    if cls is not None:
        if cls is not LegacyDim:
            p.legacy_spelling(p.start, written, cls.OP_NAME)
        return cls
    fn = _LEGACY_RESOLVERS.get(name)
    if fn is not None:
        return fn(p, written)
    new = LEGACY_RENAMES.get(name)
    if new is None:
        return None
    p.legacy_spelling(p.start, written, new, _YEARS.get(name, 2019))
    return lookup_op(new)


_init_cmp_predicates()
CUSTOM_OP_FALLBACKS.append(resolve_legacy_op)
# Inside a function `constant` would otherwise be read as func.constant.
CUSTOM_OP_OVERRIDES["constant"] = _resolve_constant
for _name in ("br", "cond_br", "std.br", "std.cond_br"):
    GENERIC_OP_OVERRIDES[_name] = _parse_legacy_generic_branch
