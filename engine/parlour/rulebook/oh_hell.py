"""Oh Hell, by the standard published rules (no family on this site wrote it down).

Three to seven play alone; hands of ten cards down to one (option ``hands``), the next card turned
up for trumps.  Each bids once the tricks they will take; the dealer may not make the bids add up to
the tricks (the hook).  An exact bid scores 10 plus the bid (option ``scoring``: a point a trick and
10 for an exact bid); after the last hand the highest total wins.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bidding import NumberBidding, bid_number, choose_bid, likely_tricks, play_to_bid
from ..bots import RuleBot
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet, State
from ..deals import HandSizes, TurnUp
from ..scoring import MatchScoring, plural
from ..tricks import TrickGameState, TrickRules

MOST_CARDS = 10
EXACT_BONUS = 10

INFO = GameInfo(
    id="oh-hell", name="Oh Hell", family="Trick-taking (bidding)", players=(3, 4, 5, 6, 7),
    pack="52 cards", min_age=8, skill="Medium", length_note="(10 hands)",
    kinds=("trick-taking", "bidding"), deck="french52", minutes=(30, 60),
    summary="Say how many tricks you will take, then take exactly that many: no more, no fewer.",
    house_rule="Not a family game here: the standard published rules, with hands of ten cards down to one, "
               "the dealer's hook and 10 plus the bid for an exact bid.",
    standard_rule="Many tables deal up from one card, or up and back down, or score a point a trick with "
                  "10 more for an exact bid: each is an option.",
    source="The standard published rules of Oh Hell (Pagat's and the card-game books'); no family's own.",
    short_rules=(
        "3 to 7 players, each alone; 52 cards, aces high.",
        "Hands of 10, 9 ... 1 cards (at most 8 with six players, 7 with seven); the deal passes left.",
        "The next card is turned up: its suit is trumps for the hand.",
        "One bid each from the dealer's left: 0 to the number of cards. The dealer may not make the "
        "bids add up to the number of tricks.",
        "The dealer's left leads. Follow suit if you can; the highest trump, else the highest card of "
        "the suit led, wins.",
        "Exactly your bid: 10 plus the bid. Any other number of tricks: nothing.",
        "After the last hand the highest total wins; equal totals share the win.",
    ),
    readings=(
        Reading("The books deal the hands down from the most cards, up from one card, or up and back down. "
                "Which is the game here?",
                "Down, from ten cards to one: ten hands. With six players the top is eight cards and with "
                "seven it is seven, so a card is always left to turn up.", "hands", "up"),
        Reading("Up and back down: is the longest hand dealt twice?",
                "Yes, once at the top going up and once coming down, as Back Alley deals its one-card hand "
                "twice.", "hands", "up-and-down"),
        Reading("Scores differ from table to table. What does a hand score?",
                "An exact bid scores 10 plus the bid and any other result nothing; many tables instead "
                "score a point for every trick taken and 10 more for an exact bid.",
                "scoring", "tricks-plus-ten"),
        Reading("Does the dealer's hook hold in the one-card hands too?",
                "Yes, in every hand: the dealer may never make the bids add up to the number of tricks."),
        Reading("Who leads to the first trick, and who deals first?",
                "The player on the dealer's left, who also bid first; the first dealer is chosen at random."),
    ),
)

OPTIONS = (
    Option("players", 4, "How many people play.", choices={n: f"{n} players" for n in range(3, 8)}),
    Option("hands", "down", "How the hands' sizes run through the game.",
           choices={"down": "ten cards down to one (fewer at the top with six or seven players)",
                    "up": "one card up to ten", "up-and-down": "one card up to ten, then ten down to one"}),
    Option("scoring", "bid-plus-ten", "What a hand scores.",
           choices={"bid-plus-ten": "an exact bid 10 plus the bid, any other result nothing",
                    "tricks-plus-ten": "a point a trick, and 10 more for an exact bid"}),
)


def schedule(options: dict[str, Any]) -> HandSizes:
    """The hands' sizes: at most ten cards each, with a card left over to turn up."""
    return HandSizes.named(options["hands"], min(MOST_CARDS, (len(C.FRENCH_52) - 1) // options["players"]))


def hand_score(bid: int, tricks: int, scoring: str) -> int:
    """A player's points for a hand: see the option ``scoring``."""
    exact = EXACT_BONUS if tricks == bid else 0
    if scoring == "tricks-plus-ten":
        return tricks + exact
    return exact + bid if exact else 0


class OhHellState(NumberBidding, TurnUp, MatchScoring, TrickGameState):
    def setup(self) -> None:
        self.schedule = schedule(self.options)
        self.match_end = self.schedule.match_end()
        self.sheet = ScoreSheet(list(self.names), note=f"{len(self.schedule)} hands; the highest total wins.")
        self.upcard, self.stock = None, []
        super().setup()

    def start_hand(self) -> None:
        self.next_hand()
        self.size = self.schedule.size(self.hand_no)
        upcard = self.deal_and_turn_up(self.size)
        self.trump = C.suit_of(upcard)
        self.rules = TrickRules(trump=self.trump)
        self.say(f"{self.schedule.heading(self.hand_no)}: {self.names[self.dealer]} deals "
                 f"{plural(self.size, 'card')} to each player and turns up {C.short(upcard)}: "
                 f"{C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        self.start_bidding()

    def bid_ban(self, seat: int, bid: Action) -> str | None:
        """The dealer's hook: the bids may not add up to the number of tricks."""
        number = bid_number(bid) or 0
        if seat == self.dealer and self.bids_total() + number == self.size:
            return (f"The dealer may not bid {number}: the bids would add up to {self.size}, the number "
                    f"of tricks, and someone must fail.")
        return None

    def bidding_done(self) -> None:
        self.say(self.total_words(), kind="bid")
        self.start_play(self.next_seat(self.dealer))

    def hand_done(self) -> None:
        points = [hand_score(self.bid_of(s), self.tricks_won[s], self.options["scoring"]) for s in range(self.n)]
        for seat, score in enumerate(points):
            bid, took = self.bid_of(seat), self.tricks_won[seat]
            self.say(f"{self.names[seat]} bid {bid} and took {plural(took, 'trick')}, "
                     f"{'exactly' if bid == took else 'missing the bid'}: {plural(score, 'point')}.", kind="score")
        self.score_hand(points, label=self.schedule.label(self.hand_no))

    def status(self) -> str:
        total = "" if self.phase == "bid" else f" {self.total_words()}"
        return f"{self.schedule.heading(self.hand_no)}, {plural(self.size, 'card')} each. " \
               f"Trumps: {C.SUIT_NAME[self.trump]}.{total}"

    def _view(self, player: int | None) -> dict[str, Any]:
        centre = [self.upcard_zone("Turned up (trumps)"), *self.bids_zones()]
        return self.table_view(self.bidding_seats(player), centre, self.status())


class OhHellBot(RuleBot):
    """Bids the tricks its trumps and high cards should take; then plays to take exactly that many."""

    def choose(self, state: State) -> Action:
        assert isinstance(state, OhHellState)
        if state.phase == "bid":
            return self.because(*choose_bid(state, likely_tricks(state, state.turn)))
        return self.because(*play_to_bid(state))


SPEC = GameSpec(info=INFO, options=OPTIONS, state=OhHellState, rule_bot=OhHellBot)
