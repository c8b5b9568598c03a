"""`deckcheck serve` as a command: what it says before it serves, and what it refuses."""

import sys

import pytest

from conftest import DATA, REPO, run

REGIONAL = REPO / "events" / "regional.yaml"


@pytest.fixture
def no_server(monkeypatch):
    """The command up to the point it would serve: uvicorn.run records what it was given."""
    pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append(kwargs))
    monkeypatch.setattr(sys, "setswitchinterval", lambda seconds: None)  # the test process's stays as it is
    return calls


def test_it_listens_on_this_computer_by_default(no_server):
    outcome = run("serve")
    assert outcome.exit_code == 0 and [(c["host"], c["port"]) for c in no_server] == [("127.0.0.1", 8000)]
    assert "anyone on that network" not in outcome.stderr


def test_a_venues_network_is_said_out_loud(no_server, tmp_path):
    outcome = run("serve", "--host", "0.0.0.0", "--registrations", tmp_path / "decks", "--event", REGIONAL)
    assert "listening on 0.0.0.0: anyone on that network can reach this page" in outcome.stderr
    assert (tmp_path / "decks").is_dir()


def test_registering_needs_the_organiser_to_say_what_decks_are_registered_as(no_server, tmp_path):
    outcome = run("serve", "--registrations", tmp_path)
    assert outcome.exit_code == 2 and "--event FILE or --format FORMAT" in outcome.stderr and not no_server


def test_a_token_is_made_and_printed_once_when_none_is_given(no_server, tmp_path):
    outcome = run("serve", "--registrations", tmp_path, "--format", "type1", "--game", "redemption")
    (line,) = [line for line in outcome.stdout.splitlines() if "/organiser?token=" in line]
    token = line.split("token=")[1].split()[0]
    assert len(token) >= 20 and outcome.stdout.count(token) == 1 and token not in outcome.stderr


@pytest.mark.parametrize("token", ["", "   ", "1234", "fifteen-chars!!"])
def test_a_token_shorter_than_16_characters_is_refused(no_server, tmp_path, token):
    outcome = run("serve", "--registrations", tmp_path, "--format", "type1", "--token", token)
    assert outcome.exit_code == 2 and "needs at least 16 characters" in outcome.stderr and not no_server


def test_the_token_may_come_from_a_file_or_the_environment_out_of_sight_of_ps(no_server, tmp_path, monkeypatch):
    secret = "a-token-of-twenty-chars"
    (tmp_path / "token").write_text(secret + "\n")
    registrations = tmp_path / "registrations"
    by_file = run("serve", "--registrations", registrations, "--format", "type1", "--token-file", tmp_path / "token")
    assert by_file.exit_code == 0 and "ps" not in by_file.stderr and no_server
    monkeypatch.setenv("DECKCHECK_TOKEN", secret)
    by_environment = run("serve", "--registrations", registrations, "--format", "type1")
    assert by_environment.exit_code == 0 and "organiser's pages:" not in by_environment.stdout  # none made: the given one
    monkeypatch.delenv("DECKCHECK_TOKEN")
    on_the_line = run("serve", "--registrations", registrations, "--format", "type1", "--token", secret)
    assert on_the_line.exit_code == 0 and "can be read by every user of this computer (ps)" in on_the_line.stderr


def test_an_ipv6_address_is_printed_in_brackets(no_server):
    assert "http://[::1]:9353/" in run("serve", "--host", "::1", "--port", "9353").stdout


def test_a_port_in_use_is_said_in_one_line(no_server):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        outcome = run("serve", "--port", str(port))
    assert outcome.exit_code == 2 and outcome.stderr.count("\n") == 1 and "cannot listen on" in outcome.stderr and not no_server


