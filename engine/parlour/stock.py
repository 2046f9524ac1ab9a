"""A stock drawn from after every trick, written once (Briscas, Alcalde, Tute for two or three).

The undealt cards lie face down with the card that fixed trumps turned face
up under them.  After each trick the winner draws first and the others follow
in the order of play; the face-up trump card is the very last card drawn.
"""

from __future__ import annotations

from . import cards as C
from .cards import Card
from .deals import TurnUp
from .words import names_and, plural


class StockDraw(TurnUp):
    """Mix into a trick game whose turned-up card (:class:`~parlour.deals.TurnUp`) lies face up under
    the stock (face down, top first).

    ``upcard`` is ``None`` once drawn (or when there is no stock).  A game calls
    :meth:`draw_round` when a trick is taken.
    """

    #: How many tricks had been played when the stock ran out (the hands are only emptied from then on).
    stock_out_at: int = 0
    hands: list[int]
    names: list[str]

    def draw_count(self, seat: int) -> int:
        """Cards a seat draws in each round of drawing."""
        return 1

    def draw_round(self, winner: int) -> None:
        """Everyone draws, the trick's winner first; say who drew and what is left."""
        if self.upcard is None:
            return
        order = self.seats_from(winner)  # type: ignore[attr-defined]
        for seat in order:
            for _ in range(self.draw_count(seat)):
                if self.stock:
                    card = self.stock.pop(0)
                    self.say(None, secret=f"{self.names[seat]} draws {C.short(card)}.",  # type: ignore[attr-defined]
                             owner=seat, kind="draw")
                elif self.upcard is not None:
                    card, self.upcard = self.upcard, None
                    # From the next trick on the hands only empty: what a play shows about them holds.
                    self.stock_out_at = len(self.tricks_played)  # type: ignore[attr-defined]
                    self.say(f"{self.names[seat]} takes the trump card, {C.short(card)}.",  # type: ignore[attr-defined]
                             kind="draw")
                else:
                    continue
                self.hands[seat] |= 1 << card
        who = names_and([self.names[s] for s in order])
        if self.upcard is None:
            self.say(f"{who} draw from the stock in that order; the stock is used up.",  # type: ignore[attr-defined]
                     kind="draw")
        else:
            left = self.stock_size()
            self.say(f"{who} draw from the stock in that order; {plural(left, 'card')} "  # type: ignore[attr-defined]
                     f"{'is' if left == 1 else 'are'} left.",
                     kind="draw")

    def stock_size(self) -> int:
        """Cards still to be drawn, the face-up trump card included."""
        return len(self.stock) + (self.upcard is not None)

    def stock_cards(self) -> list[Card]:
        """The cards still in the stock, the face-up trump card last."""
        return self.stock + ([self.upcard] if self.upcard is not None else [])
