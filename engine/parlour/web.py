"""The engine's side of the page ↔ worker protocol (version 1).

The browser runs this module inside Pyodide, in a Web Worker.  The page sends
small JSON messages; :func:`handle_json` checks every one of them and answers
with JSON — a table's state (HTML drawn by :mod:`parlour.render`, the same
renderer the static pages use), a reason, a game code, or an ``error`` whose
message the page shows to the reader.  Nothing a page sends can crash the
engine or lose a game in progress: a refused message leaves every table as
it was.  An error's ``kind`` is ``illegal`` or ``refused`` (a plain message for
the reader), or ``bug`` — an internal error, never the reader's doing, whose
``message`` is only :data:`SOMETHING_WENT_WRONG` and whose ``detail`` the page
logs to the console.  A state with ``stalled`` set has reached its game's move
cap: its prompt says so and no one moves again.

Messages (all carry ``v`` = 1, an integer ``id`` echoed in the reply, and ``type``):

``new``      table, game, options, seed, seat, people, strength, pace, sort — deal a new game
``restore``  table, code | record, seat, people, strength, pace, sort — a shared link or a saved game
``take``     table, seat                       — the person in ``seat`` has the device (a pass is done)
``view``     table                             — the table as it stands
``apply``    table, action                     — the reader's move
``explain``  table, action                     — why that move is (il)legal
``undo``     table [, agreed]                  — take back the reader's last move (``agreed``: every
                                                person whose moves it also takes back said yes)
``bot``      table [, seat, token]             — one computer player's move
``bots``     table                             — every computer move up to the reader's turn
``hint``     table                             — a learner's hint: the game's own ("show me a solution"),
                                                or what the rule bot would play in the reader's place and why
``code``     table                             — a share code for the game
``replay``   record, step                      — a worked example at a given step
``sort``     table, by                         — show the reader's hand sorted ``by`` ("suit", "rank"),
                                                for games that offer a choice (``sorts`` in a state)
``count``    game, inputs                      — a game's "count my hand" helper (Cribbage's show)

A state's ``hand_summary`` (the last hand that ended) carries ``table_html``, the table as the reader
saw it after that hand's last move and before the next deal, while the game goes on: the page draws
it under the summary, instead of the next deal, until the reader's Continue.

Games without turns (:mod:`parlour.simultaneous`) play in real time.  Their state replies carry
``clock``: each computer player's planned move as a seat, a token and a delay in milliseconds
(:mod:`parlour.clock`).  The page sets one timer per plan and, when it fires, sends ``bot`` with
that seat and token; the plan lands if it still stands.  The reader's ``apply`` may come at any
moment.  Messages are answered one at a time in the order they arrive, so moves land in arrival
order; a move an earlier arrival has made illegal is refused with the reason, and nothing else is
lost.  ``pace`` (one of the table's ``paces``) sets how quickly the computer players play.

Several people at one screen: ``people`` lists the seats played by people (``seat``, the one who
holds the device first, among them); computer players take the others.  The table shows one
person's view at a time.  When the turn comes to another person the state carries ``pass_to`` and
no table, hand, story or hint at all — the page shows "Pass the device to North" — until ``take``
says that person has the device.  Undo takes back only the holder's own last move; if another
person has moved since, the reply is ``{"type": "confirm"}`` with their names, and ``agreed``
sends it again once they said yes.  A game without turns needs a screen for each person: it is
played by one person here.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from . import render
from .bots import Bot, explain, make_bot
from .clock import DEFAULT_PACE, PACES, Clock, paces_for
from .codec import MAX_CODE_CHARS, CodeError, decode, encode, restore
from .core import CountError, GameSpec, IllegalAction, OptionError, State
from .person import second_person, second_person_prompt, told_to
from .limits import MAX_NAME_CHARS, JsonRefused, checked_options, load_json, short_text
from .registry import UnknownGame, load, spec
from .rng import MAX_SEED, sub_seed
from .search import has_strong
from .view import clickable
from .words import names_and

PROTOCOL_VERSION = 1
MAX_TABLES = 16
#: Message ids must survive a trip through JavaScript numbers unchanged.
MAX_ID = 2**53 - 1
#: What an internal error (a bug, never the reader's doing) looks like on the page; the details
#: go to the browser console.  The page saves the game after every move, so it is never lost.
SOMETHING_WENT_WRONG = "Something went wrong — your game is saved."

#: Fields each message type may carry (besides v, id, type), with their checks.
_TEXT = (str,)
#: The longest each text field may be.
TEXT_LIMITS = {"code": MAX_CODE_CHARS}
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "new": {"table": _TEXT, "game": _TEXT, "options": (dict,), "seed": (int,), "seat": (int,),
            "people": (list,), "strength": _TEXT, "pace": _TEXT, "sort": _TEXT},
    "restore": {"table": _TEXT, "code": _TEXT, "record": (dict,), "seat": (int,), "people": (list,),
                "strength": _TEXT, "pace": _TEXT, "sort": _TEXT},
    "take": {"table": _TEXT, "seat": (int,)},
    "view": {"table": _TEXT},
    "apply": {"table": _TEXT, "action": _TEXT},
    "explain": {"table": _TEXT, "action": _TEXT},
    "undo": {"table": _TEXT, "agreed": (bool,)},
    "bot": {"table": _TEXT, "seat": (int,), "token": (int,)},
    "bots": {"table": _TEXT},
    "hint": {"table": _TEXT},
    "code": {"table": _TEXT},
    "replay": {"record": (dict,), "step": (int,)},
    "sort": {"table": _TEXT, "by": _TEXT},
    "count": {"game": _TEXT, "inputs": (dict,)},
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "new": ("table", "game"), "restore": ("table",), "take": ("table", "seat"), "view": ("table",), "apply": ("table", "action"),
    "explain": ("table", "action"), "undo": ("table",), "bot": ("table",), "bots": ("table",), "hint": ("table",),
    "code": ("table",), "replay": ("record", "step"), "sort": ("table", "by"), "count": ("game", "inputs"),
}


#: The computer players' strength a reader picks → the bot that plays at it.
STRENGTHS: dict[str, str] = {"beginner": "random", "family": "rule", "strong": "search"}
DEFAULT_STRENGTH = "family"
#: The strong bot's budget for one move: it stops thinking at whichever comes first.
STRONG_BUDGET: dict[str, Any] = {"iterations": 400, "seconds": 0.5}


class ProtocolError(ValueError):
    """A message the protocol does not allow; the text says what is wrong."""


@dataclass
class Table:
    """A live game at the page: the state, the reader's seat and the bots for the other seats."""

    state: State
    seat: int
    bots: list[Bot] = field(default_factory=list)
    strength: str = DEFAULT_STRENGTH
    #: A game without turns: the computer players' pace and their clock.
    pace: str = DEFAULT_PACE
    clock: Clock | None = None
    #: How the reader's hand is sorted (one of the game's ``hand_sorts``; empty: the game's own order).
    sort: str = ""
    #: The seats people play (``seat``, the one holding the device, among them); computers play the rest.
    people: tuple[int, ...] = ()
    #: Whether the person in ``seat`` has taken the device (tapped the pass screen) since it was passed.
    #: With one person there is nothing to pass: always true.
    handed: bool = True

    def __post_init__(self) -> None:
        self.people = self.people or (self.seat,)

    @property
    def shared(self) -> bool:
        """Several people take turns at this one screen."""
        return len(self.people) > 1

    def pass_to(self) -> int | None:
        """The person the device must go to before anything of a hand is shown, or ``None``: the next
        person to move when it is not the holder, or the holder when they have not taken it yet."""
        state = self.state
        if not self.shared or state.is_over:
            return None
        mover = state.to_move()
        if mover in self.people and mover != self.seat:
            return mover
        return None if self.handed else self.seat
    #: The table as the reader saw it when the last hand ended, before the next deal (see :func:`watch`).
    ended: EndedTable | None = None

    def start_clock(self) -> None:
        """Computer players on their own clocks, for a game without turns (timed from the seed)."""
        if self.state.simultaneous:
            others = {s: bot for s, bot in enumerate(self.bots) if s != self.seat}
            self.clock = Clock(self.state, others, paces_for(others, self.pace), seed=self.state.seed,
                               reader=self.seat)


