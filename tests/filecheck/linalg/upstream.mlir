// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints for linalg, in both forms.
// RUN: polymlir opt roundtrip.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt generic-form.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt generic-form.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect > /dev/null
