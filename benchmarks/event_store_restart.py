"""A desk restarted with 4,000 registrations (issue 49 part 3: under 1 s of CPU): `deckcheck serve`
started on a store of 4,000 registrations, its CPU time until it answers, beside the same start
with none; and in this process, what a restart and each view of the organiser's list read (every
record, each player's current one) from the store, beside reading them from the folder of files an
earlier version kept (which is also what an export writes), and the one-time import of that folder.

    python benchmarks/event_store_restart.py [--registrations 4000] [--repeat 5]

CPU seconds: the serving process's own (Linux: /proc), this process's for the rest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from deckcheck.serve.event_folder import event_store, export
from deckcheck.serve.registrations import Registration, by_player, read_all, read_exported, register

from _command import best, deckcheck_command

REPO = Path(__file__).resolve().parent.parent
STARTER = (REPO / "examples" / "redline-cpm.yaml").read_text()


def filled(folder: Path, registrations: int) -> None:
    folder.mkdir()
    store = event_store(folder)
    for number in range(registrations):
        record = Registration(
            player=f"Player {number % (registrations * 3 // 4)}",  # a quarter of them registering again
            deck_file="",
            time=datetime.now(UTC).isoformat(),
            game="redline",
            format="standard",
            rules_version=None,
            as_of="2026-09-01",
            events=(),
            deck_name="CPM starter",
            legal=True,
            errors=0,
            warnings=0,
            sha256="",
        )
        register(store, record, f"{STARTER}# {number}\n".encode(), ".yaml")


def serve_start_cpu(folder: Path) -> float:
    """CPU seconds `deckcheck serve` spends from its start until it answers its first request."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [*deckcheck_command(), "serve", "--port", str(port), "--registrations", str(folder), "--game", "redline"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    server = subprocess.Popen([*command, "--format", "standard"], env={**os.environ, "DECKCHECK_TOKEN": "t" * 20}, **quiet)
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
                break
            except OSError:
                time.sleep(0.05)
        fields = Path(f"/proc/{server.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime and stime
    finally:
        server.terminate()
        server.wait(timeout=30)


def cpu_of(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registrations", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        kept, empty, files = Path(work) / "kept", Path(work) / "empty", Path(work) / "files"
        filled(kept, args.registrations)
        empty.mkdir()
        export(event_store(kept), files)
        starts = [(serve_start_cpu(kept), serve_start_cpu(empty)) for _ in range(args.repeat)]  # in alternation
        with_them, without = min(s for s, _ in starts), min(e for _, e in starts)
        store = event_store(kept)
        from_store = best(args.repeat, lambda: by_player(read_all(store)))
        from_files = best(args.repeat, lambda: by_player(read_exported(files)))
        imports = []
        for number in range(args.repeat):
            copy = Path(work) / f"import-{number}"
            shutil.copytree(files, copy)
            imports.append(cpu_of(lambda copy=copy: event_store(copy)))
    print(f"a desk restarted with {args.registrations} registrations (CPU seconds, best of {args.repeat})")
    met = "reached" if with_them < 1 else "not reached"
    print(f"  deckcheck serve, start to first answer   {with_them * 1000:8.0f} ms  (target under 1000 ms: {met})")
    print(f"    the same with no registrations         {without * 1000:8.0f} ms")
    print(f"  every record and each player's current   {from_store * 1000:8.0f} ms from the store")
    print(f"    the same from the folder of files      {from_files * 1000:8.0f} ms  (ratio {from_store / from_files:.2f}x)")
    print(f"  importing that folder, once              {min(imports) * 1000:8.0f} ms")


if __name__ == "__main__":
    main()
