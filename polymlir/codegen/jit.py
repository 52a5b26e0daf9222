"""JIT compilation of llvm-dialect modules with llvmlite, and calling them
from Python with numpy arrays.

::

    import polymlir, numpy as np
    engine = polymlir.compile(module_or_text, opt_level=3)
    c = engine.invoke("kernel", 1.5, 1.2, C, A, B)     # or engine.kernel(...)
    addr = engine.lookup("kernel")                      # raw symbol address

Memref arguments are numpy arrays (any strides; dtype, rank and static
dimensions are checked), scalars are Python/numpy numbers. A function with
an ``_mlir_ciface_`` wrapper is called through it (descriptors passed by
pointer), else through the expanded descriptor convention. Returned memrefs
come back as numpy arrays that own their ``malloc``'d buffer (or view an
argument or a global when they alias one); several results come back as a
tuple. Every call goes through a generated ``void(void**)`` trampoline, so
no C ABI rules for struct returns are involved.

``compile`` caches engines by the hash of the LLVM IR and the options.
``lower_to_llvm(module)`` is where the lowering pipeline plugs in; today it
accepts llvm-dialect input only.
"""

from __future__ import annotations

import ctypes
import hashlib
import sys
import threading
import weakref
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..dialects import llvm_types as LT
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.diagnostics import DiagnosticError
from . import memref_abi as M
from . import runtime
from .llvm_ir import translate_to_llvm_ir, unlowered_ops
from .llvm_ir_types import TypeNamer, global_ref

__all__ = ["compile", "ExecutionEngine", "lower_to_llvm", "LoweringError", "collect_signatures",
           "create_target_machine", "set_llvm_options"]

TRAMPOLINE_PREFIX = "__polymlir_invoke_"
GLOBALS_FUNCTION = "__polymlir_global_addresses"


class LoweringError(DiagnosticError):
    """The module still contains ops that are not in the llvm dialect."""


def lower_to_llvm(module: Operation) -> Operation:
    """Lower ``module`` to the llvm dialect (in place) and return it.

    The hook for the lowering pipeline (affine/scf/arith/memref/func ->
    llvm): for now the identity on llvm-dialect input; any other op raises
    a ``LoweringError`` naming every unlowered op."""
    bad = unlowered_ops(module)
    if bad:
        names = ", ".join(f"'{op.name}'" for op in bad)
        raise LoweringError(f"cannot compile: no lowering to the llvm dialect yet for {names}", bad[0].loc)
    return module


def collect_signatures(module: Operation) -> dict[str, T.FunctionType]:
    """Builtin signatures of the ``func.func`` ops of ``module`` (taken
    before lowering: they know memref element types and static shapes)."""
    sigs: dict[str, T.FunctionType] = {}
    body = module.regions[0].blocks[0].operations if module.regions and module.regions[0].blocks else []
    for op in body:
        if op.name == "func.func":
            ft = op.properties.get("function_type") if isinstance(op.properties, dict) else None
            name = op.properties.get("sym_name") if isinstance(op.properties, dict) else None
            if ft is not None and name is not None and isinstance(ft.value, T.FunctionType):
                sigs[name.value] = ft.value
    return sigs


# -- target --------------------------------------------------------------------------

_init_lock = threading.Lock()
_initialized = False


def _llvm():
    global _initialized
    import llvmlite.binding as llvm

    with _init_lock:
        if not _initialized:
            llvm.initialize_native_target()
            llvm.initialize_native_asmprinter()
            llvm.initialize_native_asmparser()
            # Codegen cannot select llvm.matrix.* intrinsics: let the
            # pipeline lower them (upstream mlir-runner's -enable-matrix).
            llvm.set_option("polymlir", "-enable-matrix")
            runtime.register()
            _initialized = True
    return llvm


_applied_options: set[str] = {"-enable-matrix"}


def set_llvm_options(*options: str) -> None:
    """Set LLVM command-line options for every later compilation, e.g.
    ``set_llvm_options("-matrix-default-layout=row-major")`` (upstream
    mlir-runner's RUNNER-OPTS). Process-wide; an option is set once."""
    llvm = _llvm()
    for o in options:
        if o not in _applied_options:
            llvm.set_option("polymlir", o)
            _applied_options.add(o)


def create_target_machine(opt_level: int = 3):
    """A JIT target machine for the host CPU and its features."""
    llvm = _llvm()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    return target.create_target_machine(cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(),
                                        opt=max(0, min(3, opt_level)), jit=True, codemodel="jitdefault")


