"""Euchridge: the Carrillo family's Euchre for three (seed 000), each playing for themselves.

A fourth hand, the dummy, is dealt as if a fourth player sat at the table.
Trumps are made exactly as in Euchre by the three players (the dummy never
makes trumps and never deals); whoever makes trumps also plays the dummy.
The player at the maker's left leads, then the dummy is laid face up at the
maker's left, so every trick goes: maker's left, the other opponent, the
maker, the dummy (starting from whoever leads).

Scoring (our choice; the seed only says "first to 11"): the maker and the
dummy count their tricks together and score as Euchre makers do — 3 or 4
tricks 1 point, all five 2 points; if they take fewer than three the maker
is euchred and each of the two opponents scores 2.  There is no going alone:
the seed gives the dummy to the maker every time.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import GameSpec
from . import euchre
from .euchre import EuchreBot, EuchreState

DUMMY = 3

INFO = replace(
    euchre.INFO,
    id="euchridge",
    name="Euchridge",
    players=(3,),
    summary="The Carrillo family's Euchre for three: whoever makes trumps also plays a dummy hand "
            "against the other two, and everyone keeps their own score.",
    house_rule="A dummy is dealt as a fourth hand and played by the maker; each player scores alone; "
               "first to 11.",
    standard_rule="Euchre's own rules for making trumps and for the tricks; all passing twice throws "
                  "the hand in (stick-the-dealer is an option).",
    source="Seed 000 (the Carrillo family's own game); Pagat's Euchre for making trumps and scoring.",
    rules=(
        "Three players, each for themselves; 24 cards; five cards each and five to a dummy hand "
        "(3 then 2); the next card is turned up.",
        "Trumps are made as in Euchre by the three players: order up the turned card (the dealer "
        "takes it and discards) or, in round two, name another suit.",
        "The maker plays the dummy too; nobody goes alone.",
        "The maker's left leads; then the dummy is laid face up at the maker's left, so it plays "
        "right after the maker.",
        "Bowers and following as in Euchre: the left bower is a trump.",
        "Maker with dummy takes 3-4 tricks: 1 point; all 5: 2; fewer than 3: each opponent scores 2.",
        "First player to 11 points wins; players reaching 11 together: the higher total wins, equal "
        "totals share the win.",
    ),
)

OPTIONS = euchre.OPTIONS


class EuchridgeState(EuchreState):
    """Seats 0–2 are the players (South, West, North); seat 3 is the dummy."""

    dummy = DUMMY
    may_go_alone = False

    def table_seats(self) -> int:
        return self.n + 1

    def seat_names(self) -> list[str]:
        return ["South", "West", "North", "Dummy"]

    def score_columns(self) -> list[str]:
        return self.names[:self.n]

    def column_seats(self, column: int) -> tuple[int, ...]:
        return (column,)

    def column_of(self, seat: int) -> int:
        if seat == DUMMY:
            assert self.maker is not None
            return self.maker
        return seat

    def partner(self, seat: int) -> int | None:
        return DUMMY if seat == self.maker else None

    def allies(self, seat: int) -> set[int]:
        """The maker and the dummy score together; the two opponents score alike on a euchre."""
        if self.maker is None:
            return {seat}
        makers = {self.maker, DUMMY}
        return makers if seat in makers else set(self.player_seats()) - {self.maker}

    def controller(self, seat: int) -> int:
        if seat == DUMMY:
            assert self.maker is not None
            return self.maker
        return seat

    def first_leader(self) -> int:
        assert self.maker is not None
        return self.next_player(self.maker)

    def play_order(self) -> list[int]:
        """Clockwise from the maker once the dummy sits at the maker's left."""
        assert self.maker is not None
        left = self.next_player(self.maker)
        return [self.maker, DUMMY, left, self.next_player(left)]

    def next_to_play(self, seat: int) -> int:
        order = self.play_order()
        return order[(order.index(seat) + 1) % len(order)]

    def card_played(self, seat: int, card: int) -> None:
        if not self.dummy_exposed:
            self.dummy_exposed = True
            assert self.maker is not None
            shown = " ".join(euchre.C.short(c) for c in self.display_order(euchre.C.cards_in(self.hands[DUMMY])))
            self.say(f"The dummy is laid face up at {self.names[self.maker]}'s left: {shown}. "
                     f"{self.names[self.maker]} plays it.", kind="dummy")

    def makers_name(self) -> tuple[str, bool]:
        assert self.maker is not None
        return f"{self.names[self.maker]} and the dummy", True

    def role(self, seat: int) -> str:
        if seat == DUMMY:
            return f"played by {self.names[self.maker]}" if self.maker is not None else ""
        return super().role(seat)


class EuchridgeBot(EuchreBot):
    """The Euchre bot, counting on the dummy: about one trick's worth more for the maker."""

    dummy_bonus = 1.5


SPEC = GameSpec(info=INFO, options=OPTIONS, state=EuchridgeState, rule_bot=EuchridgeBot,
                players_of=lambda options: 3)
