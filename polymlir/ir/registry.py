"""The op registry, and the hooks through which the IR reaches the layers above it.

The IR is the bottom layer: it imports neither the dialects, nor the passes,
nor the printer. Op classes register themselves here when their dialect
module is imported (``register_op``). A lookup that needs every dialect
(``registered_ops``, ``is_registered_dialect``) calls the ``load_dialects``
hook once; the pass registry (``polymlir.transforms.passes.manager``) calls
``load_passes`` once; ``str(op)`` prints through ``print_op``. The package
root (``polymlir/__init__.py``, which runs before any module of the package)
installs the three hooks with ``install_hooks``; each imports what it needs
when first called, so ``import polymlir`` loads no dialect (start-up time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .core import Operation
    from .opdef import OpDef

_OPS: dict[str, type[OpDef]] = {}
_DIALECTS: dict[str, str] = {}  # namespace -> default dialect for nested ops
# Dialects that allow unknown operations. Upstream's `test` dialect does
# (TestDialect::allowUnknownOperations), and mlir-opt-22 as packaged registers
# it: upstream's tests write `"test.foo"() : () -> ()` without
# -allow-unregistered-dialect.
_OPEN_DIALECTS: set[str] = {"test"}


def register_op(cls: type[OpDef]) -> type[OpDef]:
    """Class decorator: make ``cls`` the definition of ``cls.OP_NAME``."""
    _OPS[cls.OP_NAME] = cls
    _DIALECTS.setdefault(cls.OP_NAME.split(".", 1)[0], "")
    finalize = getattr(cls, "_finalize", None)
    if finalize is not None:
        finalize()
    return cls


def register_dialect(namespace: str) -> None:
    _DIALECTS.setdefault(namespace, "")


def lookup_op(name: str) -> type[OpDef] | None:
    return _OPS.get(name)


def registered_op(name: str) -> type[OpDef]:
    """The class of the registered op ``name`` (a KeyError if there is none:
    for names the caller knows to be registered)."""
    return _OPS[name]


def is_registered_dialect(namespace: str) -> bool:
    ensure_dialects_loaded()
    return namespace in _DIALECTS or namespace in _OPEN_DIALECTS


def allows_unknown_ops(namespace: str) -> bool:
    """Whether dialect ``namespace`` accepts ops it does not define."""
    return namespace in _OPEN_DIALECTS


def registered_ops() -> dict[str, type[OpDef]]:
    ensure_dialects_loaded()
    return dict(_OPS)


def _not_installed(*_args: Any) -> Any:
    raise RuntimeError("polymlir.ir.registry: hooks not installed (polymlir/__init__.py installs them)")


_hooks: dict[str, Callable[..., Any]] = {
    "load_dialects": _not_installed,
    "load_passes": _not_installed,
    "print_op": _not_installed,
}
_loaded: set[str] = set()


def install_hooks(
    *,
    load_dialects: Callable[[], None],
    load_passes: Callable[[], None],
    print_op: Callable[[Operation], str],
) -> None:
    """Called once, by the package root."""
    _hooks.update(load_dialects=load_dialects, load_passes=load_passes, print_op=print_op)


def _load_once(what: str) -> None:
    if what not in _loaded:
        _loaded.add(what)
        _hooks[what]()


def ensure_dialects_loaded() -> None:
    """Import every dialect module (each registers its ops), once."""
    _load_once("load_dialects")


def ensure_passes_loaded() -> None:
    """Import every module that defines passes (each registers them), once."""
    _load_once("load_passes")


def print_op(op: Operation) -> str:
    """``op`` as MLIR text (the printer's ``print_op``)."""
    return _hooks["print_op"](op)
