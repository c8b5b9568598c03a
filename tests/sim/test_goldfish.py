"""Goldfish playtests: simulation against the exact values, determinism, each game's race on a
deck whose win turn is worked out by hand, and the command as a user runs it."""

import json
import math

import jsonschema
import pytest
from deckcheck.loading import resources

from conftest import DATA, REPO, run

SCHEMA = json.loads(resources.schema_path("goldfish").read_text())
EXAMPLES = REPO / "examples"


def goldfish(*args, games=20_000):
    outcome = run("goldfish", *args, "--games", str(games), "--output-format", "json")
    assert outcome.exit_code == 0, outcome.stderr
    report = json.loads(outcome.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    return report


def assert_agrees(tracked, games):
    """Every turn's simulated chance within 4.5 standard errors of the exact value."""
    assert max(row["exact"] for row in tracked["by_turn"]) > 0.05, f"{tracked['query']} tracks nothing worth comparing"
    for row in tracked["by_turn"]:
        assert row["exact"] is not None, (tracked["query"], row)
        error = math.sqrt(max(row["exact"] * (1 - row["exact"]), 1e-12) / games)
        assert abs(row["p"] - row["exact"]) <= 4.5 * error + 1e-4, (tracked["query"], row)


@pytest.mark.parametrize(
    "deck, queries",
    [
        ("redemption-deck-i.yaml", ["James", "type:hero", "brigade:purple", "type:hero+type:evil_character"]),
        ("redline-cpm.yaml", ["EF-9 Rabbit", "type:efreet", "faction:cpm", "EF-9 Rabbit+Full Salvo"]),
        # the questions players ask: at least k, either, all three, a card to play each turn
        ("redline-cpm.yaml", ["3x type:resource", "EF-9 Rabbit|Full Salvo", "type:resource+type:efreet+EF-9 Rabbit", "curve:resource"]),
        ("redemption-deck-i.yaml", ["2x type:hero", "James|brigade:purple", "2x type:hero+type:evil_character+brigade:purple"]),
        ("demon-rush-holy.yaml", ["Spirit Wolf", "faction:holy", "type:soldier+type:spell"]),
        ("promised-land-sunday-school.yaml", ["Deluge", "color:blue", "type:source+type:query"]),
        ("bible-battles.txt", ["Goat", "type:follower", "Goat+Cattle"]),
    ],
)
@pytest.mark.parametrize("on_play", ["--on-play", "--on-draw"])
def test_simulation_agrees_with_the_exact_values(deck, queries, on_play):
    args = [EXAMPLES / deck, "--mulligan", "none", "--no-race", on_play]
    for query in queries:
        args += ["--track", query]
    report = goldfish(*args)
    assert [t["query"] for t in report["tracked"]] == queries
    for tracked in report["tracked"]:
        assert_agrees(tracked, report["games"])


def test_more_cards_than_are_drawn_within_the_turns_are_never_drawn():
    # 7 cards and one a turn: 12 drawn by turn 5, so 13 resources never are
    report = goldfish(
        EXAMPLES / "redline-cpm.yaml", "--track", "13x type:resource", "--turns", "5", "--no-race", "--mulligan", "none", games=500
    )
    assert [(row["p"], row["exact"]) for row in report["tracked"][0]["by_turn"]] == [(0, 0)] * 6  # turns 0 (the hand) to 5


def test_a_curve_holds_less_each_turn():
    report = goldfish(EXAMPLES / "redline-cpm.yaml", "--mulligan", "none", "--no-race", "--track", "curve:resource", games=4000)
    (curve,) = report["tracked"]
    assert curve["curve"] is True
    exact = [row["exact"] for row in curve["by_turn"]]
    assert exact == sorted(exact, reverse=True) and exact[0] > 0.9 and exact[-1] < 0.1  # ten resources by turn 10 is rare


@pytest.mark.parametrize(
    "query, words",
    [
        ("type:soldeir", "'type:soldeir': no redline card has type 'soldeir' (known: efreet, equipment, general, resource, tactic)"),
        ("brigade:purple", "no redline card has brigade 'purple'"),
        ("EF-9 Rabit", "did you mean 'EF-9 Rabbit'"),
        ("2x", "'2x' is no redline card"),
        ("EF-9 Rabbit+", "A+B takes a query on each side of +"),
        ("4-2x type:resource", "a range goes from low to high"),
    ],
)
def test_a_query_that_names_nothing_is_exit_two_saying_what_would(query, words):
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--track", query, "--games", "100")
    assert outcome.exit_code == 2 and words in outcome.stderr, outcome.stderr


def test_redemption_exact_values_skip_the_lost_souls():
    report = goldfish(EXAMPLES / "redemption-deck-i.yaml", "--no-race", "--track", "James", "--track", "type:lost_soul|James")
    james, mixed = report["tracked"]
    # 43 non-Lost-Soul cards, 8 in the opening hand, 3 a turn after the first (on the play)
    exact = {row["turn"]: row["exact"] for row in james["by_turn"]}
    assert exact[0] == exact[1] == pytest.approx(8 / 43, abs=1e-4)  # the opening hand; no draw on turn 1
    assert exact[2] == pytest.approx(11 / 43, abs=1e-4)
    assert all(row["exact"] is None for row in mixed["by_turn"])  # Lost Souls and other cards: no closed form here


def test_a_mulligan_that_looks_at_the_hand_has_no_exact_value():
    report = goldfish(EXAMPLES / "redline-cpm.yaml", "--no-race", "--track", "EF-9 Rabbit", games=2000)
    assert report["mulligan"] == "partial"
    assert all(row["exact"] is None for row in report["tracked"][0]["by_turn"])


def test_same_seed_same_bytes_and_jobs_do_not_matter():
    args = [
        "goldfish",
        EXAMPLES / "redline-cpm.yaml",
        "--track",
        "EF-9 Rabbit",
        "--games",
        "5000",
        "--seed",
        "7",
        "--output-format",
        "json",
    ]
    first, again, parallel = run(*args), run(*args), run(*args, "--jobs", "2")
    assert first.stdout == again.stdout == parallel.stdout
    other_seed = run(*args[:-4], "--seed", "8", "--output-format", "json")
    assert other_seed.stdout != first.stdout


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


# --- each game's race, on a deck whose win turn is worked out by hand ---------------------------


def test_redemption_wins_four_turns_after_its_first_hero(tmp_path):
    # only Heroes besides 7 Lost Souls: a Hero is in every opening hand, rescues turns 1-5
    deck = write(
        tmp_path,
        "heroes.yaml",
        "game: redemption\nmain:\n"
        + "".join(f"  Soul {i}: 1\n" for i in range(1, 8))
        + "".join(f"  Filler {i}: 3\n" for i in range(1, 15))
        + "  Filler 15: 1\n",
    )
    souls = write(tmp_path, "souls.yaml", "game: redemption\nmain:\n" + "".join(f"  Soul {i}: 1\n" for i in range(1, 8)))
    # a goldfish whose deck is all Lost Souls has all 7 in its Land of Bondage from the start
    report = goldfish(deck, "--card-db", DATA / "redemption-cards.yaml", "--opponent", souls, games=500)
    assert report["race"]["win_turn"]["histogram"] == {"5": 500}


def test_redemption_race_is_the_first_hero_plus_four_when_the_goldfish_has_lost_souls_enough(tmp_path):
    import json as json_module

    from deckcheck.loading.card_db import Databases

    names = [card.name for card in Databases().for_game("redemption").cards if card.is_a("lost_soul")][:7]
    assert len(names) == 7
    souls = write(tmp_path, "souls.yaml", "game: redemption\nmain:\n" + "".join(f"  {json_module.dumps(n)}: 1\n" for n in names))
    report = goldfish(EXAMPLES / "redemption-deck-j.yaml", "--track", "type:hero", "--opponent", souls, games=5000)
    hero = [row["p"] for row in report["tracked"][0]["by_turn"] if row["turn"] >= 1]
    histogram = report["race"]["win_turn"]["histogram"]
    won_by = [sum(n for turn, n in histogram.items() if int(turn) <= t) / 5000 for t in range(1, 11)]
    # won by turn t exactly when a Hero was in hand by turn t - 4 (turn 1 counting the opening hand)
    assert won_by[4] == pytest.approx(hero[0], abs=1e-9)
    assert won_by[5:] == pytest.approx(hero[1:6], abs=1e-9)


def test_redline_heavy_efreets_capture_everything_on_turn_one(tmp_path):
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: redline\ncards:\n  - {name: G, type: general, faction: cpm}\n"
        "  - {name: Brute, type: efreet, faction: cpm, cost: 0, weight: heavy}\n"
        "  - {name: Hill, type: mission, capture_cost: 3}\n",
    )
    deck = write(tmp_path, "deck.yaml", "game: redline\ngeneral: G\nmain:\n  Brute: 60\nmissions:\n  Hill: 20\n")
    # five heavy efreets come in free on turn 1, one per mission, each rolling 1d6+2 >= 3
    report = goldfish(deck, "--card-db", cards, games=500)
    assert report["race"]["win_turn"]["histogram"] == {"1": 500}


