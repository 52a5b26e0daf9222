"""The parallel-for runtime JIT'd kernels call, and the thread count.

``__polymlir_parallel_for(body, ctx, lb, ub, nchunks, nthreads)`` runs
``body(lo, hi, ctx, chunk)`` over ``[lb, ub)`` cut into ``n = min(nchunks,
ub - lb)`` contiguous chunks (chunk ``c`` is ``[lb + c*q + min(c, r), ...)``
with ``q, r = divmod(ub - lb, n)``, so the cut depends on ``n`` only) on
``min(nthreads, n)`` threads: the calling thread runs chunk 0, the worker
threads of a persistent pool claim the others in order, each the next one
left when it is done with its last (more chunks than threads balance
iterations of unequal work), and the call returns when every chunk is
done. The caller also
takes every chunk no worker has claimed yet: a worker slow to wake up (on a
loaded machine) does not hold the region up. Which thread runs a chunk
changes from run to run; what a chunk computes does not.

The runtime is LLVM IR (below) compiled once per process into its own
MCJIT engine, which is never freed, and published to later JIT modules by
``llvmlite.binding.add_symbol``: no C compiler at run time, and the pool
outlives every kernel's engine. It uses libc's pthreads (mutexes and
condition variables, zero-initialized as glibc's static initializers are).
Workers are created on demand and detached; between regions each waits
awake for a moment (``SPIN_CYCLES``: the next wavefront of tiles usually
starts within microseconds, and waking a parked thread takes tens of them,
longer than many a wavefront: jacobi-2d's 8x8 row tiles ran 1.4x faster on
two threads parked, 1.8x spinning), then parks on a condition variable; the
caller waits for the workers' chunks the same way. One caller uses the pool at a time: a second one (another
Python thread, or a chunk whose code reaches a parallel loop again) finds the
pool busy and runs its chunks itself, one after the other, in chunk order,
which cannot deadlock and computes the same chunks. A forked child (the pool
's threads do not survive ``fork``) notices the new pid and starts a new pool.

``resolve_threads(None)`` is ``POLYMLIR_NUM_THREADS`` or every usable core,
or the count a ``threads_default(n)`` block sets (the command line's
``--threads``, which reaches every compile its subcommand makes).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import threading
from collections.abc import Iterator
from typing import Any

from ..conversion.to_llvm.parallel_outlining import PARALLEL_FOR

__all__ = [
    "PARALLEL_FOR",
    "MAX_THREADS",
    "default_threads",
    "resolve_threads",
    "threads_default",
    "ensure_loaded",
    "RUNTIME_IR",
    "runtime_ir",
]

MAX_THREADS = 256  # the pool's size limit (workers are chunks 1..255)
ENV = "POLYMLIR_NUM_THREADS"


_override: contextvars.ContextVar[int | None] = contextvars.ContextVar("polymlir_threads", default=None)


@contextlib.contextmanager
def threads_default(threads: int | None) -> Iterator[None]:
    """Within the block, compiles without ``threads=`` use ``threads``
    (None: leave the default alone)."""
    token = _override.set(resolve_threads(threads) if threads is not None else _override.get())
    try:
        yield
    finally:
        _override.reset(token)


def default_threads() -> int:
    """The innermost ``threads_default`` count, else ``POLYMLIR_NUM_THREADS``
    if set (a positive integer), else the number of cores this process may
    run on."""
    chosen = _override.get()
    if chosen is not None:
        return chosen
    env = os.environ.get(ENV, "").strip()
    if env:
        try:
            n = int(env)
        except ValueError:
            raise ValueError(f"{ENV} must be a positive integer, not {env!r}") from None
        if n < 1:
            raise ValueError(f"{ENV} must be a positive integer, not {env!r}")
        return min(n, MAX_THREADS)
    try:
        return max(1, min(len(os.sched_getaffinity(0)), MAX_THREADS))
    except (AttributeError, OSError):  # no affinity API (not Linux)
        return max(1, min(os.cpu_count() or 1, MAX_THREADS))


def resolve_threads(threads: int | None) -> int:
    """The thread count to compile for: ``threads`` if given, else the
    default; at least 1, at most ``MAX_THREADS``."""
    if threads is None:
        return default_threads()
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ValueError(f"threads must be a positive integer, not {threads!r}")
    return min(threads, MAX_THREADS)


# Synchronization objects: 64 zero bytes hold a glibc pthread_mutex_t (40 on
# x86-64, 48 on aarch64) or pthread_cond_t (48), and all-zero is
# PTHREAD_MUTEX_INITIALIZER / PTHREAD_COND_INITIALIZER.
RUNTIME_IR = r"""
@pm.lock = internal global [64 x i8] zeroinitializer, align 16
@pm.mu = internal global [64 x i8] zeroinitializer, align 16
@pm.work = internal global [64 x i8] zeroinitializer, align 16
@pm.done = internal global [64 x i8] zeroinitializer, align 16
@pm.gen = internal global i64 0
@pm.fn = internal global ptr null
@pm.ctx = internal global ptr null
@pm.lb = internal global i64 0
@pm.total = internal global i64 0
@pm.n = internal global i64 0
@pm.active = internal global i64 0
@pm.next = internal global i64 0
@pm.finished = internal global i64 0
@pm.size = internal global i64 0
@pm.pid = internal global i32 0
@pm.born = internal global [256 x i64] zeroinitializer

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_detach(i64)
declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_trylock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i32 @pthread_cond_wait(ptr, ptr)
declare i32 @pthread_cond_broadcast(ptr)
declare i32 @pthread_cond_signal(ptr)
declare i32 @getpid()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i64 @llvm.readcyclecounter()

