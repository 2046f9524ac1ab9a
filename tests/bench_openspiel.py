"""OpenSpiel's side of `make bench`'s speed comparison, run in OpenSpiel's own venv (.venv-bench).

The project never imports OpenSpiel: tests/bench.py starts this script as a subprocess and
asks it, one line at a time on stdin, for hands per second of a game over a time slice
(``hearts 0.5``); it answers one number a line.  Both sides play the same way: random legal
moves chosen with Python's ``random.Random(...).choice``, chance events (the deal) included, one
hand (OpenSpiel's game) from the deal to the last trick.  Where every chance event of a game has
equally likely outcomes (checked over a few hands first) a chance outcome is drawn the same
quick way, ``choice`` among the chance node's actions; otherwise by its probabilities.
"""

from __future__ import annotations

import random
import sys
import time

import pyspiel  # type: ignore[import-not-found]


def uniform_chance(game: "pyspiel.Game", rng: random.Random, hands: int = 5) -> bool:
    """Whether every chance node met in a few random hands has equally likely outcomes."""
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and len({p for _, p in state.chance_outcomes()}) > 1:
                return False
            state.apply_action(rng.choice(state.legal_actions()))
    return True


def hands_per_second(game: "pyspiel.Game", seconds: float, rng: random.Random, uniform: bool) -> float:
    hands, start = 0, time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and not uniform:
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return hands / elapsed


def main() -> None:
    games: dict[str, tuple["pyspiel.Game", bool]] = {}
    rng = random.Random(1)
    print("ready", flush=True)
    for line in sys.stdin:
        name, seconds = line.split()
        if name not in games:
            game = pyspiel.load_game(name)
            games[name] = game, uniform_chance(game, rng)
        game, uniform = games[name]
        print(f"{hands_per_second(game, float(seconds), rng, uniform):.3f}", flush=True)


if __name__ == "__main__":
    main()
