// bufferization.materialize_in_destination into a tensor must write its
// destination in place: upstream's errors where it cannot, in the analysis
// (test-analysis-only too), located as upstream locates them.
// RUN: polymlir opt %s -one-shot-bufferize -verify-diagnostics -split-input-file -o /dev/null
// RUN: polymlir opt %s -one-shot-bufferize="test-analysis-only analysis-heuristic=fuzzer analysis-fuzzer-seed=7" -verify-diagnostics -split-input-file -o /dev/null

func.func @into_read_only_argument(%t: tensor<?xf32>, %dest: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @below{{'bufferization.materialize_in_destination' op not bufferizable under the given constraints: would write to read-only buffer}}
  %0 = bufferization.materialize_in_destination %t in %dest : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @destination_read_later(%f: f32, %idx: index) -> (tensor<4xf32>, f32) {
  %dest = bufferization.alloc_tensor() : tensor<4xf32>
  // expected-error @below{{'linalg.fill' op not bufferizable under the given constraints: cannot avoid RaW conflict}}
  %filled = linalg.fill ins(%f : f32) outs(%dest : tensor<4xf32>) -> tensor<4xf32>
  %src = bufferization.alloc_tensor() : tensor<4xf32>
  %0 = bufferization.materialize_in_destination %src in %filled : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.extract %filled[%idx] : tensor<4xf32>
  return %0, %r : tensor<4xf32>, f32
}
