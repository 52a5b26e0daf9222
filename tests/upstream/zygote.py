"""A pre-imported ``polymlir`` for the upstream cases' RUN lines.

Each case's ``polymlir opt`` used to start a Python process that imported
polymlir first: about 1.5 s of the 2 s a case costs, over 450 cases. The
zygote is a server process that imports polymlir (and loads every pass)
once, then forks a child per request; a RUN line calls the small client of
this module instead, which hands the server its argument list, working
folder, environment and standard streams (the file descriptors themselves, over a Unix
socket) and exits with the child's exit code. The child runs exactly what
``python -m polymlir`` runs (``polymlir.cli.main`` as the program), on the
client's streams.

    server = Zygote.start(pythonpath)        # in the test process
    command = server.command                  # "python .../zygote.py client SOCKET"
    server.stop()

    python tests/upstream/zygote.py serve SOCKET   # the server (started by Zygote.start)
    python tests/upstream/zygote.py client SOCKET opt FILE ...
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

READY_TIMEOUT = 60.0


def _recv_exactly(conn: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        part = conn.recv(n - len(data))
        if not part:
            break
        data += part
    return data


def client(path: str, argv: list[str]) -> int:
    """Run ``polymlir ARGV`` in a child of the server at ``path`` on this
    process's standard streams; its exit code (1 when the child died
    without one)."""
    request = json.dumps({"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        head = len(request).to_bytes(8, "little")
        socket.send_fds(s, [head + request], [0, 1, 2])
        code = _recv_exactly(s, 4)
    if len(code) < 4:
        print("polymlir zygote: the child ended without an exit code", file=sys.stderr)
        return 1
    return int.from_bytes(code, "little", signed=True)


def _child(conn: socket.socket, request: dict, fds: list[int]) -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the server's reaping is not the child's: its subprocesses wait
    for k, fd in enumerate(fds[:3]):
        os.dup2(fd, k)
        os.close(fd)
    sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the client's streams, for the child's life
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = ["polymlir", *request["argv"]]
    code = 1
    try:
        from polymlir.cli import main

        code = main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # what python -m polymlir would print, then its exit code
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        conn.sendall(int(code).to_bytes(4, "little", signed=True))
        os._exit(int(code) & 0xFF)


def serve(path: str) -> None:
    """Import polymlir and every pass, then fork a child per connection."""
    import polymlir.cli  # noqa: F401 - what every child runs
    from polymlir.ir.registry import ensure_passes_loaded

    ensure_passes_loaded()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children reaped by the kernel
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.bind(path + ".tmp")
        os.rename(path + ".tmp", path)  # the socket appears once it listens: the client never sees it half ready
        s.listen(64)
        while True:
            conn, _ = s.accept()
            msg, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
            size = int.from_bytes(msg[:8], "little")
            body = msg[8:] + _recv_exactly(conn, size - len(msg) + 8)
            request = json.loads(body)
            if os.fork() == 0:
                s.close()
                _child(conn, request, list(fds))
            for fd in fds:
                os.close(fd)
            conn.close()


class Zygote:
    """A running server and the command line that calls it."""

    def __init__(self, proc: subprocess.Popen, path: str, folder: tempfile.TemporaryDirectory):
        self.proc, self.path, self._folder = proc, path, folder
        self.command = f"{sys.executable} -S {Path(__file__).resolve()} client {path}"

    @classmethod
    def start(cls, env: dict[str, str]) -> Zygote | None:
        """The server, importing polymlir as ``env`` says (PYTHONPATH); None
        where it does not come up (the cases then start polymlir each)."""
        folder = tempfile.TemporaryDirectory(prefix="pm-zygote-")
        path = os.path.join(folder.name, "sock")
        proc = subprocess.Popen([sys.executable, __file__, "serve", path], env=env, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + READY_TIMEOUT
        while not os.path.exists(path):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                folder.cleanup()
                return None
            time.sleep(0.05)
        return cls(proc, path, folder)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self._folder.cleanup()


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    elif sys.argv[1] == "client":
        sys.exit(client(sys.argv[2], sys.argv[3:]))
    else:
        sys.exit(f"usage: {sys.argv[0]} serve SOCKET | client SOCKET ARGS...")
