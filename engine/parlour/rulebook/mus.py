"""Mus for four players in two partnerships (a playing-card maker's article), on the shared betting.

The Spanish 40-card pack, four cards each, play to the right.  By default the
3s count as kings and the 2s as aces ("eight kings and eight aces"); the
four-kings game is an option.  Players say *mus* (to change cards) or *no
mus*; while all four say mus each discards one to four and the dealer
replaces them.  Then four rounds are bet in order — Grande (highest cards),
Chica (lowest), Pares (pairs; declared first) and Juego (31 or more;
declared first) or, when nobody has juego, Punto — each opened by a bid of
at least two or a pass, then seen, raised or folded (:mod:`parlour.betting`).
An accepted órdago shows the hands and that round decides the game.  The
hands are shown after the fourth round and the rounds are paid in order;
the first side to 40 wins at once.

Signals (option ``signals``): the teaching mode shows each player their
partner's honest signals, from the list of señas published by Hablando de
Póker ("Señas en el mus"); the bots read their partner's the same way.
"""

from __future__ import annotations

import copy

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any, Callable, Sequence

from .. import cards as C
from .. import spanish
from ..betting import ALL_IN, BID, FOLD, FOLDED, PASS, PASSED, SEE, SEEN, Betting, BettingRules, Call
from ..bots import RuleBot
from ..cardgame import CardGameState
from ..cards import Card, Mask
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, PartnershipScoring, Target, names_and, seat_shares
from ..view import Note, note, notes_zone
from ..walkthrough import CountedHand, running

TEAMS = PARTNERS_4
HAND_SIZE = 4
KING, ACE = 12, 1
#: Juego totals from best to worst: 31, 32, 40, then 37 down to 33.
JUEGO_ORDER = (31, 32, 40, 37, 36, 35, 34, 33)
JUEGO = 31
ROUNDS = ("grande", "chica", "pares", "juego", "punto")
ROUND_NAMES = {"grande": "Grande", "chica": "Chica", "pares": "Pares", "juego": "Juego", "punto": "Punto"}
ROUND_AIMS = {"grande": "the highest cards", "chica": "the lowest cards", "pares": "the best pairs",
              "juego": "the best juego", "punto": "the most points under 31"}
#: Pares combinations: their names, and the bonus the best one earns.
PARES_KINDS = {3: "duples", 2: "medias", 1: "pair"}
PARES_BONUS = {3: 3, 2: 2, 1: 1}
#: Opening bids the table offers as buttons, and raises over the bid on the table (any amount may be typed).
OPENING_BIDS = (2, 5, 10)
RAISE_BY = (2, 5, 10)
#: Which card decided Grande or Chica, by its place in the hand.
DECIDING_CARD = {"grande": ("highest card", "second card", "third card", "lowest card"),
                 "chica": ("lowest card", "second-lowest card", "third card", "highest card")}

INFO = GameInfo(
    id="mus",
    name="Mus",
    family="Betting and bluff (Spanish pack)",
    players=(4,),
    pack="Spanish 40 cards (or a 52-card pack without 8s, 9s and 10s)",
    min_age=12,
    skill="Medium to hard (bluffing, partnership signals)",
    kinds=("betting",), deck="spanish40", minutes=(30, 45),
    summary="Change cards until someone is happy, then bet four times on one hand: highest, lowest, "
            "pairs and juego — or stake the whole game on one round with an órdago.",
    house_rule="The article's game: eight kings and eight aces (3s are kings, 2s are aces); everyone bets once "
               "a player says yes to pares or juego; only the best pares (or juego) earns its bonus; a passed "
               "round scores 1, Pares and Juego too; game to 40; partners' signals shown (teaching mode).",
    standard_rule="The usual Spanish game, also with eight kings and eight aces (four kings is an older game: "
                  "option kings: four) and to 40 (a shorter game to 30: option target: 30); only the holders "
                  "bet on pares and juego, and only when both sides hold one (option bettors: holders); every "
                  "pares and juego of the winning side earns its bonus, the partner's too (option bonuses: "
                  "side); a passed Pares or Juego scores only those bonuses (option passed: none).",
    source="A playing-card maker's Mus article; the señas published by Hablando de Póker for the signals; "
           "Pagat's Mus for who bets on pares and juego and for the usual Spanish count of bonuses.",
    short_rules=(
        "Four players, partners opposite; Spanish 40-card pack; play goes to the right; four cards each.",
        "3s count as kings and 2s as aces (option: four kings). Cards rank K Q J 7 6 5 4 (3 2) A.",
        "Mus or no mus, from the dealer's right: while all say mus, each discards 1-4 and the dealer "
        "replaces them.",
        "Four rounds: Grande (highest), Chica (lowest), Pares (duples 3, medias 2, pair 1 bonus), Juego "
        "(31 or more: 31, 32, 40, 37 … 33; bonus 3 for 31, else 2) or Punto if nobody has juego (30 best, +1).",
        "Each round: open with 2 or more, or pass; the other side sees, raises, folds or goes órdago.",
        "All pass: played for 1 (option passed: none — a passed Pares or Juego scores only its bonuses). "
        "All fold: the bidders collect the stake accepted before (1 for an opening bid).",
        "An accepted órdago: the hands are shown and that round wins the game.",
        "Ties go to the player earlier in turn. Rounds are paid in order at the show; 40 wins at once.",
    ),
    readings=(
        Reading("Who bets on pares and juego? The article says the round is bet once anyone says yes.",
                "Everyone bets, as the article reads; Pagat lets only the holders bet, and only when both "
                "sides hold one (otherwise the holders score their bonus with no bet).",
                "bettors", "holders"),
        Reading("Who earns the pares and juego bonus?",
                "The best combination of the round, as the article says — the holder's side scores it, "
                "even when the round's bet was folded (the cards are shown at the end anyway). In the usual "
                "Spanish count the winning side scores the bonus of every pares (or juego) it holds, the "
                "partner's too.",
                "bonuses", "side"),
        Reading("Does a Pares or Juego that everyone passed still score 1?",
                "Yes: the article plays every round that all four pass for 1, to the better hand, and names "
                "no exception, so a passed Pares or Juego scores 1 besides its bonus. In the usual Spanish "
                "count only Grande, Chica and Punto score 1 when passed; a passed Pares or Juego earns its "
                "bonuses alone.",
                "passed", "none"),
        Reading("How large may a raise be?",
                "Any amount above the bid on the table (the table offers 2, 5 and 10 more); no bid may "
                "name more than the points the game is played to (40, or 30 in the shorter game) — the "
                "whole game is what órdago is for, and órdago may answer any bid, even one of 40."),
        Reading("Does everyone have to fold for a bid to be refused?",
                "Yes: each opponent answers in turn, and a fold passes the answer to the partner; either "
                "may see or raise for the side."),
        Reading("When the stock runs out during the mus, which discards are shuffled?",
                "Every discard made so far, except the cards the player being served has just thrown."),
        Reading("What do the partners' signals mean, and can they lie?",
                "The señas published by Hablando de Póker; in the teaching mode they are always honest "
                "and only the partner sees them."),
        Reading("How are medias compared, and a single pair?",
                "As the article says: the three (or the pair) first, then the odd cards, highest first."),
    ),
)

OPTIONS = (
    Option("kings", "eight", "How many kings and aces the pack has.",
           choices={"eight": "eight kings and eight aces: 3s count as kings and 2s as aces (the usual game, "
                             "as the article says)",
                    "four": "four kings and four aces: 3s and 2s are plain cards (an older game)"},
           standard="eight"),
    Option("bettors", "all", "Who bets on the pares and juego rounds.",
           choices={"all": "everyone, once any player says yes (the article)",
                    "holders": "only the players who hold pares (or juego), and only when both sides hold "
                               "some; otherwise the holders just take their bonus (Pagat)"},
           standard="holders"),
    Option("target", 40, "Points to win.",
           choices={40: "40, the usual game (the article)", 30: "30, a shorter game"}, standard=40),
    Option("bonuses", "best", "Who earns the Pares and Juego bonuses.",
           choices={"best": "only the best pares (or juego) of the round, for its side (the article)",
                    "side": "every pares (or juego) held by the side that wins the round, the partner's "
                            "too (the usual Spanish count)"},
           standard="side"),
    Option("passed", "one", "What a round scores when all four pass.",
           choices={"one": "1 to the better hand, in every round (the article)",
                    "none": "1 in Grande, Chica and Punto; a passed Pares or Juego scores only its "
                            "bonuses (the usual Spanish count)"},
           standard="none"),
    Option("signals", "teach", "Partners' signals (señas).",
           choices={"teach": "teaching mode: you see your partner's honest signals, and the bots use theirs",
                    "none": "no signals: every player bets on their own cards alone"},
           standard="teach"),
    spanish.PACK_OPTION,
)