@dataclass
class EndedTable:
    """The table the moment a hand ended, after its last move and before the next deal, as one
    reader may see it: the page shows it under the hand's summary until Continue."""

    #: How many actions the game had taken (the hand summary's ``step``).
    step: int
    view: dict[str, Any]
    pack: Any
    #: Drawn once, when first sent (every reply sends it until the next hand ends).
    drawn: str = ""

    def html(self) -> str:
        if not self.drawn:
            self.drawn = render.table(self.view, self.pack, interactive=False)
        return self.drawn


def watch(table: Table) -> None:
    """Keep the table as it stands at each hand's end (only what the reader's seat may see: the
    next deal is not dealt yet, so nothing of it can show)."""
    def keep(state: State) -> None:
        view = told_to(state.view(table.seat, hand_over=True), reader_name(table))
        table.ended = EndedTable(len(state.history), view, state.pack)
    table.state.on_hand_end = keep


def watched_replay(table: Table, state: State) -> State:
    """``state`` for ``table`` (a game reopened or an undo), watched from now on; a game stopped
    right at a hand's end has its last move played again under watch, so the ended table is there
    to show with the summary (one more replay of the game, only then)."""
    end = state.last_hand_end
    table.ended = None
    if end is not None and end.step == len(state.history) and not state.is_over:
        history = state.history
        state = state.game.replay(state.seed, history[:end.step - 1], state.deck_codes)
        table.state = state
        watch(table)
        for action in history[end.step - 1:]:
            state.apply(action)
    table.state = state
    watch(table)
    return state


