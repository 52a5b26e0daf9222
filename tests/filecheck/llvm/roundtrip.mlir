// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// Integer attributes of type i64: upstream prints `4 : i64`; the checks accept both spellings.

// Types (nested LLVM types print unqualified).
// CHECK-LABEL: func.func private @types(!llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, struct<(f32, ptr)>)>, !llvm.struct<packed (i8, i32)>, !llvm.struct<"id", (i32, ptr)>, !llvm.struct<"op", opaque>, !llvm.struct<"rec", (ptr, struct<"rec">)>, !llvm.array<4 x array<2 x f64>>, !llvm.func<void (ptr, ...)>, !llvm.func<i32 ()>, vector<4x!llvm.ptr>, vector<[4]xf32>, !llvm.target<"spirv.Image", !llvm.void, 0, 1>) -> (!llvm.token, !llvm.metadata, !llvm.label, !llvm.x86_amx, !llvm.ppc_fp128)
func.func private @types(!llvm.ptr, !llvm.ptr<1>, !llvm.struct<(i32, !llvm.struct<(f32, !llvm.ptr)>)>,
    !llvm.struct<packed (i8, i32)>, !llvm.struct<"id", (i32, ptr)>, !llvm.struct<"op", opaque>,
    !llvm.struct<"rec", (ptr, struct<"rec">)>, !llvm.array<4 x array<2 x f64>>,
    !llvm.func<void (ptr, ...)>, !llvm.func<i32 ()>, vector<4x!llvm.ptr>, vector<[4]xf32>,
    !llvm.target<"spirv.Image", !llvm.void, 0, 1>) -> (!llvm.token, !llvm.metadata, !llvm.label, !llvm.x86_amx, !llvm.ppc_fp128)

// CHECK-LABEL: llvm.func @decl(i32, !llvm.ptr) -> i64
llvm.func @decl(i32, !llvm.ptr) -> i64

// CHECK-LABEL: llvm.func @vdecl(!llvm.ptr, ...) -> i32
llvm.func @vdecl(!llvm.ptr, ...) -> i32

// CHECK-LABEL: llvm.func @personality(...) -> i32
llvm.func @personality(...) -> i32

// CHECK-LABEL: llvm.func extern_weak @ew()
llvm.func extern_weak @ew()

// CHECK-LABEL: llvm.func protected local_unnamed_addr @vis()
llvm.func protected local_unnamed_addr @vis()

// CHECK-LABEL: llvm.func weak fastcc @fn_kw() vscale_range(1, 16) attributes {dso_local, sym_visibility = "private"} {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
llvm.func weak fastcc @fn_kw() vscale_range(1, 16) attributes {dso_local, sym_visibility = "private"} {
  llvm.return
}

// CHECK-LABEL: llvm.func @fn_attrs(%arg0: !llvm.ptr {llvm.align = 8{{( : i64)?}}, llvm.noalias}) -> (i32 {llvm.noundef}) attributes {frame_pointer = #llvm.framePointerKind<"non-leaf">, passthrough = ["noinline", ["key", "value"]], target_features = #llvm.target_features<["+sse", "-avx"]>, unsafe_fp_math = true, will_return} {
// CHECK-NEXT: %0 = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.return %0 : i32
// CHECK-NEXT: }
llvm.func @fn_attrs(%arg0: !llvm.ptr {llvm.noalias, llvm.align = 8 : i64}) -> (i32 {llvm.noundef}) attributes {frame_pointer = #llvm.framePointerKind<"non-leaf">, target_features = #llvm.target_features<["+sse", "-avx"]>, passthrough = ["noinline", ["key", "value"]], will_return, unsafe_fp_math = true} {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}

// CHECK-LABEL: llvm.comdat @__llvm_comdat {
// CHECK-NEXT: llvm.comdat_selector @any any
// CHECK-NEXT: }
llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
}

// CHECK-LABEL: llvm.mlir.global external constant @_ZTIi() {addr_space = 0 : i32} : !llvm.ptr
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr

// CHECK-LABEL: llvm.mlir.global internal @g1(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32, alignment = 16{{( : i64)?}}} : !llvm.array<2 x f32>
llvm.mlir.global internal @g1(dense<[1.0, 2.0]> : tensor<2xf32>) {alignment = 16 : i64} : !llvm.array<2 x f32>