#: The señas, from Hablando de Póker's list: what each means, and the gesture a player makes.
SIGNALS: dict[str, str] = {
    "two kings": "bites the lower lip",
    "three kings": "bites the lower lip at one corner",
    "two aces": "shows the tip of the tongue",
    "three aces": "puts the tongue out at one side of the mouth",
    "duples": "raises the eyebrows",
    "medias": "twists the lips to one side",
    "31": "winks",
    "juego": "blows a kiss",
    "30 of punto": "shrugs both shoulders",
    "29 of punto": "raises one shoulder",
    "ciego": "closes both eyes",
}

def betting_rules(target: int) -> BettingRules:
    """Mus's betting: open with 2 or more, raise by 1 or more, órdago at any time.  No bid may name
    more than the game is played to (the whole game is what órdago is for)."""
    return BettingRules(teams=TEAMS, base=1, min_open=2, min_raise=1, most=target, all_in=True)


# --- the cards' values --------------------------------------------------------

def face(card: Card, eight_kings: bool) -> int:
    """A card's value for Mus: its Spanish number, 3 made a king (12) and 2 an ace (1) with eight kings."""
    number = spanish.number(card)
    if eight_kings:
        return {3: KING, 2: ACE}.get(number, number)
    return number


def faces(hand: Mask, eight_kings: bool) -> list[int]:
    """The hand's values, highest first."""
    return sorted((face(c, eight_kings) for c in C.cards_in(hand)), reverse=True)


def points(value: int) -> int:
    """Juego points: pictures (and kings) 10, others their number, aces 1."""
    return 10 if value >= 10 else value


def total(values: Sequence[int]) -> int:
    return sum(points(v) for v in values)


def pares_of(values: Sequence[int]) -> tuple[int, ...]:
    """The pares a hand holds as a comparable key: (kind, ranks…), kind 3 duples, 2 medias, 1 a pair;
    ``()`` for none.  Four of a kind counts as duples."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (-vc[1], -vc[0]))
    (top, n), rest = groups[0], groups[1:]
    if n == 4:
        return (3, top, top)
    if n == 3:
        return (2, top, rest[0][0])
    pairs = sorted((v for v, c in counts.items() if c == 2), reverse=True)
    if len(pairs) == 2:
        return (3, pairs[0], pairs[1])
    if len(pairs) == 1:
        kickers = sorted((v for v in values if v != pairs[0]), reverse=True)
        return (1, pairs[0], *kickers)
    return ()


def juego_rank(value_total: int) -> int:
    """How good a juego total is (higher better); -1 for no juego."""
    return len(JUEGO_ORDER) - JUEGO_ORDER.index(value_total) if value_total >= JUEGO else -1


def round_key(round_id: str, values: Sequence[int]) -> tuple[int, ...]:
    """What a hand is worth in a round, as a key where the higher wins (``()``: cannot win pares)."""
    if round_id == "grande":
        return tuple(values)
    if round_id == "chica":
        return tuple(-v for v in reversed(values))
    if round_id == "pares":
        return pares_of(values)
    if round_id == "juego":
        rank = juego_rank(total(values))
        return (rank,) if rank >= 0 else ()
    return (total(values),)


def round_bonus(round_id: str, key: tuple[int, ...]) -> int:
    if round_id == "pares":
        return PARES_BONUS[key[0]]
    if round_id == "juego":
        return 3 if key == (juego_rank(JUEGO),) else 2
    if round_id == "punto":
        return 1
    return 0


def best_seat(order: Sequence[int], keys: dict[int, tuple[int, ...]]) -> int | None:
    """The seat with the best key; on a tie, the earlier in turn order (``None`` if nobody can win)."""
    best: int | None = None
    for seat in order:
        if keys[seat] and (best is None or keys[seat] > keys[best]):
            best = seat
    return best


# --- words -----------------------------------------------------------------------

def value_word(value: int, pack: C.Pack, plural: bool = False) -> str:
    if value >= 10:
        return spanish.court_name(pack, value, plural)
    if value == ACE:
        french = not C.is_spanish(pack.cards[0])
        return ("aces" if plural else "ace") if french else ("ases" if plural else "as")
    return f"{value}s" if plural else str(value)


def pares_words(key: tuple[int, ...], pack: C.Pack) -> str:
    """``"duples (reyes and 5s)"``, ``"medias (three 7s)"``, ``"pair of ases"``."""
    if not key:
        return "no pares"
    kind = key[0]
    if kind == 3:
        if key[1] == key[2]:
            return f"duples (four {value_word(key[1], pack, True)})"
        return f"duples ({value_word(key[1], pack, True)} and {value_word(key[2], pack, True)})"
    if kind == 2:
        return f"medias (three {value_word(key[1], pack, True)})"
    return f"pair of {value_word(key[1], pack, True)}"


def hand_words(hand: Mask, pack: C.Pack, eight_kings: bool) -> str:
    """The cards by their corner marks, highest value first: ``"12 3 7 4"``."""
    cards = sorted(C.cards_in(hand), key=lambda c: (-face(c, eight_kings), -C.rank_of(c)))
    return " ".join(C.rank_text(c) for c in cards)


def signals_for(values: Sequence[int]) -> list[str]:
    """The honest señas for a hand's values (see :data:`SIGNALS`)."""
    counts = Counter(values)
    shown = []
    for value, word in ((KING, "kings"), (ACE, "aces")):
        if counts[value] >= 3:
            shown.append(f"three {word}")
        elif counts[value] == 2:
            shown.append(f"two {word}")
    key = pares_of(values)
    if key and key[0] == 3:
        shown.append("duples")
    elif key and key[0] == 2 and key[1] not in (KING, ACE):
        shown.append("medias")
    value_total = total(values)
    if value_total == JUEGO:
        shown.append("31")
    elif value_total > JUEGO:
        shown.append("juego")
    elif value_total == 30:
        shown.append("30 of punto")
    elif value_total == 29:
        shown.append("29 of punto")
    return shown or ["ciego"]


#: What a signal tells, where its name alone does not say it.
SIGNAL_MEANING = {"31": "juego of 31", "juego": "juego, not 31", "ciego": "ciego: nothing worth betting"}


def signal_text(meanings: Sequence[str]) -> str:
    """``"bites the lower lip (two kings); winks (juego of 31)"``."""
    return "; ".join(f"{SIGNALS[m]} ({SIGNAL_MEANING.get(m, m)})" for m in meanings)


@dataclass
class RoundPlay:
    """One round of one hand: its betting as it ended, and what it paid."""

    round_id: str
    betting: Betting | None          # None: not bet (nobody could, or only one side held pares/juego)
    note: str = ""


