"""The op registry and the base class of registered ops.

A registered op is a subclass of `OpDef` with ``OP_NAME``, ``traits`` and,
optionally, declarative fields (see ``polymlir.ir.fields``), a
``verify_`` hook, and a custom assembly (``parse``/``print_custom`` or an
``assembly_format`` handled by ``polymlir.ir.asm_format``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .core import Operation

if TYPE_CHECKING:  # pragma: no cover
    from ..parser.parser import OpState, Parser
    from ..printer import AsmPrinter

_OPS: dict[str, type["OpDef"]] = {}
_DIALECTS: dict[str, str] = {}  # namespace -> default dialect for nested ops


def register_op(cls: type["OpDef"]) -> type["OpDef"]:
    """Class decorator: make ``cls`` the definition of ``cls.OP_NAME``."""
    _OPS[cls.OP_NAME] = cls
    _DIALECTS.setdefault(cls.OP_NAME.split(".", 1)[0], "")
    if hasattr(cls, "_finalize"):
        cls._finalize()
    return cls


def register_dialect(namespace: str) -> None:
    _DIALECTS.setdefault(namespace, "")


def lookup_op(name: str) -> type["OpDef"] | None:
    return _OPS.get(name)


def is_registered_dialect(namespace: str) -> bool:
    _ensure_dialects_loaded()
    return namespace in _DIALECTS


def registered_ops() -> dict[str, type["OpDef"]]:
    _ensure_dialects_loaded()
    return dict(_OPS)


_LOADED = False


def _ensure_dialects_loaded() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from .. import dialects  # noqa: F401  (registers every dialect)


# Trait names (strings keep them cheap to test and easy to declare).
ISOLATED_FROM_ABOVE = "IsolatedFromAbove"
TERMINATOR = "IsTerminator"
NO_TERMINATOR = "NoTerminator"
SINGLE_BLOCK = "SingleBlock"
SYMBOL_TABLE = "SymbolTable"
SYMBOL = "Symbol"
GRAPH_REGION = "GraphRegion"  # RegionKindInterface: regions are graph regions
AFFINE_SCOPE = "AffineScope"
PURE = "Pure"


class OpDef(Operation):
    """Base class of registered ops."""

    __slots__ = ()
    registered: ClassVar[bool] = True
    OP_NAME: ClassVar[str] = ""
    traits: ClassVar[frozenset[str]] = frozenset()
    # Dialect whose prefix may be dropped for ops nested in this op's regions.
    default_dialect: ClassVar[str] = ""
    # Property names: attributes that are inherent to the op.
    PROPERTIES: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def property_names(cls) -> frozenset[str]:
        return frozenset(cls.PROPERTIES)

    # -- custom assembly -----------------------------------------------------
    @classmethod
    def has_custom_form(cls) -> bool:
        return cls.parse is not OpDef.parse

    @classmethod
    def parse(cls, p: "Parser", state: "OpState") -> None:
        """Parse the custom form after the op name into ``state``."""
        p.error(f"custom op '{cls.OP_NAME}' has no custom assembly format")

    def print_custom(self, p: "AsmPrinter") -> None:
        """Print the custom form after the op name (default: generic)."""
        raise NotImplementedError

    def print_custom_ok(self) -> bool:
        """Whether the custom printer can print this instance faithfully."""
        return type(self).print_custom is not OpDef.print_custom

    # -- verification --------------------------------------------------------
    def verify_(self) -> None:
        """Op-specific checks; raise ``self.emit_error(...)`` on failure."""

    def region_kind_is_graph(self, index: int) -> bool:
        return GRAPH_REGION in self.traits
