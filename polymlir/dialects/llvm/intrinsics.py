"""``llvm.intr.*`` ops, defined from tables (upstream LLVMIntrinsicOps.td).

Most share one custom form, ``llvm.intr.fma(%a, %b, %c) : (f32, f32, f32) ->
f32`` (float ones carry ``fastmathFlags``); some have their own format, and
the rest only have the generic form (as upstream: ``"llvm.intr.memcpy"``,
``"llvm.intr.ctlz"``, ...). ``INTRINSICS`` maps a mnemonic (``"fma"``) to
its op class; ``INTRINSICS["fma"].build([a, b, c])`` builds one (the result
type defaults to the first operand's).
"""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import operand_def, prop_def, var_operand_def
from ...ir.registry import register_op, registered_ops
from . import intrinsics_common, intrinsics_formats, intrinsics_generic, intrinsics_vp
from .calls import _parse_bundles, _print_bundles
from .intrinsic_base import F64_ATTR, I1_ATTR, I64_IN_FORMAT, STD_FORMAT, VEC_OF_I1, VEC_OF_PTR, IntrinsicOp
from .intrinsics_common import UNARY_FLOAT
from .ops import ARRAY, LLVM_TYPE
from .symbols import _split_attrs

__all__ = [
    "F64_ATTR",
    "I1_ATTR",
    "I64_IN_FORMAT",
    "INTRINSICS",
    "STD_FORMAT",
    "UNARY_FLOAT",
    "VEC_OF_I1",
    "VEC_OF_PTR",
    "AssumeIntrOp",
    "IntrinsicOp",
    "intrinsics_common",
    "intrinsics_formats",
    "intrinsics_generic",
    "intrinsics_vp",
]

# -- assume (operand bundles) ------------------------------------------------------------------


@register_op
class AssumeIntrOp(IntrinsicOp):
    """``llvm.intr.assume %c ["align"(%p, %n : !llvm.ptr, i64)] : i1``."""

    __slots__ = ()
    OP_NAME = "llvm.intr.assume"
    cond = operand_def(C.I1)
    op_bundle_operands = var_operand_def(LLVM_TYPE)
    op_bundle_sizes = prop_def(C.DenseI32ArrayAttr)
    op_bundle_tags = prop_def(ARRAY, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        cref = p.parse_operand()
        brefs, btypes, tags = _parse_bundles(p)
        p.expect(":", "expected ':'")
        tpos = p.start
        ct = p.parse_type()
        if not isinstance(ct, T.IntegerType):
            p.error(
                f"custom op 'llvm.intr.assume' invalid kind of type specified: expected builtin.integer, but "
                f"found '{ct}'",
                tpos,
            )
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        state.operands = [p.resolve_operand(cref, ct)] + [
            p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes, strict=True) for r, t in zip(rs, ts, strict=True)
        ]
        state.properties["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, tuple(len(r) for r in brefs))
        if tags:
            state.properties["op_bundle_tags"] = A.ArrayAttr(tuple(A.StringAttr(t) for t in tags))

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.operands[0]))
        _print_bundles(self, p, 1)
        p.write(" : " + p.type(self.operands[0].type))
        attrs = {k: v for k, v in self.props.items() if k not in ("op_bundle_sizes", "op_bundle_tags")}
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)

    def verify_(self) -> None:
        sizes = self.prop("op_bundle_sizes", A.DenseArrayAttr).values
        if sum(sizes) != len(self.operands) - 1:
            raise self.op_error("operand bundle sizes do not match the operands")


# Every llvm.intr.* op by mnemonic (``INTRINSICS["fma"]``); the modules
# imported above define them.
INTRINSICS: dict[str, type[IntrinsicOp]] = {
    name[len("llvm.intr.") :]: cls
    for name, cls in registered_ops().items()
    if name.startswith("llvm.intr.") and issubclass(cls, IntrinsicOp)
}
