"""Betting between two sides, written once: Mus's envites, Truc's truc and retruc, Bridge's doubles.

A :class:`Betting` is one round of staking, frozen: every call returns a new
one, so a game keeps it as a plain value and replays stay exact.  It knows
who may speak, the stake on the table, and how the round ended; the game
keeps its own words ("truc", "redouble", "envido") and its own story, and
asks the betting for the rest.

The vocabulary, the same in every game:

* **bid** — open the betting, or raise a bid on the table.  Raising a bid
  accepts it first: if the raise is then refused, the raisers collect the
  bid they raised.
* **see** — accept the bid on the table; the stake becomes the bid.
* **fold** — refuse it.  When every player asked has folded, the bidders
  collect the stake accepted before the bid (:attr:`BettingRules.base`
  when none was).
* **pass** — decline to open; when every opener has passed, the round is
  played for the base stake.  Where a bid is *binding* (a double stands as
  soon as it is said), pass is how the other side says it is content.
* **all in** (Mus's órdago) — a bid of the whole game; seen, the round
  decides the game.  No cap on the stakes stops it: it may answer even a
  bid of the most a bid may name.

What differs between games is declared in :class:`BettingRules`: a fixed
ladder of stakes (Truc's 2 then 3), doubling (Bridge), or amounts chosen by
the bidder (Mus, at least ``min_open`` to open and ``min_raise`` more to
raise); how many bids a round may hold; whether the whole other side answers
a bid in turn or only the next player; whether a raise may be the answer to
a bid or must wait for the raiser's own turn (Truc); whether bids are
binding.  Partnership bets are the only kind: a player bids, sees or folds
for their side.

>>> rules = BettingRules(teams=((0, 2), (1, 3)), min_open=2, all_in=True)
>>> b = Betting.start(rules, order=(3, 2, 1, 0), openers=(3, 2, 1, 0))
>>> b = b.make_bid(3, 2)        # East opens for 2; North, next in turn, answers first, then South
>>> b.waiting
(2, 0)
>>> b = b.fold(2).fold(0)       # both fold: East & West collect the base stake
>>> b.result, b.collector, b.stake
('folded', 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Sequence

#: The words of the record; a game prints its own (``"envido"``, ``"truc"``, ``"redouble"``).
BID, SEE, FOLD, PASS, ALL_IN = "bid", "see", "fold", "pass", "all-in"
#: How a round of betting ended: a bid was seen, every player asked folded, every opener passed,
#: or (binding bids) the other side was content with the bid.
SEEN, FOLDED, PASSED, CONTENT = "seen", "folded", "passed", "content"

Answer = Literal["side", "next"]


@dataclass(frozen=True)
class BettingRules:
    """How one game bets.

    ``teams`` are the sides (every bet is a side's).  ``base`` is the stake when
    nobody bids.  The stake a bid may name: the next of ``steps`` (a fixed
    ladder), or twice the stake when ``doubling``, or otherwise any amount from
    ``min_open`` (opening) or the bid plus ``min_raise`` (raising) up to ``most``.
    ``max_bids`` caps the bids in a round (``None``: no cap).  ``answer`` says who
    answers a bid: each player of the other ``"side"`` in turn, or only the
    ``"next"`` player.  ``raise_in_answer`` lets an answer be a raise (else a
    side raises on a later turn of its own, after seeing).  ``binding`` bids
    stand as soon as they are made (a double), so there is nothing to fold.
    ``all_in`` allows a bid of the whole game.
    """

    teams: tuple[tuple[int, ...], ...]
    base: int = 1
    steps: tuple[int, ...] = ()
    doubling: bool = False
    min_open: int = 1
    min_raise: int = 1
    most: int | None = None
    max_bids: int | None = None
    answer: Answer = "side"
    raise_in_answer: bool = True
    binding: bool = False
    all_in: bool = False

    def side(self, seat: int) -> int:
        return next(t for t, members in enumerate(self.teams) if seat in members)

    @property
    def free_amounts(self) -> bool:
        """Whether a bidder names the amount (not a ladder, not doubling)."""
        return not self.steps and not self.doubling


@dataclass(frozen=True)
class Call:
    """One thing said in a round: who, which word, and the stake a bid named."""

    seat: int
    word: str
    stake: int | None = None


@dataclass(frozen=True)
class Betting:
    """One round of betting.  Build it with :meth:`start`; each call returns the next state.

    ``stake`` is what has been accepted (what a fold hands over); ``bid`` the
    stake named and not yet seen (with binding bids, already in force);
    ``waiting`` the seats still to speak, the first of them now; ``result`` is
    ``None`` while the round is open.
    """

    rules: BettingRules
    order: tuple[int, ...]
    stake: int
    bid: int | None = None
    bidder: int | None = None
    waiting: tuple[int, ...] = ()
    bids: int = 0
    all_in: bool = False
    calls: tuple[Call, ...] = ()
    result: str | None = None

    @classmethod
    def start(cls, rules: BettingRules, order: Sequence[int], openers: Sequence[int] = (),
              stake: int | None = None) -> "Betting":
        """A new round.  ``order`` is the table's turn order; ``openers`` speak in turn to open or pass
        (none: bids come whenever the game lets a player bid, as in Truc).  ``stake`` overrides the base."""
        return cls(rules, tuple(order), rules.base if stake is None else stake, waiting=tuple(openers))

    # -- who is who
    @property
    def to_speak(self) -> int | None:
        return self.waiting[0] if self.waiting else None

    @property
    def bidding_side(self) -> int | None:
        """The side that made the last bid."""
        return None if self.bidder is None else self.rules.side(self.bidder)

    @property
    def collector(self) -> int | None:
        """The side that collects the accepted stake because the other side folded."""
        return self.bidding_side if self.result == FOLDED else None

    @property
    def answering(self) -> bool:
        """A bid is on the table, waiting for the other side's answer."""
        return self.result is None and self.bid is not None and bool(self.waiting)

    @property
    def closed(self) -> bool:
        """Nothing more can be said: folded, passed, content, an órdago seen, or a bid seen where
        answers cannot raise (Mus, Bridge); a seen Truc can still be raised on a later turn."""
        if self.result in (FOLDED, PASSED, CONTENT):
            return True
        if self.result == SEEN:
            return self.all_in or self.rules.raise_in_answer or self.next_stake() is None
        return False

    def answerers(self, bidder: int) -> tuple[int, ...]:
        """Who answers ``bidder``'s bid, in turn: the next player, or every opponent from the next on."""
        at = self.order.index(bidder)
        after = self.order[at + 1:] + self.order[:at]
        if self.rules.answer == "next":
            return after[:1]
        side = self.rules.side(bidder)
        return tuple(s for s in after if self.rules.side(s) != side)

    # -- the stakes
    def next_stake(self) -> int | None:
        """The stake the next bid names on a ladder or by doubling; ``None`` when no more bids may be made
        (for free amounts: the smallest allowed, or ``None`` past ``most``)."""
        if self.all_in or (self.rules.max_bids is not None and self.bids >= self.rules.max_bids):
            return None
        if self.rules.steps:
            return self.rules.steps[self.bids] if self.bids < len(self.rules.steps) else None
        if self.rules.doubling:
            return (self.bid if self.bid is not None else self.stake) * 2
        least = self.rules.min_open if self.bid is None else self.bid + self.rules.min_raise
        return None if self.rules.most is not None and least > self.rules.most else least

    def _may_speak_up(self, seat: int) -> str | None:
        """Why ``seat`` may not make any bid now, whatever it names (its turn, its side, an all-in)."""
        if self.closed:
            return "The betting on this round is over."
        if self.waiting and seat != self.waiting[0]:
            return "It is not your turn to speak."
        if self.answering and not self.rules.raise_in_answer:
            return "Answer the bid first: see it or fold."
        if self.bidder is not None and self.rules.side(seat) == self.bidding_side:
            return "Your side made the last bid: only the other side may raise it."
        if self.all_in:
            return "The whole game is already at stake: see it or fold."
        return None

    def _may_bid(self, seat: int) -> str | None:
        """Why ``seat`` may not bid at all now (any amount)."""
        reason = self._may_speak_up(seat)
        if reason is None and self.next_stake() is None:
            return f"The stake is already at its highest, {self.bid or self.stake}."
        return reason

    def bid_reason(self, seat: int, stake: int) -> str | None:
        """Why ``seat`` may not bid ``stake`` now, in plain words (``None``: they may)."""
        reason = self._may_bid(seat)
        if reason is not None:
            return reason
        least = self.next_stake()
        assert least is not None
        if not self.rules.free_amounts:
            return None if stake == least else f"The next bid is {least}."
        if stake < least:
            raising = self.bid is not None
            return (f"A raise must be at least {least} (the bid of {self.bid} and {self.rules.min_raise} more)."
                    if raising else f"An opening bid is at least {least}.")
        if self.rules.most is not None and stake > self.rules.most:
            return f"A bid can be at most {self.rules.most}."
        return None

    def all_in_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not go all in now.  An all-in stands above every cap on the stakes (the
        most a bid may name, the top of a ladder, the number of bids): it is always an answer."""
        if not self.rules.all_in:
            return "There is no all-in bid in this game."
        return self._may_speak_up(seat)

    def _after_bid(self, seat: int, stake: int, answerers: Sequence[int] | None, word: str,
                   all_in: bool = False) -> "Betting":
        accepted = self.bid if self.bid is not None and not self.rules.binding else self.stake
        waiting = tuple(answerers) if answerers is not None else self.answerers(seat)
        new = replace(self, stake=stake if self.rules.binding else accepted, bid=stake, bidder=seat,
                      waiting=waiting, bids=self.bids + 1, all_in=all_in, result=None,
                      calls=self.calls + (Call(seat, word, stake),))
        if self.rules.binding and new.next_stake() is None:
            # Nothing can answer a binding bid that cannot be raised: it stands.
            return replace(new, waiting=(), result=CONTENT)
        return new

    def make_bid(self, seat: int, stake: int, answerers: Sequence[int] | None = None) -> "Betting":
        """``seat`` opens or raises to ``stake``; ``answerers`` overrides who answers (default: see
        :meth:`answerers`).  Raises :class:`ValueError` with the reason if the bid is not allowed."""
        _check(self.bid_reason(seat, stake))
        return self._after_bid(seat, stake, answerers, BID)

    def go_all_in(self, seat: int, answerers: Sequence[int] | None = None) -> "Betting":
        """``seat`` bids the whole game (órdago)."""
        _check(self.all_in_reason(seat))
        stake = self.bid if self.bid is not None else self.stake
        return self._after_bid(seat, stake, answerers, ALL_IN, all_in=True)

    # -- answers
    def answer_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not see or fold now (``None``: they may)."""
        if self.rules.binding:
            return "A bid here stands as soon as it is made: raise it or pass."
        if not self.answering:
            return "There is no bid to answer."
        if seat != self.waiting[0]:
            return "It is not your turn to answer."
        return None

    def see(self, seat: int) -> "Betting":
        """``seat`` accepts the bid for their side: the stake becomes the bid."""
        _check(self.answer_reason(seat))
        assert self.bid is not None
        return replace(self, stake=self.bid, waiting=(), result=SEEN, calls=self.calls + (Call(seat, SEE),))

    def fold(self, seat: int) -> "Betting":
        """``seat`` refuses the bid; when the last player asked folds, the bidders collect the stake."""
        _check(self.answer_reason(seat))
        waiting = self.waiting[1:]
        return replace(self, waiting=waiting, result=None if waiting else FOLDED,
                       calls=self.calls + (Call(seat, FOLD),))

    def pass_reason(self, seat: int) -> str | None:
        if self.result is not None or not self.waiting:
            return "There is nothing to pass on now."
        if seat != self.waiting[0]:
            return "It is not your turn to speak."
        if self.bid is not None and not self.rules.binding:
            return "There is a bid to answer: see it or fold."
        return None

    def pass_(self, seat: int) -> "Betting":
        """``seat`` does not open (or, with binding bids, is content); the last pass closes the round."""
        _check(self.pass_reason(seat))
        waiting = self.waiting[1:]
        done = CONTENT if self.bid is not None else PASSED
        return replace(self, waiting=waiting, result=None if waiting else done,
                       calls=self.calls + (Call(seat, PASS),))


def _check(reason: str | None) -> None:
    if reason is not None:
        raise ValueError(reason)
