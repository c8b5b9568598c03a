"""The benchmark scripts still run (on a handful of decks): they are measured by hand, not here."""

import subprocess
import sys

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow  # each runs a benchmark script in a process of its own


def test_folder_benchmark_runs():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "check_folder.py", "--decks", "5", "--repeat", "1"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "ratio" in done.stdout and "5 deck files" in done.stdout


def test_startup_benchmark_runs():
    done = subprocess.run([sys.executable, REPO / "benchmarks" / "startup.py", "--runs", "1"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "deckcheck --version" in done.stdout


def test_goldfish_benchmark_runs():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "goldfish.py", "--games", "2000", "--repeat", "1"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "goldfish --no-race" in done.stdout and "plain loop" in done.stdout


def test_full_database_benchmark_runs_on_our_fixture():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "full_database.py", REPO / "tests" / "data" / "lackey" / "carddata.txt", "--runs", "1"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "warm cache" in done.stdout


def test_all_formats_benchmark_runs_on_our_fixture():
    done = subprocess.run(
        [
            sys.executable,
            REPO / "benchmarks" / "all_formats.py",
            REPO / "tests" / "data" / "lackey" / "carddata.txt",
            REPO / "tests" / "data" / "lackey" / "formats.txt",
            "--runs",
            "1",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "--all-formats" in done.stdout and "ratio" in done.stdout


def test_unknown_names_benchmark_runs_on_our_fixture():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "unknown_names.py", REPO / "tests" / "data" / "lackey" / "carddata.txt", "--names", "200"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "names no card has" in done.stdout


def test_import_benchmark_runs_on_a_few_rows():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "import_large.py", "--rows", "300", REPO / "tests" / "data" / "lackey" / "carddata.txt"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "300 generated rows" in done.stdout
