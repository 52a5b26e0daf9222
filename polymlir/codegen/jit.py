"""JIT compilation of llvm-dialect modules with llvmlite, and calling them
from Python with numpy arrays.

::

    import polymlir, numpy as np
    engine = polymlir.compile(module_or_text, opt_level=3)
    c = engine.invoke("kernel", 1.5, 1.2, C, A, B)     # or engine.kernel(...)
    addr = engine.lookup("kernel")                      # raw symbol address

Memref arguments are numpy arrays (dtype, rank, static dimensions and
layout are checked: strided views pass with their real strides where the
memref type has a strided layout, identity-layout memrefs such as
``memref<4x?xf32>`` need row-major contiguous arrays, since the compiled
code assumes those strides), scalars are Python/numpy numbers. A function with
an ``_mlir_ciface_`` wrapper is called through it (descriptors passed by
pointer), else through the expanded descriptor convention. Returned memrefs
come back as numpy arrays that own their ``malloc``'d buffer (or view an
argument or a global when they alias one); several results come back as a
tuple. Every call goes through a generated ``void(void**)`` trampoline, so
no C ABI rules for struct returns are involved.

A function taking two or more memrefs also runs as a ``noalias`` copy
when the arrays passed do not overlap (``codegen.noalias``); its generic
code, for overlapping arrays, is compiled the first time a call needs it
(``codegen.fallback``; ``engine.fallback_functions``,
``engine.fallback_compiles``).

``compile`` caches the engines of stateless modules by the hash of the LLVM
IR and the options; a module with writable globals gets a fresh engine on
every call.
``lower_to_llvm(module)`` is where the lowering pipeline plugs in; today it
accepts llvm-dialect input only.
"""

from __future__ import annotations

import ctypes
import hashlib
import sys
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..conversion.to_llvm import pipeline as to_llvm_pipeline
from ..conversion.to_llvm.parallel_outlining import BODY_PREFIX, NOALIAS_PARAMS, WORK_PREFIX
from ..dialects import llvm as LLVM
from ..dialects.func import FuncOp
from ..dialects.llvm import types as LT
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.diagnostics import DiagnosticError
from ..parser.parser import parse_text
from ..verifier import verify
from . import fallback, noalias, parallel_runtime, runtime, trampolines
from . import library as L
from . import memref_abi as M
from .llvm_ir import translate_to_llvm_ir, unlowered_ops

__all__ = [
    "compile",
    "ExecutionEngine",
    "lower_to_llvm",
    "LoweringError",
    "collect_signatures",
    "create_target_machine",
    "set_llvm_options",
    "run_entry",
]

TRAMPOLINE_PREFIX = trampolines.PREFIX
GLOBALS_FUNCTION = "__polymlir_global_addresses"
FALLBACK_ADDRESSES = "__polymlir_fallback_addresses"


def _llvm_function_type(fn: Operation) -> LT.LLVMFunctionType:
    """The type of ``llvm.func`` ``fn``."""
    return T.of_kind(fn.prop("function_type", A.TypeAttr).value, LT.LLVMFunctionType)


class LoweringError(DiagnosticError):
    """The module still contains ops that are not in the llvm dialect."""


def lower_to_llvm(module: Operation, threads: int = 1) -> Operation:
    """Lower ``module`` to the llvm dialect (in place) and return it.

    The hook for the lowering pipeline (affine/scf/arith/memref/func ->
    llvm): for now the identity on llvm-dialect input; any other op raises
    a ``LoweringError`` naming every unlowered op. ``threads > 1`` runs the
    outermost parallel loops on that many threads."""
    if unlowered_ops(module):
        to_llvm_pipeline.lower_to_llvm(module, threads=threads)  # polymlir's own lowering passes
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
        if isinstance(op, FuncOp):
            props = op.properties if isinstance(op.properties, dict) else {}
            ft = getattr(props.get("function_type"), "value", None)
            name = getattr(props.get("sym_name"), "value", None)
            if name is not None and isinstance(ft, T.FunctionType):
                sigs[name] = ft
    return sigs


