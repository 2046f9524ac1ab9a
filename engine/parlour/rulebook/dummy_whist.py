"""Dummy Whist, as the Carrillo family plays it (seed 000): James Clay's "Algiers" game, to 30.

Three players and a fourth hand, the dummy, dealt as at whist.  On each deal
the dealer takes the dummy as partner: the dummy's hand lies face up
opposite the dealer and the dealer plays it, against the other two players,
who are partners for that deal.  So the dummy changes hands with the deal
and every player has it in turn.  The last card dealt (the dealer's) fixes
trumps; the dealer's left leads; suit must be followed.

Scoring (our reading of the seed; Clay's own text is missing from it): the
side that takes more tricks wins the deal and scores the difference between
its tricks and the other side's, plus 4 for winning the deal.  That
reproduces both of Clay's examples quoted by the family: 12 tricks to 1
scores 11 + 4 = 15, all 13 scores 13 + 4 = 17.  When the dealer's side wins,
the dealer scores; when the two defenders win, each of them scores.  The
first player to 30 or more wins; players level at the top play on.

Variant (``form: double``): Double Dummy, two players, each with a dummy
partner opposite; both dummies lie face up, and the same scoring applies.
"""

from __future__ import annotations

from .. import cards as C
from ..core import GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import MatchScoring, Target, names_and
from .whist import WhistBot, WhistFamilyState, suit_words

DUMMY = 3
#: Points for winning a deal, on top of the tricks' difference.
GAME_BONUS = 4
FORMS = {"algiers": 3, "double": 2}

INFO = GameInfo(
    id="dummy-whist",
    name="Dummy Whist",
    family="Trick-taking",
    players=(2, 3),
    pack="52 cards",
    min_age=9,
    skill="Medium",
    kinds=("trick-taking",), deck="french52", minutes=(30, 45),
    summary="Whist for three: each dealer plays a face-up dummy hand against the other two, and "
            "the winner of each deal scores its margin of tricks plus four.",
    house_rule="Clay's Algiers rules: the dealer plays the dummy; the deal's winners score the "
               "tricks' difference + 4; first to 30.",
    standard_rule="Double Dummy (an option): two players, each with a dummy partner.",
    source="The Carrillo family, after James Clay's 1881 Laws of Short Whist; "
           "Pagat's Whist for the play.",
    short_rules=(
        "Three players and a dummy hand; 52 cards, 13 to each hand, one at a time.",
        "The dealer plays the dummy, which lies face up opposite; the other two are partners for "
        "the deal. The dummy goes round with the deal.",
        "The last card dealt (the dealer's) is turned up: its suit is trumps.",
        "The dealer's left leads; follow suit if you can; highest trump, else highest card of the "
        "suit led, wins.",
        "The side with more tricks scores its tricks minus the other side's, plus 4 for the deal "
        "(12-1: 15 points; 13-0: 17). The dealer scores alone; winning defenders both score.",
        "First player to 30 wins; players level at the top play another deal.",
        "Option: Double Dummy, two players each with a face-up dummy partner.",
    ),
    readings=(
        Reading("Clay's examples: 12 tricks score 15 (11 for tricks and 4 for the game), 13 tricks score 17. "
                "How are the tricks counted?",
                "The winners' tricks minus the losers' tricks, then 4: 12 − 1 + 4 = 15 and 13 − 0 + 4 = 17, "
                "both examples, as the family itself guessed. Counting every trick would give 16 for the "
                "first."),
        Reading("Who scores when the dealer loses the deal?",
                "The two other players win it as partners, so both score, as partners do at whist; the "
                "losing side never loses points."),
        Reading("Where does the dummy sit, and when is it shown?",
                "Opposite the dealer, so the sides alternate round the table as at whist, and face up as "
                "soon as the deal is complete, as the old laws of Dummy describe."),
        Reading("How are the cards dealt?",
                "One at a time to all four hands, the last to the dealer, as at whist; the dummy never "
                "deals."),
        Reading("Two players reach 30 in the same deal with equal totals.",
                "Further deals are played until one is ahead."),
        Reading("How does Double Dummy score? The family gives no rule.",
                "As the family's Algiers game.",
                "form", "double"),
    ),
)

OPTIONS = (
    Option("form", "algiers", "Who plays, and who has a dummy.",
           choices={"algiers": "three players; each dealer plays the dummy (family rule, Clay's Algiers game)",
                    "double": "Double Dummy: two players, each with a dummy partner"}),
    Option("target", 30, "Points a player needs to win.", minimum=5, maximum=200, standard=30),
)


