"""Carioca, as the card maker's article describes it (seed 004), on the shared rummy table.

Two to five players, each alone; 108 cards with four jokers; eleven cards each (twelve on the
seventh hand); play and the deal go to the right.  A turn: draw the top card of the stock or the
upcard; meld; discard.  Trios (three of a rank) and escaleras (four of a suit in sequence, an
ace high or low but not both).  Seven hands, each with its contract; a player's first melds of a
hand must make the whole contract in one turn, each meld exactly three or four cards with at
most one joker; from their next turn on they may add to any meld on the table, any number of
jokers, or put the natural card a joker stands for in its place (the joker moving to the end
they choose).  The hand ends when someone runs out of cards; the others count their deadwood;
after seven hands the lowest total wins.

Moves are the shared rummy moves (:mod:`parlour.rummy`).  The contract is laid one meld at a
time within the turn; the engine offers only melds after which the rest of the contract can
still be made from the cards left, so a player is never stuck half-way.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Sequence

from .. import cards as C
from .. import melds as M
from ..bots import RuleBot
from ..cards import ACE, Card, Mask
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..determinise import knowledge
from ..melds import RUN, SET, Meld, MeldRules
from ..rummy import ADD, DISCARD, DRAW, MELD, TAKE, Move, RummyState, TableMeld
from ..scoring import FixedDeals, MatchScoring, win_shares
from ..walkthrough import CountedHand, counted_by_value

PACK = C.french_pack(jokers=4, copies=2, id="french108", description="108-card pack (two packs and four jokers)")

#: The seven contracts, hand by hand.
CONTRACTS: tuple[tuple[str, ...], ...] = (
    (SET, SET),
    (SET, RUN),
    (RUN, RUN),
    (SET, SET, SET),
    (SET, SET, RUN),
    (SET, RUN, RUN),
    (RUN, RUN, RUN),
)
HANDS = len(CONTRACTS)

# The search bot's evaluation (CariocaState.playout_estimate): an imagined playout runs this many
# moves (about a round of four players' turns) and is then judged from the position.
PLAYOUT_HORIZON = 16
#: The share of its deadwood a player whose contract is down still counts at the hand's end.
DOWN_SHARE = 0.4
#: The share of its deadwood a player still short of its contract counts (some of it will be melded).
NOT_DOWN_SHARE = 0.7
#: What each card a contract still lacks costs a player who has not made it (more than a joker's
#: deadwood saved: a card toward the contract is worth keeping).
MISSING_CARD = 40.0
#: How far (in points) a player's total moves in a hand, give or take: the spread of the win shares.
SPREAD_PER_HAND = 40.0
#: How many of the rule bot's likeliest discards the search bot compares.
DISCARDS_SEARCHED = 3
#: What Strong's discard before the contract is down (KeenCariocaBot) gives, in deadwood points, for the
#: whole chance that the next card drawn brings the contract nearer (the share of the unseen cards that
#: would): a card toward the contract is worth 100 there, and a chance of one is worth several draws' worth.
#: Tuned on whole games against three Family players (1 200 games each): 200 gained 30 points a game on
#: Family, 400 and 800 some 35.
NEARER_WEIGHT = 400.0

RULES = MeldRules(wild_ranks=frozenset(), natural_wilds_in_runs=False, min_set=3, min_run=4,
                  max_wilds=None, max_wilds_laid=1, free_wild="either", rearrange=False,
                  one_set_per_rank=False, wild_noun="joker", set_noun="trio", run_noun="escalera")

INFO = GameInfo(
    id="carioca",
    name="Carioca",
    family="Rummy (contract rummy)",
    players=(2, 3, 4, 5),
    pack="108 cards (two packs and four jokers)",
    kinds=("rummy", "shedding"), deck="two-packs", minutes=(45, 75),
    min_age=10,
    skill="Medium",
    summary="Seven hands, each with its contract of trios and escaleras to lay down before anything "
            "else; be first out of cards, and keep your deadwood low.",
    house_rule="The card maker's article: seven contracts in order; only one joker per meld in the contract, "
               "any number afterwards; a replaced joker moves to either end of its escalera.",
    standard_rule="No separate standard rule is offered; where the article is silent (exact contract sizes, "
                  "a used-up stock) the page says which reading the engine takes.",
    source="A playing-card maker's Carioca (Loba) article; Pagat's Carioca page for exact contract melds.",
    short_rules=(
        "Draw the top card of the stock or the upcard; meld; discard.",
        "Your first melds of a hand must make its contract at once: trios of three, escaleras of four.",
        "From your next turn on, add to any meld; put a natural card in a joker's place.",
        "Out of cards ends the hand; the others count deadwood; lowest total after seven hands wins.",
    ),
    readings=(
        Reading("How long may the contract's melds be?",
                "Exactly three cards for a trio and four for an escalera, as Carioca players usually do (Pagat "
                "says so), and as the article implies when it says the last two contracts use the whole hand. "
                "Longer melds grow by adding cards on later turns."),
        Reading("May a player lay new melds after the contract?",
                "No: the article describes only adding to the melds on the table once the contract is made."),
        Reading("May a player go out without a discard?",
                "Yes: the hand ends when a player runs out of cards, so adding the last card to a meld goes out."),
        Reading("May the upcard just taken be thrown back?",
                "No, not in the same turn, as in most rummies."),
        Reading("What if the stock runs out?",
                "The discard pile but its top card is shuffled into a new stock, once; if that runs out too the "
                "hand ends and everyone counts their cards. The article does not say."),
        Reading("Which end does a joker take when it fills no gap in an escalera?",
                "Either end: the player chooses. Where only one end has room (an ace closes the other), the "
                "joker goes there without the player having to name it."),
    ),
)

OPTIONS = (
    Option("players", 4, "How many play, each alone.", choices={n: f"{n} players" for n in (2, 3, 4, 5)}),
)


def deadwood(card: Card) -> int:
    """Jokers 50, aces 20, kings, queens and jacks 10, the rest their face value."""
    if C.is_joker(card):
        return 50
    rank = C.rank_of(card)
    if rank == ACE:
        return 20
    return 10 if rank > 10 else rank


def contract_text(kinds: Sequence[str]) -> str:
    """``"two trios and an escalera"``."""
    counts = Counter(kinds)
    parts = []
    for kind in (SET, RUN):
        n = counts[kind]
        if n:
            noun = RULES.noun(kind)
            parts.append(f"{'a' if n == 1 and kind == SET else 'an' if n == 1 else M.count_words(n)} "
                         f"{noun}{'s' if n > 1 else ''}")
    return " and ".join(parts)


def _key(card: Card) -> int:
    """Copies of a card, and all jokers, are alike when asking whether a contract can be made."""
    return -1 if C.is_joker(card) else card & 0xFF


#: A meld counted by card (copies alike): its (card key, how many) pairs.  A tuple, not a Counter,
#: so that a copied state (State.clone) shares it.
CountedMeld = tuple[tuple[int, int], ...]


def feasible(available: Counter[int], needs: tuple[str, ...],
             candidates: dict[str, list[CountedMeld]], memo: dict[Any, bool]) -> bool:
    """Can melds of the kinds ``needs`` be made, side by side, from ``available``?  The candidate
    melds are those of the whole hand (a meld of fewer cards is one of them), counted by card."""
    if not needs:
        return True
    key = (frozenset((k, n) for k, n in available.items() if n > 0), needs)
    if key in memo:
        return memo[key]
    kind, rest = needs[0], needs[1:]
    found = False
    for meld in candidates[kind]:
        if all(available[k] >= n for k, n in meld):
            if feasible(available - Counter(dict(meld)), rest, candidates, memo):
                found = True
                break
    memo[key] = found
    return found


class CariocaState(MatchScoring, RummyState):
    """Each player alone; play goes to the right (counter-clockwise)."""

    determinisable = True  # hidden cards lie only in the hands and the stock

    meld_rules = RULES
    take_whole_pile = False
    direction = -1
    #: Random bots' longest seven hands took 4,134 moves (tests/longest_games.py, two players).
    move_cap = 50_000

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        return PACK

    def setup(self) -> None:
        self.match_end = FixedDeals(HANDS, low_wins=True)
        self.sheet = ScoreSheet(list(self.names), note=self.match_end.describe())
        super().setup()

    def hand_label(self) -> str:
        return f"Hand {self.hand_no}: {contract_text(self.contract)}"

    @property
    def contract(self) -> tuple[str, ...]:
        return CONTRACTS[self.hand_no - 1]

    def start_hand(self) -> None:
        self.next_hand()
        size = 12 if self.hand_no == HANDS else 11
        rest = self.deal(self.shuffled_pack(), each=size)
        self.down = [False] * self.n
        self.laid: list[str] = []  # the kinds laid toward the contract this turn
        self.reshuffled = False
        self.last_turn = False
        self.new_table(rest)
        self.say(f"Hand {self.hand_no} of {HANDS}: the contract is {contract_text(self.contract)}. "
                 f"{self.names[self.dealer]} deals {M.count_words(size)} cards each; "
                 f"{C.short(self.discards[-1])} is the upcard.", kind="deal")
        self.start_turn(self.next_seat(self.dealer))

    def start_turn(self, seat: int) -> None:
        super().start_turn(seat)
        self.laid = []

    # -- the contract
    def still_needed(self) -> tuple[str, ...]:
        """The kinds of the contract not yet laid this turn."""
        left = list(self.contract)
        for kind in self.laid:
            left.remove(kind)
        return tuple(left)

    def laying(self) -> bool:
        """Part of the contract is on the table and the rest must follow this turn."""
        return bool(self.laid) and not self.down[self.turn]

    def candidate_counts(self) -> dict[str, list[CountedMeld]]:
        """The contract melds the mover's whole hand could lay, counted by card (copies alike)."""
        out: dict[str, list[CountedMeld]] = {}
        for kind in (SET, RUN):
            counted = (tuple(sorted(Counter(_key(c) for c in combo).items())) for combo, _ in self.starting(kind))
            out[kind] = list(dict.fromkeys(counted))  # each once, in the order found
        return out

    def contract_possible(self, hand: Sequence[Card], needs: tuple[str, ...]) -> bool:
        self._fresh_memo()
        if "counts" not in self._memo:
            self._memo["counts"] = self.candidate_counts()
            self._memo["feasible"] = {}
        order = tuple(sorted(needs, key=lambda k: k != RUN))  # escaleras are the harder part: first
        return feasible(Counter(_key(c) for c in hand), order, self._memo["counts"], self._memo["feasible"])

    def may_lay(self, seat: int) -> str | None:
        if self.down[seat]:
            return ("Your contract is down: now you may only add cards to the melds on the table, from your "
                    "next turn on." if not self.laid else "Your contract is down: discard to end your turn.")
        if not self.laid and not self.contract_possible(C.cards_in(self.hands[seat]), self.contract):
            return f"Your cards cannot make this hand's contract ({contract_text(self.contract)}) yet."
        return None

    def starting_kinds(self, seat: int) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.still_needed()))

    def too_many_reason(self, meld: Meld) -> str:
        return ("In the contract a trio is exactly three cards and an escalera exactly four: more cards go on "
                "from your next turn.")

    def lay_reason(self, seat: int, cards: Sequence[Card], meld: Meld) -> str | None:
        needed = list(self.still_needed())
        if meld.kind not in needed:
            return (f"The contract needs no more {self.meld_rules.noun(meld.kind)}s: you still need "
                    f"{contract_text(needed)}.")
        needed.remove(meld.kind)
        rest = C.cards_in(self.hands[seat] & ~C.mask_of(cards))
        if not self.contract_possible(rest, tuple(needed)):
            return (f"With that meld down, your other cards could not make the rest of the contract "
                    f"({contract_text(needed)}), and the whole contract goes down in one turn.")
        if any(self.forbidden_discard(c) for c in rest) and not any(
                self.contract_possible([x for x in rest if x != keep], tuple(needed))
                for keep in rest if not self.forbidden_discard(keep)):
            # The turn must end with a discard, and the card just taken from the pile may not be it.
            return (f"With that meld down, the rest of the contract ({contract_text(needed)}) would leave you "
                    f"only the {C.short(self.took[0])} to discard, which you took from the pile this turn.")
        return None

    def add_target_reason(self, seat: int, target: TableMeld) -> str | None:
        if not self.down[seat]:
            return f"Make your contract ({contract_text(self.contract)}) before adding to melds."
        if self.laid:
            return "You made your contract this turn: you may add to melds from your next turn."
        return None

    def discard_reason(self, seat: int, card: Card) -> str | None:
        if self.laying():
            return (f"Finish laying down your contract first: you still need "
                    f"{contract_text(self.still_needed())}.")
        if self.forbidden_discard(card):
            return self.forbidden_reason(card)
        return None

    # -- after a move
    def after_draw(self, seat: int) -> None:
        if self.stock:
            return
        below = self.discards[:-1]
        if not self.reshuffled and below:
            self.reshuffled = True
            self.discards = self.discards[-1:]
            self.rng.shuffle(below)
            self.stock = below
            self.say("The stock is used up: the discard pile, all but its top card, is shuffled to make a new "
                     "stock.", kind="info")
        else:
            self.last_turn = True
            self.say("The stock is used up again: the hand ends after this turn.", kind="info")

    def after_meld(self, seat: int) -> None:
        name = self.names[seat]
        if not self.down[seat] and self.laid is not None:
            last = next(tm for tm in reversed(self.melds.values()))
            self.laid.append(last.meld.kind)
            if not self.still_needed():
                self.down[seat] = True
                self.say(f"{name} has made the contract.", kind="meld")
        if not self.hands[seat]:
            self.say(f"{name} has no cards left and goes out.", kind="score")
            self.end_of_hand(seat)

    def after_discard(self, seat: int, card: Card) -> None:
        name = self.names[seat]
        self.say(f"{name} discards {C.short(card)}.", kind="discard")
        if not self.hands[seat]:
            self.say(f"{name} has no cards left and goes out.", kind="score")
            return self.end_of_hand(seat)
        if self.last_turn:
            self.say("Nobody has gone out and the stock is gone: the hand ends.", kind="score")
            return self.end_of_hand(None)
        self.start_turn(self.next_seat(seat))

    def count_noted(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """Each player's cards left in hand as the hand ends (every hand is shown then)."""
        return tuple((name, tuple(C.cards_in(self.hands[s]))) for s, name in enumerate(self.names))

    def count_walkthrough(self, noted: tuple[tuple[str, tuple[Card, ...]], ...], player: int | None) -> list[CountedHand]:
        """Each player's deadwood, a step per value: what counts against them this hand."""
        return [counted_by_value(f"{name}: {len(left)} card{'' if len(left) == 1 else 's'} left", [(c, deadwood(c)) for c in left],
                                 nothing="No cards left: nothing counts against this hand.")
                for name, left in noted]

    def end_of_hand(self, out: int | None) -> None:
        points = [0 if s == out else sum(deadwood(c) for c in C.cards_in(self.hands[s])) for s in range(self.n)]
        self.say("Deadwood: " + ", ".join(f"{self.names[s]} {points[s]}" for s in range(self.n)) + ".", kind="score")
        self.score_hand(points)

    # -- what the reader sees
    def prompt(self) -> str:
        name = self.names[self.turn]
        down = self.down[self.turn]
        if self.phase == DRAW:
            then = "then add cards to any meld" if down else "then lay down your contract if you can"
            return f"{name}: draw from the stock or take the upcard, {then}."
        if self.laying():
            return f"{name}: lay down the rest of your contract ({contract_text(self.still_needed())})."
        if down and self.laid:
            # Made this turn: nothing more goes down now (adding waits for the next turn).
            return f"{name}: your contract is down. Discard to end your turn; from your next turn, add cards to melds."
        if down:
            return f"{name}: your contract is down. Add cards to any meld, or discard to end your turn."
        return f"{name}: lay down your contract ({contract_text(self.contract)}) if you can, or discard."

    def describe(self, action: Action) -> str:
        """The rummy words, with the joker a meld uses named ("… with the big joker"): a reader holding both
        kinds sees two moves that differ only in the joker, and each button must say which one it spends."""
        text = super().describe(action)
        move = self.parse_move(action) if action.startswith(MELD + ":") else None
        if isinstance(move, Move) and text != action:
            jokers = [C.short(c) for c in move.cards if C.is_joker(c)]
            if jokers:
                text += " with the " + " and the ".join(jokers)
        return text

    # -- the search bot's judgement of a position (its imagined playouts stop at PLAYOUT_HORIZON)
    def expected_deadwood(self, seat: int) -> float:
        """Roughly what ``seat`` will count this hand: part of its deadwood once its contract is down
        (it lays off and may go out); before that most of its deadwood, and dearly each card its
        contract still lacks (the contract is what lets a player shed cards at all).  Nothing for a
        hand just dealt: its cards are a fresh deal's luck, the same for everyone."""
        if not self.draws_this_hand:
            return 0.0
        hand = C.cards_in(self.hands[seat])
        held = sum(deadwood(c) for c in hand)
        if self.down[seat]:
            return DOWN_SHARE * held
        return NOT_DOWN_SHARE * held + MISSING_CARD * distance(hand, self.contract)

    def playout_estimate(self) -> list[float]:
        """Each player's chance of the lowest total after seven hands: the sheet's totals plus what
        each expects to count this hand, against how far totals still move in the hands to come."""
        totals = self.sheet.totals or [0] * self.n
        expected = [t + self.expected_deadwood(s) for s, t in enumerate(totals)]
        return win_shares(expected, SPREAD_PER_HAND * math.sqrt(HANDS - self.hand_no + 1), low_wins=True)

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = [self.seat_view(s, player, self.hands[s], role="dealer" if s == self.dealer else "",
                                info="contract down" if self.down[s] else "") for s in range(self.n)]
        centre = self.pile_zones(whole_pile_shown=False)
        for s in range(self.n):
            if any(tm.owner == s for tm in self.melds.values()):
                centre.append(self.melds_zone(f"{self.names[s]}'s melds", s))
        status = f"Hand {self.hand_no} of {HANDS}: {contract_text(self.contract)}."
        if self.last_turn:
            status += " Last turn: the stock is gone."
        return {"hand_no": self.hand_no, "seats": seats, "centre": centre, "status": status}


class CariocaBot(RuleBot):
    """Plans toward the contract: keeps the cards that come nearest to it, takes the upcard when it
    brings the contract nearer, lays the contract down as soon as it can, then lays off everything
    that fits and throws its heaviest useless card."""

    #: Strong leaves this bot's move only for one clearly better over its imagined deals (a standard
    #: error ahead), as in Burraco: a few turns' luck of the stock swings the playouts' judgement.
    search_margin = 1.0

    def choose(self, state: CariocaState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        seat = state.turn
        hand = C.cards_in(state.hands[seat])
        if state.phase == DRAW:
            card = C.short(state.discards[-1]) if state.discards else ""
            if TAKE in legal and self.upcard_helps(state, hand):
                return self.because(TAKE, f"the {card} fits a meld on the table" if state.down[seat] else
                                    f"the {card} brings the contract ({contract_text(state.contract)}) nearer")
            return self.because(DRAW, f"the {card} would not help, so a card from the stock" if card else
                                "the stock is the only place to draw from")
        melds = [a for a in legal if a.startswith(MELD + ":")]
        if melds:
            meld = min(melds, key=lambda a: self.joker_cost(state, a))
            return self.because(meld, "lays down part of the contract, natural cards before the joker")
        adds = [a for a in legal if a.startswith(ADD + ":")]
        if adds:
            add = min(adds, key=lambda a: self.joker_cost(state, a))
            move = state.parse_move(add)
            assert isinstance(move, Move)
            return self.because(add, f"the {C.short(move.cards[0])} goes on a meld: one card fewer to count "
                                     f"against it")
        discards = [a for a in legal if a.startswith(DISCARD + ":")]
        discard = min(discards, key=lambda a: self.keep_value(state, hand, a))
        move = state.parse_move(discard)
        assert isinstance(move, Move)
        card = move.cards[0]
        if state.down[seat] and self.keep_value(state, hand, discard)[0] == 0:
            return self.because(discard, f"the {C.short(card)} fits no meld, and it is the heaviest such card "
                                         f"({deadwood(card)} points)")
        if state.down[seat]:
            return self.because(discard, f"every card fits somewhere; the {C.short(card)} is the heaviest to keep")
        return self.because(discard, self.discard_reason(state, hand, card))

    def candidates(self, state: CariocaState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """For the search bot: both draws, and the few discards this bot would most readily throw.  A
        meld or an addition this bot would make is made without a search: a card laid counts for nothing
        against the hand, and a discard in its place ends the turn with the card still held (a few
        imagined deals, judged a few turns on, cannot tell that apart from luck)."""
        if state.phase == DRAW:
            return legal
        others = [a for a in legal if not a.startswith(DISCARD + ":")]
        if others:
            return [min(others, key=lambda a: self.joker_cost(state, a))]
        hand = C.cards_in(state.hands[state.turn])
        discards = [a for a in legal if a.startswith(DISCARD + ":")]
        return sorted(discards, key=lambda a: self.keep_value(state, hand, a))[:DISCARDS_SEARCHED]

    @staticmethod
    def discard_reason(state: CariocaState, hand: list[Card], card: Card) -> str:
        """Why this card goes before the contract is down, without calling a card useless that is one of a
        pair (or more) in the hand: then what it costs is said as it is, nothing toward the contract."""
        contract = f"the contract ({contract_text(state.contract)})"
        rest = [c for c in hand if c != card]
        if distance(rest, state.contract) > distance(hand, state.contract):
            return f"every card helps {contract}; without the {C.short(card)} it is set back least"
        twins = [c for c in rest if not C.is_joker(c) and C.rank_of(c) == C.rank_of(card)]
        if not C.is_joker(card) and twins:
            names = [C.short(c) for c in twins]
            kept = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return (f"you keep the {kept}; without this {C.short(card)} {contract} is no further off, "
                    f"and at {deadwood(card)} points it is the costliest such card to hold")
        return f"the {C.short(card)} does least for {contract}"

    @staticmethod
    def joker_cost(state: CariocaState, action: Action) -> tuple[int, str]:
        """Lay natural cards first; keep the joker's choices for later (a stable order among equals)."""
        move = state.parse_move(action)
        assert isinstance(move, Move)
        return (sum(1 for c in move.cards if C.is_joker(c)), action)

    def upcard_helps(self, state: CariocaState, hand: list[Card]) -> bool:
        card = state.discards[-1]
        if state.down[state.turn]:
            return any(isinstance(state.add_options(tm.id, card), list) for tm in state.melds.values())
        return distance(hand + [card], state.contract) < distance(hand, state.contract)

    def keep_value(self, state: CariocaState, hand: list[Card], action: Action) -> tuple[float, int]:
        move = state.parse_move(action)
        assert isinstance(move, Move)
        card = move.cards[0]
        rest = [c for c in hand if c != card]
        if state.down[state.turn]:
            fits = any(isinstance(state.add_options(tm.id, card), list) for tm in state.melds.values())
            return (1 if fits else 0, -deadwood(card))
        return (distance(rest, state.contract) * 100 - deadwood(card) + (200 if C.is_joker(card) else 0), card)


#: Every escalera place-window (the cards, copies alike, that four places of a suit hold).
WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(C.make_card(suit, ACE if p in (1, 14) else p) for p in range(start, start + 4))
    for suit in C.FRENCH_SUITS for start in range(1, 12))


def distance(hand: Sequence[Card], contract: Sequence[str]) -> int:
    """Roughly how many cards the hand lacks for the contract: the best trio ranks and escalera
    windows, taken greedily without sharing cards; each joker makes up one missing card.
    (Plain dicts rather than Counters: the rule bot asks this for every discard it weighs, and the
    search bot's imagined playouts ask it thousands of times a move.)"""
    naturals: dict[int, int] = {}  # card (copies alike) -> how many, in the order first held
    jokers = 0
    for card in hand:
        if C.is_joker(card):
            jokers += 1
        else:
            naturals[card & 0xFF] = naturals.get(card & 0xFF, 0) + 1
    missing = 0
    for kind in sorted(contract, key=lambda k: k != RUN):
        if kind == RUN:
            best, used = 0, []
            for window in WINDOWS:
                have = [k for k in window if naturals.get(k, 0) > 0]
                if len(have) > best:
                    best, used = len(have), have
            missing += 4 - best
        else:
            ranks: dict[int, int] = {}
            for key, n in naturals.items():
                ranks[key & 15] = ranks.get(key & 15, 0) + n
            rank, best = max(ranks.items(), key=lambda item: (min(item[1], 3), item[0]), default=(0, 0))
            best = min(best, 3)
            used = [k for k in naturals if k & 15 == rank][:best]
            missing += 3 - best
        for key in used:
            naturals[key] -= 1
    return max(0, missing - jokers)


def bringing_nearer(rest: Sequence[Card], contract: Sequence[str], unseen: Mask) -> int:
    """How many of the ``unseen`` cards (each copy counted) would bring ``rest`` nearer ``contract``
    if it drew one: its outs, in a poker player's word."""
    missing = distance(rest, contract)
    if not missing:
        return 0
    helping = 0
    tried: dict[int, bool] = {}  # copies alike: one question per card
    for card in C.cards_in(unseen):
        if C.is_joker(card):
            helping += 1  # a joker makes up any one missing card
            continue
        key = card & 0xFF
        if key not in tried:
            tried[key] = distance([*rest, card], contract) < missing
        helping += tried[key]
    return helping


class KeenCariocaBot(CariocaBot):
    """Strong's own judgement: every move but the draw, and the draw it keeps unless its imagined deals
    find one clearly better (:meth:`candidates`).  A Family player's play, except the discard before its
    contract is down.  Family throws, of the cards whose loss sets the contract back least, the heaviest,
    and so breaks a spare pair to throw a king rather than a lone four; this player also counts, for each
    such throw, how many of the cards it cannot see would bring the contract nearer if drawn next (each
    weighed at NEARER_WEIGHT for the whole chance, against the card's deadwood), and keeps the cards that
    more of them would complete."""

    #: For the strength table on the page (docs/macros.py).
    summary = ("a Family player that, before its contract is down, counts for each throw how many of the cards "
               "it cannot see would bring the contract nearer if drawn next, and keeps the cards more of them "
               "would complete (a spare pair before a lone heavier card); its imagined deals weigh only its draw, "
               "the upcard against the stock, and every other move is that first choice")

    #: Strong's imagined deals judge only its draw, and leave this player's draw only for one clearly
    #: better (two standard errors ahead): a few turns' luck of the stock swings the playouts, and on whole
    #: games the search of every move won no more than this player's own discards did (see the notes at SPEC).
    search_margin = 2.0

    def candidates(self, state: CariocaState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """For the search bot: the draw is searched (the upcard or the stock: what the stock may give is
        what imagined deals know about); for every other move, nothing beside this player's own choice,
        which the search bot always tries, so it makes that move without a search."""
        return legal if state.phase == DRAW else []

    def keep_value(self, state: CariocaState, hand: list[Card], action: Action) -> tuple[float, ...]:
        """Before the contract is down: first how far the contract is left (never set back further than it
        must be), then the chance of drawing nearer against the card's deadwood; after it, Family's."""
        if state.down[state.turn]:
            return super().keep_value(state, hand, action)
        move = state.parse_move(action)
        assert isinstance(move, Move)
        card = move.cards[0]
        rest = [c for c in hand if c != card]
        missing = distance(rest, state.contract)
        if C.is_joker(card):
            return (missing, math.inf, card)  # a joker is never thrown while another card may go
        unseen = knowledge(state, state.turn).hidden
        chance = bringing_nearer(rest, state.contract, unseen) / max(1, C.count(unseen))
        return (missing, -NEARER_WEIGHT * chance - deadwood(card), card)

    def discard_reason(self, state: CariocaState, hand: list[Card], card: Card) -> str:  # type: ignore[override]
        """Family's words for the throw, and how many unseen cards the hand kept can use, against the
        Family player's throw where that differs."""
        said = CariocaBot.discard_reason(state, hand, card)
        unseen = knowledge(state, state.turn).hidden
        total = C.count(unseen)

        def helping(thrown: Card) -> int:
            return bringing_nearer([c for c in hand if c != thrown], state.contract, unseen)

        discards = [a for a in state.legal_actions() if a.startswith(DISCARD + ":")]
        family = min(discards, key=lambda a: CariocaBot.keep_value(self, state, hand, a))
        family_card = state.parse_move(family).cards[0]  # type: ignore[union-attr]
        if family_card & 0xFF == card & 0xFF:
            return f"{said}; {helping(card)} of the {total} unseen cards would still bring it nearer"
        return (f"{said}; without it {helping(card)} of the {total} unseen cards would bring the contract nearer, "
                f"{helping(family_card)} without the {C.short(family_card)} a Family player would throw")


# Measured.  Strong is KeenCariocaBot (the chance of drawing nearer the contract; see its notes) whose draw
# alone is searched: 16 imagined deals a move, each played on for PLAYOUT_HORIZON moves by Family players and
# judged by playout_estimate, its own draw kept unless another is two standard errors ahead.  In whole games
# (tests/strengths.py, seats rotated, one Strong against three Family) it won 35.7 % of 192 games, 95 % interval
# 27.6 % to 44.6 % (par 25 %): stronger.  Searching every move instead (its discards too, at one standard error)
# won 30.5 % of 384 games, interval 24.95 % to 36.6 %: no measurable difference, so the search of the discards
# was dropped.  (Before the keener judgement Strong was withheld: no better than Family on the hands measured.)
# The keener judgement alone, one against three Family players: 31.6 % of 1,600 whole games, its lead over the
# others 30 points a game larger than a Family player's in its seat on the same deals (standard error 3.7); also
# weighing a throw that a down next player could lay off, or deadwood three times over once another player is
# down, gained nothing more (600 games each), and neither did taking the upcard for its count of cards that
# would bring the contract nearer (13 points a game worse, give or take 7, over 600).  Before it, Strong
# started from Family's own judgement and chose no better than Family on paired first hands
# (tests/paired_hands.py --game carioca: a lead 1.3 points smaller, give or take 1.8, over 200 hands), whatever
# its search was given: 48 deals a move, imagined hands that keep the cards taken from the pile or that would
# not have wanted the upcard passed up, an estimate counting the threat of a down player going out (+0.6, give
# or take 0.6, over 398), the last hand played out.  The cut-off playouts are judged by how near each player
# is to the contract, as Family itself plays, so a search over a few turns' luck of the stock finds little
# that Family misses; the keener judgement is where Strong gains.
# About 7 ms an imagined deal in CPython (a Strong game of seven hands about 9 s, some 50 of its 130 moves
# searched); the judgement's count adds about 10 ms to a discard before the contract.
# In Pyodide at the table's budget (bench_browser.py --game carioca): a median move of 26 ms (most moves are
# not searched), 95th percentile 502 ms (a searched draw); the page's 10 ms ticks were at most 18 ms apart.
SPEC = GameSpec(info=INFO, options=OPTIONS, state=CariocaState, rule_bot=CariocaBot,
                strong_judgement=KeenCariocaBot,
                playout_horizon=PLAYOUT_HORIZON)
