// Upstream's in-place decisions on one_shot_analysis.mlir match the ones
// that file checks polymlir for.
// RUN: mlir-opt-22 one_shot_analysis.mlir --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | filecheck one_shot_analysis.mlir
// REQUIRES: mlir-opt
