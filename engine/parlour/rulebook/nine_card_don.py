"""Nine-Card Don (Don, Welsh Don), as a playing-card maker's article describes it.

Option ``cards: 13`` plays the thirteen-card Don the article says is still
played in Ireland: the whole pack is dealt, thirteen tricks a hand, and
everything else as in the nine-card game.

Four players in partnerships (South–North against West–East), nine cards
each from a 52-card pack; the other sixteen are not used.  The player on the
dealer's left is the *pitcher*: the suit of the first card they lead is
trumps.  Their partner may not look at their own cards until that card is
down.  Follow suit if able; the highest trump or the highest card of the suit
led wins.

Points are scored the moment a trick is taken: in trumps the 5 (10), 9 (9),
ace (4), king (3), queen (2) and jack (1); every other five 5.  After the
ninth trick each side counts its cards for *game* (A 4, K 3, Q 2, J 1,
10 10 in every suit) and the higher count scores 8.  The first side to reach
121 wins on the spot, in the middle of a hand if need be.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, JACK, KING, QUEEN, Card, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, MatchScoring, Target, plural, team_names, team_of
from ..tricks import NO_TRUMPS, Trick, TrickGameState, TrickRules, taking_verb

TEAMS = PARTNERS_4
#: Points for trumps, scored as soon as the trick holding them is taken.
TRUMP_POINTS = {5: 10, 9: 9, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
#: Points for each five that is not a trump.
PLAIN_FIVE = 5
#: Card values for "game", in every suit.
GAME_VALUES = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, 10: 10}
GAME_POINTS = 8
WORDS = {9: "nine", 13: "thirteen"}

INFO = GameInfo(
    id="nine-card-don",
    name="Nine-Card Don",
    family="All Fours (point-trick)",
    players=(4,),
    pack="52 cards (36 used each hand; all 52 in the Irish game)",
    min_age=10,
    skill="Medium",
    kinds=("trick-taking", "point-trick"), deck="french52", minutes=(30, 45),
    summary="Partners chase the five and nine of trumps; the first card led makes trumps.",
    house_rule="The article's game: the pitcher's first lead makes trumps, card points scored as tricks are "
               "taken, 8 for game, first to 121 wins at once.",
    standard_rule="The same game on Pagat; some players agree a shorter game to 91; in Ireland thirteen "
                  "cards each.",
    source="A playing-card maker's rules article; Pagat's Nine Card Don for comparison.",
    short_rules=(
        "Four players, partners opposite; nine cards each, the other sixteen are not used.",
        "The player at the dealer's left (the pitcher) leads first: that card's suit is trumps.",
        "The pitcher's partner may not look at their cards until the first card is led.",
        "Follow suit if you can; otherwise play anything. Highest trump, else highest of the suit led, wins.",
        "As a trick is taken its trumps score: 5 = 10, 9 = 9, A = 4, K = 3, Q = 2, J = 1; "
        "any other five scores 5.",
        "After nine tricks: game count A 4, K 3, Q 2, J 1, 10 = 10 in all suits; the higher count scores 8 "
        "(nothing on a tie).",
        "The deal passes left: the pitcher becomes the next dealer.",
        "The first side to reach 121 wins at once, even in the middle of a hand.",
        "Option cards=13: the Irish game, the whole pack dealt, thirteen each.",
    ),
    readings=(
        Reading("How are the nine cards dealt?",
                "One at a time; the sixteen left over stay face down and out of play. The first pitcher "
                "is chosen at random."),
        Reading("The article says a thirteen-card Don is still played in Ireland, but not how.",
                "The whole pack is dealt, thirteen each and thirteen tricks, and everything else is as in "
                "the nine-card game.",
                "cards", 13),
        Reading("The article plays to 121; is a shorter game allowed?",
                "Not by default; some groups agree on 91, offered as an option.",
                "target", 91),
        Reading("Play stops the moment a side reaches 121. What of the trick in which it happens?",
                "The trick's points all count; the hand is not finished, and the score sheet marks it "
                "\"stopped\"."),
    ),
)

OPTIONS = (
    Option("target", 121, "The score that wins the game the moment a side reaches it.",
           choices={121: "121, twice round a cribbage board (the article's game)",
                    91: "91, a shorter game some players agree on"}),
    Option("cards", 9, "How many cards each player is dealt.",
           choices={9: "nine, the other sixteen unused (Nine-Card Don)",
                    13: "thirteen, the whole pack (the Irish game)"}),
)


def card_points(card: Card, trump: Suit | None) -> int:
    """Points a card scores when its trick is taken (with ``trump`` as the trump suit)."""
    rank = C.rank_of(card)
    if trump is not None and C.suit_of(card) == trump:
        return TRUMP_POINTS.get(rank, 0)
    return PLAIN_FIVE if rank == 5 else 0


def game_count(won: int) -> int:
    """The cards' value for game: A 4, K 3, Q 2, J 1, 10 ten, in every suit."""
    return sum(GAME_VALUES.get(C.rank_of(c), 0) for c in C.cards_in(won))


