"""The named linalg ops: fill, copy, elementwise ops, matmul and friends,
convolutions, pooling, ``linalg.elementwise`` and ``linalg.contract``.

Each named op is a `NamedStructuredOp` described by a `NamedSpec`: its
operands, its loop dimensions and iterator types, the indexing maps (window
maps read ``strides``/``dilations``), and its payload as a small scalar
expression (built by ``payload.py``). The custom form is ``linalg.NAME {attrs}
ins(...) outs(...) ->
types``; the payload region is not printed, and parsing re-creates it with
the ops upstream's region builders emit (``arith.mulf`` + ``arith.addf`` +
``linalg.yield``, with casts to the output element type) so the generic form
prints the same region as upstream.

``op.generalize_spec()`` returns a `GeneralizeSpec` (indexing maps, iterator
types and a function filling a payload block) for the conversion to
``linalg.generic``; every structured op of ``linalg`` answers it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, dim
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Region
from ...ir.diagnostics import DiagnosticError
from ...ir.fields import region_def, var_operand_def, var_result_def
from ...ir.registry import register_op
from . import structured as L
from .payload import Expr, GeneralizeSpec, PayloadError, _arg, _cast, _macc, _macc_q, _pool, build_payload

# -- payload building (upstream's RegionBuilderHelper) ------------------------------------


# -- specs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class NamedSpec:
    """A named op: ``operands`` are (name, map) with map a tuple of index
    expressions over ``dims`` (strings like ``"oh*SH+kh*DH"``), or None for
    rank-polymorphic elementwise operands; ``window`` is the number of
    strided/dilated dims (0: no ``strides``/``dilations`` attributes)."""

    name: str
    dims: tuple[str, ...]
    iterators: str  # one letter per dim: p(arallel) / r(eduction)
    operands: tuple[tuple[str, tuple[str, ...] | None], ...]
    num_inputs: int
    payload: Expr
    window: int = 0
    has_cast: bool = False

    @property
    def rank_polymorphic(self) -> bool:
        return self.operands[-1][1] is None


_STRIDE_SYMS = {1: ("W",), 2: ("H", "W"), 3: ("D", "H", "W")}


def _index_expr(
    text: str, dims: dict[str, int], strides: Sequence[int], dilations: Sequence[int], window: int
) -> AffineExpr:
    syms = _STRIDE_SYMS.get(window, ())
    out: AffineExpr | None = None
    for term in text.split("+"):
        parts = term.strip().split("*")
        e: AffineExpr = dim(dims[parts[0].strip()])
        if len(parts) == 2:
            s = parts[1].strip()
            idx = syms.index(s[1])
            e = e * (strides[idx] if s[0] == "S" else dilations[idx])
        out = e if out is None else out + e
    return out  # type: ignore[return-value]  # a window expression has at least one term


def spec_maps(
    spec: NamedSpec,
    strides: Sequence[int] = (),
    dilations: Sequence[int] = (),
    out_rank: int = 0,
    operand_ranks: Sequence[int] = (),
) -> list[AffineMap]:
    """The indexing maps of ``spec`` for these window attributes (or, for
    rank-polymorphic ops, output and operand ranks)."""
    return list(_spec_maps(spec.name, tuple(strides), tuple(dilations), out_rank, tuple(operand_ranks)))


@functools.lru_cache(maxsize=4096)
def _spec_maps(
    name: str, strides: tuple[int, ...], dilations: tuple[int, ...], out_rank: int, operand_ranks: tuple[int, ...]
) -> tuple[AffineMap, ...]:
    spec = SPECS[name]
    return tuple(_build_spec_maps(spec, strides, dilations, out_rank, operand_ranks))


def _build_spec_maps(
    spec: NamedSpec, strides: Sequence[int], dilations: Sequence[int], out_rank: int, operand_ranks: Sequence[int]
) -> list[AffineMap]:
    if spec.rank_polymorphic:
        ident = AffineMap.identity(out_rank)
        scalar = AffineMap(out_rank, 0, [])
        return [scalar if r == 0 else ident for r in operand_ranks]
    dims = {d: i for i, d in enumerate(spec.dims)}
    n = len(spec.dims)
    return [
        AffineMap(n, 0, [_index_expr(x, dims, strides, dilations, spec.window) for x in m or ()])
        for _, m in spec.operands
    ]


SPECS: dict[str, NamedSpec] = {}


def _def(
    name: str, dims: str, iters: str, operands: list, payload: Expr, window: int = 0, has_cast: bool = False
) -> None:
    ops: list[tuple[str, tuple[str, ...] | None]] = []
    for o in operands:
        nm, _, m = o.partition(":")
        if m.strip() == "*":
            ops.append((nm.strip(), None))
        else:
            ops.append((nm.strip(), tuple(x.strip() for x in m.split(",")) if m.strip() else ()))
    SPECS[name] = NamedSpec(name, tuple(dims.split()), iters, tuple(ops), len(ops) - 1, payload, window, has_cast)


# Rank-polymorphic elementwise ops.
_def("copy", "", "", ["I:*", "O:*"], _cast(_arg(0), "attr"), has_cast=True)
_def("fill", "", "", ["value:*", "O:*"], _arg(0))
for _fn in (
    "exp",
    "log",
    "abs",
    "ceil",
    "floor",
    "negf",
    "reciprocal",
    "round",
    "sqrt",
    "rsqrt",
    "square",
    "tanh",
    "erf",
):
    _def(_fn, "", "", ["I:*", "O:*"], ("un", _fn, _arg(0)))
for _name, _fn in (
    ("add", "add"),
    ("sub", "sub"),
    ("mul", "mul"),
    ("div", "div"),
    ("div_unsigned", "div_unsigned"),
    ("max", "max_signed"),
    ("min", "min_signed"),
    ("powf", "powf"),
):
    _def(_name, "", "", ["lhs:*", "rhs:*", "O:*"], ("bin", _fn, _arg(0), _arg(1)))
_def("select", "", "", ["cond:*", "lhs:*", "rhs:*", "O:*"], ("select", _arg(0), _arg(1), _arg(2)))


def _rng_payload() -> Expr:
    """``fill_rng_2d``: a linear congruential generator over the indices."""

    def i32(e: Expr) -> Expr:
        return ("castt", T.i32, e)

    def f64(e: Expr) -> Expr:
        return ("castt", T.f64, e)

    mult = i32(("const", A.IntegerAttr(1103515245, T.i64)))
    inc = i32(("const", A.IntegerAttr(12345, T.i64)))
    rand1 = ("bin", "add", ("bin", "mul", ("bin", "add", i32(("index", 0)), _arg(2)), mult), inc)
    rand2 = ("bin", "add", ("bin", "mul", ("bin", "add", i32(("index", 1)), rand1), mult), inc)
    offset = f64(("const", A.IntegerAttr(2147483647, T.i64)))
    inv_range = f64(("const", A.FloatAttr(2.3283064e-10, T.f64)))
    scaling = ("bin", "mul", ("bin", "sub", _arg(1), _arg(0)), inv_range)
    value = ("bin", "add", ("bin", "mul", ("bin", "add", offset, f64(rand2)), scaling), _arg(0))
    return _cast(value)


_def("fill_rng_2d", "m n", "pp", ["min:", "max:", "seed:", "O:m, n"], _rng_payload())

# Contractions.
_def("matmul", "m n k", "ppr", ["A:m, k", "B:k, n", "C:m, n"], _macc(kind="attr"), has_cast=True)
_def("quantized_matmul", "m n k", "ppr", ["A:m, k", "B:k, n", "AZp:", "BZp:", "C:m, n"], _macc_q())
_def("mmt4d", "m n k m0 n0 k0", "pprppr", ["lhs:m, k, m0, k0", "rhs:n, k, n0, k0", "accum:m, n, m0, n0"], _macc())
_def(
    "batch_mmt4d",
    "b m n k m0 n0 k0",
    "ppprppr",
    ["lhs:b, m, k, m0, k0", "rhs:b, n, k, n0, k0", "accum:b, m, n, m0, n0"],
    _macc(),
)
_def("batch_matmul", "b m n k", "pppr", ["A:b, m, k", "B:b, k, n", "C:b, m, n"], _macc(kind="attr"), has_cast=True)
_def("quantized_batch_matmul", "b m n k", "pppr", ["A:b, m, k", "B:b, k, n", "AZp:", "BZp:", "C:b, m, n"], _macc_q())
# Upstream keeps `cast` on batch_reduce_matmul but its payload always casts signed.
_def("batch_reduce_matmul", "b m n k", "rppr", ["A:b, m, k", "B:b, k, n", "C:m, n"], _macc(), has_cast=True)
_def("matvec", "m n", "pr", ["A:m, n", "y:n", "x:m"], _macc())
_def("vecmat", "n m", "pr", ["y:m", "A:m, n", "x:n"], _macc())
_def("batch_matvec", "b m k", "ppr", ["A:b, m, k", "B:b, k", "C:b, m"], _macc())
_def("batch_vecmat", "b n k", "ppr", ["A:b, k", "B:b, k, n", "C:b, n"], _macc())
_def("dot", "m", "r", ["A:m", "B:m", "C:"], _macc())

# Convolutions.
_def("conv_1d", "ow kw", "pr", ["I:ow + kw", "K:kw", "O:ow"], _macc())
_def("conv_2d", "oh ow kh kw", "pprr", ["I:oh + kh, ow + kw", "K:kh, kw", "O:oh, ow"], _macc())
_def("conv_3d", "od oh ow kd kh kw", "ppprrr", ["I:od + kd, oh + kh, ow + kw", "K:kd, kh, kw", "O:od, oh, ow"], _macc())
_W1 = "ow*SW + kw*DW"
_W2 = ("oh*SH + kh*DH", "ow*SW + kw*DW")
_W3 = ("od*SD + kd*DD", "oh*SH + kh*DH", "ow*SW + kw*DW")
_H2 = ", ".join(_W2)
_H3 = ", ".join(_W3)
_def("conv_1d_nwc_wcf", "n ow f kw c", "ppprr", [f"I:n, {_W1}, c", "K:kw, c, f", "O:n, ow, f"], _macc(), 1)
_def("conv_1d_ncw_fcw", "n f ow c kw", "ppprr", [f"I:n, c, {_W1}", "K:f, c, kw", "O:n, f, ow"], _macc(), 1)
_def(
    "conv_2d_nhwc_hwcf",
    "n oh ow f kh kw c",
    "pppprrr",
    [f"I:n, {_H2}, c", "K:kh, kw, c, f", "O:n, oh, ow, f"],
    _macc(),
    2,
)
_def(
    "conv_2d_nhwc_fhwc",
    "n oh ow f kh kw c",
    "pppprrr",
    [f"I:n, {_H2}, c", "K:f, kh, kw, c", "O:n, oh, ow, f"],
    _macc(),
    2,
)
_def(
    "conv_2d_nhwc_hwcf_q",
    "n oh ow f kh kw c",
    "pppprrr",
    [f"I:n, {_H2}, c", "K:kh, kw, c, f", "IZp:", "KZp:", "O:n, oh, ow, f"],
    _macc_q(),
    2,
)
_def(
    "conv_2d_nhwc_fhwc_q",
    "n oh ow f kh kw c",
    "pppprrr",
    [f"I:n, {_H2}, c", "K:f, kh, kw, c", "IZp:", "KZp:", "O:n, oh, ow, f"],
    _macc_q(),
    2,
)
_def(
    "conv_2d_nchw_fchw",
    "n f oh ow c kh kw",
    "pppprrr",
    [f"I:n, c, {_H2}", "K:f, c, kh, kw", "O:n, f, oh, ow"],
    _macc(),
    2,
)
_def(
    "conv_2d_nchw_fchw_q",
    "n f oh ow c kh kw",
    "pppprrr",
    [f"I:n, c, {_H2}", "K:f, c, kh, kw", "IZp:", "KZp:", "O:n, f, oh, ow"],
    _macc_q(),
    2,
)
_def(
    "conv_2d_ngchw_fgchw",
    "n g f oh ow c kh kw",
    "ppppprrr",
    [f"I:n, g, c, {_H2}", "K:f, g, c, kh, kw", "O:n, g, f, oh, ow"],
    _macc(),
    2,
)
_def(
    "conv_2d_ngchw_gfchw",
    "n g f oh ow c kh kw",
    "ppppprrr",
    [f"I:n, g, c, {_H2}", "K:g, f, c, kh, kw", "O:n, g, f, oh, ow"],
    _macc(),
    2,
)
_def(
    "conv_2d_ngchw_gfchw_q",
    "n g f oh ow c kh kw",
    "ppppprrr",
    [f"I:n, g, c, {_H2}", "K:g, f, c, kh, kw", "IZp:", "KZp:", "O:n, g, f, oh, ow"],
    _macc_q(),
    2,
)
_def(
    "conv_2d_nhwgc_gfhwc",
    "n oh ow g f kh kw c",
    "ppppprrr",
    [f"I:n, {_H2}, g, c", "K:g, f, kh, kw, c", "O:n, oh, ow, g, f"],
    _macc(),
    2,
)
_def(
    "conv_2d_nhwgc_gfhwc_q",
    "n oh ow g f kh kw c",
    "ppppprrr",
    [f"I:n, {_H2}, g, c", "K:g, f, kh, kw, c", "IZp:", "KZp:", "O:n, oh, ow, g, f"],
    _macc_q(),
    2,
)
_def(
    "conv_3d_ndhwc_dhwcf",
    "n od oh ow f kd kh kw c",
    "ppppprrrr",
    [f"I:n, {_H3}, c", "K:kd, kh, kw, c, f", "O:n, od, oh, ow, f"],
    _macc(),
    3,
)
_def(
    "conv_3d_ndhwc_dhwcf_q",
    "n od oh ow f kd kh kw c",
    "ppppprrrr",
    [f"I:n, {_H3}, c", "K:kd, kh, kw, c, f", "IZp:", "KZp:", "O:n, od, oh, ow, f"],
    _macc_q(),
    3,
)
_def(
    "conv_3d_ncdhw_fcdhw",
    "n f od oh ow c kd kh kw",
    "ppppprrrr",
    [f"I:n, c, {_H3}", "K:f, c, kd, kh, kw", "O:n, f, od, oh, ow"],
    _macc(),
    3,
)
_def("depthwise_conv_1d_nwc_wc", "n ow ic kw", "pppr", [f"I:n, {_W1}, ic", "K:kw, ic", "O:n, ow, ic"], _macc(), 1)
_def("depthwise_conv_1d_ncw_cw", "n ow ic kw", "pppr", [f"I:n, ic, {_W1}", "K:ic, kw", "O:n, ic, ow"], _macc(), 1)
_def(
    "depthwise_conv_1d_nwc_wcm",
    "n ow ic cm kw",
    "ppppr",
    [f"I:n, {_W1}, ic", "K:kw, ic, cm", "O:n, ow, ic, cm"],
    _macc(),
    1,
)
_def(
    "depthwise_conv_2d_nchw_chw",
    "n oh ow ic kh kw",
    "pppprr",
    [f"I:n, ic, {_H2}", "K:ic, kh, kw", "O:n, ic, oh, ow"],
    _macc(),
    2,
)
_def(
    "depthwise_conv_2d_nhwc_hwc",
    "n oh ow ic kh kw",
    "pppprr",
    [f"I:n, {_H2}, ic", "K:kh, kw, ic", "O:n, oh, ow, ic"],
    _macc(),
    2,
)
_def(
    "depthwise_conv_2d_nhwc_hwc_q",
    "n oh ow ic kh kw",
    "pppprr",
    [f"I:n, {_H2}, ic", "K:kh, kw, ic", "IZp:", "KZp:", "O:n, oh, ow, ic"],
    _macc_q(),
    2,
)
_def(
    "depthwise_conv_2d_nhwc_hwcm",
    "n oh ow ic cm kh kw",
    "ppppprr",
    [f"I:n, {_H2}, ic", "K:kh, kw, ic, cm", "O:n, oh, ow, ic, cm"],
    _macc(),
    2,
)
_def(
    "depthwise_conv_2d_nhwc_hwcm_q",
    "n oh ow ic cm kh kw",
    "ppppprr",
    [f"I:n, {_H2}, ic", "K:kh, kw, ic, cm", "IZp:", "KZp:", "O:n, oh, ow, ic, cm"],
    _macc_q(),
    2,
)
_def(
    "depthwise_conv_3d_ndhwc_dhwc",
    "n od oh ow kd kh kw ic",
    "pppprrrp",
    [f"I:n, {_H3}, ic", "K:kd, kh, kw, ic", "O:n, od, oh, ow, ic"],
    _macc(),
    3,
)
_def(
    "depthwise_conv_3d_ncdhw_cdhw",
    "n od oh ow kd kh kw ic",
    "pppprrrp",
    [f"I:n, ic, {_H3}", "K:ic, kd, kh, kw", "O:n, ic, od, oh, ow"],
    _macc(),
    3,
)
_def(
    "depthwise_conv_3d_ndhwc_dhwcm",
    "n od oh ow cm kd kh kw ic",
    "ppppprrrp",
    [f"I:n, {_H3}, ic", "K:kd, kh, kw, ic, cm", "O:n, od, oh, ow, ic, cm"],
    _macc(),
    3,
)

# Pooling: the window operand K only gives the window's shape.
for _kind, _pl in (
    ("sum", ("add", "signed")),
    ("max", ("max_signed", "signed")),
    ("max_unsigned", ("max_unsigned", "unsigned")),
    ("min", ("min_signed", "signed")),
    ("min_unsigned", ("min_unsigned", "unsigned")),
):
    _p = _pool(*_pl)
    _def(f"pooling_nhwc_{_kind}", "n oh ow c kh kw", "pppprr", [f"I:n, {_H2}, c", "K:kh, kw", "O:n, oh, ow, c"], _p, 2)
    _def(f"pooling_nwc_{_kind}", "n ow c kw", "pppr", [f"I:n, {_W1}, c", "K:kw", "O:n, ow, c"], _p, 1)
    if "unsigned" not in _kind:
        _def(
            f"pooling_ndhwc_{_kind}",
            "n od oh ow c kd kh kw",
            "ppppprrr",
            [f"I:n, {_H3}, c", "K:kd, kh, kw", "O:n, od, oh, ow, c"],
            _p,
            3,
        )
    if _kind in ("sum", "max"):
        _def(
            f"pooling_nchw_{_kind}",
            "n c oh ow kh kw",
            "pppprr",
            [f"I:n, c, {_H2}", "K:kh, kw", "O:n, c, oh, ow"],
            _p,
            2,
        )
        _def(f"pooling_ncw_{_kind}", "n c ow kw", "pppr", [f"I:n, c, {_W1}", "K:kw", "O:n, c, ow"], _p, 1)


# -- the named op class ----------------------------------------------------------------------

MEMOIZED = "linalg.memoized_indexing_maps"
TypeFnAttr = C.AttrConstraint("TypeFn", lambda a: isinstance(a, A.OpaqueAttr) and a.text.startswith("linalg.type_fn<"))


def i64_elements(n: int) -> C.AttrConstraint:
    """A ``dense<...> : tensor<n x i64>`` attribute (the ``strides``/``dilations`` of a window)."""
    return C.AttrConstraint(
        f"64-bit signless int elements attribute of shape [{n}]",
        lambda a: isinstance(a, A.DenseElementsAttr) and a.type.element_type == T.i64 and tuple(a.type.shape) == (n,),
    )


def _int_values(a: A.Attribute | None, n: int) -> list[int]:
    if isinstance(a, A.DenseElementsAttr):
        vals = list(a.values)
        return vals * n if a.splat else vals
    return [1] * n


class NamedStructuredOp(L.LinalgStructuredOp):
    """Base of the named ops; ``SPEC`` says what the op computes."""

    __slots__ = ()
    SPEC: NamedSpec
    inputs = var_operand_def(L.AnyOperands)
    outputs = var_operand_def(L.ShapedOperands)
    result_tensors = var_result_def(L.RankedTensorResults)
    region = region_def()
    # Attributes the custom form never prints.
    ELIDED: tuple[str, ...] = ("operandSegmentSizes", MEMOIZED)

    # -- maps and loops ------------------------------------------------------------------
    def _window(self) -> tuple[list[int], list[int]]:
        w = self.SPEC.window
        props = self.props
        return _int_values(props.get("strides"), w), _int_values(props.get("dilations"), w)

    def default_indexing_maps(self) -> list[AffineMap]:
        spec = self.SPEC
        if spec.rank_polymorphic:
            outs = self.outputs
            rank = L.operand_rank(outs[0].type) if outs else 0
            return spec_maps(spec, out_rank=rank, operand_ranks=[L.operand_rank(v.type) for v in self.operands])
        s, d = self._window()
        return spec_maps(spec, s, d)

    def indexing_maps_array(self) -> list[AffineMap]:
        memo = self.attributes.get(MEMOIZED)
        if isinstance(memo, A.ArrayAttr) and all(isinstance(m, A.AffineMapAttr) for m in memo):
            return [m.value for m in memo]
        return self.default_indexing_maps()

    def iterator_types_array(self) -> list[str]:
        spec = self.SPEC
        if spec.rank_polymorphic:
            outs = self.outputs
            return [L.PARALLEL] * (L.operand_rank(outs[0].type) if outs else 0)
        return [L.PARALLEL if c == "p" else L.REDUCTION for c in spec.iterators]

    def cast_kind(self) -> str:
        a = self.props.get("cast") or self.attributes.get("cast")
        if isinstance(a, A.OpaqueAttr) and "cast_unsigned" in a.text:
            return "unsigned"
        return "signed"

    def generalize_spec(self) -> GeneralizeSpec:
        """Maps, iterator types and payload builder of the equivalent generic."""
        expr, kind = self.SPEC.payload, self.cast_kind()
        return GeneralizeSpec(
            self.indexing_maps_array(), self.iterator_types_array(), lambda block: build_payload(expr, block, kind)
        )

    # -- custom form ---------------------------------------------------------------------
    @classmethod
    def num_region_args(cls) -> int:
        return len(cls.SPEC.operands)

    @classmethod
    def parse(cls, p, state) -> None:
        start = p.start
        cls.parse_prefix(p, state)
        parse_named_tail(p, state, cls, start)

    @classmethod
    def parse_prefix(cls, p, state) -> None:
        """Syntax before the common part (e.g. matmul's ``indexing_maps``)."""

    @classmethod
    def region_builder(cls, block: Block, attrs: dict[str, A.Attribute], loc) -> None:
        a = attrs.get("cast")
        kind = "unsigned" if isinstance(a, A.OpaqueAttr) and "cast_unsigned" in a.text else "signed"
        build_payload(cls.SPEC.payload, block, kind, loc)

    def print_custom(self, p) -> None:
        self.print_prefix(p)
        p.print_optional_attr_dict(L.sorted_attrs(self, self.ELIDED))
        L.print_ins_outs(p, self.inputs, self.outputs)
        L.print_result_types(p, self.result_types)

    def print_prefix(self, p) -> None:
        pass

    def print_custom_ok(self) -> bool:
        return isinstance(self.props.get("operandSegmentSizes"), A.DenseArrayAttr) and len(self.regions) == 1

    # -- verification --------------------------------------------------------------------
    def verify_(self) -> None:
        super().verify_()
        if self.SPEC.name == "fill":
            ins = self.inputs
            if len(ins) == 1 and isinstance(
                ins[0].type, (T.RankedTensorType, T.UnrankedTensorType, T.MemRefType, T.UnrankedMemRefType)
            ):
                raise self.emit_error("expected op with scalar input")
            outs = self.outputs
            if len(ins) == 1 and len(outs) == 1:
                vt, et = ins[0].type, L.payload_arg_type(outs[0].type)
                if vt != et:
                    raise self.op_error(f"expected fill value type ('{vt}') to match output element type ('{et}')")

    def verify_indexing_map_required_attrs(self) -> None:
        w = self.SPEC.window
        for name in ("strides", "dilations") if w else ():
            a = self.props.get(name)
            if isinstance(a, A.DenseElementsAttr):
                if a.type.element_type != T.i64:
                    raise self.emit_error(f"incorrect element type for index attribute '{name}'")
                if tuple(a.type.shape) != (w,):
                    raise self.emit_error(f"incorrect shape for index attribute '{name}'")

    def verify_regions_(self) -> None:
        if not self.SPEC.rank_polymorphic and self.has_user_maps() is False:
            # Like upstream's getIndexingMaps, remember the maps on the op.
            if MEMOIZED not in self.attributes:
                self.verify_indexing_map_required_attrs()
                self.attributes[MEMOIZED] = L.maps_array(self.default_indexing_maps())
        super().verify_regions_()

    def has_user_maps(self) -> bool | None:
        """None for ops whose maps are a property (never memoized)."""
        return False


def parse_named_tail(p, state, cls, start: int) -> None:
    """``<{props}>? {attrs}? ins(...) outs(...) {attrs}? -> types`` and the
    re-created payload region (upstream's ``parseNamedStructuredOp``)."""
    in_types, out_types = L.parse_structured_operands(p, state)
    L.add_attributes(state, p.parse_optional_attr_dict())
    state.result_types = L.parse_result_types(p)
    n = cls.num_region_args()
    if n != len(in_types) + len(out_types):
        L.custom_error(
            p,
            state,
            f"[parseNamedStructuredOpRegion] ods-gen generated region expects {n} args, got "
            f"{len(in_types) + len(out_types)}",
        )
    types = [L.payload_arg_type(t) for t in in_types + out_types]
    r = Region()
    block = r.add_block(Block(types, [A.UNKNOWN_LOC] * len(types)))
    attrs = dict(state.attributes)
    attrs.update(state.properties)
    try:
        # Like upstream's region builders, payload ops get no location.
        cls.region_builder(block, attrs, None)
    except PayloadError as e:
        raise DiagnosticError(f"custom op '{state.name}' {e}", p.loc_at(start)) from e
    state.regions.append(r)


_NAMED_CLASSES: dict[str, type[NamedStructuredOp]] = {}
_Named = TypeVar("_Named", bound=type[NamedStructuredOp])


def register_named(cls: _Named) -> _Named:
    """Class decorator: register a named op and make ``named_op_class``
    answer it under its spec's name."""
    register_op(cls)
    _NAMED_CLASSES[cls.SPEC.name] = cls
    return cls


def named_op_class(name: str) -> type[NamedStructuredOp] | None:
    """The class of ``linalg.<name>`` if it is a named structured op."""
    return _NAMED_CLASSES.get(name)
