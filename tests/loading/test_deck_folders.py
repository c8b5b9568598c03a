"""deckcheck/loading/decks.py: which files of a folder a check reads as decks, and which it leaves out."""

import errno
import os
from pathlib import Path

import pytest
from deckcheck.loading.decks import _is_file, collect_decks
from deckcheck.loading.files import MAX_BYTES

DECK = "game: redline\nmain:\n  Crate: 3\n"


def _write(path: Path, text: str = DECK) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _names(paths: list[Path], folder: Path) -> list[str]:
    return [path.relative_to(folder).as_posix() for path in paths]


def test_a_folder_gives_its_deck_files_at_every_depth_sorted_and_nothing_else(tmp_path):
    for name in ("b.yaml", "A.YAML", "sub/c.txt", "sub/deeper/d.dek", "sub/e.yml", "f.deck"):
        _write(tmp_path / name)
    _write(tmp_path / "notes.md")
    _write(tmp_path / "sub" / "README")
    (tmp_path / "folder.yaml").mkdir()  # a folder named like a deck is no deck
    found = collect_decks([tmp_path])
    assert _names(found.files, tmp_path) == ["A.YAML", "b.yaml", "f.deck", "sub/c.txt", "sub/deeper/d.dek", "sub/e.yml"]
    assert found.skipped == []


def test_hidden_files_and_everything_in_hidden_folders_are_left_out(tmp_path):
    _write(tmp_path / "deck.yaml")
    _write(tmp_path / ".draft.yaml")
    _write(tmp_path / ".github" / "workflows" / "check.yml")
    _write(tmp_path / "sub" / ".old" / "deck.txt")
    assert _names(collect_decks([tmp_path]).files, tmp_path) == ["deck.yaml"]


def test_a_hidden_folder_named_is_searched(tmp_path):
    folder = tmp_path / ".decks"
    _write(folder / "deck.yaml")
    assert _names(collect_decks([folder]).files, folder) == ["deck.yaml"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this system")
def test_a_link_to_a_file_is_a_deck_and_a_link_to_a_folder_is_not_followed(tmp_path):
    folder, outside = tmp_path / "decks", tmp_path / "outside"
    _write(outside / "linked.yaml")
    _write(folder / "own.yaml")
    (folder / "file.yaml").symlink_to(outside / "linked.yaml")
    (folder / "folder").symlink_to(outside, target_is_directory=True)
    (folder / "broken.yaml").symlink_to(tmp_path / "nowhere.yaml")
    assert _names(collect_decks([folder]).files, folder) == ["file.yaml", "own.yaml"]


def test_a_file_named_is_taken_as_it_is(tmp_path):
    named = _write(tmp_path / ".hidden.md", "anything")
    assert collect_decks([named]).files == [named]


def _card_database(size: int) -> str:
    lines = ["game: redline", "cards:"]
    while sum(len(line) + 1 for line in lines) < size:
        lines.append(f"  - {{id: c{len(lines)}, name: Card {len(lines)}, type: Unit}}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("size", [100, 4096, 10_000, pytest.param(MAX_BYTES + 10_000, marks=pytest.mark.slow)])
def test_a_card_database_of_any_size_is_left_out_with_why(tmp_path, size):
    """Its head alone, and all of it past the head's 4,096 bytes (over the 1 MiB a deck may have too)."""
    _write(tmp_path / "deck.yaml")
    _write(tmp_path / "cards.yaml", _card_database(size))
    found = collect_decks([tmp_path])
    assert _names(found.files, tmp_path) == ["deck.yaml"]
    assert [(path.name, why) for path, why in found.skipped] == [("cards.yaml", "a card database (give it to --card-db)")]


def test_a_card_database_with_windows_line_ends_is_left_out_too(tmp_path):
    """`cards:` ends its line with CR LF: it is still the card database's key."""
    (tmp_path / "deck.yaml").write_bytes(b"game: redline\r\nmain:\r\n  Crate: 3\r\n")
    (tmp_path / "cards.yaml").write_bytes(_card_database(100).replace("\n", "\r\n").encode())
    found = collect_decks([tmp_path])
    assert _names(found.files, tmp_path) == ["deck.yaml"]
    assert [(path.name, why) for path, why in found.skipped] == [("cards.yaml", "a card database (give it to --card-db)")]


def test_a_deck_key_past_the_head_keeps_the_file_a_deck(tmp_path):
    """The keys of a card database on the first 4,096 bytes, then a deck's: a deck, checked as one."""
    head = _card_database(5000)
    _write(tmp_path / "odd.yaml", head + "main:\n  Crate: 3\n")
    assert _names(collect_decks([tmp_path]).files, tmp_path) == ["odd.yaml"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links on this system")
def test_a_loop_of_links_is_no_deck(tmp_path):
    _write(tmp_path / "deck.yaml")
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    assert _names(collect_decks([tmp_path]).files, tmp_path) == ["deck.yaml"]


class _Listed:
    """A folder listing's entry whose file cannot be looked at, for the reason given."""

    def __init__(self, code: int):
        self.code = code

    def is_file(self) -> bool:
        raise OSError(self.code, os.strerror(self.code))


@pytest.mark.parametrize("code, taken", [(errno.EACCES, True), (errno.ELOOP, False), (errno.ENOENT, False)])
def test_a_file_that_cannot_be_looked_at_is_read_to_say_why_unless_there_is_none(code, taken):
    """No permission: read as a deck, whose check says it cannot be read; a loop or nothing: no file."""
    assert _is_file(_Listed(code)) is taken


def test_a_card_lists_header_above_a_decks_lines_leaves_it_a_deck_and_the_card_list_stays_out(tmp_path):
    """Issue 49: a deck whose first line is LackeyCCG's card-list header was left out of a folder
    run with a warning (exit 0) while the file alone was ILLEGAL. Left out as a card list now is a
    file that is one as a whole: the header and rows of its columns."""
    from conftest import DATA

    real_list = (DATA / "lackey" / "carddata.txt").read_text(encoding="utf-8")
    header = real_list.splitlines()[0]
    _write(tmp_path / "deck.txt", f"{header}\n1\tSon of God\n3\tSon of God\n")
    _write(tmp_path / "carddata.txt", real_list)
    found = collect_decks([tmp_path])
    assert _names(found.files, tmp_path) == ["deck.txt"]
    assert [(path.name, why.split(" (")[0]) for path, why in found.skipped] == [("carddata.txt", "a LackeyCCG card list")]


def test_a_file_left_out_of_a_folder_run_fails_it_under_strict(tmp_path):
    from conftest import DATA, run

    _write(tmp_path / "decks" / "carddata.txt", (DATA / "lackey" / "carddata.txt").read_text(encoding="utf-8"))
    assert run("check", tmp_path / "decks").exit_code == 0
    assert run("check", tmp_path / "decks", "--strict").exit_code == 1