def optimize(mod, tm, opt_level: int) -> None:
    """Run LLVM's O0-O3 pipeline on ``mod`` (the loop and SLP vectorizers at
    O2 and O3, as clang enables them). At O0 nothing runs, except the O1
    pipeline for modules using matrix intrinsics, which must be lowered."""
    llvm = _llvm()
    if opt_level <= 0:
        if not any(f.name.startswith("llvm.matrix.") for f in mod.functions):
            return
        opt_level = 1
    pto = llvm.create_pipeline_tuning_options(speed_level=min(3, opt_level))
    pto.loop_vectorization = opt_level >= 2
    pto.slp_vectorization = opt_level >= 2
    pto.loop_unrolling = opt_level >= 2
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)


# -- signatures --------------------------------------------------------------------------


@dataclass
class Slot:
    """One argument or result as Python sees it."""

    kind: str  # "scalar", "memref" or "unranked"
    type: T.Type | None = None  # LLVM-level type of a scalar
    rank: int = 0
    dtype: np.dtype | None = None
    shape: tuple[int | None, ...] | None = None
    mlir_type: T.Type | None = None
    strides: tuple[int | None, ...] | None = None  # static layout strides (None entries dynamic)
    offset: int = 0  # static layout offset
    contiguous: bool | frozenset = False  # identity layout (or these dims): the code assumes row-major strides


@dataclass
class FunctionABI:
    name: str  # the LLVM function called (maybe an _mlir_ciface_ wrapper)
    args: list[Slot]
    results: list[Slot]
    ciface: bool
    result_by_pointer: bool
    llvm_params: list[T.Type]
    llvm_result: T.Type


def _is_desc(t: T.Type) -> int | None:
    """The rank of a memref-descriptor struct type, else None."""
    if not isinstance(t, LT.LLVMStructType) or t.name is not None:
        return None
    f = t.fields
    if len(f) == 3 and isinstance(f[0], LT.LLVMPointerType) and isinstance(f[1], LT.LLVMPointerType) \
            and f[2] == T.i64:
        return 0
    if len(f) == 5 and isinstance(f[0], LT.LLVMPointerType) and isinstance(f[1], LT.LLVMPointerType) \
            and f[2] == T.i64 and isinstance(f[3], LT.LLVMArrayType) and f[3] == f[4] and f[3].element_type == T.i64:
        return f[3].num_elements
    return None


def _is_unranked(t: T.Type) -> bool:
    return isinstance(t, LT.LLVMStructType) and t.name is None and len(t.fields) == 2 and t.fields[0] == T.i64 \
        and isinstance(t.fields[1], LT.LLVMPointerType)


def _slot_from_mlir(t: T.Type) -> Slot:
    if isinstance(t, T.MemRefType):
        try:
            dt = M.numpy_dtype(t.element_type)
        except TypeError:
            dt = None
        shape = tuple(None if d == T.DYNAMIC else d for d in t.shape)
        slot = Slot("memref", rank=len(t.shape), dtype=dt, shape=shape, mlir_type=t)
        lay = t.layout
        if lay is None:
            slot.contiguous = True
        elif isinstance(lay, A.StridedLayoutAttr):
            slot.strides = tuple(None if s == T.DYNAMIC else s for s in lay.strides)
            slot.offset = 0 if lay.offset == T.DYNAMIC else lay.offset
        else:
            raise TypeError(f"memref arguments with layout '{lay}' cannot be passed from Python")
        return slot
    if isinstance(t, T.UnrankedMemRefType):
        try:
            dt = M.numpy_dtype(t.element_type)
        except TypeError:
            dt = None
        return Slot("unranked", dtype=dt, mlir_type=t)
    if isinstance(t, T.IndexType):
        return Slot("scalar", T.i64, mlir_type=t)
    return Slot("scalar", t, mlir_type=t)


def _scalar_dtype(t: T.Type) -> np.dtype | None:
    try:
        return M.numpy_dtype(t)
    except TypeError:
        return None


