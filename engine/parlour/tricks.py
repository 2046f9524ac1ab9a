"""Trick play, written once.

A game declares its :class:`TrickRules` — trumps, whether suit must be
followed, how cards rank, any duty to trump or to beat the card led — and
gets from :class:`TrickGameState` the leading, following, trick winning and
the narrative ("West leads 7♣ … North wins the trick with A♣").  Game-only
restrictions (Hearts' "hearts are not broken yet") go in
:meth:`TrickGameState.play_restriction`.

Games whose ranking depends on the card led (not only its suit) override
:meth:`TrickRules.play_power`; games with their own duties to play certain
cards override :meth:`TrickRules.reason`.  With ``may_pass`` a player who
has no card the rules allow plays the action ``"pass"`` instead (no card goes
to the trick; passing on the lead hands the lead on), so tricks can hold
fewer cards than there are players; :meth:`TrickGameState.trick_closes_early`
and :meth:`TrickGameState.hand_over` let a game end a trick or a hand early.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Sequence

from . import cards as C
from .cards import BITS, Card, Mask, Suit
from .cardgame import CardGameState
from .copying import copier
from .core import Action, ScoreSheet
from .scoring import MatchScoring
from .walkthrough import CountedHand, Extra, card_points_taken

ACE_HIGH: tuple[int, ...] = tuple(range(2, 15))
#: The action of a player who plays no card (only in games whose rules allow passing).
PASS: Action = "pass"


@dataclass(slots=True)
class Trick:
    """The cards played to one trick, in play order, as (seat, card)."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)
    #: Seats that passed instead of playing (only where the rules allow passing).
    passes: list[int] = field(default_factory=list)

    @property
    def turns(self) -> int:
        """How many seats have had their turn: cards played plus passes."""
        return len(self.plays) + len(self.passes)

    @property
    def led(self) -> Card | None:
        return self.plays[0][1] if self.plays else None

    @property
    def cards(self) -> list[Card]:
        return [card for _, card in self.plays]

    def __len__(self) -> int:
        return len(self.plays)


@copier(Trick)
def copy_trick(trick: Trick, memo: dict[int, Any]) -> Trick:
    """A trick for a copied state: its lists new, their (seat, card) pairs and seats shared (numbers
    never change); every state holds a trick per trick played, and a search clones states all game."""
    plays = memo.get(id(trick.plays))  # a list held elsewhere in the state too stays one list
    if plays is None:
        plays = memo[id(trick.plays)] = list(trick.plays)
    passes = memo.get(id(trick.passes))
    if passes is None:
        passes = memo[id(trick.passes)] = list(trick.passes)
    new = memo[id(trick)] = Trick(trick.leader, plays, passes)
    return new


#: (rules class, rules) → {led << 12 | card: power}; see :meth:`TrickRules.play_power`.
_POWER_TABLES: dict[tuple[type, "TrickRules"], dict[int, int]] = {}
#: (rules class, rules) → {led: the cards that follow it}; see :meth:`TrickRules.following_mask`.
_FOLLOW_TABLES: dict[tuple[type, "TrickRules"], dict[Card, Mask]] = {}
#: Every card number any pack can hold, as a mask (what :meth:`TrickRules.following_mask` sorts).
_EVERY_CARD: Mask = C.mask_of(C.ALL_CARDS)


