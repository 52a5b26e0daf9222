"""The parts of upstream's gpu dialect that programs around affine loops
use: the kernel container and function (``gpu.module``, ``gpu.func``,
``gpu.return``), the launch region (``gpu.launch``, ``gpu.terminator``),
thread and block indices, and device memory (``gpu.alloc``,
``gpu.dealloc``, ``gpu.memcpy``, ``gpu.wait``) with async tokens
(``!gpu.async.token``).

polymlir does not lower these ops; they parse, verify, print as mlir-opt
prints them, and hold affine code that the loop passes transform. The
memory ops and ``gpu.launch`` have no declared effects, so analyses treat
them as unknown (conservatively)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.fields import operand_def, opt_operand_def, prop_def, region_def, var_operand_def, var_result_def
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import (
    AFFINE_SCOPE,
    AUTOMATIC_ALLOCATION_SCOPE,
    FUNCTION_OP_INTERFACE,
    ISOLATED_FROM_ABOVE,
    NO_TERMINATOR,
    PURE,
    RETURN_LIKE,
    SINGLE_BLOCK,
    SYMBOL,
    SYMBOL_TABLE,
    TERMINATOR,
    has_parent,
)
from .function_like import parse_function_like, print_function_like

ASYNC_TOKEN = T.OpaqueType("gpu.async.token")
DIMS = ("x", "y", "z")
KERNEL_ATTR = "gpu.kernel"
WORKGROUP_ATTRIBUTIONS = "workgroup_attributions"


def dim_attr(d: str) -> A.Attribute:
    """``#gpu<dim x>``."""
    return A.OpaqueAttr(f"gpu<dim {d}>")


def _segments(*sizes: int) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i32, tuple(sizes))


def _parse_async(p) -> tuple[bool, list]:
    """``[async] [[%dep, ...]]``: whether the op returns a token, and the
    tokens it waits for (unresolved)."""
    is_async = p.accept_keyword("async")
    deps: list = []
    if p.accept("["):
        if not p.accept("]"):
            deps = p.parse_comma_list(p.parse_operand)
            p.expect("]", "expected ']'")
    return is_async, deps


def _print_async(p, is_async: bool, deps) -> None:
    """As upstream's AsyncDependencies directive, after the op's own space
    (so ``gpu.alloc  ()`` has two when it is neither async nor waits)."""
    p.write(" " + ("async" if is_async else ""))
    if deps:
        p.write((" " if is_async else "") + "[" + ", ".join(p.value_name(v) for v in deps) + "]")


@register_op
class GPUModuleOp(OpDef):
    """A symbol table of kernels: ``gpu.module @name { gpu.func ... }``."""

    __slots__ = ()
    OP_NAME = "gpu.module"
    traits = frozenset({ISOLATED_FROM_ABOVE, SYMBOL_TABLE, SYMBOL, NO_TERMINATOR, SINGLE_BLOCK})
    sym_name = prop_def(C.SymbolNameAttr)
    body = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        state.properties["sym_name"] = A.StringAttr(p.parse_symbol_name())
        state.attributes.update(p.parse_optional_attr_dict_with_keyword())
        state.regions.append(p.parse_region(entry_args=[]))

    def print_custom(self, p) -> None:
        p.write(" " + A.SymbolRefAttr(self.sym_name.value).print(p))
        p.print_optional_attr_dict_with_keyword(dict(self.attributes))
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=False)