class MusState(PartnershipScoring, CardGameState):
    """South & North against West & East; play and the deal pass to the right."""

    direction = -1
    # Hidden from a player: the other three hands (the partner's too), the stock and the discards
    # (face down), less the cards they threw away themselves (laid_unseen).
    determinisable = True
    face_down_piles = ("discards",)

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        return spanish.pack_for(options)

    def setup(self) -> None:
        self.match_end = Target(self.options["target"])
        self.sheet = ScoreSheet(list(self.team_labels), note=self.match_end.describe())
        self.eight_kings = self.options["kings"] == "eight"
        #: The last hands shown and why each round went as it did, kept on view until the next mus.
        self.shown: list[Note] = []
        self.shown_hand = 0
        #: Whether the game ended on an accepted órdago rather than by counting to the target.
        self.decided_by_ordago = False
        super().setup()

    # -- the deal
    def start_hand(self) -> None:
        self.next_hand()
        self.stock: list[Card] = self.shuffled_pack()
        self.discards: list[Card] = []
        #: Each seat's own throws still in the discard pile: cards its player knows are in no hand.
        self.thrown: list[Mask] = [0] * self.n
        #: Who threw each card of ``discards``, card by card (so an imagined deal knows whose throws its
        #: new discards are: after_imagined_deal).
        self.discarded_by: list[int] = []
        self.stock = self.deal(self.stock, each=HAND_SIZE)
        self.mus_said = 0
        self.draws = 0
        self.plays: list[RoundPlay] = []
        self.rounds: list[str] = []
        #: What each round paid this hand, as it was paid: (side, words, the seats whose cards won it, points).
        self.paid: list[tuple[int, str, tuple[int, ...], int]] = []
        self.betting: Betting | None = None
        self.phase = "mus"
        self.turn = self.mano
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals four cards to each player, to the right; "
                 f"{self.names[self.mano]} speaks first.", kind="deal")

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    # -- imagined deals (parlour.determinise), for the Strong player
    def laid_unseen(self, player: int) -> Mask:
        return self.thrown[player]

    def hand_test(self, player: int) -> Callable[[int, Mask], bool]:
        """An imagined hand must agree with what ``player`` was told of it: its yes or no to pares and
        juego (said, or plain from the rounds to be played), from the partner the signals ``player``
        sees, and from a rival who bid in this round a hand worth its bid (as Family reads a bid)."""
        claims, eight_kings, partner = self.claims(), self.eight_kings, self.partner(player)
        signals = hand_signals(tuple(self.values(partner))) if self.signal_notes(player) else None
        bidder, round_id, floor = self.bid_promise(player)

        def could_be(seat: int, hand: Mask) -> bool:
            values = tuple(faces(hand, eight_kings))
            return fits(values, claims[seat]) and (
                signals is None or seat != partner or hand_signals(values) == signals) and (
                seat != bidder or hand_key(round_id, values) >= floor)
        return could_be

    def bid_promise(self, player: int) -> tuple[int | None, str, tuple[int, ...]]:
        """What the bid on the table, made by ``player``'s rivals, promises: the bidder, the round,
        and the key its hand is taken to reach — the least of the best hands the bid tells of
        (:meth:`Outlook.bid_share`), as Family reads it; no bidder when no rival bid is on the table."""
        betting = self.betting
        if self.phase != "bet" or betting is None or betting.bid is None or betting.bidder is None \
                or self.team(betting.bidder) == self.team(player):
            return None, "", ()
        side = self.team(player)
        share = Outlook(self.sheet.totals[side], self.sheet.totals[1 - side], self.match_end.points).bid_share(betting)
        pack_values = value_counts([face(c, self.eight_kings) for c in self.pack.cards])
        return betting.bidder, self.round_id, strong_hand(self.round_id, pack_values, share)

    def playout_estimate(self) -> list[float]:
        """Each seat's share of the win from the score alone (Outlook.counting): how Strong scores a
        playout at the hand's end, so that an órdago seen (the game won or lost) and a round folded
        (a few points) are weighed on the same scale."""
        south_north = Outlook(self.sheet.totals[0], self.sheet.totals[1], self.match_end.points).counting
        return seat_shares([south_north, 1 - south_north], TEAMS)

    def past_cards_in_view(self, player: int) -> Mask:
        """The last hand's show, on view until the next mus: those cards have been dealt again since."""
        if self.shown_hand == self.hand_no:
            return 0
        return C.mask_of(self.pack.by_code[code] for line in self.shown for code in line.get("cards", ()))

    def after_imagined_deal(self) -> None:
        # Each seat's throws are the cards now lying where it threw them.
        self.thrown = [0] * self.n
        for card, seat in zip(self.discards, self.discarded_by):
            self.thrown[seat] |= 1 << card

    @property
    def mano(self) -> int:
        """The first to speak: the dealer's right."""
        return self.next_seat(self.dealer)

    @property
    def order(self) -> list[int]:
        """Turn order for this hand, from the mano."""
        return self.seats_from(self.mano)

    def other_cards(self) -> list[Card]:
        return self.stock + self.discards

    def display_order(self, cards: list[Card]) -> list[Card]:
        """Suits never matter in Mus: a hand is shown by value, kings first."""
        return sorted(cards, key=lambda c: (-face(c, self.eight_kings), -C.rank_of(c), C.suit_of(c)))

    def values(self, seat: int) -> list[int]:
        return faces(self.hands[seat], self.eight_kings)

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    # -- mus or no mus
    def _candidates_mus(self) -> list[Action]:
        return ["mus", "nomus"]

    def _verify_mus(self, action: Action) -> str | None:
        if action not in ("mus", "nomus"):
            return "Say mus (to change cards) or no mus (nomus) to play these cards."
        return None

    def _do_mus(self, action: Action) -> None:
        seat = self.turn
        if action == "nomus":
            self.say(f"{self.names[seat]}: no mus.", kind="bid")
            self.start_betting()
            return
        self.mus_said += 1
        self.say(f"{self.names[seat]}: mus.", kind="bid")
        self.turn = self.next_seat(seat)
        if self.mus_said == self.n:
            self.say("Everyone wants mus: each discards one to four cards and the dealer replaces them.",
                     kind="deal")
            self.phase = "discard"
            self.turn = self.mano

    # -- discards
    def _candidates_discard(self) -> list[Action]:
        held = C.cards_in(self.hands[self.turn])
        return [f"discard:{self.cards_code(cards)}" for size in range(1, HAND_SIZE + 1)
                for cards in combinations(held, size)]

    def _verify_discard(self, action: Action) -> str | None:
        verb, _, text = action.partition(":")
        if verb != "discard" or not text:
            return "Discard one to four cards, written like discard:4O+7C."
        cards = self.parse_cards(text)
        if isinstance(cards, str):
            return cards
        if len(cards) > HAND_SIZE:
            return "You can discard at most four cards."
        return self.held_cards_reason(self.turn, cards)

    def _do_discard(self, action: Action) -> None:
        seat = self.turn
        cards = self.parse_cards(action.partition(":")[2])
        assert isinstance(cards, list)
        self.hands[seat] &= ~C.mask_of(cards)
        if len(self.stock) < len(cards):
            self.rng.shuffle(self.discards)
            self.stock += self.discards
            self.discards = []
            self.discarded_by = []
            self.thrown = [0] * self.n
            self.say("The stock has run out: the dealer shuffles the discards to make a new one.", kind="deal")
        drawn, self.stock = self.stock[:len(cards)], self.stock[len(cards):]
        self.hands[seat] |= C.mask_of(drawn)
        self.discards += cards
        self.discarded_by += [seat] * len(cards)
        self.thrown[seat] |= C.mask_of(cards)
        count = len(cards)
        self.say(f"{self.names[seat]} discards {count} card{'s' if count > 1 else ''} and is given "
                 f"{'as many' if count > 1 else 'one'}.",
                 secret=f"{self.names[seat]} discards {self.short_cards(cards)} and draws "
                        f"{self.short_cards(drawn)}.", owner=seat, kind="deal")
        self.turn = self.next_seat(seat)
        if self.turn == self.mano:
            self.draws += 1
            self.mus_said = 0
            self.phase = "mus"

    def short_cards(self, cards: Sequence[Card]) -> str:
        return ", ".join(C.short(c) for c in cards)

    def compose_verbs(self) -> list[dict[str, str]]:
        return [{"verb": "discard", "label": "Discard"}] if self.phase == "discard" else []

    # -- the four rounds
    def start_betting(self) -> None:
        keys = {r: {s: round_key(r, self.values(s)) for s in range(4)} for r in ("pares", "juego")}
        self.rounds = ["grande", "chica"]
        if any(keys["pares"].values()):
            self.rounds.append("pares")
        self.rounds.append("juego" if any(keys["juego"].values()) else "punto")
        self.open_round(0)

    def open_round(self, index: int) -> None:
        self.round_index = index
        round_id = self.rounds[index]
        openers = self.order
        if round_id in ("pares", "juego"):
            holding = [s for s in self.order if round_key(round_id, self.values(s))]
            said = ", ".join(f"{self.names[s]} {'yes' if s in holding else 'no'}" for s in self.order)
            self.say(f"{ROUND_NAMES[round_id]}? {said}.", kind="bid")
            if self.options["bettors"] == "holders":
                openers = holding
                if len({self.team(s) for s in holding}) < 2:
                    side = self.team_labels[self.team(holding[0])]
                    self.say(f"Only {side} hold {round_id}: no betting; they will score their bonus at the show.",
                             kind="bid")
                    self.plays.append(RoundPlay(round_id, None, "only one side held it"))
                    self.next_round()
                    return
        if round_id == "punto":
            self.say("Nobody has juego, so the last round is Punto: the most points under 31.", kind="bid")
        self.betting = Betting.start(betting_rules(self.match_end.points), self.order, openers)
        self.phase = "bet"
        self.turn = openers[0]

    def next_round(self) -> None:
        if self.round_index + 1 < len(self.rounds):
            self.open_round(self.round_index + 1)
        else:
            self.showdown()

    @property
    def round_id(self) -> str:
        return self.rounds[self.round_index]

    def bet_answerers(self, seat: int) -> list[int] | None:
        """Who answers ``seat``'s bid: every opponent in turn (only the holders, when only they bet)."""
        assert self.betting is not None
        if self.options["bettors"] != "holders" or self.round_id not in ("pares", "juego"):
            return None
        return [s for s in self.betting.answerers(seat) if round_key(self.round_id, self.values(s))]

    def _candidates_bet(self) -> list[Action]:
        betting = self.betting
        assert betting is not None
        words = ["pass"] if betting.bid is None else ["see", "fold"]
        # Every amount the rules allow is a move (so any bid a player names is in the legal list),
        # the usual steps first: 2, 5 and 10, or that much over the bid on the table.
        most = betting.rules.most or self.match_end.points
        least = betting.next_stake() or most + 1
        usual = [a for a in self.usual_amounts("bid") if least <= a <= most]
        others = [a for a in range(least, most + 1) if a not in usual]
        return words + [f"bid:{a}" for a in usual + others] + ["ordago"]

    def _verify_bet(self, action: Action) -> str | None:
        betting, seat = self.betting, self.turn
        assert betting is not None
        if action == "pass":
            return betting.pass_reason(seat)
        if action == "see":
            return betting.answer_reason(seat)
        if action == "fold":
            return betting.answer_reason(seat)
        if action == "ordago":
            return betting.all_in_reason(seat)
        verb, _, amount = action.partition(":")
        if verb == "bid" and amount.strip().isdigit():
            return betting.bid_reason(seat, int(amount))
        return "Say pass, bid:N (a number of points), see, fold, or ordago."

    def _do_bet(self, action: Action) -> None:
        betting, seat = self.betting, self.turn
        assert betting is not None
        name, round_name = self.names[seat], ROUND_NAMES[self.round_id]
        if action == "pass":
            self.betting = betting.pass_(seat)
            self.say(f"{name} passes at {round_name}.", kind="bid")
        elif action == "see":
            self.betting = betting.see(seat)
            if self.betting.all_in:
                self.say(f"{name} sees the órdago: {round_name} decides the game.", kind="bid")
            else:
                self.say(f"{name} sees: {round_name} is played for {self.betting.stake}.", kind="bid")
        elif action == "fold":
            self.betting = betting.fold(seat)
            self.say(f"{name} folds.", kind="bid")
        elif action == "ordago":
            self.betting = betting.go_all_in(seat, self.bet_answerers(seat))
            self.say(f"{name}: órdago! {round_name} for the whole game.", kind="bid")
        else:
            amount = int(action.partition(":")[2])
            raising = betting.bid is not None
            self.betting = betting.make_bid(seat, amount, self.bet_answerers(seat))
            self.say(f"{name} {'raises to' if raising else 'bids'} {amount} at {round_name}.", kind="bid")
        self.after_bet()

    def after_bet(self) -> None:
        betting = self.betting
        assert betting is not None
        if betting.result is None:
            self.turn = betting.waiting[0]
            return
        self.plays.append(RoundPlay(self.round_id, betting))
        if betting.result == SEEN and betting.all_in:
            self.ordago_showdown()
            return
        if betting.result == FOLDED:
            side = betting.collector
            assert side is not None
            stake = betting.stake
            self.say(f"{self.team_labels[side]} collect {stake} for {ROUND_NAMES[self.round_id]} at once.",
                     kind="score")
            self.paid.append((side, f"{ROUND_NAMES[self.round_id]}: the bet was folded, paid at once", (), stake))
            if self.award(side, stake):
                return
        self.next_round()

    # -- the show
    def round_result(self, round_id: str) -> tuple[int | None, str]:
        """Which side wins ``round_id`` with these hands, and why, in words."""
        order = self.order
        keys = {s: round_key(round_id, self.values(s)) for s in order}
        best = best_seat(order, keys)
        if best is None:
            return None, "nobody holds it"
        side = self.team(best)
        rivals = [s for s in order if self.team(s) != side and keys[s]]
        rival = best_seat(rivals, keys) if rivals else None
        return side, self.why(round_id, best, rival, keys)

    def why(self, round_id: str, best: int, rival: int | None, keys: dict[int, tuple[int, ...]]) -> str:
        name = self.names[best]
        words: Callable[[int], str] = {
            "grande": lambda s: hand_words(self.hands[s], self.pack, self.eight_kings),
            "chica": lambda s: hand_words(self.hands[s], self.pack, self.eight_kings),
            "pares": lambda s: pares_words(keys[s], self.pack),
            "juego": lambda s: str(total(self.values(s))),
            "punto": lambda s: str(total(self.values(s))),
        }[round_id]
        if rival is None:
            other = self.team_labels[1 - self.team(best)]
            return f"{name}'s {words(best)}; {other} have no {round_id}"
        if keys[best] == keys[rival]:
            return (f"{name}'s {words(best)} ties with {self.names[rival]}'s {words(rival)}, and "
                    f"{name} is earlier in turn")
        detail = ""
        if round_id in ("grande", "chica"):
            values = {s: self.values(s) if round_id == "grande" else list(reversed(self.values(s)))
                      for s in (best, rival)}
            at = next(i for i in range(HAND_SIZE) if values[best][i] != values[rival][i])
            detail = (f" on the {DECIDING_CARD[round_id][at]} "
                      f"({value_word(values[best][at], self.pack)} against "
                      f"{value_word(values[rival][at], self.pack)})")
        elif round_id == "juego":
            detail = (" (31 is the best juego)" if total(self.values(best)) == JUEGO
                      else " (juego ranks 31, 32, 40, then 37 down to 33)")
        return f"{name}'s {words(best)} beats {self.names[rival]}'s {words(rival)}{detail}"

    def show_hands(self) -> None:
        shown = "; ".join(f"{self.names[s]} {hand_words(self.hands[s], self.pack, self.eight_kings)}"
                          for s in self.order)
        self.say(f"The hands are shown: {shown}.", kind="score")
        self.shown = [note(self.names[s], f"{total(self.values(s))} points",
                           [C.code(c) for c in self.display_order(C.cards_in(self.hands[s]))])
                      for s in self.order]
        self.shown_hand = self.hand_no

    def ordago_showdown(self) -> None:
        round_id = self.round_id
        self.show_hands()
        side, why = self.round_result(round_id)
        assert side is not None
        text = f"Órdago at {ROUND_NAMES[round_id]}: {why}. {self.team_labels[side]} win the game."
        self.shown.append(note(ROUND_NAMES[round_id], f"{why}: the órdago wins the game"))
        self.sheet.add(f"{self.hand_label()} (órdago)", [0, 0],
                       ["wins" if s == side else "" for s in (0, 1)])
        self.hand_ended()  # the game ends with this hand, outside the shared scoring: summarise it here
        self.decided_by_ordago = True
        self.end(TEAMS[side], text)

    def showdown(self) -> None:
        self.phase = "show"
        self.show_hands()
        for play in self.plays:
            round_id, betting = play.round_id, play.betting
            side, why = self.round_result(round_id)
            if side is None:
                continue
            bonuses = self.bonuses(round_id, side)
            bonus = sum(points for _, points in bonuses)
            folded = betting is not None and betting.result == FOLDED
            stake = self.stake_at_show(round_id, betting)
            points_won = stake + bonus
            summary = why + (f": {self.team_labels[side]} score {points_won}" if points_won else "")
            staked = f"{stake} for the passed round" if betting is not None and betting.result == PASSED \
                else f"{stake} bet"
            if stake and bonus:
                summary += f" ({staked} + {self.bonus_words(round_id, bonuses)})"
            elif bonus:
                summary += f" ({self.bonus_words(round_id, bonuses)})" if len(bonuses) > 1 else " (bonus)"
            elif betting is not None and betting.result == PASSED and self.bonus_only_when_passed(round_id):
                summary += " (a passed round scores only its bonuses)"
            if folded:
                assert betting is not None and betting.collector is not None
                summary += (f"; the bet was folded, and {self.team_labels[betting.collector]} "
                            f"took {betting.stake} then")
            self.shown.append(note(ROUND_NAMES[round_id], summary))
            self.say(f"{ROUND_NAMES[round_id]}: {summary}.", kind="score")
            if points_won:
                winners = tuple(dict.fromkeys([self.winner_seat(round_id), *(s for s, _ in bonuses)]))
                self.paid.append((side, f"{ROUND_NAMES[round_id]}: {why}", winners, points_won))
            if points_won and self.award(side, points_won):
                return
        self.end_hand()

    # -- the hand's count walked through in its summary
    def count_noted(self) -> tuple[tuple[str, ...], tuple[tuple[Card, ...], ...], tuple[tuple[int, str, tuple[int, ...], int], ...]]:
        """The sides, each seat's hand in the order shown, and what each round paid."""
        hands = tuple(tuple(self.display_order(C.cards_in(self.hands[s]))) for s in range(self.n))
        return tuple(self.team_labels), hands, tuple(self.paid)

    def count_walkthrough(self, noted: tuple[tuple[str, ...], tuple[tuple[Card, ...], ...],
                                             tuple[tuple[int, str, tuple[int, ...], int], ...]],
                          player: int | None) -> list[CountedHand]:
        """Each side's points this hand, round by round: the verdict, the winning hand marked."""
        labels, hands, paid = noted
        return [running(label, [c for s in TEAMS[side] for c in hands[s]],
                        ((words, [c for s in seats for c in hands[s]], points)
                         for who, words, seats, points in paid if who == side),
                        nothing="No round paid this side anything this hand.",
                        groups=[(self.names[s], len(hands[s])) for s in TEAMS[side]])
                for side, label in enumerate(labels)]

    def bonus_only_when_passed(self, round_id: str) -> bool:
        """Whether a passed ``round_id`` scores nothing for the pass (option passed: none — Pares and Juego)."""
        return self.options["passed"] == "none" and round_id in ("pares", "juego")

    def stake_at_show(self, round_id: str, betting: Betting | None) -> int:
        """What the round's betting pays the better hand at the show: the stake seen, 1 for a round all
        passed (nothing for a passed Pares or Juego with option passed: none), nothing once folded."""
        if betting is None or betting.result == FOLDED:
            return 0
        if betting.result == PASSED and self.bonus_only_when_passed(round_id):
            return 0
        return betting.stake

    def bonuses(self, round_id: str, side: int) -> list[tuple[int, int]]:
        """The bonuses the winning ``side`` scores in ``round_id``, seat by seat: the best hand's alone
        (the article), or every pares or juego the side holds, the best first (option bonuses: side)."""
        keys = {s: round_key(round_id, self.values(s)) for s in self.order}
        best = self.winner_seat(round_id)
        holders = [best]
        if self.options["bonuses"] == "side" and round_id in ("pares", "juego"):
            holders += [s for s in self.order if s != best and self.team(s) == side and keys[s]]
        return [(s, round_bonus(round_id, keys[s])) for s in holders if round_bonus(round_id, keys[s])]

    def bonus_words(self, round_id: str, bonuses: list[tuple[int, int]]) -> str:
        """``"3 bonus"``, or with several holders ``"5 bonus: 3 for South's 31, 2 for North's 35"``."""
        total_bonus = sum(points for _, points in bonuses)
        if len(bonuses) < 2:
            return f"{total_bonus} bonus"
        what: Callable[[int], str] = (
            (lambda s: pares_words(pares_of(self.values(s)), self.pack)) if round_id == "pares"
            else (lambda s: str(total(self.values(s)))))
        parts = ", ".join(f"{points} for {self.names[s]}'s {what(s)}" for s, points in bonuses)
        return f"{total_bonus} bonus: {parts}"

    def winner_seat(self, round_id: str) -> int:
        keys = {s: round_key(round_id, self.values(s)) for s in self.order}
        seat = best_seat(self.order, keys)
        assert seat is not None
        return seat

    # -- what the reader sees
    amount_verbs = ("bid",)

    def usual_amounts(self, verb: str) -> tuple[int, ...]:
        """The rules page's bids of 2, 5 and 10, and raises of 2, 5 and 10 more."""
        bid = self.betting.bid if self.betting is not None else None
        return OPENING_BIDS if bid is None else tuple(bid + more for more in RAISE_BY)

    def describe(self, action: Action) -> str:
        labels = {"mus": "Mus (change cards)", "nomus": "No mus (play these cards)", "pass": "Pass (paso)",
                  "see": "See (quiero)", "fold": "Fold (no quiero)", "ordago": "Órdago (the whole game)"}
        if action in labels:
            return labels[action]
        verb, _, rest = action.partition(":")
        if verb == "bid" and rest.isdigit():
            raising = self.betting is not None and self.betting.bid is not None
            return f"Raise to {rest}" if raising else f"Bid {rest} (envido)"
        if verb == "discard":
            cards = self.parse_cards(rest)
            if isinstance(cards, list):
                return "Discard " + self.short_cards(cards)
        return super().describe(action)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "mus":
            return f"{name}: mus (change cards) or no mus (play these)?"
        if self.phase == "discard":
            return f"{name}: pick one to four cards to discard."
        betting = self.betting
        assert betting is not None
        round_name = ROUND_NAMES[self.round_id]
        if betting.bid is None:
            return f"{name}: {round_name} ({ROUND_AIMS[self.round_id]}) — bid 2 or more, or pass?"
        what = "órdago" if betting.all_in else str(betting.bid)
        return f"{name}: {self.names[betting.bidder or 0]} bids {what} at {round_name} — see, raise or fold?"

    def call_words(self, call: Call) -> str:
        name = self.names[call.seat]
        return {PASS: f"{name} passes", SEE: f"{name} sees", FOLD: f"{name} folds",
                ALL_IN: f"{name} goes órdago", BID: f"{name} bids {call.stake}"}[call.word]

    def round_notes(self) -> list[Note]:
        """Each round of this hand: its bids as they were made, and where it stands."""
        lines = []
        played = {p.round_id: p for p in self.plays}
        for index, round_id in enumerate(self.rounds):
            play = played.get(round_id)
            current = self.phase == "bet" and index == self.round_index
            betting = self.betting if current else (play.betting if play else None)
            if betting is None:
                text = play.note if play else "to come"
            else:
                said = ", ".join(self.call_words(c) for c in betting.calls) or "nobody has spoken yet"
                text = self.declared(round_id) + said + self.stake_words(betting, round_id)
            lines.append(note(ROUND_NAMES[round_id], text, current=current))
        return lines

    def declared(self, round_id: str) -> str:
        """Who said yes to pares or juego: ``"Said yes: North, South. "`` (nothing for the other rounds)."""
        if round_id not in ("pares", "juego"):
            return ""
        holding = [self.names[s] for s in self.order if round_key(round_id, self.values(s))]
        return f"Said yes: {', '.join(holding)}. "

    def passed_words(self, round_id: str) -> str:
        """What ``round_id`` is played for when all four pass."""
        return "only the bonuses" if self.bonus_only_when_passed(round_id) else "played for 1"

    def claims(self) -> dict[int, Claims]:
        """What every player may know of each hand: whether it holds pares and juego, once said.  The
        list of rounds is on view from the first bet, so a hand without them is known from the start;
        each seat's yes or no is known from the declaration before its round."""
        known: dict[int, Claims] = {s: () for s in range(self.n)}
        if not self.rounds:
            return known
        for round_id in ("pares", "juego"):
            said = round_id in self.rounds[:self.round_index + 1]
            held_by_nobody = round_id not in self.rounds
            for s in range(self.n):
                if held_by_nobody or said:
                    held = not held_by_nobody and bool(round_key(round_id, self.values(s)))
                    known[s] += ((round_id, held),)
        return known

    def stake_words(self, betting: Betting, round_id: str) -> str:
        if betting.result == FOLDED:
            return f" — {self.team_labels[betting.collector or 0]} collected {betting.stake}"
        if betting.result == SEEN:
            return " — for the whole game" if betting.all_in else f" — played for {betting.stake}"
        if betting.result is not None:
            return f" — {self.passed_words(round_id)}"
        if betting.bid is not None:
            return f" — {'órdago' if betting.all_in else betting.bid} bid; {betting.stake} if refused"
        return ""

    def signal_notes(self, player: int | None) -> list[Note]:
        if self.options["signals"] != "teach" or self.phase == "show" or self.is_over:
            return []
        seats = [self.partner(player)] if player is not None else self.order
        return [note(self.names[s] + (" (your partner)" if player is not None else ""),
                     signal_text(signals_for(self.values(s)))) for s in seats]

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            role = "dealer" if s == self.dealer else "mano" if s == self.mano else ""
            last = ""
            if self.phase == "bet" and self.betting is not None:
                said = [c for c in self.betting.calls if c.seat == s]
                last = self.call_words(said[-1]).removeprefix(self.names[s]).strip(" :") if said else ""
            seats.append(self.seat_view(s, player, self.hands[s], role=role, info=last))
        centre: list[dict[str, Any]] = []
        if self.rounds:
            centre.append(notes_zone("The four rounds", self.round_notes()))
        signals = self.signal_notes(player)
        if signals:
            centre.append(notes_zone("Signals (señas)", signals))
        if self.shown and (self.is_over or self.phase in ("mus", "discard", "show")):
            label = "The show" if self.shown_hand == self.hand_no else f"Last hand's show (hand {self.shown_hand})"
            centre.append(notes_zone(label, self.shown))
        if self.phase in ("mus", "discard") and not self.is_over:
            centre.append({"kind": "cards", "label": "Stock", "hidden": len(self.stock)})
        return {"hand_no": self.hand_no, "seats": seats, "centre": centre, "status": self.status()}

    def status(self) -> str:
        score = ", ".join(f"{t} {p}" for t, p in zip(self.team_labels, self.sheet.totals))
        if self.phase == "bet" and self.betting is not None and not self.is_over:
            betting = self.betting
            round_name = ROUND_NAMES[self.round_id]
            if betting.bid is None:
                return f"{round_name}: no bid yet ({self.passed_words(self.round_id)} if all pass). {score}."
            what = "órdago" if betting.all_in else f"{betting.bid} bid"
            return f"{round_name}: {what}, {betting.stake} if refused. {score}."
        if self.phase == "mus" and self.draws:
            return f"{self.draws} draw{'s' if self.draws > 1 else ''} so far. {score}."
        return f"{score}."


