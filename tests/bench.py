"""`make bench`: engine speed per game, rule bot against random bots, the site build time, and
(tests/bench_browser.py) the live tables in Chromium: load time against bare Pyodide, bot move
time inside Pyodide, download sizes.

Figures are printed, never asserted: speed is measured here, not in the tests.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

import parlour  # noqa: E402
from parlour.bots import RandomBot, make_bot, play_out  # noqa: E402
from parlour.clock import DEFAULT_PACE, Clock, paces_for  # noqa: E402
from parlour.registry import GAME_MODULES  # noqa: E402
from parlour.search import WIN_WEIGHT, hand_gain, side_of  # noqa: E402


def playouts_per_second(game: parlour.Game, kind: str, seconds: float) -> tuple[float, int]:
    done, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds or done < 3:
        bots = [make_bot(game, kind, seed * 10 + s) for s in range(game.num_players)]
        play_out(game.new(seed), bots)
        done += 1
        seed += 1
    return done / (time.perf_counter() - start), done


def positive(text: str) -> int:
    """An argument that counts games or hands: a whole number of at least one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


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


BENCH_VENV = ROOT / ".venv-bench"
#: Our game id → OpenSpiel's name for the same game, the options that make ours play OpenSpiel's
#: default rules (Hearts: passes left, right, across or none, not the house centre pass; Euchre: the
#: dealer is stuck, so no hand is thrown in), and what one OpenSpiel game is: one hand, or (Cribbage)
#: a whole game to 121, for the side-by-side speed figures.
OPENSPIEL_GAMES: dict[str, tuple[str, dict[str, object], str]] = {
    "hearts": ("hearts", {"passing": "rotation", "moon": "others"}, "hand"),
    "euchre": ("euchre", {"all_pass": "stick"}, "hand"),
    "cribbage": ("cribbage", {"players": 2}, "game"),
}


#: The ratio ours/OpenSpiel each game should reach (issue 27): what the search needs.
SPEED_TARGETS = {"hearts": 0.5, "euchre": 0.5, "cribbage": 0.33}


def hands_per_second(game: parlour.Game, seconds: float, chooser: random.Random, unit: str = "hand") -> float:
    """Hands (or whole games, ``unit="game"``) played per CPU second with random legal moves (the
    way bench_openspiel.py plays OpenSpiel's): whole matches, each hand from its deal to its last
    trick and its scoring."""
    hands, seed, start = 0, 0, time.process_time()
    while True:
        state = game.new(seed)
        seed += 1
        while not state.is_over:
            hand = state.hand_no
            state.apply(chooser.choice(state.legal_actions()))
            if state.hand_no != hand and unit == "hand":
                hands += 1
        hands += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return hands / elapsed


