"""LLVM IR spellings of the attributes of functions, parameters and calls:
calling conventions, memory effects, parameter and function attributes
(``nonnull``, ``align 16``, ``"frame-pointer"="all"``...)."""

from __future__ import annotations

import re

from ..dialects.llvm import attrs as LA
from ..ir import attributes as A
from .llvm_ir_types import (
    TypeNamer,
    escape_bytes,
    string_bytes,
)

_CCONV_NAMES = {
    "cc_10": "cc 10",
    "cc_11": "cc 11",
    "ptx_kernelcc": "ptx_kernel",
    "ptx_devicecc": "ptx_device",
    "spir_funccc": "spir_func",
    "spir_kernelcc": "spir_kernel",
    "amdgpu_vscc": "amdgpu_vs",
    "amdgpu_gscc": "amdgpu_gs",
    "amdgpu_pscc": "amdgpu_ps",
    "amdgpu_cscc": "amdgpu_cs",
    "amdgpu_kernelcc": "amdgpu_kernel",
    "amdgpu_hscc": "amdgpu_hs",
    "amdgpu_lscc": "amdgpu_ls",
    "amdgpu_escc": "amdgpu_es",
    "amdgpu_gfxcc": "amdgpu_gfx",
    "aarch64_vectorcallcc": "aarch64_vector_pcs",
    "aarch64_sve_vectorcallcc": "aarch64_sve_vector_pcs",
}


_MEMORY_KINDS = {
    "none": "none",
    "read": "read",
    "write": "write",
    "readwrite": "readwrite",
    "NoModRef": "none",
    "Ref": "read",
    "Mod": "write",
    "ModRef": "readwrite",
}


def cconv(attr) -> str:
    v = attr.value if isinstance(attr, LA.CConvAttr) else "ccc"
    if v == "ccc":
        return ""
    return _CCONV_NAMES.get(v, v) + " "


def _memory_effects(attr: A.Attribute) -> str | None:
    text = attr.text if isinstance(attr, A.OpaqueAttr) else str(attr)
    if "<" not in text:
        return None
    body = text[text.index("<") + 1 : text.rindex(">")]
    kv = {}
    for part in body.split(","):
        k, _, v = part.partition("=")
        kv[k.strip()] = _MEMORY_KINDS.get(v.strip(), "readwrite")
    other = kv.pop("other", "readwrite")
    names = {"argMem": "argmem", "inaccessibleMem": "inaccessiblemem", "errnoMem": "errnomem"}
    parts = [other] + [f"{names[k]}: {v}" for k, v in kv.items() if k in names and v != other]
    return "memory(" + ", ".join(parts) + ")"


_UNIT_PARAM_ATTRS = {
    "noalias": "noalias",
    "nonnull": "nonnull",
    "noundef": "noundef",
    "nocapture": "captures(none)",
    "readonly": "readonly",
    "writeonly": "writeonly",
    "readnone": "readnone",
    "inreg": "inreg",
    "returned": "returned",
    "signext": "signext",
    "zeroext": "zeroext",
    "nest": "nest",
    "nofree": "nofree",
    "swiftself": "swiftself",
    "swifterror": "swifterror",
    "allocalign": "allocalign",
    "allocptr": "allocptr",
    "dead_on_unwind": "dead_on_unwind",
    "writable": "writable",
    "immarg": "immarg",
}


_INT_PARAM_ATTRS = {
    "align": "align {}",
    "dereferenceable": "dereferenceable({})",
    "dereferenceable_or_null": "dereferenceable_or_null({})",
    "alignstack": "alignstack({})",
}


_TYPE_PARAM_ATTRS = ("byval", "sret", "byref", "inalloca", "preallocated", "elementtype")


