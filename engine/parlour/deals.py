"""Deals that trick games share, written once: a schedule of hand sizes, and a card turned up.

:class:`HandSizes` says how many cards each hand of a match deals — down from a top size, up
to it, or one way and then the other (Back Alley's 13 … 1, 1 … 13; Oh Hell's 10 … 1) — and so
how many deals the match lasts (:meth:`HandSizes.match_end`, a
:class:`~parlour.scoring.FixedDeals`) and what each hand is called on the score sheet.

:class:`TurnUp` is the card turned face up after the deal: :attr:`TurnUp.upcard`, with the
undealt rest face down as :attr:`TurnUp.stock` (the name :mod:`parlour.determinise` hides).
Back Alley, Oh Hell, Twenty-Five and Euchre turn it up beside the pack; Briscas, Alcalde and
Tute lay it under a stock that is drawn from (:class:`parlour.stock.StockDraw`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from . import cards as C
from .cards import Card, Suit
from .scoring import FixedDeals, plural

#: The ways a schedule may run, as the options of a game name them.
WAYS = ("down", "up", "up-and-down", "down-and-up")


@dataclass(frozen=True)
class HandSizes:
    """The cards dealt to each player in hands 1, 2, 3 … of a match."""

    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.sizes or min(self.sizes) < 1:
            raise ValueError(f"a hand-size schedule needs hands of one card or more, not {self.sizes!r}")

    @classmethod
    def down(cls, top: int, bottom: int = 1) -> HandSizes:
        return cls(tuple(range(top, bottom - 1, -1)))

    @classmethod
    def up(cls, top: int, bottom: int = 1) -> HandSizes:
        return cls(tuple(range(bottom, top + 1)))

    @classmethod
    def named(cls, way: str, top: int, bottom: int = 1) -> HandSizes:
        """The schedule ``way`` (one of :data:`WAYS`) between ``bottom`` and ``top`` cards; one way
        and then the other plays the turning size twice (13 … 1, 1 … 13)."""
        down, up = cls.down(top, bottom), cls.up(top, bottom)
        ways = {"down": down, "up": up, "up-and-down": up + down, "down-and-up": down + up}
        if way not in ways:
            raise ValueError(f"a hand-size schedule runs {', '.join(WAYS)}, not {way!r}")
        return ways[way]

    def __add__(self, other: HandSizes) -> HandSizes:
        return HandSizes(self.sizes + other.sizes)

    def __len__(self) -> int:
        return len(self.sizes)

    def size(self, hand_no: int) -> int:
        """Cards each in hand ``hand_no`` (counted from 1)."""
        return self.sizes[hand_no - 1]

    def match_end(self) -> FixedDeals:
        """The match lasts one deal per hand of the schedule."""
        return FixedDeals(len(self.sizes))

    def heading(self, hand_no: int) -> str:
        """``"Hand 3 of 10"``: the story's and the status line's name for the hand."""
        return f"Hand {hand_no} of {len(self.sizes)}"

    def label(self, hand_no: int) -> str:
        """``"Hand 3 (8 cards)"``: the score sheet's row for the hand."""
        return f"Hand {hand_no} ({plural(self.size(hand_no), 'card')})"


class TurnUp:
    """Mix into a :class:`~parlour.cardgame.CardGameState`: after the deal the next card is turned
    face up (it fixes trumps in most games) and the undealt rest lies face down as the stock."""

    #: The card turned up this hand (``None`` before the first deal, or once a stock drawn from
    #: has given it out: :class:`parlour.stock.StockDraw`).
    upcard: Card | None
    #: The undealt cards, face down, top first.
    stock: list[Card]

    def turn_up(self, rest: Sequence[Card]) -> Card:
        """The first of the undealt cards ``rest`` turned up; the others are the stock."""
        self.upcard, self.stock = rest[0], list(rest[1:])
        return rest[0]

    def deal_and_turn_up(self, each: int, packets: Sequence[int] = (1,)) -> Card:
        """Shuffle, deal ``each`` cards to every hand from the dealer's next seat, turn up the next."""
        rest = self.deal(self.shuffled_pack(), each=each, packets=packets)  # type: ignore[attr-defined]
        return self.turn_up(rest)

    def other_cards(self) -> list[Card]:
        """The turned-up card and the stock: cards in no hand (a game that moves them says so)."""
        return ([] if self.upcard is None else [self.upcard]) + list(self.stock)

    def upcard_trump(self) -> Suit | None:
        """The suit the turned-up card makes trumps; ``None`` (no trumps) for a joker."""
        assert self.upcard is not None
        suit = C.suit_of(self.upcard)
        return None if suit == C.JOKERS else suit

    def upcard_zone(self, label: str = "Turned up") -> dict[str, Any]:
        """The turned-up card as a zone of the table's centre."""
        assert self.upcard is not None
        return {"kind": "cards", "label": label, "cards": [C.code(self.upcard)]}
