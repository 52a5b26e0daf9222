"""``convert-linalg-to-std``: structured linalg ops on buffers become calls
to external library functions, as upstream's pass does (seed 001, property
5: "May Map To an External Library Call").

The callee is a ``linalg.generic``'s ``library_call`` attribute, or for a
named op upstream's mangled name (``generateLibraryCallName``):
``linalg_matmul_view4x8xf32_view8x16xf32_view4x16xf32`` -- the op name with
``.`` as ``_``, then each operand type (``view`` + sizes, ``s`` for a
dynamic one, + element type; scalars by their type). Each memref operand is
cast to the fully dynamic strided layout (``memref<4x8xf32, strided<[?, ?],
offset: ?>>``: a library sees one ABI whatever the caller's layout), and a
``func.func private`` declaration with ``llvm.emit_c_interface`` is added
to the module once per callee (before its last op, as upstream does), so that the LLVM lowering calls
``_mlir_ciface_<name>`` with descriptor pointers (see
``polymlir.codegen.library`` for binding such calls to Python functions).

Options (the first is upstream's behaviour, the others polymlir's):
``named-ops`` restricts the named ops converted (default: all);
``library-call-only`` converts only ops that carry a ``library_call``.
Unlike upstream, a ``linalg.generic`` without ``library_call`` is left in
place for the loop lowerings (upstream calls a function named
``op_has_no_registered_library_name``), and ops on tensors are reported
(upstream fails without saying why).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...dialects.builtin import ModuleOp
from ...dialects.func import CallOp, FuncOp
from ...dialects.linalg import structured as L
from ...dialects.linalg.contract import ContractOp, ElementwiseOp
from ...dialects.linalg.custom_form import BroadcastOp, MapOp, ReduceOp, TransposeOp
from ...dialects.llvm import LLVMFuncOp
from ...dialects.memref.ops import CastOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Region
from ...ir.diagnostics import DiagnosticError
from ...ir.symbol_table import lookup_in
from ..passes.manager import MODULE, ModulePass, PassContext, register_pass
from .generalize import structured_ops
from .to_loops import check_buffer_semantics

__all__ = [
    "C_INTERFACE",
    "mangled_type",
    "library_call_name",
    "ambiguity",
    "erase_strided_layout",
    "convert_to_library_calls",
    "ConvertLinalgToStd",
]

C_INTERFACE = "llvm.emit_c_interface"


def mangled_type(t: T.Type) -> str | None:
    """Upstream's ``appendMangledType``; None for a type it cannot name."""
    if isinstance(t, T.MemRefType):
        inner = mangled_type(t.element_type)
        if inner is None:
            return None
        s = "view" + "".join("sx" if d == T.DYNAMIC else f"{d}x" for d in t.shape) + inner
        if t.memory_space is not None:
            if not isinstance(t.memory_space, A.IntegerAttr):
                return None
            s += f"as{t.memory_space.value}"
        return s
    if isinstance(t, T.VectorType):
        inner = mangled_type(t.element_type)
        return None if inner is None else "vector" + "x".join(str(d) for d in t.shape) + inner
    if isinstance(t, (T.IntegerType, T.IndexType)) or _is_float(t):
        if isinstance(t, T.IntegerType) and getattr(t, "signedness", None) not in (None, "signless", ""):
            return None
        return str(t)
    return None


def _is_float(t: T.Type) -> bool:
    return isinstance(t, T.FloatType) or type(t).__name__.endswith("FloatType")


def library_call_name(op: Operation) -> str | None:
    """The function ``op`` calls: a generic's ``library_call``, a named op's
    mangled name; None when there is none (or a type cannot be mangled)."""
    if isinstance(op, L.GenericOp):
        a = op.props.get("library_call")
        return a.value if isinstance(a, A.StringAttr) else None
    parts = []
    for v in op.operands:
        m = mangled_type(v.type)
        if m is None:
            return None
        parts.append(m)
    return op.name.replace(".", "_") + "_" + "_".join(parts)


# What the library name of these ops would leave out (by op class).
_NOT_IN_NAME: dict[type[Operation], str] = {
    MapOp: "payload region",
    ReduceOp: "payload region and dimensions",
    TransposeOp: "permutation",
    BroadcastOp: "dimensions",
    ElementwiseOp: "kind",
    ContractOp: "indexing maps",
}


def ambiguity(op: Operation) -> str | None:
    """Why the mangled name of named op ``op`` would not say what it
    computes (a library implementing the name could compute something
    else), or None. Upstream names such ops anyway (strided convolutions
    get the name of unit-stride ones) or calls
    ``op_has_no_registered_library_name``; polymlir leaves them to the loop
    lowerings."""
    if isinstance(op, L.GenericOp):
        return None
    what = _NOT_IN_NAME.get(type(op))
    if what is not None:
        return f"the library name of '{op.name}' would not carry its {what}"
    props = op.props
    for key in ("strides", "dilations"):
        a = props.get(key)
        if isinstance(a, A.DenseElementsAttr) and any(v != 1 for v in _int_values(a)):
            return f"the library name of '{op.name}' would not carry its {key}"
    if "cast" in props and "cast_unsigned" in str(props["cast"]):
        return f"the library name of '{op.name}' would not carry its unsigned cast"
    maps = props.get("indexing_maps")
    if isinstance(maps, A.ArrayAttr) and hasattr(op, "default_indexing_maps"):
        if [m.value for m in maps] != op.default_indexing_maps():
            return f"the library name of '{op.name}' would not carry its indexing maps"
    return None


