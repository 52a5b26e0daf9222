func.func @kernel(%A: memref<8x6xf64>, %B: memref<8xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  scf.for %i = %c0 to %c8 step %c1 {
    %r = scf.parallel (%j) = (%c0) to (%c6) step (%c1) init (%z) -> f64 {
      %v = memref.load %A[%i, %j] : memref<8x6xf64>
      scf.reduce(%v : f64) {
      ^bb0(%a: f64, %b: f64):
        %s = arith.addf %a, %b : f64
        scf.reduce.return %s : f64
      }
    }
    %c = arith.cmpi slt, %i, %c6 : index
    %w = scf.if %c -> f64 {
      %t = arith.addf %r, %r : f64
      scf.yield %t : f64
    } else {
      scf.yield %r : f64
    }
    %k = scf.while (%x = %c0) : (index) -> index {
      %lt = arith.cmpi slt, %x, %i : index
      scf.condition(%lt) %x : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %c1 : index
      scf.yield %n : index
    }
    %kf = arith.index_cast %k : index to i64
    %kd = arith.sitofp %kf : i64 to f64
    %u = arith.addf %w, %kd : f64
    %sw = scf.index_switch %i -> f64
    case 2 {
      %q = arith.mulf %u, %u : f64
      scf.yield %q : f64
    }
    default {
      scf.yield %u : f64
    }
    memref.store %sw, %B[%i] : memref<8xf64>
  }
  return
}