@dataclass(frozen=True)
class TrickRules:
    """How one game's tricks are played.

    ``ranking`` lists ranks from lowest to highest; a card of a rank not in
    it cannot win.  ``trump`` is the trump suit or ``None``.  ``must_follow``:
    a player holding the suit led must play it.  ``must_trump``: a player who
    cannot follow must trump if able; ``must_overtrump``: ...and beat the
    highest trump already played if able.  ``must_head``: a player following
    suit must beat the best card of the suit if able.

    Extensions for games that bend ordinary trick play (all off by default):
    ``trump_ranking`` ranks the trump suit differently (Belote's J 9 A 10 …);
    ``suitless``: the highest card wins whatever its suit (Truc);
    ``head_trumps``: when trumps are led a follower must beat the best trump
    if able; ``teams`` names the partnerships, for ``partner_relief`` (the
    duties to trump, overtrump and beat lapse while the player's partner is
    winning the trick) and ``ties_draw`` (equal best cards of opponents make
    the trick drawn: :meth:`winner` returns ``None``).
    ``must_beat``: a
    follower who can beat the best card in the trick (whatever its suit) must.
    ``may_pass``: a player with no card the rules allow passes instead of
    playing; together with ``must_beat`` a follower who cannot beat passes.
    """

    trump: Suit | None = None
    ranking: tuple[int, ...] = ACE_HIGH
    must_follow: bool = True
    must_trump: bool = False
    must_overtrump: bool = False
    must_head: bool = False
    trump_ranking: tuple[int, ...] | None = None
    suitless: bool = False
    head_trumps: bool = False
    teams: tuple[tuple[int, ...], ...] = ()
    partner_relief: bool = False
    ties_draw: bool = False
    must_beat: bool = False
    may_pass: bool = False

    def __post_init__(self) -> None:
        # Each rank's place in the rankings, looked up rather than searched for on every card.
        object.__setattr__(self, "_plain_order", {rank: i for i, rank in enumerate(self.ranking)})
        object.__setattr__(self, "_trump_order", None if self.trump_ranking is None else
                           {rank: i for i, rank in enumerate(self.trump_ranking)})
        # Equal rules (a new hand of the same game) share one table of powers.
        object.__setattr__(self, "_powers", _POWER_TABLES.setdefault((type(self), self), {}))
        object.__setattr__(self, "_follows", _FOLLOW_TABLES.setdefault((type(self), self), {}))
        #: Whether cards keep their printed suits (no card moved to trumps): suits are then plain masks.
        object.__setattr__(self, "_printed_suits", type(self).suit is TrickRules.suit)
        #: Whether the only duty is to follow suit (if that): the usual case, settled with one mask.
        object.__setattr__(self, "_follow_only", not (self.must_head or self.head_trumps or self.must_trump
                                                      or self.must_overtrump or self.must_beat))
        #: Whether :meth:`allowed` is :meth:`allowed_by_following` and the only duty is to follow suit.
        object.__setattr__(self, "_plain_following", self._follow_only  # type: ignore[attr-defined]
                           and type(self).allowed is TrickRules.allowed_by_following)
        #: Whether the best card's player always takes the trick (no draws, :meth:`winner` is ours).
        object.__setattr__(self, "_best_card_wins", not self.ties_draw and type(self).winner is TrickRules.winner)
        #: Whether :meth:`play_power` is ours, so a card's power may be read from the table directly.
        object.__setattr__(self, "_tabled_powers", type(self).play_power is TrickRules.play_power)

    def with_trump(self, trump: Suit | None) -> "TrickRules":
        """These rules with ``trump`` as trumps (a new hand's); rules that build themselves from
        their trumps in their own way override this."""
        return replace(self, trump=trump)

    def suit(self, card: Card) -> Suit:
        """The suit a card belongs to in play (a game may move a card to trumps)."""
        return C.suit_of(card)

    def order(self, card: Card) -> int:
        """Strength within its suit; -1 if the card cannot win at all."""
        trump_order = self._trump_order  # type: ignore[attr-defined]
        if trump_order is not None and self.trump is not None and self.suit(card) == self.trump:
            return trump_order.get(card & 15, -1)
        return self._plain_order.get(card & 15, -1)  # type: ignore[attr-defined]

    def power(self, card: Card, led_suit: Suit) -> int:
        """How strongly a card bids for the trick: trumps over the suit led over the rest (-1)."""
        order = self.order(card)
        if order < 0:
            return -1
        if self.suitless:
            return order
        suit = self.suit(card)
        if self.trump is not None and suit == self.trump:
            return 1000 + order
        if suit == led_suit:
            return order
        return -1

    def play_power(self, card: Card, led: Card) -> int:
        """How strongly a card bids for a trick led with ``led`` (override when the led card matters)."""
        # Rules are frozen, and a card's power is a function of the rules' fields (a subclass must keep
        # it so), so each card's power against each lead is worked out once per process.
        key = led << 12 | card
        power = self._powers.get(key)  # type: ignore[attr-defined]
        if power is None:
            power = self._powers[key] = self.power(card, self.suit(led))  # type: ignore[attr-defined]
        return power

    def winning_play(self, trick: Trick) -> int:
        """Index in ``trick.plays`` of the card winning so far (the earliest of equals)."""
        plays = trick.plays
        led = plays[0][1]
        if not self._tabled_powers:  # type: ignore[attr-defined]
            best, best_power = 0, self.play_power(led, led)
            for index in range(1, len(plays)):
                power = self.play_power(plays[index][1], led)
                if power > best_power:
                    best, best_power = index, power
            return best
        # play_power() written out (it runs for every trick taken): the table, filled on a miss.
        powers, lead_key = self._powers, led << 12  # type: ignore[attr-defined]
        best, best_power = 0, powers.get(lead_key | led)
        if best_power is None:
            best_power = self.play_power(led, led)
        for index in range(1, len(plays)):
            card = plays[index][1]
            power = powers.get(lead_key | card)
            if power is None:
                power = self.play_power(card, led)
            if power > best_power:
                best, best_power = index, power
        return best

    def winner(self, trick: Trick) -> int | None:
        """Who takes the trick; ``None`` when ``ties_draw`` and opponents share the best card."""
        best = self.winning_play(trick)
        seat = trick.plays[best][0]
        if self.ties_draw:
            led = trick.plays[0][1]
            top = self.play_power(trick.plays[best][1], led)
            if any(self.play_power(c, led) == top and not self.same_team(s, seat) for s, c in trick.plays):
                return None
        return seat

    def same_team(self, a: int, b: int) -> bool:
        """Whether two seats are partners (or the same seat)."""
        return a == b or any(a in team and b in team for team in self.teams)

    def partner_winning(self, trick: Trick, seat: int) -> bool:
        """Whether a partner of ``seat`` holds the best card of the trick so far."""
        if not trick.plays:
            return False
        holder = trick.plays[self.winning_play(trick)][0]
        return holder != seat and self.same_team(holder, seat)

    def in_suit(self, hand: Mask, suit: Suit) -> Mask:
        """The cards of ``hand`` that belong to ``suit`` in play (by :meth:`suit`).  A game that
        moves cards between suits overrides this with masks, for speed."""
        if self._printed_suits:  # type: ignore[attr-defined]
            return hand & C.SUIT_MASKS[suit]
        found = 0
        for card in C.cards_in(hand):
            if self.suit(card) == suit:
                found |= 1 << card
        return found

    def following_mask(self, led: Card) -> Mask:
        """Every card that belongs to the suit of ``led`` in play (:meth:`in_suit` of every card there
        is), worked out once per rules and card led: a hand's cards that follow ``led`` are
        ``hand & following_mask(led)``, one step where a game moves cards between suits (Euchre's
        left bower)."""
        follows = self._follows.get(led)  # type: ignore[attr-defined]
        if follows is None:
            follows = self._follows[led] = self.in_suit(_EVERY_CARD, self.suit(led))  # type: ignore[attr-defined]
        return follows

    def cards_of_suit(self, hand: Mask, suit: Suit) -> list[Card]:
        return C.cards_in(self.in_suit(hand, suit))

    def stronger(self, cards: Mask, best: int, led_suit: Suit) -> Mask:
        """Those of ``cards`` whose :meth:`power` beats ``best``."""
        found = 0
        for card in C.cards_in(cards):
            if self.power(card, led_suit) > best:
                found |= 1 << card
        return found

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Rules whose reason() is their own but that list no allowed() of their own: card by card.
        if cls.reason is not TrickRules.reason and cls.allowed is TrickRules.allowed:
            cls.allowed = TrickRules.allowed_by_reason  # type: ignore[method-assign]

    def allowed_by_following(self, hand: Mask, trick: Trick, seat: int | None = None) -> Mask:
        """The cards of ``hand`` the rules of following allow (:meth:`allowed`), for the duties
        this class declares (follow, trump, head, beat); a subclass whose own :meth:`reason`
        adds to them and then defers to ours calls this from its :meth:`allowed`."""
        if not trick.plays:
            return hand
        led = trick.plays[0][1]
        if self._printed_suits:  # type: ignore[attr-defined]
            led_suit = led >> 4 & 15
            following = hand & C.SUIT_MASKS[led_suit]
        else:
            led_suit = self.suit(led)
            following = self.in_suit(hand, led_suit)
        if self._follow_only:  # type: ignore[attr-defined]
            return following if following and self.must_follow else hand
        allowed = hand
        if following and (self.must_follow or self.must_head):
            allowed = following
        if self.partner_relief and seat is not None and self.partner_winning(trick, seat):
            return allowed
        if following and self.head_trumps and led_suit == self.trump and not self.must_head:
            best = max(self.power(c, led_suit) for c in trick.cards)
            if self.stronger(following, best, led_suit):
                allowed = self.stronger(allowed, best, led_suit)
        if following and self.must_head:
            best = max((self.power(c, led_suit) for c in trick.cards), default=-1)
            if self.stronger(following, best, led_suit):
                allowed = self.stronger(allowed, best, led_suit)
        if not following and self.trump is not None and (self.must_trump or self.must_overtrump):
            trumps = self.in_suit(hand, self.trump)
            if trumps and self.must_trump:
                allowed &= trumps
            if self.must_overtrump:
                best = max((self.power(c, led_suit) for c in trick.cards), default=-1)
                if self.stronger(trumps, best, led_suit):
                    allowed &= ~(trumps & ~self.stronger(trumps, best, led_suit))
        if self.must_beat:
            led = trick.plays[0][1]
            best = self.play_power(trick.plays[self.winning_play(trick)][1], led)
            beaters = 0
            for card in C.cards_in(hand):
                if self.play_power(card, led) > best:
                    beaters |= 1 << card
            if beaters or self.may_pass:
                allowed &= beaters
        return allowed

    #: The cards of ``hand`` the rules of following allow: exactly those whose :meth:`reason` is
    #: ``None``, found with masks (a legal move list is asked for on every move).  Rules that
    #: override :meth:`reason` override this too, or get the card-by-card check
    #: (:meth:`allowed_by_reason`).
    allowed = allowed_by_following

    def allowed_by_reason(self, hand: Mask, trick: Trick, seat: int | None = None) -> Mask:
        """The cards of ``hand`` whose :meth:`reason` is ``None``, checked one by one."""
        found = 0
        for card in C.cards_in(hand):
            if self.reason(hand, trick, card, seat) is None:
                found |= 1 << card
        return found

    def reason(self, hand: Mask, trick: Trick, card: Card, seat: int | None = None) -> str | None:
        """Why the rules of following forbid ``card`` here (``None`` if they allow it).

        ``seat`` (the player's) is needed only for ``partner_relief``.
        """
        if not trick.plays:
            return None
        led_suit = self.suit(trick.plays[0][1])
        suit = self.suit(card)
        following = self.cards_of_suit(hand, led_suit)
        if following and suit != led_suit and (self.must_follow or self.must_head):
            return f"You must follow {C.SUIT_NAME[led_suit]}."
        if self.partner_relief and seat is not None and self.partner_winning(trick, seat):
            return None
        if following and self.head_trumps and led_suit == self.trump and not self.must_head:
            best = max(self.power(c, led_suit) for c in trick.cards)
            if any(self.power(c, led_suit) > best for c in following) and self.power(card, led_suit) <= best:
                return "Trumps were led: you must play a higher trump than the best one in the trick if you can."
        if following and self.must_head:
            best = max((self.power(c, led_suit) for c in trick.cards), default=-1)
            beaters = [c for c in following if self.power(c, led_suit) > best]
            if beaters and self.power(card, led_suit) <= best:
                return "You must play a higher card than the best one in the trick if you can."
        if not following and self.trump is not None and (self.must_trump or self.must_overtrump):
            trumps = self.cards_of_suit(hand, self.trump)
            if trumps and suit != self.trump and self.must_trump:
                return (f"You have no {C.SUIT_NAME[led_suit]}, so you must play a trump "
                        f"({C.SUIT_NAME[self.trump]}).")
            if self.must_overtrump and suit == self.trump:
                best = max((self.power(c, led_suit) for c in trick.cards), default=-1)
                over = [c for c in trumps if self.power(c, led_suit) > best]
                if over and self.power(card, led_suit) <= best:
                    return "You must beat the highest trump in the trick if you can."
        if self.must_beat:
            led = trick.plays[0][1]
            top = trick.plays[self.winning_play(trick)][1]
            best = self.play_power(top, led)
            if self.play_power(card, led) <= best:
                if any(self.play_power(c, led) > best for c in C.cards_in(hand)):
                    return f"The {C.short(card)} does not beat the {C.short(top)}: you must play a higher card."
                if self.may_pass:
                    return f"None of your cards beats the {C.short(top)}: you must pass."
        return None


