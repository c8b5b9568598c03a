"""What a new user meets first: pointers to real data, options checked up front, standard input."""

import pytest

from conftest import DATA, run

IMPORT_HINT = "deckcheck db import lackey carddata.txt --formats formats.txt -o cards/redemption"


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "unknown, known, hinted",
    [(6, 4, True), (5, 5, False)],  # more than half of the names unknown: the hint; half: not
)
def test_a_redemption_deck_the_bundled_cards_do_not_know_points_at_the_import(tmp_path, unknown, known, hinted):
    from deckcheck.loading.card_db import Databases

    bundled = [card.name for card in Databases().for_game("redemption").cards[:known]]
    lines = [f"1 Card Only Lackey Knows {i}" for i in range(unknown)] + [f"1 {name}" for name in bundled]
    deck = write(tmp_path, "deck.txt", "# game: redemption\n" + "\n".join(lines) + "\n")
    outcome = run("check", deck, "--output-format", "json")
    notes = outcome.deck["notes"]
    assert any(IMPORT_HINT in note and "LackeyCCG/plugins/" in note for note in notes) is hinted
    if hinted:
        assert any(note.startswith(f"{unknown} names of {unknown + known} are not among the") for note in notes)


def test_no_import_hint_with_a_card_database_of_ones_own(tmp_path):
    deck = write(tmp_path, "deck.txt", "# game: redemption\n1 Nobody 1\n1 Nobody 2\n")
    outcome = run("check", deck, "--card-db", DATA / "redemption-cards.yaml", "--output-format", "json")
    assert outcome.deck["notes"] == [] and "deck.unknown-card" in outcome.errors
