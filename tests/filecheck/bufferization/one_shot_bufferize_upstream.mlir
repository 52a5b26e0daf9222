// mlir-opt-22 accepts what one-shot-bufferize and the deallocation produce
// (one_shot_bufferize.mlir, tensor_ops.mlir, elementwise.mlir).
// RUN: polymlir opt one_shot_bufferize.mlir --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline | mlir-opt-22 > /dev/null
// RUN: polymlir opt one_shot_bufferize.mlir --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | mlir-opt-22 > /dev/null
// RUN: polymlir opt tensor_ops.mlir --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline | mlir-opt-22 > /dev/null
// RUN: polymlir opt elementwise.mlir --convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
