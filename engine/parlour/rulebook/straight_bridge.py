"""Straight Bridge (Bridge-Whist), as the Carrillo family plays it.

Four players, South–North against West–East.  No card is turned up: the
dealer names trumps or no trumps, or passes the choice to the partner, who
must then choose.  Either way the dealer's partner is the dummy.  The
opponents may double (the dealer's left first, then the dealer's right);
after a double the dealer's side may redouble (the dealer first, then the
dummy) — once each, no more.  The dealer's left leads, the dummy's hand is
laid face up after that opening lead, and the dealer plays it.

Scoring: the side that takes more than six tricks scores each trick over
six below the line at the declared strain's value, doubled or redoubled.
Honours, chicane and slams go above the line and are never doubled.  A game
is 30 below the line; the rubber is the best of three games; the match is
won on the total of all points, above and below, so a side can win the
rubber and lose the match.

Trick values: the family ranks the suits as in contract bridge, so by
default clubs 2, diamonds 4, hearts 6, spades 8, no trumps 12; the 1904 laws
(spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12) are an option.  The
1904 rubber bonus of 100 is an option too (the family's list of extras has
only honours, chicane and slams).
"""

from __future__ import annotations

from .. import cards as C
from ..betting import Betting, BettingRules
from ..cards import ACE, JACK, KING, QUEEN, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import plural
from .whist import BOOK, SUIT_BY_LETTER, SUITS, TEAMS, WhistBot, WhistFamilyState, cards_text, suit_words

NT = "NT"
#: Points per odd trick for each strain (suit letter or NT).
TRICK_VALUES: dict[str, dict[str, int]] = {
    "contract": {"C": 2, "D": 4, "H": 6, "S": 8, NT: 12},
    "1904": {"S": 2, "C": 4, "D": 6, "H": 8, NT: 12},
}
#: The five bridge honours in a suit: A K Q J 10.
BRIDGE_HONOURS = (ACE, KING, QUEEN, JACK, 10)
GAME = 30
LITTLE_SLAM, GRAND_SLAM = 20, 40
MULTIPLIER_WORDS = {1: "", 2: "doubled", 4: "redoubled"}


def multiplier_words(multiplier: int) -> str:
    """``"doubled"``, ``"redoubled"``, then ``"doubled 3 times"`` and so on (1904 laws' re-redoubles)."""
    if multiplier in MULTIPLIER_WORDS:
        return MULTIPLIER_WORDS[multiplier]
    return f"doubled {multiplier.bit_length() - 1} times"
STRAINS = ("C", "D", "H", "S", NT)
#: Doubling on the shared betting: each double or redouble doubles the stake at once (it is binding, so
#: there is nothing to refuse); the family allows one of each, the 1904 laws as many as the sides like.
DOUBLING = {"once": BettingRules(teams=TEAMS, base=1, doubling=True, binding=True, max_bids=2),
            "unlimited": BettingRules(teams=TEAMS, base=1, doubling=True, binding=True)}

