"""Tuck (seed 000 names it; the rules follow published descriptions of Tuck / Tock).

A race of pegs round a square board of 80 holes, 20 along each side, moved by
playing cards instead of throwing dice.  Four players in two partnerships
(South and North against West and East), four pegs each, waiting in a start
area.  Each round the players get 5, then 4, then 4 cards (the 52-card pack, then
a fresh shuffle) and give one card to their partner.  In turn, play a card and
move a peg clockwise:

* A or K brings a peg out onto its start hole; otherwise A moves 1, K 13
  (with ``jokers=starters`` the pack has two jokers, which only bring a peg out);
* Q 12; J swaps one of your pegs with another player's, or moves 11;
* 4 moves a peg *back* four holes; 7 moves 7, or is split between two pegs;
* 2, 3, 5, 6, 8, 9, 10 move that many holes.

A peg that lands on another player's peg sends it back to its start area.  A peg
on its own start hole is safe, and blocks everyone: no peg may pass or land on
it.  After nearly a lap a peg turns off into its owner's four home holes, by exact
count and without jumping over a peg already there.  Whoever cannot move throws a
card away (the rules sheet; ``stuck=hand``: the whole hand, Wikipedia's rule).  A
player with all four pegs home moves the partner's pegs; the first partnership
with all eight pegs home wins.

The site's own readings, where the sources are silent or differ: the start hole is
the 12th of the player's side; a peg may not land on one of its own colour; a seven
is split between two pegs at most; a peg on its own start hole is safe from every
peg, its owner's and partner's too.

Positions are *relative* to a peg's owner: -1 in the start area, 0 its start
hole, 1..79 round the track (79 is the hole before its home), 80..83 its home.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .. import cards as C
from ..bots import RuleBot
from ..cardgame import CardGameState
from ..cards import ACE, JACK, KING, QUEEN, Card
from ..core import Action, GameInfo, GameSpec, Option, Reading
from ..scoring import PARTNERS_4, seat_shares, team_names, win_shares

SEATS, PEGS = 4, 4
SIDE, TRACK, HOME = 20, 80, 4
NEST = -1
LAST_TRACK = TRACK - 1
FINISH = TRACK + HOME - 1
#: The start hole is the 12th hole of its owner's side; the home turns off at the 11th.
START_ON_SIDE = 11
LETTERS = "SWNE"
ROUND_SIZES = (5, 4, 4)
BACKWARD = 4
SPLIT = 7
STARTERS = (ACE, KING)
PEG_COLOURS = ("blue circles", "red squares", "green triangles", "purple diamonds")

INFO = GameInfo(
    id="tuck",
    name="Tuck",
    family="Race board game with cards",
    players=(4,),
    pack="52 cards, and a Tuck board with 16 pegs",
    min_age=8,
    skill="Medium",
    kinds=("race", "board"), deck="french52", minutes=(45, 90),
    summary="Race your four pegs round the board and home, moved by the cards you play; send your "
            "opponents back to start.",
    house_rule="The family plays on a homemade board and does not write down its rules; this site follows the "
               "published descriptions of Tuck (Tock): partners pass a card, a stuck player throws one card away "
               "(the Tock rules sheet).",
    standard_rule="Wikipedia's article has a stuck player throw in the whole hand until the next deal (option "
                  "stuck=hand); some tables add two jokers as starters (option jokers=starters) or play without "
                  "passing to the partner (option partner_pass=no).",
    source="The Carrillo family's page names the game; the rules follow Wikipedia's article on Tock (also called Tuck) and a "
           "published Tock rules sheet for the deal, the card passed to a partner and the one card a stuck player "
           "throws away.",
    short_rules=(
        "4 players, partners opposite (South & North, West & East); 4 pegs each in a start area.",
        "Deal 5, then 4, then 4 cards each from the 52-card pack; each player gives one card to their partner.",
        "Play a card, move a peg clockwise: A/K bring a peg out (or move 1/13), Q 12, J swaps (or 11),",
        "4 goes back four holes, 7 may be split between two pegs, other cards their number.",
        "Land on another peg: it goes back to its start area. A peg on its own start hole is safe and blocks.",
        "Home by exact count, no jumping in the home. Can't move? Throw a card away.",
        "All your pegs home: move your partner's. First partnership with all eight home wins.",
    ),
    readings=(
        Reading("The family's page only names Tuck; whose rules do we play?",
                "Wikipedia's article on Tock (which gives Tuck as its English Canadian name) and a one-page "
                "Tock rules sheet for the 5-4-4 deal, the card passed to a partner and the stuck player's one "
                "card; where neither decides, this site's own readings below."),
        Reading("What does a player who cannot move do? The two sources differ.",
                "Throws away one card and waits for the next turn, as the Tock rules sheet has it. Wikipedia's "
                "article makes the player throw in the whole hand and sit out until the next deal.",
                "stuck", "hand"),
        Reading("Do partners pass each other a card after each deal?",
                "Yes, as the rules sheet says.", "partner_pass", "no"),
        Reading("Are there jokers in the pack?",
                "No: the rules sheet deals from 52 cards. Wikipedia mentions jokers as extra starters in some "
                "variations; with the option each joker only brings a peg out.", "jokers", "starters"),
        Reading("Where does a peg come out? The sources give the board but not its start hole.",
                "On the 12th hole of its owner's side, one past the hole where its home turns off, so a peg goes "
                "almost a whole lap before it can go home."),
        Reading("May a peg land on a peg of its own colour?",
                "No, the move is refused. The sources say a peg landed on goes back to its start, without saying "
                "whether your own counts; sending your own peg back would only be a lost move."),
        Reading("Between how many pegs may a seven be split?",
                "Two at most, each moving forward. Some tables let it be shared among any of your pegs."),
        Reading("A peg on its own start hole is safe from opponents (Wikipedia). From its own side too?",
                "Yes: no peg at all may land on it, pass it or swap with it, your own and your partner's "
                "included, since it blocks the track for everyone."),
    )
)

OPTIONS = (
    Option("partner_pass", "yes", "Whether partners give each other a card after each deal.",
           choices={"yes": "each player gives one card to their partner (the Tock rules sheet)",
                    "no": "no cards are passed"}),
    Option("stuck", "card", "What a player who cannot move does.",
           choices={"card": "throws away one card and waits for the next turn (the Tock rules sheet)",
                    "hand": "throws in the whole hand and sits out until the next deal (Wikipedia's article)"},
           standard="hand"),
    Option("jokers", "no", "Whether two jokers join the pack as starters.",
           choices={"no": "52 cards, no jokers (the Tock rules sheet)",
                    "starters": "54 cards: a joker brings a peg out and does nothing else (a variation Wikipedia "
                                "mentions); two cards of each pack are left undealt"}),
)


# --- the board -------------------------------------------------------------------------

def start_hole(seat: int) -> int:
    return seat * SIDE + START_ON_SIDE


def hole_of(seat: int, rel: int) -> int:
    """The track hole (0..79, counted from South's first hole) of ``seat``'s relative position."""
    return (seat * SIDE + START_ON_SIDE + rel) % TRACK


TRACK_IDS = tuple(f"{LETTERS[hole // SIDE]}{hole % SIDE + 1}" for hole in range(TRACK))


def track_id(hole: int) -> str:
    """``"S12"``: the side's letter and the hole's number along that side (1..20)."""
    return TRACK_IDS[hole]


def home_id(seat: int, index: int) -> str:
    return f"{LETTERS[seat]}home{index + 1}"


def nest_id(seat: int, peg: int | None = None) -> str:
    """The start area (``"Sstart"``), or one peg's spot in it (``"Sstart2"``)."""
    return f"{LETTERS[seat]}start" + ("" if peg is None else str(peg + 1))


def space_of(seat: int, rel: int, peg: int) -> str:
    if rel == NEST:
        return nest_id(seat, peg)
    if rel > LAST_TRACK:
        return home_id(seat, rel - TRACK)
    return TRACK_IDS[hole_of(seat, rel)]


#: For each seat, the relative position of every space its pegs can stand on.
REL_OF_SPACE: tuple[dict[str, int], ...] = tuple(
    {**{TRACK_IDS[hole_of(seat, rel)]: rel for rel in range(TRACK)},
     **{home_id(seat, k): TRACK + k for k in range(HOME)}} for seat in range(SEATS))


def _rotate(x: float, y: float, turns: int) -> tuple[float, float]:
    """Turn a point of South's quarter a quarter-turn clockwise per seat, about the centre."""
    for _ in range(turns):
        x, y = 50 - (y - 50), 50 + (x - 50)
    return round(x, 1), round(y, 1)


def layout() -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Every space of the board with its place (per cent), and the lines drawn through them."""
    spaces: list[dict[str, Any]] = []
    for hole in range(TRACK):
        side, t = divmod(hole, SIDE)
        x, y = _rotate(92 - 4.2 * t, 92, side)
        # Every hole is numbered outside the track, so "S19" (as the story and hints name it) can be found:
        # the side's letter on its 1st, 5th, 10th, 15th and 20th hole, the bare number on the others.
        tag = f"{LETTERS[side]}{t + 1}" if (t + 1) % 5 == 0 or t == 0 else str(t + 1)
        space: dict[str, Any] = {"id": track_id(hole), "x": x, "y": y, "kind": "track", "label": track_id(hole),
                                 "tag": tag, "tag_at": list(_rotate(92 - 4.2 * t, 96.6, side))}
        if t == START_ON_SIDE:
            space.update(kind="start", owner=side)
        spaces.append(space)
    lines = [[track_id(h) for h in range(TRACK)] + [track_id(0)]]
    entry = START_ON_SIDE - 1
    for seat in range(SEATS):
        name = ("South", "West", "North", "East")[seat]
        for k in range(HOME):
            x, y = _rotate(92 - 4.2 * entry, 87 - 4.6 * k, seat)
            spaces.append({"id": home_id(seat, k), "x": x, "y": y, "kind": "home", "owner": seat,
                           "label": f"{name}'s home {k + 1}"})
        for k in range(PEGS):
            x, y = _rotate(36.5 + 5 * (k % 2), 79 + 5 * (k // 2), seat)
            spaces.append({"id": nest_id(seat, k), "x": x, "y": y, "kind": "nest", "owner": seat,
                           "label": f"{name}'s start area"})
        lines.append([track_id(seat * SIDE + entry)] + [home_id(seat, k) for k in range(HOME)])
    return spaces, lines


SPACES, LINES = layout()


# --- moves -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One peg moved: whose (``owner``), which (``peg``), how far (``holes``: negative is backwards)."""

    owner: int
    peg: int
    holes: int


@dataclass(frozen=True)
class Move:
    """A card's effect: ``steps`` (one peg, or two for a split seven, or a peg brought out), or a swap."""

    card: Card
    steps: tuple[Step, ...] = ()
    swap: tuple[tuple[int, int], tuple[int, int]] | None = None
    enter: bool = False


@dataclass
class Race:
    """Where every peg stands; the rules of moving them, each check giving its reason in words."""

    pos: list[list[int]] = field(default_factory=lambda: [[NEST] * PEGS for _ in range(SEATS)])
    #: The cards that bring a peg out, in words (for the reason a peg in the start area cannot move).
    starters: str = "an ace or a king"

    def copy(self) -> "Race":
        return Race([list(p) for p in self.pos], self.starters)

    def at_hole(self, hole: int) -> tuple[int, int] | None:
        """The peg on track hole ``hole``, as (owner, peg)."""
        return self.holes().get(hole)

    def holes(self) -> dict[int, tuple[int, int]]:
        """Every peg on the track, by the hole it stands on."""
        return {hole_of(owner, rel): (owner, peg) for owner in range(SEATS)
                for peg, rel in enumerate(self.pos[owner]) if 0 <= rel <= LAST_TRACK}

    def guards_start(self, owner: int, peg: int) -> bool:
        """A peg on its own start hole: safe, and nobody passes it."""
        return self.pos[owner][peg] == 0

    def pegs_home(self, owner: int) -> int:
        return sum(1 for rel in self.pos[owner] if rel > LAST_TRACK)

    def walk(self, owner: int, peg: int, steps: int) -> tuple[str | None, int, list[int]]:
        """Move ``owner``'s peg ``steps`` holes (forward if positive, back if negative): the reason it
        cannot, or ``None``; where it ends (relative); the relative positions it passes, in order."""
        rel = self.pos[owner][peg]
        where = space_name(owner, rel)
        if rel == NEST:
            return f"That peg is still in the start area: only {self.starters} brings it out.", rel, []
        if steps < 0 and rel > LAST_TRACK:
            return "A peg in its home never moves backwards.", rel, []
        if steps > 0 and rel + steps > FINISH:
            left = FINISH - rel
            return (f"From {where} the peg has only {left} {'hole' if left == 1 else 'holes'} left to the end "
                    f"of its home, not {steps}: it must get home by exact count."), rel, []
        path = [(rel + i) % TRACK if steps < 0 else rel + i for i in
                (range(-1, steps - 1, -1) if steps < 0 else range(1, steps + 1))]
        holes = self.holes()
        for i, q in enumerate(path):
            landing = i == len(path) - 1
            if q > LAST_TRACK:
                if q in self.pos[owner]:
                    return ("Pegs in the home cannot jump over or land on each other: "
                            f"{space_name(owner, q)} is taken."), rel, []
                continue
            other = holes.get(hole_of(owner, q))
            if other is None:
                continue
            if self.guards_start(*other):
                return (f"{NAMES[other[0]]}'s peg on its own start hole, {track_id(hole_of(owner, q))}, is safe and "
                        f"blocks the way: no peg may pass it or land on it."), rel, []
            if landing and other[0] == owner:
                return f"A peg cannot land on a peg of its own colour ({track_id(hole_of(owner, q))}).", rel, []
        return None, path[-1], path

    def enter_reason(self, owner: int) -> str | None:
        if NEST not in self.pos[owner]:
            return f"All of {NAMES[owner]}'s pegs are already out of the start area."
        other = self.at_hole(start_hole(owner))
        if other is not None and other[0] == owner:
            return f"{NAMES[owner]}'s own peg is on the start hole {track_id(start_hole(owner))}: move it first."
        return None

    def swap_reason(self, mine: tuple[int, int], theirs: tuple[int, int]) -> str | None:
        for owner, peg in (mine, theirs):
            rel = self.pos[owner][peg]
            if not 0 <= rel <= LAST_TRACK:
                return "A jack swaps two pegs that are out on the track, not in a start area or a home."
            if rel == 0:
                return f"{NAMES[owner]}'s peg on its own start hole is safe: it cannot be swapped."
        if mine[0] == theirs[0]:
            return "A jack swaps one of your pegs with another player's peg."
        return None

    def send_back(self, hole: int, mover: tuple[int, int]) -> tuple[int, int] | None:
        """Whoever else stands on ``hole`` goes back to the start area; returns that peg."""
        other = self.at_hole(hole)
        if other is None or other == mover:
            return None
        self.pos[other[0]][other[1]] = NEST
        return other

    def apply(self, move: Move) -> list[tuple[int, int, int, int, list[int], tuple[int, int] | None]]:
        """Carry out a legal move: for each peg moved, (owner, peg, from, to, the positions passed, the peg
        it sent back).  A swap exchanges the two pegs' holes."""
        if move.swap is not None:
            (o1, p1), (o2, p2) = move.swap
            h1, h2 = hole_of(o1, self.pos[o1][p1]), hole_of(o2, self.pos[o2][p2])
            r1, r2 = self.pos[o1][p1], self.pos[o2][p2]
            self.pos[o1][p1] = (h2 - start_hole(o1)) % TRACK
            self.pos[o2][p2] = (h1 - start_hole(o2)) % TRACK
            return [(o1, p1, r1, self.pos[o1][p1], [self.pos[o1][p1]], None),
                    (o2, p2, r2, self.pos[o2][p2], [self.pos[o2][p2]], None)]
        done = []
        for step in move.steps:
            before = self.pos[step.owner][step.peg]
            end, path = (0, [0]) if move.enter else self.walk(step.owner, step.peg, step.holes)[1:]
            hit = self.place(step.owner, step.peg, end)
            done.append((step.owner, step.peg, before, end, path, hit))
        return done

    def place(self, owner: int, peg: int, rel: int) -> tuple[int, int] | None:
        """Put a peg on ``rel``; the peg it lands on (if any, on the track) goes back to its start area."""
        hit = self.send_back(hole_of(owner, rel), (owner, peg)) if 0 <= rel <= LAST_TRACK else None
        self.pos[owner][peg] = rel
        return hit


NAMES = ("South", "West", "North", "East")


def space_name(owner: int, rel: int) -> str:
    """A position in words: "S14", "South's home 2", "South's start area"."""
    if rel == NEST:
        return f"{NAMES[owner]}'s start area"
    if rel > LAST_TRACK:
        return f"{NAMES[owner]}'s home {rel - TRACK + 1}"
    return track_id(hole_of(owner, rel))


#: A space's name in words, by its id: "S14", "West's home 2", "North's start area".
SPACE_NAMES = {space["id"]: space["label"] for space in SPACES}


def card_words(card: Card, start: str) -> str:
    """What a card does, in words: "moves a peg 7 holes, or is split between two pegs"."""
    holes = card_steps(card)
    if holes is None:
        return f"only brings a peg out onto {start}"
    rank = C.rank_of(card)
    count = f"{abs(holes)} {'hole' if abs(holes) == 1 else 'holes'}"
    if holes < 0:
        return f"moves a peg {count} back"
    if rank in STARTERS:
        return f"brings a peg out onto {start}, or moves a peg {count}"
    if rank == JACK:
        return f"moves a peg {count}, or swaps one of your pegs with another player's"
    if rank == SPLIT:
        return f"moves a peg {count}, or is split between two pegs"
    return f"moves a peg {count}"


def move_key(move: Move) -> tuple[Any, ...]:
    """What a move does, whatever order its steps were written in."""
    return move.card, frozenset(move.steps), move.swap, move.enter


def is_starter(card: Card) -> bool:
    """A card that brings a peg out: an ace, a king, or a joker (when the pack has them)."""
    return C.is_joker(card) or C.rank_of(card) in STARTERS


def card_steps(card: Card) -> int | None:
    """How far a card moves a peg forward (the 4 moves back: -4); ``None`` for a joker, which only brings
    a peg out."""
    if C.is_joker(card):
        return None
    rank = C.rank_of(card)
    if rank == 4:
        return -BACKWARD
    return {ACE: 1, JACK: 11, QUEEN: 12, KING: 13}.get(rank, rank)


# --- the game ------------------------------------------------------------------------------

class TuckState(CardGameState):
    """Four seats in two partnerships round one race; rounds of 5, 4 and 4 cards from each shuffled pack."""

    determinisable = True  # hands, the stock, and the cards given to a partner and not yet taken in
    face_down_piles = ("given",)

    teams = PARTNERS_4

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> C.Pack:
        return C.FRENCH_54 if options["jokers"] == "starters" else C.FRENCH_52

    def setup(self) -> None:
        self.race = Race(starters=self.starter_words())
        self.played: list[Card] = []
        self.stock: list[Card] = []
        self.round_in_pack = len(ROUND_SIZES)
        self.trails: dict[tuple[int, int], list[str]] = {}
        self.deals = 0
        #: The card each seat has given its partner in this round's pass, until both are taken in.
        self.given: list[Card | None] = [None] * SEATS
        super().setup()

    def team_of(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.teams if seat in team)

    def partner(self, seat: int) -> int:
        return next(s for s in self.team_of(seat) if s != seat)

    def mover_of(self, seat: int) -> int:
        """Whose pegs ``seat`` moves: their own, or their partner's once all four of theirs are home."""
        return self.partner(seat) if self.race.pegs_home(seat) == PEGS else seat

    # -- dealing: three rounds from each pack, each followed by the partners' pass
    def start_hand(self) -> None:
        """A fresh pack: shuffle, and the deal moves one seat on."""
        self.next_hand()
        self.played = []
        self.stock = self.shuffled_pack()
        self.round_in_pack = 0
        self.say(f"{self.names[self.dealer]} shuffles the pack.", kind="deal")
        self.deal_round()

    def deal_round(self) -> None:
        size = ROUND_SIZES[self.round_in_pack]
        self.round_in_pack += 1
        self.stock = self.deal(self.stock, each=size)
        self.say(f"{self.names[self.dealer]} deals {size} cards to each player.", kind="deal")
        self.turn = self.next_seat(self.dealer)
        self.given = [None] * SEATS
        if self.options["partner_pass"] == "yes":
            self.phase = "pass"
        else:
            self.phase = "play"
            self.skip_empty_hands()

    def next_round(self) -> None:
        if self.round_in_pack < len(ROUND_SIZES):
            self.deal_round()
        else:
            self.start_hand()

    # -- passing a card to the partner
    def _candidates_pass(self) -> list[Action]:
        return [C.code(c) for c in C.cards_in(self.hands[self.turn])]

    def _verify_pass(self, action: Action) -> str | None:
        return self.held_card_reason(self.turn, action)

    def _do_pass(self, action: Action) -> None:
        self.trails = {}
        seat, card = self.turn, self.pack.card(action)
        self.hands[seat] &= ~C.bit(card)
        self.given[seat] = card
        partner = self.partner(seat)
        self.say(f"{self.names[seat]} puts a card aside for {self.names[partner]}.",
                 secret=f"{self.names[seat]} puts {C.short(card)} aside for {self.names[partner]}.", owner=seat,
                 kind="pass")
        self.turn = self.next_seat(seat)
        if all(c is not None for c in self.given):
            for giver, card in enumerate(self.given):
                assert card is not None
                self.hands[self.partner(giver)] |= C.bit(card)
                self.say(None, secret=f"{self.names[self.partner(giver)]} receives {C.short(card)} from "
                                      f"{self.names[giver]}.", owner=self.partner(giver), kind="pass")
            self.say("Partners have swapped their cards.", kind="pass")
            self.given = [None] * SEATS
            self.phase = "play"
            self.turn = self.next_seat(self.dealer)
            self.skip_empty_hands()

    # -- playing a card
    def moves_for(self, seat: int) -> list[Move]:
        """Every move each card in ``seat``'s hand could make (legal or not: the checks decide)."""
        owner = self.mover_of(seat)
        pos = self.race.pos[owner]
        out: list[Move] = []
        for card in C.cards_in(self.hands[seat]):
            rank = C.rank_of(card)
            if is_starter(card) and NEST in pos:
                out.append(Move(card, (Step(owner, pos.index(NEST), 0),), enter=True))
            holes = card_steps(card)
            if holes is None:
                continue
            out += [Move(card, (Step(owner, peg, holes),)) for peg, rel in enumerate(pos)
                    if rel != NEST and (holes < 0 or rel + holes <= FINISH)]
            if rank == SPLIT:
                out += self.splits(card, owner)
            if rank == JACK:
                out += [Move(card, swap=((owner, peg), (other, theirs)))
                        for peg, rel in enumerate(pos) if 0 <= rel <= LAST_TRACK
                        for other in range(SEATS) if other != owner
                        for theirs, orel in enumerate(self.race.pos[other]) if 0 <= orel <= LAST_TRACK]
        return out

    def splits(self, card: Card, owner: int) -> list[Move]:
        """A seven shared between two pegs.  Either peg may go first; of two orders that both work, one."""
        pos = self.race.pos[owner]
        out = []
        pegs = [p for p, rel in enumerate(pos) if rel != NEST]
        for first in pegs:
            for second in pegs:
                if first >= second:
                    continue
                for a in range(1, SPLIT):
                    b = SPLIT - a
                    if pos[first] + a > FINISH or pos[second] + b > FINISH:
                        continue
                    move = Move(card, (Step(owner, first, a), Step(owner, second, b)))
                    other_way = Move(card, (Step(owner, second, b), Step(owner, first, a)))
                    out.append(other_way if self.move_reason(move) and not self.move_reason(other_way) else move)
        return out

    def move_reason(self, move: Move) -> str | None:
        """Why ``move`` breaks the rules (``None``: it is legal) — the one check behind every refusal."""
        race = self.race.copy()
        rank = C.rank_of(move.card)
        if move.enter:
            if not is_starter(move.card):
                return f"Only {self.starter_words()} brings a peg out of the start area."
            return race.enter_reason(move.steps[0].owner)
        if C.is_joker(move.card):
            return "A joker only brings a peg out of the start area; it moves no peg along the track."
        if move.swap is not None:
            if rank != JACK:
                return "Only a jack swaps two pegs."
            return race.swap_reason(*move.swap)
        holes = card_steps(move.card)
        assert holes is not None
        if len(move.steps) == 2:
            if rank != SPLIT:
                return "Only a seven can be split between two pegs."
            if move.steps[0].peg == move.steps[1].peg:
                return "A split seven moves two different pegs."
            if any(step.holes <= 0 for step in move.steps) or sum(s.holes for s in move.steps) != SPLIT:
                return "A split seven moves two pegs forward, seven holes between them."
        elif move.steps[0].holes != holes:
            step = move.steps[0]
            rel = race.pos[step.owner][step.peg]
            count = f"{abs(holes)} {'hole' if abs(holes) == 1 else 'holes'}{' back' if holes < 0 else ''}"
            if holes > 0 and rel + holes > FINISH:
                return f"{C.short(move.card)} moves a peg exactly {count}: from {space_name(step.owner, rel)} that " \
                       f"is past the end of its home."
            return (f"{C.short(move.card)} moves a peg exactly {count}: from {space_name(step.owner, rel)} that is "
                    f"{space_name(step.owner, race.walk(step.owner, step.peg, holes)[1])}.")
        for step in move.steps:
            reason, end, _ = race.walk(step.owner, step.peg, step.holes)
            if reason:
                return reason
            race.place(step.owner, step.peg, end)
        return None

    def starter_words(self) -> str:
        return "an ace, a king or a joker" if self.options["jokers"] == "starters" else "an ace or a king"

    def reasons(self, seat: int) -> dict[Action, str | None]:
        """Every move ``seat``'s cards could make, with the reason each is illegal (``None``: legal).
        Worked out once per position and remembered, since every candidate is checked in turn."""
        key = (len(self.history), seat, self.hands[seat], tuple(map(tuple, self.race.pos)))
        cached = getattr(self, "_reasons", None)
        if cached is None or cached[0] != key:
            self._reasons = (key, {self.encode(m): self.move_reason(m) for m in self.moves_for(seat)})
        return self._reasons[1]

    def can_move(self, seat: int) -> bool:
        """Whether any card of ``seat``'s can move a peg."""
        return any(reason is None for reason in self.reasons(seat).values())

    def encode(self, move: Move) -> Action:
        code = C.code(move.card)
        if move.swap is not None:
            (o1, p1), (o2, p2) = move.swap
            return f"{code}:{self.peg_space(o1, p1)}~{self.peg_space(o2, p2)}"
        if move.enter:
            owner = move.steps[0].owner
            return f"{code}:{nest_id(owner)}>{track_id(start_hole(owner))}"
        return code + ":" + ",".join(f"{self.peg_space(s.owner, s.peg)}>{self.destination(s)}" for s in move.steps)

    def destination(self, step: Step) -> str:
        """Where a step would end, counting holes without checking the way."""
        rel = self.race.pos[step.owner][step.peg]
        end = (rel + step.holes) % TRACK if step.holes < 0 else rel + step.holes
        return space_of(step.owner, end, step.peg)

    def peg_space(self, owner: int, peg: int) -> str:
        return space_of(owner, self.race.pos[owner][peg], peg)

    def decode(self, seat: int, action: Action) -> Move | str:
        """The move an action names, or the reason it names none."""
        code, colon, rest = action.partition(":")
        card = self.pack.find(code)
        if not colon or card is None:
            return (f"{action!r} is not a move: write the card, a colon and the peg's move, like 5H:S14>S19, "
                    f"AS:Sstart>S12, 7C:S14>S17,W2>W6 or JD:S14~N3.")
        reason = self.held_card_reason(seat, C.code(card))
        if reason:
            return reason
        owner = self.mover_of(seat)
        if rest and not any(mark in rest for mark in "~>,"):
            # Only where a peg should go: the card and a hole picked on the board.
            return self.aimed_at(seat, card, rest)
        if "~" in rest:
            a, _, b = rest.partition("~")
            mine, theirs = self.peg_on(a), self.peg_on(b)
            if isinstance(mine, str):
                return mine
            if isinstance(theirs, str):
                return theirs
            if mine[0] != owner:
                return self.not_yours(seat)
            return Move(card, swap=(mine, theirs))
        steps = []
        for part in rest.split(","):
            source, arrow, target = part.partition(">")
            if not arrow:
                return f"{part!r} is not a peg's move: write where it is and where it goes, like S14>S19."
            if source == nest_id(owner):
                if target != track_id(start_hole(owner)):
                    return f"A peg comes out onto its start hole, {track_id(start_hole(owner))}."
                if NEST not in self.race.pos[owner]:
                    return self.race.enter_reason(owner) or ""
                return Move(card, (Step(owner, self.race.pos[owner].index(NEST), 0),), enter=True)
            peg = self.peg_on(source)
            if isinstance(peg, str):
                return peg
            if peg[0] != owner:
                return self.not_yours(seat)
            to = self.rel_of_space(owner, target)
            if to is None:
                return f"{target!r} is not a space of the board that a peg of {NAMES[owner]}'s can reach."
            start = self.race.pos[owner][peg[1]]
            steps_of_card = card_steps(card)
            if steps_of_card is None:
                return "A joker only brings a peg out of the start area; it moves no peg along the track."
            holes = -((start - to) % TRACK) if steps_of_card < 0 else to - start
            steps.append(Step(owner, peg[1], holes))
        if len(steps) > 2:
            return "A seven can be split between two pegs at most."
        return Move(card, tuple(steps))

    def aimed_at(self, seat: int, card: Card, target: str) -> Move | str:
        """The move ``card`` makes onto ``target`` (a card and a hole, the peg left unsaid), or why none
        does: the rule that stops the move there, else what the card does instead."""
        owner = self.mover_of(seat)
        landing = [m for m in self.moves_for(seat) if m.card == card and m.swap is None and len(m.steps) == 1
                   and self.landing(m) == target]
        if landing:
            # A card and a hole name one peg's move: the peg that stands the card's count before the hole
            # (a peg comes out only onto its start hole, which no count forward reaches). Legal, or
            # refused with its own rule's reason: a blocked way, a peg of the same colour on the hole.
            return landing[0]
        if target not in REL_OF_SPACE[owner]:
            return self.unreachable(owner, target)
        return self.card_misses(seat, card, target)

    def landing(self, move: Move) -> str:
        """Where a one-peg move puts its peg."""
        if move.enter:
            return track_id(start_hole(move.steps[0].owner))
        return self.destination(move.steps[0])

    @staticmethod
    def unreachable(owner: int, target: str) -> str:
        """Why no peg of ``owner``'s ever goes to ``target``: another player's home, a start area."""
        for seat in range(SEATS):
            if target in (home_id(seat, k) for k in range(HOME)):
                return (f"{SPACE_NAMES[target]} is for {NAMES[seat]}'s pegs only: {NAMES[owner]}'s pegs go home "
                        f"to {NAMES[owner]}'s own.")
            if target in (nest_id(seat, k) for k in range(PEGS)):
                return (f"That is {NAMES[seat]}'s start area: a peg goes back there only when another peg lands "
                        f"on it.")
        return f"{target!r} is not a space on the board."

    def card_misses(self, seat: int, card: Card, target: str) -> str:
        """No move of ``card`` ends on ``target``: what the card does, and where it can take a peg now."""
        owner, short = self.mover_of(seat), C.short(card)
        standing = self.peg_on(target)
        moves = [m for m in self.moves_for(seat) if m.card == card and m.swap is None and len(m.steps) == 1
                 and self.move_reason(m) is None]
        if isinstance(standing, tuple) and standing[0] == owner:
            # The peg picked instead of where it goes.
            here = [m for m in moves if not m.enter and m.steps[0].peg == standing[1]]
            if here:
                return (f"{SPACE_NAMES[target]} is where {NAMES[owner]}'s peg stands: the {short} takes it to "
                        f"{SPACE_NAMES[self.landing(here[0])]}.")
        if isinstance(standing, tuple) and standing[0] != owner and C.rank_of(card) == JACK:
            swap = self.swap_words(seat, card, standing, target)
            if swap:
                return swap
        start, where, holes = track_id(start_hole(owner)), SPACE_NAMES[target], card_steps(card)
        if holes is None:
            return f"The {short} only brings a peg out onto {start}: it moves no peg along the track, so not to {where}."
        does = card_words(card, start)
        out = [f"bring a peg out onto {start}"] if any(m.enter for m in moves) else []
        steps = [f"from {self.peg_space(owner, m.steps[0].peg)} to {SPACE_NAMES[self.landing(m)]}"
                 for m in moves if not m.enter]
        if steps:
            out.append(f"take {NAMES[owner]}'s peg " + " or ".join(steps))
        if out:
            return f"The {short} {does}: here it can {' or '.join(out)}, not to {where}."
        if all(rel == NEST for rel in self.race.pos[owner]):
            return (f"The {short} {does}, but all of {NAMES[owner]}'s pegs are still in the start area: only "
                    f"{self.starter_words()} brings one out.")
        side = "beyond" if holes < 0 else "before"
        return f"The {short} {does}, and no peg of {NAMES[owner]}'s stands {abs(holes)} holes {side} {where}."

    def swap_words(self, seat: int, card: Card, theirs: tuple[int, int], target: str) -> str | None:
        """A jack and another player's peg: why it cannot be swapped, or that a swap names both pegs."""
        if self.race.guards_start(*theirs):
            return f"{NAMES[theirs[0]]}'s peg on its own start hole is safe: it cannot be swapped."
        swaps = [m for m in self.moves_for(seat) if m.card == card and m.swap is not None and m.swap[1] == theirs
                 and self.move_reason(m) is None]
        if not swaps:
            return None
        return (f"The {C.short(card)} swaps a peg of {NAMES[self.mover_of(seat)]}'s with the one on {target}: name "
                f"both pegs, like {self.encode(swaps[0])}.")

    def canonical(self, action: Action) -> Action | None:
        """The listed spelling of a move typed another way: a split seven's two pegs may be named in
        either order (the list keeps the order that works, or the first peg first when both do)."""
        form = super().canonical(action)
        if form is not None or self.phase != "play" or not isinstance(action, str):
            return form
        move = self.decode(self.turn, action.strip())
        if isinstance(move, str):
            return None
        listed = {move_key(m): self.encode(m) for m in self.moves_for(self.turn)}
        return listed.get(move_key(move))

    def not_yours(self, seat: int) -> str:
        if self.mover_of(seat) != seat:
            return f"All your pegs are home: now you move your partner {self.names[self.partner(seat)]}'s pegs."
        return "That is not one of your pegs."

    def peg_on(self, space: str) -> tuple[int, int] | str:
        for owner in range(SEATS):
            rel = REL_OF_SPACE[owner].get(space)
            if rel is not None and rel in self.race.pos[owner]:
                return owner, self.race.pos[owner].index(rel)
        return f"There is no peg on {space}." if space in SPACE_IDS else f"{space!r} is not a space on the board."

    def rel_of_space(self, owner: int, space: str) -> int | None:
        return REL_OF_SPACE[owner].get(space)

    def _candidates_play(self) -> list[Action]:
        seat = self.turn
        moves = list(self.reasons(seat))
        if self.options["stuck"] == "hand":
            return moves + ["throw"]
        return moves + [f"discard:{C.code(c)}" for c in C.cards_in(self.hands[seat])]

    def _verify_play(self, action: Action) -> str | None:
        seat = self.turn
        if action == "throw" or action.startswith("discard:"):
            if action == "throw" and self.options["stuck"] != "hand":
                return "A player who cannot move throws away one card (discard:CARD), not the whole hand."
            if action.startswith("discard:"):
                if self.options["stuck"] == "hand":
                    return "A player who cannot move throws in the whole hand (throw)."
                reason = self.held_card_reason(seat, action[len("discard:"):])
                if reason:
                    return reason
            if self.can_move(seat):
                return "A card of yours can move a peg, so you must play one."
            return None
        known = self.reasons(seat)
        if action in known:
            return known[action]
        move = self.decode(seat, action)
        if isinstance(move, str):
            return move
        return self.move_reason(move)

    def _do_play(self, action: Action) -> None:
        seat = self.turn
        name = self.names[seat]
        self.trails = {}
        if action == "throw":
            cards = C.cards_in(self.hands[seat])
            self.played += cards
            self.hands[seat] = 0
            self.say(f"{name} cannot move a peg and throws in the hand: "
                     f"{' '.join(C.short(c) for c in cards)}.", kind="play")
            self.end_turn(seat)
            return
        if action.startswith("discard:"):
            card = self.pack.card(action[len("discard:"):])
            self.spend(seat, card)
            self.say(f"{name} cannot move a peg and throws away {C.short(card)}.", kind="play")
            self.end_turn(seat)
            return
        move = self.decode(seat, action)
        assert isinstance(move, Move)
        self.spend(seat, move.card)
        owner = move.steps[0].owner if move.steps else move.swap[0][0]  # type: ignore[index]
        whose = "" if owner == seat else f" for {self.names[owner]}"
        self.say(f"{name} plays {C.short(move.card)}{whose}: {self.carry_out(move)}", kind="play")
        for team in self.teams:
            if all(self.race.pegs_home(s) == PEGS for s in team):
                names = team_names(self.names, [team])[0]
                self.end(team, f"{names} have all eight pegs home and win.")
                return
        if owner == seat and self.race.pegs_home(seat) == PEGS:
            self.say(f"All of {name}'s pegs are home: from now on {name} moves "
                     f"{self.names[self.partner(seat)]}'s pegs.", kind="info")
        self.end_turn(seat)

    def carry_out(self, move: Move) -> str:
        """Move the pegs, keep each moved peg's trail (the spaces it passed), and say what happened."""
        done = self.race.apply(move)
        self.trails = {(owner, peg): [space_of(owner, rel, peg) for rel in [before, *path]]
                       for owner, peg, before, _, path, _ in done}
        if move.swap is not None:
            (o1, p1, r1, _, _, _), (o2, _, r2, _, _, _) = done
            return (f"the peg on {space_name(o1, r1)} swaps places with {self.names[o2]}'s peg on "
                    f"{space_name(o2, r2)}.")
        told = []
        for (owner, peg, before, end, _, hit), step in zip(done, move.steps):
            if move.enter:
                text = f"a peg comes out onto {track_id(start_hole(owner))}"
            elif len(move.steps) == 2:
                text = f"{step.holes} for the peg on {space_name(owner, before)}, to {space_name(owner, end)}"
            else:
                back = " back" if step.holes < 0 else ""
                text = f"a peg goes{back} from {space_name(owner, before)} to {space_name(owner, end)}"
            if hit is not None:
                self.trails[hit] = [space_of(hit[0], NEST, hit[1])]
                text += f", landing on {self.names[hit[0]]}'s peg, which goes back to its start area"
            told.append(text)
        if len(move.steps) == 2:
            return "the seven is split: " + "; ".join(told) + "."
        return told[0] + "."

    def spend(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~C.bit(card)
        self.played.append(card)

    def end_turn(self, seat: int) -> None:
        self.turn = self.next_seat(seat)
        self.skip_empty_hands()

    def skip_empty_hands(self) -> None:
        """Play goes to the next player with cards; when nobody has any, the next round is dealt."""
        for _ in range(SEATS):
            if self.hands[self.turn]:
                return
            self.turn = self.next_seat(self.turn)
        self.next_round()

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    def playout_estimate(self) -> list[float]:
        """Each seat's chance of the win, judged by the rule bot's own measure of the race (its
        :func:`standing`) taken from both partnerships' sides, for the search's short playouts."""
        scores = [standing(self.race, team) for team in self.teams]
        return seat_shares(win_shares(scores, ESTIMATE_SCALE), self.teams)

    def other_cards(self) -> list[Card]:
        return self.stock + self.played + [c for c in self.given if c is not None]

    # -- what the reader sees
    def action_parts(self, action: Action) -> list[str]:
        """The card, then where the pegs go (both pegs' places for a swap)."""
        code, colon, rest = action.partition(":")
        if not colon or code in ("discard",) or self.pack.find(code) is None:
            return []
        if "~" in rest:
            return [code, *rest.split("~")]
        return [code] + [part.partition(">")[2] for part in rest.split(",")]

    def describe(self, action: Action) -> str:
        if action == "throw":
            return "Throw in my hand (no card can move a peg)"
        if action.startswith("discard:"):
            return f"Throw away {C.short(self.pack.card(action[len('discard:'):]))}"
        if self.phase == "pass":
            card = self.pack.find(action)
            return f"Give {C.short(card)} to my partner" if card is not None else action
        move = self.decode(self.turn, action)
        if isinstance(move, str):
            return action
        if move.enter:
            return f"{C.short(move.card)}: bring a peg out onto {track_id(start_hole(move.steps[0].owner))}"
        if move.swap is not None:
            (o1, p1), (o2, p2) = move.swap
            return (f"{C.short(move.card)}: swap the peg on {self.peg_space(o1, p1)} with "
                    f"{self.names[o2]}'s on {self.peg_space(o2, p2)}")
        parts = [f"{space_name(s.owner, self.race.pos[s.owner][s.peg])} to {self.destination(s)}"
                 for s in move.steps]
        return f"{C.short(move.card)}: " + (" and ".join(parts) if len(parts) == 2 else f"move {parts[0]}")

    def prompt(self) -> str:
        name = self.names[self.turn]
        if self.phase == "pass":
            return f"{name}: choose a card to give to your partner, {self.names[self.partner(self.turn)]}."
        if not self.can_move(self.turn):
            what = "throw in your hand" if self.options["stuck"] == "hand" else "throw one card away"
            return f"{name}: no card can move a peg — {what}."
        whose = "" if self.mover_of(self.turn) == self.turn else f" (your partner {self.names[self.partner(self.turn)]}'s)"
        starters = "A, K or a joker" if self.options["jokers"] == "starters" else "A or K"
        return (f"{name}: pick a card, then where a peg{whose} goes — the places light up. {starters} brings a peg "
                f"out, 4 goes back, 7 can be split, J swaps.")

    def _view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for s in range(SEATS):
            home, out = self.race.pegs_home(s), sum(1 for r in self.race.pos[s] if 0 <= r <= LAST_TRACK)
            info = f"{PEG_COLOURS[s]}; {home} home, {out} out, {PEGS - home - out} to start"
            extra: dict[str, Any] = {"info": info, "role": "dealer" if s == self.dealer else ""}
            given = self.given[s]
            if self.phase == "pass" and given is not None and (player is None or player == s):
                extra["aside"] = [C.code(given)]
            seats.append(self.seat_view(s, player, self.hands[s], **extra))
        pieces = []
        for owner in range(SEATS):
            for peg, rel in enumerate(self.race.pos[owner]):
                piece: dict[str, Any] = {"id": f"peg-{LETTERS[owner]}{peg + 1}", "space": space_of(owner, rel, peg),
                                         "owner": owner}
                trail = self.trails.get((owner, peg))
                if trail and self.phase != "over":
                    piece["trail"] = trail
                pieces.append(piece)
        board = {"kind": "board", "label": "The Tuck board", "spaces": SPACES, "pieces": pieces,
                 "owners": [f"{n} ({PEG_COLOURS[i]})" for i, n in enumerate(self.names)], "lines": LINES}
        centre: list[dict[str, Any]] = [board]
        if self.played:
            centre.append({"kind": "cards", "label": "Last card played", "cards": [C.code(self.played[-1])]})
        teams = team_names(self.names, self.teams)
        status = " · ".join(f"{teams[t]}: {sum(self.race.pegs_home(s) for s in team)} of 8 home"
                            for t, team in enumerate(self.teams))
        return {"seats": seats, "centre": centre, "status": status, "hand_no": self.hand_no,
                "play_on_pick": True}


# --- the rule bot ----------------------------------------------------------------------

#: What keeping a card is worth when one must be thrown away or given: starters most, then the 7, J and 4.
KEEP = {ACE: 20, KING: 20, 7: 16, JACK: 14, 4: 12, QUEEN: 6}
#: How far apart two partnerships' standings are when the one ahead is judged e times as likely to win
#: (200: about one peg brought most of the way round, counted from both sides).
ESTIMATE_SCALE = 200.0
#: The search's imagined playouts: two turns for each player, then the race is judged; it tries the
#: rule bot's five best moves (:meth:`TuckBot.candidates`).
PLAYOUT_HORIZON = 8
SEARCH_WIDTH = 5


def keep_value(card: Card) -> float:
    if C.is_joker(card):
        return KEEP[ACE]  # a starter, like the ace and king
    return KEEP.get(C.rank_of(card), C.rank_of(card) / 2)


def peg_worth(rel: int) -> float:
    """How far along a peg is: nothing in the start area, more the further round, most at home."""
    if rel == NEST:
        return 0.0
    if rel > LAST_TRACK:
        return 110.0 + 3 * (rel - TRACK)
    return 15.0 + rel


def standing(race: Race, team: Sequence[int]) -> float:
    """Our pegs' progress less our opponents', less a share of what our pegs on the track could lose to an
    opponent peg up to 13 holes behind (one card could land on them)."""
    value = 0.0
    for owner in range(SEATS):
        sign = 1 if owner in team else -1
        value += sign * sum(peg_worth(rel) for rel in race.pos[owner])
    for owner in team:
        for rel in race.pos[owner]:
            if 0 < rel <= LAST_TRACK:
                # Multiples of a quarter: the product is exact, as the sum of quarters was.
                value -= 0.25 * peg_worth(rel) * chasers(race, owner, rel, team)
    return value


def chasers(race: Race, owner: int, rel: int, team: Sequence[int]) -> int:
    """How many opponent pegs on the track stand 1 to 13 holes behind ``owner``'s peg at ``rel``."""
    hole = hole_of(owner, rel)
    return sum(1 for other in range(SEATS) if other not in team for orel in race.pos[other]
               if 0 <= orel <= LAST_TRACK and 1 <= (hole - hole_of(other, orel)) % TRACK <= 13)


class TuckBot(RuleBot):
    """Racing sense: tries every move and keeps the one that leaves its partnership furthest ahead —
    sending opponents back, bringing pegs out and home, keeping clear of pegs just behind; throws away
    and gives its partner the cards it needs least (a spare starter when the partner has pegs to bring out)."""

    def choose(self, state: TuckState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        seat = state.turn
        if state.phase == "pass":
            return self.gift(state, [state.pack.card(a) for a in legal])
        moves = [a for a in legal if a != "throw" and not a.startswith("discard:")]
        if not moves:
            if "throw" in legal:
                return self.because("throw", "throws in its hand: no card it holds can move a peg")
            action = min(legal, key=lambda a: keep_value(state.pack.card(a[len("discard:"):])))
            card = state.pack.card(action[len("discard:"):])
            return self.because(action, f"throws away the {C.short(card)}, the card it needs least: no card it "
                                        f"holds can move a peg")
        values = move_values(state, moves)
        best = max(moves, key=values.__getitem__)
        return self.because(best, move_words(state, seat, best))

    def candidates(self, state: TuckState, legal: list[Action]) -> list[Action]:  # type: ignore[override]
        """For the search: the :data:`SEARCH_WIDTH` moves that leave the side's standing best (every
        card to give, and every throw of a player who cannot move)."""
        moves = [a for a in legal if a != "throw" and not a.startswith("discard:")]
        if state.phase != "play" or len(moves) <= SEARCH_WIDTH:
            return legal
        values = move_values(state, moves)
        best = set(sorted(moves, key=lambda a: -values[a])[:SEARCH_WIDTH])
        return [a for a in legal if a in best]

    def gift(self, state: TuckState, cards: list[Card]) -> Action:
        seat = state.turn
        partner = state.names[state.partner(seat)]
        starters = [c for c in cards if is_starter(c)]
        partner_waiting = NEST in state.race.pos[state.partner(seat)]
        mine_waiting = NEST in state.race.pos[seat]
        if starters and partner_waiting and (len(starters) > 1 or not mine_waiting):
            return self.because(C.code(starters[0]), f"gives {partner} the {C.short(starters[0])} to bring out "
                                                     f"one of the pegs waiting in {partner}'s start area")
        card = min(cards, key=keep_value)
        return self.because(C.code(card), f"gives {partner} the {C.short(card)}, the card it needs least")


def move_values(state: TuckState, moves: Sequence[Action]) -> dict[Action, float]:
    """Each move's worth to the player to move: the side's :func:`standing` after it."""
    seat = state.turn
    team = state.team_of(seat)
    values = {}
    for action in moves:
        move = state.decode(seat, action)
        assert isinstance(move, Move)
        race = state.race.copy()
        race.apply(move)
        values[action] = standing(race, team)
    return values


def move_words(state: TuckState, seat: int, action: Action) -> str:
    """Why the bot makes a move, told by what it does: a peg sent back, one brought out or home, a swap."""
    move = state.decode(seat, action)
    assert isinstance(move, Move)
    race = state.race.copy()
    done = race.apply(move)
    team = state.team_of(seat)
    card = C.short(move.card)

    def peg(owner: int) -> str:
        return "its peg" if owner == seat else f"{state.names[owner]}'s peg"

    for owner, _, _, end, _, hit in done:
        if hit is not None and hit[0] not in team:
            return (f"plays the {card} to land {peg(owner)} on {state.names[hit[0]]}'s at {space_name(owner, end)}, "
                    f"sending it back to its start area")
    if move.swap is not None:
        (o1, _, r1, end1, _, _), (o2, _, r2, end2, _, _) = done
        return (f"plays the {card} to swap {peg(o1)} on {space_name(o1, r1)} with {state.names[o2]}'s on "
                f"{space_name(o2, r2)}: {gain_words(end1 - r1)} for its side, {gain_words(end2 - r2)} for theirs")
    if move.enter:
        return f"brings out a new peg onto {track_id(start_hole(done[0][0]))} with the {card}"
    if len(done) == 2:
        parts = [f"{step.holes} to {space_name(owner, end)}" for (owner, _, _, end, _, _), step in zip(done, move.steps)]
        return f"splits the {card} between two pegs: {' and '.join(parts)}"
    owner, _, before, end, _, _ = done[0]
    route = f"from {space_name(owner, before)} to {space_name(owner, end)}"
    if end > LAST_TRACK >= before:
        return f"plays the {card} to bring {peg(owner)} into its home, {route}"
    if end > LAST_TRACK:
        return f"plays the {card} to move {peg(owner)} further into its home, {route}"
    if move.steps[0].holes < 0:
        return f"plays the {card} to move {peg(owner)} back {route}; every other move leaves its side worse off"
    if chasers(state.race, owner, before, team) > chasers(race, owner, end, team):
        return f"plays the {card} to move {peg(owner)} {route}, away from an opponent's peg close behind"
    return f"plays the {card} to move {peg(owner)} {route}, the move that puts its side furthest ahead"


def gain_words(holes: int) -> str:
    """A swap's effect on one peg: "12 holes gained", "5 holes lost"."""
    if holes >= 0:
        return f"{holes} hole{'' if holes == 1 else 's'} gained"
    return f"{-holes} hole{'' if holes == -1 else 's'} lost"


# Strong is offered: with 16 imagined deals a move its partnership won 81 % of 48 games against Family,
# its 95 % interval 64 % to 91 % (docs/strengths.json, tests/strengths.py).
SPEC = GameSpec(info=INFO, options=OPTIONS, state=TuckState, rule_bot=TuckBot,
                playout_horizon=PLAYOUT_HORIZON)

SPACE_IDS = frozenset(space["id"] for space in SPACES) | {nest_id(s) for s in range(SEATS)}
