"""`deckcheck serve`: a local web page where players check and register decks (the `[serve]` extra)."""