INFO = GameInfo(
    id="straight-bridge",
    name="Straight Bridge",
    family="Trick-taking",
    players=(4,),
    pack="52 cards",
    min_age=10,
    skill="Medium to hard",
    length_note="(a rubber)",
    kinds=("trick-taking",), deck="french52", minutes=(45, 90),
    summary="Whist's successor: the dealer names trumps (or no trumps), plays a face-up dummy, and "
            "the sides race for two games of 30 — but the match goes to the most points.",
    house_rule="Suits valued in contract-bridge order (clubs 2 … spades 8, no trumps 12); one double "
               "and one redouble at most; match won on total points.",
    standard_rule="The 1904 trick values (spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12) and "
                  "the 100-point rubber bonus are options.",
    source="The Carrillo family's rules; the 1904 laws of Bridge (via Pagat and Hoyle's "
           "Games Modernized) for the scoring table.",
    short_rules=(
        "Four players, partners opposite; 52 cards, 13 each; no card is turned up.",
        "The dealer names trumps or no trumps, or passes the choice to partner, who must choose. "
        "The dealer's partner is the dummy either way.",
        "The dealer's left may double, then the dealer's right; after a double the dealer may "
        "redouble, then the dummy. Once each at most (option: on and on, as the 1904 laws allow).",
        "The dealer's left leads; then the dummy is laid face up and the dealer plays it. Follow suit "
        "if you can.",
        "Each trick over six scores below the line for the side that won it: clubs 2, diamonds 4, "
        "hearts 6, spades 8, no trumps 12 (x2 doubled, x4 redoubled).",
        "Above the line, never doubled: honours (A K Q J 10 of trumps, or the aces at no trumps), "
        "chicane (a hand with no trumps), little slam 20, grand slam 40.",
        "Game: 30 below the line. Rubber: best of three games. Match: the higher total of all points.",
    ),
    readings=(
        Reading("The family's scoring table is missing from its page, but the family ranks the suits as "
                "in contract bridge. What is an odd trick worth?",
                "The 1904 values 2, 4, 6, 8 given to clubs, diamonds, hearts and spades in contract-bridge "
                "order, no trumps 12.",
                "trick_values", "1904"),
        Reading("Is there a bonus for the rubber?",
                "No: the family lists honours, chicane and slams as the extra points and decides the match "
                "by adding up the games; the 1904 laws give 100.",
                "rubber_bonus", 100),
        Reading("How far may doubling go?",
                "One double and one redouble, as the family plays; the 1904 laws let the sides go on.",
                "doubling", "unlimited"),
        Reading("How is chicane scored?",
                "As points for the side with the void. The old laws took it off the opponents' honours "
                "when they scored any, which leaves the difference between the sides — and so the winner "
                "of the match — the same."),
        Reading("Cutting for the deal: what if the highest cards are equal?",
                "Those players cut again. Misdeals and revokes cannot happen here, so their penalties are "
                "not needed."),
    ),
)

OPTIONS = (
    Option("trick_values", "contract", "What an odd trick is worth in each strain.",
           choices={"contract": "clubs 2, diamonds 4, hearts 6, spades 8, no trumps 12 "
                                "(contract-bridge order, family rule)",
                    "1904": "spades 2, clubs 4, diamonds 6, hearts 8, no trumps 12 (1904 laws)"},
           standard="1904"),
    Option("doubling", "once", "How far doubling may go.",
           choices={"once": "one double and one redouble at most (family rule)",
                    "unlimited": "the two sides may go on redoubling in turn until one is content (1904 laws)"},
           standard="unlimited"),
    Option("rubber_bonus", 0, "Points above the line for winning the rubber.",
           choices={0: "none: the match is the total of the games' points (family rule)",
                    100: "100 points to the rubber's winners (1904 laws)"},
           standard=100),
)


def strain_words(strain: str) -> str:
    return "no trumps" if strain == NT else suit_words(SUIT_BY_LETTER[strain])


def honours_above(dealt: list[Mask], strain: str, value: int) -> tuple[int | None, int, str]:
    """(side, points, description) for bridge honours held as dealt; (None, 0, "") if none score."""
    if strain == NT:
        ranks: tuple[int, ...] = (ACE,)
        suits = SUITS
    else:
        ranks = BRIDGE_HONOURS
        suits = (SUIT_BY_LETTER[strain],)
    for side, seats in enumerate(TEAMS):
        per_hand = [[C.make_card(s, r) for s in suits for r in ranks if dealt[seat] >> C.make_card(s, r) & 1]
                    for seat in seats]
        held = per_hand[0] + per_hand[1]
        most = max(len(h) for h in per_hand)
        cards = cards_text(sorted(held, key=lambda c: (-C.rank_of(c), C.suit_of(c))))
        if strain == NT:
            if len(held) == 4:
                return (side, 100, f"all four aces in one hand ({cards})") if most == 4 else \
                       (side, 40, f"all four aces ({cards})")
            if len(held) == 3:
                return side, 30, f"three aces ({cards})"
            continue
        if len(held) == 5:
            if most == 5:
                return side, 10 * value, f"all five honours in one hand ({cards})"
            if most == 4:
                return side, 9 * value, f"all five honours, four in one hand ({cards})"
            return side, 5 * value, f"all five honours ({cards})"
        if len(held) == 4:
            if most == 4:
                return side, 8 * value, f"four honours in one hand ({cards})"
            return side, 4 * value, f"four honours ({cards})"
        if len(held) == 3:
            return side, 2 * value, f"three honours ({cards})"
    return None, 0, ""


