"""Belote for four players in two partnerships (seed 003), with standard rules as options.

32 cards (7 to ace).  The pack is not shuffled between hands: the tricks are
gathered and cut.  Deal three then two cards each and turn up the next
card.  First round: each player in turn may *take* the upcard's suit as
trumps; second round: name another suit.  The taker picks up the upcard,
then everyone gets three more cards (the taker two).

Trumps rank J 9 A 10 K Q 8 7, other suits A 10 K Q J 9 8 7.  Follow suit;
unable to, trump if an opponent is winning (overtrumping if you can); when
trumps are led, beat the best trump if an opponent is winning.  Card points
152 plus 10 for the last trick (*dix de der*): 162 a hand.

Declarations (four of a kind, runs, and belote-rebelote — the king and
queen of trumps) are compared by the seed's "how high?" dialogue; only the
side with the best one scores its four-of-a-kinds and runs, belote always
counts.  The takers must take more than their opponents or the opponents
score 162 and every declaration; taking all eight tricks (*capot*) is 252.
Scores are rounded to tens; 1000 ends the game, a tie if both sides pass it
in the same hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..bots import RuleBot
from ..cards import ACE, JACK, KING, QUEEN, Card, Suit
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import PARTNERS_4, PartnershipScoring, Target, plural
from ..tricks import Trick, TrickGameState, TrickRules

TEAMS = PARTNERS_4
#: Low to high.
PLAIN_RANKING = (7, 8, 9, JACK, QUEEN, KING, 10, ACE)
TRUMP_RANKING = (7, 8, QUEEN, KING, 10, ACE, 9, JACK)
PLAIN_POINTS = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2}
TRUMP_POINTS = {JACK: 20, 9: 14, ACE: 11, 10: 10, KING: 4, QUEEN: 3}
HAND_POINTS = 162
LAST_TRICK = 10
CAPOT = 252
BELOTE = 20
#: Four of a kind: value by rank (no eights or sevens).
CARRE_POINTS = {JACK: 200, 9: 150, ACE: 100, 10: 100, KING: 100, QUEEN: 100}
#: Order for comparing fours of a kind of the same value (higher later).
CARRE_ORDER = (QUEEN, KING, 10, ACE, 9, JACK)
RANK_WORD = {7: "seven", 8: "eight", 9: "nine", 10: "ten", JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace"}
RANK_PLURAL = {7: "sevens", 8: "eights", 9: "nines", 10: "tens", JACK: "jacks", QUEEN: "queens",
               KING: "kings", ACE: "aces"}
LENGTH_WORD = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
SUIT_BY_LETTER = {C.SUIT_LETTER[s]: s for s in C.FRENCH_SUITS}

INFO = GameInfo(
    id="belote",
    name="Belote",
    family="Point-trick (Jass family)",
    players=(4,),
    pack="32 cards (7 to ace)",
    min_age=10,
    skill="Medium–high",
    kinds=("trick-taking", "point-trick", "bidding"), deck="french32", minutes=(45, 60),
    summary="France's favourite: take the trumps, make more than half the 162 points, and shout “belote!”.",
    house_rule="Play to the left; the takers need more points in tricks than their opponents; declarations "
               "compared by “how high?”; scores rounded to tens; both sides over 1000 together is a tie.",
    standard_rule="Play to the right (traditional); declarations counted in the contract; the higher total "
                  "wins when both pass 1000; declarations off or belote only.",
    source="A playing-card maker's Belote article; Pagat's Belote for the standard rules.",
    short_rules=(
        "Four players, partners opposite; 32 cards; play to the left (right as an option).",
        "No shuffle between hands: gather and cut. Deal 3 + 2 each and turn up a card.",
        "Round one: take the upcard's suit as trumps or pass; round two: name another suit or pass.",
        "The taker gets the upcard; then 3 more cards each, the taker 2.",
        "Trumps: J 9 A 10 K Q 8 7; other suits A 10 K Q J 9 8 7.",
        "Follow suit; if void and an opponent is winning, trump (overtrump if you can).",
        "Declarations: four jacks 200, nines 150, A/10/K/Q 100; runs 20/50/100; belote (K+Q of trumps) 20.",
        "Cards: J trump 20, 9 trump 14, A 11, 10 10, K 4, Q 3, other J 2; last trick 10 (162 a hand).",
        "Takers must beat the opponents or lose 162 and the declarations to them; capot 252.",
        "Scores rounded to tens; 1000 ends the game (both over together: a tie).",
    ),
    readings=(
        Reading("The article's trump order, J 9 10 K Q 8 7, leaves out the ace, and its plain order "
                "leaves out the jack.",
                "The standard orders J 9 A 10 K Q 8 7 and A 10 K Q J 9 8 7, which agree with the article's "
                "card values (152 in all)."),
        Reading("Two equal best runs outside trumps, on opposite sides: who scores?",
                "The one declared first stands, since the later player can only say \"good\"; many "
                "published rules score neither side's declarations.",
                "equal_runs", "none"),
        Reading("A four of a kind against a run of the same value (four queens or a run of five, both 100)?",
                "The four of a kind is higher; fours of equal value rank A, 10, K, Q, their trick order."),
        Reading("When the takers fail, what happens to declarations and belote?",
                "Belote stays with its holders (\"always scored\"); the takers' other declarations go to "
                "the defenders."),
        Reading("What does making the contract mean?",
                "Strictly more points in tricks, the last trick's 10 included, than the defenders; "
                "declarations do not count (the standard rule counts them).",
                "contract", "all"),
        Reading("Rounding to tens: which way does a five go?",
                "Up, each side separately (85 becomes 90)."),
        Reading("Trumps led with a partner winning: must you still play higher?",
                "No: the article asks for a higher trump only while an opponent is winning; many French "
                "tables ask for it always."),
        Reading("Both sides reach 1000 in the same hand.",
                "A tie, as the article says; the standard rule lets the higher total win.",
                "finish", "higher"),
        Reading("The pack is cut, not shuffled, between hands; what about the first hand?",
                "It is shuffled and dealt as it comes, since cutting a fresh shuffle changes nothing."),
    ),
)

OPTIONS = (
    Option("direction", "left", "Which way the deal and the play go round the table.",
           choices={"left": "to the left, clockwise (the article's rules)",
                    "right": "to the right, counter-clockwise (traditional French)"},
           standard="right"),
    Option("declarations", "all", "Which declarations score.",
           choices={"all": "fours of a kind, runs and belote (the article's rules)",
                    "belote": "belote and rebelote only",
                    "none": "no declarations at all"}),
    Option("contract", "tricks", "What the takers must beat their opponents on.",
           choices={"tricks": "points taken in tricks, with dix de der (the article's rules)",
                    "all": "points in tricks plus declarations and belote (standard)"},
           standard="all"),
    Option("rounding", "tens", "How a hand's scores are written down.",
           choices={"tens": "rounded to the nearest ten (the article's rules)",
                    "exact": "exactly as counted"}),
    Option("finish", "tie", "What happens when both sides reach the target in the same hand.",
           choices={"tie": "the game is a tie (the article's rules)",
                    "higher": "the higher total wins (a tie only if equal)"},
           standard="higher"),
    Option("equal_runs", "first", "Equal best runs, neither in trumps, held on both sides.",
           choices={"first": "the one declared first stands: the later player can only say \"good\" "
                             "(the article's way of declaring)",
                    "none": "neither side scores its declarations (common published rule)"},
           standard="none"),
    Option("shuffle", "cut", "How the pack is prepared between hands.",
           choices={"cut": "not shuffled: the tricks are gathered and cut (the article's rules)",
                    "shuffle": "shuffled before every hand"}),
    Option("target", 1000, "The game ends when a side has this many points at the end of a hand.",
           minimum=100, maximum=3000, standard=1000),
)


@dataclass(frozen=True)
class Declaration:
    """A four of a kind or a run, held by one player."""

    kind: str            # "four" or "run"
    rank: int            # the four's rank, or the run's top rank (natural order)
    length: int
    suit: Suit | None
    cards: tuple[Card, ...]
    value: int

    def type_key(self) -> tuple[int, int]:
        """What the first call states ("a run of four", "four of a kind"): runs by length, then fours."""
        return (1, 0) if self.kind == "four" else (0, self.length)

    def key(self, trump: Suit | None) -> tuple[int, ...]:
        """Full strength: value, type, then rank (and trumps for equal runs)."""
        if self.kind == "four":
            return (self.value, 1, 0, CARRE_ORDER.index(self.rank), 0)
        return (self.value, 0, self.length, self.rank, 1 if self.suit == trump else 0)

    def type_text(self) -> str:
        return "four of a kind" if self.kind == "four" else f"a run of {LENGTH_WORD[self.length]}"

    def height_text(self) -> str:
        if self.kind == "four":
            return RANK_PLURAL[self.rank]
        return f"up to the {RANK_WORD[self.rank]}"

    def describe(self) -> str:
        shown = " ".join(C.short(c) for c in self.cards)
        if self.kind == "four":
            return f"four {RANK_PLURAL[self.rank]} ({shown}), {self.value}"
        return f"a run of {LENGTH_WORD[self.length]} ({shown}), {self.value}"


def declarations_in(hand: list[Card]) -> list[Declaration]:
    """Every four of a kind and every longest run of three or more in a hand."""
    found = []
    for rank, value in CARRE_POINTS.items():
        fours = [c for c in hand if C.rank_of(c) == rank]
        if len(fours) == 4:
            found.append(Declaration("four", rank, 4, None, tuple(sorted(fours)), value))
    for suit in C.FRENCH_SUITS:
        ranks = sorted(C.rank_of(c) for c in hand if C.suit_of(c) == suit)
        run: list[int] = []
        for rank in ranks + [99]:
            if run and rank == run[-1] + 1:
                run.append(rank)
                continue
            if len(run) >= 3:
                value = 20 if len(run) == 3 else 50 if len(run) == 4 else 100
                cards = tuple(C.make_card(suit, r) for r in reversed(run))
                found.append(Declaration("run", run[-1], len(run), suit, cards, value))
            run = [rank]
    return found


def card_points(card: Card, trump: Suit) -> int:
    table = TRUMP_POINTS if C.suit_of(card) == trump else PLAIN_POINTS
    return table.get(C.rank_of(card), 0)


def round_ten(points: int) -> int:
    """To the nearest ten, a five going up."""
    return (points + 5) // 10 * 10


def settle(taken: list[int], tricks: list[int], decl: list[int], belote: list[int], takers: int,
           contract: str = "tricks") -> tuple[list[int], bool, int | None]:
    """A hand's points for each side: (points, contract made, side with capot or None).

    ``taken``: card points plus dix de der (162 between them); ``tricks``: tricks
    won; ``decl``: four-of-a-kind and run points (only the best side has any);
    ``belote``: 20 for the side holding king and queen of trumps.
    """
    others = 1 - takers
    if contract == "all":
        made = taken[takers] + decl[takers] + belote[takers] > taken[others] + decl[others] + belote[others]
    else:
        made = taken[takers] > taken[others]
    capot = next((t for t in (0, 1) if tricks[t] == 8), None)
    points = [0, 0]
    if capot == takers:
        points[takers] = CAPOT + decl[takers] + belote[takers]
        points[others] = belote[others]
        made = True
    elif capot == others:
        points[others] = CAPOT + decl[0] + decl[1] + belote[others]
        points[takers] = belote[takers]
        made = False
    elif made:
        points = [taken[t] + decl[t] + belote[t] for t in (0, 1)]
    else:
        points[others] = HAND_POINTS + decl[0] + decl[1] + belote[others]
        points[takers] = belote[takers]
    return points, made, capot


class BeloteState(PartnershipScoring, TrickGameState):
    """South & North against West & East."""

    pack = C.FRENCH_32
    point_tricks = True  # the summary walks through the counting cards each side took

    def card_points(self, card: Card) -> int:
        return card_points(card, self.trump) if self.trump is not None else 0

    def point_extras(self) -> list[tuple[int, tuple[str, tuple[Card, ...], int]]]:
        """Dix de der: 10 for the last trick (declarations and belote are scored beside the tricks)."""
        if not self.tricks_played:
            return []
        last = self.trick_taker(self.tricks_played[-1])
        return [(self.team(last), ("dix de der (the last trick)", self.last_trick_cards(), LAST_TRICK))]

    # A quiz judges a card by who takes the trick and the points in it (parlour.choices).
    @classmethod
    def direction_for(cls, options: dict[str, Any]) -> int:
        return -1 if options.get("direction") == "right" else 1

    def setup(self) -> None:
        self.match_end = Target(self.options["target"])
        note = f"The game ends when a side has {self.options['target']} or more after a hand."
        self.sheet = ScoreSheet(list(self.team_labels), note=note)
        #: One record per scored hand, for the tests and the page.
        self.hand_results: list[dict[str, Any]] = []
        self.gathered: list[Card] | None = None
        self.gathered_from = "tricks"
        super().setup()

    # -- the deal
    def start_hand(self) -> None:
        self.next_hand()
        dealer = self.names[self.dealer]
        cutter = self.next_seat(self.dealer, -1)
        if self.gathered is None or self.options["shuffle"] == "shuffle":
            # Cutting a freshly shuffled pack changes nothing, so the shuffle stands as it is.
            cards = self.shuffled_pack()
            how = "shuffles"
        else:
            cut = 3 + self.rng.below(len(self.gathered) - 5)
            cards = self.gathered[cut:] + self.gathered[:cut]
            how = f"gathers the {self.gathered_from} without shuffling"
        self.gathered = None
        self.stock: list[Card] = self.deal(cards, each=5, packets=(3, 2))
        self.upcard: Card | None = self.stock.pop(0)
        self.trump: Suit | None = None
        self.taker: int | None = None
        self.passes = 0
        self.best_declaration: tuple[int, Declaration] | None = None
        self.declared: list[list[Declaration]] = [[] for _ in range(self.n)]
        self.declaration_points = [0, 0]
        self.belote_seat: int | None = None
        self.belote_said = 0
        self.say(f"Hand {self.hand_no}: {dealer} {how}, {self.names[cutter]} cuts, and {dealer} deals "
                 f"three cards and then two to each player and turns up the {C.short(self.upcard)}.",
                 kind="deal")
        self.phase = "take1"
        self.turn = self.next_seat(self.dealer)

    def other_cards(self) -> list[Card]:
        return list(self.stock) + ([self.upcard] if self.upcard is not None else [])

    # -- taking: two rounds
    def _candidates_take1(self) -> list[Action]:
        return ["take", "pass"]

    def _verify_take1(self, action: Action) -> str | None:
        if action in ("take", "pass"):
            return None
        if action.startswith("trump:"):
            return "In the first round you may only take the upcard's suit (take) or pass."
        return "Take the upcard's suit as trumps (take) or pass."

    def _do_take1(self, action: Action) -> None:
        assert self.upcard is not None
        name = self.names[self.turn]
        if action == "take":
            self.say(f"{name} takes: {C.SUIT_NAME[C.suit_of(self.upcard)]} are trumps.", kind="bid")
            self.finish_deal(self.turn, C.suit_of(self.upcard))
            return
        self.say(f"{name} passes.", kind="bid")
        self.passes += 1
        self.turn = self.next_seat(self.turn)
        if self.passes == 4:
            self.passes = 0
            self.phase = "take2"
            self.say("Everyone has passed: in the second round each may name another suit.", kind="bid")

    def _candidates_take2(self) -> list[Action]:
        assert self.upcard is not None
        return [f"trump:{C.SUIT_LETTER[s]}" for s in C.FRENCH_SUITS if s != C.suit_of(self.upcard)] + ["pass"]

    def _verify_take2(self, action: Action) -> str | None:
        assert self.upcard is not None
        if action == "pass":
            return None
        if action == "take":
            return "The upcard's suit was refused by everyone: name another suit (trump:C, …) or pass."
        if not action.startswith("trump:") or action[6:] not in SUIT_BY_LETTER:
            return "Name a suit (trump:C, trump:D, trump:H or trump:S) or pass."
        if SUIT_BY_LETTER[action[6:]] == C.suit_of(self.upcard):
            return (f"In the second round you must name a suit other than the upcard's "
                    f"({C.SUIT_NAME[C.suit_of(self.upcard)]}).")
        return None

    def _do_take2(self, action: Action) -> None:
        name = self.names[self.turn]
        if action != "pass":
            suit = SUIT_BY_LETTER[action[6:]]
            self.say(f"{name} names {C.SUIT_NAME[suit]} as trumps.", kind="bid")
            self.finish_deal(self.turn, suit)
            return
        self.say(f"{name} passes again.", kind="bid")
        self.passes += 1
        self.turn = self.next_seat(self.turn)
        if self.passes == 4:
            self.say("Nobody takes: the cards are thrown in and the deal passes on.", kind="bid")
            assert self.upcard is not None
            held = [c for s in self.seats_from(self.next_seat(self.dealer)) for c in C.cards_in(self.hands[s])]
            self.gathered = held + [self.upcard] + self.stock
            self.gathered_from = "thrown-in cards"
            self.start_hand()

    def finish_deal(self, taker: int, trump: Suit) -> None:
        assert self.upcard is not None
        self.taker, self.trump = taker, trump
        self.hands[taker] |= 1 << self.upcard
        self.upcard = None
        for seat in self.seats_from(self.next_seat(self.dealer)):
            count = 2 if seat == taker else 3
            self.hands[seat] |= C.mask_of(self.stock[:count])
            self.stock = self.stock[count:]
        self.say(f"{self.names[taker]} picks up the upcard; {self.names[self.dealer]} deals three more "
                 f"cards to each player and two to {self.names[taker]}.", kind="deal")
        self.rules = TrickRules(trump=trump, ranking=PLAIN_RANKING, trump_ranking=TRUMP_RANKING,
                                must_follow=True, must_trump=True, must_overtrump=True, head_trumps=True,
                                teams=TEAMS, partner_relief=True)
        king, queen = C.make_card(trump, KING), C.make_card(trump, QUEEN)
        if self.options["declarations"] != "none":
            self.belote_seat = next((s for s in range(self.n)
                                     if self.hands[s] >> king & 1 and self.hands[s] >> queen & 1), None)
        if self.options["declarations"] == "all":
            self.declare()
        self.start_play(self.next_seat(self.dealer))

    # -- declarations and the "how high?" dialogue
    def declare(self) -> None:
        assert self.trump is not None
        trump = self.trump
        best: tuple[int, Declaration] | None = None
        #: Whether the best declaration so far is equalled by one of the other side's.
        equalled = False
        for seat in self.seats_from(self.next_seat(self.dealer)):
            name = self.names[seat]
            mine = declarations_in(C.cards_in(self.hands[seat]))
            self.declared[seat] = mine
            top = max(mine, key=lambda d: d.key(trump)) if mine else None
            if best is None:
                if top is None:
                    self.say(f"{name}: nothing to declare.", kind="declare")
                else:
                    self.say(f"{name}: {top.type_text()}.", kind="declare")
                    best = (seat, top)
                continue
            holder, current = best
            if top is None or top.type_key() < current.type_key():
                self.say(f"{name}: good.", kind="declare")
                continue
            if top.type_key() > current.type_key():
                self.say(f"{name}: {top.type_text()}.", kind="declare")
                best, equalled = (seat, top), False
                continue
            self.say(f"{name}: how high?", kind="declare")
            self.say(f"{self.names[holder]}: {current.height_text()}"
                     f"{' in trumps' if current.suit == trump and current.kind == 'run' else ''}.",
                     kind="declare")
            if top.key(trump) > current.key(trump):
                self.say(f"{name}: better — {top.height_text()}"
                         f"{' in trumps' if top.suit == trump and top.kind == 'run' else ''}.", kind="declare")
                best, equalled = (seat, top), False
            elif (top.key(trump) == current.key(trump) and self.team(seat) != self.team(holder)
                  and self.options["equal_runs"] == "none"):
                self.say(f"{name}: the same.", kind="declare")
                equalled = True
            else:
                self.say(f"{name}: good.", kind="declare")
        if best is not None and equalled:
            self.say("The best declarations are equal on both sides, so neither side scores its "
                     "declarations.", kind="declare")
            best = None
        self.best_declaration = best
        if best is None:
            return
        side = self.team(best[0])
        shown = []
        for seat in TEAMS[side]:
            for decl in self.declared[seat]:
                self.declaration_points[side] += decl.value
                shown.append(f"{self.names[seat]} {decl.describe()}")
        self.say(f"{self.team_labels[side]} hold the best declaration and show: {'; '.join(shown)} — "
                 f"{self.declaration_points[side]} points, to be scored with the hand.", kind="declare")

    # -- play
    def card_played(self, seat: int, card: Card) -> None:
        if self.belote_seat != seat or self.trump is None:
            return
        if card in (C.make_card(self.trump, KING), C.make_card(self.trump, QUEEN)):
            self.belote_said += 1
            word = "Belote!" if self.belote_said == 1 else "Rebelote!"
            extra = "" if self.belote_said == 1 else f" (20 points for {self.team_labels[self.team(seat)]})"
            self.say(f"{self.names[seat]}: “{word}”{extra}", kind="declare")

    def hand_done(self) -> None:
        assert self.trump is not None and self.taker is not None
        trump = self.trump
        last = self.trick_taker(self.tricks_played[-1])
        cards = [sum(card_points(c, trump) for s in team for c in C.cards_in(self.won[s])) for team in TEAMS]
        tricks = [sum(self.tricks_won[s] for s in team) for team in TEAMS]
        taken = list(cards)
        taken[self.team(last)] += LAST_TRICK
        self.say(f"{self.names[last]} takes the last trick: {LAST_TRICK} for dix de der.", kind="score")
        takers = self.team(self.taker)
        others = 1 - takers
        belote = [0, 0]
        if self.belote_seat is not None:
            belote[self.team(self.belote_seat)] = BELOTE
        decl = list(self.declaration_points)
        points, made, capot = settle(taken, tricks, decl, belote, takers, self.options["contract"])
        if capot == takers:
            story = f"{self.team_labels[takers]} take every trick: capot, {CAPOT}"
        elif capot == others:
            story = f"{self.team_labels[others]} take every trick against the takers: capot, {CAPOT}"
        elif made:
            story = (f"{self.team_labels[takers]} make their contract, {taken[takers]} to {taken[others]} "
                     f"in tricks")
        else:
            story = (f"{self.team_labels[takers]} fail, {taken[takers]} to {taken[others]}: "
                     f"{self.team_labels[others]} score all {HAND_POINTS}")
        extras = []
        if made:
            extras += [f"declarations {decl[t]} to {self.team_labels[t]}" for t in (0, 1)
                       if decl[t] and (capot is None or capot == t)]
        elif any(decl):
            extras.append(f"every declaration, {sum(decl)}, to {self.team_labels[others]}")
        extras += [f"belote {belote[t]} to {self.team_labels[t]}" for t in (0, 1) if belote[t]]
        if extras:
            story += " (" + ", ".join(extras) + ")"
        written = [round_ten(p) for p in points] if self.options["rounding"] == "tens" else list(points)
        self.say(f"{story}. Hand score: {self.team_labels[0]} {points[0]}, {self.team_labels[1]} {points[1]}"
                 + (f", written as {written[0]} and {written[1]}." if written != points else "."), kind="score")
        self.hand_results.append({"cards": cards, "taken": taken, "tricks": tricks, "declarations": decl,
                                  "belote": belote, "made": made, "capot": capot, "points": points,
                                  "written": written, "takers": takers})
        # The next hand's pack: each side's tricks, in the order they were won, one pile on the other.
        sides = [self.team(self.trick_taker(trick)) for trick in self.tricks_played]
        self.gathered = [c for side in (0, 1) for trick, s in zip(self.tricks_played, sides) if s == side
                         for c in trick.cards]
        self.gathered_from = "tricks"
        self.score_hand(written, written)

    def trick_taker(self, trick: Trick) -> int:
        winner = self.rules.winner(trick)
        assert winner is not None      # Belote tricks are never drawn
        return winner

    # -- the end
    def finish(self) -> None:
        totals = self.sheet.totals
        over = [t for t in (0, 1) if totals[t] >= self.match_end.points]
        detail = f"{self.team_labels[0]} {totals[0]}, {self.team_labels[1]} {totals[1]}"
        if len(over) == 2 and (self.options["finish"] == "tie" or totals[0] == totals[1]):
            self.end((0, 1, 2, 3), f"Both sides pass {self.match_end.points} in the same hand: a tie ({detail}).")
            return
        best = over[0] if len(over) == 1 else (0 if totals[0] > totals[1] else 1)
        self.end(TEAMS[best], f"{self.team_labels[best]} win, {detail}.")

    # -- what the reader sees
    def describe(self, action: Action) -> str:
        if action == "take":
            return "Take (upcard's suit as trumps)"
        if action == "pass":
            return "Pass"
        if action.startswith("trump:") and action[6:] in SUIT_BY_LETTER:
            return f"Name {C.SUIT_NAME[SUIT_BY_LETTER[action[6:]]]}"
        return super().describe(action)

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "take1" and self.upcard is not None:
            return f"{name}: take {C.SUIT_NAME[C.suit_of(self.upcard)]} as trumps, or pass?"
        if self.phase == "take2":
            return f"{name}: name another suit as trumps, or pass?"
        return f"{name} to {'lead' if not self.trick.plays else 'play'}."

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        best_side = self.team(self.best_declaration[0]) if self.best_declaration else None
        for s in range(self.n):
            won = self.tricks_won[s]
            info = f"{won} trick{'' if won == 1 else 's'}"
            if best_side is not None and self.team(s) == best_side and self.declared[s]:
                info += "; declared " + ", ".join(d.type_text() for d in self.declared[s])
            role = ", ".join(r for r, on in (("dealer", s == self.dealer), ("taker", s == self.taker)) if on)
            seats.append(self.seat_view(s, player, self.hands[s], role=role, info=info))
        centre = []
        if self.upcard is not None:
            centre.append({"kind": "cards", "label": "Upcard", "cards": [C.code(self.upcard)]})
        if self.phase in ("take1", "take2"):
            status = "Taking: first round" if self.phase == "take1" else "Taking: second round (name a suit)"
        else:
            assert self.trump is not None and self.taker is not None
            status = f"Trumps: {C.SUIT_NAME[self.trump]}, taken by {self.names[self.taker]}"
            if any(self.declaration_points):
                side = 0 if self.declaration_points[0] else 1
                status += f"; declarations: {self.team_labels[side]} {self.declaration_points[side]}"
        return self.table_view(seats, centre, status)


def suit_strength(cards: list[Card], suit: Suit) -> int:
    """How good a hand would be with ``suit`` as trumps."""
    score = 0
    for card in cards:
        if C.suit_of(card) == suit:
            score += 10 + TRUMP_POINTS.get(C.rank_of(card), 0)
        elif C.rank_of(card) == ACE:
            score += 10
    return score


def trump_summary(cards: list[Card], suit: Suit) -> str:
    """``"4 hearts with the jack and the 9, and 2 side aces"``: what the bot weighs for trumps."""
    trumps = [C.rank_of(c) for c in cards if C.suit_of(c) == suit]
    tops = [f"the {RANK_WORD[r] if r == JACK else r}" for r in (JACK, 9) if r in trumps]
    aces = sum(1 for c in cards if C.rank_of(c) == ACE and C.suit_of(c) != suit)
    text = plural(len(trumps), C.SUIT_SINGULAR[suit])
    if tops:
        text += " with " + " and ".join(tops)
    return f"{text}, and {plural(aces, 'side ace')}" if aces else text


def worth(points: int) -> str:
    return f"worth {plural(points, 'point')}" if points else "worth nothing"


class BeloteBot(RuleBot):
    """Takes with a good trump suit, draws trumps as taker, wins tricks cheaply, feeds a winning partner."""

    #: The hand strength (see :func:`suit_strength`) the bot takes with, in the first and second round.
    TAKE_FIRST, TAKE_SECOND = 62, 58

    def choose(self, state: BeloteState) -> Action:  # type: ignore[override]
        seat = state.turn
        hand = C.cards_in(state.hands[seat])
        if state.phase == "take1":
            assert state.upcard is not None
            suit = C.suit_of(state.upcard)
            summary = trump_summary(hand + [state.upcard], suit)
            if suit_strength(hand + [state.upcard], suit) >= self.TAKE_FIRST:
                return self.because("take", f"takes {C.SUIT_NAME[suit]}: with the upcard it holds {summary}")
            return self.because("pass", f"with the upcard it would hold only {summary}: too weak to take")
        if state.phase == "take2":
            assert state.upcard is not None
            choices = [s for s in C.FRENCH_SUITS if s != C.suit_of(state.upcard)]
            best = max(choices, key=lambda s: suit_strength(hand, s))
            summary = trump_summary(hand, best)
            if suit_strength(hand, best) >= self.TAKE_SECOND:
                return self.because(f"trump:{C.SUIT_LETTER[best]}",
                                    f"names {C.SUIT_NAME[best]}, its best suit: {summary}")
            return self.because("pass", f"its best suit, {C.SUIT_NAME[best]}, holds only {summary}: "
                                        "too weak to name")
        legal = [state.pack.card(a) for a in state.legal_actions()]
        return C.code(self.play(state, legal))

    def play(self, state: BeloteState, cards: list[Card]) -> Card:
        rules = state.rules
        trump = state.trump
        assert trump is not None
        seat = state.turn
        trick = state.trick
        played = {c for t in state.tricks_played for c in t.cards} | set(trick.cards)
        unseen = set(state.pack.cards) - played - set(C.cards_in(state.hands[seat]))

        def points(c: Card) -> int:
            return card_points(c, trump)

        def master(c: Card) -> bool:
            return not any(C.suit_of(u) == C.suit_of(c) and rules.order(u) > rules.order(c) for u in unseen)

        trumps_out = [u for u in unseen if C.suit_of(u) == trump]
        if not trick.plays:
            mine = [c for c in cards if C.suit_of(c) == trump]
            if mine and trumps_out and state.team(seat) == state.team(state.taker or 0) and \
                    master(max(mine, key=rules.order)):
                card = max(mine, key=rules.order)
                verb = "is" if len(trumps_out) == 1 else "are"
                return self.because(card, f"draws trumps with the {C.short(card)}, the master trump, while "
                                          f"{plural(len(trumps_out), 'trump')} {verb} still out")
            masters = [c for c in cards if C.suit_of(c) != trump and master(c)]
            if masters:
                card = max(masters, key=points)
                return self.because(card, f"leads the {C.short(card)}: no unseen "
                                          f"{C.SUIT_SINGULAR[C.suit_of(card)]} can beat it")
            plain = [c for c in cards if C.suit_of(c) != trump] or cards
            card = min(plain, key=lambda c: (points(c), rules.order(c)))
            if C.suit_of(card) == trump:
                return self.because(card, f"holds only trumps, so leads the cheapest, the {C.short(card)}")
            return self.because(card, f"has no sure winner, so leads the {C.short(card)}, its cheapest card "
                                      f"outside trumps ({worth(points(card))})")
        led = rules.suit(trick.plays[0][1])
        best_seat, best_card = trick.plays[rules.winning_play(trick)]
        best_power = rules.power(best_card, led)
        last = len(trick.plays) == state.n - 1
        partner = state.team(best_seat) == state.team(seat)
        trumped = C.suit_of(best_card) == trump
        safe = last or (master(best_card) and (trumped or not trumps_out or led == trump))
        if partner and safe:
            giving = [c for c in cards if C.suit_of(c) != trump] or cards
            card = max(giving, key=lambda c: (points(c), -rules.order(c)))
            sure = "takes the trick" if last else "cannot be beaten"
            if not points(card):
                return self.because(card, f"partner's {C.short(best_card)} {sure}, but it has no points to "
                                          f"add: plays the {C.short(card)}")
            return self.because(card, f"partner's {C.short(best_card)} {sure}, so adds the {C.short(card)}, "
                                      f"{worth(points(card))}")
        winners = [c for c in cards if rules.power(c, led) > best_power]
        if winners and not partner:
            card = min(winners, key=lambda c: (rules.power(c, led) >= 1000, points(c), rules.order(c)))
            if C.suit_of(card) == trump and led != trump:
                return self.because(card, f"cuts the {C.short(best_card)} with the {C.short(card)}, "
                                          "its cheapest winning trump")
            return self.because(card, f"beats the {C.short(best_card)} with the {C.short(card)}, "
                                      "the cheapest card that wins")
        card = min(cards, key=lambda c: (C.suit_of(c) == trump, points(c), rules.order(c)))
        if partner:
            return self.because(card, f"partner's {C.short(best_card)} is winning but may be beaten, so plays "
                                      f"the {C.short(card)}, {worth(points(card))}")
        return self.because(card, f"cannot beat the {C.short(best_card)}, so plays the {C.short(card)}, "
                                  f"{worth(points(card))}")


SPEC = GameSpec(info=INFO, options=OPTIONS, state=BeloteState, rule_bot=BeloteBot)