def param_attrs(d: A.Attribute, types: TypeNamer) -> str:
    """LLVM parameter attributes of an ``arg_attrs``/``res_attrs`` entry."""
    if not isinstance(d, A.DictionaryAttr):
        return ""
    out = []
    for k, v in d.items:
        if not k.startswith("llvm."):
            continue
        k = k[5:]
        if k in _UNIT_PARAM_ATTRS:
            out.append(_UNIT_PARAM_ATTRS[k])
        elif k in _INT_PARAM_ATTRS and isinstance(v, A.IntegerAttr):
            out.append(_INT_PARAM_ATTRS[k].format(v.value))
        elif k in _TYPE_PARAM_ATTRS and isinstance(v, A.TypeAttr):
            out.append(f"{k}({types.type(v.value)})")
    return " ".join(out)


_UNIT_FN_ATTRS = {
    "no_inline": "noinline",
    "always_inline": "alwaysinline",
    "inline_hint": "inlinehint",
    "optimize_none": "optnone",
    "no_unwind": "nounwind",
    "will_return": "willreturn",
    "convergent": "convergent",
}


_STR_FN_ATTRS = {
    "target_cpu": "target-cpu",
    "tune_cpu": "tune-cpu",
    "prefer_vector_width": "prefer-vector-width",
    "reciprocal_estimates": "reciprocal-estimates",
    "denormal_fp_math": "denormal-fp-math",
    "denormal_fp_math_f32": "denormal-fp-math-f32",
    "fp_contract": "fp-contract",
    "instrument_function_entry": "instrument-function-entry",
    "instrument_function_exit": "instrument-function-exit",
}


_BOOL_FN_ATTRS = {
    "unsafe_fp_math": "unsafe-fp-math",
    "no_infs_fp_math": "no-infs-fp-math",
    "no_nans_fp_math": "no-nans-fp-math",
    "approx_func_fp_math": "approx-func-fp-math",
    "no_signed_zeros_fp_math": "no-signed-zeros-fp-math",
}


def _quoted(s: str) -> str:
    return '"' + escape_bytes(string_bytes(s)) + '"'


def function_attrs(p: dict) -> list[str]:
    out = []
    for k, v in _UNIT_FN_ATTRS.items():
        if k in p:
            out.append(v)
    for k, v in _STR_FN_ATTRS.items():
        a = p.get(k)
        if isinstance(a, A.StringAttr):
            out.append(f"{_quoted(v)}={_quoted(a.value)}")
    for k, v in _BOOL_FN_ATTRS.items():
        a = p.get(k)
        if isinstance(a, A.IntegerAttr):
            out.append(f"{_quoted(v)}={_quoted('true' if a.value else 'false')}")
    tf = p.get("target_features")
    if isinstance(tf, LA.TargetFeaturesAttr) and tf.features:
        out.append(f'"target-features"={_quoted(",".join(tf.features))}')
    fp = p.get("frame_pointer")
    if isinstance(fp, LA.FramePointerKindAttr):
        out.append(f'"frame-pointer"={_quoted(fp.value)}')
    me = p.get("memory_effects")
    if me is not None:
        m = _memory_effects(me)
        if m:
            out.append(m)
    vr = p.get("vscale_range")
    if isinstance(vr, A.OpaqueAttr):
        mm = re.search(r"minRange = (-?\d+) : i32, maxRange = (-?\d+) : i32", vr.text)
        if mm:
            out.append(f"vscale_range({mm.group(1)},{mm.group(2)})")
    pt = p.get("passthrough")
    if isinstance(pt, A.ArrayAttr):
        for a in pt:
            if isinstance(a, A.StringAttr):
                out.append(a.value if a.value.isidentifier() else _quoted(a.value))
            elif isinstance(a, A.ArrayAttr) and len(a) == 2:
                k, v = a[0], a[1]
                if isinstance(k, A.StringAttr) and isinstance(v, A.StringAttr):
                    out.append(f"{_quoted(k.value)}={_quoted(v.value)}")
    return out


def call_fn_attrs(p: dict) -> list[str]:
    out = [v for k, v in _UNIT_FN_ATTRS.items() if k in p]
    me = p.get("memory_effects")
    if me is not None:
        m = _memory_effects(me)
        if m:
            out.append(m)
    return out