class StraightBridgeState(WhistFamilyState):
    """Phases: declare (dealer, or partner after a pass), double, redouble, play."""

    def setup(self) -> None:
        self.values = TRICK_VALUES[self.options["trick_values"]]
        self.names = self.seat_names()
        team = [" & ".join(self.names[s] for s in side) for side in TEAMS]
        self.sheet = ScoreSheet([f"{team[0]} above", f"{team[0]} below", f"{team[1]} below", f"{team[1]} above"],
                                note=f"Trick points go below the line; a game is {GAME} below the line; "
                                     f"the rubber is the best of three games; the match goes to the "
                                     f"higher total of all points.")
        self.strain: str | None = None
        self.declarer_named_by: int | None = None
        self.passed_to_partner = False
        self.games_won = [0, 0]
        self.game_no = 1
        self.below = [0, 0]          # this game's points below the line
        self.above_total = [0, 0]
        self.below_total = [0, 0]
        self.rubber_winner: int | None = None
        super().setup()

    # -- who is who
    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def team_of(self, seat: int) -> tuple[int, ...]:
        """``seat``'s partnership (for the search bot: its score sheet has four columns, above and
        below the line for each side, so no column is a seat's side)."""
        return TEAMS[seat % 2]

    @property
    def multiplier(self) -> int:
        """What the odd tricks are multiplied by: 1, doubled 2, redoubled 4, and on by the 1904 laws."""
        return self.betting.stake

    def doubling_round(self) -> Betting:
        """The doubling for this hand: the dealer's left, then the dealer's right, may double."""
        defenders = (self.next_seat(self.dealer), self.next_seat(self.dealer, 3))
        return Betting.start(DOUBLING[self.options["doubling"]], self.seats_from(self.dealer), defenders)

    def doubled_side_answers(self, side_of_dealer: bool) -> tuple[int, int]:
        """Who may answer a double: the dealer then the dummy; or a redouble: the dealer's left then right."""
        if side_of_dealer:
            return self.dealer, self.dummy
        return self.next_seat(self.dealer), self.next_seat(self.dealer, 3)

    @property
    def dummy(self) -> int:
        return self.partner(self.dealer)

    def dummies(self) -> tuple[int, ...]:
        return (self.dummy,)

    def dummy_owner(self, seat: int) -> int | None:
        return self.dealer if seat == self.dummy and self.phase == "play" else None

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in TEAMS[side])

    # -- the deal
    def cut_for_deal(self) -> int:
        """Each player draws a card; the highest (ace high) deals; equal highest draw again."""
        cutting = list(range(4))
        while True:
            cards = list(self.pack.cards)
            self.rng.shuffle(cards)
            drawn = dict(zip(cutting, cards))
            shown = ", ".join(f"{self.names[s]} {C.short(c)}" for s, c in drawn.items())
            top = max(C.rank_of(c) for c in drawn.values())
            best = [s for s, c in drawn.items() if C.rank_of(c) == top]
            self.say(f"Cutting for the deal: {shown}.", kind="deal")
            if len(best) == 1:
                return best[0]
            cutting = best

    def start_hand(self) -> None:
        if self.hand_no == 0:
            self.dealer = self.cut_for_deal()
        self.next_hand()
        self.strain = None
        self.betting = self.doubling_round()
        self.passed_to_partner = False
        self.dummy_exposed = False
        self.set_trumps(None)
        self.deal_thirteen()
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals thirteen cards to each player.",
                 kind="deal")
        self.phase = "declare"
        self.turn = self.dealer

    # -- declaring trumps
    def _candidates_declare(self) -> list[Action]:
        return [f"trump:{s}" for s in ("C", "D", "H", "S")] + ["notrump", "pass"]

    def _verify_declare(self, action: Action) -> str | None:
        if action == "pass":
            if self.passed_to_partner:
                return "Your partner passed the choice to you: you must name trumps or no trumps."
            return None
        if action == "notrump":
            return None
        kind, _, letter = action.partition(":")
        if kind == "trump" and letter in SUIT_BY_LETTER:
            return None
        return "Name a trump suit (trump:C, trump:D, trump:H or trump:S), say notrump, or pass."

    def _do_declare(self, action: Action) -> None:
        seat = self.turn
        if action == "pass":
            self.passed_to_partner = True
            self.say(f"{self.names[seat]} passes the choice of trumps to {self.names[self.dummy]}.", kind="bid")
            self.turn = self.dummy
            return
        self.strain = NT if action == "notrump" else action.split(":", 1)[1]
        self.declarer_named_by = seat
        self.set_trumps(None if self.strain == NT else SUIT_BY_LETTER[self.strain])
        if self.strain == NT:
            self.say(f"{self.names[seat]} declares no trumps.", kind="bid")
        else:
            self.say(f"{self.names[seat]} names {strain_words(self.strain)} as trumps.", kind="bid")
        self.phase = "double"
        self.turn = self.next_seat(self.dealer)

    # -- doubling and redoubling
    def _candidates_double(self) -> list[Action]:
        return ["double", "pass"]

    def _verify_double(self, action: Action) -> str | None:
        if action == "double":
            return self.betting.bid_reason(self.turn, self.betting.next_stake() or 0)
        if action == "pass":
            return self.betting.pass_reason(self.turn)
        if action == "redouble":
            if self.multiplier > 1:
                return "Your side doubles again by saying double; redoubling is the dealer's side's word."
            return "Nothing has been doubled: only the dealer's opponents may double, and they have not."
        return "Say double or pass."

    def _do_double(self, action: Action) -> None:
        seat = self.turn
        if action == "double":
            again = self.multiplier > 1
            self.betting = self.betting.make_bid(seat, self.betting.next_stake() or 0,
                                                 self.doubled_side_answers(True))
            self.say(f"{self.names[seat]} {'doubles again' if again else 'doubles'}.", kind="bid")
            self.phase = "redouble"
            self.turn = self.next_to_speak()
            return
        self.betting = self.betting.pass_(seat)
        if not self.betting.closed:
            self.turn = self.next_to_speak()
            self.say(f"{self.names[seat]} does not double and leaves it to {self.names[self.turn]}.", kind="bid")
            return
        self.say(f"{self.names[seat]} does not double either.", kind="bid")
        self.start_tricks()

    def _candidates_redouble(self) -> list[Action]:
        return ["redouble", "pass"]

    def _verify_redouble(self, action: Action) -> str | None:
        if action == "redouble":
            return self.betting.bid_reason(self.turn, self.betting.next_stake() or 0)
        if action == "pass":
            return self.betting.pass_reason(self.turn)
        if action == "double":
            return "You cannot double your own side's declaration; you may redouble or pass."
        return "Say redouble or pass."

    def _do_redouble(self, action: Action) -> None:
        seat = self.turn
        if action == "redouble":
            self.betting = self.betting.make_bid(seat, self.betting.next_stake() or 0,
                                                 self.doubled_side_answers(False))
            if not self.betting.closed:
                self.say(f"{self.names[seat]} redoubles ({multiplier_words(self.multiplier)}); the "
                         f"opponents may double again.", kind="bid")
                self.phase = "double"
                self.turn = self.next_to_speak()
                return
            self.say(f"{self.names[seat]} redoubles. There is no more doubling.", kind="bid")
            self.start_tricks()
            return
        self.betting = self.betting.pass_(seat)
        if not self.betting.closed:
            self.turn = self.next_to_speak()
            self.say(f"{self.names[seat]} does not redouble and leaves it to {self.names[self.turn]}.", kind="bid")
            return
        self.say(f"{self.names[seat]} does not redouble either.", kind="bid")
        self.start_tricks()

    def next_to_speak(self) -> int:
        seat = self.betting.to_speak
        assert seat is not None
        return seat

    def start_tricks(self) -> None:
        self.start_play(self.next_seat(self.dealer))

    def card_played(self, seat: int, card: Card) -> None:
        if not self.dummy_exposed:
            self.expose_dummies()

    # -- scoring
    def hand_done(self) -> None:
        assert self.strain is not None
        tricks = self.side_tricks()
        win = 0 if tricks[0] > tricks[1] else 1
        odd = tricks[win] - BOOK
        value = self.values[self.strain]
        below = odd * value * self.multiplier
        above = [0, 0]
        how = multiplier_words(self.multiplier)
        sum_text = f"{odd} × {value}" + (f" × {self.multiplier} ({how})" if self.multiplier > 1 else "")
        self.say(f"{self.side_name(win)} take {tricks[win]} tricks: {plural(odd, 'odd trick')} at "
                 f"{strain_words(self.strain)}, {sum_text} = {below} below the line.", kind="score")
        side, points, text = honours_above(self.dealt, self.strain, value)
        if side is not None:
            above[side] += points
            self.say(f"{self.side_name(side)} held {text}: {points} above the line.", kind="score")
        if self.trump is not None:
            for s, seats in enumerate(TEAMS):
                voids = [seat for seat in seats if not C.of_suit(self.dealt[seat], self.trump)]
                if len(voids) == 2:
                    above[s] += 4 * value
                    self.say(f"Double chicane: neither {self.names[voids[0]]} nor {self.names[voids[1]]} "
                             f"was dealt a trump, {4 * value} above the line to {self.side_name(s)}.",
                             kind="score")
                elif voids:
                    above[s] += 2 * value
                    self.say(f"Chicane: {self.names[voids[0]]} was dealt no trumps, {2 * value} above the "
                             f"line to {self.side_name(s)}.", kind="score")
        if tricks[win] == 13:
            above[win] += GRAND_SLAM
            self.say(f"Grand slam: {GRAND_SLAM} above the line.", kind="score")
        elif tricks[win] == 12:
            above[win] += LITTLE_SLAM
            self.say(f"Little slam: {LITTLE_SLAM} above the line.", kind="score")
        below_pts = [below if s == win else 0 for s in (0, 1)]
        self.record_row(f"Hand {self.hand_no}", above, below_pts)
        self.below[win] += below
        if self.below[win] >= GAME:
            self.game_won(win)
        self.hand_ended()  # the rows above and below the line: the shared hand summary
        if self.rubber_winner is not None:
            self.finish()
        else:
            self.start_hand()

    def record_row(self, label: str, above: list[int], below: list[int],
                   shown: list[int | str] | None = None) -> None:
        for s in (0, 1):
            self.above_total[s] += above[s]
            self.below_total[s] += below[s]
        self.sheet.add(label, [above[0], below[0], below[1], above[1]], shown)

    def game_won(self, side: int) -> None:
        self.games_won[side] += 1
        score = f"{self.below[side]} to {self.below[1 - side]}"
        self.say(f"{self.side_name(side)} reach {self.below[side]} below the line and win game "
                 f"{self.game_no} ({score}). A line is drawn under the game.", kind="score")
        self.sheet.add(f"Game {self.game_no} won by {self.side_name(side)}", [0, 0, 0, 0], ["", "—", "—", ""])
        self.below = [0, 0]
        self.game_no += 1
        if self.games_won[side] == 2:
            self.rubber_winner = side
            other = self.games_won[1 - side]
            tally = "two games to nil" if other == 0 else "two games to one"
            self.say(f"{self.side_name(side)} win the rubber, {tally}.", kind="score")
            bonus = self.options["rubber_bonus"]
            if bonus:
                above = [bonus if s == side else 0 for s in (0, 1)]
                self.record_row("Rubber bonus", above, [0, 0])
                self.say(f"{self.side_name(side)} add {bonus} above the line for the rubber.", kind="score")

    def match_totals(self) -> list[int]:
        return [self.above_total[s] + self.below_total[s] for s in (0, 1)]

    def finish(self) -> None:
        assert self.rubber_winner is not None
        totals = self.match_totals()
        rubber = self.side_name(self.rubber_winner)
        self.say(f"Match totals, above and below the line: {self.side_name(0)} {totals[0]}, "
                 f"{self.side_name(1)} {totals[1]}.", kind="score")
        if totals[0] == totals[1]:
            self.end((0, 1, 2, 3), f"The match is drawn at {totals[0]} points each "
                                   f"({rubber} won the rubber).")
            return
        best = 0 if totals[0] > totals[1] else 1
        score = f"{max(totals)} to {min(totals)}"
        if best == self.rubber_winner:
            text = f"{self.side_name(best)} win the rubber and the match, {score}."
        else:
            text = (f"{rubber} win the rubber, but {self.side_name(best)} win the match on points, "
                    f"{score}.")
        self.end(TEAMS[best], text)

    # -- what the reader sees
    def status(self) -> str:
        games = f"Games: {self.side_name(0)} {self.games_won[0]}, {self.side_name(1)} {self.games_won[1]}"
        line = f"below the line this game: {self.below[0]}–{self.below[1]}"
        if self.strain is None:
            return f"{games}; {line}"
        how = multiplier_words(self.multiplier)
        contract = f"{strain_words(self.strain).capitalize()}{', ' + how if how else ''}, played by " \
                   f"{self.names[self.dealer]}"
        return f"{contract}; {games}; {line}"

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "declare":
            if self.passed_to_partner:
                return f"{name}: your partner passed the choice to you — name trumps or no trumps."
            return f"{name}: name trumps or no trumps, or pass the choice to your partner."
        if self.phase == "double":
            return f"{name}: double {strain_words(self.strain or NT)}, or pass?"
        if self.phase == "redouble":
            return f"{name}: your side has been doubled — redouble, or pass?"
        return self.play_prompt()

    def describe(self, action: Action) -> str:
        if action == "notrump":
            return "No trumps"
        if action.startswith("trump:") and action[6:] in SUIT_BY_LETTER:
            return f"{C.SUIT_NAME[SUIT_BY_LETTER[action[6:]]].capitalize()} {C.SUIT_SYMBOL[SUIT_BY_LETTER[action[6:]]]}"
        if action == "pass":
            if self.phase == "declare":
                return "Pass the choice to partner"
            return "Pass"
        if action in ("double", "redouble"):
            return action.capitalize()
        return super().describe(action)


