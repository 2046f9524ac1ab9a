"""Angels and Demons, the Carrillo family's own Karnöffel game.

Two, three or four players (four as two partnerships) with 44 cards: the
tens and fives are out of the pack, and the four tens, shuffled, are turned
one per deal to name the suit of the bower.  There is no duty to follow suit;
the power of a card depends on the card led:

* the right bower (jack of the turned ten's suit) and the left bower (the
  other jack of that colour) beat everything;
* the Archangel (2♠) beats a led Devil or Demon, and when led it draws the
  Devil and the Demons (whoever holds one must play one); otherwise it is
  the lowest trump;
* the Devil (7♠) led beats everything but the bowers and the Archangel and
  draws Angels, spades (the jack of spades too, bower or not) and the bowers; it also beats a led Angel or Demon; otherwise it
  is an ordinary trump between 8♠ and 6♠;
* an Angel (2♣ 2♦ 2♥) beats the Demon of its own suit when that Demon is
  led; otherwise it is rubbish;
* a Demon (7♣ 7♦ 7♥) led beats everything but the cards above; otherwise
  it is rubbish;
* then the spades (permanent trumps) A K Q 9 8 (7) 6 4 3 (2), the other
  aces, kings, queens, the two jacks of the other colour; the rest is
  rubbish, which wins only a trick nobody else puts a ranked card on.

Equal cards: the earliest played wins.  No Archangel, Devil or Demon may lead
the first trick.  A player dealt no permanent trump may keep one card and
exchange the other eight for the top of the stock.  Tricks over four score a
point each; five tricks before the other side takes one score four more
("four for the mock").  First to 11.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, MatchScoring, Target, team_names, team_of
from ..tricks import Trick, TrickGameState, TrickRules

TEAMS = PARTNERS_4
REMOVED = ("10C", "10D", "10H", "10S", "5C", "5D", "5H", "5S")
PACK = C.FRENCH_52.without(REMOVED, id="angels44", description="44-card pack (no tens or fives)")

ARCHANGEL = C.make_card(SPADES, 2)
DEVIL = C.make_card(SPADES, 7)
HAND_SIZE = 9
TRICKS_NOT_COUNTED = 4
MOCK_TRICKS = 5
MOCK_BONUS = 4
STAND: Action = "stand"
SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}

# How strongly a card bids for a trick (higher wins; -1 is rubbish).
RIGHT_BOWER, LEFT_BOWER, ARCHANGEL_HIGH, DEVIL_HIGH, ANGEL_HIGH, DEMON_HIGH = 100, 99, 98, 97, 96, 95
SPADE_BASE = 50          # a spade trump bids 50 + its rank: A♠ 64 … 2♠ 52
PLAIN = {ACE: 30, KING: 29, QUEEN: 28, JACK: 27}
RUBBISH = -1


def is_angel(card: Card) -> bool:
    return C.rank_of(card) == 2 and C.suit_of(card) != SPADES


def is_demon(card: Card) -> bool:
    return C.rank_of(card) == 7 and C.suit_of(card) != SPADES


def is_permanent_trump(card: Card) -> bool:
    """The spades other than the jack (whose part changes with the bower's suit)."""
    return C.suit_of(card) == SPADES and C.rank_of(card) != JACK


PERMANENT_MASK: Mask = C.mask_of(c for c in PACK.cards if is_permanent_trump(c))
#: Cards that may not lead the first trick of a hand.
NO_FIRST_LEAD: Mask = C.mask_of(c for c in PACK.cards if c in (ARCHANGEL, DEVIL) or is_demon(c))

INFO = GameInfo(
    id="angels-and-demons",
    name="Angels and Demons",
    family="Karnöffel (plain-trick)",
    players=(2, 3, 4),
    pack="44 cards (no tens or fives)",
    min_age=10,
    skill="Medium",
    kinds=("trick-taking",), deck="french52", minutes=(30, 45),
    summary=("The family's own Karnöffel game: bowers, the Archangel and the Devil, Angels and "
             "Demons, spades as permanent trumps and a lot of rubbish."),
    house_rule=("The Carrillo family's game: no duty to follow suit, the earliest of equal cards wins, "
                "tricks over four score, four for the mock, first to 11."),
    standard_rule="None: a family invention (its ancestor, Icelandic Alkort, has other cards and scoring).",
    source="The Carrillo family's Angels and Demons; Pagat's Alkort for the pack's background.",
    short_rules=(
        "2, 3 or 4 players (four as partners opposite); 44 cards, tens and fives out; nine each in threes.",
        "The four tens, shuffled, are turned one a deal: the jack of that suit is the right bower, "
        "the other jack of its colour the left bower. They beat everything.",
        "Archangel 2♠: beats a led Devil or Demon; led, it draws the Devil and Demons; else lowest trump.",
        "Devil 7♠: led, it beats all but the bowers and Archangel and draws Angels, spades and bowers; it beats "
        "a led Angel or Demon; else a trump between 8♠ and 6♠.",
        "Angels 2♣ 2♦ 2♥ beat their own led Demon, else rubbish. Demons 7♣ 7♦ 7♥ win when led, else rubbish.",
        "Then spades A K Q 9 8 7 6 4 3 2, other aces, kings, queens, other-colour jacks; the rest is rubbish.",
        "No duty to follow suit; the earliest of equal cards wins; rubbish led wins if all else is rubbish.",
        "No Archangel, Devil or Demon may lead the first trick.",
        "No spade (other than the jack) dealt: keep one card, exchange eight from the stock (once).",
        "Tricks over four score 1 each; five tricks before the others take one: 4 more. First to 11.",
    ),
    readings=(
        Reading("Which eight cards leave the 52? The list is missing from our copy of the family's page.",
                "The four tens and the four fives, for 44 cards: the pack of Alkort, the family's model. It "
                "is the only choice that leaves the four tens free to be shuffled and turned for the bower, "
                "and it leaves a stock of exactly eight cards with four players, just enough for one "
                "exchange. The family's trump list also names 10♠ and 5♠, which are then out of play; every "
                "other card of that list keeps its place."),
        Reading("\"If the Devil is lead, it draws Angels and Spades\" — and, in brackets, \"an Angel or a "
                "trump\". Which cards must answer it?",
                "Both readings together: every Angel, every spade (the jack of spades too, even when it is "
                "not a bower) and the two bowers, which are trumps."),
        Reading("The Devil's \"three peculiarities\" are announced, but the list is missing.",
                "We take them from the Devil's entry in the ranking: strong when led, and then drawing; "
                "beating a led Angel or Demon; otherwise an ordinary trump just below the 8♠."),
        Reading("Where does the Archangel rank when it is led?",
                "The family says it draws the Devil and the Demons, and is the lowest trump only when not "
                "led; so a led Archangel ranks as it does against a led Devil or Demon: below the bowers, "
                "above everything else."),
        Reading("Which cards count as the \"permanent trumps\" whose absence allows an exchange?",
                "The spades other than the jack, whose part changes with the bower's suit."),
        Reading("Partners show each other their highest card; who picks it?",
                "The engine shows the highest card in the family's list."),
        Reading("Who deals next? The family does not say.",
                "The deal passes to the left."),
    ),
)

OPTIONS = (
    Option("players", 4, "How many play: four as two partnerships, or two or three each for themselves.",
           choices={4: "four, South & North against West & East (the family's main game)",
                    3: "three, each for themselves", 2: "two, head to head"}),
    Option("target", 11, "The first side or player to reach this many points wins.", minimum=3, maximum=50),
)


@dataclass(frozen=True)
class AngelsRules(TrickRules):
    """Angels and Demons ranking: what a card is worth depends on the card led; draws instead of following."""

    bower_suit: Suit = SPADES
    must_follow: bool = False

    @property
    def right_bower(self) -> Card:
        return C.make_card(self.bower_suit, JACK)

    @property
    def left_bower(self) -> Card:
        return C.make_card(SAME_COLOUR[self.bower_suit], JACK)

    def is_trump(self, card: Card) -> bool:
        """A trump this deal: a bower or a permanent (spade) trump."""
        return card in (self.right_bower, self.left_bower) or is_permanent_trump(card)

    def play_power(self, card: Card, led: Card) -> int:
        if card == self.right_bower:
            return RIGHT_BOWER
        if card == self.left_bower:
            return LEFT_BOWER
        if card == ARCHANGEL:
            return ARCHANGEL_HIGH if card == led or led == DEVIL or is_demon(led) else SPADE_BASE + 2
        if card == DEVIL:
            return DEVIL_HIGH if card == led or is_demon(led) or is_angel(led) else SPADE_BASE + 7
        if is_angel(card):
            return ANGEL_HIGH if is_demon(led) and C.suit_of(led) == C.suit_of(card) else RUBBISH
        if is_demon(card):
            return DEMON_HIGH if card == led else RUBBISH
        rank = C.rank_of(card)
        if rank == JACK:
            return PLAIN[JACK]
        if C.suit_of(card) == SPADES:
            return SPADE_BASE + rank
        return PLAIN.get(rank, RUBBISH)

    def drawn(self, hand: Mask, led: Card) -> tuple[list[Card], str]:
        """The cards of ``hand`` that ``led`` draws, and what the draw is called."""
        if led == ARCHANGEL:
            return ([c for c in C.cards_in(hand) if c == DEVIL or is_demon(c)],
                    "The Archangel draws the Devil and the Demons: you must play the Devil or a Demon")
        if led == DEVIL:
            # "Angels and Spades", and "an Angel or a trump": every spade (the jack too) and the bowers.
            return ([c for c in C.cards_in(hand) if is_angel(c) or C.suit_of(c) == SPADES or self.is_trump(c)],
                    "The Devil draws Angels, spades and trumps: you must play an Angel, a spade or a bower")
        return [], ""

    def reason(self, hand: Mask, trick: Trick, card: Card, seat: int | None = None) -> str | None:
        if not trick.plays:
            return None
        drawn, rule = self.drawn(hand, trick.plays[0][1])
        if drawn and card not in drawn:
            return f"{rule} (you hold the {C.short(drawn[0])})."
        return None

    def allowed(self, hand: Mask, trick: Trick, seat: int | None = None) -> Mask:
        # reason() as a mask: the cards a led Archangel or Devil draws, if any are held.
        if not trick.plays:
            return hand
        drawn, _ = self.drawn(hand, trick.plays[0][1])
        return C.mask_of(drawn) if drawn else hand

    def show_rank(self, card: Card) -> int:
        """A card's place in the family's list (for showing a partner the highest card)."""
        if card == ARCHANGEL:
            return ARCHANGEL_HIGH
        if card == DEVIL:
            return DEVIL_HIGH
        if is_angel(card):
            return ANGEL_HIGH
        if is_demon(card):
            return DEMON_HIGH
        power = self.play_power(card, card)
        return power if power >= 0 else C.rank_of(card) - 20


def bower_text(suit: Suit) -> str:
    right = C.make_card(suit, JACK)
    left = C.make_card(SAME_COLOUR[suit], JACK)
    return f"{C.short(right)} is the right bower and {C.short(left)} the left bower"


class AngelsState(MatchScoring, TrickGameState):
    """Two to four players; with four, South & North play West & East."""

    pack = PACK
    #: The longest game bots played was 2,037 actions, at a target of 50 (tests/longest_games.py).
    move_cap = 25_000

    def setup(self) -> None:
        self.partners = self.n == 4
        self.match_end = Target(self.options["target"])
        columns = team_names(self.names, TEAMS) if self.partners else list(self.names)
        self.sheet = ScoreSheet(columns, note=self.match_end.describe())
        #: The suits of the tens still to be turned, next first (reshuffled when all four are used).
        self.indicators: list[Suit] = []
        self.stock: list[Card] = []
        super().setup()

    def column_of(self, seat: int) -> int:
        return team_of(seat, TEAMS) if self.partners else seat

    def column_seats(self, column: int) -> tuple[int, ...]:
        return TEAMS[column] if self.partners else (column,)

    def partner(self, seat: int) -> int | None:
        return self.next_seat(seat, 2) if self.partners else None

    # -- a hand: indicator, deal, replacements, showing, play
    def start_hand(self) -> None:
        self.next_hand()
        if not self.indicators:
            self.indicators = list(C.FRENCH_SUITS)
            self.rng.shuffle(self.indicators)
            self.say("The four tens are shuffled face down; one is turned for each of the next four deals.",
                     kind="deal")
        self.set_bower(self.indicators.pop(0))
        self.stock = self.deal(self.shuffled_pack(), each=HAND_SIZE, packets=(3,))
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals nine cards to each player, "
                 f"three at a time; {len(self.stock)} cards stay in the stock.", kind="deal")
        self.say(f"The 10{C.SUIT_SYMBOL[self.bower_suit]} is turned: {bower_text(self.bower_suit)}.",
                 kind="deal")
        #: The column (side or player) that took each trick, in order: for the mock.
        self.trick_columns: list[int] = []
        self.replaced: list[int] = []
        self.shown: dict[int, Card] = {}
        self.to_ask = self.seats_from(self.next_seat(self.dealer))
        self.ask_next_replacement()

    def set_bower(self, suit: Suit) -> None:
        self.bower_suit = suit
        self.rules = AngelsRules(bower_suit=suit)

    def max_replacements(self) -> int:
        """One player with four (the stock holds only eight cards), up to two with two or three."""
        return 1 if self.n == 4 else 2

    def may_replace(self, seat: int) -> bool:
        return (not self.hands[seat] & PERMANENT_MASK and seat not in self.replaced
                and len(self.replaced) < self.max_replacements() and len(self.stock) >= HAND_SIZE - 1)

    def ask_next_replacement(self) -> None:
        while self.to_ask:
            seat = self.to_ask.pop(0)
            if self.may_replace(seat):
                self.phase = "replace"
                self.turn = seat
                return
        self.begin_play()

    def _candidates_replace(self) -> list[Action]:
        return [STAND] + [C.code(c) for c in C.cards_in(self.hands[self.turn])]

    def _verify_replace(self, action: Action) -> str | None:
        if action == STAND:
            return None
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return ("Choose the one card to keep (its code, such as QH) to exchange the rest, "
                    "or 'stand' to keep your hand.")
        if not self.hands[self.turn] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        return None

    def _do_replace(self, action: Action) -> None:
        seat = self.turn
        name = self.names[seat]
        if action == STAND:
            self.say(f"{name} keeps the hand as dealt.", kind="replace")
        else:
            keep = self.pack.card(action)
            shown = " ".join(C.short(c) for c in self.display_order(C.cards_in(self.hands[seat])))
            self.say(f"{name} has no permanent trump and shows the hand: {shown}.", kind="replace")
            discards = self.hands[seat] & ~(1 << keep)
            self.discarded |= discards
            drawn = self.stock[:HAND_SIZE - 1]
            self.stock = self.stock[HAND_SIZE - 1:]
            self.hands[seat] = 1 << keep | C.mask_of(drawn)
            self.replaced.append(seat)
            self.say(f"{name} keeps one card, discards the other eight and takes eight from the stock.",
                     secret=(f"{name} keeps {C.short(keep)}, discards the other eight and takes "
                             f"{' '.join(C.short(c) for c in self.display_order(drawn))} from the stock."),
                     owner=seat, kind="replace")
        self.ask_next_replacement()

    def begin_play(self) -> None:
        if self.partners:
            self.say("Partners show each other their highest card.", kind="info")
            for seat in range(self.n):
                best = max(C.cards_in(self.hands[seat]), key=lambda c: (self.rules.show_rank(c), C.rank_of(c)))
                self.shown[seat] = best
                mate = self.partner(seat)
                assert mate is not None
                self.say(None, secret=f"{self.names[seat]} shows {self.names[mate]} the {C.short(best)}.",
                         owner=mate, kind="info")
        self.start_play(self.next_seat(self.dealer))

    def other_cards(self) -> list[Card]:
        return list(self.stock)

    # -- play
    def play_restriction(self, seat: int, card: Card) -> str | None:
        if not self.tricks_played and not self.trick.plays and NO_FIRST_LEAD >> card & 1:
            return "Neither the Archangel, the Devil nor a Demon may lead the first trick of a hand."
        return None

    def unrestricted(self, seat: int, allowed: Mask) -> Mask:
        # play_restriction as a mask.
        if not self.tricks_played and not self.trick.plays:
            return allowed & ~NO_FIRST_LEAD
        return allowed

    def trick_done(self, winner: int, trick: Trick) -> None:
        self.trick_columns.append(self.column_of(winner))

    def hand_done(self) -> None:
        columns = self.sheet.columns
        tricks = [sum(self.tricks_won[s] for s in self.column_seats(c)) for c in range(len(columns))]
        points = [max(0, t - TRICKS_NOT_COUNTED) for t in tricks]
        for c, t in enumerate(tricks):
            if t > TRICKS_NOT_COUNTED:
                plural = "s" if points[c] != 1 else ""
                verb = "take" if self.partners else "takes"
                self.say(f"{columns[c]} {verb} {t} tricks: {points[c]} point{plural} for the tricks over four.",
                         kind="score")
        first = self.trick_columns[:MOCK_TRICKS]
        if len(first) == MOCK_TRICKS and len(set(first)) == 1:
            points[first[0]] += MOCK_BONUS
            self.say(f"{columns[first[0]]} took the first five tricks: four for the mock!", kind="score")
        if not any(points):
            self.say("Nobody took more than four tricks: no score.", kind="score")
        self.score_hand(points)

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "replace":
            return (f"{name}: you hold no permanent trump. Keep your hand, or choose one card to keep "
                    f"and exchange the other eight for eight from the stock.")
        if not self.trick.plays:
            first = " (not the Archangel, the Devil or a Demon on the first trick)" if not self.tricks_played else ""
            return f"{name} to lead{first}."
        drawn, rule = self.rules.drawn(self.hands[self.turn], self.trick.plays[0][1])
        if drawn:
            return f"{name}: {rule[0].lower()}{rule[1:]}."
        return f"{name} to play: any card."

    def describe(self, action: Action) -> str:
        if action == STAND:
            return "Keep my hand"
        card = self.pack.find(action)
        if card is not None and self.phase == "replace":
            return f"Keep {C.short(card)}, exchange the other eight"
        return super().describe(action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            won = self.tricks_won[s]
            info = f"{won} trick{'' if won == 1 else 's'}"
            mate = self.partner(s)
            if s in self.shown and (player is None or player in (s, mate)):
                info += f", showed {C.short(self.shown[s])}"
            role = "dealer" if s == self.dealer else ""
            seats.append(self.seat_view(s, player, self.hands[s], role=role, info=info))
        centre = [{"kind": "cards", "label": "Stock", "hidden": len(self.stock)}]
        if self.discarded:
            centre.append({"kind": "cards", "label": "Exchanged cards", "hidden": C.count(self.discarded)})
        status = f"Ten turned: 10{C.SUIT_SYMBOL[self.bower_suit]} — {bower_text(self.bower_suit)}; spades are trumps"
        if self.phase == "play" and not self.tricks_played:
            status += " · first trick: no Archangel, Devil or Demon may lead"
        return self.table_view(seats, centre, status)


def lead_strength(rules: AngelsRules, card: Card) -> str:
    """What makes ``card`` a strong (or weak) card to lead, in a few words."""
    power = rules.play_power(card, card)
    if power == RIGHT_BOWER:
        return "the right bower, which nothing beats"
    if power == LEFT_BOWER:
        return "the left bower, beaten only by the right"
    if power == DEVIL_HIGH:
        return "the Devil, which draws Angels, spades and bowers"
    if power == ARCHANGEL_HIGH:
        return "the Archangel, which draws the Devil and the Demons"
    if power == DEMON_HIGH:
        return "a Demon, which wins when led unless a bower, the Archangel, the Devil or its Angel beats it"
    if power > SPADE_BASE:
        return "its best spade"
    if power >= 0:
        return "its best plain card, having no trump or Demon it may lead"
    return "the highest of its rubbish"


class AngelsBot(RuleBot):
    """Always exchanges a trumpless hand; leads its strongest lead; wins as cheaply as it can; throws rubbish."""

    def choose(self, state: AngelsState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if len(legal) == 1:
            return self.because(legal[0], "has only one card it may play")
        rules = state.rules
        cards = [state.pack.card(a) for a in legal if a != STAND]
        if state.phase == "replace":
            keep = max(cards, key=lambda c: (rules.show_rank(c), C.rank_of(c)))
            return self.because(C.code(keep), f"has no permanent trump, so keeps the {C.short(keep)}, "
                                              "its highest card, and exchanges the other eight")
        trick = state.trick

        def keep_value(card: Card) -> tuple[int, int]:
            return rules.play_power(card, card), C.rank_of(card)

        if not trick.plays:
            card = max(cards, key=keep_value)
            return self.because(C.code(card), f"leads the {C.short(card)}, {lead_strength(rules, card)}")
        led = trick.plays[0][1]
        winner = rules.winner(trick)
        best_card = trick.plays[rules.winning_play(trick)][1]
        best = rules.play_power(best_card, led)
        mine = state.column_of(winner) == state.column_of(state.turn)
        beaters = [c for c in cards if rules.play_power(c, led) > best]
        if beaters and not mine:
            card = min(beaters, key=lambda c: (rules.play_power(c, led), keep_value(c)))
            return self.because(C.code(card), f"beats the {C.short(best_card)} with the {C.short(card)}, "
                                              "the cheapest card that wins")
        card = min(cards, key=keep_value)
        worth = "a rubbish card" if rules.play_power(card, card) < 0 else "its least useful card"
        if mine:
            return self.because(C.code(card), f"partner's {C.short(best_card)} is winning, so throws the "
                                              f"{C.short(card)}, {worth}")
        return self.because(C.code(card), f"cannot beat the {C.short(best_card)}, so throws the "
                                          f"{C.short(card)}, {worth}")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=AngelsState, rule_bot=AngelsBot)
