"""A hand's count walked through, step by step: the one shape every game's breakdown takes.

A breakdown is a list of :class:`CountedHand` — each hand, crib or side that was counted, with the
cards it holds and its steps: what is said, the cards of that combination, its points and the
running total. The live table's summary draws each hand's cards and marks the cards of the step
being said (``docs/assets/table/walkthrough.js``); the "count my hand" helper names them too.

Pure data of cards; a game builds its breakdown from what it noted when the hand ended
(:meth:`parlour.core.State.count_walkthrough`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from . import cards as C
from .cards import Card


@dataclass(frozen=True)
class CountStep:
    """One thing said in a count: ``words`` as a player says them ("fifteen four", "a pair is
    six"), the cards that make it, the points it adds and the total so far. ``so_far`` says the
    running score in words where it is not this hand's own total (East–West: each side's rows won)."""

    words: str
    cards: tuple[Card, ...]
    points: int
    total: int
    so_far: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"words": self.words, "cards": [C.code(c) for c in self.cards], "points": self.points,
                "total": self.total, "line": self.line(), "so_far": self.so_far}

    def line(self) -> str:
        """The step in a line of text: "fifteen four (5♥ K♣)"."""
        names = [C.short(c) for c in self.cards]
        # "5♥ J♦", but "1 of oros, 3 of copas": names of several words need commas between them.
        named = (", " if any(" " in n for n in names) else " ").join(names)
        return f"{self.words} ({named})" if named else self.words


@dataclass(frozen=True)
class CountedHand:
    """One hand (or crib, or side's pile) counted: its ``title`` ("West's hand"), every card it
    counts in the order drawn, its steps and total; ``nothing`` is said when no step scores. ``groups``
    cut the cards into runs drawn apart, each named — (label, how many): Cribbage's hand and its
    starter, ``(("", 4), ("the starter", 1))``; Mus's two partners' hands."""

    title: str
    cards: tuple[Card, ...]
    steps: tuple[CountStep, ...]
    total: int
    nothing: str = "Nothing scores."
    groups: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        codes = [C.code(c) for c in self.cards]
        return {"label": self.title, "cards": codes, "steps": [s.as_dict() for s in self.steps],
                "total": self.total, "nothing": self.nothing, "groups": [list(group) for group in self.groups]}


def running(title: str, cards: Sequence[Card], scored: Iterable[tuple[str, Sequence[Card], int]],
            nothing: str = "Nothing scores.", groups: Sequence[tuple[str, int]] = ()) -> CountedHand:
    """A hand counted from ``(words, cards, points)`` items, the running total added as it goes;
    ``groups`` cut its cards into named runs drawn apart (see :class:`CountedHand`)."""
    steps, total = [], 0
    for words, used, points in scored:
        total += points
        steps.append(CountStep(words, tuple(used), points, total))
    return CountedHand(title, tuple(cards), tuple(steps), total, nothing, tuple(groups))


def as_dicts(hands: Sequence[CountedHand]) -> list[dict[str, Any]]:
    return [hand.as_dict() for hand in hands]


#: Points added to a count beyond its cards' values: (words, the cards that earned them, points).
Extra = tuple[str, tuple[Card, ...], int]


def counted_by_value(title: str, valued: Sequence[tuple[Card, int]], nothing: str,
                     extras: Sequence[Extra] = ()) -> CountedHand:
    """Cards each worth some points (card, points), counted a step per value, the highest first:
    "3 cards worth 11 each: 33" with those cards marked; then any ``extras`` (the last trick)."""
    ordered = sorted(valued, key=lambda item: (-item[1], item[0]))
    values = sorted({points for _, points in valued}, reverse=True)

    def step(value: int) -> tuple[str, list[Card], int]:
        cards = [c for c, points in ordered if points == value]
        if len(cards) == 1:
            return f"1 card worth {value}: {value}", cards, value
        return f"{len(cards)} cards worth {value} each: {len(cards) * value}", cards, len(cards) * value

    drawn = [c for c, _ in ordered]
    drawn += [c for _, cards, _ in extras for c in cards if c not in drawn]
    return running(title, drawn, [*(step(v) for v in values), *extras], nothing=nothing)


def card_points_taken(side: str, taken: Sequence[tuple[Card, int]], noun: str = "counting card",
                      extras: Sequence[Extra] = ()) -> CountedHand:
    """A side's counting cards taken in tricks (card, points), a step per value (:func:`counted_by_value`),
    then its ``extras``; ``noun`` names the cards ("penalty card" in Hearts)."""
    return counted_by_value(f"{side} took {len(taken)} {noun}{'' if len(taken) == 1 else 's'}", taken,
                            nothing=f"No {noun}s taken.", extras=extras)
