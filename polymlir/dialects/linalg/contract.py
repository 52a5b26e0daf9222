"""Named linalg ops whose indexing maps are a property: ``linalg.matmul``,
``linalg.batch_matmul``, ``linalg.batch_reduce_matmul``,
``linalg.contract`` and ``linalg.elementwise``.

Their custom forms carry the maps as ``indexing_maps = [...]`` before the
common ``ins(...) outs(...)`` part (omitted when they are the defaults, except
for ``contract`` which always spells them).
"""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir.affine_map import AffineMap
from ...ir.core import Block
from ...ir.fields import prop_def
from . import named as N
from . import structured as L


def parse_maps_keyword(p, state, required: bool = False) -> bool:
    """``indexing_maps = [#map, ...]`` into property ``indexing_maps``."""
    if not p.accept_keyword("indexing_maps"):
        if required:
            L.custom_error(p, state, "expected 'indexing_maps' attribute")
        return False
    p.expect("=", "expected '='")
    p.expect("[", "expected '['")
    maps = []
    while True:
        a = p.parse_attribute()
        if not isinstance(a, A.AffineMapAttr):
            L.custom_error(p, state, "expected affine map attribute")
        maps.append(a)
        if not p.accept(","):
            break
    p.expect("]", "expected ']'")
    state.properties["indexing_maps"] = A.ArrayAttr(tuple(maps))
    return True


def print_maps_keyword(p, maps: A.Attribute) -> None:
    p.write(" indexing_maps = [" + ", ".join(p.attr(m) for m in maps) + "]")  # type: ignore[attr-defined]  # an ArrayAttr (the indexing_maps constraint)


class MapsPropertyOp(N.NamedStructuredOp):
    """A named op whose ``indexing_maps`` property may override the defaults."""

    __slots__ = ()
    indexing_maps = prop_def(L.AffineMapArrayAttr)
    cast = prop_def(N.TypeFnAttr, optional=True)
    ELIDED = ("operandSegmentSizes", N.MEMOIZED, "indexing_maps")

    def has_user_maps(self) -> bool | None:
        return None

    def indexing_maps_array(self) -> list[AffineMap]:
        a = self.props.get("indexing_maps")
        if isinstance(a, A.ArrayAttr):
            return [m.value for m in a]
        return self.default_indexing_maps()

    @classmethod
    def default_maps_attr(cls, p, state) -> A.ArrayAttr:
        return L.maps_array(N.spec_maps(cls.SPEC))

    @classmethod
    def parse_prefix(cls, p, state) -> None:
        parse_maps_keyword(p, state)

    @classmethod
    def parse(cls, p, state) -> None:
        start = p.start
        cls.parse_prefix(p, state)
        N.parse_named_tail(p, state, cls, start)
        if "indexing_maps" not in state.properties:
            state.properties["indexing_maps"] = cls.default_maps_attr(p, state)

    def print_prefix(self, p) -> None:
        maps = self.props.get("indexing_maps")
        if maps is not None and maps != L.maps_array(self.default_indexing_maps()):
            print_maps_keyword(p, maps)

    def verify_(self) -> None:
        super().verify_()
        maps = self.props.get("indexing_maps")
        if not isinstance(maps, A.ArrayAttr):
            return
        got = [m.value for m in maps]
        default = N.spec_maps(self.SPEC)
        if got == default:
            return
        if self.SPEC.name == "matmul":
            self._verify_matmul_maps(got, default)
        else:
            self._verify_batch_maps(got, default)

    def _verify_matmul_maps(self, got: list[AffineMap], default: list[AffineMap]) -> None:
        """Upstream's ``verifyExtendedMatmulSemantic`` (transposes, broadcasts)."""
        if len(got) != 3:
            return
        for i in range(2):
            m = got[i]
            if any(e not in default[i].results for e in m.results):
                raise self.op_error("Unexpected dim expression in map result.")
            if len(m.results) < len(default[i].results):
                # A broadcast operand must still be indexed by the reduction dim.
                if len(m.results) != 1 or not m.results[0].is_function_of_dim(m.num_dims - 1):
                    raise self.op_error("Invalid broadcast requested, should be (d2).")

    def _verify_batch_maps(self, got: list[AffineMap], default: list[AffineMap]) -> None:
        """Upstream's ``verifyExtendedBatchVariantMatmulSemantic``."""
        if len(got) != 3:
            raise self.op_error("Indexing_map attribute must have 3 affine maps.")
        batch_reduce = self.SPEC.name == "batch_reduce_matmul"
        for i in range(3):
            m, d = got[i], default[i]
            if i == 2:
                n = 2 if batch_reduce else 3
                if len(m.results) != n:
                    raise self.op_error(f"expects {n} dims, but got ({len(m.results)}).")
                want = (1, 2) if batch_reduce else (0, 1, 2)
                if not all(e.is_function_of_dim(w) for e, w in zip(m.results, want, strict=True)):
                    raise self.op_error("Invalid output map result dimension.")
                continue
            if any(e not in d.results for e in m.results):
                raise self.op_error("Unexpected result dim expression (outside the set of default result dims).")
            if len(m.results) > 3:
                raise self.op_error("no. of result dim expressions exceeds 3.")
            if len(m.results) < len(d.results):
                if not _valid_batch_broadcast(m, i == 0):
                    raise self.op_error("Invalid broadcast requested.")
            elif not m.results[0].is_function_of_dim(0):
                raise self.op_error("Invalid batch dimension expression.")


