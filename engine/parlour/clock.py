"""Computer players on their own clocks, for games without turns (:mod:`parlour.simultaneous`).

Nobody waits for a turn at a Nuts table: each player plays as fast as they can, and whose card
lands first depends on who is quicker.  Our computer players do the same.  Each has a *pace*
(Beginner, Family, Fast).  Each move a game asks of a player takes a person some time to think
of — turning the stock is quick, a hard Twenty-Four set is slow
(:meth:`~parlour.simultaneous.SimultaneousPlay.think_ms`) — and the pace scales that time, varied
a little by a seeded generator.  A bot may think quicker than a person at its pace: its
``think_percent`` (default 100) scales its times too.  A race's Strong player, who knows the game
well, thinks in :data:`STRONG_THINK_PERCENT` of Family's time at the same pace (the pace still says
how quick the table is; Strong says how good and how practised the players are).

A :class:`Clock` holds one *plan* per computer player: the move it has chosen and the moment it
lands.  Moves land in time order (seat order on a tie).  After every move, whoever made it, a
plan the table no longer allows is dropped — the player sees that the foundation has moved on and
thinks again — and every computer player without a plan makes one from the table as it is now.

- In Python (``python -m parlour simulate``, the bench, worked examples with bots, the terminal)
  time is a number of milliseconds: a game is reproducible from its seed.
- In the browser the page keeps one timer per plan (:mod:`parlour.web` sends each plan's delay
  and a token); when a timer fires the worker lands that plan if it still stands.  The worker
  answers messages one at a time in the order they arrive, so a computer player's move and the
  reader's click landing at the same moment are both taken, in that order, and the second is
  refused only if the first has really made it illegal — with the reason.

The *practice* pace is for learners: computer players wait for the reader's first move, then make
one move each after each move of the reader's, and wait for the next (unless the reader cannot move
or is waiting for them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .core import Action, State
from .rng import Rng


@dataclass(frozen=True)
class Pace:
    """How quickly a computer player plays: ``factor`` times a person's thinking time."""

    id: str
    label: str
    factor_percent: int
    #: Practice: one move after each of the reader's, then wait.
    waits: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "waits": self.waits}


PACES: dict[str, Pace] = {pace.id: pace for pace in (
    Pace("practice", "Practice (they wait for you)", 100, waits=True),
    Pace("beginner", "Beginner", 200),
    Pace("family", "Family", 100),
    Pace("fast", "Fast", 45),
)}
DEFAULT_PACE = "family"
#: A plan's time varies from 80 % to 125 % of the paced time.
JITTER_PERCENT = (80, 125)
#: A race's Strong player thinks this share of a person's time at the same pace (a bot's
#: ``think_percent``): it has played the game often, so it sees its moves sooner.
STRONG_THINK_PERCENT = 70


def think_percent(bot: Any) -> int:
    """How much of a person's time ``bot`` takes over a move at its pace (100: as long as Family)."""
    return int(getattr(bot, "think_percent", 100))


def pace(pace_id: str) -> Pace:
    if pace_id not in PACES:
        raise ValueError(f"unknown pace {pace_id!r}; paces: {', '.join(PACES)}")
    return PACES[pace_id]


@dataclass
class Plan:
    """A computer player's next move and when it lands (ms on the clock); ``token`` names it."""

    seat: int
    action: Action
    due: int
    token: int
    #: Why the computer player chose it, in words (the rule bot's reason), for the page's "Why?".
    reason: str | None = None


