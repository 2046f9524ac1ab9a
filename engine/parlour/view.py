"""What a view of the table holds, declared once.

:meth:`parlour.core.State.view` returns a :class:`View`: the seats round the
table, the zones in the middle, and what the reader may do.  The HTML
renderer (:mod:`parlour.render`), the plain-text pictures (:mod:`parlour.text`),
the CSS and the page script read these shapes and nothing else, and
:func:`check_view` (run over every game by the tests) holds each game to them.

Zones are the shapes a card game lays out in the middle of the table: cards
(face up, plus a count of face-down ones), piles (a line of piles, top card
shown), a layout (loose cards and builds, each an item you can pick), melds,
a grid board, a track (a cribbage board), rows beside board cards, notes
(labelled lines of words: bids as they are made, a showdown's results), a
drawn race board with pieces on it, and stacks (piles side by side, fanned or
squared: a patience layout, foundations).  A move the reader writes out (a
Twenty-Four sum) is an ``entry``.

Card codes are the engine's (``"QS"``, ``"10H"``, ``"1E"``).  A *part* is
anything the reader can pick when a move is made of several things: a card
code, or the ``id`` of a layout item, a meld, a grid cell, a row, a board
space or a stack.
"""

import functools
import re
import types
import typing
from typing import Any, Callable, Literal, NotRequired, Sequence, TypedDict, Union


class Seat(TypedDict):
    """One seat: its name, how many cards it holds and — if the reader may see them — which."""

    name: str
    count: int
    hand: list[str] | None
    role: NotRequired[str]
    info: NotRequired[str]
    #: Cards this seat has put aside (passed cards waiting, a crib contribution), shown to whoever may see them.
    aside: NotRequired[list[str]]
    #: The hand lies face up for everyone (a dummy, an open partner hand).
    face_up: NotRequired[bool]
    #: Cards of this seat's row lying face down (turned down in Bango), drawn as backs after the hand.
    down: NotRequired[int]
    #: The cards just drawn into this hand this turn (a rummy's draw), shown marked to their holder.
    drawn: NotRequired[list[str]]


class Play(TypedDict):
    seat: int
    card: str


class CardsZone(TypedDict):
    """Face-up cards, and a count of face-down ones (a stock, a turned card, a kitty)."""

    kind: Literal["cards"]
    label: str
    cards: NotRequired[list[str]]
    hidden: NotRequired[int]


class PilesZone(TypedDict):
    """A line of piles, each shown by its top card and its size (Accordion's line)."""

    kind: Literal["piles"]
    label: str
    piles: list[list[str]]


class LayoutItem(TypedDict):
    """A loose card or a build on the layout; ``id`` is the part the reader picks."""

    id: str
    cards: list[str]
    label: NotRequired[str]
    owner: NotRequired[int]


class LayoutZone(TypedDict):
    """Cards and builds on the table, each pickable (Casino)."""

    kind: Literal["layout"]
    label: str
    items: list[LayoutItem]


class Meld(TypedDict):
    id: str
    cards: list[str]
    label: NotRequired[str]


class MeldsZone(TypedDict):
    """One side's melds on the table (rummies)."""

    kind: Literal["melds"]
    label: str
    melds: list[Meld]
    owner: NotRequired[int]


class RowLine(TypedDict):
    """A finished row through a space: whose (a marker number) and which way it runs."""

    owner: int
    direction: Literal["across", "down", "diagonal", "antidiagonal"]


class GridCell(TypedDict):
    """One space of a board: the card printed on it (``None`` for a free corner) and any marker."""

    id: str
    card: str | None
    marker: NotRequired[int | None]
    #: Part of a completed row.
    highlight: NotRequired[bool]
    #: The finished rows through it, each drawn as a line in its owner's style.
    lines: NotRequired[list[RowLine]]


class GridZone(TypedDict):
    """A board of ``rows`` × ``cols`` spaces, row by row (One-Eyed Jack)."""

    kind: Literal["grid"]
    label: str
    rows: int
    cols: int
    cells: list[GridCell]
    #: What each marker number stands for ("South & North"), so pictures can say it.
    markers: NotRequired[list[str]]
    #: Names printed beside each row and above each column ("1".."10"), as the game's words name spaces.
    row_labels: NotRequired[list[str]]
    col_labels: NotRequired[list[str]]


