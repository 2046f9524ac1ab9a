"""Cribbage (seed 000, the Carrillo family's page; the standard rules from Pagat), with the
family's own variant, Speed Crib.

This module is the model for a counting game: points are pegged the moment they are
made (:meth:`~parlour.scoring.MatchScoring.award`), so the game can end in the middle
of the play or of the show, and a move can be several cards (two laid away to the
crib: ``"crib:JD+5H"``, the cards in the pack's order).  The counting itself — the show, pegging,
the count said aloud — is pure functions of cards in :mod:`parlour.cribbage_count`.

A hand: the deal (two players six cards, three or four players five, and with three
one card from the pack to the crib); every player lays cards away face down to the
dealer's crib; the player on the dealer's right cuts and the dealer turns the starter
(a jack: "his heels", two for the dealer).  Then the play: in turn, starting at the
dealer's left, each player lays a card and says the running count, never over 31, and
pegs fifteens, thirty-ones, pairs, runs, the go and the last card.  Then the show: each
hand is counted with the starter, from the dealer's left round to the dealer, and last
of all the crib.  Game to 121 (or 61); skunk lines at 91 and 61 (at 31 in a game to 61).

Actions: ``"crib:JD+5H"`` (or ``"crib:5H"`` when one card is laid away), a card code to
play it, ``"go"``; with muggins on, ``"claim:12"`` to declare a count and
``"muggins"`` / ``"pass"`` for the player offered the points it missed.

Strong (:mod:`parlour.search`) imagines deals of the cards a player cannot see — the other hands, the
cribs (less the cards the player laid away) and the pack with the starter until it is cut — and plays each
of its moves out to the end of the hand, the show counted: a hand is short, so no playout is cut off.
It tries every card of the play; its discard is Family's (:data:`SEARCHED_DISCARDS`).  Its imagined deals
agree with what the other players did this hand, as a Family player does it (:func:`agreeing_hands`): the
other player's four cards are ones Family keeps, and no card they held would have pegged two more than the
card they laid, nor fitted when they said go.

Speed Crib (``variant="speed"``): besides their hand every player is dealt a crib of
four cards of their own, face down; the cards laid away still make the dealer's crib,
the dealer's second.  In the show each player counts their hand and then their own crib,
and the dealer's second crib comes last.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, NamedTuple, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cardgame import CARD_JOIN, CardGameState
from ..cards import ACE, JACK, Card, Pack
from ..copying import share_type
from ..rng import MAX_SEED, Rng
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..walkthrough import CountedHand
from ..cribbage_count import (COUNTING, FITS, IMPOSSIBLE_TOTALS, MAX_SHOW, Score, Starters, average_show, cards_text,
                               in_order, peg_points, peg_scores, peg_speech, pips, PIPS, rank, RUN_RANK, show_scores,
                               show_total, show_walkthrough, spoken, words)
from ..scoring import PARTNERS_4, MatchScoring, Target, names_and, plural, team_names, team_of
from ..words import totals_line

INFO = GameInfo(
    id="cribbage",
    name="Cribbage",
    family="Adding and pegging",
    players=(2, 3, 4),
    pack="52 cards",
    min_age=8,
    skill="Medium",
    kinds=("counting",), deck="french52", minutes=(20, 45),
    summary="Add up to fifteen and thirty-one, pair and run the cards as you play, then count your hand "
            "with the starter — first round the board to 121 wins.",
    house_rule="Played as the books have it, scored on a cribbage board; the family's own variant, "
               "Speed Crib (a crib dealt to every player, and the discards make the dealer's second "
               "crib), is an option.",
    standard_rule="Pagat's rules: 2, 3 or 4 players (four in partnerships), game to 121 (61 for a short "
                  "game), skunk under 91; muggins is an option.",
    source="The Carrillo family's card-games page (Speed Crib, scoring on a board); Pagat's Cribbage for "
           "the rules the family takes as read.",
    short_rules=(
        "Two players get six cards and lay two away; three get five, lay one away and the crib takes one "
        "from the pack; four play in partnerships, five cards each, one laid away.",
        "The crib belongs to the dealer. The starter is turned after the discards: a jack is his heels, "
        "2 for the dealer.",
        "The play: in turn from the dealer's left, lay a card and say the count, never over 31. "
        "Fifteen 2, thirty-one 2, a pair 2, three of a kind 6, four of a kind 12, a run of three or more "
        "(any order) 1 a card.",
        "Who cannot play says go; the last to play pegs 1 for the go (or 2 for exactly 31) and the count "
        "starts again. The last card of all pegs 1. You must play if you can.",
        "The show: each hand with the starter, from the dealer's left, the dealer last, then the crib: "
        "fifteens 2, pairs 2, runs 1 a card, a flush of 4 (5 with the starter; the crib only with 5), "
        "his nobs (the jack of the starter's suit) 1.",
        "First to 121 wins at once, even in the middle of the play or the show; a loser under 91 is "
        "skunked (two games), under 61 double-skunked (four). In a game to 61 a loser under 31 is skunked.",
        "Speed Crib (the family's variant): every player is also dealt a crib of four, face down; the cards "
        "laid away make the dealer's second crib. Each player counts hand then own crib; the second crib last.",
    ),
    readings=(
        Reading("Is Speed Crib the family's everyday cribbage?",
                "No: their page names it as one of the variants they began trying once the children had "
                "learned, so standard cribbage is the default here.", option="variant", value="speed"),
        Reading("Speed Crib is one sentence on the family's page: a crib dealt to every player, and a second "
                "crib for the dealer from the discards. How big is each crib, and when is it counted?",
                "Each player's crib is four cards, dealt face down after the hands; in the show each player "
                "counts their hand and then their own crib, from the dealer's left, and the dealer's second "
                "crib comes last. Every crib scores a flush only with all five cards."),
        Reading("The family scores on a board but does not say how a skunk counts.",
                "As the standard rules have it: a loser under 91 is skunked, which counts as two games; under "
                "61 double-skunked, which counts as four (some players count three). A game to 61 has one "
                "line, at 31."),
        Reading("How does a player miss points when muggins is played?",
                "They say their own count: a short count pegs what was said and the next player may take the "
                "rest; too high a count pegs only what the hand holds. Muggins is off unless chosen.",
                option="muggins", value="on"),
    ),
)

OPTIONS = (
    Option("players", 2, "How many play.",
           choices={2: "two players, six cards each (the family's usual game)",
                    3: "three players, five cards each",
                    4: "four players in two partnerships, five cards each"}),
    Option("target", 121, "Points that win the game.",
           choices={121: "121, twice round the board (standard)", 61: "61, once round (a short game)"},
           standard=121),
    Option("variant", "standard", "Which cribbage is played.",
           choices={"standard": "standard cribbage (one crib, the dealer's)",
                    "speed": "Speed Crib, the family's variant: everyone is dealt a crib, and the "
                             "discards make a second crib for the dealer"},
           standard="standard"),
    Option("muggins", "off", "Whether a player who undercounts their hand loses the missed points.",
           choices={"off": "off: the engine counts every hand",
                    "on": "on: you declare your own count, and the next player may take what you missed"},
           standard="off"),
)

#: Cards dealt to each hand, and laid away by each player, by number of players.
HAND_SIZE = {2: 6, 3: 5, 4: 5}
LAY_AWAY = {2: 2, 3: 1, 4: 1}
#: Speed Crib: the crib dealt face down to each player.
OWN_CRIB_SIZE = 4
GO = "go"
MUGGINS, PASS = "muggins", "pass"


@dataclass(frozen=True)
class Laying:
    """Cards laid away to the crib: themselves (in the pack's order), as a mask, and as the story
    names them."""

    cards: tuple[Card, ...]
    mask: int
    text: str


#: Cards laid away to the crib → their action ("crib:5H+JD") → the laying, remembered as discards
#: are listed (a playout lists fifteen at every discard; writing them is slow).  A card laid away
#: alone is found by its number; two by the lower one's row (filled the first time that card is
#: dealt), then the higher one: a table read, with no pair to hash.
_LAID_ALONE: dict[Card, Action] = {}
_LAID_WITH: list[list[Action] | None] = [None] * 64
_LAYINGS: dict[Action, Laying] = {}


#: The cards of a mask's 16-bit blocks (its suits), by block then by the block's bits, filled as met
#: (no bits, no cards).
_BLOCK_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = ({0: ()}, {0: ()}, {0: ()}, {0: ()})
_BLOCK0, _BLOCK1, _BLOCK2, _BLOCK3 = _BLOCK_CARDS


def _block_cards(block: int, bits: int) -> tuple[Card, ...]:
    cards = _BLOCK_CARDS[block][bits] = tuple((block << 4) + r for r in range(bits.bit_length()) if bits >> r & 1)
    return cards


def held_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask of one pack, in card-number order (as cards.cards_in lists them), read a
    suit at a time from tables: half the work of a card at a time, at every discard and show."""
    try:  # every suit's set of ranks met before: one expression (an empty suit adds nothing)
        return _BLOCK0[mask & 0xFFFF] + _BLOCK1[mask >> 16 & 0xFFFF] + _BLOCK2[mask >> 32 & 0xFFFF] \
            + _BLOCK3[mask >> 48]
    except KeyError:  # a set met for the first time: noted
        pass
    bits = mask & 0xFFFF
    cards = (_BLOCK0.get(bits) or _block_cards(0, bits)) if bits else ()
    bits = mask >> 16 & 0xFFFF
    if bits:
        cards += _BLOCK1.get(bits) or _block_cards(1, bits)
    bits = mask >> 32 & 0xFFFF
    if bits:
        cards += _BLOCK2.get(bits) or _block_cards(2, bits)
    bits = mask >> 48  # the rest: any card past the fourth suit is read from this block's table too
    if bits:
        cards += _BLOCK3.get(bits) or _block_cards(3, bits)
    return cards


def remember_laying(cards: tuple[Card, ...]) -> Action:
    """The action laying ``cards`` (in the pack's order) away, its laying remembered."""
    action = f"crib:{CARD_JOIN.join(C.code(c) for c in cards)}"
    _LAYINGS[action] = Laying(cards, C.mask_of(cards), cards_text(cards))
    return action


def laid_with(pack: Pack, low: Card) -> list[Action]:
    """``low``'s row of :data:`_LAID_WITH`: the action laying it away with each higher card."""
    row = _LAID_WITH[low]
    if row is None:
        row = _LAID_WITH[low] = [""] * 64
        for high in pack.cards:
            if high > low:
                row[high] = remember_laying((low, high))
    return row


# --- the game ---------------------------------------------------------------------------


def deal_line(hand_no: int, dealer: str, players: int, speed: bool) -> str:
    """The story's first line of a hand: who deals what."""
    extra = " and one card from the pack to the crib" if players == 3 else ""
    own = f", and a crib of {words(OWN_CRIB_SIZE)} face down to each player" if speed else ""
    return f"Hand {hand_no}: {dealer} deals {words(HAND_SIZE[players])} cards to each player{extra}{own}."


def crib_title(dealer: str, speed: bool) -> str:
    """The dealer's crib by name: "South's crib" (Speed Crib: "South's second crib")."""
    return f"{dealer}'s {'second crib' if speed else 'crib'}"


def discard_line(name: str, laying: Laying, dealer: str, speed: bool, seat: int) -> tuple[str, str, int]:
    """The story's line for cards laid away, as everyone hears it and as their owner (``seat``) knows it."""
    many = f"{words(len(laying.cards))} cards" if len(laying.cards) > 1 else "a card"
    crib = crib_title(dealer, speed)
    return f"{name} lays {many} away to {crib}.", f"{name} lays {laying.text} away to {crib}.", seat


def cut_line(cutter: str, dealer: str, starter: Card) -> str:
    return f"{cutter} cuts the pack and {dealer} turns up the starter: {C.short(starter)}."


def show_opening(starter: Card, speed: bool) -> str:
    return f"The show: each hand is counted with the starter, {C.short(starter)}, then the {'cribs' if speed else 'crib'}."


#: Per card number, a mask of every other card of the 64 (what is left of a hand once the card is
#: played): positive, as a negative mask would be copied to its two's complement at every use.
_ALL_BUT = tuple((1 << 64) - 1 ^ 1 << card for card in range(64))
#: Runs of three to six ranks (ace 1 … king 13) as masks of their ranks' bits.
_RUNS_OF = {size: frozenset(((1 << size) - 1) << low for low in range(1, 15 - size)) for size in range(3, 7)}
#: The play's legal list when at most one card fits, by the mask of what fits: go, or that card's code.
_ONE_CODE = {0: GO, **{1 << card: C.code(card) for card in C.cards_in(FITS[31])}}
#: Each suit's card codes by the suit's 16 bits of a mask (cards.SUIT_CODES, filled by codes_in as met).
_CODES0, _CODES1, _CODES2, _CODES3 = C.SUIT_CODES[0], C.SUIT_CODES[1], C.SUIT_CODES[2], C.SUIT_CODES[3]
#: A new list of empty lists, one a seat, by the number of seats: a list display makes them in a
#: quarter of a comprehension's time (a hand makes three).
_EMPTY_LISTS = {2: lambda: [[], []], 3: lambda: [[], [], []], 4: lambda: [[], [], [], []]}
#: The play's plain lines, told lazily by their writers (a constant's str.format is a pure writer).
GO_LINE = "{} cannot play under 31: “go”.".format
LAST_CARD_LINE = "{} pegs one for the last card.".format
GO_PEG_LINE = "{} pegs one for the go.".format
NEW_COUNT_LINE = "The count starts again from nothing; {} leads.".format


def play_line(name: str, series: tuple[Card, ...], count: int) -> str:
    """The story's line for the latest card of the count ``series`` laid in the play: "South plays
    5♥: “fifteen two”."."""
    return f"{name} plays {C.short(series[-1])}: “{peg_speech(count, peg_scores(series, count))}”."


@share_type  # never changed once made: copies of a state share it
class ToCount(NamedTuple):
    """One hand or crib waiting in the show (a named tuple: three or more are made every show)."""

    owner: int
    what: str
    cards: tuple[Card, ...]
    crib: bool


def shown_cards(item: ToCount, starter: Card) -> str:
    return f"{cards_text(item.cards)} with the starter {C.short(starter)}"


def count_said(item: ToCount, starter: Card) -> str:
    """The count of ``item`` said aloud, in quotes: "“fifteen two, and a pair is four”"."""
    scores = show_scores(item.cards, starter, item.crib)
    return f"“{spoken(scores)}”" + ("" if scores else " (the players' word for nothing)")


def show_line(item: ToCount, starter: Card) -> str:
    """The story's line for a hand or crib counted in the show."""
    return f"{item.what} — {shown_cards(item, starter)}: {count_said(item, starter)}."


class Table(NamedTuple):
    """What a game's setup makes of the players' names, the variant and the target alone."""

    match_end: Target
    teams: tuple[tuple[int, ...], ...]
    #: Each seat's column on the score sheet (its partnership's, with four).
    seat_columns: tuple[int, ...]
    labels: tuple[str, ...]
    note: str
    #: Each seat's hand, own crib (Speed Crib) and crib as a dealer, by name in the show.
    show_titles: tuple[tuple[str, str, str], ...]


def table_of(names: tuple[str, ...], speed: bool, target: int) -> Table:
    n = len(names)
    teams = PARTNERS_4 if n == 4 else tuple((s,) for s in range(n))
    return Table(Target(target), teams, tuple(team_of(s, teams) for s in range(n)),
                 tuple(team_names(names, teams) if n == 4 else names),
                 f"The first to {target} wins at once, even in the middle of the play or the show.",
                 tuple((f"{name}'s hand", f"{name}'s crib", crib_title(name, speed)) for name in names))


#: Each table met, by (names, speed, target): made once (every new game is set up, a match of random
#: games many times).
_TABLES: dict[tuple[tuple[str, ...], bool, int], Table] = {}


class CribbageState(MatchScoring, CardGameState):
    """Two or three players each for themselves, or four in partnerships (South & North against
    West & East); play passes to the left (South, West, North, East)."""

    #: A quiz judges a pegging card by the points it pegs at once (parlour.choices).
    choice_measures = {"play": "points-now"}
    #: The hidden cards lie in the other hands, the cribs and the pack (the starter among them until it is
    #: cut); the cards not yet pegged are brought into line after an imagined deal (after_imagined_deal).
    determinisable = True
    face_down_piles = ("crib", "own_cribs")

    def setup(self) -> None:
        self.speed = self.options["variant"] == "speed"
        self.muggins = self.options["muggins"] == "on"
        key = (tuple(self.names), self.speed, self.options["target"])
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = table_of(*key)
        self.match_end, self.teams, self.seat_columns, labels, note, self.show_titles = table
        self.sheet = ScoreSheet(list(labels), note=note)
        #: Each column's front and back peg on the board.
        self.pegs = [[0, 0] for _ in labels]
        #: The last show's results, (what was counted, its points) in order, for the status line.
        self.last_show: list[tuple[str, int]] = []
        super().setup()

    # -- skunks
    def skunk_lines(self) -> list[int]:
        """The holes a loser must reach to escape a skunk, then a double skunk (121: 91, 61; 61: 31)."""
        goal = self.match_end.points
        return [goal - 30, goal - 60] if goal > 61 else [goal - 30]

    # -- scores
    def column_seats(self, column: int) -> tuple[int, ...]:
        return self.teams[column]

    def column_of(self, seat: int) -> int:
        return self.seat_columns[seat]

    def peg(self, seat: int, points: int) -> bool:
        """``seat`` pegs ``points`` for their side; whether that ended the game."""
        if points <= 0:
            return False
        column = self.seat_columns[seat]  # column_of, written out: this runs for every peg
        pegs = self.pegs[column]  # the back peg jumps past the front one (moved in place: copies copy it)
        pegs[1] = front = pegs[0]
        pegs[0] = front + points
        sheet = self.sheet
        totals = sheet.totals
        total = totals[column] + points
        if total < self.match_end.points:
            # Short of the target, the points go on this hand's row as award() puts them, without
            # award's check for the end (no other total has reached it: the game would be over);
            # ScoreSheet.credit written out when the hand's row is open (every peg but its first).
            rows = sheet.rows
            if rows:
                label, row = rows[-1]
                if label == self.row_label:
                    row[column] += points
                    totals[column] = total
                    return False
            sheet.credit(self.row_label, column, points)
            return False
        return self.award(column, points, self.row_label)

    def finish(self) -> None:
        totals = self.sheet.totals
        winner = max(range(len(totals)), key=lambda c: totals[c])
        name = self.sheet.columns[winner]
        plural = len(self.column_seats(winner)) > 1
        losers = [c for c in range(len(totals)) if c != winner]
        text = (f"{name} {'win' if plural else 'wins'} with {totals[winner]}, against "
                + names_and([f"{self.sheet.columns[c]} {totals[c]}" for c in losers]) + ".")
        skunk, double = (self.skunk_lines() + [None])[:2]
        for c in losers:
            verb = "are" if len(self.column_seats(c)) > 1 else "is"
            if double is not None and totals[c] < double:
                text += (f" {self.sheet.columns[c]} {verb} double-skunked (under {double}): "
                         f"that counts as four games.")
            elif totals[c] < skunk:
                text += f" {self.sheet.columns[c]} {verb} skunked (under {skunk}): that counts as two games."
        self.end(tuple(sorted(self.column_seats(winner))), text)

    # -- the deal
    def start_hand(self) -> None:
        # next_hand written out (next_dealer, new_hand_state: four calls a hand): after the first
        # hand the deal passes to the next seat; the hand is numbered and every hand emptied.
        n, step = self.n, self.direction
        hand_no = self.hand_no
        if hand_no:
            self.dealer = (self.dealer + step) % n
        hand_no = self.hand_no = hand_no + 1
        self.hands = [0] * n
        #: This hand's row on the score sheet (hand_label() written out, made once: every peg writes on it).
        self.row_label = f"Hand {hand_no}"
        pack = self.shuffled_pack()
        dealer = self.dealer
        # deal(pack, each=HAND_SIZE[n]) written out (every hand is dealt so): one card at a time
        # from the dealer's next seat, so each seat's cards are every n-th card of the top ones.
        dealt = HAND_SIZE[n] * n
        hands = self.hands
        seat = dealer
        for first in range(n):
            seat = (seat + step) % n
            # The hand's mask written out (no loop of masks made and dropped): six cards with two
            # players, five with three or four (HAND_SIZE).
            if n == 2:
                a, b, c, d, e, f = pack[first:dealt:2]
                hands[seat] = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e | 1 << f
            else:
                a, b, c, d, e = pack[first:dealt:n]
                hands[seat] = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e
        rest = pack[dealt:]
        self.crib: list[Card] = [rest.pop(0)] if n == 3 else []
        empty_lists = _EMPTY_LISTS[n]
        self.own_cribs: list[list[Card]] = empty_lists()
        if self.speed:
            laid_out, rest = self.deal_sequence(rest, each=OWN_CRIB_SIZE)
            for seat, card in laid_out:
                self.own_cribs[seat].append(card)
        self.stock = rest
        self.starter: Card | None = None
        self.laid: list[list[Card]] = empty_lists()
        self.unplayed = [0] * n
        self.played: list[list[Card]] = empty_lists()
        #: The cards of this count, in the order played (a tuple: each card's story line keeps it as it was).
        self.series: tuple[Card, ...] = ()
        self.turned: list[Card] = []
        self.count = 0
        self.said_go: set[int] = set()
        self.last_player: int | None = None
        self.show_queue: list[ToCount] = []
        self.shown: list[ToCount] = []
        self.show_results: list[tuple[str, int]] = []
        self.counting: ToCount | None = None
        self.claimed = 0
        # say_later written out (once a hand).
        self._story.append((deal_line, len(self.history), "deal", self.hand_no, self.names[dealer], n, self.speed))
        self.phase = "discard"
        self.turn = (dealer + step) % n  # next_seat, written out

    def crib_name(self) -> str:
        return crib_title(self.names[self.dealer], self.speed)

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    def display_order(self, cards: list[Card]) -> list[Card]:
        return in_order(cards)

    # -- laying away to the crib
    def _candidates_discard(self) -> list[Action]:
        hand = held_cards(self.hands[self.turn])  # in the pack's order, so each choice is too
        if LAY_AWAY[self.n] == 1:
            try:
                return [_LAID_ALONE[card] for card in hand]
            except KeyError:  # a card not met before: remember it
                for card in hand:
                    if card not in _LAID_ALONE:
                        _LAID_ALONE[card] = remember_laying((card,))
                return [_LAID_ALONE[card] for card in hand]
        if len(hand) == 6:
            # Two players' six cards, the fifteen pairs read from the lower cards' rows, written out.
            a, b, c, d, e, f = hand
            rows = _LAID_WITH
            ra, rb, rc, rd, re = rows[a], rows[b], rows[c], rows[d], rows[e]
            if ra is not None and rb is not None and rc is not None and rd is not None and re is not None:
                return [ra[b], ra[c], ra[d], ra[e], ra[f], rb[c], rb[d], rb[e], rb[f], rc[d], rc[e], rc[f],
                        rd[e], rd[f], re[f]]
        try:
            return [_LAID_WITH[low][high] for low, high in combinations(hand, 2)]  # type: ignore[index]
        except TypeError:  # a row not filled yet (None): fill this hand's
            return [laid_with(self.pack, low)[high] for low, high in combinations(hand, 2)]

    # Every candidate is legal: it lays away the right number of cards, all held, in the pack's order
    # (a random playout or a search lists these at every discard, so they are not verified); the
    # same function, so no second call.
    _legal_discard = _candidates_discard

    def _verify_discard(self, action: Action) -> str | None:
        verb, colon, rest = action.partition(":")
        want = LAY_AWAY[self.n]
        how = "crib:JD+5H" if want == 2 else "crib:5H"
        if verb != "crib" or not colon or not rest.strip():
            return f"Lay {words(want)} card{'s' * (want > 1)} away to the crib first, written like {how}."
        cards = self.parse_cards(rest)
        if isinstance(cards, str):
            return cards
        if len(cards) != want:
            return (f"Lay away exactly {words(want)} card{'s' * (want > 1)} to the crib, "
                    f"not {words(len(cards)) if cards else 'none'}.")
        reason = self.held_cards_reason(self.turn, cards)
        if reason is not None:
            return reason
        if self.cards_code(cards) != rest:
            return f"Write it as crib:{self.cards_code(cards)} (card codes, in the pack's order)."
        return None

    def _do_discard(self, action: Action) -> None:
        seat = self.turn
        laying = _LAYINGS.get(action)
        if laying is None:  # not listed in this process (apply lists it when judging; a direct call may not)
            cards = tuple(self.pack.card(code) for code in action.split(":", 1)[1].split(CARD_JOIN))
            laying = Laying(cards, C.mask_of(cards), cards_text(cards))
        self.hands[seat] &= ~laying.mask
        self.laid[seat] = list(laying.cards)
        self.crib += laying.cards
        # Told lazily, its secret (which cards) with it: a playout lays away twice a hand.
        self._story.append((discard_line, len(self.history), "discard", self.names[seat], laying,
                            self.names[self.dealer], self.speed, seat))
        # next_seat, written out (twice a hand): the next to lay away, or the cut once all have.
        turn = self.turn = (seat + self.direction) % self.n
        if turn == (self.dealer + self.direction) % self.n:
            self.cut()

    def parse(self, text: str) -> Action:
        """Typed text to an action; cards laid away may be typed in any order and any case."""
        verb, colon, rest = text.strip().partition(":")
        if verb.strip().lower() == "crib" and colon:
            cards = self.parse_cards(rest)
            if isinstance(cards, list):
                return f"crib:{self.cards_code(cards)}"
        return super().parse(text)

    def compose_verbs(self) -> list[dict[str, str]]:
        if self.phase == "discard" and not self.is_over and LAY_AWAY[self.n] > 1:
            return [{"verb": "crib", "label": "Lay away to the crib"}]
        return []

    # -- the starter
    def cut(self) -> None:
        n, step, seat = self.n, self.direction, self.dealer
        names = self.names
        starter = self.starter = self.stock.pop(0)
        # say_later written out (once a hand): the cut by the dealer's right-hand neighbour.
        self._story.append((cut_line, len(self.history), "cut", names[(seat - step) % n], names[seat], starter))
        if starter & 15 == JACK:  # C.rank_of, written out
            self.say_later("score", "A jack: his heels, two for {}.".format, names[seat])
            if self.peg(seat, 2):
                return
        self.unplayed[:] = self.hands
        self.phase = "play"
        self.turn = (seat + step) % n  # next_seat, written out

    def start_position(self, hands: Sequence[Sequence[str]], starter: str, dealer: int,
                       crib: Sequence[str] = ()) -> None:
        """Start the play from these hands (the cards each keeps, seat by seat) for a rule test:
        ``dealer`` deals, ``starter`` is turned, ``crib`` waits for the show; the rest is the stock."""
        self.dealer = dealer
        self.set_hands(hands)
        self.laid = [[] for _ in range(self.n)]
        self.crib = [self.pack.card(code) for code in crib]
        self.own_cribs = [[] for _ in range(self.n)]
        self.starter = self.pack.card(starter)
        used = {c for mask in self.hands for c in C.cards_in(mask)} | set(self.crib) | {self.starter}
        self.stock = [c for c in self.pack.cards if c not in used]
        self.unplayed = list(self.hands)
        self.phase = "play"
        self.turn = self.next_seat(self.dealer)

    # -- the play
    def playable(self, seat: int) -> list[Card]:
        return C.cards_in(self.unplayed[seat] & FITS[31 - self.count])

    def _candidates_play(self) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.unplayed[self.turn])] + [GO]

    def _legal_play(self) -> list[Action]:
        # The verified list written out (this runs before every card of the play): the cards that
        # keep the count to 31, or go when none does.
        fit = self.unplayed[self.turn] & FITS[31 - self.count]
        if not fit & (fit - 1):  # no card, or one (a hand's last, a count near 31): from a table
            return [_ONE_CODE[fit]]
        try:  # cards.codes_in written out for a mask of one pack: each suit's codes by its bits
            return [*_CODES0[fit & 0xFFFF], *_CODES1[fit >> 16 & 0xFFFF], *_CODES2[fit >> 32 & 0xFFFF],
                    *_CODES3[fit >> 48]]
        except KeyError:  # a suit's set of ranks not met yet: codes_in notes it
            return C.codes_in(fit)

    def _verify_play(self, action: Action) -> str | None:
        seat = self.turn
        fits = self.playable(seat)
        if action == GO:
            if fits:
                return (f"You can still play the {C.name(fits[0])} without passing 31, and a player who can "
                        f"play must: say go only when no card fits.")
            return None
        card = self.pack.find(action)
        if card is not None and C.code(card) == action and self.hands[seat] >> card & 1 \
                and not self.unplayed[seat] >> card & 1:
            return f"You have already played the {C.name(card)} this hand."
        reason = self.held_card_reason(seat, action)
        if reason is not None:
            return reason
        assert card is not None
        if self.count + pips(card) > 31:
            other = "play a card that fits" if fits else "say go"
            return (f"The {C.name(card)} would take the count from {self.count} to {self.count + pips(card)}, "
                    f"past 31: {other}.")
        return None

    def _do_play(self, action: Action) -> None:
        seat = self.turn
        name = self.names[seat]
        # The play's lines are told lazily (a constant's str.format is a pure writer), and a card's
        # scores named only then: a playout or a search never reads most of them.
        if action == GO:
            self.said_go.add(seat)
            self._story.append((GO_LINE, len(self.history), "play", name))  # say_later, written out
            self.advance(seat)
            return
        card = self.pack.by_code[action]  # a card of the play is stored by its code
        unplayed = self.unplayed
        unplayed[seat] &= _ALL_BUT[card]
        self.played[seat].append(card)
        series = self.series = self.series + (card,)
        count = self.count = self.count + PIPS[card]
        self.last_player = seat
        # peg_points written out for a count's first four cards, by how many it holds (asked once).
        size = len(series)
        if size == 1:  # a count's first card pegs nothing: told at once, and the next seat found
            self._story.append((play_line, len(self.history), "play", name, series, count))
            nxt = (seat + self.direction) % self.n
            if unplayed[nxt] and nxt not in self.said_go:
                self.turn = nxt
                return
            return self.advance(seat)
        if size == 2:  # a fifteen, a pair
            points = (2 if count == 15 else 0) + (2 if RUN_RANK[series[0]] == RUN_RANK[card] else 0)
        elif size == 3:  # pairs, else a run of three
            a, b, c = RUN_RANK[series[0]], RUN_RANK[series[1]], RUN_RANK[card]
            points = 2 if count == 15 or count == 31 else 0
            if b == c:
                points += 6 if a == c else 2
            elif a != b and a != c and -2 <= a - b <= 2 and -2 <= a - c <= 2 and -2 <= b - c <= 2:
                points += 3  # three different ranks no more than two apart: a run
        elif size == 4:  # pairs, else a run
            a, b, c, d = RUN_RANK[series[0]], RUN_RANK[series[1]], RUN_RANK[series[2]], RUN_RANK[card]
            points = 2 if count == 15 or count == 31 else 0
            if c == d:
                points += (12 if a == d else 6) if b == d else 2
            else:  # the ranks as bits: a run is a block of consecutive bits, repeats merged away
                latest = 1 << b | 1 << c | 1 << d
                points += 4 if latest | 1 << a in _RUNS_OF[4] else 3 if latest in _RUNS_OF[3] else 0
        elif size == 5:  # pairs, else a run
            a, b, c, d, e = (RUN_RANK[series[0]], RUN_RANK[series[1]], RUN_RANK[series[2]], RUN_RANK[series[3]],
                             RUN_RANK[card])
            points = 2 if count == 15 or count == 31 else 0
            if d == e:
                points += (12 if b == e else 6) if c == e else 2
            else:  # the ranks as bits, as for the fourth card
                latest = 1 << c | 1 << d | 1 << e
                more = latest | 1 << b
                points += (5 if more | 1 << a in _RUNS_OF[5] else 4 if more in _RUNS_OF[4]
                           else 3 if latest in _RUNS_OF[3] else 0)
        elif size == 6:  # pairs, else a run
            a, b, c, d, e, f = (RUN_RANK[series[0]], RUN_RANK[series[1]], RUN_RANK[series[2]], RUN_RANK[series[3]],
                                RUN_RANK[series[4]], RUN_RANK[card])
            points = 2 if count == 15 or count == 31 else 0
            if e == f:
                points += (12 if c == f else 6) if d == f else 2
            else:  # the ranks as bits, as for the fourth card
                latest = 1 << d | 1 << e | 1 << f
                four = latest | 1 << c
                five = four | 1 << b
                points += (6 if five | 1 << a in _RUNS_OF[6] else 5 if five in _RUNS_OF[5] else 4 if four in _RUNS_OF[4]
                           else 3 if latest in _RUNS_OF[3] else 0)
        else:
            points = peg_points(series, count)
        # say_later written out (as tricks.py tells a card played): this runs for every card.
        self._story.append((play_line, len(self.history), "score" if points else "play", name, series, count))
        if points and self.peg(seat, points):
            return
        if count < 31:
            # The usual case, advance()'s answer found at once: the next seat still has cards and
            # has not said go, so it plays next.
            nxt = (seat + self.direction) % self.n
            if unplayed[nxt] and nxt not in self.said_go:
                self.turn = nxt
                return
        self.advance(seat)

    def next_active(self, actor: int) -> int | None:
        """The first seat after ``actor`` still in this count (``actor`` last of all): one with cards
        who has not said go; ``None`` if there is none."""
        unplayed, said_go, n, step = self.unplayed, self.said_go, self.n, self.direction
        for k in range(1, n + 1):
            seat = (actor + step * k) % n  # next_seat, written out: this runs after every card
            if unplayed[seat] and seat not in said_go:
                return seat
        return None

    def advance(self, actor: int) -> None:
        """After ``actor``'s card or go: the next to play, or the count ends (31, a go, the last card)."""
        while True:
            everyone_out = not any(self.unplayed)
            if self.count == 31:
                if everyone_out:
                    return self.start_show()
                self.new_count()
                actor = self.last_player  # type: ignore[assignment]
            elif everyone_out:
                last = self.last_player
                assert last is not None
                self._story.append((LAST_CARD_LINE, len(self.history), "score", self.names[last]))  # say_later
                if self.peg(last, 1):
                    return
                return self.start_show()
            nxt = self.next_active(actor)
            if nxt is not None and (nxt != self.last_player or self.unplayed[nxt] & FITS[31 - self.count]):
                self.turn = nxt
                return
            # Nobody else can play: the last to play pegs the go, and the count starts again.
            last = self.last_player
            assert last is not None
            self._story.append((GO_PEG_LINE, len(self.history), "score", self.names[last]))  # say_later
            if self.peg(last, 1):
                return
            self.new_count()
            actor = last

    def new_count(self) -> None:
        self.turned += self.series
        self.series = ()
        self.count = 0
        self.said_go = set()
        last = self.last_player
        assert last is not None
        # The first seat after the last to play who still has cards (next_seat written out).
        unplayed, n, step = self.unplayed, self.n, self.direction
        leader = (last + step) % n
        while not unplayed[leader]:
            leader = (leader + step) % n
        self._story.append((NEW_COUNT_LINE, len(self.history), "info", self.names[leader]))  # say_later

    # -- the show
    def end_hand(self) -> None:
        """MatchScoring.end_hand and hand_scored, written out (every hand that is not cut short ends
        here): the hand's row kept (opened by its first peg, or now if it pegged nothing), the hand's
        end noted, the totals told, then the next deal, or the end if a total stands at the target
        (none does unless set by hand: the peg that reached it ended the game there and then)."""
        sheet = self.sheet
        rows, totals = sheet.rows, sheet.totals
        if not rows or rows[-1][0] != self.row_label:
            sheet.credit(self.row_label, 0, 0)
        self.hand_ended()  # its summary ends before the totals line
        # say_later written out: the totals as they are now, written when the story is read.
        self._story.append((totals_line, len(self.history), "totals", tuple(sheet.columns), tuple(totals)))
        if max(totals) < self.match_end.points:  # match_over (Target.reached), written out
            self.start_hand()
        else:
            self.finish()

    def count_noted(self) -> tuple[Card | None, tuple[ToCount, ...]] | None:
        """The starter and the hands and cribs counted so far (a game won mid-show stops there)."""
        return (self.starter, tuple(self.shown)) if self.shown else None

    def count_walkthrough(self, noted: tuple[Card | None, tuple[ToCount, ...]],
                          player: int | None) -> list[CountedHand]:
        """Each hand and crib of the show counted combination by combination (every card is shown)."""
        starter, shown = noted
        return [show_walkthrough(item.what, item.cards, starter, item.crib) for item in shown]

    def start_show(self) -> None:
        self._story.append((show_opening, len(self.history), "info", self.starter, self.speed))  # say_later
        queue = []
        hands, dealer, n, step = self.hands, self.dealer, self.n, self.direction
        titles = self.show_titles
        make = tuple.__new__  # a ToCount made without the named tuple's argument handling
        seat = dealer
        for _ in range(n):  # from the dealer's left round to the dealer (seats_from, written out)
            seat = (seat + step) % n
            queue.append(make(ToCount, (seat, titles[seat][0], held_cards(hands[seat]), False)))
            if self.speed:
                queue.append(make(ToCount, (seat, titles[seat][1], tuple(self.own_cribs[seat]), True)))
        queue.append(make(ToCount, (dealer, titles[dealer][2], tuple(self.crib), True)))
        self.phase = "show"
        if self.muggins:
            self.show_queue = queue
            self.next_count()
        else:
            self.count_all(queue)

    def count_all(self, queue: list[ToCount]) -> None:
        """The show without muggins, every hand and crib counted and pegged in turn (next_count and
        count_aloud written out: every playout ends its hand here); a game won mid-show stops there,
        as next_count leaves it, the hand being counted and the rest still queued."""
        starter, story, step = self.starter, self._story, len(self.history)
        shown, results = self.shown, self.show_results
        for index, item in enumerate(queue):
            points = show_total(item[2], starter, item[3])  # true_points
            shown.append(item)
            results.append((item[1], points))
            # Told lazily (say_later written out): naming every combination costs more than the rest
            # of a playout's show.
            story.append((show_line, step, "score" if points else "show", item, starter))
            if points and self.peg(item[0], points):
                self.counting = item
                self.show_queue = queue[index + 1:]
                return
        self.counting = None
        self.last_show = results
        self.end_hand()

    def next_count(self) -> None:
        """Count the hands in the show's order; with muggins each owner declares their own count."""
        queue = self.show_queue
        while queue:
            item = queue.pop(0)
            self.counting = item
            if self.muggins:
                self.phase = "claim"
                self.turn = item.owner
                return
            if self.count_aloud(item, show_total(item.cards, self.starter, item.crib)):  # true_points
                return
        self.counting = None
        self.last_show = self.show_results
        self.end_hand()

    def true_points(self, item: ToCount) -> int:
        return show_total(item.cards, self.starter, item.crib)

    def shown_cards(self, item: ToCount) -> str:
        return shown_cards(item, self.starter)  # type: ignore[arg-type]

    def count_said(self, item: ToCount) -> str:
        return count_said(item, self.starter)  # type: ignore[arg-type]

    def count_aloud(self, item: ToCount, points: int) -> bool:
        """Say the count of ``item`` and peg ``points`` for its owner; whether that ended the game."""
        self.shown.append(item)
        self.show_results.append((item.what, points))
        # Told lazily (say_later written out): naming every combination costs more than the rest of a
        # playout's show.
        self._story.append((show_line, len(self.history), "score" if points else "show", item, self.starter))
        return self.peg(item.owner, points)

    # -- muggins: the owner declares, the next player may take what was missed
    def _candidates_claim(self) -> list[Action]:
        return [f"claim:{n}" for n in range(MAX_SHOW + 1) if n not in IMPOSSIBLE_TOTALS]

    def _verify_claim(self, action: Action) -> str | None:
        verb, _, number = action.partition(":")
        if verb != "claim" or not number.isdigit() or str(int(number)) != number:
            return "Say what your count is worth, written like claim:12."
        points = int(number)
        if points > MAX_SHOW:
            return f"No hand can score more than {MAX_SHOW}."
        if points in IMPOSSIBLE_TOTALS:
            return f"No four cards and a starter can make exactly {points}: count again."
        return None

    def _do_claim(self, action: Action) -> None:
        item = self.counting
        assert item is not None
        claim = int(action.split(":", 1)[1])
        worth = self.true_points(item)
        owner = self.names[item.owner]
        self.claimed = claim
        self.shown.append(item)
        self.show_results.append((item.what, min(claim, worth)))
        claimed = f"{owner} claims {claim} for {item.what} — {self.shown_cards(item)}"
        if claim == worth:
            self.say(f"{claimed}: {self.count_said(item)}.", kind="score" if worth else "show")
        elif claim > worth:
            self.say(f"{claimed}, but it holds only {worth}: {self.count_said(item)}. {owner} pegs {worth}.",
                     kind="score" if worth else "show")
        else:
            self.say(f"{claimed}. {owner} pegs {claim}.", kind="score" if claim else "show")
        if self.peg(item.owner, min(claim, worth)):
            return
        if claim < worth:
            self.phase = "muggins"
            self.turn = self.next_seat(item.owner)
            return
        self.phase = "show"
        self.next_count()

    def missed(self) -> int:
        assert self.counting is not None
        return self.true_points(self.counting) - self.claimed

    def _candidates_muggins(self) -> list[Action]:
        return [MUGGINS, PASS]

    def _verify_muggins(self, action: Action) -> str | None:
        if action not in (MUGGINS, PASS):
            return f"Call muggins to take the {self.missed()} missed points, or pass to let them go."
        return None

    def _do_muggins(self, action: Action) -> None:
        item = self.counting
        assert item is not None
        caller, missed = self.names[self.turn], self.missed()
        if action == MUGGINS:
            self.say(f"{caller} calls “muggins!” and counts it: {self.count_said(item)}. {caller} pegs the "
                     f"{words(missed)} point{'s' * (missed > 1)} {self.names[item.owner]} missed.", kind="score")
            if self.peg(self.turn, missed):
                return
        else:
            self.say(f"{caller} lets the {words(missed)} missed point{'s' * (missed > 1)} go.", kind="show")
        self.phase = "show"
        self.next_count()

    # -- the cards, wherever they are
    def other_cards(self) -> list[Card]:
        return self.crib + [c for crib in self.own_cribs for c in crib] + self.stock \
            + ([self.starter] if self.starter is not None else [])

    # -- imagined deals (parlour.determinise, for the search bot)
    def laid_unseen(self, player: int) -> int:
        """The cards ``player`` laid away: face down in the crib, but they know where."""
        return C.mask_of(self.laid[player])

    def known_cards(self, player: int) -> dict[int, int]:
        """The cards each other player has pegged: still in their hand (the show counts it), and seen."""
        return {seat: C.mask_of(played) for seat, played in enumerate(self.played) if seat != player and played}

    def after_imagined_deal(self) -> None:
        """The crib, the hands and the own cribs were dealt afresh: the cards not yet pegged, each
        player's cards laid away and the cribs waiting in the show follow them."""
        if self.phase == "play":
            self.unplayed = [hand & ~C.mask_of(played) for hand, played in zip(self.hands, self.played)]
        place = 1 if self.n == 3 else 0  # the crib's first card came from the pack
        for seat in self.seats_from(self.next_seat(self.dealer)):
            laid = len(self.laid[seat])
            self.laid[seat] = self.crib[place:place + laid]
            place += laid
        self.show_queue = [item._replace(cards=tuple(self.crib if item.what == self.crib_name()
                                                     else self.own_cribs[item.owner])) if item.crib else item
                           for item in self.show_queue]

    def could_be_dealt(self) -> bool:
        """A player who said go in this count holds no card that fits under 31 now."""
        fit = FITS[31 - self.count]
        return not any(self.unplayed[seat] & fit for seat in self.said_go)

    def hand_test(self, player: int) -> Callable[[int, int], bool] | None:
        """An imagined hand of another player must agree with what they did this hand, as a Family
        player does it (:func:`agreeing_hands`)."""
        return agreeing_hands(self, player)

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "discard":
            want = LAY_AWAY[self.n]
            cards = "two cards" if want == 2 else "one card"
            whose = f"your own {'second crib' if self.speed else 'crib'}" if self.turn == self.dealer \
                else self.crib_name()
            return f"{name}: lay {cards} away to {whose}."
        if self.phase == "play":
            if not self.playable(self.turn):
                return f"{name}: no card fits under 31 (the count is {self.count}) — say go."
            return f"{name} to play; the count is {self.count}." if self.count else f"{name} to lead a new count."
        if self.phase == "claim":
            assert self.counting is not None
            return f"{name}: count {self.counting.what} with the starter — how many points?"
        if self.phase == "muggins":
            assert self.counting is not None
            owner = self.names[self.counting.owner]
            return (f"{name}: {owner} claimed {self.claimed}, but {self.counting.what} holds more. "
                    f"Call muggins and take the missed points?")
        return ""

    def describe(self, action: Action) -> str:
        if action.startswith("crib:"):
            cards = self.parse_cards(action.split(":", 1)[1])
            if isinstance(cards, list):
                return "Lay away " + " and ".join(C.short(c) for c in cards)
        if action == GO:
            return "Say go"
        if action.startswith("claim:"):
            return f"Claim {action.split(':', 1)[1]}"
        if action == MUGGINS and self.phase == "muggins":
            return f"Muggins! Take {self.missed()}"
        if action == PASS:
            return "Let it go"
        return super().describe(action)

    def board_view(self) -> dict[str, Any]:
        pegs = [{"column": c, "label": label, "front": front, "back": back}
                for c, (label, (front, back)) in enumerate(zip(self.sheet.columns, self.pegs))]
        return {"kind": "track", "label": "Cribbage board", "length": self.match_end.points, "pegs": pegs,
                "marks": sorted(self.skunk_lines())}

    def crib_zone(self, what: str, cards: Sequence[Card]) -> dict[str, Any]:
        """A crib: face down until it is counted in the show."""
        revealed = any(item.what == what for item in self.shown) or (
            self.counting is not None and self.counting.what == what)
        zone: dict[str, Any] = {"kind": "cards", "label": what}
        if revealed:
            zone["cards"] = [C.code(c) for c in in_order(cards)]
        elif cards:
            zone["hidden"] = len(cards)
        return zone

    def _view(self, player: int | None) -> dict[str, Any]:
        showing = self.phase in ("claim", "muggins", "show")
        seats = []
        for s in range(self.n):
            extra: dict[str, Any] = {"role": "dealer" if s == self.dealer else ""}
            held = self.hands[s]
            if self.phase == "play":
                held = self.unplayed[s]
                extra["info"] = ("played " + " ".join(C.short(c) for c in self.played[s]) if self.played[s] else "nothing played yet") \
                    + ("; said go" if s in self.said_go else "")
            if showing:
                extra["face_up"] = True
            if self.phase == "discard" and self.laid[s] and (player is None or player == s):
                extra["aside"] = [C.code(c) for c in self.laid[s]]
            seats.append(self.seat_view(s, player, held, **extra))
        starter: dict[str, Any] = {"kind": "cards", "label": "Starter" if self.starter is not None else "The pack"}
        if self.starter is not None:
            starter["cards"] = [C.code(self.starter)]
        if self.stock:
            starter["hidden"] = len(self.stock)
        centre: list[dict[str, Any]] = [self.board_view(), starter]
        if self.phase == "play":
            count: dict[str, Any] = {"kind": "cards", "label": "Played in this count"}
            if self.series:
                count["cards"] = [C.code(c) for c in self.series]
            if self.turned:
                count["hidden"] = len(self.turned)
            centre.append(count)
        if self.speed:
            for s in self.seats_from(self.next_seat(self.dealer)):
                centre.append(self.crib_zone(f"{self.names[s]}'s crib", self.own_cribs[s]))
        centre.append(self.crib_zone(self.crib_name(), self.crib))
        return {"hand_no": self.hand_no, "seats": seats, "centre": centre, "status": self.status()}

    def status(self) -> str:
        if self.phase == "discard":
            shown = "; ".join(f"{what} {points}" for what, points in self.last_show)
            last = f" Last show: {shown}." if shown else ""
            return f"Hand {self.hand_no}: laying away to {self.crib_name()}.{last}"
        if self.phase == "play":
            return f"The count is {self.count}."
        if self.counting is not None:
            return f"The show: counting {self.counting.what}."
        return ""


