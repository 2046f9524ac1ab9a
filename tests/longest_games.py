"""The longest game bots play, per game, next to the move cap a record of that game may hold.

`python tests/longest_games.py --seeds 200` plays every game under every option value (and each
numeric option at its maximum, where games run longest) with random bots and with rule bots,
and prints the most actions any one game took beside ``Game.move_cap``.  The caps in the game
modules were set from this table, far above its numbers; run it again when a game changes.
Figures are printed, never asserted (tests/engine/test_properties.py checks the margin cheaply).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour.bots import make_bot, play_out  # noqa: E402
from parlour.rng import sub_seed  # noqa: E402


def variants(spec: parlour.core.GameSpec) -> list[dict[str, Any]]:
    """The defaults, every other choice of each option, and each numeric option at its maximum."""
    out: list[dict[str, Any]] = [{}]
    for option in spec.options:
        if option.choices is not None:
            out += [{option.name: value} for value in option.choices if value != option.default]
        elif option.maximum is not None:
            out.append({option.name: option.maximum})
    return out


def longest(game: parlour.Game, kind: str, seeds: int) -> tuple[int, int]:
    """The most actions in one game over ``seeds`` deals, and how many games hit the cap unfinished."""
    most = unfinished = 0
    for seed in range(seeds):
        bots = [make_bot(game, kind, sub_seed(seed, s)) for s in range(game.num_players)]
        state = play_out(game.new(seed), bots)
        most = max(most, len(state.history))
        unfinished += not state.is_over
    return most, unfinished


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200, help="deals per variant and bot kind")
    parser.add_argument("--only", nargs="*", help="game ids")
    args = parser.parse_args()
    print(f"{'game':22} {'random':>7} {'rule':>7} {'cap':>7} {'cap/longest':>11}  closest variant")
    for spec in parlour.games():
        if args.only and spec.info.id not in args.only:
            continue
        start = time.perf_counter()
        most = {"random": 0, "rule": 0}
        closest: tuple[float, int, dict[str, Any]] = (float("inf"), 0, {})
        stuck = 0
        for options in variants(spec):
            game = parlour.load(spec.info.id, **options)
            longest_here = 0
            for kind in most:
                length, unfinished = longest(game, kind, args.seeds)
                most[kind] = max(most[kind], length)
                longest_here = max(longest_here, length)
                stuck += unfinished
            closest = min(closest, (game.move_cap / longest_here, game.move_cap, options), key=lambda c: c[0])
        ratio, cap, options = closest
        note = f"  {stuck} UNFINISHED" if stuck else ""
        print(f"{spec.info.id:22} {most['random']:7} {most['rule']:7} {cap:7} {ratio:11.1f}  {options or 'defaults'}"
              f"  ({time.perf_counter() - start:.0f} s){note}", flush=True)


if __name__ == "__main__":
    main()
