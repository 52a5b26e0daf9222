// RUN: polymlir opt %s | filecheck %s
// RUN: polymlir opt %s --mlir-print-op-generic | polymlir opt | filecheck %s
// The transform ops of the linalg integration schedules (and a few more),
// printed as mlir-opt-22 prints them (upstream.mlir diffs the two).

module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_fill(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.fill", "linalg.matmul"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @action(%op: !transform.any_op {transform.readonly}) {
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consume}) {
    %m = transform.structured.match ops{["linalg.matmul"]} attributes {tag} in %root : (!transform.any_op) -> !transform.any_op
    %l = transform.structured.match interface{LoopLikeInterface} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:2 = transform.structured.tile_using_for %m tile_sizes [2, 0, 4] interchange = [1, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %c8 = transform.param.constant 8 : i64 -> !transform.param<i64>
    %t2, %loop = transform.structured.tile_using_for %t tile_sizes [%c8] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %f, %s, %c, %for = transform.structured.tile_reduction_using_for %m by tile_sizes = [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %m : !transform.any_op
    transform.structured.vectorize %m vector_sizes [8, [4]] : !transform.any_op
    %col, %res = transform.structured.convert_conv2d_to_img2col %m : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %func = transform.get_parent_op %m {isolated_from_above} : (!transform.any_op) -> !transform.op<"func.func">
    %p = transform.get_parent_op %m {op_name = "func.func", nth_parent = 2 : i64, deduplicate} : (!transform.any_op) -> !transform.any_op
    %h = transform.structured.hoist_redundant_vector_transfers %func : (!transform.op<"func.func">) -> !transform.op<"func.func">
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
      transform.apply_patterns.linalg.decompose_pack_unpack
    } : !transform.op<"func.func">
    transform.apply_patterns to %func {
      transform.apply_patterns.canonicalization
    } {apply_cse} : !transform.op<"func.func">
    transform.apply_licm to %l : !transform.any_op
    transform.apply_cse to %func : !transform.op<"func.func">
    transform.loop.hoist_loop_invariant_subsets %l : !transform.any_op
    %all = transform.collect_matching @match_fill in %root : (!transform.any_op) -> !transform.any_op
    %upd = transform.foreach_match in %root @match_fill -> @action : (!transform.any_op) -> !transform.any_op
    %inc = transform.include @match_fill failures(propagate) (%m) : (!transform.any_op) -> !transform.any_op
    transform.sequence %root : !transform.any_op failures(suppress) {
    ^bb0(%arg0: !transform.any_op):
      transform.debug.emit_remark_at %arg0, "in sequence" : !transform.any_op
    }
    transform.debug.emit_param_as_remark %c8, "size" at %m : !transform.param<i64>, !transform.any_op
    %pack = transform.structured.match ops{["linalg.pack"]} in %func : (!transform.op<"func.func">) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %pack : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpack = transform.structured.match ops{["linalg.unpack"]} in %func : (!transform.op<"func.func">) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpack : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    %b = transform.bufferization.one_shot_bufferize %root {bufferize_function_boundaries = true} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// CHECK: module attributes {transform.with_named_sequence} {
// CHECK-NEXT:   transform.named_sequence @match_fill(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
// CHECK-NEXT:     transform.match.operation_name %arg0 ["linalg.fill", "linalg.matmul"] : !transform.any_op
// CHECK-NEXT:     transform.yield %arg0 : !transform.any_op
// CHECK-NEXT:   }
// CHECK-NEXT:   transform.named_sequence @action(%arg0: !transform.any_op {transform.readonly}) {
// CHECK-NEXT:     transform.yield
// CHECK-NEXT:   }
// CHECK-NEXT:   transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.consume}) {
// CHECK-NEXT:     %0 = transform.structured.match ops{["linalg.matmul"]} attributes {tag} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %1 = transform.structured.match interface{LoopLikeInterface} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %tiled_linalg_op, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [2, 0, 4] interchange = [1, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
// CHECK-NEXT:     %2 = transform.param.constant 8 : i64 -> !transform.param<i64>
// CHECK-NEXT:     %tiled_linalg_op_0, %loops_1 = transform.structured.tile_using_for %tiled_linalg_op tile_sizes [%2] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT:     %fill_op, %split_op, %combining_op, %for_op = transform.structured.tile_reduction_using_for %0 by tile_sizes = [0, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
// CHECK-NEXT:     transform.structured.vectorize %0 : !transform.any_op
// CHECK-NEXT:     transform.structured.vectorize %0 vector_sizes [8, [4]] : !transform.any_op
// CHECK-NEXT:     %img2col_tensor, %transformed = transform.structured.convert_conv2d_to_img2col %0 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
// CHECK-NEXT:     %3 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.op<"func.func">
// CHECK-NEXT:     %4 = transform.get_parent_op %0 {deduplicate, nth_parent = 2 : i64, op_name = "func.func"} : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %5 = transform.structured.hoist_redundant_vector_transfers %3 : (!transform.op<"func.func">) -> !transform.op<"func.func">
// CHECK-NEXT:     transform.apply_patterns to %3 {
// CHECK-NEXT:       transform.apply_patterns.canonicalization
// CHECK-NEXT:       transform.apply_patterns.linalg.decompose_pack_unpack
// CHECK-NEXT:     } : !transform.op<"func.func">
// CHECK-NEXT:     transform.apply_patterns to %3 {
// CHECK-NEXT:       transform.apply_patterns.canonicalization
// CHECK-NEXT:     } {apply_cse} : !transform.op<"func.func">
// CHECK-NEXT:     transform.apply_licm to %1 : !transform.any_op
// CHECK-NEXT:     transform.apply_cse to %3 : !transform.op<"func.func">
// CHECK-NEXT:     transform.loop.hoist_loop_invariant_subsets %1 : !transform.any_op
// CHECK-NEXT:     %6 = transform.collect_matching @match_fill in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %updated_root = transform.foreach_match in %arg0
// CHECK-NEXT:         @match_fill -> @action : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     %7 = transform.include @match_fill failures(propagate) (%0) : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     transform.sequence %arg0 : !transform.any_op failures(suppress) {
// CHECK-NEXT:     ^bb0(%arg1: !transform.any_op):
// CHECK-NEXT:       transform.debug.emit_remark_at %arg1, "in sequence" : !transform.any_op
// CHECK-NEXT:     }
// CHECK-NEXT:     transform.debug.emit_param_as_remark %2, "size" at %0 : !transform.param<i64>, !transform.any_op
// CHECK-NEXT:     %8 = transform.structured.match ops{["linalg.pack"]} in %3 : (!transform.op<"func.func">) -> !transform.op<"linalg.pack">
// CHECK-NEXT:     %pad_op, %expand_shape_op, %transpose_op = transform.structured.lower_pack %8 : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
// CHECK-NEXT:     %9 = transform.structured.match ops{["linalg.unpack"]} in %3 : (!transform.op<"func.func">) -> !transform.op<"linalg.unpack">
// CHECK-NEXT:     %empty_op, %transpose_op_2, %collapse_shape_op, %extract_slice_op = transform.structured.lower_unpack %9 : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
// CHECK-NEXT:     %10 = transform.bufferization.one_shot_bufferize %arg0 {bufferize_function_boundaries = true} : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT:     transform.yield
// CHECK-NEXT:   }
// CHECK-NEXT: }