class _DtypeFinder:
    """Guesses memref element types of llvm-dialect functions from the GEPs
    on their descriptors' aligned pointers."""

    @staticmethod
    def from_aligned_source(desc) -> np.dtype | None:
        """From the GEP that computed the aligned pointer (``get_global``)."""
        cur = desc
        while cur.owner_op is not None and cur.owner_op.name == "llvm.insertvalue":
            op = cur.owner_op
            if list(op.properties["position"].values) == [1]:
                src = op.operands[1].owner_op
                if src is not None and src.name == "llvm.getelementptr":
                    t = src.properties["elem_type"].value
                    while isinstance(t, (LT.LLVMArrayType, T.VectorType)):
                        t = t.element_type
                    return _scalar_dtype(t)
                return None
            cur = op.operands[0]
        return None

    @staticmethod
    def from_desc_value(v) -> np.dtype | None:
        seen = 0
        work = [v]
        while work and seen < 64:
            cur = work.pop()
            seen += 1
            for u in cur.users:
                if u.name == "llvm.extractvalue" and list(u.properties["position"].values) == [1]:
                    for g in u.results[0].users:
                        if g.name == "llvm.getelementptr":
                            return _scalar_dtype(g.properties["elem_type"].value)
                        if g.name == "llvm.load":
                            return _scalar_dtype(g.results[0].type)
                        if g.name == "llvm.store":
                            return _scalar_dtype(g.operands[0].type)
                elif u.name == "llvm.insertvalue" and u.operands[0] is cur:
                    work.append(u.results[0])
        return None


def _expanded_slots(fn: Operation) -> list[Slot]:
    """Arguments of an llvm.func in the expanded memref convention,
    recognized from the descriptor-building ``insertvalue`` chains."""
    ft: LT.LLVMFunctionType = fn.properties["function_type"].value
    params = list(ft.params)
    blocks = fn.regions[0].blocks if fn.regions else []
    pos_of: dict[int, tuple[Any, tuple, int | None, bool]] = {}
    if blocks:
        entry = blocks[0]
        for i, a in enumerate(entry.arguments):
            for u in a.users:
                if u.name == "llvm.insertvalue" and u.operands[1] is a:
                    ct = u.operands[0].type
                    r = _is_desc(ct)
                    if r is not None or _is_unranked(ct):
                        pos_of[i] = (u, tuple(u.properties["position"].values), r, r is None)
    slots: list[Slot] = []
    i = 0
    while i < len(params):
        info = pos_of.get(i)
        if info is not None and info[1] == (0,):
            u, _, r, unranked = info
            n = 2 if unranked else 3 + 2 * (r or 0)
            if all((i + k) in pos_of for k in range(n)):
                if unranked:
                    slots.append(Slot("unranked"))
                else:
                    last = u
                    while True:  # follow the chain to the complete descriptor
                        nxt = [x for x in last.results[0].users if x.name == "llvm.insertvalue"
                               and x.operands[0] is last.results[0]]
                        if not nxt:
                            break
                        last = nxt[0]
                    slots.append(Slot("memref", rank=r or 0,
                                      dtype=_DtypeFinder.from_desc_value(last.results[0]),
                                      contiguous=_assumed_row_major(last.results[0], r or 0)))
                i += n
                continue
        slots.append(Slot("scalar", params[i]))
        i += 1
    return slots


def _infer_result_dtypes(fn: Operation, results: list[Slot]) -> None:
    """Element types of returned memrefs, from how the returned descriptors
    are used (GEPs on their aligned pointers) in ``fn``."""
    if not any(s.kind == "memref" and s.dtype is None for s in results) or not fn.regions:
        return
    for b in fn.regions[0].blocks:
        term = b.operations[-1] if b.operations else None
        if term is None or term.name != "llvm.return" or not term.operands:
            continue
        v = term.operands[0]
        if len(results) == 1:
            descs = [v]
        else:  # a struct packing the results: find each field's value
            descs = [None] * len(results)
            cur = v
            while cur.owner_op is not None and cur.owner_op.name == "llvm.insertvalue":
                op = cur.owner_op
                pos = list(op.properties["position"].values)
                if len(pos) == 1 and pos[0] < len(descs) and descs[pos[0]] is None:
                    descs[pos[0]] = op.operands[1]
                cur = op.operands[0]
        for s, dv in zip(results, descs):
            if s.kind == "memref" and s.dtype is None and dv is not None:
                root = dv
                while root.owner_op is not None and root.owner_op.name == "llvm.insertvalue":
                    root = root.owner_op.operands[0]
                s.dtype = _DtypeFinder.from_desc_value(root) or _DtypeFinder.from_desc_value(dv) or \
                    _DtypeFinder.from_aligned_source(dv)


