"""Whist, as the Carrillo family plays it (seed 000), with the standard games as options.

Four players in two fixed partnerships (South–North against West–East) play
thirteen tricks a deal with the full pack.  The last card dealt (the
dealer's own) is turned up and fixes the trump suit; it stays face up until
the dealer plays to the first trick.  The dealer's left leads; suit must be
followed.  The side that takes more than six tricks scores one point for
each trick over six (the "odd tricks").

House rules (option ``game``): to 5 points counting tricks only (default),
or to 10 points counting honours (ace, king, queen and jack of trumps; the
ten is not an honour).  Standard games: English short whist (5 points with
honours), long whist (9 with honours), American whist (7, tricks only).

Honours, when they count: a side holding all four between its two hands
scores 4, three of them 2.  Tricks are scored first; a side one point short
of the target when the deal began cannot score honours, and honours never
finish a game by themselves (they stop one point short).  The family's
ten-point game follows the same two limits, as the old ten-point long whist
did ("at nine, honours do not count").

This module also holds what Dummy Whist and Straight Bridge share with
Whist: partnerships that may change from deal to deal, dummies, trick
counting by sides, the view and the card-playing bot.
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, MatchScoring, Target, plural, team_names
from ..tricks import TrickGameState, lowest_words

TEAMS = PARTNERS_4
HAND_SIZE = 13
BOOK = 6
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_BY_LETTER = {C.SUIT_LETTER[s]: s for s in SUITS}
#: The whist honours: ace, king, queen and jack of trumps (not the ten).
WHIST_HONOURS = (ACE, KING, QUEEN, JACK)
#: Points for honours held by one side: all four, any three.
HONOUR_POINTS = {4: 4, 3: 2}

#: ``game`` option value → (points to win, honours counted).
GAMES: dict[str, tuple[int, bool]] = {
    "five": (5, False),
    "ten-honours": (10, True),
    "short": (5, True),
    "long": (9, True),
    "american": (7, False),
}

INFO = GameInfo(
    id="whist",
    name="Whist",
    family="Trick-taking",
    players=(4,),
    pack="52 cards",
    min_age=8,
    skill="Medium",
    kinds=("trick-taking",), deck="french52", minutes=(20, 40),
    summary="Two pairs of partners; the last card dealt fixes trumps, and every trick a side "
            "takes beyond six scores a point.",
    house_rule="Play to 5 points counting tricks only, or to 10 points counting honours (A K Q J of trumps).",
    standard_rule="English short whist: 5 points with honours (none for a side on 4); long whist to 9; "
                  "American whist to 7 without honours.",
    source="The Carrillo family's two games; Pagat's Whist and the Laws of Short Whist "
           "for the standard rules.",
    short_rules=(
        "Four players, partners opposite; 52 cards, 13 each, dealt one at a time.",
        "The last card dealt (the dealer's) is turned up: its suit is trumps.",
        "The dealer's left leads; follow suit if you can; highest trump, else highest card of the "
        "suit led, wins; the winner leads next.",
        "The side with more than six tricks scores 1 point per trick over six.",
        "Family game (default): first side to 5 points, tricks only.",
        "Family game with honours: to 10; A K Q J of trumps held by one side: all four 4, three 2; "
        "no honours for a side on 9, and honours never finish the game.",
        "Options: short whist (5, honours), long whist (9, honours), American whist (7, no honours).",
        "The deal passes to the left.",
    ),
    readings=(
        Reading("In the family's ten-point game, may a side close to 10 still score honours?",
                "The same limits as short whist, scaled to ten: no honours for a side on 9, and honours "
                "never finish the game, as the old ten-point laws did. The older custom of calling "
                "honours at eight is not played."),
        Reading("May honours finish a game? The 1864 laws only forbid them to a side on 4.",
                "No, in every game with honours, as Pagat's account of short whist says, so every game is "
                "won by tricks.",
                "game", "short"),
        Reading("One game or a rubber?",
                "One game to the target, as the family plays; rubbers are left to Straight Bridge."),
    ),
)

OPTIONS = (
    Option("game", "five", "How far the game goes and whether honours count.",
           choices={"five": "to 5 points, tricks only (family rule)",
                    "ten-honours": "to 10 points, honours counted (family rule)",
                    "short": "to 5 points, honours counted: English short whist (standard)",
                    "long": "to 9 points, honours counted: long whist",
                    "american": "to 7 points, tricks only: American whist"},
           standard="short"),
)


def suit_words(suit: Suit) -> str:
    return f"{C.SUIT_NAME[suit]} {C.SUIT_SYMBOL[suit]}"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(C.short(c) for c in cards)


def honour_cards(hands: Sequence[Mask], seats: Sequence[int], trump: Suit,
                 ranks: Sequence[int] = WHIST_HONOURS) -> list[Card]:
    """The honours of ``trump`` held (as dealt) in the hands of ``seats``, highest first."""
    held = 0
    for seat in seats:
        held |= hands[seat]
    return [C.make_card(trump, r) for r in ranks if held >> C.make_card(trump, r) & 1]


def whist_honours(hands: Sequence[Mask], sides: Sequence[Sequence[int]], trump: Suit) -> tuple[int | None, int, list[Card]]:
    """(side, points, cards) for whist honours: 4 for all four, 2 for three; (None, 0, []) if divided."""
    for side, seats in enumerate(sides):
        cards = honour_cards(hands, seats, trump)
        if len(cards) in HONOUR_POINTS:
            return side, HONOUR_POINTS[len(cards)], cards
    return None, 0, []


def honours_scored(before: int, after_tricks: int, points: int, target: int) -> int:
    """Honour points a side may add: none from one short of the target, never up to the target."""
    if points <= 0 or before >= target - 1 or after_tricks >= target:
        return 0
    return max(0, min(points, target - 1 - after_tricks))


# --- what Whist, Dummy Whist and Straight Bridge share ------------------------

class WhistFamilyState(TrickGameState):
    """Thirteen tricks between two sides, with dummies played by another seat.

    A game says who sits where (:meth:`seat_names`), the sides of the current
    deal (:meth:`sides`), which seats are dummies and who plays them
    (:meth:`dummy_owner`), and whether the dummies lie face up yet
    (``self.dummy_exposed``).  Seats with a player come first: player ``p``'s
    own hand is seat ``p``.
    """

    def setup(self) -> None:
        self.names = self.seat_names()
        self.trump: Suit | None = None
        self.dummy_exposed = False
        self.dealt: list[Mask] = []
        #: A card turned up to fix trumps, face up until its holder (the dealer) plays to the first trick.
        self.trump_card: Card | None = None
        self.trump_card_up = False
        super().setup()

    # -- who is who (games override these)
    def seat_names(self) -> list[str]:
        return list(self.names)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The two sides of this deal, as tuples of seats."""
        return TEAMS

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides()) if seat in side)

    def side_name(self, side: int) -> str:
        return " & ".join(self.names[s] for s in self.sides()[side])

    def dummies(self) -> tuple[int, ...]:
        """Seats whose cards are played by another player this deal."""
        return ()

    def dummy_owner(self, seat: int) -> int | None:
        """Who plays a dummy seat's cards (``None``: the seat plays its own)."""
        return None

    def controller(self, seat: int) -> int:
        owner = self.dummy_owner(seat)
        return seat if owner is None else owner

    def player_seats(self) -> list[int]:
        return list(range(self.n))

    # -- dealing
    def deal_thirteen(self) -> Card:
        """Shuffle and deal thirteen cards to every hand, one at a time from the dealer's left.

        Return the last card dealt (it goes to the dealer)."""
        cards = self.shuffled_pack()
        order = [self.next_seat(self.dealer, i + 1) for i in range(self.table_size)]
        last = cards[HAND_SIZE * self.table_size - 1]
        rest = self.deal(cards, each=HAND_SIZE)
        assert not rest and order[-1] == self.dealer
        self.dealt = list(self.hands)
        return last

    def turn_up_trump(self, card: Card) -> None:
        """The last card dealt, the dealer's, is turned up: its suit is trumps."""
        self.trump_card = card
        self.trump_card_up = True
        self.set_trumps(C.suit_of(card))

    def card_played(self, seat: int, card: Card) -> None:
        if seat == self.dealer and self.trump_card_up:
            self.trump_card_up = False

    def side_tricks(self) -> list[int]:
        return [sum(self.tricks_won[s] for s in side) for side in self.sides()]

    def expose_dummies(self) -> None:
        if self.dummy_exposed or not self.dummies():
            return
        self.dummy_exposed = True
        for seat in self.dummies():
            owner = self.dummy_owner(seat)
            shown = cards_text(self.display_order(C.cards_in(self.hands[seat])))
            if self.names[seat] == "Dummy":
                who = f"; {self.names[owner]} plays it" if owner is not None else ""
                self.say(f"The dummy's hand is laid face up: {shown}{who}.", kind="dummy")
            else:
                whose = f"{self.names[owner]}'s dummy" if owner is not None else "a dummy"
                self.say(f"{self.names[seat]}'s hand is laid face up as {whose}: {shown}.", kind="dummy")

    # -- what the reader sees
    def role(self, seat: int) -> str:
        roles = []
        if seat == self.dealer:
            roles.append("dealer")
        owner = self.dummy_owner(seat) if seat in self.dummies() else None
        if seat in self.dummies():
            dummy = "" if self.names[seat] == "Dummy" else "dummy, "
            roles.append(f"{dummy}played by {self.names[owner]}" if owner is not None else "dummy")
        return ", ".join(roles)

    def seat_info(self, seat: int) -> str:
        return plural(self.tricks_won[seat], "trick") if self.phase == "play" or self.tricks_played else ""

    def centre(self, player: int | None) -> list[dict[str, Any]]:
        if self.trump_card_up and self.trump_card is not None:
            return [{"kind": "cards", "label": f"Turned up ({self.names[self.dealer]}'s card until the first trick)",
                     "cards": [C.code(self.trump_card)]}]
        return []

    def status(self) -> str:
        if self.trump is None:
            return "No trumps" if getattr(self, "no_trumps", False) else ""
        return f"Trumps: {suit_words(self.trump)}"

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.table_size):
            face_up = s in self.dummies() and self.dummy_exposed
            seats.append(self.seat_view(s, player, self.hands[s], role=self.role(s),
                                        info=self.seat_info(s), face_up=face_up))
        tricks = self.side_tricks()
        sides = ", ".join(f"{self.side_name(i)} {plural(t, 'trick')}" for i, t in enumerate(tricks))
        status = "; ".join(x for x in (self.status(), sides if self.phase == "play" else "") if x)
        view = self.table_view(seats, self.centre(player), status)
        if player is not None and self.phase == "play":
            mine = [s for s in range(self.table_size) if self.controller(s) == player]
            if mine != [player]:
                view["controls"] = mine
        return view

    def prompt(self) -> str:
        return self.play_prompt()

    def play_prompt(self) -> str:
        name = self.names[self.controller(self.turn)]
        verb = "lead" if not self.trick.plays else "play"
        if self.controller(self.turn) != self.turn:
            return f"{name}: {verb} a card from {self.names[self.turn]}'s hand (the dummy)."
        return f"{name} to {verb}."

    def describe(self, action: Action) -> str:
        card = self.pack.find(action)
        if card is not None and self.phase == "play" and self.controller(self.turn) != self.turn:
            return f"Play {C.short(card)} from the dummy"
        return super().describe(action)


