// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @loops(
func.func @loops(%a: index, %b: index, %c: index, %i: i32, %j: i32, %k: i32, %f: f32) {
  // The trivial yield is implicit and not printed.
  // CHECK:      scf.for %[[IV:.*]] = %arg0 to %arg1 step %arg2 {
  // CHECK-NEXT:   "test.op"(%[[IV]]) : (index) -> ()
  // CHECK-NEXT: }
  scf.for %iv = %a to %b step %c {
    "test.op"(%iv) : (index) -> ()
  }
  // A non-index induction variable spells its type (two spaces: as upstream).
  // CHECK:      scf.for %{{.*}} = %arg3 to %arg4 step %arg5  : i32 {
  // CHECK-NEXT: }
  scf.for %iv = %i to %j step %k : i32 {
    scf.yield
  }
  // CHECK:      %{{.*}} = scf.for unsigned %{{.*}} = %arg3 to %arg4 step %arg5 iter_args(%[[X:.*]] = %arg6) -> (f32)  : i32 {
  // CHECK-NEXT:   scf.yield %[[X]] : f32
  // CHECK-NEXT: }
  %r = scf.for unsigned %iv = %i to %j step %k iter_args(%x = %f) -> f32 : i32 {
    scf.yield %x : f32
  }
  // CHECK:      %{{.*}}:2 = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %arg6, %{{.*}} = %arg3) -> (f32, i32) {
  // CHECK:      } {foo}
  %r2:2 = scf.for %iv = %a to %b step %c iter_args(%x = %f, %y = %i) -> (f32, i32) {
    scf.yield %x, %y : f32, i32
  } {foo}
  // CHECK:      scf.while (%[[W:.*]] = %arg3) : (i32) -> i32 {
  // CHECK-NEXT:   %[[C:.*]] = "test.cond"(%[[W]]) : (i32) -> i1
  // CHECK-NEXT:   scf.condition(%[[C]]) {attr} %[[W]] : i32
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[Y:.*]]: i32):
  // CHECK-NEXT:   scf.yield %[[Y]] : i32
  // CHECK-NEXT: } attributes {foo}
  %w = scf.while (%x = %i) : (i32) -> i32 {
    %cond = "test.cond"(%x) : (i32) -> i1
    scf.condition(%cond) {attr} %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  } attributes {foo}
  // An empty initializer list is not printed.
  // CHECK:      scf.while : () -> () {
  // CHECK-NEXT:   %{{.*}} = "test.cond"() : () -> i1
  // CHECK-NEXT:   scf.condition(%{{.*}})
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.while () : () -> () {
    %cond = "test.cond"() : () -> i1
    scf.condition(%cond)
  } do {
    scf.yield
  }
  return
}

// CHECK-LABEL: func.func @ifs(
func.func @ifs(%c: i1, %f: f32) -> f32 {
  // CHECK:      scf.if %arg0 {
  // CHECK-NEXT: }
  scf.if %c {}
  // CHECK:      scf.if %arg0 {
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT: } else {
  // CHECK-NEXT: } {attr}
  scf.if %c {
    "test.op"() : () -> ()
  } else {
    scf.yield
  } {attr}
  // CHECK:      %[[R:.*]]:2 = scf.if %arg0 -> (f32, f32) {
  // CHECK-NEXT:   scf.yield %arg1, %arg1 : f32, f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   scf.yield %arg1, %arg1 : f32, f32
  // CHECK-NEXT: }
  %x, %y = scf.if %c -> (f32, f32) {
    scf.yield %f, %f : f32, f32
  } else {
    scf.yield %f, %f : f32, f32
  }
  // CHECK: return %[[R]]#1 : f32
  return %y : f32
}