# -- target --------------------------------------------------------------------------

_init_lock = threading.Lock()
_initialized = False


def _llvm():
    global _initialized
    import llvmlite.binding as llvm  # loads LLVM: only when an engine is built (start-up time)

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


# No masked gathers: with the accumulators of an unrolled-and-jammed row
# reduction in registers (atax, bicg, mvt), LLVM's SLP vectorizer bundles
# the rows' strided loads into gathers, measured 2-2.5x slower than the
# scalar chains on the AVX-512 EPYC; with gathers off the same code ran
# 2.2-2.7x faster than the kernel as written and trmm/symm kept their speed.
_FEATURES = ",+prefer-no-gather"


def create_target_machine(opt_level: int = 3):
    """A JIT target machine for the host CPU and its features."""
    llvm = _llvm()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    return target.create_target_machine(
        cpu=llvm.get_host_cpu_name(),
        features=llvm.get_host_cpu_features().flatten() + _FEATURES,
        opt=max(0, min(3, opt_level)),
        jit=True,
        codemodel="jitdefault",
    )


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


# -- the engine ----------------------------------------------------------------------------------


class ExecutionEngine:
    """A JIT-compiled llvm-dialect module. ``invoke(name, *args)`` (or
    ``engine.name(*args)``) calls a function; ``lookup(name)`` returns a
    symbol's address. Static constructors ran at creation; ``close()``
    runs the destructors (also done when the engine is garbage collected).

    ``module`` is in the llvm dialect, or is lowered here (a copy) with its
    parallel loops on ``threads`` threads (default: ``POLYMLIR_NUM_THREADS``
    or every usable core; ``threads`` records the count). With
    ``noalias_copies`` each function taking two or more memrefs also gets a
    ``noalias`` copy (``codegen.noalias``), which ``invoke`` calls when the
    arrays passed do not overlap.

    The generic code of those functions (with their outlined parallel
    loops and trampolines: ``fallback_functions``) is left out of the
    module compiled here and compiled, in a second module of the same
    MCJIT engine, the first time something needs it: a call with
    overlapping arrays, ``lookup`` of one of them, ``function_llvm_ir(name,
    disjoint=False)``. Once per engine, whichever threads ask at once;
    ``fallback_compiles`` counts it (0 or 1). It compiles here when
    ``codegen.fallback.split`` cannot cut the module (the generic code
    references a private symbol of the rest, an eager function calls a
    generic one, ...: ``fallback_functions`` is then empty)."""

    def __init__(
        self,
        module: Operation,
        opt_level: int = 3,
        signatures: dict[str, T.FunctionType] | None = None,
        llvm_ir: str | None = None,
        threads: int | None = None,
        noalias_copies: bool = True,
    ) -> None:
        llvm = _llvm()
        self.threads = parallel_runtime.resolve_threads(threads)
        if llvm_ir is None and unlowered_ops(module):
            signatures = signatures if signatures is not None else collect_signatures(module)
            module = lower_to_llvm(module.clone(), self.threads)
        self.module = module
        self.opt_level = opt_level
        self.signatures = dict(signatures or {})
        self._functions: dict[str, Operation] = {}
        body = module.regions[0].blocks[0].operations if module.regions[0].blocks else []
        self._global_names: list[str] = []
        for op in body:
            if isinstance(op, LLVM.LLVMFuncOp):
                self._functions[op.prop("sym_name", A.StringAttr).value] = op
            elif isinstance(op, LLVM.GlobalOp):
                self._global_names.append(op.prop("sym_name", A.StringAttr).value)
        # Symbols whose addresses the module reports itself (private ones
        # have no symbol to look up): globals, then defined functions.
        self._symbol_names = self._global_names + [
            n for n, f in self._functions.items() if f.regions and f.regions[0].blocks
        ]
        text = llvm_ir if llvm_ir is not None else translate_to_llvm_ir(module)
        functions = self._trampolines()
        self.llvm_ir = text + functions + trampolines.addresses(GLOBALS_FUNCTION, self._symbol_names)
        # noalias copies of the functions Python calls (see codegen.noalias):
        # compiled beside the module, called when the arrays do not overlap.
        self._noalias: dict[str, str] = {}
        extra = ""
        parallel: dict[str, tuple[str, list[int]]] = {}
        if noalias_copies:
            wanted = self._noalias_candidates()
            parallel = self._parallel_bodies()
            extra = noalias.specialize(text, wanted, parallel)
            self._noalias = {n: n + noalias.SUFFIX for n in wanted if f"@{n}{noalias.SUFFIX}(" in extra}
            extra += "".join(
                trampolines.trampoline(c, _llvm_function_type(self._functions[n])) for n, c in self._noalias.items()
            )
        self.target_machine = create_target_machine(opt_level)
        if parallel_runtime.PARALLEL_FOR in self.llvm_ir:
            parallel_runtime.ensure_loaded(llvm, self.target_machine)
        # The generic code of the functions with a noalias copy compiles on
        # the first call that needs it (codegen.fallback).
        self._fallback_lock = threading.Lock()
        self._fallback_pending: Any = None  # its IR text, or its optimized module
        self._fallback_module: Any = None  # the module once in the engine
        self.fallback_functions: frozenset[str] = frozenset()
        self.fallback_compiles = 0
        cut = self._split(text + functions + extra) if self._noalias else None
        eager_symbols = self._symbol_names
        if cut is not None:
            self.fallback_functions = cut.functions
            eager_symbols = [n for n in self._symbol_names if n not in cut.functions]
            lazy_symbols = [n for n in self._symbol_names if n in cut.functions]
            self._fallback_pending = cut.lazy + trampolines.addresses(FALLBACK_ADDRESSES, lazy_symbols)
            mod = self._parse(cut.eager + trampolines.addresses(GLOBALS_FUNCTION, eager_symbols))
        else:
            mod = self._parse(self.llvm_ir + extra)
        optimize(mod, self.target_machine, opt_level)
        self._llvm_module = mod
        self._ee = llvm.create_mcjit_compiler(mod, self.target_machine)
        self._ee.finalize_object()
        self._abis: dict[str, M.FunctionABI] = {}
        self._param_attrs: dict[str, list[set[str]]] = {}
        self._calls: dict[str, Any] = {}
        self._result_types: dict[str, Any] = {}
        self._globals = self._global_ranges(mod, eager_symbols)
        self._closed = False
        self._library_callbacks: list[Any] = []  # ctypes callbacks the code calls: kept alive with it
        self._cache_key: str | None = None  # set when the engine is in the compile cache
        self._ee.run_static_constructors()
        _flush_c_stdout()
        self._finalizer = weakref.finalize(self, ExecutionEngine._run_dtors, self._ee, [False])

    def _parse(self, text: str) -> Any:
        """``text`` parsed and verified as a module for the target machine."""
        llvm = _llvm()
        mod = llvm.parse_assembly(text)
        mod.triple = self.target_machine.triple
        mod.data_layout = str(self.target_machine.target_data)
        mod.verify()
        return mod

    # -- the aliasing fallback ---------------------------------------------------
    def _split(self, text: str) -> fallback.Split | None:
        """The module cut into what compiles now and the generic code of
        the functions with a noalias copy (None: all of it now). The
        fallback module is parsed and verified here, so that a cut LLVM
        rejects falls back to one module now rather than failing a call."""
        wanted = set(self._noalias) | {TRAMPOLINE_PREFIX + n for n in self._noalias}
        cut = fallback.split(text, wanted, TRAMPOLINE_PREFIX, lambda n: n.startswith((BODY_PREFIX, WORK_PREFIX)))
        if cut is None:
            return None
        try:
            _llvm().parse_assembly(cut.lazy).verify()
        except RuntimeError:  # pragma: no cover - a split the translator's output should never give
            return None
        return cut

    def _optimized_fallback(self) -> Any:
        """The fallback module after the -O pipeline, not yet compiled to
        machine code."""
        if isinstance(self._fallback_pending, str):
            mod = self._parse(self._fallback_pending)
            optimize(mod, self.target_machine, self.opt_level)
            self._fallback_pending = mod
        return self._fallback_pending

    def _compile_fallback(self) -> None:
        """Optimize and compile the fallback module into the engine, once
        (the first thread to need it does it; the others wait for it)."""
        if self._fallback_module is not None or not self.fallback_functions:
            return
        with self._fallback_lock:
            if self._fallback_module is not None:
                return
            mod = self._optimized_fallback()
            self._ee.add_module(mod)
            self._ee.finalize_object()
            names = [n for n in self._symbol_names if n in self.fallback_functions]
            self._addresses.update(self._report_addresses(FALLBACK_ADDRESSES, names))
            self._fallback_pending = None
            self.fallback_compiles += 1
            self._fallback_module = mod

    def _module_of(self, name: str) -> Any:
        """The LLVM module defining function ``name`` (the fallback's is
        compiled first)."""
        if name in self.fallback_functions:
            self._compile_fallback()
            return self._fallback_module
        return self._llvm_module

    # -- module text ----------------------------------------------------------
    @property
    def optimized_llvm_ir(self) -> str:
        """The LLVM IR as compiled: the module after the -O pipeline, then
        the fallback module's once a call compiled it (``fallback_functions``
        are not in the text before)."""
        text = str(self._llvm_module)
        return text + str(self._fallback_module) if self._fallback_module is not None else text

    def function_llvm_ir(self, name: str, disjoint: bool = True) -> str:
        """The optimized LLVM IR of the function ``invoke(name, ...)`` runs:
        its noalias copy when ``disjoint`` arrays are passed and it has one
        (the generic code, for ``disjoint=False``, is compiled if it was
        not yet)."""
        target = self._noalias.get(name, name) if disjoint else name
        return str(self._module_of(target).get_function(target))

    def _parallel_bodies(self) -> dict[str, tuple[str, list[int]]]:
        """The bodies of outlined parallel loops whose work function has
        noalias positions (see ``parallel_outlining``): body -> (work,
        positions)."""
        out: dict[str, tuple[str, list[int]]] = {}
        for name, fn in self._functions.items():
            marks = fn.get_attr(NOALIAS_PARAMS)
            if name.startswith(WORK_PREFIX) and isinstance(marks, A.DenseArrayAttr):
                out[BODY_PREFIX + name[len(WORK_PREFIX) :]] = (name, [int(k) for k in marks.values])
        return out

    def _noalias_candidates(self) -> dict[str, list[int]]:
        """The defined functions called in the expanded convention with two
        or more memrefs, each with the LLVM parameter positions of their
        memrefs' aligned pointers."""
        out: dict[str, list[int]] = {}
        for name, fn in self._functions.items():
            # The outlined parallel loops' copies follow their caller's.
            outlined = name.startswith((BODY_PREFIX, WORK_PREFIX))
            if not (fn.regions and fn.regions[0].blocks) or name.startswith("_mlir_ciface_") or outlined:
                continue
            try:
                abi = M.function_abi(self._functions, name, self.signatures.get(name))
            except (KeyError, TypeError, ValueError, DiagnosticError):
                continue  # called the way abi() says, or not at all: no copy
            if abi.ciface or abi.name != name:
                continue
            k = 1 if abi.result_by_pointer else 0
            aligned = []
            for slot in abi.args:
                if slot.kind == "memref":
                    aligned.append(k + 1)
                    k += 3 + 2 * slot.rank
                else:
                    k += 2 if slot.kind == "unranked" else 1
            if len(aligned) >= 2 and k == len(abi.llvm_params):
                out[name] = aligned
        return out

    def _trampolines(self) -> str:
        """``void __polymlir_invoke_f(void** args)`` for every defined
        function (private ones too: the trampoline lives in the module):
        loads each argument through ``args[i]``, calls ``f`` and stores the
        result through ``args[n]``."""
        return "".join(
            trampolines.trampoline(name, _llvm_function_type(fn))
            for name, fn in self._functions.items()
            if fn.regions and fn.regions[0].blocks
        )

    def _report_addresses(self, function: str, symbols: Sequence[str]) -> dict[str, int]:
        """The addresses of ``symbols`` that ``function`` (an addresses
        function, see ``trampolines.addresses``) reports."""
        addrs = (ctypes.c_void_p * max(len(symbols), 1))()
        ctypes.CFUNCTYPE(None, ctypes.c_void_p)(self._ee.get_function_address(function))(ctypes.addressof(addrs))
        return {name: int(a or 0) for name, a in zip(symbols, addrs, strict=False)}

    def _global_ranges(self, mod, symbols: Sequence[str]) -> list[tuple[int, int]]:
        """[start, end) of every global's storage (to recognize returned
        memrefs that view a global); fills ``_addresses`` with those of
        ``symbols``, the eager module's."""
        self._addresses = self._report_addresses(GLOBALS_FUNCTION, symbols)
        td = self.target_machine.target_data
        ranges = []
        for name in self._global_names:
            addr = self._addresses.get(name, 0)
            try:
                size = td.get_abi_size(mod.get_global_variable(name).global_value_type)
            except Exception:
                size = 1
            if addr:
                ranges.append((addr, addr + max(size, 1)))
        return ranges

    # -- lookup and calls ---------------------------------------------------------
    def lookup(self, name: str) -> int:
        """The address of function or global ``name`` (0 if absent); a
        function of the fallback module compiles it."""
        self._check_open()
        if name in self.fallback_functions:
            self._compile_fallback()
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

    def abi(self, name: str) -> M.FunctionABI:
        """How ``invoke(name, ...)`` passes arguments and results."""
        abi = self._abis.get(name)
        if abi is None:
            if name not in self._functions:
                raise KeyError(f"no function '{name}' in the compiled module")
            abi = self._abis[name] = M.function_abi(self._functions, name, self.signatures.get(name))
        return abi

    def invoke(self, name: str, *args: Any) -> Any:
        """Call function ``name`` with numpy arrays / Python scalars; returns
        None, one value, or a tuple of values."""
        self._check_open()
        abi = self.abi(name)
        if len(args) != len(abi.args):
            raise TypeError(f"{name}() takes {len(abi.args)} argument(s) ({len(args)} given)")
        keep: list[Any] = []
        extents: list[tuple[int, int]] = []  # bytes each memref can reach
        flat: list[Any] = []  # ctypes objects, one per LLVM parameter
        result_store = None
        if abi.result_by_pointer:
            st = self._result_types.get(abi.name)
            if st is None:
                st = self._result_types[abi.name] = M.result_struct_type(abi.results)
            result_store = st()
            flat.append(ctypes.c_void_p(ctypes.addressof(result_store)))
        plain = 0  # the LLVM parameter of the argument in function `name` itself (a ciface wrapper's callee)
        # Read-only arrays passed to a function with a noalias copy are
        # checked against the code that runs, known once all are seen.
        read_only: list[tuple[str, int, Any]] = []
        for i, (slot, value) in enumerate(zip(abi.args, args, strict=True)):
            what = f"{name}() argument {i}"
            at = (name, plain) if abi.ciface else (abi.name, len(flat))
            if slot.kind == "memref" and not abi.ciface and abi.name in self._noalias:
                read_only.append((what, len(flat), value))
            elif slot.kind == "memref" and self._may_write(*at, value):
                raise ValueError(f"{what} is a read-only array, but '{name}' may write it")
            plain += 3 + 2 * slot.rank if slot.kind == "memref" else 2 if slot.kind == "unranked" else 1
            if slot.kind == "memref":
                d = M.descriptor_from_array(
                    value, slot.rank, slot.dtype, slot.shape, what, slot.strides, slot.offset, slot.contiguous
                )
                keep.append(d)
                assert slot.dtype is not None  # a memref slot has its element type
                extents.append(noalias.extent(d, np.dtype(slot.dtype).itemsize))
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
                assert slot.type is not None  # a scalar slot has its LLVM type
                flat.append(M.to_scalar(value, slot.type, what))
        if len(flat) != len(abi.llvm_params):
            raise TypeError(
                f"{name}(): the arguments do not match the LLVM signature of '{abi.name}' "
                f"({len(flat)} values for {len(abi.llvm_params)} parameters)"
            )
        ret_obj = None
        if not isinstance(abi.llvm_result, LT.LLVMVoidType):
            ret_obj = M.ctype_of(abi.llvm_result)()
        n = len(flat)
        slots = (ctypes.c_void_p * (n + 1))()
        for i, obj in enumerate(flat):
            slots[i] = ctypes.addressof(obj)
        if ret_obj is not None:
            slots[n] = ctypes.addressof(ret_obj)
        target = abi.name
        if target in self._noalias and noalias.disjoint(extents):
            target = self._noalias[target]
        for what, param, value in read_only:
            if self._may_write(target, param, value):
                raise ValueError(f"{what} is a read-only array, but '{name}' may write it")
        call = self._trampoline(target)
        sys.stdout.flush()
        call(ctypes.addressof(slots))
        _flush_c_stdout()
        L.raise_pending()
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

    def _may_write(self, fn: str, param: int, value: Any) -> bool:
        """Whether ``value``, a read-only numpy array passed as the memref
        whose allocated pointer is LLVM parameter ``param`` of ``fn``, may be
        written: LLVM proved neither pointer only read (readonly/readnone)."""
        if not isinstance(value, np.ndarray) or value.flags.writeable:
            return False
        attrs = self._param_attrs.get(fn)
        if attrs is None:
            try:
                f = self._module_of(fn).get_function(fn)
            except NameError:  # not in the module as such: assume it writes
                return True
            attrs = self._param_attrs[fn] = [{bytes(a).decode() for a in arg.attributes} for arg in f.arguments]
        pure = {"readonly", "readnone"}
        return not all(attrs[k] & pure for k in (param, param + 1) if k < len(attrs))

    def _trampoline(self, name: str):
        fn = self._calls.get(name)
        if fn is None:
            if TRAMPOLINE_PREFIX + name in self.fallback_functions:
                self._compile_fallback()
            addr = self._ee.get_function_address(TRAMPOLINE_PREFIX + name)
            if not addr:
                raise KeyError(f"function '{name}' cannot be called from Python (it is only declared)")
            fn = self._calls[name] = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr)
        return fn

    def _results(self, abi: M.FunctionABI, values: list[Any], args: Sequence[Any]) -> list[Any]:
        owners: dict[int, Any] = {}
        out = []
        for slot, v in zip(abi.results, values, strict=True):
            if slot.kind == "scalar":
                out.append(M.from_scalar(v, slot))
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
                lo = a.ctypes.data + sum((n - 1) * s for n, s in zip(a.shape, a.strides, strict=True) if s < 0)
                hi = (
                    a.ctypes.data
                    + sum((n - 1) * s for n, s in zip(a.shape, a.strides, strict=True) if s > 0)
                    + a.itemsize
                )
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
            if self._cache_key is not None:
                _CACHE.pop(self._cache_key, None)

    def __enter__(self) -> ExecutionEngine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_entry(engine: ExecutionEngine, entry: str = "main", result: str = "void") -> Any:
    """Run ``entry`` as upstream ``mlir-runner -e entry
    -entry-point-result=result`` does: call it without arguments, print an
    ``i32``/``i64`` result in decimal and an ``f32`` one as ``%e`` on its
    own line, then run the global destructors (``engine.close()``)."""
    if result not in ("void", "i32", "i64", "f32"):
        raise ValueError(f"unsupported entry point result type '{result}' (void, i32, i64 or f32)")
    fn = engine._functions.get(entry)
    if fn is None or not (fn.regions and fn.regions[0].blocks):
        raise KeyError(f"entry point '{entry}' is not a function defined in the module")
    ft = _llvm_function_type(fn)
    want = {"void": LT.VOID, "i32": T.i32, "i64": T.i64, "f32": T.f32}[result]
    if ft.params or ft.return_type != want:
        raise TypeError(f"entry point '{entry}' must take no arguments and return {result}, its type is {ft}")
    r = engine.invoke(entry)
    if result == "f32":
        sys.stdout.write(f"{r:e}\n")
    elif result != "void":
        sys.stdout.write(f"{r}\n")
    sys.stdout.flush()
    engine.close()
    return r


