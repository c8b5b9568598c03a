"""50 concurrent checks of one deck through `deckcheck serve` (a real Uvicorn server on this
machine), against the CLI checking the same deck 50 times one after another in-process (typer's
CliRunner: the command as a user runs it, card databases loaded from the cache), in the same run,
wall time from the first request to the last answer. With the imported LackeyCCG list when it is
beside the checkout (../shared/data/redemption-lackey), else the bundled data. Target (issue 15):
every request answered, the 50 served in at most 1.5x the time the command line checks them.

The yardstick was one check at the command line against each request's latency (issue 51 part
4): 50 requests at once on 2 cores wait their turns (the median waits for about 12 others), so
that row compared one check with a queue. The median latency is still printed, beside one check.

    python benchmarks/serve_concurrent.py [--requests 50] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx2
from deckcheck.cli import app
from deckcheck.importers.lackey import import_lackey
from typer.testing import CliRunner

from _command import deckcheck_command
from _figures import Figure, Result

REPO = Path(__file__).resolve().parent.parent
REAL = REPO.parent / "shared" / "data" / "redemption-lackey"


def deck_to_check(folder: Path) -> Path:
    """The deck the storm sends, with the real list imported into `folder` when it is here."""
    if REAL.is_dir():
        import_lackey(REAL / "carddata.txt", REAL / "formats.txt", folder)
        return REAL / "decks" / "Starter_K.dek"
    return REPO / "examples" / "redemption-deck-i.yaml"


async def storm(url: str, deck: Path, requests: int) -> list[float]:
    content = deck.read_bytes()

    async def one(client):
        start = time.perf_counter()
        response = await client.post(url + "/check", files={"file": (deck.name, content)})
        assert response.status_code == 200 and '<section class="sheet">' in response.text
        return time.perf_counter() - start

    async with httpx2.AsyncClient(timeout=120) as client:
        return await asyncio.gather(*(one(client) for _ in range(requests)))


DESCRIPTION = (
    "50 concurrent checks (`--requests`) of one deck through `deckcheck serve --workers 2` (its own processes), "
    "first request to last answer, against the CLI checking it as many times one after another in-process (CliRunner), "
    "same run, wall time; Starter_K.dek against the imported list when ../shared is beside the checkout, else an "
    "example against the bundled data"
)
FULL, SMALL = {"requests": 50, "workers": 2}, {"requests": 20, "workers": 2}


def measure(requests: int = 50, workers: int = 2) -> Result:
    with tempfile.TemporaryDirectory() as folder:
        deck = deck_to_check(Path(folder))
        runner, card_db = CliRunner(), ["--card-db", folder] if REAL.is_dir() else []
        command = ["check", str(deck), *card_db, "--output-format", "json"]
        runner.invoke(app, command)  # warm: the first run fills the cache
        inline = statistics.median(_timed(lambda: runner.invoke(app, command)) for _ in range(5))
        one_after_another = _timed(lambda: [runner.invoke(app, command) for _ in range(requests)])
        # this process is the client from here on: what the CLI's runs left would only slow its
        # garbage collector, which the served latencies would then include
        gc.collect()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        # the server in a process of its own, as `deckcheck serve` runs: the client's work is not its
        server = subprocess.Popen(
            [*deckcheck_command(), "serve", "--port", str(port), "--workers", str(workers), *card_db], stdout=subprocess.DEVNULL
        )
        try:
            _wait_for(port)
            # warm: every worker has loaded its databases (the port opens before they have)
            for _ in range(3):
                asyncio.run(storm(f"http://127.0.0.1:{port}", deck, 2 * workers))
                time.sleep(1)
            started = time.perf_counter()
            latencies = asyncio.run(storm(f"http://127.0.0.1:{port}", deck, requests))
            all_answered = time.perf_counter() - started
            alone, beside = asyncio.run(beside_a_pathological_deck(f"http://127.0.0.1:{port}", deck, workers))
        finally:
            server.terminate()
            server.wait(timeout=10)
    return Result(
        "serve_concurrent.py",
        DESCRIPTION,
        (
            Figure("all answered", all_answered, one_after_another, target=1.5),
            # a request among 50 at once against one check alone: it waits its turn (not a target)
            Figure("served, median", statistics.median(latencies), inline, target=None),
            Figure("slowest", max(latencies), inline, target=None),
            # the slowest check while every worker is busy with a 1 MiB deck of unknown names, against
            # the same check alone: slowed, never held for the big decks' whole check (not guarded: it
            # moves with where a request lands beside the big decks' upload, run to run)
            Figure("slowest beside 1 MiB of unknown names", beside, alone, target=None),
        ),
    )


def pathological() -> bytes:
    """A deck of just under 1 MiB (the page's limit) of names no card has: the slowest check a
    player can send (each name is searched for suggestions, the first 25 at least)."""
    lines = ["game: redemption", "main:"] + [f"  Nothing Card Number {i}: 1" for i in range(40_000)]
    text = ("\n".join(lines) + "\n").encode()[: 1024 * 1024 - 4096]
    return text[: text.rfind(b"\n") + 1]


async def beside_a_pathological_deck(url: str, deck: Path, workers: int) -> tuple[float, float]:
    """The median time of 5 checks of `deck` alone, and the slowest of the checks of it sent one
    after another while the workers check a pathological deck each (each check runs in a process
    of its own: the big ones share the cores with the others, they do not hold them)."""
    content, big = deck.read_bytes(), pathological()

    async def one(client, body: bytes, name: str) -> float:
        start = time.perf_counter()
        response = await client.post(url + "/check", files={"file": (name, body)})
        assert response.status_code == 200
        return time.perf_counter() - start

    async with httpx2.AsyncClient(timeout=120) as client:
        alone = [await one(client, content, deck.name) for _ in range(5)]
        bigs = [asyncio.create_task(one(client, big, "big.yaml")) for _ in range(workers)]
        beside = []
        while not all(task.done() for task in bigs):
            beside.append(await one(client, content, deck.name))
        big_seconds = max(await asyncio.gather(*bigs))
    print(f"  ({len(beside)} checks while {workers} 1 MiB decks of unknown names took {big_seconds * 1000:.0f} ms)")
    return statistics.median(alone), max(beside)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=FULL["requests"])
    parser.add_argument("--workers", type=int, default=FULL["workers"], help="deckcheck serve --workers (this machine has 2 cores)")
    args = parser.parse_args()
    print(f"{args.requests} concurrent checks through deckcheck serve --workers {args.workers}, all answered")
    print(measure(args.requests, args.workers).report())


def _wait_for(port: int) -> None:
    for _ in range(600):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit("deckcheck serve did not start")


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
