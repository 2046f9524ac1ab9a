"""The game state machine every game shares.

A game is (options, seed, actions): :class:`Game` holds the validated options,
:class:`State` is one play-through.  An action is a short string with a text
form that parses back (a card code such as ``"QS"``, or a word such as
``"deal"`` or ``"moon:self"``).  Chance — shuffling, dealing, cutting — happens
inside the state from its seed, so the seed plus the actions replay the game
exactly.

Each rule check is written once, as a *verify* function that returns the
plain-language reason an action is illegal (or ``None``).  Legal actions are
the candidates that pass it, ``why_illegal`` returns its reason, and
``apply`` refuses with that same reason before touching anything — the
pokerkit triad of verify / can / do.

A game module subclasses :class:`State` and writes, per phase,
``_candidates_<phase>``, ``_verify_<phase>`` and ``_do_<phase>``.

Most games have turns: one seat acts at a time (:meth:`State.to_move`).  A game
without turns — everyone plays at once — sets ``simultaneous`` and stands on
:class:`parlour.simultaneous.SimultaneousPlay`: several seats may act in the
same state (:meth:`State.actors`), each has its own legal actions
(``legal_actions(seat)``), and every action carries its seat in its text, so
the record is still a list of strings replayed in the order they arrived.
"""

from __future__ import annotations

import re
from operator import add
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, NamedTuple, Protocol, Sequence

from . import cards as C
from .cards import Card, Mask, Pack
from .copying import copy_value, share_type
from .rng import Rng
from .view import amount_controls
from .walkthrough import CountedHand
from .words import counts_taken, sheet_line

Action = str