def play_line(name: str, verb: str, card: Card) -> str:
    """The story's line for a card played: "South leads 2♣." (see :meth:`State.say_later`)."""
    return f"{name} {verb} {C.short(card)}."


def trick_line(name: str, card: Card) -> str:
    """The story's line for a trick taken: "North wins the trick with A♣."."""
    return f"{name} wins the trick with {C.short(card)}."


def in_play_order(rules: TrickRules, cards: Sequence[Card]) -> list[Card]:
    """``cards`` as a trick game shows them once its trumps are known (:meth:`TrickGameState.display_order`):
    trumps first, then suit by suit, each from its strongest card down in the ``rules``' ranking."""
    trump = rules.trump
    return sorted(cards, key=lambda c: (trump is None or rules.suit(c) != trump, rules.suit(c),
                                        -rules.order(c), -C.rank_of(c), C.copy_of(c)))


#: Plain trick play: follow suit, aces high, no trumps (one shared object: rules never change).
NO_TRUMPS = TrickRules()


def lowest_words(rules: TrickRules, cards: Sequence[Card], card: Card) -> str:
    """For a bot's reason: what ``card``, the lowest of the playable ``cards`` (trumps kept back),
    is among them — "the lowest of its hearts", "its lowest card outside trumps"."""
    suit = rules.suit(card)
    trump = rules.trump is not None and suit == rules.trump
    if all(rules.suit(c) == suit for c in cards):
        return f"the lowest of its {'trumps' if trump else C.SUIT_NAME[suit]}"
    return "its lowest card outside trumps" if rules.trump is not None and not trump else "its lowest card"


