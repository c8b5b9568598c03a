"""What check says of a pasted deck's lines that are not cards (loading/pasted.py tells which they
are): a skipped line, with how to keep it as a comment, and a header whose number the cards under
it do not add up to."""

from __future__ import annotations

from deckcheck.check.loaded import finding_of
from deckcheck.loading.raw_deck import RawDeck
from deckcheck.model import Finding
from deckcheck.rules.common import HEADER_COUNT, HEADER_OR_CARD, SKIPPED_LINE
from deckcheck.wording import plural


def skipped_lines(raw: RawDeck) -> list[Finding]:
    return [
        finding_of(
            SKIPPED_LINE,
            f"skipped {_shown(text)}: {why}, not a card (no card's name is close to it); put '# ' before it to keep it as a comment",
            position=position,
        )
        for position, text, why in raw.skipped
    ]


def headers_not_cards(raw: RawDeck) -> list[Finding]:
    """A warning for each line read as a group's header that also reads as a card (loading/pasted.py)."""
    return [
        finding_of(
            HEADER_OR_CARD,
            f"{_shown(f'{name} ({count})')} was read as the header of the {plural(count, 'card')} under it; "
            f"for {plural(count, 'copy')} of {name}, write '{count} {name}'",
            position=position,
        )
        for position, name, count in raw.header_not_card
    ]


def header_counts(raw: RawDeck) -> list[Finding]:
    """A warning for each header whose number is not the count of the cards under it (up to the next header)."""
    findings = []
    for index, header in enumerate(raw.headers):
        if header.count is None:
            continue
        end = raw.headers[index + 1].position.line if index + 1 < len(raw.headers) else None
        under = sum(e.count for e in raw.entries if e.position.line > header.position.line and (end is None or e.position.line < end))
        if under != header.count:
            said = (
                f"the header {_shown(header.words)} says {header.count}; {plural(under, 'card')} {'follows' if under == 1 else 'follow'} it"
            )
            findings.append(finding_of(HEADER_COUNT, said, position=header.position))
    return findings


def _shown(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")
