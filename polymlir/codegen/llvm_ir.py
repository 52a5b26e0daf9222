"""Translation of an llvm-dialect module to LLVM IR text.

``translate_to_llvm_ir(module)`` does what upstream ``mlir-translate
--mlir-to-llvmir`` does, and its output means the same (the differences are
cosmetic: upstream folds constant instructions, we keep them). The text is
accepted by LLVM 22's parser (llvmlite, ``opt-22``, ``llc-22``)::

    from polymlir.codegen.llvm_ir import translate_to_llvm_ir
    ll = translate_to_llvm_ir(polymlir.parse(text))

How the llvm dialect maps to LLVM IR:

* ``llvm.mlir.constant/undef/poison/zero/addressof`` are constants, spelled
  at each use (as upstream's IRBuilder does) rather than instructions.
* Block arguments become ``phi`` nodes; a terminator that reaches one block
  twice with arguments gets a forwarding block per extra edge (upstream's
  ``ensureDistinctSuccessors``).
* Values are numbered as LLVM numbers unnamed values: arguments, then the
  entry block, then each block label, phi and instruction in text order.
* Loads, stores and allocas without an ``alignment`` carry none in the text,
  so the parser gives them the alignment of the module's data layout, as
  upstream's IRBuilder does with its default layout.
* ``llvm.intr.*`` ops call intrinsics (``llvm_ir_intrinsics.py``).

Ops of other dialects raise a ``TranslationError`` that names them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects import builtin, llvm
from ..dialects.llvm import attrs as LA
from ..dialects.llvm import types as LT
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation, Value
from .llvm_ir_function import CASTS, CONSTANT_OPS, FunctionTranslator, gep_flags
from .llvm_ir_intrinsics import SPECS
from .llvm_ir_types import (
    ConstantSpeller,
    TranslationError,
    TypeNamer,
    escape_bytes,
    global_ref,
    llvm_name,
    mangle,
    string_bytes,
)

__all__ = ["translate_to_llvm_ir", "TranslationError", "unlowered_ops"]

# Module-level ops that emit nothing (the comdat selectors are gathered separately).
_MODULE_LEVEL_IGNORED = (llvm.ModuleFlagsOp, llvm.LinkerOptionsOp, llvm.IFuncOp, builtin.ModuleOp)


def translate_to_llvm_ir(module: Operation) -> str:
    """LLVM IR text of an llvm-dialect ``builtin.module``."""
    return _ModuleTranslator(module).translate()


def unlowered_ops(module: Operation) -> list[Operation]:
    """Ops of ``module`` that are not in the llvm dialect (one per name, in
    order of first appearance)."""
    seen: dict[str, Operation] = {}

    def visit(op: Operation) -> None:
        for r in op.regions:
            for b in r.blocks:
                for child in b.operations:
                    if isinstance(child, builtin.ModuleOp):
                        continue  # a nested module is a separate unit (e.g. an erased transform schedule)
                    if not child.name.startswith("llvm.") and child.name not in seen:
                        seen[child.name] = child
                    visit(child)

    visit(module)
    return list(seen.values())


class _ModuleTranslator:
    def __init__(self, module: Operation) -> None:
        self.module = module
        self.types = TypeNamer()
        self.consts = ConstantSpeller(self.types)
        self.intrinsic_decls: dict[str, str] = {}
        self.metadata: list[str] = ['!{i32 2, !"Debug Info Version", i32 3}']
        self._md_cache: dict[str, int] = {}

    # -- metadata ------------------------------------------------------------
    def md(self, body: str) -> str:
        """``!N`` for the metadata node ``body`` (uniqued)."""
        n = self._md_cache.get(body)
        if n is None:
            n = len(self.metadata)
            self.metadata.append(body)
            self._md_cache[body] = n
        return f"!{n}"

    def loop_md(self, hints: list[str]) -> str:
        """``!N`` for a new loop's ``distinct !{!N, ...}``: its own identity
        first, then one node per hint (``!"llvm.loop.vectorize.enable", i1 false``)."""
        n = len(self.metadata)
        self.metadata.append("")  # reserved: the node refers to itself
        refs = [self.md("!{" + h + "}") for h in hints]
        self.metadata[n] = "distinct !{" + ", ".join([f"!{n}", *refs]) + "}"
        return f"!{n}"

    # -- the module ------------------------------------------------------------
    def translate(self) -> str:
        bad = unlowered_ops(self.module)
        if bad:
            names = ", ".join(f"'{op.name}'" for op in bad)
            raise TranslationError(
                f"cannot translate to LLVM IR: the module still contains non-LLVM ops: {names}", bad[0].loc
            )
        body = self.module.regions[0].blocks[0].operations if self.module.regions[0].blocks else []
        head = ["; ModuleID = 'LLVMDialectModule'", 'source_filename = "LLVMDialectModule"']
        attrs = self.module.attributes
        dl = attrs.get("llvm.data_layout")
        if isinstance(dl, A.StringAttr) and dl.value:
            head.append(f'target datalayout = "{dl.value}"')
        tt = attrs.get("llvm.target_triple")
        if isinstance(tt, A.StringAttr) and tt.value:
            head.append(f'target triple = "{tt.value}"')
        comdats: list[str] = []
        globals_: list[str] = []
        funcs: list[str] = []
        for op in body:
            if isinstance(op, llvm.LLVMFuncOp):
                funcs.append(FunctionTranslator(self, op).translate())
            elif isinstance(op, llvm.GlobalOp):
                globals_.append(self.global_(op))
            elif isinstance(op, (llvm.GlobalCtorsOp, llvm.GlobalDtorsOp)):
                globals_.append(self.xtors(op))
            elif isinstance(op, llvm.AliasOp):
                globals_.append(self.alias(op))
            elif isinstance(op, llvm.ComdatOp):
                for b in op.regions[0].blocks:
                    for sel in b.operations:
                        kind = LA.COMDAT_SELECTORS.get(sel.prop("comdat", A.IntegerAttr).value, "any")
                        comdats.append(f"${llvm_name(sel.prop('sym_name', A.StringAttr).value)} = comdat {kind}")
            elif isinstance(op, _MODULE_LEVEL_IGNORED) or type(op) in CONSTANT_OPS:
                continue
            else:
                raise TranslationError(f"cannot translate module-level op '{op.name}' to LLVM IR", op.loc)
        out = head[:]
        defs = self.types.definitions()
        for section in (defs, comdats, globals_):
            if section:
                out.append("")
                out.extend(section)
        for f in funcs:
            out.append("")
            out.append(f)
        for d in self.intrinsic_decls.values():
            out.append("")
            out.append(d)
        out.append("")
        out.append("!llvm.module.flags = !{!0}")
        out.append("")
        out.extend(f"!{i} = {b}" for i, b in enumerate(self.metadata))
        return "\n".join(out) + "\n"

    # -- globals ------------------------------------------------------------------
    def global_(self, op: Operation) -> str:
        p = op.props
        t = op.prop("global_type", A.TypeAttr).value
        linkage = getattr(p.get("linkage"), "value", "external")
        parts = [global_ref(op.prop("sym_name", A.StringAttr).value), "="]
        value = p.get("value")
        region = op.regions[0] if op.regions and op.regions[0].blocks else None
        init: str | None
        if value is not None:
            init = self.consts.constant(value, t)
        elif region is not None:
            init = _ConstExprBuilder(self).initializer(region)
        elif linkage in ("external", "extern_weak"):
            init = None
        elif linkage == "common":
            init = "zeroinitializer"
        else:
            init = "undef"
        if linkage != "external" or init is None:
            parts.append(linkage)
        if "dso_local" in p:
            parts.append("dso_local")
        vis_attr = op.opt_prop("visibility_", A.IntegerAttr)
        vis = LA.VISIBILITY.get(vis_attr.value if vis_attr is not None else 0, "")
        if vis:
            parts.append(vis)
        if "thread_local_" in p:
            parts.append("thread_local")
        ua = p.get("unnamed_addr")
        if isinstance(ua, A.IntegerAttr) and LA.UNNAMED_ADDR.get(ua.value):
            parts.append(LA.UNNAMED_ADDR[ua.value])
        aspace = p.get("addr_space")
        if isinstance(aspace, A.IntegerAttr) and aspace.value:
            parts.append(f"addrspace({aspace.value})")
        if "externally_initialized" in p:
            parts.append("externally_initialized")
        parts.append("constant" if "constant" in p else "global")
        parts.append(self.types.type(t))
        if init is not None:
            parts.append(init)
        s = " ".join(parts)
        sec = p.get("section")
        if isinstance(sec, A.StringAttr):
            s += f', section "{escape_bytes(string_bytes(sec.value))}"'
        c = p.get("comdat")
        if isinstance(c, A.SymbolRefAttr):
            s += f", comdat(${llvm_name(c.leaf)})"
        al = p.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value:
            s += f", align {al.value}"
        return s

    def xtors(self, op: Operation) -> str:
        kind = "ctors" if op.name.endswith("ctors") else "dtors"
        refs, prios, data = op.prop(kind, A.ArrayAttr), op.prop("priorities", A.ArrayAttr), op.prop("data", A.ArrayAttr)
        elems = []
        for r, pr, d in zip(refs, prios, data, strict=True):
            dv = global_ref(d.root) if isinstance(d, A.SymbolRefAttr) else "null"
            assert isinstance(pr, A.IntegerAttr) and isinstance(r, A.SymbolRefAttr), (pr, r)
            elems.append(f"{{ i32, ptr, ptr }} {{ i32 {pr.value}, ptr {global_ref(r.root)}, ptr {dv} }}")
        return f"@llvm.global_{kind} = appending global [{len(elems)} x {{ i32, ptr, ptr }}] [{', '.join(elems)}]"

    def alias(self, op: Operation) -> str:
        p = op.props
        alias_type = op.opt_prop("alias_type", A.TypeAttr)
        t = alias_type.value if alias_type is not None else LT.PTR
        init = _ConstExprBuilder(self).initializer(op.regions[0])
        linkage = getattr(p.get("linkage"), "value", "external")
        lk = "" if linkage == "external" else linkage + " "
        return f"{global_ref(op.prop('sym_name', A.StringAttr).value)} = {lk}alias {self.types.type(t)}, {init}"

    # -- intrinsics ---------------------------------------------------------------
    def intrinsic_name(self, mnemonic: str, op: Operation) -> tuple[str, bool]:
        """(LLVM name, fully mangled?) of intrinsic ``llvm.intr.<mnemonic>``."""
        spec = SPECS.get(mnemonic)
        if spec is None:
            return "llvm." + mnemonic, False
        name = "llvm." + spec.name
        for o in spec.overloads:
            if o == "r":
                t = op.results[0].type
            elif isinstance(o, str) and o.startswith("r."):
                t = T.of_kind(op.results[0].type, LT.LLVMStructType).fields[int(o[2:])]
            elif isinstance(o, str) and o.startswith("p:"):
                t = op.prop(o[2:], A.IntegerAttr).type  # an integer property (the length)
            else:
                t = op.operands[o].type
            name += "." + mangle(t)
        return name, True

    def declare_intrinsic(self, name: str, ret: T.Type, params: Sequence[T.Type]) -> None:
        if name not in self.intrinsic_decls:
            ps = ", ".join(self.types.type(p) for p in params)
            self.intrinsic_decls[name] = f"declare {self.types.type(ret)} {global_ref(name)}({ps})"


# -- constant expressions (global initializers) ----------------------------------------


class _ConstExprBuilder:
    """Evaluates an initializer region to one LLVM constant.

    Aggregates under construction are lists of typed element constants,
    so ``insertvalue`` chains fold into a literal."""

    def __init__(self, mt: _ModuleTranslator) -> None:
        self.mt = mt
        self.types = mt.types
        # A constant's text, or an aggregate under construction: a list of
        # such values, one per element.
        self.values: dict[Value, str | list] = {}

    def initializer(self, region) -> str:
        block = region.blocks[0]
        for op in block.operations:
            if isinstance(op, llvm.ReturnOp):
                v = op.operands[0]
                return self.text(self.values[v], v.type)
            self.values[op.results[0]] = self.eval(op)
        raise TranslationError("global initializer region has no llvm.return", region.parent.loc)

    def text(self, v, t: T.Type) -> str:
        if isinstance(v, list):
            if isinstance(t, LT.LLVMStructType):
                body = "{ " + ", ".join(self.typed(x, ft) for x, ft in zip(v, t.fields, strict=True)) + " }"
                return f"<{body}>" if t.packed else body
            et = _field(t, 0)
            inner = ", ".join(self.typed(x, et) for x in v)
            return f"<{inner}>" if isinstance(t, T.VectorType) else f"[{inner}]"
        return v

    def typed(self, v, t: T.Type) -> str:
        return f"{self.types.type(t)} {self.text(v, t)}"

    def _expand(self, base: str, t: T.Type) -> list:
        if isinstance(t, LT.LLVMStructType):
            return [self._fill(base, f) for f in t.fields]
        n = t.num_elements if isinstance(t, LT.LLVMArrayType) else T.of_kind(t, T.VectorType).shape[0]
        return [self._fill(base, _field(t, 0)) for _ in range(n)]

    def _fill(self, base: str, t: T.Type) -> str:
        if base == "zeroinitializer":
            return self.mt.consts.zero(t)
        return base

    def eval(self, op: Operation):
        name = op.name
        ops = op.operands
        if isinstance(op, llvm.ConstantOp):
            return self.mt.consts.constant(op.props["value"], op.results[0].type)
        if isinstance(op, (llvm.UndefOp, llvm.PoisonOp)):
            return name.rsplit(".", 1)[1]
        if isinstance(op, llvm.ZeroOp):
            return self.mt.consts.zero(op.results[0].type)
        if isinstance(op, llvm.AddressOfOp):
            return global_ref(op.prop("global_name", A.SymbolRefAttr).root)
        if isinstance(op, (llvm.InsertValueOp, llvm.ExtractValueOp)):
            agg = self.values[ops[0]]
            t = ops[0].type
            pos = list(op.prop("position", A.DenseArrayAttr).values)
            if isinstance(op, llvm.ExtractValueOp):
                cur, ct = agg, t
                for i in pos:
                    if not isinstance(cur, list):
                        cur = self._expand(cur, ct)
                    cur, ct = cur[i], _field(ct, i)
                return cur
            root = agg if isinstance(agg, list) else self._expand(agg, t)
            root = _copy(root)
            cur, ct = root, t
            for i in pos[:-1]:
                if not isinstance(cur[i], list):
                    cur[i] = self._expand(cur[i], _field(ct, i))
                cur, ct = cur[i], _field(ct, i)
            cur[pos[-1]] = self.values[ops[1]]
            return root
        if isinstance(op, llvm.GEPOp):
            p = op.props
            dyn = iter(ops[1:])
            idx = []
            for c in op.prop("rawConstantIndices", A.DenseArrayAttr).values:
                if c == -(2**31):
                    v = next(dyn)
                    idx.append(self.typed(self.values[v], v.type))
                else:
                    idx.append(f"i32 {c}")
            flags = gep_flags(getattr(p.get("noWrapFlags"), "value", 0))
            return (
                f"getelementptr {flags}({self.types.type(op.prop('elem_type', A.TypeAttr).value)}, "
                f"{self.typed(self.values[ops[0]], ops[0].type)}, {', '.join(idx)})"
            )
        if type(op) in CASTS:
            v = ops[0]
            return f"{name[5:]} ({self.typed(self.values[v], v.type)} to {self.types.type(op.results[0].type)})"
        if isinstance(op, (llvm.AddOp, llvm.SubOp, llvm.XOrOp)):
            a, b = ops
            return f"{name[5:]} ({self.typed(self.values[a], a.type)}, {self.typed(self.values[b], b.type)})"
        if isinstance(op, llvm.InsertElementOp):
            vec = self.values[ops[0]]
            t = ops[0].type
            root = _copy(vec) if isinstance(vec, list) else self._expand(vec, t)
            index = self.values[ops[2]]
            root[int(str(index))] = self.values[ops[1]]
            return root
        raise TranslationError(f"cannot fold '{name}' into a global initializer", op.loc)


def _copy(v):
    return [_copy(x) for x in v] if isinstance(v, list) else v


def _field(t: T.Type, i: int) -> T.Type:
    if isinstance(t, LT.LLVMStructType):
        return t.fields[i]
    if isinstance(t, (LT.LLVMArrayType, T.VectorType)):
        return t.element_type
    raise TypeError(f"'{t}' has no elements")
