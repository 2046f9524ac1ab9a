"""`make bench`: engine speed per game, rule bot against random bots, the site build time, and
(tests/bench_browser.py) the live tables in Chromium: load time against bare Pyodide, bot move
time inside Pyodide, download sizes.

Figures are printed, never asserted: speed is measured here, not in the tests.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour.bots import RandomBot, make_bot, play_out  # noqa: E402


def playouts_per_second(game: parlour.Game, kind: str, seconds: float) -> tuple[float, int]:
    done, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds or done < 3:
        bots = [make_bot(game, kind, seed * 10 + s) for s in range(game.num_players)]
        play_out(game.new(seed), bots)
        done += 1
        seed += 1
    return done / (time.perf_counter() - start), done


def rule_against_random(game: parlour.Game, games: int) -> tuple[float, float, float]:
    """Seat 0's mean return as the rule bot and as a random bot (the others random), on the same
    deals; and the standard error of the paired difference, so a lucky run is not called a win."""
    returns: dict[str, list[float]] = {"rule": [], "random": []}
    for kind, results in returns.items():
        for seed in range(games):
            bots = [make_bot(game, kind, seed)] + [RandomBot(seed * 10 + s) for s in range(1, game.num_players)]
            results.append(play_out(game.new(10_000 + seed), bots).returns()[0])
    differences = [a - b for a, b in zip(returns["rule"], returns["random"])]
    error = statistics.stdev(differences) / math.sqrt(games) if games > 1 else math.inf
    return statistics.fmean(returns["rule"]), statistics.fmean(returns["random"]), error


#: Games whose legal moves the engine finds by searching the hand (melds): each gets a sweep of
#: random hands with every move checked, as well as the figures above.
HAND_SWEEP = ("burraco", "carioca")


def _sweep_worker(job: tuple[str, int, int, int]) -> tuple[int, int, str]:
    """Random games from seeds ``first``, ``first + step``, … until ``quota`` hands are played: the
    hands played, the errors met (an exception, no legal move before the end, a card lost) and the first."""
    game_id, quota, first, step = job
    game = parlour.load(game_id)
    hands = errors = 0
    message = ""
    seed = first
    while hands < quota:
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.num_players)]
        hand_no = getattr(state, "hand_no", 0)
        try:
            while not state.is_over and hands < quota:
                if not state.legal_actions():
                    raise RuntimeError("no legal move before the end")
                state.apply(bots[state.to_move()].choose(state))
                if getattr(state, "hand_no", 0) != hand_no or state.is_over:
                    hands += 1
                    hand_no = getattr(state, "hand_no", 0)
                    if sorted(state.all_cards()) != sorted(state.pack.cards):
                        raise RuntimeError("a card was lost or duplicated")
        except Exception as error:  # counted and shown, never hidden
            errors += 1
            hands += 1
            message = message or f"seed {seed}: {type(error).__name__}: {error}"
        seed += step
    return hands, errors, message


def random_hands(game_id: str, hands: int, workers: int) -> tuple[int, float, int, str]:
    """``hands`` random hands of a game, shared among ``workers`` processes: hands, seconds, errors, first error."""
    from concurrent.futures import ProcessPoolExecutor

    quotas = [hands // workers + (1 if w < hands % workers else 0) for w in range(workers)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_sweep_worker, [(game_id, q, w, workers) for w, q in enumerate(quotas)]))
    seconds = time.perf_counter() - start
    return (sum(r[0] for r in results), seconds, sum(r[1] for r in results),
            next((r[2] for r in results if r[2]), ""))


def site_build_seconds() -> float:
    mkdocs = shutil.which("mkdocs") or str(Path(sys.executable).parent / "mkdocs")
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        subprocess.run([mkdocs, "build", "--strict", "-q", "-d", out], cwd=ROOT, check=True,
                       env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.5, help="time per speed measurement")
    parser.add_argument("--games", type=int, default=200, help="games per bot comparison")
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium figures")
    parser.add_argument("--page", default="hearts", help="the game page timed in the browser")
    parser.add_argument("--hands", type=int, default=10_000,
                        help=f"random hands played to the end, each move through the rule checks, for {', '.join(HAND_SWEEP)}")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the random hands")
    args = parser.parse_args()
    print(f"{'game':24} {'random/s':>9} {'rule/s':>9}   seat 0 mean return: rule vs random on the same "
          f"{args.games} deals (margin ± standard error)")
    for spec in parlour.games():
        if args.only and spec.info.id != args.only:
            continue
        game = parlour.load(spec.info.id)
        random_rate, _ = playouts_per_second(game, "random", args.seconds)
        rule_rate, _ = playouts_per_second(game, "rule", args.seconds)
        rule, rand, error = rule_against_random(game, args.games)
        margin = rule - rand
        if spec.info.id == "beggar-my-neighbour":
            verdict = "no decisions"
        elif margin > 2 * error:
            verdict = "rule better"
        else:
            verdict = "RULE NOT CLEARLY BETTER" if margin > 0 else "RULE NOT BETTER"
        print(f"{spec.info.id:24} {random_rate:9.1f} {rule_rate:9.1f}   {rule:.3f} vs {rand:.3f}"
              f"  ({margin:+.3f} ± {error:.3f})  {verdict}")
    for game_id in HAND_SWEEP:
        if args.hands and (not args.only or args.only == game_id):
            played, seconds, errors, first = random_hands(game_id, args.hands, args.workers)
            print(f"{game_id:24} {played} random hands in {seconds:.0f} s on {args.workers} processes: "
                  f"{played / seconds:.1f} hands/s, {errors} errors" + (f" (first: {first})" if first else ""))
    if not args.only:
        print(f"site build (mkdocs build --strict): {site_build_seconds():.1f} s")
    if not args.no_browser:
        import bench_browser  # Playwright is needed only here

        ids = [args.only] if args.only else [spec.info.id for spec in parlour.games()]
        bench_browser.main(ids, page_game=args.only or args.page)


if __name__ == "__main__":
    main()
