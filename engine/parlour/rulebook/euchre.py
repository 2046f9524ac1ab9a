"""Euchre, as the Carrillo family plays it: game to 11, with the standard rules as options.

Four players in two partnerships (South–North against West–East) play five
tricks a hand with the 24-card pack (nine to ace).  The jack of trumps (the
*right bower*) is the top trump and the other jack of the same colour (the
*left bower*) the second; the left bower belongs to the trump suit for
following, leading and winning.

A hand: five cards each, dealt three then two, and the next card turned up.
Round one, from the dealer's left: pass, or order the turned card's suit as
trumps (the dealer then picks the card up and discards one).  Round two, if
all passed: pass, or name any other suit.  If all pass twice the hand is
thrown in and the next player deals (option ``all_pass: stick``: the dealer
must name a suit).  The maker may go alone: the partner's hand sits out.

Scoring: the makers' side takes 3 or 4 tricks: 1 point; all five (a march):
2, or 4 when the maker went alone; fewer than 3 (euchred): the defenders
score 2.  House rule: game to 11 (standard: 10).

Euchridge (:mod:`parlour.rulebook.euchridge`) reuses this state with a dummy.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, SPADES, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..deals import TurnUp
from ..scoring import PARTNERS_4, MatchScoring, Target, names_and, plural, team_names, team_of
from ..tricks import TrickGameState, TrickRules, taking_verb

TEAMS = PARTNERS_4
assert all(team_of(seat, TEAMS) == seat % 2 for seat in range(4))  # what EuchreState.column_of reads
HAND_SIZE = 5
TRICKS = 5
#: Plain ranks, low to high; a jack that is not a bower ranks between ten and queen.
RANKS = (9, 10, JACK, 12, 13, ACE)
#: ``order()`` values of the two bowers: above the ace (index 5).
LEFT_BOWER, RIGHT_BOWER = 6, 7
SAME_COLOUR: dict[Suit, Suit] = {CLUBS: SPADES, SPADES: CLUBS, DIAMONDS: HEARTS, HEARTS: DIAMONDS}
SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_BY_LETTER = {C.SUIT_LETTER[s]: s for s in SUITS}
#: Points for the makers' side: 3 or 4 tricks, a march, a march alone; a euchre gives the other side 2.
POINTS_MADE, POINTS_MARCH, POINTS_MARCH_ALONE, POINTS_EUCHRE = 1, 2, 4, 2

INFO = GameInfo(
    id="euchre",
    name="Euchre",
    family="Trick-taking",
    players=(4,),
    pack="24 cards (9 to ace)",
    min_age=10,
    skill="Medium",
    kinds=("trick-taking", "bidding"), deck="french24", minutes=(30, 45),
    summary="Two pairs of partners make trumps from a turned-up card and race to take three "
            "tricks of five; the two jacks of the trump colour are the top trumps.",
    house_rule="The game is played to 11 points.",
    standard_rule="Game to 10 points; all passing twice throws the hand in (stick-the-dealer is an option).",
    source="The Carrillo family (game to 11); Pagat's Euchre for the rules of play and scoring.",
    short_rules=(
        "Four players, partners opposite; 24 cards (9 to ace); five cards each, dealt 3 then 2; "
        "the next card is turned up.",
        "Trumps rank: jack of trumps (right bower), the other jack of the same colour (left bower), "
        "A K Q 10 9. The left bower counts as a trump, not as its printed suit.",
        "Round one, from the dealer's left: pass or order up the turned card's suit; the dealer "
        "then picks it up and discards another card (option: the turned card itself may go).",
        "Round two: pass or name any other suit. All pass twice: the next player deals "
        "(option: stick the dealer, who must name).",
        "The maker may go alone; the partner's hand sits out.",
        "The dealer's left leads; follow suit if you can; highest trump, else highest card of the "
        "suit led, wins.",
        "Makers take 3-4 tricks: 1 point; all 5: 2 (alone: 4); fewer than 3: defenders score 2.",
        "First side to 11 points wins (standard: 10).",
    ),
    readings=(
        Reading("The family's page says only that they play Euchre to 11.",
                "Everything else is the standard game: the bowers, the two rounds of making trumps, "
                "going alone and the scoring table."),
        Reading("May the dealer discard the turned-up card just taken into the hand?",
                "No: the classic laws and Hoyle keep it in the dealer's hand, since everyone saw it "
                "taken up.",
                "upcard_discard", "allowed"),
        Reading("What happens when all four pass twice? The family does not say.",
                "The standard rule: the hand is thrown in and the next player deals.",
                "all_pass", "stick"),
        Reading("With stick the dealer, may the stuck dealer name the suit that was turned down?",
                "No: the round-two rule still applies, so one of the other three suits."),
        Reading("Three cards then two, or two then three?",
                "Always three to everyone, then two; it changes only the order the cards arrive in."),
        Reading("When the dealer's partner goes alone, does the sitting-out dealer take the turned card?",
                "No: it stays on the kitty, since the dealer's hand is not played; some groups exchange "
                "it anyway, which changes nothing in the play."),
    ),
)

OPTIONS = (
    Option("target", 11, "Points a side needs to win the game.",
           choices={11: "11 points (house rule)", 10: "10 points (standard)"}, standard=10),
    Option("all_pass", "redeal", "What happens when everyone passes in both rounds of making trumps.",
           choices={"redeal": "the hand is thrown in and the next player deals (standard)",
                    "stick": "stick the dealer: the dealer may not pass in round two and must name a suit"},
           standard="redeal"),
    Option("upcard_discard", "forbidden", "May the dealer discard the turned-up card just taken up?",
           choices={"forbidden": "no: it stays in the dealer's hand (the classic laws and Hoyle)",
                    "allowed": "yes: any card may be discarded, as many tables play"},
           standard="forbidden"),
)


#: Trump suit → the left bower (the other jack of its colour, either copy), as a mask.
LEFT_BOWERS: dict[Suit, Mask] = {s: C.mask_of(C.make_card(SAME_COLOUR[s], JACK, copy) for copy in (0, 1))
                                 for s in (CLUBS, DIAMONDS, HEARTS, SPADES)}


@dataclass(frozen=True)
class EuchreRules(TrickRules):
    """Euchre's ranking: the two bowers on top of the trump suit, the left bower moved into it."""

    def suit(self, card: Card) -> Suit:
        trump = self.trump
        if trump is not None and card & 15 == JACK and card >> 4 & 15 == SAME_COLOUR[trump]:
            return trump
        return card >> 4 & 15

    def in_suit(self, hand: Mask, suit: Suit) -> Mask:
        trump = self.trump
        if trump is None:
            return hand & C.SUIT_MASKS[suit]
        left = LEFT_BOWERS[trump]
        if suit == trump:
            return hand & (C.SUIT_MASKS[suit] | left)
        return hand & C.SUIT_MASKS[suit] & ~left

    def order(self, card: Card) -> int:
        if self.trump is not None and card & 15 == JACK:
            suit = card >> 4 & 15
            if suit == self.trump:
                return RIGHT_BOWER
            if suit == SAME_COLOUR[self.trump]:
                return LEFT_BOWER
        return RANKS.index(card & 15)


