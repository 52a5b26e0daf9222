"""The pass infrastructure and the upstream affine pass wrappers.

``manager`` is the pass registry (``register_pass``, ``lookup_pass``), the
pass classes' base (``ModulePass``, ``FunctionPass``) and upstream's
pipeline syntax; every package that registers passes imports it. The other
modules are thin wrappers, under upstream's pass names and options, over the
loop primitives of ``transforms/loops``: ``affine_loops`` (unroll,
unroll-jam, parallelize, scalrep, normalize, loop-invariant code motion),
``affine_fusion`` (fusion, data copy generation, distribution) and
``affine_loop_tile``. They register by import; nothing here imports them.
"""
