"""Bidding a number of tricks, written once (Back Alley, Oh Hell).

Each player bids once, from the dealer's left round to the dealer: ``bid:N`` promises N tricks,
from :attr:`NumberBidding.lowest_bid` up to :meth:`NumberBidding.highest_bid`, and a game may add
bids in words (Back Alley's ``pass`` and board bids, through :meth:`NumberBidding.bid_candidates`).
A game may ban a bid to one seat (:meth:`NumberBidding.bid_ban`: Oh Hell's hook, which keeps the
dealer from making the bids add up to the tricks; Back Alley's board ladder) and says what
happens once everyone has bid (:meth:`NumberBidding.bidding_done`).  The story tells each bid
("West bids 2."); the view shows them in each seat's ``info`` and in :meth:`NumberBidding.bids_zone`.

For computer players, without a bot in sight (this layer sits under them): :func:`likely_tricks`
counts a hand's probable tricks, :func:`choose_bid` bids the allowed number nearest an estimate
(the estimate is the game's rule bot's own policy), and :func:`play_to_bid` plays towards taking
exactly the tricks bid.  Each returns the choice with its reason in words.
"""

from __future__ import annotations

from typing import Any, Sequence

from . import cards as C
from .cards import Card
from .core import Action
from .scoring import plural
from .tricks import TrickGameState, lowest_words, taking_verb
from .view import NotesZone, note, notes_zone

#: How a number bid is written: ``bid:3``.
BID = "bid:"


def bid_action(number: int) -> Action:
    return f"{BID}{number}"


def bid_number(bid: Action | None) -> int | None:
    """The tricks a number bid promises (``"bid:3"`` → 3); ``None`` for anything else."""
    if bid is None or not bid.startswith(BID):
        return None
    digits = bid[len(BID):]
    return int(digits) if digits.isascii() and digits.isdigit() else None


