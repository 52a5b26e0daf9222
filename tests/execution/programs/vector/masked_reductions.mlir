// Masked vector.reduction: vector-predication intrinsics, and for
// maximumf/minimumf a select of -inf/+inf into the masked-off lanes (upstream
// 22 selects -1.4e-45 / 3.4e38 there: its masked maximumf of these lanes
// prints -1.4013e-45); expected output checked by hand.
func.func @entry() {
  %v = arith.constant dense<[-6.0, -5.0, -4.0, -3.0, 7.0]> : vector<5xf32>
  %w = arith.constant dense<[5, -3, 9, 2, -100]> : vector<5xi32>
  %m = vector.constant_mask [3] : vector<5xi1>
  %acc = arith.constant -4.5 : f32
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<5xf32> into f32 } : vector<5xi1> -> f32
  vector.print %0 : f32
  %1 = vector.mask %m { vector.reduction <maximumf>, %v : vector<5xf32> into f32 } : vector<5xi1> -> f32
  vector.print %1 : f32
  %2 = vector.mask %m { vector.reduction <minimumf>, %v, %acc : vector<5xf32> into f32 } : vector<5xi1> -> f32
  vector.print %2 : f32
  %3 = vector.mask %m { vector.reduction <maxnumf>, %v : vector<5xf32> into f32 } : vector<5xi1> -> f32
  vector.print %3 : f32
  %4 = vector.mask %m { vector.reduction <minsi>, %w : vector<5xi32> into i32 } : vector<5xi1> -> i32
  vector.print %4 : i32
  %5 = vector.mask %m { vector.reduction <mul>, %w : vector<5xi32> into i32 } : vector<5xi1> -> i32
  vector.print %5 : i32
  %6 = vector.mask %m { vector.reduction <maxui>, %w : vector<5xi32> into i32 } : vector<5xi1> -> i32
  vector.print %6 : i32
  return
}
