"""A large folder checked in several processes: the same report, byte for byte, as in one."""

from __future__ import annotations

import pickle
import shutil
import sys
from pathlib import Path

import pytest
from deckcheck.check import CheckOptions, check_paths, processes
from deckcheck.check import run as check_run
from deckcheck.loading.card_db import Databases

from conftest import REPO, run

DECKS = [*sorted((REPO / "examples").iterdir()), *sorted((REPO / "tests" / "decks").rglob("*.*"))]


def folder_of(tmp_path: Path, count: int) -> Path:
    """`count` decks: the repository's own in turn (every game, YAML, text and .dek, legal and
    not), and one that does not parse."""
    folder = tmp_path / "decks"
    folder.mkdir()
    for i in range(count - 1):
        source = DECKS[i % len(DECKS)]
        shutil.copy(source, folder / f"{i:04d}-{source.name}")
    (folder / "9999-broken.yaml").write_text("game: [\n")
    return folder


@pytest.fixture
def processes_used(monkeypatch):
    """How many times check_paths went to worker processes, and with how many."""
    used: list[int] = []
    real = check_run.check_in_processes

    def counted(files, checker, workers, card_db):
        used.append(workers)
        return real(files, checker, workers, card_db)

    monkeypatch.setattr(check_run, "check_in_processes", counted)
    return used


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_a_large_folder_is_checked_in_processes_with_the_same_report(tmp_path, processes_used, monkeypatch):
    monkeypatch.setattr(processes, "_cores", lambda: 2)  # two free cores, whatever this machine has
    monkeypatch.setattr(processes, "_load", lambda: 0.0)
    folder = folder_of(tmp_path, processes.PARALLEL_FROM)
    by_default = run("check", folder, "--output-format", "json")
    assert processes_used and processes_used[0] >= 2
    in_one = run("check", folder, "--output-format", "json", "--jobs", "1")
    assert len(processes_used) == 1  # --jobs 1 stays in this process
    assert by_default.exit_code == in_one.exit_code == 1
    assert by_default.stdout == in_one.stdout
    assert len(by_default.report["decks"]) == processes.PARALLEL_FROM


def test_a_smaller_folder_stays_in_this_process(tmp_path, processes_used):
    folder = folder_of(tmp_path, processes.PARALLEL_FROM - 1)
    assert run("check", folder, "--output-format", "concise").exit_code == 1
    assert processes_used == []


def test_how_many_processes(monkeypatch):
    monkeypatch.setattr(processes, "_load", lambda: 0.0)
    monkeypatch.setattr(processes, "_cores", lambda: 16)
    monkeypatch.setattr(processes, "_forks", lambda: True)
    assert processes.workers_for(processes.PARALLEL_FROM - 1, None) == 1
    assert processes.workers_for(processes.PARALLEL_FROM, None) == processes.MOST_WORKERS
    assert processes.workers_for(5, 8) == 5  # asked for: never more processes than decks
    monkeypatch.setattr(processes, "_cores", lambda: 2)
    assert processes.workers_for(10_000, None) == 2
    monkeypatch.setattr(processes, "_forks", lambda: False)  # macOS, Windows: only when asked
    assert processes.workers_for(10_000, None) == 1
    assert processes.workers_for(10_000, 3) == 3


@pytest.mark.parametrize(
    ("cores", "load", "workers"),
    [(2, 0.0, 2), (2, 0.4, 2), (2, 1.0, 1), (2, 1.6, 1), (2, 7.0, 1), (4, 1.0, 3), (4, 2.6, 1), (16, 3.0, 8)],
)
def test_processes_only_on_cores_the_machines_load_leaves_free(monkeypatch, cores, load, workers):
    monkeypatch.setattr(processes, "_forks", lambda: True)
    monkeypatch.setattr(processes, "_cores", lambda: cores)
    monkeypatch.setattr(processes, "_load", lambda: load)
    assert processes.workers_for(10_000, None) == workers
    assert processes.workers_for(10_000, 2) == 2  # asked for: as asked, whatever the load


@pytest.mark.slow
def test_workers_started_afresh_give_the_same_reports(tmp_path, monkeypatch):
    """Where processes cannot be forked, each worker loads the databases itself."""
    folder = folder_of(tmp_path, 12)
    monkeypatch.setattr(processes, "_forks", lambda: False)
    started = run("check", folder, "--output-format", "json", "--jobs", "3")
    in_one = run("check", folder, "--output-format", "json", "--jobs", "1")
    assert started.stdout == in_one.stdout and started.exit_code == 1


def test_reports_come_back_from_a_worker_as_they_were(tmp_path):
    reports = list(check_paths([folder_of(tmp_path, 40)], lambda path: CheckOptions(all_formats=True), Databases()))
    assert any(r.formats for r in reports) and any(r.sheet for r in reports) and any(r.findings for r in reports)
    assert pickle.loads(pickle.dumps(reports)) == reports