; Wait awake, for at most SPIN_CYCLES cycles of the cycle counter, until
; %word holds %value (%equal) or stops holding it (not %equal): parking on a
; condition variable costs tens of microseconds to wake up from, longer than
; many a wavefront of tiles takes.
define internal void @pm.spin(ptr %word, i64 %value, i1 %equal) {
entry:
  %t0 = call i64 @llvm.readcyclecounter()
  br label %head
head:
  %v = load atomic i64, ptr %word acquire, align 8
  %is = icmp eq i64 %v, %value
  %stop = icmp eq i1 %is, %equal
  br i1 %stop, label %exit, label %pause
pause:
  ;PAUSE
  %t = call i64 @llvm.readcyclecounter()
  %spent = sub i64 %t, %t0
  %more = icmp ult i64 %spent, SPIN_CYCLES
  br i1 %more, label %head, label %exit
exit:
  ret void
}

; Chunk %c of %n over [%lb, %lb + %total): its bounds depend on %n only.
define internal void @pm.chunk(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 %c) {
  %q = udiv i64 %total, %n
  %r = urem i64 %total, %n
  %cq = mul i64 %c, %q
  %lt = icmp ult i64 %c, %r
  %m = select i1 %lt, i64 %c, i64 %r
  %s = add i64 %lb, %cq
  %lo = add i64 %s, %m
  %ext = zext i1 %lt to i64
  %len = add i64 %q, %ext
  %hi = add i64 %lo, %len
  call void %fn(i64 %lo, i64 %hi, ptr %ctx, i64 %c)
  ret void
}

; Chunks %from..%to-1, one after the other.
define internal void @pm.serial(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 %from, i64 %to) {
entry:
  br label %head
head:
  %c = phi i64 [ %from, %entry ], [ %c1, %body ]
  %more = icmp ult i64 %c, %to
  br i1 %more, label %body, label %exit
body:
  call void @pm.chunk(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 %c)
  %c1 = add i64 %c, 1
  br label %head
exit:
  ret void
}

; Worker %arg (1..255): waits for a generation it has not seen, then, if the
; job wants that many workers (@pm.active), claims chunks of that job (under
; @pm.mu, so never of a later job) until none is left, and waits again.
define internal ptr @pm.worker(ptr %arg) {
entry:
  %id = ptrtoint ptr %arg to i64
  %bp = getelementptr [256 x i64], ptr @pm.born, i64 0, i64 %id
  %born = load i64, ptr %bp
  br label %top
top:
  %seen = phi i64 [ %born, %entry ], [ %g, %release ]
  call void @pm.spin(ptr @pm.gen, i64 %seen, i1 false)
  call i32 @pthread_mutex_lock(ptr @pm.mu)
  br label %wait
wait:
  %g = load i64, ptr @pm.gen
  %same = icmp eq i64 %g, %seen
  br i1 %same, label %sleep, label %enlisted
enlisted:
  ; a job for fewer threads than the pool has leaves the later workers idle
  %active = load i64, ptr @pm.active
  %mine = icmp ule i64 %id, %active
  br i1 %mine, label %claim, label %release
sleep:
  call i32 @pthread_cond_wait(ptr @pm.work, ptr @pm.mu)
  br label %wait
claim:
  %c = load i64, ptr @pm.next
  %n = load i64, ptr @pm.n
  %left = icmp ult i64 %c, %n
  br i1 %left, label %run, label %release
release:
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  br label %top
run:
  %c1 = add i64 %c, 1
  store i64 %c1, ptr @pm.next
  %fn = load ptr, ptr @pm.fn
  %ctx = load ptr, ptr @pm.ctx
  %lb = load i64, ptr @pm.lb
  %total = load i64, ptr @pm.total
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  call void @pm.chunk(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 %c)
  call i32 @pthread_mutex_lock(ptr @pm.mu)
  %f = load i64, ptr @pm.finished
  %f1 = add i64 %f, 1
  store atomic i64 %f1, ptr @pm.finished release, align 8
  %all = icmp eq i64 %f1, %n
  br i1 %all, label %signal, label %claim
signal:
  call i32 @pthread_cond_signal(ptr @pm.done)
  br label %claim
}

