"""What the goldfish models share: seeded batches of shuffles, tracked queries, exact values,
intervals and race statistics. Each game's turn model lives in deckcheck/games/<game>/goldfish.py."""