def redline_race(tmp_path, efreet: str, missions: dict[str, int], mission_order: list[str], games: int = 2000) -> dict:
    lines = ["game: redline\ncards:\n  - {name: G, type: general, faction: cpm}", f"  - {efreet}"]
    lines += [f"  - {{name: {name}, type: mission, capture_cost: {cost}}}" for name, cost in missions.items()]
    cards = write(tmp_path, "cards.yaml", "\n".join(lines) + "\n")
    efreet_name = efreet.split("name: ")[1].split(",")[0]
    mission_lines = "".join(f"  {name}: 4\n" for name in mission_order)
    deck = write(tmp_path, "deck.yaml", f"game: redline\ngeneral: G\nmain:\n  {efreet_name}: 60\nmissions:\n{mission_lines}")
    return goldfish(deck, "--card-db", cards, games=games)["race"]


def test_redline_squads_take_a_mission_no_single_efreet_can(tmp_path):
    # a medium efreet rolls at most 6: a mission of cost 7 needs two of them, and gets them
    race = redline_race(tmp_path, "{name: Mech, type: efreet, faction: cpm, cost: 0}", {"Peak": 7}, ["Peak"])
    assert race["win_turn"]["won"] > 0.5


def test_redline_reveals_five_of_the_shuffled_mission_deck_whatever_its_order(tmp_path):
    missions = {"Low": 2, "Mid": 5, "High": 9, "Wall": 12, "Gate": 3}
    efreet = "{name: Mech, type: efreet, faction: cpm, cost: 1, weight: heavy}"
    one = redline_race(tmp_path, efreet, missions, ["Low", "Mid", "High", "Wall", "Gate"])
    other = redline_race(tmp_path, efreet, missions, ["Wall", "High", "Gate", "Mid", "Low"])
    assert one == other


def test_demon_rush_army_of_tens(tmp_path):
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: demon-rush\ncards:\n"
        "  - {name: Hero, type: champion, faction: holy, strength: 1}\n"
        "  - {name: Titan, type: soldier, faction: holy, strength: 10, cost: 10}\n",
    )
    deck = write(tmp_path, "deck.yaml", "game: demon-rush\nchampion: Hero\nmain:\n  Titan: 40\n")
    # turn 1: one Titan + Soren-like champion, 11 - 1 = 10 damage; turn 2: 21 - 1 = 20 more: 30
    assert goldfish(deck, "--card-db", cards, games=300)["race"]["win_turn"]["histogram"] == {"2": 300}


def test_bible_battles_wisdom_race(tmp_path):
    deck = write(tmp_path, "deck.txt", "# game: bible-battles\n60 Follower\n")
    # the rulebook's turn: wisdom in the Beginning Stage from the followers already in play, then a
    # follower in the Building Stage. Followers in play at the start of turns 1, 2, 3, ...: 0, 1, 2, ...;
    # wisdom 0, 1, 3, 6, 10, 15, 21, 28, 36 -> turn 9 reaches 30 (turn 5 reaches 10)
    assert goldfish(deck, "--card-db", DATA / "bible-battles-cards.yaml", games=300)["race"]["win_turn"]["histogram"] == {"9": 300}
    event = write(tmp_path, "event.yaml", "name: Short\nsettings:\n  wisdom_target: 10\n")
    short = goldfish(deck, "--card-db", DATA / "bible-battles-cards.yaml", "--event", event, games=300)
    assert short["race"]["win_turn"]["histogram"] == {"5": 300} and short["settings"]["wisdom_target"] == 10


def test_promised_land_one_life_point_falls_to_the_first_playable_query(tmp_path):
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: promised-land\ncards:\n"
        "  - {name: OT, type: source, color: none, source_kind: section, testament: old}\n"
        "  - {name: Verse, type: query, color: white, testament: old}\n",
    )
    deck = write(tmp_path, "deck.yaml", "game: promised-land\nmain:\n  OT: 30\n  Verse: 30\n")
    event = write(tmp_path, "event.yaml", "name: One life\nsettings:\n  life_points: 1\n")
    report = goldfish(deck, "--card-db", cards, "--event", event, "--track", "type:source+type:query", games=5000)
    both = [row["p"] for row in report["tracked"][0]["by_turn"] if row["turn"] >= 1]
    histogram = report["race"]["win_turn"]["histogram"]
    won_by = [sum(n for turn, n in histogram.items() if int(turn) <= t) / 5000 for t in range(1, 11)]
    # with one life point the deck wins the first turn it has a Source and a Query
    assert won_by == pytest.approx(both, abs=1e-9)
    # a Verse is playable once a Source is in play: turn 1 plays one if any of the first 7 cards is one
    (playable,) = [row["p"] for row in {f["figure"]: f for f in report["figures"]}["Verse playable"]["by_turn"] if row["turn"] == 1]
    exact = 1 - math.comb(30, 7) / math.comb(60, 7)
    assert abs(playable - exact) <= 4.5 * math.sqrt(exact * (1 - exact) / 5000)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.iterdir()))
def test_every_example_plays_with_no_option(example):
    outcome = run("goldfish", EXAMPLES / example)
    assert outcome.exit_code == 0, outcome.stderr
    assert "games, seed 1, 10 turns" in outcome.stdout and "Race (" in outcome.stdout
    assert "The model's simplifications:" in outcome.stdout


