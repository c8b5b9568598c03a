"""The benchmark scripts still run (on a handful of decks), CI's guard catches a slowed check, and the
manual's performance table (docs/performance.md) is the one `run_all.py` writes. Figures are measured by the scripts, never here."""

import importlib
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


def test_folder_benchmark_says_where_the_time_goes():
    """--phases times each step by patching the function that does it: a step whose function has
    moved fails here rather than when someone asks."""
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "check_folder.py", "--decks", "5", "--phases"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "reading a plain deck's lines" in done.stdout and "the rules" in done.stdout


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
    assert "warm cache" in done.stdout and "first check on a fresh machine" in done.stdout


def test_peers_benchmark_times_a_repository_whose_config_names_a_card_list_on_our_fixture():
    pytest.importorskip("yamllint", reason="yamllint, the baseline, is in the test extra")
    fixture = REPO / "tests" / "data" / "lackey" / "carddata.txt"
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "peers.py", "--decks", "1", "--runs", "1", "--carddata", fixture],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "a config naming the real card list" in done.stdout and "(target <= 1.1x:" in done.stdout


def test_real_decks_benchmark_runs_on_a_few_decks():
    nationals = REPO.parent / "shared" / "data" / "redemption-nationals-2024" / "decks"
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "real_decks.py", "--decks", "60", "--runs", "1"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    if not nationals.is_dir():  # the decks are not ours to ship: without them the benchmark says it is left out
        assert "real_decks.py is left out" in done.stderr
    else:
        assert "60 decks, json report" in done.stdout and "ms a deck" in done.stdout and "(target <= 60 ms:" in done.stdout


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


def test_plain_names_benchmark_runs():
    done = subprocess.run([sys.executable, REPO / "benchmarks" / "plain_names.py", "--repeat", "1"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "30 plain names" in done.stdout and "70 titles of two cards" in done.stdout


def test_pasted_list_benchmark_runs():
    done = subprocess.run([sys.executable, REPO / "benchmarks" / "pasted_list.py", "--repeat", "1"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "70-line pasted list" in done.stdout and "ratio" in done.stdout


def test_import_benchmark_runs_on_a_few_rows():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "import_large.py", "--rows", "300", REPO / "tests" / "data" / "lackey" / "carddata.txt"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "300 generated rows" in done.stdout


def test_the_guard_fails_when_check_does_twice_the_work():
    """CI's guard (`run_all.py --guard`) on a build whose check of a deck costs twice what it does:
    the folder benchmark's in-process figure is over, and the guard exits 1."""
    slowed = (
        "import sys\n"
        f"sys.path.insert(0, {str(REPO / 'benchmarks')!r})\n"
        "import deckcheck.check.run as check\n"
        "once = check.check_file\n"
        "check.check_file = lambda *args, **options: [once(*args, **options) for _ in range(2)][-1]\n"
        "import run_all\n"
        "run_all.GUARD_ATTEMPTS = 1  # over on every attempt (the attempts have a test of their own)\n"
        "sys.argv = ['run_all.py', '--guard', '--only', 'check_folder']\n"
        "sys.exit(run_all.main())\n"
    )
    done = subprocess.run([sys.executable, "-c", slowed], capture_output=True, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "OVER: check_folder.py in process" in done.stderr


def test_the_guard_passes_on_this_build():
    done = subprocess.run(
        [sys.executable, REPO / "benchmarks" / "run_all.py", "--guard", "--only", "check_folder"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OVER" not in done.stderr


def test_readme_performance_table_is_the_one_run_all_writes():
    """The performance table is written by `run_all.py --write-docs`: every benchmark in its order,
    described as its script describes it, each figure's ratio its two times' (a figure typed by
    hand, or a benchmark added without the table written again, fails here)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import run_all
        from _figures import parse_table

        rows = parse_table((REPO / "docs" / "performance.md").read_text(encoding="utf-8"))
        assert [script for script, _, _ in rows] == [f"{name}.py" for name in run_all.BENCHMARKS]
        for (script, description, figures), name in zip(rows, run_all.BENCHMARKS, strict=True):
            assert description == importlib.import_module(name).DESCRIPTION, script
            for label, ms, baseline, ratio in figures:
                # the times are shown to the millisecond (to the hundredth below ten), the ratio from the times unrounded
                half = [0.005 if shown < 10 else 0.5 for shown in (ms, baseline)]
                assert abs(ms / baseline - ratio) <= ratio * (half[0] / ms + half[1] / baseline) + 0.006, (script, label)
    finally:
        sys.path.remove(str(REPO / "benchmarks"))


def test_the_guard_measures_an_over_figure_again_and_keeps_the_best(monkeypatch):
    """A figure over once (a busy moment) and not the next time passes; one over every time fails."""
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))
    import run_all
    from _figures import Figure, Result

    def module(ratios):
        calls = iter(ratios)

        class Fake:
            SMALL: dict = {}

            @staticmethod
            def measure():
                return Result("fake.py", "a fake", (Figure("in process", next(calls), 1.0, target=2),))

        return Fake

    monkeypatch.setattr(run_all.importlib, "import_module", lambda name: module([5.0, 1.5, 9.0]))
    (settled,) = run_all.run(("fake",), small=True)
    assert settled.figures[0].ratio == 1.5 and not settled.figures[0].over
    monkeypatch.setattr(run_all.importlib, "import_module", lambda name: module([5.0, 4.0, 6.0]))
    (over,) = run_all.run(("fake",), small=True)
    assert over.figures[0].ratio == 4.0 and over.figures[0].over


def test_a_rows_targets_say_which_are_met_and_which_missed():
    """The performance table marks a missed target, and where CI holds the figure meanwhile (issue 51 part 4)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from _figures import Figure, Result

        met, missed = Figure("one deck", 1.0, 1.0, target=1.5), Figure("a folder", 3.0, 1.0, target=2.0, standing=3.2)
        row = Result("x.py", "what it times", (met, missed, Figure("beside", 2.0, 1.0, target=None))).row()
        assert row.endswith("| one deck <= 1.5x: met; a folder <= 2x: **missed**, held at 3.2x |")
        # a limit in CPU time rather than a ratio (issue 51's 0.4 s, 1 ms a deck)
        fresh, many = Figure("fresh", 0.3, 0.1, target=None, budget=0.4), Figure("10 decks", 0.02, 0.001, target=None, budget=0.01)
        assert Result("y.py", "what it times", (fresh, many)).row().endswith("| fresh <= 400 ms: met; 10 decks <= 10 ms: **missed** |")
        assert not fresh.over and many.over and not Figure("held", 0.02, 0.001, target=None, budget=0.01, standing=25).over
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