class NumberBidding(TrickGameState):
    """A bidding phase ``"bid"`` for a trick game: a game calls :meth:`start_bidding` after the
    deal, with :attr:`size` set to the cards each player holds, and writes :meth:`bidding_done`."""

    #: The fewest tricks a number bid promises (Back Alley's ``pass`` stands for none, so its number
    #: bids start at 1).
    lowest_bid: int = 0
    #: Cards each player holds this hand: the tricks there are to take.
    size: int
    #: Each seat's bid this hand (``None``: not yet), and the seats in the order they bid.
    bids: list[Action | None]
    bid_order: list[int]

    def start_bidding(self) -> None:
        """Everyone bids once, from the dealer's left round to the dealer."""
        self.bids = [None] * self.n
        self.bid_order = []
        self.phase = "bid"
        self.turn = self.next_seat(self.dealer)

    # -- what a game may change
    def bidding_done(self) -> None:
        """Everyone has bid: start the play (or deal again)."""
        raise NotImplementedError

    def bid_candidates(self) -> list[Action]:
        """Every bid there is, allowed now or not, in the order the legal moves list them."""
        return [bid_action(n) for n in range(self.lowest_bid, self.size + 1)]

    def highest_bid(self) -> int:
        """The most tricks a number bid may promise this hand."""
        return self.size

    def bid_range_reason(self, number: int) -> str | None:
        """Why a number bid of ``number`` tricks is out of range (``None`` if it is not)."""
        low, high = self.lowest_bid, self.highest_bid()
        if low <= number <= high:
            return None
        return f"With {plural(self.size, 'card')} each, a bid is from {low} to {high} tricks."

    def bid_grammar(self) -> str:
        """The bids there are, in words, for the reason an unknown bid is refused."""
        return f"bid:N, for N from {self.lowest_bid} to {self.highest_bid()} tricks"

    def bid_ban(self, seat: int, bid: Action) -> str | None:
        """A game's ban on ``bid`` for ``seat`` only (after the range is checked), or ``None``."""
        return None

    def bid_words(self, bid: Action) -> str:
        """The story's verb and bid: ``"bids 3"``."""
        return f"bids {bid_number(bid)}"

    def bid_label(self, bid: Action) -> str:
        """A bid as the table notes it: ``"bid 3"``."""
        return f"bid {bid_number(bid)}"

    # A bid names a number of tricks: more numbers than buttons can show become a number box.
    amount_verbs = ("bid",)

    def describe(self, action: Action) -> str:
        number = bid_number(action)
        return f"Bid {number}" if number is not None else super().describe(action)

    # -- the phase
    def _candidates_bid(self) -> list[Action]:
        return self.bid_candidates()

    def _verify_bid(self, action: Action) -> str | None:
        number = bid_number(action)
        if number is None:
            if action not in self.bid_candidates():
                return f"{action!r} is not a bid: {self.bid_grammar()}."
        else:
            reason = self.bid_range_reason(number)
            if reason is not None:
                return reason
        return self.bid_ban(self.turn, action)

    def _do_bid(self, action: Action) -> None:
        seat = self.turn
        self.bids[seat] = action
        self.bid_order.append(seat)
        self.say(f"{self.names[seat]} {self.bid_words(action)}.", kind="bid")
        if len(self.bid_order) < self.n:
            self.turn = self.next_seat(seat)
            return
        self.bidding_done()

    # -- what was bid
    def bid_of(self, seat: int) -> int:
        """The tricks ``seat`` has promised by a number bid (0 for none yet, or a word)."""
        return bid_number(self.bids[seat]) or 0

    def bids_total(self) -> int:
        return sum(self.bid_of(s) for s in range(self.n))

    def total_words(self) -> str:
        """``"The bids add up to 9 of the 10 tricks (underbid by 1)."``"""
        total, size = self.bids_total(), self.size
        balance = ("exactly the tricks there are" if total == size else
                   f"overbid by {total - size}" if total > size else f"underbid by {size - total}")
        return f"The bids add up to {total} of the {plural(size, 'trick')} ({balance})."

    def bid_info(self, seat: int) -> str:
        """What a seat bid and, once play starts, the tricks it has taken: ``"bid 3, 1 trick"``."""
        bid = self.bids[seat]
        parts = [] if bid is None else [self.bid_label(bid)]
        if self.phase == "play" or self.is_over:
            parts.append(plural(self.tricks_won[seat], "trick"))
        return ", ".join(parts)

    def bidding_seats(self, player: int | None) -> list[dict[str, Any]]:
        """Every seat for the view: its hand as ``player`` may see it, the dealer marked, its bid noted."""
        return [self.seat_view(s, player, self.hands[s], role="dealer" if s == self.dealer else "",
                               info=self.bid_info(s)) for s in range(self.n)]

    def bids_zone(self, label: str = "Bids") -> NotesZone:
        """The bids in the order they are made, the seat to bid marked, and their total."""
        lines = []
        for seat in self.seats_from(self.next_seat(self.dealer)):
            bidding = self.phase == "bid" and seat == self.turn and not self.is_over
            text = self.bid_info(seat) or ("to bid now" if bidding else "not yet")
            lines.append(note(self.names[seat], text, current=bidding))
        lines.append(note("Total", f"{self.bids_total()} bid for {plural(self.size, 'trick')}"))
        return notes_zone(label, lines)

    def bids_zones(self) -> list[NotesZone]:
        """:meth:`bids_zone` while the bids are being made; once play starts each seat's ``info``
        carries its bid, and the trick needs the middle of the table."""
        return [self.bids_zone()] if self.phase == "bid" else []

    def bidding_prompt(self, tail: str = "") -> str:
        """The prompt of the phases of a bidding trick game: bid (``tail`` adds the bids in words), lead
        or play."""
        name = self.names[self.turn]
        if self.phase == "bid":
            return f"{name}: bid how many tricks you will take ({plural(self.size, 'card')} each){tail}."
        return f"{name} to {'lead' if not self.trick.plays else 'play'}."

    def prompt(self) -> str:
        return self.bidding_prompt()


# -- for computer players ------------------------------------------------------------

