"""Where trials run: spawned local processes, or Dask workers.

    pool = LocalWorkers(n=2, timeout=60, max_tasks=25, threads=1)
    pool.submit(task); results = pool.wait(0.5); pool.close()

A job is a trial's ``Task`` or the study's final ``Contest`` (``contest.perform``).

``LocalWorkers`` keeps ``n`` spawned processes, one trial each at a time,
so the driver never JIT-compiles: a worker that crashes (its exit is seen
on its pipe) or passes the per-trial timeout (it is killed) costs that
trial only, and is replaced; a worker is recycled after ``max_tasks``
trials, so the memory JIT engines leave behind stays bounded. With
``threads`` > 1 worker k is pinned to its own ``threads`` cores.

``DaskWorkers`` sends each task to a ``dask.distributed`` cluster
(``client.submit(perform, job)``); the driver keeps asking and telling,
so every result lands in the driver's study storage.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import time
import uuid
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol

from .contest import Contest, perform
from .evaluate import Result, Task

__all__ = ["READY", "STARTUP_S", "DaskWorkers", "Executor", "LocalWorkers"]

# What a new worker sends once it runs, and how long the driver waits for it.
READY = "ready"
STARTUP_S = 300.0


class Executor(Protocol):
    """What the driver needs of a pool of workers."""

    def free(self) -> int: ...
    def submit(self, task: Task | Contest, timeout: float | None = None) -> None: ...
    def wait(self, poll: float) -> list[Result]: ...
    def close(self) -> None: ...


def _worker_main(conn: Connection, threads: int, cpus: list[int] | None) -> None:
    """A worker process: evaluate tasks from ``conn`` until it sends None."""
    os.environ["POLYMLIR_NUM_THREADS"] = str(threads)
    if cpus:
        try:
            os.sched_setaffinity(0, cpus)
        except (AttributeError, OSError):  # not Linux, or the cores are not ours: run unpinned
            pass
    try:
        conn.send(READY)  # polymlir is imported (to find this function): a trial's clock may start
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            task = conn.recv()
        except EOFError:  # the driver went away
            return
        if task is None:
            return
        result = perform(task)
        try:
            conn.send(result)
        except (BrokenPipeError, OSError):  # the driver was killed: nobody to tell
            return


@dataclass
class _Slot:
    proc: Any = None  # multiprocessing Process (spawn context)
    conn: Connection | None = None
    done: int = 0
    task: Task | Contest | None = None
    deadline: float = 0.0
    timeout: float = 0.0


class LocalWorkers:
    """``n`` spawned worker processes (see the module docstring)."""

    def __init__(self, n: int = 1, timeout: float = 120.0, max_tasks: int = 25, threads: int = 1):
        self.timeout = timeout
        self.max_tasks = max(1, max_tasks)
        self.threads = max(1, threads)
        self._ctx = mp.get_context("spawn")
        self._slots = [_Slot() for _ in range(max(1, n))]
        try:
            self._cpus: list[int] = sorted(os.sched_getaffinity(0))
        except AttributeError:
            self._cpus = []

    def _cpus_of(self, k: int) -> list[int] | None:
        if self.threads <= 1 and len(self._slots) <= 1:
            return None
        mine = self._cpus[k * self.threads : (k + 1) * self.threads]
        return mine if len(mine) == self.threads else None  # too few cores to pin: share them

    def _start(self, k: int) -> None:
        ours, theirs = self._ctx.Pipe()
        proc = self._ctx.Process(
            target=_worker_main, args=(theirs, self.threads, self._cpus_of(k)), daemon=True, name=f"polymlir-tune-{k}"
        )
        proc.start()
        theirs.close()
        self._slots[k] = _Slot(proc, ours)

    def _stop(self, k: int, kill: bool = False) -> None:
        slot = self._slots[k]
        if slot.proc is None:
            return
        if kill:
            slot.proc.kill()
        else:
            try:
                assert slot.conn is not None
                slot.conn.send(None)
            except (OSError, EOFError):
                pass
        slot.proc.join(5)
        if slot.proc.is_alive():
            slot.proc.kill()
            slot.proc.join(5)
        if slot.conn is not None:
            slot.conn.close()
        self._slots[k] = _Slot()

    def free(self) -> int:
        return sum(1 for s in self._slots if s.task is None)

    def submit(self, task: Task | Contest, timeout: float | None = None) -> None:
        """Start ``task`` on a free worker; it fails after ``timeout`` seconds
        (default: the pool's), counted from when the worker is ready: a new
        worker's start-up (a Python process importing polymlir, slow on a
        loaded machine) is no trial's time."""
        k = next(i for i, s in enumerate(self._slots) if s.task is None)
        if self._slots[k].proc is None or not self._slots[k].proc.is_alive():
            self._stop(k)
            self._start(k)
            conn = self._slots[k].conn
            assert conn is not None
            try:
                if conn.poll(STARTUP_S):
                    conn.recv()
            except (EOFError, OSError):  # died starting: the trial's wait reports the crash
                pass
        slot = self._slots[k]
        assert slot.conn is not None
        slot.conn.send(task)
        slot.task = task
        slot.timeout = self.timeout if timeout is None else timeout
        slot.deadline = time.monotonic() + slot.timeout

    def wait(self, poll: float) -> list[Result]:
        busy = [k for k, s in enumerate(self._slots) if s.task is not None]
        if not busy:
            return []
        now = time.monotonic()
        until = min([poll] + [max(0.0, self._slots[k].deadline - now) for k in busy])
        handles: dict[Any, int] = {}
        for k in busy:
            slot = self._slots[k]
            handles[slot.conn] = k
            handles[slot.proc.sentinel] = k
        ready = {handles[h] for h in wait(list(handles), timeout=until)}
        out: list[Result] = []
        for k in busy:
            slot = self._slots[k]
            assert slot.task is not None and slot.conn is not None
            number = slot.task.number
            if k in ready:
                try:
                    result = slot.conn.recv() if slot.conn.poll() else None
                except (EOFError, OSError):
                    result = None
                if result == READY:  # a start-up slower than STARTUP_S: the result is still to come
                    continue
                if result is None:
                    slot.proc.join(5)
                    code = slot.proc.exitcode
                    out.append(Result(number, False, None, f"worker crashed (exit code {code}) while evaluating"))
                    self._stop(k, kill=True)
                    continue
                out.append(result)
                slot.task = None
                slot.done += 1
                if slot.done >= self.max_tasks:
                    self._stop(k)  # recycled: a fresh process for the next trial
            elif time.monotonic() >= slot.deadline:
                out.append(Result(number, False, None, f"timed out after {slot.timeout:g} s (worker killed)"))
                self._stop(k, kill=True)
        return out

    def close(self) -> None:
        for k in range(len(self._slots)):
            self._stop(k, kill=self._slots[k].task is not None)