; Grow the pool to %want workers (called with @pm.lock held); returns the
; pool's size, which is smaller if a thread could not be created.
define internal i64 @pm.grow(i64 %want) {
entry:
  %pid = call i32 @getpid()
  %old = load i32, ptr @pm.pid
  %forked = icmp ne i32 %pid, %old
  br i1 %forked, label %reset, label %start
reset:
  ; a new process (or the first call): no workers; fresh mutex and conditions
  call void @llvm.memset.p0.i64(ptr @pm.mu, i8 0, i64 64, i1 false)
  call void @llvm.memset.p0.i64(ptr @pm.work, i8 0, i64 64, i1 false)
  call void @llvm.memset.p0.i64(ptr @pm.done, i8 0, i64 64, i1 false)
  store i64 0, ptr @pm.size
  store i32 %pid, ptr @pm.pid
  br label %start
start:
  %tid = alloca i64
  %size0 = load i64, ptr @pm.size
  %gen = load i64, ptr @pm.gen
  br label %head
head:
  %size = phi i64 [ %size0, %start ], [ %id, %made ]
  %need = icmp ult i64 %size, %want
  %room = icmp ult i64 %size, 255
  %go = and i1 %need, %room
  br i1 %go, label %make, label %exit
make:
  %id = add i64 %size, 1
  %bp = getelementptr [256 x i64], ptr @pm.born, i64 0, i64 %id
  store i64 %gen, ptr %bp
  %arg = inttoptr i64 %id to ptr
  %rc = call i32 @pthread_create(ptr %tid, ptr null, ptr @pm.worker, ptr %arg)
  %ok = icmp eq i32 %rc, 0
  br i1 %ok, label %made, label %exit
made:
  %t = load i64, ptr %tid
  call i32 @pthread_detach(i64 %t)
  store i64 %id, ptr @pm.size
  br label %head
exit:
  %final = load i64, ptr @pm.size
  ret i64 %final
}

