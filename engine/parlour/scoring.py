"""Scoring to a target, written once: who has reached it and who leads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from .core import ScoreSheet

#: The usual four-handed partnerships: South with North, West with East.
PARTNERS_4: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


@dataclass(frozen=True)
class Target:
    """A game played until a total reaches ``points``; ``low_wins`` for penalty games."""

    points: int
    low_wins: bool = False

    def reached(self, totals: Sequence[int]) -> bool:
        return any(t >= self.points for t in totals)

    def leaders(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Indices of the best totals (several on a tie)."""
        best = min(totals) if self.low_wins else max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    def describe(self) -> str:
        return (f"The game ends when someone reaches {self.points}; the lowest total wins."
                if self.low_wins else f"The first to reach {self.points} wins.")


def names_and(names: Sequence[str]) -> str:
    """``["South", "North"]`` → ``"South and North"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def team_of(seat: int, teams: Sequence[Sequence[int]]) -> int:
    return next(t for t, members in enumerate(teams) if seat in members)


def team_names(names: Sequence[str], teams: Sequence[Sequence[int]]) -> list[str]:
    """``["South & North", "West & East"]``."""
    return [" & ".join(names[s] for s in team) for team in teams]


class MatchScoring:
    """Hand after hand onto a score sheet until a total reaches the target.

    Mix into a :class:`~parlour.core.State` that sets ``self.sheet`` (a
    :class:`ScoreSheet` with one column per player or partnership),
    ``self.target`` (a :class:`Target`), ``self.hand_no`` and provides
    ``start_hand()``.  Override :meth:`column_seats` when columns are teams.
    """

    sheet: ScoreSheet
    target: Target
    hand_no: int

    def column_seats(self, column: int) -> tuple[int, ...]:
        """The seats that share a score column (a partnership), default one seat a column."""
        return (column,)

    def score_hand(self, points: Sequence[int], shown: Sequence[Any] | None = None,
                   label: str | None = None) -> None:
        """Add a hand's points, say the totals, then end the game or deal the next hand."""
        self.sheet.add(label or f"Hand {self.hand_no}", points, shown)
        totals = ", ".join(f"{c} {t}" for c, t in zip(self.sheet.columns, self.sheet.totals))
        self.say(f"Totals: {totals}.", kind="score")  # type: ignore[attr-defined]
        if self.match_over():
            self.finish()
        else:
            self.start_hand()  # type: ignore[attr-defined]

    def match_over(self) -> bool:
        return self.target.reached(self.sheet.totals)

    def finish(self) -> None:
        """End the game: the best total (or totals, on a tie) wins."""
        columns = self.target.leaders(self.sheet.totals)
        winners = tuple(sorted(s for c in columns for s in self.column_seats(c)))
        names = names_and([self.sheet.columns[c] for c in columns])
        plural = len(columns) > 1 or len(winners) > 1
        text = f"{names} {'win' if plural else 'wins'} with {self.sheet.totals[columns[0]]} points."
        self.end(winners, f"A tie: {text}" if len(columns) > 1 else text)  # type: ignore[attr-defined]


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