class NineCardDonState(MatchScoring, TrickGameState):
    # A quiz judges a card by who takes the trick and the points in it (parlour.choices).
    def setup(self) -> None:
        self.match_end = Target(self.options["target"])
        self.team_labels = team_names(self.names, TEAMS)
        self.sheet = ScoreSheet(list(self.team_labels),
                                note=f"The first side to reach {self.match_end.points} wins at once.")
        self.stock: list[Card] = []
        super().setup()

    # -- a hand
    def start_hand(self) -> None:
        if self.hand_no > 0:
            self.dealer = self.pitcher  # the deal passes left: the last pitcher deals
        self.new_hand_state()
        size = self.options["cards"]
        self.stock = self.deal(self.shuffled_pack(), each=size)
        self.pitcher = self.next_seat(self.dealer)
        self.trump: Suit | None = None
        self.hand_points = [0, 0]
        self.rules = NO_TRUMPS
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals {WORDS[size]} cards to each player; "
                 f"{self.names[self.pitcher]} is the pitcher.", kind="deal")
        self.start_play(self.pitcher)

    def other_cards(self) -> list[Card]:
        return list(self.stock)

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def card_played(self, seat: int, card: Card) -> None:
        if self.trump is None:
            self.trump = C.suit_of(card)
            self.rules = TrickRules(trump=self.trump)
            self.say(f"{C.SUIT_NAME[self.trump].capitalize()} are trumps. "
                     f"{self.names[self.partner(seat)]} may now look at their cards.", kind="trump")

    # -- scoring as the tricks are taken
    point_tricks = True  # the summary walks through the counting cards each side took

    def card_points(self, card: Card) -> int:
        return card_points(card, self.trump)

    def point_extras(self) -> list[tuple[int, tuple[str, tuple[Card, ...], int]]]:
        """Game: 8 for the side whose taken cards count more (tens 10, aces 4, kings 3…); none on a tie."""
        counts = [sum(game_count(self.won[s]) for s in seats) for seats in TEAMS]
        if any(self.hands) or counts[0] == counts[1]:  # a hand stopped at the target never counts game
            return []
        best = 0 if counts[0] > counts[1] else 1
        return [(best, (f"game ({counts[best]} against {counts[1 - best]})", (), GAME_POINTS))]

    def trick_done(self, winner: int, trick: Trick) -> None:
        team = team_of(winner, TEAMS)
        scoring = [(c, card_points(c, self.trump)) for c in trick.cards]
        scoring = [(c, p) for c, p in scoring if p]
        if not scoring:
            return
        points = sum(p for _, p in scoring)
        self.hand_points[team] += points
        detail = ", ".join(f"{C.short(c)} {p}" for c, p in scoring)
        self.say(f"{self.team_labels[team]} score {points} ({detail}).", kind="score")
        self.award(team, points)

    def hand_done(self) -> None:
        counts = [sum(game_count(self.won[s]) for s in seats) for seats in TEAMS]
        text = " against ".join(f"{self.team_labels[t]} {counts[t]}" for t in range(len(TEAMS)))
        if counts[0] == counts[1]:
            self.say(f"Game count: {text}. A tie: nobody scores for game.", kind="score")
        else:
            best = 0 if counts[0] > counts[1] else 1
            self.hand_points[best] += GAME_POINTS
            self.say(f"Game count: {text}. {self.team_labels[best]} score {GAME_POINTS} for game.",
                     kind="score")
            # The hand is over anyway: the game points go on its row, then the usual end-of-hand check.
            self.sheet.credit(self.hand_label(), best, GAME_POINTS)
        self.end_hand()

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column]

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.trump is None:
            return f"{name}: pitch — the suit of the card you lead will be trumps."
        return f"{name} to {'lead' if not self.trick.plays else 'play'}."

    def status(self) -> str:
        if self.trump is None:
            trumps = f"Waiting for {self.names[self.pitcher]}'s pitch"
        else:
            trumps = f"Trumps: {C.SUIT_NAME[self.trump]} (pitched by {self.names[self.pitcher]})"
        live = self.sheet.totals
        if self.is_over:
            return f"{trumps}. Final score: " + ", ".join(
                f"{self.team_labels[t]} {live[t]}" for t in range(len(TEAMS))) + "."
        score = ", ".join(f"{self.team_labels[t]} {live[t]} ({self.hand_points[t]} this hand)"
                          for t in range(len(TEAMS)))
        return f"{trumps}. Score: {score}."

    def hidden_from_owner(self, seat: int) -> bool:
        """The pitcher's partner may not look at their cards before the first lead."""
        return self.trump is None and seat == self.partner(self.pitcher) and not self.is_over

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            role = "dealer" if s == self.dealer else "pitcher" if s == self.pitcher else ""
            entry = self.seat_view(s, player, self.hands[s], role=role, info=plural(self.tricks_won[s], "trick"))
            if player == s and self.hidden_from_owner(s):
                entry["hand"] = None
                entry["info"] = "may not look at these cards until the first card is led"
            seats.append(entry)
        centre = [{"kind": "cards", "label": "Not used this hand", "hidden": len(self.stock)}] if self.stock else []
        return self.table_view(seats, centre, self.status())


