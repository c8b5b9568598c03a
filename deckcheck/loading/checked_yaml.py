"""YAML files that configure a run (card databases, event files, the repository config): read
safely, checked against their JSON Schema, every problem reported as `file:line:col: message`.
Any problem stops the run with exit 2: deckcheck does not guess what a broken file meant."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcheck.escaping import for_terminal, terminal_path
from deckcheck.loading import cache as data_cache
from deckcheck.loading import resources
from deckcheck.loading.files import UnreadableFile, read_limited
from deckcheck.loading.yaml_text import InputError, decode
from deckcheck.model import Position
from deckcheck.wording import plural

if TYPE_CHECKING:  # jsonschema is imported where a schema is checked, not at start-up; the YAML parser where a file is parsed
    from jsonschema import Draft202012Validator, ValidationError

    from deckcheck.loading.safe_yaml import Document


class FileProblems(Exception):
    """Problems in files that configure the run, each already `file:line:col: message`."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@cache
def validator(schema: str) -> Draft202012Validator:
    import jsonschema  # imported here: a command that reads no such file never pays for it

    return jsonschema.Draft202012Validator(assembled(schema), registry=_schemas())


def _schemas() -> Any:
    """Every schema of deckcheck's by its $id, for one to name another (`{"$ref": "build.schema.json"}`)."""
    import json

    from referencing import Registry, Resource

    documents = [json.loads(path.read_text(encoding="utf-8")) for path in resources.schema_path("build").parent.glob("*.schema.json")]
    return Registry().with_resources((document["$id"], Resource.from_contents(document)) for document in documents)


def assembled(schema: str) -> dict:
    """A schema as it is checked: the game names from the registry of games, and in the card
    database's, each game's card fields (its package's cards.schema.json)."""
    import json

    from deckcheck import output_formats
    from deckcheck.registry import card_fields_schema, known_games

    document = json.loads(resources.schema_path(schema).read_text(encoding="utf-8"))
    definitions = document.get("$defs", {})
    if "game" in definitions:
        definitions["game"] = {**definitions["game"], "enum": list(known_games())}
    if "output_format" in definitions:
        definitions["output_format"] = {**definitions["output_format"], "enum": list(output_formats.CHOICES)}
    if schema == "card-db":
        document["allOf"] = []
        for game in known_games():
            definitions[game] = card_fields_schema(game)
            document["allOf"].append(
                {
                    "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                    "then": {"properties": {"cards": {"items": {"$ref": f"#/$defs/{game}"}}}},
                }
            )
    return document


def located(path: Path, position: Position | None, message: str) -> str:
    """`file:line:col: message`, one line for a terminal whatever the file's name."""
    where = terminal_path(path)
    if position is None:
        return f"{where}: {message}"
    return f"{where}:{position.line}:{position.column}: {message}"


def read_bytes(path: Path) -> bytes:
    """A configuring file's bytes: a regular file of at most 1 MiB (files.py)."""
    try:
        return read_limited(path)
    except UnreadableFile as exc:
        raise FileProblems([located(path, None, exc.message)]) from None