def _valid_batch_broadcast(m: AffineMap, lhs: bool) -> bool:
    """Upstream's ``isValidLhsRhsBroadcastMap`` of the batch variants
    (dims: batch 0, m 1, n 2, k 3)."""
    r = m.results
    if len(r) == 1:
        return r[0].is_function_of_dim(3)
    if len(r) == 2:
        if lhs:
            return (r[0].is_function_of_dim(0) or r[0].is_function_of_dim(1)) and r[1].is_function_of_dim(3)
        return (r[0].is_function_of_dim(0) and r[1].is_function_of_dim(3)) or (
            r[0].is_function_of_dim(3) and r[1].is_function_of_dim(2)
        )
    return False


@N.register_named
class MatmulOp(MapsPropertyOp):
    """Performs a matrix multiplication of two 2D inputs without broadcast or transpose."""

    __slots__ = ()
    OP_NAME = "linalg.matmul"
    SPEC = N.SPECS["matmul"]


@N.register_named
class BatchMatmulOp(MapsPropertyOp):
    """Performs a batched matrix multiplication of two 3D inputs."""

    __slots__ = ()
    OP_NAME = "linalg.batch_matmul"
    SPEC = N.SPECS["batch_matmul"]


@N.register_named
class BatchReduceMatmulOp(MapsPropertyOp):
    """Performs a batch-reduce matrix multiplication of two 3D inputs."""

    __slots__ = ()
    OP_NAME = "linalg.batch_reduce_matmul"
    SPEC = N.SPECS["batch_reduce_matmul"]


@N.register_named
class ContractOp(MapsPropertyOp):
    """``linalg.contract``: a contraction given only by its indexing maps."""

    __slots__ = ()
    OP_NAME = "linalg.contract"
    SPEC = N.NamedSpec("contract", (), "", (("A", ()), ("B", ()), ("C", ())), 2, N._macc(kind="attr"), 0, True)

    def iterator_types_array(self) -> list[str]:
        maps = self.indexing_maps_array()
        if not maps:
            return []
        out = maps[-1]
        used = {e.position for e in out.results if hasattr(e, "position")}
        return [L.PARALLEL if d in used else L.REDUCTION for d in range(out.num_dims)]

    @classmethod
    def parse_prefix(cls, p, state) -> None:
        parse_maps_keyword(p, state, required=True)

    def print_prefix(self, p) -> None:
        print_maps_keyword(p, self.props.get("indexing_maps", A.ArrayAttr(())))

    def verify_(self) -> None:
        N.NamedStructuredOp.verify_(self)
        maps = self.props.get("indexing_maps")
        if not isinstance(maps, A.ArrayAttr):
            return
        n_dims = -1
        ins: list[int] = []
        outs: list[int] = []
        for i, (a, v) in enumerate(zip(maps, self.operands, strict=False)):
            m = a.value
            if not m.is_projected_permutation():
                raise self.emit_error("provided affine_map is not a projected permutation")
            t = v.type
            if isinstance(t, L.T.ShapedType):
                if len(m.results) != L.operand_rank(t):
                    raise self.emit_error("ranks of shaped operand and results of corresponding affine_map differ")
            elif m.results:
                raise self.emit_error("affine_map specifies shaped access while operand has non-shaped type")
            if n_dims == -1:
                n_dims = m.num_dims
                ins, outs = [0] * n_dims, [0] * n_dims
            elif n_dims != m.num_dims:
                raise self.emit_error("iteration spaces of provided affine_maps differ")
            for e in m.results:
                (ins if i < 2 else outs)[e.position] += 1
        contracting = False
        for d in range(max(n_dims, 0)):
            contracting |= ins[d] == 2 and outs[d] == 0
            if ins[d] == 0 and outs[d] == 0:
                raise self.emit_error(f"iteration space dim at index {d} not used to access any operand")
            if ins[d] == 1 and outs[d] != 1:
                raise self.emit_error(
                    f"iteration space dim at index {d} is neither a contracting dim nor of parallel iteration type"
                )
        if not contracting:
            raise self.emit_error("'indexing_map' attribute must specify at least one contracting dimension")


