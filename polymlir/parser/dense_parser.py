"""``dense<...>`` and ``sparse<...>`` elements literals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import attributes as A
from ..ir import types as T

if TYPE_CHECKING:  # pragma: no cover
    from .attr_parser import BaseParser


def _shape_str(shape) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


class _Literal:
    """The raw literal: a nested list of (token kind, value, pos) leaves."""

    __slots__ = ("hex", "tree", "pos")

    def __init__(self, hex_: str | None, tree, pos: int):
        self.hex = hex_
        self.tree = tree
        self.pos = pos


def _parse_leaf(p: BaseParser):
    pos = p.start
    if p.kind == "(":
        p.advance()
        re_ = _parse_leaf(p)
        p.expect(",", "expected ',' between complex elements")
        im = _parse_leaf(p)
        p.expect(")", "expected ')' after complex elements")
        return ("complex", (re_, im), pos)
    if p.kind == "string":
        return ("string", p.parse_string(), pos)
    if p.kind == "bare" and p.text in ("true", "false"):
        v = p.text == "true"
        p.advance()
        return ("bool", v, pos)
    neg = p.accept("-")
    if p.kind == "int":
        text = p.text
        p.advance()
        if text.startswith("0x"):
            return ("hexint", (neg, int(text, 16)), pos)
        n = int(text)
        return ("int", -n if neg else n, pos)
    if p.kind == "float":
        x = float(p.text)
        p.advance()
        return ("float", -x if neg else x, pos)
    p.error("expected element literal of primitive type")


def _parse_tree(p: BaseParser):
    if p.kind == "[":
        p.advance()
        items = []
        if not p.accept("]"):
            items.append(_parse_tree(p))
            while p.accept(","):
                items.append(_parse_tree(p))
            p.expect("]", "expected ',' or ']'")
        return items
    return _parse_leaf(p)


def _infer_shape(tree, p: BaseParser, pos: int) -> tuple[list[int], list]:
    """Shape of a nested list literal and its leaves, row-major."""
    if not isinstance(tree, list):
        return [], [tree]
    if not tree:
        return [0], []
    shapes, leaves = [], []
    for sub in tree:
        s, sub_leaves = _infer_shape(sub, p, pos)
        shapes.append(s)
        leaves.extend(sub_leaves)
    first = shapes[0]
    for s in shapes[1:]:
        if s != first:
            p.error("tensor literal is invalid; ranks are not consistent between elements", pos)
    return [len(tree)] + first, leaves


def _convert(leaf, et: T.Type, p: BaseParser):
    kind, v, pos = leaf
    if isinstance(et, T.ComplexType):
        if kind != "complex":
            p.error("expected complex element literal", pos)
        return (_convert(v[0], et.element_type, p), _convert(v[1], et.element_type, p))
    if kind == "complex":
        p.error("complex element literal not valid for non-complex type", pos)
    if isinstance(et, T.FloatType):
        if kind == "float":
            return A.round_float(v, et)
        if kind == "int":
            p.error("unexpected decimal integer literal for a floating point value", pos)
        if kind == "hexint":
            neg, bits = v
            if bits >> et.width:
                p.error("hexadecimal float constant out of range for type", pos)
            f = A.float_from_bits(bits, et)
            if f is None:
                p.error("hexadecimal float literal not supported for this type", pos)
            return f
        p.error(
            "expected floating point elements, but parsed integer"
            if kind == "bool"
            else "expected floating point element",
            pos,
        )
    if isinstance(et, (T.IntegerType, T.IndexType)):
        if kind == "bool":
            if et != T.i1:
                p.error(
                    "expected integer elements, but parsed floating-point"
                    if False
                    else "expected i1 type for 'true' or 'false' values",
                    pos,
                )
            return int(v)
        if kind == "float":
            p.error("expected integer elements, but parsed floating-point", pos)
        if kind == "hexint":
            neg, val = v
            val = -val if neg else val
        elif kind == "int":
            val = v
        else:
            p.error("expected integer elements", pos)
        if isinstance(et, T.IntegerType):
            p._check_int_range(val, et, pos, val < 0)
        if et == T.i1:
            return int(bool(val))
        return val
    if kind != "string":
        p.error("expected string elements", pos)
    return v


def _decode_hex(data: bytes, et: T.Type, count: int, p: BaseParser, pos: int) -> tuple[list, bool]:
    if isinstance(et, T.ComplexType):
        inner = et.element_type
        flat, splat = _decode_hex(data, inner, count * 2, p, pos)
        pairs = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
        return pairs, splat
    if isinstance(et, T.IntegerType):
        nb = max(1, (et.width + 7) // 8)
    elif isinstance(et, T.IndexType):
        nb = 8
    elif isinstance(et, T.FloatType):
        nb = max(1, (et.width + 7) // 8)
    else:
        p.error("expected elements of integer, float or complex type for hex data", pos)
    if len(data) == nb:
        n = 1
        splat = count != 1
    elif len(data) == nb * count:
        n = count
        splat = False
    else:
        p.error("elements hex data size is invalid for provided type", pos)
    out = []
    for i in range(n):
        chunk = data[i * nb : (i + 1) * nb]
        if isinstance(et, T.FloatType):
            f = A.float_from_bits(int.from_bytes(chunk, "little"), et)
            if f is None:
                p.error("hex data not supported for this float type", pos)
            out.append(f)
        else:
            signed = not (isinstance(et, T.IntegerType) and et.signedness == "u")
            v = int.from_bytes(chunk, "little", signed=signed)
            if isinstance(et, T.IntegerType) and et.width == 1:
                v = v & 1
            elif isinstance(et, T.IntegerType) and et.width < nb * 8:
                w = et.width
                v &= (1 << w) - 1
                if signed and v >= 1 << (w - 1):
                    v -= 1 << w
            out.append(v)
    return out, splat


def parse_dense(p: BaseParser, type: T.Type | None = None) -> A.Attribute:
    """``dense<...> : type``; with ``type`` given (an op's syntax implies it,
    upstream's ``parseAttribute(attr, type)``) no ``: type`` follows."""
    p.advance()  # 'dense'
    p.expect("<", "expected '<' after 'dense'")
    lit_pos = p.start
    hex_ = None
    tree = None
    empty = False
    if p.kind == ">":
        empty = True
    elif p.kind == "string" and p.src.startswith('"0x', p.start):
        hex_ = p.parse_string()
    else:
        tree = _parse_tree(p)
    p.expect(">", "expected '>'")
    if type is not None and p.kind != ":":
        return build_dense(p, type, lit_pos, lit_pos, hex_, tree, empty)
    p.expect(":", "expected ':'")
    tpos = p.start
    t = p.parse_type()
    return build_dense(p, t, tpos, lit_pos, hex_, tree, empty)


def build_dense(p: BaseParser, t: T.Type, tpos: int, lit_pos: int, hex_, tree, empty: bool) -> A.DenseElementsAttr:
    if not isinstance(t, (T.RankedTensorType, T.VectorType)):
        if isinstance(t, T.ShapedType) and not t.has_rank:
            p.error("elements literal type must have static shape", tpos)
        p.error("elements literal must be a shaped type", tpos)
    if not t.has_static_shape:
        p.error("elements literal type must have static shape", tpos)
    et = t.element_type
    if empty:
        if t.num_elements != 0:
            p.error(f"parsed zero elements, but type ({t}) expected at least 1", tpos)
        return A.DenseElementsAttr(t, ())
    if hex_ is not None:
        if isinstance(et, (T.IntegerType, T.IndexType, T.FloatType, T.ComplexType)):
            try:
                data = bytes.fromhex(hex_[2:])
            except ValueError:
                p.error("expected string containing hex digits starting with `0x`", lit_pos)
            vals, splat = _decode_hex(data, et, t.num_elements, p, lit_pos)
            if not splat and len(vals) == 1 and t.num_elements != 1:
                splat = True
            return A.DenseElementsAttr(t, tuple(vals), splat or (t.num_elements == 1 and False))
        tree = ("string", hex_, lit_pos)
    shape, leaves = _infer_shape(tree, p, lit_pos)
    vals = [_convert(leaf, et, p) for leaf in leaves]
    if not isinstance(tree, list):
        return A.DenseElementsAttr(t, (vals[0],), t.num_elements != 1)
    if tuple(shape) != t.shape:
        p.error(
            f"inferred shape of elements literal ({_shape_str(shape)}) does not match type ({_shape_str(t.shape)})",
            lit_pos,
        )
    return A.DenseElementsAttr(t, tuple(vals))


def parse_sparse(p: BaseParser, type: T.Type | None = None) -> A.Attribute:
    """``sparse<indices, values> : type`` (``type`` as in ``parse_dense``)."""
    p.advance()  # 'sparse'
    p.expect("<", "expected '<' after 'sparse'")
    if p.accept(">"):
        tpos = p.start
        if type is not None and p.kind != ":":
            t = type
        else:
            p.expect(":", "expected ':'")
            tpos = p.start
            t = p.parse_type()
        if not isinstance(t, T.ShapedType):
            p.error("elements literal must be a shaped type", tpos)
        i_t = T.RankedTensorType((0, t.rank), T.i64)
        v_t = T.RankedTensorType((0,), t.element_type)
        return A.SparseElementsAttr(t, A.DenseElementsAttr(i_t, ()), A.DenseElementsAttr(v_t, ()))
    ipos = p.start
    itree = _parse_tree(p)
    p.expect(",", "expected ','")
    vpos = p.start
    vhex = None
    vtree = None
    if p.kind == "string" and p.src.startswith('"0x', p.start):
        vhex = p.parse_string()
    else:
        vtree = _parse_tree(p)
    p.expect(">", "expected '>'")
    tpos = p.start
    if type is not None and p.kind != ":":
        t = type
    else:
        p.expect(":", "expected ':'")
        tpos = p.start
        t = p.parse_type()
    if not isinstance(t, (T.RankedTensorType, T.VectorType)):
        p.error("elements literal must be a shaped type", tpos)
    ishape, ileaves = _infer_shape(itree, p, ipos)
    isplat = not isinstance(itree, list)
    if isplat:
        ishape = [1, t.rank]
    i_t = T.RankedTensorType(tuple(ishape), T.i64)
    ivals = tuple(_convert(leaf, T.i64, p) for leaf in ileaves)
    nvals = ishape[0] if ishape else 1
    v_t = T.RankedTensorType((nvals,), t.element_type)
    if vhex is not None:
        vattr = build_dense(p, v_t, tpos, vpos, vhex, None, False)
    else:
        vshape, vleaves = _infer_shape(vtree, p, vpos)
        vals = tuple(_convert(leaf, t.element_type, p) for leaf in vleaves)
        if not isinstance(vtree, list):
            vattr = A.DenseElementsAttr(v_t, vals, nvals != 1)
        else:
            v_t = T.RankedTensorType(tuple(vshape), t.element_type)
            vattr = A.DenseElementsAttr(v_t, vals)
    return A.SparseElementsAttr(t, A.DenseElementsAttr(i_t, ivals, isplat), vattr)
