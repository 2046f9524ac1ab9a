"""Alcalde, the Briscas of three taught by José's father (seed 001).

One player, the Alcalde (the mayor), plays alone against the other two, who
are partners and may look at each other's hands.  The Alcalde deals: three
cards to each partner one at a time to the right, and two at a time to
himself, six in all.  The trump card, the stock, the free play (no need to
follow suit) and the draw are those of Briscas — except that the Alcalde
plays two cards to every trick and draws two cards each time.  Ten tricks of
four cards use up the 40-card pack.  The Alcalde wins a deal with more card
points than the partners together; if he wins or draws he stays Alcalde and
deals again, otherwise the player on his right takes over.

The engine plays a session of deals (option ``deals``): every player on the
winning side of a deal scores one game; the most games wins.
"""

from __future__ import annotations

from typing import Any

from .. import spanish
from ..cards import Card, Pack
from ..core import GameInfo, GameSpec, Option, Reading
from ..scoring import names_and
from .briscas import EXCHANGE_OPTION, BriscasBot, BriscasState

INFO = GameInfo(
    id="alcalde",
    name="Alcalde",
    family="Point-trick (Spanish pack)",
    players=(3,),
    pack="40-card Spanish pack (or a 52-card pack without 8s, 9s and 10s)",
    min_age=8,
    skill="Medium",
    length_note="a deal",
    kinds=("trick-taking", "point-trick"), deck="spanish40", minutes=(10, 10),
    summary="Briscas for three: the Alcalde holds six cards and plays two to every trick against two "
            "partners who may see each other's hands.",
    house_rule="The partners may show each other their cards; the Alcalde keeps the role while he wins or "
               "draws, and the trump-card exchange is as in Briscas if agreed.",
    standard_rule="No published standard rules; as an option the partners keep their hands hidden, as in the "
                  "Alcalde Variation.",
    source="José's page of Spanish-pack games from Puerto Rico (the game his father taught him).",
    short_rules=(
        "Three players: the Alcalde alone against two partners, who may see each other's cards.",
        "The first Alcalde is chosen at random; the Alcalde deals.",
        "Deal to the right: three cards to each partner one at a time, six to the Alcalde two at a time.",
        "Trump card under the stock as in Briscas; the Alcalde's right leads; no need to follow suit.",
        "The Alcalde plays two cards each turn: a trick has four cards. Highest trump, else highest of the suit led.",
        "The winner draws first, then the others to the right; the Alcalde draws two cards at a time.",
        "Ten tricks. The side with more card points (of 120) wins the deal; 60-60 is a draw.",
        "The Alcalde keeps the role while he wins or draws; when he loses, the player on his right takes over.",
        "Scored here as games won: one to each winner of a deal; most games after the agreed deals wins.",
    ),
    readings=(
        Reading("When the Alcalde leads his two cards, which suit is led?",
                "The suit of his first card."),
        Reading("The partners may see each other's cards \"if they wish\".",
                "They do by default; hiding them, as in the Alcalde Variation, is an option.",
                "partners", "hidden"),
        Reading("The page says only who plays the Alcalde next; how does a sitting end?",
                "After an agreed number of deals, each deal giving one game to each winner; most games "
                "wins."),
    ),
)

PARTNERS_OPTION = Option(
    "partners", "open", "Whether the two partners see each other's cards.",
    choices={"open": "they may look at each other's hands if they wish (José's page)",
             "hidden": "each partner's hand stays hidden, as in the Alcalde Variation"})

DEALS_OPTION = Option(
    "deals", 6, "How many deals make a session; each deal gives one game to every player who wins it.",
    choices={1: "one deal", 3: "three deals", 6: "six deals", 9: "nine deals"})

OPTIONS = (PARTNERS_OPTION, EXCHANGE_OPTION, spanish.PACK_OPTION, DEALS_OPTION)


