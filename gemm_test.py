import numpy as np, time, polymlir, sys
from polymlir.codegen.jit import ExecutionEngine
for path in ['/tmp/codegen/gemm.mlir', '/tmp/codegen/gemm_c.mlir']:
    m = polymlir.parse(open(path).read())
    for opt in (0, 3):
        t = time.time()
        eng = ExecutionEngine(m, opt)
        tc = time.time() - t
        rng = np.random.default_rng(0)
        A = rng.random((1000, 1200)); B = rng.random((1200, 1100)); C = rng.random((1000, 1100))
        ref = 1.5 * A @ B + 1.2 * C
        print(eng.abi('kernel'))
        t = time.time(); eng.invoke('kernel', 1.5, 1.2, C, A, B); tr = time.time() - t
        print(path.split('/')[-1], opt, 'compile %.2fs run %.2fs' % (tc, tr), 'maxerr', np.abs(C - ref).max())
