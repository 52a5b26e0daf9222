"""The LLVM IR functions the JIT adds to a module to call into it.

``trampoline(name, ft)``: ``void __polymlir_invoke_<name>(void** args)``,
which loads each argument through ``args[i]``, calls ``name`` and stores
its result through ``args[n]``, so that Python calls every function through
one ``void(void*)`` signature and no C ABI rule for struct returns is
involved. ``addresses(function, symbols)``: ``void function(ptr %out)``
storing the symbols' addresses in order (private ones have no symbol the
engine could look up).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects.llvm import types as LT
from .llvm_ir_types import TypeNamer, global_ref

__all__ = ["PREFIX", "addresses", "trampoline"]

PREFIX = "__polymlir_invoke_"


def trampoline(name: str, ft: LT.LLVMFunctionType) -> str:
    """The trampoline of function ``name`` of type ``ft``."""
    types = TypeNamer()
    lines = [f"define void {global_ref(PREFIX + name)}(ptr %args) {{"]
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
    return "\n" + "\n".join(lines) + "\n"


def addresses(function: str, symbols: Sequence[str]) -> str:
    """``void function(ptr %out)`` storing the addresses of ``symbols`` in
    order."""
    lines = [f"\ndefine void {global_ref(function)}(ptr %out) {{"]
    for i, name in enumerate(symbols):
        lines.append(f"  %g{i} = getelementptr ptr, ptr %out, i64 {i}")
        lines.append(f"  store ptr {global_ref(name)}, ptr %g{i}, align 1")
    lines += ["  ret void", "}"]
    return "\n".join(lines) + "\n"