def taking_verb(rules: TrickRules, trick: Trick, card: Card) -> str:
    """How ``card`` would take the trick so far, for a bot's reason: "trumps", "overtrumps" or "beats"."""
    if rules.trump is None or rules.suit(card) != rules.trump or rules.suit(trick.plays[0][1]) == rules.trump:
        return "beats"
    best = trick.plays[rules.winning_play(trick)][1]
    return "overtrumps" if rules.suit(best) == rules.trump else "trumps"


def turn_order(size: int, step: int, playing: tuple[int, ...] | None) -> tuple[int, tuple[int, ...]]:
    """How many seats play each trick and, by seat, the next of them round a table of ``size`` in
    direction ``step``, for the ``playing`` seats (``None``: every seat)."""
    seats = tuple(range(size)) if playing is None else playing
    following = []
    for seat in range(size):
        nxt = (seat + step) % size
        while nxt not in seats and nxt != seat:  # (a seat sitting out: its own turn never comes)
            nxt = (nxt + step) % size
        following.append(nxt)
    return len(seats), tuple(following)


#: (table size, direction, the seats playing or None for every seat) → :func:`turn_order`'s answer,
#: for :meth:`TrickGameState.settle_turns`.
_TURN_ORDERS: dict[tuple[int, int, tuple[int, ...] | None], tuple[int, tuple[int, ...]]] = {}

#: :class:`TrickGameState`'s flags read in trick play, which it keeps on each state (see its setup()).
_PLAY_FLAGS = ("everyone_plays", "full_tricks", "quick_turns", "restricted", "plain_winner", "notes_cards",
               "ends_tricks_early", "notes_tricks", "plays_out_hands")


