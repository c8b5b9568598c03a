"""A goldfish run keeps the heap its batches free for the next batch (sim/heap.py): a sweep's
batches do not take memory from the system again and again, a page fault every 4 KB."""

import platform
import subprocess
import sys

import pytest

from conftest import REPO

EXAMPLES = REPO / "examples"

SWEEP_TWICE = """
import resource
from pathlib import Path
from deckcheck.check import CheckOptions
from deckcheck.goldfish import mulligan_policy, play_sweep, prepare
from deckcheck.loading.card_db import Databases
from deckcheck.sim.engine import SimOptions
prepared = prepare(Path({deck!r}), CheckOptions(), Databases())
options = SimOptions(games=40_000, race=False, mulligan=mulligan_policy(prepared, None))
play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4")
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
play_sweep(prepared, ["EF-9 Rabbit"], options, "EF-9 Rabbit=0..4")
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the heap is kept by glibc's mallopt; other C libraries are left as they are")
def test_a_second_sweep_takes_almost_no_memory_from_the_system():
    # measured: 4-5 page faults kept, 8,704 without (the batches' arrays are a few megabytes each)
    program = SWEEP_TWICE.format(deck=str(EXAMPLES / "redline-cpm.yaml"))
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert int(done.stdout) < 200
