// REQUIRES: mlir-opt
// Upstream accepts what polymlir makes of seed 001's examples, and lowers
// them to the same loops (after upstream's canonicalizer; index constants
// are left out: their order is an artifact of upstream's folder).
// RUN: polymlir opt seed001-example1.mlir --allow-unregistered-dialect --convert-linalg-to-loops 2>/dev/null | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt seed001-example2.mlir --allow-unregistered-dialect --convert-linalg-to-parallel-loops 2>/dev/null | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt seed001-example3.mlir --convert-linalg-to-affine-loops 2>/dev/null | mlir-opt-22 > /dev/null
// RUN: polymlir opt seed001-example4.mlir --convert-linalg-to-std 2>/dev/null | mlir-opt-22 > /dev/null
// RUN: diff <(polymlir opt seed001-example3.mlir --convert-linalg-to-loops 2>/dev/null | mlir-opt-22 --canonicalize | grep -v 'arith.constant .* : index') <(polymlir opt seed001-example3.mlir 2>/dev/null | mlir-opt-22 --convert-linalg-to-loops --canonicalize | grep -v 'arith.constant .* : index')
// RUN: diff <(polymlir opt seed001-example4.mlir --convert-linalg-to-std 2>/dev/null | mlir-opt-22) <(polymlir opt seed001-example4.mlir 2>/dev/null | mlir-opt-22 --convert-linalg-to-std)
// RUN: diff <(polymlir opt seed001-example2.mlir --allow-unregistered-dialect --convert-linalg-to-affine-loops 2>/dev/null | mlir-opt-22 --allow-unregistered-dialect --canonicalize | grep -v 'arith.constant .* : index') <(polymlir opt seed001-example2.mlir --allow-unregistered-dialect 2>/dev/null | mlir-opt-22 --allow-unregistered-dialect --convert-linalg-to-affine-loops --canonicalize | grep -v 'arith.constant .* : index')