def _assumed_row_major(desc, rank: int) -> bool | frozenset:
    """The dimensions whose stride the code takes as row-major instead of
    reading it from descriptor ``desc`` (identity-layout memrefs)."""
    read: set[int] = set()
    if not rank or not _collect_stride_reads(desc, read):
        return False
    dims = frozenset(range(rank)) - read
    return True if len(dims) == rank else dims


def _collect_stride_reads(desc, read: set[int]) -> bool:
    """Adds to ``read`` the dims whose strides are read; False when the
    descriptor escapes (stored, passed to a call) and anything may happen."""
    for u in desc.users:
        if u.name == "llvm.extractvalue":
            pos = list(u.properties["position"].values)
            if pos[:1] == [4]:
                if len(pos) == 1:
                    return False
                read.add(pos[1])
        elif u.name == "llvm.return":
            continue  # returned as it came: no computation depends on it
        elif u.name == "llvm.insertvalue":
            if u.operands[0] is desc:  # still being built
                if not _collect_stride_reads(u.results[0], read):
                    return False
            elif not _only_returned(u.results[0]):  # packed with other results
                return False
        else:
            return False
    return True


def _only_returned(v) -> bool:
    return all(u.name == "llvm.return" or (u.name == "llvm.insertvalue" and u.operands[0] is v
                                           and _only_returned(u.results[0])) for u in v.users)


def _llvm_result_slots(t: T.Type) -> list[Slot]:
    if isinstance(t, LT.LLVMVoidType):
        return []
    r = _is_desc(t)
    if r is not None:
        return [Slot("memref", rank=r)]
    if _is_unranked(t):
        return [Slot("unranked")]
    if isinstance(t, LT.LLVMStructType) and t.name is None:  # several results, packed
        return [s for f in t.fields for s in _llvm_result_slots(f)]
    return [Slot("scalar", t)]


# -- marshaling ----------------------------------------------------------------------------


