"""50 concurrent checks of one deck through `deckcheck serve` (a real Uvicorn server on this
machine), against the CLI's check of the same deck run in-process (typer's CliRunner: the
command as a user runs it, card databases loaded from the cache), in the same run. With the imported
LackeyCCG list when it is beside the checkout (../shared/data/redemption-lackey), else the bundled
data. Target (issue 15): every request answered, median latency <= 1.5x the CLI's check.

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
from deckcheck.check import CheckOptions, check_file
from deckcheck.cli import app
from deckcheck.importers.lackey import import_lackey
from deckcheck.loading.card_db import Databases, load_databases
from typer.testing import CliRunner

from _command import deckcheck_command

REPO = Path(__file__).resolve().parent.parent
REAL = REPO.parent / "shared" / "data" / "redemption-lackey"


def databases(folder: Path) -> tuple[Databases, Path]:
    if REAL.is_dir():
        import_lackey(REAL / "carddata.txt", REAL / "formats.txt", folder)
        return Databases(load_databases([folder])), REAL / "decks" / "Starter_K.dek"
    return Databases(), REPO / "examples" / "redemption-deck-i.yaml"


async def storm(url: str, deck: Path, requests: int) -> list[float]:
    content = deck.read_bytes()

    async def one(client):
        start = time.perf_counter()
        response = await client.post(url + "/check", files={"file": (deck.name, content)})
        assert response.status_code == 200 and "Deck check sheet" in response.text
        return time.perf_counter() - start

    async with httpx2.AsyncClient(timeout=120) as client:
        return await asyncio.gather(*(one(client) for _ in range(requests)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2, help="deckcheck serve --workers (this machine has 2 cores)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        loaded, deck = databases(Path(folder))
        runner, card_db = CliRunner(), ["--card-db", folder] if REAL.is_dir() else []
        command = ["check", str(deck), *card_db, "--output-format", "json"]
        runner.invoke(app, command)  # warm: the first run fills the cache
        inline = statistics.median(_timed(lambda: runner.invoke(app, command)) for _ in range(5))
        library = statistics.median(_timed(lambda: check_file(deck, CheckOptions(), loaded)) for _ in range(10))
        # this process is the client from here on: the card lists it loaded would only slow its
        # garbage collector, which the served latencies would then include
        loaded = None
        gc.collect()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        # the server in a process of its own, as `deckcheck serve` runs: the client's work is not its
        server = subprocess.Popen(
            [*deckcheck_command(), "serve", "--port", str(port), "--workers", str(args.workers), *card_db], stdout=subprocess.DEVNULL
        )
        try:
            _wait_for(port)
            # warm: every worker has loaded its databases (the port opens before they have)
            for _ in range(3):
                asyncio.run(storm(f"http://127.0.0.1:{port}", deck, 2 * args.workers))
                time.sleep(1)
            latencies = asyncio.run(storm(f"http://127.0.0.1:{port}", deck, args.requests))
        finally:
            server.terminate()
            server.wait(timeout=10)
    median = statistics.median(latencies)
    print(f"{deck.name}: {args.requests} concurrent checks through deckcheck serve --workers {args.workers}, all answered")
    print(f"  CLI check (in-process, CliRunner)   {inline * 1000:8.1f} ms (median of 5)")
    print(f"  the library's check alone           {library * 1000:8.1f} ms (databases already loaded)")
    print(f"  served, median                      {median * 1000:8.1f} ms   ratio {median / inline:.2f}x of the CLI (target <= 1.5x)")
    print(f"  served, slowest                     {max(latencies) * 1000:8.1f} ms")


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
