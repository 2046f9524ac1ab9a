"""A tiny game without turns for the core's tests: everyone races to build one pile upwards.

Each player holds their own copy of the 2♣ to 6♣ face up.  Anyone may put on the pile the card
one above its top (the 2 first); the pile is done at the 6, and whoever put most cards on it wins.
Two players holding the same card race for the same place, so it shows the core's rule: the
first to arrive is taken, the second is refused with the reason.
"""

from __future__ import annotations

from typing import Any

from parlour import cards as C
from parlour.bots import RuleBot
from parlour.cardgame import CardGameState
from parlour.core import Action, GameInfo, GameSpec, Option, State
from parlour.simultaneous import SimultaneousPlay

RANKS = (2, 3, 4, 5, 6)

INFO = GameInfo(id="race", name="Race", family="Test", players=(2, 3), pack="5 clubs each", min_age=5,
                skill="Speed", minutes=(1, 1), summary="Build the pile up first.", house_rule="None.",
                standard_rule="None.", source="The core's tests.", short_rules=("Put the next card on the pile first.",))


class RaceState(SimultaneousPlay, CardGameState):
    paces = ("practice", "beginner", "family", "fast")
    example_move = "2C"

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        return C.french_pack(RANKS, suits=(C.CLUBS,), copies=options["players"])

    def start_hand(self) -> None:
        self.new_hand_state()
        for card in self.pack.cards:
            self.hands[C.copy_of(card)] |= 1 << card
        self.pile: list[Card] = []
        self.placed_by: list[int] = []
        self.phase = "race"

    def actors(self) -> list[int]:
        return [] if self.is_over else list(range(self.n))

    def next_rank(self) -> int:
        return RANKS[len(self.pile)]

    def _candidates_race(self, seat: int) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.hands[seat])]

    def _verify_race(self, seat: int, move: str) -> str | None:
        card = self.pack.find(move)
        if card is None:
            return f"{move!r} is not a card."
        if not self.hands[seat] >> card & 1:
            return f"You do not hold that {C.short(card)}."
        if C.rank_of(card) != self.next_rank():
            if self.pile and C.rank_of(card) == C.rank_of(self.pile[-1]):
                return f"Too late: {self.names[self.placed_by[-1]]}'s {C.short(self.pile[-1])} got there first."
            return f"The pile needs a {self.next_rank()} next."
        return None

    def _do_race(self, seat: int, move: str) -> None:
        card = self.pack.card(move)
        self.hands[seat] &= ~(1 << card)
        self.pile.append(card)
        self.placed_by.append(seat)
        self.say(f"{self.names[seat]} puts {C.short(card)} on the pile.")
        if len(self.pile) == len(RANKS):
            counts = [self.placed_by.count(s) for s in range(self.n)]
            best = max(counts)
            self.end(tuple(s for s in range(self.n) if counts[s] == best), "The pile is built.")

    def think_ms(self, seat: int, action: Action) -> int:
        return 1000

    def other_cards(self) -> list[int]:
        return list(self.pile)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = [self.seat_view(s, player, self.hands[s], face_up=True) for s in range(self.n)]
        return {"seats": seats, "centre": [{"kind": "cards", "label": "Pile", "cards": [C.code(c) for c in self.pile]}],
                "status": f"next: {self.next_rank() if len(self.pile) < len(RANKS) else '-'}"}


Card = int


class RaceBot(RuleBot):
    def choose(self, state: State, seat: int | None = None) -> Action | None:
        legal = state.legal_actions(seat)
        return legal[0] if legal else None


SPEC = GameSpec(info=INFO, options=(Option("players", 2, "How many race.", choices={2: "two", 3: "three"}),),
                state=RaceState, rule_bot=RaceBot)
