"""Scoring written once: points to a target, a set number of deals, sheets by player or partnership."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Protocol, Sequence

from .core import ScoreSheet
# The wording helpers live below this module; games import them from here too.
from .words import names_and, plural, totals_line

__all__ = ["PARTNERS_4", "MatchEnd", "Target", "TargetOrDeals", "FixedDeals", "EndsByRule", "team_of",
           "team_names", "ScoringTable", "MatchScoring", "PartnershipScoring", "names_and", "plural", "totals_line"]

#: The usual four-handed partnerships: South with North, West with East.
PARTNERS_4: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


class MatchEnd:
    """When a match ends and which total wins it; the kinds below say when.

    ``over`` is asked after each scored hand; ``reached`` whenever points are
    scored during a hand (a Cribbage peg), so a target can end the match at once.
    """

    low_wins: bool = False

    def over(self, totals: Sequence[int], hands_played: int) -> bool:
        return self.reached(totals)

    def reached(self, totals: Sequence[int]) -> bool:
        return False

    def leaders(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Indices of the best totals (several on a tie)."""
        best = min(totals) if self.low_wins else max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    def best_wins(self) -> str:
        return "the lowest total wins" if self.low_wins else "the highest total wins"

    def describe(self) -> str:
        return self.best_wins().capitalize() + "."


@dataclass(frozen=True)
class Target(MatchEnd):
    """A match played until a total reaches ``points``; ``low_wins`` for penalty games.

    ``exceed``: a total must go *past* ``points``, not merely reach it (Burraco's "until a side
    exceeds 2,000"); the best total wins once one has.
    """

    points: int
    low_wins: bool = False
    exceed: bool = False

    def reached(self, totals: Sequence[int]) -> bool:
        if not totals:
            return False
        top = max(totals)  # any total at (or past) the target: asked every hand
        return top > self.points if self.exceed else top >= self.points

    @property
    def verb(self) -> str:
        """What a total does to the target: ``"reach"`` or ``"pass"``."""
        return "pass" if self.exceed else "reach"

    def passing_clause(self) -> tuple[str, str]:
        """``("The game ends when a total goes past 2000", "none")``: the end of a match to exceed,
        and the word for nobody having done it."""
        who, nobody = ("someone", "nobody") if self.low_wins else ("a total", "none")
        return f"The game ends when {who} goes past {self.points}", nobody

    def describe(self) -> str:
        if self.exceed:
            return f"{self.passing_clause()[0]}; {self.best_wins()}."
        return (f"The game ends when someone reaches {self.points}; the lowest total wins."
                if self.low_wins else f"The first to reach {self.points} wins.")


@dataclass(frozen=True)
class TargetOrDeals(Target):
    """A match to ``points`` that also stops after ``deals`` deals, the best total winning then
    (so a match whose scores drift cannot go on for ever); ``deals=None`` switches the cap off."""

    deals: int | None = None

    def over(self, totals: Sequence[int], hands_played: int) -> bool:
        return self.reached(totals) or (self.deals is not None and hands_played >= self.deals)

    def describe(self) -> str:
        if self.deals is None:
            return super().describe()
        if self.exceed:
            clause, nobody = self.passing_clause()
            return f"{clause}; if {nobody} has after {plural(self.deals, 'deal')}, {self.best_wins()}."
        return (f"The first to reach {self.points} wins; if nobody has after {plural(self.deals, 'deal')}, "
                f"{self.best_wins()}.")


@dataclass(frozen=True)
class FixedDeals(MatchEnd):
    """A match of a set number of deals (hands), whatever the scores."""

    deals: int
    low_wins: bool = False

    def over(self, totals: Sequence[int], hands_played: int) -> bool:
        return hands_played >= self.deals

    def describe(self) -> str:
        return f"{self.deals} deals; {self.best_wins()}."


@dataclass(frozen=True)
class EndsByRule(MatchEnd):
    """A match that ends by a rule of the game's own (it overrides ``match_over``)."""

    low_wins: bool = False


def team_of(seat: int, teams: Sequence[Sequence[int]]) -> int:
    # A loop rather than next() over a generator: asked a few times every hand.
    for team, members in enumerate(teams):
        if seat in members:
            return team
    raise StopIteration  # what next() raised when no team holds the seat


def seat_shares(side_shares: Sequence[float], sides: Sequence[Sequence[int]]) -> list[float]:
    """Each seat's share of the win, from each side's (:func:`win_shares`): split evenly among the
    side's seats, as :meth:`parlour.core.State.returns` splits a shared win."""
    shares = [0.0] * sum(len(side) for side in sides)
    for side, share in zip(sides, side_shares):
        for seat in side:
            shares[seat] = share / len(side)
    return shares


def team_names(names: Sequence[str], teams: Sequence[Sequence[int]]) -> list[str]:
    """``["South & North", "West & East"]``."""
    return [" & ".join(names[s] for s in team) for team in teams]


class ScoringTable(Protocol):
    """What :class:`MatchScoring` needs of the state it is mixed into.  A
    :class:`~parlour.core.State` gives the story (``say``, ``say_later``), the hand's summary
    (``hand_ended``) and the end (``end``); :class:`~parlour.cardgame.CardGameState` the hand number;
    the game its sheet, how its match ends and ``start_hand``."""

    #: The score sheet: one column per player or partnership.
    sheet: ScoreSheet
    #: When the match ends: a points :class:`Target`, :class:`FixedDeals` or :class:`EndsByRule`.
    match_end: MatchEnd
    hand_no: int

    def say(self, text: str | None, *, secret: str | None = None, owner: int | None = None,
            kind: str = "") -> None: ...

    def say_later(self, kind: str, write: Callable[..., str], *parts: Any) -> None: ...

    def hand_ended(self) -> None: ...

    def start_hand(self) -> None: ...

    def end(self, winners: tuple[int, ...], text: str) -> None: ...