_tables: dict[str, Table] = {}


def _seat_at_table(message: dict[str, Any], state: State) -> dict[str, Any]:
    """Put the reader in the message's seat at a table for ``state``, computer players of the
    message's strength in every other seat."""
    game = state.game
    strength = _strength(message, state)
    kind = STRENGTHS[strength]
    budget = STRONG_BUDGET if kind == "search" else {}
    bots: list[Bot] = [make_bot(game, kind, sub_seed(state.seed, s), **budget) for s in range(game.num_players)]
    seat = _seat(message, state)
    people = _people(message, state, seat)
    table = Table(state, seat, bots, strength, _pace(message, state),
                  sort=_sort(message.get("sort", ""), state), people=people, handed=len(people) == 1)
    watched_replay(table, state)
    table.start_clock()
    _put(message["table"], table)
    return state_payload(message["table"], table)


def _sort(by: str, state: State) -> str:
    """A hand order the game offers (or "" for its own order)."""
    sorts = getattr(state, "hand_sorts", ())
    if by and by not in sorts:
        offered = ", ".join(sorts) if sorts else "none (this game keeps its own order)"
        raise ProtocolError(f"a hand cannot be sorted by {by!r}; ways to sort: {offered}")
    return by


def strengths_offered(game: GameSpec) -> list[str]:
    """The strengths a game's table offers: Strong only where there is one (:func:`parlour.search.has_strong`:
    the search bot searches, or a race has its own Strong bot; elsewhere it would play as Family) and
    measurement has not withheld it (``GameSpec.strong_withheld``)."""
    strong = has_strong(game) and not game.strong_withheld
    return [s for s, kind in STRENGTHS.items() if kind != "search" or strong]


def _strength(message: dict[str, Any], state: State) -> str:
    strength = message.get("strength", DEFAULT_STRENGTH)
    offered = strengths_offered(state.game.spec)
    if strength not in offered:
        raise ProtocolError(f"strength must be one of {', '.join(offered)} in {state.game.info.name}, "
                            f"not {strength!r}")
    return strength


def _pace(message: dict[str, Any], state: State) -> str:
    """The computer players' pace for a game without turns (one of the paces its table offers)."""
    pace = message.get("pace", DEFAULT_PACE)
    offered = getattr(state, "paces", ())
    if state.simultaneous and pace not in offered:
        raise ProtocolError(f"pace must be one of {', '.join(offered)}, not {pace!r}")
    return pace


def _seat(message: dict[str, Any], state: State) -> int:
    seat = message.get("seat", 0)
    if not 0 <= seat < state.game.num_players:
        raise ProtocolError(f"seat must be from 0 to {state.game.num_players - 1}")
    return seat


