"""The dialects polymlir knows; importing this package registers them all."""

from . import builtin  # noqa: F401
