"""Determinisation: deal the cards a player cannot see afresh, consistently with what they have seen.

A search bot must not look at the other players' cards.  Instead it imagines
many possible deals of the cards it cannot see and tries its moves in each.
:func:`knowledge` works out, once per decision, what ``player`` knows:

- which cards are hidden from them: the hands their view shows face down, and
  the game's face-down piles (:meth:`~parlour.cardgame.CardGameState.hidden_piles`:
  a stock, a kitty, Burraco's pozzetti, a card given but not yet received), less every
  card their view shows anywhere (the turned card, an exposed dummy, a hand laid face up) and the cards the game says
  they know the place of (:meth:`~parlour.cardgame.CardGameState.known_cards`:
  the cards they passed, the card the dealer took up; and
  :meth:`~parlour.cardgame.CardGameState.laid_unseen`: the cards they laid face down themselves,
  such as Cribbage's discards to the crib);
- which hidden cards a seat cannot hold, because a card it played would then
  have been illegal: not following suit shows a void, not trumping shows no
  trumps, passing shows no card that beats (the trick rules' own ``reason``
  decides, so every game's duties count without code of its own).  Only the
  plays since the hands last took in cards count (a stock drawn from refills them).

:meth:`Knowledge.sample` then deals the hidden cards back into the same places
in the same numbers, each seat only cards it may hold, on a copy of the state
whose random generator is re-seeded (so the copy's future deals are not the
real ones either); the copy then brings any second record of those cards into line
(:meth:`~parlour.cardgame.CardGameState.after_imagined_deal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeGuard

from . import cards as C
from .cardgame import CardGameState
from .cards import Card, Mask
from .core import State
from .rng import MAX_SEED, Rng
from .stock import StockDraw
from .tricks import Trick, TrickGameState, TrickRules

#: How often quick sampling starts again when the constraints leave a place short of cards.
TRIES = 4
#: How many deals :meth:`Knowledge.sample` may draw before one shows the player what they see.
SIGN_TRIES = 500
#: How often a seat's hand is redrawn when it fails the game's quick test (``hand_could_be``).
HAND_TRIES = 300


@dataclass
class Knowledge:
    """What one player knows about the cards they cannot see (see the module's notes)."""

    player: int
    #: Hidden cards in each seat's hand (only seats with any), and how many that seat holds.
    seats: dict[int, Mask]
    #: Hidden cards in each face-down pile, by the pile's attribute name.
    piles: dict[str, Mask]
    #: Cards each seat cannot hold, found from its plays.
    excluded: dict[int, Mask]
    #: What the player's view shows (less the prompt to another player): an imagined deal must
    #: show exactly this, so any sign a game gives of hidden cards (a partner's signal) holds too.
    shown: dict[str, Any]

    @property
    def hidden(self) -> Mask:
        """Every card the player cannot place."""
        pool = 0
        for mask in (*self.seats.values(), *self.piles.values()):
            pool |= mask
        return pool

    def sample(self, state: CardGameState, rng: Rng) -> CardGameState:
        """A copy of ``state`` with the hidden cards dealt afresh (see the module's notes), drawn
        again until the player's view of it is the view they have and the game's rules allow it
        (:meth:`~parlour.cardgame.CardGameState.could_be_dealt`)."""
        for _ in range(SIGN_TRIES):
            world = self.draw(state, rng)
            if world.could_be_dealt() and shown_to(world, self.player) == self.shown:
                return world
        raise ValueError(f"{state.game.id}: no deal of the hidden cards found that shows the player "
                         f"what they see, in {SIGN_TRIES} tries")

    def draw(self, state: CardGameState, rng: Rng) -> CardGameState:
        """One deal of the hidden cards into a copy of ``state``, by the places and the absences
        alone (:meth:`sample` checks it against the player's view)."""
        test = state.hand_test(self.player)
        fits = None if test is None else (
            lambda seat, hidden: test(seat, state.hands[seat] & ~self.seats[seat] | hidden))
        deal = self.deal(rng, fits)
        world = state.clone()
        assert isinstance(world, CardGameState)
        hands = world.hands
        for seat, old in self.seats.items():
            hands[seat] = hands[seat] & ~old | deal[seat]
        for name, old in self.piles.items():
            cards = C.cards_in(deal[name])
            rng.shuffle(cards)
            setattr(world, name, _refilled(getattr(world, name), old, deal[name], cards))
        world.rng = Rng(rng.next64() & MAX_SEED)
        world.after_imagined_deal()
        world.forget_legal()
        return world

    def deal(self, rng: Rng, fits: HandTest | None = None) -> dict[Any, Mask]:
        """The hidden cards shared out again: place (seat or pile name) → its new hidden cards (each
        seat's redrawn a few times while it fails ``fits``)."""
        places: list[tuple[Any, int, Mask]] = [(seat, C.count(mask), self.excluded.get(seat, 0))
                                               for seat, mask in self.seats.items()]
        places += [(name, C.count(mask), 0) for name, mask in self.piles.items()]
        pool = self.hidden
        for _ in range(TRIES):
            dealt = _deal_once(places, pool, rng, fits)
            if dealt is not None:
                return dealt
        # Tight constraints (late in a hand, several voids): place card by card, moving cards
        # already placed when a card has no room left (the real deal shows a way always exists).
        dealt = _deal_by_matching(places, pool, rng)
        if dealt is None:
            raise ValueError("no deal of the hidden cards fits what the player has seen")
        return dealt


#: A game's quick test of one imagined hand: (seat, its new hidden cards) → could it be?
HandTest = Callable[[int, Mask], bool]


def _deal_once(places: list[tuple[Any, int, Mask]], pool: Mask, rng: Rng,
               fits: HandTest | None = None) -> dict[Any, Mask] | None:
    # Most constrained places first: they have the fewest cards to choose from.
    order = sorted(places, key=lambda p: C.count(pool & ~p[2]) - p[1])
    if fits is not None:
        # Hands with a test first, while every hidden card is still there to choose from.
        order.sort(key=lambda p: not isinstance(p[0], int))
    left = pool
    dealt: dict[Any, Mask] = {}
    for place, size, excluded in order:
        choices = C.cards_in(left & ~excluded)
        if len(choices) < size:
            return None
        rng.shuffle(choices)
        chosen = C.mask_of(choices[:size])
        if fits is not None and isinstance(place, int):
            # A hand that fails the game's test is redrawn (kept if none passes: the whole deal is
            # checked against the player's view anyway); a quick partial shuffle each time.
            for _ in range(HAND_TRIES):
                if fits(place, chosen):
                    break
                for i in range(size):
                    j = i + rng.below(len(choices) - i)
                    choices[i], choices[j] = choices[j], choices[i]
                chosen = C.mask_of(choices[:size])
        dealt[place] = chosen
        left &= ~chosen
    return dealt


def _deal_by_matching(places: list[tuple[Any, int, Mask]], pool: Mask,
                      rng: Rng) -> dict[Any, Mask] | None:
    """Every card a place that may hold it, by augmenting paths (a bipartite matching of cards to
    the places' free spaces), cards and spaces taken in random order."""
    spaces = [(place, excluded) for place, size, excluded in places for _ in range(size)]
    holder: dict[int, Card] = {}  # space → card

    def place_card(card: Card, tried: set[int]) -> bool:
        order = [i for i, (_, excluded) in enumerate(spaces) if not excluded >> card & 1]
        rng.shuffle(order)
        for space in order:
            if space in tried:
                continue
            tried.add(space)
            if space not in holder or place_card(holder[space], tried):
                holder[space] = card
                return True
        return False

    cards = C.cards_in(pool)
    rng.shuffle(cards)
    if not all(place_card(card, set()) for card in cards):
        return None
    dealt: dict[Any, Mask] = {place: 0 for place, _, _ in places}
    for space, card in holder.items():
        dealt[spaces[space][0]] |= 1 << card
    return dealt


#: A face-down pile as a game keeps it: a mask, a list of cards (``None`` for an empty place, such
#: as a card not given yet), or several such piles in a list or a dict (Burraco's pozzetti).
Pile = Any


def pile_mask(pile: Pile) -> Mask:
    """Every card in ``pile`` (see :data:`Pile`)."""
    if isinstance(pile, int):
        return pile
    if isinstance(pile, dict):
        pile = list(pile.values())
    mask = 0
    for item in pile:
        if isinstance(item, (list, dict)):
            mask |= pile_mask(item)
        elif item is not None:
            mask |= 1 << item
    return mask


def _refilled(pile: Pile, old: Mask, new: Mask, cards: list[Card]) -> Pile:
    """``pile`` with its cards in ``old`` replaced: by ``new`` in a mask, else place by place from
    ``cards`` (``new`` shuffled, popped as used), the pile's shape kept."""
    if isinstance(pile, int):
        return pile & ~old | new
    if isinstance(pile, dict):
        return {key: _refilled(part, old, new, cards) for key, part in pile.items()}
    return [_refilled(item, old, new, cards) if isinstance(item, (list, dict))
            else cards.pop() if item is not None and old >> item & 1 else item for item in pile]


def shown_to(state: State, player: int) -> dict[str, Any]:
    """``player``'s view, less the prompt when another player is to move (it speaks to them)."""
    view = state.view(player)
    if state.to_move() != player:
        view.pop("prompt", None)
    return view


def visible_cards(state: State, player: int) -> Mask:
    """Every card of the pack that ``player``'s view shows anywhere (by its code)."""
    found = 0
    stack: list[Any] = [state.view(player)]
    find = state.pack.by_code.get
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            card = find(item)
            if card is not None:
                found |= 1 << card
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def determinisable(state: State) -> TypeGuard[CardGameState]:
    """Whether ``state``'s hidden cards can be dealt afresh (see ``CardGameState.determinisable``)."""
    return isinstance(state, CardGameState) and state.determinisable


def knowledge(state: State, player: int) -> Knowledge:
    """What ``player`` knows now (see the module's notes); only for a :func:`determinisable` state."""
    if not isinstance(state, CardGameState) or not state.determinisable:
        raise ValueError(f"{state.game.id} does not say where all its hidden cards lie, "
                         "so its deals cannot be imagined afresh")
    hands = state.hands
    view = state.view(player)
    seen = visible_cards(state, player) & ~state.past_cards_in_view(player)
    known = state.known_cards(player)
    placed = seen | state.laid_unseen(player)
    for mask in known.values():
        placed |= mask
    shown = view.get("seats", [])
    seats: dict[int, Mask] = {}
    if len(shown) == len(hands):
        for seat, entry in enumerate(shown):
            if seat != player and entry.get("hand") is None and hands[seat] & ~placed:
                seats[seat] = hands[seat] & ~placed
    piles: dict[str, Mask] = {}
    for name in state.hidden_piles(player):
        mask = pile_mask(getattr(state, name))
        if mask & ~placed:
            piles[name] = mask & ~placed
    excluded = revealed_absences(state, list(seats))
    for seat, absent in state.known_absences(player).items():
        if seat in seats:
            excluded[seat] = excluded.get(seat, 0) | absent
    return Knowledge(player, seats, piles, excluded, shown_to(state, player))


def revealed_absences(state: CardGameState, seats: list[int]) -> dict[int, Mask]:
    """For each of ``seats``, the cards its plays show it cannot hold (see the module's notes)."""
    if not isinstance(state, TrickGameState):
        return {}
    rules = state.rules
    tricks = list(state.tricks_played)
    if isinstance(state, StockDraw):
        if state.stock_size():
            return {}  # the hands are still being refilled from the stock
        tricks = tricks[state.stock_out_at:]
    tricks.append(state.trick)
    hands = state.hands
    candidates = 0
    for seat in seats:
        candidates |= hands[seat]
    absent: dict[int, Mask] = {}
    for trick in tricks:
        for index, (seat, card) in enumerate(trick.plays):
            # The trick as it stood when the card was played.
            if seat in seats:
                before = type(trick)(leader=trick.leader, plays=trick.plays[:index])
                absent[seat] = absent.get(seat, 0) | _forbidding(rules, before, seat, card, candidates)
        for seat in trick.passes:
            if seat in seats:
                absent[seat] = absent.get(seat, 0) | _playable(
                    rules, _as_it_stood(trick, seat, state), seat, candidates)
    return absent


def _as_it_stood(trick: Trick, seat: int, state: TrickGameState) -> Trick:
    """``trick`` as it stood when ``seat`` had its turn: the cards played by the seats before it, in
    the order of play from the leader (a pass is judged against the best card then, not the best
    card at the end: Brus's passer could not beat a low card led, whatever came after)."""
    def place(s: int) -> int:
        return (s - trick.leader) * state.direction % state.table_size
    return type(trick)(leader=trick.leader, plays=[p for p in trick.plays if place(p[0]) < place(seat)])


def _forbidding(rules: TrickRules, before: Trick, seat: int, card: Card, candidates: Mask) -> Mask:
    """The candidate cards whose presence in the hand would have made ``card`` illegal."""
    found = 0
    for other in C.cards_in(candidates & ~(1 << card)):
        if rules.reason(1 << card | 1 << other, before, card, seat) is not None:
            found |= 1 << other
    return found


def _playable(rules: TrickRules, trick: Trick, seat: int, candidates: Mask) -> Mask:
    """The candidate cards a seat that passed could have played (so it held none of them)."""
    found = 0
    for card in C.cards_in(candidates):
        if rules.reason(1 << card, trick, card, seat) is None:
            found |= 1 << card
    return found


def determinise(state: CardGameState, player: int, rng: Rng) -> CardGameState:
    """A copy of ``state`` with the cards ``player`` cannot see dealt afresh, consistently with what
    they have seen; the one-call form of ``knowledge(state, player).sample(state, rng)``."""
    return knowledge(state, player).sample(state, rng)
