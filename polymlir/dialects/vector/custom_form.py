"""Vector ops whose syntax upstream writes by hand: ``vector.contract``,
``vector.outerproduct``, ``vector.mask`` and ``vector.print``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineDimExpr
from ...ir.core import Operation
from ...ir.fields import operand_def, opt_operand_def, prop_def, region_def, result_def, var_result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    MASKABLE_OP_INTERFACE,
    NO_REGION_ARGUMENTS,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    SINGLE_BLOCK,
    TERMINATOR,
)
from .ops import (
    KIND,
    KIND_ADD,
    AnyVectorNonZero,
    BoolVectorNonZero,
    custom_op_error,
    kind_name,
    same_element_type,
    scal,
    supported_kind,
    vtype,
)

ITERATOR_TYPES = ("parallel", "reduction")


def iterator_type_attr(name: str) -> A.OpaqueAttr:
    return A.OpaqueAttr(f"vector.iterator_type<{name}>")


def iterator_type_name(a: A.Attribute) -> str | None:
    if isinstance(a, A.OpaqueAttr) and a.text.startswith("vector.iterator_type<"):
        return a.text[len("vector.iterator_type<") : -1]
    return None


_TRAIT_ATTRS = ("indexing_maps", "iterator_types", "kind")


@runtime_checkable
class MaskableOp(Protocol):
    """An op with upstream's MaskableOpInterface: the mask type
    ``vector.mask`` must give it."""

    def expected_mask_type(self) -> T.Type: ...


@register_op
class ContractionOp(OpDef):
    """Generalized contraction of two vectors into an accumulator."""

    __slots__ = ()
    OP_NAME = "vector.contract"
    traits = frozenset({PURE, MASKABLE_OP_INTERFACE})
    lhs = operand_def(AnyVectorNonZero)
    rhs = operand_def(AnyVectorNonZero)
    acc = operand_def()
    indexing_maps = prop_def(C.ArrayAttr)
    iterator_types = prop_def(
        C.attr_of(
            A.ArrayAttr,
            "Iterator type should be an enum.",
            lambda a: all(iterator_type_name(x) is not None for x in a),
        )
    )
    kind = prop_def(KIND, default=KIND_ADD, populate=True)
    result = result_def()

    @classmethod
    def parse(cls, p, state) -> None:
        pos = p.start
        trait = p.parse_attribute()
        if not isinstance(trait, A.DictionaryAttr):
            p.error("invalid kind of attribute specified", pos)
        lhs = p.parse_operand()
        p.expect(",", "expected ','")
        rhs = p.parse_operand()
        p.expect(",", "expected ','")
        acc = p.parse_operand()
        if p.kind == ",":
            custom_op_error(p, state, "expected zero or exactly 2 vector mask operands", state.pos)
        attrs = p.parse_optional_attr_dict()
        types = p.parse_colon_type_list()
        if not p.accept_keyword("into"):
            custom_op_error(p, state, "expected 'into'")
        rt = p.parse_type()
        if len(types) < 2:
            p.error("expected ','")
        state.operands = [
            p.resolve_operand(lhs, types[0]),
            p.resolve_operand(rhs, types[1]),
            p.resolve_operand(acc, rt),
        ]
        state.result_types = [rt]
        merged = dict(attrs)
        merged.update(trait.as_dict())
        its = merged.get("iterator_types")
        if not isinstance(its, A.ArrayAttr):
            custom_op_error(p, state, "expected iterator_types attribute")
        conv = []
        for x in its:
            name = x.value if isinstance(x, A.StringAttr) else iterator_type_name(x)
            if name not in ITERATOR_TYPES:
                custom_op_error(p, state, f"unexpected iterator_type ({name})", pos)
            conv.append(iterator_type_attr(name))
        merged["iterator_types"] = A.ArrayAttr(tuple(conv))
        merged.setdefault("kind", KIND_ADD)
        for k, v in merged.items():
            (state.properties if k in _TRAIT_ATTRS else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        items = {}
        for k in _TRAIT_ATTRS:
            v = self.props.get(k)
            if v is None:
                continue
            if k == "iterator_types" and isinstance(v, A.ArrayAttr):
                v = A.ArrayAttr(tuple(A.StringAttr(iterator_type_name(x) or "") for x in v))
            items[k] = v
        p.write(" " + A.DictionaryAttr.from_dict(items).print(p) + " ")
        p.write(p.operands_str(self.operands[:3]))
        p.print_optional_attr_dict(dict(self.attributes))
        lt, rt = self.lhs.type, self.rhs.type
        p.write(f" : {p.type(lt)}, {p.type(rt)} into {p.type(self.result_types[0])}")

    def _maps(self):
        return [m.value for m in self.indexing_maps]

    def expected_mask_type(self) -> T.Type:
        """The iteration space (sizes from the lhs and rhs) as an i1 vector."""
        maps = self._maps()
        n = maps[0].num_dims
        shape, flags = [0] * n, [False] * n
        for v, m in zip(self.operands[:2], maps[:2], strict=False):
            t = T.of_kind(v.type, T.VectorType)
            for i, r in enumerate(m.results):
                if isinstance(r, AffineDimExpr):
                    shape[r.position] = t.shape[i]
                    flags[r.position] = scal(t)[i]
        return vtype(shape, T.i1, flags)

    def verify_(self) -> None:
        lt, rt = T.of_kind(self.lhs.type, T.VectorType), T.of_kind(self.rhs.type, T.VectorType)
        acc_t, res_t = self.acc.type, self.result_types[0]
        same_element_type(self, lt, rt, "lhs and rhs have same element type")
        same_element_type(self, res_t, acc_t, "third operand acc and result have same element type")
        if isinstance(lt.element_type, T.IntegerType) and not lt.element_type.is_signless:
            raise self.op_error("only supports signless integer types")
        maps = self._maps()
        if len(maps) != 3:
            raise self.op_error("expected an indexing map for each vector operand")
        its = [iterator_type_name(x) for x in self.iterator_types]
        n = len(its)
        for i, m in enumerate(maps):
            if m.num_symbols:
                raise self.op_error(f"expected indexing map {i} to have no symbols")
            t = self.operands[i].type
            rank = t.rank if isinstance(t, T.VectorType) else 0
            if m.num_dims != n:
                raise self.op_error(f"expected indexing map {i} to have {n} number of inputs")
            if m.num_results != rank:
                raise self.op_error(f"expected indexing map {i} to have {rank} number of outputs")
            if not m.is_projected_permutation():
                raise self.op_error(f"expected indexing map {i} to be a projected permutation of its inputs")

        def dim_map(kind: str) -> list[tuple[int, int]]:
            out = []
            for it_i, k in enumerate(its):
                if k != kind:
                    continue
                li = _result_index(maps[0], it_i)
                ri = _result_index(maps[1], it_i)
                if li >= 0 and ri >= 0:
                    out.append((li, ri))
            return out

        contracting, batch = dim_map("reduction"), dim_map("parallel")
        if not contracting:
            raise self.op_error("expected at least one contracting dimension pair")
        for pairs, what in ((contracting, "contracting"), (batch, "batch")):
            for a, b in pairs:
                if a >= lt.rank or b >= rt.rank or lt.shape[a] != rt.shape[b]:
                    raise self.op_error(f"invalid {what} dimension map")
        self._verify_output_shape(lt, rt, acc_t, res_t, contracting, batch, maps)
        et = res_t.element_type if isinstance(res_t, T.VectorType) else res_t
        if not supported_kind(kind_name(self.kind), et):
            raise self.op_error("unsupported contraction type")

    def _verify_output_shape(self, lt, rt, acc_t, res_t, contracting, batch, maps) -> None:
        lhs_c = {a for a, _ in contracting}
        rhs_c = {b for _, b in contracting}
        rhs_b = {b for _, b in batch}
        dims = [lt.shape[i] for i in range(lt.rank) if i not in lhs_c]
        dims += [rt.shape[i] for i in range(rt.rank) if i not in rhs_c and i not in rhs_b]
        if not dims:
            if isinstance(res_t, T.VectorType) or isinstance(acc_t, T.VectorType):
                raise self.op_error("invalid accumulator/result vector shape")
            return
        if not isinstance(res_t, T.VectorType) or not isinstance(acc_t, T.VectorType):
            raise self.op_error("invalid accumulator/result vector shape")
        lmap, rmap = maps[0], maps[1]
        used = set()
        for m in (lmap, rmap):
            used |= {r.position for r in m.results if isinstance(r, AffineDimExpr)}
        if used != set(range(lmap.num_dims)):
            raise self.op_error("expected all dimensions to be either a LHS or a RHS dimension")
        extents: list[int | None] = [None] * lmap.num_dims
        for v, m in ((lt, lmap), (rt, rmap)):
            for i, r in enumerate(m.results):
                if isinstance(r, AffineDimExpr) and extents[r.position] is None:
                    extents[r.position] = v.shape[i]
        shape = []
        for r in maps[2].results:
            if isinstance(r, AffineDimExpr):
                shape.append(extents[r.position])
            elif isinstance(r, AffineConstantExpr):
                shape.append(r.value)
        expected = vtype(shape, res_t.element_type, scal(res_t))
        if res_t != expected or acc_t != expected:
            raise self.op_error(f"invalid accumulator/result vector shape, expected: '{expected}'")


def _result_index(m, d: int) -> int:
    for i, r in enumerate(m.results):
        if isinstance(r, AffineDimExpr) and r.position == d:
            return i
    return -1


@register_op
class OuterProductOp(OpDef):
    """Outer product of two 1-D vectors (or AXPY with a scalar), plus an accumulator."""

    __slots__ = ()
    OP_NAME = "vector.outerproduct"
    traits = frozenset({PURE, MASKABLE_OP_INTERFACE})
    lhs = operand_def(AnyVectorNonZero)
    rhs = operand_def()
    acc = opt_operand_def(AnyVectorNonZero)
    kind = prop_def(KIND, default=KIND_ADD, populate=True)
    result = result_def(AnyVectorNonZero)

    @classmethod
    def parse(cls, p, state) -> None:
        refs = p.parse_operand_list()
        attrs = p.parse_optional_attr_dict()
        tl = p.parse_colon_type()
        p.expect(",", "expected ','")
        tr = p.parse_type()
        if len(refs) < 2:
            custom_op_error(p, state, "expected at least 2 operands", state.pos)
        if not isinstance(tl, T.VectorType):
            custom_op_error(p, state, "expected vector type for operand #1", state.pos)
        if isinstance(tr, T.VectorType):
            res = vtype(
                (tl.shape[0], tr.shape[0] if tr.rank else 1),
                tl.element_type,
                (scal(tl)[0] if tl.rank else False, scal(tr)[0] if tr.rank else False),
            )
        else:
            res = vtype((tl.shape[0] if tl.rank else 1,), tl.element_type, (scal(tl)[0] if tl.rank else False,))
        ops = [p.resolve_operand(refs[0], tl), p.resolve_operand(refs[1], tr)]
        if len(refs) > 2:
            ops.append(p.resolve_operand(refs[2], res))
        state.operands = ops
        state.result_types = [res]
        attrs.setdefault("kind", KIND_ADD)
        for k, v in attrs.items():
            (state.properties if k == "kind" else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        p.write(" " + p.operands_str(self.operands[:2]))
        if self.acc is not None:
            p.write(", " + p.value_name(self.acc))
            attrs = dict(self.attributes)
            if "kind" in self.props:
                attrs["kind"] = self.props["kind"]
            p.print_optional_attr_dict(attrs)
        p.write(f" : {p.type(self.lhs.type)}, {p.type(self.rhs.type)}")

    def expected_mask_type(self) -> T.Type:
        r = T.of_kind(self.result_types[0], T.VectorType)
        return vtype(r.shape, T.i1, scal(r))

    def verify_(self) -> None:
        vl, tr = T.of_kind(self.lhs.type, T.VectorType), self.rhs.type
        res = T.of_kind(self.result_types[0], T.VectorType)
        same_element_type(self, vl, res, "lhs operand and result have same element type")
        same_element_type(self, tr, res, "rhs operand and result have same element type")
        if vl.rank != 1:
            raise self.op_error("expected 1-d vector for operand #1")
        if isinstance(tr, T.VectorType):
            if tr.rank != 1:
                raise self.op_error("expected 1-d vector for operand #2")
            if res.rank != 2:
                raise self.op_error("expected 2-d vector result")
            if vl.shape[0] != res.shape[0]:
                raise self.op_error("expected #1 operand dim to match result dim #1")
            if tr.shape[0] != res.shape[1]:
                raise self.op_error("expected #2 operand dim to match result dim #2")
            if any(scal(vl)) and not any(scal(tr)):
                raise self.op_error("expected either both or only #2 operand dim to be scalable")
        else:
            if res.rank != 1:
                raise self.op_error("expected 1-d vector result")
            if vl.shape[0] != res.shape[0]:
                raise self.op_error("expected #1 operand dim to match result dim #1")
        acc = self.acc
        if acc is not None and acc.type != res:
            raise self.op_error("expected operand #3 of same type as result type")
        if not supported_kind(kind_name(self.kind), res.element_type):
            raise self.op_error("unsupported outerproduct type")


@register_op
class MaskOp(OpDef):
    """Predicate one maskable vector op with a mask (and a pass-through)."""

    __slots__ = ()
    OP_NAME = "vector.mask"
    traits = frozenset({SINGLE_BLOCK, RECURSIVE_MEMORY_EFFECTS, NO_REGION_ARGUMENTS})
    mask = operand_def(BoolVectorNonZero)
    passthru = opt_operand_def()
    results = var_result_def()
    maskRegion = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        mask = p.parse_operand()
        passthru = None
        if p.accept(","):
            passthru = p.parse_operand()
        reg = p.parse_region()
        _ensure_yield(reg, p.loc_at(state.pos))
        state.attributes.update(p.parse_optional_attr_dict())
        mt = p.parse_colon_type()
        rts: list[T.Type] = []
        if p.accept("->"):
            rts = p.parse_function_result_types()
        state.result_types = rts
        ops = [p.resolve_operand(mask, mt)]
        if passthru is not None:
            if not rts:
                custom_op_error(p, state, "expects a result if passthru operand is provided", state.pos)
            ops.append(p.resolve_operand(passthru, rts[0]))
        state.operands = ops
        state.regions.append(reg)

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.mask))
        if self.passthru is not None:
            p.write(", " + p.value_name(self.passthru))
        p.write(" { ")
        blocks = self.regions[0].blocks
        if blocks and blocks[0].operations:
            _print_op_without_results(p, blocks[0].operations[0])
        p.write(" }")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(" : " + p.type(self.mask.type))
        if self.results:
            p.write(" -> " + T.format_result_types(self.result_types, p))

    def verify_(self) -> None:
        r = self.regions[0]
        if len(r.blocks) != 1:
            raise self.op_error("region #0 ('maskRegion') failed to verify constraint: region with 1 blocks")
        if not r.blocks[0].operations:
            raise self.op_error("expects a terminator within the mask region")
        ops = r.blocks[0].operations
        if len(ops) > 2:
            raise self.op_error("expects only one operation to mask")
        term = ops[-1]
        if term.name != "vector.yield":
            raise self.op_error("expects a terminator within the mask region")
        if len(term.operands) != len(self.results):
            raise self.op_error("expects number of results to match mask region yielded values")
        if len(ops) == 1:
            return
        masked = ops[0]
        if MASKABLE_OP_INTERFACE not in masked.traits or not isinstance(masked, MaskableOp):
            raise self.op_error("expects a MaskableOpInterface within the mask region")
        if len(masked.results) != len(self.results):
            raise self.op_error("expects number of results to match maskable operation number of results")
        if [v.type for v in masked.results] != self.result_types:
            raise self.op_error("expects result type to match maskable operation result type")
        if isinstance(masked, OpDef):
            # The mask type is worked out from the masked op's types and properties,
            # so the masked op must verify first (the verifier reaches it only after
            # this op; upstream crashes on a masked op that does not verify).
            masked.verify_declared()
            masked.verify_()
        expected = masked.expected_mask_type()
        if self.mask.type != expected:
            raise self.op_error(f"expects a '{expected}' mask for the maskable operation")
        pt = self.passthru
        if pt is not None:
            if not getattr(masked, "supports_passthru", False):
                raise self.op_error("doesn't expect a passthru argument for this maskable operation")
            if len(masked.results) != 1:
                raise self.op_error("expects result when passthru argument is provided")
            if pt.type != masked.results[0].type:
                raise self.op_error("expects passthru type to match result type")


def _print_op_without_results(p, op) -> None:
    """Upstream's ``printCustomOrGenericOp``: the op after its ``%r =``."""
    if not p.generic and op.registered and op.print_custom_ok():
        p.write(op.name)
        op.print_custom(p)
    else:
        p.print_generic_body(op)