class Peg(TypedDict):
    """A player's or side's pegs on a track: the front peg is the score, the back one the score before."""

    column: int
    label: str
    front: int
    back: int


class TrackZone(TypedDict):
    """A scoring track of holes 1..``length`` (a cribbage board); ``marks`` are lines drawn across it."""

    kind: Literal["track"]
    label: str
    length: int
    pegs: list[Peg]
    marks: NotRequired[list[int]]


class Row(TypedDict):
    """A board card with the cards each side has placed beside it (East–West)."""

    board: str | None
    sides: list[list[str]]
    label: NotRequired[str]
    #: The part a reader picks to place a card in this row.
    id: NotRequired[str]
    #: What each side's cards in the row make so far, in words ("a pair of kings").
    hands: NotRequired[list[str]]


class RowsZone(TypedDict):
    kind: Literal["rows"]
    label: str
    rows: list[Row]
    #: Whose cards each side of the rows holds ("West", "East").
    sides: NotRequired[list[str]]
    #: Name each side's hand under its cards in every row (a showdown), rather than in a panel to open.
    show_hands: NotRequired[bool]


class Note(TypedDict):
    """One labelled line of a notes zone ("Grande": "North bids 2, West sees")."""

    label: str
    text: str
    #: Cards the line is about, drawn beside it (a hand shown at the end).
    cards: NotRequired[list[str]]
    #: The line the reader should look at now (the round being bet).
    current: NotRequired[bool]


class NotesZone(TypedDict):
    """Labelled lines of words: a record of bids as they happen, the results of a showdown, a signal."""

    kind: Literal["notes"]
    label: str
    notes: list[Note]


class BoardSpace(TypedDict):
    """A place on a drawn board, at (``x``, ``y``) in per cent of the board's width and height.

    ``kind`` says how it is drawn: ``"track"`` (a hole of the race), ``"start"`` (where an owner's
    pieces come onto the track: safe), ``"home"`` (an owner's last holes), ``"nest"`` (where an
    owner's pieces wait to come out).  ``label`` names it for readers ("S12", "South's home 2")."""

    id: str
    x: float
    y: float
    kind: Literal["track", "start", "home", "nest"]
    label: str
    owner: NotRequired[int]
    #: A few characters printed beside the space (a hole's number, "S5"), at ``tag_at`` (x, y) if given,
    #: else a little toward the middle of the board.
    tag: NotRequired[str]
    tag_at: NotRequired[list[float]]


class Piece(TypedDict):
    """A piece on a board: which space it stands on and whose it is; ``trail`` lists the spaces it
    passed through in the last move, in order (for a picture that shows the move)."""

    id: str
    space: str
    owner: int
    trail: NotRequired[list[str]]


class BoardZone(TypedDict):
    """A drawn race board (Tuck): spaces anywhere on it, lines joining them, pieces on the spaces."""

    kind: Literal["board"]
    label: str
    spaces: list[BoardSpace]
    pieces: list[Piece]
    #: Who owns each owner number ("South"), so pictures can say it.
    owners: list[str]
    #: Paths drawn through the spaces, each a list of space ids (the track, each home stretch).
    lines: NotRequired[list[list[str]]]


class Stack(TypedDict):
    """One pile of a stacks zone: face-up ``cards`` (bottom first) over ``hidden`` face-down ones.
    ``spread`` fans the face-up cards ``"down"`` (a tableau pile) or to the ``"right"`` (the turned
    cards of a stock); otherwise only the top card shows.  ``id`` is the part a reader picks to put
    a card on it (an empty space too)."""

    id: str
    cards: list[str]
    hidden: NotRequired[int]
    spread: NotRequired[Literal["down", "right"]]
    label: NotRequired[str]


class StacksZone(TypedDict):
    """Piles side by side (Nuts: a player's reserve, tableau, stock and discards; the shared
    foundations).  ``owner`` is the seat whose piles they are; the reader's own are drawn large."""

    kind: Literal["stacks"]
    label: str
    stacks: list[Stack]
    owner: NotRequired[int]


Zone = Union[CardsZone, PilesZone, LayoutZone, MeldsZone, GridZone, TrackZone, RowsZone, NotesZone,
             BoardZone, StacksZone]