def test_vs_reports_both_decks_and_the_difference():
    report = goldfish(EXAMPLES / "redline-cpm.yaml", "--vs", EXAMPLES / "redline-une.txt", "--track", "type:efreet", games=4000)
    difference = report["vs"]["difference"]
    mine, theirs = report["tracked"][0]["by_turn"], report["vs"]["tracked"][0]["by_turn"]
    for row, a, b in zip(difference["tracked"][0]["by_turn"], mine, theirs):
        assert row["difference"] == pytest.approx(a["p"] - b["p"], abs=2e-4)
        assert row["ci95"][0] <= row["difference"] <= row["ci95"][1]
    # the race over every game: per turn, and the restricted mean (a game not won is won on turns + 1)
    for row, a, b in zip(difference["won_by_turn"], report["race"]["won_by_turn"], report["vs"]["race"]["won_by_turn"]):
        assert row["difference"] == pytest.approx(a["p"] - b["p"], abs=2e-4)

    def capped_mean(race, turns=10):
        win = race["win_turn"]
        total = sum(win["histogram"].values()) + win["not_won"]
        return (sum(int(t) * n for t, n in win["histogram"].items()) + (turns + 1) * win["not_won"]) / total

    restricted = difference["restricted_mean_win_turn"]
    assert restricted["cap"] == 11
    assert restricted["difference"] == pytest.approx(capped_mean(report["race"]) - capped_mean(report["vs"]["race"]), abs=1e-4)
    assert "win_turn" not in difference  # never a difference over the games both decks won alone


def test_vs_pairs_card_copies_not_lines_so_a_reordered_deck_gives_the_same_figures(tmp_path):
    original = EXAMPLES / "redemption-deck-i.yaml"
    lines = original.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("main:")) + 1
    end = next((i for i in range(start, len(lines)) if lines[i] and not lines[i].startswith("  ")), len(lines))
    reordered = tmp_path / "reordered.yaml"  # the main section's lines (cards and blank lines between groups) upside down
    reordered.write_text("\n".join(lines[:start] + lines[start:end][::-1] + lines[end:]) + "\n")
    assert reordered.read_text() != original.read_text() and sorted(reordered.read_text()) == sorted(original.read_text())
    args = ("--vs", EXAMPLES / "redemption-deck-j.yaml", "--track", "James")
    first, second = goldfish(original, *args, games=4000), goldfish(reordered, *args, games=4000)
    assert first["tracked"] == second["tracked"] and first["race"] == second["race"]
    assert first["vs"]["difference"] == second["vs"]["difference"]  # the same figures and interval widths
    alone = goldfish(original, "--track", "James", games=4000)
    assert alone["tracked"] == goldfish(reordered, "--track", "James", games=4000)["tracked"]


def test_csv_holds_every_section_of_the_report():
    import csv
    import io
    import json

    args = ("goldfish", EXAMPLES / "bible-battles.txt", "--track", "Goat", "--games", "1000")
    rows = list(csv.DictReader(io.StringIO(run(*args, "--output-format", "csv").stdout)))
    report = json.loads(run(*args, "--output-format", "json").stdout)
    assert list(rows[0]) == ["deck", "section", "label", "turn", "count", "games", "p", "ci95_low", "ci95_high", "exact"]
    sections = {}
    for row in rows:
        sections.setdefault(row["section"], []).append(row)
    assert [r["turn"] for r in sections["tracked"]] == [str(t) for t in range(0, 11)]  # the opening hand, then 10 turns
    assert sections["tracked"][0]["label"] == "Goat"
    hand = report["opening_hand"]["histogram"]
    assert {r["count"]: int(r["games"]) for r in sections["opening_hand"]} == {k: v for k, v in hand.items()}
    race = report["race"]
    assert [float(r["p"]) for r in sections["race"] if r["turn"] != "not won"] == [r["p"] for r in race["won_by_turn"]]
    (not_won,) = [r for r in sections["race"] if r["turn"] == "not won"]
    assert int(not_won["games"]) == race["win_turn"]["not_won"]
    assert [r["label"] for r in sections["race_summary"]] == ["won", "mean", "p10", "median", "p90"]


def test_csv_of_a_deck_tracking_nothing_still_has_its_race_and_opening_hand():
    outcome = run("goldfish", EXAMPLES / "demon-rush-holy.yaml", "--games", "500", "--output-format", "csv")
    sections = {line.split(",")[1] for line in outcome.stdout.splitlines()[1:]}
    assert sections == {"opening_hand", "race", "race_summary"}


def test_unknown_query_and_policy_are_exit_two():
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--track", "EF-9 Rabit")
    assert outcome.exit_code == 2 and "did you mean 'EF-9 Rabbit'" in outcome.stderr
    outcome = run("goldfish", EXAMPLES / "redemption-deck-i.yaml", "--mulligan", "partial")
    assert outcome.exit_code == 2 and "no mulligan policy 'partial'" in outcome.stderr


def test_an_unplayable_deck_is_exit_one(tmp_path):
    deck = write(tmp_path, "deck.yaml", "game: redline\nmain:\n  Suply Drop: 60\n")
    outcome = run("goldfish", deck)
    assert outcome.exit_code == 1 and "cannot be played" in outcome.stderr


def test_help_states_every_model_simplification():
    outcome = run("goldfish", "--help")
    assert outcome.exit_code == 0
    import importlib

    from deckcheck.games import all_games

    for game in all_games():
        model = importlib.import_module(game.goldfish).MODEL
        for line in model.simplifications:
            assert line in outcome.stdout


@pytest.mark.slow
def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is the optional [plot] extra")
    png = tmp_path / "plot.png"
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--track", "EF-9 Rabbit", "--games", "1000", "--plot", png)
    assert outcome.exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plots_race_bars_count_every_game_the_ones_not_won_last():
    import json

    from deckcheck.report.goldfish_plot import race_bars

    report = json.loads(
        run("goldfish", EXAMPLES / "redemption-deck-i.yaml", "--games", "2000", "--turns", "5", "--output-format", "json").stdout
    )
    turns, games = race_bars(report, 5)
    assert sum(games) == 2000 and turns[-1] == 6 and games[-1] == report["race"]["win_turn"]["not_won"] > 0


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    outcome = run("goldfish", EXAMPLES / "bible-battles.txt", "--games", "100", "--plot", tmp_path / "x.png")
    assert outcome.exit_code == 2 and 'pip install "deckcheck[plot]"' in outcome.stderr


def test_a_race_the_deck_cannot_win_says_why(tmp_path):
    deck = write(tmp_path, "deck.yaml", "game: promised-land\nformat: sunday-school\nmain:\n  Deluge: 4\n")
    report = goldfish(deck, games=200)
    why = "no Query card of the deck can be played: its Sources, all in play, meet none of their requirements"
    assert report["race"]["cannot_win"] == why  # Deluge (Genesis 6) needs an Old Testament or a 6; there is no Source
    text = run("goldfish", deck, "--games", "200").stdout
    assert f"never won within the turns played: {why}" in text
    sourced = write(tmp_path, "sourced.yaml", "game: promised-land\nformat: sunday-school\nmain:\n  Deluge: 4\n  Old Testament: 2\n")
    assert "cannot_win" not in goldfish(sourced, games=200)["race"]  # 4 Queries, 10 life: the Archive comes back


@pytest.mark.parametrize(
    "deck, rule",
    [("redline-cpm.yaml", "2-4x type:resource + type:efreet"), ("demon-rush-holy.yaml", "2x type:soldier")],
)
def test_keep_rule_keeps_hands_as_often_as_the_exact_chance_of_such_a_hand(deck, rule):
    report = goldfish(EXAMPLES / deck, "--keep", rule, games=20_000)
    keep = report["keep"]
    assert keep["rule"] == rule and report["mulligan"] == f"keep {rule}"
    error = math.sqrt(keep["exact"] * (1 - keep["exact"]) / 20_000)
    assert abs(keep["kept"] - keep["exact"]) <= 4.5 * error and keep["ci95"][0] <= keep["kept"] <= keep["ci95"][1]
    assert keep["thrown_back"]


