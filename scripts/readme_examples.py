"""Run every `$ deckcheck ...` example of the README and the manual's pages (docs/) and write what
it prints under it.

    python scripts/readme_examples.py           # list the examples whose output changed
    python scripts/readme_examples.py --write   # and write the new output into the pages

For a maintainer after a change of wording or behaviour: review the diff it makes, since an
example is a promise to users (tests/test_readme.py checks that each one still holds).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(```console\n\$ (deckcheck [^\n]*)\n)(.*?)(```)", re.DOTALL)


def printed(command: str) -> str:
    args = shlex.split(command)[1:]
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=REPO, capture_output=True, text=True).stdout


def main(write: bool) -> int:
    for page in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        refresh(page, write)
    return 0


def refresh(page: Path, write: bool) -> None:
    text = page.read_text(encoding="utf-8")
    changed = []

    def refreshed(match: re.Match) -> str:
        now = printed(match.group(2))
        if now != match.group(3):
            changed.append(match.group(2))
        return match.group(1) + now + match.group(4)

    new = BLOCK.sub(refreshed, text)
    for command in changed:
        print(f"changed in {page.name}: {command}")
    if write and changed:
        page.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main("--write" in sys.argv[1:]))
