"""What the host is, read at run time: vector width, vector registers, cache sizes, cores.

    m = host()
    m.vector_bits, m.vector_registers, m.l1d, m.l2, m.l3, m.cores

The vector unit comes from the CPU flags in ``/proc/cpuinfo`` (AVX-512:
512 bits and 32 registers; AVX2/AVX: 256 bits and 16; otherwise SSE2's 128
bits and 16); caches from ``/sys/devices/system/cpu/cpu0/cache`` (the data
and unified levels); cores from the process's CPU affinity. Nothing is
hard-coded for one machine: where the OS does not say, conservative
defaults are used and ``Machine.source`` says so. ``POLYMLIR_VECTOR_BITS``
overrides the vector width (128, 256 or 512), e.g. to generate AVX2 code on
an AVX-512 host.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Cache", "Machine", "cache_sizes", "cpu_flags", "cpu_name", "host", "register_shape", "vector_unit"]


@dataclass(frozen=True)
class Machine:
    """The parts of a CPU the cost model reads."""

    vector_bits: int
    vector_registers: int
    fma: bool
    l1d: int  # bytes, per core
    l2: int  # bytes, per core
    l3: int  # bytes, shared
    cores: int
    source: str = "os"
    line: int = 64  # bytes of a cache line (the L1 data cache's)

    def lanes(self, element_bytes: int) -> int:
        """Elements of ``element_bytes`` in one vector register."""
        return max(1, self.vector_bits // (8 * element_bytes))


def _cpuinfo() -> str:
    try:
        return Path("/proc/cpuinfo").read_text()
    except OSError:
        return ""


def cpu_flags() -> set[str]:
    """The first processor's flags in /proc/cpuinfo (empty where there is none)."""
    for line in _cpuinfo().splitlines():
        if line.startswith(("flags", "Features")):
            return set(line.split(":", 1)[1].split())
    return set()


def cpu_name() -> str:
    for line in _cpuinfo().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def vector_unit(flags: set[str]) -> tuple[int, int]:
    """(vector bits, vector registers) the flags promise: AVX-512 512 and 32,
    AVX2/AVX 256 and 16, else SSE2's 128 and 16."""
    if "avx512f" in flags:
        return 512, 32
    if "avx2" in flags or "avx" in flags:
        return 256, 16
    return 128, 16


@dataclass(frozen=True)
class Cache:
    """One cache of cpu0: level, type (Data, Instruction, Unified), bytes."""

    level: int
    type: str
    size: int
    line: int = 64


def _size(text: str) -> int:
    text = text.strip().upper()
    scale = {"K": 1024, "M": 1024 * 1024, "G": 1024**3}.get(text[-1:], 1)
    return int(text.rstrip("KMG")) * scale


def cache_sizes(root: str | Path = "/sys/devices/system/cpu/cpu0/cache") -> list[Cache]:
    """cpu0's caches from sysfs, by level (empty where sysfs has none)."""
    out = []
    for d in sorted(Path(root).glob("index*")):
        try:
            level = int((d / "level").read_text())
            kind = (d / "type").read_text().strip()
            size = _size((d / "size").read_text())
        except (OSError, ValueError):
            continue
        try:
            line = int((d / "coherency_line_size").read_text())
        except (OSError, ValueError):
            line = 64
        out.append(Cache(level, kind, size, line))
    return sorted(out, key=lambda c: (c.level, c.type))


@functools.cache
def host() -> Machine:
    """The machine this process runs on (read once)."""
    flags = cpu_flags()
    bits, regs = vector_unit(flags)
    forced = os.environ.get("POLYMLIR_VECTOR_BITS")
    if forced in ("128", "256", "512"):
        bits = int(forced)
        regs = 32 if bits == 512 else 16
    found = [c for c in cache_sizes() if c.type in ("Data", "Unified")]
    caches = {c.level: c.size for c in found}
    source = "os" if caches and flags else "defaults (the OS did not report caches or CPU flags)"
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return Machine(
        vector_bits=bits,
        vector_registers=regs,
        fma="fma" in flags or "avx512f" in flags or not flags,
        l1d=caches.get(1, 32 * 1024),
        l2=caches.get(2, 256 * 1024),
        l3=caches.get(3, 8 * 1024 * 1024),
        cores=max(1, cores),
        source=source,
        line=next((c.line for c in found if c.level == 1), 64),
    )


def register_shape(
    m: Machine, element_bytes: int = 8, rows: bool = True, streams: int = 1, broadcasts: int = 1
) -> tuple[int, int, int]:
    """``(mr, nv, lanes)`` of the register tile for ``m``: the most
    accumulators that leave room for one vector of each of the ``streams``
    operands per column, the ``broadcasts`` of a row and a temporary per
    product beyond the first (``mr * nv + streams * nv + broadcasts +
    streams - 1 <= registers``; gemm streams one operand and broadcasts
    one, syr2k two and two: 4x8 doubles on AVX2 measured 1.8x faster than
    the 4x12 sized for one); among those, one whose row of ``nv``
    vectors spans whole cache lines (a row of the streamed panel then
    touches the fewest lines: on AVX2, 6x8 doubles measured 10% faster
    than 4x12 on gemm), then more vectors."""
    lanes = m.lanes(element_bytes)
    if not rows:  # no row loop: independent accumulators hide the FMA latency
        return 1, max(1, min(8, m.vector_registers - 4)), lanes
    reserve = max(1, broadcasts) + max(1, streams) - 1
    shapes = [(min(8, (m.vector_registers - max(1, streams) * nv - reserve) // nv), nv) for nv in (4, 3, 2, 1)]
    mr, nv = max(
        (s for s in shapes if s[0] >= 1),
        key=lambda s: (s[0] * s[1], s[1] * lanes * element_bytes % m.line == 0, s[1]),
    )
    return mr, nv, lanes
