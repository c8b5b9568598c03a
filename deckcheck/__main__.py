from deckcheck.command import run

if __name__ == "__main__":  # not when a worker process loads this file as its parent's main module
    run()
