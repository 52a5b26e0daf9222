"""Resource sections (``{-# dialect_resources: {...} #-}``) parsed with a module,
kept beside it for the printer; both the parser and the printer use them."""

from __future__ import annotations

import weakref

from .core import Operation

_RESOURCES: dict[int, dict] = {}


def module_resources(module: Operation) -> dict:
    """Resource sections parsed with a module (kept for printing)."""
    key = id(module)
    if key not in _RESOURCES:
        _RESOURCES[key] = {}
        weakref.finalize(module, _RESOURCES.pop, key, None)
    return _RESOURCES[key]