@register_op
class GPUFuncOp(OpDef):
    """A function inside a ``gpu.module``; ``kernel`` marks an entry point."""

    __slots__ = ()
    OP_NAME = "gpu.func"
    traits = frozenset(
        {
            ISOLATED_FROM_ABOVE,
            SYMBOL,
            AFFINE_SCOPE,
            FUNCTION_OP_INTERFACE,
            AUTOMATIC_ALLOCATION_SCOPE,
            has_parent("gpu.module"),
        }
    )
    function_type = prop_def(C.FunctionTypeAttr)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    body = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        def after(p, state, facts) -> None:
            if p.kind == "bare" and p.text in ("workgroup", "private"):
                p.error("gpu.func memory attributions (workgroup, private) are not supported")
            if p.accept_keyword("kernel"):
                state.attributes[KERNEL_ATTR] = A.UNIT

        parse_function_like(p, state, visibility_keyword=False, after_signature=after)
        # Upstream keeps the name and the attribution count as attributes.
        state.attributes["sym_name"] = state.properties.pop("sym_name")
        state.attributes.setdefault(WORKGROUP_ATTRIBUTIONS, A.IntegerAttr(0, T.i64))

    def print_custom(self, p) -> None:
        kernel = KERNEL_ATTR in self.attributes

        def after(p) -> None:
            if kernel:
                p.write(" kernel")

        # print_function_like reads the name from the properties and prints
        # the remaining attributes: lend it the name, hide what the syntax says.
        saved = dict(self.attributes)
        props = self.props
        try:
            props["sym_name"] = self.attributes.pop("sym_name")
            self.attributes.pop(KERNEL_ATTR, None)
            wa = self.attributes.get(WORKGROUP_ATTRIBUTIONS)
            if isinstance(wa, A.IntegerAttr) and wa.value == 0:
                del self.attributes[WORKGROUP_ATTRIBUTIONS]
            print_function_like(self, p, visibility_keyword=False, after_signature=after)
        finally:
            props.pop("sym_name", None)
            self.attributes.clear()
            self.attributes.update(saved)

    @property
    def type(self) -> T.FunctionType:
        t = self.function_type.value
        assert isinstance(t, T.FunctionType)  # the FunctionTypeAttr constraint
        return t

    def verify_(self) -> None:
        if not self.regions[0].blocks:
            raise self.op_error("expected body with at least one block")
        entry = self.regions[0].blocks[0]
        if [a.type for a in entry.arguments] != list(self.type.inputs):
            raise self.op_error("entry block arguments must match the function signature")


@register_op
class GPUReturnOp(OpDef):
    """Returns from a ``gpu.func``."""

    __slots__ = ()
    OP_NAME = "gpu.return"
    traits = frozenset({TERMINATOR, PURE, RETURN_LIKE, has_parent("gpu.func")})
    operands = var_operand_def()
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    def verify_(self) -> None:
        fn = self.parent_op
        assert isinstance(fn, GPUFuncOp)  # the HasParent trait
        if [v.type for v in self.operands] != list(fn.type.results):
            raise self.op_error("returned values do not match the function's result types")


@register_op
class TerminatorOp(OpDef):
    """Ends the body of a ``gpu.launch``."""

    __slots__ = ()
    OP_NAME = "gpu.terminator"
    traits = frozenset({TERMINATOR, PURE, has_parent("gpu.launch")})
    assembly_format = "attr-dict"


class _IndexOp(OpDef):
    """``gpu.thread_id x`` and its kin: one index along a dimension."""

    __slots__ = ()
    traits = frozenset({PURE})
    dimension = prop_def(C.AnyAttr)
    upper_bound = prop_def(C.AnyAttr, optional=True)
    result = var_result_def()

    @property
    def dim(self) -> str:
        """``x``, ``y`` or ``z``."""
        d = self.dimension
        return d.text[len("gpu<dim ") : -1] if isinstance(d, A.OpaqueAttr) else "?"

    def asm_result_names(self):
        return [f"{self.name[4:]}_{self.dim}"]

    @classmethod
    def parse(cls, p, state) -> None:
        pos = p.start
        if not (p.kind == "bare" and p.text in DIMS):
            p.error("expected one of x, y, z", pos)
        state.properties["dimension"] = dim_attr(p.text)
        p.advance()
        if p.accept_keyword("upper_bound"):
            state.properties["upper_bound"] = A.IntegerAttr(p.parse_integer(), T.index)
        state.attributes.update(p.parse_optional_attr_dict())
        state.result_types = [T.index]

    def print_custom(self, p) -> None:
        # mlir-opt prints the dimension attribute after a space of its own.
        p.write("  " + self.dim)
        ub = self.upper_bound
        if isinstance(ub, A.IntegerAttr):
            p.write(f" upper_bound {ub.value}")
        p.print_optional_attr_dict(dict(self.attributes))


for _name in ("thread_id", "block_id", "block_dim", "grid_dim", "cluster_id", "cluster_dim", "global_id"):
    register_op(type(f"{_name.title().replace('_', '')}Op", (_IndexOp,), {"__slots__": (), "OP_NAME": f"gpu.{_name}"}))


