"""Every case of deck-format.md's "Bad input" list: a deck.parse finding with its position, no
traceback, and the other decks of the run still checked."""

import pytest

from conftest import DATA, legal_redline_main, redline_deck, run

DB = "redline-cards.yaml"


def parse_finding(outcome):
    (finding,) = outcome.findings("deck.parse")
    assert outcome.exit_code == 1
    assert outcome.deck["legal"] is False
    return finding


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("game: redline\nmain: [Crate\n", 2, 13, "not valid YAML"),  # the end of the file, on its last line
        ("game: redline\nmain:\n  Crate: 3\n   Depot: 2\n", 4, 9, "not valid YAML"),
        ("- game\n- redline\n", 1, 1, "must be a mapping"),
        ("just words\n", 1, 1, "must be a mapping"),
        ("game: redline\nmian:\n  Crate: 60\n", 2, 1, "unknown key 'mian'"),
        ("game: redline\nmain:\n  Crate: 30\n  Crate: 30\n", 4, 3, "duplicate key 'Crate' (first given at line 3)"),
        ("game: redline\nmain:\n  Crate: 30\n  crate: 30\n", 4, 3, "listed twice"),
        ("game: redline\nmain:\n  Crate: &n 30\n  Depot: *n\n", 3, 10, "anchor 'n' is not allowed"),
        ("game: redline\nmain: !!python/object/apply:os.system [echo hi]\n", 2, 7, "tag !!python/object/apply:os.system"),
        ("game: redline\nmain:\n  Crate: !custom 3\n", 3, 10, "tag !custom is not allowed"),
        ("game: redline\n---\ngame: redline\n", 2, 1, "more than one YAML document"),
        ("game: redline\nmain:\n  ? [a, b]\n  : 2\n", 3, 5, "key must be plain text"),
        # our own limit, well inside what every YAML parser accepts
        ("game: redline\nmain: " + "[" * 40 + "\n", 2, None, "nested too deeply"),
    ],
)
def test_bad_yaml(check_deck, text, line, column, words):
    finding = parse_finding(check_deck(text, DB))
    assert words in finding["message"]
    assert finding["line"] == line
    if column is not None:
        assert finding["column"] == column


@pytest.mark.parametrize(
    "count, shown",
    [
        ("0", "0"),
        ("-1", "-1"),
        ("2.5", "2.5"),
        ('"three"', "'three'"),
        ("three", "'three'"),
        ("true", "true"),
        ("1000", "1000"),
        ("", "nothing"),
        ('"3"', "'3'"),
    ],
)
def test_bad_counts_in_a_mapping(check_deck, count, shown):
    finding = parse_finding(check_deck(f"game: redline\nmain:\n  Crate: {count}\n", DB))
    assert finding["message"] == f"count must be a whole number from 1 to 999, not {shown} (card 'Crate')"
    assert finding["line"] == 3


@pytest.mark.parametrize("item", ["0 Crate", "-1 Crate", "2.5 Crate", "0x Crate"])
def test_bad_counts_in_a_list(check_deck, item):
    finding = parse_finding(check_deck(f"game: redline\nmain:\n  - {item}\n", DB))
    assert finding["message"].startswith("count must be a whole number from 1 to 999")
    assert (finding["line"], finding["column"]) == (3, 5)


@pytest.mark.parametrize("line_text", ["0 Crate", "-1 Crate", "2.5 Crate"])
def test_bad_counts_in_a_text_deck(check_deck, line_text):
    finding = parse_finding(check_deck(f"# game: redline\nGeneral: Mars General\n\n  {line_text}\n", DB, ".txt"))
    assert finding["line"] == 4 and finding["column"] == 3


def test_a_line_without_a_count_is_one_copy_of_its_card(check_deck):
    # deck-format.md: "Every other line is a card line, with or without a count (no count: one copy ...)"
    outcome = check_deck("# game: redline\nGeneral: Mars General\n\n  Crate\n3 Crate\n", DB, ".txt")
    assert outcome.deck["counts"]["main"] == 4 and not outcome.findings("deck.skipped-line")


def test_a_line_naming_no_card_is_an_unknown_card_where_it_is_and_the_deck_still_checked(check_deck):
    # deck-format.md: "a card line that names no card is deck.unknown-card, an error"
    outcome = check_deck("# game: redline\nGeneral: Mars General\n\n  three Crate\n3 Crate\n", DB, ".txt")
    (finding,) = outcome.findings("deck.unknown-card")
    assert (finding["line"], finding["column"], finding["severity"]) == (4, 3, "error")
    assert "deck.parse" not in outcome.errors and "redline.arsenal-size" in outcome.errors