def _flush_c_stdout() -> None:
    try:
        M.libc().fflush(None)
    except Exception:  # pragma: no cover - no libc
        pass


# -- compile --------------------------------------------------------------------------------

_CACHE: dict[str, ExecutionEngine] = {}
CACHE_SIZE = 32  # engines kept by compile(); the oldest is dropped first


def has_state(module: Operation) -> bool:
    """Whether a JIT of ``module`` holds state that one user could change
    under another: a writable global (``llvm.mlir.global`` without
    ``constant``) or static constructors/destructors."""
    body = module.regions[0].blocks[0].operations if module.regions and module.regions[0].blocks else []
    for op in body:
        if isinstance(op, LLVM.GlobalOp) and "constant" not in op.props:
            return True
        if isinstance(op, (LLVM.GlobalCtorsOp, LLVM.GlobalDtorsOp)):
            return True
    return False


def compile(
    module_or_text: Operation | str,
    opt_level: int = 3,
    cache: bool = True,
    library: dict[str, Callable[..., Any]] | None = None,
    threads: int | None = None,
) -> ExecutionEngine:
    """JIT-compile an MLIR module (an ``Operation`` or MLIR text) for the
    host. A copy of it is lowered with ``lower_to_llvm`` first; function
    signatures are taken before lowering.

    Engines of stateless modules (no writable globals, no static
    constructors or destructors) are cached by the hash of the LLVM IR,
    ``opt_level`` and the signatures, so compiling the same module again
    returns the same engine; a module with state always gets a new engine,
    so that no two ``compile`` calls share its globals. ``cache=False``
    always builds a new engine.

    ``library`` maps library function names to Python implementations
    (see ``polymlir.codegen.library``): linalg ops with such a library name
    become calls, and the module's library calls are bound to them.

    ``threads``: the outermost parallel loops (``affine.parallel``,
    ``scf.parallel``) run on that many threads; default
    ``POLYMLIR_NUM_THREADS``, else every core this process may use; 1 is
    the sequential code exactly. Part of the cache key."""
    n_threads = parallel_runtime.resolve_threads(threads)
    if isinstance(module_or_text, str):
        module = parse_text(module_or_text)
        verify(module)
    else:
        module = module_or_text
        if unlowered_ops(module):
            module = module.clone()  # lowering works in place; leave the caller's module alone
    # Tensor functions are called with their buffers: signatures after bufferization.
    to_llvm_pipeline.bufferize_tensors(module)
    L.convert_bound_ops(module, library)  # on buffers: library calls take memrefs
    sigs = collect_signatures(module)
    _llvm()
    callbacks, bound = L.bind_library_calls(module, library)
    module = lower_to_llvm(module, n_threads)
    text = translate_to_llvm_ir(module)
    cache = cache and not has_state(module)
    sig_text = "\0".join(f"{k}:{v}" for k, v in sorted(sigs.items()))
    key = f"{opt_level}\0{n_threads}\0{sig_text}\0{bound}\0{text}"
    key = hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()
    if cache:
        eng = _CACHE.get(key)
        if eng is not None and not eng._closed:
            return eng
    eng = ExecutionEngine(module, opt_level, sigs, llvm_ir=text, threads=n_threads)
    eng._library_callbacks = callbacks
    if cache:
        eng._cache_key = key
        _CACHE[key] = eng
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
    return eng
