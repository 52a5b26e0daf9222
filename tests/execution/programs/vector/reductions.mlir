// vector.reduction (all kinds, with and without accumulator), multi_reduction, scan, masked reductions.
// UPSTREAM-PIPELINE: -lower-vector-multi-reduction -test-vector-scan-lowering -test-lower-to-llvm
func.func @entry() {
  %f = arith.constant dense<[1.5, -2.0, 3.25, 0.5, 7.0]> : vector<5xf32>
  %i = arith.constant dense<[3, -7, 12, 5, -1, 8]> : vector<6xi32>
  %fa = arith.constant 10.0 : f32
  %ia = arith.constant 4 : i32
  %r0 = vector.reduction <add>, %f : vector<5xf32> into f32
  vector.print %r0 : f32
  %r1 = vector.reduction <add>, %f, %fa : vector<5xf32> into f32
  vector.print %r1 : f32
  %r2 = vector.reduction <mul>, %f : vector<5xf32> into f32
  vector.print %r2 : f32
  %r3 = vector.reduction <mul>, %f, %fa : vector<5xf32> into f32
  vector.print %r3 : f32
  %r4 = vector.reduction <minnumf>, %f : vector<5xf32> into f32
  vector.print %r4 : f32
  %r5 = vector.reduction <maxnumf>, %f, %fa : vector<5xf32> into f32
  vector.print %r5 : f32
  %r6 = vector.reduction <minimumf>, %f, %fa : vector<5xf32> into f32
  vector.print %r6 : f32
  %r7 = vector.reduction <maximumf>, %f : vector<5xf32> into f32
  vector.print %r7 : f32
  %q0 = vector.reduction <add>, %i : vector<6xi32> into i32
  vector.print %q0 : i32
  %q1 = vector.reduction <add>, %i, %ia : vector<6xi32> into i32
  vector.print %q1 : i32
  %q2 = vector.reduction <mul>, %i, %ia : vector<6xi32> into i32
  vector.print %q2 : i32
  %q3 = vector.reduction <minsi>, %i : vector<6xi32> into i32
  vector.print %q3 : i32
  %q4 = vector.reduction <maxsi>, %i, %ia : vector<6xi32> into i32
  vector.print %q4 : i32
  %q5 = vector.reduction <minui>, %i : vector<6xi32> into i32
  vector.print %q5 : i32
  %q6 = vector.reduction <maxui>, %i : vector<6xi32> into i32
  vector.print %q6 : i32
  %q7 = vector.reduction <and>, %i : vector<6xi32> into i32
  vector.print %q7 : i32
  %q8 = vector.reduction <or>, %i, %ia : vector<6xi32> into i32
  vector.print %q8 : i32
  %q9 = vector.reduction <xor>, %i : vector<6xi32> into i32
  vector.print %q9 : i32
  %ix = arith.constant dense<[4, 9, 2]> : vector<3xindex>
  %qa = vector.reduction <add>, %ix : vector<3xindex> into index
  vector.print %qa : index
  // multi_reduction
  %m = arith.constant dense<[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], [[13, 14, 15, 16], [17, 18, 19, 20], [21, 22, 23, 24]]]> : vector<2x3x4xi32>
  %acc34 = arith.constant dense<100> : vector<3x4xi32>
  %mr0 = vector.multi_reduction <add>, %m, %acc34 [0] : vector<2x3x4xi32> to vector<3x4xi32>
  vector.print %mr0 : vector<3x4xi32>
  %acc2 = arith.constant dense<[0, 1000]> : vector<2xi32>
  %mr1 = vector.multi_reduction <add>, %m, %acc2 [1, 2] : vector<2x3x4xi32> to vector<2xi32>
  vector.print %mr1 : vector<2xi32>
  %acc24 = arith.constant dense<0> : vector<2x4xi32>
  %mr2 = vector.multi_reduction <maxsi>, %m, %acc24 [1] : vector<2x3x4xi32> to vector<2x4xi32>
  vector.print %mr2 : vector<2x4xi32>
  %acc0 = arith.constant 1 : i32
  %mr3 = vector.multi_reduction <mul>, %m, %acc0 [0, 1, 2] : vector<2x3x4xi32> to i32
  vector.print %mr3 : i32
  %fm = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %facc = arith.constant dense<0.5> : vector<3xf32>
  %mr4 = vector.multi_reduction <add>, %fm, %facc [0] : vector<2x3xf32> to vector<3xf32>
  vector.print %mr4 : vector<3xf32>
  // scan
  %init = arith.constant dense<0> : vector<3xi32>
  %s2 = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : vector<4x3xi32>
  %sc:2 = vector.scan <add>, %s2, %init {inclusive = true, reduction_dim = 0 : i64} : vector<4x3xi32>, vector<3xi32>
  vector.print %sc#0 : vector<4x3xi32>
  vector.print %sc#1 : vector<3xi32>
  %init4 = arith.constant dense<1> : vector<4xi32>
  %se:2 = vector.scan <mul>, %s2, %init4 {inclusive = false, reduction_dim = 1 : i64} : vector<4x3xi32>, vector<4xi32>
  vector.print %se#0 : vector<4x3xi32>
  vector.print %se#1 : vector<4xi32>
  return
}
