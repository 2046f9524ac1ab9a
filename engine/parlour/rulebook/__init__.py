"""One module per game: each declares its rules on the shared mechanics (see hearts.py first)."""