def test_keep_rule_moves_the_opening_hand_towards_what_it_asks_for():
    plain = goldfish(EXAMPLES / "demon-rush-holy.yaml", "--mulligan", "none", games=10_000)
    kept = goldfish(EXAMPLES / "demon-rush-holy.yaml", "--keep", "2x type:soldier", games=10_000)

    def short(report):  # games whose opening hand has fewer than two soldiers
        histogram = report["opening_hand"]["histogram"]
        return histogram.get("0", 0) + histogram.get("1", 0)

    assert short(kept) < short(plain)


@pytest.mark.parametrize(
    "args, words",
    [
        (("redemption-deck-i.yaml", "--keep", "type:hero"), "redemption has no mulligan"),
        (("redline-cpm.yaml", "--keep", "type:efreet", "--mulligan", "none"), "give it or --mulligan, not both"),
        (("redline-cpm.yaml", "--keep", "curve:resource"), "not a curve"),
        (("redline-cpm.yaml", "--keep", "type:efreat"), "no redline card has type 'efreat'"),
        (("redline-cpm.yaml", "--keep", ""), "it was given empty"),
        (("redline-cpm.yaml", "--keep", "  "), "it was given empty"),
    ],
)
def test_keep_rules_that_cannot_be_played_are_exit_two(args, words):
    outcome = run("goldfish", EXAMPLES / args[0], *args[1:], "--games", "100")
    assert outcome.exit_code == 2 and words in outcome.stderr


@pytest.mark.parametrize("game_of_match", [1, 2, 3])
def test_demon_rush_has_one_mulligan_per_match(game_of_match):
    from deckcheck.check import CheckOptions
    from deckcheck.goldfish import prepare
    from deckcheck.loading.card_db import Databases

    model = prepare(EXAMPLES / "demon-rush-holy.yaml", CheckOptions(), Databases()).model
    size, soldiers = len(model.facts), int(model.soldier.sum())
    q = math.comb(size - soldiers, 5) / math.comb(size, 5)  # an opening 5 without a soldier
    left = (1 - q) ** (game_of_match - 1)  # the mulligan not taken in the games before
    wanted = q * (left * q + (1 - left))  # a hand without a soldier after the mulligan, if any
    report = goldfish(EXAMPLES / "demon-rush-holy.yaml", "--game-of-match", str(game_of_match), games=40_000)
    assert report["settings"]["game_of_match"] == game_of_match
    share = report["opening_hand"]["histogram"].get("0", 0) / 40_000
    assert share == pytest.approx(wanted, abs=4.5 * math.sqrt(wanted * (1 - wanted) / 40_000))


def test_a_demon_rush_soldier_without_a_cost_costs_its_strength(tmp_path):
    cards = write(
        tmp_path,
        "cards.yaml",
        "game: demon-rush\ncards:\n"
        "  - {name: Hero, type: champion, faction: holy, strength: 1}\n"
        "  - {name: Cassiel, type: soldier, faction: holy, strength: 13}\n",
    )
    deck = write(tmp_path, "deck.yaml", "game: demon-rush\nchampion: Hero\nmain:\n  Cassiel: 40\n")
    # costed 10 (its strength, at most 10): one a turn; 13 + 1 - 1 = 13 damage on turn 1, 26 more on turn 2
    race = goldfish(deck, "--card-db", cards, games=200)["race"]
    assert race["win_turn"]["histogram"] == {"2": 200}
    assert any("costs its strength" in s for s in goldfish(deck, "--card-db", cards, games=10)["simplifications"])


def test_game_of_match_is_for_demon_rush():
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--game-of-match", "2", "--games", "100")
    assert outcome.exit_code == 2 and "--game-of-match is for games whose mulligan is per match (Demon Rush)" in outcome.stderr


def plain_redemption_race(hero: list[bool], soul: list[bool], goldfish_soul: list[bool], games: int, turns: int, seed: int):
    """The stated Redemption race, one game at a time in plain Python: the player on the play
    (no draw on turn 1), 8 cards then 3 a turn, Lost Souls replaced; the goldfish likewise, with
    8 + 3(t - 1) of its cards that are not Lost Souls drawn before the player's turn t."""
    import random

    rng = random.Random(seed)
    won_by = [0] * (turns + 1)
    for _ in range(games):
        mine = list(range(len(hero)))
        rng.shuffle(mine)
        kept = [i for i in mine if not soul[i]]  # the cards that stay in hand, in the order drawn
        first_hero = next((t for t in range(1, turns + 1) if any(hero[i] for i in kept[: 8 + 3 * (t - 1)])), None)
        theirs = list(range(len(goldfish_soul)))
        rng.shuffle(theirs)
        rescued, win = 0, None
        for t in range(1, turns + 1):
            needed, others, in_bondage = 8 + 3 * (t - 1), 0, 0
            for i in theirs:
                if goldfish_soul[i]:
                    in_bondage += 1
                else:
                    others += 1
                    if others == needed:
                        break
            if first_hero is not None and t >= first_hero and rescued < in_bondage:
                rescued += 1
            if rescued >= 5 and win is None:
                win = t
        for t in range(1, turns + 1):
            won_by[t] += win is not None and win <= t
    return [won_by[t] / games for t in range(1, turns + 1)]


@pytest.mark.parametrize("opponent", [None, "redemption-deck-j.yaml"])
@pytest.mark.slow
def test_redemption_race_against_the_goldfishs_own_lost_souls_matches_a_plain_simulation(opponent):
    from deckcheck.check import CheckOptions
    from deckcheck.goldfish import prepare
    from deckcheck.loading.card_db import Databases

    deck = prepare(EXAMPLES / "redemption-deck-i.yaml", CheckOptions(), Databases()).model
    goldfish_deck = prepare(EXAMPLES / (opponent or "redemption-deck-i.yaml"), CheckOptions(), Databases()).model
    turns, games = 14, 20_000
    args = ("--turns", str(turns))
    args += ("--opponent", EXAMPLES / opponent) if opponent else ()
    report = goldfish(EXAMPLES / "redemption-deck-i.yaml", *args, games=games)
    reference = plain_redemption_race(list(deck.hero), list(deck.lost_soul), list(goldfish_deck.lost_soul), games=6000, turns=turns, seed=3)
    for row, expected in zip(report["race"]["won_by_turn"], reference):
        tolerance = 4.5 * math.sqrt(max(expected * (1 - expected), 1e-4) * (1 / games + 1 / 6000))
        assert row["p"] == pytest.approx(expected, abs=tolerance), (row, expected)
    assert report["race"]["won_by_turn"][4]["p"] < 0.2  # not 84% by turn 5: the goldfish's Lost Souls come slowly
    assert any("--opponent" in s for s in report["simplifications"])


def test_opponent_is_for_redemption():
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--opponent", EXAMPLES / "redline-une.txt", "--games", "100")
    assert outcome.exit_code == 2 and "--opponent is for Redemption" in outcome.stderr