@functools.cache
def euchre_rules(trump: Suit | None) -> EuchreRules:
    """The rules of play with ``trump`` (one object per suit: the bots ask for them on every move)."""
    return EuchreRules(trump=trump, ranking=RANKS)


#: The rules while trumps are being made (euchre_rules(None)), set at every deal.
NO_TRUMP_RULES = euchre_rules(None)


@functools.cache
def seats_without(seats: int, out: int | None) -> list[int]:
    """The seats of a table of ``seats``, less the one sitting ``out`` (asked on every card played;
    the list is shared, so callers must not change it)."""
    return [s for s in range(seats) if s != out]


def suit_words(suit: Suit) -> str:
    return f"{C.SUIT_NAME[suit]} {C.SUIT_SYMBOL[suit]}"


# The story's lines of a hand's deal, bidding and score, written only when someone reads the story (a
# search deals, bids and scores many hands nobody reads): see State.say_later.
def deal_line(hand_no: int, dealer: str, dummy: bool, upcard: Card) -> str:
    whom = "each player and to the dummy" if dummy else "each player"
    return f"Hand {hand_no}: {dealer} deals five cards to {whom}, three then two, and turns up {C.short(upcard)}."


def passes_line(name: str) -> str:
    return f"{name} passes."


def turned_down_line(dealer: str, upcard: Card) -> str:
    return f"Everyone has passed: {dealer} turns {C.short(upcard)} down. Any other suit may now be named as trumps."


def thrown_in_line(next_dealer: str) -> str:
    return f"Everyone has passed twice: the hand is thrown in and {next_dealer} deals next."


def trumps_line(how: str, name: str, suit: Suit, upcard: Card, dealer: str) -> str:
    """How trumps were made: ``how`` is "names" (round two), "takes up" (the dealer), "assists" (the
    dealer's partner) or "orders up"."""
    if how == "names":
        return f"{name} names {suit_words(suit)} as trumps."
    if how == "assists":
        return f"{name} assists: {dealer} will take up {C.short(upcard)}, and {suit_words(suit)} are trumps."
    return f"{name} {how} {C.short(upcard)}: {suit_words(suit)} are trumps."


def alone_line(name: str, out: str) -> str:
    return f"{name} goes alone: {out} lays down their cards and sits out this hand."


def upcard_kept_line(dealer: str, upcard: Card) -> str:
    return f"{dealer} sits out, so {C.short(upcard)} stays with the kitty."


def picks_up_line(dealer: str, upcard: Card) -> str:
    return f"{dealer} picks up {C.short(upcard)} and must discard a card."


def discard_line(name: str, card: Card, seat: int) -> tuple[str, str, int]:
    return f"{name} discards a card face down.", f"{name} discards {C.short(card)}.", seat


