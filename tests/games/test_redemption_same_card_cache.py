"""What is worked out from a card list once and kept in the cache: the same-card groups, with the
newer sets' characters that may be older cards' people, and the dictionary's name errata matched
to the printings. Restored from it, they answer every question as those worked out afresh do, on
the bundled cards and on every printing of the real list."""

from __future__ import annotations

from deckcheck.games.redemption import dictionary as dictionary_module
from deckcheck.games.redemption import same_card
from deckcheck.games.redemption.rules_version import versions
from deckcheck.loading.card_db import CardDatabase, Databases, load_databases


def _alike(database: CardDatabase, monkeypatch, tmp_path) -> None:
    version = versions()[-1]
    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    afresh = same_card.SameCard(database, version)
    monkeypatch.delenv("DECKCHECK_NO_CACHE")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    same_card.SameCard(database, version)  # works them out, and keeps them

    def not_again(*args: object) -> None:
        raise AssertionError("the groups were worked out again instead of read from the cache")

    monkeypatch.setattr(same_card, "matched", not_again)
    monkeypatch.setattr(same_card.NewerCards, "worked_out", not_again)
    restored = same_card.SameCard(database, version)
    assert restored.newer is not None and afresh.newer is not None
    assert (restored.newer.sets, restored.newer.kept()) == (afresh.newer.sets, afresh.newer.kept())
    for card in database.cards:
        assert (restored(card), restored.also(card), restored.generic(card), restored.title(card)) == (
            afresh(card),
            afresh.also(card),
            afresh.generic(card),
            afresh.title(card),
        ), card.name
    groups: dict[str, list] = {}
    for card in database.cards:
        groups.setdefault(afresh(card), []).append(card)
    for members in groups.values():
        if len(members) > 1:
            assert restored.why(members[:3]) == afresh.why(members[:3])
            assert restored.not_same(members[0]) == afresh.not_same(members[0])


def test_the_bundled_cards_groups_restored_are_the_groups(monkeypatch, tmp_path):
    _alike(Databases().for_game("redemption"), monkeypatch, tmp_path)


def test_every_printing_of_the_real_list_is_grouped_alike_from_the_cache(real_database, monkeypatch, tmp_path):
    _alike(load_databases([real_database[0]])["redemption"], monkeypatch, tmp_path)


def test_another_card_list_is_not_given_the_groups_of_this_one(monkeypatch, tmp_path):
    version = versions()[-1]
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    bundled = Databases().for_game("redemption")
    same_card.SameCard(bundled, version)
    listed = tmp_path / "cards.yaml"
    listed.write_text(
        "game: redemption\ncards:\n"
        "  - {name: Peter (I), id: peter-i, title: Peter, type: hero, brigades: [purple], special_ability: true}\n"
        "  - {name: Peter (J), id: peter-j, title: Peter, type: hero, brigades: [purple], special_ability: true}\n",
        encoding="utf-8",
    )
    other = load_databases([listed])["redemption"]
    grouped = same_card.SameCard(other, version)
    assert grouped(other.cards[0]) == grouped(other.cards[1])  # the same title and icon: one card, worked out for this list


def _renamings_alike(database: CardDatabase, monkeypatch, tmp_path) -> None:
    """The dictionary's name errata matched to the list's printings, restored from the cache, are
    those matched afresh (renamed_printings.__wrapped__: past the memo of this process)."""
    found = dictionary_module.dictionary(versions()[-1].dictionary)
    afresh = dictionary_module._renamed_printings(found, database)
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    assert dictionary_module.renamed_printings.__wrapped__(found, database) == afresh  # matched, and kept

    def not_again(*args: object) -> None:
        raise AssertionError("the name errata were matched again instead of read from the cache")

    monkeypatch.setattr(dictionary_module, "_renamed_printings", not_again)
    assert dictionary_module.renamed_printings.__wrapped__(found, database) == afresh


def test_the_bundled_cards_renamings_restored_are_the_renamings(monkeypatch, tmp_path):
    _renamings_alike(Databases().for_game("redemption"), monkeypatch, tmp_path)


def test_every_renamed_printing_of_the_real_list_is_restored_alike(real_database, monkeypatch, tmp_path):
    database = load_databases([real_database[0]])["redemption"]
    assert dictionary_module._renamed_printings(dictionary_module.dictionary(versions()[-1].dictionary), database)  # some to restore
    _renamings_alike(database, monkeypatch, tmp_path)
