"""One module per game: each declares its rules on the shared mechanics.  The model to copy depends
on the kind of game (the README's "Adding a game" table): back_alley.py for a trick game with bids,
hearts.py for one without."""
