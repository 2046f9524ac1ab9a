"""Beggar My Neighbour (seed 002): no decisions, only suspense.

Players turn the top cards of their face-down stacks onto a central pile in
turn.  An honour (A, K, Q, J) makes the next player pay 4, 3, 2 or 1 cards;
if an honour turns up while paying, the payment passes on at the new rate;
if the payment is made without one, the honour's player takes the pile.
A player with no cards is out; the last player with cards wins.  Some deals
never end, so the game stops with no winner after a set number of cards.

The only action is ``"turn"``: the player to move turns their top card.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, JACK, KING, QUEEN, Card
from ..cardgame import CardGameState
from ..core import Action, GameInfo, GameSpec, Option, Outcome, Reading, State
from ..scoring import plural

#: Cards the next player must pay after each honour.
PENALTY = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}

INFO = GameInfo(
    id="beggar-my-neighbour",
    name="Beggar My Neighbour",
    family="Capturing",
    players=(2, 3, 4, 5, 6),
    pack="52 cards",
    min_age=6,
    skill="None (pure luck)",
    length_note=", sometimes much longer",
    kinds=("capturing",), deck="french52", minutes=(10, 30),
    summary="Turn cards in turn; aces and court cards make your neighbour pay.",
    house_rule="The player to the left of whoever took the pile starts the next round (the book's rule).",
    standard_rule="Many families let the player who took the pile start the next round.",
    source="Chambers Card Games for Families; Pagat for the penalty counts.",
    short_rules=(
        "2 to 6 players; the whole pack dealt face down, one at a time; nobody looks at their stack.",
        "In turn from the dealer's left, each turns their top card onto a pile in the middle.",
        "After an ace, king, queen or jack the next player pays 4, 3, 2 or 1 cards; an honour among "
        "them passes the debt on; a debt paid in full gives the pile to the honour's player.",
        "The player to the left of the taker starts again (option: the taker starts).",
        "A player without cards is out; the last with cards wins. A game stops with no winner after "
        "a set number of cards.",
    ),
    readings=(
        Reading("Our copy of the book has lost its table of the cards to pay for each honour.",
                "Ace 4, king 3, queen 2, jack 1, as everywhere else the game is described."),
        Reading("Some deals never end; the book does not say when to give up.",
                "The game stops with no winner after 10,000 cards have been turned (an option sets the "
                "number). The known endless deal of 2024 never ends only when the taker starts again; "
                "under the book's rule the same deal ends after 312 cards.",
                "max_cards", 100000),
    ),
)

OPTIONS = (
    Option("players", 2, "How many play.", choices={n: f"{n} players" for n in range(2, 7)}),
    Option("next_round", "left", "Who turns the first card after a pile is taken.",
           choices={"left": "the player to the taker's left (the book's rule)",
                    "taker": "the player who took the pile"},
           standard="taker"),
    Option("max_cards", 10000, "Stop with no winner after this many cards have been turned.",
           minimum=100, maximum=100000),
)


class BeggarState(CardGameState):
    """Face-down stacks instead of hands: a stack is ordered, so it is a list, top card first."""

    @classmethod
    def move_cap_for(cls, options: dict[str, Any]) -> int:
        """Each action turns a card and the game stops at ``max_cards`` turned: twice that is room enough."""
        return max(cls.move_cap, 2 * options["max_cards"])

    def start_hand(self) -> None:
        self.new_hand_state()
        # Taken piles go to the bottom of the taker's stack.
        self.stacks: list[list[Card]] = self.deal_piles()
        self.pile: list[Card] = []
        self.owed = 0
        self.honour_player: int | None = None
        self.turned = 0
        self.turn = self.next_seat(self.dealer)
        self.phase = "play"
        self.say(f"{self.names[self.dealer]} deals out the whole pack; "
                 f"{self.names[self.turn]} turns first.", kind="deal")

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    def _candidates_play(self) -> list[Action]:
        return ["turn"]

    def _verify_play(self, action: Action) -> str | None:
        if action != "turn":
            return "The only thing to do is turn your top card (action: turn)."
        return None

    def in_game(self, seat: int) -> bool:
        """Still playing: holding cards, or waiting to be paid for an honour."""
        return bool(self.stacks[seat]) or (seat == self.honour_player and self.owed > 0)

    def next_holder(self, seat: int) -> int:
        nxt = self.next_seat(seat)
        while not self.stacks[nxt]:
            nxt = self.next_seat(nxt)
        return nxt

    def _do_play(self, action: Action) -> None:
        seat = self.turn
        card = self.stacks[seat].pop(0)
        self.pile.append(card)
        self.turned += 1
        name = self.names[seat]
        if C.rank_of(card) in PENALTY:
            self.honour_player, self.owed = seat, PENALTY[C.rank_of(card)]
            last = "" if self.stacks[seat] else ", their last card"
            self.turn = self.next_holder(seat)
            count = "one card" if self.owed == 1 else f"{self.owed} cards"
            self.say(f"{name} turns {C.short(card)}{last}: {self.names[self.turn]} must pay {count}.",
                     kind="play")
        elif self.owed:
            self.owed -= 1
            more = f"{self.owed} still owed" if self.owed else "paid in full"
            self.say(f"{name} pays {C.short(card)} ({more}).", kind="play")
            if self.owed == 0 or not self.stacks[seat]:
                self.take_pile()
        else:
            self.say(f"{name} turns {C.short(card)}.", kind="play")
            if self.others_with_cards(seat) or self.stacks[seat]:
                self.turn = self.next_holder(seat)
        if not self.stacks[seat] and not self.in_game(seat):
            self.say(f"{name} has no cards left and is out.", kind="info")
        self.check_end()

    def others_with_cards(self, seat: int) -> bool:
        return any(self.stacks[s] for s in range(self.n) if s != seat)

    def take_pile(self) -> None:
        taker = self.honour_player
        assert taker is not None
        self.stacks[taker].extend(self.pile)
        self.say(f"{self.names[taker]} takes the pile of {len(self.pile)} cards "
                 f"and now holds {len(self.stacks[taker])}.", kind="trick")
        self.pile = []
        self.honour_player, self.owed = None, 0
        if self.options["next_round"] == "taker":
            self.turn = taker
        elif self.others_with_cards(taker):
            self.turn = self.next_holder(taker)
        else:
            self.turn = taker

    def check_end(self) -> None:
        alive = [s for s in range(self.n) if self.in_game(s)]
        if len(alive) == 1:
            winner = alive[0]
            self.outcome = Outcome((winner,), f"{self.names[winner]} wins: everyone else has run out "
                                              f"of cards, after {self.turned} cards were turned.")
            self.say(self.outcome.text, kind="end")
        elif self.turned >= self.options["max_cards"]:
            self.outcome = Outcome((), f"No winner after {self.turned} cards: this deal may never end, "
                                       f"so the game stops here.")
            self.say(self.outcome.text, kind="end")

    def other_cards(self) -> list[Card]:
        return [c for stack in self.stacks for c in stack] + self.pile

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.owed:
            return f"{name}: pay {self.owed} more card{'s' if self.owed > 1 else ''} — turn your top card."
        return f"{name}: turn your top card."

    def describe(self, action: Action) -> str:
        return "Turn my top card"

    def _view(self, player: int | None) -> dict[str, Any]:
        # Stacks are face down: not even their owner sees them.
        seats = [{"name": self.names[s], "count": len(self.stacks[s]), "hand": None,
                  "role": "dealer" if s == self.dealer else "",
                  "info": plural(len(self.stacks[s]), "card") if self.in_game(s) else "out"}
                 for s in range(self.n)]
        owed = (f"{self.names[self.turn]} owes {self.owed}" if self.owed else "")
        return {"seats": seats,
                "centre": [{"kind": "cards", "label": "The pile", "cards": [C.code(c) for c in self.pile[-6:]],
                            "hidden": max(0, len(self.pile) - 6)}],
                "status": f"{plural(self.turned, 'card')} turned. {owed}".strip()}


class TurnBot(RuleBot):
    """There is nothing to decide: the bot always turns its card."""

    def choose(self, state: State) -> Action:
        return self.because("turn", "turns the top card of its pile, the only move the game allows")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BeggarState, rule_bot=TurnBot,
                no_choice="every card is turned from the top of the pile in turn, so the deal alone decides "
                          "who wins and no computer player can play it better than another")
