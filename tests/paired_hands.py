"""A quicker look at Strong against Family than `make strengths`, for games whose whole games take
minutes each with Strong (Carioca's seven hands, Burraco's long ones): paired first hands.

Each deal is played twice from the same seed, once with Strong on one side (a seat, or a partnership)
and once with Family there instead; every other seat is Family with the same seeds both times, so
the only difference is Strong's choices.  The result of a pair is that side's score lead (its points
over the others' average, from :func:`parlour.search.score_lead`: in a penalty game fewer points
lead) after the first hand with Strong, minus the same with Family.  The side taking Strong goes
round the table deal by deal.  Printed after every pair: the mean difference, its standard error and
a 95 % interval (mean ± 1.96 standard errors).  A first hand is not a game: this is evidence to
decide whether a whole-game measurement is worth its hours, not a row for the strength table.

    python tests/paired_hands.py --game carioca --pairs 80
    python tests/paired_hands.py --game burraco --pairs 80 --option max_deals=1
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

import parlour  # noqa: E402
from parlour.bots import make_bot  # noqa: E402
from parlour.rng import sub_seed  # noqa: E402
from parlour.search import score_lead, side_of  # noqa: E402

FIRST_SEED = 700_000


def first_hand_lead(game: parlour.Game, seed: int, side: list[int], strong: bool, deals: int,
                    hand: int = 1) -> float:
    """The side's score lead after hand ``hand`` of ``seed`` (the first by default), with Strong on it
    for that hand or not; every seat plays the hands before it as Family (the same both times)."""
    state = game.new(seed)
    bots = [make_bot(game, "rule", sub_seed(seed, s)) for s in range(game.num_players)]
    while not state.is_over and state.hand_no < hand:
        state.apply(bots[state.to_move()].choose(state))
    if strong:
        for s in side:
            bots[s] = make_bot(game, "search", sub_seed(seed, s), iterations=deals)
    while not state.is_over and state.hand_no == hand:
        state.apply(bots[state.to_move()].choose(state))
    return score_lead(state, side[0])


def summary(diffs: list[float]) -> str:
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    better, worse = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    return (f"{len(diffs)} pairs: Strong's lead minus Family's {mean:+.1f} (standard error {se:.1f}; "
            f"95 % interval {mean - 1.96 * se:+.1f} to {mean + 1.96 * se:+.1f}); Strong better {better}, "
            f"worse {worse}, the same {len(diffs) - better - worse}")


def option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"write an option as name=value, not {text!r}")
    return name, value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="a game id")
    parser.add_argument("--pairs", type=int, default=80, help="deals played twice")
    parser.add_argument("--deals", type=int, default=16, help="Strong's imagined deals a move")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED, help="the first deal's seed")
    parser.add_argument("--hand", type=int, default=1,
                        help="the hand compared (the hands before it played by Family everywhere)")
    parser.add_argument("--option", type=option, action="append", default=[], help="a game option, name=value")
    args = parser.parse_args(argv)
    if args.pairs < 2 or args.deals < 1 or args.hand < 1:
        parser.error("--pairs must be at least 2, --deals and --hand at least 1")
    try:
        game = parlour.load(args.game, **dict(args.option))  # options as typed: each checks its own
    except (KeyError, ValueError) as error:
        parser.error(str(error))
    diffs: list[float] = []
    for pair in range(args.pairs):
        seed = args.first_seed + pair
        side = side_of(game.new(seed), pair % game.num_players)
        diffs.append(first_hand_lead(game, seed, side, True, args.deals, args.hand)
                     - first_hand_lead(game, seed, side, False, args.deals, args.hand))
        print(f"{args.game} seed {seed}: {diffs[-1]:+g}; {summary(diffs)}", flush=True)


if __name__ == "__main__":
    main()