class AlcaldeState(BriscasState):
    """The Alcalde is always the dealer; the two other seats are the partners."""

    #: Cards the Alcalde plays to each trick and draws each time.
    ALCALDE_PLAYS = 2

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> Pack:
        return spanish.pack_for(options)

    def setup(self) -> None:
        self.alcalde_stays = True
        super().setup()

    @property
    def alcalde(self) -> int:
        return self.dealer

    def partners(self) -> tuple[int, ...]:
        return tuple(s for s in self.seats_from(self.next_seat(self.alcalde)) if s != self.alcalde)

    def sides(self) -> list[tuple[int, ...]]:
        return [(self.alcalde,), self.partners()]

    def side_names(self) -> list[str]:
        return [f"{self.names[self.alcalde]} (the Alcalde)", names_and([self.names[s] for s in self.partners()])]

    # -- a column per player: games won
    def score_columns(self) -> list[str]:
        return list(self.names)

    def column_seats(self, column: int) -> tuple[int, ...]:
        return (column,)

    def score_note(self) -> str:
        return ("Each deal gives one game to every player on the winning side (their card points in "
                "brackets); a drawn deal gives none. Most games at the end wins.")

    # -- the deal
    def next_dealer(self) -> int:
        """The Alcalde deals again after winning or drawing; otherwise the player on his right."""
        return self.dealer if self.alcalde_stays else self.next_seat(self.dealer)

    def deal_hands(self, cards: list[Card]) -> list[Card]:
        rest = list(cards)
        for _ in range(3):
            rest = self.deal(rest, each=1, seats=self.partners())
            rest = self.deal(rest, each=2, packets=(2,), seats=[self.alcalde])
        return rest

    def deal_text(self) -> str:
        name = self.names[self.alcalde]
        chosen = f"{name} is chosen at random to be the first Alcalde. " if self.hand_no == 1 else ""
        return (f"{chosen}{self.deal_label()}: {name}, the Alcalde, deals three cards to each partner one at a "
                f"time and six to himself two at a time, going to the right.")

    def draw_count(self, seat: int) -> int:
        return self.ALCALDE_PLAYS if seat == self.alcalde else 1

    # -- the Alcalde's two cards a trick
    def trick_size(self) -> int:
        return self.table_size - 1 + self.ALCALDE_PLAYS

    def next_to_play(self, seat: int) -> int:
        if seat == self.alcalde and sum(1 for s, _ in self.trick.plays if s == seat) < self.ALCALDE_PLAYS:
            return seat
        return super().next_to_play(seat)

    # -- the partners' open hands
    def hand_visible(self, seat: int, player: int | None) -> bool:
        partners = self.partners()
        return self.options.get("partners") == "open" and seat in partners and player in partners

    # -- the result of a deal and of the session
    def alcalde_result(self, alcalde_points: int, partner_points: int) -> str:
        """"win", "draw" or "lose" for the Alcalde."""
        if alcalde_points > partner_points:
            return "win"
        return "draw" if alcalde_points == partner_points else "lose"

    def result_text(self, result: str, alcalde_points: int) -> str:
        name = self.names[self.alcalde]
        return {"win": f"{name}, the Alcalde, wins the deal",
                "draw": "The deal is drawn",
                "lose": f"{names_and([self.names[s] for s in self.partners()])} defeat the Alcalde"}[result]

    def hand_done(self) -> None:
        alcalde, partners = self.alcalde, self.partners()
        points = [self.seat_points(s) for s in range(self.n)]
        mine = points[alcalde]
        theirs = sum(points[s] for s in partners)
        result = self.alcalde_result(mine, theirs)
        self.say(f"Card points: {self.names[alcalde]} (the Alcalde) {mine}, "
                 f"{names_and([self.names[s] for s in partners])} {theirs}. "
                 f"{self.result_text(result, mine)}.", kind="score")
        winners = {"win": (alcalde,), "draw": (), "lose": partners}[result]
        games = [1 if s in winners else 0 for s in range(self.n)]
        side_points = {s: mine if s == alcalde else theirs for s in range(self.n)}
        shown = [f"{g} ({side_points[s]})" for s, g in enumerate(games)]
        self.alcalde_stays = result != "lose"
        if not self.match_over():
            nxt = self.next_dealer()
            self.say(f"{self.names[nxt]} {'stays' if nxt == alcalde else 'becomes'} the Alcalde and deals next.",
                     kind="score")
        self.score_hand(games, shown, label=f"Deal {self.hand_no} ({self.names[alcalde]} Alcalde)")

    def deal_label(self) -> str:
        return f"Deal {self.hand_no}"

    def finish(self) -> None:
        totals = self.sheet.totals
        best = max(totals)
        winners = tuple(s for s in range(self.n) if totals[s] == best)
        detail = ", ".join(f"{self.names[s]} {totals[s]}" for s in range(self.n))
        games = "game" if best == 1 else "games"
        if len(winners) > 1:
            text = f"A tie: {names_and([self.names[s] for s in winners])} share the win with {best} {games} each ({detail})."
        else:
            text = f"{self.names[winners[0]]} wins with {best} {games} ({detail})."
        self.end(winners, text)

    # -- what the reader sees
    def seat_role(self, seat: int) -> str:
        return "Alcalde, dealer" if seat == self.alcalde else "partner"

    def _view(self, player: int | None) -> dict[str, Any]:
        view = super()._view(player)
        view["status"] = f"Alcalde: {self.names[self.alcalde]}. " + view["status"]
        return view

    def prompt(self) -> str:
        if self.phase == "play" and self.turn == self.alcalde:
            played = sum(1 for s, _ in self.trick.plays if s == self.alcalde)
            name = self.names[self.turn]
            if played:
                return f"{name} (the Alcalde): play your second card to this trick."
            verb = "lead" if not self.trick.plays else "play"
            return f"{name} (the Alcalde) to {verb}: two cards this turn."
        return super().prompt()


SPEC = GameSpec(info=INFO, options=OPTIONS, state=AlcaldeState, rule_bot=BriscasBot)