# --- Whist ---------------------------------------------------------------------

class WhistState(MatchScoring, WhistFamilyState):
    """Four players, South–North against West–East; trumps from the last card dealt."""

    def setup(self) -> None:
        points, self.count_honours = GAMES[self.options["game"]]
        self.match_end = Target(points)
        self.sheet = ScoreSheet(team_names(self.names, TEAMS), note=self.target_note())
        super().setup()

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column]

    def target_note(self) -> str:
        honours = ("honours count (not for a side one point short of the target, and never "
                   "to finish the game)" if self.count_honours else "tricks only")
        return f"First side to {self.match_end.points} points wins; {honours}."

    def start_hand(self) -> None:
        self.next_hand()
        self.turn_up_trump(self.deal_thirteen())
        assert self.trump_card is not None and self.trump is not None
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals thirteen cards to each player "
                 f"and turns up the last one, {C.short(self.trump_card)}: {suit_words(self.trump)} "
                 f"are trumps.", kind="deal")
        self.start_play(self.next_seat(self.dealer))

    def hand_done(self) -> None:
        tricks = self.side_tricks()
        winner = 0 if tricks[0] > tricks[1] else 1
        odd = tricks[winner] - BOOK
        points = [0, 0]
        points[winner] = odd
        before = list(self.sheet.totals)
        self.say(f"{self.side_name(winner)} take {tricks[winner]} tricks: "
                 f"{plural(odd, 'point')} for the odd tricks.", kind="score")
        shown: list[int | str] = [p for p in points]
        if self.count_honours and before[winner] + odd < self.match_end.points:
            assert self.trump is not None
            side, value, cards = whist_honours(self.dealt, TEAMS, self.trump)
            if side is None:
                self.say("Honours are divided: no score for them.", kind="score")
            else:
                after = before[side] + points[side]
                scored = honours_scored(before[side], after, value, self.match_end.points)
                name = self.side_name(side)
                held = f"{name} held {'all four' if len(cards) == 4 else 'three'} honours ({cards_text(cards)})"
                if scored == value:
                    self.say(f"{held}: {value} more points.", kind="score")
                elif before[side] >= self.match_end.points - 1:
                    self.say(f"{held}, but a side on {before[side]} cannot score honours.", kind="score")
                else:
                    only = f"only {plural(scored, 'point')}" if scored else "nothing"
                    self.say(f"{held}: honours cannot finish the game, so they score {only}.", kind="score")
                if scored:
                    points[side] += scored
                    shown[side] = f"{points[side] - scored}+{scored}h" if points[side] != scored else f"{scored}h"
        self.score_hand(points, shown)