# --- the rule-based bot ----------------------------------------------------------

POINTS = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}


def high_card_points(hand: Mask) -> int:
    return sum(POINTS.get(C.rank_of(c), 0) for c in C.cards_in(hand))


def suit_length(hand: Mask, suit: Suit) -> int:
    return C.count(C.of_suit(hand, suit))


class StraightBridgeBot(WhistBot):
    """Names a long suit or no trumps, passes weak hands to partner, doubles only with trump length."""

    def decide(self, state: StraightBridgeState, legal: list[Action]) -> Action:  # type: ignore[override]
        hand = state.hands[state.turn]
        hcp = high_card_points(hand)
        lengths = {s: suit_length(hand, s) for s in SUITS}
        points = f"{hcp} high-card points"

        def honours(suit: Suit) -> int:
            return sum(1 for r in BRIDGE_HONOURS if hand >> C.make_card(suit, r) & 1)

        def holding(suit: Suit) -> str:
            held = plural(honours(suit), "honour") if honours(suit) else "no honours"
            return f"{plural(lengths[suit], C.SUIT_SINGULAR[suit])} with {held}"

        if state.phase == "declare":
            aces = sum(1 for s in SUITS if hand >> C.make_card(s, ACE) & 1)
            balanced = min(lengths.values()) >= 2 and max(lengths.values()) <= 5
            if aces >= 3:
                return self.because("notrump", f"declares no trumps holding {aces} aces")
            if balanced and hcp >= 16:
                return self.because("notrump", f"declares no trumps with a balanced hand of {points}")

            def worth(suit: Suit) -> tuple[float, int]:
                return lengths[suit] + 0.5 * honours(suit), state.values[C.SUIT_LETTER[suit]]

            best = max(SUITS, key=worth)
            if "pass" in legal and hcp < 11 and lengths[best] < 6:
                return self.because("pass", f"only {points} and no six-card suit: leaves the choice to partner")
            return self.because(f"trump:{C.SUIT_LETTER[best]}", f"names {C.SUIT_NAME[best]}, its best suit for "
                                                               f"length and honours: {holding(best)}")
        if state.phase in ("double", "redouble") and state.multiplier >= (2 if state.phase == "double" else 4):
            # One double and one redouble are enough, even where the laws allow more.
            return self.because("pass", f"the stakes are already {multiplier_words(state.multiplier)}: "
                                        "doubles no further")
        if state.phase == "double":
            if state.trump is None:
                if hcp >= 18:
                    return self.because("double", f"doubles no trumps with {points}")
                return self.because("pass", f"{points} are too few to double no trumps (it wants 18)")
            trump = state.trump
            if lengths[trump] >= 5 and honours(trump) >= 2 and hcp >= 12:
                return self.because("double", f"doubles holding {holding(trump)} and {points}")
            return self.because("pass", f"too weak to double: {holding(trump)} and {points} (it wants five "
                                        "trumps, two honours and 12 points)")
        if state.phase == "redouble":
            if state.trump is None:
                if hcp >= 20:
                    return self.because("redouble", f"redoubles no trumps with {points}")
                return self.because("pass", f"{points} are too few to redouble no trumps (it wants 20)")
            if lengths[state.trump] >= 6 and hcp >= 14:
                return self.because("redouble", f"redoubles holding {holding(state.trump)} and {points}")
            return self.because("pass", f"too weak to redouble: {holding(state.trump)} and {points} (it wants "
                                        "six trumps and 14 points)")
        return super().decide(state, legal)


SPEC = GameSpec(info=INFO, options=OPTIONS, state=StraightBridgeState, rule_bot=StraightBridgeBot)