# --- judging a round: imagined deals that fit what is known ----------------------------------

COUNT_WORDS = {2: "two", 3: "three", 4: "four"}
#: Deals of the unseen cards the bot imagines to judge a round; draws it may make to find a hand that
#: fits what is known of it (its yes or no to pares and juego, the partner's signals), and whole deals
#: it may redraw to meet "somebody holds pares (or juego)".
SAMPLES = 40
PLAYOUT_SAMPLES = 10
#: Strong's playouts run to the hand's end (a hand is far shorter than this guard) and are scored by
#: the chance of winning the game from the score then (MusState.playout_estimate), not by the points.
PLAYOUT_HORIZON = 200
FIT_TRIES = 200
DEAL_TRIES = 20
#: The signals that speak to each round: an imagined partner hand must give the same ones.
RELEVANT_SIGNALS: dict[str, frozenset[str]] = {
    "grande": frozenset({"two kings", "three kings"}),
    "chica": frozenset({"two aces", "three aces"}),
    "pares": frozenset({"two kings", "three kings", "two aces", "three aces", "duples", "medias"}),
    "juego": frozenset({"31", "juego"}),
    "punto": frozenset({"30 of punto", "29 of punto"}),
}


@lru_cache(maxsize=None)
def hand_key(round_id: str, values: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`round_key` remembered: a bot judging a round meets the same few hundred hands again and
    again (``values`` highest first)."""
    return round_key(round_id, values)


@lru_cache(maxsize=None)
def hand_signals(values: tuple[int, ...]) -> frozenset[str]:
    return frozenset(signals_for(values))


#: What was said of a hand: (round, holds it?) for pares and juego, in that order, as far as known.
Claims = tuple[tuple[str, bool], ...]
#: Values and how many unseen cards have each, highest value first.
ValueCounts = tuple[tuple[int, int], ...]


@lru_cache(maxsize=4096)
def fits(values: tuple[int, ...], claims: Claims) -> bool:
    """Whether a hand agrees with what was said of it: pares and juego, yes or no."""
    return all(bool(hand_key(round_id, values)) == held for round_id, held in claims)


def value_counts(values: Sequence[int]) -> ValueCounts:
    return tuple(sorted(Counter(values).items(), reverse=True))


@lru_cache(maxsize=256)
def hands_of(counts: ValueCounts) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every kind of hand of four that cards of these values can make (values highest first), with
    how many ways the cards make it.  Only values matter in Mus, so there are a few hundred kinds."""
    have = dict(counts)
    kinds = []
    for combo in combinations_with_replacement(sorted(have, reverse=True), HAND_SIZE):
        ways = 1
        for value, n in Counter(combo).items():
            ways *= comb(have[value], n)
        if ways:
            kinds.append((combo, ways))
    return tuple(kinds)


@lru_cache(maxsize=1024)
def best_possible(round_id: str, counts: ValueCounts, claims: Claims) -> tuple[int, ...]:
    """The best a hand of four drawn from cards of these values can do in ``round_id``, among the hands
    that agree with ``claims`` (``()``: none can hold it)."""
    return max((hand_key(round_id, values) for values, _ in hands_of(counts) if fits(values, claims)), default=())


@lru_cache(maxsize=256)
def fitting_hands(counts: ValueCounts, claims: Claims, round_id: str,
                  floor: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The kinds of hand cards of these values can make that agree with ``claims`` and are at least
    ``floor`` in ``round_id``, with the running total of the ways to make them: a hand can be drawn
    from them with one random number instead of drawing and throwing back."""
    kinds, running, ways_so_far = [], [], 0
    for values, ways in hands_of(counts):
        if fits(values, claims) and hand_key(round_id, values) >= floor:
            ways_so_far += ways
            kinds.append(values)
            running.append(ways_so_far)
    return tuple(kinds), tuple(running)


def set_aside(pool: list[int], end: int, values: Sequence[int]) -> None:
    """Move one card of each of ``values`` from ``pool[:end]`` to its end."""
    for value in values:
        at = pool.index(value, 0, end)
        end -= 1
        pool[at], pool[end] = pool[end], pool[at]


@lru_cache(maxsize=None)
def strong_hand(round_id: str, pack_values: ValueCounts, share: float) -> tuple[int, ...]:
    """The key a hand needs to be among the best ``share`` of the hands dealt for ``round_id``, from a
    pack with these values (value, count): what a bid tells of the bidder's side."""
    kinds = sorted(((hand_key(round_id, values), ways) for values, ways in hands_of(pack_values)), reverse=True)
    everything = sum(ways for _, ways in kinds)
    seen = 0
    for key, ways in kinds:
        seen += ways
        if seen >= share * everything:
            return key
    return ()


@dataclass(frozen=True)
class Judgement:
    """A side's chance of winning the round being bet; ``sure`` when the cards make it certain (a chance
    of 1 or 0), with the reason in words; ``public`` when everyone can see it (the other side said it
    holds none), so bidding cannot surprise anyone."""

    chance: float
    sure: bool = False
    #: When ``sure``: the certainty in words ("its 31 cannot lose Juego: …").
    why: str = ""
    public: bool = False


@dataclass(frozen=True)
class Outlook:
    """The score as a bettor weighs it: its side's points, the other side's, and the game's target."""

    ours: int
    theirs: int
    goal: int

    @property
    def progress(self) -> float:
        """How far the game has gone: the leading side's share of the target."""
        return max(self.ours, self.theirs) / self.goal

    @property
    def score(self) -> str:
        """``"12–34"``: this side's points first."""
        return f"{self.ours}–{self.theirs}"

    @property
    def counting(self) -> float:
        """A rough chance of winning the game by counting from here: one half when level, more the
        fewer points a side still needs than the other."""
        ours, theirs = max(self.goal - self.ours, 1) ** 1.5, max(self.goal - self.theirs, 1) ** 1.5
        return theirs / (ours + theirs)

    @property
    def about_to_lose(self) -> bool:
        """The other side, ahead, needs five points or fewer."""
        return self.theirs >= self.goal - 5 and self.ours < self.theirs

    @property
    def far_behind(self) -> bool:
        return self.theirs - self.ours >= 10 or self.about_to_lose

    def mirrored(self) -> "Outlook":
        """The same score seen by the other side."""
        return Outlook(self.theirs, self.ours, self.goal)

    def ordago_call(self) -> float:
        """The chance of the round a side wants before it stakes the whole game on it: well above its
        chance of winning by counting, out of reach early on, less as the game goes on, the least when
        far behind (and below an even chance only when the other side is about to win anyway)."""
        floor = 0.5 if self.about_to_lose else 0.7 if self.far_behind else 0.85
        return max(floor, self.counting + 0.3 + 0.5 * (1 - self.progress) ** 2)

    def ordago_accept(self) -> float:
        """The chance a side wants before it sees an órdago (judged knowing the caller's side is strong):
        above its chance of winning by counting, the more so early on."""
        floor = 0.4 if self.about_to_lose else 0.5
        return min(0.95, max(floor, self.counting + 0.15 + 0.2 * (1 - self.progress)))

    def see_bid(self, bid: int, refused: int) -> float:
        """The chance a side wants to see ``bid`` rather than fold and give up ``refused``: the even
        chance for the points, with a margin that grows with the bid; an órdago's when losing the bid
        would give the other side the game."""
        wanted = 0.55 - refused / (2 * bid) + 0.01 * min(bid, 20)
        if self.theirs + bid >= self.goal:
            wanted = max(wanted, self.ordago_accept())
        return wanted

    def bid_share(self, betting: Betting) -> float:
        """What the bid on the table tells of the bidders' cards: one of their hands is among the best
        this share of hands dealt (an órdago from a side far behind tells less, a small opening bid
        less than a raise)."""
        if betting.all_in:
            return 0.15 if self.mirrored().far_behind else 0.05
        if betting.bids > 1:
            return 0.1
        return 0.2 if (betting.bid or 0) <= 2 else 0.12


def boldness(action: Action) -> float:
    """How far a bet goes: a fold, a pass, seeing, a bid (by its size), an órdago."""
    if action.startswith("bid:"):
        return 3 + int(action[4:]) / 100
    return {"fold": 0, "pass": 1, "see": 2, "ordago": 4}.get(action, 1)


class MusBot(RuleBot):
    """Keeps kings and pairs, and bets as people bet: each round on its side's chance of winning it
    (judged over imagined deals of the cards it cannot see that agree with everything said — pares
    and juego declared, the rounds that will be played, its partner's signals — and certain when no
    hand it cannot see could beat it), its envidos sized by that chance and the score, folding when
    the chance is poor for the price, and calling or seeing an órdago only when the round gives a
    better chance than counting on: rarely early, more when far behind, or with a sure hand."""

    def choose(self, state: MusState) -> Action:  # type: ignore[override]
        seat = state.turn
        values = state.values(seat)
        if state.phase == "mus":
            return self.mus_or_not(state, values)
        if state.phase == "discard":
            return self.discard(state, seat)
        self.family_bet = self.bet(state, seat)
        return self.family_bet

    #: The odds behind the last bet, in words (what Strong's reason for a bet quotes).
    odds: str = ""
    #: The last bet this player chose (Strong's reason compares its own choice with it).
    family_bet: Action = "pass"
    #: Deals imagined to judge a round (fewer in Strong's playouts: :meth:`for_playouts`).
    samples: int = SAMPLES

    def for_playouts(self) -> "MusBot":
        """The same player judging each round on a quarter of the deals: Strong's playouts run it
        thousands of times a move, and 10 deals tell a good hand from a poor one well enough there."""
        quicker = copy.copy(self)  # the same seeded draws: a playout bot is a fresh player of its own
        quicker.samples = PLAYOUT_SAMPLES
        return quicker

    def candidates(self, state: MusState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """The moves Strong plays out: mus or not; a few sensible discards (keeping kings and pairs,
        kings alone, kings, pairs and aces, the cards worth 10, or nothing); in the betting passing,
        seeing, folding and modest bids and raises — never an órdago Family would not call (the
        search adds Family's own move), so Strong keeps Family's character."""
        if state.phase == "discard":
            return self.discard_options(state, state.turn)
        if state.phase != "bet":
            return legal
        betting = state.betting
        assert betting is not None
        if betting.bid is None:
            wanted = ["pass", "bid:2", "bid:5"]
        elif betting.all_in:
            wanted = ["see", "fold"]
        else:
            wanted = ["see", "fold", f"bid:{betting.bid + 2}"]
        return [a for a in wanted if a in legal]

    @staticmethod
    def discard_options(state: MusState, seat: int) -> list[Action]:
        cards = C.cards_in(state.hands[seat])
        value = {c: face(c, state.eight_kings) for c in cards}
        counts = Counter(value.values())
        keeps = (lambda c: value[c] == KING or counts[value[c]] >= 2,
                 lambda c: value[c] == KING,
                 lambda c: value[c] in (KING, ACE) or counts[value[c]] >= 2,
                 lambda c: value[c] >= 10,
                 lambda c: False)
        options: list[Action] = []
        for keep in keeps:
            throw = [c for c in cards if not keep(c)]
            action = f"discard:{state.cards_code(throw)}"
            if throw and action not in options:
                options.append(action)
        return options

    def searched_reason(self, state: MusState, chosen: Action, searched: str) -> str:
        """Strong's reason: what the move does for its cards or its side's chance, then the search
        (``searched``: how many deals it imagined, and how the move compared)."""
        seat = state.turn
        if state.phase == "discard":
            throw = state.parse_cards(chosen.partition(":")[2])
            assert isinstance(throw, list)
            why = self.discard_words(state, seat, throw)
        elif state.phase == "mus":
            # Said out loud at the table: nothing about the cards themselves.
            why = "would rather change cards" if chosen == "mus" else "would rather play these cards than change"
        else:
            why = self.bet_words(state, chosen)
        return f"{why}; it {searched}"

    def bet_words(self, state: MusState, chosen: Action) -> str:
        """Strong's bet in words: the round's odds as Family reckons them on the cards alone and,
        where Strong bets otherwise, that whole hands played out are what moved it (so "wins in none"
        beside a raise reads as the bluff it is, not as a contradiction).  The same bet as Family's
        keeps Family's reason, which says what else moved it (the score, a fold that loses anyway)."""
        if chosen == self.family_bet:
            return self.reason or self.odds  # Family's own words for the same bet ("a fold would give ...")
        bolder = boldness(chosen) > boldness(self.family_bet)
        round_name = ROUND_NAMES[state.round_id]
        lean = "bets more boldly" if bolder else "bets more cautiously"
        return (f"{self.odds}, counting {round_name} alone; it {lean} than a Family player would, because that "
                "did better over the whole hands it plays out, with the score")

    def mus_or_not(self, state: MusState, values: list[int]) -> Action:
        """No mus with 31, medias or duples, three kings, or after three draws; otherwise mus.  Its
        words say what kind of hand it keeps, never the cards: everyone at the table reads them."""
        kings = value_word(KING, state.pack, plural=True)
        pares = pares_of(values)
        if total(values) == JUEGO:
            return self.because("nomus", "says no mus: its cards are too good for Juego to change")
        if pares[:1] in ((3,), (2,)):
            return self.because("nomus", "says no mus: its cards are too good for Pares to change")
        if Counter(values)[KING] >= 3:
            return self.because("nomus", f"says no mus: it has {kings} enough for Grande")
        if state.draws >= 3:
            return self.because("nomus", f"says no mus: {state.draws} draws are enough for one hand")
        return self.because("mus", "says mus to change cards: nothing in its hand is worth keeping as it is")

    def discard(self, state: MusState, seat: int) -> Action:
        cards = C.cards_in(state.hands[seat])
        counts = Counter(face(c, state.eight_kings) for c in cards)
        keep = [c for c in cards if face(c, state.eight_kings) == KING or counts[face(c, state.eight_kings)] >= 2]
        throw = [c for c in cards if c not in keep] or [min(cards, key=lambda c: face(c, state.eight_kings))]
        action = f"discard:{state.cards_code(throw)}"
        if not keep:
            king = value_word(KING, state.pack)
            return self.because(action, f"changes all four cards: none is a {king} or part of a pair")
        if len(keep) == len(cards):
            kept = names_and(self.kept_words(state, keep))
            return self.because(action, f"must change at least one card; holding {kept}, throws the "
                                        f"lowest, the {names_and([C.short(c) for c in throw])}")
        return self.because(action, self.discard_words(state, seat, throw))

    @staticmethod
    def kept_words(state: MusState, keep: Sequence[Card]) -> list[str]:
        """The cards kept by value: ``["two reyes", "a 7"]``."""
        found = Counter(face(c, state.eight_kings) for c in keep)
        return [f"{COUNT_WORDS[n]} {value_word(v, state.pack, plural=True)}" if n > 1
                else f"a {value_word(v, state.pack)}"
                for v, n in sorted(found.items(), reverse=True)]

    def discard_words(self, state: MusState, seat: int, throw: Sequence[Card]) -> str:
        """``"changes the 7O and 4C, keeping two reyes"``."""
        keep = [c for c in C.cards_in(state.hands[seat]) if c not in throw]
        thrown = names_and([C.short(c) for c in throw])
        if not keep:
            return f"changes all four cards ({thrown})"
        return f"changes the {thrown}, keeping {names_and(self.kept_words(state, keep))}"

    def draw_from(self, pool: list[int], end: int) -> tuple[int, ...]:
        """A hand of four taken at random from ``pool[:end]`` and moved to its end (a partial shuffle);
        its values, highest first."""
        bits = self.rng.next64()  # 16 bits a card: the bias against a pool of at most 36 is negligible
        for i in range(HAND_SIZE):
            j = end - 1 - i
            k = (bits & 0xFFFF) % (j + 1)
            bits >>= 16
            pool[j], pool[k] = pool[k], pool[j]
        return tuple(sorted(pool[end - HAND_SIZE:end], reverse=True))

    def imagine_hand(self, pool: list[int], end: int, claims: Claims,
                     wanted: Callable[[tuple[int, ...]], bool] | None) -> tuple[int, ...]:
        """A hand drawn from ``pool[:end]`` (left at its end) that fits ``claims`` and, if one can be
        found in a few tries, ``wanted`` too (the partner's signals)."""
        values: tuple[int, ...] = ()
        for tries in range(2 * FIT_TRIES):
            values = self.draw_from(pool, end)
            if fits(values, claims) and (wanted is None or tries >= FIT_TRIES or wanted(values)):
                return values
        return values

    def judge(self, state: MusState, seat: int) -> Judgement:
        """This side's chance of winning the round being bet: certain when the cards settle it, else
        the share of imagined deals it wins.  The deals agree with everything said: each player's
        yes or no to pares and juego, the rounds to be played, the partner's signals, and — when
        answering a bid — that the bidders hold one of the better hands."""
        round_id, claims = state.round_id, state.claims()
        known = state.hands[seat] | state.thrown[seat]
        unseen = [face(c, state.eight_kings) for c in state.pack.cards if not known >> c & 1]
        settled = self.settled(state, seat, value_counts(unseen), claims)
        if settled is not None:
            return settled
        partner, side, order = state.partner(seat), state.team(seat), state.order
        relevant = RELEVANT_SIGNALS[round_id]
        signals = relevant & hand_signals(tuple(state.values(partner)))
        wanted = ((lambda values: relevant & hand_signals(values) == signals)
                  if state.options["signals"] == "teach" else None)
        # "Somebody holds it": the round is to be bet, and its yes-or-no has not been said yet.
        somebody = [r for r in ("pares", "juego") if r in state.rounds and r not in dict(claims[seat])]
        betting = state.betting
        rivals = [s for s in order if state.team(s) != side]
        floor: tuple[int, ...] = ()
        if betting is not None and betting.bid is not None and betting.bidding_side != side:
            ours, theirs = state.sheet.totals[side], state.sheet.totals[1 - side]
            share = Outlook(ours, theirs, state.match_end.points).bid_share(betting)
            pack_values = value_counts([face(c, state.eight_kings) for c in state.pack.cards])
            floor = strong_hand(round_id, pack_values, share)
        counts = value_counts(unseen)
        # The hands each rival may hold when it is the one holding the hand a bid promises (any hand
        # that fits what it said, when there is no bid), drawn exactly from these lists.
        holdings = {r: fitting_hands(counts, claims[r], round_id, floor) for r in rivals}
        if not all(running for _, running in holdings.values()):
            holdings = {r: fitting_hands(counts, claims[r], round_id, ()) for r in rivals}
        mine = tuple(state.values(seat))
        wins = 0
        for _ in range(self.samples):
            # Which of the bidders holds the hand their bid promises: either, at random.
            holder = rivals[self.rng.below(2)]
            kinds, running = holdings[holder]
            hands: dict[int, tuple[int, ...]] = {}
            for _ in range(DEAL_TRIES):
                held = kinds[bisect_right(running, self.rng.below(running[-1]))]
                hands = {seat: mine, holder: held}
                end = len(unseen)
                set_aside(unseen, end, held)
                end -= HAND_SIZE
                for other in (partner, *(s for s in rivals if s != holder)):
                    hands[other] = self.imagine_hand(unseen, end, claims[other], wanted if other == partner else None)
                    end -= HAND_SIZE
                if all(any(hand_key(r, v) for v in hands.values()) for r in somebody):
                    break
            keys = {s: hand_key(round_id, hands[s]) for s in order}
            best = best_seat(order, keys)
            wins += best is not None and state.team(best) == side
        return Judgement(wins / self.samples)

    def settled(self, state: MusState, seat: int, unseen: ValueCounts,
                claims: dict[int, Claims]) -> Judgement | None:
        """The round's outcome when the cards already settle it, with the reason (``None`` if they do
        not): pares or juego that one side said it does not hold, or a hand nothing the other side can
        hold beats — counting the cards this player can see, and ties going to the earlier in turn."""
        round_id, order, side = state.round_id, state.order, state.team(seat)
        rivals = [s for s in order if state.team(s) != side]
        mine = round_key(round_id, state.values(seat))
        if round_id in ("pares", "juego"):
            words = "pares" if round_id == "pares" else "juego"
            if not mine and dict(claims[state.partner(seat)]).get(round_id) is False:
                return Judgement(0.0, True, f"its side cannot win {ROUND_NAMES[round_id]}: neither it nor its "
                                            f"partner holds {words}", public=True)
            if all(dict(claims[r]).get(round_id) is False for r in rivals):
                return Judgement(1.0, True, f"its side cannot lose {ROUND_NAMES[round_id]}: the other side "
                                            f"holds no {words}", public=True)
        if not mine:
            return None
        ties = False
        for rival in rivals:
            best = best_possible(round_id, unseen, claims[rival])
            if best > mine or (best == mine and order.index(rival) < order.index(seat)):
                return None
            ties = ties or best == mine
        holding = {"grande": lambda: hand_words(state.hands[seat], state.pack, state.eight_kings),
                   "chica": lambda: hand_words(state.hands[seat], state.pack, state.eight_kings),
                   "pares": lambda: pares_words(mine, state.pack),
                   "juego": lambda: str(total(state.values(seat))),
                   "punto": lambda: str(total(state.values(seat)))}[round_id]()
        tie = ("; ties go to the mano" if seat == state.mano else "; ties go to it, earlier in turn") if ties else ""
        return Judgement(1.0, True, f"its {holding} cannot lose {ROUND_NAMES[round_id]}: no hand of theirs "
                                    f"beats it{tie}")

    def odds_words(self, state: MusState, judgement: Judgement) -> str:
        """The chance in words: ``"its side wins Grande in 70% of the deals it imagines"``."""
        round_name = ROUND_NAMES[state.round_id]
        if judgement.sure:
            return judgement.why
        if judgement.chance == 1:
            return f"its side wins {round_name} in every deal it imagines"
        if judgement.chance == 0:
            return f"its side wins {round_name} in none of the deals it imagines"
        return f"its side wins {round_name} in {round(100 * judgement.chance)}% of the deals it imagines"

    def bet(self, state: MusState, seat: int) -> Action:
        betting = state.betting
        assert betting is not None
        legal = state.legal_actions()
        judgement = self.judge(state, seat)
        chance = judgement.chance
        ours, theirs = state.sheet.totals[state.team(seat)], state.sheet.totals[1 - state.team(seat)]
        outlook = Outlook(ours, theirs, state.match_end.points)
        odds = self.odds_words(state, judgement)
        self.odds = odds
        them = state.team_labels[1 - state.team(seat)]
        if betting.all_in:
            return self.answer_ordago(betting, judgement, outlook, odds)
        # A bid whose refusal would carry the other side to the target must be met; an órdago at least
        # makes them choose between the round and handing over their bid.
        lost_anyway = betting.bid is not None and theirs + betting.stake >= outlook.goal
        # An órdago the other side can see is pointless when everyone knows who wins the round.
        if "ordago" in legal and not judgement.public and (
                chance >= outlook.ordago_call() or (lost_anyway and chance > 0)):
            return self.because("ordago", self.ordago_reason(outlook, odds, lost_anyway, them))
        if betting.bid is None:
            return self.open_or_pass(judgement, outlook, odds, legal, them)
        return self.answer_bid(betting, judgement, outlook, odds, legal, lost_anyway, them)

    def ordago_reason(self, outlook: Outlook, odds: str, lost_anyway: bool, them: str) -> str:
        counting = f"{round(100 * outlook.counting)}% by counting"
        if lost_anyway:
            return f"calls órdago: a fold would give {them} the game; {odds}"
        if outlook.far_behind:
            plight = "nearly lost" if outlook.about_to_lose else "far behind"
            return f"calls órdago at {outlook.score}, {plight} ({counting}): {odds}"
        if outlook.progress < 0.5:
            return f"calls órdago this early on a near-sure hand: {odds}"
        return f"calls órdago at {outlook.score} ({counting}): {odds}"

    def answer_ordago(self, betting: Betting, judgement: Judgement, outlook: Outlook, odds: str) -> Action:
        """See an órdago when the round, judged knowing the callers hold a strong hand, is a better chance
        than counting on (and whatever the cards when folding would give the other side the target)."""
        if outlook.theirs + betting.stake >= outlook.goal:
            return self.because("see", f"sees the órdago: a fold would give them the game anyway; {odds}")
        at = f"at {outlook.score} ({round(100 * outlook.counting)}% by counting)"
        if judgement.chance >= outlook.ordago_accept():
            granting = "" if judgement.sure else ", even granting them a strong hand"
            return self.because("see", f"sees the órdago {at}{granting}: {odds}")
        return self.because("fold", f"folds to the órdago {at}, granting them a strong hand: "
                                    f"{self.poor(odds, judgement)}")

    def open_or_pass(self, judgement: Judgement, outlook: Outlook, odds: str, legal: list[Action],
                     them: str) -> Action:
        """Open with an envido sized by the chance and the score, bluff now and then, or pass."""
        chance = judgement.chance
        if judgement.public and chance == 1:
            return self.because("bid:2", f"bids 2, which {them} can only fold to: {odds}")
        if chance < 0.6:
            if 0.4 <= chance and self.rng.below(100) < 8 and "bid:2" in legal:
                return self.because("bid:2", f"bids 2 on a middling hand, a bluff now and then keeps the other "
                                             f"side guessing: {odds}")
            return self.because("pass", f"passes: {self.poor(odds, judgement)}")
        size, why = (2, "") if chance < 0.75 else (4, "a strong hand") if chance < 0.9 else (6, "a near-sure hand")
        if outlook.far_behind:
            size, why = size + 3, "its side is behind" + (f" and holds {why}" if why else "")
        if 2 <= outlook.goal - outlook.ours < size:
            size, why = outlook.goal - outlook.ours, f"{outlook.goal - outlook.ours} is all its side needs"
        action = f"bid:{size}"
        if action not in legal:
            action, size, why = "bid:2", 2, ""
        return self.because(action, f"bids {size}" + (f" ({why})" if why else "") + f": {odds}")

    @staticmethod
    def poor(odds: str, judgement: Judgement) -> str:
        """``odds`` said of a poor chance: "in only 30% of the deals"."""
        return odds if judgement.sure or judgement.chance in (0, 1) else odds.replace(" in ", " in only ", 1)

    def answer_bid(self, betting: Betting, judgement: Judgement, outlook: Outlook, odds: str,
                   legal: list[Action], lost_anyway: bool, them: str) -> Action:
        """Raise a bid with a strong hand while the bids stay small, see it when the chance (judged
        granting the bidders a decent hand) is worth the price, else fold — unless folding would give
        the other side the game."""
        assert betting.bid is not None
        bid, refused, chance = betting.bid, betting.stake, judgement.chance
        more = 5 if chance >= 0.9 else 2
        raise_to = f"bid:{bid + more}"
        if chance >= 0.8 and bid < 15 and raise_to in legal:
            return self.because(raise_to, f"raises to {bid + more}: {odds}")
        if lost_anyway:
            return self.because("see", f"sees the {bid}: a fold would give {them} the game; {odds}")
        if chance >= outlook.see_bid(bid, refused):
            return self.because("see", f"sees the {bid}: {odds}")
        cost = f"folding costs only {refused}" if refused < bid else f"folding costs {refused}"
        return self.because("fold", f"folds rather than see {bid}: {self.poor(odds, judgement)}, and {cost}")


# Strong is offered: against Family it won 68.8 % of 48 games [50.7 %, 82.5 %] (docs/strengths.json, 16 deals a move).
SPEC = GameSpec(info=INFO, options=OPTIONS, state=MusState, rule_bot=MusBot, playout_horizon=PLAYOUT_HORIZON)