def march_line(side: str, take: str, alone: bool, won: int) -> str:
    return f"{side} {take} all five tricks: {'a march alone' if alone else 'a march'}, {won} points."


def made_line(side: str, take: str, taken: int) -> str:
    return f"{side} {take} {taken} tricks: 1 point."


def euchred_line(side: str, take: str, taken: int, plural: bool, defenders: tuple[str, ...], several: bool) -> str:
    each = " each" if len(defenders) > 1 else ""
    return (f"{side} {take} only {taken} trick{'s' if taken != 1 else ''} and {'are' if plural else 'is'} "
            f"euchred: {names_and(list(defenders))} score{'' if several else 's'} {POINTS_EUCHRE}{each}.")


class EuchreState(TurnUp, MatchScoring, TrickGameState):
    """Four players, partners opposite.  Subclasses may add a dummy seat (Euchridge)."""

    pack = C.FRENCH_24
    #: The dummy's seat (a hand with no player), or ``None``.
    dummy: ClassVar[int | None] = None
    #: Whether a maker may announce going alone.
    may_go_alone: ClassVar[bool] = True

    def setup(self) -> None:
        self.names = self.seat_names()
        self.match_end = Target(self.options["target"])
        self.sheet = ScoreSheet(self.score_columns(), note=self.match_end.describe())
        self.maker: int | None = None
        self._alone = False  # the table is not laid yet: start_hand settles who plays
        self.trump: Suit | None = None
        super().setup()

    # -- who is who (Euchridge overrides these)
    def seat_names(self) -> list[str]:
        return list(self.names)

    def score_columns(self) -> list[str]:
        return team_names(self.names, TEAMS)

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column]

    def column_of(self, seat: int) -> int:
        """The score column a seat's tricks count for this hand."""
        return seat % 2  # team_of(seat, TEAMS), worked out: South & North (0, 2), West & East (1, 3)

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4

    def player_seats(self) -> list[int]:
        return list(range(self.n))

    def next_player(self, seat: int) -> int:
        """The next player clockwise (a dummy never deals nor makes trumps)."""
        return (seat + 1) % self.n

    def allies(self, seat: int) -> set[int]:
        """Seats whose tricks count with ``seat``'s this hand."""
        return {seat, (seat + 2) % 4}

    def makers_seats(self) -> list[int]:
        assert self.maker is not None
        partner = self.partner(self.maker)
        return [self.maker] + ([partner] if partner is not None else [])

    def first_leader(self) -> int:
        """The dealer's left leads; if that player sits out, the next one does."""
        return self.next_to_play(self.dealer)

    def playing_seats(self) -> list[int]:
        return seats_without(self.table_size, self.sitting_out())

    @property
    def alone(self) -> bool:
        """Whether the maker plays alone this hand (the partner sits out)."""
        return self._alone

    @alone.setter
    def alone(self, alone: bool) -> None:
        if not alone and not self._alone and self.everyone_plays:
            return  # nobody sat out and nobody does: the seats stand as settled (every seat)
        self._alone = alone
        self.seats_settled()

    def sitting_out(self) -> int | None:
        # The flag behind the alone property, read directly: this is asked for every card of a lone hand.
        return self.partner(self.maker) if self._alone and self.maker is not None else None

    # -- a hand: deal, make trumps, discard, play
    def start_hand(self) -> None:
        self.new_hand_state()
        if self.hand_no > 1:
            self.dealer = self.next_player(self.dealer)
        self.maker = None
        # alone = False: the seats are settled again only after a lone hand (or before the first), as
        # while every seat plays the settled seats are every seat already.
        self._alone = False
        if not self.everyone_plays:
            self.seats_settled()
        self.trump = None
        self.turned_down: Suit | None = None
        #: This hand's calls in making trumps, in order: (seat, phase, action), for imagined deals.
        self.calls: tuple[tuple[int, str, Action], ...] = ()
        self.rules = NO_TRUMP_RULES
        self.turn_up(self.deal_hands(self.shuffled_pack()))  # the undealt rest is the kitty
        self.upcard_taken = False
        self.dummy_exposed = False
        self._story.append((deal_line, len(self.history), "deal",  # say_later(), written out
                            self.hand_no, self.names[self.dealer], self.dummy is not None, self.upcard))
        self.phase = "order"
        self.turn = self.next_player(self.dealer)

    def deal_hands(self, cards: list[Card]) -> list[Card]:
        """Three cards to each hand, then two, from the dealer's left (a dummy last); return the rest."""
        if self.dummy is None:  # one deal of packets, three then two (the same cards to the same hands)
            return self.deal(cards, each=5, packets=(3, 2))  # every seat is a player's
        rest = list(cards)
        for size in (3, 2):
            rest = self.deal(rest, each=size, packets=(size,), seats=self.player_seats())
            rest = self.deal(rest, each=size, packets=(size,), seats=[self.dummy])
        return rest

    @property
    def upcard_suit(self) -> Suit:
        return C.suit_of(self.upcard)

    def stuck(self) -> bool:
        return self.options["all_pass"] == "stick" and self.phase == "name" and self.turn == self.dealer

    # round one: order up or pass
    def _candidates_order(self) -> list[Action]:
        return ["pass", "order", "alone"] if self.may_go_alone else ["pass", "order"]

    def _legal_order(self) -> list[Action]:
        return self._candidates_order()  # each word offered is open to the player

    def _verify_order(self, action: Action) -> str | None:
        if action in ("pass", "order"):
            return None
        if action == "alone":
            return None if self.may_go_alone else "Nobody goes alone in this game: the maker plays the dummy."
        suit = C.SUIT_NAME[self.upcard_suit]
        if action.startswith(("trump:", "alone:")):
            return (f"In the first round only the turned-up suit ({suit}) can become trumps: "
                    f"order it up or pass.")
        return f"Say pass, or order to make {suit} trumps."

    def _do_order(self, action: Action) -> None:
        seat = self.turn
        self.calls += ((seat, "order", action),)
        if action == "pass":
            self._story.append((passes_line, len(self.history), "bid", self.names[seat]))  # say_later(), written out
            if seat == self.dealer:
                self.turned_down = self.upcard_suit
                self.say_later("bid", turned_down_line, self.names[self.dealer], self.upcard)
                self.phase = "name"
            self.turn = self.next_player(seat)
            return
        self.make_trumps(seat, self.upcard_suit, action == "alone", ordered=True)

    # round two: name another suit or pass
    def _candidates_name(self) -> list[Action]:
        out = ["pass"] + [f"trump:{C.SUIT_LETTER[s]}" for s in SUITS]
        if self.may_go_alone:
            out += [f"alone:{C.SUIT_LETTER[s]}" for s in SUITS]
        return out

    def _verify_name(self, action: Action) -> str | None:
        if action == "pass":
            if self.stuck():
                return "Stick the dealer: everyone else has passed, so you must name a suit."
            return None
        kind, _, letter = action.partition(":")
        if kind not in ("trump", "alone") or letter not in SUIT_BY_LETTER:
            return "Say pass, or name a suit: trump:C, trump:D, trump:H or trump:S."
        if kind == "alone" and not self.may_go_alone:
            return "Nobody goes alone in this game: the maker plays the dummy."
        suit = SUIT_BY_LETTER[letter]
        if suit == self.turned_down:
            return (f"{C.SUIT_NAME[suit].capitalize()} were turned down this hand: "
                    f"name one of the other three suits.")
        return None

    def _do_name(self, action: Action) -> None:
        seat = self.turn
        self.calls += ((seat, "name", action),)
        if action == "pass":
            self.say_later("bid", passes_line, self.names[seat])
            if seat == self.dealer:
                self.say_later("bid", thrown_in_line, self.names[self.next_player(self.dealer)])
                self.start_hand()
                return
            self.turn = self.next_player(seat)
            return
        kind, _, letter = action.partition(":")
        self.make_trumps(seat, SUIT_BY_LETTER[letter], kind == "alone", ordered=False)

    def make_trumps(self, seat: int, suit: Suit, alone: bool, ordered: bool) -> None:
        self.maker, self.trump, self.alone = seat, suit, alone
        self.rules = euchre_rules(suit)
        name, dealer = self.names[seat], self.dealer
        if not ordered:
            how = "names"
        elif seat == dealer:
            how = "takes up"
        elif self.dummy is None and self.partner(seat) == dealer:
            how = "assists"
        else:
            how = "orders up"
        self._story.append((trumps_line, len(self.history), "bid",  # say_later(), written out
                            how, name, suit, self.upcard, self.names[dealer]))
        out = self.sitting_out()
        if alone and out is not None:
            self._story.append((alone_line, len(self.history), "bid", name, self.names[out]))  # say_later()
        if ordered and out == dealer:
            self.say_later("bid", upcard_kept_line, self.names[dealer], self.upcard)
            self.start_tricks()
        elif ordered:
            self.hands[dealer] |= C.BITS[self.upcard]
            self.upcard_taken = True
            self._story.append((picks_up_line, len(self.history), "bid",  # say_later(), written out
                                self.names[dealer], self.upcard))
            self.phase = "discard"
            self.turn = dealer
        else:
            self.start_tricks()

    # the dealer's discard
    def _candidates_discard(self) -> list[Action]:
        return C.codes_in(self.hands[self.turn])

    def _legal_discard(self) -> list[Action]:
        hand = self.hands[self.turn]
        if self.options["upcard_discard"] == "forbidden":
            hand &= ~(1 << self.upcard)
        return C.codes_in(hand)

    def _verify_discard(self, action: Action) -> str | None:
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return f"{action!r} is not a card code (try something like 9C or QH)."
        if not self.hands[self.turn] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        if card == self.upcard and self.options["upcard_discard"] == "forbidden":
            return (f"The {C.name(card)} was turned up and taken into your hand: it may not be "
                    f"discarded. Discard one of your other cards.")
        return None

    def discard_choices(self, cards: list[Card]) -> list[Card]:
        """The cards of ``cards`` (the dealer's six) that the dealer may discard."""
        if self.options["upcard_discard"] == "forbidden":
            return [c for c in cards if c != self.upcard]
        return cards

    def _do_discard(self, action: Action) -> None:
        card = self.pack.card(action)
        seat = self.turn
        self.hands[seat] ^= C.BITS[card]  # a card held (verified, or listed as legal)
        self.discarded |= C.BITS[card]
        self._story.append((discard_line, len(self.history), "discard",  # say_later(), written out
                            self.names[seat], card, seat))
        self.start_tricks()

    def start_tricks(self) -> None:
        self.start_play(self.first_leader())

    # -- scoring
    def hand_done(self) -> None:
        maker = self.maker
        assert maker is not None
        tricks = self.tricks_won
        taken = 0
        for seat in self.makers_seats():  # a loop, not sum() over a generator: at every hand's end
            taken += tricks[seat]
        mine = self.column_of(maker)
        side, plural = self.makers_name()
        take = "take" if plural else "takes"
        columns = len(self.sheet.columns)
        points = [0] * columns
        if taken == TRICKS:
            won = POINTS_MARCH_ALONE if self.alone else POINTS_MARCH
            points[mine] = won
            self._story.append((march_line, len(self.history), "score",  # say_later(), written out
                                side, take, self.alone, won))
        elif taken >= 3:
            points[mine] = POINTS_MADE
            self._story.append((made_line, len(self.history), "score", side, take, taken))  # say_later(), written out
        else:
            others = [c for c in range(columns) if c != mine]
            for c in others:
                points[c] = POINTS_EUCHRE
            defenders = tuple(self.sheet.columns[c] for c in others)
            several = len(others) > 1 or len(self.column_seats(others[0])) > 1
            self._story.append((euchred_line, len(self.history), "score",  # say_later(), written out
                                side, take, taken, plural, defenders, several))
        self.score_hand(points)

    def makers_name(self) -> tuple[str, bool]:
        """How the story names the makers' side, and whether that name is plural."""
        assert self.maker is not None
        return self.sheet.columns[self.column_of(self.maker)], True

    def known_cards(self, player: int) -> dict[int, Mask]:
        # Everyone saw the dealer take up the turned card.
        if self.upcard_taken and self.dealer != player:
            return {self.dealer: self.hands[self.dealer] & 1 << self.upcard}
        return {}

    def hand_test(self, player: int) -> Callable[[int, Mask], bool] | None:
        """An imagined hand must be one that makes the calls its seat made this hand as a Family player
        makes them (:meth:`EuchreBot.call_for`): a seat that passed holds no hand Family would order up
        with, a maker one Family would make trumps with.  The hand as it was at the calls: its cards
        still held and those it has played; the dealer who took up the turned card is not tested (its
        discard is hidden).  Euchre only: Euchridge's dummy changes the calls, and its Strong was
        measured without this."""
        if self.dummy is not None or not self.calls:
            return None
        bot = self.game.rule_bot(0)
        assert isinstance(bot, EuchreBot)
        calls: dict[int, list[tuple[str, Action]]] = {}
        for seat, phase, action in self.calls:
            if seat != player and not (seat == self.dealer and self.upcard_taken):
                calls.setdefault(seat, []).append((phase, action))
        if not calls:
            return None
        played = [0] * self.table_size
        for trick in (*self.tricks_played, self.trick):
            for seat, card in trick.plays:
                played[seat] |= 1 << card

        def could_be(seat: int, hand: Mask) -> bool:
            made = calls.get(seat)
            if made is None:
                return True
            cards = C.cards_in(hand | played[seat])
            return all(bot.call_for(self, seat, cards, phase) == action for phase, action in made)
        return could_be

    # -- cards not in hands, tricks or discards
    def other_cards(self) -> list[Card]:
        return list(self.stock) + ([] if self.upcard_taken or self.upcard is None else [self.upcard])

    # -- what the reader sees
    def role(self, seat: int) -> str:
        roles = []
        if seat == self.dealer:
            roles.append("dealer")
        if seat == self.maker:
            roles.append("maker, alone" if self.alone else "maker")
        if seat == self.sitting_out():
            roles.append("sitting out")
        return ", ".join(roles)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.table_size):
            info = plural(self.tricks_won[s], "trick") if self.phase == "play" else ""
            face_up = s == self.dummy and self.dummy_exposed
            entry = self.seat_view(s, player, self.hands[s], role=self.role(s), info=info, face_up=face_up)
            seats.append(entry)
        centre: list[dict[str, Any]] = []
        hidden = len(self.stock) + C.count(self.discarded)
        if self.phase == "order":
            centre.append(self.upcard_zone())
        elif self.turned_down is not None:
            centre.append(self.upcard_zone("Turned down"))
        elif not self.upcard_taken:
            centre.append(self.upcard_zone("Turned up, not taken"))
        centre.append({"kind": "cards", "label": "Kitty", "hidden": hidden})
        view = self.table_view(seats, centre, self.status())
        if self.dummy is not None and self.maker is not None and player == self.maker:
            view["controls"] = [self.maker, self.dummy]
        return view

    def status(self) -> str:
        if self.trump is None:
            if self.phase == "order":
                return f"Round one: order up {C.SUIT_NAME[self.upcard_suit]} or pass"
            stick = " (the dealer is stuck and must name)" if self.options["all_pass"] == "stick" else ""
            return f"Round two: name a suit other than {C.SUIT_NAME[self.upcard_suit]}, or pass{stick}"
        assert self.maker is not None
        alone = ", alone" if self.alone else ""
        return f"Trumps: {suit_words(self.trump)} (made by {self.names[self.maker]}{alone})"

    def prompt(self) -> str:
        name = self.names[self.controller(self.turn)]
        if self.phase == "order":
            verb = "take up" if self.turn == self.dealer else "order up"
            return f"{name}: {verb} {C.short(self.upcard)} to make {C.SUIT_NAME[self.upcard_suit]} trumps, or pass."
        if self.phase == "name":
            if self.stuck():
                return f"{name}: you are stuck — name a suit other than {C.SUIT_NAME[self.turned_down or 0]}."
            return f"{name}: name a suit other than {C.SUIT_NAME[self.turned_down or 0]} as trumps, or pass."
        if self.phase == "discard":
            return f"{name}: discard one card face down."
        where = " from the dummy" if self.turn == self.dummy else ""
        return f"{name} to {'lead' if not self.trick.plays else 'play'}{where}."

    def describe(self, action: Action) -> str:
        if action == "pass":
            return "Pass"
        if self.phase == "order" and action in ("order", "alone"):
            up = C.short(self.upcard)
            if self.turn == self.dealer:
                text = f"Take up {up}"
            elif self.dummy is None and self.partner(self.turn) == self.dealer:
                text = f"Assist ({up} to partner)"
            else:
                text = f"Order up {up}"
            return text + (" and go alone" if action == "alone" else "")
        kind, _, letter = action.partition(":")
        if kind in ("trump", "alone") and letter in SUIT_BY_LETTER:
            text = f"Name {suit_words(SUIT_BY_LETTER[letter])}"
            return text + (" and go alone" if kind == "alone" else "")
        card = self.pack.find(action)
        if card is not None and self.phase == "discard":
            return f"Discard {C.short(card)}"
        return super().describe(action)


