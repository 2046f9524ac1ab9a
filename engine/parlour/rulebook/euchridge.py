"""Euchridge: the Carrillo family's Euchre for three, each playing for themselves.

A fourth hand, the dummy, is dealt as if a fourth player sat at the table.
Trumps are made exactly as in Euchre by the three players (the dummy never
makes trumps and never deals); whoever makes trumps also plays the dummy.
The player at the maker's left leads, then the dummy is laid face up at the
*leader's* left ("the player to the declarer's left leads his first card, the
dummy hand is then revealed and placed to his left": the leader is the one
who leads his card, so "his" is the leader's).  The dummy then sits opposite
the maker, where a fourth player would have been dealt, as in bridge, and
every trick goes round: maker, leader, dummy, the other opponent.  Option
``dummy_seat: maker-left`` reads "his" as the maker's and seats the dummy
between the maker and the leader instead.

Scoring (our choice; the seed only says "first to 11"): the maker and the
dummy count their tricks together and score as Euchre makers do — 3 or 4
tricks 1 point, all five 2 points; if they take fewer than three the maker
is euchred and each of the two opponents scores 2.  There is no going alone:
the seed gives the dummy to the maker every time.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import GameSpec, Option, Reading
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
    source="The Carrillo family's own game; Pagat's Euchre for making trumps and scoring.",
    short_rules=(
        "Three players, each for themselves; 24 cards; five cards each and five to a dummy hand "
        "(3 then 2); the next card is turned up.",
        "Trumps are made as in Euchre by the three players: order up the turned card (the dealer "
        "takes it and discards) or, in round two, name another suit.",
        "The maker plays the dummy too; nobody goes alone.",
        "The maker's left leads; then the dummy is laid face up at the leader's left, opposite the "
        "maker, so it plays right after the leader (option: at the maker's left, right after the maker).",
        "Bowers and following as in Euchre: the left bower is a trump.",
        "Maker with dummy takes 3-4 tricks: 1 point; all 5: 2; fewer than 3: each opponent scores 2.",
        "First player to 11 points wins; players reaching 11 together: the higher total wins, equal "
        "totals share the win.",
    ),
    readings=(
        Reading("\"The player to the declarer's left leads his first card, the dummy hand is then revealed "
                "and placed to his left.\" Whose left is \"his\"?",
                "The leader's: he is the one who leads his card, so the dummy goes to his left, opposite "
                "the maker, where the fourth hand was dealt — as the dummy sits in bridge. It then plays "
                "right after the leader.",
                "dummy_seat", "maker-left"),
        Reading("The family says only that the first to 11 wins; how does a hand score?",
                "As Euchre scores a side that made trumps: the maker with the dummy scores 1 for three or "
                "four tricks and 2 for all five; a euchre gives 2 to each opponent, as each member of a "
                "defending Euchre side shares its 2."),
        Reading("May the maker go alone?",
                "No: the family gives the dummy to the maker every time."),
        Reading("When is the dummy served in the deal?",
                "Last in each round, as a fourth hand; it changes only the order the cards arrive in."),
        Reading("Two players can reach 11 in the same hand, after a euchre; who wins?",
                "The higher total; equal totals share the win."),
        *euchre.INFO.readings[1:4],
    ),
)

OPTIONS = (
    *euchre.OPTIONS,
    Option("dummy_seat", "opposite", "Where the dummy is laid once the first card is led.",
           choices={"opposite": "at the leader's left, opposite the maker, as a fourth player sits (the "
                                "family's sentence read with the leader as \"his\")",
                    "maker-left": "at the maker's left, so it plays right after the maker"}),
)


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
        """Clockwise from the maker, with the dummy at the leader's left (or at the maker's left)."""
        assert self.maker is not None
        left = self.next_player(self.maker)
        if self.options["dummy_seat"] == "maker-left":
            return [self.maker, DUMMY, left, self.next_player(left)]
        return [self.maker, left, DUMMY, self.next_player(left)]

    def next_to_play(self, seat: int) -> int:
        order = self.play_order()
        return order[(order.index(seat) + 1) % len(order)]

    def card_played(self, seat: int, card: int) -> None:
        if not self.dummy_exposed:
            self.dummy_exposed = True
            assert self.maker is not None
            shown = " ".join(euchre.C.short(c) for c in self.display_order(euchre.C.cards_in(self.hands[DUMMY])))
            maker = self.names[self.maker]
            if self.options["dummy_seat"] == "maker-left":
                where = f"at {maker}'s left"
            else:
                where = f"at {self.names[self.next_player(self.maker)]}'s left, opposite {maker}"
            self.say(f"The dummy is laid face up {where}: {shown}. {maker} plays it.", kind="dummy")

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


SPEC = GameSpec(info=INFO, options=OPTIONS, state=EuchridgeState, rule_bot=EuchridgeBot)
