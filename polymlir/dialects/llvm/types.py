"""Types of the LLVM dialect, with their parser.

Every class is a frozen, hashable ``Type``; ``str(t)`` gives upstream's
spelling. Inside another LLVM type, nested LLVM types print unqualified
(``!llvm.struct<(i32, ptr, array<2 x f32>)>``), as upstream prints them.

Builders (all plain constructors)::

    LLVMPointerType()                      !llvm.ptr
    LLVMPointerType(1)                     !llvm.ptr<1>
    LLVMStructType((T.i32, T.f32))         !llvm.struct<(i32, f32)>
    LLVMStructType((T.i8,), packed=True)   !llvm.struct<packed (i8)>
    LLVMStructType.identified("s", (T.i32,))   !llvm.struct<"s", (i32)>
    LLVMStructType.opaque_named("s")       !llvm.struct<"s", opaque>
    LLVMArrayType(T.i32, 4)                !llvm.array<4 x i32>
    LLVMFunctionType(T.i32, (PTR,), True)  !llvm.func<i32 (ptr, ...)>
    VOID, TOKEN, LABEL, METADATA, X86_AMX, PPC_FP128
    LLVMTargetExtType("spirv.Image", (VOID,), (0, 1))

Vectors are builtin ``vector<...>`` types; their elements may be LLVM
pointers (``vector<4x!llvm.ptr>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeGuard

from ...ir import attributes as A
from ...ir import types as T
from ...parser.attr_parser import DIALECT_TYPE_PARSERS


class LLVMType(T.Type):
    """Base class of the LLVM dialect's own types."""

    __slots__ = ()

    def print(self, p) -> str:
        return "!llvm." + self.body(p)

    def body(self, p) -> str:  # pragma: no cover - abstract
        """The spelling without the ``!llvm.`` prefix (used when nested)."""
        raise NotImplementedError


def nested_type_str(t: T.Type, p) -> str:
    """``t`` as upstream prints it inside an LLVM type."""
    return t.body(p) if isinstance(t, LLVMType) else p.type(t)


@dataclass(frozen=True, slots=True, repr=False)
class LLVMVoidType(LLVMType):
    def body(self, p) -> str:
        return "void"


@dataclass(frozen=True, slots=True, repr=False)
class LLVMTokenType(LLVMType):
    def body(self, p) -> str:
        return "token"


@dataclass(frozen=True, slots=True, repr=False)
class LLVMLabelType(LLVMType):
    def body(self, p) -> str:
        return "label"


@dataclass(frozen=True, slots=True, repr=False)
class LLVMMetadataType(LLVMType):
    def body(self, p) -> str:
        return "metadata"


@dataclass(frozen=True, slots=True, repr=False)
class LLVMX86AMXType(LLVMType):
    def body(self, p) -> str:
        return "x86_amx"


@dataclass(frozen=True, slots=True, repr=False)
class LLVMPPCFP128Type(LLVMType):
    def body(self, p) -> str:
        return "ppc_fp128"


VOID = LLVMVoidType()
TOKEN = LLVMTokenType()
LABEL = LLVMLabelType()
METADATA = LLVMMetadataType()
X86_AMX = LLVMX86AMXType()
PPC_FP128 = LLVMPPCFP128Type()


@dataclass(frozen=True, slots=True, repr=False)
class LLVMPointerType(LLVMType):
    """An opaque pointer in an address space."""

    address_space: int = 0
    VECTOR_ELEMENT: ClassVar[bool] = True  # may be a builtin vector's element

    def body(self, p) -> str:
        return "ptr" if self.address_space == 0 else f"ptr<{self.address_space}>"


PTR = LLVMPointerType()


@dataclass(frozen=True, slots=True, repr=False)
class LLVMArrayType(LLVMType):
    element_type: T.Type
    num_elements: int

    def body(self, p) -> str:
        return f"array<{self.num_elements} x {nested_type_str(self.element_type, p)}>"

    def children(self):
        yield self.element_type


