// The 2019-2020 attribute and type syntax of the LangRef: `{key: value}`
// dictionaries, `!alias = type T`, bare affine maps and sets (in aliases
// and wherever an attribute is expected), and strided memref layouts
// written `offset: ?, strides: [...]`.
// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[TILED:.*]] = affine_map<(d0, d1)[s0, s1] -> (d0 floordiv s0, d1 floordiv s1, d0 mod s0, d1 mod s1)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0) : (d0 >= 0)>
// CHECK-DAG: #[[PLUS10:.*]] = affine_map<(d0) -> (d0 + 10)>
#col_major = (d0, d1) -> (d1, d0)
#tiled_dynamic = (d0, d1)[s0, s1] -> (d0 floordiv s0, d1 floordiv s1,
d0 mod s0, d1 mod s1)
!avx_m128 = type vector<4 x f32>

// CHECK-LABEL: func.func @count(%arg0: i64) -> (i64, i64) attributes {fruit = "banana"} {
// CHECK-NEXT:    return %arg0, %arg0 : i64, i64
func @count(%x: i64) -> (i64, i64)
  attributes {fruit: "banana"} {
  return %x, %x: i64, i64
}

// CHECK-LABEL: func.func @layouts(
// CHECK-SAME:      %arg0: memref<16x32xf32, #[[COL]]>
// CHECK-SAME:      %arg1: memref<?x?xf32, #[[TILED]]>
// CHECK-SAME:      %arg2: memref<42x16xf32, strided<[1, 64], offset: 33>>
// CHECK-SAME:      %arg3: memref<8x?xf32, strided<[?, ?], offset: ?>>
// CHECK-SAME:      %arg4: vector<4xf32>
func @layouts(%a: memref<16x32xf32, #col_major>, %b: memref<?x?xf32, #tiled_dynamic>,
              %c: memref<42x16xf32, offset: 33, strides: [1, 64]>, %d: memref<8x?xf32, offset: ?, strides: [?, ?]>,
              %v: !avx_m128) {
  // CHECK: "foo"() {map = #[[PLUS10]], set = #[[SET]], type = (i32) -> i32} : () -> ()
  "foo"() {map: (d0) -> (d0 + 10), set: (d0) : (d0 >= 0), type: (i32) -> i32} : () -> ()
  // CHECK: %{{.*}}:2 = "foo_div"() : () -> (f32, i32)
  %result:2 = "foo_div"() : () -> (f32, i32)
  // CHECK: "tf.scramble"(%{{.*}}#0, %{{.*}}#1) {fruit = "banana"} : (f32, i32) -> f32
  %2 = "tf.scramble"(%result#0, %result#1) {fruit: "banana"} : (f32, i32) -> f32
  return
}
