"""The transformations, one package a kind (nothing but packages here):

- ``passes``: the pass manager (``passes.manager``: registry, pass classes,
  upstream's pipeline syntax) and the upstream affine pass wrappers;
- ``canonical``: ``canonicalize`` (with its affine folders and patterns) and ``cse``;
- ``loops``: the schedule handle, its traces, one module per loop primitive
  (with ``primitives/`` declaring them), the planner behind ``optimize`` and
  isl's automatic scheduler (``loops.pluto``);
- ``linalg``: linalg generalization, tiling, fusion, promotion, library calls;
- ``bufferization``: tensors to buffers, deallocation;
- ``transform_interp``: the transform dialect interpreter.

Passes register themselves by import; the package root's pass loader walks
every module of this package (and of ``conversion`` and ``codegen``).
Lowerings live in ``polymlir.conversion``, the affine ops' map utilities in
``polymlir.dialects.affine.map_utils``, the host's facts in ``polymlir.machine``.
"""
