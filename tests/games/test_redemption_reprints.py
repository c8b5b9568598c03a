"""An alternate-border reprint is the same card as its set's printing however the card list spells
it (issue 48): `Sow, Reap, and Rejoice (RoJ)` and `Sow, Reap and Rejoice (RoJ AB)` are one card.
The pairs are found here from what the card list says of each card (its set, type, brigades and
ability text), not from its name."""

import csv
import difflib

import pytest
from deckcheck.games.redemption.rules_version import versions
from deckcheck.games.redemption.same_card import tournament_identity
from deckcheck.loading.card_db import load_databases

from conftest import SHARED

REAL_LIST = SHARED / "data" / "redemption-lackey" / "carddata.txt"

CARDS = """game: redemption
cards:
  - {name: "Sow, Reap, and Rejoice (RoJ)", id: sow, type: good_enhancement, brigades: [purple, gold], set: RoJ, image: 55-Sow}
  - {name: "Sow, Reap and Rejoice (RoJ AB)", id: sow-ab, type: good_enhancement, brigades: [gold, purple], set: RoJ (AB),
     image: RoJ_AB_N55-Sow}
  - {name: "The Binding Angel (RoJ)", id: binding, type: hero, brigades: [silver], set: RoJ, image: 70-The-Binding-Angel}
  - {name: "The Blinding Angel (RoJ AB)", id: blinding, type: hero, brigades: [silver], set: RoJ (AB), image: RoJ_AB_N70-The-Binding-Angel}
  - {name: "The Blinding Light (RoJ)", id: light, type: good_enhancement, brigades: [silver], set: RoJ, image: 71-Light}
"""


def test_a_reprint_spelt_otherwise_or_misspelt_is_its_printings_card(tmp_path):
    """Our own four printings: a reprint whose title drops a comma, and one whose title is misspelt
    but whose image is named after its printing's; a card of the same set and brigade stays apart."""
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    database = load_databases([path])["redemption"]
    same = tournament_identity(database, versions()[-1])
    card = database.by_id
    assert same.same(card["sow"], card["sow-ab"]) and same.same(card["binding"], card["blinding"])
    assert not same.same(card["blinding"], card["light"]) and not same.same(card["sow"], card["light"])


def _reprint_pairs() -> list[tuple[str, str]]:
    """(the set's printing, its alternate-border reprint) by name, for each row of an `(AB)` set:
    the printing of its base set with its type and brigades whose ability text is closest to its
    own (at least 0.8 alike, and alone that close)."""
    with REAL_LIST.open(encoding="utf-8", newline="") as file:
        rows = [row for row in list(csv.reader(file, delimiter="\t", quoting=csv.QUOTE_NONE))[1:] if len(row) > 10]
    by_set: dict[str, list[list[str]]] = {}
    for row in rows:
        by_set.setdefault(row[1], []).append(row)
    pairs = []
    for row in rows:
        if not row[1].endswith("(AB)"):
            continue
        base = row[1].removesuffix("(AB)").strip()
        alike = [
            (difflib.SequenceMatcher(None, row[10].casefold(), other[10].casefold()).ratio(), other[0])
            for other in by_set.get(base, [])
            if other[4] == row[4] and set(other[5].split("/")) == set(row[5].split("/"))
        ]
        alike.sort(reverse=True)
        if alike and alike[0][0] >= 0.8 and (len(alike) == 1 or alike[1][0] < alike[0][0]):
            pairs.append((alike[0][1], row[0]))
    return pairs


@pytest.mark.slow
@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_every_alternate_border_reprint_is_the_same_card_as_its_printing(real_database):
    database = load_databases([real_database[0]])["redemption"]
    same = tournament_identity(database, versions()[-1])
    pairs = _reprint_pairs()
    assert len(pairs) > 350  # of the card list's 387 alternate-border rows
    apart = []
    for printing, reprint in pairs:
        first, second = database.names.resolve(printing).card, database.names.resolve(reprint).card
        assert first is not None and second is not None, (printing, reprint)
        if not same.same(first, second):
            apart.append((printing, reprint))
    assert apart == []


@pytest.mark.slow
@pytest.mark.skipif(not REAL_LIST.is_file(), reason="../shared/data/redemption-lackey is not beside this checkout")
def test_the_pair_the_issue_names_is_one_card(real_database):
    database = load_databases([real_database[0]])["redemption"]
    same = tournament_identity(database, versions()[-1])
    assert ("Sow, Reap, and Rejoice (RoJ)", "Sow, Reap and Rejoice (RoJ AB)") in _reprint_pairs()
    first = database.names.resolve("Sow, Reap, and Rejoice (RoJ)").card
    second = database.names.resolve("Sow, Reap and Rejoice (RoJ AB)").card
    assert same.same(first, second)