@dataclass(frozen=True, slots=True, repr=False)
class LLVMFunctionType(LLVMType):
    """``!llvm.func<ret (params, ...)>``; ``VOID`` return means no result.

    ``inputs``/``results`` mirror the builtin FunctionType's interface."""

    return_type: T.Type
    params: tuple[T.Type, ...] = ()
    is_var_arg: bool = False

    def body(self, p) -> str:
        ps = [nested_type_str(t, p) for t in self.params]
        if self.is_var_arg:
            ps.append("...")
        return f"func<{nested_type_str(self.return_type, p)} ({', '.join(ps)})>"

    def children(self):
        yield self.return_type
        yield from self.params

    @property
    def inputs(self) -> tuple[T.Type, ...]:
        return self.params

    @property
    def results(self) -> tuple[T.Type, ...]:
        return () if isinstance(self.return_type, LLVMVoidType) else (self.return_type,)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class LLVMStructType(LLVMType):
    """A literal struct (``name`` None, compared structurally) or an
    identified one (compared by name). An identified struct with ``body``
    None and not ``opaque`` is a reference to the enclosing definition of
    that name (``struct<"n">``, used for recursive types)."""

    body_types: tuple[T.Type, ...] | None = ()
    packed: bool = False
    name: str | None = None
    opaque: bool = False

    @staticmethod
    def identified(name: str, body: tuple[T.Type, ...], packed: bool = False) -> LLVMStructType:
        return LLVMStructType(tuple(body), packed, name)

    @staticmethod
    def opaque_named(name: str) -> LLVMStructType:
        return LLVMStructType(None, False, name, True)

    @property
    def is_identified(self) -> bool:
        return self.name is not None

    @property
    def fields(self) -> tuple[T.Type, ...]:
        return self.body_types or ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LLVMStructType):
            return False
        if self.name is not None or other.name is not None:
            return self.name == other.name
        return self.body_types == other.body_types and self.packed == other.packed

    def __hash__(self) -> int:
        if self.name is not None:
            return hash(("llvm.struct", self.name))
        return hash((self.body_types, self.packed))

    def body(self, p) -> str:
        elems = "(" + ", ".join(nested_type_str(t, p) for t in self.fields) + ")"
        pk = "packed " if self.packed else ""
        if self.name is None:
            return f"struct<{pk}{elems}>"
        head = "struct<" + A.quote(self.name)
        if self.opaque:
            return head + ", opaque>"
        if self.body_types is None:
            return head + ">"
        return f"{head}, {pk}{elems}>"

    def children(self):
        return iter(self.fields)


@dataclass(frozen=True, slots=True, repr=False)
class LLVMTargetExtType(LLVMType):
    """``!llvm.target<"name", types..., ints...>`` (parameters print qualified)."""

    name: str
    type_params: tuple[T.Type, ...] = ()
    int_params: tuple[int, ...] = ()

    def body(self, p) -> str:
        parts = [A.quote(self.name)] + [p.type(t) for t in self.type_params] + [str(i) for i in self.int_params]
        return "target<" + ", ".join(parts) + ">"

    def children(self):
        return iter(self.type_params)


# -- predicates used by verifiers ---------------------------------------------

_LLVM_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128", "tf32"})


def is_llvm_float(t: T.Type) -> bool:
    return (isinstance(t, T.FloatType) and t.name in _LLVM_FLOATS) or isinstance(t, LLVMPPCFP128Type)


def is_compatible_vector(t: T.Type) -> TypeGuard[T.VectorType]:
    return (
        isinstance(t, T.VectorType)
        and len(t.shape) == 1
        and (isinstance(t.element_type, (T.IntegerType, LLVMPointerType)) or is_llvm_float(t.element_type))
    )


def is_compatible_type(t: T.Type) -> bool:
    """Upstream's ``LLVM::isCompatibleType``: types LLVM IR can represent."""
    if isinstance(t, LLVMType):
        if isinstance(t, LLVMStructType):
            return all(is_compatible_type(e) for e in t.fields)
        if isinstance(t, LLVMArrayType):
            return is_compatible_type(t.element_type)
        if isinstance(t, LLVMFunctionType):
            return is_compatible_type(t.return_type) and all(is_compatible_type(e) for e in t.params)
        return True
    if isinstance(t, T.IntegerType):
        return t.signedness == ""
    if isinstance(t, T.VectorType):
        return is_compatible_vector(t)
    return is_llvm_float(t)


def element_or_self(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.VectorType) else t


# -- parsing ------------------------------------------------------------------

_KEYWORD_TYPES: dict[str, LLVMType] = {
    "void": VOID,
    "token": TOKEN,
    "label": LABEL,
    "metadata": METADATA,
    "x86_amx": X86_AMX,
    "ppc_fp128": PPC_FP128,
}
_MNEMONICS = frozenset(_KEYWORD_TYPES) | {"ptr", "struct", "array", "func", "target"}


def parse_nested_type(p) -> T.Type:
    """A type inside an LLVM type: LLVM types may appear unqualified."""
    if p.kind == "bare" and p.text in _MNEMONICS:
        mn, pos = p.text, p.start
        p.advance()
        return _parse_body(p, mn, pos)
    return p.parse_type()