// CHECK-LABEL: func.func @parallel(
func.func @parallel(%a: index, %b: index, %c: index, %f: f32) {
  // The implicit scf.reduce is printed, with upstream's trailing space.
  // CHECK:      scf.parallel (%{{.*}}, %{{.*}}) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
  // CHECK-NEXT:   scf.reduce{{ $}}
  // CHECK-NEXT: }
  scf.parallel (%i, %j) = (%a, %a) to (%b, %b) step (%c, %c) {
  }
  // CHECK:      %{{.*}}:2 = scf.parallel (%{{.*}}) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg3) -> (f32, f32) {
  // CHECK-NEXT:   scf.reduce(%arg3, %arg3 : f32, f32) {
  // CHECK-NEXT:   ^bb0(%[[L:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT:     scf.reduce.return %[[L]] : f32
  // CHECK-NEXT:   }, {
  // CHECK-NEXT:   ^bb0(%{{.*}}: f32, %[[R:.*]]: f32):
  // CHECK-NEXT:     scf.reduce.return %[[R]] : f32
  // CHECK-NEXT:   }
  // CHECK-NEXT: } {foo}
  %s:2 = scf.parallel (%i) = (%a) to (%b) step (%c) init (%f, %f) -> (f32, f32) {
    scf.reduce(%f, %f : f32, f32) {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %l : f32
    }, {
    ^bb0(%l: f32, %r: f32):
      scf.reduce.return %r : f32
    }
  } {foo}
  return
}

// CHECK-LABEL: func.func @regions(
func.func @regions(%a: index, %i: i32, %f: f32) -> i32 {
  // CHECK:      %{{.*}} = scf.execute_region -> i32 no_inline {
  // CHECK-NEXT:   scf.yield %arg1 : i32
  // CHECK-NEXT: }
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %i : i32
  }
  // CHECK:      scf.execute_region {
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT:   cf.br ^bb1
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: } {foo}
  scf.execute_region {
    "test.op"() : () -> ()
    cf.br ^bb1
  ^bb1:
    scf.yield
  } {foo}
  // CHECK:      %[[S:.*]]:2 = scf.index_switch %arg0 -> i32, f32{{ $}}
  // CHECK-NEXT: case 2 {
  // CHECK-NEXT:   scf.yield %arg1, %arg2 : i32, f32
  // CHECK-NEXT: }
  // CHECK-NEXT: case -5 {
  // CHECK-NEXT:   scf.yield %arg1, %arg2 : i32, f32
  // CHECK-NEXT: }
  // CHECK-NEXT: default {
  // CHECK-NEXT:   scf.yield %arg1, %arg2 : i32, f32
  // CHECK-NEXT: }
  %s:2 = scf.index_switch %a -> i32, f32
  case 2 {
    scf.yield %i, %f : i32, f32
  }
  case -5 {
    scf.yield %i, %f : i32, f32
  }
  default {
    scf.yield %i, %f : i32, f32
  }
  // CHECK:      scf.index_switch %arg0 {attr}{{ $}}
  // CHECK-NEXT: default {
  // CHECK-NEXT: }
  scf.index_switch %a {attr}
  default {
  }
  // CHECK: return %[[S]]#0 : i32
  return %s#0 : i32
}

// CHECK-LABEL: func.func @forall(
func.func @forall(%a: index, %b: index, %t: tensor<100xf32>, %s: tensor<1xf32>) {
  // CHECK:      %{{.*}} = scf.forall (%[[P:.*]], %{{.*}}) = (0, %arg0) to (%arg1, 10) step (1, %arg0) shared_outs(%[[O:.*]] = %arg2) -> (tensor<100xf32>) {
  // CHECK-NEXT:   scf.forall.in_parallel {
  // CHECK-NEXT:     tensor.parallel_insert_slice %arg3 into %[[O]][%[[P]]] [1] [1] : tensor<1xf32> into tensor<100xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT: }
  %r = scf.forall (%p, %q) = (0, %a) to (%b, 10) step (1, %a) shared_outs(%o = %t) -> (tensor<100xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%p][1][1] : tensor<1xf32> into tensor<100xf32>
    }
  }
  // The implicit terminator is elided; the mapping is printed as an attribute.
  // CHECK:      scf.forall (%{{.*}}, %{{.*}}) in (4, %arg1) {
  // CHECK-NEXT: } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  scf.forall (%p, %q) in (4, %b) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  // Constant lower bounds 0 and steps 1 print in normalized form, as upstream.
  // CHECK:      scf.forall (%{{.*}}) in (%arg1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%p) = (%c0) to (%b) step (%c1) {
  }
  return
}
