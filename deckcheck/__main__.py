from deckcheck.cli import run

run()
