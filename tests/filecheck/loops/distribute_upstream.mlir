// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what affine-loop-distribute prints.
// RUN: polymlir opt distribute.mlir --affine-loop-distribute 2>/dev/null | mlir-opt-22 > /dev/null