class IllegalAction(ValueError):
    """An action the rules do not allow; ``reason`` says why in plain words."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(reason)
        self.action = action
        self.reason = reason


class OptionError(ValueError):
    """An unknown option, or a value the option does not allow."""


class Bot(Protocol):
    """Chooses an action for the player to move.  Bots look only at what that player may know.

    In a game without turns (:mod:`parlour.simultaneous`) a bot is asked for one seat's move,
    ``choose(state, seat)``, and may answer ``None``: nothing worth doing yet.  (Declared here, where
    a :class:`GameSpec` names its rule bot; the bots themselves are in :mod:`parlour.bots`.)"""

    name: str

    def choose(self, state: "State") -> Action: ...


# --- metadata and options --------------------------------------------------

@dataclass(frozen=True)
class Option:
    """A rule variant a game offers.

    ``choices`` maps each allowed value to a short description; an integer
    option may instead give ``minimum``/``maximum``.  ``house`` marks the value
    the seed family plays (the default) and ``standard`` the published rule.
    """

    name: str
    default: Any
    help: str
    choices: dict[Any, str] | None = None
    minimum: int | None = None
    maximum: int | None = None
    standard: Any = None

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            for allowed in self.choices:
                if value == allowed and type(value) is type(allowed):
                    return allowed
                # Accept "11" for 11 when the value came from a URL or a command line.
                if isinstance(allowed, int) and isinstance(value, str) and value.strip() == str(allowed):
                    return allowed
            allowed_text = ", ".join(repr(v) for v in self.choices)
            raise OptionError(f"option {self.name!r} cannot be {value!r}; allowed: {allowed_text}")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise OptionError(f"option {self.name!r} needs a whole number, not {value!r}") from None
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"option {self.name!r} needs a whole number, not {value!r}")
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise OptionError(
                f"option {self.name!r} must be from {self.minimum} to {self.maximum}, not {value}")
        return value

    def listed_values(self) -> list[Any]:
        """The values a reader picks from: the choices, or every number of a ``"players"`` option
        (other numbers, such as a target score, are typed in and not listed)."""
        if self.choices is not None:
            return list(self.choices)
        if self.name == "players" and self.minimum is not None and self.maximum is not None:
            return list(range(self.minimum, self.maximum + 1))
        return []

    def describe(self, value: Any) -> str:
        if self.choices is not None:
            return self.choices.get(value, str(value))
        return str(value)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "default": self.default, "help": self.help,
                "choices": None if self.choices is None else
                [{"value": v, "label": label} for v, label in self.choices.items()],
                "minimum": self.minimum, "maximum": self.maximum, "standard": self.standard}


@dataclass(frozen=True)
class Reading:
    """A place where the rules we follow are unclear or silent, and how the engine reads it.

    ``question`` names the passage or the gap in the reader's words, ``answer`` is
    the reading the engine plays by default; when the other reading is offered,
    ``option`` and ``value`` name the option value that plays it.
    """

    question: str
    answer: str
    option: str | None = None
    value: Any = None

    def __post_init__(self) -> None:
        if not self.question.strip() or not self.answer.strip():
            raise ValueError("a reading needs both the question and our answer")
        if (self.option is None) != (self.value is None):
            raise ValueError(f"reading {self.question!r}: give both the option and its value, or neither")


@dataclass(frozen=True)
class GameInfo:
    """What the info panel and the games index show."""

    id: str
    name: str
    family: str
    players: tuple[int, ...]
    pack: str
    min_age: int
    skill: str
    summary: str
    house_rule: str
    standard_rule: str
    source: str
    #: What the site's game finder filters on; every game must fill them in (a registry test
    #: checks them with :meth:`finder_problems`).  The kinds of play, keys of ``KINDS``, main one first.
    kinds: tuple[str, ...] = ()
    #: The pack it is played with: a key of ``DECKS``.
    deck: str = ""
    #: A typical game's length in minutes, shortest and longest: the finder's filter, and in words
    #: the info panel's :attr:`duration`.
    minutes: tuple[int, int] = (0, 0)
    #: Words after the length in the info panel ("a deal", "(26 hands)", ", sometimes much longer").
    length_note: str = ""
    #: The rules in a few short lines, for ``python -m parlour rules`` (the site has the full text).
    short_rules: tuple[str, ...] = ()
    #: Where the sources needed reading: each place we chose a reading, and the option playing the other.
    readings: tuple[Reading, ...] = ()

    def __post_init__(self) -> None:
        if not any(line.strip() for line in self.short_rules):
            raise ValueError(f"{self.id}: GameInfo.short_rules needs the rules in at least one line")

    @property
    def duration(self) -> str:
        """A game's length in words, from :attr:`minutes` and :attr:`length_note`: "30–60 minutes",
        "1–2 hours (26 hands)", "10 minutes a deal"."""
        low, high = self.minutes
        hours = low % 60 == 0 and high % 60 == 0
        unit = "hour" if hours else "minute"
        low, high = (low // 60, high // 60) if hours else (low, high)
        span = f"{low} {unit}{'' if low == 1 else 's'}" if low == high else f"{low}–{high} {unit}s"
        note = self.length_note
        if not note:
            return span
        return span + ("" if note[0] in ",;" else " ") + note

    #: The kinds of play the finder knows, with the words a reader would look for.
    KINDS: ClassVar[dict[str, str]] = {
        "trick-taking": "Trick-taking",
        "trick-avoiding": "Trick-avoiding",
        "point-trick": "Card points in tricks",
        "bidding": "Bidding",
        "betting": "Betting and bluffing",
        "fishing": "Fishing (capturing from the table)",
        "capturing": "Capturing the pile",
        "patience": "Patience (solitaire)",
        "matching": "Matching suits or ranks",
        "rummy": "Rummy (sets and runs)",
        "shedding": "Shedding (first to run out)",
        "counting": "Counting and adding up",
        "race": "Racing",
        "board": "Board games",
        "poker": "Poker hands",
    }
    #: The packs the finder knows.
    DECKS: ClassVar[dict[str, str]] = {
        "french52": "52-card pack",
        "french54": "52 cards and 2 jokers",
        "french32": "32-card pack (7 to ace)",
        "french24": "24-card pack (9 to ace)",
        "spanish40": "Spanish 40-card pack",
        "french40": "40 cards, ace to 10",
        "two-packs": "Two packs",
        "pack-each": "A pack for each player",
    }
    #: The words of ``skill`` the finder understands, from pure luck (0) to much skill (3).
    SKILL_WORDS: ClassVar[dict[str, int]] = {"none": 0, "low": 1, "medium": 2, "high": 3, "hard": 3}

    def skill_levels(self) -> tuple[int, ...]:
        """The levels ``skill`` names ("Low to medium" → (1, 2)), lowest first."""
        words = re.findall(r"[a-z]+", self.skill.lower())
        return tuple(sorted({self.SKILL_WORDS[w] for w in words if w in self.SKILL_WORDS}))

    def finder_problems(self) -> list[str]:
        """What the game finder would be missing or could not understand (empty when all is well)."""
        problems = []
        if not self.kinds:
            problems.append("no kinds: give kinds=(...) from GameInfo.KINDS")
        problems += [f"unknown kind {kind!r}; known: {', '.join(self.KINDS)}"
                     for kind in self.kinds if kind not in self.KINDS]
        if self.deck not in self.DECKS:
            problems.append(f"deck {self.deck!r} is not one of {', '.join(self.DECKS)}")
        low, high = self.minutes
        if not 0 < low <= high:
            problems.append(f"minutes {self.minutes!r} must be (shortest, longest), both above 0")
        if not self.skill_levels():
            problems.append(f"skill {self.skill!r} names none of {', '.join(self.SKILL_WORDS)}")
        return problems

    def players_text(self) -> str:
        lo, hi = min(self.players), max(self.players)
        if lo == hi:
            return str(lo)
        if list(self.players) == list(range(lo, hi + 1)):
            return f"{lo}–{hi}"
        return ", ".join(map(str, self.players))


class CountError(ValueError):
    """Something given to a counting helper that it cannot count (a bad card, a wrong number of
    cards); the message says what, in one line."""


@dataclass(frozen=True)
class CountInput:
    """One thing a counting helper asks for: ``kind`` is ``"cards"`` (several card codes),
    ``"card"`` (exactly one) or ``"flag"`` (yes or no)."""

    name: str
    label: str
    help: str
    kind: str
    example: str = ""


@dataclass(frozen=True)
class Counted:
    """What a counting helper answers: what was counted, the count said aloud, a line per category
    and the total."""

    heading: str
    spoken: str
    lines: tuple[str, ...]
    #: Points, for a game that counts a hand in points (``None`` when a hand is named, not scored).
    total: int | None

    def as_dict(self) -> dict[str, Any]:
        return {"heading": self.heading, "spoken": self.spoken, "lines": list(self.lines), "total": self.total}

    def text(self) -> list[str]:
        """The answer as lines of text (the command line prints these)."""
        total = [] if self.total is None else [f"Total: {self.total}"]
        return [self.heading, f"“{self.spoken}”", *(f"  {line}" for line in self.lines), *total]


@dataclass(frozen=True)
class Counting:
    """A game's "count my hand" helper, offered on its page and as ``python -m parlour count <game>``.

    ``count`` takes the inputs by name — texts for cards, booleans for flags — and returns a
    :class:`Counted`, or raises :class:`CountError` saying what is wrong with them.
    """

    title: str
    inputs: tuple[CountInput, ...]
    count: Callable[[dict[str, Any]], Counted]

    def run(self, values: dict[str, Any]) -> Counted:
        """Check the inputs' names and types, then count; :class:`CountError` for anything wrong."""
        known = {i.name: i for i in self.inputs}
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise CountError(f"unknown input {unknown[0]!r}; this counter takes {', '.join(known)}")
        checked: dict[str, Any] = {}
        for name, spec in known.items():
            value = values.get(name, False if spec.kind == "flag" else None)
            if spec.kind == "flag":
                if not isinstance(value, bool):
                    raise CountError(f"{spec.label} is yes or no (true or false)")
            elif not isinstance(value, str) or not value.strip():
                raise CountError(f"{spec.label} is missing (for example {spec.example})")
            elif len(value) > 200:
                raise CountError(f"{spec.label} is far too long to be a few cards")
            checked[name] = value
        return self.count(checked)