def test_a_sentence_is_skipped_as_a_warning_where_it_is_and_the_deck_still_checked(check_deck):
    # deck-format.md: "Only a line that is evidently not a card (a sentence of prose, a URL) ... may be skipped"
    outcome = check_deck("# game: redline\nGeneral: Mars General\n\n  bring sleeves for the event\n3 Crate\n", DB, ".txt")
    (finding,) = outcome.findings("deck.skipped-line")
    assert (finding["line"], finding["column"], finding["severity"]) == (4, 3, "warning")
    assert "deck.parse" not in outcome.errors and "redline.arsenal-size" in outcome.errors


def test_yaml_one_one_names_stay_names(check_deck):
    odd = {"No": 1, "Yes": 1, "On": 1, "Off": 1, "Null": 1, "NaN": 1, "1984": 1}
    main = legal_redline_main(Crate=16, **odd)
    text = "game: redline\ngeneral: Mars General\nmain:\n" + "".join(f"  {n}: {c}\n" for n, c in main.items())
    outcome = check_deck(text, DB)
    assert outcome.exit_code == 0, outcome.deck["findings"]
    assert outcome.deck["counts"]["main"] == 60


def test_yaml_one_one_names_in_a_list(check_deck):
    text = "game: redline\ngeneral: Mars General\nmain:\n  - No\n  - 2 Off\n  - 1984\n"
    outcome = check_deck(text, DB)
    assert "deck.unknown-card" not in outcome.errors
    assert outcome.deck["counts"]["main"] == 4


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "file is empty"),
        (b"   \n\n", "file is empty"),
        (b"game: redline\x00\x01\x02", "binary file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "binary file"),
    ],
)
def test_empty_and_binary_files(tmp_path, content, words):
    path = tmp_path / "deck.yaml"
    path.write_bytes(content)
    outcome = run("check", path, "--output-format", "json")
    assert words in parse_finding(outcome)["message"]


def test_not_utf8_points_at_the_byte(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"# game: redline\n3 Caf\xe9 Noir\n")
    finding = parse_finding(run("check", path, "--output-format", "json"))
    assert "not UTF-8" in finding["message"]
    assert (finding["line"], finding["column"]) == (2, 6)


def test_file_over_one_mebibyte(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"game: redline\nmain:\n" + b"  # padding\n" * 100_000)
    assert "1 MiB" in parse_finding(run("check", path, "--output-format", "json"))["message"]


def test_alias_bomb_is_refused_quickly(check_deck):
    lines = ["game: redline", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 12)]
    finding = parse_finding(check_deck("\n".join(lines) + "\n", DB))
    assert "anchor 'a0'" in finding["message"]


def test_nesting_past_the_parser_s_own_limit_is_a_parse_finding_and_the_run_goes_on(tmp_path):
    # libyaml refuses thousands of levels itself, in its own words: which of the two limits fires is
    # not ours to pin, only that it is a deck.parse finding at the line and the other decks are checked
    (tmp_path / "a-deep.yaml").write_text("game: redline\nmain: " + "[" * 5000 + "\n")
    (tmp_path / "b-good.yaml").write_text(redline_deck(legal_redline_main()))
    outcome = run("check", tmp_path, "--card-db", DATA / DB, "--output-format", "json")
    assert outcome.exit_code == 1
    deep, good = sorted(outcome.report["decks"], key=lambda deck: deck["path"])
    assert [(f["rule"], f["line"]) for f in deep["findings"]] == [("deck.parse", 2)]
    assert good["legal"] is True
    assert "Traceback" not in outcome.stderr


def test_a_folder_goes_on_after_a_bad_deck(tmp_path):
    (tmp_path / "a-broken.yaml").write_text("game: redline\nmain: [\n")
    (tmp_path / "b-empty.txt").write_text("")
    (tmp_path / "c-good.yaml").write_text(redline_deck(legal_redline_main()))
    outcome = run("check", tmp_path, "--card-db", DATA / DB, "--output-format", "json")
    assert outcome.exit_code == 1
    verdicts = {deck["path"].rsplit("/", 1)[-1]: deck["legal"] for deck in outcome.report["decks"]}
    assert verdicts == {"a-broken.yaml": False, "b-empty.txt": False, "c-good.yaml": True}
    assert "Traceback" not in outcome.stderr


def test_parse_findings_in_text_output_name_the_line(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: redline\nmain:\n  Crate: 2.5\n")
    outcome = run("check", path)
    assert outcome.exit_code == 1
    assert "deck.parse" in outcome.stdout and "3:10" in outcome.stdout


def test_a_yaml_deck_with_bad_keys_still_names_its_game_and_every_bad_key(deck_command, check_deck):
    outcome = check_deck("game: redemption\nmian:\n  Son of God: 1\nreserv:\n  Burial: 1\n", None)
    assert outcome.deck["game"] == "redemption"
    lines = [f["line"] for f in outcome.findings("deck.parse")]
    assert lines == [2, 4]
    text = deck_command("game: redemption\nmian:\n  Son of God: 1\n", None, ".yaml", "--output-format", "text").stdout
    assert text.splitlines()[0].endswith("(redemption): ILLEGAL (1 error, 0 warnings)")
