// Upstream mlir-opt accepts what polymlir prints for the legacy inputs of
// this folder (today's syntax, nothing legacy left).
// REQUIRES: mlir-opt
// RUN: polymlir opt std.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt affine.mlir | mlir-opt-22 > /dev/null
// RUN: polymlir opt linalg.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt llvm.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt syntax.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt std.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt linalg.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect > /dev/null