def likely_tricks(state: TrickGameState, seat: int) -> float:
    """About how many tricks ``seat``'s hand takes: its top trumps and top cards of other suits, worth
    less as more players stand to trump or beat them, and middle cards a little at a small table."""
    rules, trump = state.rules, state.rules.trump
    hand = C.cards_in(state.hands[seat])
    top = len(rules.ranking) - 1
    trumps = sum(1 for c in hand if trump is not None and rules.suit(c) == trump)
    crowd = 4 / state.n  # the values below are for four players
    tricks = len(hand) * max(0.0, 0.25 - 0.05 * state.n)
    for card in hand:
        below_top = max(0, top - rules.order(card))
        if trump is not None and rules.suit(card) == trump:
            tricks += crowd ** 0.5 * ((1.0, 0.8, 0.6, 0.45)[below_top] if below_top < 4 else 0.3)
        else:
            length = len(rules.cards_of_suit(state.hands[seat], rules.suit(card)))
            tricks += crowd * ((0.85, 0.45 if length > 1 else 0.2, 0.15)[below_top] if below_top < 3 else 0.0)
    if trumps * state.n > len(hand) + 2:  # long in trumps: the small ones win too
        tricks += 0.4 * (trumps - (len(hand) + 2) / state.n)
    return tricks


def choose_bid(state: NumberBidding, estimate: float) -> tuple[Action, str]:
    """The number bid nearest ``estimate`` that ``state`` allows its bidder now, and why."""
    numbers = [n for n in (bid_number(a) for a in state.legal_actions()) if n is not None]
    wanted = min(max(int(estimate + 0.5), state.lowest_bid), state.highest_bid())
    best = min(numbers, key=lambda n: (abs(n - wanted), n))
    counted = f"counts about {estimate:.1f} tricks in its {plural(state.size, 'card')}"
    if best == wanted:
        return bid_action(best), f"{counted}, so bids {best}"
    barred = state.why_illegal(bid_action(wanted)) or ""
    return bid_action(best), f"{counted}, but {barred[:1].lower()}{barred[1:].rstrip('.')}; so it bids {best}"


def play_to_bid(state: NumberBidding) -> tuple[Action, str]:
    """The card (of those ``state``'s player may play) that heads for exactly the tricks bid: win
    while tricks are still wanted, stay under once the bid is made; and why."""
    card, reason = _card_to_bid(state, [state.pack.card(a) for a in state.legal_actions()])
    return C.code(card), reason


def _card_to_bid(state: NumberBidding, cards: Sequence[Card]) -> tuple[Card, str]:
    """:func:`play_to_bid` among ``cards``."""
    seat, rules, trick = state.turn, state.rules, state.trick
    need = state.bid_of(seat) - state.tricks_won[seat]
    trump = rules.trump
    wanting = f"wants {plural(need, 'more trick')}" if need > 0 else (
        "bid no tricks" if state.bid_of(seat) == 0 else f"has the {plural(state.bid_of(seat), 'trick')} it bid")
    if not trick.plays:
        if need > 0:  # a high card of a plain suit, keeping the trumps to win later tricks
            card = max(cards, key=lambda c: (rules.suit(c) != trump, rules.order(c)))
            best_words = "its highest card outside trumps" if rules.suit(card) != trump else "its highest trump"
            return card, f"{wanting}, so leads the {C.short(card)}, {best_words}"
        card = min(cards, key=lambda c: (rules.suit(c) == trump, rules.order(c)))
        return card, f"{wanting}, so leads the {C.short(card)}, {lowest_words(rules, cards, card)}"
    led = trick.plays[0][1]
    best_card = trick.plays[rules.winning_play(trick)][1]
    best = rules.play_power(best_card, led)
    winners = [c for c in cards if rules.play_power(c, led) > best]
    losers = [c for c in cards if rules.play_power(c, led) <= best]
    if need > 0 and winners:
        card = min(winners, key=lambda c: rules.play_power(c, led))
        return card, (f"{wanting}, so {taking_verb(rules, trick, card)} the {C.short(best_card)} with the "
                      f"{C.short(card)}, the cheapest card that wins")
    if need <= 0 and losers:
        card = max(losers, key=lambda c: (rules.suit(c) != trump, rules.order(c)))
        return card, f"{wanting}, so stays under the {C.short(best_card)} with the {C.short(card)}"
    card = min(cards, key=lambda c: (rules.play_power(c, led), rules.order(c)))
    if need > 0:
        return card, f"{wanting} but cannot beat the {C.short(best_card)}, so plays the {C.short(card)}, " \
                     f"{lowest_words(rules, cards, card)}"
    return card, f"{wanting}, but every card it may play beats the {C.short(best_card)}: the {C.short(card)} " \
                 f"is the cheapest"
