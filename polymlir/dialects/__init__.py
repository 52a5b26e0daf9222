"""The dialects polymlir knows; importing this package registers them all.

Every module in this package is imported, so a new dialect file registers
itself without touching this one.
"""

import importlib
import pkgutil

for _m in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_m}")
