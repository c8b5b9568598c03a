"""`deckcheck serve`'s page through HTTP (Starlette's test client): check, the organiser's desk,
register, the organiser's pages behind their token, exports, the API, and bad input."""

import json
import re
import sqlite3
import threading
from contextlib import closing
from dataclasses import asdict
from datetime import date

import pytest

pytest.importorskip("starlette", reason='the serve extra (pip install "deckcheck[serve]") is not installed')

import anyio.to_thread  # noqa: E402
from deckcheck.loading.card_db import Databases, load_databases  # noqa: E402
from deckcheck.serve.app import create_app  # noqa: E402
from deckcheck.serve.checking import Checks, check_sent  # noqa: E402
from deckcheck.serve.desk import Desk  # noqa: E402
from deckcheck.serve.registrations import deck_of, read_all  # noqa: E402
from deckcheck.serve.site import (
    ServeSettings,  # noqa: E402
    Site,  # noqa: E402
    site_from,  # noqa: E402
)
from deckcheck.serve.store import StoreProblem  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from conftest import DATA, REPO, run, zone_yaml  # noqa: E402

EXAMPLES = REPO / "examples"
ILLEGAL = "game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 19\n  EF-9 Rabbit: 5\n"
LEGAL = (EXAMPLES / "redline-cpm.yaml").read_text()
REDLINE_DESK = Desk("redline", "standard", date(2026, 9, 1))


class ChecksInThreads(Checks):
    """The page's checks, in threads of the test's own process rather than worker processes.

    Starting a worker is a new interpreter reading every game's cards (a third of a second of CPU),
    and a test client without `with` has a new event loop, so new workers, at each request: these
    tests are of the page, and the workers, their time limit and their start are tested on their own
    (test_checks.py, test_command.py, and the browser's tests through a real `deckcheck serve`).
    """

    async def run(self, sent, options, databases):
        return await anyio.to_thread.run_sync(check_sent, sent, options, databases)

    async def warm(self, databases):
        pass


def client_for(site: Site) -> TestClient:
    site.allowed_hosts = site.allowed_hosts | {"desk.test"}  # the test client's name, as --allowed-host gives it
    checks = site.checks
    site.checks = ChecksInThreads(checks.seconds, checks.at_once, checks.organiser_at_once)
    client = TestClient(create_app(site), base_url="http://desk.test")
    client.site = site
    return client


def redline_desk(folder, token="s3cret") -> TestClient:
    """A client of a REDLINE desk registering into `folder`, its organiser's token `token`."""
    return client_for(Site(Databases(), desk=REDLINE_DESK, registrations=folder, token=token))


@pytest.fixture
def client(tmp_path):
    lines = []
    site = Site(Databases(), desk=REDLINE_DESK, registrations=tmp_path / "registrations", token="s3cret", log=lines.append)
    site.registrations.mkdir()
    with client_for(site) as client:
        client.logged = lines
        yield client


@pytest.fixture
def open_checker():
    with client_for(Site(Databases())) as client:
        yield client


def register(client, player, deck=ILLEGAL):
    return client.post("/check", data={"deck": deck, "player": player, "register": "yes"}).text


def kept(client):
    """Every registration the desk's store keeps, oldest first."""
    return read_all(client.site.store)


def kept_decks(client):
    return [deck_of(client.site.store, record.deck_file).decode() for record in kept(client)]


def organiser(client, path="/organiser"):
    client.get("/organiser?token=s3cret")  # the token once, then the cookie
    return client.get(path)


# --- checking --------------------------------------------------------------------------------------


def test_the_form_needs_no_javascript(open_checker):
    page = open_checker.get("/").text
    assert '<form method="post" action="/check" enctype="multipart/form-data">' in page and "<script" not in page


def test_the_open_checker_lists_each_games_formats(open_checker):
    page = open_checker.get("/").text
    assert '<optgroup label="redemption">' in page and '<option value="type1">type1</option>' in page


def test_a_pasted_illegal_deck_shows_its_rule_and_line(client):
    page = client.post("/check", data={"deck": ILLEGAL}).text
    assert '<span class="illegal">ILLEGAL</span>' in page
    assert "<td>5:3</td>" in page and "redline.copy-limit" in page
    assert '<section class="sheet">' in page  # the printable sheet below


