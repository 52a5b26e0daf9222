"""A read-only numpy array passed to a compiled kernel that may write it is
refused with a clear error, through a C-interface wrapper too (the
wrapper's callee says which memrefs are only read)."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir

COPY = """func.func @f(%s: f64, %A: memref<4x4xf64>, %B: memref<16xf64>) attributes {llvm.emit_c_interface} {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<4x4xf64>
      %b = arith.addf %a, %s : f64
      affine.store %b, %B[%i * 4 + %j] : memref<16xf64>
    }
  }
  return
}"""


@pytest.mark.parametrize("ciface", [True, False])
def test_read_only_arrays_are_refused_where_the_kernel_writes(ciface):
    src = COPY if ciface else COPY.replace(" attributes {llvm.emit_c_interface}", "")
    e = polymlir.compile(src, cache=False)
    assert e.abi("f").ciface is ciface
    a, b = np.arange(16.0).reshape(4, 4), np.zeros(16)
    a.flags.writeable = False
    e.f(1.0, a, b)  # A is only read
    assert b[5] == 6.0
    b.flags.writeable = False
    with pytest.raises(ValueError, match="argument 2 is a read-only array, but 'f' may write it"):
        e.f(1.0, a, b)