# --- the rule bot -------------------------------------------------------------------------

def crib_bias(a: Card, b: Card) -> float:
    """A rough worth of two cards laid into a crib (its average is about four and a half points):
    fives, pairs, fifteens and near-runs make good cribs."""
    ra, rb = rank(a), rank(b)
    worth = 4.0 + 1.5 * ((ra == 5) + (rb == 5))
    if ra == rb:
        worth += 2.5
    if pips(a) + pips(b) in (5, 15):
        worth += 2.0 if pips(a) + pips(b) == 15 else 1.0
    if abs(ra - rb) == 1:
        worth += 1.0
    elif abs(ra - rb) == 2:
        worth += 0.5
    if C.suit_of(a) == C.suit_of(b):
        worth += 0.2
    return worth


#: How many discards the search bot (Strong) plays out in its imagined deals, the rule bot's best first.
#: One: Strong discards as Family does.  Measured (60 games each way, 16 imagined deals a move): trying
#: the best six did worse than Family (45 %, 3.6 points a game behind), since in 16 deals the starter's
#: luck swamps the few tenths of a point between good discards; pegging searched alone came out even.
SEARCHED_DISCARDS = 1


class CribbageBot(RuleBot):
    """Keeps the four cards worth most on average over every starter it might see (counting the crib
    for its own side and against the other), pegs what it can, and avoids leaving the next player an
    easy fifteen, thirty-one or pair."""

    def choose(self, state: CribbageState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == "discard":
            return self.discard(state, legal)
        if state.phase == "play":
            return self.peg(state, legal)
        if state.phase == "claim":
            assert state.counting is not None
            points = state.true_points(state.counting)
            return self.because(f"claim:{points}", f"counts every point there is: {points}")
        missed = state.missed()
        was, are = ("was", "is") if missed == 1 else ("were", "are")
        return self.because(MUGGINS, f"calls muggins: {plural(missed, 'point')} {was} missed and {are} there "
                                     "for the taking")

    def candidates(self, state: CribbageState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """The search bot tries the :data:`SEARCHED_DISCARDS` discards this bot rates best (of 15 with two
        players); every card of the play."""
        if state.phase != "discard" or len(legal) <= SEARCHED_DISCARDS:
            return legal
        worths = self.weigh_discards(state, legal)
        return sorted(legal, key=lambda action: -worths[action][0])[:SEARCHED_DISCARDS]

    @staticmethod
    def weigh_discards(state: CribbageState, legal: list[Action]) -> dict[Action, tuple[float, float]]:
        """Each discard → its worth to the bot (the kept cards' average show, the crib's rough worth
        added for its own side or taken off for the other) and the kept cards' average show alone."""
        seat = state.turn
        hand = C.cards_in(state.hands[seat])
        starters = Starters.of([c for c in state.pack.cards if c not in hand])
        own_side = state.column_of(seat) == state.column_of(state.dealer)
        worths: dict[Action, tuple[float, float]] = {}
        for action in legal:
            laid = [state.pack.card(code) for code in action.split(":", 1)[1].split(CARD_JOIN)]
            kept = [c for c in hand if c not in laid]
            worths[action] = CribbageBot.discard_worth(laid, kept, starters, own_side)
        return worths

    @staticmethod
    def discard_worth(laid: Sequence[Card], kept: Sequence[Card], starters: Starters,
                      own_side: bool) -> tuple[float, float]:
        """One discard's worth to the bot and the kept cards' average show (see :meth:`weigh_discards`)."""
        show = average_show(kept, starters)
        crib = crib_bias(*laid) if len(laid) == 2 else 1.0 + 0.8 * (rank(laid[0]) == 5) + 0.3 * (pips(laid[0]) < 5)
        return (show + crib if own_side else show - crib), show

    @staticmethod
    def would_keep(state: CribbageState, seat: int, kept: list[Card], laid: list[Card]) -> bool:
        """Whether this bot in ``seat``, dealt ``kept`` and ``laid``, would lay ``laid`` away: no other
        two of the six are worth more to lay away (:meth:`weigh_discards`; a tie is let pass).  For
        reading another player's discard in imagined deals (:func:`agreeing_hands`)."""
        six = kept + laid
        starters = Starters.of([c for c in state.pack.cards if c not in six])
        own_side = state.column_of(seat) == state.column_of(state.dealer)
        worth = CribbageBot.discard_worth(laid, kept, starters, own_side)[0]
        for other in combinations(six, 2):
            if other[0] in laid and other[1] in laid:
                continue
            rest = [c for c in six if c not in other]
            if CribbageBot.discard_worth(other, rest, starters, own_side)[0] > worth:
                return False
        return True

    def discard(self, state: CribbageState, legal: list[Action]) -> Action:
        seat = state.turn
        hand = C.cards_in(state.hands[seat])
        own_side = state.column_of(seat) == state.column_of(state.dealer)
        worths = self.weigh_discards(state, legal)
        choice = max(legal, key=lambda action: worths[action][0])  # the first of the best, as listed
        kept_worth = worths[choice][1]
        laid = [state.pack.card(code) for code in choice.split(":", 1)[1].split(CARD_JOIN)]
        kept = [c for c in hand if c not in laid]
        crib = "its own side's crib, counted for it" if own_side else "the other side's crib, counted against it"
        return self.because(choice, f"keeps {cards_text(kept)}, worth {kept_worth:.1f} points on average over "
                                    f"the starters; lays {cards_text(laid)} in {crib}")

    def peg(self, state: CribbageState, legal: list[Action]) -> Action:
        if legal == [GO]:
            return self.because(GO, "has no card that keeps the count at 31 or under")
        seat = state.turn
        seen = {c for s in range(state.n) for c in state.played[s]} | set(C.cards_in(state.hands[seat])) \
            | set(state.laid[seat])
        if state.starter is not None:
            seen.add(state.starter)
        unseen_ranks = [0] * 14
        for c in state.pack.cards:
            if c not in seen:
                unseen_ranks[rank(c)] += 1
        unseen_total = sum(unseen_ranks) or 1
        nxt = state.next_seat(seat)
        opponent_cards = C.count(state.unplayed[nxt])
        series = list(state.series)
        best, choice = -1e9, legal[0]
        weighed: dict[Action, tuple[list[Score], float]] = {}
        for action in legal:
            card = state.pack.card(action)
            count = state.count + pips(card)
            scores = peg_scores(series + [card], count)
            gain = sum(s.points for s in scores)
            risk = 0.0
            if opponent_cards and state.column_of(nxt) != state.column_of(seat):
                for r in range(1, 14):
                    if not unseen_ranks[r] or count + min(r, 10) > 31:
                        continue
                    reply = C.make_card(C.CLUBS, ACE if r == 1 else r)
                    points = peg_points(series + [card, reply], count + min(r, 10))
                    if points:
                        chance = 1 - (1 - unseen_ranks[r] / unseen_total) ** opponent_cards
                        risk += chance * points
            weighed[action] = scores, risk
            # Keep low cards for later counts; lead small so no fifteen is on.
            worth = gain - 0.7 * risk + 0.01 * pips(card)
            if worth > best:
                best, choice = worth, action
        return self.because(choice, self.peg_reason(state, choice, weighed))

    def searched_reason(self, state: CribbageState, chosen: Action, searched: str) -> str:
        """Strong's reason (``searched``: its imagined deals, and how the move compared), and what the
        hands it imagined for the other players agree with (:func:`agreeing_hands`)."""
        seen = seen_doings(state, state.turn)
        if seen is None:
            return searched
        cards_played, gos, discarded = seen
        done = " and ".join((["kept"] if discarded else []) + (["played as they did"] if cards_played or gos else []))
        whose = "the other player" if state.n == 2 else "the others"
        return f"{searched}; it imagined for {whose} only hands that a Family player might have {done}"

    @staticmethod
    def peg_reason(state: CribbageState, choice: Action, weighed: dict[Action, tuple[list[Score], float]]) -> str:
        """Why ``choice``: what it pegs, and what it leaves the next player, against the other cards."""
        card = state.pack.card(choice)
        count = state.count + pips(card)
        scores, risk = weighed[choice]
        gain = sum(s.points for s in scores)
        if gain:
            return f"pegs {gain} with the {C.short(card)}: \u201c{peg_speech(count, scores)}\u201d"
        missed = max(sum(s.points for s in other[0]) for other in weighed.values())
        if missed:
            return (f"plays the {C.short(card)} for {count} rather than peg {missed}: that card would leave "
                    "the next player a likely score")
        if len(weighed) > 1 and risk < max(other[1] for other in weighed.values()) and risk > 0:
            return f"plays the {C.short(card)} for {count}, the count that gives the next player least to score on"
        if not risk and any(other[1] for other in weighed.values()):
            return f"plays the {C.short(card)} for {count}, a count the next player cannot score on"
        return f"nothing scores either way, so plays the {C.short(card)} for {count}, keeping lower cards for later"


# --- imagined deals that agree with what the other players did (Strong) ---------------------------

#: How many imagined hands of the other player are tested against their discard before one is let
#: through untested (a player who does not discard as Family does may leave no hand that agrees):
#: about one in fifteen random hands is a Family keep, so this many rarely run out.
DISCARD_TRIES = 80


def play_moments(state: CribbageState, player: int) -> tuple[list[tuple[int, int, tuple[Card, ...], int, Card]],
                                                              list[tuple[int, int, int]]]:
    """What the other players did in this hand's play, as ``player`` saw it: each card another seat
    played (the seat, the cards it had played before, the count's cards before it, the count then,
    the card) and, with two players, each go another seat said (the seat, its cards played before,
    the count).  The counts are found again from the order of the cards (the earlier counts', then
    this one's): a count ends at 31, or where the next card would not fit under 31 (after a go no
    player still in could lay one)."""
    actions: list[Action] = []
    for action in reversed(state.history):  # the play's moves come after the last discard
        if action.startswith("crib:"):
            break
        actions.append(action)
    owner = {card: seat for seat, cards in enumerate(state.played) for card in cards}
    cards_played: list[tuple[int, int, tuple[Card, ...], int, Card]] = []
    gos: list[tuple[int, int, int]] = []
    before = [0] * state.n
    series: tuple[Card, ...] = ()
    count, last = 0, None
    for action in reversed(actions):
        if action == GO:
            if state.n == 2 and last is not None and 1 - last != player:
                gos.append((1 - last, before[1 - last], count))  # with two, the go is the other seat's
            continue
        card = state.pack.by_code.get(action)
        if card is None or card not in owner:
            continue  # a claim or muggins of the show: not a card of the play
        if count == 31 or count + PIPS[card] > 31:
            series, count = (), 0
        seat = owner[card]
        if seat != player:
            cards_played.append((seat, before[seat], series, count, card))
        series += (card,)
        count += PIPS[card]
        before[seat] |= 1 << card
        last = seat
    return cards_played, gos


def seen_doings(state: CribbageState, player: int) -> tuple[list[tuple[int, int, tuple[Card, ...], int, Card]],
                                                            list[tuple[int, int, int]], bool] | None:
    """What the other players did this hand that imagined deals agree with (:func:`agreeing_hands`):
    their cards and goes in the play (:func:`play_moments`) and, with two players, whether the other
    has laid away; ``None`` if nothing yet (or not in the discard or the play)."""
    if state.phase not in ("discard", "play"):
        return None
    cards_played, gos = play_moments(state, player) if state.phase == "play" else ([], [])
    discarded = state.n == 2 and bool(state.laid[1 - player])
    if not cards_played and not gos and not discarded:
        return None
    return cards_played, gos, discarded


def agreeing_hands(state: CribbageState, player: int) -> Callable[[int, int], bool] | None:
    """For Strong's imagined deals (:meth:`CribbageState.hand_test`): a test of another seat's imagined
    hand (all its kept cards, the pegged ones too) against what it did this hand, as a Family player
    does it.  In the play: no card it passed over would have pegged two or more points more than
    the card it laid (Family takes such points), and no card fitted when it said go.  With two
    players, once the other has laid away: its four cards are the four Family keeps when dealt them
    and two cards ``player`` cannot place, drawn at random (so a hand is let through as often as
    Family would keep it; :data:`DISCARD_TRIES` tests a deal at most)."""
    seen = seen_doings(state, player)
    if seen is None:
        return None
    cards_played, gos, discarded = seen
    other = 1 - player
    unseen = C.mask_of(state.pack.cards) & ~(state.hands[player] | C.mask_of(state.laid[player]))
    for cards in state.played:
        unseen &= ~C.mask_of(cards)
    if state.starter is not None:
        unseen &= ~(1 << state.starter)
    # The two cards drawn from the hand being tested and the try (each imagined deal tests hands of
    # its own), so the same hand is judged the same way within a decision.
    base = state.hand_no * 1_000_003 + len(state.history) * 7919 + player
    tries = [0]

    def could_be(seat: int, hand: int) -> bool:
        for who, had_played, series, count, card in cards_played:
            if who != seat:
                continue
            took = peg_points(series + (card,), count + PIPS[card])
            for passed in C.cards_in(hand & ~had_played & FITS[31 - count]):
                if passed != card and peg_points(series + (passed,), count + PIPS[passed]) >= took + 2:
                    return False
        for who, had_played, count in gos:
            if who == seat and hand & ~had_played & FITS[31 - count]:
                return False
        if not discarded or seat != other or tries[0] >= DISCARD_TRIES:
            return True
        tries[0] += 1
        pool = C.cards_in(unseen & ~hand)
        rng = Rng((base + hand * 0x9E3779B97F4A7C15 + tries[0]) & MAX_SEED)
        first = rng.below(len(pool))
        second = rng.below(len(pool) - 1)
        second += second >= first
        return CribbageBot.would_keep(state, seat, C.cards_in(hand), [pool[first], pool[second]])
    return could_be


# Measured by tests/strengths.py: Strong, searching the play and discarding as Family, came out even at
# 16 imagined deals a move (51.8 % of 384 games) and at 32 (53.1 % of 384, 46.8-59.4 %).  Judged move by
# move against the real deal (each card's worth with Family playing the hand on, 1,000 decisions of the
# play), its cards were no better than Family's (-0.03 points, standard error 0.05; -0.02 at 256 deals):
# over imagined hands drawn at random from the unseen cards, Family's rule is as good as any.  With
# imagined hands that agree with what the other player did (agreeing_hands) its cards gained +0.07 (0.05)
# at 16 deals and +0.13 (0.07) at 48, and whole games at 32 deals (under what the browser's half second
# reaches on the moves Strong searches: a median of 59 deals in Chromium's Pyodide over 25 such moves on a
# busy two-core machine, 73 in CPython) came out 57.0 % of 384 (interval 50.7-63.2 %): stronger.  Tried and left out (tests/bench.py-style paired
# screens): the exact average crib of a random lay-away in place of crib_bias (-0.003 points a hand,
# standard error 0.033, 4,000 hands); discarding by the kept cards' and the crib's exact averages over
# every starter plus the play's points over imagined deals (-0.11, 0.08: a play's points swing by about
# four a deal, so 16 deals pick at random among close discards); searching every discard when either
# side is within 31 of the end (+0.02 of a game, 0.02, over 200 endings: near the end the cards decide).
SPEC = GameSpec(info=INFO, options=OPTIONS, state=CribbageState, rule_bot=CribbageBot, counting=COUNTING)
