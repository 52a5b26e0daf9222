"""The Python API for building llvm-dialect IR (what code generation uses):
types, attributes and op builders produce IR that verifies, prints as
upstream prints it, and parses back to the same text."""

import shutil
import subprocess

import pytest

import polymlir
from polymlir.dialects.llvm import (
    INTRINSICS,
    PTR,
    VOID,
    AddOp,
    AddressOfOp,
    AllocaOp,
    BrOp,
    CallOp,
    CastOps,
    CondBrOp,
    ConstantOp,
    ExtractValueOp,
    FastmathFlagsAttr,
    FMulOp,
    GEPOp,
    GlobalOp,
    ICmpOp,
    InsertValueOp,
    LLVMArrayType,
    LLVMFuncOp,
    LLVMFunctionType,
    LLVMPointerType,
    LLVMStructType,
    LoadOp,
    ReturnOp,
    StoreOp,
    UndefOp,
)
from polymlir.ir import attributes as A
from polymlir.ir import types as T
from polymlir.ir.core import Block, Region
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.ir.registry import lookup_op


def _module(*ops):
    module = lookup_op("builtin.module").create(regions=[Region()])
    body = module.regions[0].add_block()
    for op in ops:
        body.append(op)
    return module


def test_types_print_as_upstream():
    s = LLVMStructType((PTR, PTR, T.i64, LLVMArrayType(T.i64, 2), LLVMArrayType(T.i64, 2)))
    assert str(s) == "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>"
    assert str(LLVMPointerType(1)) == "!llvm.ptr<1>"
    assert str(LLVMStructType((T.i8, T.i32), packed=True)) == "!llvm.struct<packed (i8, i32)>"
    assert str(LLVMStructType.identified("node", (T.i32, PTR))) == '!llvm.struct<"node", (i32, ptr)>'
    assert str(LLVMStructType.opaque_named("o")) == '!llvm.struct<"o", opaque>'
    assert str(LLVMFunctionType(T.i32, (PTR,), True)) == "!llvm.func<i32 (ptr, ...)>"
    assert str(LLVMFunctionType(VOID, ())) == "!llvm.func<void ()>"
    assert polymlir.parse_type(str(s)) == s
    assert str(FastmathFlagsAttr.of("nnan", "ninf")) == "#llvm.fastmath<nnan, ninf>"
    assert str(FastmathFlagsAttr.of("fast")) == "#llvm.fastmath<fast>"


def test_build_function_with_control_flow_and_memory():
    desc = LLVMStructType((PTR, PTR, T.i64))
    fn = LLVMFuncOp.build("sum", LLVMFunctionType(T.f64, (PTR, T.i64)), linkage="internal")
    entry = fn.add_entry_block()
    base, n = entry.arguments
    loop = fn.regions[0].add_block(Block([T.i64, T.f64]))
    body = fn.regions[0].add_block()
    done = fn.regions[0].add_block()

    zero = ConstantOp.build(T.i64, 0)
    fzero = ConstantOp.build(T.f64, 0.0)
    undef = UndefOp.build(desc)
    d = InsertValueOp.build(undef.res, base, [0])
    p = ExtractValueOp.build(d.res, [0])
    for op in (zero, fzero, undef, d, p):
        entry.append(op)
    entry.append(BrOp.build(loop, [zero.res, fzero.res]))

    i, acc = loop.arguments
    cmp = ICmpOp.build("slt", i, n)
    loop.append(cmp)
    loop.append(CondBrOp.build(cmp.res, body, [], done, [], weights=(99, 1)))

    gep = GEPOp.build(p.res, [i], elem_type=T.f64, inbounds=True)
    x = LoadOp.build(T.f64, gep.res, alignment=8)
    prod = FMulOp.build(x.res, x.res, fastmath=FastmathFlagsAttr.of("fast"))
    one = ConstantOp.build(T.i64, 1)
    nxt = AddOp.build(i, one.res, nsw=True)
    for op in (gep, x, prod, one, nxt):
        body.append(op)
    body.append(BrOp.build(loop, [nxt.res, prod.res]))
    done.append(ReturnOp.build(acc))

    module = _module(fn)
    polymlir.verify(module)
    text = polymlir.print_ir(module)
    assert "llvm.func internal @sum(%arg0: !llvm.ptr, %arg1: i64) -> f64 {" in text
    assert "^bb1(%5: i64, %6: f64):  // 2 preds: ^bb0, ^bb2" in text
    assert "llvm.cond_br %7 weights([99, 1]), ^bb2, ^bb3" in text
    assert "llvm.getelementptr inbounds %4[%5] : (!llvm.ptr, i64) -> !llvm.ptr, f64" in text
    assert "llvm.fmul %9, %9 {fastmathFlags = #llvm.fastmath<fast>} : f64" in text
    assert "llvm.add %5, %11 overflow<nsw> : i64" in text
    again = polymlir.print_ir(polymlir.parse(text))
    assert again == text
    if shutil.which("mlir-opt-22"):
        r = subprocess.run(["mlir-opt-22", "-"], check=False, input=text, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


def test_build_globals_calls_casts_and_intrinsics():
    g = GlobalOp.build("counter", T.i64, value=A.IntegerAttr(0, T.i64), alignment=8)
    msg = GlobalOp.build("msg", LLVMArrayType(T.i8, 3), value=A.StringAttr("hi\00"), constant=True, linkage="private")
    printf = LLVMFuncOp.build("printf", LLVMFunctionType(T.i32, (PTR,), True))
    main = LLVMFuncOp.build("main", LLVMFunctionType(T.i32, ()))
    b = main.add_entry_block()
    addr = AddressOfOp.build("counter")
    v = LoadOp.build(T.i64, addr.res, alignment=8)
    t = CastOps["trunc"].build(v.res, T.i32)
    f = CastOps["sitofp"].build(t.res, T.f32)
    fm = INTRINSICS["fmuladd"].build([f.res, f.res, f.res])
    s = AddressOfOp.build("msg")
    call = CallOp.build(printf, [s.res, t.res])
    size = ConstantOp.build(T.i64, 4)
    slot = AllocaOp.build(size.res, T.f32, alignment=4)
    st = StoreOp.build(fm.res, slot.res, alignment=4)
    for op in (addr, v, t, f, fm, s, call, size, slot, st):
        b.append(op)
    b.append(ReturnOp.build(call.res))
    module = _module(g, msg, printf, main)
    polymlir.verify(module)
    text = polymlir.print_ir(module)
    assert '@msg("hi\\00")' in text
    assert "llvm.call @printf(%5, %2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32" in text
    assert "llvm.intr.fmuladd(%3, %3, %3) : (f32, f32, f32) -> f32" in text
    assert "llvm.alloca %7 x f32 {alignment = 4" in text
    assert polymlir.print_ir(polymlir.parse(text)) == text


def test_builders_are_verified():
    fn = LLVMFuncOp.build("f", LLVMFunctionType(T.i32, (T.i32,)))
    b = fn.add_entry_block()
    b.append(ReturnOp.build(None))
    with pytest.raises(DiagnosticError, match="expected 1 operand"):
        polymlir.verify(_module(fn))