# --- the rule-based bot --------------------------------------------------------

class WhistBot(RuleBot):
    """Plays sure winners, wins tricks cheaply, keeps out of its partner's way, discards low.

    Card play works for every game on :class:`WhistFamilyState`; games with
    decisions before the play override :meth:`decide`.
    """

    def choose(self, state: WhistFamilyState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase != "play":
            action = self.decide(state, legal)
        else:
            action = C.code(self.play(state, [state.pack.card(a) for a in legal]))
        if action in legal:
            return action
        return self.because(legal[0], f"falls back to {legal[0]}: {action} is not allowed here")

    def decide(self, state: WhistFamilyState, legal: list[Action]) -> Action:
        return self.because(legal[0], f"takes the first choice, {legal[0]}")

    @staticmethod
    def masters(state: WhistFamilyState, seat: int) -> set[Card]:
        """Cards in ``seat``'s hand that no unplayed card of their suit can beat."""
        gone = state.hands[seat]
        for trick in state.tricks_played:
            gone |= C.mask_of(trick.cards)
        gone |= C.mask_of(state.trick.cards)
        out = set()
        for card in C.cards_in(state.hands[seat]):
            suit, rank = C.suit_of(card), C.rank_of(card)
            if all(gone >> C.make_card(suit, r) & 1 for r in range(rank + 1, ACE + 1)):
                out.add(card)
        return out

    def play(self, state: WhistFamilyState, cards: list[Card]) -> Card:
        rules, trump = state.rules, state.trump
        me = state.turn
        trick = state.trick

        def cheap(card: Card) -> tuple[bool, int]:
            return (C.suit_of(card) == trump, C.rank_of(card))

        def length(card: Card) -> int:
            return C.count(C.of_suit(state.hands[me], C.suit_of(card)))

        masters = self.masters(state, me)
        if not trick.plays:
            plain_masters = [c for c in cards if c in masters and C.suit_of(c) != trump]
            trumps = [c for c in cards if C.suit_of(c) == trump]
            if trumps and len(trumps) >= 5 and any(c in masters for c in trumps):
                card = max(trumps, key=C.rank_of)
                return self.because(card, f"draws trumps with the {C.short(card)}, holding "
                                          f"{plural(len(trumps), 'trump')} and the master")
            if plain_masters:
                card = max(plain_masters, key=lambda c: (length(c), C.rank_of(c)))
                return self.because(card, f"leads the {C.short(card)}, a sure winner: no higher "
                                          f"{C.SUIT_SINGULAR[C.suit_of(card)]} is still out")
            plain = [c for c in cards if C.suit_of(c) != trump] or cards
            card = min(plain, key=lambda c: (-length(c), C.rank_of(c)))
            if C.suit_of(card) == trump:
                return self.because(card, f"holds only trumps, so leads the lowest, the {C.short(card)}")
            return self.because(card, f"has no sure winner, so leads the {C.short(card)}, the lowest of its "
                                      f"longest suit ({plural(length(card), C.SUIT_SINGULAR[C.suit_of(card)])})")
        led = rules.suit(trick.plays[0][1])
        index = rules.winning_play(trick)
        win_seat, win_card = trick.plays[index]
        best = rules.power(win_card, led)
        last = len(trick) == state.trick_size() - 1
        side = state.side_of(me)
        partner_winning = state.side_of(win_seat) == side
        beaters = [c for c in cards if rules.power(c, led) > best]
        if partner_winning:
            safe = last or best >= 1000 or win_card in self.masters_after(state, win_card)
            if safe or not beaters:
                card = self.discard(cards, trump, cheap)
                holds = ("takes the trick" if last else "holds the trick with a trump" if best >= 1000 else
                         "cannot be beaten" if safe else "is winning and it cannot beat it anyway")
                return self.because(card, f"partner's {C.short(win_card)} {holds}, so plays the "
                                          f"{C.short(card)}, {lowest_words(rules, cards, card)}")
        if beaters:
            second = len(trick) == 1
            cheapest = min(beaters, key=lambda c: rules.power(c, led))
            if not second or last or cheapest in masters or C.suit_of(cheapest) == trump:
                if partner_winning:
                    return self.because(cheapest, f"partner's {C.short(win_card)} may be beaten, so overtakes "
                                                  f"with the {C.short(cheapest)}, the cheapest card that wins")
                if C.suit_of(cheapest) == trump and led != trump:
                    return self.because(cheapest, f"trumps the {C.short(win_card)} with the {C.short(cheapest)}, "
                                                  "its lowest winning trump")
                if cheapest in masters:
                    return self.because(cheapest, f"beats the {C.short(win_card)} with the {C.short(cheapest)}, "
                                                  "which nobody can beat")
                return self.because(cheapest, f"beats the {C.short(win_card)} with the {C.short(cheapest)}, "
                                              "the cheapest card that wins")
            card = self.discard(cards, trump, cheap)
            return self.because(card, f"second hand plays low: keeps its winners back and plays the "
                                      f"{C.short(card)}, {lowest_words(rules, cards, card)}")
        card = self.discard(cards, trump, cheap)
        return self.because(card, f"cannot beat the {C.short(win_card)}, so plays the {C.short(card)}, "
                                  f"{lowest_words(rules, cards, card)}")

    @staticmethod
    def masters_after(state: WhistFamilyState, card: Card) -> set[Card]:
        """``{card}`` if no unplayed card of its suit outranks it (the trick's card is safe)."""
        gone = 0
        for trick in state.tricks_played:
            gone |= C.mask_of(trick.cards)
        gone |= C.mask_of(state.trick.cards) | state.hands[state.turn]
        suit, rank = C.suit_of(card), C.rank_of(card)
        if all(gone >> C.make_card(suit, r) & 1 for r in range(rank + 1, ACE + 1)):
            return {card}
        return set()

    @staticmethod
    def discard(cards: list[Card], trump: Suit | None, cheap: Any) -> Card:
        return min(cards, key=cheap)


SPEC = GameSpec(info=INFO, options=OPTIONS, state=WhistState, rule_bot=WhistBot)