# Spelling -> type, for types without identified structs (those are checked
# per parsed buffer); lowered IR repeats the same descriptor types a lot.
_CACHE: dict[str, T.Type] = {}


def _parse_llvm_type(p, name: str) -> T.Type:
    mn = name[len("llvm.") :]
    pos = p.start
    src = p.src
    end = p.end
    if end < len(src) and src[end] == "<":
        end = p.balanced_body(end)
    text = src[pos:end]
    t = _CACHE.get(text)
    if t is not None:
        p.reset(end)
        return t
    if mn not in _MNEMONICS:
        p.error(f"unknown LLVM type: {mn}", pos + len("!llvm."))
    p.advance()
    t = _parse_body(p, mn, pos)
    if '"' not in text and len(_CACHE) < 4096:
        _CACHE[text] = t
    return t


def _invalid_element(t: T.Type) -> bool:
    return isinstance(t, (LLVMVoidType, LLVMLabelType, LLVMMetadataType, LLVMFunctionType, LLVMTokenType))


def _parse_body(p, mn: str, pos: int) -> T.Type:
    kw = _KEYWORD_TYPES.get(mn)
    if kw is not None:
        return kw
    if mn == "ptr":
        if p.accept("<"):
            n = p.parse_integer(False, "expected integer value")
            p.expect(">", "expected '>'")
            return LLVMPointerType(n)
        return PTR
    lt = p.expect("<", "expected '<'")
    if mn == "array":
        n = p.parse_integer(False, "expected integer value")
        if p.kind == "bare" and p.text.startswith("x") and len(p.text) > 1:
            p.reset(p.start + 1)  # `4 xi32`
        else:
            p.expect_keyword("x")
        et = parse_nested_type(p)
        p.expect(">", "expected '>'")
        if _invalid_element(et):
            p.error(f"invalid array element type: '{et}'", lt)
        return LLVMArrayType(et, n)
    if mn == "func":
        ret = parse_nested_type(p)
        if isinstance(ret, (LLVMFunctionType, LLVMMetadataType, LLVMLabelType)):
            p.error(f"invalid function result type: '{ret}'", lt)
        p.expect("(", "expected '('")
        params: list[T.Type] = []
        vararg = False
        if not p.accept(")"):
            while True:
                if p.accept("..."):
                    vararg = True
                    p.expect(")", "expected ')'")
                    break
                params.append(parse_nested_type(p))
                if p.accept(")"):
                    break
                p.expect(",", "expected ',' or ')'")
        p.expect(">", "expected '>'")
        for t in params:
            if isinstance(t, (LLVMVoidType, LLVMFunctionType)):
                p.error(f"invalid function argument type: '{t}'", lt)
        return LLVMFunctionType(ret, tuple(params), vararg)
    if mn == "struct":
        name = None
        if p.kind == "string":
            name = p.parse_string()
            if p.accept(">"):
                return LLVMStructType(None, False, name)
            p.expect(",", "expected ',' or '>'")
            if p.accept_keyword("opaque"):
                p.expect(">", "expected '>'")
                return LLVMStructType(None, False, name, True)
        packed = p.accept_keyword("packed")
        p.expect("(", "expected '('")
        body_pos = p.start
        body: list[T.Type] = []
        if not p.accept(")"):
            body = p.parse_comma_list(lambda: parse_nested_type(p))
            p.expect(")", "expected ')'")
        p.expect(">", "expected '>'")
        for t in body:
            if _invalid_element(t):
                p.error(f"invalid LLVM structure element type: '{t}'", lt)
        st = LLVMStructType(tuple(body), packed, name)
        if name is not None:
            # Identified structs are unique per context (here: per parsed buffer).
            known = p.__dict__.setdefault("_llvm_identified_structs", {})
            prev = known.setdefault(name, (st.body_types, packed))
            if prev != (st.body_types, packed):
                p.error("identified type already used with a different body", body_pos)
        return st
    # target extension type
    tname = p.parse_string("expected string")
    types: list[T.Type] = []
    ints: list[int] = []
    while p.accept(","):
        if p.kind == "int":
            ints.append(p.parse_integer(False))
        elif ints:
            p.error("failed to parse parameter list for target extension type")
        else:
            types.append(p.parse_type())
    p.expect(">", "expected '>'")
    return LLVMTargetExtType(tname, tuple(types), tuple(ints))


DIALECT_TYPE_PARSERS["llvm"] = _parse_llvm_type
