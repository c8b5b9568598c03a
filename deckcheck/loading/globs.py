"""Globs over deck paths, as the config's overrides and --exclude write them: `*` also crosses
folders (so `casual/**` is every file below casual/), and a leading `**/` may match nothing, as in
git."""

from __future__ import annotations

from fnmatch import fnmatchcase


def matches(relative: str, glob: str) -> bool:
    """Whether a path relative to where the glob is written (POSIX separators) matches it."""
    return fnmatchcase(relative, glob) or (glob.startswith("**/") and fnmatchcase(relative, glob[3:]))
