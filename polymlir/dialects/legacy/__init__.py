"""Legacy (2019-2020) spellings of the seed documents, read as today's ops.

Modules: ``ops`` (the legacy op base, ``func @f``, the standard dialect,
``loop.for``, the affine document's bare ``for``/``if``), ``linalg`` (2020
linalg syntax) and ``llvm`` (legacy LLVM dialect types and op forms).
Every public name is importable from this package.
"""

from .linalg import LegacyGeneric
from .llvm import LegacyLoad, LegacyStore, LegacyTypeError, parse_llvm_ir_type
from .ops import (
    LEGACY_RENAMES,
    LegacyCmp,
    LegacyCmpF,
    LegacyCmpI,
    LegacyDim,
    LegacyFunc,
    LegacyOp,
    LegacyTensorLoad,
    LegacyTensorStore,
    add_attrs,
    resolve_legacy_op,
)

__all__ = [
    "LEGACY_RENAMES",
    "LegacyCmp",
    "LegacyCmpF",
    "LegacyCmpI",
    "LegacyDim",
    "LegacyFunc",
    "LegacyGeneric",
    "LegacyLoad",
    "LegacyOp",
    "LegacyStore",
    "LegacyTensorLoad",
    "LegacyTensorStore",
    "LegacyTypeError",
    "add_attrs",
    "parse_llvm_ir_type",
    "resolve_legacy_op",
]
