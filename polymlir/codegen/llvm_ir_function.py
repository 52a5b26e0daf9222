"""Translation of ``llvm.func`` bodies to LLVM IR (see ``llvm_ir.py``):
value numbering, phis for block arguments, one LLVM instruction per op,
parameter and function attributes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..dialects import llvm
from ..dialects.llvm import attrs as LA
from ..dialects.llvm import loop_annotation as LOOPS
from ..dialects.llvm import types as LT
from ..dialects.llvm.intrinsic_base import IntrinsicOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, Operation, Value
from .llvm_ir_attrs import call_fn_attrs, cconv, function_attrs, param_attrs
from .llvm_ir_intrinsics import DROPPED, EXCEPTION_METADATA, ROUNDING_METADATA, SPECS
from .llvm_ir_types import (
    TranslationError,
    escape_bytes,
    global_ref,
    int_literal,
    llvm_name,
    string_bytes,
)

OpClass = type[Operation]
# Ops that are LLVM constants, printed where they are used: the text of each.
CONSTANT_OPS: frozenset[OpClass] = frozenset(
    {
        llvm.ConstantOp,
        llvm.UndefOp,
        llvm.PoisonOp,
        llvm.ZeroOp,
        llvm.AddressOfOp,
        llvm.NoneTokenOp,
        llvm.DSOLocalEquivalentOp,
    }
)
# The instructions below are spelled as their op's mnemonic (``llvm.add`` -> ``add``).
_INT_BINARY: frozenset[OpClass] = frozenset(
    {
        llvm.AddOp,
        llvm.SubOp,
        llvm.MulOp,
        llvm.ShlOp,
        llvm.UDivOp,
        llvm.SDivOp,
        llvm.LShrOp,
        llvm.AShrOp,
        llvm.URemOp,
        llvm.SRemOp,
        llvm.AndOp,
        llvm.OrOp,
        llvm.XOrOp,
    }
)
_FLOAT_BINARY: frozenset[OpClass] = frozenset({llvm.FAddOp, llvm.FSubOp, llvm.FMulOp, llvm.FDivOp, llvm.FRemOp})
CASTS: frozenset[OpClass] = frozenset(
    {
        llvm.SExtOp,
        llvm.ZExtOp,
        llvm.TruncOp,
        llvm.SIToFPOp,
        llvm.UIToFPOp,
        llvm.FPToSIOp,
        llvm.FPToUIOp,
        llvm.FPExtOp,
        llvm.FPTruncOp,
        llvm.BitcastOp,
        llvm.IntToPtrOp,
        llvm.PtrToIntOp,
        llvm.AddrSpaceCastOp,
    }
)


def fastmath_str(attr) -> str:
    """``fast`` or the individual fast-math flags, each followed by a space."""
    flags = attr.flags if isinstance(attr, LA.FastmathFlagsAttr) else 0
    if not flags:
        return ""
    if flags & LA.FASTMATH_FAST == LA.FASTMATH_FAST:
        return "fast "
    order = ("reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn")
    bits = dict(LA.FASTMATH_BITS)
    return "".join(n + " " for n in order if flags & bits[n])


def _is_fp(t: T.Type) -> bool:
    while isinstance(t, (T.VectorType, LT.LLVMArrayType)):
        t = t.element_type
    if isinstance(t, LT.LLVMStructType):
        return bool(t.fields) and all(_is_fp(f) for f in t.fields)
    return isinstance(t, (T.FloatType, LT.LLVMPPCFP128Type))


def fastmath_for(attr, result_type: T.Type) -> str:
    """Fast-math flags for a call or select: only FP-typed ones carry them."""
    return fastmath_str(attr) if _is_fp(result_type) else ""


def gep_flags(v: int) -> str:
    s = ""
    if v & LA.GEP_INBOUNDS_FLAG:
        s += "inbounds "
    elif v & LA.GEP_NUSW:
        s += "nusw "
    if v & LA.GEP_NUW:
        s += "nuw "
    return s


# -- functions -------------------------------------------------------------------------


def _segments(op: Operation) -> list[int] | None:
    seg = op.properties.get("operandSegmentSizes") if isinstance(op.properties, dict) else None
    return list(seg.values) if isinstance(seg, A.DenseArrayAttr) else None


def _split(values: Sequence[Value], sizes: Sequence[int]) -> list[list[Value]]:
    out, i = [], 0
    for n in sizes:
        out.append(list(values[i : i + n]))
        i += n
    return out


def successor_operands(op: Operation) -> list[list[Value]]:
    """The values a terminator forwards to each of its successors."""
    ops = op.operands
    if isinstance(op, llvm.BrOp):
        return [list(ops)]
    seg = _segments(op)
    if isinstance(op, llvm.CondBrOp):
        if seg is None:
            return [list(op.trueDestOperands), list(op.falseDestOperands)]
        return _split(ops, seg)[1:3]
    if isinstance(op, llvm.SwitchOp):
        if seg is None:
            return [list(op.defaultOperands)] + [list(g) for g in op.case_groups()]
        _, dflt, cases = _split(ops, seg)
        return [dflt] + _split(cases, op.prop("case_operand_segments", A.DenseArrayAttr).values)
    if isinstance(op, llvm.InvokeOp) and seg is not None:
        return _split(ops, seg)[1:3]
    return [[] for _ in op.successors]


def _ordering(op: Operation) -> int:
    """The atomic ordering of a load or store (0, not atomic, when absent)."""
    o = op.opt_prop("ordering", A.IntegerAttr)
    return o.value if o is not None else 0


def call_arguments(op: Operation) -> list[Value]:
    """The arguments of an ``llvm.call``/``llvm.invoke`` (without the callee
    pointer of an indirect call and without operand-bundle operands)."""
    seg = _segments(op)
    ops = list(op.operands[: seg[0]]) if seg is not None else list(op.operands)
    return ops if "callee" in op.props else ops[1:]


class FunctionTranslator:
    """Translates one ``llvm.func``; ``mt`` is the module translator (types,
    constants, metadata, intrinsic declarations)."""

    def __init__(self, mt, fn: Operation) -> None:
        self.mt = mt
        self.fn = fn
        self.types = mt.types
        self.consts = mt.consts
        self.num: dict[Value, int] = {}
        self.label: dict[Block, int] = {}
        self.const_cache: dict[Operation, str] = {}
        # (terminator, successor index) -> label number of a forwarding block
        self.edge_label: dict[tuple[Operation, int], int] = {}
        self.forwarders: list[tuple[int, Block, list[Value], int]] = []  # (label, target, values, pred)
        self.incoming: dict[Block, list[tuple[int, list[Value]]]] = {}

    # -- values ------------------------------------------------------------
    def ref(self, v: Value) -> str:
        n = self.num.get(v)
        if n is not None:
            return f"%{n}"
        owner = v.owner_op
        if owner is not None and type(owner) in CONSTANT_OPS:
            s = self.const_cache.get(owner)
            if s is None:
                s = self.constant_op(owner)
                self.const_cache[owner] = s
            return s
        raise TranslationError(
            "value used before it is defined (or defined by an untranslated op)",
            owner.loc if owner is not None else self.fn.loc,
        )

    def typed(self, v: Value) -> str:
        return f"{self.types.type(v.type)} {self.ref(v)}"

    def constant_op(self, op: Operation) -> str:
        t = op.results[0].type
        if isinstance(op, llvm.ConstantOp):
            return self.consts.constant(op.props["value"], t)
        if isinstance(op, llvm.UndefOp):
            return "undef"
        if isinstance(op, llvm.PoisonOp):
            return "poison"
        if isinstance(op, llvm.ZeroOp):
            return self.consts.zero(t)
        if isinstance(op, llvm.AddressOfOp):
            return global_ref(op.prop("global_name", A.SymbolRefAttr).root)
        if isinstance(op, llvm.DSOLocalEquivalentOp):
            return "dso_local_equivalent " + global_ref(op.prop("function_name", A.SymbolRefAttr).root)
        return "none"

    # -- the function --------------------------------------------------------------
    def translate(self) -> str:
        fn = self.fn
        p = fn.props
        ft = fn.prop("function_type", A.TypeAttr).value
        if not isinstance(ft, LT.LLVMFunctionType):
            raise TranslationError("'llvm.func' without an LLVM function type", fn.loc)
        name = global_ref(fn.prop("sym_name", A.StringAttr).value)
        blocks = fn.regions[0].blocks if fn.regions else []
        arg_attrs = fn.opt_prop("arg_attrs", A.ArrayAttr)
        res_attrs = fn.opt_prop("res_attrs", A.ArrayAttr)
        ret_attr = param_attrs(res_attrs[0], self.types) if res_attrs is not None and len(res_attrs) else ""
        linkage = getattr(p.get("linkage"), "value", "external")
        head = "define " if blocks else "declare "
        if linkage != "external":
            head += linkage + " "
        if "dso_local" in p:
            head += "dso_local "
        visibility = fn.opt_prop("visibility_", A.IntegerAttr)
        vis = LA.VISIBILITY.get(visibility.value if visibility is not None else 0, "")
        if vis:
            head += vis + " "
        head += cconv(p.get("CConv"))
        if ret_attr:
            head += ret_attr + " "
        head += f"{self.types.type(ft.return_type)} {name}("
        params = []
        if blocks:
            self.number(blocks)
        for i, t in enumerate(ft.params):
            s = self.types.type(t)
            pa = param_attrs(arg_attrs[i], self.types) if arg_attrs is not None and i < len(arg_attrs) else ""
            if pa:
                s += " " + pa
            if blocks:
                s += f" %{i}"
            params.append(s)
        if ft.is_var_arg:
            params.append("...")
        head += ", ".join(params) + ")"
        ua = p.get("unnamed_addr")
        if isinstance(ua, A.IntegerAttr) and LA.UNNAMED_ADDR.get(ua.value):
            head += " " + LA.UNNAMED_ADDR[ua.value]
        fattrs = function_attrs(p)
        if fattrs:
            head += " " + " ".join(fattrs)
        sec = p.get("section")
        if isinstance(sec, A.StringAttr):
            head += f' section "{escape_bytes(string_bytes(sec.value))}"'
        c = p.get("comdat")
        if isinstance(c, A.SymbolRefAttr):
            head += f" comdat(${llvm_name(c.leaf)})"
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            head += f" align {al.value}"
        gc = p.get("garbageCollector")
        if isinstance(gc, A.StringAttr):
            head += f' gc "{gc.value}"'
        pers = p.get("personality")
        if isinstance(pers, A.SymbolRefAttr):
            head += f" personality ptr {global_ref(pers.root)}"
        if not blocks:
            return head
        lines = [head + " {"]
        for bi, b in enumerate(blocks):
            if bi:
                lines.append("")
                lines.append(f"{self.label[b]}:")
            for j, a in enumerate(b.arguments if bi else ()):
                edges = self.incoming.get(b, [])
                if not edges:  # an unreachable block: LLVM has no phi without operands
                    lines.append(f"  %{self.num[a]} = freeze {self.types.type(a.type)} poison")
                    continue
                inc = ", ".join(f"[ {self.ref(vals[j])}, %{lab} ]" for lab, vals in edges)
                lines.append(f"  %{self.num[a]} = phi {self.types.type(a.type)} {inc}")
            for op in b.operations:
                if type(op) in CONSTANT_OPS:
                    continue
                text = self.instruction(op)
                if text is None:
                    continue
                if op.results and op.results[0] in self.num:
                    lines.append(f"  %{self.num[op.results[0]]} = {text}")
                else:
                    lines.append(f"  {text}")
        for lab, target, _vals, _pred in self.forwarders:
            lines.append("")
            lines.append(f"{lab}:")
            lines.append(f"  br label %{self.label[target]}")
        lines.append("}")
        return "\n".join(lines)

    def number(self, blocks: Sequence[Block]) -> None:
        n = 0
        entry = blocks[0]
        for a in entry.arguments:
            self.num[a] = n
            n += 1
        for b in blocks:
            self.label[b] = n
            n += 1
            if b is not entry:
                for a in b.arguments:
                    self.num[a] = n
                    n += 1
            for op in b.operations:
                if op.results and type(op) not in CONSTANT_OPS and not _produces_nothing(op):
                    self.num[op.results[0]] = n
                    n += 1
        # Incoming edges of each block; extra edges to one block with
        # arguments go through forwarding blocks.
        for b in blocks:
            term = b.operations[-1] if b.operations else None
            if term is None or not term.successors:
                continue
            groups = successor_operands(term)
            seen: set[int] = set()
            for k, (s, vals) in enumerate(zip(term.successors, groups, strict=False)):
                if id(s) in seen and s.arguments:
                    lab = n
                    n += 1
                    self.edge_label[(term, k)] = lab
                    self.forwarders.append((lab, s, vals, self.label[b]))
                    self.incoming.setdefault(s, []).append((lab, vals))
                    continue
                seen.add(id(s))
                self.incoming.setdefault(s, []).append((self.label[b], vals))

    def dest(self, term: Operation, k: int) -> str:
        lab = self.edge_label.get((term, k))
        if lab is None:
            lab = self.label[term.successors[k]]
        return f"label %{lab}"

    # -- instructions ------------------------------------------------------------
    def instruction(self, op: Operation) -> str | None:
        name = op.name
        kind = type(op)
        ops = op.operands
        p = op.props
        if kind in _INT_BINARY:
            flags = ""
            ov = p.get("overflowFlags")
            if isinstance(ov, A.IntegerAttr):
                if ov.value & LA.NUW:
                    flags += "nuw "
                if ov.value & LA.NSW:
                    flags += "nsw "
            if "isExact" in p:
                flags += "exact "
            if "isDisjoint" in p:
                flags += "disjoint "
            return f"{name[5:]} {flags}{self.typed(ops[0])}, {self.ref(ops[1])}"
        if kind in _FLOAT_BINARY:
            return f"{name[5:]} {fastmath_str(p.get('fastmathFlags'))}{self.typed(ops[0])}, {self.ref(ops[1])}"
        if kind is llvm.FNegOp:
            return f"fneg {fastmath_str(p.get('fastmathFlags'))}{self.typed(ops[0])}"
        if kind is llvm.ICmpOp:
            pred = LA.ICMP_PREDICATES[op.prop("predicate", A.IntegerAttr).value]
            return f"icmp {pred} {self.typed(ops[0])}, {self.ref(ops[1])}"
        if kind is llvm.FCmpOp:
            pred = LA.FCMP_PREDICATES[op.prop("predicate", A.IntegerAttr).value].lstrip("_")
            return f"fcmp {fastmath_str(p.get('fastmathFlags'))}{pred} {self.typed(ops[0])}, {self.ref(ops[1])}"
        if kind in CASTS:
            flags = "nneg " if "nonNeg" in p else ""
            ov = p.get("overflowFlags")
            if isinstance(ov, A.IntegerAttr):
                if ov.value & LA.NUW:
                    flags += "nuw "
                if ov.value & LA.NSW:
                    flags += "nsw "
            return f"{name[5:]} {flags}{self.typed(ops[0])} to {self.types.type(op.results[0].type)}"
        handler = _HANDLERS.get(kind)
        if handler is not None:
            return handler(self, op)
        if isinstance(op, IntrinsicOp):
            return self.intrinsic(op, name[len("llvm.intr.") :])
        raise TranslationError(f"cannot translate op '{name}' to LLVM IR", op.loc)

    def select(self, op: Operation) -> str:
        c, a, b = op.operands
        return (
            f"select {fastmath_for(op.props.get('fastmathFlags'), a.type)}{self.typed(c)}, {self.typed(a)}, "
            f"{self.typed(b)}"
        )

    def freeze(self, op: Operation) -> str:
        return f"freeze {self.typed(op.operands[0])}"

    def alloca(self, op: Operation) -> str:
        p = op.props
        s = "alloca " + ("inalloca " if "inalloca" in p else "")
        s += f"{self.types.type(op.prop('elem_type', A.TypeAttr).value)}, {self.typed(op.operands[0])}"
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            s += f", align {al.value}"
        rt = op.results[0].type
        if isinstance(rt, LT.LLVMPointerType) and rt.address_space:
            s += f", addrspace({rt.address_space})"
        return s

    def _mem_suffix(self, op: Operation, atomic: bool) -> str:
        p = op.props
        s = ""
        if atomic:
            ss = p.get("syncscope")
            if isinstance(ss, A.StringAttr):
                s += f' syncscope("{ss.value}")'
            s += " " + LA.ATOMIC_ORDERINGS[op.prop("ordering", A.IntegerAttr).value]
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            s += f", align {al.value}"
        if "nontemporal" in p:
            s += f", !nontemporal {self.mt.md('!{i32 1}')}"
        if "invariant" in p:
            s += f", !invariant.load {self.mt.md('!{}')}"
        if "invariantGroup" in p:
            s += f", !invariant.group {self.mt.md('!{}')}"
        return s

    def load(self, op: Operation) -> str:
        p = op.props
        atomic = _ordering(op) != 0
        s = "load " + ("atomic " if atomic else "") + ("volatile " if "volatile_" in p else "")
        s += f"{self.types.type(op.results[0].type)}, {self.typed(op.operands[0])}"
        return s + self._mem_suffix(op, atomic)

    def store(self, op: Operation) -> str:
        p = op.props
        atomic = _ordering(op) != 0
        s = "store " + ("atomic " if atomic else "") + ("volatile " if "volatile_" in p else "")
        s += f"{self.typed(op.operands[0])}, {self.typed(op.operands[1])}"
        return s + self._mem_suffix(op, atomic)

    def gep(self, op: Operation) -> str:
        p = op.props
        dyn = iter(op.operands[1:])
        idx = []
        for c in op.prop("rawConstantIndices", A.DenseArrayAttr).values:
            if c == -(2**31):
                idx.append(self.typed(next(dyn)))
            else:
                idx.append(f"i32 {c}")
        flags = gep_flags(getattr(p.get("noWrapFlags"), "value", 0))
        et = self.types.type(op.prop("elem_type", A.TypeAttr).value)
        s = f"getelementptr {flags}{et}, {self.typed(op.operands[0])}"
        return s + "".join(", " + i for i in idx)

    def extractvalue(self, op: Operation) -> str:
        pos = ", ".join(str(i) for i in op.prop("position", A.DenseArrayAttr).values)
        return f"extractvalue {self.typed(op.operands[0])}, {pos}"

    def insertvalue(self, op: Operation) -> str:
        pos = ", ".join(str(i) for i in op.prop("position", A.DenseArrayAttr).values)
        return f"insertvalue {self.typed(op.operands[0])}, {self.typed(op.operands[1])}, {pos}"

    def extractelement(self, op: Operation) -> str:
        return f"extractelement {self.typed(op.operands[0])}, {self.typed(op.operands[1])}"

    def insertelement(self, op: Operation) -> str:
        v, e, i = op.operands
        return f"insertelement {self.typed(v)}, {self.typed(e)}, {self.typed(i)}"

    def shufflevector(self, op: Operation) -> str:
        mask = op.prop("mask", A.DenseArrayAttr).values
        rt = op.results[0].type
        if isinstance(rt, T.VectorType) and rt.scalable_dims and rt.scalable_dims[0]:
            m = f"<vscale x {len(mask)} x i32> zeroinitializer"
        else:
            m = f"<{len(mask)} x i32> <" + ", ".join("i32 poison" if v < 0 else f"i32 {v}" for v in mask) + ">"
        return f"shufflevector {self.typed(op.operands[0])}, {self.typed(op.operands[1])}, {m}"

    def atomicrmw(self, op: Operation) -> str:
        p = op.props
        bop = LA.ATOMIC_BIN_OPS[op.prop("bin_op", A.IntegerAttr).value].lstrip("_")
        s = "atomicrmw " + ("volatile " if "volatile_" in p else "") + bop + " "
        s += f"{self.typed(op.operands[0])}, {self.typed(op.operands[1])}"
        ss = p.get("syncscope")
        if isinstance(ss, A.StringAttr):
            s += f' syncscope("{ss.value}")'
        s += " " + LA.ATOMIC_ORDERINGS[op.prop("ordering", A.IntegerAttr).value]
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            s += f", align {al.value}"
        return s

    def cmpxchg(self, op: Operation) -> str:
        p = op.props
        s = "cmpxchg " + ("weak " if "weak" in p else "") + ("volatile " if "volatile_" in p else "")
        s += ", ".join(self.typed(v) for v in op.operands)
        ss = p.get("syncscope")
        if isinstance(ss, A.StringAttr):
            s += f' syncscope("{ss.value}")'
        success = op.prop("success_ordering", A.IntegerAttr).value
        failure = op.prop("failure_ordering", A.IntegerAttr).value
        s += f" {LA.ATOMIC_ORDERINGS[success]} {LA.ATOMIC_ORDERINGS[failure]}"
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            s += f", align {al.value}"
        return s

    def fence(self, op: Operation) -> str:
        p = op.props
        ss = p.get("syncscope")
        scope = f'syncscope("{ss.value}") ' if isinstance(ss, A.StringAttr) else ""
        return f"fence {scope}{LA.ATOMIC_ORDERINGS[op.prop('ordering', A.IntegerAttr).value]}"

    # -- terminators --------------------------------------------------------------
    def br(self, op: Operation) -> str:
        return f"br {self.dest(op, 0)}" + self.loop_hints(op)

    def cond_br(self, op: Operation) -> str:
        s = f"br {self.typed(op.operands[0])}, {self.dest(op, 0)}, {self.dest(op, 1)}"
        bw = op.opt_prop("branch_weights", A.DenseArrayAttr)
        if bw is not None and len(bw.values) == 2:
            s += ", !prof " + self.mt.md('!{!"branch_weights", ' + ", ".join(f"i32 {w}" for w in bw.values) + "}")
        return s + self.loop_hints(op)

    def loop_hints(self, op: Operation) -> str:
        """``, !llvm.loop !N`` for a latch branch's ``loop_annotation``."""
        ann = op.props.get("loop_annotation")
        if ann is None:
            return ""
        try:
            hints = LOOPS.metadata(LOOPS.parse(ann.text if isinstance(ann, A.OpaqueAttr) else str(ann)))
        except ValueError as e:
            raise TranslationError(f"cannot translate the loop annotation {ann}: {e}", op.loc) from None
        return f", !llvm.loop {self.mt.loop_md(hints)}" if hints else ""

    def switch(self, op: Operation) -> str:
        v = op.operands[0]
        s = f"switch {self.typed(v)}, {self.dest(op, 0)} ["
        vals = op.opt_prop("case_values", A.DenseElementsAttr)
        flat = vals.flat() if vals is not None else []
        vt = self.types.type(v.type)
        for k, c in enumerate(flat):
            s += f"\n    {vt} {int_literal(c, v.type)}, {self.dest(op, k + 1)}"
        return s + "\n  ]"

    def ret(self, op: Operation) -> str:
        if not op.operands:
            return "ret void"
        return f"ret {self.typed(op.operands[0])}"

    def unreachable(self, op: Operation) -> str:
        return "unreachable"

    def resume(self, op: Operation) -> str:
        return f"resume {self.typed(op.operands[0])}"

    # -- calls ----------------------------------------------------------------------
    def _call_args(self, args: Sequence[Value], arg_attrs) -> str:
        parts = []
        for i, a in enumerate(args):
            pa = param_attrs(arg_attrs[i], self.types) if arg_attrs is not None and i < len(arg_attrs) else ""
            parts.append(f"{self.types.type(a.type)} {pa + ' ' if pa else ''}{self.ref(a)}")
        return ", ".join(parts)

    def _callee_and_type(self, op: Operation, args: Sequence[Value]) -> tuple[str, str]:
        p = op.props
        callee = p.get("callee")
        rt = op.results[0].type if op.results else LT.VOID
        vct = p.get("var_callee_type")
        ty = self.types.type(vct.value) if isinstance(vct, A.TypeAttr) else self.types.type(rt)
        if isinstance(callee, A.SymbolRefAttr):
            return global_ref(callee.root), ty
        return self.ref(op.operands[0]), ty

    def _bundles(self, op: Operation, first: int) -> str:
        sizes = op.opt_prop("op_bundle_sizes", A.DenseArrayAttr)
        if sizes is None or not sizes.values:
            return ""
        tags = op.opt_prop("op_bundle_tags", A.ArrayAttr)
        vals = op.operands[first:]
        out, i = [], 0
        for k, n in enumerate(sizes.values):
            g = vals[i : i + n]
            i += n
            tag_attr = tags[k] if tags is not None and k < len(tags) else None
            tag = tag_attr.value if isinstance(tag_attr, A.StringAttr) else ""
            out.append(f'"{tag}"(' + ", ".join(self.typed(v) for v in g) + ")")
        return " [ " + ", ".join(out) + " ]"

    def call(self, op: Operation) -> str:
        p = op.props
        args = call_arguments(op)
        callee, ty = self._callee_and_type(op, args)
        tck = p.get("TailCallKind")
        kind = tck.value if isinstance(tck, LA.TailCallKindAttr) else "none"
        s = "" if kind == "none" else kind + " "
        rt = op.results[0].type if op.results else LT.VOID
        s += "call " + fastmath_for(p.get("fastmathFlags"), rt) + cconv(p.get("CConv"))
        res_attrs = op.opt_prop("res_attrs", A.ArrayAttr)
        ra = param_attrs(res_attrs[0], self.types) if res_attrs is not None and len(res_attrs) else ""
        if ra:
            s += ra + " "
        s += f"{ty} {callee}({self._call_args(args, p.get('arg_attrs'))})"
        fa = call_fn_attrs(p)
        if fa:
            s += " " + " ".join(fa)
        seg = _segments(op)
        return s + self._bundles(op, seg[0] if seg else len(op.operands))

    def invoke(self, op: Operation) -> str:
        p = op.props
        args = call_arguments(op)
        callee, ty = self._callee_and_type(op, args)
        s = "invoke " + cconv(p.get("CConv"))
        s += f"{ty} {callee}({self._call_args(args, p.get('arg_attrs'))})"
        segs = op.prop("operandSegmentSizes", A.DenseArrayAttr).values
        s += self._bundles(op, segs[0] + segs[1] + segs[2])
        return s + f"\n          to {self.dest(op, 0)} unwind {self.dest(op, 1)}"

    def landingpad(self, op: Operation) -> str:
        s = f"landingpad {self.types.type(op.results[0].type)}"
        if "cleanup" in op.props:
            s += "\n          cleanup"
        for v in op.operands:
            kind = "filter" if isinstance(v.type, LT.LLVMArrayType) else "catch"
            s += f"\n          {kind} {self.typed(v)}"
        return s

    def va_arg(self, op: Operation) -> str:
        return f"va_arg {self.typed(op.operands[0])}, {self.types.type(op.results[0].type)}"

    def inline_asm(self, op: Operation) -> str:
        p = op.props
        rt = op.results[0].type if op.results else LT.VOID
        flags = ""
        if "has_side_effects" in p:
            flags += "sideeffect "
        if "is_align_stack" in p:
            flags += "alignstack "
        d = p.get("asm_dialect")
        if isinstance(d, A.IntegerAttr) and d.value == 1:
            flags += "inteldialect "
        asm = escape_bytes(string_bytes(op.prop("asm_string", A.StringAttr).value))
        cons = escape_bytes(string_bytes(op.prop("constraints", A.StringAttr).value))
        args = ", ".join(self.typed(v) for v in op.operands)
        return f'call {self.types.type(rt)} asm {flags}"{asm}", "{cons}"({args})'

    def call_intrinsic(self, op: Operation) -> str:
        p = op.props
        n = op.prop("operandSegmentSizes", A.DenseArrayAttr).values[0]
        args = op.operands[:n]
        rt = op.results[0].type if op.results else LT.VOID
        name = op.prop("intrin", A.StringAttr).value
        s = (
            f"call {fastmath_for(p.get('fastmathFlags'), rt)}{self.types.type(rt)} {global_ref(name)}("
            f"{self._call_args(args, p.get('arg_attrs'))})"
        )
        return s + self._bundles(op, n)

    def intrinsic(self, op: Operation, mnemonic: str) -> str | None:
        if mnemonic in DROPPED:
            return None
        spec = SPECS.get(mnemonic)
        name, mangled = self.mt.intrinsic_name(mnemonic, op)
        p = op.props
        rt = op.results[0].type if op.results else LT.VOID
        args: list[str] = []
        arg_types: list[T.Type] = []
        if spec is None or spec.args is None:
            for v in op.operands if mnemonic != "assume" else op.operands[:1]:
                args.append(self.typed(v))
                arg_types.append(v.type)
        else:
            for a in spec.args:
                if a.startswith("$"):
                    idx, _, attr = a[1:].partition(" ")
                    optional = idx.endswith("?")
                    i = int(idx.rstrip("?"))
                    if i >= len(op.operands):
                        if not optional:
                            raise TranslationError(f"'{op.name}' lacks operand #{i}", op.loc)
                        t = rt
                        args.append(f"{self.types.type(t)} poison")
                        arg_types.append(t)
                        continue
                    v = op.operands[i]
                    extra = ""
                    if attr.startswith("align:"):
                        al = p.get(attr[6:])
                        if isinstance(al, A.IntegerAttr) and al.value:
                            extra = f"align {al.value} "
                    args.append(f"{self.types.type(v.type)} {extra}{self.ref(v)}")
                    arg_types.append(v.type)
                elif a.startswith("meta:"):
                    code = op.prop(a[5:], A.IntegerAttr).value
                    table = ROUNDING_METADATA if a[5:] == "roundingmode" else EXCEPTION_METADATA
                    args.append(f'metadata !"{table[code]}"')
                    arg_types.append(LT.METADATA)
                else:
                    pname, _, ty = a.partition(":")
                    if ty == "attr":
                        iattr = op.prop(pname, A.IntegerAttr)
                        t = iattr.type
                        args.append(f"{self.types.type(t)} {int_literal(iattr.value, t)}")
                    elif ty == "double":
                        t = T.f64
                        args.append(f"double {self.consts.constant(p[pname], t)}")
                    else:
                        t = T.IntegerType(int(ty[1:]))
                        args.append(f"{ty} {int_literal(op.prop(pname, A.IntegerAttr).value, t)}")
                    arg_types.append(t)
        if mangled:
            self.mt.declare_intrinsic(name, rt, arg_types)
        fmf = fastmath_for(p.get("fastmathFlags"), rt)
        s = f"call {fmf}{self.types.type(rt)} {global_ref(name)}({', '.join(args)})"
        if mnemonic == "assume":
            s += self._bundles(op, 1)
        return s


