"""Bots: a random bot for every game, and the helpers to let bots play."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .clock import Clock, paces_for
from .core import Action, Bot, Game, State
from .rng import Rng
from .search import SearchBot

__all__ = ["Bot", "RandomBot", "RuleBot", "explain", "BOT_KINDS", "make_bot", "play_out"]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int | None = None) -> Action | None:
        legal = state.legal_actions(seat)
        return self.rng.choice(legal) if legal else None


class RuleBot:
    """What every game's rule-based bot shares: its name, a seeded generator for its coin flips,
    and the reason for its last choice.  A game's bot subclasses this and writes ``choose``,
    ending every branch with ``return self.because(action, "…")`` so a learner can ask why.

    A reason is a short clause with no subject, in the present tense, naming cards as the
    narrative does ("stays under the K♥, so someone else takes the trick"); the page prints it
    after a player's name ("West played 9♥: stays under …") or as a hint ("9♥: stays under …")."""

    name = "rule"
    #: How clearly (in standard errors over its imagined deals) another move must beat this bot's
    #: before the search bot plays it instead (:func:`parlour.search.clearly_better`); ``None``:
    #: the best average wins.
    search_margin: float | None = None
    #: What a won game counts for in the search bot's imagined hands, against one point of the score
    #: lead (:func:`parlour.search.hand_gain`); ``None``: :data:`parlour.search.WIN_WEIGHT`, for which
    #: points hardly matter.  A game of one deal decided by its points judges a move better by the
    #: points it gains: their spread over a few imagined deals is far smaller than a win's all or nothing.
    search_win_weight: float | None = None
    #: What the search bot's averages are in, for its reason ("card points"), where the game sets
    #: :attr:`search_win_weight` so that points, not wins, decide; ``None``: nothing added.
    search_averaged_in: str | None = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.reason: str | None = None

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def because(self, action: Action, reason: str) -> Action:
        """Return ``action``, remembering in words why it was chosen."""
        self.reason = reason
        return action

    def for_playouts(self) -> "RuleBot":
        """This bot as the search bot's playout policy (:mod:`parlour.search`): itself, unless a game's
        bot has a quicker way to play the thousands of moves a search makes (Mus judges each round on
        fewer imagined deals)."""
        return self

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        """The moves the search bot (:mod:`parlour.search`) tries in its imagined deals: every legal
        move, unless a game's bot narrows them to the few it rates best (a rummy hand offers a dozen
        discards, most of them plainly worse), so that more deals fit in the time."""
        return legal


def explain(bot: Bot, state: State, seat: int | None = None) -> tuple[Action | None, str | None]:
    """The bot's choice for the player to move (in a game without turns, for ``seat``: ``None`` if
    it has nothing worth doing) and its reason (None for a bot that gives none, such as the random
    bot)."""
    if hasattr(bot, "reason"):
        bot.reason = None  # a rule bot's, or the search bot's (parlour.search)
    action = bot.choose(state) if seat is None else bot.choose(state, seat)  # type: ignore[call-arg]
    return action, getattr(bot, "reason", None)


BOT_KINDS = ("random", "rule", "search")


def make_bot(game: Game, kind: str, seed: int = 0, **budget: Any) -> Bot:
    """A bot of ``kind``: ``random``, ``rule`` (the game's rule bot) or ``search`` (the Strong player:
    determinised playouts, :class:`parlour.search.SearchBot`, whose ``budget`` sets its iterations and
    seconds; in a race with a Strong bot of its own, ``GameSpec.strong_bot``)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "rule":
        return game.rule_bot(seed)
    if kind == "search":
        if game.spec.strong_bot is not None:
            # A race's own Strong player: it imagines no deals, so no budget applies.
            return game.spec.strong_bot(seed)
        return SearchBot(game, seed, **budget)
    raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOT_KINDS)}")


def play_out(state: State, bots: Sequence[Bot], until: Callable[[State], bool] | None = None,
             pace: str | Sequence[str] = "family", clock_seed: int | None = None) -> State:
    """Let bots (one per seat) play until the game ends (or ``until`` says stop), or until it reaches
    its move cap (a game that could go on for ever, such as all passing and redealing, stops there
    unfinished).

    A game without turns is played on simulated clocks (:mod:`parlour.clock`): each bot at its
    ``pace``, the timings drawn from ``clock_seed`` (default: the game's seed), so a simulation
    is reproducible."""
    if state.simultaneous:
        seats = dict(enumerate(bots))
        paces = paces_for(seats, pace if isinstance(pace, str) else dict(enumerate(pace)))
        clock = Clock(state, seats, paces, seed=state.seed if clock_seed is None else clock_seed)
        return clock.run(until)
    while ((until is None or not until(state)) and (mover := state.to_move()) is not None
           and not state.at_move_cap):
        state.apply(bots[mover].choose(state))
    return state
