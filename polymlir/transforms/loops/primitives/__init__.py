"""Every loop primitive, declared once (``registry``), one module per family.

``REGISTRY["tile"]`` is the declaration of ``tile``: its loops, its
parameters with their domains (``.params``), verdict and apply functions,
the loops it creates, its candidates, CLI flags and an example. The schedule
handle, trace replay, ``legal_primitives``, the CLI and ``Trace.as_python``
read it. A new primitive is one module of this package that calls
``declare`` (see the README, "Code layout"): it is found and imported here,
after the families listed below, so nothing else needs an edit.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

# isort: off
# Declaration order is the order legal_primitives lists options in.
from . import structural, unimodular, unrolling, nests, memory, expansion, arithmetic, parallel, linalg, auto, registers  # noqa: F401

# isort: on
from .registry import REGISTRY, REQUIRED, Call, Domain, Example, Flag, Loops, Param, Primitive, declare

# The modules not imported above (a new primitive's), in name order after the listed families.
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if f"{__name__}.{_info.name}" not in sys.modules:
        importlib.import_module(f"{__name__}.{_info.name}")


def listing() -> str:
    """Every registered primitive with its parameters and their domains."""
    return "\n".join(p.describe() for p in REGISTRY.values())


__all__ = [
    "REGISTRY",
    "REQUIRED",
    "Call",
    "Domain",
    "Example",
    "Flag",
    "Loops",
    "Param",
    "Primitive",
    "declare",
    "listing",
]
