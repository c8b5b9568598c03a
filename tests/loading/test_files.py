"""deckcheck/loading/files.py: a file read whole, up to its limit, whatever its size said."""

import os
from pathlib import Path

import pytest
from deckcheck.loading.files import UnreadableFile, read_limited


def _sizes_said(monkeypatch, size: int) -> None:
    """os.fstat says `size` bytes, as it did before the file grew."""
    real = os.fstat
    monkeypatch.setattr(os, "fstat", lambda descriptor: os.stat_result((*real(descriptor)[:6], size, *real(descriptor)[7:])))


def test_a_file_is_read_whole(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"main:\n  Card: 3\n" * 1000)
    assert read_limited(path) == b"main:\n  Card: 3\n" * 1000


def test_a_file_that_grew_after_its_size_was_taken_is_read_whole(tmp_path, monkeypatch):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"x" * 5000)
    _sizes_said(monkeypatch, 10)
    assert read_limited(path) == b"x" * 5000


def test_a_file_that_grew_past_the_limit_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"x" * 5000)
    _sizes_said(monkeypatch, 10)
    with pytest.raises(UnreadableFile, match="larger than"):
        read_limited(path, limit=4096)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc here (Linux has it)")
def test_a_regular_file_of_size_zero_with_content_is_read(tmp_path):
    # /proc's files are regular and say 0 bytes
    assert b"Name:" in read_limited(Path("/proc/self/status"))


def test_a_file_exactly_at_the_limit_is_read(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"x" * 4096)
    assert len(read_limited(path, limit=4096)) == 4096
    path.write_bytes(b"x" * 4097)
    with pytest.raises(UnreadableFile, match="larger than"):
        read_limited(path, limit=4096)
