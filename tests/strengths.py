"""`make strengths`: how the computer players fare against each other, for the table on every game page.

For each game (default options) and each pairing below, whole games are played from seeded
deals: the first kind of bot takes the South seat and every seat scoring with it (its partner),
the second kind every other seat.  The figure is South's side's share of the wins, with its
standard error; "par" is the share an even side would get.  Each game's rows replace its entry
in docs/strengths.json, so one game can be measured again on its own:

    python tests/strengths.py --game hearts            # one game (repeat --game for more)
    python tests/strengths.py --missing                # the games not in the file yet
    python tests/strengths.py                          # every game (make strengths)

docs/macros.py draws the table from the file; a game missing from it says "not measured yet".
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour.bots import make_bot, play_out  # noqa: E402
from parlour.search import searches  # noqa: E402
from parlour.search import side_of as seats_with  # noqa: E402

FILE = ROOT / "docs" / "strengths.json"
#: The names the browser gives the bots (parlour.web.STRENGTHS).
LABELS = {"random": "Beginner", "rule": "Family", "search": "Strong"}
#: (South's side, the others): the pairings measured, each over its own number of games.
PAIRINGS = (("rule", "random"), ("search", "rule"))


def side_of(game: parlour.Game) -> list[int]:
    """South and the seats that score with South."""
    state = game.new(0)
    return seats_with(state, 0)


def play_game(game: parlour.Game, seed: int, mine: str, theirs: str, side: list[int],
              budget: dict[str, Any]) -> float:
    """South's side's share of the win in one whole game."""
    bots = [make_bot(game, mine if s in side else theirs, seed * 10 + s,
                     **(budget if (mine if s in side else theirs) == "search" else {}))
            for s in range(game.num_players)]
    # play_out seats the bots by turn, or on their clocks in a game without turns (all at one pace,
    # so only their choices differ); a game stopped by its move cap is nobody's win.
    state = play_out(game.new(100_000 + seed), bots)
    return sum(state.returns()[s] for s in side)


def measure(game_id: str, games: dict[str, int], budget: dict[str, Any]) -> dict[str, Any]:
    game = parlour.load(game_id)
    side = side_of(game)
    rows = []
    searching = searches(type(game.new(0)))
    for mine, theirs in PAIRINGS:
        if mine == "search" and not searching:
            continue  # Strong plays as Family in this game: nothing to measure
        count = games[mine]
        start = time.perf_counter()
        results = [play_game(game, seed, mine, theirs, side, budget) for seed in range(count)]
        rate = statistics.fmean(results)
        error = statistics.stdev(results) / math.sqrt(count) if count > 1 else 0.0
        rows.append({"side": LABELS[mine], "against": LABELS[theirs], "games": count,
                     "win_rate": round(rate, 4), "error": round(error, 4)})
        print(f"  {game_id:22} {LABELS[mine]:8} vs {LABELS[theirs]:8} {rate:6.1%} ± {error:.1%} "
              f"over {count} games ({time.perf_counter() - start:.0f} s)", flush=True)
    return {"players": game.num_players, "par": round(len(side) / game.num_players, 4),
            "strong_budget": budget if searching else None, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable); default: every game")
    parser.add_argument("--missing", action="store_true", help="only the games not in the file yet")
    parser.add_argument("--family-games", type=int, default=40, help="games of Family against Beginner")
    parser.add_argument("--strong-games", type=int, default=10, help="games of Strong against Family")
    parser.add_argument("--iterations", type=int, default=4, help="the Strong bot's imagined deals a move")
    parser.add_argument("--out", type=Path, default=FILE, help="the file to update")
    args = parser.parse_args()
    data: dict[str, Any] = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    data.setdefault("games", {})
    budget = {"iterations": args.iterations}
    ids = args.game or [s.info.id for s in parlour.games()]
    if args.missing:
        ids = [g for g in ids if g not in data["games"]]
    for game_id in ids:
        parlour.spec(game_id)  # an unknown id stops here with the list of games
        data["games"][game_id] = measure(game_id, {"rule": args.family_games, "search": args.strong_games},
                                         budget)
        data["games"] = dict(sorted(data["games"].items()))
        # Written after every game: an interrupted run keeps what it measured.
        args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