// CHECK-LABEL: llvm.mlir.global private unnamed_addr constant @str("abc\00") {addr_space = 0 : i32, dso_local}
llvm.mlir.global private unnamed_addr constant @str("abc\00") {dso_local}

// CHECK-LABEL: llvm.mlir.global internal constant @cd(1{{( : i64)?}}) comdat(@__llvm_comdat::@any) {addr_space = 0 : i32, section = "s"} : i64
llvm.mlir.global internal constant @cd(1 : i64) comdat(@__llvm_comdat::@any) {section = "s"} : i64

// CHECK-LABEL: llvm.mlir.global linkonce_odr hidden thread_local local_unnamed_addr @g2() {addr_space = 0 : i32} : !llvm.ptr {
// CHECK-NEXT: %0 = llvm.mlir.addressof @g1 : !llvm.ptr
// CHECK-NEXT: %1 = llvm.getelementptr %0[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f32>
// CHECK-NEXT: llvm.return %1 : !llvm.ptr
// CHECK-NEXT: }
llvm.mlir.global linkonce_odr hidden thread_local local_unnamed_addr @g2() : !llvm.ptr {
  %0 = llvm.mlir.addressof @g1 : !llvm.ptr
  %1 = llvm.getelementptr %0[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x f32>
  llvm.return %1 : !llvm.ptr
}

// CHECK-LABEL: llvm.mlir.global common @g3(0 : i32) {addr_space = 3 : i32} : i32
llvm.mlir.global common @g3(0 : i32) {addr_space = 3 : i32} : i32

// CHECK-LABEL: llvm.mlir.global_ctors ctors = [@fn_kw], priorities = [0 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [@fn_kw], priorities = [0 : i32], data = [#llvm.zero]

// CHECK-LABEL: llvm.func internal @ops(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: !llvm.ptr, %arg5: vector<4xf32>, %arg6: vector<4xi32>, %arg7: i1) -> i32 {
// CHECK-NEXT: %0 = llvm.add %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT: %1 = llvm.sub %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT: %2 = llvm.mul %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT: %3 = llvm.shl %arg0, %arg1 : i32
// CHECK-NEXT: %4 = llvm.udiv exact %arg0, %arg1 : i32
// CHECK-NEXT: %5 = llvm.sdiv %arg0, %arg1 : i32
// CHECK-NEXT: %6 = llvm.urem %arg0, %arg1 : i32
// CHECK-NEXT: %7 = llvm.srem %arg0, %arg1 : i32
// CHECK-NEXT: %8 = llvm.and %arg0, %arg1 : i32
// CHECK-NEXT: %9 = llvm.or disjoint %arg0, %arg1 : i32
// CHECK-NEXT: %10 = llvm.xor %arg0, %arg1 : i32
// CHECK-NEXT: %11 = llvm.lshr exact %arg0, %arg1 : i32
// CHECK-NEXT: %12 = llvm.ashr %arg0, %arg1 : i32
// CHECK-NEXT: %13 = llvm.fadd %arg2, %arg3 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT: %14 = llvm.fsub %arg2, %arg3 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
// CHECK-NEXT: %15 = llvm.fmul %arg2, %arg3 : f32
// CHECK-NEXT: %16 = llvm.fdiv %arg2, %arg3 : f32
// CHECK-NEXT: %17 = llvm.frem %arg2, %arg3 : f32
// CHECK-NEXT: %18 = llvm.fneg %arg2 {fastmathFlags = #llvm.fastmath<nsz>} : f32
// CHECK-NEXT: %19 = llvm.icmp "sge" %arg0, %arg1 : i32
// CHECK-NEXT: %20 = llvm.icmp "eq" %arg4, %arg4 : !llvm.ptr
// CHECK-NEXT: %21 = llvm.fcmp "oeq" %arg2, %arg3 {fastmathFlags = #llvm.fastmath<fast>} : f32
// CHECK-NEXT: %22 = llvm.fcmp "_true" %arg5, %arg5 : vector<4xf32>
// CHECK-NEXT: %23 = llvm.zext nneg %arg0 : i32 to i64
// CHECK-NEXT: %24 = llvm.uitofp nneg %arg0 : i32 to f64
// CHECK-NEXT: %25 = llvm.trunc %23 overflow<nsw, nuw> : i64 to i32
// CHECK-NEXT: %26 = llvm.fptrunc %24 : f64 to f32
// CHECK-NEXT: %27 = llvm.ptrtoint %arg4 : !llvm.ptr to i64
// CHECK-NEXT: %28 = llvm.inttoptr %27 : i64 to !llvm.ptr<1>
// CHECK-NEXT: %29 = llvm.bitcast %arg6 : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: %30 = llvm.select %arg7, %arg0, %arg1 : i1, i32
// CHECK-NEXT: %31 = llvm.select %arg7, %arg2, %arg3 {fastmathFlags = #llvm.fastmath<contract>} : i1, f32
// CHECK-NEXT: %32 = llvm.extractelement %arg5[%arg0 : i32] : vector<4xf32>
// CHECK-NEXT: %33 = llvm.insertelement %arg2, %arg5[%arg0 : i32] : vector<4xf32>
// CHECK-NEXT: %34 = llvm.shufflevector %arg5, %arg5 [0, 1, -1, 3, 4, 5] : vector<4xf32>
// CHECK-NEXT: %35 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
// CHECK-NEXT: %36 = llvm.insertvalue %arg2, %35[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
// CHECK-NEXT: %37 = llvm.extractvalue %36[1] : !llvm.struct<(i32, array<2 x f32>)>
// CHECK-NEXT: %38 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
// CHECK-NEXT: %39 = llvm.mlir.constant("foo") : !llvm.array<3 x i8>
// CHECK-NEXT: %40 = llvm.mlir.constant([1 : i32, 2.000000e+00 : f32]) : !llvm.struct<(i32, f32)>
// CHECK-NEXT: %41 = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %42 = llvm.mlir.zero : !llvm.array<4 x i32>
// CHECK-NEXT: %43 = llvm.mlir.constant(1.500000e+00 : f32) : f32
// CHECK-NEXT: %44 = llvm.alloca %arg0 x !llvm.struct<(i32, f32)> {alignment = 8{{( : i64)?}}} : (i32) -> !llvm.ptr
// CHECK-NEXT: %45 = llvm.load volatile %44 {alignment = 4{{( : i64)?}}, nontemporal} : !llvm.ptr -> i32
// CHECK-NEXT: %46 = llvm.load %44 atomic syncscope("agent") acquire invariant_group {alignment = 4{{( : i64)?}}} : !llvm.ptr -> i32
// CHECK-NEXT: llvm.store volatile %arg0, %44 invariant_group {alignment = 4{{( : i64)?}}} : i32, !llvm.ptr
// CHECK-NEXT: llvm.store %arg2, %44 atomic release {alignment = 4{{( : i64)?}}} : f32, !llvm.ptr
// CHECK-NEXT: %47 = llvm.getelementptr inbounds|nuw %44[%arg0, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
// CHECK-NEXT: %48 = llvm.getelementptr %44[-1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT: %49 = llvm.atomicrmw _xor %44, %arg0 seq_cst {alignment = 4{{( : i64)?}}} : !llvm.ptr, i32
// CHECK-NEXT: %50 = llvm.atomicrmw volatile xchg %44, %arg4 syncscope("singlethread") acquire : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %51 = llvm.cmpxchg weak %44, %arg0, %arg1 seq_cst acquire : !llvm.ptr, i32
// CHECK-NEXT: llvm.fence syncscope("singlethread") acq_rel
// CHECK-NEXT: %52 = llvm.freeze %arg0 : i32
// CHECK-NEXT: %53 = llvm.intr.fmuladd(%arg2, %arg3, %arg2) : (f32, f32, f32) -> f32
// CHECK-NEXT: %54 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
// CHECK-NEXT: %55 = llvm.intr.ctpop(%arg6) : (vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %56 = llvm.intr.fabs(%arg2) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
// CHECK-NEXT: "llvm.intr.memcpy"(%arg4, %44, %arg0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT: %57 = "llvm.intr.ctlz"(%arg0) <{is_zero_poison = false}> : (i32) -> i32
// CHECK-NEXT: llvm.intr.lifetime.start %44 : !llvm.ptr
// CHECK-NEXT: %58 = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: llvm.intr.stackrestore %58 : !llvm.ptr
// CHECK-NEXT: %59 = llvm.intr.vector.extract %arg5[0] : vector<2xf32> from vector<4xf32>
// CHECK-NEXT: %60 = llvm.call @decl(%arg0, %arg4) : (i32, !llvm.ptr) -> i64
// CHECK-NEXT: %61 = llvm.call @vdecl(%arg4, %arg0, %arg2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f32) -> i32
// CHECK-NEXT: %62 = llvm.mlir.addressof @decl : !llvm.ptr
// CHECK-NEXT: %63 = llvm.call %62(%arg0, %arg4) : !llvm.ptr, (i32, !llvm.ptr) -> i64
// CHECK-NEXT: %64 = llvm.call tail @decl(%arg0, %arg4) {no_unwind} : (i32, !llvm.ptr) -> i64
// CHECK-NEXT: %65 = llvm.call fastcc musttail @decl(%arg0, %arg4) : (i32 {llvm.signext}, !llvm.ptr {llvm.nonnull}) -> (i64 {llvm.zeroext})
// CHECK-NEXT: %66 = llvm.call @decl(%arg0, %arg4) ["tag"(%arg0, %arg4 : i32, !llvm.ptr), "empty"()] : (i32, !llvm.ptr) -> i64
// CHECK-NEXT: %67 = llvm.call_intrinsic "llvm.smax"(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<nnan, reassoc>} : (i32, i32) -> i32
// CHECK-NEXT: %68 = llvm.inline_asm has_side_effects tail_call_kind = <tail> asm_dialect = intel "mov $0, $1", "=r,r" %arg0 : (i32) -> i32
// CHECK-NEXT: llvm.cond_br %arg7 weights([10, 90]), ^bb1(%arg0 : i32), ^bb2
// CHECK-NEXT: ^bb1(%69: i32):  // pred: ^bb0
// CHECK-NEXT: llvm.br ^bb3(%69, %arg2 : i32, f32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: llvm.switch %arg0 : i32, ^bb3(%arg1, %arg3 : i32, f32) [
// CHECK-NEXT: 1: ^bb3(%arg0, %arg2 : i32, f32),
// CHECK-NEXT: -2: ^bb4
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb3(%70: i32, %71: f32):  // 3 preds: ^bb1, ^bb2, ^bb2
// CHECK-NEXT: llvm.return %70 : i32
// CHECK-NEXT: ^bb4:  // pred: ^bb2
// CHECK-NEXT: llvm.unreachable
// CHECK-NEXT: }
llvm.func internal @ops(%a: i32, %b: i32, %f: f32, %g: f32, %p: !llvm.ptr, %v: vector<4xf32>, %vi: vector<4xi32>, %c: i1) -> i32 {
  %0 = llvm.add %a, %b overflow<nsw> : i32
  %1 = llvm.sub %a, %b overflow<nuw> : i32
  %2 = llvm.mul %a, %b overflow<nsw, nuw> : i32
  %3 = llvm.shl %a, %b : i32
  %4 = llvm.udiv exact %a, %b : i32
  %5 = llvm.sdiv %a, %b : i32
  %6 = llvm.urem %a, %b : i32
  %7 = llvm.srem %a, %b : i32
  %8 = llvm.and %a, %b : i32
  %9 = llvm.or disjoint %a, %b : i32
  %10 = llvm.xor %a, %b : i32
  %11 = llvm.lshr exact %a, %b : i32
  %12 = llvm.ashr %a, %b : i32
  %13 = llvm.fadd %f, %g {fastmathFlags = #llvm.fastmath<fast>} : f32
  %14 = llvm.fsub %f, %g {fastmathFlags = #llvm.fastmath<ninf,nnan>} : f32
  %15 = llvm.fmul %f, %g : f32
  %16 = llvm.fdiv %f, %g : f32
  %17 = llvm.frem %f, %g : f32
  %18 = llvm.fneg %f {fastmathFlags = #llvm.fastmath<nsz>} : f32
  %19 = llvm.icmp "sge" %a, %b : i32
  %20 = llvm.icmp "eq" %p, %p : !llvm.ptr
  %21 = llvm.fcmp "oeq" %f, %g {fastmathFlags = #llvm.fastmath<fast>} : f32
  %22 = llvm.fcmp "_true" %v, %v : vector<4xf32>
  %23 = llvm.zext nneg %a : i32 to i64
  %24 = llvm.uitofp nneg %a : i32 to f64
  %25 = llvm.trunc %23 overflow<nsw, nuw> : i64 to i32
  %26 = llvm.fptrunc %24 : f64 to f32
  %27 = llvm.ptrtoint %p : !llvm.ptr to i64
  %28 = llvm.inttoptr %27 : i64 to !llvm.ptr<1>
  %29 = llvm.bitcast %vi : vector<4xi32> to vector<4xf32>
  %30 = llvm.select %c, %a, %b : i1, i32
  %31 = llvm.select %c, %f, %g {fastmathFlags = #llvm.fastmath<contract>} : i1, f32
  %32 = llvm.extractelement %v[%a : i32] : vector<4xf32>
  %33 = llvm.insertelement %f, %v[%a : i32] : vector<4xf32>
  %34 = llvm.shufflevector %v, %v [0, 1, -1, 3, 4, 5] : vector<4xf32>
  %35 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
  %36 = llvm.insertvalue %f, %35[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  %37 = llvm.extractvalue %36[1] : !llvm.struct<(i32, array<2 x f32>)>
  %38 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %39 = llvm.mlir.constant("foo") : !llvm.array<3 x i8>
  %40 = llvm.mlir.constant([1 : i32, 2.0 : f32]) : !llvm.struct<(i32, f32)>
  %41 = llvm.mlir.poison : vector<4xf32>
  %42 = llvm.mlir.zero : !llvm.array<4 x i32>
  %43 = llvm.mlir.constant(1.5 : f32) : f32
  %44 = llvm.alloca %a x !llvm.struct<(i32, f32)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %45 = llvm.load %44 {alignment = 4 : i64, nontemporal, volatile_} : !llvm.ptr -> i32
  %46 = llvm.load %44 atomic syncscope("agent") acquire invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store volatile %a, %44 invariant_group {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %f, %44 atomic release {alignment = 4 : i64} : f32, !llvm.ptr
  %47 = llvm.getelementptr inbounds|nuw %44[%a, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %48 = llvm.getelementptr %44[-1] : (!llvm.ptr) -> !llvm.ptr, i8
  %49 = llvm.atomicrmw _xor %44, %a seq_cst {alignment = 4 : i64} : !llvm.ptr, i32
  %50 = llvm.atomicrmw volatile xchg %44, %p syncscope("singlethread") acquire : !llvm.ptr, !llvm.ptr
  %51 = llvm.cmpxchg weak %44, %a, %b seq_cst acquire : !llvm.ptr, i32
  llvm.fence syncscope("singlethread") acq_rel
  %52 = llvm.freeze %a : i32
  %53 = llvm.intr.fmuladd(%f, %g, %f) : (f32, f32, f32) -> f32
  %54 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %55 = llvm.intr.ctpop(%vi) : (vector<4xi32>) -> vector<4xi32>
  %56 = llvm.intr.fabs(%f) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
  "llvm.intr.memcpy"(%p, %44, %a) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  %57 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  llvm.intr.lifetime.start %44 : !llvm.ptr
  %58 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %58 : !llvm.ptr
  %59 = llvm.intr.vector.extract %v[0] : vector<2xf32> from vector<4xf32>
  %60 = llvm.call @decl(%a, %p) : (i32, !llvm.ptr) -> i64
  %61 = llvm.call @vdecl(%p, %a, %f) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f32) -> i32
  %62 = llvm.mlir.addressof @decl : !llvm.ptr
  %63 = llvm.call %62(%a, %p) : !llvm.ptr, (i32, !llvm.ptr) -> i64
  %64 = llvm.call tail @decl(%a, %p) {no_unwind} : (i32, !llvm.ptr) -> i64
  %65 = llvm.call fastcc musttail @decl(%a, %p) : (i32 {llvm.signext}, !llvm.ptr {llvm.nonnull}) -> (i64 {llvm.zeroext})
  %66 = llvm.call @decl(%a, %p) ["tag"(%a, %p : i32, !llvm.ptr), "empty"()] : (i32, !llvm.ptr) -> i64
  %67 = llvm.call_intrinsic "llvm.smax"(%a, %b) {fastmathFlags = #llvm.fastmath<reassoc,nnan>} : (i32, i32) -> i32
  %68 = llvm.inline_asm has_side_effects tail_call_kind = <tail> asm_dialect = intel "mov $0, $1", "=r,r" %a : (i32) -> i32
  llvm.cond_br %c weights([10, 90]), ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  llvm.br ^bb3(%x, %f : i32, f32)
^bb2:
  llvm.switch %a : i32, ^bb3(%b, %g : i32, f32) [
    1: ^bb3(%a, %f : i32, f32),
    -2: ^bb4
  ]
^bb3(%y: i32, %z: f32):
  llvm.return %y : i32
^bb4:
  llvm.unreachable
}

// CHECK-LABEL: llvm.func @eh(%arg0: !llvm.ptr) attributes {personality = @personality} {
// CHECK-NEXT: %0 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
// CHECK-NEXT: %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %2 = llvm.invoke @decl(%1, %arg0) to ^bb1 unwind ^bb2 : (i32, !llvm.ptr) -> i64
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %3 = llvm.landingpad cleanup (catch %0 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
// CHECK-NEXT: llvm.resume %3 : !llvm.struct<(ptr, i32)>
// CHECK-NEXT: }
llvm.func @eh(%p: !llvm.ptr) attributes {personality = @personality} {
  %0 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %1 = llvm.mlir.constant(1 : i32) : i32
  %2 = llvm.invoke @decl(%1, %p) to ^bb1 unwind ^bb2 : (i32, !llvm.ptr) -> i64
^bb1:
  llvm.return
^bb2:
  %3 = llvm.landingpad cleanup (catch %0 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.resume %3 : !llvm.struct<(ptr, i32)>
}

// LLVM ops inside builtin functions, on values of builtin types.
// CHECK-LABEL: func.func @in_func(%arg0: f64, %arg1: !llvm.ptr) {
// CHECK-NEXT: %0 = llvm.intr.experimental.constrained.fptrunc %arg0 towardzero ignore : f64 to f32
// CHECK-NEXT: llvm.intr.vastart %arg1 : !llvm.ptr
// CHECK-NEXT: llvm.intr.vacopy %arg1 to %arg1 : !llvm.ptr, !llvm.ptr
// CHECK-NEXT: %1 = llvm.intr.invariant.start 1, %arg1 : !llvm.ptr
// CHECK-NEXT: llvm.intr.invariant.end %1, 1, %arg1 : !llvm.ptr
// CHECK-NEXT: %2 = llvm.va_arg %arg1 : (!llvm.ptr) -> i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @in_func(%arg0: f64, %arg1: !llvm.ptr) {
  %0 = llvm.intr.experimental.constrained.fptrunc %arg0 towardzero ignore : f64 to f32
  llvm.intr.vastart %arg1 : !llvm.ptr
  llvm.intr.vacopy %arg1 to %arg1 : !llvm.ptr, !llvm.ptr
  %1 = llvm.intr.invariant.start 1, %arg1 : !llvm.ptr
  llvm.intr.invariant.end %1, 1, %arg1 : !llvm.ptr
  %2 = llvm.va_arg %arg1 : (!llvm.ptr) -> i32
  return
}

// Symbols: aliases, ifuncs, module-level options.
// CHECK-LABEL: llvm.func @resolver() -> !llvm.ptr {
// CHECK-NEXT: %0 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.return %0 : !llvm.ptr
// CHECK-NEXT: }
llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// CHECK-LABEL: llvm.mlir.ifunc linkonce_odr hidden unnamed_addr @ifn : !llvm.func<void ()>, !llvm.ptr @resolver {dso_local}
llvm.mlir.ifunc linkonce_odr hidden unnamed_addr @ifn : !llvm.func<void ()>, !llvm.ptr @resolver {dso_local}

// CHECK-LABEL: llvm.mlir.alias private hidden thread_local local_unnamed_addr @al {dso_local} : !llvm.ptr {
// CHECK-NEXT: %0 = llvm.mlir.addressof @resolver : !llvm.ptr
// CHECK-NEXT: llvm.return %0 : !llvm.ptr
// CHECK-NEXT: }
llvm.mlir.alias private hidden thread_local local_unnamed_addr @al {dso_local} : !llvm.ptr {
  %0 = llvm.mlir.addressof @resolver : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// CHECK-LABEL: llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
llvm.linker_options ["/DEFAULTLIB:", "libcmt"]

// CHECK-LABEL: llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]

// Block addresses and indirect branches.
// CHECK-LABEL: llvm.func @indirect(%arg0: i1, %arg1: i32) {
// CHECK-NEXT: %0 = llvm.blockaddress <function = @indirect, tag = <id = 1>> : !llvm.ptr
// CHECK-NEXT: llvm.indirectbr %0 : !llvm.ptr, [
// CHECK-NEXT: ^bb1(%arg1 : i32),
// CHECK-NEXT: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT: llvm.blocktag <id = 1>
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
llvm.func @indirect(%c: i1, %x: i32) {
  %0 = llvm.blockaddress <function = @indirect, tag = <id = 1>> : !llvm.ptr
  llvm.indirectbr %0 : !llvm.ptr, [
    ^bb1(%x : i32),
    ^bb2
  ]
^bb1(%y: i32):
  llvm.blocktag <id = 1>
  llvm.return
^bb2:
  llvm.return
}

// Intrinsics and ops that only have the generic form upstream.
// CHECK-LABEL: llvm.func @generic_only(%arg0: f32, %arg1: i32, %arg2: vector<4xf32>, %arg3: vector<4xi1>, %arg4: !llvm.ptr) {
// CHECK-NEXT: %0 = "llvm.intr.fptosi.sat"(%arg0) : (f32) -> i32
// CHECK-NEXT: %1 = llvm.intr.ucmp(%arg1, %arg1) : (i32, i32) -> i8
// CHECK-NEXT: %2 = "llvm.intr.vector.reverse"(%arg2) : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %3 = "llvm.intr.objectsize"(%arg4) <{dynamic = false, min = false, nullunknown = false}> : (!llvm.ptr) -> i64
// CHECK-NEXT: %4 = "llvm.intr.experimental.constrained.fadd"(%arg0, %arg0) <{fpExceptionBehavior = 0{{( : i64)?}}, roundingmode = 1{{( : i64)?}}}> : (f32, f32) -> f32
// CHECK-NEXT: %5 = "llvm.ptrtoaddr"(%arg4) : (!llvm.ptr) -> i64
// CHECK-NEXT: %6 = "llvm.intr.vector.reduce.fadd"(%arg0, %arg2) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
// CHECK-NEXT: %7 = "llvm.intr.sadd.with.overflow"(%arg1, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK-NEXT: %8 = llvm.intr.masked.load %arg4, %arg3, %arg2 {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.intr.masked.store %arg2, %arg4, %arg3 {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NEXT: %9 = llvm.icmp "eq" %arg1, %arg1 : i32
// CHECK-NEXT: llvm.intr.assume %9 ["align"(%arg4, %arg1 : !llvm.ptr, i32)] : i1
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
llvm.func @generic_only(%a: f32, %i: i32, %v: vector<4xf32>, %m: vector<4xi1>, %p: !llvm.ptr) {
  %0 = "llvm.intr.fptosi.sat"(%a) : (f32) -> i32
  %1 = llvm.intr.ucmp(%i, %i) : (i32, i32) -> i8
  %2 = "llvm.intr.vector.reverse"(%v) : (vector<4xf32>) -> vector<4xf32>
  %3 = "llvm.intr.objectsize"(%p) <{min = false, nullunknown = false, dynamic = false}> : (!llvm.ptr) -> i64
  %4 = "llvm.intr.experimental.constrained.fadd"(%a, %a) <{roundingmode = 1 : i64, fpExceptionBehavior = 0 : i64}> : (f32, f32) -> f32
  %5 = "llvm.ptrtoaddr"(%p) : (!llvm.ptr) -> i64
  %6 = "llvm.intr.vector.reduce.fadd"(%a, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  %7 = "llvm.intr.sadd.with.overflow"(%i, %i) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %8 = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.intr.masked.store %v, %p, %m {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  %9 = llvm.icmp "eq" %i, %i : i32
  llvm.intr.assume %9 ["align"(%p, %i : !llvm.ptr, i32)] : i1
  llvm.return
}
