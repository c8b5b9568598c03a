"""A rule's documentation from its declaration: `deckcheck rules --explain ID` (text or JSON) and
the rules reference, docs/rules.md (one section a rule, as ruff's rule pages are). Nothing here
is written by hand: a rule documents itself where it is declared."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from deckcheck.catalogue import Listed
from deckcheck.escaping import for_json

REFERENCE_HEAD = (
    "# deckcheck's rules\n\n"
    "Generated from each rule's declaration by `python -m deckcheck.report.rule_docs > docs/rules.md`; a test fails\n"
    "when this file is stale. `deckcheck rules --explain ID` prints one entry. Each rule: what it checks, why, how\n"
    "each format states it (its numbers and rulebook section), and a deck that breaks it beside the same deck mended\n"
    "(a test runs every one).\n"
)


def _belongs(entry: Listed) -> str:
    return "every game" if entry.game is None else f"{entry.game.title} (`game: {entry.game.name}`)"


def _indented(text: str) -> str:
    return "\n".join(f"    {line}" if line else "" for line in text.rstrip("\n").splitlines())


def explain_text(entry: Listed) -> str:
    rule, doc = entry.rule, entry.rule.doc
    parts = [
        f"{rule.id} ({rule.severity.value}, {_belongs(entry)})",
        "",
        f"What: {doc.what}",
        f"Why: {doc.why}",
        "",
        "As each format states it:",
    ]
    for wording in entry.wordings:
        parts += [f"  {', '.join(wording.formats)}:", f"    {wording.summary}", f"    source: {wording.source}"]
    example = doc.example
    if example is None:
        parts += ["", f"No example deck: {doc.no_example}."]
    else:
        parts += ["", "Example: this deck breaks it", _indented(example.fails), "", "and this one does not", _indented(example.passes)]
        if example.cards:
            parts += ["", "read against these cards", _indented(example.cards)]
        if example.event:
            parts += ["", "under this event file", _indented(example.event)]
    return "\n".join(parts) + "\n"


def explain_data(entry: Listed) -> dict[str, Any]:
    rule, doc = entry.rule, entry.rule.doc
    example = doc.example
    return {
        "id": rule.id,
        "severity": rule.severity.value,
        "game": entry.game.name if entry.game else None,
        "what": doc.what,
        "why": doc.why,
        "wordings": [{"formats": list(w.formats), "summary": w.summary, "source": w.source} for w in entry.wordings],
        "example": None
        if example is None
        else {"fails": example.fails, "passes": example.passes, "suffix": example.suffix, "cards": example.cards, "event": example.event},
        "no_example": doc.no_example or None,
    }


def explain_json(entry: Listed) -> str:
    return for_json(json.dumps(explain_data(entry), indent=2, ensure_ascii=False)) + "\n"


def _fenced(text: str, language: str) -> str:
    return f"```{language}\n{text.rstrip(chr(10))}\n```"


def _section(entry: Listed) -> str:
    rule, doc = entry.rule, entry.rule.doc
    lines = [
        f"### `{rule.id}`",
        "",
        f"*{rule.severity.value}*, {_belongs(entry)}",
        "",
        f"**What.** {doc.what}",
        "",
        f"**Why.** {doc.why}",
        "",
    ]
    lines.append("**As each format states it.**")
    lines.append("")
    for wording in entry.wordings:
        lines.append(f"- {', '.join(f'`{f}`' for f in wording.formats)}: {wording.summary} ({wording.source})")
    lines.append("")
    example = doc.example
    if example is None:
        lines += [f"**Example.** None: {doc.no_example}.", ""]
        return "\n".join(lines)
    language = "yaml" if example.suffix == ".yaml" else "text"
    lines += [
        "**Example.** This deck breaks it:",
        "",
        _fenced(example.fails, language),
        "",
        "This one does not:",
        "",
        _fenced(example.passes, language),
        "",
    ]
    if example.cards:
        lines += ["Read against these cards (a card database of the example's own):", "", _fenced(example.cards, "yaml"), ""]
    if example.event:
        lines += ["Under this event file:", "", _fenced(example.event, "yaml"), ""]
    return "\n".join(lines)


def reference(entries: Sequence[Listed]) -> str:
    """docs/rules.md: a contents list, then the rules every game shares, then each game's."""
    groups: dict[str, list[Listed]] = {}
    for entry in entries:
        groups.setdefault("Every game" if entry.game is None else entry.game.title, []).append(entry)
    contents = [f"- {title}: " + ", ".join(f"[`{e.id}`](#{e.id.replace('.', '')})" for e in listed) for title, listed in groups.items()]
    parts = [REFERENCE_HEAD, "\n".join(contents), ""]
    for title, listed in groups.items():
        parts += [f"## {title}", ""]
        parts += [_section(entry) for entry in listed]
    return "\n".join(parts).rstrip("\n") + "\n"


def main() -> None:
    import sys

    from deckcheck.catalogue import catalogue

    sys.stdout.write(reference(catalogue()))


if __name__ == "__main__":
    main()
