// vector.print of every printable element type, punctuation and strings.
func.func @entry() {
  %b = arith.constant dense<[true, false, true]> : vector<3xi1>
  vector.print %b : vector<3xi1>
  %i8 = arith.constant dense<[-128, 127, -1]> : vector<3xi8>
  vector.print %i8 : vector<3xi8>
  %u8 = vector.bitcast %i8 : vector<3xi8> to vector<3xui8>
  vector.print %u8 : vector<3xui8>
  %s16 = arith.constant dense<[[-3, 4], [5, -6]]> : vector<2x2xi16>
  vector.print %s16 : vector<2x2xi16>
  %i64 = arith.constant -9223372036854775808 : i64
  vector.print %i64 : i64
  %ix = arith.constant 12345678901 : index
  vector.print %ix : index
  %f64 = arith.constant dense<[1.5, -0.1, 1.0e+300]> : vector<3xf64>
  vector.print %f64 : vector<3xf64>
  %f16 = arith.constant dense<[1.5, -2.25]> : vector<2xf16>
  vector.print %f16 : vector<2xf16>
  %bf16 = arith.constant dense<[3.0, -0.5]> : vector<2xbf16>
  vector.print %bf16 : vector<2xbf16>
  %f = arith.constant 0.1 : f32
  vector.print %f : f32 punctuation <comma>
  vector.print %f : f32 punctuation <no_punctuation>
  vector.print punctuation <open>
  vector.print punctuation <close>
  vector.print punctuation <newline>
  vector.print str "a string\n"
  vector.print str "another"
  %z = arith.constant dense<7> : vector<i64>
  vector.print %z : vector<i64>
  %e = arith.constant dense<2.5> : vector<1x1x2xf32>
  vector.print %e : vector<1x1x2xf32>
  return
}
