"""A card list kept whole in the cache (loading/kept_lists.py): restored, it is the list its files
give, printing for printing, with its names found alike and the hash of its files; an edited file
is read again; its cards are made as they are read."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest
from deckcheck.loading import card_db, kept_lists, resources
from deckcheck.loading.card_db import CardDatabase, load_databases
from deckcheck.loading.kept_lists import KeptCards
from deckcheck.loading.names import shortened
from deckcheck.loading.positions import KeptTable, bucketed
from deckcheck.registry import known_games
from hypothesis import given
from hypothesis import strategies as st

from conftest import DATA


def _afresh_and_kept(paths: list[Path], monkeypatch, tmp_path) -> tuple[dict[str, CardDatabase], dict[str, CardDatabase]]:
    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    afresh = load_databases(paths)
    monkeypatch.delenv("DECKCHECK_NO_CACHE")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    load_databases(paths)  # read, and kept

    def not_again(*args: object) -> None:
        raise AssertionError("a file was read again instead of the list kept")

    monkeypatch.setattr(card_db, "read_file", not_again)
    return afresh, load_databases(paths)


def _alike(afresh: CardDatabase, kept: CardDatabase) -> None:
    assert isinstance(kept.cards, KeptCards)  # restored, not read
    assert (kept.game, kept.files, kept.formats, len(kept.cards)) == (afresh.game, afresh.files, afresh.formats, len(afresh.cards))
    assert kept.sha256 == afresh.sha256 == _files_hash(afresh.files)
    for read, restored in zip(afresh.cards, kept.cards, strict=True):
        assert (restored.id, restored.name, restored.types, dict(restored.facts)) == (read.id, read.name, read.types, dict(read.facts))
        assert kept.by_id[read.id] is restored
        for name in {read.name, read.title, read.id, read.name.upper(), *shortened(read.name), read.name[:-1] + "#"}:
            assert _ids(kept.names.resolve(name, suggest=True)) == _ids(afresh.names.resolve(name, suggest=True)), name
        assert [c.id for c in kept.names.printings_of(read.title)] == [c.id for c in afresh.names.printings_of(read.title)]
        if read.get("image"):
            found, expected = kept.printing(read.get("image"), read.get("set")), afresh.printing(read.get("image"), read.get("set"))
            assert (found and found.id) == (expected and expected.id)


def _ids(resolution) -> tuple:
    return resolution.how, [c.id for c in resolution.printings], resolution.suggestions


def _files_hash(files: tuple[str, ...]) -> str:
    import hashlib

    return hashlib.sha256(b"".join(Path(f).read_bytes() for f in files)).hexdigest()


@pytest.mark.parametrize("game", [game for game in known_games() if resources.card_data_path(game).exists()])
def test_each_bundled_list_kept_is_the_list_read(game, monkeypatch, tmp_path):
    afresh, kept = _afresh_and_kept([resources.card_data_path(game)], monkeypatch, tmp_path)
    _alike(afresh[game], kept[game])


def test_every_printing_of_the_real_list_is_restored_as_read(real_database, monkeypatch, tmp_path):
    afresh, kept = _afresh_and_kept([real_database[0]], monkeypatch, tmp_path)
    _alike(afresh["redemption"], kept["redemption"])


def test_several_games_from_one_folder_are_kept_together(monkeypatch, tmp_path):
    paths = [DATA / "redline-cards.yaml", DATA / "redemption-cards.yaml"]
    afresh, kept = _afresh_and_kept(paths, monkeypatch, tmp_path)
    assert set(kept) == {"redline", "redemption"}
    for game in kept:
        _alike(afresh[game], kept[game])


def test_an_edited_file_is_read_again(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    listed = tmp_path / "cards.yaml"
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drop, type: resource}\n", encoding="utf-8")
    assert [c.types for c in load_databases([listed])["redline"].cards] == [("resource",)]
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drop, type: general, faction: cpm}\n", encoding="utf-8")
    edited = load_databases([listed])["redline"]
    assert [c.types for c in edited.cards] == [("general",)] and edited.sha256 == _files_hash((str(listed),))


def test_the_same_files_elsewhere_are_named_where_they_are_now(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    content = "game: redline\ncards:\n  - {name: Supply Drop, type: resource}\n"
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "cards.yaml").write_text(content, encoding="utf-8")
    load_databases([tmp_path / "one"])
    assert load_databases([tmp_path / "two"])["redline"].files == (str(tmp_path / "two" / "cards.yaml"),)


def test_a_kept_list_makes_each_card_once_and_only_those_read(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    load_databases([DATA / "redemption-cards.yaml"])
    cards = load_databases([DATA / "redemption-cards.yaml"])["redemption"].cards
    assert isinstance(cards, KeptCards) and len(cards) > 3
    assert cards[-1] is cards[len(cards) - 1] and cards[0] is cards[0]
    assert list(cards[1:3]) == [cards[1], cards[2]]
    assert cards._made.keys() == {0, 1, 2, len(cards) - 1}
    for outside in (len(cards), -len(cards) - 1):
        with pytest.raises(IndexError):
            cards[outside]
    assert "no-such-card" not in cards.by_id and cards[0].id in cards.by_id and len(cards.by_id) == len(cards)
    with pytest.raises(KeyError):
        cards.by_id["no-such-card"]


_GAME = {"game": "redline", "files": [0], "formats": [], "sha256": ""}


@pytest.mark.parametrize(
    "parts",
    [
        [b"not marshal's"],
        [marshal.dumps([1])],
        [marshal.dumps([{"game": "redline"}])],
        [marshal.dumps([{**_GAME, "parts": {"ids": 1, "cards": 2, "offsets": 3}}]), bucketed({"a": 0, "b": 1}), b"", marshal.dumps([0])],
        [marshal.dumps([{**_GAME, "parts": {"ids": 1, "cards": 2, "offsets": 3}}]), bucketed({"a": 0}), b"xy", marshal.dumps([0, 1])],
        [marshal.dumps([{**_GAME, "parts": {"ids": 1, "cards": 2, "offsets": 3}}]), marshal.dumps({"a": 0}), b"", marshal.dumps([0])],
    ],
)
def test_an_entry_of_another_shape_is_no_entry_and_the_files_are_read(parts, monkeypatch, tmp_path):
    from deckcheck.loading import cache, kept_lists

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    listed = DATA / "redline-cards.yaml"
    content = listed.read_bytes()
    cache.store_parts(kept_lists._key([content]), parts)
    assert kept_lists.kept([content]) is None
    read = load_databases([listed])["redline"]
    assert len(read.cards) > 1 and isinstance(load_databases([listed])["redline"].cards, KeptCards)  # kept again, whole


def test_names_without_their_marks_and_names_of_no_card_are_read_without_making_every_card(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    folder = resources.card_data_path("redemption")
    load_databases([folder])
    kept = load_databases([folder])["redemption"]
    assert isinstance(kept.cards, KeptCards)
    marked = next(card for card in kept.cards if shortened(card.name))
    kept.cards._made.clear()  # (made again, a card is another object: compared by id below)
    assert marked.id in [card.id for card in kept.names.resolve(shortened(marked.name)[-1]).printings]
    assert kept.names.resolve(marked.name[:-2] + "zz", suggest=True).suggestions  # a typo: names close to it
    assert 0 < len(kept.cards._made) < len(kept.cards) / 4


def test_a_name_in_other_brackets_is_found_in_a_kept_list_without_indexing_its_names_again(monkeypatch, tmp_path):
    """`Christian Martyr [I]` for `Christian Martyr (I)`: the index of names with every bracket a
    parenthesis is kept with the list (a starter or pasted deck asks it on every check), not made
    again from every name."""
    from deckcheck.loading import names

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    folder = resources.card_data_path("redemption")
    load_databases([folder])
    kept = load_databases([folder])["redemption"]
    marked = next(card for card in kept.cards if card.name.endswith(")") and "[" not in card.name)
    asked = []
    monkeypatch.setattr(names, "bracket_blind", lambda key: asked.append(key) or key.replace("[", "(").replace("]", ")"))
    typed = marked.name.replace("(", "[").replace(")", "]")
    assert marked.id in [card.id for card in kept.names.resolve(typed).printings]
    assert len(asked) == 1  # the name asked, not every name of the list


@given(
    st.dictionaries(st.text(max_size=12), st.integers(0, 10_000) | st.lists(st.integers(0, 10_000), max_size=3), max_size=200),
    st.text(max_size=12),
)
def test_a_table_kept_in_buckets_is_the_table(table, other):
    kept = KeptTable(bucketed(table))
    assert len(kept) == len(table) and dict(kept.items()) == table and set(kept) == set(table)
    for key, value in table.items():
        assert kept[key] == kept.get(key) == value and key in kept
    assert kept.get(other, "none") == table.get(other, "none") and (other in kept) == (other in table)


def test_a_lookup_reads_the_bucket_of_its_key_and_no_other():
    kept = KeptTable(bucketed({f"card {n}": n for n in range(1000)}))
    assert kept.get("card 7") == 7 and kept.get("no such card") is None
    assert 1 <= len(kept._read) <= 2 < len(kept._buckets)


def _reads_counted(monkeypatch) -> list[Path]:
    read = []
    real = card_db.read_bytes
    monkeypatch.setattr(card_db, "read_bytes", lambda path: read.append(path) or real(path))
    return read


def test_files_whose_stat_is_unchanged_are_not_read_again(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kept_lists, "SETTLED", 0)
    listed = tmp_path / "cards.yaml"
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drop, type: resource}\n", encoding="utf-8")
    read = _reads_counted(monkeypatch)
    first = load_databases([listed])["redline"]
    again = load_databases([listed])["redline"]
    assert read == [listed] and isinstance(again.cards, KeptCards)
    assert (again.files, again.sha256, [c.id for c in again.cards]) == (first.files, first.sha256, [c.id for c in first.cards])


def test_a_file_edited_to_the_same_size_is_read_again(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(kept_lists, "SETTLED", 0)
    listed = tmp_path / "cards.yaml"
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drop, type: resource}\n", encoding="utf-8")
    load_databases([listed])
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drip, type: resource}\n", encoding="utf-8")
    assert [c.name for c in load_databases([listed])["redline"].cards] == ["Supply Drip"]


def test_a_file_changed_moments_before_it_was_read_is_not_known_by_its_stat(monkeypatch, tmp_path):
    """Two versions written within a coarse clock's tick may have the same times: a file is known
    by its stat only once it has not changed for SETTLED seconds."""
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    listed = tmp_path / "cards.yaml"
    listed.write_text("game: redline\ncards:\n  - {name: Supply Drop, type: resource}\n", encoding="utf-8")
    read = _reads_counted(monkeypatch)
    load_databases([listed])
    load_databases([listed])
    assert read == [listed, listed]