class DaskWorkers:
    """Trials on a ``dask.distributed`` cluster through ``client``, as many
    at a time as it has worker threads (one trial per worker thread; give
    each worker one thread so that each timing has its cores)."""

    def __init__(self, client: Any, timeout: float = 120.0, n: int | None = None):
        self.client = client
        self.timeout = timeout
        self.n = n or max(1, sum(client.nthreads().values()))
        self._run = uuid.uuid4().hex[:8]
        self._futures: dict[Any, tuple[int, float, float]] = {}

    def free(self) -> int:
        return self.n - len(self._futures)

    def submit(self, task: Task | Contest, timeout: float | None = None) -> None:
        """Send ``task`` to the cluster; it fails after ``timeout`` seconds (default: the pool's)."""
        limit = self.timeout if timeout is None else timeout
        key = f"polymlir-tune-{self._run}-{'contest' if isinstance(task, Contest) else task.number}"
        fut = self.client.submit(perform, task, pure=False, key=key)
        self._futures[fut] = (task.number, time.monotonic() + limit, limit)

    def wait(self, poll: float) -> list[Result]:
        from distributed import wait as dask_wait  # only with a cluster (start-up time)

        if not self._futures:
            return []
        try:
            done = set(dask_wait(list(self._futures), timeout=poll, return_when="FIRST_COMPLETED").done)
        except TimeoutError:  # nothing finished within ``poll``
            done = set()
        out: list[Result] = []
        now = time.monotonic()
        for fut in list(self._futures):
            number, deadline, limit = self._futures[fut]
            if fut in done or fut.done():
                try:
                    out.append(fut.result())
                except Exception as e:  # the worker died (KilledWorker) or the task raised
                    out.append(Result(number, False, None, f"dask worker failed: {type(e).__name__}: {e}"))
            elif now >= deadline:
                fut.cancel()
                out.append(Result(number, False, None, f"timed out after {limit:g} s (dask task cancelled)"))
            else:
                continue
            del self._futures[fut]
        return out

    def close(self) -> None:
        for fut in self._futures:
            fut.cancel()
        self._futures.clear()
