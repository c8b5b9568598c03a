"""A name means the card a judge would read (deck-format.md, Names): a printing's whole name is that
printing, printings of one card are one card however named, a title of several cards is ambiguous
only where their verdicts differ. The cards are real ones (their facts in our test database)."""

import pytest
from deckcheck.loading.card_db import load_databases
from deckcheck.loading.names import normalise, two_names
from test_redemption_tournament import DB, V13, V20, deck

from conftest import DATA, run


@pytest.fixture
def check(check_deck):
    return lambda text, as_of, **options: check_deck(text, DB, as_of=as_of, **options)


def cards_of(outcome) -> dict[str, dict]:
    return {c["name"]: c for c in outcome.deck["cards"]}


# --- 1. exact names first -------------------------------------------------------------------------


def test_son_of_god_with_the_dominant_chariot_of_fire_named_exactly_is_illegal(check):
    for son_of_god in ('Son of God "Manger" (Promo)', 'Son of God "Manger"', "Son of God"):
        for chariot in ("Chariot of Fire", "t-chariot-of-fire"):
            outcome = check(deck("type1", 50, 7, {son_of_god: 1, chariot: 1}, copies=1), V20)
            assert outcome.exit_code == 1 and "redemption.exclusive-pair" in outcome.errors, (son_of_god, chariot)
            assert not outcome.findings("deck.ambiguous-card")


