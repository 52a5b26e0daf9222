"""Differential testing over 500 random affine programs: primitives with
random parameters (two drawn per program, so every primitive meets about
75 programs here) are refused with a located message or produce a program
that computes what the original computes (max relative error 1e-9).
``experiments/differential_report.py --programs 500`` runs every primitive
on every program and prints the full table."""

from __future__ import annotations

import pytest

from polymlir.testing import polybench as pb
from polymlir.testing.campaign import (
    PARALLEL_PRIMITIVES,
    SAMPLERS,
    distributed,
    format_stats,
    run_campaign,
    run_kernel_campaign,
)
from polymlir.testing.random_nests import Program

CHUNKS = 10
PER_CHUNK = 50  # 500 programs in all


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_primitive_changes_a_programs_meaning(chunk):
    seeds = range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK)
    stats = run_campaign(seeds, list(SAMPLERS), per_program=2)
    table = format_stats(stats)
    for name, s in stats.items():
        assert s.wrong == 0, f"{name} produced wrong programs:\n{table}\n" + "\n".join(s.failures[:3])
        assert not s.failures, f"{name}: " + "\n".join(s.failures[:3])
    assert sum(s.applied for s in stats.values()) > 0, table


@pytest.mark.parametrize("kernel", sorted(pb.KERNELS))
def test_no_primitive_changes_a_polybench_kernels_meaning(kernel):
    """Every primitive, with random parameters, on each PolyBench kernel
    (those of the shared benchmark among them) at its small sizes."""
    stats = run_kernel_campaign({kernel: Program(pb.render(kernel), func="kernel")}, list(SAMPLERS), draws=1)
    table = format_stats(stats)
    for name, s in stats.items():
        assert s.wrong == 0 and s.crashes == 0, f"{name} on {kernel}:\n{table}\n" + "\n".join(s.failures[:3])
    assert sum(s.applied for s in stats.values()) > 0, table


@pytest.mark.parametrize("chunk", range(2))
def test_parallel_outputs_compute_the_same_on_two_threads(chunk):
    """The outputs of ``parallelize`` and ``optimize`` (affine.parallel
    loops) run on one thread and on two (outlined onto the thread pool):
    both compute what the original computes."""
    seeds = range(1000 + chunk * 40, 1000 + (chunk + 1) * 40)
    # register_tile wants contraction bands, which random programs lack: below, on PolyBench's
    stats = run_campaign(seeds, sorted(PARALLEL_PRIMITIVES - {"register_tile"}))
    table = format_stats(stats)
    for name, s in stats.items():
        assert s.wrong == 0 and s.crashes == 0, f"{name}:\n{table}\n" + "\n".join(s.failures[:3])
        assert s.applied > 0, table


@pytest.mark.parametrize("kernel", ["gemm", "2mm", "3mm", "syrk", "doitgen"])
def test_register_tiles_of_distributed_kernels_compute_the_same_on_one_and_two_threads(kernel):
    """register_tile (its column or row tiles in parallel half the time,
    groups of column tiles, panels, row blocks) on the perfect contraction
    bands a PolyBench kernel's distribution yields, run on one thread and
    on two."""
    program = distributed(Program(pb.render(kernel), func="kernel"))
    assert program is not None
    stats = run_kernel_campaign({kernel: program}, ["register_tile"], draws=6)
    s, table = stats["register_tile"], format_stats(stats)
    assert s.wrong == 0 and s.crashes == 0, f"{kernel}:\n{table}\n" + "\n".join(s.failures[:3])
    assert s.applied > 0, table
