// convert-vector-to-llvm: n-D vectors are arrays of 1-D vectors.
// RUN: polymlir opt %s --convert-vector-to-llvm | filecheck %s
// RUN: polymlir opt %s --convert-vector-to-llvm | polymlir opt | filecheck %s

// vector.print (last function) declares the runner-utils functions.
// CHECK-DAG:   llvm.func @printOpen()
// CHECK-DAG:   llvm.func @printI64(i64)
// CHECK-DAG:   llvm.func @printComma()
// CHECK-DAG:   llvm.func @printClose()
// CHECK-DAG:   llvm.func @printNewline()

// CHECK-LABEL: func.func @broadcast_scalar(
// CHECK:         %[[P:.*]] = llvm.mlir.poison : vector<3xf32>
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         %[[I:.*]] = llvm.insertelement %arg0, %[[P]][%[[Z]] : i32] : vector<3xf32>
// CHECK:         %[[S:.*]] = llvm.shufflevector %[[I]], %[[P]] [0, 0, 0] : vector<3xf32>
// CHECK:         %[[A:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[A0:.*]] = llvm.insertvalue %[[S]], %[[A]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[A1:.*]] = llvm.insertvalue %[[S]], %[[A0]][1] : !llvm.array<2 x vector<3xf32>>
func.func @broadcast_scalar(%a: f32) -> vector<2x3xf32> {
  %0 = vector.broadcast %a : f32 to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}

// CHECK-LABEL: func.func @extract_insert(
// CHECK:         %[[V:.*]] = builtin.unrealized_conversion_cast %arg0 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[I:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK:         %[[R1:.*]] = llvm.extractvalue %[[V]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[E:.*]] = llvm.extractelement %[[R1]][%[[I]] : i64] : vector<3xf32>
// CHECK:         %[[R0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<3xf32>>
// CHECK:         %[[C2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK:         %[[N:.*]] = llvm.insertelement %[[E]], %[[R0]][%[[C2]] : i64] : vector<3xf32>
// CHECK:         llvm.insertvalue %[[N]], %{{.*}}[0] : !llvm.array<2 x vector<3xf32>>
func.func @extract_insert(%v: vector<2x3xf32>, %i: index) -> vector<2x3xf32> {
  %0 = vector.extract %v[1, %i] : f32 from vector<2x3xf32>
  %1 = vector.insert %0, %v[0, 2] : f32 into vector<2x3xf32>
  return %1 : vector<2x3xf32>
}

// A dynamic position in the array part goes through a stack slot.
// CHECK-LABEL: func.func @extract_dynamic_row(
// CHECK:         %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:         %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.array<3 x vector<4xi32>> : (i64) -> !llvm.ptr
// CHECK:         llvm.store %{{.*}}, %[[SLOT]] : !llvm.array<3 x vector<4xi32>>, !llvm.ptr
// CHECK:         %[[G:.*]] = llvm.getelementptr %[[SLOT]][0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x vector<4xi32>>
// CHECK:         %{{.*}} = llvm.load %[[G]] : !llvm.ptr -> vector<4xi32>
func.func @extract_dynamic_row(%v: vector<3x4xi32>, %i: index) -> vector<4xi32> {
  %0 = vector.extract %v[%i] : vector<4xi32> from vector<3x4xi32>
  return %0 : vector<4xi32>
}

// CHECK-LABEL: func.func @reductions(
// CHECK:         "llvm.intr.vector.reduce.fadd"(%arg1, %arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
// CHECK:         %[[M:.*]] = "llvm.intr.vector.reduce.smax"(%arg2) : (vector<4xi32>) -> i32
// CHECK:         %[[F:.*]] = llvm.intr.vector.reduce.fmaximum(%arg0) : (vector<4xf32>) -> f32
// CHECK:         llvm.intr.maximum(%[[F]], %arg1) : (f32, f32) -> f32
func.func @reductions(%v: vector<4xf32>, %acc: f32, %w: vector<4xi32>) -> (f32, i32, f32) {
  %0 = vector.reduction <add>, %v, %acc : vector<4xf32> into f32
  %1 = vector.reduction <maxsi>, %w : vector<4xi32> into i32
  %2 = vector.reduction <maximumf>, %v, %acc : vector<4xf32> into f32
  return %0, %1, %2 : f32, i32, f32
}

