"""Tëtka (seed 004): a Russian trick-avoiding game whose penalties change every hand.

Four players, thirteen cards each.  The last card dealt goes to the dealer and is
shown to everyone: this *bum card* fixes what costs points in the hand.

* taking the bum card: 1 point;
* taking Tëtka ("auntie"), the queen of the bum card's suit: 2 points;
* taking any other queen: 1 point each;
* winning the trick whose number is the bum card's rank (ace 1, 2–10, jack 11,
  queen 12, king 13): 1 point;
* winning the thirteenth, last trick: 1 point;
* having won the most tricks at the end of the hand: 1 point.  A tie goes to
  the tied player who took more cards of the bum card's suit, then to the one
  who took the highest card of that suit.  Tied players who took no card of that
  suit at all cannot be told apart: each of them takes the point (our reading).

When the bum card is itself a queen it is Tëtka too, and whoever takes it pays
both: 3 points (our reading: both rules apply to the card).  Play is plain
follow-suit, no trumps, aces high.  After four hands — one deal each, or more
orbits by agreement — the lowest total wins; equal lowest totals share the win.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, QUEEN, Card, Mask
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import FixedDeals, MatchScoring, names_and, plural
from ..tricks import NO_TRUMPS, Trick, TrickGameState

HAND_SIZE = 13
QUEENS: Mask = C.mask_of(C.make_card(s, QUEEN) for s in C.FRENCH_SUITS)

INFO = GameInfo(
    id="tetka",
    name="Tëtka",
    family="Trick-avoiding",
    players=(4,),
    pack="52 cards",
    min_age=9,
    skill="Medium",
    length_note="(four hands)",
    kinds=("trick-avoiding",), deck="french52", minutes=(20, 30),
    summary="Dodge the queens, the bum card and the unlucky tricks — the last card dealt decides which.",
    house_rule="Four hands, one deal each; the lowest total wins.",
    standard_rule="Players may agree to play more orbits of four hands.",
    source="A playing-card maker's rules article.",
    short_rules=(
        "4 players, 13 cards each; the last card dealt (the dealer's) is the bum card, shown to all.",
        "Eldest leads; follow suit if you can; no trumps; highest card of the suit led wins.",
        "Penalties: bum card 1; Tëtka (queen of the bum suit) 2; each other queen 1.",
        "The trick numbered by the bum card's rank (A=1 … J=11, Q=12, K=13) costs 1; the last trick 1.",
        "Most tricks 1 (tie: most cards of the bum suit, then highest card of it).",
        "Four hands (or agreed orbits); lowest total wins; the deal passes left.",
    ),
    readings=(
        Reading("A queen as bum card is also Tëtka: does it cost both penalties?",
                "Yes: the article lists the bum card and Tëtka as two penalties, so that queen costs 3 "
                "points (and the hand still hands out nine)."),
        Reading("A tie for most tricks that the article's tie-breaks cannot settle (none of the tied "
                "players took a card of the bum card's suit).",
                "Each of the tied players pays the point, since they all took \"the most\"."),
        Reading("Equal lowest totals at the end.",
                "A shared win."),
        Reading("How is the first dealer chosen?",
                "At random."),
    ),
)

OPTIONS = (
    Option("orbits", 1, "How many times the deal goes round the table (four hands an orbit).",
           minimum=1, maximum=5, standard=1),
)


def trick_number(bum: Card) -> int:
    """The trick the bum card's rank names: ace the first, 2–10 their number, J 11, Q 12, K 13."""
    rank = C.rank_of(bum)
    return 1 if rank == ACE else rank


def tetka_of(bum: Card) -> Card:
    """Tëtka: the queen of the bum card's suit."""
    return C.make_card(C.suit_of(bum), QUEEN)


def most_tricks_losers(tricks: list[int], won: list[Mask], bum: Card) -> list[int]:
    """Who pays the point for the most tricks: the most tricks, then most cards of the bum
    suit, then the highest card of it; tied players who hold none of the suit all pay."""
    best = max(tricks)
    tied = [s for s, t in enumerate(tricks) if t == best]
    suit_mask = C.SUIT_MASKS[C.suit_of(bum)]
    if len(tied) > 1:
        most = max(C.count(won[s] & suit_mask) for s in tied)
        tied = [s for s in tied if C.count(won[s] & suit_mask) == most]
    if len(tied) > 1 and most > 0:
        top = max(max(C.rank_of(c) for c in C.cards_in(won[s] & suit_mask)) for s in tied)
        tied = [s for s in tied if any(C.rank_of(c) == top for c in C.cards_in(won[s] & suit_mask))]
    return tied


