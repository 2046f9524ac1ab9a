"""Twenty-Five, Ireland's national card game, as a playing-card maker's article describes it.

Three to nine players, each alone or in teams (pairs with 4, 6 or 8 players,
three teams of three with 9).  Five cards each; the next card is turned up
and its suit is trumps.  The order of the cards is the famous one: the 5 of
trumps, the jack of trumps and the A♥ are always the top three trumps; in
plain suits red cards run "highest" and black cards "lowest" (K Q J A 2 … 10).

Before the first lead the holder of the ace of trumps may *rob*: take the
turned-up card and throw out any card face down.  So that declining gives
nothing away, every player is asked in turn (``rob`` or ``pass``).

In play a player may follow suit or trump; only a player out of the suit led
may play anything else.  When a trump is led, a trump must be played, but
the top three trumps are never forced out (the seed's *reneging*; the
standard option allows it only when the trump led is lower).  Each trick
scores 5 for its winner's side, and the first side to reach 25 wins at once.
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, QUEEN, SPADES, Card, Mask, Suit
from ..core import Action, GameInfo, GameSpec, Option, OptionError, Reading, ScoreSheet
from ..deals import TurnUp
from ..scoring import MatchScoring, Target, plural, team_names
from ..tricks import Trick, TrickGameState, TrickRules, taking_verb

HAND_SIZE = 5
TRICK_POINTS = 5
TARGET = 25
ACE_OF_HEARTS = C.make_card(HEARTS, ACE)
#: The ace of hearts stands for itself in the trump orders below.
AH = "AH"
#: Trumps, highest first (the 5, the jack and the A♥ lead every trump suit).
TRUMP_ORDER: dict[Suit, tuple[Any, ...]] = {
    HEARTS: (5, JACK, ACE, KING, QUEEN, 10, 9, 8, 7, 6, 4, 3, 2),
    DIAMONDS: (5, JACK, AH, ACE, KING, QUEEN, 10, 9, 8, 7, 6, 4, 3, 2),
    CLUBS: (5, JACK, AH, ACE, KING, QUEEN, 2, 3, 4, 6, 7, 8, 9, 10),
    SPADES: (5, JACK, AH, ACE, KING, QUEEN, 2, 3, 4, 6, 7, 8, 9, 10),
}
#: Plain suits, highest first: highest in red, lowest in black (the A♥ is always a trump).
PLAIN_ORDER: dict[Suit, tuple[int, ...]] = {
    HEARTS: (KING, QUEEN, JACK, 10, 9, 8, 7, 6, 5, 4, 3, 2),
    DIAMONDS: (KING, QUEEN, JACK, 10, 9, 8, 7, 6, 5, 4, 3, 2, ACE),
    CLUBS: (KING, QUEEN, JACK, ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    SPADES: (KING, QUEEN, JACK, ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10),
}
#: Team play: the player counts that allow teams, and the size of each team.
TEAM_SIZES = {4: 2, 6: 2, 8: 2, 9: 3}

INFO = GameInfo(
    id="twenty-five",
    name="Twenty-Five",
    family="Trick-taking (Spoil Five group)",
    players=(3, 4, 5, 6, 7, 8, 9),
    pack="52 cards",
    min_age=10,
    skill="Medium",
    kinds=("trick-taking",), deck="french52", minutes=(10, 20),
    summary="Five cards, 5 points a trick, first to 25 — with the strangest card order in the book.",
    house_rule="The article's game: only the holder of the ace of trumps may rob (so, by our reading, "
               "nobody robs a turned-up ace); the top three trumps are never forced out by a trump lead.",
    standard_rule="The dealer may rob a turned-up ace; a top trump may be held back only when a lower "
                  "trump is led.",
    source="A playing-card maker's rules article; for the options, the reneging rule of "
           "Peel's Round Games with Cards and the dealer's rob of the 1911 Britannica's Spoil-five.",
    short_rules=(
        "3 to 9 players, alone or in teams (pairs with 4, 6 or 8 players; three teams of three with 9).",
        "Five cards each; the next card is turned up and fixes trumps.",
        "Trumps: 5, J, A♥, then A (unless hearts), K, Q, then red high to low / black low to high.",
        "Plain suits: red K Q J 10 ... 2 (A low in diamonds); black K Q J A 2 3 ... 10.",
        "Before the first lead the holder of the ace of trumps may rob: take the turned-up card "
        "and discard a card face down.",
        "Dealer's left leads. Follow suit or trump; play anything only when out of the suit led.",
        "When a trump is led you must play a trump, but the 5, J and A♥ of trumps are never forced out.",
        "Each trick scores 5 for its winner's side; the first side to reach 25 wins at once.",
        "The deal passes to the left.",
    ),
    readings=(
        Reading("The article lets the player holding the ace of trumps rob, and says nothing of the ace "
                "of trumps itself turned up, when nobody holds it. May anyone rob it?",
                "No: this is our reading, not a rule of the article; older books let the dealer rob it.",
                "robbing", "dealer-too"),
        Reading("Which top trumps may be held back when a trump is led?",
                "The 5, the jack and the A♥ always, as the article says; older books allow it only when the "
                "trump led is lower.",
                "renege", "lower-only"),
        Reading("The article allows pairs with an even number of players and three teams of three with "
                "nine; how are teams seated?",
                "Pairs with four, six or eight players, partners spread evenly round the table, and three "
                "teams of three with nine; with an odd number below nine everyone plays alone."),
        Reading("Declining to rob could give the ace away; who is asked?",
                "Everyone in turn, so that not robbing stays a secret. The robber may throw out any card, "
                "even the one just taken."),
        Reading("How do the five cards go out?",
                "One at a time; the first dealer is chosen at random."),
        Reading("The game stops as soon as someone reaches 25, in mid-hand.",
                "The score sheet has one line per hand, and a last line marked \"stopped\"."),
    ),
)

OPTIONS = (
    Option("players", 4, "How many people play.",
           choices={n: f"{n} players" for n in range(3, 10)}),
    Option("teams", "alone", "Whether players play alone or in teams.",
           choices={"alone": "everyone plays alone",
                    "partners": "teams: pairs with 4, 6 or 8 players, three teams of three with 9"}),
    Option("renege", "top-three", "When a trump is led, which top trumps may be held back.",
           choices={"top-three": "the 5, J and A♥ are never forced out (the article's rule)",
                    "lower-only": "a top trump may be held back only if the trump led is lower (standard)"},
           standard="lower-only"),
    Option("robbing", "ace-holder", "Who may rob the turned-up card.",
           choices={"ace-holder": "only the holder of the ace of trumps, so nobody robs a turned-up ace (our reading of the article)",
                    "dealer-too": "also the dealer, when the turned-up card is an ace (standard)"},
           standard="dealer-too"),
)


def teams_for(players: int, mode: str) -> tuple[tuple[int, ...], ...]:
    """The sides: one seat each, or teams whose members sit evenly spread round the table."""
    if mode == "alone":
        return tuple((s,) for s in range(players))
    count = players // TEAM_SIZES[players]
    return tuple(tuple(s for s in range(players) if s % count == t) for t in range(count))


def card_order(trump: Suit) -> dict[Card, int]:
    """Each card's strength in its own suit with ``trump`` as trumps (higher is stronger)."""
    order: dict[Card, int] = {}
    ranks = TRUMP_ORDER[trump]
    for i, rank in enumerate(ranks):
        card = ACE_OF_HEARTS if rank == AH else C.make_card(trump, rank)
        order[card] = len(ranks) - i
    for suit, plain in PLAIN_ORDER.items():
        if suit == trump:
            continue
        for i, rank in enumerate(plain):
            order[C.make_card(suit, rank)] = len(plain) - i
    return order


