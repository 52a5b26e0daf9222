"""The runtime library: byte-for-byte what upstream's mlir_runner_utils /
mlir_c_runner_utils print, called through their C entry points."""

from __future__ import annotations

import ctypes
import math
import random

import numpy as np
import pytest

from polymlir.codegen import memref_abi as M
from polymlir.codegen import runtime as R

# What upstream's runtime prints for the integration cases memref/utils-print_{0d,1d,3d}
# and vector/utils-vector_splat_2d (mlir-runner 22.1, addresses masked).
PRINT_0D_1D_3D = (
    "Unranked Memref base@ = <addr> rank = 0 offset = 0 sizes = [] strides = [] data = \n"
    "[2]\n"
    "Unranked Memref base@ = <addr> rank = 1 offset = 0 sizes = [16] strides = [1] data = \n"
    "[2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2]\n"
    "Unranked Memref base@ = <addr> rank = 3 offset = 0 sizes = [3, 4, 5] strides = [20, 5, 1] data = \n"
    "[[[2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2]], \n"
    " [[2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2]], \n"
    " [[2,    2,    2,    2,    2], \n"
    "  [2,    2,    2,    2,    2], \n"
    "  [2,    2,    4,    2,    2], \n"
    "  [2,    2,    2,    2,    2]]]\n"
)
VECTOR_SPLAT_2D = (
    "Memref base@ = <addr> rank = 2 offset = 0 sizes = [1, 1] strides = [1, 1] data = \n"
    "[[((10, 10, 10, 10),   (10, 10, 10, 10),   (10, 10, 10, 10),  (10, 10, 10, 10))]]\n"
)


def c_fn(name: str, restype, *argtypes):
    return ctypes.CFUNCTYPE(restype, *argtypes)(R.SYMBOLS[name])


def print_unranked(name: str, arr: np.ndarray) -> None:
    u = M.unranked_from_array(arr)
    c_fn(f"_mlir_ciface_{name}", None, ctypes.c_void_p)(ctypes.addressof(u))


def addr_free(s: str) -> str:
    import re

    return re.sub(r"base@ = \S+", "base@ = <addr>", s)


# -- scalars ------------------------------------------------------------------------------


def test_format_g_is_printf():
    libc = ctypes.CDLL(None)
    buf = ctypes.create_string_buffer(64)
    rng = random.Random(7)
    vals = [
        0.0,
        -0.0,
        1.0,
        1e6,
        123456.5,
        1234567.0,
        1e-5,
        1e-4,
        float("inf"),
        -float("inf"),
        float("nan"),
        -float("nan"),
        999999.5,
        5e-324,
        1e300,
    ]
    vals += [rng.uniform(-1e9, 1e9) for _ in range(300)] + [
        math.ldexp(rng.random(), rng.randint(-300, 300)) for _ in range(300)
    ]
    for v in vals:
        libc.snprintf(buf, 64, b"%g", ctypes.c_double(v))
        assert R.format_g(v) == buf.value.decode(), v


def test_scalar_printers(capsys):
    c_fn("printI64", None, ctypes.c_int64)(-(2**63))
    c_fn("printComma", None)()
    c_fn("printU64", None, ctypes.c_uint64)(2**64 - 1)
    c_fn("printComma", None)()
    c_fn("printF32", None, ctypes.c_float)(0.1)
    c_fn("printComma", None)()
    c_fn("printF64", None, ctypes.c_double)(1234567.0)
    c_fn("printOpen", None)()
    c_fn("printF16", None, ctypes.c_uint16)(0x3E00)
    c_fn("printBF16", None, ctypes.c_uint16)(0x4020)
    c_fn("printClose", None)()
    c_fn("printString", None, ctypes.c_char_p)(b"str")
    c_fn("printNewline", None)()
    assert capsys.readouterr().out == "-9223372036854775808, 18446744073709551615, 0.1, 1.23457e+06( 1.52.5 )str\n"


