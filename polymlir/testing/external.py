"""Where the external data is: the shared folder with ``corpus/``,
``integration/``, ``bench/`` and ``seeds/``, named by ``POLYMLIR_SHARED``,
else ``../shared`` beside the repository. Tests and experiments find it
here and only here."""

from __future__ import annotations

import os
from pathlib import Path

ENV = "POLYMLIR_SHARED"
REPO = Path(__file__).resolve().parents[2]


def shared_root() -> Path | None:
    """The external data folder, or None when it is absent."""
    env = os.environ.get(ENV)
    root = Path(env).expanduser() if env else REPO.parent / "shared"
    return root if root.is_dir() else None


def require_shared(*parts: str) -> Path:
    """``<shared>/<parts...>`` for a script, or exit saying what is missing."""
    root = shared_root()
    path = root.joinpath(*parts) if root is not None else None
    if path is None or not path.exists():
        raise SystemExit(f"external data {'/'.join(('shared',) + parts)} not found: set {ENV}")
    return path
