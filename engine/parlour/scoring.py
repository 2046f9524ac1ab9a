"""Scoring to a target, written once: who has reached it and who leads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


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
