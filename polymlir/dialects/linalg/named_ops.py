"""The named linalg ops with fixed indexing maps other than convolutions and
pooling: copy, fill, the elementwise ops, the matrix products and dot.

One class statement per op (upstream generates these from its OpDSL yaml);
``SPEC`` (see ``named.SPECS``) says what each computes.  The matmul family,
whose indexing maps are a property, lives in ``contract``.
"""

from ...ir.fields import prop_def
from .named import SPECS, NamedStructuredOp, TypeFnAttr, register_named

__all__ = [
    "CopyOp",
    "FillOp",
    "ExpOp",
    "LogOp",
    "AbsOp",
    "CeilOp",
    "FloorOp",
    "NegfOp",
    "ReciprocalOp",
    "RoundOp",
    "SqrtOp",
    "RsqrtOp",
    "SquareOp",
    "TanhOp",
    "ErfOp",
    "AddOp",
    "SubOp",
    "MulOp",
    "DivOp",
    "DivUnsignedOp",
    "MaxOp",
    "MinOp",
    "PowfOp",
    "SelectOp",
    "FillRng2dOp",
    "QuantizedMatmulOp",
    "Mmt4dOp",
    "BatchMmt4dOp",
    "QuantizedBatchMatmulOp",
    "MatvecOp",
    "VecmatOp",
    "BatchMatvecOp",
    "BatchVecmatOp",
    "DotOp",
]


