"""The search bot: determinised playouts with the rule bot as the playout policy.

For each decision the bot works out once what it knows (:mod:`parlour.determinise`),
then, until its budget runs out, imagines a deal of the cards it cannot see and,
in that deal, tries *every* legal move: each is played out to the end of the
hand by rule bots in every seat, and scored by what the bot's side gains over
the others (a game won or lost counts for much more).  Trying all moves on the
same imagined deals makes their comparison fair (the luck of the deal is the
same for each), so a few dozen deals already tell the moves apart.  The move
with the best average wins; ties keep the rule bot's choice, and so does a lead that is
not clear where the game's rule bot asks for one (``search_margin``: a hand whose points
swing widely with the deal needs more than a better average over a few dozen deals).
The rule bot it starts from is Family's, or a keener one of the game's own where it has
one (``GameSpec.strong_judgement``: Carioca's); its playouts are Family's either way.

It works for any game built on :class:`~parlour.cardgame.CardGameState` with a
rule bot whose hidden cards can be dealt afresh (``determinisable``: every trick
game), and decides every kind of move (bids and passes too); in another game, and
in a game without turns (:mod:`parlour.simultaneous`), it plays as the rule bot.  The budget is
a number of imagined deals, a time limit, or both (whichever ends first); a deal whose moves are
not all tried when the time runs out is dropped, and a bot that could not try one deal in time
(a long hand, such as One-Eyed Jack's whole game) plays as the rule bot.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Sequence

from .cardgame import CardGameState
from .core import Action, Bot, Game, GameSpec, State
from .determinise import determinisable, knowledge
from .scoring import MatchScoring
from .rng import MAX_SEED, Rng

#: A won (or lost) game outweighs any number of points in one hand.
WIN_WEIGHT = 1000.0


def searches(state_type: type[State]) -> bool:
    """Whether the search bot really searches in games of ``state_type`` (turns, and hidden cards it
    can deal afresh); elsewhere it would play as the rule bot, so no Strong player is offered."""
    return (not state_type.simultaneous and issubclass(state_type, CardGameState)
            and state_type.determinisable)


def has_strong(spec: GameSpec) -> bool:
    """Whether a game has a Strong player of its own kind: the search bot where it searches, or a race's
    own Strong bot (``GameSpec.strong_bot``); measurement may still withhold it."""
    return searches(spec.state) or spec.strong_bot is not None


class SearchBot:
    """Determinised playouts (see the module's notes); ``iterations`` imagined deals at most,
    ``seconds`` of thinking at most (``None``: no limit of that kind)."""

    name = "search"

    def __init__(self, game: Game, seed: int = 0, iterations: int | None = 24,
                 seconds: float | None = None) -> None:
        if iterations is None and seconds is None:
            raise ValueError("a search bot needs a budget: iterations, seconds or both")
        self.game = game
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        # Its own judgement (the move it keeps unless the search finds a clearly better one): the game's
        # Strong judgement where it has one (GameSpec.strong_judgement), else Family's; and Family, to
        # say in its reason where the move differs from a Family player's.
        judgement = game.spec.strong_judgement
        self.fallback = (judgement or game.rule_bot)(seed)
        self.family: Bot | None = None if judgement is None else game.rule_bot(seed)
        # What a won game counts for in an imagined hand: WIN_WEIGHT, unless the game's rule bot says
        # (RuleBot.search_win_weight: a game of one deal judged better by the points a move gains).
        weight = getattr(self.fallback, "search_win_weight", None)
        self.win_weight = WIN_WEIGHT if weight is None else weight
        # The playout policy: one rule bot per seat, with seeds of their own.
        self.policy: list[Bot] = [playout_bot(game.rule_bot(self.rng.next64() & MAX_SEED))
                                  for _ in range(game.num_players)]
        #: How many imagined deals the last decision used (for benchmarks).
        self.last_iterations = 0
        #: Why the last move was chosen, in words (the page's "Why?"); the rule bot's when it decided.
        self.reason: str | None = None

    def choose(self, state: State, seat: int | None = None) -> Action | None:
        self.last_iterations = 0  # a move decided without imagined deals used none
        self.fallback.reason = None
        if state.simultaneous:
            # A race has no turns to play out in imagined deals: the rule bot's choice for ``seat``.
            action = self.fallback.choose(state, seat)  # type: ignore[call-arg]
            self.reason = self.fallback.reason
            return action
        legal = state.legal_actions()
        if len(legal) == 1:
            self.reason = "has no other move the rules allow"
            return legal[0]
        preferred = self.fallback.choose(state)
        self.reason = self.fallback.reason  # until imagined deals decide
        if not determinisable(state):
            return preferred  # no imagined deals for this game yet: play as the rule bot
        allowed = len(legal)
        narrow = getattr(self.fallback, "candidates", None)  # a rule bot's (parlour.bots.RuleBot)
        if narrow is not None:
            narrowed = narrow(state, legal)
            legal = narrowed if preferred in narrowed else [preferred, *narrowed]
            if len(legal) == 1:
                return preferred
        me = state.to_move()
        assert me is not None
        known = knowledge(state, me)
        totals = [0.0] * len(legal)
        # Each deal's gain of every move over the rule bot's, for a game that asks for a clear lead.
        margin: float | None = getattr(self.fallback, "search_margin", None)
        over_preferred: list[list[float]] = [[] for _ in legal]
        mine = legal.index(preferred)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
                deadline is None or time.perf_counter() < deadline):
            gains = self.gains(known.sample(state, self.rng), legal, me, deadline)
            if gains is None:
                break  # out of time halfway through a deal: its moves are not all tried, so it is dropped
            totals = [t + g for t, g in zip(totals, gains)]
            if margin is not None:
                for column, gain in zip(over_preferred, gains):
                    column.append(gain - gains[mine])
            done += 1
        self.last_iterations = done
        if not done:
            return preferred  # not one imagined deal tried in time (a long hand): the rule bot's move
        best = max(totals)
        winners = [a for a, t in zip(legal, totals) if t == best]
        chosen = preferred if preferred in winners else winners[0]
        kept = margin is not None and chosen != preferred and not clearly_better(
            over_preferred[legal.index(chosen)], margin)
        if kept:
            chosen = preferred
        family = preferred if self.family is None else self.family.choose(state)
        self.reason = search_reason(state, legal, len(legal) == allowed, done, chosen, preferred, kept,
                                    getattr(self.fallback, "search_averaged_in", None), family)
        explain = getattr(self.fallback, "searched_reason", None)  # a game's own words for the move
        if explain is not None:
            self.reason = explain(state, chosen, self.reason)
        return chosen

    def gains(self, world: State, legal: Sequence[Action], me: int,
              deadline: float | None) -> list[float] | None:
        """What each legal move gains ``me`` in one imagined deal, or ``None`` if the time ran out
        before every move was tried."""
        gains = []
        for action in legal:
            if deadline is not None and time.perf_counter() >= deadline:
                return None
            trial = world.clone()
            trial.apply(action)
            # Judged from before the move: the points a move pegs at once (Cribbage) are its own.
            gains.append(hand_gain(trial, self.policy, me, start=world, win_weight=self.win_weight))
        return gains


def clearly_better(over_preferred: Sequence[float], margin: float) -> bool:
    """Whether a move's gains over the rule bot's move, one per imagined deal, lead by more than
    ``margin`` standard errors: with few deals the best average is often luck (the most of several
    noisy averages is biased upwards), and the rule bot's choice is a good one to keep."""
    if len(over_preferred) < 2:
        return False
    mean = statistics.fmean(over_preferred)
    spread = statistics.stdev(over_preferred)
    return mean > 0 and (spread == 0 or mean > margin * spread / math.sqrt(len(over_preferred)))


def playout_bot(bot: Bot) -> Bot:
    """``bot`` as a playout policy: a rule bot's quicker self (``RuleBot.for_playouts``), if it has one."""
    quicker = getattr(bot, "for_playouts", None)
    return quicker() if quicker is not None else bot


def search_reason(state: State, tried: Sequence[Action], every_move: bool, deals: int,
                  chosen: Action, preferred: Action, kept: bool = False, averaged_in: str | None = None,
                  family: Action | None = None) -> str:
    """Strong's "why", in words a learner can follow: how many deals of the unseen cards it
    imagined, which moves it played out in each, and the move a Family player would have made (its
    button's label), when it differs (moves and counts only: nothing about the hidden cards).
    ``preferred``: Strong's own first choice; ``family``: a Family player's (by default the same).
    ``kept``: another move did better on average, but not clearly, so the first choice stands.
    ``averaged_in``: what the averages are in, where a game judges by points (``"card points"``)."""
    family = preferred if family is None else family
    moves = (f"each of the {len(tried)} moves it may make" if every_move
             else f"each of its {len(tried)} most promising moves")
    # A game that plays no move on (a horizon of 0: East–West) judges each move where it stands.
    tries = (f"tries {moves} in every one, judging where it leaves it by the game's own reckoning"
             if state.game.spec.playout_horizon == 0 else f"plays {moves} out in every one")
    imagines = f"imagines {deals} way{'s' if deals != 1 else ''} the cards it cannot see could lie"
    on_average = "on average" if averaged_in is None else f"on average in {averaged_in}"
    if kept:
        whose = ("a Family player's choice" if preferred == family else
                 f"its own first choice (a Family player would choose “{state.describe(family)}”)")
        return f"{imagines}, {tries}, and none came out clearly better {on_average} than this one, {whose}"
    said = f"{imagines}, {tries}, and this one came out best {on_average}"
    if chosen == family:
        return said + ": a Family player would choose it too"
    return said + f" (a Family player would choose “{state.describe(family)}”)"


def hand_gain(state: State, bots: Sequence[Bot], seat: int, start: State | None = None,
              win_weight: float = WIN_WEIGHT) -> float:
    """Play ``state`` on to the end of its hand with ``bots`` (one per seat); what ``seat`` gained:
    the change in its score lead (:func:`score_lead`), plus ``win_weight`` (:data:`WIN_WEIGHT`) times its
    share of the win if the game ended.  In a game with a ``playout_horizon`` the playout stops after that
    many moves (or at the hand's end) and is scored by the game's own estimate of each seat's share
    of the win (:meth:`~parlour.core.State.playout_estimate`), where it has one.  ``start``: the
    position before the move being judged (its score lead and its hand are where the gain counts
    from, so the points the move itself scores count); by default ``state``."""
    start = state if start is None else start
    before = score_lead(start, seat) + points_lead(start, seat)
    hand = hand_in_play(start)
    horizon = state.game.spec.playout_horizon
    moves = 0
    while not state.is_over and hand_in_play(state) == hand:
        if horizon is not None and moves >= horizon:
            estimate = state.playout_estimate()
            if estimate is not None:
                return win_weight * estimate[seat]
        mover = state.to_move()
        assert mover is not None
        state.apply(bots[mover].choose(state))
        moves += 1
        if moves > 100_000:
            raise RuntimeError(f"{state.game.id}: a hand did not end")
    if state.is_over:
        return win_weight * state.returns()[seat] + (
            0.0 if horizon is not None else score_lead(state, seat) + points_lead(state, seat) - before)
    estimate = state.playout_estimate() if horizon is not None else None
    if estimate is not None:
        # The hand ended before the horizon: scored as a cut-off playout is, so the two compare.
        return win_weight * estimate[seat]
    return score_lead(state, seat) + points_lead(state, seat) - before


def hand_in_play(state: State) -> int | None:
    """The number of the hand being played (``None`` in a game that deals no hands)."""
    return state.hand_no if isinstance(state, CardGameState) else None


def score_lead(state: State, seat: int) -> float:
    """How far ``seat``'s score column is ahead of the average of the others (penalty games,
    where the lowest total wins, count the other way)."""
    sheet = state.scoresheet()
    if sheet is None or len(sheet.totals) < 2:
        return 0.0
    if not isinstance(state, MatchScoring) and hasattr(state, "team_of") and hasattr(state, "match_totals"):
        # A sheet of its own shape (Straight Bridge: above and below the line for each side): the
        # partnerships' totals (side_of: its team), in the order of their first seats.
        sides = sorted({tuple(side_of(state, s)) for s in range(state.n)})
        totals = state.match_totals()
        mine = totals[sides.index(tuple(side_of(state, seat)))]
        return mine - (sum(totals) - mine) / (len(totals) - 1)
    column = column_of(state, seat)
    mine = sheet.totals[column]
    others = [t for c, t in enumerate(sheet.totals) if c != column]
    lead = mine - sum(others) / len(others)
    return -lead if isinstance(state, MatchScoring) and state.match_end.low_wins else lead


def points_lead(state: State, seat: int) -> float:
    """The points ``seat``'s side has led by in the hands played so far, where the score sheet
    records only who won each hand (Tute: the state's own ``points_lead``); elsewhere 0, the score
    lead already being in points.  A move that wins by more, or loses by less, then counts for more."""
    own = getattr(state, "points_lead", None)
    return 0.0 if own is None else own(seat)


def column_of(state: State, seat: int) -> int:
    """The score column ``seat`` scores in (its own, or its partnership's)."""
    sheet = state.scoresheet()
    if not isinstance(state, MatchScoring) or sheet is None:
        return seat
    return next((c for c in range(len(sheet.columns)) if seat in state.column_seats(c)), seat)


def side_of(state: State, seat: int) -> list[int]:
    """``seat`` and the seats that win with it: its score column's, or (a game with no score
    columns, such as a race, or with columns of its own shape, as Straight Bridge's) its team's."""
    team_of = getattr(state, "team_of", None)
    if team_of is not None and (state.scoresheet() is None or not isinstance(state, MatchScoring)):
        return sorted(team_of(seat))
    return [s for s in range(state.n) if column_of(state, s) == column_of(state, seat)]