# --- the rule-based bot ----------------------------------------------------

#: A trump's worth for hand valuation, by ``order()``: 9, 10, (J), Q, K, A, left, right.
TRUMP_VALUE = {0: 1.2, 1: 1.3, 2: 1.4, 3: 1.5, 4: 1.7, 5: 2.0, LEFT_BOWER: 2.6, RIGHT_BOWER: 3.0}


def hand_strength(cards: list[Card], trump: Suit) -> float:
    """A rough count of how many tricks' worth a hand holds with ``trump`` as trumps."""
    rules = euchre_rules(trump)
    total = 0.0
    trumps = 0
    suits = set()
    for card in cards:
        suit = rules.suit(card)
        suits.add(suit)
        if suit == trump:
            trumps += 1
            total += TRUMP_VALUE[rules.order(card)]
        elif C.rank_of(card) == ACE:
            total += 1.0
    if trumps >= 2:
        total += 0.5 * sum(1 for s in SUITS if s != trump and s not in suits)
    return total


def best_discard(cards: list[Card], trump: Suit, allowed: list[Card] | None = None) -> Card:
    """The card of ``allowed`` (default: any of ``cards``) whose loss leaves the strongest five."""
    rules = euchre_rules(trump)
    return max(cards if allowed is None else allowed,
               key=lambda c: (hand_strength([x for x in cards if x != c], trump),
                              rules.suit(c) != trump, -rules.order(c)))


