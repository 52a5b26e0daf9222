// Element access, shuffles, broadcasts, slices, shape changes.
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %w = arith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
  // extract / insert, static and dynamic (innermost) positions
  %e0 = vector.extract %v[1, 2] : f32 from vector<2x3xf32>
  vector.print %e0 : f32
  %e1 = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
  vector.print %e1 : vector<3xf32>
  %e2 = vector.extract %w[%c2] : i32 from vector<4xi32>
  vector.print %e2 : i32
  %e3 = vector.extract %v[1, %c1] : f32 from vector<2x3xf32>
  vector.print %e3 : f32
  %f7 = arith.constant 7.0 : f32
  %i0 = vector.insert %f7, %v[0, 1] : f32 into vector<2x3xf32>
  vector.print %i0 : vector<2x3xf32>
  %i1 = vector.insert %e1, %i0[1] : vector<3xf32> into vector<2x3xf32>
  vector.print %i1 : vector<2x3xf32>
  %k = arith.constant 99 : i32
  %i2 = vector.insert %k, %w[%c1] : i32 into vector<4xi32>
  vector.print %i2 : vector<4xi32>
  %i3 = vector.insert %f7, %v[1, %c2] : f32 into vector<2x3xf32>
  vector.print %i3 : vector<2x3xf32>
  // from_elements / to_elements
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %fe = vector.from_elements %a, %b, %a, %b, %b, %b : vector<2x3xi32>
  vector.print %fe : vector<2x3xi32>
  %t:4 = vector.to_elements %w : vector<4xi32>
  vector.print %t#3 : i32
  // shuffles
  %s0 = vector.shuffle %w, %w [7, 0, 5, 2] : vector<4xi32>, vector<4xi32>
  vector.print %s0 : vector<4xi32>
  %x2 = arith.constant dense<[-1, -2]> : vector<2xi32>
  %s1 = vector.shuffle %w, %x2 [5, 0, 4, 3, 1] : vector<4xi32>, vector<2xi32>
  vector.print %s1 : vector<5xi32>
  %s2 = vector.shuffle %v, %v [3, 0, 1] : vector<2x3xf32>, vector<2x3xf32>
  vector.print %s2 : vector<3x3xf32>
  // broadcasts
  %b0 = vector.broadcast %f7 : f32 to vector<2x2xf32>
  vector.print %b0 : vector<2x2xf32>
  %b1 = vector.broadcast %e1 : vector<3xf32> to vector<2x2x3xf32>
  vector.print %b1 : vector<2x2x3xf32>
  %col = arith.constant dense<[[1], [2]]> : vector<2x1xi32>
  %b2 = vector.broadcast %col : vector<2x1xi32> to vector<3x2x4xi32>
  vector.print %b2 : vector<3x2x4xi32>
  %row = arith.constant dense<[[1, 2, 3]]> : vector<1x3xi32>
  %b3 = vector.broadcast %row : vector<1x3xi32> to vector<2x3xi32>
  vector.print %b3 : vector<2x3xi32>
  %one = arith.constant dense<5> : vector<1xi32>
  %b4 = vector.broadcast %one : vector<1xi32> to vector<2x3xi32>
  vector.print %b4 : vector<2x3xi32>
  // strided slices
  %big = arith.constant dense<[[0, 1, 2, 3, 4, 5], [10, 11, 12, 13, 14, 15], [20, 21, 22, 23, 24, 25], [30, 31, 32, 33, 34, 35]]> : vector<4x6xi32>
  %x0 = vector.extract_strided_slice %big {offsets = [1, 2], sizes = [2, 3], strides = [1, 1]} : vector<4x6xi32> to vector<2x3xi32>
  vector.print %x0 : vector<2x3xi32>
  %x1 = vector.extract_strided_slice %big {offsets = [2], sizes = [2], strides = [1]} : vector<4x6xi32> to vector<2x6xi32>
  vector.print %x1 : vector<2x6xi32>
  %x3 = vector.extract_strided_slice %w {offsets = [1], sizes = [2], strides = [1]} : vector<4xi32> to vector<2xi32>
  vector.print %x3 : vector<2xi32>
  %n0 = vector.insert_strided_slice %x0, %big {offsets = [0, 0], strides = [1, 1]} : vector<2x3xi32> into vector<4x6xi32>
  vector.print %n0 : vector<4x6xi32>
  %n1 = vector.insert_strided_slice %x2, %big {offsets = [3, 4], strides = [1]} : vector<2xi32> into vector<4x6xi32>
  vector.print %n1 : vector<4x6xi32>
  %n2 = vector.insert_strided_slice %x2, %w {offsets = [1], strides = [1]} : vector<2xi32> into vector<4xi32>
  vector.print %n2 : vector<4xi32>
  // shape casts
  %sc0 = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>
  vector.print %sc0 : vector<6xf32>
  %sc1 = vector.shape_cast %sc0 : vector<6xf32> to vector<3x2xf32>
  vector.print %sc1 : vector<3x2xf32>
  %sc2 = vector.shape_cast %big : vector<4x6xi32> to vector<2x3x4xi32>
  vector.print %sc2 : vector<2x3x4xi32>
  %sc3 = vector.shape_cast %big : vector<4x6xi32> to vector<8x3xi32>
  vector.print %sc3 : vector<8x3xi32>
  %sc4 = vector.shape_cast %w : vector<4xi32> to vector<1x4xi32>
  vector.print %sc4 : vector<1x4xi32>
  // transposes
  %tr0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  vector.print %tr0 : vector<3x2xf32>
  %tr1 = vector.transpose %sc2, [2, 0, 1] : vector<2x3x4xi32> to vector<4x2x3xi32>
  vector.print %tr1 : vector<4x2x3xi32>
  %tr2 = vector.transpose %sc2, [1, 0, 2] : vector<2x3x4xi32> to vector<3x2x4xi32>
  vector.print %tr2 : vector<3x2x4xi32>
  // bitcast, fma
  %bc = vector.bitcast %v : vector<2x3xf32> to vector<2x3xi32>
  vector.print %bc : vector<2x3xi32>
  %bc2 = vector.bitcast %w : vector<4xi32> to vector<8xi16>
  vector.print %bc2 : vector<8xi16>
  %fm = vector.fma %v, %v, %v : vector<2x3xf32>
  vector.print %fm : vector<2x3xf32>
  // interleave / deinterleave
  %il = vector.interleave %w, %w : vector<4xi32> -> vector<8xi32>
  vector.print %il : vector<8xi32>
  %il2 = vector.interleave %x0, %x0 : vector<2x3xi32> -> vector<2x6xi32>
  vector.print %il2 : vector<2x6xi32>
  %d0, %d1 = vector.deinterleave %big : vector<4x6xi32> -> vector<4x3xi32>
  vector.print %d0 : vector<4x3xi32>
  vector.print %d1 : vector<4x3xi32>
  // step, masks
  %st = vector.step : vector<5xindex>
  vector.print %st : vector<5xindex>
  %m0 = vector.create_mask %c2 : vector<4xi1>
  vector.print %m0 : vector<4xi1>
  %m1 = vector.create_mask %c1, %c2 : vector<3x4xi1>
  vector.print %m1 : vector<3x4xi1>
  %c3 = arith.constant 3 : index
  %m2 = vector.create_mask %c2, %c1, %c3 : vector<3x2x4xi1>
  vector.print %m2 : vector<3x2x4xi1>
  %m3 = vector.constant_mask [2, 3] : vector<3x4xi1>
  vector.print %m3 : vector<3x4xi1>
  %cneg = arith.constant -3 : index
  %m4 = vector.create_mask %cneg : vector<4xi1>
  vector.print %m4 : vector<4xi1>
  %c9 = arith.constant 9 : index
  %m5 = vector.create_mask %c9 : vector<4xi1>
  vector.print %m5 : vector<4xi1>
  return
}