ZONE_KINDS: dict[str, type] = {"cards": CardsZone, "piles": PilesZone, "layout": LayoutZone,
                               "melds": MeldsZone, "grid": GridZone, "track": TrackZone, "rows": RowsZone,
                               "notes": NotesZone, "board": BoardZone, "stacks": StacksZone}


class EntryToken(TypedDict):
    """A button that adds ``text`` to a written move; ``label`` is what it shows, ``name`` what a
    screen reader says."""

    text: str
    label: str
    name: NotRequired[str]


class Entry(TypedDict):
    """A move the reader writes out (a Twenty-Four sum), typed or built from ``tokens``; it is played
    as ``verb:text``.  ``check`` labels a button that asks the engine what the text makes without
    playing it; ``hint`` one that asks for a hint."""

    verb: str
    label: str
    submit: str
    tokens: list[EntryToken]
    check: NotRequired[str]
    hint: NotRequired[str]
    #: What the text is written for (a set's number): the page keeps a half-written move while it stays.
    key: NotRequired[str]
    #: The move the hint button makes (Twenty-Four's ``show:<set>``: a solution shown ends the set),
    #: instead of only asking for a hint; it is not offered as a button of its own.
    hint_move: NotRequired[str]


class AmountControl(TypedDict):
    """A move that names an amount (Mus's ``bid:N``), offered when more than :data:`AMOUNT_BUTTONS`
    amounts are legal: ``usual`` are the actions of the usual amounts (buttons), and a number box
    from ``min`` to ``max`` takes any other; ``label`` names the box, ``submit`` its button."""

    verb: str
    label: str
    submit: str
    min: int
    max: int
    usual: list[str]


class Table(TypedDict):
    """What a game draws: seats round the edge, zones in the middle, a status line."""

    seats: list[Seat]
    centre: list[Zone]
    status: str
    hand_no: NotRequired[int]
    #: The trick being played, in play order, and the one before it.
    trick: NotRequired[list[Play]]
    last_trick: NotRequired[list[Play] | None]
    #: Who took the last trick (None before the first trick of a hand, or when it was drawn).
    last_winner: NotRequired[int | None]
    trump: NotRequired[str]
    #: Seats whose cards the reader plays (their own and a dummy's).
    controls: NotRequired[list[int]]
    #: A move is made as soon as the parts picked on the board belong to one legal move only — a card,
    #: then a space or a pile — with no button to confirm it (placing games, a patience layout).
    play_on_pick: NotRequired[bool]
    #: A move the reader writes out.
    entry: NotRequired[Entry]
    #: Moves that name an amount, too many for a button each: the usual ones and a number box.
    amounts: NotRequired[list[AmountControl]]


class ActionInfo(TypedDict):
    action: str
    label: str
    #: The action is playing this one card from the hand.
    card: str | None
    #: What the reader picks to make this move (card codes, item ids), for moves of several parts.
    parts: list[str]
    #: The amount the move names (``bid:7`` → 7), for a game that declares its ``amount_verbs``.
    amount: NotRequired[int]


class Compose(TypedDict):
    """A verb a reader can try on what they picked ("Capture"), even if no legal move matches it,
    so the engine can say why not."""

    verb: str
    label: str
    #: The move ends the reader's turn (a rummy's discard): the page offers it after the moves that
    #: go on with the turn, never as the button a tap meets first.
    ends_turn: NotRequired[bool]


class Event(TypedDict):
    step: int
    kind: str
    text: str


class View(Table):
    """:class:`Table` plus what every game adds: whose turn, the prompt, the story, the legal moves."""

    game: str
    title: str
    step: int
    perspective: int | None
    to_move: int | None
    phase: str
    prompt: str
    log: list[Event]
    outcome: dict[str, Any] | None
    score: dict[str, Any] | None
    legal: list[ActionInfo]
    turn_seat: NotRequired[int]
    compose: NotRequired[list[Compose]]
    #: A game without turns: every seat that may act now.
    actors: NotRequired[list[int]]