def load_checked(  # noqa: PLR0913 - the file, its schema and how it is read, each named where it is asked
    path: Path,
    schema: str,
    content: bytes | None = None,
    empty_ok: bool = False,
    also: Mapping[str, Any] | None = None,
    remember: bool = True,
) -> Document:
    """The document at `path` (or its `content`, already read), valid against
    schemas/<schema>.schema.json and the schema `also` (what the caller knows of the games: an
    event's settings); FileProblems if not. With `empty_ok`, a file with nothing in it but white
    space and comments is a document of no data. With `remember`, the cache keeps that this
    content is valid (checked_data keeps the data itself instead)."""
    from deckcheck.loading.safe_yaml import Document, load  # (a check whose files the cache holds parses none)

    content = read_bytes(path) if content is None else content
    if empty_ok and not content.strip():
        return Document(None, None)
    try:
        document = load(decode(content))
    except InputError as exc:
        raise FileProblems([located(path, exc.position, exc.message)]) from None
    if empty_ok and document.data is None:
        return document
    # content found valid before is valid: the cache remembers it (a schema check imports
    # jsonschema, 46 ms of every run of a repository with a config; the YAML is read as before,
    # for the positions its problems are reported at)
    # (`also` by its repr, which the same schema built by the same code always has: another is a miss, never a wrong hit)
    valid = b"valid\0" + schema.encode() + b"\0" + repr(also).encode() + b"\0" + content
    if remember and data_cache.load(valid) is True:
        return document
    found = list(validator(schema).iter_errors(document.data))
    if also is not None:
        import jsonschema

        found += jsonschema.Draft202012Validator(also).iter_errors(document.data)
    errors = sorted(found, key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        raise FileProblems([located(path, _where(document, e), _message(e, schema)) for e in errors])
    if remember:
        data_cache.store(valid, True)
    return document


def _where(document: Document, error: ValidationError) -> Position | None:
    """Where a schema error is: the value it is about, or, for keys a mapping may not have, the
    first of those keys (not the mapping's first line)."""
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(_properties(error))
        unexpected = [key for key in error.instance if key not in allowed]
        if unexpected:
            return document.key_position(path + (unexpected[0],))
    return document.position(path)


def checked_data(path: Path, schema: str) -> Any:
    """The plain data of a file valid against its schema, from the cache when this content was
    checked before (a schema check imports jsonschema, which a run with warm caches never needs)."""
    content = read_bytes(path)
    key = schema.encode() + b"\0" + content
    cached = data_cache.load(key)
    if cached is not None:
        return cached
    data = load_checked(path, schema, content, remember=False).data
    data_cache.store(key, data)
    return data


def _message(error: ValidationError, schema: str) -> str:
    """A schema error in deckcheck's words. A file's content is quoted only as a short, escaped
    excerpt: a config may name any file (a credentials file among them), and errors reach CI logs."""
    where = "/".join(str(p) for p in error.absolute_path)
    said = _not_the_file(error, schema) or _unknown_key(error) or _unknown_choice(error) or _excerpted(error)
    return f"{where}: {said}" if where else said


EXCERPT = 24  # characters of a value an error quotes


def excerpt(value: Any) -> str:
    """A value as an error quotes it: its first EXCERPT characters, escaped for a terminal."""
    import json  # here: a check whose files are valid quotes none (and a JSON writer's import is 2 ms of its start)

    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    shown = for_terminal(text if len(text) <= EXCERPT else text[:EXCERPT] + "...")
    return f"'{shown}'" if isinstance(value, str) else shown


def _excerpted(error: ValidationError) -> str:
    """The schema's own words, with the value they are about shortened (they quote it whole)."""
    return error.message.replace(repr(error.instance), excerpt(error.instance)) if error.instance is not None else error.message


def _not_the_file(error: ValidationError, schema: str) -> str | None:
    """A whole document of the wrong kind (a path naming another file): what it holds, and what it should be."""
    if error.absolute_path or error.validator != "type":
        return None
    described = assembled(schema)
    keys = ", ".join(f"{key}:" for key in list(described.get("properties", {}))[:4])
    kind = f"a {described.get('title', schema)} (a YAML mapping of {keys} ...)"
    return f"this file holds {_kind(error.instance)}, not {kind}: is it the file meant?"


def _kind(value: Any) -> str:
    if isinstance(value, str):
        return f"a line of text ({plural(len(value), 'character')})"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return f"a list of {plural(len(value), 'item')}"
    return "nothing" if value is None else "another kind of value"


def _unknown_choice(error: ValidationError) -> str | None:
    """A value that is none of the words the schema allows, with those words and the ones close to it."""
    from deckcheck.registry import close_to

    choices = error.validator_value if error.validator == "enum" else None
    if not isinstance(error.instance, str) or not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        return None
    return f"{excerpt(error.instance)} is not a choice{close_to(error.instance, choices)} (choices: {', '.join(choices)})"


def _unknown_key(error: ValidationError) -> str | None:
    """A key the schema does not allow, said as an option's typo is: with the keys it could have
    meant (the schema's own words for it are a list of what was unexpected)."""
    from deckcheck.registry import close_to

    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return None
    allowed = list(_properties(error))
    unexpected = [key for key in error.instance if key not in allowed]
    if not unexpected or not allowed:
        return None
    key = str(unexpected[0])
    return f"unknown key '{for_terminal(key)}'{close_to(key, allowed)} (keys: {', '.join(allowed)})"


def _properties(error: ValidationError) -> Mapping[str, Any]:
    """The properties the schema an error is about declares (none for a schema that is not a mapping)."""
    return error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}


def parse_date(text: str | None, path: Path, position: Position | None) -> date | None:
    """A YYYY-MM-DD the schema let through, as a date; FileProblems for one no calendar has."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise FileProblems([located(path, position, f"'{text}' is not a date (YYYY-MM-DD)")]) from None
