// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what affine-loop-fusion prints.
// RUN: polymlir opt fusion.mlir --split-input-file --affine-loop-fusion | mlir-opt-22 --split-input-file > /dev/null
// RUN: polymlir opt fusion_remarks.mlir --affine-loop-fusion 2>/dev/null | mlir-opt-22 > /dev/null
// Where upstream is right it fuses as polymlir does (one nest; upstream
// keeps the whole temporary, polymlir contracts it to one element).
// RUN: mlir-opt-22 fusion.mlir --split-input-file --affine-loop-fusion | filecheck %s --check-prefix=UP
// UP-LABEL: func.func @sibling
// UP: affine.for
// UP-NOT: affine.for
// UP-LABEL: func.func @producer_consumer
// UP: arith.mulf
// UP-NOT: affine.for
// UP: arith.addf
// Where upstream is wrong (fusion_remarks.mlir @consumer_overwrites_producer_input,
// llvm/llvm-project#212032) it fuses what polymlir refuses.
// RUN: mlir-opt-22 fusion_remarks.mlir --affine-loop-fusion | filecheck %s --check-prefix=BAD
// BAD-LABEL: func.func @consumer_overwrites_producer_input
// BAD: affine.for
// BAD-NOT: affine.for
// BAD: return