def top_three(trump: Suit) -> frozenset[Card]:
    return frozenset({C.make_card(trump, 5), C.make_card(trump, JACK), ACE_OF_HEARTS})


class TwentyFiveRules(TrickRules):
    """The Twenty-Five order; follow suit or trump; a trump lead calls for a trump, with reneging."""

    lower_only: bool = False

    def __init__(self, trump: Suit, lower_only: bool = False) -> None:
        super().__init__(trump=trump, must_follow=True)
        object.__setattr__(self, "lower_only", lower_only)
        object.__setattr__(self, "_order", card_order(trump))
        object.__setattr__(self, "_top", top_three(trump))
        object.__setattr__(self, "_trump_mask", C.SUIT_MASKS[trump] | 1 << ACE_OF_HEARTS)

    def with_trump(self, trump: Suit | None) -> "TwentyFiveRules":
        assert trump is not None, "Twenty-Five always has trumps"
        return TwentyFiveRules(trump, self.lower_only)

    def suit(self, card: Card) -> Suit:
        if card == ACE_OF_HEARTS:
            return self.trump  # type: ignore[return-value]
        return card >> 4 & 15

    def order(self, card: Card) -> int:
        return self._order[card]  # type: ignore[attr-defined]

    def in_suit(self, hand: Mask, suit: Suit) -> Mask:
        if suit == self.trump:
            return hand & self._trump_mask  # type: ignore[attr-defined]
        return hand & C.SUIT_MASKS[suit] & ~(1 << ACE_OF_HEARTS)

    def may_renege(self, card: Card, led: Card) -> bool:
        """May this top trump be kept back when ``led`` (a trump) is led?"""
        if card not in self._top:  # type: ignore[attr-defined]
            return False
        return not self.lower_only or self.order(card) > self.order(led)

    def reason(self, hand: int, trick: Trick, card: Card, seat: int | None = None) -> str | None:
        if not trick.plays:
            return None
        led = trick.plays[0][1]
        led_suit = self.suit(led)
        suit = self.suit(card)
        if led_suit != self.trump:
            if suit not in (led_suit, self.trump) and self.cards_of_suit(hand, led_suit):
                return f"You must follow {C.SUIT_NAME[led_suit]} or play a trump."
            return None
        if suit == self.trump:
            return None
        trumps = self.cards_of_suit(hand, self.trump)
        forced = [c for c in trumps if not self.may_renege(c, led)]
        if not forced:
            return None
        if any(c in self._top for c in forced):  # type: ignore[attr-defined]
            return ("A trump was led: you must play a trump. A top trump may be held back only "
                    "when a lower trump is led.")
        if len(forced) < len(trumps):
            return ("A trump was led: you must play a trump (only the 5, the jack and the A♥ "
                    "may be held back).")
        return "A trump was led: you must play a trump."


    def allowed(self, hand: Mask, trick: Trick, seat: int | None = None) -> Mask:
        # reason() as masks: follow or trump; on a trump lead, a trump unless every one may be kept back.
        if not trick.plays:
            return hand
        led = trick.plays[0][1]
        led_suit = self.suit(led)
        trumps = self.in_suit(hand, self.trump)  # type: ignore[arg-type]
        if led_suit != self.trump:
            following = self.in_suit(hand, led_suit)
            return following | trumps if following else hand
        forced = any(not self.may_renege(c, led) for c in C.cards_in(trumps))
        return trumps if forced else hand