@register_op
class LaunchOp(OpDef):
    """A kernel launched inline: ``gpu.launch blocks(%bx, %by, %bz) in (%gx
    = %a, ...) threads(%tx, %ty, %tz) in (%sx = %b, ...) { ... }``; the body's
    twelve index arguments are the block ids, thread ids, grid sizes and
    block sizes."""

    __slots__ = ()
    OP_NAME = "gpu.launch"
    traits = frozenset({AFFINE_SCOPE, AUTOMATIC_ALLOCATION_SCOPE})
    asyncDependencies = var_operand_def()
    gridSizeX = operand_def(C.Index)
    gridSizeY = operand_def(C.Index)
    gridSizeZ = operand_def(C.Index)
    blockSizeX = operand_def(C.Index)
    blockSizeY = operand_def(C.Index)
    blockSizeZ = operand_def(C.Index)
    clusterSizeX = opt_operand_def(C.Index)
    clusterSizeY = opt_operand_def(C.Index)
    clusterSizeZ = opt_operand_def(C.Index)
    dynamicSharedMemorySize = opt_operand_def()
    results = var_result_def()
    body = region_def()

    @property
    def sizes(self) -> list:
        """The grid sizes, then the block sizes."""
        f = self.f
        return [f.gridSizeX, f.gridSizeY, f.gridSizeZ, f.blockSizeX, f.blockSizeY, f.blockSizeZ]

    @classmethod
    def parse(cls, p, state) -> None:
        is_async, deps = _parse_async(p)
        ids: list = []
        sizes: list = []
        size_args: list = []
        for kw in ("blocks", "threads"):
            p.expect_keyword(kw)
            p.expect("(", "expected '('")
            ids.append(p.parse_comma_list(p.parse_operand))
            p.expect(")", "expected ')'")
            p.expect_keyword("in")
            p.expect("(", "expected '('")
            pairs = []
            while True:
                arg = p.parse_operand()
                p.expect("=", "expected '='")
                pairs.append((arg, p.parse_operand()))
                if not p.accept(","):
                    break
            p.expect(")", "expected ')'")
            if len(ids[-1]) != 3 or len(pairs) != 3:
                p.error(f"expected three {kw} indices and three sizes")
            size_args += [a for a, _ in pairs]
            sizes += [v for _, v in pairs]
        shmem = []
        if p.accept_keyword("dynamic_shared_memory_size"):
            shmem = [p.resolve_operand(p.parse_operand(), T.i32)]
        state.operands = (
            [p.resolve_operand(d, ASYNC_TOKEN) for d in deps] + [p.resolve_operand(s, T.index) for s in sizes] + shmem
        )
        state.properties["operandSegmentSizes"] = _segments(len(deps), 1, 1, 1, 1, 1, 1, 0, 0, 0, len(shmem))
        state.result_types = [ASYNC_TOKEN] if is_async else []
        entry = [(r, T.index, None) for r in [*ids[0], *ids[1], *size_args]]
        state.regions.append(p.parse_region(entry_args=entry))
        state.attributes.update(p.parse_optional_attr_dict_with_keyword())
        state.attributes.setdefault(WORKGROUP_ATTRIBUTIONS, A.IntegerAttr(0, T.i64))

    def print_custom(self, p) -> None:
        deps = self.f.asyncDependencies
        if self.results:
            p.write(" async" + (" [" + ", ".join(p.value_name(v) for v in deps) + "]" if deps else ""))
        args = self.regions[0].blocks[0].arguments
        sizes = self.sizes
        for k, kw in enumerate(("blocks", "threads")):
            p.write(f" {kw}(" + ", ".join(p.value_name(a) for a in args[3 * k : 3 * k + 3]) + ") in (")
            p.write(
                ", ".join(f"{p.value_name(args[6 + 3 * k + i])} = {p.value_name(sizes[3 * k + i])}" for i in range(3))
                + ")"
            )
        shmem = self.f.dynamicSharedMemorySize
        if shmem is not None:
            p.write(f" dynamic_shared_memory_size {p.value_name(shmem)}")
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)
        attrs = dict(self.attributes)
        wa = attrs.get(WORKGROUP_ATTRIBUTIONS)
        if isinstance(wa, A.IntegerAttr) and wa.value == 0:
            del attrs[WORKGROUP_ATTRIBUTIONS]
        p.print_optional_attr_dict_with_keyword(attrs)

    def verify_(self) -> None:
        body = self.regions[0].blocks
        if not body or len(body[0].arguments) != 12:
            raise self.op_error("expected a body with 12 index arguments")
        if self.f.clusterSizeX is not None:
            raise self.op_error("cluster sizes are not supported")