class TetkaState(MatchScoring, TrickGameState):
    """Four players, each for themselves: South, West, North, East, clockwise."""

    #: A quiz judges a card by who takes the trick and the penalty points in it (parlour.choices).
    points_are_penalties = True

    def setup(self) -> None:
        self.hands_in_game = 4 * self.options["orbits"]
        self.match_end = FixedDeals(self.hands_in_game, low_wins=True)
        self.sheet = ScoreSheet(list(self.names),
                                note=f"Lowest total after {self.hands_in_game} hands wins.")
        super().setup()

    # -- the deal
    def start_hand(self) -> None:
        self.next_hand()
        pack = self.shuffled_pack()
        self.bum = pack[-1]
        self.deal(pack)
        self.tetka = tetka_of(self.bum)
        self.unlucky = trick_number(self.bum)
        self.rules = NO_TRUMPS
        self.paid: list[list[str]] = [[] for _ in range(self.n)]
        #: Points for winning the bum card's numbered trick and the last trick, per seat.
        self.trick_points = [0] * self.n
        self.say(f"Hand {self.hand_no} of {self.hands_in_game}: {self.names[self.dealer]} deals "
                 f"13 cards each. The last card, the dealer's, is turned up: the bum card is "
                 f"{C.short(self.bum)}.", kind="deal")
        self.say(f"Tëtka is {C.short(self.tetka)}; trick {self.unlucky} and trick 13 each cost "
                 f"a point.", kind="info")
        self.start_play(self.next_seat(self.dealer))

    # -- penalties
    point_tricks = True  # the summary walks through the penalty cards each player took
    point_card_noun = "penalty card"

    def point_extras(self) -> list[tuple[int, tuple[str, tuple[Card, ...], int]]]:
        """The tricks that cost a point (the one the bum card names, the last) and most tricks."""
        extras = [(seat, ("the named trick or the last trick", (), points))
                  for seat, points in enumerate(self.trick_points) if points]
        extras += [(seat, ("the most tricks", (), 1)) for seat in most_tricks_losers(self.tricks_won, self.won, self.bum)]
        return extras

    def card_points(self, card: Card) -> int:
        points = 1 if card == self.bum else 0
        if card == self.tetka:
            points += 2
        elif QUEENS >> card & 1:
            points += 1
        return points

    def trick_done(self, winner: int, trick: Trick) -> None:
        number = len(self.tricks_played)
        costs = []
        for card in trick.cards:
            if card == self.bum == self.tetka:
                costs.append(f"the bum card {C.short(card)}, which is also Tëtka (3)")
            elif card == self.bum:
                costs.append(f"the bum card {C.short(card)} (1)")
            elif card == self.tetka:
                costs.append(f"Tëtka {C.short(card)} (2)")
            elif QUEENS >> card & 1:
                costs.append(f"the queen {C.short(card)} (1)")
        if number == self.unlucky:
            costs.append(f"trick {number}, named by the bum card (1)")
            self.trick_points[winner] += 1
        if number == HAND_SIZE:
            costs.append("the last trick (1)")
            self.trick_points[winner] += 1
        if costs:
            self.paid[winner] += costs
            self.say(f"{self.names[winner]} takes {names_and(costs)}.", kind="info")

    def hand_points(self) -> list[int]:
        points = [sum(self.card_points(c) for c in C.cards_in(self.won[s])) + self.trick_points[s]
                  for s in range(self.n)]
        for seat in most_tricks_losers(self.tricks_won, self.won, self.bum):
            points[seat] += 1
        return points

    def hand_done(self) -> None:
        #: The finished hand's tricks, won cards and bum card (the next deal replaces them).
        self.last_hand = (list(self.tricks_won), list(self.won), self.bum)
        losers = most_tricks_losers(self.tricks_won, self.won, self.bum)
        most = self.tricks_won[losers[0]]
        tied = [s for s in range(self.n) if self.tricks_won[s] == most]
        who = names_and([self.names[s] for s in losers])
        if len(tied) == 1:
            self.say(f"{who} took the most tricks ({most}): 1 point.", kind="score")
        elif len(losers) == 1:
            suit = C.suit_of(self.bum)
            counts = [C.count(self.won[s] & C.SUIT_MASKS[suit]) for s in tied]
            if counts.count(max(counts)) == 1:
                why = f"took the most {C.SUIT_NAME[suit]}"
            else:
                top = max(C.cards_in(self.won[losers[0]] & C.SUIT_MASKS[suit]), key=C.rank_of)
                why = f"took the highest {C.SUIT_SINGULAR[suit]}, {C.short(top)}"
            self.say(f"{names_and([self.names[s] for s in tied])} tie on {plural(most, 'trick')}; {who} {why} "
                     f"and pays the point.", kind="score")
        else:
            self.say(f"{names_and([self.names[s] for s in tied])} tie on {plural(most, 'trick')} and cannot be "
                     f"separated by {C.SUIT_NAME[C.suit_of(self.bum)]}: {who} each pay 1 point.",
                     kind="score")
        points = self.hand_points()
        summary = ", ".join(f"{self.names[s]} {points[s]}" for s in range(self.n))
        self.say(f"Points this hand: {summary}.", kind="score")
        self.score_hand(points)

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        trick_no = len(self.tricks_played) + 1
        verb = "lead" if not self.trick.plays else "play"
        return f"{name} to {verb} to trick {trick_no} (bum card {C.short(self.bum)})."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            info = plural(self.tricks_won[s], "trick")
            if self.paid[s]:
                info += f", took {len(self.paid[s])} penalt{'y' if len(self.paid[s]) == 1 else 'ies'}"
            seats.append(self.seat_view(s, player, self.hands[s],
                                        role="dealer" if s == self.dealer else "", info=info))
        where = ("in the dealer's hand" if self.hands[self.dealer] >> self.bum & 1 else "played")
        centre = [{"kind": "cards", "label": f"Bum card ({where})", "cards": [C.code(self.bum)]}]
        trick_no = min(len(self.tricks_played) + 1, HAND_SIZE)
        status = (f"Hand {self.hand_no} of {self.hands_in_game}. Tëtka {C.short(self.tetka)} costs 2, "
                  f"other queens and the bum card 1; trick {self.unlucky} and trick 13 cost 1; "
                  f"now trick {trick_no}.")
        return self.table_view(seats, centre, status)


