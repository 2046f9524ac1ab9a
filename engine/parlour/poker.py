"""Poker hands, written once: rank up to five cards, name the hand in words, compare by the standard rules.

A :class:`HandOrder` says how a game ranks hands — which ranks its pack has
(the lowest straight may start with an ace below the pack's lowest rank:
A-2-3-4-5 in a 52-card pack, A-7-8-9-10 in a 32-card one), whether that
ace-low straight counts, and whether a flush beats a full house (as in
short-pack games, where a flush is the rarer hand).  :func:`evaluate` gives a
:class:`HandValue`: values compare like the hands (higher is better), and
``words`` names the hand ("a full house, jacks over eights").

Fewer than five cards (a row still being built) can be valued too: they make
pairs, threes and fours, never straights or flushes.

:func:`category_counts` counts the hands of each kind among every five cards of a pack,
exactly and quickly: it values one hand per pattern of ranks (a flush and a
non-flush one where the ranks all differ) and multiplies by the number of ways
to give those ranks suits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from math import comb
from typing import Sequence

from . import cards as C
from .cards import ACE, Card

HIGH_CARD, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH = (
    "high card", "pair", "two pairs", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush")
#: The standard order of the kinds of hand, lowest first.
STANDARD_CATEGORIES: tuple[str, ...] = (HIGH_CARD, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR,
                                        STRAIGHT_FLUSH)
HAND_SIZE = 5

RANK_WORD = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
             11: "jack", 12: "queen", 13: "king", 14: "ace"}
RANK_PLURAL = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
               10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}


@dataclass(frozen=True)
class HandOrder:
    """How a game ranks poker hands."""

    #: The pack's ranks, lowest first (ace = 14, last).
    ranks: tuple[int, ...] = tuple(range(2, 15))
    #: An ace may start a straight below the pack's lowest rank (A-2-3-4-5, or A-7-8-9-10 in a 32-card pack).
    ace_low: bool = True
    #: A flush beats a full house (the short-pack order).
    flush_beats_full_house: bool = False
    categories: tuple[str, ...] = field(init=False)
    strengths: dict[str, int] = field(init=False, compare=False)
    #: The ranks of each straight, and its top rank.
    straight_tops: dict[frozenset[int], int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        order = list(STANDARD_CATEGORIES)
        if self.flush_beats_full_house:
            order[5], order[6] = FULL_HOUSE, FLUSH
        object.__setattr__(self, "categories", tuple(order))
        object.__setattr__(self, "strengths", {category: i for i, category in enumerate(order)})
        runs = []
        for low in range(len(self.ranks) - HAND_SIZE + 1):
            run = self.ranks[low:low + HAND_SIZE]
            runs.append((frozenset(run), run[-1]))
        if self.ace_low and ACE in self.ranks:
            # The ace below the lowest rank: the run's top card is its fourth lowest rank.
            wheel = (ACE,) + self.ranks[:HAND_SIZE - 1]
            runs.append((frozenset(wheel), self.ranks[HAND_SIZE - 2]))
        object.__setattr__(self, "straight_tops", dict(runs))

    def strength(self, category: str) -> int:
        """0 for the lowest kind of hand, 8 for the highest."""
        return self.strengths[category]

    def describe(self) -> str:
        """The order in words, highest first."""
        return ", ".join(reversed(self.categories))


STANDARD_ORDER = HandOrder()


@dataclass(frozen=True, order=True)
class HandValue:
    """How good a hand is: values compare like the hands they stand for (higher wins, equal ties)."""

    key: tuple[int, ...]
    category: str = field(compare=False)
    #: The ranks that decide ties, most important first (for a straight, its top card).
    ranks: tuple[int, ...] = field(compare=False)
    size: int = field(compare=False, default=HAND_SIZE)
    ace_low: bool = field(compare=False, default=False)

    @property
    def words(self) -> str:
        """The hand in words: "a full house, jacks over eights", "a pair of nines", "ace high"."""
        r = self.ranks
        if self.category == STRAIGHT_FLUSH:
            if r[0] == ACE:
                return "a royal flush"
            return f"a straight flush, {RANK_WORD[r[0]]} high" + (" (ace low)" if self.ace_low else "")
        if self.category == FOUR:
            return f"four {RANK_PLURAL[r[0]]}"
        if self.category == FULL_HOUSE:
            return f"a full house, {RANK_PLURAL[r[0]]} over {RANK_PLURAL[r[1]]}"
        if self.category == FLUSH:
            return f"a flush, {RANK_WORD[r[0]]} high"
        if self.category == STRAIGHT:
            return f"a straight, {RANK_WORD[r[0]]} high" + (" (ace low)" if self.ace_low else "")
        if self.category == THREE:
            return f"three {RANK_PLURAL[r[0]]}"
        if self.category == TWO_PAIRS:
            return f"two pairs, {RANK_PLURAL[r[0]]} and {RANK_PLURAL[r[1]]}"
        if self.category == PAIR:
            return f"a pair of {RANK_PLURAL[r[0]]}"
        return f"{RANK_WORD[r[0]]} high" if r else "no cards"


def evaluate(cards: Sequence[Card], order: HandOrder = STANDARD_ORDER) -> HandValue:
    """The value of up to five cards under ``order``."""
    if len(cards) > HAND_SIZE:
        raise ValueError(f"a poker hand has at most five cards, not {len(cards)}")
    return evaluate_ranks([C.rank_of(c) for c in cards], is_flush(cards), order)


def is_flush(cards: Sequence[Card]) -> bool:
    return len(cards) == HAND_SIZE and len({C.suit_of(c) for c in cards}) == 1


def evaluate_ranks(ranks: Sequence[int], suited: bool, order: HandOrder = STANDARD_ORDER) -> HandValue:
    """The value of cards given only their ranks and whether five of them share a suit."""
    category, tiebreak = _classify(ranks, suited, order)
    ace_low = category in (STRAIGHT, STRAIGHT_FLUSH) and ACE in ranks and tiebreak[0] != ACE
    return HandValue((order.strength(category),) + tiebreak, category, tiebreak, len(ranks), ace_low)


def hand_key(cards: Sequence[Card], order: HandOrder = STANDARD_ORDER) -> tuple[int, ...]:
    """:attr:`HandValue.key` alone, for bots that compare many hands."""
    category, tiebreak = _classify([c & 15 for c in cards], is_flush(cards), order)
    return (order.strength(category),) + tiebreak


def _classify(ranks: Sequence[int], suited: bool, order: HandOrder) -> tuple[str, tuple[int, ...]]:
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    if len(counts) == HAND_SIZE:
        top = order.straight_tops.get(frozenset(counts))
        ordered = tuple(sorted(counts, reverse=True))
        if top is not None:
            return (STRAIGHT_FLUSH if suited else STRAIGHT), (top,)
        return (FLUSH if suited else HIGH_CARD), ordered
    # Groups by size, then rank: three eights and two kings give (8, 13) with shape (3, 2).
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    by_group = tuple(r for _, r in groups)
    first = groups[0][0]
    second = groups[1][0] if len(groups) > 1 else 0
    if first == 4:
        return FOUR, by_group
    if first == 3:
        return (FULL_HOUSE if second == 2 else THREE), by_group
    if first == 2:
        return (TWO_PAIRS if second == 2 else PAIR), by_group
    return HIGH_CARD, by_group


def category_counts(ranks: Sequence[int], suits: int = 4, order: HandOrder | None = None) -> dict[str, int]:
    """How many five-card hands of each kind a pack of ``ranks`` × ``suits`` holds, exactly.

    Each pattern of ranks is valued once (twice where all five differ: suited and not);
    the suits multiply it out: ``comb(suits, n)`` ways for a rank held ``n`` times, and of
    the ``suits ** 5`` ways to suit five different ranks, ``suits`` are flushes.
    """
    order = order or HandOrder(tuple(sorted(ranks)))
    counts = {category: 0 for category in order.categories}
    for pattern in combinations_with_replacement(sorted(ranks), HAND_SIZE):
        held = {r: pattern.count(r) for r in set(pattern)}
        if max(held.values()) > suits:
            continue
        ways = 1
        for n in held.values():
            ways *= comb(suits, n)
        if len(held) == HAND_SIZE:
            counts[evaluate_ranks(pattern, True, order).category] += suits
            counts[evaluate_ranks(pattern, False, order).category] += ways - suits
        else:
            counts[evaluate_ranks(pattern, False, order).category] += ways
    return counts