# --- sweeps ---------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_sweeps_rows_match_separate_runs_of_each_count(tmp_path):
    base = (EXAMPLES / "redline-cpm.yaml").read_text()
    args = ("--track", "EF-9 Rabbit", "--track", "2x type:efreet", "--mulligan", "none")
    swept = goldfish(EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=1..4", "--fill", "Supply Drop", *args, games=20_000)
    rows = swept["sweep"]["rows"]
    assert [row["count"] for row in rows] == [1, 2, 3, 4]
    for row in rows:
        # the same deck written out by hand: the Rabbits at the count, Supply Drop keeping 60 cards
        text = base.replace("EF-9 Rabbit: 3", f"EF-9 Rabbit: {row['count']}").replace(
            "Supply Drop: 19", f"Supply Drop: {19 - (row['count'] - 3)}"
        )
        alone = goldfish(write(tmp_path, f"count-{row['count']}.yaml", text), *args, games=20_000)
        for ours, theirs in zip(row["tracked"], alone["tracked"]):
            assert [r["exact"] for r in ours["by_turn"]] == [r["exact"] for r in theirs["by_turn"]]
            for a, b in zip(ours["by_turn"], theirs["by_turn"]):
                spread = math.sqrt(max(a["exact"] * (1 - a["exact"]), 1e-4) * 2 / 20_000)
                assert abs(a["p"] - b["p"]) <= 4.5 * spread
        won, alone_won = row["race"]["win_turn"]["won"], alone["race"]["win_turn"]["won"]
        assert abs(won - alone_won) <= 4.5 * math.sqrt(max(won * (1 - won), 1e-4) * 2 / 20_000)


def test_a_sweep_of_a_type_keeps_the_deck_size():
    report = goldfish(EXAMPLES / "redline-cpm.yaml", "--sweep", "type:resource=20..23", "--track", "type:resource", games=2000)
    rows = report["sweep"]["rows"]
    assert [row["count"] for row in rows] == [20, 21, 22, 23]
    # one more resource each row: the chance of one in the opening 7 of 60 rises
    opening = [row["tracked"][0]["by_turn"][0]["p"] for row in rows]
    assert opening == sorted(opening)
    assert "the deck keeps its size" in report["sweep"]["fill"]


@pytest.mark.parametrize(
    "args, words",
    [
        (("--sweep", "EF-9 Rabbit"), "--sweep takes CARD=LOW..HIGH"),
        (("--sweep", "EF-9 Rabit=0..3"), "did you mean 'EF-9 Rabbit'"),
        (("--sweep", "EF-9 Rabbit=3..1"), "is not a range"),
        (("--sweep", "type:soldier=1..3"), "no redline card has type 'soldier'"),
        (("--sweep", "EF-9 Rabbit=0..40", "--fill", "Listening Post"), "is not a range"),
        (("--sweep", "EF-9 Rabbit=0..5", "--fill", "Listening Post"), "the fillers run out"),
        (("--fill", "Supply Drop"), "--fill goes with --sweep"),
        (("--sweep", "EF-9 Rabbit=0..2", "--vs", EXAMPLES / "redline-une.txt"), "not with --vs"),
    ],
)
def test_a_sweep_that_cannot_be_built_is_exit_two(args, words):
    outcome = run("goldfish", EXAMPLES / "redline-cpm.yaml", *args, "--games", "100")
    assert outcome.exit_code == 2 and words in outcome.stderr, outcome.stderr


def test_a_deck_file_named_like_a_formula_is_text_in_the_csv(tmp_path, monkeypatch):
    (tmp_path / "=1+1.yaml").write_text((EXAMPLES / "redline-cpm.yaml").read_text())
    monkeypatch.chdir(tmp_path)
    rows = run("goldfish", "=1+1.yaml", "--track", "EF-9 Rabbit", "--games", "200", "--output-format", "csv").stdout.splitlines()[1:]
    assert rows and all(not line.startswith("=") for line in rows) and rows[0].split(",")[0].startswith("'=")


def test_sweep_csv_and_text_have_a_row_per_count():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=0..2", "--track", "EF-9 Rabbit", "--games", "500")
    csv_text = run(*args, "--output-format", "csv").stdout
    assert csv_text.splitlines()[0].startswith("swept_count,swept_changes,deck,section")
    assert {line.split(",")[0] for line in csv_text.splitlines()[1:]} == {"0", "1", "2"}
    # the deck holds 3 EF-9 Rabbit: each count names what it takes out and puts in
    changes = {line.split(",")[0]: line.split(",")[1] for line in csv_text.splitlines()[1:]}
    # quoted as text: a spreadsheet would run a cell starting with + as a formula
    assert changes["2"] == "'+1 Supply Drop; -1 EF-9 Rabbit" and changes["0"] == "'+3 Supply Drop; -3 EF-9 Rabbit"
    text = run(*args).stdout
    assert "Sweep of EF-9 Rabbit: 0 to 2 copies" in text and "Race (capture all 5 missions) by count" in text


def test_a_sweep_names_the_cards_each_count_puts_in_and_takes_out():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=3..4", "--games", "200", "--output-format", "json")
    rows = json.loads(run(*args).stdout)["sweep"]["rows"]
    assert [row["changes"] for row in rows] == [[], [{"card": "EF-9 Rabbit", "copies": 1}, {"card": "Supply Drop", "copies": -1}]]
    text = run(*args[:-2]).stdout
    assert "Cards at each count, against the deck as given" in text and "1 Supply Drop" in text


def test_fill_takes_a_type_so_a_singleton_deck_can_be_swept(tmp_path):
    """A singleton deck: one copy of each card, so the fillers are the cards of a type, one copy each in turn."""
    deck = tmp_path / "singleton.yaml"
    deck.write_text((EXAMPLES / "redemption-deck-i.yaml").read_text())
    args = ("goldfish", deck, "--sweep", "type:hero=8..11", "--games", "200", "--output-format", "json")
    filled = run(*args, "--fill", "type:evil_character")
    assert filled.exit_code == 0, filled.stderr
    rows = json.loads(filled.stdout)["sweep"]["rows"]
    taken = [[c["card"] for c in row["changes"] if c["copies"] < 0] for row in rows]
    assert [len(t) for t in taken] == [0, 1, 2, 3]  # a different evil character at each step
    assert len({name for t in taken for name in t}) == 3


def test_fill_takes_several_cards_in_the_order_given():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=3..5", "--games", "200", "--output-format", "json")
    # Network and CPM Cadet hold 2 copies each: the most copies first, the order given on a tie
    rows = json.loads(run(*args, "--fill", "Network, CPM Cadet").stdout)["sweep"]["rows"]
    assert [row["changes"] for row in rows[1:]] == [
        [{"card": "EF-9 Rabbit", "copies": 1}, {"card": "Network", "copies": -1}],
        [{"card": "EF-9 Rabbit", "copies": 2}, {"card": "CPM Cadet", "copies": -1}, {"card": "Network", "copies": -1}],
    ]


def test_a_sweeps_plot_shows_the_turn_where_the_counts_differ_most():
    from deckcheck.report.goldfish_plot import sweep_turn

    def row(chances):
        return {"tracked": [{"by_turn": [{"turn": t, "p": p} for t, p in enumerate(chances, start=1)]}]}

    data = {"turns": 4, "sweep": {"rows": [row([0.1, 0.2, 0.5, 0.9]), row([0.1, 0.6, 0.8, 0.95])]}}
    assert sweep_turn(data) == 2  # spreads 0, 0.4, 0.3, 0.05


def test_plot_turn_is_checked():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--turns", "3")
    outcome = run(*args, "--sweep", "EF-9 Rabbit=2..3", "--plot-turn", "9")
    assert outcome.exit_code == 2 and "--plot-turn" in outcome.stderr


def test_a_title_whose_printings_play_alike_is_played(tmp_path):
    """A name that is the title of several printings: where they are alike in all a goldfish reads
    it plays one of them; where they differ (a Site and a Fortress) it asks which is meant."""
    database = DATA / "redemption-tournament.yaml"
    fillers = "".join(f"3 Good {i}\n3 Evil {i}\n" for i in range(1, 8))
    deck = tmp_path / "deck.txt"
    deck.write_text(f"# game: redemption\n# format: quickstart\n{fillers}1 Twin Soul\n", encoding="utf-8")
    played = run("goldfish", deck, "--card-db", database, "--games", "100", "--turns", "2", "--no-race")
    assert played.exit_code == 0, played.stderr
    deck.write_text(f"# game: redemption\n# format: quickstart\n{fillers}1 Twin Soul\n1 Herod's Temple\n", encoding="utf-8")
    refused = run("goldfish", deck, "--card-db", database, "--games", "100", "--turns", "2", "--no-race")
    assert refused.exit_code == 1 and "Twin Soul" not in refused.stderr
    assert "'Herod's Temple' could be 2 printings that play differently ('Herod's Temple (G)', 'Herod's Temple (GoC)')" in refused.stderr


def test_a_curve_breaks_once_the_deck_has_run_out(tmp_path):
    deck = tmp_path / "ten.yaml"
    deck.write_text("game: redline\ngeneral: Mars General\nmain:\n  Crate: 10\n", encoding="utf-8")
    args = ("goldfish", deck, "--card-db", DATA / "redline-cards.yaml", "--games", "200", "--turns", "12", "--no-race")
    outcome = run(*args, "--mulligan", "none", "--track", "curve:type:resource", "--output-format", "json")
    (curve,) = json.loads(outcome.stdout)["tracked"]
    assert [row["p"] for row in curve["by_turn"]] == [1.0] * 11 + [0.0, 0.0]  # turn 0 (the hand) to 10, not 11


def test_a_curve_takes_no_count():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--track", "curve:2x type:resource")
    outcome = run(*args)
    assert outcome.exit_code == 2 and "takes no count" in outcome.stderr


def test_a_deck_smaller_than_its_opening_hand_says_so(tmp_path):
    deck = tmp_path / "five.yaml"
    deck.write_text("game: redline\ngeneral: Mars General\nmain:\n  Crate: 5\n", encoding="utf-8")
    args = ("goldfish", deck, "--card-db", DATA / "redline-cards.yaml", "--games", "100", "--no-race")
    text = run(*args).stdout
    assert "Note: the deck has 5 cards, fewer than the opening hand of 7" in text
    assert json.loads(run(*args, "--output-format", "json").stdout)["notes"][0].startswith("the deck has 5 cards")
    full = json.loads(run("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--output-format", "json").stdout)
    assert not [note for note in full["notes"] if "opening hand" in note]


@pytest.mark.parametrize(
    "deck, query",
    [
        ("redline-cpm.yaml", "3-3x type:resource"),
        ("redline-cpm.yaml", "2-4x type:resource"),
        ("redline-cpm.yaml", "0-1x EF-9 Rabbit"),
        ("demon-rush-holy.yaml", "1-1x Spirit Wolf"),
    ],
)
def test_a_range_is_simulated_as_a_range(deck, query):
    """The simulated chance of a count between two bounds holds its exact value in its interval,
    every turn (a range may hold on one turn and not on a later one)."""
    args = ("goldfish", EXAMPLES / deck, "--track", query, "--mulligan", "none", "--no-race", "--games", "50000", "--turns", "6")
    (tracked,) = json.loads(run(*args, "--output-format", "json").stdout)["tracked"]
    # the turns the audit read; the opening hand's row is held to its exact value by test_goldfish_exact
    for row in tracked["by_turn"][1:]:
        low, high = row["ci95"]
        assert row["exact"] is not None and low <= row["exact"] <= high, (query, row)


def test_tracking_a_card_the_deck_lacks_says_so():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--no-race", "--track", "Valya Serova", "--track", "EF-9 Rabbit")
    report = json.loads(run(*args, "--output-format", "json").stdout)
    lacking = [note for note in report["notes"] if note.startswith("the deck holds no card")]
    assert lacking == ["the deck holds no card of 'Valya Serova' (a part of it matches none): its chance is 0 on every turn"]
    assert "Note: the deck holds no card of 'Valya Serova'" in run(*args).stdout


def test_tracking_more_copies_than_the_deck_holds_or_a_curve_of_none_says_so():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--no-race", "--output-format", "json")
    report = json.loads(run(*args, "--track", "5x EF-9 Rabbit", "--track", "3x EF-9 Rabbit", "--track", "curve:Valya Serova").stdout)
    notes = [note for note in report["notes"] if "its chance is 0" in note]
    assert notes == [
        "'5x EF-9 Rabbit' asks for 5 cards of a part the deck holds 3 of: its chance is 0 on every turn",
        "the deck holds no card of 'curve:Valya Serova' (a part of it matches none): its chance is 0 from turn 1 on "
        "(by turn 0 a curve asks for no card)",
    ]
    five, _, curve = report["tracked"]
    assert all(row["p"] == 0 for row in five["by_turn"]) and curve["by_turn"][0]["p"] == 1.0


def test_a_deck_the_size_of_its_opening_hand_says_so(tmp_path):
    deck = tmp_path / "seven.yaml"
    deck.write_text("game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 7\n", encoding="utf-8")
    notes = json.loads(run("goldfish", deck, "--games", "100", "--output-format", "json").stdout)["notes"]
    assert "the deck has 7 cards, as many as the opening hand of 7: every card is in hand from the start, and no card is drawn" in notes


def test_what_the_model_assumes_for_the_deck_is_a_note():
    redline = json.loads(run("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--output-format", "json").stdout)
    assert redline["notes"] == ["the deck has 0 missions of the 5 the race reveals: 5 made-up missions of capture cost 4 stand in"]
    promised = run("goldfish", EXAMPLES / "promised-land-sunday-school.yaml", "--games", "100", "--output-format", "json")
    (life,) = json.loads(promised.stdout)["notes"]
    assert life.startswith("10 life points, the low end of the guide's 10-15")


@pytest.mark.parametrize(
    "options, first",
    [
        ((), "partial mulligan: "),
        (("--mulligan", "none"), "no mulligan (--mulligan none)"),
        (("--keep", "2-4x type:resource"), "a hand that fails the keep rule '2-4x type:resource' is thrown back: "),
    ],
)
def test_the_simplifications_say_the_mulligan_played(options, first):
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--output-format", "json", *options)
    said = json.loads(run(*args).stdout)["simplifications"]
    assert said[0].startswith(first) and sum("mulligan" in s for s in said) <= 1


def test_a_query_of_lost_souls_has_its_exact_value():
    """Deck I: 7 Lost Souls among 50 cards, each replaced as it is drawn. At least k Lost Souls are
    seen by the turn the n-th other card is exactly when the first n+k-1 cards hold k of them."""
    from math import comb

    def at_least(k: int, first: int) -> float:
        return sum(comb(7, i) * comb(43, first - i) for i in range(k, min(7, first) + 1)) / comb(50, first)

    args = ("goldfish", EXAMPLES / "redemption-deck-i.yaml", "--no-race", "--games", "50000", "--turns", "4", "--output-format", "json")
    report = json.loads(run(*args, "--track", "type:lost_soul", "--track", "2x type:lost_soul").stdout)
    seen = {0: 8, 1: 8, 2: 11, 3: 14, 4: 17}  # on the play: 8 in hand, no draw on turn 1, then 3 a turn
    for k, tracked in zip((1, 2), report["tracked"]):
        for row in tracked["by_turn"]:
            exact = at_least(k, seen[row["turn"]] + k - 1)
            assert row["exact"] == pytest.approx(exact, abs=1e-4)
            assert abs(row["p"] - exact) < 4 * (exact * (1 - exact) / 50000) ** 0.5  # the simulation agrees


def test_a_deck_that_runs_out_says_from_which_turn(tmp_path):
    deck = tmp_path / "ten.yaml"
    deck.write_text("game: redline\ngeneral: Mars General\nmain:\n  Crate: 10\n", encoding="utf-8")
    args = ("goldfish", deck, "--card-db", DATA / "redline-cards.yaml", "--games", "100", "--turns", "5", "--no-race")
    notes = json.loads(run(*args, "--output-format", "json").stdout)["notes"]
    # 7 in hand, then one a turn: the last card on turn 3, and "as soon as a player's arsenal has no
    # more cards in it, that player has been defeated" (the manual)
    assert any(note.startswith("the deck runs out on turn 3, and running out of cards loses the game") for note in notes)
    long_enough = json.loads(run("goldfish", EXAMPLES / "redline-cpm.yaml", "--games", "100", "--output-format", "json").stdout)
    assert not [note for note in long_enough["notes"] if "runs out" in note]


@pytest.mark.parametrize(
    "deck, lost_on",
    [
        # "if your opponent is unable to draw a card at the beginning of his or her turn you win": 7 in
        # hand, cards 8-15 on turns 1-8, no card for turn 9; 15 followers never reach 30 wisdom by then
        ("game: bible-battles\nmain:\n  Follower: 15\n", 9),
        # "no cards left in their deck to draw for their turn": 5 in hand, turns 1 and 2 draw, turn 3 cannot
        ("game: demon-rush\nchampion: Soren\nmain:\n  Spirit Wolf: 3\n  Jacob, Paladin of Light: 3\n  Holy Water: 1\n", 3),
        # the arsenal's last card, the 10th, is drawn on turn 3 (7 in hand): defeated as soon as it is empty
        ("game: redline\ngeneral: Valya Serova\nmain:\n  Supply Drop: 5\n  EF-9 Rabbit: 3\n  EF-41 Huojian: 2\n", 3),
    ],
    ids=["bible-battles", "demon-rush", "redline"],
)
def test_a_deck_that_runs_out_loses_where_its_rulebook_says_so(tmp_path, deck, lost_on):
    path = tmp_path / "short.yaml"
    path.write_text(deck, encoding="utf-8")
    report = json.loads(run("goldfish", path, "--games", "2000", "--turns", "12", "--output-format", "json").stdout)
    jsonschema.validate(report, json.loads((REPO / "schemas" / "goldfish.schema.json").read_text()))
    race = report["race"]
    won_late = {int(turn) for turn in race["win_turn"]["histogram"] if int(turn) >= lost_on}
    assert not won_late  # no game is won on or after the turn the deck runs out
    assert race["lost_by_decking"]["turn"] == lost_on
    assert race["lost_by_decking"]["p"] == pytest.approx(1 - race["win_turn"]["won"], abs=1e-4)
    # and a figure stops counting there: a game lost on that turn reaches nothing more (issue 52)
    for figure in report["figures"]:
        by_turn = {row["turn"]: row["p"] for row in figure["by_turn"]}
        assert all(by_turn[turn] == by_turn[lost_on - 1] for turn in by_turn if turn >= lost_on), figure["figure"]


def test_the_bible_battles_deck_of_fifteen_followers_loses_every_game_by_decking(tmp_path):
    path = tmp_path / "fifteen.yaml"
    path.write_text("game: bible-battles\nmain:\n  Follower: 15\n", encoding="utf-8")
    race = json.loads(run("goldfish", path, "--games", "1000", "--turns", "12", "--output-format", "json").stdout)["race"]
    assert race["win_turn"]["won"] == 0
    assert (race["lost_by_decking"]["turn"], race["lost_by_decking"]["p"]) == (9, 1.0)


def test_promised_land_shuffles_its_archive_into_a_new_logos_deck(tmp_path):
    """The guide: "if you play all cards in your Logos Deck you shuffle your Archive Deck and it becomes
    your new Logos Deck". 4 Queries, 10 life points: 6 in hand, the last card drawn on turn 4, then a
    Query played comes back each turn; the tenth life point goes on turn 10, in every game."""
    path = tmp_path / "sunday.yaml"
    path.write_text(
        "game: promised-land\nformat: sunday-school\nmain:\n  Deluge: 4\n  Old Testament: 4\n  Chapter Source 6: 2\n", encoding="utf-8"
    )
    report = json.loads(run("goldfish", path, "--games", "1000", "--turns", "12", "--output-format", "json").stdout)
    assert report["race"]["win_turn"]["histogram"] == {"10": 1000}
    assert any("is shuffled into a new Logos Deck" in note for note in report["notes"])
    assert "cannot_win" not in report["race"]


def test_a_sweep_gives_each_count_against_the_deck_as_given():
    args = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=2..4", "--track", "EF-9 Rabbit", "--games", "5000")
    report = json.loads(run(*args, "--turns", "3", "--output-format", "json").stdout)
    jsonschema.validate(report, json.loads((REPO / "schemas" / "goldfish.schema.json").read_text()))
    rows = {row["count"]: row for row in report["sweep"]["rows"]}
    given = rows[3]  # the deck holds 3
    assert all(r["difference"] == 0.0 for r in given["difference"]["tracked"][0]["by_turn"])
    for mine, paired in zip(rows[4]["tracked"][0]["by_turn"], rows[4]["difference"]["tracked"][0]["by_turn"]):
        (theirs,) = [row for row in given["tracked"][0]["by_turn"] if row["turn"] == mine["turn"]]
        assert paired["difference"] == pytest.approx(mine["p"] - theirs["p"], abs=2e-4)
        assert 0 < paired["ci95"][0] <= paired["difference"] <= paired["ci95"][1]
    text = run(*args, "--turns", "3").stdout
    assert "against the deck as given, game by game (95% interval)" in text


def test_a_race_no_resource_can_pay_for_says_why(tmp_path):
    deck = tmp_path / "one.yaml"
    deck.write_text("game: redline\ngeneral: Valya Serova\nmain:\n  EF-9 Rabbit: 1\n", encoding="utf-8")
    report = goldfish(deck, games=100)
    assert report["race"]["cannot_win"] == "the deck has no resource card to pay for an efreet (each costs at least 1)"


def test_a_redemption_sweep_says_every_count_races_the_same_goldfish():
    args = ("goldfish", EXAMPLES / "redemption-deck-i.yaml", "--sweep", "type:lost_soul=6..7", "--games", "300", "--output-format", "json")
    notes = json.loads(run(*args).stdout)["notes"]
    assert any(note.startswith("every count races a goldfish playing the deck as given (redemption-deck-i.yaml)") for note in notes)
    other = ("goldfish", EXAMPLES / "redline-cpm.yaml", "--sweep", "EF-9 Rabbit=2..3", "--games", "300", "--output-format", "json")
    assert not any("every count races" in note for note in json.loads(run(*other).stdout)["notes"])


def test_tower_of_babel_gives_holy_soldiers_two_strength(tmp_path):
    """The example deck's 3 Towers, played with the imperium left after rallying, against the same
    deck with a spell in their place, on the same shuffles: it wins sooner (0.63 -> 0.75 by turn 4)."""
    holy = EXAMPLES / "demon-rush-holy.yaml"
    without = tmp_path / "without-tower.yaml"
    without.write_text(holy.read_text(encoding="utf-8").replace("Tower of Babel", "Weight Stone"), encoding="utf-8")
    args = ("goldfish", holy, "--vs", without, "--games", "4000", "--output-format", "json")
    difference = json.loads(run(*args).stdout)["vs"]["difference"]
    by_four = next(row for row in difference["won_by_turn"] if row["turn"] == 4)
    assert by_four["ci95"][0] > 0.05
    simplified = " ".join(json.loads(run("goldfish", holy, "--games", "100", "--output-format", "json").stdout)["simplifications"])
    assert "Tower of Babel" in simplified


@pytest.mark.parametrize("deck", sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".txt")))
def test_the_keep_rule_an_empty_keep_is_offered_is_one_the_query_language_reads(deck):
    """Issue 52: `--keep ''` suggested `type:lost_soul>=1`, which no game's query language reads."""
    import re

    from deckcheck.check import CheckOptions
    from deckcheck.goldfish import prepare
    from deckcheck.loading.card_db import Databases
    from deckcheck.sim.queries import compile_query

    outcome = run("goldfish", EXAMPLES / deck, "--keep", "", "--games", "100")
    (offered,) = re.findall(r"e\.g\. --keep '([^']+)'", outcome.stderr)
    prepared = prepare(EXAMPLES / deck, CheckOptions(), Databases())
    assert compile_query(offered, prepared.model.facts, prepared.database).clauses


