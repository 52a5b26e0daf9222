// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// Cases where upstream reports a second diagnostic after the first one.

func.func @f(%i: index, %f: f32) {
  // expected-error@+1 {{'tensor.generate' op expects regions to end with 'tensor.yield', found 'foo.bar'}}
  %0 = "tensor.generate"(%i) ({
  ^bb0(%a: index):
    // expected-note@+1 {{in custom textual format, the absence of terminator implies 'tensor.yield'}}
    "foo.bar"() : () -> ()
  }) : (index) -> tensor<?xf32>
  return
}