class TwentyFiveState(TurnUp, MatchScoring, TrickGameState):
    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        if options["teams"] == "partners" and options["players"] not in TEAM_SIZES:
            raise OptionError(f"teams need 4, 6 or 8 players (pairs) or 9 (three teams of three), "
                              f"not {options['players']}")

    def setup(self) -> None:
        self.match_end = Target(TARGET)
        self.sides = teams_for(self.n, self.options["teams"])
        self.side_of = {s: t for t, members in enumerate(self.sides) for s in members}
        labels = (list(self.names) if self.options["teams"] == "alone"
                  else team_names(self.names, self.sides))
        self.side_labels = labels
        self.sheet = ScoreSheet(list(labels), note=f"5 points a trick; the first to {TARGET} wins at once.")
        self.upcard = None
        self.stock = []
        super().setup()

    # -- a hand
    def start_hand(self) -> None:
        self.next_hand()
        self.trump: Suit = C.suit_of(self.deal_and_turn_up(HAND_SIZE))
        self.rules = TwentyFiveRules(self.trump, lower_only=self.options["renege"] == "lower-only")
        self.robber: int | None = None
        self.hand_points = [0] * len(self.sides)
        self.say(f"Hand {self.hand_no}: {self.names[self.dealer]} deals five cards to each player and "
                 f"turns up {C.short(self.upcard)}: {C.SUIT_NAME[self.trump]} are trumps.", kind="deal")
        self.trump_ace = C.make_card(self.trump, ACE)
        if self.upcard == self.trump_ace:
            if self.options["robbing"] == "dealer-too":
                self.phase = "rob"
                self.rob_askers = [self.dealer]
                self.turn = self.dealer
                return
            self.say("The ace of trumps itself is turned up, so nobody can rob.", kind="rob")
            self.start_play(self.next_seat(self.dealer))
            return
        self.phase = "rob"
        self.rob_askers = self.seats_from(self.next_seat(self.dealer))
        self.turn = self.rob_askers[0]

    def other_cards(self) -> list[Card]:
        up = [self.upcard] if self.upcard is not None and self.robber is None else []
        return up + list(self.stock)

    # -- robbing the trump
    def may_rob(self, seat: int) -> bool:
        if self.upcard == self.trump_ace:
            return seat == self.dealer
        return bool(self.hands[seat] >> self.trump_ace & 1)

    def _candidates_rob(self) -> list[Action]:
        return ["rob", "pass"]

    def _verify_rob(self, action: Action) -> str | None:
        if action == "pass":
            return None
        if action != "rob":
            return "Say rob (take the turned-up card) or pass."
        if not self.may_rob(self.turn):
            if self.upcard == self.trump_ace:
                return "Only the dealer may rob a turned-up ace."
            return "Only the player holding the ace of trumps may rob."
        return None

    def _do_rob(self, action: Action) -> None:
        seat = self.turn
        assert self.upcard is not None
        if action == "rob":
            self.robber = seat
            self.hands[seat] |= 1 << self.upcard
            self.say(f"{self.names[seat]} robs the trump and takes {C.short(self.upcard)}.", kind="rob")
            self.phase = "discard"
            return
        position = self.rob_askers.index(seat)
        if position + 1 < len(self.rob_askers):
            self.turn = self.rob_askers[position + 1]
            return
        self.say("Nobody robs the trump.", kind="rob")
        self.start_play(self.next_seat(self.dealer))

    def _candidates_discard(self) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.hands[self.turn])]

    def _verify_discard(self, action: Action) -> str | None:
        card = self.pack.find(action)
        if card is None or C.code(card) != action:
            return f"{action!r} is not a card code (try something like QS or 10H)."
        if not self.hands[self.turn] >> card & 1:
            return f"You do not hold the {C.name(card)}."
        return None

    def _do_discard(self, action: Action) -> None:
        seat, card = self.turn, self.pack.card(action)
        self.hands[seat] &= ~(1 << card)
        self.discarded |= 1 << card
        self.say(f"{self.names[seat]} discards a card face down.",
                 secret=f"{self.names[seat]} discards {C.short(card)} face down.", owner=seat, kind="rob")
        self.start_play(self.next_seat(self.dealer))

    # -- scoring trick by trick
    def live_totals(self) -> list[int]:
        if self.is_over:
            return list(self.sheet.totals)
        return [t + p for t, p in zip(self.sheet.totals, self.hand_points)]

    def trick_done(self, winner: int, trick: Trick) -> None:
        side = self.side_of[winner]
        self.hand_points[side] += TRICK_POINTS
        total = self.live_totals()[side]
        verb = "scores" if len(self.sides[side]) == 1 else "score"
        self.say(f"{self.side_labels[side]} {verb} {TRICK_POINTS}: {total} in all.", kind="score")
        if total >= TARGET:
            verb = "reaches" if len(self.sides[side]) == 1 else "reach"
            self.say(f"{self.side_labels[side]} {verb} {TARGET}: the game stops at once.", kind="score")
            self.sheet.add(f"Hand {self.hand_no}" + (" (stopped)" if self.hands[winner] else ""),
                           self.hand_points)
            self.finish()

    def hand_done(self) -> None:
        self.score_hand(list(self.hand_points))

    def column_seats(self, column: int) -> tuple[int, ...]:
        return self.sides[column]

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "rob":
            assert self.upcard is not None
            # The same words for everyone: the prompt is public and must not say who holds the ace.
            who = "the dealer" if self.upcard == self.trump_ace else "the holder of the ace of trumps"
            return (f"{name}: rob {C.short(self.upcard)} (only {who} may: take it and discard a card), "
                    f"or pass.")
        if self.phase == "discard":
            return f"{name}: discard a card face down."
        return f"{name} to {'lead' if not self.trick.plays else 'play'}."

    def describe(self, action: Action) -> str:
        if action == "rob":
            return "Rob the turned-up card"
        if action == "pass":
            return "Pass (no robbing)"
        card = self.pack.find(action)
        if card is not None and self.phase == "discard":
            return f"Discard {C.short(card)}"
        return super().describe(action)

    def status(self) -> str:
        assert self.upcard is not None
        trumps = f"Trumps: {C.SUIT_NAME[self.trump]}"
        if self.robber is not None:
            trumps += f" ({self.names[self.robber]} robbed the {C.short(self.upcard)})"
        live = self.live_totals()
        score = ", ".join(f"{self.side_labels[t]} {live[t]}" for t in range(len(self.sides)))
        return f"{trumps}. Score: {score}."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            role = "dealer" if s == self.dealer else ""
            seats.append(self.seat_view(s, player, self.hands[s], role=role,
                                        info=plural(self.tricks_won[s], "trick")))
        centre: list[dict[str, Any]] = []
        if self.upcard is not None and self.robber is None:
            centre.append(self.upcard_zone("Turned up (trumps)"))
        centre.append({"kind": "cards", "label": "Out of play", "hidden": len(self.stock) + C.count(self.discarded)})
        return self.table_view(seats, centre, self.status())


