"""Comparing two choices at one decision: was another move as good as the one played?

A worked example played as a quiz (:mod:`parlour.quiz`) asks the reader what they would play and
then says whether their choice was the example's, as good, or worse.  "As good" is judged by
what a choice leads to *now*, measured per family of games, each measure written once here:

- ``"trick"`` — a trick game's card (every :class:`~parlour.tricks.TrickGameState` in its
  ``play`` phase): the trick is played out (the example's own later moves where they are still
  legal, the rule bot's otherwise) and two choices are as good when the same seat takes the trick
  with the same points in it (:meth:`TrickGameState.points_in_trick`);
- ``"points-now"`` — a move scored the moment it is made (Cribbage's pegging, through
  :meth:`~parlour.scoring.MatchScoring.award`): as good when it scores the same points;
- ``"captures"`` — a fishing game's capture (Casino): as good when it takes the same worth
  (the game's :meth:`taken_worth`: points, cards, spades).

A game names its measure per phase in ``choice_measures`` (trick games inherit ``{"play":
"trick"}``); a phase without one is judged "same" or "another choice" only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable

from . import cards as C
from .bots import make_bot
from .core import Action, State
from .tricks import Trick, TrickGameState
from .words import plural

#: How the reader's choice compares with the example's, in order from best to worst.
VERDICTS = ("same", "as good", "better", "different", "worse", "another")


@dataclass(frozen=True)
class Outcome:
    """What one choice leads to, measured for the seat that chose."""

    key: tuple[Any, ...]     # equal keys: the two choices are as good as each other
    value: tuple[int, ...]   # for the chooser: higher is better
    words: str               # the outcome told in a clause ("South takes the trick with K♠")


@dataclass(frozen=True)
class Comparison:
    verdict: str   # one of VERDICTS
    words: str     # the verdict told to the reader


def _owner_points_column(state: State, seat: int) -> int:
    """The score column ``seat`` scores in (its own, or its partnership's)."""
    columns = len(state.sheet.columns)  # type: ignore[attr-defined]
    return next((c for c in range(columns) if seat in state.column_seats(c)), seat)  # type: ignore[attr-defined]


def _same_side(state: TrickGameState, a: int, b: int) -> bool:
    """Whether two seats play for one side: partners by the trick rules or by the score sheet (Whist's
    rules know no partners, its sheet does)."""
    if state.rules.same_team(a, b):
        return True
    if getattr(state, "sheet", None) is None or not hasattr(state, "column_seats"):
        return False
    return _owner_points_column(state, a) == _owner_points_column(state, b)


def _points_now(state: State, action: Action, continuation: Sequence[Action]) -> Outcome:
    seat = state.to_move()
    assert seat is not None
    column = _owner_points_column(state, seat)
    before = state.sheet.totals[column]  # type: ignore[attr-defined]
    after_state = state.clone()
    after_state.apply(action)
    points = after_state.sheet.totals[column] - before  # type: ignore[attr-defined]
    words = f"{state.names[seat]} scores {plural(points, 'point')}" if points else f"{state.names[seat]} scores nothing"
    return Outcome((points,), (points,), words)


def _captures(state: State, action: Action, continuation: Sequence[Action]) -> Outcome:
    seat = state.to_move()
    assert seat is not None
    after = state.clone()
    after.apply(action)
    taken = after.piles[seat] & ~state.piles[seat]  # type: ignore[attr-defined]
    sweep = len(after.sweeps[seat]) > len(state.sweeps[seat])  # type: ignore[attr-defined]
    points, count, spades, holders = state.taken_worth(taken, sweep)  # type: ignore[attr-defined]
    name = state.names[seat]
    if not count:
        words = f"{name} takes nothing"
    else:
        extras = [plural(spades, "spade")] if spades else []
        extras.append(f"{plural(points, 'point')}: {' and '.join(holders)}" if points else "no points")
        words = f"{name} takes {plural(count, 'card')} ({', '.join(extras)})"
    return Outcome((points, count, spades), (points, count, spades), words)


def _next_move(state: State, continuation: Sequence[Action], at: int) -> Action:
    """The example's own move at this point if it is still legal; otherwise the rule bot's."""
    if at < len(continuation) and state.why_illegal(continuation[at]) is None:
        return state.canonical(continuation[at])
    mover = state.to_move()
    return make_bot(state.game, "rule", mover or 0).choose(state)


def _trick(state: State, action: Action, continuation: Sequence[Action]) -> Outcome:
    """Play the trick out after ``action``; who takes it, and the points in it."""
    assert isinstance(state, TrickGameState)
    seat = state.to_move()
    assert seat is not None
    game = state.clone()
    move, at = action, 0
    while True:
        before = game.clone()
        trick: Trick = game.trick
        game.apply(move)
        if game.trick is not trick and trick.plays:  # the trick closed (or the hand with it)
            break
        if game.is_over or game.to_move() is None or game.phase != "play":
            break
        move = _next_move(game, continuation, at)
        at += 1
    assert isinstance(before, TrickGameState)
    if not (game.trick is not trick and trick.plays):  # the play stopped before the trick was done
        return Outcome(("unfinished",), (0,), "the trick is not finished")
    winner = before.trick_winner(trick)
    points = before.points_in_trick(C.mask_of(trick.cards))
    point_words = f", with {plural(points, 'point')} in it" if points else ""
    if winner is None:
        return Outcome((None, points), (0,), "the trick is drawn")
    ours = _same_side(before, winner, seat)
    best = trick.plays[before.rules.winning_play(trick)][1]
    words = f"{before.names[winner]} takes the trick with {C.short(best)}{point_words}"
    if before.points_are_penalties:
        value: tuple[int, ...] = (-points if ours else 0,)
    else:
        value = (points if ours else -points, 1 if ours else 0)
    return Outcome((winner, points), value, words)


#: The measures, by the name a game gives in ``choice_measures``.
MEASURES: dict[str, Callable[[State, Action, Sequence[Action]], Outcome]] = {
    "trick": _trick, "points-now": _points_now, "captures": _captures,
}


def measure_of(state: State) -> str | None:
    """The name of the measure for the decision now before the player to move, if there is one."""
    return getattr(state, "choice_measures", {}).get(state.phase)


def outcome(state: State, action: Action, continuation: Sequence[Action] = ()) -> Outcome | None:
    """What ``action`` (legal, by the player to move) leads to by the game's measure, or ``None``
    where the game has none for this phase. ``continuation``: the moves that followed in the game
    being compared with (used while they stay legal)."""
    name = measure_of(state)
    return MEASURES[name](state, state.canonical(action), continuation) if name else None


def compare(state: State, chosen: Action, played: Action, continuation: Sequence[Action] = ()) -> Comparison:
    """How ``chosen`` compares with ``played`` (both legal for the player to move); ``continuation``
    is what followed ``played`` in the game."""
    chosen, played = state.canonical(chosen), state.canonical(played)
    if chosen == played:
        return Comparison("same", f"You chose what the example played: {state.describe(played)}.")
    mine = outcome(state, chosen, continuation)
    theirs = outcome(state, played, continuation)
    if mine is None or theirs is None:
        return Comparison("another", f"The example played {state.describe(played)}; this part of the game "
                                     "has no quick measure of whether your choice is as good.")
    said = (f"Your choice ({state.describe(chosen)}): {mine.words}; "
            f"the example's ({state.describe(played)}): {theirs.words}.")
    if mine.key == theirs.key:
        return Comparison("as good", said)
    if mine.value < theirs.value:
        return Comparison("worse", said)
    if mine.value > theirs.value:
        return Comparison("better", f"{said} The example's choice may still pay off later.")
    return Comparison("different", f"{said} Neither is better for now.")