@dataclass
class Clock:
    """The computer players' plans at a table without turns, and the time they land.

    ``bots`` maps each computer player's seat to its bot (``choose(state, seat)`` returns a move,
    or ``None`` when it has nothing worth doing); ``reader`` is the person's seat, if any.
    """

    state: State
    bots: Mapping[int, Any]
    paces: Mapping[int, Pace]
    seed: int = 0
    reader: int | None = None
    now: int = 0
    plans: dict[int, Plan] = field(default_factory=dict)
    tokens: int = 0
    #: Computer players who have moved since the reader last did (the practice pace holds them).
    moved: set[int] = field(default_factory=set)
    #: The hand the plans were made in.
    hand: int = 0

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)
        # Practice: the computer players wait for the reader's first move too.
        self.moved = {seat for seat in self.bots if self.paces[seat].waits}
        self.refresh()

    # -- plans
    def held(self, seat: int) -> bool:
        """Practice: a computer player who has moved since the reader's last move waits for the next,
        unless the reader cannot move or is waiting for the others."""
        state = self.state
        return (self.paces[seat].waits and seat in self.moved and self.reader is not None
                and self.reader in state.actors() and not state.waiting(self.reader))  # type: ignore[attr-defined]

    def refresh(self) -> None:
        """After a move: drop the plans the table no longer allows (all of them when a new hand has been
        dealt: play stopped at once); every idle computer player plans."""
        state = self.state
        hand = getattr(state, "hand_no", 0)
        if hand != self.hand:
            self.plans.clear()
            self.hand = hand
        for seat, plan in list(self.plans.items()):
            if state.why_illegal(plan.action) is not None or self.held(seat):
                del self.plans[seat]
        if state.is_over or state.at_move_cap:
            self.plans.clear()
            return
        actors = state.actors()
        for seat in sorted(self.bots):
            if seat in self.plans or seat not in actors or self.held(seat):
                continue
            action = self.bots[seat].choose(state, seat)
            if action is None:
                continue
            low, high = JITTER_PERCENT
            spread = low + self.rng.below(high - low + 1)
            think = state.think_ms(seat, action) * think_percent(self.bots[seat]) // 100  # type: ignore[attr-defined]
            self.tokens += 1
            self.plans[seat] = Plan(seat, action, self.now + think * self.paces[seat].factor_percent * spread // 10000,
                                    self.tokens, getattr(self.bots[seat], "reason", None))

    def next_plan(self) -> Plan | None:
        """The plan that lands first (the lower seat on a tie)."""
        return min(self.plans.values(), key=lambda p: (p.due, p.seat), default=None)

    def land(self, plan: Plan) -> None:
        """``plan``'s move arrives: the clock moves on to its time and the move is taken."""
        del self.plans[plan.seat]
        self.now = max(self.now, plan.due)
        self.state.apply(plan.action)
        self.moved.add(plan.seat)
        self.refresh()

    def land_token(self, seat: int, token: int) -> bool:
        """The browser's timer for ``seat``'s plan ``token`` fired: land it if it still stands."""
        plan = self.plans.get(seat)
        if plan is None or plan.token != token:
            return False
        self.land(plan)
        return True

    def reader_moved(self) -> None:
        """The reader's move was taken (at the clock's present moment): every plan is checked again."""
        self.moved.clear()
        self.refresh()

    # -- running the clock
    def step(self) -> Plan | None:
        """Land the next plan; ``None`` if no computer player has one."""
        plan = self.next_plan()
        if plan is not None:
            self.land(plan)
        return plan

    def advance(self, ms: int) -> list[Plan]:
        """Let ``ms`` pass: every plan due by then lands, in time order."""
        end = self.now + ms
        landed = []
        while (plan := self.next_plan()) is not None and plan.due <= end and not self.state.is_over:
            self.land(plan)
            landed.append(plan)
        self.now = max(self.now, end)
        return landed

    def run(self, until: Callable[[State], bool] | None = None) -> State:
        """Land plans until the game ends (or ``until`` says so, or the game reaches its move cap);
        an error if nobody can move."""
        while not (self.state.is_over or self.state.at_move_cap or (until is not None and until(self.state))):
            if self.step() is None:
                raise RuntimeError(f"{self.state.game.id}: no computer player has a move, and the game is not over")
        return self.state

    def delays(self) -> list[dict[str, int]]:
        """Each plan's seat, token and time left (ms), for the browser's timers."""
        return [{"seat": p.seat, "token": p.token, "ms": max(0, p.due - self.now)}
                for p in sorted(self.plans.values(), key=lambda p: p.seat)]


def paces_for(seats: Mapping[int, Any], pace_id: str | Mapping[int, str]) -> dict[int, Pace]:
    """Each computer player's pace: one for all, or one per seat."""
    if isinstance(pace_id, str):
        return {seat: pace(pace_id) for seat in seats}
    return {seat: pace(pace_id[seat]) for seat in seats}
