"""The rummy table, written once: a stock, a discard pile, melds on the table, and a turn of
draw → meld → discard, for the games of the rummy family (Burraco, Carioca) built on
:mod:`parlour.melds`.

How a turn is cut into moves (each move is one action, so the codec can store it as its index
among the legal actions, and no list ever holds every subset of a hand):

``draw``                 the top card of the stock;
``take``                 the discard pile (all of it, or only its top card, as the game says);
``meld:CARDS``           a new meld of the *fewest* cards the rules allow — three, or four for an
                         escalera — such as ``meld:7S+8S+BJ``;
``meld:END:CARDS``       the same, where the rules leave a wild card's end to the player
                         (``meld:high:5H+6H+7H+BJ``);
``add:ID:CARD``          one card onto the meld ``ID`` on the table (``add:m3:10S``): it extends the
                         meld, or takes the place of the wild card that stood for it;
``add:ID:END:CARD``      the same, the wild moving to the ``END`` the player chose;
``discard:CARD``         the card that ends the turn.

A longer meld is a new meld plus cards added one at a time, in the same turn: every meld a
player may make can be made, while the legal moves stay a short list (the melds of three a
hand can start, each card that fits a meld, each discard).  On the page the reader picks
cards (and a meld) and the matching moves appear; ``meld``, ``add`` and ``discard`` may be
tried on any pick, and the engine says why a pick is not a move.

A game subclasses :class:`RummyState`, declares its :class:`~parlour.melds.MeldRules`, deals,
and writes the checks only it has (``lay_reason``, ``add_reason``, ``discard_reason``, whose
melds a seat may add to) and what happens at the end of a move (``after_meld``,
``after_discard``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from . import cards as C
from . import melds as M
from .cardgame import CARD_JOIN, CardGameState
from .cards import Card, Mask
from .copying import share_type
from .core import Action
from .melds import End, Meld, MeldRules

DRAW, TAKE, MELD, ADD, DISCARD = "draw", "take", "meld", "add", "discard"
ENDS: tuple[End, ...] = (M.LOW, M.HIGH)
MELD_ID = re.compile(r"^m\d+$")

FIRST_DRAW = "Draw first: take the top card of the stock, or the discard pile."

#: The most answers a hand's :class:`Readings` keeps before it starts again.
READINGS_KEPT = 50_000


@share_type
class Readings(dict):  # type: ignore[type-arg]
    """The meld engine's answers for one hand (meld readings, additions, the melds a hand can start),
    each depending only on the cards asked about: so every copy of a state shares one rather than
    copying it (the search bot's imagined deals reuse what the others worked out)."""


@dataclass(frozen=True)
class Move:
    """A meld, an addition or a discard, parsed from its text."""

    verb: str
    cards: tuple[Card, ...]
    meld_id: str | None = None
    end: End | None = None

    def code(self) -> str:
        """The canonical text of the move."""
        cards = CARD_JOIN.join(C.code(c) for c in sorted(self.cards))
        end = f"{self.end}:" if self.end else ""
        if self.verb == ADD:
            return f"{ADD}:{self.meld_id}:{end}{cards}"
        return f"{self.verb}:{end}{cards}"


@dataclass
class TableMeld:
    """A meld on the table: its id (what the reader picks), whose it is (a seat or a side), the meld."""

    id: str
    owner: int
    meld: Meld


#: Parsed moves by (pack, text): parsing depends on nothing else, and bots and checks parse the same texts often.
_parsed: dict[tuple[str, str], "Move | str"] = {}


class RummyState(CardGameState):
    """Drawing, melding and discarding, shared by the rummy games; see the module's notes."""

    meld_rules: ClassVar[MeldRules]
    #: ``take`` picks up the whole discard pile (Burraco) or only its top card (Carioca).
    take_whole_pile: ClassVar[bool] = False
    hand_sorts = ("suit", "rank")

    # -- the table of a new hand (a game's start_hand calls this after dealing)
    def new_table(self, stock: Sequence[Card]) -> None:
        """``stock`` top card first; its top card is turned up to start the discard pile."""
        self.stock: list[Card] = list(reversed(stock))  # the top card is the last, so drawing is a pop
        self.discards: list[Card] = [self.stock.pop()]
        self.melds: dict[str, TableMeld] = {}
        self.meld_serial = 0
        self.took: list[Card] = []
        # The cards the turn's draw brought into the hand (the stock's top card, or what was taken).
        self.drawn: list[Card] = []
        self.melded_this_turn = False
        #: Draws made this hand: none yet means the hand was just dealt (a search's estimate of it
        #: then favours nobody, its cards being a fresh deal's luck).
        self.draws_this_hand = 0
        #: Each seat's cards taken from the discard pile in everyone's sight this hand (and not yet
        #: shown to have left its hand): the others know where they lie (:meth:`known_cards`).
        self.taken_in_sight: list[Mask] = [0] * self.n
        self._memo_key: tuple[int, int, int] | None = None
        self._memo: dict[Any, Any] = {}
        # What the meld engine said, kept for the hand: readings depend only on the cards asked about.
        self._readings = Readings()

    def known_cards(self, player: int) -> dict[int, Mask]:
        """The cards another seat took from the discard pile in sight and still holds: every player saw
        them go into that hand (for :mod:`parlour.determinise`, so Strong's imagined deals leave them there)."""
        taken = getattr(self, "taken_in_sight", None)
        if taken is None:
            return {}  # no hand dealt yet
        held = {seat: mask & self.hands[seat] for seat, mask in enumerate(taken) if seat != player}
        return {seat: mask for seat, mask in held.items() if mask}

    def start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = DRAW
        self.took = []
        self.drawn = []
        self.melded_this_turn = False

    def seat_view(self, seat: int, player: int | None, hand: Mask | Sequence[Card] | None,
                  **extra: Any) -> dict[str, Any]:
        """A seat's entry, with the cards its draw just brought in marked for the seat itself while it
        plays its turn (so a reader sees which card is new before discarding)."""
        entry = super().seat_view(seat, player, hand, **extra)
        drawn = [c for c in self.drawn if isinstance(hand, int) and hand >> c & 1]
        if player == seat == self.turn and self.phase == "play" and drawn and not self.is_over:
            entry["drawn"] = [C.code(c) for c in drawn]
        return entry

    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    def other_cards(self) -> list[Card]:
        return self.stock + self.discards + [c for tm in self.melds.values() for c in tm.meld.cards]

    # -- what a game writes
    def meld_owner(self, seat: int) -> int:
        """Whose melds a seat lays (its side in a partnership game, itself otherwise)."""
        return seat

    def lay_reason(self, seat: int, cards: Sequence[Card], meld: Meld) -> str | None:
        """What the game forbids about laying ``meld`` now (beyond the meld rules)."""
        return None

    def add_target_reason(self, seat: int, target: TableMeld) -> str | None:
        """Why ``seat`` may not add to ``target`` now."""
        return None

    def add_reason(self, seat: int, target: TableMeld, card: Card, meld: Meld) -> str | None:
        """What the game forbids about ``card`` making ``target`` into ``meld``."""
        return None

    def discard_reason(self, seat: int, card: Card) -> str | None:
        return None

    def forbidden_discard(self, card: Card) -> bool:
        """A card taken as the only card picked up from the discard pile may not be thrown back the same turn."""
        return len(self.took) == 1 and self.took[0] == card

    def forbidden_reason(self, card: Card) -> str:
        return f"You took the {C.short(card)} from the discard pile: you cannot throw it back this turn."

    def stranded_reason(self, seat: int, cards: Sequence[Card]) -> str | None:
        """A meld may not leave only the card that cannot be thrown back: the turn could not end."""
        left = self.hands[seat] & ~C.mask_of(cards)
        if C.count(left) == 1 and self.forbidden_discard(C.cards_in(left)[0]):
            return (f"That would leave you only the {C.short(C.cards_in(left)[0])} you took from the discard "
                    f"pile, which you may not throw back this turn (put it on a meld first).")
        return None

    def may_lay(self, seat: int) -> str | None:
        """Why ``seat`` may not start a new meld at all now."""
        return None

    def starting_kinds(self, seat: int) -> tuple[str, ...]:
        """The kinds of meld ``seat`` may start (for the candidates)."""
        return (M.SET, M.RUN)

    def after_meld(self, seat: int) -> None:
        """A meld was laid or a card added (a game checks for an empty hand here)."""

    def after_discard(self, seat: int, card: Card) -> None:
        """The turn's discard is made: the game passes the turn or ends the hand."""
        raise NotImplementedError

    def after_draw(self, seat: int) -> None:
        """A card was drawn or the pile taken."""

    # -- drawing
    def _candidates_draw(self) -> list[Action]:
        return [DRAW, TAKE]

    def _verify_draw(self, action: Action) -> str | None:
        if action == DRAW:
            return None if self.stock else "The stock is empty."
        if action == TAKE:
            return None if self.discards else "The discard pile is empty."
        return FIRST_DRAW

    def _do_draw(self, action: Action) -> None:
        seat, name = self.turn, self.names[self.turn]
        self.draws_this_hand += 1
        # A card taken in sight that has left the hand since (melded, discarded) is no longer known to
        # be there, even if it comes back unseen (a discard pile shuffled into a new stock).
        self.taken_in_sight[seat] &= self.hands[seat]
        if action == DRAW:
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.took = []
            self.drawn = [card]
            self.say(f"{name} draws from the stock.", secret=f"{name} draws the {C.short(card)} from the stock.",
                     owner=seat, kind="draw")
        else:
            taken = self.discards if self.take_whole_pile else self.discards[-1:]
            self.discards = [] if self.take_whole_pile else self.discards[:-1]
            self.took = list(taken)
            self.drawn = list(taken)
            self.hands[seat] |= C.mask_of(taken)
            self.taken_in_sight[seat] |= C.mask_of(taken)
            shown = " ".join(C.short(c) for c in taken)
            what = (f"the discard pile ({len(taken)} card{'s' if len(taken) > 1 else ''}: {shown})"
                    if self.take_whole_pile else f"the {shown} from the discard pile")
            self.say(f"{name} takes {what}.", kind="draw")
        self.phase = "play"
        self.after_draw(seat)

    # -- melding and discarding
    def _candidates_play(self) -> list[Action]:
        seat = self.turn
        hand = C.cards_in(self.hands[seat])
        out: list[Action] = []
        if self.may_lay(seat) is None:
            for kind in self.starting_kinds(seat):
                for combo, options in self.starting(kind):
                    out += [Move(MELD, combo, end=end).code() for end, _ in options]
        for target in self.melds.values():
            if self.add_target_reason(seat, target) is not None:
                continue
            for card in hand:
                if not self.might_fit(target.meld, card):
                    continue
                options = self.add_options(target.id, card)
                if isinstance(options, list):
                    out += [Move(ADD, (card,), target.id, end).code() for end, _ in options]
        out += [Move(DISCARD, (card,)).code() for card in hand]
        return out

    def might_fit(self, meld: Meld, card: Card) -> bool:
        """A quick look before the full check: could ``card`` join ``meld`` at all?"""
        if self.meld_rules.can_be_wild(card):
            return True
        if meld.kind == M.SET:
            return C.rank_of(card) == meld.rank
        return C.suit_of(card) == meld.suit

    def _verify_play(self, action: Action) -> str | None:
        self._fresh_memo()
        key = ("verify", action)
        if key not in self._memo:
            self._memo[key] = self._check_play(action)
        return self._memo[key]

    def _check_play(self, action: Action) -> str | None:
        if action in (DRAW, TAKE):
            return "You have already drawn this turn: meld, add to a meld, or discard."
        move = self.parse_move(action)
        if isinstance(move, str):
            return move
        seat = self.turn
        reason = self.held_cards_reason(seat, move.cards)
        if reason:
            return reason
        if move.verb == DISCARD:
            reason = self.discard_reason(seat, move.cards[0])
        elif move.verb == MELD:
            reason = self.check_lay(seat, move)
        else:
            reason = self.check_add(seat, move)
        if reason is None and move.code() != action:
            return f"Write this move as {move.code()}."
        return reason

    def check_lay(self, seat: int, move: Move) -> str | None:
        options = self.meld_options(move.cards)
        if isinstance(options, str):
            return options
        reason = self.may_lay(seat)
        if reason:
            return reason
        meld = self.pick(options, move.end)
        if isinstance(meld, str):
            return meld
        smallest = self.meld_rules.min_size(meld.kind)
        if len(move.cards) > smallest:
            return self.too_many_reason(meld)
        return self.lay_reason(seat, move.cards, meld) or self.stranded_reason(seat, move.cards)

    def too_many_reason(self, meld: Meld) -> str:
        """A new meld is laid with the fewest cards it needs; the rest join it one at a time."""
        smallest = self.meld_rules.min_size(meld.kind)
        return (f"Lay a new {self.meld_rules.noun(meld.kind)} down with {M.count_words(smallest)} cards, "
                f"then add the others to it one at a time.")

    def check_add(self, seat: int, move: Move) -> str | None:
        assert move.meld_id is not None
        target = self.melds.get(move.meld_id)
        if target is None:
            return f"There is no meld {move.meld_id} on the table."
        reason = self.add_target_reason(seat, target)
        if reason:
            return reason
        options = self.add_options(target.id, move.cards[0])
        meld = self.pick(options, move.end)
        if isinstance(meld, str):
            return meld
        return self.add_reason(seat, target, move.cards[0], meld) or self.stranded_reason(seat, move.cards)

    def canonical(self, action: Action) -> Action | None:
        """Any spelling the move parser reads is the listed one: parts in any order
        (``add:BJ+m1``), and a wild card's end left out where only one end has room
        (``add:m1:BJ`` → ``add:m1:low:BJ``)."""
        found = super().canonical(action)
        if found is not None or not isinstance(action, str) or self.phase != "play":
            return found
        move = self.parse_move(action)
        if not isinstance(move, Move):
            return None
        listed = self.with_sole_end(move).code()
        return listed if listed in self._candidates_play() else None

    def with_sole_end(self, move: Move) -> Move:
        """``move`` with its wild card's end named, when the end was left out and only one has room."""
        if move.end is not None or move.verb == DISCARD:
            return move
        if move.verb == MELD:
            options = self.meld_options(move.cards)
        elif move.meld_id in self.melds:
            options = self.add_options(move.meld_id, move.cards[0])
        else:
            return move
        if isinstance(options, list) and len(options) == 1 and options[0][0] is not None:
            return Move(move.verb, move.cards, move.meld_id, options[0][0])
        return move

    def parse_move(self, action: Action) -> Move | str:
        """A meld, add or discard from its text — the canonical form, or the composer's
        ``verb:part+part`` in any order (so a refused pick gets the rule's reason)."""
        move = _parsed.get((self.pack.id, action))
        if move is None:
            move = self._parse_move(action)
            if len(_parsed) > 50_000:
                _parsed.clear()
            _parsed[(self.pack.id, action)] = move
        return move

    def _parse_move(self, action: Action) -> Move | str:
        verb, _, rest = action.partition(":")
        if verb not in (MELD, ADD, DISCARD) or not rest:
            return (f"{action!r} is not a move: meld:CARDS, add:MELD:CARD, discard:CARD, "
                    f"draw or take." if self.pack.find(action) is None else
                    f"To discard the {C.name(self.pack.card(action))}, the move is discard:{C.code(self.pack.card(action))}.")
        tokens = [t for part in rest.split(":") for t in part.split(CARD_JOIN)]
        cards: list[Card] = []
        ids: list[str] = []
        ends: list[End] = []
        for token in tokens:
            token = token.strip()
            if MELD_ID.match(token):
                ids.append(token)
            elif token in ENDS:
                ends.append(token)  # type: ignore[arg-type]
            elif (card := self.pack.find(token)) is not None:
                if card in cards:
                    return f"The {C.name(card)} is named twice."
                cards.append(card)
            else:
                return f"{token!r} is not a card, a meld or an end (low or high)."
        if len(ends) > 1:
            return "Name one end: low or high."
        end = ends[0] if ends else None
        if verb == DISCARD:
            if ids or end:
                return "A discard is one card from your hand."
            if len(cards) != 1:
                return "Discard one card."
            return Move(DISCARD, (cards[0],))
        if verb == MELD:
            if ids:
                return "To put cards on a meld already on the table, use add."
            if not cards:
                return "Pick the cards of the new meld."
            return Move(MELD, tuple(sorted(cards)), end=end)
        if len(ids) != 1:
            return "Pick one meld on the table to add to." if not ids else "Add to one meld at a time."
        if len(cards) != 1:
            return ("Pick the card to add." if not cards else
                    "Add one card at a time: each card goes on by itself.")
        return Move(ADD, (cards[0],), ids[0], end)

    def _do_play(self, action: Action) -> None:
        move = self.parse_move(action)
        assert isinstance(move, Move)
        seat, name = self.turn, self.names[self.turn]
        self.hands[seat] &= ~C.mask_of(move.cards)
        if move.verb == DISCARD:
            card = move.cards[0]
            self.discards.append(card)
            self.after_discard(seat, card)
            return
        rules = self.meld_rules
        if move.verb == MELD:
            options = self.meld_options(move.cards)
            meld = self.pick(options, move.end)
            assert isinstance(meld, Meld)
            self.meld_serial += 1
            target = TableMeld(f"m{self.meld_serial}", self.meld_owner(seat), meld)
            self.melds[target.id] = target
            self.say(f"{name} melds {M.layout_text(meld.cards)}: {M.describe(meld, rules)}.", kind="meld")
        else:
            assert move.meld_id is not None
            target = self.melds[move.meld_id]
            before = target.meld
            meld = self.pick(self.add_options(target.id, move.cards[0]), move.end)
            assert isinstance(meld, Meld)
            target.meld = meld
            self.say(f"{name} adds {C.short(move.cards[0])} to the {M.describe(before, rules)}: now "
                     f"{M.layout_text(meld.cards)}{self.wild_notes(before, meld, move.cards[0])}.", kind="meld")
        self.melded_this_turn = True
        self.after_meld(seat)

    def wild_notes(self, before: Meld, after: Meld, added: Card) -> str:
        """The narrative's note on wild cards: what a wild just added stands for, and where one moved."""
        notes = []
        index = after.cards.index(added)
        if after.kind == M.RUN and after.suit is not None and not after.natural_at(index):
            star = "the joker" if C.is_joker(added) else f"the {C.short(added)}"
            notes.append(f"{star} stands for the {M.place_card_text(after.stands[index], after.suit)}")
        for card in before.wilds:
            if card in after.cards:
                old = before.stands[before.cards.index(card)]
                new = after.stands[after.cards.index(card)]
                if old != new and before.kind == M.RUN and after.suit is not None:
                    star = "the joker" if C.is_joker(card) else f"the {C.short(card)}"
                    where = (" to the low end" if new == after.low else " to the high end" if new == after.high
                             else f" {'up' if new > old else 'down'} into the run")
                    role = (f"stands for the {M.place_card_text(new, after.suit)}"
                            if not after.natural_at(after.cards.index(card)) else "is natural now")
                    notes.append(f"{star} moves{where} and {role}")
        return f" ({'; '.join(notes)})" if notes else ""

    def pick(self, options: list[M.Option] | str, end: End | None) -> Meld | str:
        """The reading at ``end`` among ``options`` (or the reason there is none), in this game's words."""
        return M.choose_option(options, end, self.meld_rules.wild_noun)

    # -- the meld engine's answers, remembered: within one position (legal_actions, then apply, ask
    # the same questions) and, since a reading depends only on its cards, for the whole hand
    def _fresh_memo(self) -> None:
        key = (len(self.history), self.turn, self.hands[self.turn])
        if key != self._memo_key:
            self._memo_key, self._memo = key, {}

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if self.is_over or (player is not None and player != self.to_move()):
            return []
        self._fresh_memo()
        if "legal" not in self._memo:
            self._memo["legal"] = super().legal_actions()
        return list(self._memo["legal"])

    def meld_options(self, cards: Sequence[Card]) -> list[M.Option] | str:
        key = ("meld", tuple(sorted(cards)))
        if key not in self._readings:
            self._readings[key] = M.meld_options(cards, self.meld_rules)
        return self._readings[key]

    def add_options(self, meld_id: str, card: Card) -> list[M.Option] | str:
        meld = self.melds[meld_id].meld
        key = ("add", meld, card)
        if key not in self._readings:
            self._readings[key] = M.add_options(meld, card, self.meld_rules)
        return self._readings[key]

    def starting(self, kind: str) -> list[tuple[tuple[Card, ...], list[M.Option]]]:
        """The melds of ``kind`` the player to move can start; a hand that only lost cards since the
        last time keeps the melds that do not use them."""
        hand = self.hands[self.turn]
        if len(self._readings) + len(self._readings.get("kinds", ())) > READINGS_KEPT:
            self._readings.clear()  # a long search's imagined hands filled it: start again
        known = self._readings.get(("start", kind, self.turn))
        if known is not None and known[0] == hand:
            return known[1]
        readings = self._readings.setdefault("kinds", {})
        if known is not None and C.count(hand & ~known[0]) <= 2:
            # The melds of the cards kept, and the new melds that use a card gained (a draw).
            kept = [(combo, options) for combo, options in known[1] if C.mask_of(combo) & ~hand == 0]
            gained = C.cards_in(hand & ~known[0])
            new = M.starting_melds(C.cards_in(hand), self.meld_rules, kind, readings, must=gained) if gained else []
            found = sorted(kept + new)
        else:
            found = M.starting_melds(C.cards_in(hand), self.meld_rules, kind, readings)
        for combo, options in found:
            self._readings[("meld", combo)] = options
        self._readings[("start", kind, self.turn)] = (hand, found)
        return found

    def set_hands(self, hands: Sequence[Sequence[str]]) -> None:
        super().set_hands(hands)
        self._memo_key = None
        self._readings = Readings()

    # -- words and parts
    def describe(self, action: Action) -> str:
        if action == DRAW:
            return "Draw from the stock"
        if action == TAKE:
            if self.take_whole_pile:
                return f"Take the discard pile ({len(self.discards)} card{'s' if len(self.discards) != 1 else ''})"
            return f"Take the {C.short(self.discards[-1])}" if self.discards else "Take the discard pile"
        move = self.parse_move(action)
        if isinstance(move, str):
            return action
        rules = self.meld_rules
        if move.verb == DISCARD:
            return f"Discard {C.short(move.cards[0])}"
        if move.verb == MELD:
            meld = self.pick(self.meld_options(move.cards), move.end) if self.phase == "play" else None
            return f"Meld {M.describe(meld, rules)}" if isinstance(meld, Meld) else action
        target = self.melds.get(move.meld_id or "")
        if target is None or self.phase != "play":
            return action
        meld = self.pick(self.add_options(target.id, move.cards[0]), move.end)
        if not isinstance(meld, Meld):
            return action
        return f"Add {C.short(move.cards[0])}: {M.describe(meld, rules)}"

    def action_parts(self, action: Action) -> list[str]:
        if action.startswith(ADD + ":"):
            move = self.parse_move(action)
            if isinstance(move, Move) and move.meld_id:
                return [move.meld_id, C.code(move.cards[0])]
        return super().action_parts(action)

    def compose_verbs(self) -> list[dict[str, Any]]:
        if self.phase != "play":
            return []
        return [{"verb": MELD, "label": "Meld"}, {"verb": ADD, "label": "Add to meld"},
                {"verb": DISCARD, "label": "Discard", "ends_turn": True}]

    def parse(self, text: str) -> Action:
        """Typed text: a card alone means discarding it, once the card is drawn."""
        action = super().parse(text)
        card = self.pack.find(action)
        if self.phase == "play" and card is not None and C.code(card) == action:
            return Move(DISCARD, (card,)).code()
        return action

    # -- the reader's view
    def display_order(self, cards: list[Card]) -> list[Card]:
        """By suit, low to high (runs read left to right), jokers last."""
        return sorted(cards, key=lambda c: (C.is_joker(c), C.suit_of(c), C.rank_of(c), C.copy_of(c)))

    def melds_zone(self, label: str, owner: int) -> dict[str, Any]:
        """One side's (or one player's) melds, as the view's melds zone."""
        melds = [{"id": tm.id, "cards": [C.code(c) for c in tm.meld.cards],
                  "label": self.meld_label(tm)} for tm in self.melds.values() if tm.owner == owner]
        return {"kind": "melds", "label": label, "melds": melds}

    def meld_label(self, target: TableMeld) -> str:
        return M.describe(target.meld, self.meld_rules)

    def pile_zones(self, whole_pile_shown: bool) -> list[dict[str, Any]]:
        """The stock (face down) and the discard pile (all of it, or its top card)."""
        stock = {"kind": "cards", "label": f"Stock ({len(self.stock)})", "hidden": len(self.stock)}
        shown = self.discards if whole_pile_shown else self.discards[-1:]
        pile: dict[str, Any] = {"kind": "cards", "label": f"Discard pile ({len(self.discards)})"}
        if shown:
            pile["cards"] = [C.code(c) for c in shown]
        if not self.stock:
            del stock["hidden"]
        return [stock, pile]
