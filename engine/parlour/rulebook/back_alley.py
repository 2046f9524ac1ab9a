"""Back Alley (Back Alley Bridge, Blooper), as a playing-card maker's article describes it.

Four players in partnerships (South–North against West–East) with a 54-card
pack: the two jokers are the *big blooper* (``BJ``) and the *little blooper*
(``LJ``), the two highest trumps.  Twenty-six hands are played, of 13, 12 …
1, 1, 2 … 13 cards.  After the deal the next card is turned up and fixes
trumps; a joker turned up means no trumps, and whoever holds the other joker
swaps it for the last card of the pack.

Each player bids once, from the dealer's left: ``pass``, ``bid:N``, or a
board bid (``board``, then ``double-board``, ``triple-board``,
``quadruple-board`` over it).  Partners' bids add up to their contract; a
partnership with a board bid must take every trick.  The highest bidder leads.
Trumps may not be led until one has been played to a trick of another suit;
a led big blooper calls out everyone's highest trump, a led little blooper
everyone's lowest.  Contracts score 5 a trick bid (+1 an overtrick) or lose 5
a trick bid; boards win or lose 10, 20, 30 or 40 a trick.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bidding import NumberBidding, bid_action, bid_number
from ..bots import RuleBot
from ..cards import BIG_JOKER, JOKERS, LITTLE_JOKER, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Reading, ScoreSheet
from ..deals import HandSizes, TurnUp
from ..scoring import PARTNERS_4, MatchScoring, plural, team_names, team_of
from ..tricks import TrickGameState, TrickRules, lowest_words

TEAMS = PARTNERS_4
BIG_BLOOPER = C.make_card(JOKERS, BIG_JOKER)
LITTLE_BLOOPER = C.make_card(JOKERS, LITTLE_JOKER)
#: Cards dealt to each player in hands 1 to 26: thirteen down to one, then one up to thirteen.
SCHEDULE = HandSizes.named("down-and-up", 13)
MAX_NUMBER_BID = 12
BOARD_WORDS = ("board", "double-board", "triple-board", "quadruple-board")
BOARD_NAMES = ("board", "double board", "triple board", "quadruple board")
POINTS_PER_TRICK = 5
BOARD_POINTS = 10

INFO = GameInfo(
    id="back-alley",
    name="Back Alley",
    family="Trick-taking (bidding)",
    players=(4,),
    pack="54 cards (52 and two jokers)",
    min_age=10,
    skill="Medium",
    length_note="(26 hands)",
    kinds=("trick-taking", "bidding"), deck="french54", minutes=(60, 120),
    summary="Partners bid one time each and add their bids; two jokers, the bloopers, top the trumps.",
    house_rule="The article's game: 26 hands of 13 down to 1 and back up to 13 cards, one bid each, "
               "board bids that double, triple and quadruple.",
    standard_rule="Pagat's partnership Back Alley has the same deal, bloopers and 26 hands; no variant "
                  "is offered, and the page says how gaps in the article are filled.",
    source="A playing-card maker's rules article; Pagat's Back Alley for comparison.",
    short_rules=(
        "Four players, partners opposite; 52 cards plus a big and a little joker (the bloopers).",
        "Hands of 13, 12 ... 1, 1, 2 ... 13 cards: 26 hands; the deal passes left.",
        "The next card turned up fixes trumps; a joker turned up: no trumps, and the other joker "
        "is swapped for the last card of the pack.",
        "Bloopers are the top trumps: big, then little, then the ace.",
        "One bid each from the dealer's left: pass, 1 to 12 (never all the tricks), or board; "
        "board can be topped by double, triple, quadruple board. All pass: same dealer deals again.",
        "Partners' bids add up to the contract; the highest bidder leads (first in order on a tie).",
        "Follow suit if you can. Trumps cannot be led until one has been played to another suit.",
        "Big blooper led: everyone plays their highest trump; little blooper led: their lowest.",
        "Made: 5 a trick bid, +1 an extra trick. Failed: -5 a trick bid. "
        "Board: +/-10 a trick of the hand (20, 30, 40 for double, triple, quadruple).",
        "After 26 hands the higher total wins; equal totals share the win.",
    ),
    readings=(
        Reading("The article allows number bids of 1 to 12 with thirteen cards and keeps \"every trick\" "
                "for board. What about the smaller hands?",
                "The same shape in every hand: a number bid may be anything from 1 up to one fewer than "
                "the hand size."),
        Reading("Who may make the next board bid? The article only says each must be double, triple, then "
                "quadruple board.",
                "Any player, partner included."),
        Reading("A partner's number bid next to a board bid?",
                "The board swallows it: the partnership must take every trick."),
        Reading("Board scores \"per trick\": which tricks?",
                "Every trick of the hand, the contract itself."),
        Reading("May a player holding nothing but trumps lead one before trumps are broken?",
                "Yes, or they could not lead at all. Leading a trump never breaks trumps; only a trump "
                "played to another suit does."),
        Reading("A partnership whose players both passed?",
                "It makes its empty contract and scores its extra tricks, 1 point each, as the article's "
                "scoring rule says."),
        Reading("A joker is turned up and the other joker was not dealt.",
                "No swap is needed. The first dealer is chosen at random."),
    ),
)

OPTIONS = ()


def board_level(bid: str) -> int:
    """0 for a number bid or a pass; 1 to 4 for board, double, triple, quadruple board."""
    return BOARD_WORDS.index(bid) + 1 if bid in BOARD_WORDS else 0


def number_bid(bid: str) -> int:
    """Tricks a number bid promises; 0 for a pass or a board bid."""
    return bid_number(bid) or 0


def bid_strength(bid: str) -> int:
    """How high a bid is, for choosing the leader: every board bid beats every number."""
    level = board_level(bid)
    return 100 + level if level else number_bid(bid)


def bid_words(bid: str) -> str:
    if bid == "pass":
        return "passes"
    level = board_level(bid)
    if level:
        return f"bids {BOARD_NAMES[level - 1]}"
    return f"bids {number_bid(bid)}"


def contract_score(tricks: int, bid: int, board: int, size: int) -> int:
    """Points for a partnership: a board contract of level ``board``, else a contract of ``bid`` tricks."""
    if board:
        value = BOARD_POINTS * board * size
        return value if tricks == size else -value
    if tricks >= bid:
        return POINTS_PER_TRICK * bid + (tricks - bid)
    return -POINTS_PER_TRICK * bid


class BackAlleyRules(TrickRules):
    """Aces high; when there are trumps, the two bloopers belong to them, above the ace."""

    def suit(self, card: Card) -> Suit:
        suit = card >> 4 & 15
        if suit == JOKERS and self.trump is not None:
            return self.trump
        return suit

    def in_suit(self, hand: Mask, suit: Suit) -> Mask:
        mask = C.SUIT_MASKS[suit]
        if suit == self.trump:
            mask |= C.SUIT_MASKS[JOKERS]
        elif suit == JOKERS and self.trump is not None:
            return 0
        return hand & mask

    def order(self, card: Card) -> int:
        if C.suit_of(card) == JOKERS:
            return 14 if C.rank_of(card) == BIG_JOKER else 13
        return C.rank_of(card) - 2


class BackAlleyState(NumberBidding, TurnUp, MatchScoring, TrickGameState):
    pack = C.FRENCH_54
    lowest_bid = 1  # a pass promises no tricks

    def setup(self) -> None:
        self.match_end = SCHEDULE.match_end()
        self.team_labels = team_names(self.names, TEAMS)
        self.sheet = ScoreSheet(list(self.team_labels),
                                note=f"{len(SCHEDULE)} hands; the higher total wins.")
        self.upcard = None
        self.stock = []
        super().setup()

    # -- a hand: deal, turn up, bid, play
    def start_hand(self) -> None:
        self.next_hand()
        self.deal_cards(redeal=False)

    def deal_cards(self, redeal: bool) -> None:
        """Shuffle, deal this hand's cards, turn the next one up (used again after four passes)."""
        if redeal:
            self.hands = [0] * self.table_size
            self.discarded = 0
        size = self.size = SCHEDULE.size(self.hand_no)
        upcard = self.deal_and_turn_up(size)
        again = "deals again" if redeal else "deals"
        self.say(f"{SCHEDULE.heading(self.hand_no)}: {self.names[self.dealer]} {again} "
                 f"{plural(size, 'card')} to each player and turns up {C.short(upcard)}.", kind="deal")
        self.trump: Suit | None = self.upcard_trump()
        if self.trump is None:
            self.say("A joker is turned up: this hand is played without trumps.", kind="trump")
            other = LITTLE_BLOOPER if upcard == BIG_BLOOPER else BIG_BLOOPER
            holder = next((s for s in range(self.n) if self.hands[s] >> other & 1), None)
            if holder is not None:
                last = self.stock.pop()
                self.hands[holder] &= ~(1 << other)
                self.hands[holder] |= 1 << last
                self.discarded |= 1 << other
                self.say(f"{self.names[holder]} holds the {C.short(other)}, discards it and takes "
                         f"the last card of the pack.",
                         secret=f"{self.names[holder]} holds the {C.short(other)}, discards it and takes "
                                f"the last card of the pack, {C.short(last)}.",
                         owner=holder, kind="trump")
        else:
            self.say(f"{C.SUIT_NAME[self.trump].capitalize()} are trumps.", kind="trump")
        self.rules = BackAlleyRules(trump=self.trump)
        self.trumps_broken = False
        self.start_bidding()

    # -- bidding, on the shared number bids: pass, 1 to 12 (never every trick), the board ladder
    def board_level_so_far(self) -> int:
        return max((board_level(b) for b in self.bids if b), default=0)

    def bid_candidates(self) -> list[Action]:
        return ["pass"] + [bid_action(n) for n in range(1, MAX_NUMBER_BID + 1)] + list(BOARD_WORDS)

    def highest_bid(self) -> int:
        return min(MAX_NUMBER_BID, self.size - 1)

    def bid_grammar(self) -> str:
        return "pass, bid:N, board, or double-, triple-, quadruple-board"

    def bid_range_reason(self, number: int) -> str | None:
        top = self.highest_bid()
        if not 1 <= number <= MAX_NUMBER_BID:
            return f"A number bid is from 1 to {MAX_NUMBER_BID} tricks."
        if number > top:
            if top == 0:
                return "With one card each, the only bids are pass and board."
            return (f"With {self.size} cards each you may bid 1 to {top}; "
                    f"to bid every trick, bid board.")
        return None

    def bid_ban(self, seat: int, bid: Action) -> str | None:
        """The board ladder: each board bid one step above the last."""
        level = board_level(bid)
        if not level:
            return None
        so_far = self.board_level_so_far()
        if so_far == len(BOARD_WORDS):
            return "Quadruple board has been bid: no higher board bid is possible."
        if level != so_far + 1:
            wanted = BOARD_NAMES[so_far]
            return (f"The only board bid open to you now is {wanted}." if so_far else
                    "Nobody has bid board yet: the first board bid is plain board.")
        return None

    def bid_words(self, bid: Action) -> str:
        return bid_words(bid)

    def bid_label(self, bid: Action) -> str:
        return "pass" if bid == "pass" else bid_words(bid).replace("bids ", "bid ")

    def bidding_done(self) -> None:
        if all(b == "pass" for b in self.bids):
            self.say("All four pass: the same dealer shuffles and deals again.", kind="deal")
            self.deal_cards(redeal=True)
            return
        self.contracts = [self.team_contract(t) for t in range(len(TEAMS))]
        for t, (number, board) in enumerate(self.contracts):
            self.say(f"{self.team_labels[t]}: {self.contract_words(number, board)}.", kind="bid")
        best = max(bid_strength(b or "pass") for b in self.bids)
        leader = next(s for s in self.bid_order if bid_strength(self.bids[s] or "pass") == best)
        self.start_play(leader)

    def team_contract(self, team: int) -> tuple[int, int]:
        """(tricks bid, board level) for a partnership: a board bid takes over the number bids."""
        bids = [self.bids[s] or "pass" for s in TEAMS[team]]
        board = max(board_level(b) for b in bids)
        return (self.size if board else sum(number_bid(b) for b in bids)), board

    def contract_words(self, number: int, board: int) -> str:
        if board:
            return f"{BOARD_NAMES[board - 1]} (all {plural(number, 'trick')})"
        if number == 0:
            return "no tricks bid"
        return f"a contract of {number} trick{'s' if number != 1 else ''}"

    # -- play rules added to following suit
    def play_restriction(self, seat: int, card: Card) -> str | None:
        if self.trump is None:
            return None
        hand = self.hands[seat]
        rules = self.rules
        is_trump = rules.suit(card) == self.trump
        if not self.trick.plays:
            if is_trump and not self.trumps_broken and any(
                    rules.suit(c) != self.trump for c in C.cards_in(hand)):
                return ("Trumps are not broken yet: you cannot lead a trump until one has been "
                        "played to a trick of another suit.")
            return None
        led = self.trick.plays[0][1]
        if led in (BIG_BLOOPER, LITTLE_BLOOPER):
            trumps = [c for c in C.cards_in(hand) if rules.suit(c) == self.trump]
            if trumps:
                if led == BIG_BLOOPER:
                    wanted = max(trumps, key=rules.order)
                    which = "big blooper was led: you must play your highest trump"
                else:
                    wanted = min(trumps, key=rules.order)
                    which = "little blooper was led: you must play your lowest trump"
                if card != wanted:
                    return f"The {which}, the {C.short(wanted)}."
        return None

    def unrestricted(self, seat: int, allowed: Mask) -> Mask:
        # play_restriction's bans, as masks.
        if self.trump is None:
            return allowed
        hand = self.hands[seat]
        trumps = self.rules.in_suit(hand, self.trump)
        if not self.trick.plays:
            if not self.trumps_broken and hand & ~trumps:
                return allowed & ~trumps
            return allowed
        led = self.trick.plays[0][1]
        if led in (BIG_BLOOPER, LITTLE_BLOOPER) and trumps:
            pick = max if led == BIG_BLOOPER else min
            return allowed & 1 << pick(C.cards_in(trumps), key=self.rules.order)
        return allowed

    def card_played(self, seat: int, card: Card) -> None:
        if self.trump is None or self.trumps_broken or len(self.trick.plays) < 2:
            return
        led = self.trick.plays[0][1]
        if self.rules.suit(card) == self.trump and self.rules.suit(led) != self.trump:
            self.trumps_broken = True
            self.say("Trumps are broken.", kind="info")

    # -- scoring
    def hand_done(self) -> None:
        points = []
        for t, seats in enumerate(TEAMS):
            tricks = sum(self.tricks_won[s] for s in seats)
            number, board = self.contracts[t]
            score = contract_score(tricks, number, board, self.size)
            points.append(score)
            made = "make" if (tricks == self.size if board else tricks >= number) else "fail"
            bid = f"bid {BOARD_NAMES[board - 1]}" if board else f"bid {number}"
            self.say(f"{self.team_labels[t]} {bid} and take {tricks} trick{'s' if tricks != 1 else ''}: "
                     f"they {made} it, {plural(score, 'point', signed=True)}.", kind="score")
        self.score_hand(points, [f"{p:+d}" for p in points], label=SCHEDULE.label(self.hand_no))

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column]

    # -- what the reader sees
    def prompt(self) -> str:
        return self.bidding_prompt(", or pass")

    def describe(self, action: Action) -> str:
        if action == "pass":
            return "Pass"
        level = board_level(action)
        if level:
            return f"Bid {BOARD_NAMES[level - 1]}"
        return super().describe(action)

    def status(self) -> str:
        trumps = f"Trumps: {C.SUIT_NAME[self.trump]}" if self.trump is not None else "No trumps"
        if self.phase == "bid":
            return f"{SCHEDULE.heading(self.hand_no)}, {plural(self.size, 'card')} each. {trumps}."
        broken = "" if self.trump is None else (" (broken)" if self.trumps_broken else " (not broken)")
        contracts = "; ".join(f"{self.team_labels[t]}: {self.contract_words(*self.contracts[t])}"
                              for t in range(len(TEAMS)))
        return f"{SCHEDULE.heading(self.hand_no)}. {trumps}{broken}. {contracts}."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = self.bidding_seats(player)
        centre: list[dict[str, Any]] = []
        if self.upcard is not None:
            centre.append(self.upcard_zone())
        if self.stock or self.discarded:
            centre.append({"kind": "cards", "label": "Out of play", "hidden": len(self.stock),
                           "cards": [C.code(c) for c in C.cards_in(self.discarded)]})
        return self.table_view(seats, centre, self.status())