# -- linalg.elementwise ------------------------------------------------------------------

UNARY_KINDS = (
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
)
BINARY_KINDS = (
    "add",
    "sub",
    "mul",
    "div",
    "div_unsigned",
    "max_signed",
    "min_signed",
    "max_unsigned",
    "min_unsigned",
    "powf",
)
TERNARY_KINDS = ("select",)
ALL_KINDS = UNARY_KINDS + BINARY_KINDS + TERNARY_KINDS
_KIND_PREFIX = "linalg.elementwise_kind<"

ElementwiseKindAttr = C.AttrConstraint(
    "allowed elementwise kind",
    lambda a: (
        isinstance(a, A.OpaqueAttr) and a.text.startswith(_KIND_PREFIX) and a.text[len(_KIND_PREFIX) : -1] in ALL_KINDS
    ),
)


def elementwise_kind(a: A.Attribute | None) -> str | None:
    if isinstance(a, A.OpaqueAttr) and a.text.startswith(_KIND_PREFIX) and a.text.endswith(">"):
        k = a.text[len(_KIND_PREFIX) : -1]
        return k if k in ALL_KINDS else None
    return None


def arity(kind: str) -> int:
    return 1 if kind in UNARY_KINDS else 2 if kind in BINARY_KINDS else 3


@N.register_named
class ElementwiseOp(MapsPropertyOp):
    """``linalg.elementwise kind=#linalg.elementwise_kind<add> ...``."""

    __slots__ = ()
    OP_NAME = "linalg.elementwise"
    SPEC = N.NamedSpec("elementwise", (), "", (("I", None), ("O", None)), 1, ("arg", 0))
    kind = prop_def(ElementwiseKindAttr)
    ELIDED = ("operandSegmentSizes", "kind", "indexing_maps")

    def _kind(self) -> str:
        return elementwise_kind(self.props.get("kind")) or "exp"

    def default_indexing_maps(self) -> list[AffineMap]:
        outs = self.outputs
        rank = L.operand_rank(outs[0].type) if outs else 0
        return [AffineMap.identity(rank)] * (arity(self._kind()) + 1)

    def iterator_types_array(self) -> list[str]:
        outs = self.outputs
        return [L.PARALLEL] * (L.operand_rank(outs[0].type) if outs else 0)

    def generalize_spec(self) -> N.GeneralizeSpec:
        expr = self.payload_expr(self._kind())
        return N.GeneralizeSpec(
            self.indexing_maps_array(), self.iterator_types_array(), lambda block: N.build_payload(expr, block)
        )

    @staticmethod
    def payload_expr(kind: str) -> N.Expr:
        if kind in UNARY_KINDS:
            return ("un", kind, N._arg(0))
        if kind in BINARY_KINDS:
            return ("bin", kind, N._arg(0), N._arg(1))
        return ("select", N._arg(0), N._arg(1), N._arg(2))

    @classmethod
    def parse(cls, p, state) -> None:
        start = p.start
        p.expect_keyword("kind")
        p.expect("=", "expected '='")
        pos = p.start
        a = p.parse_attribute()
        k = elementwise_kind(a)
        if k is None:
            if isinstance(a, A.OpaqueAttr) and a.text.startswith(_KIND_PREFIX):
                p.error(
                    "expected ::mlir::linalg::ElementwiseKind to be one of: " + ", ".join(ALL_KINDS),
                    pos + len(_KIND_PREFIX) + 1,
                )
            L.custom_error(p, state, "expected ElementwiseKind attribute")
        state.properties["kind"] = a
        parse_maps_keyword(p, state)
        N.parse_named_tail(p, state, _ElementwiseParse(k), start)
        if "indexing_maps" not in state.properties:
            out_t = state.operands[-1].type if state.operands else None
            if not isinstance(out_t, L.T.ShapedType):
                L.custom_error(p, state, "return type needs to be shaped type")
            rank = L.operand_rank(out_t)
            state.properties["indexing_maps"] = L.maps_array([AffineMap.identity(rank)] * (arity(k) + 1))

    def print_prefix(self, p) -> None:
        p.write(" kind=" + p.attr(self.props["kind"]))
        maps = self.props.get("indexing_maps")
        if maps is not None and maps != L.maps_array(self.default_indexing_maps()):
            print_maps_keyword(p, maps)

    def verify_(self) -> None:
        N.NamedStructuredOp.verify_(self)


class _ElementwiseParse:
    """What ``parse_named_tail`` needs for one elementwise kind."""

    def __init__(self, kind: str):
        self.kind = kind

    def num_region_args(self) -> int:
        return arity(self.kind) + 1

    def region_builder(self, block: Block, attrs, loc) -> None:
        N.build_payload(ElementwiseOp.payload_expr(self.kind), block, "signed", loc)