class NineCardDonBot(RuleBot):
    """Pitches its strongest suit, takes tricks worth points, and feeds points to a partner's trick."""

    def choose(self, state: NineCardDonState) -> Action:  # type: ignore[override]
        cards = [state.pack.card(a) for a in state.legal_actions()]
        if state.trump is None:
            return self.pitch(cards)
        return self.play(state, cards)

    def pitch(self, cards: list[Card]) -> Action:
        def strength(suit: Suit) -> int:
            mine = [C.rank_of(c) for c in cards if C.suit_of(c) == suit]
            return 3 * len(mine) + sum(r for r in mine if r >= JACK) + (6 if 5 in mine else 0) + (
                4 if 9 in mine else 0)
        suit = max({C.suit_of(c) for c in cards}, key=lambda s: (strength(s), s))
        suited = [c for c in cards if C.suit_of(c) == suit]
        card = max(suited, key=C.rank_of)
        scorers = [C.short(c) for c in sorted(suited, key=C.rank_of, reverse=True) if C.rank_of(c) in (5, 9)]
        with_ = f", with the {' and the '.join(scorers)}" if scorers else ""
        return self.because(C.code(card), f"pitches the {C.short(card)} to make {C.SUIT_NAME[suit]} trumps: "
                                          f"its strongest suit, {len(suited)} card{'s' if len(suited) > 1 else ''}{with_}")

    def play(self, state: NineCardDonState, cards: list[Card]) -> Action:
        rules, trick, trump = state.rules, state.trick, state.trump
        assert trump is not None
        worth = lambda c: card_points(c, trump) * 2 + GAME_VALUES.get(C.rank_of(c), 0)  # noqa: E731
        if not trick.plays:
            top_trumps = [c for c in cards if C.suit_of(c) == trump and C.rank_of(c) >= KING]
            if top_trumps:
                card = max(top_trumps, key=C.rank_of)
                return self.because(C.code(card), f"leads the {C.short(card)}, a top trump, to draw out "
                                                  f"the others' trumps")
            aces = [c for c in cards if C.rank_of(c) == ACE]
            if aces:
                return self.because(C.code(aces[0]), f"leads the {C.short(aces[0])}, likely to win the trick")
            card = min(cards, key=lambda c: (worth(c), C.rank_of(c)))
            return self.because(C.code(card), f"leads the {C.short(card)}, {least_words(card, trump)}")
        led_suit = C.suit_of(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best = rules.power(best_card, led_suit)
        partner_winning = team_of(best_seat, TEAMS) == team_of(state.turn, TEAMS)
        last = len(trick.plays) == state.n - 1
        if partner_winning and (last or best >= 1000 or C.rank_of(best_card) >= KING):
            card = max(cards, key=lambda c: (worth(c) if C.suit_of(c) != trump or C.rank_of(c) < JACK
                                             else -1, -C.rank_of(c)))
            partner = f"its partner's {C.short(best_card)}"
            if C.suit_of(card) == trump and C.rank_of(card) >= JACK:
                return self.because(C.code(card), f"leaves the trick to {partner}; holding only high trumps, "
                                                  f"plays the lowest, the {C.short(card)}")
            if worth(card) > 0:
                return self.because(C.code(card), f"gives the {C.short(card)} ({worth_words(card, trump)}) "
                                                  f"to {partner}, which should win the trick")
            return self.because(C.code(card), f"leaves the trick to {partner}; with no card of value to give, "
                                              f"plays the {C.short(card)}")
        winners = [c for c in cards if rules.power(c, led_suit) > best]
        at_stake = sum(worth(c) for c in trick.cards)
        if winners and (at_stake > 0 or last or any(worth(c) for c in winners)):
            card = min(winners, key=lambda c: (rules.power(c, led_suit), -worth(c)))
            wins = (f"{taking_verb(rules, trick, card)} the {C.short(best_card)} with the {C.short(card)}, its "
                    f"cheapest card that wins")
            if at_stake > 0:
                return self.because(C.code(card), f"{wins}, to take the cards of value in the trick")
            if last:
                return self.because(C.code(card), f"{wins}: playing last, it is sure of the trick")
            return self.because(C.code(card), f"{wins}: its cards that can win carry points of their own")
        card = min(cards, key=lambda c: (worth(c), C.suit_of(c) == trump, C.rank_of(c)))
        if winners:
            return self.because(C.code(card), f"lets a trick with nothing of value go, throwing the "
                                              f"{C.short(card)}")
        return self.because(C.code(card), f"cannot beat the {C.short(best_card)}, so throws the "
                                          f"{C.short(card)}, {least_words(card, trump)}")


def worth_words(card: Card, trump: Suit) -> str:
    """What a card is worth to the side that takes it: "9 points when taken and 4 toward game"."""
    parts = []
    if points := card_points(card, trump):
        parts.append(f"{points} point{'s' if points > 1 else ''} when taken")
    if game := GAME_VALUES.get(C.rank_of(card), 0):
        parts.append(f"{game} toward game")
    return " and ".join(parts) or "worth nothing"


def least_words(card: Card, trump: Suit) -> str:
    """A card chosen as the least valuable, in words."""
    worth = worth_words(card, trump)
    return "a card worth nothing" if worth == "worth nothing" else f"its least valuable card ({worth})"


SPEC = GameSpec(info=INFO, options=OPTIONS, state=NineCardDonState, rule_bot=NineCardDonBot)