@register_named
class CopyOp(NamedStructuredOp):
    """Copies the tensor elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.copy"
    SPEC = SPECS["copy"]
    cast = prop_def(TypeFnAttr, optional=True)


@register_named
class FillOp(NamedStructuredOp):
    """Fills the output tensor with the given value."""

    __slots__ = ()
    OP_NAME = "linalg.fill"
    SPEC = SPECS["fill"]


@register_named
class ExpOp(NamedStructuredOp):
    """Applies exp(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.exp"
    SPEC = SPECS["exp"]


@register_named
class LogOp(NamedStructuredOp):
    """Applies log(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.log"
    SPEC = SPECS["log"]


@register_named
class AbsOp(NamedStructuredOp):
    """Applies abs(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.abs"
    SPEC = SPECS["abs"]


@register_named
class CeilOp(NamedStructuredOp):
    """Applies ceil(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.ceil"
    SPEC = SPECS["ceil"]


@register_named
class FloorOp(NamedStructuredOp):
    """Applies floor(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.floor"
    SPEC = SPECS["floor"]


@register_named
class NegfOp(NamedStructuredOp):
    """Applies negf(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.negf"
    SPEC = SPECS["negf"]


@register_named
class ReciprocalOp(NamedStructuredOp):
    """Applies reciprocal(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.reciprocal"
    SPEC = SPECS["reciprocal"]


@register_named
class RoundOp(NamedStructuredOp):
    """Applies round(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.round"
    SPEC = SPECS["round"]


@register_named
class SqrtOp(NamedStructuredOp):
    """Applies sqrt(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.sqrt"
    SPEC = SPECS["sqrt"]


@register_named
class RsqrtOp(NamedStructuredOp):
    """Applies rsqrt(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.rsqrt"
    SPEC = SPECS["rsqrt"]


@register_named
class SquareOp(NamedStructuredOp):
    """Applies square(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.square"
    SPEC = SPECS["square"]


@register_named
class TanhOp(NamedStructuredOp):
    """Applies tanh(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.tanh"
    SPEC = SPECS["tanh"]


@register_named
class ErfOp(NamedStructuredOp):
    """Applies erf(x) elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.erf"
    SPEC = SPECS["erf"]


@register_named
class AddOp(NamedStructuredOp):
    """Adds two tensors elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.add"
    SPEC = SPECS["add"]


@register_named
class SubOp(NamedStructuredOp):
    """Subtracts two tensors elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.sub"
    SPEC = SPECS["sub"]


@register_named
class MulOp(NamedStructuredOp):
    """Multiplies two tensors elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.mul"
    SPEC = SPECS["mul"]


@register_named
class DivOp(NamedStructuredOp):
    """Divides the first tensor by the second tensor, elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.div"
    SPEC = SPECS["div"]


@register_named
class DivUnsignedOp(NamedStructuredOp):
    """Divides the first tensor by the second tensor, elementwise (unsigned for integers)."""

    __slots__ = ()
    OP_NAME = "linalg.div_unsigned"
    SPEC = SPECS["div_unsigned"]


@register_named
class MaxOp(NamedStructuredOp):
    """Takes the max (signed) between two inputs, elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.max"
    SPEC = SPECS["max"]


@register_named
class MinOp(NamedStructuredOp):
    """Takes the min (signed) between two inputs, elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.min"
    SPEC = SPECS["min"]


@register_named
class PowfOp(NamedStructuredOp):
    """Takes the powf(lhs, rhs) between two inputs, elementwise."""

    __slots__ = ()
    OP_NAME = "linalg.powf"
    SPEC = SPECS["powf"]


@register_named
class SelectOp(NamedStructuredOp):
    """Chooses one value based on a binary condition supplied as its first operand."""

    __slots__ = ()
    OP_NAME = "linalg.select"
    SPEC = SPECS["select"]


@register_named
class FillRng2dOp(NamedStructuredOp):
    """Fills the output tensor with pseudo random numbers."""

    __slots__ = ()
    OP_NAME = "linalg.fill_rng_2d"
    SPEC = SPECS["fill_rng_2d"]


@register_named
class QuantizedMatmulOp(NamedStructuredOp):
    """Performs a matrix multiplication of two 2D inputs (with zero-point adjustments)."""

    __slots__ = ()
    OP_NAME = "linalg.quantized_matmul"
    SPEC = SPECS["quantized_matmul"]


@register_named
class Mmt4dOp(NamedStructuredOp):
    """Performs a matrix-matrix-transpose multiplication of two 4D inputs."""

    __slots__ = ()
    OP_NAME = "linalg.mmt4d"
    SPEC = SPECS["mmt4d"]


@register_named
class BatchMmt4dOp(NamedStructuredOp):
    """Performs a batched matrix-matrix-transpose multiplication of two batched-4D (5D) inputs."""

    __slots__ = ()
    OP_NAME = "linalg.batch_mmt4d"
    SPEC = SPECS["batch_mmt4d"]


@register_named
class QuantizedBatchMatmulOp(NamedStructuredOp):
    """Performs a batched matrix multiplication of two 3D inputs (with zero-point adjustments)."""

    __slots__ = ()
    OP_NAME = "linalg.quantized_batch_matmul"
    SPEC = SPECS["quantized_batch_matmul"]


@register_named
class MatvecOp(NamedStructuredOp):
    """Performs a matrix-vector multiplication."""

    __slots__ = ()
    OP_NAME = "linalg.matvec"
    SPEC = SPECS["matvec"]


@register_named
class VecmatOp(NamedStructuredOp):
    """Performs a vector-matrix multiplication."""

    __slots__ = ()
    OP_NAME = "linalg.vecmat"
    SPEC = SPECS["vecmat"]


@register_named
class BatchMatvecOp(NamedStructuredOp):
    """Performs a batched matrix-vector multiplication."""

    __slots__ = ()
    OP_NAME = "linalg.batch_matvec"
    SPEC = SPECS["batch_matvec"]


@register_named
class BatchVecmatOp(NamedStructuredOp):
    """Performs a batched vector-matrix multiplication."""

    __slots__ = ()
    OP_NAME = "linalg.batch_vecmat"
    SPEC = SPECS["batch_vecmat"]


@register_named
class DotOp(NamedStructuredOp):
    """Performs a dot product of two vectors to a scalar result."""

    __slots__ = ()
    OP_NAME = "linalg.dot"
    SPEC = SPECS["dot"]