@pytest.mark.slow
@pytest.mark.parametrize("deck", sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".txt")))
def test_every_figure_a_sweep_computes_is_in_its_text_and_csv_as_in_its_json(deck):
    """Issue 52: the text of --sweep dropped the model's own figures (REDLINE's "an efreet deployed")
    that its JSON held. One list, the JSON's, held against the text and the CSV for every example deck."""
    from deckcheck.check import CheckOptions
    from deckcheck.goldfish import prepare
    from deckcheck.loading.card_db import Databases

    entry = next(e for e in prepare(EXAMPLES / deck, CheckOptions(), Databases()).deck.entries("main") if e.card is not None)
    args = ("goldfish", EXAMPLES / deck, "--sweep", f"{entry.card.name}={max(0, entry.count - 1)}..{entry.count}", "--games", "300")
    rows = json.loads(run(*args, "--output-format", "json").stdout)["sweep"]["rows"]
    figures = [figure["figure"] for figure in rows[0].get("figures", [])]
    text, csv_text = run(*args).stdout, run(*args, "--output-format", "csv").stdout
    assert [f for f in figures if f"\n{f}: chance by turn" not in text] == []
    assert [f for f in figures if f",figure,{f}," not in csv_text and f',figure,"{f}",' not in csv_text] == []


