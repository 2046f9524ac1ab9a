"""Casino's counting, apart from its state machine: what a card is worth in sums, the sets of
cards on the table that add up to a value, the unions of disjoint sets a capture may take, and whether
(and how) cards split into sets of one value — what captures and builds are checked and listed with.

Pure functions of cards and masks; :mod:`parlour.rulebook.casino` plays the game with them.
"""

from __future__ import annotations

from functools import cache
from typing import Iterable, Sequence

from . import cards as C
from .cards import ACE, Card, Mask
from .walkthrough import CountedHand, running

def _pip(card: Card) -> int | None:
    rank = C.rank_of(card)
    if rank == ACE:
        return 1
    return rank if rank <= 10 else None


PIPS: dict[Card, int | None] = {card: _pip(card) for card in C.FRENCH_52}


def pip(card: Card) -> int | None:
    """What a card counts in sums: an ace 1, a numeral its number; a court card nothing."""
    return PIPS[card]


def rank_noun(card: Card) -> str:
    """``"king"``, ``"ace"``, ``"7"`` — the rank a pairing needs."""
    rank = C.rank_of(card)
    return C.FRENCH_RANK_NAME.get(rank, str(rank))


def plural(card: Card) -> str:
    """``"kings"``, ``"7s"``."""
    return rank_noun(card) + "s"


def sum_sets(cards: Sequence[tuple[Card, int]], target: int) -> list[Mask]:
    """Every set of the given (card, value) pairs whose values add up to ``target``, as masks."""
    found: list[Mask] = []

    def walk(start: int, total: int, chosen: Mask) -> None:
        if total == target:
            found.append(chosen)
            return
        for index in range(start, len(cards)):
            card, value = cards[index]
            if total + value <= target:
                walk(index + 1, total + value, chosen | 1 << card)

    walk(0, 0, 0)
    return found


def disjoint_unions(sets: Sequence[Mask], limit: int | None = None) -> list[Mask] | None:
    """Every union of pairwise disjoint members of ``sets``, each union once, the empty one first;
    ``None`` as soon as there are more than ``limit`` of them.

    The work grows with the number of unions (never with every subset of the table): each
    (union, next set) pair is visited once.
    """
    found, seen = [0], {0}
    visited: set[tuple[Mask, int]] = set()
    stack = [(0, 0)]
    while stack:
        union, start = stack.pop()
        for index in range(start, len(sets)):
            if union & sets[index]:
                continue
            grown = union | sets[index]
            if grown not in seen:
                seen.add(grown)
                found.append(grown)
                if limit is not None and len(found) > limit:
                    return None
            if (grown, index + 1) not in visited:
                visited.add((grown, index + 1))
                stack.append((grown, index + 1))
    return found


@cache
def _splits(values: tuple[int, ...], target: int) -> bool:
    """Whether these values (largest first) split into groups each adding up to ``target``."""
    if not values:
        return True
    first, rest = values[0], values[1:]
    need = target - first
    if need < 0:
        return False
    if need == 0:
        return _splits(rest, target)
    for group in _groups(rest, need):
        remaining = list(rest)
        for index in reversed(group):
            del remaining[index]
        if _splits(tuple(remaining), target):
            return True
    return False


def _groups(values: tuple[int, ...], need: int) -> list[tuple[int, ...]]:
    """Index sets of ``values`` adding up to ``need`` (equal values taken in order, so no repeats)."""
    out: list[tuple[int, ...]] = []

    def walk(start: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(chosen)
            return
        previous = None
        for index in range(start, len(values)):
            value = values[index]
            if value <= left and value != previous:
                previous = value
                walk(index + 1, left - value, chosen + (index,))

    walk(0, need, ())
    return out


def splits(cards: Iterable[Card], target: int) -> bool:
    """Whether the cards split into sets each worth ``target`` (court cards never do)."""
    values = sorted((pip(c) or 0 for c in cards), reverse=True)
    if values and values[-1] == 0:
        return False
    return sum(values) % target == 0 and _splits(tuple(values), target)


def overlapping_sets(cards: Sequence[Card], target: int) -> tuple[Card, list[Card], list[Card]] | None:
    """When every card belongs to some set worth ``target`` but the cards do not split into such
    sets, taking them all would count a card twice (the book's 6, 3, 3, 3 with a 9): two such sets
    that share a card — the pair covering most cards — and the card they share.  ``None`` when
    some card is in no set at all (then the fault is elsewhere)."""
    sets = sum_sets([(c, pip(c) or 0) for c in cards], target)
    covered = 0
    for found in sets:
        covered |= found
    if not sets or covered != C.mask_of(cards):
        return None
    pairs = [(first, second) for i, first in enumerate(sets) for second in sets[i + 1:] if first & second]
    if not pairs:
        return None
    first, second = max(pairs, key=lambda pair: C.count(pair[0] | pair[1]))  # the first of the widest
    shared = next(c for c in cards if (first & second) >> c & 1)
    return shared, [c for c in cards if first >> c & 1], [c for c in cards if second >> c & 1]


def split_into(cards: Iterable[Card], target: int) -> list[list[Card]] | None:
    """The cards split into sets each worth ``target`` (largest card leading each set), or
    ``None`` if they cannot be.  Court cards never split."""
    ordered = sorted(cards, key=lambda c: (-(pip(c) or 99), c))
    if any(pip(c) is None for c in ordered) or sum(pip(c) or 0 for c in ordered) % target:
        return None
    if not _splits(tuple(pip(c) or 0 for c in ordered), target):
        return None
    sets: list[list[Card]] = []
    rest = ordered
    while rest:
        first, others = rest[0], rest[1:]
        values = tuple(pip(c) or 0 for c in others)
        for group in _groups(values, target - (pip(first) or 0)):
            remaining = [c for i, c in enumerate(others) if i not in group]
            if _splits(tuple(pip(c) or 0 for c in remaining), target):
                sets.append([first] + [others[i] for i in group])
                rest = remaining
                break
    return sets


def sets_text(cards: Iterable[Card]) -> str:
    """``"3♣ + 5♦"``."""
    return " + ".join(C.short(c) for c in cards)


def casino_walkthrough(columns: Sequence[str], piles: Sequence[Mask],
                       items: Sequence[tuple[str, int, int, Mask]]) -> list[CountedHand]:
    """Each side's count, item by item in counting order — most cards, most spades, the casinos,
    the aces, the sweeps — with the cards that earned each, over the cards the side took."""
    def said(label: str, cards: list[Card]) -> str:
        # "big casino (10♦)" is said "big casino" where the 10♦ itself is marked beside the words.
        named = f" ({C.short(cards[0])})"
        return label[:-len(named)] if len(cards) == 1 and label.endswith(named) else label

    def side(column: int, name: str) -> CountedHand:
        taken = sorted(C.cards_in(piles[column]), key=lambda c: (C.suit_of(c), C.rank_of(c)))
        mine = [(said(label, C.cards_in(cards)), C.cards_in(cards), points) for label, c, points, cards in items
                if c == column]
        return running(f"{name} took {len(taken)} card{'' if len(taken) == 1 else 's'}", taken, mine,
                       nothing="Nothing scores: not the most cards or spades, no casino, ace or sweep.")
    return [side(column, name) for column, name in enumerate(columns)]