if TYPE_CHECKING:
    # For the type checker the mixin is a ScoringTable; at run time it adds nothing to the state's own
    # methods (a protocol's empty methods would hide them, coming first in the game class's order).
    _Table = ScoringTable
else:
    _Table = object


class MatchScoring(_Table):
    """Hand after hand onto a score sheet until a total reaches the target.

    Mix into a :class:`~parlour.core.State` (before it, ``class HeartsState(MatchScoring,
    TrickGameState)``) that sets what :class:`ScoringTable` declares: ``self.sheet``,
    ``self.match_end`` and ``start_hand()``.  Override :meth:`column_seats` when columns are teams.
    """

    #: What the totals count, one of it, for the last line ("wins with 12 counters").
    score_unit: ClassVar[str] = "point"

    def column_seats(self, column: int) -> tuple[int, ...]:
        """The seats that share a score column (a partnership), default one seat a column."""
        return (column,)

    def hand_label(self) -> str:
        """The score sheet's label for this hand's row."""
        return f"Hand {self.hand_no}"

    def score_hand(self, points: Sequence[int], shown: Sequence[Any] | None = None,
                   label: str | None = None) -> None:
        """Add a hand's points, say the totals, then end the game or deal the next hand."""
        self.sheet.add(label or self.hand_label(), points, shown)
        self.hand_scored()

    def award(self, column: int, points: int, label: str | None = None) -> bool:
        """Score ``points`` for ``column`` now, on this hand's row (a peg in Cribbage).

        If a total reaches the target the match ends there and then, mid-hand;
        the return value says whether it did.
        """
        label = label or self.hand_label()
        self.sheet.credit(label, column, points)
        if not self.match_end.reached(self.sheet.totals):
            return False
        # The hand's row says it was cut short.
        self.sheet.rows[-1] = (f"{label} (stopped)", self.sheet.rows[-1][1])
        who = self.sheet.columns[column]
        verb = self.match_end.verb if isinstance(self.match_end, Target) else "reach"
        verb = verb if len(self.column_seats(column)) > 1 else verb + "es"  # "reaches", "passes"
        goal = self.match_end.points if isinstance(self.match_end, Target) else self.sheet.totals[column]
        self.say(f"{who} {verb} {goal}: play stops at once.", kind="score")
        self.hand_ended()  # the hand cut short has its summary too
        self.finish()
        return True

    def end_hand(self) -> None:
        """A hand scored with :meth:`award` is over: keep its row (even with no points), then go on."""
        self.sheet.credit(self.hand_label(), 0, 0)
        self.hand_scored()

    def hand_scored(self) -> None:
        """This hand's points are on the sheet: say the totals, then end the game or deal again."""
        self.hand_ended()  # its summary ends before the totals line
        columns, totals = tuple(self.sheet.columns), tuple(self.sheet.totals)  # the sheet as it is now
        self.say_later("totals", totals_line, columns, totals)  # written when the story is read
        if self.match_over():
            self.finish()
        else:
            self.start_hand()

    def match_over(self) -> bool:
        return self.match_end.over(self.sheet.totals, self.hand_no)

    def winning_columns(self) -> tuple[int, ...]:
        """The columns that win now the match is over: the best totals (several on a tie).  A game
        that breaks ties its own way (Casino counts a hand's points in a set order, and the first
        to the target wins) overrides this."""
        return self.match_end.leaders(self.sheet.totals)

    def finish(self) -> None:
        """End the game: the best total (or totals, on a tie) wins."""
        columns = self.winning_columns()
        winners = tuple(sorted(s for c in columns for s in self.column_seats(c)))
        names = names_and([self.sheet.columns[c] for c in columns])
        several = len(columns) > 1 or len(winners) > 1
        text = f"{names} {'win' if several else 'wins'} with {plural(self.sheet.totals[columns[0]], self.score_unit)}."
        self.end(winners, f"A tie: {text}" if len(columns) > 1 else text)


class PartnershipScoring(MatchScoring):
    """:class:`MatchScoring` for fixed partnerships: one score column per side."""

    teams: ClassVar[tuple[tuple[int, ...], ...]] = PARTNERS_4
    names: list[str]

    @property
    def team_labels(self) -> list[str]:
        """``["South & North", "West & East"]``."""
        return team_names(self.names, self.teams)

    def team(self, seat: int) -> int:
        return team_of(seat, self.teams)

    def column_seats(self, column: int) -> tuple[int, ...]:
        return self.teams[column]


def win_shares(expected: Sequence[float], spread: float, low_wins: bool = False) -> list[float]:
    """Each score column's chance of ending best, judged from its expected final total and how far
    totals may still move (``spread``, in points): a softmax, so a column ``spread`` points better
    than another is e (about 2.7) times as likely to win.  How the search bot's cut-off playouts
    are scored (:meth:`parlour.core.State.playout_estimate`)."""
    signed = [-e if low_wins else e for e in expected]
    best = max(signed)
    weights = [math.exp((s - best) / spread) for s in signed]
    total = sum(weights)
    return [w / total for w in weights]
