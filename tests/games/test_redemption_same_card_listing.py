"""`deckcheck cards NAME --same-card`: every printing counted as the same card as NAME, and why."""

import pytest

from conftest import DATA, run

DB = DATA / "redemption-tournament.yaml"
V20 = "2026-09-01"


def listing(name, *options):
    outcome = run(
        "cards", name, "--game", "redemption", "--same-card", "--card-db", DB, "--as-of", V20, "--output-format", "json", *options
    )
    assert outcome.exit_code == 0, outcome.stderr
    return outcome.report["cards"]


def why_of(card):
    return {p["id"]: p["why"] for p in card["same_card"]}


def test_the_same_person_with_the_same_icon_is_one_card_by_the_dictionary():
    (card,) = listing("Aaron (Pi)")
    assert (card["format"], card["rules_version"], card["card"]["id"]) == ("type1", "2.0", "t-aaron-pi")
    why = why_of(card)
    assert why["t-aaron-pi"] == "the printing named"
    assert why["t-aaron-gm"] == "the same person (Official Redemption Dictionary 7.0.0, Duplicate Card) with the same icon"
    assert "t-aaron-pm" not in why  # Aaron, Peacemaker: the same person, another icon


def test_a_printing_linked_through_another_says_which():
    why = why_of(listing("Aaron (Pi)")[0])
    assert why["t-aaron-gm-promo"] == (
        "through Aaron, God's Mediator: the same person (Official Redemption Dictionary 7.0.0, Duplicate Card) "
        "with the same icon, then the same title and art"
    )


def test_an_alternate_border_reprint_is_the_same_card():
    (card,) = listing("Faithful Witness (RoJ)")
    assert why_of(card)["t-fw-roj-ab"].startswith("the same title and icon in the same set, one with an alternate border")


def test_the_same_person_with_another_icon_is_another_card():
    cards = listing("Manasseh")
    assert [set(why_of(c)) for c in cards] == [{"t-manasseh"}]


def test_a_title_of_several_cards_lists_each():
    cards = listing("Peter")  # Peter (I), purple, and Peter (Ap), red: two cards
    assert [c["card"]["id"] for c in cards] == ["t-peter-i", "t-peter-ap"]


def test_a_printing_named_exactly_lists_its_own_card():
    (card,) = listing("Faithful Witness")  # the printing of that name, not the RoJ card of that title
    assert card["card"]["id"] == "t-faithful-witness"


def test_a_title_listed_with_several_people_lists_each_and_why():
    (card,) = listing("Job's Three Friends")
    why = why_of(card)
    assert set(why) == {"job-s-three-friends", "bildad-the-shuhite-roj", "eliphaz-the-temanite-roj"}
    assert "lists Job's Three Friends with each of its people" in why["bildad-the-shuhite-roj"]
    (bildad,) = listing("Bildad, the Shuhite (RoJ)")
    assert set(why_of(bildad)) == {"bildad-the-shuhite-roj", "job-s-three-friends"}  # not Eliphaz


def test_the_same_person_with_another_icon_is_listed_as_another_card_and_why():
    (card,) = listing("Aaron (Pi)")
    apart = {p["id"]: p["why"] for p in card["not_same_card"]}
    assert apart["t-aaron-pm"] == (
        "the same person (Official Redemption Dictionary 7.0.0, Duplicate Card), but another icon (hero, purple): another card"
    )


def test_a_card_newer_than_the_dictionary_lists_who_it_may_be():
    (card,) = listing("Aaron, the Voice [RR2]")
    possibly = {p["id"]: p["why"] for p in card["possibly_same_card"]}
    # every older green Aaron: Aaron (Pa), Aaron (Pi), Aaron, God's Mediator and its promo
    assert set(possibly) == {"aaron-pa", "t-aaron-pi", "t-aaron-gm", "t-aaron-gm-promo"}
    assert set(possibly.values()) == {"possibly the same person: the dictionary 7.0.0 predates Roots 2"}
    text = run("cards", "Aaron, the Voice [RR2]", "--game", "redemption", "--same-card", "--card-db", DB, "--as-of", V20).stdout
    assert "4 printings may be the same card (a judge decides):" in text


def test_the_quick_start_rules_say_their_own_reason():
    (card,) = listing("Aaron, God's Mediator", "--format", "quickstart")
    assert card["format"] == "quickstart" and card["rules_version"] is None
    assert why_of(card) == {"t-aaron-gm": "the printing named", "t-aaron-gm-promo": "the same title and art"}
    # generic characters with different art are two cards to the quick-start rules
    (roj,) = listing("Faithful Witness (RoJ)", "--format", "quickstart")
    assert set(why_of(roj)) == {"t-fw-roj"}


def test_the_text_listing_names_the_rules_it_used():
    text = run("cards", "Aaron (Pi)", "--game", "redemption", "--same-card", "--card-db", DB, "--as-of", V20).stdout
    assert text.startswith("Aaron (Pi) (t-aaron-pi) under redemption/type1, rules 2.0: 4 printings of one card\n")


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--same-card"], "--same-card needs a card's name"),
        (["Nobody At All", "--game", "redemption", "--same-card"], "no redemption card is called 'Nobody At All'"),
        (["Aaron (Pi)", "--game", "redemption", "--same-card", "--format", "type9"], "--format: Redemption has no format 'type9'"),
        (["Aaron", "--format", "type1"], "--format and --as-of go with --same-card"),
    ],
)
def test_what_cannot_be_listed_says_why(arguments, words):
    outcome = run("cards", *arguments, "--card-db", DB)
    assert outcome.exit_code == 2 and words in outcome.stderr


def test_without_a_game_each_game_that_has_the_name(tmp_path):
    outcome = run("cards", "Aaron (Pi)", "--same-card", "--card-db", DB, "--output-format", "json")
    assert outcome.exit_code == 0 and {c["game"] for c in outcome.report["cards"]} == {"redemption"}


def test_every_printing_of_the_real_list_gets_a_reason_it_is_the_same_card(real_database):
    from datetime import date

    from deckcheck.games import game_named
    from deckcheck.loading.card_db import load_databases
    from deckcheck.same_cards import identity_under, same_cards

    database = load_databases([real_database[0]])["redemption"]
    game = game_named("redemption")
    for as_of in ("2026-06-01", V20):
        chosen = game.format("type1", database.formats, date.fromisoformat(as_of))
        same = identity_under(game, chosen, database)
        groups: dict = {}
        for card in database.cards:
            groups.setdefault(same(card), []).append(card)
        joined = [printings for printings in groups.values() if len(printings) > 1]
        assert joined
        for first, *others in joined:
            for other in others:
                assert not same.why([first, other]).startswith("the same card through"), (first.name, other.name)
    (son_of_god,) = same_cards(game, chosen, database, [database.names.resolve("son-of-god-i").card])
    assert {p.card.id for p in son_of_god.printings} == {c.id for c in database.cards if same(c) == same(son_of_god.named)}