define void @__polymlir_parallel_for(ptr %fn, ptr %ctx, i64 %lb, i64 %ub, i64 %nchunks, i64 %nthreads) {
entry:
  %empty = icmp sle i64 %ub, %lb
  br i1 %empty, label %done, label %some
some:
  %total = sub i64 %ub, %lb
  %pos = icmp sgt i64 %nchunks, 1
  %nc = select i1 %pos, i64 %nchunks, i64 1
  %few = icmp ult i64 %total, %nc
  %n = select i1 %few, i64 %total, i64 %nc
  %tpos = icmp sgt i64 %nthreads, 1
  %nt = select i1 %tpos, i64 %nthreads, i64 1
  %tfew = icmp ult i64 %n, %nt
  %threads = select i1 %tfew, i64 %n, i64 %nt
  %one = icmp eq i64 %threads, 1
  br i1 %one, label %onethread, label %multi
onethread:
  %whole = icmp eq i64 %n, 1
  br i1 %whole, label %single, label %serial
single:
  call void %fn(i64 %lb, i64 %ub, ptr %ctx, i64 0)
  br label %done
multi:
  %busy = call i32 @pthread_mutex_trylock(ptr @pm.lock)
  %isbusy = icmp ne i32 %busy, 0
  br i1 %isbusy, label %serial, label %pool
serial:
  call void @pm.serial(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 0, i64 %n)
  br label %done
pool:
  %want = sub i64 %threads, 1
  %size = call i64 @pm.grow(i64 %want)
  %none = icmp eq i64 %size, 0
  br i1 %none, label %alone, label %publish
alone:
  call void @pm.serial(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 0, i64 %n)
  br label %release
publish:
  call i32 @pthread_mutex_lock(ptr @pm.mu)
  store ptr %fn, ptr @pm.fn
  store ptr %ctx, ptr @pm.ctx
  store i64 %lb, ptr @pm.lb
  store i64 %total, ptr @pm.total
  store i64 %n, ptr @pm.n
  %workers = sub i64 %threads, 1
  store i64 %workers, ptr @pm.active
  store i64 1, ptr @pm.next
  store atomic i64 0, ptr @pm.finished release, align 8
  %g = load i64, ptr @pm.gen
  %g1 = add i64 %g, 1
  store atomic i64 %g1, ptr @pm.gen release, align 8
  call i32 @pthread_cond_broadcast(ptr @pm.work)
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  ; chunk 0 here, then every chunk no worker has claimed yet (a worker that
  ; is slow to wake up costs nothing), then wait for the claimed ones
  br label %mine
mine:
  %c = phi i64 [ 0, %publish ], [ %next, %take ]
  call void @pm.chunk(ptr %fn, ptr %ctx, i64 %lb, i64 %total, i64 %n, i64 %c)
  call i32 @pthread_mutex_lock(ptr @pm.mu)
  %f = load i64, ptr @pm.finished
  %f1 = add i64 %f, 1
  store atomic i64 %f1, ptr @pm.finished release, align 8
  %next = load i64, ptr @pm.next
  %left = icmp ult i64 %next, %n
  br i1 %left, label %take, label %mine_done
take:
  %next1 = add i64 %next, 1
  store i64 %next1, ptr @pm.next
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  br label %mine
mine_done:
  %fin0 = load i64, ptr @pm.finished
  %finished0 = icmp eq i64 %fin0, %n
  br i1 %finished0, label %joined, label %spin
spin:
  ; the workers' chunks are usually about to end: wait for them awake
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  call void @pm.spin(ptr @pm.finished, i64 %n, i1 true)
  call i32 @pthread_mutex_lock(ptr @pm.mu)
  br label %join
join:
  %fin = load i64, ptr @pm.finished
  %finished = icmp eq i64 %fin, %n
  br i1 %finished, label %joined, label %wait
wait:
  call i32 @pthread_cond_wait(ptr @pm.done, ptr @pm.mu)
  br label %join
joined:
  call i32 @pthread_mutex_unlock(ptr @pm.mu)
  br label %release
release:
  call i32 @pthread_mutex_unlock(ptr @pm.lock)
  br label %done
done:
  ret void
}
"""

# How long an idle thread waits awake (cycle-counter ticks: about 170 us at
# 3 GHz) before it parks: the next region of a wavefront usually starts
# within microseconds, and a bounded spin leaves the core to other
# processes soon after the kernel returns.
SPIN_CYCLES = 1 << 19

# The spin loop's hint to the core, per target architecture (none elsewhere).
_PAUSE = {
    "x86_64": ("call void @llvm.x86.sse2.pause()", "declare void @llvm.x86.sse2.pause()"),
    "aarch64": ("call void @llvm.aarch64.hint(i32 1)", "declare void @llvm.aarch64.hint(i32)"),
}


def runtime_ir(triple: str) -> str:
    """``RUNTIME_IR`` for the target ``triple``: its spin-wait hint and
    ``SPIN_CYCLES``."""
    call, decl = _PAUSE.get(triple.split("-", 1)[0], ("", ""))
    return RUNTIME_IR.replace(";PAUSE", call).replace("SPIN_CYCLES", str(SPIN_CYCLES)) + decl + "\n"


_lock = threading.Lock()
_engine: Any = None  # the runtime's MCJIT engine: kept for the life of the process


def ensure_loaded(llvm: Any, target_machine: Any) -> int:
    """Compile the runtime (once per process) and make ``PARALLEL_FOR``
    visible to later JIT modules; returns its address. ``llvm`` is
    ``llvmlite.binding``, initialized."""
    global _engine
    with _lock:
        if _engine is None:
            mod = llvm.parse_assembly(runtime_ir(target_machine.triple))
            mod.triple = target_machine.triple
            mod.data_layout = str(target_machine.target_data)
            mod.verify()
            engine = llvm.create_mcjit_compiler(mod, target_machine)
            engine.finalize_object()
            llvm.add_symbol(PARALLEL_FOR, engine.get_function_address(PARALLEL_FOR))
            _engine = engine
        return int(_engine.get_function_address(PARALLEL_FOR))