class DummyWhistState(MatchScoring, WhistFamilyState):
    """Algiers: seats 0–2 are South, West and North, seat 3 the dummy.  Double: South and West
    play, North is South's dummy and East is West's."""

    #: The longest game bots played was 3,328 actions, at a target of 200 (tests/longest_games.py).
    move_cap = 40_000

    def table_seats(self) -> int:
        return 4

    def seat_names(self) -> list[str]:
        return ["South", "West", "North", "East"] if self.double else ["South", "West", "North", "Dummy"]

    def setup(self) -> None:
        self.double = self.options["form"] == "double"
        self.match_end = Target(self.options["target"])
        self.ring = [0, 1, 2, 3]
        self.names = self.seat_names()
        self.sheet = ScoreSheet(self.names[:self.n], note=self.note())
        super().setup()

    def start_hand(self) -> None:
        self.new_hand_state()
        if self.hand_no > 1:
            self.dealer = (self.dealer + 1) % self.n
        self.ring = self.table_order()
        self.turn_up_trump(self.deal_thirteen())
        assert self.trump_card is not None and self.trump is not None
        whom = "each hand" if self.double else "each player and the dummy"
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals thirteen cards to {whom} "
                 f"and turns up the last one, {C.short(self.trump_card)}: {suit_words(self.trump)} "
                 f"are trumps.", kind="deal")
        if not self.double:
            left, right = self.sides()[1]
            self.say(f"{self.names[self.dealer]} plays the dummy opposite; {self.names[left]} and "
                     f"{self.names[right]} are partners for this deal.", kind="deal")
        self.expose_dummies()
        self.start_play(self.next_seat(self.dealer))

    def note(self) -> str:
        return (f"The winners of a deal score their tricks minus the other side's, plus {GAME_BONUS}; "
                f"first to {self.match_end.points} wins.")

    # -- the table: who sits where this deal
    def table_order(self) -> list[int]:
        """Clockwise from the dealer: the dealer, the left-hand player, the dummy, the right-hand player."""
        if self.double:
            return [0, 1, 2, 3]
        dealer = self.dealer
        return [dealer, (dealer + 1) % 3, DUMMY, (dealer + 2) % 3]

    def next_seat(self, seat: int, steps: int = 1) -> int:
        ring = self.ring
        return ring[(ring.index(seat) + steps) % len(ring)]

    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.double:
            return ((0, 2), (1, 3))
        ring = self.ring
        return ((ring[0], ring[2]), (ring[1], ring[3]))

    def side_name(self, side: int) -> str:
        seats = self.sides()[side]
        if self.double:
            player = seats[0]
            return f"{self.names[player]} (with {self.names[seats[1]]})"
        if DUMMY in seats:
            return f"{self.names[self.dealer]} and the dummy"
        return names_and([self.names[s] for s in seats])

    def dummies(self) -> tuple[int, ...]:
        return (2, 3) if self.double else (DUMMY,)

    def dummy_owner(self, seat: int) -> int | None:
        if self.double:
            return seat - 2 if seat in (2, 3) else None
        return self.dealer if seat == DUMMY else None

    # -- scoring
    def hand_done(self) -> None:
        tricks = self.side_tricks()
        win = 0 if tricks[0] > tricks[1] else 1
        margin = tricks[win] - tricks[1 - win]
        points = margin + GAME_BONUS
        scorers = [s for s in self.sides()[win] if s < self.n]
        row = [points if p in scorers else 0 for p in range(self.n)]
        who = self.side_name(win)
        each = " each" if len(scorers) > 1 else ""
        self.say(f"{who} take {tricks[win]} tricks to {tricks[1 - win]}: {margin} for the difference "
                 f"and {GAME_BONUS} for the deal, {points} points{each}.", kind="score")
        self.score_hand(row)

    def match_over(self) -> bool:
        totals = self.sheet.totals
        if not self.match_end.reached(totals):
            return False
        leaders = self.match_end.leaders(totals)
        if len(leaders) > 1:
            names = names_and([self.sheet.columns[c] for c in leaders])
            self.say(f"{names} are level on {totals[leaders[0]]}: another deal decides.", kind="score")
            return False
        return True

    def status(self) -> str:
        base = super().status()
        if self.double:
            return base
        return f"{base}; {self.names[self.dealer]} plays the dummy"


class DummyWhistBot(WhistBot):
    """The whist card play; the dealer plays the dummy with the same rules."""


SPEC = GameSpec(info=INFO, options=OPTIONS, state=DummyWhistState, rule_bot=DummyWhistBot,
                players_of=lambda options: FORMS[options["form"]])