def _people(message: dict[str, Any], state: State, seat: int) -> tuple[int, ...]:
    """The seats people play at one screen (the message's ``people``, or the reader alone)."""
    people = message.get("people", [seat])
    n = state.game.num_players
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in people):
        raise ProtocolError(f"people must list seats from 0 to {n - 1}")
    if len(set(people)) != len(people):
        raise ProtocolError("people lists a seat twice")
    if seat not in people:
        raise ProtocolError("the seat holding the device must be one of the people's seats")
    if len(people) > 1 and state.simultaneous:
        raise ProtocolError(f"{state.game.info.name} has no turns: everyone plays at once, so each person "
                            "needs a screen of their own; here one person plays against the computer")
    return tuple(sorted(people))


def _table(message: dict[str, Any]) -> Table:
    name = message["table"]
    if name not in _tables:
        raise ProtocolError(f"there is no table {name!r}: start a new game")
    return _tables[name]


def _put(name: str, table: Table) -> None:
    if len(name) > 64:
        raise ProtocolError("a table name must be at most 64 characters")
    if name not in _tables and len(_tables) >= MAX_TABLES:
        _tables.pop(next(iter(_tables)))
    _tables[name] = table


def reader_name(table: Table) -> str:
    """The reader's seat name, which every text the page shows calls "you" (a game for one player
    already names its seat "You": nothing to change)."""
    name = table.state.names[table.seat]
    return "" if name == "You" else name


def _table_fields(name: str, table: Table) -> dict[str, Any]:
    """What every state the page draws carries, whoever is looking: which table and game, the seat
    shown, the step and the mover, the settings, the record to save, and the last hand's summary
    (what that hand's end showed everyone)."""
    state = table.state
    return {
        "type": "state", "table": name, "game": state.game.id, "game_name": state.game.info.name, "seat": table.seat,
        "step": len(state.history), "to_move": state.to_move(),
        "record": state.record(), "options": state.game.options, "seed": state.seed,
        "strength": table.strength, "sort": table.sort,
        "hand_summary": hand_summary(table), "names": list(state.names), "people": list(table.people),
    }


def state_payload(name: str, table: Table) -> dict[str, Any]:
    """Everything the page draws for one table (while the device is being passed, only what anyone
    at the table may see: see :func:`pass_payload`)."""
    if (person := table.pass_to()) is not None:
        return pass_payload(name, table, person)
    state = table.state
    over = state.is_over
    if hasattr(state, "sort_by"):
        state.sort_by = table.sort  # a setting of the reader's table, not of the game
    reader = reader_name(table)
    reader_view = told_to(state.view(table.seat), reader)
    # At the end every hand is shown; during play only what the reader may see.
    view = told_to(state.view(None), reader) if over else reader_view
    mover = state.to_move()
    stalled = not over and state.at_move_cap
    # In a game without turns the reader may act whenever their seat is among those who may.
    mine = not stalled and (table.seat in state.actors() if state.simultaneous else mover == table.seat)
    # It is the reader's turn, at a table without turns, while they may act and are not waiting for the others.
    turn = mine and not (state.simultaneous and state.waiting(table.seat))  # type: ignore[attr-defined]
    if stalled:
        prompt = state.move_cap_reason()
    elif mine or state.simultaneous:
        prompt = reader_view["prompt"]
    else:
        prompt = "" if over else f"Waiting for {state.names[mover] if mover is not None else ''}…"
    outcome = state.outcome.as_dict() if state.outcome else None
    if outcome:
        outcome["text"] = second_person(outcome["text"], reader)
    payload = {
        **_table_fields(name, table),
        "human_turn": turn and not over,
        "over": over, "stalled": stalled, "outcome": outcome,
        "prompt": second_person_prompt(prompt, reader),
        "table_html": render.table(view, state.pack, interactive=not over and mine),
        "score_html": render.score(view.get("score")),
        "score_line": render.score_line(view.get("score")),
        "log": [e["text"] for e in reader_view["log"]],
        "legal": clickable(reader_view),
        "compose": reader_view.get("compose", []),
        "sorts": list(getattr(state, "hand_sorts", ())),
        # A trick has just been finished (the table shows it with its taker): the page lingers on it.
        "trick_done": render.trick_finished(reader_view),
        # The game has a hint of its own (Twenty-Four's solution), asked for from its own control.
        "own_hint": type(state).hint is not State.hint,
    }
    if table.clock is not None:
        payload.update({"simultaneous": True, "clock": table.clock.delays(), "pace": table.pace,
                        "paces": [PACES[p].as_dict() for p in getattr(state, "paces", ())]})
    return payload