def ctype_of(t: T.Type) -> Any:
    """The ctypes type whose memory layout matches LLVM type ``t`` on the
    host (i1 is a byte; half/bfloat are 16-bit words)."""
    if isinstance(t, T.IntegerType):
        w = t.width
        if w <= 8:
            return ctypes.c_uint8 if w == 1 else ctypes.c_int8
        if w <= 16:
            return ctypes.c_int16
        if w <= 32:
            return ctypes.c_int32
        if w <= 64:
            return ctypes.c_int64
        return ctypes.c_uint64 * ((w + 63) // 64)
    if isinstance(t, T.IndexType):
        return ctypes.c_int64
    if isinstance(t, T.FloatType):
        return {"f16": ctypes.c_uint16, "bf16": ctypes.c_uint16, "f32": ctypes.c_float, "f64": ctypes.c_double,
                "f80": ctypes.c_longdouble, "f128": ctypes.c_uint64 * 2}[t.name]
    if isinstance(t, LT.LLVMPointerType):
        return ctypes.c_void_p
    if isinstance(t, LT.LLVMArrayType):
        return ctype_of(t.element_type) * t.num_elements
    if isinstance(t, T.VectorType):
        return ctype_of(t.element_type) * t.shape[0]
    if isinstance(t, LT.LLVMStructType):
        r = _is_desc(t)
        if r is not None:
            return M.ranked_descriptor_type(r)
        if _is_unranked(t):
            return M.UnrankedDescriptor
        ns = {"_fields_": [(f"f{i}", ctype_of(f)) for i, f in enumerate(t.fields)]}
        if t.packed:
            ns["_pack_"] = 1
        return type("LLVMStruct", (ctypes.Structure,), ns)
    raise TypeError(f"cannot pass values of LLVM type '{t}' from Python")


def _to_scalar(value: Any, t: T.Type, what: str) -> Any:
    ct = ctype_of(t)
    if isinstance(t, LT.LLVMPointerType):
        if value is None:
            return ct(None)
        if isinstance(value, np.ndarray):
            return ct(value.ctypes.data)
        if isinstance(value, int):
            return ct(value)
        raise TypeError(f"{what}: expected a pointer (int address, numpy array or None), got {type(value).__name__}")
    if isinstance(t, T.VectorType):
        arr = np.asarray(value)
        if arr.shape != (t.shape[0],):
            raise ValueError(f"{what}: expected a vector of {t.shape[0]} elements, got shape {arr.shape}")
        et = t.element_type
        return ct(*[_to_scalar(x, et, what).value for x in arr.tolist()])
    if isinstance(t, T.IntegerType):
        if isinstance(value, (bool, np.bool_)):
            value = int(value)
        if isinstance(value, (float, np.floating)) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{what}: expected an integer for '{t}', got {type(value).__name__}")
        v = int(value)
        w = t.width
        if not -(1 << (w - 1)) <= v < (1 << w) if w > 1 else v not in (0, 1):
            raise ValueError(f"{what}: {v} does not fit in '{t}'")
        if w == 1:
            return ct(v)
        v &= (1 << w) - 1
        if v >= 1 << (w - 1):
            v -= 1 << w
        return ct(v)
    if isinstance(t, T.FloatType):
        if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{what}: expected a number for '{t}', got {type(value).__name__}")
        if t.name == "f16":
            return ct(int(np.array([value], np.float16).view(np.uint16)[0]))
        if t.name == "bf16":
            bits = int(np.array([value], np.float32).view(np.uint32)[0])
            bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16  # round to nearest even
            return ct(bits & 0xFFFF)
        return ct(float(value))
    raise TypeError(f"{what}: cannot pass a value of LLVM type '{t}' from Python")


def _from_scalar(obj: Any, slot: Slot) -> Any:
    """A Python value of a scalar result (a ctypes object or the int/float
    ctypes already converted a struct field to)."""
    t = slot.type
    mt = slot.mlir_type
    raw = obj.value if hasattr(obj, "value") else obj
    if isinstance(t, T.IntegerType):
        v = int(raw)
        if t.width == 1:
            return bool(v & 1)
        if isinstance(mt, T.IntegerType) and mt.signedness == "u":
            return v & ((1 << t.width) - 1)
        return v
    if isinstance(t, T.FloatType):
        if t.name == "f16":
            return float(np.array([raw], np.uint16).view(np.float16)[0])
        if t.name == "bf16":
            return float(np.array([int(raw) << 16], np.uint32).view(np.float32)[0])
        return float(raw)
    if isinstance(t, LT.LLVMPointerType):
        return raw
    if isinstance(t, T.VectorType):
        dt = _scalar_dtype(t.element_type)
        return np.array(list(obj), dtype=dt)
    return obj


# -- the engine ----------------------------------------------------------------------------------


class ExecutionEngine:
    """A JIT-compiled llvm-dialect module. ``invoke(name, *args)`` (or
    ``engine.name(*args)``) calls a function; ``lookup(name)`` returns a
    symbol's address. Static constructors ran at creation; ``close()``
    runs the destructors (also done when the engine is garbage collected)."""

    def __init__(self, module: Operation, opt_level: int = 3, signatures: dict[str, T.FunctionType] | None = None,
                 llvm_ir: str | None = None) -> None:
        llvm = _llvm()
        self.module = module
        self.opt_level = opt_level
        self.signatures = dict(signatures or {})
        self._functions: dict[str, Operation] = {}
        body = module.regions[0].blocks[0].operations if module.regions[0].blocks else []
        self._global_names: list[str] = []
        for op in body:
            if op.name == "llvm.func":
                self._functions[op.properties["sym_name"].value] = op
            elif op.name == "llvm.mlir.global":
                self._global_names.append(op.properties["sym_name"].value)
        # Symbols whose addresses the module reports itself (private ones
        # have no symbol to look up): globals, then defined functions.
        self._symbol_names = self._global_names + [n for n, f in self._functions.items()
                                                   if f.regions and f.regions[0].blocks]
        text = llvm_ir if llvm_ir is not None else translate_to_llvm_ir(module)
        self.llvm_ir = text + self._trampolines()
        self.target_machine = create_target_machine(opt_level)
        mod = llvm.parse_assembly(self.llvm_ir)
        mod.triple = self.target_machine.triple
        mod.data_layout = str(self.target_machine.target_data)
        mod.verify()
        optimize(mod, self.target_machine, opt_level)
        self._llvm_module = mod
        self._ee = llvm.create_mcjit_compiler(mod, self.target_machine)
        self._ee.finalize_object()
        self._abis: dict[str, FunctionABI] = {}
        self._globals = self._global_ranges(mod)
        self._closed = False
        self._ee.run_static_constructors()
        _flush_c_stdout()
        self._finalizer = weakref.finalize(self, ExecutionEngine._run_dtors, self._ee, [False])

    # -- module text ----------------------------------------------------------
    def _trampolines(self) -> str:
        """``void __polymlir_invoke_f(void** args)`` for every public defined
        function: loads each argument through ``args[i]``, calls ``f`` and
        stores the result through ``args[n]``."""
        types = TypeNamer()
        out = []
        for name, fn in self._functions.items():
            p = fn.properties
            if not (fn.regions and fn.regions[0].blocks) or p["linkage"].value not in ("external", "weak",
                                                                                       "linkonce_odr", "weak_odr"):
                continue
            ft: LT.LLVMFunctionType = p["function_type"].value
            lines = [f"define void {global_ref(TRAMPOLINE_PREFIX + name)}(ptr %args) {{"]
            argv = []
            for i, t in enumerate(ft.params):
                ts = types.type(t)
                lines.append(f"  %p{i} = getelementptr ptr, ptr %args, i64 {i}")
                lines.append(f"  %q{i} = load ptr, ptr %p{i}, align 1")
                lines.append(f"  %a{i} = load {ts}, ptr %q{i}, align 1")
                argv.append(f"{ts} %a{i}")
            rt = types.type(ft.return_type)
            callee_ty = types.type(ft) if ft.is_var_arg else rt
            call = f"call {callee_ty} {global_ref(name)}({', '.join(argv)})"
            if isinstance(ft.return_type, LT.LLVMVoidType):
                lines.append("  " + call)
            else:
                n = len(ft.params)
                lines.append(f"  %r = {call}")
                lines.append(f"  %pr = getelementptr ptr, ptr %args, i64 {n}")
                lines.append("  %qr = load ptr, ptr %pr, align 1")
                lines.append(f"  store {rt} %r, ptr %qr, align 1")
            lines.append("  ret void")
            lines.append("}")
            out.append("\n".join(lines))
        # The addresses of all globals (private ones have no symbol to look up).
        lines = [f"define void {global_ref(GLOBALS_FUNCTION)}(ptr %out) {{"]
        for i, name in enumerate(self._symbol_names):
            lines.append(f"  %g{i} = getelementptr ptr, ptr %out, i64 {i}")
            lines.append(f"  store ptr {global_ref(name)}, ptr %g{i}, align 1")
        lines += ["  ret void", "}"]
        out.append("\n".join(lines))
        return "\n" + "\n\n".join(out) + "\n"

    def _global_ranges(self, mod) -> list[tuple[int, int]]:
        """[start, end) of every global's storage (to recognize returned
        memrefs that view a global); fills ``_addresses``."""
        n = len(self._symbol_names)
        addrs = (ctypes.c_void_p * max(n, 1))()
        ctypes.CFUNCTYPE(None, ctypes.c_void_p)(self._ee.get_function_address(GLOBALS_FUNCTION))(
            ctypes.addressof(addrs))
        self._addresses = {name: int(a or 0) for name, a in zip(self._symbol_names, addrs)}
        td = self.target_machine.target_data
        ranges = []
        for name, addr in zip(self._global_names, addrs):
            try:
                size = td.get_abi_size(mod.get_global_variable(name).global_value_type)
            except Exception:
                size = 1
            if addr:
                ranges.append((addr, addr + max(size, 1)))
        return ranges

    # -- lookup and calls ---------------------------------------------------------
    def lookup(self, name: str) -> int:
        """The address of function or global ``name`` (0 if absent)."""
        self._check_open()
        addr = self._addresses.get(name) or self._ee.get_function_address(name)
        if not addr:
            addr = self._ee.get_global_value_address(name)
        return addr

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        funcs = self.__dict__.get("_functions", {})
        if name in funcs:
            return lambda *args: self.invoke(name, *args)
        raise AttributeError(f"no function '{name}' in the compiled module")

    def abi(self, name: str) -> FunctionABI:
        """How ``invoke(name, ...)`` passes arguments and results."""
        abi = self._abis.get(name)
        if abi is None:
            abi = self._abis[name] = self._make_abi(name)
        return abi

    def _make_abi(self, name: str) -> FunctionABI:
        fn = self._functions.get(name)
        if fn is None:
            raise KeyError(f"no function '{name}' in the compiled module")
        ciface = self._functions.get("_mlir_ciface_" + name)
        use_ciface = ciface is not None and bool(ciface.regions and ciface.regions[0].blocks)
        callee = ciface if use_ciface else fn
        ft: LT.LLVMFunctionType = fn.properties["function_type"].value
        cft: LT.LLVMFunctionType = callee.properties["function_type"].value
        sig = self.signatures.get(name)
        if sig is not None:
            args = [_slot_from_mlir(t) for t in sig.inputs]
            results = [_slot_from_mlir(t) for t in sig.results]
            expanded = _expanded_slots(fn)
            _fill_llvm_scalar_types(args, expanded)
        else:
            args = _expanded_slots(fn)
            results = _llvm_result_slots(ft.return_type)
            _infer_result_dtypes(fn, results)
        by_ptr = use_ciface and isinstance(cft.return_type, LT.LLVMVoidType) and bool(results) and \
            len(cft.params) == len(args) + 1
        if use_ciface and not by_ptr and len(cft.params) != len(args):
            use_ciface, callee, cft = False, fn, ft
        return FunctionABI(callee.properties["sym_name"].value, args, results, use_ciface, by_ptr,
                           list(cft.params), cft.return_type)

    def invoke(self, name: str, *args: Any) -> Any:
        """Call function ``name`` with numpy arrays / Python scalars; returns
        None, one value, or a tuple of values."""
        self._check_open()
        abi = self.abi(name)
        if len(args) != len(abi.args):
            raise TypeError(f"{name}() takes {len(abi.args)} argument(s) ({len(args)} given)")
        keep: list[Any] = []
        flat: list[Any] = []  # ctypes objects, one per LLVM parameter
        result_store = None
        if abi.result_by_pointer:
            st = _result_struct_type(abi.results)
            result_store = st()
            flat.append(ctypes.c_void_p(ctypes.addressof(result_store)))
        for i, (slot, value) in enumerate(zip(abi.args, args)):
            what = f"{name}() argument {i}"
            if slot.kind == "memref":
                d = M.descriptor_from_array(value, slot.rank, slot.dtype, slot.shape, what, slot.strides, slot.offset,
                                            slot.contiguous)
                keep.append(d)
                if abi.ciface:
                    flat.append(ctypes.c_void_p(ctypes.addressof(d)))
                else:
                    flat += [ctypes.c_void_p(d.allocated), ctypes.c_void_p(d.aligned), ctypes.c_int64(d.offset)]
                    if slot.rank:
                        flat += [ctypes.c_int64(x) for x in d.sizes] + [ctypes.c_int64(x) for x in d.strides]
            elif slot.kind == "unranked":
                u = M.unranked_from_array(value, slot.dtype, what)
                keep.append(u)
                if abi.ciface:
                    flat.append(ctypes.c_void_p(ctypes.addressof(u)))
                else:
                    flat += [ctypes.c_int64(u.rank), ctypes.c_void_p(u.descriptor)]
            else:
                flat.append(_to_scalar(value, slot.type, what))  # type: ignore[arg-type]
        if len(flat) != len(abi.llvm_params):
            raise TypeError(f"{name}(): the arguments do not match the LLVM signature of '{abi.name}' "
                            f"({len(flat)} values for {len(abi.llvm_params)} parameters)")
        ret_obj = None
        if not isinstance(abi.llvm_result, LT.LLVMVoidType):
            ret_obj = ctype_of(abi.llvm_result)()
        n = len(flat)
        slots = (ctypes.c_void_p * (n + 1))()
        for i, obj in enumerate(flat):
            slots[i] = ctypes.addressof(obj)
        if ret_obj is not None:
            slots[n] = ctypes.addressof(ret_obj)
        addr = self._ee.get_function_address(TRAMPOLINE_PREFIX + abi.name)
        if not addr:
            raise KeyError(f"function '{abi.name}' cannot be called from Python (not public, or not defined)")
        sys.stdout.flush()
        ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr)(ctypes.addressof(slots))
        _flush_c_stdout()
        if result_store is not None:
            values = [getattr(result_store, f"r{i}") for i in range(len(abi.results))]
        elif ret_obj is None:
            values = []
        elif len(abi.results) == 1:
            values = [ret_obj]
        else:
            values = [getattr(ret_obj, f"f{i}") for i in range(len(abi.results))]
        out = self._results(abi, values, args)
        if not out:
            return None
        return out[0] if len(out) == 1 else tuple(out)

    def _results(self, abi: FunctionABI, values: list[Any], args: Sequence[Any]) -> list[Any]:
        owners: dict[int, Any] = {}
        out = []
        for slot, v in zip(abi.results, values):
            if slot.kind == "scalar":
                out.append(_from_scalar(v, slot))
                continue
            if slot.kind == "unranked":
                rank = int(v.rank)
                src = M.ranked_at(v.descriptor, rank)
                d = M.ranked_descriptor_type(rank).from_buffer_copy(src)
                M.libc().free(v.descriptor)  # the callee copied the descriptor to the heap
            else:
                d = v
            if slot.dtype is None:
                out.append(d)  # element type unknown: the raw descriptor
                continue
            out.append(self._adopt(d, slot.dtype, args, owners))
        return out

    def _adopt(self, d, dtype, args: Sequence[Any], owners: dict[int, Any]) -> np.ndarray:
        """A returned memref as a numpy array: a view when its data lies in
        an argument or a global (``memref.get_global`` sets ``allocated`` to
        0xdeadbeef), else the owner of its ``malloc``'d buffer."""
        data = int(d.aligned or 0)
        for a in args:
            if isinstance(a, np.ndarray) and a.size:
                lo = a.ctypes.data + sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s < 0)
                hi = a.ctypes.data + sum((n - 1) * s for n, s in zip(a.shape, a.strides) if s > 0) + a.itemsize
                if lo <= data < hi:
                    return M.array_from_descriptor(d, dtype, owner=a)
        for lo, hi in self._globals:
            if lo <= data < hi:
                return M.array_from_descriptor(d, dtype, owner=self)
        alloc = int(d.allocated or 0)
        if alloc in owners:
            return M.array_from_descriptor(d, dtype, owner=owners[alloc])
        owner = M.Allocation(alloc)
        owners[alloc] = owner
        return M.array_from_descriptor(d, dtype, owner=owner)

    # -- lifetime -------------------------------------------------------------------
    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the execution engine is closed")

    @staticmethod
    def _run_dtors(ee, state: list) -> None:
        if not state[0]:
            state[0] = True
            sys.stdout.flush()
            ee.run_static_destructors()
            _flush_c_stdout()

    def close(self) -> None:
        """Run the module's static destructors (once); the engine stays
        usable for ``lookup`` only after this in principle, so further
        calls are refused."""
        if not self._closed:
            self._finalizer()
            self._closed = True
            _CACHE.pop(getattr(self, "_cache_key", None), None)

    def __enter__(self) -> "ExecutionEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _fill_llvm_scalar_types(args: list[Slot], expanded: list[Slot]) -> None:
    """Scalars of a builtin signature get their LLVM type (index -> i64...)."""
    for s in args:
        if s.kind == "scalar" and s.type is not None and not _is_llvm_scalar(s.type):
            s.type = T.i64 if isinstance(s.type, T.IndexType) else s.type