// A masked reduction is a vector-predication intrinsic (start value: the
// neutral element, length: the lanes); maximumf has none: the masked-off
// lanes become -inf (upstream's -1.4e-45 would win over negative lanes).
// CHECK-LABEL: func.func @masked_reductions(
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK:         %[[VL:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK:         "llvm.intr.vp.reduce.fadd"(%[[Z]], %arg0, %arg2, %[[VL]]) : (f32, vector<4xf32>, vector<4xi1>, i32) -> f32
// CHECK:         %[[NEG:.*]] = llvm.mlir.constant(dense<0xFF800000> : vector<4xf32>) : vector<4xf32>
// CHECK:         %[[SEL:.*]] = llvm.select %arg2, %arg0, %[[NEG]] : vector<4xi1>, vector<4xf32>
// CHECK:         %[[MAX:.*]] = llvm.intr.vector.reduce.fmaximum(%[[SEL]]) : (vector<4xf32>) -> f32
// CHECK:         llvm.intr.maximum(%[[MAX]], %arg1) : (f32, f32) -> f32
// CHECK:         %[[VL2:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK:         "llvm.intr.vp.reduce.smin"(%arg3, %{{.*}}, %arg2, %[[VL2]]) : (i32, vector<4xi32>, vector<4xi1>, i32) -> i32
func.func @masked_reductions(%v: vector<4xf32>, %acc: f32, %m: vector<4xi1>, %i: i32, %w: vector<4xi32>) -> (f32, f32, i32) {
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %1 = vector.mask %m { vector.reduction <maximumf>, %v, %acc : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %2 = vector.mask %m { vector.reduction <minsi>, %w, %i : vector<4xi32> into i32 } : vector<4xi1> -> i32
  return %0, %1, %2 : f32, f32, i32
}

// CHECK-LABEL: func.func @create_mask(
// CHECK:         %[[N:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK:         %[[STEP:.*]] = llvm.mlir.constant(dense<[0, 1, 2, 3]> : vector<4xi64>) : vector<4xi64>
// CHECK:         %[[B:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0] : vector<4xi64>
// CHECK:         llvm.icmp "slt" %[[STEP]], %[[B]] : vector<4xi64>
func.func @create_mask(%n: index) -> vector<4xi1> {
  %0 = vector.create_mask %n : vector<4xi1>
  return %0 : vector<4xi1>
}

// An out-of-bounds 1-D read is a masked load under step < dim - index.
// CHECK-LABEL: func.func @transfer_read(
// CHECK:         %[[BASE:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %[[PTR:.*]] = llvm.getelementptr inbounds|nuw %[[BASE]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         %[[DIM:.*]] = llvm.extractvalue %{{.*}}[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %[[REM:.*]] = llvm.sub %[[DIM]], %{{.*}} : i64
// CHECK:         %[[MASK:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : vector<4xi64>
// CHECK:         %[[PAD:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0] : vector<4xf32>
// CHECK:         llvm.intr.masked.load %[[PTR]], %[[MASK]], %[[PAD]] {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK:         %[[IB:.*]] = llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         llvm.load %[[IB]] {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
func.func @transfer_read(%m: memref<?xf32>, %i: index) -> (vector<4xf32>, vector<4xf32>) {
  %p = arith.constant 0.0 : f32
  %0 = vector.transfer_read %m[%i], %p : memref<?xf32>, vector<4xf32>
  %1 = vector.transfer_read %m[%i], %p {in_bounds = [true]} : memref<?xf32>, vector<4xf32>
  return %0, %1 : vector<4xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @gather(
// CHECK:         %[[B:.*]] = llvm.getelementptr inbounds|nuw %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:         %[[PS:.*]] = llvm.getelementptr %[[B]][%arg1] : (!llvm.ptr, vector<4xi32>) -> vector<4x!llvm.ptr>, f32
// CHECK:         llvm.intr.masked.gather %[[PS]], %arg2, %arg3 {alignment = 4 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
func.func @gather(%m: memref<?xf32>, %i: vector<4xi32>, %k: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %m[%c0][%i], %k, %p : memref<?xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// The dot lowering of a row-major matmul: one reduction per element, + acc.
// CHECK-LABEL: func.func @contract(
// CHECK-COUNT-4: "llvm.intr.vector.reduce.fadd"(%{{.*}}, %{{.*}}) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<3xf32>) -> f32
// CHECK:         arith.addf %{{.*}}, %arg2 : vector<2x2xf32>
func.func @contract(%a: vector<2x3xf32>, %b: vector<3x2xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// CHECK-LABEL: func.func @fma_2d(
// CHECK:         %[[R0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.array<2 x vector<4xf32>>
// CHECK:         llvm.intr.fmuladd(%[[R0]], %[[R0]], %[[R0]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK:         %[[R1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.array<2 x vector<4xf32>>
// CHECK:         llvm.intr.fmuladd(%[[R1]], %[[R1]], %[[R1]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
func.func @fma_2d(%a: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = vector.fma %a, %a, %a : vector<2x4xf32>
  return %0 : vector<2x4xf32>
}

// CHECK-LABEL: func.func @nd_constant(
// CHECK:         llvm.mlir.constant(dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
func.func @nd_constant() -> vector<2x2xf32> {
  %0 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  return %0 : vector<2x2xf32>
}

// vector.print calls the runner-utils functions; i32 is sign-extended.
// CHECK-LABEL: func.func @print(
// CHECK:         llvm.call @printOpen() : () -> ()
// CHECK:         %[[E0:.*]] = llvm.extractelement %arg0[%{{.*}} : i64] : vector<2xi32>
// CHECK:         %[[X0:.*]] = llvm.sext %[[E0]] : i32 to i64
// CHECK:         llvm.call @printI64(%[[X0]]) : (i64) -> ()
// CHECK:         llvm.call @printComma() : () -> ()
// CHECK:         llvm.call @printI64(%{{.*}}) : (i64) -> ()
// CHECK:         llvm.call @printClose() : () -> ()
// CHECK:         llvm.call @printNewline() : () -> ()
func.func @print(%v: vector<2xi32>) {
  vector.print %v : vector<2xi32>
  return
}
