"""deckcheck beside the tools users would otherwise run on a repository of decks, on the same
files: `deckcheck check FILES` against `yamllint FILES` (the baseline) and `check-jsonschema
--schemafile schemas/deck.schema.json FILES`, whole commands, CPU time, alternated, medians of
--runs. Target (issue 36): one deck <= 1.5x yamllint, the pre-commit and editor case users wait on.
And the same case in a real deck repository, whose `.deckcheck.yaml` names the real Redemption card
list (imported with `deckcheck db import`, the cache warm): a Redemption deck against yamllint of
that deck. Target (issue 51): <= 1.1x.

    python benchmarks/peers.py [--decks 1 100 1000] [--runs 5] [--carddata CARDDATA.txt]

CARDDATA.txt defaults to ../shared/data/redemption-lackey/carddata.txt beside this checkout; without
it the repository case is left out and said so.

A peer that is not installed (both are in the test extra) is left out and said so.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _command import command_times, deckcheck_command, import_card_list, settled
from _figures import Figure, Result
from check_folder import make_decks

REPO = Path(__file__).resolve().parent.parent
SCHEMA = REPO / "schemas" / "deck.schema.json"
DESCRIPTION = (
    "`deckcheck check` of 1, 100 and 1,000 generated deck files (`--decks`) named on the command line, against "
    "`yamllint` of the same files, whole commands, CPU time, alternated, medians of 5 (`--runs`); beside them "
    "`check-jsonschema` with deckcheck's deck schema; and one Redemption deck in a repository whose config names the "
    "imported LackeyCCG list (cache warm), against `yamllint` of that deck"
)
CARDDATA = REPO.parent / "shared" / "data" / "redemption-lackey" / "carddata.txt"
FULL, SMALL = {"decks": (1, 100, 1000), "runs": 5, "carddata": CARDDATA}, {"decks": (1,), "runs": 7, "carddata": CARDDATA}
TARGETS = {1: 1.5}  # decks: the ratio to yamllint an issue asks for, which CI holds one deck to
# one deck in a repository whose config names the real card list (issue 51): 0.88-0.99x since such
# a check parses no YAML (the deck read by lines, the config kept in the cache), from 1.07-1.26x;
# CI holds it to the target
REPOSITORY_TARGET = 1.1
DECK = REPO / "examples" / "redemption-deck-i.yaml"


def peers() -> dict[str, list[str]]:
    found = {name: shutil.which(name) for name in ("yamllint", "check-jsonschema")}
    commands = {}
    if found["yamllint"]:
        commands["yamllint"] = [found["yamllint"]]
    if found["check-jsonschema"]:
        commands["check-jsonschema"] = [found["check-jsonschema"], "--schemafile", str(SCHEMA)]
    return commands


def measure(decks: tuple[int, ...] = FULL["decks"], runs: int = FULL["runs"], carddata: Path = CARDDATA) -> Result:
    tools = peers()
    if "yamllint" not in tools:
        print("yamllint is not installed (pip install -e '.[test]'): no baseline to time deckcheck against", file=sys.stderr)
        return Result("peers.py", DESCRIPTION, ())
    figures = []
    with tempfile.TemporaryDirectory() as folder:
        files = [str(p) for p in make_decks(Path(folder), max(decks))]
        for count in decks:
            named = files[:count]
            commands = {"deckcheck": [*deckcheck_command(), "check", *named]} | {
                tool: [*command, *named] for tool, command in tools.items()
            }
            times: dict[str, list[float]] = {label: [] for label in commands}
            for _ in range(runs):
                for label, command in commands.items():
                    times[label] += command_times(command)
            baseline = statistics.median(times["yamllint"])
            for label in ("deckcheck", "check-jsonschema"):
                if label in times:
                    figures.append(
                        Figure(
                            f"{label}, {count:,} deck{'s' if count != 1 else ''}",
                            statistics.median(times[label]),
                            baseline,
                            target=TARGETS.get(count) if label == "deckcheck" else None,
                        )
                    )
    if carddata.is_file():
        figures.append(_in_a_repository(carddata, runs, tools["yamllint"]))
    else:
        print(f"no card list at {carddata}: the repository case is left out", file=sys.stderr)
    return Result("peers.py", DESCRIPTION, tuple(figures))


def _in_a_repository(carddata: Path, runs: int, yamllint: list[str]) -> Figure:
    """One deck checked where a `.deckcheck.yaml` names the imported card list, as pre-commit runs
    it there (from the repository's root, the deck named alone), against yamllint of that deck."""
    with tempfile.TemporaryDirectory() as folder:
        repository = Path(folder)
        env = {**os.environ, "DECKCHECK_CACHE_DIR": str(repository / ".cache")}
        import_card_list(carddata, repository / "cards", env)
        (repository / ".deckcheck.yaml").write_text("card_db: [cards/]\n", encoding="utf-8")
        shutil.copy(DECK, repository / "deck.yaml")
        check, lint = [*deckcheck_command(), "check", "deck.yaml"], [*yamllint, "deck.yaml"]
        settled()
        checked = subprocess.run(check, env=env, cwd=repository, capture_output=True, text=True)  # the cache warmed
        if checked.returncode not in (0, 1):
            raise SystemExit(f"deckcheck check in the repository failed: {checked.stderr}")
        times: dict[str, list[float]] = {"deckcheck": [], "yamllint": []}
        for _ in range(runs):
            times["deckcheck"] += command_times(check, env=env, cwd=repository)
            times["yamllint"] += command_times(lint, env=env, cwd=repository)
    deckcheck, baseline = (statistics.median(times[label]) for label in ("deckcheck", "yamllint"))
    label = "deckcheck, 1 deck, a config naming the real card list"
    return Figure(label, deckcheck, baseline, target=REPOSITORY_TARGET)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, nargs="+", default=list(FULL["decks"]))
    parser.add_argument("--runs", type=int, default=FULL["runs"])
    parser.add_argument("--carddata", type=Path, default=CARDDATA)
    args = parser.parse_args()
    print(measure(tuple(args.decks), args.runs, args.carddata).report())


if __name__ == "__main__":
    main()
