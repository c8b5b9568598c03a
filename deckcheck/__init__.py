"""deckcheck: construction rules, reports and goldfish playtests for five small card games."""

__version__ = "0.1.0"