def test_the_artifact_chariot_of_fire_is_another_card_named_by_its_printing(check):
    outcome = check(deck("type1", 50, 7, {'Son of God "Manger"': 1, "Chariot of Fire (Roots)": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.deck["findings"]


def test_an_older_printing_named_exactly_is_refused_naming_the_printing_to_write(check):
    outcome = check(deck("type1", 50, 7, {"The Magi": 1}, copies=1), V20)
    (refused,) = outcome.findings("redemption.format-sets")
    assert refused["message"].startswith("The Magi (set FoOF) is not in the Rotation pool")
    assert refused["message"].endswith("of the same title, in the pool: 'The Magi (GoC)' (GoC, another card): write the one meant")
    assert outcome.exit_code == 1 and not outcome.findings("deck.ambiguous-card")
    assert check(deck("type1", 50, 7, {"The Magi (GoC)": 1}, copies=1), V20).exit_code == 0


def test_jonah_in_limited_is_the_prophets_printing(check):
    outcome = check(deck("type1", 50, 7, {"Jonah": 1}, copies=1), V20)
    (refused,) = outcome.findings("redemption.format-sets")
    assert "'Jonah (PoC)' (PoC, another card)" in refused["message"] and outcome.exit_code == 1
    assert check(deck("type1-unlimited", 50, 7, {"Jonah": 1}, copies=1), V20).exit_code == 0


# --- 2. reprints are one card -----------------------------------------------------------------------


def test_a_reprint_is_one_card_however_named_and_never_ambiguous(check):
    outcome = check(deck("type1", 50, 7, {"No Straw!": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.deck["findings"] and not outcome.deck["notes"]
    both = check(deck("type1", 50, 7, {"No Straw!": 1, "No Straw! (CoW AB)": 1}, copies=1), V20)
    (copies,) = both.findings("redemption.copy-limit")  # Type 1 is singleton under 2.0
    assert copies["message"].startswith("2 copies of No Straw! + No Straw! (CoW AB) (the same card")


def test_a_printing_outside_the_pool_names_its_reprint_in_it(check):
    outcome = check(deck("type1", 50, 7, {"Storehouse": 1}, copies=1), V20)
    (refused,) = outcome.findings("redemption.format-sets")
    assert "'Storehouse [IR]' (IR, the same card)" in refused["message"]
    assert check(deck("type1", 50, 7, {"Storehouse [IR]": 1}, copies=1), V20).exit_code == 0


def test_a_title_of_one_card_is_that_card_with_a_note_where_the_printing_matters(check):
    outcome = check(deck("type1", 50, 7, {"Herodias": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.deck["findings"]
    (note,) = [n for n in outcome.deck["notes"] if "'Herodias'" in n]
    assert "judged as 'Herodias (GoC)' (as 'Herodias (L)' it would get redemption.format-sets): write that name" in note
    assert cards_of(outcome)["Herodias"]["type"] == "evil_character"


def test_a_title_of_different_cards_whose_verdicts_agree_is_a_note(check):
    outcome = check(deck("type1-unlimited", 50, 7, {"Herod's Temple": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.deck["findings"]
    (note,) = [n for n in outcome.deck["notes"] if "'Herod's Temple'" in n]
    assert "could be 2 different cards" in note and note.endswith("each gives the deck the same verdict")


def test_a_title_of_different_cards_whose_verdicts_differ_is_an_error_naming_each(check):
    outcome = check(deck("type1", 50, 7, {"Herod's Temple": 1}, copies=1), V20)
    (ambiguous,) = outcome.findings("deck.ambiguous-card")
    assert ambiguous["severity"] == "error" and outcome.exit_code == 1 and ambiguous["line"] == 11
    assert ambiguous["message"] == (
        "'Herod's Temple' could be 2 different cards and its reading decides the verdict: "
        "'Herod's Temple (G)' (site, purple) gives redemption.format-sets; "
        "'Herod's Temple (GoC)' (fortress) gives a legal deck; write the one meant"
    )


def test_the_same_ambiguity_under_another_error_still_names_the_printing(check):
    # the deck is illegal anyway (one Lost Soul short): the name still says which card decides
    outcome = check(deck("type1", 50, 6, {"Herod's Temple": 1}, copies=1), V20)
    assert {"redemption.lost-soul-count", "deck.ambiguous-card"} <= outcome.errors
    # one line, one finding: no redemption.format-sets beside it for the reading not meant (issue 47 part 4)
    (line,) = [f["line"] for f in outcome.findings("deck.ambiguous-card")]
    assert [f["rule"] for f in outcome.deck["findings"] if f["line"] == line] == ["deck.ambiguous-card"]


def test_an_ambiguous_name_may_be_ignored_and_is_then_judged_at_its_best(check):
    outcome = check(deck("type1", 50, 7, {"Herod's Temple": 1}, copies=1), V20, ignore=frozenset({"deck.ambiguous-card"}))
    assert outcome.exit_code == 0 and not outcome.deck["findings"]


# --- 3. no cap that changes a verdict -----------------------------------------------------------------


def _places_database(tmp_path, count: int, site_first: bool = True):
    """`count` titles each printed as a Site and as a Fortress (two cards each): a deck naming them
    all by title has 2**count readings, and Sites + Cities may not outnumber Lost Souls."""
    places = ""
    for i in range(count):
        site = (
            f"  - {{name: Place {i} (Ki), id: place-{i}-ki, title: Place {i}, set: Ki, type: site, brigades: [blue], alignment: neutral}}\n"
        )
        fortress = f"  - {{name: Place {i} (RR), id: place-{i}-rr, title: Place {i}, set: RR, type: fortress, alignment: good}}\n"
        places += site + fortress if site_first else fortress + site
    path = tmp_path / "places.yaml"
    path.write_text((DATA / DB).read_text(encoding="utf-8") + places, encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("places, legal", [(17, True), (18, False)])
def test_many_titles_of_two_cards_get_the_verdict_of_every_reading(check_deck, tmp_path, places, legal):
    """1.3.0, 120 cards: 17 Lost Souls. 17 titles that may each be a Site: every reading is legal; 18:
    the reading of 18 Sites is not. 2**18 readings are never listed: the names are judged by the
    Sites they may add up to."""
    database = _places_database(tmp_path, places)
    text = deck("type1", 120, 17, {f"Place {i}": 1 for i in range(places)}, copies=3)
    outcome = check_deck(text, database, as_of=V13)
    assert outcome.exit_code == (0 if legal else 1)
    if legal:
        assert not outcome.deck["findings"] and len([n for n in outcome.deck["notes"] if "could be 2 different cards" in n]) == 17
    else:
        (ambiguous,) = outcome.findings("deck.ambiguous-card")  # the name whose reading turns it illegal
        assert "its reading decides the verdict" in ambiguous["message"] and "gives redemption.site-cap" in ambiguous["message"]


def test_names_harmless_one_at_a_time_but_not_together_are_an_error(check_deck, tmp_path):
    """Read as Fortresses, the 18 names are legal, and any one of them as a Site too: only many of
    them as Sites together are not. The error names the one whose reading turns the deck illegal on
    the way there, with the others' readings."""
    database = _places_database(tmp_path, 18, site_first=False)
    outcome = check_deck(deck("type1", 120, 17, {f"Place {i}": 1 for i in range(18)}, copies=3), database, as_of=V13)
    (ambiguous,) = outcome.findings("deck.ambiguous-card")
    assert (
        outcome.exit_code == 1 and "decides the verdict with the other names as said ('Place 0' as 'Place 0 (Ki)'" in ambiguous["message"]
    )


# --- 4. every card counts in every rule, however named -------------------------------------------------


def test_a_team_with_the_same_dominant_named_by_its_title_is_illegal(tmp_path):
    for name, text in (("a", {"Glory of the Lord": 1}), ("b", {"Glory of the Lord (2015 Promo)": 1})):
        (tmp_path / f"{name}.yaml").write_text(deck("type1-teams", 50, 7, text, copies=1), encoding="utf-8")
    outcome = run("team", tmp_path / "a.yaml", tmp_path / "b.yaml", "--card-db", DATA / DB, "--as-of", V20, "--output-format", "json")
    assert outcome.exit_code == 1
    for report in outcome.report["decks"]:
        assert [f["rule"] for f in report["findings"]] == ["redemption.team-unique"], report["findings"]


def test_a_title_counts_towards_copy_limits_with_the_cards_printings(check):
    outcome = check(deck("type1", 50, 7, {"Herodias": 1, "Herodias (GoC)": 1}, copies=1), V20)
    (copies,) = outcome.findings("redemption.copy-limit")
    assert copies["message"].startswith("2 copies of Herodias (GoC)") and "(the same card" not in copies["message"]


def test_a_title_counts_in_an_exclusive_pair_and_the_dominant_cap(check):
    outcome = check(deck("type1", 50, 7, {"Glory of the Lord": 1, "Son of God": 1, "Chariot of Fire": 1}, copies=1), V20)
    assert "redemption.exclusive-pair" in outcome.errors
    capped = check(deck("type1", 50, 1, {"Glory of the Lord": 1, "Son of God": 1}, copies=1), V20)
    (cap,) = capped.findings("redemption.dominant-cap")
    assert cap["message"].startswith("2 Dominants")


def test_a_title_of_a_banned_card_is_banned(check):
    outcome = check(deck("type2", 100, 14, {"Harvest Time": 1}, copies=2), V20)
    (banned,) = outcome.findings("banlist.banned")
    assert "Type 2" in banned["message"] and outcome.exit_code == 1


# --- 6. the dictionary, completely -----------------------------------------------------------------------


def test_a_title_listed_with_several_people_is_the_same_card_as_each_not_they_as_one_another(check):
    friends = check(deck("type1-unlimited", 50, 7, {"Job's Three Friends": 1, "Bildad, the Shuhite (RoJ)": 1}, copies=1), V20)
    (copies,) = friends.findings("redemption.copy-limit")
    assert "Job's Three Friends with each of its people" in copies["message"]
    apart = check(deck("type1-unlimited", 50, 7, {"Bildad, the Shuhite (RoJ)": 1, "Eliphaz, the Temanite (RoJ)": 1}, copies=1), V20)
    assert apart.exit_code == 0


# --- 7. the special cards' allowances, by their sets ---------------------------------------------------------


@pytest.mark.parametrize(
    "name, copies, legal",
    [("Legion", 4, True), ("Legion (Roots)", 2, False), ("Locust from the Pit", 5, True), ("Locust from the Pit (D)", 2, False)],
)
def test_a_special_card_of_another_set_with_other_art_has_the_ordinary_limit(check, name, copies, legal):
    outcome = check(deck("type1-unlimited", 50, 7, {name: copies}, copies=1), V20)
    assert outcome.exit_code == (0 if legal else 1), outcome.deck["findings"]
    if not legal:
        assert "redemption.special-card-limit" not in outcome.errors


# --- 8. newer than the dictionary ---------------------------------------------------------------------------


def test_a_roots_2_card_that_may_be_an_older_person_gets_a_note_for_a_judge(check):
    outcome = check(deck("type1-unlimited", 50, 7, {"Aaron, the Voice [RR2]": 1, "Aaron (Pa)": 1}, copies=1), V20)
    assert outcome.exit_code == 0 and not outcome.deck["findings"]
    (note,) = [n for n in outcome.deck["notes"] if "may be the same person" in n]
    assert "Official Redemption Dictionary 7.0.0 predates Roots 2" in note and "a judge decides" in note


@pytest.mark.parametrize("as_of, legal", [("2026-07-24", False), ("2026-07-25", True)])
def test_roots_2_is_legal_from_the_day_it_became_tournament_legal(check, as_of, legal):
    outcome = check(deck("type1-unlimited", 50, 7, {"Aaron, the Voice [RR2]": 1}, copies=1), as_of)
    assert outcome.exit_code == (0 if legal else 1)
    if not legal:
        (early,) = outcome.findings("redemption.format-sets")
        assert "Roots 2, tournament-legal from 2026-07-25" in early["message"] and early["message"].endswith("it was not yet")


# --- names of two-name cards, and the real card list ---------------------------------------------------------


@pytest.mark.parametrize("typed", ["First Name", "second name", "First Name / Second Name"])
def test_either_name_of_a_two_name_card_finds_it(check, typed):
    outcome = check(deck("type1", 50, 7, {typed: 1}, copies=1), V20)
    assert outcome.exit_code == 0
    assert {c["id"] for c in outcome.deck["cards"]} >= {"t-two-names"}


def test_both_names_of_a_two_name_card_are_two_copies_of_it(check):
    outcome = check(deck("type1", 50, 7, {"First Name": 1, "Second Name": 1}, copies=1), V20)
    (copies,) = outcome.findings("redemption.copy-limit")  # 2.0's Type 1 is singleton
    assert copies["message"].startswith("2 copies of First Name / Second Name (GoC)")


def test_every_printing_of_the_real_list_is_found_by_its_name_alone_unless_the_list_repeats_it(real_database):
    database = load_databases([real_database[0]])["redemption"]
    by_name: dict[str, list] = {}
    for card in database.cards:
        by_name.setdefault(normalise(card.name), []).append(card)
    for card in database.cards:
        found = database.names.resolve(card.name)
        printings = by_name[normalise(card.name)]
        assert found.exact and set(found.printings) == set(printings), card.name
        assert database.names.resolve(database.names.written(card)).card is card, card.name
    repeated = {name for name, printings in by_name.items() if len(printings) > 1}
    assert 5 < len(repeated) < 20  # Glad Tidings, Philemon, ...: the card list names them alike


def test_every_two_name_card_of_the_real_list_is_found_by_either_name(real_database):
    database = load_databases([real_database[0]])["redemption"]
    two_named = [card for card in database.cards if two_names(card.title)]
    assert two_named  # the LoC and GoC two-name cards
    for card in two_named:
        found_by = []
        for half in two_names(card.title):
            printings = database.names.resolve(half).printings
            # a half that is another card's own name (James, Son of Alphaeus of Di) means that card
            assert printings and (card in printings or all(normalise(c.title) == normalise(half) for c in printings)), half
            found_by += [half] if card in printings else []
        assert found_by, card.name


def test_the_manual_says_how_many_roots_2_characters_may_be_older_people(real_database):
    from deckcheck.games.redemption.rules_version import versions
    from deckcheck.games.redemption.same_card import tournament_identity

    from conftest import REPO

    database = load_databases([real_database[0]])["redemption"]
    same = tournament_identity(database, versions()[-1])
    characters = [c for c in database.cards if c.get("set") == "RR2" and c.is_a("hero", "evil_character")]
    possibly = [c for c in characters if same.possibly_same(c)]
    assert possibly and all(not same.same(c, other) for c in possibly for other, _ in same.possibly_same(c))
    readme = " ".join((REPO / "docs" / "redemption.md").read_text(encoding="utf-8").split())
    assert f"{len(possibly)} of its {len(characters)} characters have one" in readme


def test_a_forum_list_of_thirty_plain_names_gets_the_verdict_of_its_printings(check_deck, tmp_path):
    """30 titles named without their printing (24 of one card printed in and out of the pool, 6 of
    a Site and a Fortress): the deck is legal as the printings in the pool make it, with a note on
    each name whose printing or card matters, and no finding."""
    cards = (DATA / DB).read_text(encoding="utf-8")
    for i in range(24):
        cards += (
            f"  - {{name: Reprint {i} (Ki), id: reprint-{i}, title: Reprint {i}, set: Ki, type: hero, brigades: [white], "
            "alignment: good, rotation: false}\n"
            f"  - {{name: Reprint {i} (RR), id: reprint-{i}-rr, title: Reprint {i}, set: RR, type: hero, brigades: [white], "
            "alignment: good}\n"
        )
    database = _places_database(tmp_path, 6)
    database.write_text(database.read_text(encoding="utf-8") + cards[len((DATA / DB).read_text(encoding="utf-8")) :], encoding="utf-8")
    names = {f"Reprint {i}": 1 for i in range(24)} | {f"Place {i}": 1 for i in range(6)}
    outcome = check_deck(deck("type1", 120, 17, names, copies=3), database, as_of=V13)
    assert outcome.exit_code == 0 and not outcome.deck["findings"]
    notes = outcome.deck["notes"]
    assert len([n for n in notes if "names printings of one card" in n]) == 24
    assert len([n for n in notes if "could be 2 different cards" in n]) == 6
    by_printing = {f"Reprint {i} (RR)": 1 for i in range(24)} | {f"Place {i} (RR)": 1 for i in range(6)}
    assert check_deck(deck("type1", 120, 17, by_printing, copies=3), database, as_of=V13).exit_code == 0
    exact = {f"Reprint {i} (Ki)": 1 for i in range(24)}  # the printings outside the pool, named exactly
    assert check_deck(deck("type1", 120, 17, exact, copies=3), database, as_of=V13).exit_code == 1


@pytest.mark.parametrize("format_name, first", [("type1", "The Magi (GoC)"), ("type1-unlimited", "The Magi")])
def test_did_you_mean_offers_the_formats_pool_first(check, format_name, first):
    """`The Magy` is closest to `The Magi`, the Faith of Our Fathers printing outside the Limited
    pool: Limited offers the Gospel of Christ card of that title first, Unlimited the closest."""
    outcome = check(f"game: redemption\nformat: {format_name}\nmain:\n  The Magy: 1\n", V20)
    (unknown,) = outcome.findings("deck.unknown-card")
    assert unknown["message"].split("did you mean ")[1].startswith(repr(first))