def test_flops_go_to_stderr_and_clock_ticks(capsys):
    c_fn("printFlops", None, ctypes.c_double)(2.5e9)
    out = capsys.readouterr()
    assert out.out == "" and out.err == "2.500000 GFLOPS\n"
    clock = c_fn("rtclock", ctypes.c_double)
    t0 = clock()
    assert t0 > 1e9 and clock() >= t0


# -- memrefs ------------------------------------------------------------------------------------


def test_print_memref_2d_and_element_types(capsys):
    print_unranked("printMemrefF32", np.full((3, 3), 3.5, np.float32))
    print_unranked("printMemrefI8", np.full((3, 3), 90, np.int8))
    print_unranked("printMemrefC32", np.full((3, 3), 10 + 5j, np.complex64))
    print_unranked("printMemrefInd", np.full((1, 2), 4, np.int64))
    out = addr_free(capsys.readouterr().out)
    assert out == (
        "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [3, 3] strides = [3, 1] data = \n"
        "[[3.5,   3.5,   3.5], \n [3.5,   3.5,   3.5], \n [3.5,   3.5,   3.5]]\n"
        "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [3, 3] strides = [3, 1] data = \n"
        "[[Z,   Z,   Z], \n [Z,   Z,   Z], \n [Z,   Z,   Z]]\n"
        "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [3, 3] strides = [3, 1] data = \n"
        "[[(10,5),   (10,5),   (10,5)], \n [(10,5),   (10,5),   (10,5)], \n [(10,5),   (10,5),   (10,5)]]\n"
        "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [1, 2] strides = [2, 1] data = \n"
        "[[4,   4]]\n"
    )


def test_print_memref_0d_1d_3d_match_upstream(capsys):
    print_unranked("printMemrefF32", np.array(2.0, np.float32))
    print_unranked("printMemrefF32", np.full(16, 2.0, np.float32))
    a = np.full((3, 4, 5), 2.0, np.float32)
    a[2, 2, 2] = 4
    print_unranked("printMemrefF32", a)
    out = addr_free(capsys.readouterr().out)
    assert out == PRINT_0D_1D_3D


def test_print_strided_view_with_offset(capsys):
    base = np.arange(20, dtype=np.int32)
    d = M.ranked_descriptor_type(2)()
    d.allocated = d.aligned = base.ctypes.data
    d.offset = 3
    d.sizes[:] = [2, 3]
    d.strides[:] = [5, 2]
    u = M.UnrankedDescriptor(2, ctypes.addressof(d))
    c_fn("_mlir_ciface_printMemrefI32", None, ctypes.c_void_p)(ctypes.addressof(u))
    c_fn("printMemrefI32", None, ctypes.c_int64, ctypes.c_void_p)(2, ctypes.addressof(d))
    out = addr_free(capsys.readouterr().out)
    one = (
        "Unranked Memref base@ = <addr> rank = 2 offset = 3 sizes = [2, 3] strides = [5, 2] data = \n"
        "[[3,   5,   7], \n [8,   10,   12]]\n"
    )
    assert out == one + one


def test_print_ranked_and_shape(capsys):
    a = np.arange(4, dtype=np.float64)
    d = M.descriptor_from_array(a)
    c_fn("_mlir_ciface_printMemref1dF64", None, ctypes.c_void_p)(ctypes.addressof(d))
    u = M.unranked_from_array(np.zeros((2, 3), np.float32))
    c_fn("_mlir_ciface_printMemrefShapeF32", None, ctypes.c_void_p)(ctypes.addressof(u))
    out = addr_free(capsys.readouterr().out)
    assert out == (
        "Memref base@ = <addr> rank = 1 offset = 0 sizes = [4] strides = [1] data = \n[0,  1,  2,  3]\n"
        "Unranked Memref base@ = <addr> rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1]\n"
    )


def test_print_vector_memref(capsys):
    v = np.full((1, 1, 4, 4), 10.0, np.float32)
    d = M.ranked_descriptor_type(2)()
    d.allocated = d.aligned = v.ctypes.data
    d.offset = 0
    d.sizes[:] = [1, 1]
    d.strides[:] = [1, 1]
    c_fn("_mlir_ciface_printMemrefVector4x4xf32", None, ctypes.c_void_p)(ctypes.addressof(d))
    out = addr_free(capsys.readouterr().out)
    assert out == VECTOR_SPLAT_2D


