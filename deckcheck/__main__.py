from deckcheck.command import run

run()
