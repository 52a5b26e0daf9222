"""The transform dialect interpreter (``transform-interpreter``), its op
handlers, and the schedule eraser (``test-transform-dialect-erase-schedule``).

Importing this package registers the handlers of ``handlers``; handler
modules for other transform ops are imported here too."""

from . import handlers, passes, tile_handlers
from .interpreter import (
    ENTRY_POINT,
    Interpreter,
    SilenceableFailure,
    apply_schedule,
    find_entry,
    register_handler,
    register_patterns,
    unsupported_ops,
)
from .passes import apply_or_erase_schedule, erase_schedule

__all__ = [
    "ENTRY_POINT",
    "Interpreter",
    "SilenceableFailure",
    "apply_or_erase_schedule",
    "apply_schedule",
    "erase_schedule",
    "find_entry",
    "handlers",
    "passes",
    "tile_handlers",
    "register_handler",
    "register_patterns",
    "unsupported_ops",
]
