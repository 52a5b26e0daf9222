"""The lowerings: each rewrites the ops of some dialects into lower-level
ones with the one-shot mode of the rewrite driver
(``polymlir.ir.rewriting.apply_conversion``, patterns typed by op class).

- ``affine_to_scf`` (``lower-affine``): affine ops to scf, arith, memref and vector;
  ``affine_expand``: its arith expansion of affine expressions and maps;
- ``scf_to_cf`` (``convert-scf-to-cf``): structured control flow to blocks and branches;
- ``vector_lowering`` (run by ``convert-vector-to-llvm``) and ``vector_to_scf``
  (``convert-vector-to-scf``): high-level vector ops to the few the LLVM
  conversion handles, transfers to loops;
- ``expand_ipowi`` (``expand-math-ipowi``): ``math.ipowi`` to scf loops;
- ``to_llvm``: every dialect to the LLVM dialect (``convert-*-to-llvm``,
  ``finalize-memref-to-llvm``, ``reconcile-unrealized-casts``, the parallel
  outlining for the thread runtime, and ``pipeline.lower_to_llvm``).

The layer sits between ``transforms`` (which it may import: bufferization
runs first in the pipeline) and ``codegen`` (translation to LLVM IR, the JIT
and the memref ABI, which import it).
"""