def clickable(view: View | dict[str, Any]) -> list[ActionInfo]:
    """The legal moves a reader makes by clicking: not those written out in the view's entry (a
    Twenty-Four sum), which would give the answers away."""
    legal = view.get("legal", [])
    entry = view.get("entry")
    if not entry:
        return legal
    written = re.compile(rf"^(\d+:)?{re.escape(entry['verb'])}:")
    hint_move = re.compile(rf"^(\d+:)?{re.escape(entry['hint_move'])}$") if entry.get("hint_move") else None
    return [move for move in legal if not written.match(move["action"])
            and not (hint_move and hint_move.match(move["action"]))]


#: Up to this many legal amounts of one verb stay a button each (Oh Hell's bids of 0 to 10); more
#: (Mus's 39 bids, Back Alley's 13) become the usual amounts and a number box.
AMOUNT_BUTTONS = 11
AMOUNT_MOVE = re.compile(r"^(?P<verb>[a-z-]+):(?P<amount>\d{1,6})$")


def amount_controls(legal: list[ActionInfo], verbs: Sequence[str],
                    usual: Callable[[str], Sequence[int]]) -> list[AmountControl]:
    """Mark each legal move of ``verbs`` with the amount it names, and for each verb with more than
    :data:`AMOUNT_BUTTONS` of them the control that replaces their buttons: the ``usual(verb)``
    amounts that are legal, and a box for any amount (its button worded as the smallest move is,
    without the number: "Raise to 7" → "Raise to")."""
    by_verb: dict[str, list[ActionInfo]] = {}
    for info in legal:
        found = AMOUNT_MOVE.match(info["action"])
        if found and found["verb"] in verbs:
            info["amount"] = int(found["amount"])
            by_verb.setdefault(found["verb"], []).append(info)
    controls: list[AmountControl] = []
    for verb, moves in by_verb.items():
        if len(moves) <= AMOUNT_BUTTONS:
            continue
        moves = sorted(moves, key=lambda m: m["amount"])
        lowest = moves[0]
        words = re.sub(r"\s+", " ", re.sub(rf"\b{lowest['amount']}\b", "", lowest["label"], count=1)).strip()
        offered = {m["amount"]: m["action"] for m in moves}
        controls.append({"verb": verb, "label": f"Any amount, {lowest['amount']} to {moves[-1]['amount']}:",
                         "submit": words or verb.capitalize(), "min": lowest["amount"], "max": moves[-1]["amount"],
                         "usual": [offered[n] for n in usual(verb) if n in offered]})
    return controls


# --- building zones ----------------------------------------------------------

def cards_zone(label: str, cards: Sequence[str] = (), hidden: int = 0) -> CardsZone:
    zone: CardsZone = {"kind": "cards", "label": label}
    if cards:
        zone["cards"] = list(cards)
    if hidden:
        zone["hidden"] = hidden
    return zone


def note(label: str, text: str, cards: Sequence[str] = (), current: bool = False) -> Note:
    line: Note = {"label": label, "text": text}
    if cards:
        line["cards"] = list(cards)
    if current:
        line["current"] = True
    return line


def notes_zone(label: str, notes: Sequence[Note]) -> NotesZone:
    return {"kind": "notes", "label": label, "notes": list(notes)}


def track_zone(label: str, length: int, pegs: Sequence[Peg], marks: Sequence[int] = ()) -> TrackZone:
    zone: TrackZone = {"kind": "track", "label": label, "length": length, "pegs": list(pegs)}
    if marks:
        zone["marks"] = list(marks)
    return zone


def board_summary(zone: BoardZone | dict[str, Any]) -> str:
    """Where every piece stands, owner by owner, in words: "South: start area ×2, S14, home 1"."""
    labels = {space["id"]: space["label"] for space in zone["spaces"]}
    parts = []
    for owner, name in enumerate(zone["owners"]):
        places: dict[str, int] = {}
        for piece in zone["pieces"]:
            if piece["owner"] == owner:
                place = labels.get(piece["space"], piece["space"])
                places[place] = places.get(place, 0) + 1
        if places:
            parts.append(f"{name}: " + ", ".join(p + (f" ×{n}" if n > 1 else "") for p, n in places.items()))
    return "; ".join(parts)


# --- checking a view against the declarations -----------------------------------

class ViewError(ValueError):
    """A view that does not have the declared shape; the message gives the path to the fault."""


def check_view(view: Any) -> None:
    """Raise :class:`ViewError` unless ``view`` has the shape of :class:`View`."""
    _run(_checker(View), view, "view")


