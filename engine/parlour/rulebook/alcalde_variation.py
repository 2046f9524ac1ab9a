"""Alcalde Variation, as Carlos García and his sister learned it in the 1960s (seed 001).

Alcalde with three changes: the Alcalde holds four cards (not six) and plays
one card a trick like everybody else; the partners do not see each other's
hands; and the Alcalde's last card, left over when the partners' hands are
empty, is his "automatic trick".  Thirteen tricks of three cards plus that
card use the 40-card pack.  The Alcalde wins with 31 card points or more.
"""

from __future__ import annotations

from dataclasses import replace

from .. import cards as C
from .. import spanish
from ..cards import Card
from ..core import GameSpec, Reading
from ..scoring import names_and
from ..tricks import Trick, TrickGameState
from . import alcalde
from .alcalde import AlcaldeState
from .briscas import EXCHANGE_OPTION, BriscasBot

#: The Alcalde wins a deal with at least this many card points.
ALCALDE_TARGET = 31

INFO = replace(
    alcalde.INFO,
    id="alcalde-variation",
    name="Alcalde Variation",
    summary="Alcalde with four cards for the Alcalde, one card each to a trick, hidden hands, and a last "
            "card the Alcalde keeps as a free trick; 31 points win.",
    house_rule="As Carlos García learned it: the Alcalde holds four cards and keeps his last one as an "
               "automatic trick; 31 card points win.",
    standard_rule="No published standard rules; compare the original Alcalde (six cards, two played to each "
                  "trick, partners' hands open).",
    source="José's page of Spanish-pack games from Puerto Rico; the variation comes from Carlos García.",
    short_rules=(
        "Three players: the Alcalde alone against two partners, who do not see each other's cards.",
        "The first Alcalde is chosen at random; the Alcalde deals.",
        "Deal to the right: three cards each one at a time, then a fourth card to the Alcalde.",
        "Trump card under the stock as in Briscas; the Alcalde's right leads; no need to follow suit.",
        "One card each to a trick. Highest trump wins, else the highest card of the suit led.",
        "The winner draws first, then the others to the right; the last card drawn is the trump card.",
        "After 13 tricks the Alcalde's one remaining card is his automatic trick.",
        "The Alcalde wins the deal with 31 card points or more; otherwise the partners win.",
        "The Alcalde keeps the role while he wins; when he loses, the player on his right takes over.",
    ),
    readings=(
        Reading("Where the original Alcalde says players need not follow suit (asistir), the variation "
                "puts the word arrastrar, which means leading to force the others to follow.",
                "That would contradict its own sentence (\"not required to follow suit\"), so we read it as "
                "the same free play as Briscas."),
        Reading("What is the Alcalde's \"automatic trick\"?",
                "His last card is added to his won cards; it is not one of the thirteen tricks."),
        Reading("The page says only who plays the Alcalde next; how does a sitting end?",
                "As in Alcalde: an agreed number of deals, each deal giving one game to each winner."),
    ),
)

OPTIONS = (EXCHANGE_OPTION, spanish.PACK_OPTION, alcalde.DEALS_OPTION)


class AlcaldeVariationState(AlcaldeState):
    ALCALDE_PLAYS = 1

    def deal_hands(self, cards: list[Card]) -> list[Card]:
        rest = self.deal(cards, each=3)
        return self.deal(rest, each=1, seats=[self.alcalde])

    def deal_text(self) -> str:
        name = self.names[self.alcalde]
        chosen = f"{name} is chosen at random to be the first Alcalde. " if self.hand_no == 1 else ""
        return (f"{chosen}{self.deal_label()}: {name}, the Alcalde, deals three cards to each player one at a "
                f"time, going to the right, and a fourth card to himself.")

    def next_to_play(self, seat: int) -> int:
        return TrickGameState.next_to_play(self, seat)

    def hand_visible(self, seat: int, player: int | None) -> bool:
        return False

    def trick_done(self, winner: int, trick: Trick) -> None:
        super().trick_done(winner, trick)
        if self.upcard is None and not any(self.hands[s] for s in self.partners()):
            kept = C.cards_in(self.hands[self.alcalde])
            self.hands[self.alcalde] = 0
            self.won[self.alcalde] |= C.mask_of(kept)
            shown = ", ".join(C.short(c) for c in kept)
            self.say(f"{self.names[self.alcalde]}, the Alcalde, keeps his last card, {shown}, as his automatic "
                     f"trick.", kind="trick")

    def alcalde_result(self, alcalde_points: int, partner_points: int) -> str:
        return "win" if alcalde_points >= ALCALDE_TARGET else "lose"

    def result_text(self, result: str, alcalde_points: int) -> str:
        name = self.names[self.alcalde]
        if result == "win":
            return f"{name}, the Alcalde, has {ALCALDE_TARGET} or more and wins the deal"
        partners = names_and([self.names[s] for s in self.partners()])
        return f"{partners} defeat the Alcalde, who needed {ALCALDE_TARGET}"


SPEC = GameSpec(info=INFO, options=OPTIONS, state=AlcaldeVariationState, rule_bot=BriscasBot)