class BackAlleyBot(RuleBot):
    """Bids its sure and likely tricks; plays to win each trick as cheaply as it can."""

    def choose(self, state: BackAlleyState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == "bid":
            return self.bid(state, legal)
        cards = [state.pack.card(a) for a in legal]
        return C.code(self.play(state, cards))

    def estimate(self, state: BackAlleyState, seat: int) -> float:
        rules, trump = state.rules, state.trump
        hand = C.cards_in(state.hands[seat])
        tricks = 0.0
        trumps = [c for c in hand if rules.suit(c) == trump] if trump is not None else []
        for card in hand:
            order = rules.order(card)
            if trump is not None and rules.suit(card) == trump:
                tricks += 1.0 if order >= 12 else 0.6 if order >= 10 else 0.25
            elif order == 12:
                tricks += 0.85
            elif order == 11:
                tricks += 0.4
        if len(trumps) * 4 > state.size + 4:
            tricks += 0.5 * (len(trumps) - (state.size + 4) / 4)
        return tricks * min(1.0, 0.5 + state.size / 13)

    def bid(self, state: BackAlleyState, legal: list[Action]) -> Action:
        seat = state.turn
        estimate = self.estimate(state, seat)
        counted = f"counts about {estimate:.1f} tricks in its {plural(state.size, 'card')}"
        if estimate >= state.size - 0.2 and state.size > 1:
            board = next((a for a in legal if board_level(a)), None)
            if board is not None:
                return self.because(board, f"{counted}: expects every trick, so {bid_words(board)}")
        wanted = int(estimate + 0.35)
        last = len(state.bid_order) == state.n - 1
        forced = ""
        if wanted < 1 and last and all(b == "pass" for b in state.bids if b is not None):
            wanted = 1  # keep the game moving instead of a redeal
            forced = "the other three passed, so rather than a redeal it "
        if wanted >= 1:
            for number in range(wanted, 0, -1):
                if f"bid:{number}" in legal:
                    action = f"bid:{number}"
                    if forced:
                        return self.because(action, f"{forced}{bid_words(action)}")
                    return self.because(action, f"{counted}, so {bid_words(action)}")
            board = next((a for a in legal if board_level(a)), None)
            if board is not None and (state.size == 1 and (estimate >= 0.6 or last)):
                if forced:
                    return self.because(board, f"{forced}{bid_words(board)}")
                return self.because(board, f"expects its one card to take the trick, so {bid_words(board)}")
            return self.because("pass", f"{counted}, but with one card each only board is open, so passes")
        return self.because("pass", f"{counted}, not enough for a bid, so passes")

    def play(self, state: BackAlleyState, cards: list[Card]) -> Card:
        rules, trick = state.rules, state.trick
        is_trump = lambda c: state.trump is not None and rules.suit(c) == state.trump  # noqa: E731
        if not trick.plays:
            card = max(cards, key=lambda c: (rules.order(c) if rules.suit(c) != state.trump else -1,
                                             -C.suit_of(c)))
            if is_trump(card):
                return self.because(card, f"has only trumps, so leads the {C.short(card)}")
            return self.because(card, f"leads the {C.short(card)}, its highest card outside trumps")
        led_suit = rules.suit(trick.plays[0][1])
        best_index = rules.winning_play(trick)
        best_seat, best_card = trick.plays[best_index]
        best = rules.power(best_card, led_suit)
        partner_winning = team_of(best_seat, TEAMS) == team_of(state.turn, TEAMS)
        last = len(trick.plays) == state.n - 1
        winners = [c for c in cards if rules.power(c, led_suit) > best]
        cheapest = lambda c: (rules.power(c, led_suit), rules.order(c))  # noqa: E731
        if partner_winning and (last or best >= 1000 or rules.order(best_card) >= 11):
            card = min(cards, key=self.dump_key(state))
            holds = "takes the trick" if last else "should hold the trick"
            return self.because(card, f"partner's {C.short(best_card)} {holds}, so plays the {C.short(card)}, "
                                      f"{lowest_words(rules, cards, card)}")
        if winners:
            card = min(winners, key=cheapest)
            if partner_winning:
                return self.because(card, f"partner's {C.short(best_card)} may be beaten, so overtakes with the "
                                          f"{C.short(card)}, the cheapest card that wins")
            return self.because(card, f"beats the {C.short(best_card)} with the {C.short(card)}, "
                                      "the cheapest card that wins")
        card = min(cards, key=self.dump_key(state))
        return self.because(card, f"cannot beat the {C.short(best_card)}, so plays the {C.short(card)}, "
                                  f"{lowest_words(rules, cards, card)}")

    @staticmethod
    def dump_key(state: BackAlleyState):
        rules = state.rules

        def key(card: Card) -> tuple[int, int]:
            return (1 if rules.suit(card) == state.trump else 0, rules.order(card))
        return key


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BackAlleyState, rule_bot=BackAlleyBot)
