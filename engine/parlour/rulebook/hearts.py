"""Hearts, as the Carrillo family plays it (seed 000), with the standard rules as options.

This module is the model for a trick game without bids (one with bids and a
turned-up trump: back_alley.py): it declares the game's facts (:data:`INFO`),
its rule variants (:data:`OPTIONS`), a state class built on the shared trick
play, and a rule-based bot; :data:`SPEC` registers them.

House rules (the defaults): the *centre mixer* pass (everyone puts three cards
in the middle, the dealer shuffles them and deals three back to each); a
player who takes all 26 points chooses between 26 off their own score and 26
onto everyone else's; game to 100, lowest wins.
Standard rules (options): passing left, right, across, hold in rotation; the
moon adds 26 to the others only.
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cards import Card, HEARTS, Mask, QUEEN, SPADES, CLUBS
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import MatchScoring, Target, names_and, plural
from ..tricks import NO_TRUMPS, TrickGameState, TrickRules, in_play_order

TWO_OF_CLUBS = C.make_card(CLUBS, 2)
QUEEN_OF_SPADES = C.make_card(SPADES, QUEEN)
HEART_MASK = C.SUIT_MASKS[HEARTS]
PENALTY_MASK = HEART_MASK | 1 << QUEEN_OF_SPADES
#: The masks the play's bans clear cards with, made once (each is asked for many times a hand, and a
#: mask of a pack is a number of several machine words: made anew at each ask).
NOT_HEARTS, NOT_PENALTY, TWO_OF_CLUBS_BIT = ~HEART_MASK, ~PENALTY_MASK, 1 << TWO_OF_CLUBS
MOON_POINTS = 26
PASS_SIZE = 3
#: Standard rotation: hand 1 passes left, 2 right, 3 across, 4 keeps its cards.
ROTATION = ("left", "right", "across", "hold")
PASS_STEPS = {"left": 1, "right": 3, "across": 2}

INFO = GameInfo(
    id="hearts",
    name="Hearts",
    family="Trick-avoiding",
    players=(4,),
    pack="52 cards",
    min_age=9,
    skill="Medium",
    kinds=("trick-avoiding",), deck="french52", minutes=(30, 60),
    summary="Avoid taking hearts and the queen of spades — unless you can take them all.",
    house_rule="Centre-mixer pass; the moon-shooter chooses 26 off or 26 on everyone else; game to 100.",
    standard_rule="Pass left, right, across, then hold, in rotation; the moon puts 26 on everyone else.",
    source="The Carrillo family's house rules; Pagat's Hearts for the standard rules.",
    short_rules=(
        "Four players, each for themselves; 52 cards, 13 each; aces high, no trumps.",
        "Pass three cards: into the centre, where the dealer shuffles them and deals three back to "
        "each (house rule), or left, right, across, none in rotation (standard).",
        "The 2♣ leads the first trick; follow suit if you can; no heart or Q♠ on the first trick "
        "unless you have nothing else; hearts cannot be led until one has been played.",
        "Each heart 1 point, Q♠ 13. Taking all 26: take 26 off your own score or put 26 on each "
        "other player (house rule); the standard rule puts 26 on the others.",
        "The game ends when someone reaches 100; the lowest total wins.",
    ),
    readings=(
        Reading("The family's page gives the pass, the moon and the game to 100, but not how the tricks "
                "are played.",
                "The play follows the standard rules: the 2♣ leads, no points on the first trick, and "
                "hearts are broken before they are led."),
        Reading("The family's dealer deals the twelve centre cards back; in what order?",
                "Shuffled and dealt one at a time from the dealer's left, so each player gets three."),
        Reading("The family's page says the lowest score wins, but not what happens when two players "
                "share it.",
                "They share the win."),
    ),
)

OPTIONS = (
    Option("passing", "centre", "How cards are passed before each hand.",
           choices={"centre": "centre mixer (house rule)",
                    "rotation": "left, right, across, hold (standard)"},
           standard="rotation"),
    Option("moon", "choice", "What happens when one player takes all 26 points.",
           choices={"choice": "the shooter chooses: 26 off their own score or 26 on each other player (house rule)",
                    "others": "26 on each other player (standard)"},
           standard="others"),
    Option("target", 100, "The game ends when someone reaches this many points.",
           minimum=10, maximum=500, standard=100),
)


def penalty_points(won: int) -> int:
    """Points in a set of won cards: 1 a heart, 13 for the queen of spades."""
    return C.count(won & HEART_MASK) + (13 if won >> QUEEN_OF_SPADES & 1 else 0)


# The story's lines at a hand's start and end, written only when someone reads the story (a search
# deals and scores many hands nobody reads): see State.say_later.
def deal_line(hand_no: int, dealer: str) -> str:
    return f"Hand {hand_no}: {dealer} deals 13 cards to each player."


def put_aside_line(name: str, card: Card, pass_kind: str, seat: int) -> tuple[None, str, int]:
    where = "into the centre" if pass_kind == "centre" else f"aside to pass {pass_kind}"
    return None, f"{name} puts {C.short(card)} {where}.", seat


def chosen_line(name: str) -> str:
    return f"{name} has chosen three cards."


def centre_line(dealer: str) -> str:
    return f"{dealer} shuffles the twelve centre cards and deals three back to each player."


def rotation_line(pass_kind: str) -> str:
    return f"Everyone passes three cards {pass_kind}."


def received_line(name: str, rules: TrickRules, cards: tuple[Card, ...], seat: int) -> tuple[None, str, int]:
    shown = " ".join(C.short(c) for c in in_play_order(rules, cards))
    return None, f"{name} receives {shown}.", seat


def points_line(names: tuple[str, ...], points: tuple[int, ...]) -> str:
    return f"Points this hand: {', '.join(f'{name} {p}' for name, p in zip(names, points))}."


class HeartsState(MatchScoring, TrickGameState):
    """Four players, each for themselves; the seat order is South, West, North, East."""

    #: The longest game bots played was 5,961 actions, at a target of 500 (tests/longest_games.py).
    move_cap = 60_000
    #: A quiz judges a card by the penalty points it makes someone take (parlour.choices).
    points_are_penalties = True

    point_tricks = True  # the summary walks through the penalty cards each player took
    point_card_noun = "penalty card"
    point_cards = PENALTY_MASK  # only hearts and the queen carry points
    points_by_card_alone = True  # a heart 1, the queen 13, whatever the hand

    def card_points(self, card: Card) -> int:
        return 13 if card == QUEEN_OF_SPADES else 1 if card >> 4 & 15 == HEARTS else 0

    def setup(self) -> None:
        self.match_end = Target(self.options["target"], low_wins=True)
        self.sheet = ScoreSheet(self.score_columns(), note=self.match_end.describe())
        super().setup()

    def score_columns(self) -> list[str]:
        return list(self.names)

    # -- a hand: deal, pass, play
    def start_hand(self) -> None:
        self.next_hand()
        self.hearts_broken = False
        self.deal(self.shuffled_pack())
        self.say_later("deal", deal_line, self.hand_no, self.names[self.dealer])
        self.pass_kind = self.pass_kind_for(self.hand_no)
        self.chosen: list[list[Card]] = [[] for _ in range(self.n)]
        if self.pass_kind == "hold":
            self.say("No cards are passed this hand.", kind="pass")
            self.start_first_trick()
        else:
            self.phase = "pass"
            self.turn = self.next_seat(self.dealer)

    def pass_kind_for(self, hand_no: int) -> str:
        if self.options["passing"] == "centre":
            return "centre"
        return ROTATION[(hand_no - 1) % len(ROTATION)]

    def _candidates_pass(self) -> list[Action]:
        return C.codes_in(self.hands[self.turn])

    def _legal_pass(self) -> list[Action]:
        return C.codes_in(self.hands[self.turn])  # any held card may be passed: the candidates

    def _verify_pass(self, action: Action) -> str | None:
        return self.held_card_reason(self.turn, action)

    def _do_pass(self, action: Action) -> None:
        seat, card = self.turn, self.pack.by_code[action]
        self.hands[seat] ^= C.BITS[card]  # the card held (verified, or listed as legal) is put aside
        chosen = self.chosen[seat]
        chosen.append(card)
        # say_later() written out (every card passed), as the trick play tells a card played.
        story, step, name = self._story, len(self.history), self.names[seat]
        story.append((put_aside_line, step, "pass", name, card, self.pass_kind, seat))
        if len(chosen) < PASS_SIZE:
            return
        story.append((chosen_line, step, "pass", name))
        turn = self.turn = self.next_seat(seat)
        if turn == self.next_seat(self.dealer):
            self.exchange()
            self.start_first_trick()

    def exchange(self) -> None:
        """Everyone has chosen: hand the passed cards on."""
        received: list[list[Card]] = [[] for _ in range(self.n)]
        if self.pass_kind == "centre":
            pile = [c for seat in self.seats_from(self.next_seat(self.dealer)) for c in self.chosen[seat]]
            self.rng.shuffle(pile)
            for i, card in enumerate(pile):
                received[self.next_seat(self.dealer, 1 + i % self.n)].append(card)
            self.say_later("pass", centre_line, self.names[self.dealer])
        else:
            step = PASS_STEPS[self.pass_kind]
            for seat in range(self.n):
                received[self.next_seat(seat, step)] = list(self.chosen[seat])
            self.say_later("pass", rotation_line, self.pass_kind)
        # Each seat's cards received into its hand, and its line told (say_later(), written out). The
        # play's rules are in force by now (Hearts keeps one set): display_order()'s order.
        hands, story, step, names, rules = self.hands, self._story, len(self.history), self.names, self.rules
        bit = C.BITS
        for seat, cards in enumerate(received):
            for card in cards:
                hands[seat] |= bit[card]
            story.append((received_line, step, "pass", names[seat], rules, tuple(cards), seat))
        self.received = received

    def known_cards(self, player: int) -> dict[int, Mask]:
        # A player who passed to a neighbour knows those cards are there until they are played.
        if self.phase == "pass" or self.pass_kind not in PASS_STEPS:
            return {}
        receiver = self.next_seat(player, PASS_STEPS[self.pass_kind])
        return {receiver: C.mask_of(self.chosen[player]) & self.hands[receiver]}

    def other_cards(self) -> list[Card]:
        return [c for cards in self.chosen for c in cards] if self.phase == "pass" else []

    def start_first_trick(self) -> None:
        hands = self.hands
        leader = 0
        while not hands[leader] & TWO_OF_CLUBS_BIT:  # the seat holding the 2♣ (someone does)
            leader += 1
        self.rules = NO_TRUMPS
        self.start_play(leader)

    # -- the play rules Hearts adds to plain following
    def play_restriction(self, seat: int, card: Card) -> str | None:
        hand = self.hands[seat]
        first_trick = not self.tricks_played
        if first_trick and not self.trick.plays and card != TWO_OF_CLUBS:
            return "The first trick must be led with the 2♣."
        if first_trick and self.trick.plays and PENALTY_MASK >> card & 1:
            # Allowed only when every card the following rules allow is a penalty card.
            allowed = [c for c in C.cards_in(hand) if self.rules.reason(hand, self.trick, c) is None]
            if any(not PENALTY_MASK >> c & 1 for c in allowed):
                return "No hearts or queen of spades on the first trick unless you have nothing else."
        if (not self.trick.plays and C.suit_of(card) == HEARTS and not self.hearts_broken
                and hand & ~HEART_MASK):
            return "Hearts are not broken yet: you cannot lead a heart until one has been played."
        return None

    def unrestricted(self, seat: int, allowed: Mask) -> Mask:
        # play_restriction's three bans, as masks (made once: see NOT_HEARTS).
        first_trick = not self.tricks_played
        if not self.trick.plays:
            if first_trick:
                return allowed & TWO_OF_CLUBS_BIT
            if not self.hearts_broken and self.hands[seat] & NOT_HEARTS:
                return allowed & NOT_HEARTS
            return allowed
        if first_trick and allowed & NOT_PENALTY:
            return allowed & NOT_PENALTY
        return allowed

    def start_play(self, leader: int) -> None:
        super().start_play(leader)
        # The trick play asks Hearts about every card played and every legal list, until card_played()
        # finds nothing left to ask about this hand.
        self.notes_cards = self.restricted = True

    def card_played(self, seat: int, card: Card) -> None:
        if not self.hearts_broken and card >> 4 & 15 == HEARTS:  # C.suit_of() written out: every card played
            self.hearts_broken = True
            self.say("Hearts are broken.", kind="info")
        if self.hearts_broken and self.tricks_played:
            # Past the first trick with hearts broken, none of Hearts' bans can apply and nothing is left
            # to note: the trick play stops asking (unrestricted(), this method) until the next hand.
            self.notes_cards = self.restricted = False

    # -- scoring
    def hand_done(self) -> None:
        points = [penalty_points(won) for won in self.won]
        self.say_later("score", points_line, tuple(self.names), tuple(points))
        self.hand_points = self.column_points(points)
        moon = self.moon_shooter(points)
        if moon is None:
            self.score_hand(self.hand_points, self.hand_points)
            return
        self.moon_decider, self.moon_column = moon
        who = self.sheet.columns[self.moon_column]
        self.say(f"{who} took every heart and the queen of spades: a shot at the moon!", kind="score")
        if self.options["moon"] == "choice":
            self.phase = "moon"
            self.turn = self.moon_decider
        else:
            self.settle_moon("others")

    def column_points(self, points: list[int]) -> list[int]:
        """A hand's points per score column (here a column is a player)."""
        return points

    def moon_shooter(self, points: list[int]) -> tuple[int, int] | None:
        """(who decides, which column) when one column took all 26 points."""
        if MOON_POINTS not in points:  # most hands: no generator made
            return None
        shooter = points.index(MOON_POINTS)
        return shooter, shooter

    def _candidates_moon(self) -> list[Action]:
        return ["moon:self", "moon:others"]

    def _verify_moon(self, action: Action) -> str | None:
        if action not in ("moon:self", "moon:others"):
            return f"Choose moon:self (26 off your score) or moon:others (26 on {self.moon_others_words()})."
        return None

    def moon_others_words(self) -> str:
        """Whom the moon's 26 go on when the shooter puts them on others."""
        return "everyone else"

    def column_verb(self, column: int, plural: str, singular: str) -> str:
        """The verb for a score column as subject: plural for partners ("South & North take")."""
        return plural if len(self.column_seats(column)) > 1 else singular

    def moon_lead(self, totals: Sequence[int]) -> int:
        """How far the moon-shooter's column is ahead (lower totals win) with these ``totals``:
        what decides the game, so what the shooter weighs."""
        mine = self.moon_column
        return min(t for c, t in enumerate(totals) if c != mine) - totals[mine]

    def _do_moon(self, action: Action) -> None:
        self.settle_moon(action.split(":", 1)[1])

    def moon_points(self, choice: str) -> list[int]:
        """Each column's points for a moon settled as ``choice`` ("self" or "others")."""
        columns = range(len(self.sheet.columns))
        if choice == "self":
            return [-MOON_POINTS if c == self.moon_column else 0 for c in columns]
        return [0 if c == self.moon_column else MOON_POINTS for c in columns]

    def settle_moon(self, choice: str) -> None:
        who = self.sheet.columns[self.moon_column]
        points = self.moon_points(choice)
        if choice == "self":
            self.say(f"{who} {self.column_verb(self.moon_column, 'take', 'takes')} 26 off.", kind="score")
        else:
            takers = [c for c, p in enumerate(points) if p]
            if len(takers) == 1:
                taker = takers[0]
                self.say(f"{self.sheet.columns[taker]} {self.column_verb(taker, 'take', 'takes')} 26.", kind="score")
            elif len(takers) == len(points) - 1:
                self.say(f"Everyone but {who} takes 26.", kind="score")
            else:
                self.say(f"{names_and([self.sheet.columns[c] for c in takers])} take 26 each.", kind="score")
        self.score_hand(points, [f"{p:+d}" if p else 0 for p in points])

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "pass":
            where = "into the centre" if self.pass_kind == "centre" else f"to pass {self.pass_kind}"
            return f"{name}: choose a card to put {where} ({len(self.chosen[self.turn])} of 3 chosen)."
        if self.phase == "moon":
            return f"{name} shot the moon: take 26 off your own score, or put 26 on {self.moon_others_words()}?"
        if not self.trick.plays:
            return f"{name} to lead."
        return f"{name} to play."

    def describe(self, action: Action) -> str:
        if action == "moon:self":
            return "Take 26 off my score"
        if action == "moon:others":
            return f"Put 26 on {self.moon_others_words()}"
        card = self.pack.find(action)
        if card is not None and self.phase == "pass":
            return f"Pass {C.short(card)}"
        return super().describe(action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.n):
            info = f"{plural(self.tricks_won[s], 'trick')}, {plural(penalty_points(self.won[s]), 'point')} this hand"
            extra: dict[str, Any] = {"role": "dealer" if s == self.dealer else "", "info": info}
            if self.phase == "pass" and (player is None or player == s):
                extra["aside"] = [C.code(c) for c in self.chosen[s]]
            seats.append(self.seat_view(s, player, self.hands[s], **extra))
        centre = []
        if self.phase == "pass":
            label = "Centre" if self.pass_kind == "centre" else f"Passing {self.pass_kind}"
            centre.append({"kind": "cards", "label": label, "hidden": sum(len(c) for c in self.chosen)})
        return self.table_view(seats, centre, "Hearts broken" if self.hearts_broken else "Hearts not broken")