def test_a_figure_stops_counting_where_the_deck_runs_out():
    """A game lost by running out on turn 3 reaches nothing from turn 3 on: neither the race nor
    a figure of the model (an efreet deployed, Lost Souls rescued) counts it (issue 52)."""
    import numpy as np
    from deckcheck.sim.model import NEVER, GoldfishModel

    class RunsOutOnTurnThree:
        def decked_on(self, on_play):
            return 3

    won, figures = GoldfishModel.after_decking(
        RunsOutOnTurnThree(), np.array([2, 3, 5, 0], dtype=np.int8), {"a figure": np.array([1, 2, 3, 6], dtype=np.int8)}, True
    )
    assert won.tolist() == [2, 0, 0, 0] and figures["a figure"].tolist() == [1, 2, NEVER, NEVER]


def test_redemptions_race_is_won_at_the_rescues_asked_for_and_only_redemption_counts_them():
    """ "How many turns to rescue 7 Lost Souls?" (issue 52): --win-at 7 plays the race to 7 rescues,
    won later than to the rulebook's 5; a game won otherwise refuses it (exit 2)."""
    deck = EXAMPLES / "redemption-deck-i.yaml"
    races = [
        json.loads(run("goldfish", deck, "--games", "2000", "--turns", "20", *extra, "--output-format", "json").stdout)["race"]
        for extra in ((), ("--win-at", "7"))
    ]
    assert [race["goal"] for race in races] == ["rescue 5 Lost Souls", "rescue 7 Lost Souls"]
    assert races[1]["win_turn"]["mean"] > races[0]["win_turn"]["mean"] + 1
    refused = run("goldfish", EXAMPLES / "redline-cpm.yaml", "--win-at", "3")
    assert refused.exit_code == 2 and "--win-at counts the rescues that win (Redemption)" in refused.stderr


