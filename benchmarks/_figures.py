"""What every benchmark reports, in one shape: ratios against a baseline timed in the same run,
each with the target an issue set and the ratio CI holds it to. `run_all.py` prints them, writes
the manual's performance table (docs/performance.md) from them, and fails CI when one is far over what it holds."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass

# A ratio is over when it exceeds what it holds by more than this: the machines CI runs on move a
# figure by 10-30% from run to run, a change that doubles the work moves it by 100%.
NOISE = 1.5


@dataclass(frozen=True)
class Figure:
    label: str  # what was timed: "in process", "whole commands", "deckcheck --version"
    seconds: float
    baseline: float  # the same run's baseline, in seconds
    target: float | None  # the ratio an issue asks for; None for a figure timed to explain another
    # Where the ratio stands, when CI is to hold it there rather than at its target: a target not
    # reached yet, or one met with so much room that a change doubling the work would pass under
    # it. None: CI holds the figure to its target.
    standing: float | None = None
    # A limit an issue sets in CPU seconds rather than as a ratio (a first check on a fresh machine,
    # a thousandth of a second a deck): held to itself, the ratio to the baseline printed beside it
    budget: float | None = None

    @property
    def ratio(self) -> float:
        return self.seconds / self.baseline

    @property
    def limited(self) -> bool:
        return self.target is not None or self.budget is not None

    @property
    def held_to(self) -> float | None:
        return self.standing if self.standing is not None else self.target

    @property
    def over(self) -> bool:
        if self.budget is not None and self.standing is None:
            return self.seconds > NOISE * self.budget
        return self.held_to is not None and self.ratio > NOISE * self.held_to

    @property
    def met(self) -> bool:
        if self.budget is not None:
            return self.seconds <= self.budget
        return self.target is not None and self.ratio <= self.target

    def limit(self) -> str:
        return f"<= {_ms(self.budget)}" if self.budget is not None else f"<= {self.target:g}x"

    def verdict(self) -> str:
        """The target and whether it holds; a missed one says where CI holds the figure meanwhile."""
        if self.met:
            return f"{self.label} {self.limit()}: met"
        held = f", held at {self.held_to:g}x" if self.standing is not None else ""
        return f"{self.label} {self.limit()}: **missed**{held}"

    def cell(self) -> str:
        return f"{self.label} {_ms(self.seconds)} vs {_ms(self.baseline)}: **{self.ratio:.2f}x**"

    def line(self) -> str:
        timed = f"  {self.label:34} {_ms(self.seconds):>9} vs {_ms(self.baseline):>9}   ratio {self.ratio:.2f}x"
        if not self.limited:
            return timed
        return timed + f" (target {self.limit()}: {'reached' if self.met else 'not reached'})"


@dataclass(frozen=True)
class Result:
    script: str  # the benchmark's file name
    description: str  # what it times, against what
    figures: tuple[Figure, ...]

    def row(self) -> str:
        figures = "; ".join(f.cell() for f in self.figures)
        targets = "; ".join(f.verdict() for f in self.figures if f.limited) or "none set"
        return f"| `python benchmarks/{self.script}`: {self.description} | {figures} | {targets} |"

    def report(self) -> str:
        return "\n".join([f"{self.script}: {self.description}", *(f.line() for f in self.figures)])


def _ms(seconds: float) -> str:
    """Milliseconds, to the hundredth below ten (a check of one deck in process is under one)."""
    return f"{seconds * 1000:.2f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


TABLE_HEAD = "| benchmark | figure | target |\n|---|---|---|"
START, END = "<!-- benchmarks: written by python benchmarks/run_all.py --write-docs -->", "<!-- benchmarks: end -->"


def table(results: list[Result]) -> str:
    return "\n".join([TABLE_HEAD, *(r.row() for r in results)])


def with_table(readme: str, results: list[Result]) -> str:
    """The page with its performance table replaced by one of `results`."""
    start, end = readme.index(START) + len(START), readme.index(END)
    return readme[:start] + "\n" + table(results) + "\n" + readme[end:]


_CELL = re.compile(r"(?P<label>.+?) (?P<seconds>\d+(?:\.\d\d)?) ms vs (?P<baseline>\d+(?:\.\d\d)?) ms: \*\*(?P<ratio>\d+\.\d\d)x\*\*")
_ROW = re.compile(r"^\| `python benchmarks/(?P<script>[\w]+\.py)`: (?P<description>[^|]+) \| (?P<figures>[^|]+) \| (?P<targets>[^|]+) \|$")


def parse_table(readme: str) -> list[tuple[str, str, list[tuple[str, float, float, float]]]]:
    """The performance table read back: (script, description, [(label, ms, baseline ms, ratio)]) per
    row. ValueError names the first line that is not what `table` writes."""
    block = readme[readme.index(START) + len(START) : readme.index(END)].strip("\n")
    if not block.startswith(TABLE_HEAD):
        raise ValueError("the table does not start with its head: " + block.splitlines()[0])
    rows = []
    for line in block.splitlines()[2:]:
        row = _ROW.match(line)
        if row is None:
            raise ValueError(f"not a benchmark row: {line}")
        cells = []
        for text in row["figures"].split("; "):
            cell = _CELL.fullmatch(text)
            if cell is None:
                raise ValueError(f"not a figure: {text}")
            cells.append((cell["label"], float(cell["seconds"]), float(cell["baseline"]), float(cell["ratio"])))
        rows.append((row["script"], row["description"], cells))
    return rows


def repeated_main(measure: Callable[[int], Result], doc: str | None, repeat: int) -> None:
    """The command line of a benchmark whose one option is --repeat (rounds): its report printed."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=repeat)
    print(measure(parser.parse_args().repeat).report())