class HeartsBot(RuleBot):
    """Passes its most dangerous cards, ducks under the winning card, dumps the queen when void."""

    def choose(self, state: HeartsState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == "moon":
            return self.moon_choice(state)
        cards = [state.pack.card(a) for a in legal]
        if state.phase == "pass":
            card = max(cards, key=danger)
            return self.because(C.code(card), f"passes the {C.short(card)}, {danger_words(card)}")
        return self.play(state, cards)

    def moon_choice(self, state: HeartsState) -> Action:
        """The choice that leaves us furthest ahead, never one that ends the game with us behind."""
        best: tuple[int, int] | None = None
        choice = "moon:self"
        for option in ("self", "others"):
            totals = [t + p for t, p in zip(state.sheet.totals, state.moon_points(option))]
            margin = state.moon_lead(totals)
            if state.match_end.reached(totals):
                rank = 2 if margin > 0 else 0
            else:
                rank = 1
            if best is None or (rank, margin) > best:
                best, choice = (rank, margin), f"moon:{option}"
        assert best is not None
        rank, margin = best
        what = ("takes 26 off its own score" if choice == "moon:self"
                else f"puts 26 on {state.moon_others_words()}")
        if rank == 2:
            return self.because(choice, f"{what}: that ends the game with a lead of {margin}")
        if rank == 0:
            return self.because(choice, f"{what}: either way the game ends, and this loses by the least")
        lead = f"a lead of {margin}" if margin > 0 else f"{-margin} behind the leader"
        return self.because(choice, f"{what}, which leaves it {lead} without ending the game")

    def play(self, state: HeartsState, cards: list[Card]) -> Action:
        trick = state.trick
        if not trick.plays:
            safe = [c for c in cards if not PENALTY_MASK >> c & 1]
            card = min(safe or cards, key=lambda c: (C.rank_of(c), C.suit_of(c)))
            if safe:
                return self.because(C.code(card), f"leads its lowest safe card, the {C.short(card)}, to lose the lead")
            return self.because(C.code(card), f"holds only point cards, so leads the lowest, the {C.short(card)}")
        led = C.suit_of(trick.plays[0][1])
        following = [c for c in cards if C.suit_of(c) == led]
        if following:
            top = max((c for _, c in trick.plays if C.suit_of(c) == led), key=C.rank_of)
            under = [c for c in following if C.rank_of(c) < C.rank_of(top)]
            if under:
                card = max(under, key=C.rank_of)
                return self.because(C.code(card), f"stays under the {C.short(top)} with its highest card below it, "
                                          f"so someone else takes the trick")
            last = len(trick.plays) == state.n - 1
            has_points = any(PENALTY_MASK >> c & 1 for c in trick.cards)
            if last and not has_points:
                non_queen = [c for c in following if c != QUEEN_OF_SPADES] or following
                card = max(non_queen, key=C.rank_of)
                return self.because(C.code(card), f"wins a trick with no points in it anyway, so sheds its highest "
                                          f"{C.SUIT_SINGULAR[led]}, the {C.short(card)}")
            card = min(following, key=C.rank_of)
            return self.because(C.code(card), f"cannot stay under the {C.short(top)}, so plays its lowest "
                                      f"{C.SUIT_SINGULAR[led]} and hopes someone beats it")
        if QUEEN_OF_SPADES in cards:
            return self.because(C.code(QUEEN_OF_SPADES), f"gets rid of the Q♠ while void in {C.SUIT_NAME[led]}")
        card = max(cards, key=danger)
        return self.because(C.code(card), f"is void in {C.SUIT_NAME[led]}, so throws away the {C.short(card)}, "
                                  f"{danger_words(card)}")


def danger_words(card: Card) -> str:
    """Why ``card`` is worth getting rid of, in the words of :func:`danger`."""
    if card == QUEEN_OF_SPADES:
        return "the 13-point queen"
    if C.suit_of(card) == SPADES and C.rank_of(card) > QUEEN:
        return "a high spade that could be forced to take the Q♠"
    if C.suit_of(card) == HEARTS:
        return "its most dangerous heart"
    return "its highest and most dangerous card"


def danger(card: Card) -> int:
    """How much a card is worth getting rid of."""
    rank, suit = C.rank_of(card), C.suit_of(card)
    if card == QUEEN_OF_SPADES:
        return 100
    if suit == SPADES and rank > QUEEN:
        return 90 + rank
    return rank + (6 if suit == HEARTS else 0)


SPEC = GameSpec(info=INFO, options=OPTIONS, state=HeartsState, rule_bot=HeartsBot)