def test_an_events_settings_set_the_rescues_that_win(tmp_path):
    event = tmp_path / "event.yaml"
    event.write_text("name: Seven-soul league\ngame: redemption\nsettings:\n  rescues_to_win: 7\n", encoding="utf-8")
    deck = EXAMPLES / "redemption-deck-i.yaml"
    report = goldfish(deck, "--event", event, "--turns", "20", games=500)
    assert report["race"]["goal"] == "rescue 7 Lost Souls" and report["settings"]["rescues_to_win"] == 7


@pytest.mark.slow  # two worker processes
def test_the_rescues_asked_for_reach_every_worker():
    """--win-at 7 played in two processes is the race to 7 still: a worker is sent the rules of the
    deck's format with the settings the run chose, not the format's own (it played to 5)."""
    deck = EXAMPLES / "redemption-deck-i.yaml"
    args = ("goldfish", deck, "--win-at", "7", "--games", "4000", "--turns", "30", "--output-format", "json")
    alone, parallel = run(*args, "--jobs", "1"), run(*args, "--jobs", "2")
    assert alone.exit_code == parallel.exit_code == 0, parallel.stderr
    assert parallel.report["race"] == alone.report["race"]


def test_promised_lands_sacrifice_step_keeps_queries_then_sources_the_earliest_drawn():
    """The guide's Sacrifice step: "You must discard down to 7 cards in your hand; these excess
    cards go to your Archive Deck." Nine cards in hand (columns in the order drawn): the two cards
    the model does not play drawn last go, the Queries and the Source stay."""
    import numpy as np
    from deckcheck.games.promised_land.goldfish import _Archive, _sacrifice

    kinds = "QOSOOQOOO"  # Query, Source, Other
    hand = np.ones((1, 9), dtype=bool)
    used = np.zeros((1, 9), dtype=bool)
    archive = _Archive(used)
    _sacrifice(hand, np.array([[k == "Q" for k in kinds]]), np.array([[k == "S" for k in kinds]]), used, archive)
    assert used[0].tolist() == archive.archived[0].tolist() == [False] * 7 + [True] * 2
    short = np.zeros((1, 9), dtype=bool)
    short[0, :7] = True  # seven cards: nothing to discard
    _sacrifice(short, np.zeros((1, 9), dtype=bool), np.zeros((1, 9), dtype=bool), used := np.zeros((1, 9), dtype=bool), _Archive(used))
    assert not used.any()


def test_cards_discarded_at_the_sacrifice_step_come_back_in_the_next_logos_deck(tmp_path):
    """One Source, one Query, ten cards the model does not play, 10 life points. Without the
    hand limit the Query, reshuffled alone once the Logos Deck ran out on turn 6, came back every
    turn: every game won on turn 15. Discarded cards join it in the Archive: the race is slower,
    and each game's as its reshuffles fall (the shipped Sunday School example, won on turn 53 in
    every game at --turns 60, is now never won by then, as a race by the rulebook)."""
    path = tmp_path / "sunday.yaml"
    path.write_text(
        "game: promised-land\nformat: sunday-school\nmain:\n  Deluge: 1\n  Old Testament: 1\n  Accursed Thing: 10\n", encoding="utf-8"
    )
    race = json.loads(run("goldfish", path, "--games", "2000", "--turns", "60", "--output-format", "json").stdout)["race"]
    turns = {int(turn) for turn in race["win_turn"]["histogram"] if turn.isdigit()}
    assert min(turns) >= 15 and len(turns) > 5 and race["win_turn"]["mean"] > 20
    shipped = run("goldfish", EXAMPLES / "promised-land-sunday-school.yaml", "--games", "1000", "--turns", "60", "--output-format", "json")
    assert json.loads(shipped.stdout)["race"]["win_turn"]["won"] == 0
