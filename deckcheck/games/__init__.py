"""One package per game, each holding its rules (rules.py builds its Game), its turn model
(goldfish.py) and the fields of its cards (cards.schema.json); deckcheck/registry.py lists them.
What games share: game.py (the Game and Format records and typed parameters), zones.py."""
