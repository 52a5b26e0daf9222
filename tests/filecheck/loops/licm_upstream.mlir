// REQUIRES: mlir-opt
// RUN: mlir-opt-22 licm.mlir --pass-pipeline="builtin.module(func.func(affine-loop-invariant-code-motion))" | filecheck licm.mlir --check-prefixes=CHECK
// RUN: mlir-opt-22 licm.mlir --pass-pipeline="builtin.module(func.func(affine-loop-invariant-code-motion))" | filecheck %s --check-prefix=UP
// RUN: polymlir opt licm.mlir --affine-loop-invariant-code-motion | mlir-opt-22 > /dev/null
// Upstream hoists what licm.mlir checks for polymlir (it keeps the load of
// @never_touched: the loop stores to that memref elsewhere). On @guarded it
// moves the whole body, store included, out of the loop over %j, which may
// not run: with %N <= 0 the original writes nothing, upstream's output
// writes every D[i] (tests/transforms/test_affine_passes.py runs it). It also
// hoists the integer division, which traps for %x = 0.
// UP-LABEL: func.func @guarded(
// UP-SAME:    %[[B:.+]]: memref<10xf64>, %[[D:.+]]: memref<10xf64>, %[[N:.+]]: index, %[[X:.+]]: index)
// UP-NEXT:    arith.divsi %[[X]], %[[X]] : index
// UP:         affine.for %{{.+}} = 0 to %[[N]] {
// UP-NEXT:    }
// UP-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// UP-NEXT:      affine.load %[[B]][%[[I]]]
// UP-NEXT:      arith.addf
// UP-NEXT:      affine.store %{{.+}}, %[[D]][%[[I]]]