def test_memref_copy_between_strided_views():
    src = np.arange(12, dtype=np.float64).reshape(3, 4)[:, ::2]
    dst = np.zeros((6, 2), np.float64)[::2]
    us, ud = M.unranked_from_array(src), M.unranked_from_array(dst)
    c_fn("memrefCopy", None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)(
        8, ctypes.addressof(us), ctypes.addressof(ud)
    )
    np.testing.assert_array_equal(dst, src)


def test_verify_memref(capsys):
    a = np.ones((2, 2), np.float32)
    b = a.copy()
    b[1, 0] = 2
    verify = c_fn("_mlir_ciface_verifyMemRefF32", ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)
    ua, ub = M.unranked_from_array(a), M.unranked_from_array(b)
    assert verify(ctypes.addressof(ua), ctypes.addressof(ua)) == 0
    assert verify(ctypes.addressof(ua), ctypes.addressof(ub)) == 1
    assert capsys.readouterr().err == "1 != 2 offset = 2\n"
    uc = M.unranked_from_array(np.ones((2, 3), np.float32))
    assert verify(ctypes.addressof(ua), ctypes.addressof(uc)) == -1
    vi = c_fn("verifyMemRefI32", ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)
    x = np.arange(3, dtype=np.int32)
    dx = M.descriptor_from_array(x)
    assert vi(1, ctypes.addressof(dx), ctypes.addressof(dx)) == 0


def test_layout_cells_spacing():
    assert R.layout_cells(["a", "b", "c"], (3,)) == "[a,  b,  c]"
    assert R.layout_cells(["a"], (1, 1)) == "[[a]]"
    assert R.layout_cells([], (0, 3)) == "[[]]"


def test_runtime_functions_are_visible_to_jit_code(capfd):
    import polymlir

    e = polymlir.compile(
        """
llvm.func @printI64(i64)
llvm.func @printNewline()
llvm.func @puts(!llvm.ptr) -> i32
llvm.mlir.global private constant @msg("hello\\00") {addr_space = 0 : i32}
llvm.func @main() {
  %0 = llvm.mlir.constant(7 : i64) : i64
  llvm.call @printI64(%0) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  %1 = llvm.mlir.addressof @msg : !llvm.ptr
  %2 = llvm.call @puts(%1) : (!llvm.ptr) -> i32
  llvm.return
}""",
        opt_level=0,
    )
    print("before")
    e.main()
    print("after")
    assert capfd.readouterr().out == "before\n7\nhello\nafter\n"


def test_exported_names_cover_upstream():
    for name in [
        "printMemrefF32",
        "printMemrefF64",
        "printMemrefI32",
        "printMemrefI64",
        "printMemrefInd",
        "printMemrefC32",
        "printMemrefC64",
        "_mlir_ciface_printMemrefI8",
        "_mlir_ciface_printMemrefI16",
        "_mlir_ciface_printMemrefF16",
        "_mlir_ciface_printMemrefBF16",
        "_mlir_ciface_printMemrefShapeF32",
        "_mlir_ciface_verifyMemRefF64",
        "verifyMemRefC64",
        "memrefCopy",
        "printFlops",
        "rtclock",
        "printF16",
        "printBF16",
        "printU64",
        "_mlir_ciface_nanoTime",
        "_mlir_ciface_printMemref2dF32",
    ]:
        assert R.SYMBOLS.get(name), name


@pytest.mark.parametrize(
    "kind, dtype, value, text",
    [
        ("F16", np.float16, 1.5, "1.5"),
        ("BF16", np.uint16, 0x4020, "2.5"),
        ("C64", np.complex128, 20 + 5j, "(20,5)"),
        ("I16", np.int16, -1, "-1"),
        ("Ind", np.uint64, 4, "4"),
    ],
)
def test_element_formats(kind, dtype, value, text, capsys):
    print_unranked(f"printMemref{kind}", np.full((1,), value, dtype))
    assert capsys.readouterr().out.endswith(f"data = \n[{text}]\n")