def speed_against_openspiel(rounds: int, slice_seconds: float) -> None:
    """Hands/s of ours and of OpenSpiel's on the same games, measured in alternating slices (the
    machine's load hits both alike) in one run; the ratio is the median of the rounds' ratios.
    Each side counts its own process's CPU time, which a busy machine disturbs far less than
    the wall clock."""
    python = BENCH_VENV / "bin" / "python"
    ids = [g for g in OPENSPIEL_GAMES if g in GAME_MODULES]
    if not python.exists():
        print(f"OpenSpiel comparison skipped: {BENCH_VENV.name} is missing (`make bench` makes it)")
        return
    worker = subprocess.Popen([str(python), str(ROOT / "tests" / "bench_openspiel.py")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert worker.stdin is not None and worker.stdout is not None
    if worker.stdout.readline().strip() != "ready":
        raise SystemExit("the OpenSpiel worker did not start")
    print(f"Speed against OpenSpiel 2.0.2 (random legal moves, hands per CPU second; {rounds} alternating "
          f"slices of {slice_seconds} s each, medians):")
    print(f"  {'game':12} {'ours':>9} {'OpenSpiel':>10} {'ratio':>7} {'target':>7}")
    chooser = random.Random(1)
    try:
        for game_id in ids:
            name, options, unit = OPENSPIEL_GAMES[game_id]
            game = parlour.load(game_id, **options)
            ours, theirs, ratios = [], [], []
            for _ in range(rounds):
                ours.append(hands_per_second(game, slice_seconds, chooser, unit))
                worker.stdin.write(f"{name} {slice_seconds}\n")
                worker.stdin.flush()
                theirs.append(float(worker.stdout.readline()))
                ratios.append(ours[-1] / theirs[-1])
            per = "" if unit == "hand" else f"   ({unit}s/s: a whole game to 121)"
            print(f"  {game_id:12} {statistics.median(ours):9.1f} {statistics.median(theirs):10.1f} "
                  f"{statistics.median(ratios):7.3f} {'>= ' + format(SPEED_TARGETS[game_id], 'g'):>7}   (round ratios {min(ratios):.3f}–{max(ratios):.3f}){per}")
    finally:
        worker.stdin.close()
        worker.wait(timeout=30)


def hand_result(game: parlour.Game, seed: int, kind: str, budget: dict[str, object]) -> float:
    """South's gain over one hand (its score lead's change, a won game counting much more) with a
    bot of ``kind`` on South's side and rule bots elsewhere."""
    state = game.new(50_000 + seed)
    side = side_of(state, 0)
    bots = [make_bot(game, kind if s in side else "rule", seed * 10 + s,
                     **(budget if kind == "search" and s in side else {})) for s in range(game.num_players)]
    return hand_gain(state, bots, 0)  # scored as the search bot scores its imagined hands


def search_margin(game: parlour.Game, hands: int, budget: dict[str, object]) -> tuple[float, float, float]:
    """South's side as the search bot, then as the rule bot, on the same deals (rule bots elsewhere):
    the mean gain per hand of each, and the standard error of their paired difference."""
    strong = [hand_result(game, seed, "search", budget) for seed in range(hands)]
    family = [hand_result(game, seed, "rule", budget) for seed in range(hands)]
    differences = [a - b for a, b in zip(strong, family)]
    error = statistics.stdev(differences) / math.sqrt(hands) if hands > 1 else math.inf
    return statistics.fmean(strong), statistics.fmean(family), error


def mus_game_lengths(games: int, strong_deals: int = 0) -> tuple[float, float]:
    """Mus with rule bots in every seat, ``games`` seeded games: the hands a game lasts on average, and
    the share of games decided by an accepted órdago (the others are counted to the target).  With
    ``strong_deals``, Strong (that many imagined deals a move) takes one partnership, South & North
    and West & East in turn: does it keep Family's character?"""
    game = parlour.load("mus")

    def bot(seed: int, seat: int) -> Any:
        if strong_deals and seat % 2 == seed % 2:
            return make_bot(game, "search", seed * 10 + seat, iterations=strong_deals)
        return make_bot(game, "rule", seed * 10 + seat)
    finished = [play_out(game.new(seed), [bot(seed, s) for s in range(4)]) for seed in range(games)]
    return (statistics.fmean(state.hand_no for state in finished),
            sum(state.decided_by_ordago for state in finished) / games)


#: Games swept for errors (``--hands``), over every option value in turn: the bots that take their seats
#: in turn, and whether the count is of hands dealt or of whole games.
SWEPT: dict[str, tuple[tuple[str, ...], str]] = {
    "mus": (("random",), "hands"), "cribbage": (("random", "rule"), "hands"),
    "east-west": (("random",), "games"), "one-eyed-jack": (("random",), "games"), "tuck": (("random",), "games"),
    # The melding games find their legal moves by searching the hand: the sweep shows they stay quick.
    "burraco": (("random",), "hands"), "carioca": (("random",), "hands"),
    # Games without turns, on their simulated clocks (a Nuts game runs to ten hands or more: its hands are counted).
    "twenty-four": (("random", "rule"), "games"), "bango": (("random", "rule"), "games"),
    "nuts": (("random", "rule"), "hands"),
}


def swept_hands(game_id: str, hands: int, kinds: tuple[str, ...], unit: str = "hands") -> tuple[int, int, int, list[str]]:
    """Bots of ``kinds`` (seat by seat in turn), game after game and option after option, until ``hands``
    hands have been dealt: (hands, games, actions, errors).  An error is any exception, a legal action
    the rules then refuse, or a lost card."""
    spec = parlour.registry.spec(game_id)
    variants = [{}] + [{o.name: v} for o in spec.options for v in (o.choices or {}) if v != o.default]
    done = games = actions = 0
    errors: list[str] = []
    while done < hands:
        options = variants[games % len(variants)]
        game = parlour.load(game_id, **options)
        state = game.new(games)
        bots = [make_bot(game, kinds[(seat + games) % len(kinds)], games * 10 + seat)
                for seat in range(game.num_players)]
        # A game without turns: the bots' moves land on their clocks, timed from the game's number.
        clock = Clock(state, dict(enumerate(bots)), paces_for(dict(enumerate(bots)), DEFAULT_PACE), seed=games) \
            if state.simultaneous else None
        try:
            while not state.is_over:
                if clock is None:
                    state.apply(bots[state.to_move()].choose(state))
                elif clock.step() is None:
                    raise AssertionError("no computer player has a move, and the game is not over")
                if state.at_move_cap:
                    raise AssertionError(f"the game reached its move cap of {state.move_cap}")
                actions += 1
                if sorted(state.all_cards()) != sorted(state.pack.cards):
                    raise AssertionError("a card was lost or duplicated")
        except Exception as error:  # noqa: BLE001 — every failure is counted and printed
            errors.append(f"seed {games} {options}: {type(error).__name__}: {error}")
        done += getattr(state, "hand_no", 1) if unit == "hands" else 1
        games += 1
    return done, games, actions, errors


#: The published counts of the 2,598,960 five-card hands of a 52-card pack, by kind.
PUBLISHED_52 = {"straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108, "straight": 10200,
                "three of a kind": 54912, "two pairs": 123552, "pair": 1098240, "high card": 1302540}


def poker_count_52() -> tuple[dict[str, int], float]:
    """Every five-card hand of the 52-card pack valued one by one (too slow for the tests)."""
    from collections import Counter
    from itertools import combinations

    from parlour.cards import FRENCH_52
    from parlour.poker import STANDARD_ORDER, hand_key

    start = time.perf_counter()
    counted = Counter(hand_key(hand)[0] for hand in combinations(FRENCH_52.cards, 5))
    return {STANDARD_ORDER.categories[k]: n for k, n in counted.items()}, time.perf_counter() - start


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
    parser.add_argument("--games", type=positive, default=200, help="games per bot comparison")
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium figures")
    parser.add_argument("--page", action="append", help="a game page timed in the browser (repeatable; "
                        "default: Hearts, Cribbage and Burraco)")
    parser.add_argument("--search-hands", type=positive, default=40, help="paired hands per search-bot comparison")
    parser.add_argument("--iterations", type=int, default=8, help="the search bot's imagined deals a move")
    parser.add_argument("--mus-strong-games", type=int, default=0,
                        help="Mus games with Strong in one partnership, for its hands a game and órdago share "
                             "(slow: about a minute a game)")
    parser.add_argument("--rounds", type=int, default=9, help="alternating slices per OpenSpiel comparison")
    parser.add_argument("--hands", type=int, default=10_000,
                        help="hands (or games) played without error by " + "; ".join(
                            f"{game} ({' and '.join(kinds)} bots, {unit})" for game, (kinds, unit) in SWEPT.items())
                        + " (0: skip)")
    args = parser.parse_args()
    speed_against_openspiel(args.rounds, 0.5)
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
        if spec.info.id in ("beggar-my-neighbour", "bango"):  # the cards decide: every bot does the same
            verdict = "no decisions"
        elif margin > 2 * error:
            verdict = "rule better"
        else:
            verdict = "RULE NOT CLEARLY BETTER" if margin > 0 else "RULE NOT BETTER"
        print(f"{spec.info.id:24} {random_rate:9.1f} {rule_rate:9.1f}   {rule:.3f} vs {rand:.3f}"
              f"  ({margin:+.3f} ± {error:.3f})  {verdict}")
    if not args.only or args.only == "mus":
        start = time.perf_counter()
        hands, by_ordago = mus_game_lengths(args.games)
        print(f"mus: {args.games} games of rule bots last {hands:.1f} hands on average; {by_ordago:.0%} are decided by "
              f"an accepted órdago, {1 - by_ordago:.0%} counted to the target ({time.perf_counter() - start:.0f} s)")
        if args.mus_strong_games:
            start = time.perf_counter()
            hands, by_ordago = mus_game_lengths(args.mus_strong_games, args.iterations)
            print(f"mus: {args.mus_strong_games} games with Strong ({args.iterations} deals a move) in one partnership "
                  f"last {hands:.1f} hands on average; {by_ordago:.0%} are decided by an accepted órdago "
                  f"({time.perf_counter() - start:.0f} s)")
    budget: dict[str, object] = {"iterations": args.iterations}
    print(f"\nSearch bot against the rule bot: South's side's mean gain per hand (score lead, a won game "
          f"{WIN_WEIGHT:.0f}) on the same {args.search_hands} deals, rule bots elsewhere; search {args.iterations} "
          f"imagined deals a move (margin ± standard error)")
    for spec in parlour.games():
        if args.only and spec.info.id != args.only:
            continue
        game = parlour.load(spec.info.id)
        start = time.perf_counter()
        strong, family, error = search_margin(game, args.search_hands, budget)
        margin = strong - family
        if margin > 2 * error:
            verdict = "search better"
        elif margin > 0:
            verdict = "SEARCH NOT CLEARLY BETTER"
        else:
            verdict = "SEARCH NOT BETTER" if margin < 0 or error > 0 else "no difference (no choices that matter)"
        print(f"  {spec.info.id:24} {strong:8.2f} vs {family:8.2f}  ({margin:+.2f} ± {error:.2f})  {verdict}"
              f"   [{time.perf_counter() - start:.0f} s]", flush=True)
    for game_id, (kinds, unit) in SWEPT.items():
        if args.hands and (not args.only or args.only == game_id):
            start = time.perf_counter()
            hands, games, actions, errors = swept_hands(game_id, args.hands, kinds, unit)
            seconds = time.perf_counter() - start
            print(f"{game_id}: {hands} {unit} by {' and '.join(kinds)} bots over every option ({games} games, "
                  f"{actions} actions) in {seconds:.0f} s, {hands / seconds:.1f} {unit}/s: {len(errors)} errors")
            for error in errors[:10]:
                print(f"  {error}")
    if not args.only or args.only == "east-west":
        counts, seconds = poker_count_52()
        verdict = "match the published counts" if counts == PUBLISHED_52 else f"DIFFER from the published ones: {counts}"
        print(f"\npoker evaluator: the {sum(counts.values()):,} hands of 52 cards valued one by one in {seconds:.1f} s "
              f"{verdict}")
    if not args.only:
        print(f"site build (mkdocs build --strict): {site_build_seconds():.1f} s")
    if not args.no_browser:
        import bench_browser  # Playwright is needed only here

        ids = [args.only] if args.only else [spec.info.id for spec in parlour.games()]
        bench_browser.main(ids, pages=[args.only] if args.only else args.page)


if __name__ == "__main__":
    main()
