"""Nuts (Nerts, Pounce, Racing Demon): racing patience for 2 to 4 players, or pairs beyond (the rules
article in the playing-card maker's set).

Each player has a pack with its own back.  From it they lay out a face-up reserve of thirteen (only
its top card shows), a tableau of four cards, and a stock turned three at a time onto a discard
pile.  Everyone plays at once: tableau piles are built downwards in alternating colours and moved
whole from any card; foundations in the middle belong to nobody, start from an ace and climb by
suit to the king, and anybody may play on them.  The first to empty their reserve calls "Nuts!"
and the hand stops at once.  A hand scores one point for each card a player put on the
foundations (counted by their backs) and loses two for each card left in their reserve; hands go
on until someone passes 100.  With six to twelve players, partners sitting side by side share a
layout and a pack.

Nobody waits for a turn: this is a game without turns (:mod:`parlour.simultaneous`).  Two players
racing to put a 6♥ on the same 5♥ are settled by arrival: the first card there takes the place,
and the second is refused with the reason.

Moves (each tagged with the seat): ``"6H>7S'"`` (the 6♥ onto the 7♠ of pack 2 — the card moves
with everything on it), ``"AS>F"`` (an ace starts a foundation), ``"7C>T2"`` (into the empty
second tableau space), ``"turn"`` (three cards from the stock, or the discards turned over when
the stock is empty).  When every player has been through their stock without playing a card,
everyone's discards go back under their stock and its top card goes to the bottom — unless no card
in anyone's stock could be played anywhere, when the hand ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cardgame import CardGameState
from ..cards import ACE, KING, Card
from ..clock import STRONG_THINK_PERCENT
from ..core import Action, GameInfo, GameSpec, Option, Reading, ScoreSheet
from ..scoring import MatchEnd, MatchScoring, names_and, plural
from ..simultaneous import SimultaneousPlay, split, tag

RESERVE = 13
TABLEAU = 4
TURN = 3
#: How long a person takes (ms, at the family's pace): a card to a foundation, another move, a turn.
FOUNDATION_MS = 1300
MOVE_MS = 1700
TURN_MS = 800
NEW_FOUNDATION = "F"
#: Moves a game may hold: so many a hand, and never more than the longest games of other tables.
MOVES_PER_HAND = 2_500
MAX_MOVE_CAP = 200_000

INFO = GameInfo(
    id="nuts",
    name="Nuts",
    family="Racing patience (everyone plays at once)",
    players=(2, 3, 4, 6, 8, 10, 12),
    pack="A 52-card pack for each player (or pair), each with its own back",
    min_age=8,
    skill="Medium: speed and attention",
    kinds=("race", "patience"), deck="pack-each", minutes=(30, 60),
    length_note="a game; about 5 minutes a hand",
    summary="Everyone plays patience at once onto shared foundations: empty your reserve first and call Nuts!",
    house_rule="The rules article's game: a reserve of 13, four tableau piles, the stock turned three at a "
               "time, anyone building on the foundations; +1 a foundation card, −2 a reserve card, to 100.",
    standard_rule="Some families call it Nerts or Pounce and play to 100 or more the same way.",
    source="The playing-card maker's Nuts article; Pagat's Racing Demon for the usual layout.",
    short_rules=(
        "2 to 4 players, each with their own pack (different backs); 6, 8, 10 or 12 play in pairs sharing a layout.",
        "Deal yourself 13 cards face up as a reserve (only the top shows), four face up as a tableau, "
        "the rest as a stock.",
        "No turns: everyone plays at once. When two cards race for the same place, the first to arrive stays.",
        "Tableau piles go down in alternating colours; a card moves with everything on it; any card fills a space.",
        "Turn the stock three at a time onto your discards (only the top one plays); turn the discards over "
        "when the stock runs out.",
        "Foundations in the middle belong to all: an ace starts one, then up by suit to the king.",
        "When everyone is stuck, discards go under the stock and the top card to the bottom; "
        "if no card in anyone's stock could be played anywhere, the hand ends instead.",
        "The hand stops at once when a reserve is empty (Nuts!). Score +1 a foundation card, −2 a reserve card; "
        "play until someone passes 100.",
    ),
    readings=(
        Reading("When is a player stuck (\"unable to make any additional moves\")?",
                "When they have turned through their whole stock and discards without a move that gets "
                "somewhere, and have none now. A move gets somewhere if it plays a card from the reserve or "
                "the discards, or to a foundation, or if it is a tableau move that makes room for such a play: "
                "it empties a pile for the reserve, or uncovers a card that can go to a foundation, or one the "
                "reserve's or discards' top card fits on. Moving piles about for nothing does not count."),
        Reading("When does a hand end because nobody can play?",
                "When everyone is stuck and none of the cards in anyone's stock and discards could be played: "
                "not to a foundation, not onto their tableau, not even after one tableau move to make room. "
                "Until then the discards go back under the stock, its top card to the bottom, as often as "
                "needed: three such passes bring every card of a stock to the top of a three."),
        Reading("The article lets any even number above four play in pairs: how many can play here?",
                "Up to twelve, in six pairs with six packs: a table's middle, and a screen, run out of room "
                "beyond that."),
        Reading("The discards go under the stock when everyone is stuck: what if some of a stock is left?",
                "The discards, turned over, go under what is left; then the top card goes to the bottom."),
        Reading("How long does a game last if nobody passes 100?",
                "We stop after 20 hands (an option sets the number); the highest total wins.",
                "max_hands", 50),
        Reading("Which empty space does a card go to?",
                "Any: the spaces are all alike, and the page offers the first empty one."),
    ),
)

OPTIONS = (
    Option("players", 2, "How many play (6 to 12: partners side by side share a layout).",
           choices={2: "two", 3: "three", 4: "four", 6: "six, in three pairs", 8: "eight, in four pairs",
                    10: "ten, in five pairs", 12: "twelve, in six pairs"}),
    Option("target", 100, "Hands go on until someone passes this total.", minimum=5, maximum=500, standard=100),
    Option("max_hands", 20, "Stop after this many hands even if nobody has passed the total.", minimum=1, maximum=200),
)


def value(card: Card) -> int:
    """Ace 1 up to king 13."""
    rank = C.rank_of(card)
    return 1 if rank == ACE else rank


KING_VALUE = value(C.make_card(C.SPADES, KING))
#: Every card of up to eight packs looked up once: its value, suit, colour and code (moves are listed often).
_ALL = C.french_pack(copies=8).cards
VALUE = {card: value(card) for card in _ALL}
SUIT = {card: C.suit_of(card) for card in _ALL}
RED = {card: C.is_red(card) for card in _ALL}
CODE = {card: C.code(card) for card in _ALL}
CARD = {code: card for card, code in CODE.items()}


def fits_on(card: Card, under: Card) -> bool:
    """``card`` builds down on ``under`` in a tableau: one lower, the other colour."""
    return VALUE[card] == VALUE[under] - 1 and RED[card] != RED[under]


@dataclass
class Layout:
    """One player's (or pair's) cards: the reserve (top last), four tableau piles (bottom first),
    the stock (top first) and the discards (top last)."""

    reserve: list[Card]
    tableau: list[list[Card]]
    stock: list[Card]
    waste: list[Card] = field(default_factory=list)
    #: Stock cards turned since this layout last played from its reserve, discards or to a foundation.
    idle: int = 0

    def cards(self) -> list[Card]:
        return self.reserve + [c for pile in self.tableau for c in pile] + self.stock + self.waste


class Passes(MatchEnd):
    """Hands until a total passes ``points`` (is more than it), or ``hands`` have been played."""

    def __init__(self, points: int, hands: int) -> None:
        self.points, self.hands = points, hands

    def over(self, totals: Sequence[int], hands_played: int) -> bool:
        return any(t > self.points for t in totals) or hands_played >= self.hands

    def describe(self) -> str:
        return f"Hands until someone passes {self.points} (at most {self.hands}); the highest total wins."


class NutsState(SimultaneousPlay, MatchScoring, CardGameState):
    """Layouts (one a player, or a pair), the shared foundations, scores by layout."""

    paces = ("practice", "beginner", "family", "fast")
    example_move = "AS>F"
    lists_every_move = False  # a run moved for no gain is legal, but not offered

    @classmethod
    def move_cap_for(cls, options: dict[str, Any]) -> int:
        """Room for the longest hands (random players' have run to 1,344 moves) in every hand allowed;
        a hand of piles moved to and fro for ever stops there."""
        return min(MAX_MOVE_CAP, max(cls.move_cap, MOVES_PER_HAND * options["max_hands"]))

    @classmethod
    def layouts_for(cls, options: dict[str, Any]) -> int:
        players = options["players"]
        return players if players <= 4 else players // 2

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        copies = cls.layouts_for(options)
        return C.french_pack(copies=copies, id=f"nuts{copies}", description=f"{copies} packs of 52")

    def setup(self) -> None:
        self.nl = self.layouts_for(self.options)
        self.pack_cards = frozenset(self.pack.cards)
        # What is worked out from the table is remembered until the part it depends on changes: a
        # layout's moves and reasons on that layout and the foundations, who may act on everything.
        self.layout_versions = [0] * self.nl
        self.foundation_version = 0
        self.version = 0
        self._verified: dict[tuple[int, str], tuple[tuple[int, int], str | None]] = {}
        self._moves: dict[int, tuple[tuple[int, int], list[Action]]] = {}
        self._actors_version = -1
        self._actors: list[int] = []
        self.teams = [tuple(s for s in range(self.n) if self.layout_of(s) == t) for t in range(self.nl)]
        self.match_end = Passes(self.options["target"], self.options["max_hands"])
        self.sheet = ScoreSheet(self.layout_names(), note=self.match_end.describe())
        super().setup()

    def changed(self, t: int | None = None, foundations: bool = False) -> None:
        """Layout ``t`` has changed (``None``: every layout and the foundations), and the foundations
        too if ``foundations``: what depends on them is worked out afresh."""
        self.version += 1
        for changed in range(self.nl) if t is None else (t,):
            self.layout_versions[changed] += 1
        if foundations or t is None:
            self.foundation_version += 1

    def table_key(self, t: int) -> tuple[int, int]:
        """What layout ``t``'s moves depend on: its own cards and the foundations."""
        return self.layout_versions[t], self.foundation_version

    def layout_of(self, seat: int) -> int:
        """Partners (six to twelve players) sit side by side and share a layout."""
        return seat if self.n <= 4 else seat // 2

    def layout_names(self) -> list[str]:
        return [" & ".join(self.names[s] for s in team) for team in self.teams]

    def column_seats(self, column: int) -> tuple[int, ...]:
        return self.teams[column]

    def choose_first_dealer(self) -> int:
        return 0  # everyone deals their own pack

    # -- a hand
    def start_hand(self) -> None:
        self.next_hand()
        self.layouts: list[Layout] = []
        stacked = self.stacked
        self.stacked = None
        for pack in range(self.nl):
            cards = [c for c in (stacked or self.pack.cards) if C.copy_of(c) == pack]
            if stacked is None:
                self.rng.shuffle(cards)
            reserve = cards[:RESERVE][::-1]  # dealt face down, then turned over: the first card dealt ends on top
            tableau = [[c] for c in cards[RESERVE:RESERVE + TABLEAU]]
            self.layouts.append(Layout(reserve, tableau, cards[RESERVE + TABLEAU:]))
        self.foundations: list[list[Card]] = []
        self.placed_by: dict[Card, int] = {}
        self.phase = "race"
        self.changed()
        self.say(f"Hand {self.hand_no}: everyone deals from their own pack — a reserve of 13 face up, "
                 f"four cards to the tableau, the rest as a stock. Go!", kind="deal")

    def start_position(self, layouts: Sequence[dict[str, Any]], foundations: Sequence[Sequence[str]] = ()) -> None:
        """Layouts from card codes (``reserve`` top last, ``tableau`` piles bottom first, ``stock`` top
        first, ``waste`` top last) and foundations (bottom first), for rule tests."""
        def cards(codes: Sequence[str]) -> list[Card]:
            return [self.pack.card(c) for c in codes]

        self.layouts = [Layout(cards(l.get("reserve", ())), [cards(p) for p in l.get("tableau", [[]] * TABLEAU)],
                               cards(l.get("stock", ())), cards(l.get("waste", ()))) for l in layouts]
        self.foundations = [cards(f) for f in foundations]
        self.placed_by = {}
        self.changed()

    # -- where cards are
    def find(self, layout: Layout, card: Card) -> tuple[str, int, int] | None:
        """Where ``card`` lies in ``layout``: ("reserve" | "waste", 0, index) or ("tableau", pile, index)."""
        if card in layout.reserve:
            return ("reserve", 0, layout.reserve.index(card))
        if card in layout.waste:
            return ("waste", 0, layout.waste.index(card))
        for i, pile in enumerate(layout.tableau):
            if card in pile:
                return ("tableau", i, pile.index(card))
        return None

    def foundation_with_top(self, card: Card) -> int | None:
        return next((i for i, pile in enumerate(self.foundations) if pile[-1] == card), None)

    def owner_of(self, card: Card) -> str:
        """Whose layout a card is in (for reasons)."""
        for t, layout in enumerate(self.layouts):
            if self.find(layout, card) is not None or card in layout.stock:
                return self.sheet.columns[t]
        return ""

    # -- who may act: every player with a move (everyone, nearly always)
    def actors(self) -> list[int]:
        if self.is_over:
            return []
        if self._actors_version != self.version:
            self._actors = [s for s in range(self.n) if self.moves(self.layout_of(s))]
            self._actors_version = self.version
        return self._actors

    def waiting(self, seat: int) -> bool:
        return self.stuck(self.layout_of(seat))

    def idle_reason(self, seat: int, move: str) -> str:
        return self._verify_race(seat, move) or "You have nothing left to play: wait for the others."

    def moves(self, t: int) -> list[Action]:
        """Layout ``t``'s moves worth listing: to the foundations first, then from the reserve, then the
        rest, then turning the stock.  An empty space is offered once (every space is alike), and a
        tableau run already sitting on a card it fits is offered elsewhere only when that frees its card
        for a foundation — moving it about achieves nothing else (the rules allow it all the same)."""
        key = self.table_key(t)
        known = self._moves.get(t)
        if known is None or known[0] != key:
            known = self._moves[t] = (key, list(self._list_moves(t)))
        return known[1]

    def _list_moves(self, t: int) -> Iterator[Action]:
        layout = self.layouts[t]
        # Each foundation's top, by the card it wants next: (suit, value).
        wanted: dict[tuple[int, int], list[Card]] = {}
        for pile in self.foundations:
            top = pile[-1]
            if VALUE[top] < KING_VALUE:
                wanted.setdefault((SUIT[top], VALUE[top] + 1), []).append(top)
        tops = [(i, pile[-1]) for i, pile in enumerate(layout.tableau) if pile]
        empty = next((i for i, pile in enumerate(layout.tableau) if not pile), None)
        # What may move: the reserve's and the discards' top cards; in the tableau, each pile's top card
        # (to a foundation), and the runs worth moving — a whole pile (it frees a space) or a run whose
        # moving uncovers a card that can go to a foundation or take the reserve's or the discards' top
        # card.  A run sitting on a card it fits is otherwise settled.
        loose = [pile[-1] for pile in (layout.reserve, layout.waste) if pile]

        def worth_uncovering(under: Card) -> bool:
            return (VALUE[under] == 1 or (SUIT[under], VALUE[under]) in wanted
                    or any(fits_on(card, under) for card in loose))

        sources: list[tuple[Card, int | None, int]] = []  # card, tableau pile (None: reserve/discards), index
        if layout.reserve:
            sources.append((layout.reserve[-1], None, 0))
        if layout.waste:
            sources.append((layout.waste[-1], None, 0))
        for i, pile in enumerate(layout.tableau):
            for j in range(len(pile)):
                if j == 0 or j == len(pile) - 1:
                    sources.append((pile[j], i, j))
                elif worth_uncovering(pile[j - 1]):
                    sources.append((pile[j], i, j))
        later: list[Action] = []
        for card, pile, index in sources:
            code = CODE[card]
            if pile is None or index == len(layout.tableau[pile]) - 1:
                if VALUE[card] == 1:
                    yield f"{code}>{NEW_FOUNDATION}"
                for top in wanted.get((SUIT[card], VALUE[card]), ()):
                    yield f"{code}>{CODE[top]}"
            if pile is not None and index > 0 and not worth_uncovering(layout.tableau[pile][index - 1]):
                continue  # a settled top card: only the foundations above
            for i, top in tops:
                if i != pile and VALUE[top] == VALUE[card] + 1 and RED[top] != RED[card]:
                    later.append(f"{code}>{CODE[top]}")
            if empty is not None and not (pile is not None and index == 0):
                later.append(f"{code}>T{empty + 1}")
        # The reserve's moves first among the rest: the race is to empty it.
        reserve = CODE[layout.reserve[-1]] + ">" if layout.reserve else None
        yield from sorted(later, key=lambda move: not (reserve and move.startswith(reserve)))
        if layout.stock or layout.waste:
            yield "turn"

    def goes_to_foundation(self, move: str) -> bool:
        """``move`` puts a card on a foundation (a new one, or on the top card of one)."""
        target = move.partition(">")[2]
        if target == NEW_FOUNDATION:
            return True
        card = self.card(target) if target[:1] != "T" else None
        return card is not None and self.foundation_with_top(card) is not None

    def playable_to_foundation(self, card: Card) -> bool:
        """``card`` could go on a foundation now (an ace always can)."""
        return VALUE[card] == 1 or any(SUIT[pile[-1]] == SUIT[card] and VALUE[pile[-1]] == VALUE[card] - 1
                                       for pile in self.foundations)

    def _candidates_race(self, seat: int) -> list[Action]:
        return self.moves(self.layout_of(seat))

    # -- checking a move
    def _verify_race(self, seat: int, move: str) -> str | None:
        """The reason ``move`` is illegal (remembered until the table changes: the same moves are
        checked again and again while listing and choosing)."""
        key = self.table_key(self.layout_of(seat))
        known = self._verified.get((seat, move))
        if known is None or known[0] != key:
            if len(self._verified) > 4096:
                self._verified.clear()
            known = self._verified[(seat, move)] = (key, self.move_reason(seat, move))
        return known[1]

    def card(self, text: str) -> Card | None:
        """The card a code names (the exact code looked up first: moves are checked often)."""
        card = CARD.get(text)
        return card if card is not None and card in self.pack_cards else self.pack.find(text)

    def move_reason(self, seat: int, move: str) -> str | None:
        layout = self.layouts[self.layout_of(seat)]
        if move == "turn":
            return None if layout.stock or layout.waste else "Your stock and discards are both empty."
        source_text, arrow, target_text = move.partition(">")
        card = self.card(source_text) if arrow else None
        if card is None:
            return ("Write a move as a card, > and where it goes (6H>7S, AS>F for a new foundation, 7C>T2 for "
                    "an empty space), or turn.")
        place = self.find(layout, card)
        reason = self.source_reason(layout, card, place)
        if reason:
            return reason
        assert place is not None
        kind, pile, index = place
        single = kind != "tableau" or index == len(layout.tableau[pile]) - 1
        name = C.short(card)
        if target_text == NEW_FOUNDATION:
            if value(card) != 1:
                return "Only an ace starts a new foundation."
            return None if single else f"Your {name} has cards on it: only a top card goes to a foundation."
        if target_text[:1] == "T" and target_text[1:].isdigit():
            space = int(target_text[1:]) - 1
            if not 0 <= space < TABLEAU:
                return f"Your tableau has spaces T1 to T{TABLEAU}."
            if layout.tableau[space]:
                return f"Your space T{space + 1} is not empty: build on its top card instead."
            if kind == "tableau" and index == 0:
                return "That is a whole pile already: moving it to an empty space changes nothing."
            return None
        target = self.card(target_text)
        if target is None:
            return f"{target_text!r} is not a card, F (a new foundation) or an empty space T1 to T{TABLEAU}."
        foundation = self.foundation_with_top(target)
        if foundation is not None:
            if not single:
                return f"Your {name} has cards on it: only a top card goes to a foundation."
            if C.suit_of(target) != C.suit_of(card) or value(target) != value(card) - 1:
                if value(target) == 13:
                    return f"The {C.short(target)} foundation is finished: nothing goes on a king."
                return f"A foundation climbs by suit: the {C.short(target)} needs the next {C.SUIT_SINGULAR[C.suit_of(target)]}."
            return None
        spot = self.find(layout, target)
        if (spot is not None and spot[0] == "tableau" and spot[2] == len(layout.tableau[spot[1]]) - 1
                and not (kind == "tableau" and pile == spot[1]) and fits_on(card, target)):
            return None
        return self.target_reason(layout, card, target)

    def source_reason(self, layout: Layout, card: Card, place: tuple[str, int, int] | None) -> str | None:
        name = C.short(card)
        if place is None:
            if any(card in pile for pile in self.foundations):
                return f"The {name} is on a foundation: it stays there."
            if card in layout.stock:
                return f"Your {name} is still in your stock: turn it up first."
            owner = self.owner_of(card)
            return f"That {name} is in {owner}'s layout, not yours." if owner else f"The {name} is not in play."
        kind, _, index = place
        if kind == "reserve" and index != len(layout.reserve) - 1:
            return "Only the top card of your reserve can be played."
        if kind == "waste" and index != len(layout.waste) - 1:
            return "Only the top card of your discards can be played."
        return None

    def target_reason(self, layout: Layout, card: Card, target: Card) -> str:
        """Why ``card`` cannot go on ``target`` (which is not the top of a foundation)."""
        name, where = C.short(card), C.short(target)
        for pile in self.foundations:
            if target in pile:
                top = pile[-1]
                who = self.names[self.placed_by[top]] + "'s " if top in self.placed_by else ""
                return f"Too late: {who}{C.short(top)} got onto that {where} first."
        place = self.find(layout, target)
        if place is None:
            owner = self.owner_of(target)
            return (f"You may build only on your own tableau (that {where} is {owner}'s)." if owner
                    else f"The {where} is not in play.")
        kind, pile, index = place
        if kind != "tableau":
            return f"Cards are built only on your tableau and the foundations, not on your {kind}."
        if index != len(layout.tableau[pile]) - 1:
            return f"Your {where} is covered: build on the top card of the pile."
        source = self.find(layout, card)
        if source is not None and source[0] == "tableau" and source[1] == pile:
            return f"The {name} is in that pile already."
        if value(card) != value(target) - 1:
            return f"Tableau piles go down one at a time: the {where} takes a {value_name(value(target) - 1)}."
        return f"Tableau piles alternate colours: the {where} takes a {'black' if C.is_red(target) else 'red'} card."

    # -- making a move
    def _do_race(self, seat: int, move: str) -> None:
        t = self.layout_of(seat)
        self.changed(t, foundations=self.goes_to_foundation(move))
        layout = self.layouts[t]
        who = self.names[seat]
        if move == "turn":
            self.turn(t, who)
        else:
            source_text, _, target_text = move.partition(">")
            card = self.pack.card(source_text)
            kind, pile, index = self.find(layout, card)  # type: ignore[misc]
            if kind == "tableau":
                moving = layout.tableau[pile][index:]
                del layout.tableau[pile][index:]
            else:
                moving = [(layout.reserve if kind == "reserve" else layout.waste).pop()]
            from_where = {"reserve": " from the reserve", "waste": " from the discards", "tableau": ""}[kind]
            run = f" (with {len(moving) - 1} on it)" if len(moving) > 1 else ""
            if target_text == NEW_FOUNDATION:
                self.foundations.append(moving)
                self.placed_by[card] = seat
                self.say(f"{who}: {C.short(card)}{from_where} starts a foundation.", kind="play")
            elif target_text.startswith("T") and target_text[1:].isdigit():
                layout.tableau[int(target_text[1:]) - 1] = moving
                self.say(f"{who}: {C.short(card)}{run}{from_where} into an empty space.", kind="play")
            else:
                target = self.pack.card(target_text)
                foundation = self.foundation_with_top(target)
                if foundation is not None:
                    self.foundations[foundation].extend(moving)
                    self.placed_by[card] = seat
                    done = " — finished" if value(card) == 13 else ""
                    self.say(f"{who}: {C.short(card)}{from_where} onto the {C.short(target)} foundation{done}.",
                             kind="play")
                else:
                    pile_of = self.find(layout, target)[1]  # type: ignore[index]
                    layout.tableau[pile_of].extend(moving)
                    self.say(f"{who}: {C.short(card)}{run}{from_where} onto {C.short(target)}.", kind="play")
            if kind != "tableau" or target_text == NEW_FOUNDATION or self.foundation_with_top(card) is not None:
                layout.idle = 0  # a card from the reserve or the discards, or to a foundation: progress
            if not layout.reserve:
                return self.nuts(t, seat)
        self.check_stuck()

    def turn(self, t: int, who: str) -> None:
        layout = self.layouts[t]
        if layout.stock:
            turned = layout.stock[:TURN]
            del layout.stock[:TURN]
            layout.waste.extend(turned)
            layout.idle += len(turned)
        else:
            layout.stock, layout.waste = layout.waste, []
            self.say(f"{who} turns the discards over to make a new stock.", kind="info")

    def stuck(self, t: int) -> bool:
        """Layout ``t`` "is unable to make any additional moves": it has been through its whole stock and
        discards without a play that gets somewhere, and has none now (:meth:`is_progress`)."""
        layout = self.layouts[t]
        if layout.idle < len(layout.stock) + len(layout.waste):
            return False
        return not any(self.is_progress(layout, move) for move in self.moves(t) if move != "turn")

    def is_progress(self, layout: Layout, move: str) -> bool:
        """A move that gets somewhere: it plays from the reserve or the discards, or to a foundation, or
        it is a tableau move that makes room for such a play (:meth:`frees_a_play`)."""
        card = self.card(move.partition(">")[0])
        return (card in (layout.reserve[-1:] + layout.waste[-1:]) or self.goes_to_foundation(move)
                or self.frees_a_play(layout, move))

    def frees_a_play(self, layout: Layout, move: str) -> bool:
        """A tableau move that is the first of two steps to a play that gets somewhere: it empties a pile
        (a space for the reserve's top card), or uncovers a card that can go to a foundation, or one
        that the reserve's or the discards' top card fits on when that card has nowhere to go now."""
        card = self.card(move.partition(">")[0])
        place = self.find(layout, card) if card is not None else None
        if place is None or place[0] != "tableau":
            return False
        _, pile, index = place
        if index == 0:
            return bool(layout.reserve)
        under = layout.tableau[pile][index - 1]
        if self.playable_to_foundation(under):
            return True
        loose = [top[-1] for top in (layout.reserve, layout.waste) if top]
        return any(fits_on(top, under) and not self.has_place(layout, top) for top in loose)

    def has_place(self, layout: Layout, card: Card) -> bool:
        """``card``, were it free, could be played now: to a foundation, into an empty space, or onto the
        top card of one of the layout's piles."""
        return self.playable_to_foundation(card) or any(not pile or fits_on(card, pile[-1]) for pile in layout.tableau)

    def could_take(self, layout: Layout, card: Card) -> bool:
        """``card`` of the stock or discards could be played if it came up: it has a place now
        (:meth:`has_place`), or it fits on a tableau card whose covering run could move away first (onto
        another pile, or, a single card, to a foundation)."""
        if self.has_place(layout, card):
            return True
        for i, pile in enumerate(layout.tableau):
            for j, under in enumerate(pile[:-1]):
                if fits_on(card, under) and self.run_can_move(layout, i, j + 1):
                    return True
        return False

    def run_can_move(self, layout: Layout, pile: int, index: int) -> bool:
        """The run from card ``index`` of tableau pile ``pile`` up can leave: onto the top card of
        another pile, or to a foundation if it is that pile's top card."""
        run = layout.tableau[pile][index:]
        if len(run) == 1 and self.playable_to_foundation(run[0]):
            return True
        return any(other and fits_on(run[0], other[-1]) for k, other in enumerate(layout.tableau) if k != pile)

    def stock_can_play(self, t: int) -> bool:
        """The article's test for the end of a hand, for layout ``t``: some card of its stock (or
        discards) is playable (:meth:`could_take`)."""
        layout = self.layouts[t]
        return any(self.could_take(layout, card) for card in layout.stock + layout.waste)

    def check_stuck(self) -> None:
        """When everyone is stuck: if no card in anyone's stock can be played, the hand ends (the
        article's rule); otherwise the discards go back under the stock and its top card to the bottom.
        Each such pass brings different cards up: within three, every card of a stock has been the top
        of a three, so a playable card is reached."""
        if not all(self.stuck(t) for t in range(self.nl)):
            return
        if not any(self.stock_can_play(t) for t in range(self.nl)):
            self.say("Everyone is stuck, and no card in anyone's stock could be played anywhere: the hand ends.",
                     kind="trick")
            return self.score()
        for layout in self.layouts:
            layout.stock = layout.stock + layout.waste
            layout.waste = []
            if layout.stock:
                layout.stock.append(layout.stock.pop(0))
            layout.idle = 0
        self.changed()
        self.say("Everyone is stuck: all put their discards back under their stock and move its top card to "
                 "the bottom.", kind="trick")

    def nuts(self, t: int, seat: int) -> None:
        self.say(f"{self.names[seat]}: Nuts! {self.sheet.columns[t]}'s reserve is empty, and play stops at once.",
                 kind="trick")
        self.score()

    def score(self) -> None:
        """+1 for each card a layout put on the foundations (by its back), −2 for each left in its reserve."""
        on_foundations = [0] * self.nl
        for pile in self.foundations:
            for card in pile:
                on_foundations[C.copy_of(card)] += 1
        points = [on_foundations[t] - 2 * len(self.layouts[t].reserve) for t in range(self.nl)]
        summary = "; ".join(f"{self.sheet.columns[t]} {on_foundations[t]} on the foundations, "
                            f"{len(self.layouts[t].reserve)} left in the reserve: {points[t]:+d}" for t in range(self.nl))
        self.say(f"Score for hand {self.hand_no}: {summary}.", kind="score")
        self.score_hand(points, [f"{p:+d}" for p in points])

    # -- times, words, prompts
    def think_ms(self, seat: int, action: Action) -> int:
        parsed = split(action)
        move = parsed[1] if parsed else action
        if move == "turn":
            return TURN_MS
        return FOUNDATION_MS if self.goes_to_foundation(move) else MOVE_MS

    def canonical_move(self, seat: int, move: str) -> str:
        """``move:6H+7S`` (a pick of two parts on the page) is the move 6H>7S."""
        verb, colon, parts = move.partition(":")
        if verb == "move" and colon and parts.count("+") == 1:
            return parts.replace("+", ">")
        return move

    def compose_verbs(self) -> list[dict[str, str]]:
        return [{"verb": "move", "label": "Move"}]

    def describe_move(self, seat: int, move: str) -> str:
        layout = self.layouts[self.layout_of(seat)]
        if move == "turn":
            return "Turn three cards" if layout.stock else "Turn the discards over"
        source, _, target = move.partition(">")
        card = self.pack.find(source)
        if card is None:
            return move
        name = C.short(card)
        if layout.reserve and card == layout.reserve[-1]:
            name += " (reserve)"
        if target == NEW_FOUNDATION:
            return f"{name} to a new foundation"
        if target.startswith("T"):
            return f"{name} to an empty space"
        on = self.pack.find(target)
        if on is None:
            return move
        if self.foundation_with_top(on) is not None:
            return f"{name} onto the {C.short(on)} foundation"
        return f"{name} onto {C.short(on)}"

    def move_parts(self, seat: int, move: str) -> list[str]:
        if move == "turn":
            return ["S"]
        source, arrow, target = move.partition(">")
        return [source, target] if arrow else []

    def prompt_for(self, player: int | None) -> str:
        if self.is_over or player is None:
            return ""
        t = self.layout_of(player)
        others_stuck = all(self.stuck(o) for o in range(self.nl) if o != t)
        if self.stuck(t):
            return ("You are stuck: when everyone is, the discards go back under the stocks (or the hand ends, "
                    "if no card in them could be played).")
        if others_stuck:
            return "Everyone else is stuck: play what you can, or turn through your stock."
        return "Empty your reserve! Move a card to where it fits, or turn three cards from your stock."

    # -- the table
    def other_cards(self) -> list[Card]:
        return [c for layout in getattr(self, "layouts", []) for c in layout.cards()] + \
            [c for pile in getattr(self, "foundations", []) for c in pile]

    def layout_zone(self, t: int, own: bool, yours: bool = False) -> dict[str, Any]:
        layout = self.layouts[t]
        prefix = "" if own else f"{t}."
        stacks: list[dict[str, Any]] = [{"id": f"{prefix}R", "cards": [C.code(layout.reserve[-1])] if layout.reserve else [],
                                         "hidden": max(0, len(layout.reserve) - 1), "label": "Reserve"}]
        for i, pile in enumerate(layout.tableau):
            stacks.append({"id": f"{prefix}T{i + 1}", "cards": [C.code(c) for c in pile], "spread": "down",
                           "label": "" if pile else "space"})
        stacks.append({"id": f"{prefix}S", "cards": [], "hidden": len(layout.stock),
                       "label": "Stock" if layout.stock else ("turn over" if layout.waste else "Stock")})
        shown = layout.waste[-TURN:]
        stacks.append({"id": f"{prefix}W", "cards": [C.code(c) for c in shown], "hidden": len(layout.waste) - len(shown),
                       "spread": "right", "label": "Discards"})
        name = self.sheet.columns[t]
        label = "Your layout" if yours else f"{name}'s layout"
        if self.stuck(t):
            label += " (stuck)"
        return {"kind": "stacks", "label": label, "stacks": stacks, "owner": self.teams[t][0]}

    def _view(self, player: int | None) -> dict[str, Any]:
        mine = self.layout_of(player) if player is not None else 0
        founds = [{"id": C.code(pile[-1]), "cards": [C.code(pile[-1])], "hidden": len(pile) - 1} for pile in self.foundations]
        founds.append({"id": NEW_FOUNDATION, "cards": [], "label": "an ace starts a new one"})
        centre: list[dict[str, Any]] = [self.layout_zone(t, False) for t in range(self.nl) if t != mine]
        centre.append({"kind": "stacks", "label": "Foundations (everyone's)", "stacks": founds})
        centre.append(self.layout_zone(mine, True, yours=player is not None))
        # Nobody holds a hand: the players are their layouts, named on them.
        return {"seats": [], "centre": centre, "hand_no": self.hand_no, "play_on_pick": True,
                "status": f"Hand {self.hand_no}. {plural(len(self.foundations), 'foundation')}."}


def value_name(v: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(v, str(v))


def tops(layout: Layout) -> tuple[Card | None, Card | None]:
    """The reserve's and the discards' top cards (``None`` for an empty pile)."""
    return (layout.reserve[-1] if layout.reserve else None, layout.waste[-1] if layout.waste else None)


def source(state: NutsState, move: str) -> Card:
    """The card a play moves (the first of a run)."""
    return state.pack.card(move.partition(">")[0])


def target(move: str) -> str:
    """Where a play goes: a card's code, F (a new foundation) or a space T1 to T4."""
    return move.partition(">")[2]


class NutsBot(RuleBot):
    """Plays to the foundations first, then empties its reserve, uncovers useful cards, and turns the
    stock; never shuffles tableau piles about for nothing.  Of a pair sharing a layout, one turns the
    stock and the other watches for plays.  Stuck, it waits for the others rather than turn on, so the
    discards go back under a stock that has been turned right through."""

    def choose(self, state: NutsState, seat: int | None = None) -> Action | None:  # type: ignore[override]
        seat = state.to_move() if seat is None else seat
        if seat is None or seat not in state.actors():
            return None
        t = state.layout_of(seat)
        layout = state.layouts[t]
        moves = list(state.moves(t))
        plays = [m for m in moves if m != "turn"]
        # In order of preference; the first kind with a move decides.
        for kind, wanted in self.preferences(state, layout):
            move = next((m for m in plays if wanted(m)), None)
            if move is not None:
                return self.because(tag(seat, move), self.play_reason(state, layout, kind, move))
        # Partners share a stock: the first of the pair turns it, the other watches for plays.
        turner = state.teams[t][0] == seat or state.to_move() == seat
        # Nothing useful and nothing to turn, or stuck: it waits for the others.
        if "turn" not in moves or not turner or state.stuck(t):
            return None
        why = "nothing else worth playing" if plays else "no card can move"
        if layout.stock:
            return self.because(tag(seat, "turn"), f"turns {plural(min(TURN, len(layout.stock)), 'card')} from its stock: {why}")
        return self.because(tag(seat, "turn"), f"turns its discards over to go through its stock again: {why}")

    def preferences(self, state: NutsState, layout: Layout) -> list[tuple[str, Callable[[str], bool]]]:
        """The kinds of play it looks for, best first: each a name (its reason says it) and a test of a move."""
        reserve, waste = tops(layout)
        to_foundation = state.goes_to_foundation
        return [
            ("to a foundation from the reserve", lambda m: to_foundation(m) and source(state, m) == reserve),
            ("to a foundation", to_foundation),
            ("from the reserve", lambda m: source(state, m) == reserve),
            ("uncovering", lambda m: state.frees_a_play(layout, m)),
            ("from the discards", lambda m: source(state, m) == waste and not target(m).startswith("T")),
        ]

    @staticmethod
    def play_reason(state: NutsState, layout: Layout, kind: str, move: str) -> str:
        """What the move does, in words: the card (or run), where from, where to, and why (``kind``)."""
        card_code, _, to = move.partition(">")
        card = state.pack.card(card_code)
        place = state.find(layout, card)
        where, pile, index = place if place is not None else ("", 0, 0)
        moving = f"the {C.short(card)}"
        if where == "tableau" and len(layout.tableau[pile]) - index > 1:
            moving = f"the run from the {C.short(card)} down ({len(layout.tableau[pile]) - index} cards)"
        origin = {"reserve": " from its reserve", "waste": " from its discards",
                  # (within the layout a tableau move says only where it goes)
                  "tableau": " from its layout" if kind.startswith("to a foundation") else ""}.get(where, "")
        on = None if to == NEW_FOUNDATION or to.startswith("T") else state.pack.find(to)
        if to == NEW_FOUNDATION:
            onto = " to start a new foundation"
        elif to.startswith("T"):
            onto = " into an empty space"
        elif on is not None and state.foundation_with_top(on) is not None:
            onto = f" onto the {C.short(on)} on a foundation"
        else:
            onto = f" onto the {C.short(on)} in its layout" if on is not None else ""
        said = f"plays {moving}{origin}{onto}"
        left = len(layout.reserve) - 1
        if kind in ("to a foundation from the reserve", "from the reserve"):
            return f"{said}: its reserve is empty" if left == 0 else f"{said}, leaving {left} in its reserve"
        if kind == "uncovering":
            if index == 0:
                return f"{said}, emptying a space for its reserve"
            under = layout.tableau[pile][index - 1]
            if state.playable_to_foundation(under):
                return f"{said}, freeing the {C.short(under)} for a foundation"
            top = next(top[-1] for top in (layout.reserve, layout.waste) if top and fits_on(top[-1], under))
            whose = "its reserve's" if layout.reserve and top == layout.reserve[-1] else "the discards'"
            return f"{said}, freeing the {C.short(under)} for {whose} {C.short(top)}"
        if kind in ("from the discards", "to a foundation from the discards"):
            return f"{said} to reach the discard beneath"
        if kind == "to a foundation, emptying a space":
            return f"{said}, emptying a space for its reserve"
        if kind == "making a place for the reserve" and layout.reserve:
            return f"{said}, so that its reserve's {C.short(layout.reserve[-1])} can go on it next"
        return said


class NutsStrongBot(NutsBot):
    """Strong: plays like Family but looks one move further, and, having played often, sees its moves
    sooner (:data:`parlour.clock.STRONG_THINK_PERCENT` of Family's time at the same pace).

    - A card going to a foundation never takes away the only place its reserve's top card has: the
      reserve's card goes there first (Family plays the foundation card and strands the reserve).
    - Of the foundation plays, the discards' card first (it reaches the one beneath), then a pile's
      last card (it empties a space for the reserve).
    - A discard that the reserve's top card fits on goes onto the tableau before any other shuffling:
      two moves empty a card from the reserve.
    It sees only what a player sees: the reserve's and the discards' top cards, the tableau and the
    foundations (never the cards under them, nor the stock).

    Family's choices are already close to the best one move ahead: Strong's differ in about one
    decision in 600, and at Family's speed it won 51.8 % of 192 games against Family (no measurable
    difference).  Its measured edge (tests/strengths.py, at the table's pace) is mostly its speed."""

    think_percent = STRONG_THINK_PERCENT
    summary = ("a player who knows the game well: it looks one move further than Family (it never sends a card "
               "to a foundation when that takes away its reserve card's only place, and it plays a discard that "
               f"the reserve card fits on) and sees its moves sooner, in {STRONG_THINK_PERCENT} % of Family's time "
               "at the same pace")

    def preferences(self, state: NutsState, layout: Layout) -> list[tuple[str, Callable[[str], bool]]]:
        reserve, waste = tops(layout)
        to_foundation = state.goes_to_foundation

        def keeps_reserve_place(move: str) -> bool:
            return not strands_reserve(state, layout, source(state, move))

        def from_a_whole_pile(move: str) -> bool:
            return any(pile == [source(state, move)] for pile in layout.tableau)

        return [
            ("to a foundation from the reserve", lambda m: to_foundation(m) and source(state, m) == reserve),
            ("to a foundation from the discards", lambda m: to_foundation(m) and source(state, m) == waste),
            ("to a foundation, emptying a space",
             lambda m: to_foundation(m) and from_a_whole_pile(m) and keeps_reserve_place(m)),
            ("to a foundation", lambda m: to_foundation(m) and keeps_reserve_place(m)),
            ("from the reserve", lambda m: source(state, m) == reserve),
            ("to a foundation", to_foundation),
            ("making a place for the reserve", lambda m: source(state, m) == waste and reserve is not None
             and not target(m).startswith("T") and fits_on(reserve, source(state, m))),
            ("uncovering", lambda m: state.frees_a_play(layout, m)),
            ("from the discards", lambda m: source(state, m) == waste and not target(m).startswith("T")),
        ]


def strands_reserve(state: NutsState, layout: Layout, card: Card) -> bool:
    """Moving ``card`` away takes the only place the reserve's top card has: it fits on ``card`` (a
    tableau pile's top) and on no other top, there is no empty space, and no foundation takes it."""
    if not layout.reserve:
        return False
    top = layout.reserve[-1]
    places = [pile[-1] for pile in layout.tableau if pile and fits_on(top, pile[-1])]
    return (places == [card] and all(layout.tableau) and not state.playable_to_foundation(top))


SPEC = GameSpec(info=INFO, options=OPTIONS, state=NutsState, rule_bot=NutsBot, strong_bot=NutsStrongBot)
