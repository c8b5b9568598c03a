"""Names as people type them: normalisation, accents, printings, suggestions."""

import pytest
from deckcheck.loading.card_db import load_databases
from deckcheck.loading.names import normalise

from conftest import DATA

NAMES = load_databases([DATA])["redemption"].names


@pytest.mark.parametrize("typed", ["Filler 7", "filler 7", "  FILLER   7 ", "Ｆｉｌｌｅｒ ７", "Filler\u00a07", "filler-7"])
def test_case_width_space_and_id(typed):
    assert NAMES.resolve(typed).card.name == "Filler 7"


def test_curly_quotes_are_straightened():
    assert normalise("Gideon\u2019s Call") == normalise("Gideon's Call")
    assert normalise("\u201cRejoice\u201d") == normalise('"Rejoice"')


@pytest.mark.parametrize("typed", ["Seance", "seance", "Séance", "SE\u0301ANCE"])
def test_accents_ignored_when_one_card_is_left(typed):
    assert NAMES.resolve(typed).card.name == "Séance"


def test_title_matching_several_printings_is_ambiguous():
    resolution = NAMES.resolve("John")
    assert resolution.card is None
    assert {c.id for c in resolution.candidates} == {"john-j", "john-h", "john-promo"}


def test_printing_name_and_id_pick_one():
    assert NAMES.resolve("John (H)").card.id == "john-h"
    assert NAMES.resolve("john-promo").card.name == "John (Promo)"


def test_unknown_name_gets_up_to_three_suggestions():
    resolution = NAMES.resolve("Filer 12", suggest=True)
    assert resolution.card is None and not resolution.candidates
    assert resolution.suggestions[0] == "Filler 12"
    assert len(resolution.suggestions) <= 3


def test_nothing_close_suggests_nothing():
    assert NAMES.resolve("Qwxz Zzyzx").suggestions == ()


def test_unknown_card_finding_offers_close_matches(check_deck):
    outcome = check_deck("game: redemption\nmain:\n  Filer 12: 1\n", "redemption-cards.yaml")
    (finding,) = outcome.findings("deck.unknown-card")
    assert finding["message"].startswith("no redemption card is called 'Filer 12'; did you mean 'Filler 12'")
    assert (finding["line"], finding["column"]) == (3, 3)