def cards_from_text(pack: Pack, text: str, label: str) -> list[Card]:
    """The cards of ``"5H,5C 5S+JD"`` (commas, spaces or + between them); :class:`CountError` if a
    code is not a card of ``pack`` or a card is named twice."""
    cards: list[Card] = []
    for part in text.replace(",", " ").replace("+", " ").split():
        card = pack.find(part)
        if card is None:
            raise CountError(f"{label}: {part!r} is not a card (write cards like 5H, 10D, JS, AC)")
        if card in cards:
            raise CountError(f"{label}: the {C.name(card)} is named twice")
        cards.append(card)
    return cards


@dataclass(frozen=True)
class GameSpec:
    """Everything a game module declares; the registry holds one per game."""

    info: GameInfo
    options: tuple[Option, ...]
    state: type["State"]
    rule_bot: Callable[[int], Bot]
    #: How many play under these options, for a game whose count follows from another option (Dummy
    #: Whist's form).  Without it the count is the ``"players"`` option's value, or else the one count
    #: :attr:`GameInfo.players` names; either way it must agree with ``info.players`` (checked here).
    players_of: Callable[[dict[str, Any]], int] | None = None
    #: A puzzle the game poses, solved (``python -m parlour solve``): given the values as typed and
    #: whether every solution is wanted, the solutions as lines (none: no solution); a ValueError
    #: says what is wrong with the values.
    solve: Callable[[Sequence[str], bool], list[str]] | None = None
    #: An optional "count my hand" helper (Cribbage's show; a poker hand's rank).
    counting: Counting | None = None
    #: Why no choice a player makes changes how the game turns out, for a game where none does
    #: (Beggar My Neighbour): the strength table on its page says so, and it offers no Strong.
    no_choice: str = ""
    #: Why no Strong player is offered although the search bot can imagine this game's deals, decided
    #: by measurement (tests/strengths.py, the bench): its games were too slow to measure whole, and
    #: on the hands measured it showed no advantage.  Elsewhere Strong is offered wherever it was
    #: measured no weaker than Family; the strength table says whether it was measured stronger.
    strong_withheld: str = ""
    #: How many moves an imagined playout of the search bot (:mod:`parlour.search`) runs before it
    #: is scored by :meth:`State.playout_estimate` (a hand too long to play out in the table's time);
    #: ``None``: to the end of the hand.
    playout_horizon: int | None = None
    #: A game without turns' own Strong player (the search bot has no turns to play out there): a bot
    #: made from a seed that chooses better than Family and thinks quicker (its ``think_percent``, see
    #: :mod:`parlour.clock`), with a ``summary`` of how, for the page.  Offered as Strong, like the
    #: search bot, unless measurement withheld it (``strong_withheld``).
    strong_bot: Callable[[int], Bot] | None = None
    #: The rule bot the search bot (Strong) starts from, where it is not Family's: the move it keeps
    #: unless its imagined deals find one clearly better, and its move where it cannot imagine any.
    #: Its playouts are still played by Family (``rule_bot``), for their speed.
    strong_judgement: Callable[[int], Bot] | None = None

    def __post_init__(self) -> None:
        stated, given = set(self.info.players), self.possible_player_counts()
        if stated != given:
            raise ValueError(f"{self.info.id}: GameInfo.players says {sorted(stated)} but its options "
                             f"seat {sorted(given)}")

    def player_count(self, options: dict[str, Any]) -> int:
        """How many play under ``options`` (every option given; see :attr:`players_of`)."""
        if self.players_of is not None:
            return self.players_of(options)
        if "players" in options:
            return int(options["players"])
        if len(self.info.players) != 1:
            raise ValueError(f"{self.info.id}: several counts of players and no option choosing one")
        return self.info.players[0]

    def possible_player_counts(self) -> set[int]:
        """Every count of players some option seats: the defaults, and each choice of each option
        changed alone (every value of a ``"players"`` option)."""
        defaults = {opt.name: opt.default for opt in self.options}
        settings = [defaults] + [{**defaults, opt.name: value} for opt in self.options
                                 for value in opt.listed_values()]
        return {self.player_count(setting) for setting in settings}

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        allowed = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.info.name} has no option {name!r}; its options: {allowed}")