def _is_llvm_scalar(t: T.Type) -> bool:
    return isinstance(t, (T.IntegerType, T.FloatType, LT.LLVMPointerType, T.VectorType))


def _result_struct_type(results: list[Slot]) -> Any:
    fields = []
    for i, s in enumerate(results):
        if s.kind == "memref":
            fields.append((f"r{i}", M.ranked_descriptor_type(s.rank)))
        elif s.kind == "unranked":
            fields.append((f"r{i}", M.UnrankedDescriptor))
        else:
            fields.append((f"r{i}", ctype_of(s.type)))  # type: ignore[arg-type]
    if len(fields) == 1:
        return type("Result", (ctypes.Structure,), {"_fields_": fields})
    return type("Results", (ctypes.Structure,), {"_fields_": fields})


def _flush_c_stdout() -> None:
    try:
        M.libc().fflush(None)
    except Exception:  # pragma: no cover - no libc
        pass


# -- compile --------------------------------------------------------------------------------

_CACHE: dict[str, ExecutionEngine] = {}


def compile(module_or_text: Operation | str, opt_level: int = 3, cache: bool = True) -> ExecutionEngine:
    """JIT-compile an MLIR module (an ``Operation`` or MLIR text) for the
    host. It is lowered with ``lower_to_llvm`` first; function signatures
    are taken before lowering. Engines are cached by the hash of the LLVM
    IR and ``opt_level`` (``cache=False`` always builds a new one, e.g. to
    get fresh globals)."""
    if isinstance(module_or_text, str):
        from .. import parse

        module = parse(module_or_text)
    else:
        module = module_or_text
    sigs = collect_signatures(module)
    module = lower_to_llvm(module)
    text = translate_to_llvm_ir(module)
    key = hashlib.sha256(f"{opt_level}\0{text}".encode("utf-8", "surrogateescape")).hexdigest()
    if cache:
        eng = _CACHE.get(key)
        if eng is not None and not eng._closed:
            eng.signatures.update(sigs)
            return eng
    eng = ExecutionEngine(module, opt_level, sigs, llvm_ir=text)
    if cache:
        eng._cache_key = key  # type: ignore[attr-defined]
        _CACHE[key] = eng
    return eng
