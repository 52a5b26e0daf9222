"""Where the tests find what is not in the repository, and how they skip
when it is missing.

- External data (the corpus, the executable integration cases, the PolyBench
  benchmark with its C reference outputs, the seed documents): the folder
  named by the environment variable ``POLYMLIR_SHARED``, else ``../shared``
  beside the repository. Its subfolders are ``corpus/``, ``integration/``,
  ``bench/`` and ``seeds/``.
- Upstream tools (``mlir-opt-22``, ``mlir-runner-22``, ...), the oracle of
  the interop tests.

Tests that need either skip with a reason that says what is missing; a
parametrization over missing data becomes one skipped test, never zero
tests. ``tests/conftest.py`` turns this into the ``shared`` fixture.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from polymlir.testing.external import ENV, shared_root

MISSING = f"external data ../shared not found: set {ENV}"


def missing_reason(*parts: str) -> str:
    """Why ``shared_path(*parts)`` is None."""
    env = os.environ.get(ENV)
    if shared_root() is None:
        return f"external data {env} ({ENV}) not found: set {ENV} to the shared folder" if env else MISSING
    rel = "/".join(parts)
    where = f"${ENV}/{rel}" if env else f"../shared/{rel}"
    return f"external data {where} not found: set {ENV} to a complete copy"


def shared_path(*parts: str) -> Path | None:
    """``<shared>/<parts...>`` if it exists, else None."""
    root = shared_root()
    if root is None:
        return None
    p = root.joinpath(*parts)
    return p if p.exists() else None


def require_shared(*parts: str) -> Path:
    """``<shared>/<parts...>``, or skip the calling test with the reason."""
    p = shared_path(*parts)
    if p is None:
        pytest.skip(missing_reason(*parts))
    return p


def shared_files(subdir: str, pattern: str) -> list[Path]:
    """Sorted files of ``<shared>/<subdir>`` matching ``pattern`` ([] when absent)."""
    d = shared_path(*subdir.split("/"))
    return sorted(d.glob(pattern)) if d is not None and d.is_dir() else []


def params_or_skip(values: Iterable[Any], reason: str, ids: Callable[[Any], str] | None = None) -> list:
    """``values`` as pytest params; when there are none, one skipped param
    carrying ``reason`` (so the test is reported, not silently absent)."""
    values = list(values)
    if values:
        return [pytest.param(v, id=ids(v) if ids else None) for v in values]
    return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-data")]


def shared_file_params(subdir: str, pattern: str, ids: Callable[[Path], str] | None = None) -> list:
    """One param per file of ``<shared>/<subdir>`` matching ``pattern``, or
    one skipped param saying what is missing."""
    files = shared_files(subdir, pattern)
    reason = (
        missing_reason(*subdir.split("/"))
        if shared_path(*subdir.split("/")) is None
        else f"no {pattern} files in {subdir} of the external data"
    )
    return params_or_skip(files, reason, ids or (lambda p: p.name))


# -- upstream tools -------------------------------------------------------------------------


def upstream(tool: str) -> str | None:
    """The path of upstream's ``tool`` (LLVM 22's ``tool-22`` first), or None."""
    return shutil.which(f"{tool}-22") or shutil.which(tool)


def upstream_missing(tool: str) -> str:
    return f"upstream {tool} ({tool}-22) is not installed"


def requires_upstream(*tools: str):
    """A skipif mark for tests that compare with upstream ``tools``."""
    missing = [t for t in tools if upstream(t) is None]
    return pytest.mark.skipif(bool(missing), reason="; ".join(upstream_missing(t) for t in missing) or "-")
