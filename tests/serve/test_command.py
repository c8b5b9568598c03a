"""`deckcheck serve` as a command: what it says before it serves, and what it refuses."""

import pytest

from conftest import run


@pytest.fixture
def no_server(monkeypatch):
    """The command up to the point it would serve: uvicorn.run records what it was given."""
    pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    return calls


def test_it_listens_on_this_computer_by_default(no_server):
    outcome = run("serve")
    assert outcome.exit_code == 0 and no_server == [{"host": "127.0.0.1", "port": 8000, "log_level": "warning"}]
    assert "anyone on that network" not in outcome.stderr


def test_a_venues_network_is_said_out_loud(no_server, tmp_path):
    outcome = run("serve", "--host", "0.0.0.0", "--registrations", tmp_path / "decks")
    assert "listening on 0.0.0.0: anyone on that network can reach this page (and, without --token, the organiser page)" in outcome.stderr
    assert (tmp_path / "decks").is_dir()


def test_without_the_extra_it_says_how_to_get_it(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    outcome = run("serve")
    assert outcome.exit_code == 2 and 'pip install "deckcheck[serve]"' in outcome.stderr


def test_workers_each_load_the_site_the_command_checked(no_server, tmp_path, monkeypatch):
    import json
    import os

    from conftest import DATA

    monkeypatch.delenv("DECKCHECK_SERVE", raising=False)
    outcome = run("serve", "--workers", "2", "--registrations", tmp_path, "--token", "t", "--card-db", DATA / "redline-cards.yaml")
    assert outcome.exit_code == 0
    (call,) = no_server
    assert call["workers"] == 2 and call["factory"] is True
    settings = json.loads(os.environ["DECKCHECK_SERVE"])
    assert settings == {"card_db": [str(DATA / "redline-cards.yaml")], "events": [], "registrations": str(tmp_path), "token": "t"}

    # what a worker builds from them answers as the single process would
    from deckcheck.serve.app import app_from_environment
    from starlette.testclient import TestClient

    with TestClient(app_from_environment()) as client:
        page = client.post("/check", data={"deck": "game: redline\ngeneral: Mars General\nmain:\n  Crate: 61\n"}).text
    assert "redline.arsenal-size" in page
