// RUN: polymlir opt %s --lower-affine | filecheck %s
// RUN: mlir-opt-22 %s --lower-affine | filecheck %s
// REQUIRES: mlir-opt
// lower-affine folds the constant operands of a loop's bounds (and of an
// affine.if's condition) into their maps before expanding them, as upstream's
// conversion does by folding each op before lowering it: the constants are
// expanded anew, and an affine.for bound whose results all become constant is
// the one constant (foldLoopBounds).

func.func private @use(index) -> ()

// CHECK-LABEL: func.func @for_const
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK-NEXT: arith.constant 3 : index
// CHECK-NEXT: arith.constant 5 : index
// CHECK-NEXT: %[[LB:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[C12:.+]] = arith.constant 12 : index
// CHECK-NEXT: %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[U1:.+]] = arith.addi %[[N]], %[[C8]] : index
// CHECK-NEXT: %[[C3:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[U2:.+]] = arith.addi %[[N]], %[[C3]] : index
// CHECK-NEXT: %[[M:.+]] = arith.minsi %[[C12]], %[[U1]] : index
// CHECK-NEXT: %[[UB:.+]] = arith.minsi %[[M]], %[[U2]] : index
// CHECK-NEXT: %[[ST:.+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %{{.+}} = %[[LB]] to %[[UB]] step %[[ST]] {
// CHECK:      %[[LB2:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[UB2:.+]] = arith.constant 20 : index
// CHECK-NEXT: %[[ST2:.+]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %{{.+}} = %[[LB2]] to %[[UB2]] step %[[ST2]] {
func.func @for_const(%n: index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 4)>(%c3)[%c5] to min affine_map<(d0)[s0] -> (d0 * 4, s0 + 8, s0 + d0)>(%c3)[%n] {
    func.call @use(%i) : (index) -> ()
  }
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 4)>(%c3)[%c5] to affine_map<(d0) -> (d0 * 4)>(%c5) {
    func.call @use(%i) : (index) -> ()
  }
  return
}

// The condition: the zero first, each constraint's compare and-ed in as it
// comes; the constant operand folded into the set.
// CHECK-LABEL: func.func @if_const
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK-NEXT: arith.constant 7 : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[CM7:.+]] = arith.constant -7 : index
// CHECK-NEXT: %[[E0:.+]] = arith.addi %[[N]], %[[CM7]] : index
// CHECK-NEXT: %[[P0:.+]] = arith.cmpi sge, %[[E0]], %[[C0]] : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[P1:.+]] = arith.cmpi sge, %[[C4]], %[[C0]] : index
// CHECK-NEXT: %[[P:.+]] = arith.andi %[[P0]], %[[P1]] : i1
// CHECK-NEXT: scf.if %[[P]] {
func.func @if_const(%n: index) {
  %c7 = arith.constant 7 : index
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0, d1 - 3 >= 0)>(%n, %c7) {
    func.call @use(%n) : (index) -> ()
  }
  return
}

// affine.parallel: dimension by dimension, the lower bound and then the upper
// bound; the constant operands folded into the maps (AffineParallelOp's fold).
// CHECK-LABEL: func.func @parallel_const
// CHECK-SAME: (%[[N:.+]]: index)
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: %[[L0:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[U0:.+]] = arith.addi %[[N]], %[[C2]] : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[L1:.+]] = arith.maxsi %[[C4]], %[[N]] : index
// CHECK-NEXT: %[[U1:.+]] = arith.constant 9 : index
// CHECK-NEXT: %[[S0:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[S1:.+]] = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%{{.+}}, %{{.+}}) = (%[[L0]], %[[L1]]) to (%[[U0]], %[[U1]]) step (%[[S0]], %[[S1]]) {
func.func @parallel_const(%n: index) {
  %c2 = arith.constant 2 : index
  affine.parallel (%i, %j) = (%c2, max(%c2 * 2, %n)) to (%n + %c2, 9) {
    func.call @use(%i) : (index) -> ()
  }
  return
}
