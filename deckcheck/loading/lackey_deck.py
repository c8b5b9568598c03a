"""LackeyCCG `.dek` files (XML): `<superzone name="Deck">` and `<superzone name="Reserve">`, each
`<card><name id="IMAGEFILE">Name</name><set>SET</set></card>` one copy.

Parsed with defusedxml's SAX reader: a DTD, entity expansion or external entity in a stranger's
file is refused (a `deck.parse` finding), never expanded; the locator gives each card its line.
"""

from __future__ import annotations

import re
import xml.sax
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesImpl, Locator

from deckcheck.loading.lines import within
from deckcheck.loading.raw_deck import DeckParseError, RawDeck, RawEntry
from deckcheck.model import START, Position

ZONES = {"deck": "main", "reserve": "side"}


class _Cards(ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.zone: str | None = None
        self.zone_positions: dict[str, Position] = {}
        self.cards: list[dict] = []
        self.card: dict | None = None
        self.field: str | None = None
        self.locator: xml.sax.xmlreader.Locator | None = None
        self.outside: list[str] = []  # superzones that are not part of a deck (tokens, ...)

    def setDocumentLocator(self, locator: Locator) -> None:  # noqa: N802 (SAX's name)
        self.locator = locator

    def _here(self) -> Position:
        """Where the parser is (the file's start before it has said where)."""
        if self.locator is None:
            return START
        return Position(self.locator.getLineNumber() or 1, (self.locator.getColumnNumber() or 0) + 1)

    def startElement(self, name: str, attrs: AttributesImpl) -> None:  # noqa: N802
        if name == "superzone":
            label = (attrs.get("name") or "").strip().lower()
            self.zone = ZONES.get(label)
            if self.zone:
                self.zone_positions.setdefault(self.zone, self._here())
            else:
                self.outside.append(label)
        elif name == "card" and self.zone:
            self.card = {"name": "", "set": "", "image": None, "position": self._here(), "zone": self.zone}
        elif self.card is not None and name in ("name", "set"):
            self.field = name
            if name == "name":
                self.card["image"] = attrs.get("id")

    def characters(self, content: str) -> None:
        if self.card is not None and self.field:
            self.card[self.field] += content

    def endElement(self, name: str) -> None:  # noqa: N802
        if name in ("name", "set"):
            self.field = None
        elif name == "card" and self.card is not None:
            self.cards.append(self.card)
            self.card = None
        elif name == "superzone":
            self.zone = None


_DECLARED = re.compile(r"""^\ufeff?\s*<\?xml\b[^>]*?\bencoding\s*=\s*(["'])(?P<encoding>[^"']*)\1""")
UTF8 = {"utf-8", "utf8", "us-ascii", "ascii"}


def read(path: str, text: str) -> RawDeck:
    declared = _DECLARED.match(text)
    if declared and declared["encoding"].strip().lower() not in UTF8:
        # the bytes were read as UTF-8; a parser told otherwise would refuse or misread them
        raise DeckParseError(
            f"the file declares encoding {declared['encoding']!r}; LackeyCCG writes .dek files in UTF-8, the only encoding deckcheck reads",
            Position(1, declared.start("encoding") + 1),
        )
    # imported here: the reader brings urllib and http with it, which a folder of YAML decks never needs
    import defusedxml.sax
    from defusedxml import DefusedXmlException

    handler = _Cards()
    try:
        defusedxml.sax.parseString(text.encode("utf-8"), handler, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise DeckParseError(f"refused: {type(exc).__name__} (a deck file never needs a DTD or entities)", handler._here()) from None
    except xml.sax.SAXParseException as exc:
        raise DeckParseError(f"not a valid LackeyCCG .dek file: {exc.getMessage()}", within(text, _where(exc))) from None
    except (ValueError, LookupError) as exc:  # expat's own refusals (an encoding it cannot handle, ...)
        raise DeckParseError(f"not a valid LackeyCCG .dek file: {exc}", handler._here() if handler.locator else None) from None
    deck = RawDeck(path, game="redemption", zone_positions=dict(handler.zone_positions))
    grouped: dict[tuple, list[dict]] = {}
    for card in handler.cards:
        name = " ".join(card["name"].split())
        if not name:
            raise DeckParseError("a <card> without a name", card["position"])
        grouped.setdefault((card["zone"], card["image"], card["set"].strip(), name), []).append(card)
    for (zone, image, card_set, name), copies in grouped.items():
        deck.entries.append(RawEntry(name, len(copies), zone, copies[0]["position"], image, card_set or None))
    return deck


def _where(exc: xml.sax.SAXParseException) -> Position:
    return Position(exc.getLineNumber() or 1, (exc.getColumnNumber() or 0) + 1)