def check_table(table: Any) -> None:
    """Raise :class:`ViewError` unless ``table`` has the shape of :class:`Table`."""
    _run(_checker(Table), table, "table")


# Each declared type is turned once into a checking function (views are checked often, and their
# story grows long).  A fault carries its message with ``HERE`` where the path to it goes; each
# container on the way out puts its own step (``.key``, ``[3]``) in front.
HERE = "\0"
Checker = Callable[[Any], None]


class _Fault(Exception):
    def __init__(self, template: str) -> None:
        super().__init__(template)
        self.template = template

    def under(self, step: str) -> "_Fault":
        self.template = self.template.replace(HERE, HERE + step)
        return self


def _run(check: Checker, value: Any, root: str) -> None:
    try:
        check(value)
    except _Fault as fault:
        raise ViewError(fault.template.replace(HERE, root)) from None


@functools.cache
def _checker(kind: Any) -> Checker:
    origin = typing.get_origin(kind)
    if kind is Any:
        return lambda value: None
    if kind is type(None):
        def check_none(value: Any) -> None:
            if value is not None:
                raise _Fault(f"{HERE} should be null, not {value!r}")
        return check_none
    if origin in (Union, types.UnionType):
        if kind is Zone or set(typing.get_args(kind)) == set(ZONE_KINDS.values()):
            return _check_zone
        options = [_checker(option) for option in typing.get_args(kind)]

        def check_union(value: Any) -> None:
            faults = []
            for option in options:
                try:
                    option(value)
                    return
                except _Fault as fault:
                    faults.append(fault.template)
            raise _Fault(" or ".join(faults))
        return check_union
    if origin is Literal:
        allowed = typing.get_args(kind)

        def check_literal(value: Any) -> None:
            if value not in allowed:
                raise _Fault(f"{HERE} should be one of {allowed}, not {value!r}")
        return check_literal
    if origin is list:
        (item,) = typing.get_args(kind)
        check_item = _checker(item)

        def check_list(value: Any) -> None:
            if not isinstance(value, list):
                raise _Fault(f"{HERE} should be a list, not {type(value).__name__}")
            for index, element in enumerate(value):
                try:
                    check_item(element)
                except _Fault as fault:
                    raise fault.under(f"[{index}]")
        return check_list
    if origin is dict:
        def check_dict(value: Any) -> None:
            if not isinstance(value, dict):
                raise _Fault(f"{HERE} should be an object, not {type(value).__name__}")
        return check_dict
    if typing.is_typeddict(kind):
        return _typeddict_checker(kind)
    if kind is int:
        def check_int(value: Any) -> None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise _Fault(f"{HERE} should be a whole number, not {value!r}")
        return check_int
    if kind is float:
        def check_number(value: Any) -> None:
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise _Fault(f"{HERE} should be a number, not {value!r}")
        return check_number

    def check_type(value: Any) -> None:
        if not isinstance(value, kind):
            raise _Fault(f"{HERE} should be {kind.__name__}, not {type(value).__name__}")
    return check_type


def _check_zone(value: Any) -> None:
    if not isinstance(value, dict) or value.get("kind") not in ZONE_KINDS:
        raise _Fault(f"{HERE} should be a zone whose kind is one of {sorted(ZONE_KINDS)}, not {value!r}")
    _checker(ZONE_KINDS[value["kind"]])(value)


def _typeddict_checker(kind: Any) -> Checker:
    hints = typing.get_type_hints(kind)
    required = kind.__required_keys__
    fields: dict[str, Checker] = {}

    def check_typeddict(value: Any) -> None:
        if not isinstance(value, dict):
            raise _Fault(f"{HERE} should be an object, not {type(value).__name__}")
        missing = required - value.keys()
        if missing:
            raise _Fault(f"{HERE} lacks {sorted(missing)}")
        unknown = value.keys() - hints.keys()
        if unknown:
            raise _Fault(f"{HERE} has undeclared keys {sorted(unknown)}")
        for key, element in value.items():
            check = fields.get(key)
            if check is None:  # made on first use: a TypedDict may refer to itself
                check = fields[key] = _checker(hints[key])
            try:
                check(element)
            except _Fault as fault:
                raise fault.under(f".{key}")
    return check_typeddict
