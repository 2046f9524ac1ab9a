"""Positions one move before a hand ends, made by the engine, for the tests (and screenshots) of
how a live table shows a hand's end: rule bots play a seeded game until the reader (seat 0) has a
move that ends the hand and is not the game's last.

A game "has hands" here when some hand ends before the game does (its hand summary comes while
play goes on); the others (a patience, a board race, one deal scored at the end) are listed with why."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache

import parlour
from parlour import web
from parlour.bots import make_bot
from parlour.codec import encode
from parlour.core import State

#: Games with no hand ending before the game does, and why.
NO_HAND_ENDS = {
    "accordion": "a patience: one deal, won or lost",
    "beggar-my-neighbour": "one game turned card by card, no hands",
    "one-eyed-jack": "one deal of rows of five on a board",
    "tuck": "a race of pegs round a board, no hands",
    "twenty-four": "a race of sets, no score sheet and no hands",
    "east-west": "one deal whose rows are all scored at the end",
}
#: Options that give a game several hands (one hand is the whole game by default).
OPTIONS = {"briscas": {"deals": 3}, "tute": {"hands": 3}}
SEEDS = range(1, 9)
MOVES = 4000  # the most moves tried per seed before giving up on it


@dataclass(frozen=True)
class HandEnd:
    """A game one move before a hand ends: its share code and the reader's move that ends it, or
    ``None`` when a computer player is to move and whatever it plays ends the hand."""

    game: str
    code: str
    action: str | None
    state: State


def _ends_hand(state: State, action: str) -> bool:
    trial = state.clone()
    before = trial.last_hand_end
    trial.apply(action)
    return trial.last_hand_end is not before and not trial.is_over


def ending_move(state: State) -> str | None:
    """A move of the reader's that ends the hand (and not the game), if there is one."""
    if state.is_over or 0 not in state.actors():
        return None
    return next((action for action in state.legal_actions(0) if _ends_hand(state, action)), None)


def computer_ends_hand(state: State) -> bool:
    """A computer player is to move (at a table with turns) and every move it has ends the hand."""
    mover = None if state.simultaneous or state.is_over else state.to_move()
    return mover not in (None, 0) and all(_ends_hand(state, action) for action in state.legal_actions())


def _bot_move(state: State, bots: list) -> None:
    seat = state.actors()[0]
    if state.simultaneous:
        state.apply(state.legal_actions(seat)[0])
    else:
        state.apply(bots[seat].choose(state))


def _positions(game: parlour.Game, seed: int):
    """Each position of a game rule bots play from ``seed`` (at most MOVES of them), until it ends
    or no one can move; a caller that stops early keeps the position it was given untouched."""
    state = game.new(seed)
    bots = [make_bot(game, "rule", seed * 10 + s) for s in range(game.num_players)]
    for _ in range(MOVES):
        if state.is_over or state.at_move_cap or not state.actors():
            return
        yield state
        _bot_move(state, bots)


@cache
def before_hand_end(game_id: str) -> HandEnd | None:
    """The first position (over a few seeds) where the reader's move ends a hand; None if none."""
    game = parlour.load(game_id, **OPTIONS.get(game_id, {}))
    for seed in SEEDS:
        for state in _positions(game, seed):
            action = ending_move(state)
            if action is not None:
                return HandEnd(game_id, encode(state), action, state)
    # No hand ended on the reader's move: one that ends on a computer player's forced move.
    for seed in SEEDS:
        for state in _positions(game, seed):
            if computer_ends_hand(state):
                return HandEnd(game_id, encode(state), None, state)
    return None


def games_with_hands() -> list[str]:
    return [spec.info.id for spec in parlour.games() if spec.info.id not in NO_HAND_ENDS]


def send(**fields) -> dict:
    """A message to the page's engine (web.py), for its table of these checks."""
    return web.handle({"v": 1, "id": 1, "table": "hand-end-check", **fields})


def engine_replies(end: HandEnd) -> dict:
    """What the page's engine answers when the hand's last move is made from the link (the
    reader's, or the computer player's whose every move ends it)."""
    opened = send(type="restore", code=end.code, seat=0)
    assert opened["type"] == "state", opened
    reply = send(type="apply", action=end.action) if end.action else send(type="bot")
    assert reply["type"] == "state", reply
    return reply


CARD_LABEL = re.compile(r'<svg class="pc-card[^"]*"[^>]*aria-label="([^"]*)"')


def card_labels(drawn: str) -> list[str]:
    """The cards drawn in a table's HTML, in order, as their labels read (face-down ones too)."""
    return [html.unescape(label) for label in CARD_LABEL.findall(drawn)]