class Game:
    """A game with its options fixed; makes states."""

    def __init__(self, spec: GameSpec, options: dict[str, Any]) -> None:
        resolved = {opt.name: opt.default for opt in spec.options}
        for name, value in options.items():
            resolved[name] = spec.option(name).validate(value)
        self.spec = spec
        self.info = spec.info
        self.id = spec.info.id
        self.options = resolved
        self.num_players = spec.player_count(resolved)
        self.move_cap = spec.state.move_cap_for(resolved)
        spec.state.check_options(resolved)

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.changed_options()}>"

    def changed_options(self) -> dict[str, Any]:
        """Options that differ from the defaults (what a record needs to store)."""
        return {o.name: self.options[o.name] for o in self.spec.options
                if self.options[o.name] != o.default}

    def new(self, seed: int, deck: Sequence[str] | None = None) -> "State":
        """A new game from ``seed``; ``deck`` (card codes, top first) stacks the pack for book examples."""
        return self.spec.state(self, seed, deck)

    def replay(self, seed: int, actions: Iterable[Action], deck: Sequence[str] | None = None) -> "State":
        state = self.new(seed, deck)
        for index, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(action, f"action {index + 1} ({action!r}) is illegal: {error.reason}") from None
        return state

    def rule_bot(self, seed: int = 0) -> Bot:
        return self.spec.rule_bot(seed)


share_type(Game)  # a game is its fixed options: every copy of a state shares it


# --- events, scores, outcomes ----------------------------------------------

class Event(NamedTuple):
    """One line of the narrative.

    Everyone sees ``text``; ``owner`` (if any) and an all-seeing reader see
    ``secret`` instead.  ``step`` is how many actions had been taken when it
    happened, so a replay can show the story up to any point.  (A named tuple:
    a story line is made on almost every move, and a tuple is the cheapest
    immutable record to make.)
    """

    step: int
    text: str | None
    secret: str | None = None
    owner: int | None = None
    kind: str = ""

    def for_player(self, player: int | None) -> str | None:
        if self.secret is not None and (player is None or player == self.owner):
            return self.secret
        return self.text


share_type(Event)  # story lines never change once told
#: ``new_event(Event, (step, text, secret, owner, kind))`` makes a story line without the named
#: tuple's argument handling: say() is hot, and the trick play writes it out.
new_event = tuple.__new__


@dataclass
class ScoreSheet:
    """Scores hand by hand, in columns (players or partnerships)."""

    columns: list[str]
    rows: list[tuple[str, list[int | str]]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    note: str = ""

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * len(self.columns)

    def add(self, label: str, points: Sequence[int], shown: Sequence[int | str] | None = None) -> None:
        """Add a row; ``shown`` may replace the numbers printed (e.g. ``"+26"``)."""
        self.rows.append((label, list(shown if shown is not None else points)))
        self.totals = list(map(add, self.totals, points))  # each column's total plus its points

    def credit(self, label: str, column: int, points: int) -> None:
        """Add ``points`` to one column of the row ``label``, opening it if it is not the last row
        (points scored as they happen, such as Cribbage pegs)."""
        if not self.rows or self.rows[-1][0] != label:
            self.rows.append((label, [0] * len(self.columns)))
        row = self.rows[-1][1]
        row[column] = int(row[column]) + points
        self.totals[column] += points

    def as_dict(self) -> dict[str, Any]:
        return {"columns": self.columns, "rows": [[label, *values] for label, values in self.rows],
                "totals": self.totals, "note": self.note}


class HandEnd(NamedTuple):
    """What a hand left behind when it ended, noted cheaply (a search plays out many hands that are
    never read): the summary's text is written from it only when someone reads it.  (A named tuple:
    one is made at every hand's end, and a tuple is made in a fifth of a frozen dataclass's time.)"""

    #: How many actions the game had taken when the hand ended.
    step: int
    #: The hand's lines of the story: ``State._story[start:stop]``.
    story_start: int
    story_stop: int
    columns: tuple[str, ...]
    #: The score sheet's rows this hand added, as the sheet shows them (label, values).
    rows: tuple[tuple[str, tuple[int | str, ...]], ...]
    totals: tuple[int, ...]
    #: What each player or partnership took, if the game counts it: the noun ("trick") and (name, count).
    taken: tuple[str, tuple[tuple[str, int], ...]] | None
    #: What the game noted for walking through its count (:meth:`State.count_noted`), or ``None``.
    counted: Any = None

    def summary(self, story_lines: Sequence[str], count: Sequence[CountedHand] = ()) -> "HandSummary":
        """The summary of the hand: who took what, ``story_lines`` (the game's own lines on how it
        scored, as one reader may read them), then the score sheet's new rows and the totals."""
        lines = [counts_taken(*self.taken)] if self.taken else []
        lines += story_lines
        for label, values in self.rows:
            scored = sheet_line(self.columns, values)
            lines.append(f"Score sheet, {label}: {scored}." if scored else f"Score sheet: {label}.")
        lines.append(f"Totals now: {sheet_line(self.columns, self.totals)}.")
        label = self.rows[0][0] if self.rows else "This hand"
        title = f"{label}{' —' if ':' in label else ':'} what happened"  # "Deal 1: West, kind 1 — what happened"
        return HandSummary(title, tuple(lines), self.columns, self.rows, self.totals, self.step, tuple(count))


share_type(HandEnd)
#: The kinds of story line that say why the score moved: what the summary of a hand retells.
SCORING_KINDS = frozenset({"score"})


@dataclass(frozen=True)
class HandSummary:
    """What happened in one hand, in a few plain lines, for the table's "what happened" panel."""

    title: str
    lines: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int | str, ...]], ...]
    totals: tuple[int, ...]
    step: int
    #: The count walked through, hand by hand, each step with its cards (empty: the game has none).
    count: tuple[CountedHand, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "lines": list(self.lines), "columns": list(self.columns),
                "rows": [[label, *values] for label, values in self.rows], "totals": list(self.totals),
                "step": self.step, "count": [hand.as_dict() for hand in self.count]}


@dataclass(frozen=True)
class Outcome:
    """How the game ended: the winners (seats), possibly none, and why."""

    winners: tuple[int, ...]
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "text": self.text}