def test_a_registrations_folder_that_cannot_keep_the_store_is_one_line_and_exit_2(no_server, tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_TOKEN", "t" * 16)
    (tmp_path / "a-file").write_text("not a folder")
    (tmp_path / "unopenable" / "event.sqlite3").mkdir(parents=True)  # what SQLite cannot open, even for root (a read-only folder is not)
    for folder, said in ((tmp_path / "a-file", "cannot use"), (tmp_path / "unopenable", "event.sqlite3: ")):
        outcome = run("serve", "--registrations", folder, "--event", REGIONAL)
        assert outcome.exit_code == 2 and outcome.stderr.count("\n") == 1 and said in outcome.stderr and not no_server, outcome.stderr


def test_an_unknown_format_for_the_desk_is_one_line(no_server):
    outcome = run("serve", "--game", "redemption", "--format", "type9")
    assert outcome.exit_code == 2 and "--format: Redemption has no format 'type9'" in outcome.stderr


def test_a_port_in_use_is_one_line_and_exit_2(monkeypatch):
    pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
    import uvicorn

    def in_use(app, **kwargs):
        raise SystemExit(1)  # what uvicorn does when it cannot bind

    monkeypatch.setattr(uvicorn, "run", in_use)
    outcome = run("serve", "--port", "8123")
    assert outcome.exit_code == 2 and "cannot listen on 127.0.0.1:8123" in outcome.stderr and "Traceback" not in outcome.stderr


def test_help_names_the_extra():
    assert "deckcheck[serve]" in run("serve", "--help").stdout


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


def test_workers_each_open_the_session_the_command_opened(no_server, tmp_path, monkeypatch):
    import json
    import os

    monkeypatch.delenv("DECKCHECK_SERVE", raising=False)
    database = DATA / "redline-cards.yaml"
    token = "t" * 16
    outcome = run(
        "serve",
        "--workers",
        "2",
        "--registrations",
        tmp_path,
        "--token",
        token,
        "--card-db",
        database,
        "--format",
        "standard",
        "--allowed-host",
        "testserver",
    )
    assert outcome.exit_code == 0
    (call,) = no_server
    assert call["workers"] == 2 and call["factory"] is True
    settings = json.loads(os.environ["DECKCHECK_SERVE"])
    assert (settings["card_db"], settings["registrations"], settings["token"], settings["format"]) == (
        [str(database)],
        str(tmp_path),
        token,
        "standard",
    )

    # what a worker builds from them answers as the single process would
    from deckcheck.serve.app import app_from_environment
    from starlette.testclient import TestClient

    with TestClient(app_from_environment()) as client:
        page = client.post("/check", data={"deck": "game: redline\ngeneral: Mars General\nmain:\n  Crate: 61\n"}).text
    assert "redline.arsenal-size" in page


def test_requests_whose_head_comes_too_slowly_are_cut_off(no_server):
    from deckcheck.serve.slow_clients import DeadlineH11Protocol

    assert run("serve").exit_code == 0
    (call,) = no_server
    assert call["http"] is DeadlineH11Protocol


def test_the_serving_process_lets_the_event_loop_in_between_a_long_checks_turns(no_server, monkeypatch):
    """Checks run in threads beside the event loop: a short switch interval keeps a slow deck from
    holding every other player's check (the serve benchmark times it)."""
    from deckcheck.serve.app import SWITCH_SECONDS

    seen: list[float] = []
    monkeypatch.setattr(sys, "setswitchinterval", lambda seconds: seen.append(seconds))
    assert run("serve").exit_code == 0 and seen == [SWITCH_SECONDS] and SWITCH_SECONDS < 0.005  # Python's default


def test_the_server_runs_with_the_cycle_collector_on(monkeypatch):
    """The command line turns Python's cycle collector off for its short runs (deckcheck/command.py);
    a server runs for hours and must collect its garbage."""
    pytest.importorskip("uvicorn", reason='the serve extra (pip install "deckcheck[serve]") is not installed')
    import gc

    import uvicorn

    collecting = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: collecting.append(gc.isenabled()))
    monkeypatch.setattr(sys, "setswitchinterval", lambda seconds: None)
    gc.disable()  # as deckcheck/command.py leaves it
    try:
        outcome = run("serve")
    finally:
        gc.enable()
    assert outcome.exit_code == 0 and collecting == [True]
