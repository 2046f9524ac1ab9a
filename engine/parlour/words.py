"""Plain words for counts and lists, written once: what the story, the score sheet and the summaries
say ("3 points", "South and North", "South took 3 tricks, West 1 trick").

It stands under everything that speaks (the core's hand summaries, the scoring, the games): it imports
nothing of the engine.
"""

from __future__ import annotations

from typing import Sequence


def names_and(names: Sequence[str]) -> str:
    """``["South", "North"]`` → ``"South and North"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def plural(count: int, word: str, *, signed: bool = False) -> str:
    """``"1 point"``, ``"3 points"``, ``"0 points"``: only one (or minus one) takes the singular.
    ``signed`` writes the sign of the count as well (``"+1 point"``, ``"-2 points"``)."""
    number = f"{count:+d}" if signed else str(count)
    return f"{number} {word}{'' if abs(count) == 1 else 's'}"


def counts_taken(noun: str, taken: Sequence[tuple[str, int]]) -> str:
    """``South took 3 tricks, West 1 trick and North 0 tricks.``"""
    parts = [f"{name} {'took ' if i == 0 else ''}{plural(count, noun)}" for i, (name, count) in enumerate(taken)]
    return names_and(parts) + "."


def sheet_line(columns: Sequence[str], values: Sequence[int | str]) -> str:
    """``South 7, West 5`` (a blank entry, in a row that only marks something, is left out)."""
    return ", ".join(f"{column} {value}" for column, value in zip(columns, values) if str(value).strip())


def totals_line(columns: Sequence[str], totals: Sequence[int]) -> str:
    """The story's line after each scored hand, such as ``Totals: South 3, West 0.``"""
    return "Totals: " + ", ".join(f"{c} {t}" for c, t in zip(columns, totals)) + "."