def _ensure_yield(reg, loc) -> None:
    """``MaskOp::ensureTerminator``: add a ``vector.yield`` of the masked op's results."""
    if not reg.blocks:
        reg.add_block()
    b = reg.blocks[0]
    ops = b.operations
    if ops and TERMINATOR in ops[-1].traits:
        return
    if len(ops) == 1:
        y = Operation.create("vector.yield", operands=list(ops[0].results), loc=loc)
    else:
        y = Operation.create("vector.yield", loc=loc)
    b.append(y)


PUNCTUATIONS = ("no_punctuation", "newline", "comma", "open", "close")
PUNCT_NEWLINE = A.OpaqueAttr("vector.punctuation<newline>")
_PRINTABLE = C.TypeConstraint(
    "",  # sic: upstream prints an empty description for this Type<Or<...>>
    lambda t: isinstance(t, (T.VectorType, T.IntegerType, T.IndexType, T.FloatType)),
)


@register_op
class PrintOp(OpDef):
    """Print a vector, scalar or string (for testing and debugging)."""

    __slots__ = ()
    OP_NAME = "vector.print"
    traits = frozenset()
    source = opt_operand_def(_PRINTABLE)
    punctuation = prop_def(C.dialect_attr("vector.punctuation"), default=PUNCT_NEWLINE, populate=True)
    stringLiteral = prop_def(C.StrAttr, optional=True)

    # ($source^ `:` type($source))? oilist(`str` $stringLiteral | `punctuation` $punctuation) attr-dict
    @classmethod
    def parse(cls, p, state) -> None:
        if p.kind == "%":
            ref = p.parse_operand()
            t = p.parse_colon_type()
            state.operands = [p.resolve_operand(ref, t)]
        seen = set()
        while p.kind == "bare" and p.text in ("str", "punctuation"):
            kw = p.text
            if kw in seen:
                p.error(
                    f"custom op '{cls.OP_NAME}' `{kw}` clause can appear at most once in the expansion of the "
                    "oilist directive"
                )
            seen.add(kw)
            p.advance()
            if kw == "str":
                state.properties["stringLiteral"] = A.StringAttr(p.parse_string())
            else:
                start = p.start
                p.expect("<", "expected '<'")
                p.reset(p.balanced_body(start))
                state.properties["punctuation"] = A.OpaqueAttr("vector.punctuation" + p.src[start : p.start].strip())
        for k, v in p.parse_optional_attr_dict().items():
            (state.properties if k in ("punctuation", "stringLiteral") else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        if self.source is not None:
            p.write(f" {p.value_name(self.source)} : {p.type(self.source.type)}")
        s = self.props.get("stringLiteral")
        if s is not None:
            p.write(" str " + p.attr(s))
        pu = self.props.get("punctuation")
        if pu is not None and pu != PUNCT_NEWLINE and isinstance(pu, A.OpaqueAttr):
            p.write(" punctuation " + pu.text[len("vector.punctuation") :])
        p.print_optional_attr_dict(dict(self.attributes))

    def verify_(self) -> None:
        pu = self.props.get("punctuation")
        if self.props.get("stringLiteral") is not None and (
            self.source is not None or (pu is not None and pu != PUNCT_NEWLINE)
        ):
            raise self.op_error("failed to verify that `source` or `punctuation` are not set when printing strings")