def pass_payload(name: str, table: Table, person: int) -> dict[str, Any]:
    """The state while the device goes to ``person``: whose turn it is, the score, the summary of a
    hand just ended and the game's record (for the save) — no table, hand or story, so nothing of
    anyone's hidden cards is on the screen while it changes hands."""
    state = table.state
    view = state.view(person)
    who = state.names[person]
    # A hand that has just ended is summed up before the device goes round (in the table fields).
    return {
        **_table_fields(name, table),
        "human_turn": False, "over": False, "stalled": False, "outcome": None,
        "pass_to": {"seat": person, "name": who},
        "prompt": f"Pass the device to {who}.",
        "table_html": "", "score_html": render.score(view.get("score")),
        "score_line": render.score_line(view.get("score")), "log": [], "legal": [], "compose": [],
        "sorts": [], "trick_done": False, "own_hint": False,
    }


def _take(message: dict[str, Any]) -> dict[str, Any]:
    """The person the device was passed to has it: their view of the table from now on."""
    table = _table(message)
    person = table.pass_to()
    if person is None:
        raise ProtocolError("the device is not being passed just now")
    if message["seat"] != person:
        raise ProtocolError(f"the device goes to {table.state.names[person]} now")
    table.seat, table.handed = person, True
    return state_payload(message["table"], table)


def hand_summary(table: Table) -> dict[str, Any] | None:
    """The summary of the last hand that ended (``step`` says when), as the reader may read it, or
    ``None`` before any: the page shows one whose step it has not shown yet, however many computer
    moves came after it, and waits for the reader before play goes on."""
    summary = table.state.hand_summary(table.seat)
    if summary is None:
        return None
    told = told_to(summary.as_dict(), reader_name(table))
    ended = table.ended
    if ended is not None and ended.step == summary.step and not table.state.is_over:
        # The table as the hand left it, to show under the summary until Continue (at the game's end
        # the table itself stays as it ended).
        told["table_html"] = ended.html()
    # The count's own drawing of each hand (docs/assets/table/walkthrough.js marks the cards of each step).
    codes = {code for hand in told["count"] for code in hand["cards"]}
    told["pictures"] = {code: render.card(code, table.state.pack) for code in sorted(codes)}
    return told


def _new(message: dict[str, Any]) -> dict[str, Any]:
    options = checked_options(message.get("options", {}))
    seed = message.get("seed", 1)
    if not 0 <= seed <= MAX_SEED:
        raise ProtocolError(f"the seed must be from 0 to {MAX_SEED}")
    state = load(message["game"], **options).new(seed)
    return _seat_at_table(message, state)


def _restore(message: dict[str, Any]) -> dict[str, Any]:
    if ("code" in message) == ("record" in message):
        raise ProtocolError("restore needs either a code or a record")
    state = decode(message["code"]) if "code" in message else restore(message["record"])
    return _seat_at_table(message, state)


def _holding(table: Table) -> None:
    """Refuse a move, a question or a hint while the device is on its way to another person."""
    person = table.pass_to()
    if person is not None:
        raise ProtocolError(f"pass the device to {table.state.names[person]} first")