def test_an_uploaded_dek_is_read_as_lackey_xml(open_checker):
    dek = REPO / "tests" / "decks" / "redemption" / "deck-i.dek"
    page = open_checker.post("/check", files={"file": ("deck-i.dek", dek.read_bytes())}, data={"deck": ""}).text
    assert "redemption" in page and "deck.parse" not in page


def test_a_path_in_an_uploaded_file_name_is_ignored(client):
    page = client.post("/check", files={"file": ("../../etc/passwd.yaml", ILLEGAL.encode())}).text
    assert "passwd.yaml" in page and "../" not in page and "etc/passwd" not in page


@pytest.mark.parametrize("how", ["file", "pasted"])
def test_every_oversized_deck_gets_the_413_page_that_says_why(client, how):
    big = "1 Card\n" * 160_000  # just over 1 MiB
    sent = {"files": {"file": ("big.txt", big.encode())}} if how == "file" else {"data": {"deck": big}}
    response = client.post("/check", **sent)
    assert response.status_code == 413 and "at most 1 MiB" in response.text


def test_a_file_that_is_not_utf8_shows_its_parse_finding(client):
    page = client.post("/check", files={"file": ("deck.txt", b"3 Caf\xe9\n")}).text
    assert "deck.parse" in page and "UTF-8" in page


def test_a_card_name_with_html_shows_as_text(client):
    page = client.post("/check", data={"deck": '# game: redline\n1 <img src=x onerror="alert(1)">\n'}).text
    assert "<img" not in page and "&lt;img src=x" in page


def test_an_empty_submit_says_what_is_missing(client):
    response = client.post("/check", data={"deck": "  "})
    assert response.status_code == 400 and "Paste a deck or choose a file" in response.text


