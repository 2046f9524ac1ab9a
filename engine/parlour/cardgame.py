"""What every card game at a table shares, written once.

:class:`CardGameState` sits between :class:`~parlour.core.State` (phases,
verify / can / do, the story) and the shapes of play built on it — tricks
(:mod:`parlour.tricks`), pegging and the show (Cribbage), captures and
builds (Casino), a line of piles (Accordion), stacks turned in turn (Beggar
My Neighbour).  It owns the seats round the table and whose deal it is, the
hands (one bitmask per seat), dealing from a shuffled or stacked pack, hand
numbering, and the reason a card is "not in your hand".

A game module subclasses it (or a layer built on it) and writes
:meth:`CardGameState.start_hand`; a game that deals the first hand from a
different seat, or decides the first dealer by a draw, overrides
:meth:`CardGameState.choose_first_dealer`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, ClassVar, Sequence

from . import cards as C
from .cards import BITS, Card, Mask
from .core import Action, Game, State

#: Between the cards of a move made of several cards: ``"5H+JD"``.
CARD_JOIN = "+"


def packet_bounds(order: tuple[int, ...], total: int, each: int | None, packets: tuple[int, ...]
                  ) -> tuple[tuple[tuple[int, int, int], ...], int]:
    """:meth:`CardGameState.packet_bounds` for the seats in deal ``order``."""
    bounds: list[tuple[int, int, int]] = []
    given = round_no = top = 0
    last_round = len(packets) - 1
    while top < total and (each is None or given < each):
        size = packets[round_no if round_no < last_round else last_round]
        if each is not None and each - given < size:
            size = each - given
        for seat in order:
            stop = top + size if top + size < total else total
            if stop > top:
                bounds.append((seat, top, stop))
                top = stop
        given += size
        round_no += 1
    return tuple(bounds), top


#: (deal order, cards, cards each, packets) → :func:`packet_bounds`' answer.
_PACKET_BOUNDS: dict[tuple[tuple[int, ...], int, int | None, tuple[int, ...]],
                     tuple[tuple[tuple[int, int, int], ...], int]] = {}

def seat_picks(bounds: tuple[tuple[int, int, int], ...], top: int
               ) -> tuple[tuple[tuple[int, Callable[[Sequence[Card]], tuple[Card, ...]]], ...], int]:
    """The packets of :func:`packet_bounds` gathered by seat: (seat, what picks its cards from the
    pack, as a tuple), in the order each seat first gets a packet; and where the undealt rest starts."""
    places: dict[int, list[int]] = {}
    for seat, start, stop in bounds:
        places.setdefault(seat, []).extend(range(start, stop))
    # itemgetter of one place gives the card itself, not a tuple: name that place twice (a card ORed
    # into a mask twice is the same mask).
    return tuple((seat, itemgetter(*at) if len(at) > 1 else itemgetter(at[0], at[0]))
                 for seat, at in places.items()), top


#: (dealer, direction, table size, cards, cards each, packets) → each seat's cards of a deal round
#: the whole table from the dealer's next seat (:meth:`CardGameState.deal`'s quick look-up).
_ROUND_PICKS: dict[tuple[int, int, int, int, int | None, tuple[int, ...]],
                   tuple[tuple[tuple[int, Callable[[Sequence[Card]], tuple[Card, ...]]], ...], int]] = {}
#: (dealer, direction, table size) → the seats from the dealer's next round the whole table.
_ROUND_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


class CardGameState(State):
    """Seats, a dealer, hands of cards and numbered hands; games add their phases on top."""

    #: Orders a reader may choose for the hands they see at the live table ("suit", "rank"), for
    #: games where that helps (rummies); empty: the game's own :meth:`display_order` only.
    hand_sorts: ClassVar[tuple[str, ...]] = ()
    #: The reader's choice among :attr:`hand_sorts` — a setting of the table, not part of the game
    #: (it is in no record and changes no move); empty: the game's own order.
    sort_by: str = ""
    #: Whether every card a player cannot see lies in another seat's hand or in a pile named by
    #: :meth:`hidden_piles`, and nowhere else (no second record of it, such as a mask of the cards
    #: not yet pegged): then :mod:`parlour.determinise` can deal them afresh and the search bot
    #: can imagine deals.  Trick games are; a game of another shape says so when it is.
    determinisable: ClassVar[bool] = False
    #: The undealt cards, face down, top card first: what is dealt from, drawn from or set aside
    #: unseen (empty when the whole pack is dealt out).  Every game keeps its undealt cards under this
    #: one name, so the layers above find them: the search bot's imagined deals
    #: (:mod:`parlour.determinise`) deal them afresh with the hidden hands (:meth:`hidden_piles`).
    stock: list[Card]
    #: Other face-down piles no player has seen, by attribute name (a list of cards or a mask), such
    #: as Euchre's kitty: imagined deals deal them afresh too.
    face_down_piles: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, seed: int, deck: Sequence[str] | None = None) -> None:
        self.stock = []  # before setup(): a game sets its own while it deals
        super().__init__(game, seed, deck)

    def setup(self) -> None:
        self.table_size = self.table_seats()
        self.dealer = self.choose_first_dealer()
        self.hand_no = 0
        self.start_hand()

    # -- to write in a game module
    def start_hand(self) -> None:
        """Deal a hand and set its first phase (call :meth:`next_hand` first)."""
        raise NotImplementedError

    def choose_first_dealer(self) -> int:
        """Who deals the first hand: by default a seat chosen by the seed."""
        return self.rng.below(self.n)

    def table_seats(self) -> int:
        """Hands dealt round the table: the players, plus any dummy with its own seat."""
        return self.n

    def other_cards(self) -> list[Card]:
        """Cards not in a hand (a stock, a layout, a crib, won piles): tests check none is lost."""
        return []

    def hidden_piles(self, player: int) -> tuple[str, ...]:
        """Names of the attributes holding face-down cards out of the hands (a list of cards or a
        mask) that ``player`` has not seen, for :mod:`parlour.determinise`: by default the
        :attr:`stock` and the :attr:`face_down_piles` (cards any view shows are never moved)."""
        return ("stock", *self.face_down_piles)

    def could_be_dealt(self) -> bool:
        """Whether the cards lie as the rules allow beyond their places and numbers, for
        :mod:`parlour.determinise` (an imagined deal that does not is drawn again): say, a Casino
        build's owner holds a card to take it.  By default any deal could be."""
        return True

    def known_cards(self, player: int) -> dict[int, Mask]:
        """Cards ``player`` knows to be in another seat's hand without seeing them (the cards they
        passed, a card taken up in sight of everyone), for :mod:`parlour.determinise`."""
        return {}

    def laid_unseen(self, player: int) -> Mask:
        """Face-down cards out of the hands that ``player`` put there themselves (the cards they laid
        away to Cribbage's crib, the cards they threw away in Mus): they know where these lie, so an
        imagined deal never moves them."""
        return 0

    def after_imagined_deal(self) -> None:
        """Bring any second record of the hidden cards into line after :mod:`parlour.determinise` has
        dealt them afresh (Cribbage's cards not yet pegged, Mus's record of each seat's own discards); by
        default there is none."""

    def past_cards_in_view(self, player: int) -> Mask:
        """Cards ``player``'s view shows only as they lay earlier, not where they are now (Mus: the
        last hand's show, on view until the next mus), for :mod:`parlour.determinise`: imagined deals
        may move them like any card out of sight.  By default none."""
        return 0

    def known_absences(self, player: int) -> dict[int, Mask]:
        """Cards each seat is known not to hold from what it did out of the trick rules' sight (Brus: a
        player who passed the lead had no playable card, and takes in none later), for
        :mod:`parlour.determinise`, which never deals a seat these.  By default none."""
        return {}

    def hand_test(self, player: int) -> Callable[[int, Mask], bool] | None:
        """A quick test of one imagined hand, (seat, the whole hand) → could it be, against what
        ``player`` was told of it (Mus: its yes or no to pares and juego, the partner's signals), for
        :mod:`parlour.determinise`, which redraws a hand that fails it before checking the whole deal
        against the player's view (that check alone would throw most deals away).  ``None``: no test."""
        return None

    # -- seats
    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.table_size

    def next_dealer(self) -> int:
        """Who deals the next hand: the next seat in the direction of play."""
        return self.next_seat(self.dealer)

    # -- hands
    def new_hand_state(self) -> None:
        """Number the new hand and empty every hand (games extend this with their own piles)."""
        self.hand_no += 1
        self.hands: list[Mask] = [0] * self.table_size

    def next_hand(self) -> None:
        """Clear the table for a new hand; after the first hand the deal passes on."""
        if self.hand_no:
            self.dealer = self.next_dealer()
        self.new_hand_state()

    def deal_sequence(self, cards: Sequence[Card], each: int | None = None, first: int | None = None,
                      packets: Sequence[int] = (1,),
                      seats: Sequence[int] | None = None) -> tuple[list[tuple[int, Card]], list[Card]]:
        """Who gets which card, in the order dealt, and the cards left over.

        The deal starts at ``first`` (default: the dealer's next seat) and goes round
        in the direction of play.  ``packets`` gives the cards per seat in each round,
        repeating the last size (``(3, 2)``: three each, then two each).  With ``each``
        set, stop when every seat has that many; otherwise deal out everything.
        ``seats`` limits the deal to some of the hands (default: all of them).
        """
        packets_dealt, rest = self.deal_packets(cards, each, first, packets, seats)
        return [(seat, card) for seat, packet in packets_dealt for card in packet], rest

    def deal_packets(self, cards: Sequence[Card], each: int | None = None, first: int | None = None,
                     packets: Sequence[int] = (1,), seats: Sequence[int] | None = None
                     ) -> tuple[list[tuple[int, list[Card]]], list[Card]]:
        """:meth:`deal_sequence` packet by packet: (seat, the cards it gets at once), and the rest."""
        cards = list(cards)
        bounds, top = self.packet_bounds(len(cards), each, first, packets, seats)
        return [(seat, cards[start:stop]) for seat, start, stop in bounds], cards[top:]

    def packet_bounds(self, total: int, each: int | None = None, first: int | None = None,
                      packets: Sequence[int] = (1,), seats: Sequence[int] | None = None
                      ) -> tuple[tuple[tuple[int, int, int], ...], int]:
        """Where each packet of a deal of ``total`` cards lies, as (seat, start, stop) in the pack's
        order (no empty packet), and where the undealt rest starts (see :meth:`deal_packets`)."""
        order = tuple(self.deal_order(first, seats))
        key = (order, total, each, tuple(packets))
        found = _PACKET_BOUNDS.get(key)
        if found is None:  # worked out once per deal's shape: every hand of Euchre is dealt so
            found = _PACKET_BOUNDS[key] = packet_bounds(order, total, each, tuple(packets))
        return found

    def deal(self, cards: Sequence[Card], each: int | None = None, first: int | None = None,
             packets: Sequence[int] = (1,), seats: Sequence[int] | None = None) -> list[Card]:
        """Deal ``cards`` into the hands (see :meth:`deal_sequence`); return what is left."""
        total = len(cards)
        round_table = first is None and seats is None and type(self).next_seat is CardGameState.next_seat
        if tuple(packets) == (1,):
            # One card at a time round the table: each seat's cards are every k-th card.
            if round_table:  # the seats from the dealer's next, looked up (every hand of Hearts)
                key = (self.dealer, self.direction, self.table_size)
                order = _ROUND_ORDERS.get(key) or _ROUND_ORDERS.setdefault(key, tuple(self.deal_order()))
            else:
                order = self.deal_order(first, seats)
            k = len(order)
            dealt = total if each is None else min(total, each * k)
            hands = self.hands
            for j, seat in enumerate(order):
                mask = 0
                for card in cards[j:dealt:k]:  # C.mask_of() written out: every hand is dealt
                    mask |= BITS[card]
                hands[seat] |= mask
            return list(cards[dealt:])
        hands = self.hands
        if round_table:
            # A deal round the whole table from the dealer's next seat (every hand of Euchre): its
            # packets depend on the dealer, the direction and the table's size alone, and each seat's
            # cards are picked from the pack at once (every packet it gets).
            key = (self.dealer, self.direction, self.table_size, total, each, tuple(packets))
            picks = _ROUND_PICKS.get(key)
            if picks is None:
                picks = _ROUND_PICKS[key] = seat_picks(*self.packet_bounds(total, each, None, packets, None))
            seat_cards, top = picks
            for seat, pick in seat_cards:
                mask = 0
                for card in pick(cards):
                    mask |= BITS[card]
                hands[seat] |= mask
            return list(cards[top:])
        bounds, top = self.packet_bounds(total, each, first, packets, seats)
        for seat, start, stop in bounds:
            for index in range(start, stop):  # no packet lists made
                hands[seat] |= 1 << cards[index]
        return list(cards[top:])

    def deal_order(self, first: int | None = None, seats: Sequence[int] | None = None) -> list[int]:
        """The seats a deal goes round, in order: from ``first`` (default: the dealer's next seat)
        in the direction of play, only ``seats`` (default: every hand)."""
        size = self.table_size
        if type(self).next_seat is CardGameState.next_seat:
            # next_seat() written out (every hand is dealt so): the seats round the table from the start.
            step = self.direction
            start = (self.dealer + step) % size if first is None else first
            order = [(start + step * i) % size for i in range(size)]
            return order if seats is None else [s for s in order if s in seats]
        start = self.next_seat(self.dealer) if first is None else first
        targets = range(size) if seats is None else seats
        return [s for s in (self.next_seat(start, i) for i in range(size)) if s in targets]

    def deal_piles(self) -> list[list[Card]]:
        """The whole shuffled pack dealt out one at a time into a face-down pile per seat, in the order
        dealt (games played from piles rather than hands: Beggar My Neighbour, Twenty-Four)."""
        cards = self.shuffled_pack()
        order = self.deal_order()
        piles: list[list[Card]] = [[] for _ in range(self.table_size)]
        for j, seat in enumerate(order):
            piles[seat] = cards[j::len(order)]
        return piles

    def set_hands(self, hands: Sequence[Sequence[str]]) -> None:
        """Give each seat exactly these cards (codes, seat by seat), for a rule test of a short hand;
        whatever else the deal held is left out."""
        if len(hands) != self.table_size:
            raise ValueError(f"{len(hands)} hands given for {self.table_size} seats")
        self.hands = [C.mask_of(self.pack.card(code) for code in hand) for hand in hands]
        self.forget_legal()

    def held_card_reason(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is not a card in ``seat``'s hand (``None`` if it is one)."""
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return f"{action!r} is not a card code (try something like QS or 10H)."
        if not self.hands[seat] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        return None

    def held_cards_reason(self, seat: int, cards: Sequence[Card]) -> str | None:
        """Why ``cards`` are not all in ``seat``'s hand (``None`` if they are)."""
        missing = [c for c in cards if not self.hands[seat] >> c & 1]
        if not missing:
            return None
        if len(missing) == 1:
            return f"You do not hold the {C.name(missing[0])}."
        return "You do not hold " + ", ".join(f"the {C.name(c)}" for c in missing) + "."

    def parse_cards(self, text: str) -> list[Card] | str:
        """The cards of ``"5H+JD"`` (any spelling the pack accepts), or the reason it is not a list of cards."""
        parts = [p for p in text.split(CARD_JOIN)]
        cards: list[Card] = []
        for part in parts:
            card = self.pack.find(part) if part.strip() else None
            if card is None:
                return f"{part.strip()!r} is not a card of the {self.pack.description}." if part.strip() \
                    else "A card is missing between the + signs."
            if card in cards:
                return f"The {C.name(card)} is named twice."
            cards.append(card)
        return cards

    def cards_code(self, cards: Sequence[Card]) -> str:
        """The canonical text of several cards: codes in the pack's order, joined by ``+``."""
        return CARD_JOIN.join(C.code(c) for c in sorted(cards))

    def canonical(self, action: Action) -> Action | None:
        """A move of several cards in any order and spelling (``"crib:jd + 5h"``) is the one
        :meth:`cards_code` writes (``"crib:5H+JD"``)."""
        found = super().canonical(action)
        if found is not None or not isinstance(action, str):
            return found
        verb, colon, cards = action.rpartition(":")
        parsed = self.parse_cards(cards) if colon and verb.strip() else None
        if not isinstance(parsed, list):
            return None
        return super().canonical(f"{verb.strip()}:{self.cards_code(parsed)}")

    def action_parts(self, action: Action) -> list[str]:
        """A move of several cards is written ``verb:card+card`` (``"crib:5H+JD"``; the verb may
        carry its own argument, ``"build:8:3H+5C"``): its parts are the cards after the last colon."""
        verb, colon, cards = action.rpartition(":")
        if colon and verb:
            parsed = self.parse_cards(cards)
            if isinstance(parsed, list) and self.cards_code(parsed) == cards:
                return cards.split(CARD_JOIN)
        return super().action_parts(action)

    def all_cards(self) -> list[Card]:
        return [c for mask in self.hands for c in C.cards_in(mask)] + self.other_cards()

    # -- the reader's view
    def seat_view(self, seat: int, player: int | None, hand: Mask | Sequence[Card] | None,
                  **extra: Any) -> dict[str, Any]:
        """A seat's entry in a view: its hand if ``player`` may see it, else only a count."""
        cards = C.cards_in(hand) if isinstance(hand, int) else list(hand or [])
        visible = player is None or player == seat or bool(extra.get("face_up"))
        order = self.hand_order(cards, self.sort_by) if self.sort_by else self.display_order(cards)
        entry = {"name": self.names[seat], "count": len(cards),
                 "hand": [C.code(c) for c in order] if visible else None}
        entry.update(extra)
        return entry

    def display_order(self, cards: list[Card]) -> list[Card]:
        """How a hand is sorted for display: by suit, high cards first."""
        return sorted(cards, key=lambda c: (C.suit_of(c), -C.rank_of(c), C.copy_of(c)))

    def hand_order(self, cards: list[Card], by: str) -> list[Card]:
        """A hand in the order ``by`` (one of :attr:`hand_sorts`): by rank, low to high, then suit;
        by suit (or anything else), the game's own :meth:`display_order`."""
        if by == "rank":
            return sorted(cards, key=lambda c: (C.is_joker(c), C.rank_of(c), C.suit_of(c), C.copy_of(c)))
        return self.display_order(cards)
