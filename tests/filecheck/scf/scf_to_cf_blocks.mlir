// convert-scf-to-cf builds upstream's blocks: scf.for's condition block is the
// body's first block (the body moves to a block without arguments, the loop's
// results are the condition block's arguments), scf.if with results meets in
// a block of its own, scf.while's continuation takes no arguments (do-while
// form when the after region only forwards its arguments), loop hints go to
// the latch and print through upstream's nested aliases; index_switch puts
// the default's block last. The output is mlir-opt-22's.
// RUN: polymlir opt %s -convert-scf-to-cf | filecheck %s
// RUN: polymlir opt %s -convert-scf-to-cf="allow-pattern-rollback=0" | filecheck %s

#no_unroll = #llvm.loop_annotation<unroll = <disable = true>>
func.func @for_yield(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    scf.yield %s : f32
  } {llvm.loop_annotation = #no_unroll}
  return %r : f32
}

func.func @if_yield(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %0 : i32
}

func.func @do_while(%arg0: f32, %c: i1) -> f32 {
  %0 = scf.while (%x = %arg0) : (f32) -> f32 {
    scf.condition(%c) %x : f32
  } do {
  ^bb0(%y: f32):
    scf.yield %y : f32
  } attributes {llvm.loop_annotation = #no_unroll}
  return %0 : f32
}

func.func @while(%arg0: i32, %c: i1) -> i64 {
  %0 = scf.while (%x = %arg0) : (i32) -> i64 {
    %e = arith.extui %x : i32 to i64
    scf.condition(%c) %e : i64
  } do {
  ^bb0(%y: i64):
    %t = arith.trunci %y : i64 to i32
    scf.yield %t : i32
  }
  return %0 : i64
}

func.func @index_switch(%i: index, %a: i32, %b: i32) -> i32 {
  %0 = scf.index_switch %i -> i32
  case 3 {
    scf.yield %a : i32
  }
  default {
    scf.yield %b : i32
  }
  return %0 : i32
}

// CHECK: #loop_unroll = #llvm.loop_unroll<disable = true>
// CHECK-NEXT: #loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @for_yield(%arg0: index, %arg1: index, %arg2: index, %arg3: f32) -> f32 {
// CHECK-NEXT:     cf.br ^bb1(%arg0, %arg3 : index, f32)
// CHECK-NEXT:   ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:     cf.cond_br %2, ^bb2, ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     %3 = arith.addf %1, %1 : f32
// CHECK-NEXT:     %4 = arith.addi %0, %arg2 : index
// CHECK-NEXT:     cf.br ^bb1(%4, %3 : index, f32) {llvm.loop_annotation = #loop_annotation}
// CHECK-NEXT:   ^bb3:  // pred: ^bb1
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @if_yield(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT:   ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     cf.br ^bb4
// CHECK-NEXT:   ^bb4:  // pred: ^bb3
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @do_while(%arg0: f32, %arg1: i1) -> f32 {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : f32)
// CHECK-NEXT:   ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1(%0 : f32), ^bb2 {llvm.loop_annotation = #loop_annotation}
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @while(%arg0: i32, %arg1: i1) -> i64 {
// CHECK-NEXT:     cf.br ^bb1(%arg0 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     %1 = arith.extui %0 : i32 to i64
// CHECK-NEXT:     cf.cond_br %arg1, ^bb2(%1 : i64), ^bb3
// CHECK-NEXT:   ^bb2(%2: i64):  // pred: ^bb1
// CHECK-NEXT:     %3 = arith.trunci %2 : i64 to i32
// CHECK-NEXT:     cf.br ^bb1(%3 : i32)
// CHECK-NEXT:   ^bb3:  // pred: ^bb1
// CHECK-NEXT:     return %1 : i64
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @index_switch(%arg0: index, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT:     cf.switch %0 : i32, [
// CHECK-NEXT:       default: ^bb2,
// CHECK-NEXT:       3: ^bb1
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg2 : i32)
// CHECK-NEXT:   ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
