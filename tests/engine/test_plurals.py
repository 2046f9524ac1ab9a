"""Every count a player reads agrees with its noun: "1 trick", "2 tricks", "0 tricks".

Seeded games of every registered game are played (random moves mixed with the rule bot's, so
hands get finished), and every text a player may read is checked along the way: the narrative
(public and secret lines), the outcome, every string anywhere in each seat's view and in the
all-seeing view (prompt, status, seat notes, score sheet), the names of the legal moves, the rule
bot's reasons and the hints."""

import re

import pytest

import parlour
from parlour.bots import explain, make_bot
from parlour.scoring import plural

from helpers import walk

NOUNS = ("tricks", "points", "cards", "hands", "games", "pegs", "sets", "counters", "chips", "marks",
         "rounds", "deals", "moves", "players", "melds", "runs", "pairs", "stones", "tokens", "goals",
         "bids", "passes", "piles", "foundations", "penalties", "calls", "trumps", "honours", "aces",
         "spades", "hearts", "clubs", "diamonds", "stacks", "rows", "holes", "wins", "losses",
         "buys", "seats", "turns", "stakes", "bets")
#: A count of exactly one (signed or not) before a plural noun; not the end of "11", "0.1", "2/1"
#: or a score such as "3-1".
WRONG = re.compile(r"(?<![\d.,/])(?<!\d[-−–])[-−+]?1 (?:%s)\b" % "|".join(NOUNS))

SEEDS = (0, 1)
MAX_STEPS = 400  # moves per game, at most
EVERY = 3  # look at the views, moves, reasons and hints every few moves


def strings(data):
    """Every string anywhere inside a view (dicts, lists, tuples)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from strings(value)


def test_the_pattern_flags_only_a_count_of_one():
    for bad in ("1 tricks", "took 1 points", "+1 points", "-1 points", "−1 points", "(1 cards)"):
        assert WRONG.search(bad), bad
    for good in ("1 trick", "11 points", "21 points", "0 tricks", "2 tricks", "1.5 points",
                 "0.1 points", "3-1 tricks", "2/1 points", "1 point", "-1 point", "won 1, 2 tricks"):
        assert not WRONG.search(good), good


def test_plural_counts_only_one_as_singular():
    assert [plural(n, "trick") for n in (0, 1, 2, 11)] == ["0 tricks", "1 trick", "2 tricks", "11 tricks"]
    assert plural(1, "point", signed=True) == "+1 point"
    assert plural(-1, "point", signed=True) == "-1 point"
    assert plural(-3, "point", signed=True) == "-3 points"
    assert plural(0, "point", signed=True) == "+0 points"


def texts_seen(state, rule_bots):
    """What the players may read now: the views (prompt, notes, sheet), move names, reasons, hints."""
    n = state.game.num_players
    for player in [None, *range(n)]:
        yield from strings(state.view(player))
    for action in state.legal_actions():
        yield state.describe(action)
    seats = state.actors() if state.simultaneous else [state.to_move()]
    for seat in seats:
        if seat is None:
            continue
        hint = state.hint(seat)
        if hint:
            yield hint
        _, reason = explain(rule_bots[seat], state, seat if state.simultaneous else None)
        if reason:
            yield reason


def narrative_texts(state):
    for event in state.log:
        yield from (t for t in (event.text, event.secret) if t)
    if state.outcome is not None and state.outcome.text:
        yield state.outcome.text


@pytest.mark.parametrize("game_id", [spec.info.id for spec in parlour.games()])
def test_counts_agree_with_their_nouns(game_id):
    game = parlour.load(game_id)
    wrong: dict[str, str] = {}

    def check(texts, where):
        for text in texts:
            if WRONG.search(text) and text not in wrong:
                wrong[text] = where

    for seed in SEEDS:
        for step, state, rule_bots in walk(game, seed, MAX_STEPS):
            if step % EVERY == 0:
                check(texts_seen(state, rule_bots), f"seed {seed}, move {step}")
        check(texts_seen(state, rule_bots), f"seed {seed}, move {step}")
        check(narrative_texts(state), f"seed {seed}, the narrative")
    assert not wrong, f"{game_id}: a count of one with a plural noun:\n" + "\n".join(
        f"  [{where}] {text!r}" for text, where in wrong.items())
