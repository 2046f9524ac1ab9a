"""The Spanish pack's facts, written once for every game that uses it (Briscas, Alcalde, Tute, Truc …).

In each suit the cards rank 1 (high), 3, 12, 11, 10, 7, 6, 5, 4, 2 (low), and
the 1 scores 11 card points, the 3 ten, the 12 four, the 11 three and the 10
two: 120 in the pack.  A French pack stands in for the Spanish one when its
eights, nines and tens are taken out: the ace plays the 1, the king the 12,
the queen the 11 and the jack the 10 (so the seven sits next to the jack),
and the suits pair up oros–diamonds, copas–hearts, espadas–spades,
bastos–clubs.

Rules that speak of "the 7 of trumps" or "a 10 or better" use :func:`number`
(a card's Spanish face value) so they hold with either pack.
"""

from __future__ import annotations

from typing import Any

from . import cards as C
from .cards import Card, Mask, Pack, Suit
from .core import Option

#: Spanish face values from the highest card of a suit to the lowest.
HIGH_TO_LOW: tuple[int, ...] = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)
#: Card points by Spanish face value; every other card scores nothing.
POINTS: dict[int, int] = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
PACK_POINTS = 4 * sum(POINTS.values())  # 120

#: The French rank that plays each Spanish face value in the substitute pack.
FRENCH_RANK: dict[int, int] = {1: C.ACE, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7,
                               10: C.JACK, 11: C.QUEEN, 12: C.KING}
NUMBER_OF_FRENCH: dict[int, int] = {r: n for n, r in FRENCH_RANK.items()}
#: The French suit that stands for each Spanish suit.
FRENCH_SUIT: dict[Suit, Suit] = {C.OROS: C.DIAMONDS, C.COPAS: C.HEARTS,
                                 C.ESPADAS: C.SPADES, C.BASTOS: C.CLUBS}

#: The card taken out when three play a game meant for an even pack share (Briscas, Tute): the
#: source lets any four go; we fix the 4 of oros (the 4♦ of the substitute pack).
THREE_HANDED_REMOVED: tuple[tuple[Suit, int], ...] = ((C.OROS, 4),)

FRENCH_40 = C.french_pack(tuple(sorted(FRENCH_RANK.values())), id="french40",
                          description="52-card pack without its eights, nines and tens")

PACK_OPTION = Option(
    "pack", "spanish", "Which cards are used.",
    choices={"spanish": "the 40-card Spanish pack: oros, copas, espadas, bastos",
             "french": "a 52-card pack with the 8s, 9s and 10s taken out: A 3 K Q J 7 6 5 4 2, the ace, king, "
                       "queen and jack playing the 1, rey, caballo and sota (the rules' own substitute)"},
    standard="spanish")


def number(card: Card) -> int:
    """A card's Spanish face value (1–7, 10, 11, 12), whichever pack it comes from."""
    rank = C.rank_of(card)
    return rank if C.is_spanish(card) else NUMBER_OF_FRENCH[rank]


def card_of(suit: Suit, value: int) -> Card:
    """The card of ``suit`` with Spanish face value ``value`` (a French card in a French suit)."""
    return C.make_card(suit, value if suit in C.SPANISH_SUITS else FRENCH_RANK[value])


def ranking(pack: Pack, low_to_high: tuple[int, ...] = tuple(reversed(HIGH_TO_LOW))) -> tuple[int, ...]:
    """The pack's ranks in the order of ``low_to_high`` (Spanish face values, lowest first; by
    default the usual 2 4 5 6 7 10 11 12 3 1), for :class:`~parlour.tricks.TrickRules`."""
    french = not any(C.is_spanish(c) for c in pack.cards[:1])
    return tuple(FRENCH_RANK[n] for n in low_to_high) if french else low_to_high


def points(card: Card) -> int:
    return POINTS.get(number(card), 0)


def mask_points(mask: Mask) -> int:
    """Card points in a set of cards."""
    return sum(points(c) for c in C.cards_in(mask))


#: What the court cards are called in each pack: the Spanish names, and the French cards standing in.
COURT_NAMES: dict[bool, dict[int, tuple[str, str]]] = {
    False: {10: ("sota", "sotas"), 11: ("caballo", "caballos"), 12: ("rey", "reyes")},
    True: {10: ("jack", "jacks"), 11: ("queen", "queens"), 12: ("king", "kings")},
}


def court_name(pack: Pack, value: int, plural: bool = False) -> str:
    """A court card's name as the players of ``pack`` say it: ``"rey"`` in a Spanish pack, ``"king"`` in
    the 52-card substitute (whose queen plays the caballo and jack the sota)."""
    french = not C.is_spanish(pack.cards[0])
    return COURT_NAMES[french][value][1 if plural else 0]


def value_text(value: int) -> str:
    """How the rules name a face value: ``"7"``, ``"12 (rey)"``."""
    named = C.SPANISH_RANK_NAME.get(value)
    return f"{value} ({named})" if named else str(value)


def pack_for(options: dict[str, Any], without: tuple[tuple[Suit, int], ...] = ()) -> Pack:
    """The pack the ``pack`` option names, less the cards ``without`` lists ((Spanish suit, value) pairs)."""
    french = options.get("pack", "spanish") == "french"
    base = FRENCH_40 if french else C.SPANISH_40
    if not without:
        return base
    gone = [C.code(card_of(FRENCH_SUIT[s] if french else s, v)) for s, v in without]
    size = len(base) - len(gone)
    label = ", ".join(C.name(base.card(g)) for g in gone)
    return base.without(gone, f"{base.id}-{size}", f"{base.description} without the {label}")