class TetkaBot(RuleBot):
    """Ducks under the winning card, sheds queens and high cards when void, avoids costly tricks."""

    def choose(self, state: TetkaState) -> Action:  # type: ignore[override]
        cards = [state.pack.card(a) for a in state.legal_actions()]
        return self.play(state, cards)

    def danger(self, state: TetkaState, card: Card) -> int:
        return 20 * state.card_points(card) + C.rank_of(card)

    def play(self, state: TetkaState, cards: list[Card]) -> Action:
        trick = state.trick
        if not trick.plays:
            safe = [c for c in cards if not state.card_points(c)]
            card = min(safe or cards, key=lambda c: (C.rank_of(c), C.suit_of(c)))
            if safe:
                return self.because(C.code(card), f"leads the {C.short(card)}, its lowest card that costs "
                                                  f"nothing, hoping someone else takes the trick")
            return self.because(C.code(card), f"leads its lowest card, the {C.short(card)}: every card it "
                                              f"holds costs a point")
        led = C.suit_of(trick.plays[0][1])
        following = [c for c in cards if C.suit_of(c) == led]
        if not following:
            card = max(cards, key=lambda c: self.danger(state, c))
            void = f"has no {C.SUIT_NAME[led]}, so"
            cost = state.card_points(card)
            if cost:
                what = ("Tëtka, the " if card == state.tetka else "the bum card, the " if card == state.bum
                        else "the ") + C.short(card)
                return self.because(C.code(card), f"{void} unloads {what}, which costs {cost} "
                                                  f"point{'s' if cost > 1 else ''} to whoever takes it")
            return self.because(C.code(card), f"{void} throws away its highest card, the {C.short(card)}, "
                                              f"before it can win a trick")
        top = max((c for c in trick.cards if C.suit_of(c) == led), key=C.rank_of)
        under = [c for c in following if C.rank_of(c) < C.rank_of(top)]
        if under:
            card = max(under, key=lambda c: (C.rank_of(c), -state.card_points(c)))
            return self.because(C.code(card), f"ducks under the {C.short(top)} with the {C.short(card)}, "
                                              f"its highest card that loses the trick")
        if len(trick.plays) == state.n - 1:
            # The trick is ours anyway: win it with the highest card that costs nothing itself.
            free = [c for c in following if not state.card_points(c)]
            card = max(free or following, key=C.rank_of)
            if free:
                return self.because(C.code(card), f"must take the trick anyway, so wins it with the "
                                                  f"{C.short(card)}, its highest card that costs nothing")
            return self.because(C.code(card), f"must take the trick anyway, and every "
                                              f"{C.SUIT_SINGULAR[led]} it holds costs a point: plays the "
                                              f"{C.short(card)}")
        card = min(following, key=C.rank_of)
        return self.because(C.code(card), f"cannot duck under the {C.short(top)}, so plays its lowest "
                                          f"{C.SUIT_SINGULAR[led]}, hoping a later player beats it")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TetkaState, rule_bot=TetkaBot)