def test_a_page_that_is_not_there_is_a_page_not_a_traceback(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404 and "There is no such page" in response.text and "Traceback" not in response.text
    assert client.get("/check").status_code == 405


# --- the organiser's desk -------------------------------------------------------------------------------


def test_the_desk_shows_what_decks_are_checked_as_and_offers_no_other_choice(tmp_path):
    desk = Desk("redemption", "type1", date(2026, 9, 1))
    with client_for(Site(Databases(), desk=desk, registrations=tmp_path, token="t")) as client:
        page = client.get("/").text
        assert "Redemption, type1 (rules 2.0), rules in force on 2026-09-01" in page
        assert 'name="game"' not in page and 'name="format"' not in page and 'name="as_of"' not in page
        # a deck's own header does not choose another format at the desk
        checked = client.post("/check", data={"deck": (EXAMPLES / "redemption-deck-i.yaml").read_text()}).text
        assert "redemption/type1, rules 2.0" in checked


def test_a_lackey_export_registered_under_type1_keeps_the_verdict_the_player_saw(tmp_path):
    """The issue's case: an export with no header, registered at a Type 1 desk: the organiser's
    page gives the verdict the player saw, checked as it was registered."""
    lines = ["3\tSon of God (I)", "1\tJames (I)"]  # three of a Dominant: illegal in Type 1, legal nowhere
    export = "\n".join(lines) + "\n"
    desk = Desk("redemption", "type1", date(2026, 9, 1))
    with client_for(Site(Databases(), desk=desk, registrations=tmp_path, token="t")) as client:
        seen = client.post("/check", data={"deck": export, "player": "Ann", "register": "yes"}).text
        assert "redemption/type1, rules 2.0" in seen and '<span class="illegal">ILLEGAL</span>' in seen
        client.get("/organiser?token=t")
        listed = client.get("/organiser").text
        assert "redemption/type1, rules 2.0 on 2026-09-01" in listed and ">ILLEGAL<" in listed and "now differs" not in listed


def test_the_page_applies_the_projects_config(tmp_path):
    (tmp_path / ".deckcheck.yaml").write_text("ignore: [redline.copy-limit]\n")
    with client_for(site_from(ServeSettings(folder=str(tmp_path)))) as client:
        page = client.post("/check", data={"deck": ILLEGAL}).text
    assert "redline.copy-limit" not in page


def test_a_deck_of_another_game_is_not_registered_at_the_desk(client):
    page = register(client, "Ann", (EXAMPLES / "redemption-deck-i.yaml").read_text())
    assert "not registered: this desk registers redline decks" in page
    assert not kept(client)


# --- registrations -----------------------------------------------------------------------------------------


def test_a_registration_records_what_it_was_checked_as(client):
    assert "registered as" in register(client, "Ann O'Neil")
    (record,) = kept(client)
    data = asdict(record)
    assert {k: data[k] for k in ("player", "game", "format", "as_of", "legal", "errors")} == {
        "player": "Ann O'Neil",
        "game": "redline",
        "format": "standard",
        "as_of": "2026-09-01",
        "legal": False,
        "errors": 2,  # 24 cards of 60, and 5 of a card allowed 4
    }
    assert kept_decks(client) == [ILLEGAL]
    assert client.logged == [f'registered "Ann O\'Neil" from testclient: {data["deck_file"]}, ILLEGAL']  # and from where


@pytest.mark.parametrize("players", [["李雷", "韩梅梅", "Иван"], ["Alice Smith", "Alicia Smith"], ["Ann", "Bob"]])
def test_every_player_is_kept_apart_even_with_the_same_deck(client, players):
    for player in players:
        assert "registered as" in register(client, player, LEGAL)
    assert len({record.deck_file for record in kept(client)}) == len(players)
    page = organiser(client).text
    assert all(f'<td class="player">{player}' in page for player in players)


@pytest.mark.parametrize("first, then", [("Conan O'Brien", "conan o'brien"), ("Zoe\u0301", "ZOÉ")])
def test_a_name_typed_again_in_another_case_or_unicode_form_is_the_same_player_shown_as_last_typed(client, first, then):
    register(client, first, ILLEGAL)
    register(client, then, LEGAL)
    page = organiser(client).text
    assert "1 player registered" in page and "1 legal" in page
    shown = then.replace("'", "&#39;")
    assert f'<td class="player">{shown}' in page and 'data-label="Earlier">1: ' in page


def test_a_players_name_is_printed_on_their_sheet(client):
    page = client.post("/check", data={"deck": LEGAL, "player": "韩梅梅"}).text
    assert '<th>Name</th><td class="fill">韩梅梅</td>' in page
    register(client, "韩梅梅", LEGAL)
    assert '<td class="fill">韩梅梅</td>' in organiser(client, "/organiser/report.html").text


def test_a_second_registration_replaces_the_first_as_the_one_that_counts(client):
    register(client, "Ann", ILLEGAL)
    register(client, "Ann", LEGAL)
    page = organiser(client).text
    assert "1 player registered" in page and "1 legal" in page
    assert 'data-label="Earlier">1: ' in page  # one earlier registration, listed with its time
    assert len(kept(client)) == 2  # kept as history


def test_a_deck_that_checks_otherwise_now_says_so(client):
    register(client, "Ann", ILLEGAL)
    with closing(sqlite3.connect(client.site.store.path)) as store, store:
        store.execute("UPDATE decks SET content = ?", (LEGAL.encode(),))  # as if the card list had changed since: the deck checks otherwise
    page = organiser(client).text
    assert "the player saw ILLEGAL" in page and "now differs" in page


def test_a_registration_that_cannot_be_written_still_shows_the_verdict(client, monkeypatch):
    import deckcheck.serve.player as player

    def full_disk(*args):
        raise StoreProblem("registrations/event.sqlite3: database or disk is full")

    monkeypatch.setattr(player, "register", full_disk)
    response = client.post("/check", data={"deck": ILLEGAL, "player": "Ann", "register": "yes"})
    assert response.status_code == 200 and '<span class="illegal">ILLEGAL</span>' in response.text
    assert "not registered: tell the organiser" in response.text
    assert client.logged == ["registration of 'Ann' not kept: registrations/event.sqlite3: database or disk is full"]


def test_registering_needs_a_name(client):
    assert "not registered: write your name in the Player box" in register(client, "  ")


def test_twenty_submissions_at_once_are_all_kept(client):
    decks = [ILLEGAL.replace("Supply Drop: 19", f"Supply Drop: {i + 1}") for i in range(20)]
    threads = [threading.Thread(target=register, args=(client, f"Player {i}", decks[i])) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(kept_decks(client)) == sorted(decks)


# --- the organiser's pages and their guard ------------------------------------------------------------------


def test_without_the_token_the_organisers_pages_are_refused(client):
    register(client, "Ann")
    for path in ("/organiser", "/organiser/report.html", "/organiser/registrations.csv", "/organiser/registrations.json"):
        response = client.get(path)
        assert response.status_code == 403 and "Ann" not in response.text
    assert client.get("/organiser?token=wrong").status_code == 403


def test_the_token_is_taken_once_from_the_url_and_kept_in_a_strict_cookie(client):
    response = client.get("/organiser?token=s3cret", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/organiser"
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    page = client.get("/organiser")
    assert page.status_code == 200 and "s3cret" not in page.text  # no link carries it


def test_the_exports_list_every_registration(client):
    register(client, "Ann", ILLEGAL)
    register(client, "Ann", LEGAL)
    register(client, "=cmd()", LEGAL)
    csv_text = organiser(client, "/organiser/registrations.csv").text
    lines = csv_text.splitlines()
    assert lines[0] == "\ufeffplayer,deck_file,time,current,verdict,errors,warnings,game,format,rules_version,as_of,fingerprint"
    assert len(lines) == 4 and "'=cmd()" in csv_text  # a name a spreadsheet would run is not a formula
    rows = client.get("/organiser/registrations.json").json()["registrations"]
    assert [(r["player"], r["current"], r["verdict"]) for r in rows if r["player"] == "Ann"] == [
        ("Ann", False, "ILLEGAL"),
        ("Ann", True, "legal"),
    ]


def test_a_post_from_another_site_is_refused(client):
    response = client.post("/check", data={"deck": ILLEGAL, "player": "Ann", "register": "yes"}, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403 and not list(client.site.registrations.iterdir())
    same = client.post("/check", data={"deck": ILLEGAL}, headers={"Origin": "http://desk.test"})
    assert same.status_code == 200


def test_without_registrations_there_is_no_organisers_page(open_checker):
    assert open_checker.get("/organiser").status_code == 404


# --- for other programs --------------------------------------------------------------------------------------


def test_the_api_answers_the_json_report(open_checker):
    response = open_checker.post("/api/check?game=redline", content=ILLEGAL.encode())
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/json")
    report = response.json()
    (deck,) = report["decks"]
    assert deck["legal"] is False and ("redline.copy-limit", 5) in [(f["rule"], f["line"]) for f in deck["findings"]]
    assert report["summary"]["illegal"] == 1


def test_the_api_takes_the_forms_fields_too(open_checker):
    response = open_checker.post("/api/check", data={"deck": "3 Supply Drop\n", "game": "redline"})
    assert response.json()["decks"][0]["game"] == "redline"


def test_the_api_takes_a_deck_as_the_readmes_curl_sends_it_and_as_an_upload(open_checker):
    """`curl --data-binary @my-deck.txt URL` labels the file's bytes a URL-encoded form; `curl -F
    file=@my-deck.txt` uploads it. Both are the deck (the first was "no deck was sent")."""
    labelled = {"content-type": "application/x-www-form-urlencoded"}
    as_curl_sends = open_checker.post("/api/check?game=redline", content=ILLEGAL.encode(), headers=labelled)
    uploaded = open_checker.post("/api/check", files={"file": ("my-deck.yaml", ILLEGAL.encode())}, data={"game": "redline"})
    for response in (as_curl_sends, uploaded):
        assert response.status_code == 200 and response.json()["decks"][0]["legal"] is False


def test_the_api_says_what_is_wrong_in_json(open_checker):
    said = open_checker.post("/api/check", content=b"").json()["error"]
    assert said.startswith("no deck was sent: send it as the request body") and "`deck` field" in said and "`file`" in said
    assert open_checker.post("/api/check", content=b"x" * (1024 * 1024 + 70_000)).status_code == 413


def test_a_deck_against_a_card_database_of_ones_own():
    site = Site(Databases(load_databases([DATA / "redemption-cards.yaml"])))
    with client_for(site) as client:
        page = client.post("/check", data={"deck": "game: redemption\nformat: quickstart\nmain:\n  Gideon (K): 4\n"}).text
    assert "redemption.copy-limit" in page


def test_behind_a_proxy_the_forwarded_host_is_the_pages_own(client):
    headers = {"Origin": "https://decks.example.org", "X-Forwarded-Host": "decks.example.org"}
    assert client.post("/check", data={"deck": ILLEGAL}, headers=headers).status_code == 200
    assert client.post("/check", data={"deck": ILLEGAL}, headers={"Origin": "https://decks.example.org"}).status_code == 403


def test_a_deck_that_does_not_arrive_in_time_is_answered(client, monkeypatch):
    import deckcheck.serve.reading as reading

    async def late(request):  # the body's time limit ran out before it had all come
        raise TimeoutError

    monkeypatch.setattr(reading, "read_body", late)
    response = client.post("/check", data={"deck": ILLEGAL})
    assert response.status_code == 408 and "did not arrive within" in response.text
    assert client.post("/api/check", content=ILLEGAL.encode()).status_code == 408


# --- its own Host only, its own cookie, no guessing the token ----------------------------------------


@pytest.mark.parametrize(
    "listening, host, answered",
    [
        ("127.0.0.1", "evil.example", 421),  # DNS rebinding: another name that resolves here
        ("127.0.0.1", "evil.example:8000", 421),
        ("127.0.0.1", "127.0.0.1:8000", 200),
        ("127.0.0.1", "localhost:8000", 200),
        ("127.0.0.1", "[::1]:8000", 200),
        ("0.0.0.0", "192.168.1.5:8000", 200),  # a venue's network: players type the laptop's address
        ("0.0.0.0", "desk.evil.example", 421),
        ("192.168.1.5", "10.0.0.1", 421),
        ("127.0.0.1", "desk.test", 200),  # a name given with --allowed-host
    ],
)
def test_only_its_own_host_is_answered(listening, host, answered):
    site = Site(Databases(), host=listening)
    with client_for(site) as client:
        assert client.get("/", headers={"host": host}).status_code == answered
        assert client.post("/api/check", content=LEGAL, headers={"host": host}).status_code == (answered if answered != 200 else 200)


def _desk(tmp_path, port: int, token: str) -> Site:
    folder = tmp_path / f"registrations-{port}"
    folder.mkdir()
    return Site(Databases(), desk=REDLINE_DESK, registrations=folder, token=token, port=port)


def test_two_desks_on_one_laptop_each_keep_their_own_cookie(tmp_path):
    first, second = "first-desk-token-of-20", "second-desk-token-of-21"
    with client_for(_desk(tmp_path, 8001, first)) as one, client_for(_desk(tmp_path, 8002, second)) as other:
        assert one.get(f"/organiser?token={first}").status_code == 200
        other.cookies.update(one.cookies)  # a browser sends one host's cookies to each of its ports
        assert other.get("/organiser").status_code == 403  # the first desk's cookie opens nothing here
        assert other.get(f"/organiser?token={second}").status_code == 200  # its token in the URL wins
        assert other.get("/organiser").status_code == 200 and one.get("/organiser").status_code == 200


def test_each_wrong_token_in_a_row_waits_longer(client, monkeypatch):
    from deckcheck.serve import organiser as pages

    waited = []

    async def recorded(seconds):
        waited.append(seconds)

    monkeypatch.setattr(pages.anyio, "sleep", recorded)
    for guess in ("a", "b", "c", "d"):
        assert client.get(f"/organiser?token={guess}").status_code == 403
    assert client.get("/organiser").status_code == 403  # no token offered: no wait
    assert waited == [0.25, 0.5, 1.0, 2.0]
    assert client.get("/organiser?token=s3cret").status_code == 200  # the right one, at once
    client.get("/organiser?token=e")
    assert waited[-1] == 0.25  # counted afresh after the right one


def test_thirty_registrations_at_once_of_one_deck_by_one_name_are_thirty(client):
    """Each is kept under a name of its own (a name was once checked free, then renamed over)."""
    threads = [threading.Thread(target=register, args=(client, "Ann", LEGAL)) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({record.deck_file for record in kept(client)}) == 30 and kept_decks(client) == [LEGAL] * 30


# (the last six read as nothing too: a grapheme joiner, variation selectors, Hangul fillers, a blank Braille cell)
@pytest.mark.parametrize("hidden", ["\u200b", "\u00ad", "\u202e", "\u2066", "\u034f", "\ufe0f", "\U000e0100", "\u3164", "\u115f", "\u2800"])
def test_a_name_with_a_character_that_is_not_seen_is_not_registered(client, hidden):
    answer = register(client, f"Ali{hidden}ce", LEGAL)
    assert "not registered: your name holds a character that is not seen" in answer
    assert not kept(client)


def test_names_that_look_alike_are_flagged_on_the_organisers_page(client):
    register(client, "Alice", LEGAL)
    register(client, "\u0410lice", LEGAL)  # a Cyrillic A
    register(client, "Bob", LEGAL)
    page = organiser(client).text
    assert page.count("a different name that reads the same") == 2 and "looks like Alice" in page


@pytest.mark.parametrize("sent", ["form", "multipart", "upload"])
def test_a_deck_over_1_mib_is_413_however_it_is_sent(open_checker, sent):
    big = "1 Crate\n" * ((1024 * 1024 + 16) // 8)
    how = {
        "form": {"data": {"deck": big}},
        "multipart": {"files": {"deck": (None, big)}},
        "upload": {"files": {"file": ("d.txt", big.encode())}},
    }
    answer = open_checker.post("/check", **how[sent])
    assert answer.status_code == 413 and answer.headers["connection"] == "close"


def test_a_script_reaches_the_exports_with_a_bearer_token_or_the_token_in_the_url_and_no_cookie(client):
    register(client, "Ann", LEGAL)
    for path in ("/organiser/registrations.csv", "/organiser/registrations.json"):
        fresh = TestClient(client.app, base_url="http://desk.test")  # a script: no cookie kept
        by_header = fresh.get(path, headers={"Authorization": "Bearer s3cret"}, follow_redirects=False)
        assert by_header.status_code == 200 and "Ann" in by_header.text
        by_url = fresh.get(f"{path}?token=s3cret", follow_redirects=False)
        assert by_url.status_code == 200 and "Ann" in by_url.text
        assert fresh.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 403


def test_the_csv_opens_in_a_spreadsheet_with_every_script_of_names_intact(client):
    register(client, "Zoë 张伟", LEGAL)
    body = organiser(client, "/organiser/registrations.csv").content
    assert body.startswith("\ufeff".encode()) and "Zoë 张伟".encode() in body


def test_a_registration_shows_its_fingerprint_to_the_player_the_organiser_and_the_exports(client):
    page = register(client, "Ann", LEGAL)
    checked = client.post("/check", data={"deck": LEGAL}).text
    shown = checked.split('class="fingerprint">')[1].split("<")[0]
    assert re.fullmatch(r"[0-9a-f]{4}(-[0-9a-f]{4}){3}", shown) and f"fingerprint {shown}" in page  # 64 bits, in fours
    assert shown in organiser(client).text
    (row,) = client.get("/organiser/registrations.json").json()["registrations"]
    assert row["fingerprint"] == shown


def test_a_check_with_a_name_but_register_unticked_says_it_was_not_registered(client):
    page = client.post("/check", data={"deck": LEGAL, "player": "Ann"}).text
    assert "not registered: only checked" in page
    assert "Ann" not in organiser(client).text.split("<tbody>")[1]


def test_a_verdict_changed_by_another_card_list_says_so_after_a_restart(tmp_path):
    folder = tmp_path / "registrations"
    folder.mkdir()
    with redline_desk(folder) as first:
        assert "registered as" in register(first, "Ann", LEGAL)
    cards = tmp_path / "cards.yaml"  # a card list without the example's cards: the deck is now illegal
    cards.write_text("game: redline\ncards:\n  - {name: Someone, type: general, faction: cpm}\n")
    restarted = Site(Databases(load_databases([cards])), desk=REDLINE_DESK, registrations=folder, token="s3cret")
    with client_for(restarted) as second:
        page = organiser(second).text
    assert "the player saw legal: checked again with another card list (then bundled, " in page
    assert "now cards.yaml, 1 card)" in page and "same settings" not in page


def test_a_player_withdraws_their_registration_with_the_code_they_alone_were_shown(client):
    answer = register(client, "Ann", LEGAL)
    code = re.search(r"your withdrawal code is ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})", answer)[1]
    fingerprint = re.search(r"fingerprint ([0-9a-f-]{19})", answer)[1]
    # the fingerprint, which anyone checking the same list reads, withdraws nothing
    wrong = client.post("/withdraw", data={"player": "ann", "code": fingerprint})
    assert wrong.status_code == 400 and "not the withdrawal code" in wrong.text
    assert code not in organiser(client).text and code not in json.dumps(client.get("/organiser/registrations.json").json())
    done = client.post("/withdraw", data={"player": "ann", "code": code.lower().replace("-", " ")})  # as a phone may type it
    assert done.status_code == 200 and "no longer counts" in done.text
    page = organiser(client).text
    assert "0 players registered" in page and "withdrawn by player" in page
    rows = client.get("/organiser/registrations.json").json()["registrations"]
    assert [r["verdict"] for r in rows] == ["legal", "withdrawn by player"]  # kept in the history
    assert client.post("/withdraw", data={"player": "Ann", "code": code}).status_code == 400  # nothing left to withdraw
    register(client, "Ann", LEGAL)
    assert "1 player registered" in organiser(client).text  # registering again counts again


def test_the_organiser_withdraws_a_player_and_the_sheets_and_current_report_leave_them_out(client):
    register(client, "Ann", LEGAL)
    register(client, "Bob", ILLEGAL)
    assert client.post("/organiser/withdraw", data={"player": "Bob"}).status_code == 403  # the token first
    organiser(client)
    done = client.post("/organiser/withdraw", data={"player": "Bob"}, follow_redirects=False)
    assert done.status_code == 303
    assert client.get("/organiser/report.html").text.count('<section class="sheet">') == 1
    decks = run("check", client.site.registrations, "--current", "--output-format", "json").report["decks"]
    assert [d["player"] for d in decks] == ["Ann"]


def test_the_organiser_sees_which_registrations_the_rules_of_a_date_would_flip(tmp_path):
    def tournament_deck(size, souls):
        """`souls` Lost Souls and single good and evil cards of tests/data/redemption-tournament.yaml."""
        good = (size - souls) // 2
        cards = [f"Soul {i}" for i in range(1, souls + 1)] + [f"Good {i}" for i in range(1, good + 1)]
        cards += [f"Evil {i}" for i in range(1, size - souls - good + 1)]
        return "game: redemption\nformat: type1\n" + zone_yaml("main", dict.fromkeys(cards, 1))

    folder = tmp_path / "registrations"
    folder.mkdir()
    databases = Databases(load_databases([DATA / "redemption-tournament.yaml"]))
    desk = Desk("redemption", "type1", date(2026, 8, 1))  # rules 1.3.0: 78 cards are fine
    site = Site(databases, desk=desk, registrations=folder, token="s3cret")
    with client_for(site) as desk_client:
        assert "registered as" in register(desk_client, "Ann", tournament_deck(78, 11))
        assert "registered as" in register(desk_client, "Bob", tournament_deck(50, 7))
        page = organiser(desk_client, "/organiser?rules_of=2026-09-01").text
        assert "is not a date" in desk_client.get("/organiser?rules_of=next+summer").text
    assert "1 would: Ann (ILLEGAL by those rules)" in page  # the player, not the file
    assert page.count("by the rules of 2026-09-01: ILLEGAL") == 1


def test_wrong_withdrawal_codes_from_a_sender_are_answered_ever_later_and_logged(client, monkeypatch):
    from deckcheck.serve import guard

    waited: list[float] = []

    async def sleep(seconds):
        waited.append(seconds)

    monkeypatch.setattr(guard.anyio, "sleep", sleep)
    lines: list[str] = []
    client.site.log = lines.append
    register(client, "Ann", LEGAL)
    for _ in range(3):
        assert client.post("/withdraw", data={"player": "Ann", "code": "AAAA-AAAA-AAAA-AAAA"}).status_code == 400
    assert waited == [guard.delay_after(1), guard.delay_after(2), guard.delay_after(3)] and waited[0] < waited[-1]
    assert sum("withdrawal of 'Ann' refused from testclient" in line for line in lines) == 3