_HANDLERS: dict[OpClass, Callable[[FunctionTranslator, Operation], str]] = {
    llvm.SelectOp: FunctionTranslator.select,
    llvm.FreezeOp: FunctionTranslator.freeze,
    llvm.AllocaOp: FunctionTranslator.alloca,
    llvm.LoadOp: FunctionTranslator.load,
    llvm.StoreOp: FunctionTranslator.store,
    llvm.GEPOp: FunctionTranslator.gep,
    llvm.ExtractValueOp: FunctionTranslator.extractvalue,
    llvm.InsertValueOp: FunctionTranslator.insertvalue,
    llvm.ExtractElementOp: FunctionTranslator.extractelement,
    llvm.InsertElementOp: FunctionTranslator.insertelement,
    llvm.ShuffleVectorOp: FunctionTranslator.shufflevector,
    llvm.AtomicRMWOp: FunctionTranslator.atomicrmw,
    llvm.AtomicCmpXchgOp: FunctionTranslator.cmpxchg,
    llvm.FenceOp: FunctionTranslator.fence,
    llvm.BrOp: FunctionTranslator.br,
    llvm.CondBrOp: FunctionTranslator.cond_br,
    llvm.SwitchOp: FunctionTranslator.switch,
    llvm.ReturnOp: FunctionTranslator.ret,
    llvm.UnreachableOp: FunctionTranslator.unreachable,
    llvm.ResumeOp: FunctionTranslator.resume,
    llvm.CallOp: FunctionTranslator.call,
    llvm.InvokeOp: FunctionTranslator.invoke,
    llvm.LandingpadOp: FunctionTranslator.landingpad,
    llvm.VaArgOp: FunctionTranslator.va_arg,
    llvm.InlineAsmOp: FunctionTranslator.inline_asm,
    llvm.CallIntrinsicOp: FunctionTranslator.call_intrinsic,
}


def _produces_nothing(op: Operation) -> bool:
    """Ops with a result that emit no instruction."""
    return isinstance(op, IntrinsicOp) and op.name[len("llvm.intr.") :] in DROPPED


# -- attributes ----------------------------------------------------------------------------