def _apply(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    _holding(table)
    state = table.state
    if table.clock is None and state.to_move() != table.seat and not state.is_over:
        raise ProtocolError("it is not your turn yet")
    try:
        if table.clock is not None:
            state.apply(_own(table, message["action"]))  # refused with the reason if an earlier arrival forbids it
            table.clock.reader_moved()
        else:
            state.apply(message["action"])  # IllegalAction (state untouched) becomes an error reply
    except IllegalAction as refusal:
        raise IllegalAction(refusal.action, second_person(refusal.reason, reader_name(table))) from None
    return state_payload(message["table"], table)


def _own(table: Table, text: str) -> str:
    """The reader's move at a table without turns, tagged with their seat (never another's)."""
    action = table.state.own(table.seat, text)  # type: ignore[attr-defined]
    if table.state.seat_of(action) != table.seat:  # type: ignore[attr-defined]
        raise ProtocolError("that move names another player's seat")
    return action


def _explain(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    _holding(table)
    state = table.state
    action = message["action"]
    if table.clock is not None:
        action = _own(table, action)
        reason: str | None = state.why_illegal(action)
    elif state.to_move() != table.seat and not state.is_over:
        reason = "It is not your turn yet."
    else:
        reason = state.why_illegal(action)
    return {"type": "reason", "table": message["table"], "action": action,
            "label": state.describe(action) if reason is None else action,
            "reason": None if reason is None else second_person(reason, reader_name(table))}


def _undo(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    state = table.state
    history = state.history
    # Undo the reader's last move and the computer players' replies to it.
    who = movers(state)
    mine = [i for i, mover in enumerate(who) if mover == table.seat]
    if not mine:
        raise ProtocolError("there is nothing of yours to undo")
    # At a shared screen, undoing also takes back what other people played since: they must agree.
    others = sorted({m for m in who[mine[-1] + 1:] if m in table.people and m != table.seat})
    if others and not message.get("agreed"):
        names = [state.names[m] for m in others]
        return {"type": "confirm", "table": message["table"], "people": names,
                "message": f"Undoing your last move also takes back what {names_and(names)} played since. "
                           "Undo only if they agree."}
    watched_replay(table, state.game.replay(state.seed, history[:mine[-1]], state.deck_codes))
    table.start_clock()
    return state_payload(message["table"], table)


def movers(state: State) -> list[int | None]:
    """Who took each action of the game so far (found by replaying it; a game without turns names
    the seat in each action)."""
    if state.simultaneous:
        return [state.seat_of(action) for action in state.history]  # type: ignore[attr-defined]
    replay = state.game.new(state.seed, state.deck_codes)
    out = []
    for action in state.history:
        out.append(replay.to_move())
        replay.apply(action)
    return out


def _bot(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    if table.clock is not None:
        return _clocked_bot(message, table)
    state = table.state
    mover = state.to_move()
    if mover is None:
        raise ProtocolError("the game is over")
    if state.at_move_cap:
        raise ProtocolError(state.move_cap_reason())
    if mover == table.seat:
        raise ProtocolError("it is your turn, not a computer player's")
    if mover in table.people:
        raise ProtocolError(f"it is {state.names[mover]}'s turn, and {state.names[mover]} is a person")
    start = time.perf_counter()
    why = [_computer_move(table, mover)]
    elapsed = (time.perf_counter() - start) * 1000
    payload = state_payload(message["table"], table)
    payload["bot_ms"] = round(elapsed, 2)
    payload["why"] = why
    deals = getattr(table.bots[mover], "last_iterations", None)
    if deals is not None:  # a Strong player: the imagined deals it had time for (for `make bench`)
        payload["deals"] = deals
    return payload


#: What the page says of a computer player who gives no reason, by strength.
NO_REASON = {"beginner": "A Beginner player picks any card the rules allow, at random.",
             "strong": "A Strong player imagines many ways the hidden cards could lie and plays the move "
                       "that did best across them."}


def _computer_move(table: Table, mover: int) -> dict[str, Any]:
    """One computer player's move, made: who, what, and why in words (the page's "why?")."""
    state = table.state
    bot = table.bots[mover]
    action, reason = explain(bot, state)
    move = state.describe(action)
    told = len(state.log)
    state.apply(action)
    return _why(table, mover, move, reason, told)


def _why(table: Table, mover: int, move: str, reason: str | None, told: int) -> dict[str, Any]:
    """The page's "Why?" for a computer player's move just made (its story from line ``told`` on)."""
    state = table.state
    if reason is None:
        reason = NO_REASON.get(table.strength, "")
    lines = state.log[told:]
    # The move as the story tells it to the reader ("West plays 9♥.").
    line = next((text for event in lines if (text := event.for_player(table.seat))), "")
    reader = reader_name(table)
    name = state.names[mover]
    if not lines or any(event.secret is not None for event in lines):
        # A move the reader may not see (a card passed face down): its name and its reason would
        # show the cards, so only what the story says in public goes to the page.
        return {"seat": mover, "name": name, "move": "", "told": second_person(line, reader), "hidden": True,
                "reason": f"{name} chose in secret: the reason would show you {name}'s cards."}
    return {"seat": mover, "name": name, "move": second_person(move, reader),
            "told": second_person(line, reader), "reason": second_person(reason, reader)}


def _clocked_bot(message: dict[str, Any], table: Table) -> dict[str, Any]:
    """A computer player's timer fired at a table without turns: its plan lands if it still stands
    (``landed`` says whether it did; a plan the table replaced meanwhile is simply not taken)."""
    if "seat" not in message or "token" not in message:
        raise ProtocolError("at a table without turns, bot needs the seat and the token of its plan")
    assert table.clock is not None
    if table.state.is_over:
        raise ProtocolError("the game is over")
    start = time.perf_counter()
    plan = table.clock.plans.get(message["seat"])
    move = table.state.describe(plan.action) if plan is not None else ""
    told = len(table.state.log)
    landed = table.clock.land_token(message["seat"], message["token"])
    why = [_why(table, message["seat"], move, plan.reason, told)] if landed and plan is not None else []
    payload = state_payload(message["table"], table)
    payload.update({"landed": landed, "why": why, "bot_ms": round((time.perf_counter() - start) * 1000, 2)})
    return payload


def _hint(message: dict[str, Any]) -> dict[str, Any]:
    """The game's own hint if it has one (Twenty-Four's solution); otherwise the move the rule bot
    would make in the reader's place, with its reason (``action`` names it, for the page to mark)."""
    table = _table(message)
    _holding(table)
    state = table.state
    text = state.hint(table.seat)
    if text is not None:
        return {"type": "hint", "table": message["table"], "text": second_person(text, reader_name(table)),
                "action": None}
    if state.is_over:
        raise ProtocolError("the game is over")
    if state.simultaneous:
        if table.seat not in state.actors():
            raise ProtocolError("you have nothing to do just now")
    elif state.to_move() != table.seat:
        raise ProtocolError("it is not your turn yet")
    adviser = make_bot(state.game, "rule", sub_seed(state.seed, table.seat))
    # The adviser thinks about a copy: asking for a hint changes nothing in the game.
    action, reason = explain(adviser, state.clone(), table.seat if state.simultaneous else None)
    if action is None:
        return {"type": "hint", "table": message["table"], "action": None,
                "text": "Nothing worth doing just now: watch the others and wait for your chance."}
    move = state.describe(action)
    text = f"{move}: {reason}" if reason else move
    return {"type": "hint", "table": message["table"], "text": second_person(text, reader_name(table)),
            "action": action}


def _bots(message: dict[str, Any]) -> dict[str, Any]:
    """All the computer players' moves up to the reader's turn (or the end), in one message."""
    table = _table(message)
    if table.clock is not None:
        raise ProtocolError("this table plays in real time: each computer player moves on its own clock")
    state = table.state
    timings, why = [], []
    while (mover := state.to_move()) is not None and mover not in table.people and not state.at_move_cap:
        start = time.perf_counter()
        why.append(_computer_move(table, mover))
        timings.append(round((time.perf_counter() - start) * 1000, 2))
    payload = state_payload(message["table"], table)
    payload["bot_ms"] = timings
    payload["why"] = why
    return payload


def _code(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    return {"type": "code", "table": message["table"], "code": encode(table.state)}


def _replay(message: dict[str, Any]) -> dict[str, Any]:
    full = restore(message["record"])
    total = len(full.history)
    step = message["step"]
    if not 0 <= step <= total:
        raise ProtocolError(f"step must be from 0 to {total}")
    state = full.game.replay(full.seed, full.history[:step], full.deck_codes)
    view = state.view(None)
    return {"type": "replay", "step": step, "steps": total,
            "table_html": render.table(view, state.pack),
            "story_html": render.story(view["log"]),
            "score_html": render.score(view.get("score")),
            "last": view["log"][-1]["text"] if view["log"] else "",
            "trick_done": render.trick_finished(view)}


def _sort_hand(message: dict[str, Any]) -> dict[str, Any]:
    table = _table(message)
    table.sort = _sort(message["by"], table.state)
    return state_payload(message["table"], table)


def _count(message: dict[str, Any]) -> dict[str, Any]:
    """A game's counting helper, the same one ``python -m parlour count`` uses."""
    counting = spec(message["game"]).counting
    if counting is None:
        raise ProtocolError(f"{message['game']} has no counting helper")
    counted = counting.run(message["inputs"])  # CountError (a bad card, say) becomes an error reply
    return {"type": "count", "game": message["game"], **counted.as_dict()}


HANDLERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "new": _new, "restore": _restore, "take": _take, "view": lambda m: state_payload(m["table"], _table(m)),
    "apply": _apply, "explain": _explain, "undo": _undo, "bot": _bot, "bots": _bots, "hint": _hint, "code": _code,
    "replay": _replay, "sort": _sort_hand, "count": _count,
}


def check(message: Any) -> dict[str, Any]:
    """The message if it follows the protocol; :class:`ProtocolError` saying what is wrong if not."""
    if not isinstance(message, dict):
        raise ProtocolError("a message must be a JSON object")
    if message.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(f"this engine speaks protocol version {PROTOCOL_VERSION}, "
                            f"not {short_text(message.get('v'))}")
    if _message_id(message) is None:
        raise ProtocolError("a message needs a whole-number id")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError(f"unknown message type {short_text(kind)}; types: {', '.join(FIELDS)}")
    allowed = FIELDS[kind]
    for name, value in message.items():
        if name in ("v", "id", "type"):
            continue
        if name not in allowed:
            raise ProtocolError(f"a {kind} message has no field {short_text(name)}")
        # JSON's true/false are Python ints too: only a field declared bool takes one.
        if not isinstance(value, allowed[name]) or (isinstance(value, bool) and bool not in allowed[name]):
            raise ProtocolError(f"field {name!r} of a {kind} message has the wrong type")
        if isinstance(value, str) and len(value) > TEXT_LIMITS.get(name, MAX_NAME_CHARS):
            raise ProtocolError(f"field {name!r} of a {kind} message is too long")
    for name in REQUIRED[kind]:
        if name not in message:
            raise ProtocolError(f"a {kind} message needs a {name!r} field")
    return message


def _message_id(message: Any) -> int | None:
    """The message's id, if it is one a reply can carry back to the page."""
    ident = message.get("id") if isinstance(message, dict) else None
    if isinstance(ident, int) and not isinstance(ident, bool) and -MAX_ID <= ident <= MAX_ID:
        return ident
    return None


def handle(message: Any) -> dict[str, Any]:
    """Answer one message; errors come back as ``{"type": "error", "kind": ..., "message": ...}``.

    ``kind`` is ``illegal`` (a move the rules forbid) or ``refused`` (a message, code or record
    that cannot be used), each with a plain message for the reader; or ``bug`` (an internal
    error): then ``message`` is :data:`SOMETHING_WENT_WRONG` and ``detail`` is for the console."""
    try:
        checked = check(message)
        reply = HANDLERS[checked["type"]](checked)
    except IllegalAction as error:
        reply = {"type": "error", "kind": "illegal", "message": error.reason}
    except (ProtocolError, CodeError, OptionError, UnknownGame, CountError) as error:
        reply = {"type": "error", "kind": "refused", "message": str(error)}
    except Exception as error:  # the page must always get an answer, never a dead table
        reply = {"type": "error", "kind": "bug", "message": SOMETHING_WENT_WRONG, "detail": _detail(error)}
    reply.update({"v": PROTOCOL_VERSION, "id": _message_id(message)})
    return reply


def _detail(error: Exception) -> str:
    """What an internal error was, for the console (never shown as the reader's message)."""
    try:
        text = str(error)
    except Exception:  # an error whose own text cannot be made
        text = "(no description)"
    return f"{type(error).__name__}: {text[:500]}"


def handle_json(text: str) -> str:
    """:func:`handle` for JSON text (what the worker passes across); its size and nesting are
    checked before it is parsed, so no message can exhaust the parser."""
    try:
        message = load_json(text)
    except JsonRefused as error:
        return json.dumps({"v": PROTOCOL_VERSION, "id": None, "type": "error", "kind": "refused",
                           "message": f"a message must be JSON text, and this one cannot be read: {error}"})
    return json.dumps(handle(message), ensure_ascii=False)