def seat_names(n: int) -> list[str]:
    """Seat names in clockwise order; seat 0 is the reader's seat at the web table."""
    if n == 1:
        return ["You"]
    if n == 2:
        return ["South", "North"]
    if n == 3:
        return ["South", "West", "East"]
    if n == 4:
        return ["South", "West", "North", "East"]
    return [f"Player {i + 1}" for i in range(n)]


# --- the state ---------------------------------------------------------------

class State:
    """One play-through of a game.  Subclasses declare phases and rules.

    Subclasses set ``self.phase`` and provide, for each phase ``p``:
    ``_candidates_p()`` (possible actions in a stable order),
    ``_verify_p(action)`` (reason it is illegal, or ``None``) and
    ``_do_p(action)``; plus ``to_move()`` and ``_view(player)``.
    """

    pack: ClassVar[Pack] = C.FRENCH_52
    #: A game without turns (see :mod:`parlour.simultaneous`): several seats may act at once.
    simultaneous: ClassVar[bool] = False
    #: +1: play passes clockwise (South, West, North, East); -1: counter-clockwise.
    #: A game whose direction is an option overrides :meth:`direction_for`.
    direction: int = 1
    #: The most actions one game may hold, far above the longest game bots play (measured by
    #: tests/longest_games.py): a record or a link can never ask for endless replaying, and a game
    #: that could go on for ever (all pass, redeal, all pass...) stops taking moves here.
    #: A game whose length depends on its options overrides :meth:`move_cap_for`.
    move_cap: ClassVar[int] = 20_000

    def __init__(self, game: Game, seed: int, deck: Sequence[str] | None = None) -> None:
        self.game = game
        self.options = game.options
        self.pack = self.pack_for(game.options)
        self.direction = self.direction_for(game.options)
        self.move_cap = self.move_cap_for(game.options)
        self.n = game.num_players
        self.seed = seed
        self.rng = Rng(seed)
        self.deck_codes = list(deck) if deck is not None else None
        self.stacked = self._stacked_deck(deck)
        self.history: list[Action] = []
        #: The story (read it through :attr:`log`): told lines, and lines noted to be written later.
        self._story: list[Event | tuple[Any, ...]] = []
        #: How many lines of ``_story`` from the start are written out (all of them Events).
        self._story_written = 0
        self.phase = ""
        self.names = seat_names(self.n)
        self.outcome = None  # (and is_over False: see the property)
        #: The legal actions just listed by :meth:`legal_actions`, until the next move (see :meth:`apply`).
        self._fresh_legal: list[Action] | None = None
        #: The ``_do_<phase>`` of the phase those actions were listed in (found with the lister).
        self._fresh_do: Callable[[Any, Action], None] | None = None
        #: This class's (lister, do) by phase (see phase_methods), shared by its states and their copies.
        self._phases = _phase_methods.setdefault(type(self), {})
        #: The last hand that ended (see :meth:`hand_ended`), and where the hand now in play began.
        self.last_hand_end: HandEnd | None = None
        self._hand_story_start = 0
        #: Called with this state the moment a hand ends, before the next deal (the web table keeps
        #: the ended table from it); never copied to a clone, so a search pays nothing for it.
        self.on_hand_end: Callable[[State], None] | None = None
        self.setup()
        # Rows on the sheet before any card is played (a starting stake) belong to no hand.
        sheet = self.scoresheet()
        self._hand_rows_start = len(sheet.rows) if sheet is not None else 0

    @classmethod
    def pack_for(cls, options: dict[str, Any]) -> Pack:
        """The pack these options call for (a game whose pack depends on options overrides this)."""
        return cls.pack

    @classmethod
    def direction_for(cls, options: dict[str, Any]) -> int:
        """Which way play passes under these options (+1 clockwise, -1 counter-clockwise)."""
        return cls.direction

    @classmethod
    def move_cap_for(cls, options: dict[str, Any]) -> int:
        """The most actions a game under these options may hold."""
        return cls.move_cap

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Refuse, with an :class:`OptionError` in words, options that are each allowed but not
        together (Twenty-Five's teams need a count of players that divides into them)."""

    # -- to write in a game module
    def setup(self) -> None:
        """Deal the first hand and set the first phase."""
        raise NotImplementedError

    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the game is over."""
        raise NotImplementedError

    def actors(self) -> list[int]:
        """The seats that may act now: the player to move (OpenSpiel's current player); a game
        without turns lists every seat that may act (:class:`parlour.simultaneous.SimultaneousPlay`)."""
        mover = self.to_move()
        return [] if mover is None else [mover]

    def _view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, action: Action) -> str:
        """A label for a button or a card: what the action does, in words."""
        card = self.pack.find(action)
        if card is not None:
            return f"Play {C.short(card)}"
        return action

    def prompt(self) -> str:
        """What the player to move is asked to do."""
        return ""

    def status(self) -> str:
        """The table's line of standing under the middle (the hand, the trumps, the count): the
        view's ``status``, unless the game's ``_view`` writes one of its own."""
        return ""

    def prompt_for(self, player: int | None) -> str:
        """The prompt ``player``'s view shows (a game without turns words it for each reader)."""
        return self.prompt() if self.to_move() is not None else ""

    def hint(self, player: int) -> str | None:
        """A learner's hint for ``player`` ("show me a solution"), in words; ``None`` when the game
        offers none.  Asking changes nothing in the game."""
        return None

    def returns(self) -> list[float]:
        """Each seat's result for benchmarks: a share of the win (OpenSpiel-style utility)."""
        result = [0.0] * self.n
        if self.outcome and self.outcome.winners:
            share = 1.0 / len(self.outcome.winners)
            for seat in self.outcome.winners:
                result[seat] = share
        return result

    def playout_estimate(self) -> list[float] | None:
        """Each seat's expected share of the win from here (each in [0, 1], summing to 1), judged from
        the position alone: how the search bot scores a playout cut off at the game's
        ``playout_horizon``.  ``None``: no estimate here (the playout plays on to the end of the hand)."""
        return None

    def all_cards(self) -> list[Card]:
        """Every card of the pack wherever it is now (hands, tricks, piles): tests check none is lost."""
        raise NotImplementedError

    def scoresheet(self) -> ScoreSheet | None:
        return getattr(self, "sheet", None)

    def taken_this_hand(self) -> tuple[str, tuple[tuple[str, int], ...]] | None:
        """What each player or partnership took this hand, for the hand's summary: a noun ("trick")
        and (name, count) pairs; ``None`` where the game counts nothing taken (its story says it)."""
        return None

    def hand_ended(self) -> None:
        """A hand is over and scored on the sheet: note what its summary needs (see :class:`HandEnd`).

        Called once per hand by the shared scoring (:meth:`parlour.scoring.MatchScoring.hand_scored`),
        before the next deal."""
        sheet = self.scoresheet()
        if sheet is None:
            return
        stop = len(self._story)
        rows = tuple([(label, tuple(values)) for label, values in sheet.rows[self._hand_rows_start:]])
        # HandEnd(...) without the named tuple's argument handling (as new_event makes a story line).
        self.last_hand_end = new_event(HandEnd, (len(self.history), self._hand_story_start, stop,
                                                 tuple(sheet.columns), rows, tuple(sheet.totals),
                                                 self.taken_this_hand(), self.count_noted()))
        self._hand_story_start = len(self._story)
        self._hand_rows_start = len(sheet.rows)
        if self.on_hand_end is not None:
            self.on_hand_end(self)
            self._fresh_legal = None  # moves listed mid-move are no list a later move may trust

    def hand_summary(self, player: int | None = None) -> HandSummary | None:
        """The summary of the last hand that ended, as ``player`` may read it; ``None`` before any."""
        end = self.last_hand_end
        if end is None:
            return None
        told = self.log[end.story_start:end.story_stop]
        count = self.count_walkthrough(end.counted, player) if end.counted is not None else []
        return end.summary([t for e in told if e.kind in SCORING_KINDS and (t := e.for_player(player))], count)

    def count_noted(self) -> Any:
        """What the walk through this hand's count will need, noted as the hand ends: cheap and never
        changed afterwards (a search ends many hands nobody reads); ``None`` where there is none."""
        return None

    def count_walkthrough(self, noted: Any, player: int | None) -> list[CountedHand]:
        """The last hand's count step by step, each combination with its cards, from what
        :meth:`count_noted` kept, as ``player`` may read it (the live table's summary walks through it)."""
        return []

    # -- shared machinery
    #: Whether the game is over: kept by :attr:`outcome` (a plain attribute, not worked out on each
    #: read: it is asked before every move of every playout).
    is_over: bool = False

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it is in play); setting it sets :attr:`is_over` too."""
        return self._outcome

    @outcome.setter
    def outcome(self, outcome: Outcome | None) -> None:
        self._outcome = outcome
        self.is_over = outcome is not None

    def _dispatch(self, kind: str) -> Callable[..., Any]:
        method = getattr(self, f"_{kind}_{self.phase}", None)
        if method is None:
            raise RuntimeError(f"{type(self).__name__} has no {kind} for phase {self.phase!r}")
        return method

    @property
    def at_move_cap(self) -> bool:
        """The game has taken as many actions as one game may hold (see :attr:`move_cap`)."""
        return len(self.history) >= self.move_cap

    def move_cap_reason(self) -> str:
        return f"This game has reached {self.move_cap} moves, the most one game may hold: start a new deal."

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the player to move), in a stable order; none
        for a seat that may not act now.  (A game without turns lists each seat's its own way:
        :class:`parlour.simultaneous.SimultaneousPlay`.)

        A phase may list them itself, fast (``_legal_<phase>``, say from bit masks); it must
        give exactly the candidates whose verify reason is ``None`` (:meth:`verified_actions`),
        and a test holds every such phase to that over many random positions.
        """
        if self.is_over or len(self.history) >= self.move_cap:  # at_move_cap, written out
            return []
        if player is not None and player != self.to_move():
            return []
        try:
            fast, self._fresh_do = self._phases[self.phase]
        except KeyError:
            fast, self._fresh_do = phase_methods(type(self), self.phase)
        legal = fast(self) if fast is not None else self.verified_actions()
        self._fresh_legal = legal
        return legal

    def verified_actions(self) -> list[Action]:
        """The candidates of this phase that the phase's verify allows: the definition of legal."""
        if self.is_over or self.at_move_cap:
            return []
        verify = self._dispatch("verify")
        return [a for a in self._dispatch("candidates")() if verify(a) is None]

    def forget_legal(self) -> None:
        """The position was changed by hand (a test's short hand): the legal actions listed before
        no longer hold, so the next move is verified in full."""
        self._fresh_legal = None

    def canonical(self, action: Action) -> Action | None:
        """The one spelling of ``action`` the history stores (a candidate of this phase), or ``None``.

        Takes what a person types: a candidate in any case and spacing, and a card the pack knows
        in any spelling (``q♠``, ``10h``).  Only canonical forms are applied, so every record and
        code holds exactly what :meth:`legal_actions` lists.  A game with a grammar of its own
        (Accordion's ``9C>7C``) overrides this.
        """
        if not isinstance(action, str):
            return None
        candidates = self._dispatch("candidates")()
        if action in candidates:
            return action
        folded = action.strip().lower()
        for candidate in candidates:
            if candidate.lower() == folded:
                return candidate
        card = self.pack.find(action)
        if card is not None and C.code(card) in candidates:
            return C.code(card)
        return None

    def standing_reason(self, action: Action) -> str | None:
        """Why nothing may be played now (the game is over, or has reached its move cap), or why
        ``action`` is no move at all; ``None`` if it is a move to check."""
        if self.is_over:
            return "The game is over."
        if not isinstance(action, str) or not action.strip():
            return "An action must be a non-empty piece of text."
        if self.at_move_cap:
            return self.move_cap_reason()
        return None

    def _judge(self, action: Action) -> tuple[Action, str | None]:
        """``action``'s canonical form and why it is illegal (``None``: legal), from one check."""
        reason = self.standing_reason(action)
        if reason is not None:
            return action, reason
        verify = self._dispatch("verify")
        form = self.canonical(action)
        if form is not None:
            return form, verify(form)
        # Not a move of this phase: its own check says why (a card not held, an unknown word).
        card = self.pack.find(action)
        reason = verify(C.code(card) if card is not None else action)
        return action, reason or f"{action!r} is not a move you can make now."

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, in plain words; ``None`` if it is legal."""
        return self._judge(action)[1]

    def can(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> None:
        """Take ``action`` (stored in its canonical form); raise :class:`IllegalAction` (state
        untouched) if the rules forbid it.

        An action from the list :meth:`legal_actions` has just given for this position was
        checked there (and is spelled as the record keeps it), so it is not checked again; any
        other action is judged in full.
        """
        fresh, self._fresh_legal = self._fresh_legal, None
        if fresh is not None and action in fresh:
            form, do = action, self._fresh_do  # the phase's do, found with its lister
        else:
            form, reason = self._judge(action)
            if reason is not None:
                raise IllegalAction(action, reason)
            try:
                do = _phase_methods[type(self)][self.phase][1]
            except KeyError:
                do = phase_methods(type(self), self.phase)[1]
        if do is None:
            raise RuntimeError(f"{type(self).__name__} has no do for phase {self.phase!r}")
        self.history.append(form)
        do(self, form)

    def parse(self, text: str) -> Action:
        """Turn typed text into an action: its canonical form when it names a move, else the text."""
        return self.canonical(text) or text.strip()

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game: options, seed, actions (and a stacked deck)."""
        rec: dict[str, Any] = {"game": self.game.id, "options": self.game.changed_options(),
                               "seed": self.seed, "actions": list(self.history)}
        if self.deck_codes is not None:
            rec["deck"] = list(self.deck_codes)
        return rec

    def clone(self) -> "State":
        """An independent copy of this position, made in time proportional to the state (not by
        replaying its history): what a search bot needs to try moves."""
        return copy_state(self)

    def end(self, winners: tuple[int, ...], text: str) -> None:
        """The game is over: record the outcome and tell the story's last line."""
        self.outcome = Outcome(winners, text)
        self.say(f"Game over. {text}", kind="end")

    # -- narrative
    def say(self, text: str | None, *, secret: str | None = None, owner: int | None = None,
            kind: str = "") -> None:
        self._story.append(new_event(Event, (len(self.history), text, secret, owner, kind)))

    def say_later(self, kind: str, write: Callable[..., str], *parts: Any) -> None:
        """Tell a public line whose text is ``write(*parts)``, written only when the story is read.

        For the lines told on almost every move (a card played, a trick taken): most states made by
        a search or a benchmark are never read, and making the text is most of a move's cost.  The
        line keeps its place and its step; ``write`` must be a pure function of ``parts`` (which
        must not change), so the text read later is the text that :meth:`say` would have told.
        A line with a secret (what :meth:`say` tells with ``secret`` and ``owner``) has a ``write``
        that returns the three, ``(text, secret, owner)``, instead of the text alone."""
        self._story.append((write, len(self.history), kind, *parts))

    @property
    def log(self) -> list[Event]:
        """The story so far, one :class:`Event` a line (lines told with :meth:`say_later` are
        written out here, on the first read)."""
        story = self._story
        if self._story_written < len(story):
            for index in range(self._story_written, len(story)):
                line = story[index]
                if type(line) is tuple:
                    write, step, kind, *parts = line
                    told = write(*parts)  # the text, or (text, secret, owner)
                    story[index] = new_event(Event, (step, told, None, None, kind) if type(told) is str
                                             else (step, *told, kind))
            self._story_written = len(story)
        return story  # type: ignore[return-value]

    @log.setter
    def log(self, events: list[Event]) -> None:
        self._story = events  # type: ignore[assignment]
        self._story_written = len(events)

    def narrative(self, player: int | None = None) -> list[str]:
        return [t for e in self.log if (t := e.for_player(player)) is not None]

    # -- seats
    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.n

    def seats_from(self, first: int) -> list[int]:
        return [self.next_seat(first, i) for i in range(self.n)]

    # -- chance
    def _stacked_deck(self, deck: Sequence[str] | None) -> list[Card] | None:
        if deck is None:
            return None
        cards = [self.pack.card(code) for code in deck]
        if sorted(cards) != sorted(self.pack.cards):
            raise ValueError(f"a stacked deck must hold each card of the {self.pack.description} once")
        return cards

    def shuffled_pack(self) -> list[Card]:
        """A shuffled pack, top card first.  The first deal of a stacked game uses the stacked order."""
        if self.stacked is not None:
            cards, self.stacked = self.stacked, None
            return cards
        cards = list(self.pack.cards)
        self.rng.shuffle(cards)
        return cards

    # -- the reader's view
    def view(self, player: int | None = None, hand_over: bool = False) -> dict[str, Any]:
        """What ``player`` may see (``None``: everything), as JSON-ready data.  ``hand_over``: the
        table the moment a hand ends, before the next deal (see :attr:`on_hand_end`): no one is to
        play it, so it names no turn, prompt or move."""
        view = self._view(player)
        mover = None if hand_over else self.to_move()
        view.update({
            "game": self.game.id,
            "title": self.game.info.name,
            "step": len(self.history),
            "perspective": player,
            "to_move": mover,
            "phase": self.phase,
            "prompt": "" if hand_over else self.prompt_for(player),
            "log": [{"step": e.step, "kind": e.kind, "text": t} for e in self.log
                    if (t := e.for_player(player)) is not None],
            "outcome": self.outcome.as_dict() if self.outcome else None,
        })
        sheet = self.scoresheet()
        view.setdefault("score", sheet.as_dict() if sheet else None)
        if "status" not in view:
            view["status"] = self.status()
        if mover is not None:
            view.setdefault("turn_seat", getattr(self, "turn", mover))
        if mover is not None and (player is None or player in self.actors()):
            view["legal"] = [self.action_info(a) for a in self.legal_actions(player)]
            if self.amount_verbs and (amounts := amount_controls(view["legal"], self.amount_verbs, self.usual_amounts)):
                view["amounts"] = amounts
            verbs = self.compose_verbs()
            if verbs:
                view["compose"] = verbs
        else:
            view["legal"] = []
        return view

    #: Verbs of moves that name an amount (``bid:7``): each such move is marked with its amount, and
    #: when there are too many for a button each the page offers the usual ones and a number box.
    amount_verbs: ClassVar[tuple[str, ...]] = ()

    def usual_amounts(self, verb: str) -> tuple[int, ...]:
        """The amounts of ``verb`` offered as buttons beside the number box (the rules page's usual
        bids); those not legal now are left out."""
        return ()

    def action_info(self, action: Action) -> dict[str, Any]:
        card = self.pack.find(action)
        return {"action": action, "label": self.describe(action),
                "card": C.code(card) if card is not None and C.code(card) == action else None,
                "parts": self.action_parts(action)}

    def action_parts(self, action: Action) -> list[str]:
        """What the reader picks to make ``action``: the card for a card played, nothing for a
        word such as ``"pass"``; games whose moves are made of several parts say which."""
        card = self.pack.find(action)
        return [action] if card is not None and C.code(card) == action else []

    def compose_verbs(self) -> list[dict[str, Any]]:
        """Verbs the reader may try on what they picked (``{"verb": "capture", "label": "Capture"}``),
        for games whose moves are made of several parts: trying one the rules refuse brings the reason."""
        return []


# --- fast legal lists and copies ----------------------------------------------

#: Per class, per phase: its fast lister (or ``None``) and its ``_do_<phase>`` (or ``None``), found
#: once and together: :meth:`State.legal_actions` looks the pair up once a move, and :meth:`State.apply`
#: takes the do from there for an action from that list.
_phase_methods: dict[type, dict[str, tuple[Callable[[Any], list[Action]] | None,
                                           Callable[[Any, Action], None] | None]]] = {}


def phase_methods(kind: type[State], phase: str) -> tuple[Callable[[Any], list[Action]] | None,
                                                          Callable[[Any, Action], None] | None]:
    """``kind``'s fast lister for ``phase`` (:func:`fast_legal_method`) and its ``_do_<phase>``."""
    methods = _phase_methods.setdefault(kind, {}).get(phase)
    if methods is None:
        methods = _phase_methods[kind][phase] = (_resolve_fast_legal(kind, phase),
                                                 getattr(kind, f"_do_{phase}", None))
    return methods


def fast_legal_method(kind: type[State], phase: str) -> Callable[[Any], list[Action]] | None:
    """``kind``'s fast lister for ``phase`` (its ``_legal_<phase>``), or ``None``.

    A fast lister is used only where it is at least as specific as the phase's candidates and
    verify: a game that adds moves of its own to a phase (it overrides ``_candidates_play``)
    without listing them fast falls back to the verify path, and stays correct.
    """
    return phase_methods(kind, phase)[0]


def _resolve_fast_legal(kind: type, phase: str) -> Callable[[Any], list[Action]] | None:
    def owner(name: str) -> type | None:
        return next((k for k in kind.__mro__ if name in k.__dict__), None)

    fast = owner(f"_legal_{phase}")
    if fast is None:
        return None
    for rule in (owner(f"_candidates_{phase}"), owner(f"_verify_{phase}")):
        if rule is not None and not issubclass(fast, rule):
            return None
    return getattr(kind, f"_legal_{phase}")


def copy_state(state: State) -> State:
    """A copy of ``state`` sharing only what never changes (see :mod:`parlour.copying`)."""
    memo: dict[int, Any] = {
        id(state.options): state.options,
        # The story's lines never change once told (an Event, or a line to write later from parts that
        # never change: say_later), so the copy's story is a new list of the same lines. Copied one
        # by one they made most of a clone's time, and a story grows all game long.
        id(state._story): list(state._story),
        # Likewise the history: its actions are text (Action is str), and it too grows all game.
        id(state.history): list(state.history),
        id(state._phases): state._phases,  # the class's table of phase methods
    }
    copy = copy_value(state, memo)
    copy._fresh_legal = None
    copy.on_hand_end = None  # the web table's watch stays with the table's own state
    return copy
