"""YAML files that configure a run (card databases, event files, the repository config): read
safely, checked against their JSON Schema, every problem reported as `file:line:col: message`.
Any problem stops the run with exit 2: deckcheck does not guess what a broken file meant."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from deckcheck.loading import resources
from deckcheck.loading.safe_yaml import Document, InputError, decode, load
from deckcheck.model import Position


class FileProblems(Exception):
    """Problems in files that configure the run, each already `file:line:col: message`."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@cache
def validator(schema: str):
    import jsonschema  # imported here: a command that reads no such file never pays for it

    document = json.loads(resources.schema_path(schema).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(document)


def located(path: Path, position: Position | None, message: str) -> str:
    if position is None:
        return f"{path}: {message}"
    return f"{path}:{position.line}:{position.column}: {message}"


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise FileProblems([f"{path}: cannot read: {exc.strerror or exc}"]) from None


def load_checked(path: Path, schema: str, content: bytes | None = None) -> Document:
    """The document at `path` (or its `content`, already read), valid against
    schemas/<schema>.schema.json; FileProblems if not."""
    try:
        document = load(decode(read_bytes(path) if content is None else content))
    except InputError as exc:
        raise FileProblems([located(path, exc.position, exc.message)]) from None
    errors = sorted(validator(schema).iter_errors(document.data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise FileProblems([located(path, document.position(tuple(e.absolute_path)), _message(e)) for e in errors])
    return document


def _message(error) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message
