"""Tiny Duel: a made-up game that the tests add to deckcheck from this folder alone."""