class TrickGameState(CardGameState):
    """Hands, a trick on the table and cards won; games add phases around it.

    A game sets ``self.rules`` (a :class:`TrickRules`) before play, deals
    with :meth:`deal`, enters phase ``"play"`` with :meth:`start_play`, and
    overrides :meth:`trick_done` / :meth:`hand_done` to score.
    """

    determinisable = True  # hands, a stock or kitty; tricks are in sight

    #: A point-trick game (Briscas, Tute, Belote…) counts the cards taken in tricks by their points,
    #: which it gives in :meth:`card_points`; its hand's summary walks through who took which.
    point_tricks: bool = False
    #: What the cards with points are called in the walk-through ("penalty card" in Hearts).
    point_card_noun: str = "counting card"
    #: The cards that can carry points (:meth:`card_points`): the hand's end looks only at these
    #: (a search ends many hands). Every card (-1, all bits set) unless a game says which.
    point_cards: Mask = -1
    #: Whether :meth:`card_points` depends on the card alone (not on the hand's trumps or anything
    #: else that changes): then a hand's end notes only the counting cards each seat of a side took,
    #: as masks, and their points are looked up when the summary is read (:meth:`counted_points`):
    #: most hands a search ends are never read.
    points_by_card_alone: bool = False

    #: Whether every seat plays every trick (the class does not override :meth:`playing_seats`).
    everyone_plays: bool = True
    #: ...and a trick is one card from each seat in turn round the table (none of
    #: :meth:`trick_size`, :meth:`next_to_play`, :meth:`next_seat` is overridden).
    full_tricks: bool = True

    #: Whether the game adds bans of its own (overrides :meth:`play_restriction`); a game may turn it off
    #: on its state while none of its bans can apply (Hearts, once hearts are broken after the first trick).
    restricted: bool = False
    #: Whether the rules alone say who takes a trick (:meth:`trick_winner` is not overridden).
    plain_winner: bool = True
    #: Whether the game watches each card played (overrides :meth:`card_played`); a game may turn it
    #: off on its state while nothing is left to watch (Hearts, likewise).
    notes_cards: bool = False
    #: Whether a trick may close before every seat has played (overrides :meth:`trick_closes_early`).
    ends_tricks_early: bool = False
    #: Whether a card played passes the turn to :attr:`next_in_play` or completes the trick of
    #: :attr:`trick_seats` cards (tricks round the table, none closing early, the seats playing
    #: settled: :meth:`settle_turns`); read for every card played.
    quick_turns: bool = True
    #: How many seats play each trick, and by seat the next of them round the table (quick_turns).
    trick_seats: int = 0
    next_in_play: tuple[int, ...] = ()
    #: Whether the game does something when a trick is taken (overrides :meth:`trick_done`).
    notes_tricks: bool = False
    #: Whether the hand ends only when the hands are empty (:meth:`hand_over` is not overridden).
    plays_out_hands: bool = True
    #: Whether the game adds points to the cards' own (overrides :meth:`point_extras`).
    adds_points: bool = False

    #: The seats playing this hand as :meth:`seats_settled` last found them (``None``: never settled,
    #: so :meth:`playing_seats` is asked each time).
    settled_seats: list[int] | None = None

    #: :meth:`taking_sides`' answer, with the columns and names it was worked out from.
    _taking_sides_memo: tuple[list[str] | None, list[str], tuple[tuple[str, tuple[int, ...]], ...]] | None = None

    #: The trump suit of the hand in play (``None``: no trumps, or none chosen yet).  A game whose
    #: trumps change from hand to hand sets it when they are known, and ``rules`` to match; while the
    #: two differ the hand's trumps are being chosen and the rules in force are last hand's.
    trump: Suit | None = None

    #: Whether tricks go round the table one seat after another whenever every seat plays (none of
    #: :meth:`trick_size`, :meth:`next_to_play`, :meth:`next_seat` is overridden).
    round_the_table: bool = True

    #: How a quiz compares two cards played (:mod:`parlour.choices`): by the trick they lead to.
    choice_measures: ClassVar[dict[str, str]] = {"play": "trick"}
    #: Whether the points in tricks count against whoever takes them (Hearts), for comparing choices.
    points_are_penalties: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.everyone_plays = cls.playing_seats is TrickGameState.playing_seats
        cls.round_the_table = (cls.trick_size is TrickGameState.trick_size
                               and cls.next_to_play is TrickGameState.next_to_play
                               and cls.next_seat is CardGameState.next_seat)
        cls.full_tricks = cls.everyone_plays and cls.round_the_table
        cls.restricted = cls.play_restriction is not TrickGameState.play_restriction
        cls.plain_winner = cls.trick_winner is TrickGameState.trick_winner
        cls.notes_cards = cls.card_played is not TrickGameState.card_played
        cls.ends_tricks_early = cls.trick_closes_early is not TrickGameState.trick_closes_early
        cls.quick_turns = cls.full_tricks and not cls.ends_tricks_early
        cls.notes_tricks = cls.trick_done is not TrickGameState.trick_done
        cls.plays_out_hands = cls.hand_over is TrickGameState.hand_over
        cls.adds_points = cls.point_extras is not TrickGameState.point_extras

    def setup(self) -> None:
        self.rules = NO_TRUMPS
        # The class's flags (found by __init_subclass__) kept on the state itself: they are read for
        # every card played and every trick taken, and an attribute of the state is found quicker
        # than one of its class.  (A game may change its own on the state: Hearts' restricted.)
        cls = type(self)
        for flag in _PLAY_FLAGS:
            setattr(self, flag, getattr(cls, flag))
        if self.quick_turns:  # every seat plays each trick in turn: settled now, as the seats are
            self.table_size = self.table_seats()  # (as CardGameState.setup finds it, before the first deal)
            self.settle_turns(None)
        super().setup()

    # -- to write in a game module
    def play_restriction(self, seat: int, card: Card) -> str | None:
        """A game's own ban on a card (after the following rules have allowed it)."""
        return None

    def unrestricted(self, seat: int, allowed: Mask) -> Mask:
        """Of the cards ``allowed`` by the rules of following, those :meth:`play_restriction` lets
        ``seat`` play.  A game with restrictions of its own overrides this with masks (its
        :meth:`play_restriction` still gives the reasons; a test holds the two together), or
        gets the card-by-card check."""
        if not self.restricted:
            return allowed
        found = 0
        for card in C.cards_in(allowed):
            if self.play_restriction(seat, card) is None:
                found |= 1 << card
        return found

    def points_in_trick(self, cards: Mask) -> int:
        """The points in a trick's cards, as the game counts them: the sum of :meth:`card_points`
        (none in a game whose cards carry no points: a trick counts as one). Used to judge whether
        two cards played come to the same (:mod:`parlour.choices`)."""
        return sum(self.card_points(card) for card in C.cards_in(cards))

    def trick_done(self, winner: int, trick: Trick) -> None:
        """Called when a trick is complete and taken."""

    def trick_winner(self, trick: Trick) -> int | None:
        """Who takes a complete trick; ``None`` if the game's rules make it a draw."""
        return self.rules.winner(trick)

    def trick_drawn(self, trick: Trick) -> None:
        """Called when a trick is drawn (only games whose ``trick_winner`` can say ``None``)."""

    def leader_after_draw(self, trick: Trick) -> int:
        """Who leads after a drawn trick: by default the same leader again."""
        return trick.leader

    def hand_done(self) -> None:
        """Called after the last trick of a hand."""

    def taking_sides(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Who takes tricks together, named: each partnership (a score column whose seats cover the
        table), or else each seat.  Worked out once: asked twice at every hand's end, and the seats'
        names and the sheet's columns are fixed when the game is set up (the memo is kept with the
        lists it was made from, so a state that names its seats or columns anew is worked out again)."""
        sheet = self.scoresheet()
        columns = sheet.columns if sheet is not None else None
        memo = self._taking_sides_memo
        if memo is not None and memo[0] is columns and memo[1] is self.names:
            return memo[2]
        sides = self.find_taking_sides(sheet)
        self._taking_sides_memo = (columns, self.names, sides)
        return sides

    def find_taking_sides(self, sheet: ScoreSheet | None) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """:meth:`taking_sides`, worked out."""
        if sheet is not None and isinstance(self, MatchScoring):
            groups = [self.column_seats(c) for c in range(len(sheet.columns))]
            if sorted(s for seats in groups for s in seats) == list(range(len(self.tricks_won))):
                if any(len(seats) > 1 for seats in groups):
                    return tuple((sheet.columns[c], seats) for c, seats in enumerate(groups))
        return tuple((self.names[s], (s,)) for s in range(len(self.tricks_won)))

    def taken_this_hand(self) -> tuple[str, tuple[tuple[str, int], ...]] | None:
        """The tricks each partnership or else each seat took this hand (:meth:`taking_sides`), for
        the hand's summary; ``None`` when no trick was taken."""
        won = self.tricks_won
        if not any(won):
            return None
        # Plain loops, not nested generators: this runs at every hand's end of a search's playouts.
        taken = []
        for name, seats in self.taking_sides():
            count = 0
            for seat in seats:
                count += won[seat]
            taken.append((name, count))
        return "trick", tuple(taken)

    def card_points(self, card: Card) -> int:
        """What a card taken in a trick is worth, in a point-trick game (see :attr:`point_tricks`)."""
        return 0

    def point_extras(self) -> list[tuple[int, Extra]]:
        """What a point-trick game adds to the cards' points, by side (an index of :meth:`taking_sides`):
        the last trick's bonus, points sung… as (side, (words, the cards that earned it, points))."""
        return []

    def count_noted(self) -> tuple[tuple[str, Any, tuple[Extra, ...]], ...] | None:
        """A point-trick game's counting cards each side took this hand, with their points (noted
        now: the points may depend on this hand's trumps), and its extras; where the points depend on
        the card alone (:attr:`points_by_card_alone`), the cards as a mask a seat, without points."""
        if not self.point_tricks:
            return None
        extras = self.point_extras() if self.adds_points else ()
        counting, won = self.point_cards, self.won
        by_card_alone = self.points_by_card_alone
        # Plain loops, not nested generators: this runs at every hand's end of a search's playouts.
        noted = []
        for index, (name, seats) in enumerate(self.taking_sides()):
            masks = (won[seats[0]] & counting,) if len(seats) == 1 else tuple([won[seat] & counting for seat in seats])
            noted.append((name, masks if by_card_alone else self.points_taken(masks),
                          tuple([extra for side, extra in extras if side == index]) if extras else ()))
        return tuple(noted)

    def points_taken(self, masks: tuple[Mask, ...]) -> tuple[tuple[Card, int], ...]:
        """The counting cards in ``masks`` (each seat's of a side, in turn) with their points."""
        points_of = self.card_points
        taken = []
        for mask in masks:
            for card in C.cards_in(mask):
                points = points_of(card)
                if points:
                    taken.append((card, points))
        return tuple(taken)

    def counted_points(self, noted: tuple[tuple[str, Any, tuple[Extra, ...]], ...]
                       ) -> list[tuple[str, tuple[tuple[Card, int], ...], tuple[Extra, ...]]]:
        """What :meth:`count_noted` noted, each side's cards with their points: (side, (card, points)…,
        extras)."""
        if not self.points_by_card_alone:
            return list(noted)
        return [(name, self.points_taken(masks), extras) for name, masks, extras in noted]

    def count_walkthrough(self, noted: tuple[tuple[str, Any, tuple[Extra, ...]], ...],
                          player: int | None) -> list[CountedHand]:
        """Each side's counting cards, a step per value ("3 cards worth 11 each: 33"), then its extras."""
        return [card_points_taken(name, taken, self.point_card_noun, extras)
                for name, taken, extras in self.counted_points(noted)]

    def last_trick_cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.tricks_played[-1].plays) if self.tricks_played else ()

    def hand_over(self) -> bool:
        """Whether the hand's play is over (by default: when the hands are empty)."""
        if self.everyone_plays:
            return not any(self.hands)
        # Some seat sits out (a lone hand): the playing seats as last settled, as next_turn() reads them.
        playing = self.settled_seats
        if playing is None:
            playing = self.playing_seats()
        hands = self.hands
        for seat in playing:
            if hands[seat]:
                return False
        return True

    def seats_settled(self) -> None:
        """A game that can leave a seat out of a hand (it overrides :meth:`playing_seats`, as Euchre's
        lone hands do) calls this whenever who plays may have changed: while every seat plays, its
        tricks take the same quick path round the table as any other game's, and while one sits out
        the seats found here pass the turn round (:attr:`settled_seats`)."""
        cls = type(self)
        playing: list[int] | None = None
        if cls.everyone_plays:
            everyone = True
        else:
            playing = self.settled_seats = self.playing_seats()
            everyone = len(playing) == self.table_size
        self.everyone_plays = everyone
        self.full_tricks = everyone and cls.round_the_table
        # With the seats settled, a trick round the table takes the quick way whoever sits out.
        self.quick_turns = cls.round_the_table and not cls.ends_tricks_early
        if self.quick_turns:
            self.settle_turns(None if everyone else playing)

    def settle_turns(self, playing: Sequence[int] | None) -> None:
        """For :attr:`quick_turns`: how many seats play each trick (:attr:`trick_seats`) and, by seat,
        the next of them round the table (:attr:`next_in_play`), for ``playing`` seats (``None``:
        every seat); what :meth:`next_turn` works out card by card, found once per table."""
        key = (self.table_size, self.direction, None if playing is None else tuple(playing))
        found = _TURN_ORDERS.get(key)
        if found is None:
            found = _TURN_ORDERS[key] = turn_order(*key)
        self.trick_seats, self.next_in_play = found

    def trick_closes_early(self, trick: Trick) -> bool:
        """Whether a trick is complete before every seat has had its turn (a led Brus seven)."""
        return False

    # -- a new hand: the cards won and the tricks played start empty
    def new_hand_state(self) -> None:
        super().new_hand_state()
        self.won: list[Mask] = [0] * self.table_size
        self.tricks_won: list[int] = [0] * self.table_size
        self.tricks_played: list[Trick] = []
        self.drawn_tricks = 0
        #: Cards out of play this hand (drawn tricks, discards), kept so no card goes missing.
        self.discarded: Mask = 0
        self.trick = Trick(0, [], [])  # Trick(leader=0), without the default factories' calls

    def set_trumps(self, trump: Suit | None) -> None:
        """This hand is played with ``trump`` as trumps (``None``: none): :attr:`trump` and the rules
        in force, together (:meth:`TrickRules.with_trump`)."""
        self.trump = trump
        self.rules = self.rules.with_trump(trump)

    def start_position(self, hands: Sequence[Sequence[str]], leader: int, tricks_before: int = 0) -> None:
        """For a rule test: play starts from these hands (codes, seat by seat) with ``leader`` to lead,
        as if ``tricks_before`` tricks had already been played (so first-trick rules are off).  With
        :meth:`set_trumps` first, the trumps are chosen too (tests/helpers.py's ``trick_position``)."""
        self.set_hands(hands)
        self.forget_legal()
        self.won = [0] * self.table_size
        self.tricks_won = [0] * self.table_size
        self.tricks_played = [Trick(leader=leader) for _ in range(tricks_before)]
        self.start_play(leader)

    # -- playing tricks
    def start_play(self, leader: int) -> None:
        self.phase = "play"
        self.trick = Trick(leader, [], [])
        self.turn = leader

    def trick_size(self) -> int:
        return self.table_size if self.everyone_plays else len(self.playing_seats())

    def controller(self, seat: int) -> int:
        """The player who plays ``seat``'s cards (a game with a dummy overrides this)."""
        return seat

    def to_move(self) -> int | None:
        if self.is_over:
            return None
        return self.controller(self.turn)

    def _candidates_play(self) -> list[Action]:
        cards = C.codes_in(self.hands[self.turn])
        return cards + [PASS] if self.rules.may_pass else cards

    def playable(self, seat: int) -> Mask:
        """The cards ``seat`` may play now: exactly those whose :meth:`card_reason` is ``None``."""
        return self.unrestricted(seat, self.rules.allowed(self.hands[seat], self.trick, seat))

    def legal_cards(self) -> list[Action]:
        """The codes of the cards the player to move may play, in candidate order."""
        return C.codes_in(self.playable(self.turn))

    def _legal_play(self) -> list[Action]:
        # legal_cards() written out: this runs before every card played.
        seat = self.turn
        rules = self.rules
        hand = self.hands[seat]
        plays = self.trick.plays
        if rules._plain_following:  # type: ignore[attr-defined]
            # allowed_by_following() for the duty to follow suit alone, written out: the suit led, if held.
            if plays and rules.must_follow:
                led = plays[0][1]
                if rules._printed_suits:  # type: ignore[attr-defined]
                    suit = led >> 4 & 15
                    following = hand & C.SUIT_MASKS[suit]
                    if following and hand < C.ONE_PACK_TOP and not rules.may_pass:
                        # Following a suit of one pack (most cards played): the codes are that suit's,
                        # looked up at once (what codes_in() gives, without its look at the other suits).
                        if self.restricted:
                            following = self.unrestricted(seat, following)
                        codes = C.SUIT_CODES[suit].get(following >> (suit << 4))
                        return list(codes) if codes is not None else C.codes_in(following)
                    allowed = following or hand
                else:  # following_mask() written out: the table, filled on a miss
                    follows = rules._follows.get(led)  # type: ignore[attr-defined]
                    allowed = hand & (rules.following_mask(led) if follows is None else follows) or hand
            else:
                allowed = hand
        else:
            allowed = rules.allowed(hand, self.trick, seat)
        cards = C.codes_in(self.unrestricted(seat, allowed) if self.restricted else allowed)
        if rules.may_pass:
            # Passing is allowed exactly when no card is.
            return cards if cards else [PASS]
        return cards

    def _verify_play(self, action: Action) -> str | None:
        if action == PASS and self.rules.may_pass:
            return self.pass_reason(self.turn)
        reason = self.held_card_reason(self.turn, action)
        if reason is not None:
            return reason
        return self.card_reason(self.turn, self.pack.card(action))

    def card_reason(self, seat: int, card: Card) -> str | None:
        """Why the rules forbid ``seat`` to play ``card`` (held) to the current trick, or ``None``."""
        return self.rules.reason(self.hands[seat], self.trick, card, seat) or self.play_restriction(seat, card)

    def pass_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not pass: passing is only for a player with no card they may play."""
        playable = next((c for c in C.cards_in(self.hands[seat]) if self.card_reason(seat, c) is None), None)
        if playable is None:
            return None
        if not self.trick.plays:
            return f"You cannot pass the lead while you have a card to lead (such as {C.short(playable)})."
        return f"You cannot pass while you have a card you may play (such as {C.short(playable)})."

    def _do_play(self, action: Action) -> None:
        seat = self.turn
        if action == PASS:
            self.pass_turn(seat)
            return
        card = self.pack.by_code[action]  # verified (or listed as legal): an exact code
        self.hands[seat] ^= BITS[card]  # the card held (verified, or listed as legal) leaves the hand
        trick = self.trick
        plays = trick.plays
        # say_later() written out, as below (this runs for every card played): "South leads 2♣."
        self._story.append((play_line, len(self.history), "play", self.names[seat],
                            "plays" if plays else "leads", card))
        plays.append((seat, card))
        if self.notes_cards:
            self.card_played(seat, card)
            trick = self.trick
            plays = trick.plays
        if self.quick_turns:
            # next_turn() for tricks round the table, written out: the next seat in play takes its turn,
            # or the trick is complete (see settle_turns).
            if len(plays) + len(trick.passes) < self.trick_seats:
                self.turn = self.next_in_play[seat]
            else:
                self.close_trick()
            return
        self.next_turn(seat)

    def pass_turn(self, seat: int) -> None:
        """``seat`` passes: on the lead the next seat leads instead, otherwise its turn is over."""
        if not self.trick.plays:
            nxt = self.next_to_play(seat)
            self.say(f"{self.names[seat]} has nothing to lead and passes the lead to {self.names[nxt]}.",
                     kind="play")
            self.trick = Trick(leader=nxt)
            self.turn = nxt
            return
        self.trick.passes.append(seat)
        self.say(f"{self.names[seat]} passes.", kind="play")
        self.next_turn(seat)

    def next_turn(self, seat: int) -> None:
        """After ``seat``'s turn: the next seat plays, or the trick is complete and taken."""
        trick = self.trick
        turns = len(trick.plays) + len(trick.passes)
        if self.full_tricks:
            if turns < self.table_size and not (self.ends_tricks_early and self.trick_closes_early(trick)):
                self.turn = (seat + self.direction) % self.table_size
                return
        elif self.round_the_table:
            # Some seat sits out (a lone hand): trick_size() and next_to_play() written out, with the
            # playing seats as last settled (this runs for every card of such a hand).
            playing = self.settled_seats
            if playing is None:
                playing = self.playing_seats()
            if turns < len(playing) and not (self.ends_tricks_early and self.trick_closes_early(trick)):
                step, size = self.direction, self.table_size
                nxt = (seat + step) % size
                while nxt not in playing:
                    nxt = (nxt + step) % size
                self.turn = nxt
                return
        elif turns < self.trick_size() and not self.trick_closes_early(trick):
            self.turn = self.next_to_play(seat)
            return
        self.close_trick()

    def close_trick(self) -> None:
        trick = self.trick
        rules = self.rules
        plays = trick.plays
        if self.plain_winner and rules._best_card_wins and rules._tabled_powers:  # type: ignore[attr-defined]
            # The usual case (every trick taken runs it): the best card's player takes the trick, each
            # card's power read from the table (winning_play() written out), the cards taken gathered
            # in the same pass.
            # One loop over every play, the led card's first: a power is never below -1, so the led
            # card is the best so far, and a later card takes over only by beating it.
            powers = rules._powers  # type: ignore[attr-defined]
            led = plays[0][1]
            lead_key = led << 12
            best_power = -2
            taken = 0
            for seat, card in plays:
                taken |= BITS[card]
                power = powers.get(lead_key | card)
                if power is None:
                    power = rules.play_power(card, led)
                if power > best_power:
                    winner, winning_card, best_power = seat, card, power
            self.tricks_played.append(trick)
        else:
            best = rules.winning_play(trick)
            found: int | None = plays[best][0] if self.plain_winner and rules._best_card_wins \
                else self.trick_winner(trick)  # type: ignore[attr-defined]
            self.tricks_played.append(trick)
            if found is None:
                self.drawn_tricks += 1
                self.discarded |= C.mask_of(trick.cards)
                self.say("The trick is drawn: nobody takes it.", kind="trick")
                self.trick = Trick(leader=self.leader_after_draw(trick))
                self.turn = self.trick.leader
                self.trick_drawn(trick)
                if not self.is_over and self.phase == "play" and self.hand_over():
                    self.hand_done()
                return
            winner, winning_card = found, plays[best][1]
            taken = 0
            for _, card in plays:
                taken |= 1 << card
        self.won[winner] |= taken
        self.tricks_won[winner] += 1
        self._story.append((trick_line, len(self.history), "trick", self.names[winner], winning_card))
        self.trick = Trick(winner, [], [])  # Trick(leader=winner), without the default factories' calls
        self.turn = winner
        if self.notes_tricks:
            self.trick_done(winner, trick)
        if not self.is_over and self.phase == "play":
            # hand_over() written out for a table where every seat plays and hands are played out.
            if not any(self.hands) if self.plays_out_hands and self.everyone_plays else self.hand_over():
                self.hand_done()

    def all_cards(self) -> list[Card]:
        found = [c for mask in (*self.won, self.discarded) for c in C.cards_in(mask)]
        return super().all_cards() + found + self.trick.cards

    def card_played(self, seat: int, card: Card) -> None:
        """Called after each card is played (for "hearts broken" and the like)."""

    def next_to_play(self, seat: int) -> int:
        nxt = self.next_seat(seat)
        if self.everyone_plays:
            return nxt
        playing = self.playing_seats()
        while nxt not in playing:
            nxt = self.next_seat(nxt)
        return nxt

    def playing_seats(self) -> list[int]:
        """Seats taking part in this hand's tricks (a lone player's partner sits out)."""
        return list(range(self.table_size))

    # -- the view
    def trick_view(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "card": C.code(card)} for seat, card in self.trick.plays]

    def last_trick_view(self) -> list[dict[str, Any]] | None:
        if not self.tricks_played:
            return None
        return [{"seat": seat, "card": C.code(card)} for seat, card in self.tricks_played[-1].plays]

    def last_trick_winner(self) -> int | None:
        """Who took the last complete trick of this hand (``None`` before the first, or if it was drawn):
        the table shows a finished trick with its taker until the next card is led."""
        if not self.tricks_played or not self.tricks_played[-1].plays:
            return None
        return self.trick_winner(self.tricks_played[-1])

    def display_order(self, cards: list[Card]) -> list[Card]:
        """Trumps first, then suit by suit, each from its strongest card down in this game's
        ranking (so a reader sees at once that, say, the 3 outranks the king)."""
        rules = self.rules
        trump = rules.trump
        if self.trump != trump:
            # Trumps are being chosen, and the rules in force are still last hand's: plain order.
            return super().display_order(cards)
        return in_play_order(rules, cards)

    def table_view(self, seats: list[dict[str, Any]], centre: list[dict[str, Any]], status: str | None = None,
                   **extra: Any) -> dict[str, Any]:
        """The table as the renderer draws it: seats, the trick in play and the last one, the centre,
        and the status line (by default :meth:`~parlour.core.State.status`)."""
        return {"hand_no": self.hand_no, "seats": seats, "trick": self.trick_view(),
                "last_trick": self.last_trick_view(), "last_winner": self.last_trick_winner(),
                "centre": centre, "status": self.status() if status is None else status, **extra}