class EuchreBot(RuleBot):
    """Values its hand to make trumps, leads winners, wins cheaply, keeps its partner's tricks."""

    #: Strength needed to make trumps, to go alone; the value of a card passed to the dealer.
    make_at = 6.0
    alone_at = 9.5
    dummy_bonus = 0.0

    def choose(self, state: EuchreState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == "order":
            action = self.order(state)
        elif state.phase == "name":
            action = self.name_suit(state)
        elif state.phase == "discard":
            action = self.discard(state)
        else:
            action = self.play(state, [state.pack.card(a) for a in legal])
        if action in legal:
            return action
        return self.because(legal[0], "its first choice is not allowed here, so takes the first one that is")

    def strength_for(self, state: EuchreState, trump: Suit, ordering: bool, seat: int | None = None,
                     cards: list[Card] | None = None) -> tuple[float, float]:
        """The hand's worth with ``trump`` as trumps: (playing with a partner, playing alone); by
        default the hand of the player to move, else ``seat`` holding ``cards``."""
        if seat is None:
            seat = state.turn
        if cards is None:
            cards = C.cards_in(state.hands[seat])
        if ordering and seat == state.dealer:
            six = cards + [state.upcard]
            gone = best_discard(six, trump, state.discard_choices(six))
            value = hand_strength([c for c in six if c != gone], trump)
            return value + self.dummy_bonus, value
        value = hand_strength(cards, trump)
        if not ordering:
            return value + self.dummy_bonus, value
        up = TRUMP_VALUE[euchre_rules(trump).order(state.upcard)]
        if state.dealer in state.allies(seat):
            # the partner takes the card up, but not if we go alone and the partner sits out
            return value + 0.7 * up + self.dummy_bonus, value
        return value - 0.5 * up + self.dummy_bonus, value - 0.5 * up

    def decision(self, state: EuchreState, values: tuple[float, float], must: bool) -> str | None:
        with_partner, alone = values
        if state.may_go_alone and alone >= self.alone_at:
            return "alone"
        if with_partner >= self.make_at or must:
            return "make"
        return None

    def call_for(self, state: EuchreState, seat: int, cards: list[Card], phase: str) -> Action:
        """The call this bot makes for ``seat`` holding ``cards`` (five, before any is played) in
        ``phase`` ("order" or "name") of this hand: what :meth:`order` and :meth:`name_suit` choose,
        for reading another player's calls in imagined deals (:meth:`EuchreState.hand_test`)."""
        if phase == "order":
            ordering = state.upcard_suit
            verdict = self.decision(state, self.strength_for(state, ordering, True, seat, cards), False)
            return "pass" if verdict is None else "alone" if verdict == "alone" else "order"
        choices = [s for s in SUITS if s != state.turned_down]
        best = max(choices, key=lambda s: self.strength_for(state, s, False, seat, cards)[0])
        stuck = state.options["all_pass"] == "stick" and seat == state.dealer
        verdict = self.decision(state, self.strength_for(state, best, False, seat, cards), stuck)
        if verdict is None:
            return "pass"
        return f"{'alone' if verdict == 'alone' else 'trump'}:{C.SUIT_LETTER[best]}"

    def order(self, state: EuchreState) -> Action:
        trump, up = state.upcard_suit, C.short(state.upcard)
        verdict = self.decision(state, self.strength_for(state, trump, ordering=True), False)
        cards = C.cards_in(state.hands[state.turn])
        if state.turn == state.dealer:
            cards.append(state.upcard)
        holding = holding_words(cards, trump)
        if verdict is None:
            if state.turn == state.dealer:
                return self.because("pass", f"turns the {up} down: even with it, holds {holding}")
            if state.dealer not in state.allies(state.turn):
                return self.because("pass", f"passes: holds {holding}, and ordering would give the {up} "
                                            f"to the other side")
            return self.because("pass", f"passes even with the {up} going to its partner: {C.SUIT_NAME[trump]} "
                                        f"as trumps would give it {holding}")
        action = "alone" if verdict == "alone" else "order"
        how = "and goes alone " if verdict == "alone" else ""
        if state.turn == state.dealer:
            return self.because(action, f"takes up the {up} {how}to hold {holding}")
        if state.dealer in state.allies(state.turn):
            return self.because(action, f"orders the {up} up to its partner {how}with {holding}")
        return self.because(action, f"orders up {C.SUIT_NAME[trump]} {how}with {holding}")

    def name_suit(self, state: EuchreState) -> Action:
        choices = [s for s in SUITS if s != state.turned_down]
        best = max(choices, key=lambda s: self.strength_for(state, s, ordering=False)[0])
        values = self.strength_for(state, best, ordering=False)
        verdict = self.decision(state, values, state.stuck())
        letter, suit = C.SUIT_LETTER[best], C.SUIT_NAME[best]
        holding = holding_words(C.cards_in(state.hands[state.turn]), best)
        if verdict is None:
            return self.because("pass", f"passes: even its best suit, {suit}, would give it {holding}")
        if verdict == "alone":
            return self.because(f"alone:{letter}", f"names {suit} and goes alone, holding {holding}")
        if values[0] < self.make_at:
            return self.because(f"trump:{letter}", f"must name a suit as the stuck dealer, so names its best, "
                                                   f"{suit}, with {holding}")
        return self.because(f"trump:{letter}", f"names {suit}, its strongest suit, holding {holding}")

    def discard(self, state: EuchreState) -> Action:
        cards = C.cards_in(state.hands[state.turn])
        trump = state.trump
        assert trump is not None
        card = best_discard(cards, trump, state.discard_choices(cards))
        suit = state.rules.suit(card)
        if suit != trump and not any(state.rules.suit(c) == suit for c in cards if c != card):
            return self.because(C.code(card), f"discards the {C.short(card)} to be void in "
                                              f"{C.SUIT_NAME[suit]} and trump them")
        return self.because(C.code(card), f"discards the {C.short(card)}, the card it misses least "
                                          f"with {C.SUIT_NAME[trump]} as trumps")

    def play(self, state: EuchreState, cards: list[Card]) -> Action:
        rules, trump = state.rules, state.trump
        me = state.turn
        allies = state.allies(me)
        assert state.maker is not None and trump is not None
        trick = state.trick

        def cheap(card: Card) -> tuple[bool, int]:
            return (rules.suit(card) == trump, rules.order(card))

        if not trick.plays:
            seen = C.mask_of(c for t in state.tricks_played for c in t.cards) | state.hands[me]
            trumps = [c for c in cards if rules.suit(c) == trump]
            if trumps and state.maker in allies:
                top = max(trumps, key=rules.order)
                higher_out = [c for c in state.pack.cards if rules.suit(c) == trump
                              and rules.order(c) > rules.order(top) and not seen >> c & 1]
                if not higher_out:
                    return self.because(C.code(top), f"leads the {card_words(top, trump)}, the highest trump "
                                                     f"still out, to draw the other side's trumps")
            aces = [c for c in cards if rules.suit(c) != trump and C.rank_of(c) == ACE]
            if aces:
                return self.because(C.code(aces[0]), f"leads the {C.short(aces[0])}, an outside ace that "
                                                     f"should win")
            plain = [c for c in cards if rules.suit(c) != trump]
            card = min(plain or cards, key=cheap)
            if plain:
                return self.because(C.code(card), f"leads its lowest plain card, the {C.short(card)}, "
                                                  f"keeping its trumps back")
            return self.because(C.code(card), f"holds only trumps, so leads the lowest, the {C.short(card)}")
        led = rules.suit(trick.plays[0][1])
        index = rules.winning_play(trick)
        win_seat, win_card = trick.plays[index]
        best = rules.power(win_card, led)
        last = len(trick) == state.trick_size() - 1
        ally_winning = win_seat in allies
        beaters = [c for c in cards if rules.power(c, led) > best]
        if ally_winning and (last or best >= 1000 or rules.order(win_card) == RANKS.index(ACE)):
            card = min(cards, key=cheap)
            return self.because(C.code(card), f"leaves the trick to {state.names[win_seat]}'s "
                                              f"{card_words(win_card, trump)} and plays its cheapest card, "
                                              f"the {C.short(card)}")
        if beaters:
            card = min(beaters, key=lambda c: rules.power(c, led))
            beaten = f"{state.names[win_seat]}'s {card_words(win_card, trump)}"
            if ally_winning:
                return self.because(C.code(card), f"makes sure of the trick for its side: overtakes {beaten} "
                                                  f"with the {C.short(card)}, the cheapest card that beats it")
            return self.because(C.code(card), f"{taking_verb(rules, trick, card)} {beaten} with the "
                                              f"{card_words(card, trump)}, its cheapest card that wins")
        card = min(cards, key=cheap)
        return self.because(C.code(card), f"cannot beat the {card_words(win_card, trump)}, so throws its "
                                          f"cheapest card, the {C.short(card)}")


BOWER_NAME = {RIGHT_BOWER: "right bower", LEFT_BOWER: "left bower"}


def card_words(card: Card, trump: Suit) -> str:
    """A card as a Euchre player names it: the bowers by their title, the rest as the narrative does."""
    bower = BOWER_NAME.get(euchre_rules(trump).order(card))
    return f"{bower} ({C.short(card)})" if bower else C.short(card)


def holding_words(cards: list[Card], trump: Suit) -> str:
    """What a hand holds for making ``trump`` trumps: its trumps and its outside aces."""
    rules = euchre_rules(trump)
    trumps = sorted((c for c in cards if rules.suit(c) == trump), key=rules.order, reverse=True)
    aces = sum(1 for c in cards if rules.suit(c) != trump and C.rank_of(c) == ACE)
    if not trumps:
        held = "no trump"
    else:
        names = ", ".join(BOWER_NAME.get(rules.order(c), C.short(c)) for c in trumps)
        held = f"{len(trumps)} trump{'s' if len(trumps) > 1 else ''} ({names})"
    outside = {0: "no outside ace", 1: "1 outside ace"}.get(aces, f"{aces} outside aces")
    return f"{held} and {outside}"


# Strong (the search bot) deals its imagined hands to agree with the calls made (EuchreState.hand_test:
# a seat that passed holds a hand Family would pass with, a maker one Family would make trumps with).
# Measured by tests/strengths.py at 48 imagined deals a move (the browser's half second reached a median
# of 76 on a busy two-core machine): Strong won 59.6 % of 384 games against Family, interval
# 53.3-65.7 %: stronger.  At 16 deals it won 55.7 %, 49.4-61.9 %: no measurable difference (and before,
# with deals that ignored the calls, 53.6 %, 47.3-59.9 %).
# Screened per hand (tests/bench.py, 300 hands, the same deals with Strong and with Family): Strong
# gained +0.14 points a hand over Family before, +0.23 with the calls read, +0.32 with them at 48 deals;
# leaving Family's move only for a clearly better one (search_margin 1) gained less (+0.12 with the calls
# read), and also requiring each imagined hand to have played its cards as Family would gained no more
# (+0.19).
SPEC = GameSpec(info=INFO, options=OPTIONS, state=EuchreState, rule_bot=EuchreBot)