def _int_values(a: A.DenseElementsAttr) -> list[int]:
    return [int(v) for v in a.data]


def erase_strided_layout(t: T.MemRefType) -> T.MemRefType:
    """``t`` with the fully dynamic strided layout (upstream's
    ``eraseStridedLayout``): static sizes kept."""
    layout = A.StridedLayoutAttr(tuple([T.DYNAMIC] * len(t.shape)), T.DYNAMIC)
    return T.MemRefType(t.shape, t.element_type, layout, t.memory_space)


def _call_type(v_type: T.Type) -> T.Type:
    return erase_strided_layout(v_type) if isinstance(v_type, T.MemRefType) else v_type


def _module_of(op: Operation) -> Operation:
    m = op
    while m.parent_op is not None:
        m = m.parent_op
        if isinstance(m, ModuleOp):
            return m
    raise DiagnosticError(f"'{op.name}' op is not inside a module: cannot declare its library function", op.loc)


class _Declarations:
    """Declares library functions in a module where upstream does: before
    the module's last op (upstream inserts "before the module terminator",
    which a module no longer has), in creation order."""

    def ensure(self, module: Operation, name: str, ftype: T.FunctionType, at: Operation) -> None:
        block = module.regions[0].blocks[0]
        o = lookup_in(module, name)
        if isinstance(o, (FuncOp, LLVMFuncOp)):
            got = o.props.get("function_type")
            if isinstance(o, FuncOp) and isinstance(got, A.TypeAttr) and got.value != ftype:
                raise DiagnosticError(
                    f"library function '@{name}' exists with type {got.value}, but '{at.name}' calls it with {ftype}",
                    at.loc,
                )
            return
        decl = FuncOp.create(
            properties={
                "sym_name": A.StringAttr(name),
                "function_type": A.TypeAttr(ftype),
                "sym_visibility": A.StringAttr("private"),
            },
            attributes={C_INTERFACE: A.UNIT},
            regions=[Region()],
            loc=at.loc,
        )
        if block.operations:
            block.insert_before(block.operations[-1], decl)
        else:
            block.append(decl)


def convert_op_to_call(op: Operation, decls: _Declarations | None = None) -> Operation:
    """Replace structured op ``op`` by a ``func.call`` of its library
    function (declared if needed); returns the call."""
    name = library_call_name(op)
    if name is None:
        raise DiagnosticError(
            f"'{op.name}' op has no library call name (no library_call, or unmangleable types)", op.loc
        )
    check_buffer_semantics(op, "lowering to a library call")
    operands = list(op.operands)
    ftype = T.FunctionType(tuple(_call_type(v.type) for v in operands), ())
    (decls or _Declarations()).ensure(_module_of(op), name, ftype, op)
    b = Builder.before(op)
    args = [b.value(CastOp, [v], _call_type(v.type)) if isinstance(v.type, T.MemRefType) else v for v in operands]
    call = b.create(CallOp, args, [], properties={"callee": A.SymbolRefAttr(name)})
    op.erase()
    return call


def convert_to_library_calls(
    root: Operation,
    named_ops: tuple[str, ...] = (),
    library_call_only: bool = False,
    ctx: PassContext | None = None,
    callees: frozenset[str] | None = None,
) -> list[Operation]:
    """Convert the structured ops under ``root`` to library calls: every
    generic with a ``library_call`` and, unless ``library_call_only``, every
    named op (only those named in ``named_ops`` when given, e.g.
    ``("linalg.matmul",)``). A named op whose library name would not say
    what it computes (see `ambiguity`) is left in place with a remark, or
    refused when ``named_ops`` asks for it. With ``callees``, exactly the
    ops whose library name is in it are converted (ambiguous ones left).
    Returns the calls."""
    chosen = []
    for op in structured_ops(root):
        if callees is not None:
            if library_call_name(op) in callees and ambiguity(op) is None:
                chosen.append(op)
            continue
        if isinstance(op, L.GenericOp):
            if op.props.get("library_call") is None:
                continue
        elif library_call_only or (named_ops and op.name not in named_ops):  # the names the user asked for
            continue
        why = ambiguity(op)
        if why is not None:
            if named_ops:
                raise DiagnosticError(f"cannot call a library for '{op.name}': {why}", op.loc)
            if ctx is not None:
                ctx.missed(op, f"left for the loop lowering: {why}")
            continue
        chosen.append(op)
    for op in chosen:
        check_buffer_semantics(op, "lowering to a library call")
    decls = _Declarations()
    return [convert_op_to_call(op, decls) for op in chosen]


@register_pass
@dataclass(frozen=True)
class ConvertLinalgToStd(ModulePass):
    name: ClassVar[str] = "convert-linalg-to-std"
    anchor: ClassVar[str] = MODULE  # it declares functions in the module
    summary: ClassVar[str] = "Convert linalg ops on buffers into calls of external library functions"
    named_ops: tuple[str, ...] = field(
        default=(), metadata={"help": "named ops to convert (e.g. matmul,fill); default: all"}
    )
    library_call_only: bool = field(
        default=False, metadata={"help": "convert only linalg.generic ops that carry a library_call"}
    )

    def run(self, op: Operation, ctx: PassContext) -> None:
        names = tuple(n if n.startswith("linalg.") else f"linalg.{n}" for n in self.named_ops)
        convert_to_library_calls(op, names, self.library_call_only, ctx)