@register_op
class AllocOp(OpDef):
    """Device memory: ``gpu.alloc [async] [deps] [host_shared] (sizes)[syms] : memref<..>``."""

    __slots__ = ()
    OP_NAME = "gpu.alloc"
    asyncDependencies = var_operand_def()
    dynamicSizes = var_operand_def()
    symbolOperands = var_operand_def()
    hostShared = prop_def(C.UnitAttr, optional=True)
    results = var_result_def()

    def asm_result_names(self):
        return ["memref", "asyncToken"][: len(self.results)]

    @classmethod
    def parse(cls, p, state) -> None:
        is_async, deps = _parse_async(p)
        if p.accept_keyword("host_shared"):
            state.properties["hostShared"] = A.UNIT
        p.expect("(", "expected '('")
        dyn = [] if p.accept(")") else p.parse_comma_list(p.parse_operand)
        if dyn:
            p.expect(")", "expected ')'")
        syms: list = []
        if p.accept("["):
            syms = p.parse_comma_list(p.parse_operand)
            p.expect("]", "expected ']'")
        state.attributes.update(p.parse_optional_attr_dict())
        p.expect(":", "expected ':'")
        t = p.parse_type()
        state.operands = [p.resolve_operand(d, ASYNC_TOKEN) for d in deps] + [
            p.resolve_operand(v, T.index) for v in [*dyn, *syms]
        ]
        state.properties["operandSegmentSizes"] = _segments(len(deps), len(dyn), len(syms))
        state.result_types = [t, ASYNC_TOKEN] if is_async else [t]

    def print_custom(self, p) -> None:
        _print_async(p, len(self.results) > 1, self.f.asyncDependencies)
        if self.f.hostShared is not None:
            p.write(" host_shared")
        p.write(" (" + ", ".join(p.value_name(v) for v in self.f.dynamicSizes) + ")")
        if self.f.symbolOperands:
            p.write("[" + ", ".join(p.value_name(v) for v in self.f.symbolOperands) + "]")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(" : " + p.type(self.results[0].type))

    def verify_(self) -> None:
        if not self.results or not isinstance(self.results[0].type, T.MemRefType):
            raise self.op_error("result #0 must be a memref")


@register_op
class DeallocOp(OpDef):
    """Frees device memory: ``gpu.dealloc [async] [deps] %m : memref<..>``."""

    __slots__ = ()
    OP_NAME = "gpu.dealloc"
    asyncDependencies = var_operand_def()
    memref = operand_def()
    results = var_result_def()

    @classmethod
    def parse(cls, p, state) -> None:
        is_async, deps = _parse_async(p)
        m = p.parse_operand()
        state.attributes.update(p.parse_optional_attr_dict())
        p.expect(":", "expected ':'")
        t = p.parse_type()
        state.operands = [p.resolve_operand(d, ASYNC_TOKEN) for d in deps] + [p.resolve_operand(m, t)]
        state.result_types = [ASYNC_TOKEN] if is_async else []

    def print_custom(self, p) -> None:
        _print_async(p, bool(self.results), self.f.asyncDependencies)
        m = self.f.memref
        p.write(f" {p.value_name(m)}")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(" : " + p.type(m.type))


@register_op
class MemcpyOp(OpDef):
    """Copies between memrefs: ``gpu.memcpy [async] [deps] %dst, %src : t, t``."""

    __slots__ = ()
    OP_NAME = "gpu.memcpy"
    asyncDependencies = var_operand_def()
    dst = operand_def()
    src = operand_def()
    results = var_result_def()

    @classmethod
    def parse(cls, p, state) -> None:
        is_async, deps = _parse_async(p)
        dst = p.parse_operand()
        p.expect(",", "expected ','")
        src = p.parse_operand()
        state.attributes.update(p.parse_optional_attr_dict())
        p.expect(":", "expected ':'")
        td = p.parse_type()
        p.expect(",", "expected ','")
        ts = p.parse_type()
        state.operands = [p.resolve_operand(d, ASYNC_TOKEN) for d in deps] + [
            p.resolve_operand(dst, td),
            p.resolve_operand(src, ts),
        ]
        state.result_types = [ASYNC_TOKEN] if is_async else []

    def print_custom(self, p) -> None:
        _print_async(p, bool(self.results), self.f.asyncDependencies)
        dst, src = self.f.dst, self.f.src
        p.write(f" {p.value_name(dst)}, {p.value_name(src)}")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(f" : {p.type(dst.type)}, {p.type(src.type)}")


@register_op
class WaitOp(OpDef):
    """Waits for async tokens: ``gpu.wait [async] [deps]``."""

    __slots__ = ()
    OP_NAME = "gpu.wait"
    asyncDependencies = var_operand_def()
    results = var_result_def()

    @classmethod
    def parse(cls, p, state) -> None:
        is_async, deps = _parse_async(p)
        state.attributes.update(p.parse_optional_attr_dict())
        state.operands = [p.resolve_operand(d, ASYNC_TOKEN) for d in deps]
        state.result_types = [ASYNC_TOKEN] if is_async else []

    def print_custom(self, p) -> None:
        _print_async(p, bool(self.results), self.f.asyncDependencies)
        p.print_optional_attr_dict(dict(self.attributes))
