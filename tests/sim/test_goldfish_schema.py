"""Every goldfish JSON validates against schemas/goldfish.schema.json, whatever the mix of query kinds
(a card, a type, either, at least two, all by a turn, a curve) and of modes (alone, --vs, --sweep):
the combinations are generated, not picked."""

import itertools
import json

import jsonschema
import pytest

from conftest import REPO, run

SCHEMA = json.loads((REPO / "schemas" / "goldfish.schema.json").read_text(encoding="utf-8"))
DECK, OTHER = REPO / "examples" / "redline-cpm.yaml", REPO / "examples" / "redline-une.txt"
KINDS = ["EF-9 Rabbit", "type:efreet", "type:efreet|type:tactic", "2x type:efreet", "type:efreet+type:resource", "curve:resource"]
MODES = {"alone": (), "vs": ("--vs", OTHER), "sweep": ("--sweep", "type:resource=21..22"), "no race": ("--no-race",)}


@pytest.mark.parametrize(
    "kinds, mode",
    [(pair, mode) for pair in itertools.combinations(KINDS, 2) for mode in MODES],
    ids=lambda value: "+".join(value) if isinstance(value, tuple) else value,
)
def test_every_mix_of_queries_and_modes_gives_json_the_schema_accepts(kinds, mode):
    tracks = [arg for kind in kinds for arg in ("--track", kind)]
    outcome = run("goldfish", DECK, *tracks, *MODES[mode], "--games", "60", "--turns", "4", "--output-format", "json")
    assert outcome.exit_code == 0, outcome.stderr
    jsonschema.Draft202012Validator(SCHEMA).validate(json.loads(outcome.stdout))


@pytest.mark.parametrize(
    "share, shown", [(1.0, "100.0%"), (0.99996, "> 99.9%"), (0.9994, "99.9%"), (0.0, "0.0%"), (0.00004, "< 0.1%"), (0.5, "50.0%")]
)
def test_a_share_is_never_printed_as_a_certainty_it_is_not(share, shown):
    """Issue 52: "100.0% won" beside games not won, "0.0%" beside games won."""
    from deckcheck.report.goldfish_text import _percent

    assert _percent(share) == shown
