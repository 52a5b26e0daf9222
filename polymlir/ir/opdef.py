"""The base class of registered ops (the registry is ``polymlir.ir.registry``).

A registered op is a subclass of `OpDef` with ``OP_NAME``, ``traits`` and,
optionally, declarative fields (see ``polymlir.ir.fields``), a
``verify_`` hook, and a custom assembly (``parse``/``print_custom`` or an
``assembly_format`` handled by ``polymlir.ir.asm_format``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol

from .asm_format import compile_format
from .core import Operation, Region
from .fields import OPTIONAL, SINGLE, VARIADIC, Field, FieldView, field_view
from .traits import GRAPH_REGION, HAS_PARENT, SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS, Trait, check_traits

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self  # typing.Self is Python 3.11+

    from ..parser.parser import OpState, Parser
    from ..printer import AsmPrinter


class AssemblyFormat(Protocol):
    """A compiled ``assembly_format`` (``polymlir.ir.asm_format``)."""

    in_format: set[str]  # the properties the format spells (attr-dict leaves them out)

    def parse(self, p: Parser, state: OpState) -> None: ...

    def print(self, op: OpDef, p: AsmPrinter) -> None: ...

    def can_print(self, op: OpDef) -> bool: ...


_SEG_NAMES = {"operand": "operandSegmentSizes", "result": "resultSegmentSizes"}


_OWN_FIELDS: dict[type, list] = {}


def _own_fields(klass: type) -> list:
    """The fields ``klass`` itself declares, as (name, field), remembered:
    every op class would otherwise rescan the dicts of all its bases
    (Operation's and object's included) at import time."""
    own = _OWN_FIELDS.get(klass)
    if own is None:
        own = _OWN_FIELDS[klass] = [(n, v) for n, v in vars(klass).items() if isinstance(v, Field)]
    return own


def _all_same(ts: list) -> bool:
    """Whether every type of ``ts`` equals the first (identity first: parsed
    types are mostly shared objects)."""
    t0 = ts[0]
    for t in ts:
        if t is not t0 and t != t0:
            return False
    return True


def _op_members() -> frozenset[str]:
    return frozenset(n for klass in (Operation, OpDef) for n in vars(klass) if not n.startswith("__"))


class OpDef(Operation):
    """Base class of registered ops (see ``polymlir.ir.fields``)."""

    __slots__ = ()
    registered: ClassVar[bool] = True
    OP_NAME: ClassVar[str] = ""
    traits: ClassVar[frozenset[Trait]] = frozenset()
    # Dialect whose prefix may be dropped for ops nested in this op's regions.
    default_dialect: ClassVar[str] = ""
    # Names of the inherent attributes (properties), computed from the fields.
    PROPERTIES: ClassVar[tuple[str, ...]] = ()
    assembly_format: ClassVar[str | None] = None
    # The name upstream prints the (first) result with, e.g. "alloc" for
    # `%alloc = memref.alloc()`; see asm_result_names.
    asm_result_name: ClassVar[str | None] = None
    _format: ClassVar[AssemblyFormat | None] = None
    _populated_defaults: ClassVar[tuple] = ()
    _property_set: ClassVar[frozenset[str]] = frozenset()  # PROPERTIES as a set
    _fields: ClassVar[dict[str, list]] = {}
    _nvar: ClassVar[dict[str, int]] = {"operand": 0, "result": 0}
    _var_index: ClassVar[dict[str, int]] = {"operand": -1, "result": -1}
    _typed: ClassVar[dict[str, bool]] = {"operand": False, "result": False}
    _vplan: ClassVar[tuple]  # the class's own verification plan, once worked out
    # The op names of the class's HasParent trait (None: it has none).
    _parent_names: ClassVar[tuple[str, ...] | None] = None
    _field_view: ClassVar[type[FieldView]] = FieldView

    @property
    def f(self) -> FieldView:
        """This op's fields by their MLIR names: ``op.f.result``,
        ``op.f.operands``, ``op.f["in"]`` (see ``polymlir.ir.fields``)."""
        return self._field_view(self)

    @classmethod
    def _finalize(cls) -> None:
        check_traits(cls.__name__, cls.traits)
        cls._parent_names = next((t.params for t in cls.traits if t.name == HAS_PARENT), None)
        fields: dict[str, Field] = {}
        for klass in reversed(cls.__mro__):
            for name, v in _own_fields(klass):
                fields.pop(name, None)
                fields[name] = v
        groups: dict[str, list] = {"operand": [], "result": [], "prop": [], "region": [], "successor": []}
        for f in fields.values():
            f.index = len(groups[f.group])
            groups[f.group].append(f)
        cls._fields = groups
        cls._field_view = field_view(cls, list(fields.values()))
        # A field named like a member of Operation/OpDef (`operands`,
        # `results`, `name` ...) would hide it: it stays reachable through
        # `op.f` only.
        for name in [n for n, v in vars(cls).items() if isinstance(v, Field) and n in _OP_MEMBERS]:
            delattr(cls, name)
        cls._nvar = {
            g: sum(1 for f in fs if f.kind != SINGLE) for g, fs in groups.items() if g in ("operand", "result")
        }
        # Index of the first non-single operand/result field (-1: none).
        cls._var_index = {g: next((f.index for f in groups[g] if f.kind != SINGLE), -1) for g in ("operand", "result")}
        # Whether any operand/result field has a constraint worth checking.
        cls._typed = {g: any(f.constraint.description != "any type" for f in groups[g]) for g in ("operand", "result")}
        props = [p.attr_name for p in groups["prop"]]
        for g, seg in (("operand", "operandSegmentSizes"), ("result", "resultSegmentSizes")):
            if sum(1 for f in groups[g] if f.kind != SINGLE) > 1:
                props.append(seg)
        cls.PROPERTIES = tuple(dict.fromkeys(props + list(cls.PROPERTIES)))
        cls._property_set = frozenset(cls.PROPERTIES)
        cls._populated_defaults = tuple(
            (p.attr_name, p.default) for p in groups["prop"] if getattr(p, "populate", False)
        )
        # Whether the printer asks this class for result / block argument
        # names (worked out once: most ops have none).
        cls._asm_names = cls.asm_result_name is not None or cls.asm_result_names is not OpDef.asm_result_names
        cls._asm_arg_names = cls.asm_block_arg_names is not OpDef.asm_block_arg_names
        if cls.assembly_format is not None:
            cls._format = compile_format(cls, cls.assembly_format)

    @classmethod
    def create(cls, name: str | None = None, **kw) -> Self:
        op = cls.__new__(cls)  # Operation.create's path for op classes, inlined
        Operation.__init__(op, cls.OP_NAME, **kw)
        if cls._populated_defaults and isinstance(op.properties, dict):
            for k, v in cls._populated_defaults:
                op.properties.setdefault(k, v)
        return op

    @classmethod
    def property_names(cls) -> frozenset[str]:
        return cls._property_set

    @classmethod
    def uses_segments(cls, group: str) -> bool:
        return ("operandSegmentSizes" if group == "operand" else "resultSegmentSizes") in cls.PROPERTIES

    @classmethod
    def _verify_plan(cls) -> tuple:
        """What ``verify_declared`` checks for this class, worked out once
        (on first use: the class and its fields are complete by then):
        per operand/result group to check (group, noun, defs, number of
        single fields, number of variadic ones, segment attribute name or
        None, whether a constraint is worth checking), the properties, and
        the region and successor count rules (None: not checked)."""
        plan = cls.__dict__.get("_vplan")
        if plan is not None:
            return plan
        f = cls._fields
        groups = []
        for group, noun in (("operand", "operands"), ("result", "results")):
            defs = f.get(group, [])
            uses_seg = cls.uses_segments(group)
            if not defs and not uses_seg:
                continue
            nsingle = sum(1 for d in defs if d.kind == SINGLE)
            seg_name = ("operandSegmentSizes" if group == "operand" else "resultSegmentSizes") if uses_seg else None
            groups.append((group, noun, defs, nsingle, len(defs) - nsingle, seg_name, cls._typed[group]))
        props = tuple((d.attr_name, d.optional, d.constraint) for d in f.get("prop", []))
        counts: list[tuple[int, bool] | None] = []
        for group in ("region", "successor"):
            defs = f.get(group, [])
            if defs or cls._format is not None:
                counts.append((sum(1 for d in defs if d.kind == SINGLE), any(d.kind == VARIADIC for d in defs)))
            else:
                counts.append(None)
        plan = (tuple(groups), props, counts[0], counts[1])
        cls._vplan = plan
        return plan

    def segment_sizes(self, group: str) -> list[int]:
        """Number of operands/results each field of ``group`` holds."""
        defs = self._fields[group]
        nvar = self._nvar[group]
        if not nvar:
            return [1] * len(defs)
        props = self.properties
        seg = props.get(_SEG_NAMES[group]) if isinstance(props, dict) else None
        seg_values: Sequence[int] = getattr(seg, "values", ())
        if seg is not None and len(seg_values) == len(defs):
            return list(seg_values)
        total = len(self._operands) if group == "operand" else len(self.results)
        rest = max(total - (len(defs) - nvar), 0)
        return [1 if d.kind == SINGLE else (rest if nvar == 1 else 0) for d in defs]

    def _segment(self, group: str, index: int) -> tuple[int, int]:
        """(start, length) of field ``index`` of ``group`` in this op."""
        nvar = self._nvar[group]
        if not nvar:
            return index, 1
        if nvar == 1:
            # One variadic field and no (usable) segment sizes: it takes what
            # the single fields leave (segment_sizes, without the list).
            defs = self._fields[group]
            props = self.properties
            seg = props.get(_SEG_NAMES[group]) if isinstance(props, dict) else None
            if seg is None or len(getattr(seg, "values", ())) != len(defs):
                vi = self._var_index[group]
                if index < vi:
                    return index, 1
                total = len(self._operands) if group == "operand" else len(self.results)
                rest = max(total - (len(defs) - 1), 0)
                return (index, rest) if index == vi else (index - 1 + rest, 1)
        sizes = self.segment_sizes(group)
        return sum(sizes[:index]), sizes[index] if index < len(sizes) else 0

    # -- custom assembly -----------------------------------------------------
    @classmethod
    def has_custom_form(cls) -> bool:
        parse = next(k.__dict__["parse"] for k in cls.__mro__ if "parse" in k.__dict__)  # as attribute lookup finds it
        return cls._format is not None or parse is not OpDef.__dict__["parse"]

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        """Parse the custom form after the op name into ``state``."""
        if cls._format is None:
            p.error(f"custom op '{cls.OP_NAME}' has no custom assembly format")
        cls._format.parse(p, state)

    def print_custom(self, p: AsmPrinter) -> None:
        """Print the custom form after the op name."""
        assert self._format is not None, f"'{self.name}' has no assembly format"
        self._format.print(self, p)

    def print_custom_ok(self) -> bool:
        """Whether the custom printer can print this instance faithfully."""
        if type(self).print_custom is OpDef.print_custom:
            return self._format is not None and self._format.can_print(self)
        return True

    # -- names in the custom form (upstream's OpAsmOpInterface) ---------------
    def asm_result_names(self) -> Sequence[str | None] | None:
        """The names the printer gives this op's results, as upstream's
        ``getAsmResultNames``: one entry per result, a string starting a
        result group (``"alloc"``; ``""`` for a numbered group) and None
        continuing the previous group (``["base_buffer", "offset", "sizes",
        None]`` prints ``%base_buffer, %offset, %sizes:2``); a shorter
        sequence leaves the rest to the last group. None: the results are
        numbered (``%0``, ``%0:2``). By default the class's
        ``asm_result_name`` names the first result (and group)."""
        n = self.asm_result_name
        return None if n is None else (n,)

    def asm_block_arg_names(self, region: Region) -> Sequence[str | None] | None:
        """Names of the entry block arguments of ``region``, one of this op's
        regions, as upstream's ``getAsmBlockArgumentNames`` (``%in``,
        ``%out`` in linalg.generic); None: ``%arg<N>``."""
        return None

    # -- verification --------------------------------------------------------
    def op_error(self, message: str):
        """A located ``'name' op message`` error (the caller raises it)."""
        return self.emit_error(f"'{self.name}' op {message}")

    def verify_declared(self) -> None:
        """Checks implied by the declared fields and traits."""
        groups, props_plan, region_rule, successor_rule = self._verify_plan()
        for group, noun, defs, nsingle, nvar, seg_name, typed in groups:
            values = self._operands if group == "operand" else self.results
            count = len(values)
            if nvar == 0 and count != nsingle:
                if nsingle <= 1:  # upstream's ZeroOperands/OneOperand/ZeroResults/OneResult traits
                    raise self.op_error(
                        {
                            ("operands", 0): "requires zero operands",
                            ("operands", 1): "requires a single operand",
                            ("results", 0): "requires zero results",
                            ("results", 1): "requires one result",
                        }[(noun, nsingle)]
                    )
                raise self.op_error(f"expected {nsingle} {noun}, but found {count}")
            if nvar and count < nsingle:
                raise self.op_error(f"expected {nsingle} or more {noun}, but found {count}")
            if seg_name is not None:
                seg = self.properties.get(seg_name) if isinstance(self.properties, dict) else None
                if seg is None:
                    raise self.op_error(f"requires attribute '{seg_name}'")
                vals = getattr(seg, "values", ())
                if len(vals) != len(defs):
                    raise self.op_error(
                        f"'{seg_name}' attribute for specifying {group} segments must have "
                        f"{len(defs)} elements, but got {len(vals)}"
                    )
                if sum(vals) != count:
                    raise self.op_error(
                        f"{group} count ({count}) does not match with the total size "
                        f"({sum(vals)}) specified in attribute '{seg_name}'"
                    )
                for d, n in zip(defs, vals, strict=True):
                    if d.kind == SINGLE and n != 1 or d.kind == OPTIONAL and n > 1:
                        raise self.op_error(
                            f"{group} group starting at #{sum(vals[: d.index])} requires "
                            f"{'1 element' if d.kind == SINGLE else '0 or 1 elements'}, but found {n}"
                        )
            if not typed:
                continue
            typed_values = [o.value for o in self._operands] if group == "operand" else self.results
            if nvar == 0:  # one value per field (the count was checked above)
                for i, d in enumerate(defs):
                    v = typed_values[i]
                    if not d.constraint(v.type):
                        raise self.op_error(f"{group} #{i} must be {d.constraint.description}, but got '{v.type}'")
                continue
            sizes = self.segment_sizes(group)
            start = 0
            for d, n in zip(defs, sizes, strict=True):
                first, start = start, start + n
                for i in range(first, first + n):
                    v = typed_values[i]
                    if not d.constraint(v.type):
                        raise self.op_error(f"{group} #{i} must be {d.constraint.description}, but got '{v.type}'")
        if props_plan:
            props = self.properties if isinstance(self.properties, dict) else {}
            for name, optional, constraint in props_plan:
                attr = props.get(name)
                if attr is None:
                    if not optional:
                        raise self.op_error(f"requires attribute '{name}'")
                    continue
                if not constraint(attr):
                    raise self.op_error(f"attribute '{name}' failed to satisfy constraint: {constraint.description}")
        if region_rule is not None:
            nfixed, has_var = region_rule
            n = len(self.regions)
            if (not has_var and n != nfixed) or (has_var and n < nfixed):
                # Upstream's ZeroRegions/OneRegion/NRegions/AtLeastNRegions wording.
                if has_var:
                    raise self.op_error(f"expected {nfixed} or more regions")
                if nfixed <= 1:
                    raise self.op_error(f"requires {'one' if nfixed else 'zero'} region{'s' if not nfixed else ''}")
                raise self.op_error(f"expected {nfixed} regions")
        if successor_rule is not None:
            nfixed, has_var = successor_rule
            n = len(self.successors)
            if (not has_var and n != nfixed) or (has_var and n < nfixed):
                raise self.op_error(f"requires {nfixed} successor{'s' if nfixed != 1 else ''} but found {n}")
        self._verify_traits()

    def _verify_traits(self) -> None:
        tr = self.traits
        if SAME_OPERANDS_AND_RESULT_TYPE in tr:
            ts = [o.value.type for o in self._operands] + [r.type for r in self.results]
            if ts and not _all_same(ts):
                raise self.op_error("requires the same type for all operands and results")
        if SAME_TYPE_OPERANDS in tr:
            ts = [o.value.type for o in self._operands]
            if ts and not _all_same(ts):
                raise self.op_error("requires all operands to have the same type")
        names = self._parent_names
        if names is not None:
            parent = self.parent_op
            if parent is None or parent.name not in names:
                if len(names) == 1:
                    raise self.op_error(f"expects parent op '{names[0]}'")
                raise self.op_error(f"expects parent op to be one of '{', '.join(names)}'")

    def verify_(self) -> None:
        """Op-specific checks; raise ``self.op_error(...)`` on failure."""

    def verify_regions_(self) -> None:
        """Checks of the op's regions, run after the nested ops are verified
        (upstream's ``verifyRegions`` and region traits)."""

    def region_kind_is_graph(self, index: int) -> bool:
        return GRAPH_REGION in self.traits


# The names a field may not take as an attribute of its op (see _finalize).
_OP_MEMBERS = _op_members()