class TwentyFiveBot(RuleBot):
    """Always robs (throwing its weakest card); wins tricks as cheaply as it can, leads its best card."""

    def choose(self, state: TwentyFiveState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == "rob":
            if "rob" in legal:
                assert state.upcard is not None
                return self.because("rob", f"robs: holding the ace of trumps, takes the turned-up "
                                           f"{C.short(state.upcard)} for its weakest card")
            return self.because("pass", "cannot rob without the ace of trumps")
        cards = [state.pack.card(a) for a in legal]
        rules = state.rules
        strength = lambda c: (1 if rules.suit(c) == state.trump else 0, rules.order(c))  # noqa: E731
        words = lambda c: f"{C.short(c)} (a trump)" if rules.suit(c) == state.trump else C.short(c)  # noqa: E731
        if state.phase == "discard":
            card = min(cards, key=strength)
            return self.because(C.code(card), f"throws out its weakest card, the {words(card)}")
        trick = state.trick
        if not trick.plays:
            card = max(cards, key=strength)
            return self.because(C.code(card), f"leads its strongest card, the {words(card)}, to take the trick")
        led_suit = rules.suit(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best = rules.power(best_card, led_suit)
        mine = state.side_of[best_seat] == state.side_of[state.turn]
        last = len(trick.plays) == state.n - 1
        if mine and (last or best >= 1000):
            card = min(cards, key=strength)
            return self.because(C.code(card), f"plays its weakest card, the {words(card)}: its side's "
                                              f"{words(best_card)} should take the trick")
        winners = [c for c in cards if rules.power(c, led_suit) > best]
        if winners:
            card = min(winners, key=lambda c: rules.power(c, led_suit))
            return self.because(C.code(card), f"{taking_verb(rules, trick, card)} the {words(best_card)} with "
                                              f"the {words(card)}, its cheapest card that wins")
        card = min(cards, key=strength)
        return self.because(C.code(card), f"cannot beat the {words(best_card)}, so plays its weakest card, "
                                          f"the {words(card)}")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=TwentyFiveState, rule_bot=TwentyFiveBot)
