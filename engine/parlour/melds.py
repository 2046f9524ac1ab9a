"""Melds for the rummy family — sets and runs with wild cards — written once.

A *meld* is a **set** (cards of one rank) or a **run** (cards of one suit in sequence).  Every
card of a meld *stands for* a place: in a set, the set's rank; in a run, a position from 1 (an
ace below the 2) through 2..13 to 14 (an ace above the king).  A natural card stands for itself;
a wild card — a joker, or a card of a rank the game makes wild, such as Burraco's 2s — stands
for the place it fills.  A card of a wild rank standing for itself in a run of its own suit
(the 2♥ of 2♥ 3♥ 4♥) is natural there, so a meld's wild cards are simply the cards that stand
for something other than themselves.

A game declares what it allows in a :class:`MeldRules` (which cards are wild, how many per
meld, whether 2s may be natural, where aces go, minimum sizes, where a wild that fills no gap
sits, one set per rank per side …); everything below is a pure function of cards and rules,
with no knowledge of any game's scoring:

- :func:`meld_options` — every way some cards make a new meld, or the reason they make none;
- :func:`add_options` — every way one more card joins a meld: extending it, taking the place of
  the wild card that stood for it (the wild moving to an end), or, where the rules re-read a run
  after every card, a wild moving across to bridge a gap or a natural 2 turning wild;
- :func:`layout_reason` — whether a run written out from its low end is laid out as the rules
  require (``7♠ 8♠ ★`` is not, in Burraco: ``★ 7♠ 8♠`` is);
- :func:`side_reason` — the rules across one side's melds (one set of each rank);
- :func:`starting_melds` — the melds of the fewest cards a hand can start, found without
  trying every subset of the hand.

Where the rules let a player choose where a wild card that fills no gap goes, each choice comes
back with its end (``"low"`` or ``"high"``); otherwise the end is ``None``.  Every refusal is a
sentence a player can read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
from typing import Callable, Literal, Sequence

from . import cards as C
from .cards import ACE, Card, Suit

SET, RUN = "set", "run"
LOW, HIGH = "low", "high"
End = Literal["low", "high"]
#: An ace's two places in a run: below the 2, or above the king.
ACE_LOW, ACE_HIGH = 1, ACE
#: A run never holds more places than the thirteen ranks (an ace is low or high, not both).
LONGEST_RUN = 13

RANK_PLURAL = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
               8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
RANK_SINGULAR = {1: "an ace", 2: "a two", 3: "a three", 4: "a four", 5: "a five", 6: "a six", 7: "a seven",
                 8: "an eight", 9: "a nine", 10: "a ten", 11: "a jack", 12: "a queen", 13: "a king", 14: "an ace"}


@dataclass(frozen=True)
class MeldRules:
    """What one game allows in its melds.

    ``free_wild`` says where a wild card that fills no gap in a run goes: ``"low"`` — at the low
    end (at the high end only when the low end is past the ace), as in Burraco — or ``"either"``,
    the player's choice, as in Carioca.  ``rearrange`` says what happens when a card joins a
    meld: ``True`` — the meld is read afresh, so a wild at the low end moves across to bridge a
    gap at the high end and a natural 2 may turn wild (Burraco); ``False`` — the cards already
    laid keep their places, a wild moving only when a natural card takes its place (Carioca).
    """

    #: Ranks that are wild besides the jokers (Burraco's 2s).
    wild_ranks: frozenset[int] = frozenset()
    #: A card of a wild rank may stand for itself in a run of its suit (a natural 2).
    natural_wilds_in_runs: bool = False
    min_set: int = 3
    min_run: int = 3
    #: Wild cards a meld may hold at any time; ``None``: no limit.
    max_wilds: int | None = 1
    #: Wild cards a meld may hold when it is first laid down.
    max_wilds_laid: int | None = 1
    #: A set may be made of a wild rank (a set of 2s).
    wild_rank_sets: bool = False
    free_wild: Literal["low", "either"] = "low"
    rearrange: bool = True
    #: The places an ace may take in a run (1: below the 2; 14: above the king).
    ace_positions: tuple[int, ...] = (ACE_LOW, ACE_HIGH)
    #: A side may hold only one set of each rank.
    one_set_per_rank: bool = False
    #: How reasons name a wild card, a set and a run ("joker", "trio", "escalera" in Carioca).
    wild_noun: str = "wild card"
    set_noun: str = "set"
    run_noun: str = "run"

    def can_be_wild(self, card: Card) -> bool:
        """A joker, or a card of a wild rank (it may still stand for itself in a run)."""
        return (card >> 4 & 15) == C.JOKERS or (card & 15) in self.wild_ranks

    @property
    def lowest(self) -> int:
        return ACE_LOW if ACE_LOW in self.ace_positions else 2

    @property
    def highest(self) -> int:
        return ACE_HIGH if ACE_HIGH in self.ace_positions else 13

    def wild_limit_reason(self, limit: int | None, laid: bool) -> str:
        noun = self.wild_noun
        when = "when it is laid down" if laid and self.max_wilds_laid != self.max_wilds else ""
        many = f"only one {noun}" if limit == 1 else f"at most {limit} {noun}s"
        return f"A meld may hold {many}{' ' + when if when else ''}."

    def min_size(self, kind: str) -> int:
        return self.min_set if kind == SET else self.min_run

    def noun(self, kind: str) -> str:
        return self.set_noun if kind == SET else self.run_noun


@dataclass(frozen=True)
class Meld:
    """A meld on the table: its kind, its cards laid out (a run from its low end), what each stands for."""

    kind: str
    cards: tuple[Card, ...]
    #: Per card: the set's rank, or the run position it fills (1 = ace low … 14 = ace high).
    stands: tuple[int, ...]
    #: A run's suit (``None`` for a set).
    suit: Suit | None = None

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def rank(self) -> int:
        """A set's rank."""
        return self.stands[0]

    @property
    def low(self) -> int:
        return self.stands[0]

    @property
    def high(self) -> int:
        return self.stands[-1]

    def natural_at(self, index: int) -> bool:
        """Whether the card at ``index`` stands for itself."""
        return stands_for_itself(self.cards[index], self.stands[index], self.kind, self.suit)

    def wild_indices(self) -> tuple[int, ...]:
        return self._wild_indices

    @cached_property
    def _wild_indices(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.cards)) if not self.natural_at(i))

    @cached_property
    def wilds(self) -> tuple[Card, ...]:
        """The cards acting as wild cards."""
        return tuple(self.cards[i] for i in self.wild_indices())

    @property
    def clean(self) -> bool:
        """No card stands for anything but itself."""
        return not self.wild_indices()

    def represented(self, index: int) -> Card:
        """The natural card whose place the card at ``index`` takes (for a set: any suit, shown as clubs)."""
        if self.kind == SET:
            return C.make_card(C.CLUBS, self.rank)
        assert self.suit is not None
        return C.make_card(self.suit, ACE if self.stands[index] == ACE_LOW else self.stands[index])


def stands_for_itself(card: Card, place: int, kind: str, suit: Suit | None) -> bool:
    if C.is_joker(card):
        return False
    if kind == SET:
        return C.rank_of(card) == place
    return C.suit_of(card) == suit and (C.rank_of(card) == place or (C.rank_of(card) == ACE and place == ACE_LOW))


# --- words -----------------------------------------------------------------------

def card_words(card: Card) -> str:
    """``"the 7♠"``, ``"the big joker"``."""
    return f"the {C.short(card)}"


def place_text(position: int) -> str:
    """A run position as printed on a card: ``"A"``, ``"7"``, ``"K"``."""
    if position in (ACE_LOW, ACE_HIGH):
        return "A"
    return C.FRENCH_RANK_LETTER.get(position, str(position))


def place_card_text(position: int, suit: Suit) -> str:
    return f"{place_text(position)}{C.SUIT_SYMBOL[suit]}"


def layout_text(cards: Sequence[Card]) -> str:
    """Cards in a row as the reasons print them: ``"★ 7♠ 8♠"`` (a joker is a star)."""
    return " ".join("★" if C.is_joker(c) else C.short(c) for c in cards)


def describe(meld: Meld, rules: MeldRules | None = None) -> str:
    """``"set of eights"``, ``"run 6–10♠"``, ``"run 6–10♠ (★ as 6♠)"``."""
    set_noun = rules.set_noun if rules else "set"
    run_noun = rules.run_noun if rules else "run"
    if meld.kind == SET:
        text = f"{set_noun} of {RANK_PLURAL[meld.rank]}"
        wilds = [f"{'★' if C.is_joker(c) else C.short(c)}" for c in meld.wilds]
        return text + (f" (with {', '.join(wilds)})" if wilds else "")
    assert meld.suit is not None
    text = f"{run_noun} {place_text(meld.low)}–{place_text(meld.high)}{C.SUIT_SYMBOL[meld.suit]}"
    wilds = [f"{'★' if C.is_joker(meld.cards[i]) else C.short(meld.cards[i])} as "
             f"{place_card_text(meld.stands[i], meld.suit)}" for i in meld.wild_indices()]
    return text + (f" ({', '.join(wilds)})" if wilds else "")


# --- reading a new meld -------------------------------------------------------------

Option = tuple["End | None", Meld]


def meld_options(cards: Sequence[Card], rules: MeldRules, *, laid: bool = True,
                 kind: str | None = None, suit: Suit | None = None, copies: bool = False) -> list[Option] | str:
    """Every way ``cards`` make one meld, or the reason they make none.

    ``laid``: the meld is being laid down now (the rules' limit on wilds when laying applies);
    ``kind``/``suit`` keep only readings of that kind (and a run of that suit).  Of the readings,
    only those with the fewest wild cards count (a 2 that can stand for itself does).  Several
    options come back only when the rules leave a wild's end to the player (``copies``: keep readings
    that differ only in which of two identical cards is the wild one).
    """
    cards = sorted(cards)
    if len(set(cards)) != len(cards):
        return "The same card is named twice."
    limit = rules.max_wilds_laid if laid else rules.max_wilds
    naturals = [c for c in cards if not rules.can_be_wild(c)]
    set_result: list[Option] | str = _read_set(cards, naturals, rules, limit, laid) if kind in (None, SET) \
        else "not a set"
    run_result: list[Option] | str = _read_run(cards, rules, limit, laid, suit, copies) if kind in (None, RUN) \
        else "not a run"
    found = [o for result in (set_result, run_result) if isinstance(result, list) for o in result]
    if found:
        fewest = min(len(m.wilds) for _, m in found)
        return [(end, m) for end, m in found if len(m.wilds) == fewest]
    assert isinstance(set_result, str) and isinstance(run_result, str)
    if kind == SET:
        return set_result
    if kind == RUN:
        return run_result
    ranks = {C.rank_of(c) for c in naturals}
    suits = {C.suit_of(c) for c in naturals}
    if len(ranks) == 1 and (len(naturals) >= 2 or len(cards) < rules.min_run):
        return set_result
    if len(suits) == 1 and naturals:
        return run_result
    if not naturals:
        return set_result
    return (f"These cards make neither {a_or_an(rules.set_noun)} (cards of one rank) nor {a_or_an(rules.run_noun)} "
            f"(cards of one suit in sequence).")


def _read_set(cards: list[Card], naturals: list[Card], rules: MeldRules, limit: int | None,
              laid: bool) -> list[Option] | str:
    noun = rules.set_noun
    if naturals:
        rank = C.rank_of(naturals[0])
        odd = next((c for c in naturals if C.rank_of(c) != rank), None)
        if odd is not None:
            return (f"{upper_first(a_or_an(noun))} is cards of one rank: {card_words(naturals[0])} and {card_words(odd)} "
                    f"are of different ranks.")
    else:
        ranked = [c for c in cards if not C.is_joker(c)]
        if not ranked:
            return f"A meld needs natural cards: it cannot be made of jokers alone."
        rank = C.rank_of(ranked[0])
        if not rules.wild_rank_sets or any(C.rank_of(c) != rank for c in ranked):
            return f"There is no {noun} of {RANK_PLURAL[rank]}: they are wild cards."
        naturals = ranked
    wilds = [c for c in cards if c not in naturals]
    if len(cards) < rules.min_set:
        return f"{upper_first(a_or_an(noun))} needs at least {count_words(rules.min_set)} cards."
    if limit is not None and len(wilds) > limit:
        return rules.wild_limit_reason(limit, laid)
    laid_out = tuple(naturals) + tuple(wilds)
    return [(None, Meld(SET, laid_out, (rank,) * len(laid_out)))]


def _positions(card: Card, rules: MeldRules) -> tuple[int, ...]:
    if C.rank_of(card) == ACE:
        return rules.ace_positions
    return (C.rank_of(card),)


def _read_run(cards: list[Card], rules: MeldRules, limit: int | None, laid: bool,
              only_suit: Suit | None, copies: bool = False) -> list[Option] | str:
    noun = rules.run_noun
    jokers = [c for c in cards if C.is_joker(c)]
    wild_ranked = [c for c in cards if not C.is_joker(c) and C.rank_of(c) in rules.wild_ranks]
    naturals = [c for c in cards if not rules.can_be_wild(c)]
    if naturals:
        suits = [C.suit_of(naturals[0])]
        odd = next((c for c in naturals if C.suit_of(c) != suits[0]), None)
        if odd is not None:
            return (f"{upper_first(a_or_an(noun))} is cards of one suit: {card_words(naturals[0])} and {card_words(odd)} "
                    f"are of different suits.")
    elif rules.natural_wilds_in_runs and wild_ranked:
        suits = sorted({C.suit_of(c) for c in wild_ranked})
    else:
        return f"A meld needs natural cards: it cannot be made of {rules.wild_noun}s alone."
    if only_suit is not None:
        suits = [s for s in suits if s == only_suit]
        if not suits:
            return f"The cards are not of this {noun}'s suit."
    if len(cards) < rules.min_run:
        return f"{upper_first(a_or_an(noun))} needs at least {count_words(rules.min_run)} cards."
    if len(cards) > LONGEST_RUN:
        return f"{upper_first(a_or_an(noun))} cannot be longer than {count_words(LONGEST_RUN)} cards: an ace is high or low, not both."
    options: list[Option] = []
    reasons: list[str] = []
    # Readings with more wild cards than allowed: looked at only if no reading makes the run.
    too_wild: list[tuple[list[Card], list[Card], Suit]] = []
    for suit in suits:
        own = [c for c in wild_ranked if C.suit_of(c) == suit] if rules.natural_wilds_in_runs else []
        # Which of the 2s (say) of the run's suit stand for themselves: fewest wilds first.
        for size in range(len(own), -1, -1):
            for natural_twos in combinations(own, size):
                wilds = jokers + [c for c in wild_ranked if c not in natural_twos]
                run_naturals = sorted(naturals + list(natural_twos))
                if limit is not None and len(wilds) > limit:
                    too_wild.append((run_naturals, sorted(wilds), suit))
                    continue
                result = _lay_run(run_naturals, sorted(wilds), suit, rules)
                if isinstance(result, str):
                    reasons.append(result)
                else:
                    options += result
    if options:
        return options if copies else distinct(options)
    # The most telling reason: if a reading fails only on its number of wild cards, that number (a 2
    # that could be natural only where it leaves a gap is a second wild card, not a gap); otherwise
    # the fault of the reading itself (a gap that no number of wild cards could fill, an ace twice).
    for run_naturals, wilds, suit in too_wild:
        result = _lay_run(run_naturals, wilds, suit, rules)
        if not isinstance(result, str):
            return rules.wild_limit_reason(limit, laid)
        reasons.append(result)
    return reasons[0] if reasons else f"These cards make no {noun}."


def distinct(options: list[Option]) -> list[Option]:
    """Drop readings that differ only in which copy of a card sits where."""
    seen: set[tuple[object, ...]] = set()
    out: list[Option] = []
    for end, meld in options:
        key = (end, tuple(c & 0xFF for c in meld.cards), meld.stands)
        if key not in seen:
            seen.add(key)
            out.append((end, meld))
    return out


def _lay_run(naturals: list[Card], wilds: list[Card], suit: Suit, rules: MeldRules) -> list[Option] | str:
    """Lay naturals (all of ``suit``) and wilds out as a run: wilds fill the gaps, the rest go to the ends."""
    noun = rules.run_noun
    aces = [c for c in naturals if C.rank_of(c) == ACE]
    if len(aces) > 1:
        return f"{upper_first(a_or_an(noun))} holds one ace at most: an ace is high or low, not both."
    choices = [_positions(c, rules) for c in naturals]
    options: list[Option] = []
    reason = ""
    for places in product(*choices):
        placed = sorted(zip(places, naturals))
        positions = [p for p, _ in placed]
        twice = next((c for (p, c), (q, _) in zip(placed, placed[1:]) if p == q), None)
        if twice is not None:
            reason = f"{upper_first(a_or_an(noun))} holds each card once: {card_words(twice)} is there twice."
            continue
        low, high = positions[0], positions[-1]
        holes = [p for p in range(low, high + 1) if p not in positions]
        if len(holes) > len(wilds):
            missing = ", ".join(place_card_text(p, suit) for p in holes)
            reason = (f"There is a gap in the {noun}: {missing} {'is' if len(holes) == 1 else 'are'} missing"
                      + (f", and {count_words(len(wilds))} {rules.wild_noun}{'s' if len(wilds) != 1 else ''} "
                         f"cannot fill {'it' if len(holes) == 1 else 'them'}." if wilds else "."))
            continue
        extra = len(wilds) - len(holes)
        room_low, room_high = low - rules.lowest, rules.highest - high
        splits = _end_splits(extra, room_low, room_high, rules.free_wild)
        if not splits:
            reason = (f"There is no room at either end of this {noun} for another card.")
            continue
        for end, below in splits:
            above = extra - below
            slots = list(range(low - below, low)) + holes + list(range(high + 1, high + 1 + above))
            layout = sorted(list(placed) + list(zip(slots, wilds)))
            options.append((end, Meld(RUN, tuple(c for _, c in layout), tuple(p for p, _ in layout), suit)))
    return options or reason


def _end_splits(extra: int, room_low: int, room_high: int,
                free_wild: Literal["low", "either"]) -> list[tuple["End | None", int]]:
    """How many free wilds go below the run, per option: (end, number below)."""
    if extra == 0:
        return [(None, 0)]
    if extra > room_low + room_high:
        return []
    if free_wild == "low":
        below = min(extra, room_low)
        return [(None, below)]
    ends: list[tuple[End | None, int]] = []
    if extra <= room_low:
        ends.append((LOW, extra))
    if extra <= room_high:
        ends.append((HIGH, 0))
    if not ends:  # neither end has room for them all: as low as they go, the rest high
        ends.append((None, room_low))
    return ends if len(ends) > 1 else [(None, ends[0][1])]


def upper_first(text: str) -> str:
    """The text with its first letter a capital (``str.capitalize`` would lower the rest: "K♦")."""
    return text[:1].upper() + text[1:]


def a_or_an(noun: str) -> str:
    """``"a trio"``, ``"an escalera"``."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def count_words(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 11: "eleven",
            12: "twelve", 13: "thirteen"}.get(n, str(n))


# --- adding a card to a meld ------------------------------------------------------------

def add_options(meld: Meld, card: Card, rules: MeldRules) -> list[Option] | str:
    """Every way ``card`` joins ``meld``, or the reason it cannot."""
    if card in meld.cards:
        return f"{upper_first(card_words(card))} is already in this meld."
    if rules.rearrange:
        return _add_rearranged(meld, card, rules)
    return _add_kept(meld, card, rules)


def add_card(meld: Meld, card: Card, rules: MeldRules, end: End | None = None) -> Meld | str:
    """The meld with ``card`` added (at ``end`` when the rules leave the choice to the player)."""
    return choose_option(add_options(meld, card, rules), end, rules.wild_noun)


def read_meld(cards: Sequence[Card], rules: MeldRules, end: End | None = None) -> Meld | str:
    """The meld ``cards`` make when laid down together (``end``: where a free wild goes, if it is a choice)."""
    return choose_option(meld_options(cards, rules), end, rules.wild_noun)


def choose_option(options: list[Option] | str, end: End | None, wild_noun: str = "wild card") -> Meld | str:
    """The option at ``end`` (``None`` when there is no choice), or why there is none.

    Where the rules leave the end to the player but only one end has room, that end needs no
    naming: ``end=None`` takes it (a game still lists the move with its end named)."""
    if isinstance(options, str):
        return options
    for option_end, meld in options:
        if option_end == end:
            return meld
    if end is None:
        if len(options) == 1:
            return options[0][1]
        return f"Say at which end the {wild_noun} goes: low or high."
    named = [option_end for option_end, _ in options if option_end is not None]
    if len(named) == 1:
        return f"The {wild_noun} cannot go at the {end} end here: there is room only at the {named[0]} end."
    if not named:
        return f"There is no choice of end here: the {wild_noun}'s place is fixed."
    return f"The {wild_noun} cannot go at the {end} end here."


def _add_rearranged(meld: Meld, card: Card, rules: MeldRules) -> list[Option] | str:
    """Read the meld afresh with the new card; a wild card added may not push an old wild out."""
    noun = rules.noun(meld.kind)
    wild = rules.can_be_wild(card)
    if meld.kind == SET and not wild:
        if C.rank_of(card) != meld.rank:
            return (f"{upper_first(card_words(card))} is not {RANK_SINGULAR[meld.rank]}: this {noun} is of "
                    f"{RANK_PLURAL[meld.rank]}.")
        # A natural card of the set's rank changes nothing else: read afresh, the set is the same plus it.
        return [(None, _set_with(meld, card, natural=True))]
    if meld.kind == SET:
        if rules.max_wilds is not None and len(meld.wilds) >= rules.max_wilds:
            return rules.wild_limit_reason(rules.max_wilds, False)
        return [(None, _set_with(meld, card, natural=False))]
    if meld.kind == RUN and not wild:
        assert meld.suit is not None
        if C.suit_of(card) != meld.suit:
            return (f"{upper_first(card_words(card))} is not a {C.SUIT_SINGULAR[meld.suit]}: this {noun} is in "
                    f"{C.SUIT_NAME[meld.suit]}.")
        capable = sum(1 for c in meld.cards if rules.can_be_wild(c))
        if not capable:  # no card that could move or turn wild: the card goes at an end or nowhere
            for place in _positions(card, rules):
                if place in meld.stands:
                    return f"{upper_first(card_words(card))} is already in this {noun}."
                if place in (meld.low - 1, meld.high + 1) and len(meld) < LONGEST_RUN:
                    layout = sorted(list(zip(meld.stands, meld.cards)) + [(place, card)])
                    return [(None, Meld(RUN, tuple(c for _, c in layout), tuple(p for p, _ in layout), meld.suit))]
            return _no_fit(meld, card, rules)
        reach = 1 + capable  # past an end by at most the cards that could move across or turn wild
        if all(not meld.low - reach <= p <= meld.high + reach for p in _positions(card, rules)):
            return _no_fit(meld, card, rules)
    options = meld_options(list(meld.cards) + [card], rules, laid=False, kind=meld.kind, suit=meld.suit,
                           copies=True)
    if isinstance(options, str):
        if meld.kind == RUN and not wild and "gap" in options:
            return _no_fit(meld, card, rules)
        return options
    old_wilds = set(meld.wilds)
    kept: list[Option] = []
    for end, new in options:
        new_wilds = set(new.wilds)
        if card in new_wilds and not old_wilds <= new_wilds:
            continue  # the added wild would turn an old wild natural: a wild never replaces a wild
        kept.append((end, new))
    if not kept:
        return f"{upper_first(a_or_an(rules.wild_noun))} cannot take another {rules.wild_noun}'s place."
    return distinct(kept)


def _add_kept(meld: Meld, card: Card, rules: MeldRules) -> list[Option] | str:
    """The cards already laid keep their places: a card extends an end, or takes a wild's place."""
    noun = rules.noun(meld.kind)
    wild_count = len(meld.wilds)
    full = rules.max_wilds is not None and wild_count >= rules.max_wilds
    if meld.kind == SET:
        if not C.is_joker(card) and C.rank_of(card) == meld.rank:
            return [(None, _set_with(meld, card, natural=True))]
        if rules.can_be_wild(card):
            if full:
                return rules.wild_limit_reason(rules.max_wilds, False)
            return [(None, _set_with(meld, card, natural=False))]
        return f"{upper_first(card_words(card))} is not {RANK_SINGULAR[meld.rank]}: this {noun} is of {RANK_PLURAL[meld.rank]}."
    suit = meld.suit
    assert suit is not None
    options: list[Option] = []
    natural = not C.is_joker(card) and C.suit_of(card) == suit and (
        C.rank_of(card) not in rules.wild_ranks or rules.natural_wilds_in_runs)
    reason = ""
    if natural:
        for place in _positions(card, rules):
            if place in meld.stands:
                index = meld.stands.index(place)
                if meld.natural_at(index):
                    reason = f"{upper_first(card_words(card))} is already in this {noun}."
                    continue
                options += _replace(meld, index, card, rules)
                if not options:
                    reason = f"There is no end of this {noun} for the {rules.wild_noun} to move to."
            elif place in (meld.low - 1, meld.high + 1) and len(meld) < LONGEST_RUN:
                layout = sorted(list(zip(meld.stands, meld.cards)) + [(place, card)])
                options.append((None, Meld(RUN, tuple(c for _, c in layout), tuple(p for p, _ in layout), suit)))
    if not options and rules.can_be_wild(card):
        if full:
            return rules.wild_limit_reason(rules.max_wilds, False)
        options = [(end, _at_end(meld, card, end)) for end in _free_ends(meld, rules)]
        if not options:
            return f"There is no room at either end of this {noun} for another card."
    if options:
        return options
    if reason:
        return reason
    if C.is_joker(card) or C.suit_of(card) != suit:
        return f"{upper_first(card_words(card))} is not a {C.SUIT_SINGULAR[suit]}: this {noun} is in {C.SUIT_NAME[suit]}."
    return _no_fit(meld, card, rules)


def _no_fit(meld: Meld, card: Card, rules: MeldRules) -> str:
    assert meld.suit is not None
    return (f"{upper_first(card_words(card))} does not fit: the {rules.run_noun} runs from "
            f"{place_card_text(meld.low, meld.suit)} to {place_card_text(meld.high, meld.suit)}, and a card must "
            f"go next to one of its ends or in a {rules.wild_noun}'s place.")


def _set_with(meld: Meld, card: Card, natural: bool) -> Meld:
    """A set with one more card: a natural one goes before the wild cards, a wild one at the end."""
    at = min(meld.wild_indices(), default=len(meld)) if natural else len(meld)
    cards = meld.cards[:at] + (card,) + meld.cards[at:]
    return Meld(SET, cards, (meld.rank,) * len(cards))


def _free_ends(meld: Meld, rules: MeldRules) -> list["End | None"]:
    """Where a wild with no gap to fill may go: as the rules say, where there is room."""
    if len(meld) >= LONGEST_RUN:
        return []
    low_ok, high_ok = meld.low > rules.lowest, meld.high < rules.highest
    if rules.free_wild == "low":
        return [LOW] if low_ok else [HIGH] if high_ok else []
    ends: list[End | None] = [end for end, ok in ((LOW, low_ok), (HIGH, high_ok)) if ok]
    return ends


def _at_end(meld: Meld, card: Card, end: "End | None") -> Meld:
    if end == LOW:
        return Meld(RUN, (card,) + meld.cards, (meld.low - 1,) + meld.stands, meld.suit)
    return Meld(RUN, meld.cards + (card,), meld.stands + (meld.high + 1,), meld.suit)


def _replace(meld: Meld, index: int, natural: Card, rules: MeldRules) -> list[Option]:
    """``natural`` takes the place of the wild at ``index``; the wild goes to an end the rules allow."""
    wild = meld.cards[index]
    swapped = Meld(RUN, meld.cards[:index] + (natural,) + meld.cards[index + 1:], meld.stands, meld.suit)
    ends = _free_ends(swapped, rules)
    if rules.free_wild == "low":
        return [(None, _at_end(swapped, wild, end)) for end in ends]
    if len(ends) == 1:
        return [(None, _at_end(swapped, wild, ends[0]))]
    return [(end, _at_end(swapped, wild, end)) for end in ends]


# --- checking a written layout, and rules across a side's melds -----------------------------

def layout_reason(cards: Sequence[Card], rules: MeldRules) -> str | None:
    """Whether cards written out in this order (a run from its low end) are laid out as the rules want.

    ``None`` if they are; otherwise the reason, naming the layout the rules call for.
    """
    options = meld_options(cards, rules)
    if isinstance(options, str):
        return options
    first = options[0][1]
    if first.kind == SET:
        return None
    written = [c & 0xFF for c in cards]
    if any([c & 0xFF for c in meld.cards] == written for _, meld in options):
        return None
    positions = _written_positions(list(cards), first.suit, rules)
    if positions is None:
        return (f"Those cards are not in sequence as written: the {rules.run_noun} is laid out "
                f"{layout_text(first.cards)}.")
    wild = next((c for c, p in ((cards[-1], positions[-1]), (cards[0], positions[0]))
                 if rules.can_be_wild(c) and not stands_for_itself(c, p, RUN, first.suit)), None)
    name = "The joker" if wild is None or C.is_joker(wild) else f"The {C.short(wild)}"
    where = "at the low end" if rules.free_wild == LOW else "at an end"
    return (f"{name} fills no gap, so it must sit {where} of the {rules.run_noun}: "
            f"{layout_text(first.cards)}.")


def _written_positions(cards: list[Card], suit: Suit | None, rules: MeldRules) -> list[int] | None:
    """The run positions a written order implies (anchored on its first natural card), or ``None``."""
    anchor = next(((i, c) for i, c in enumerate(cards) if not rules.can_be_wild(c)), None)
    if anchor is None:
        return None
    index, card = anchor
    for place in _positions(card, rules):
        positions = [place - index + k for k in range(len(cards))]
        if positions[0] >= rules.lowest and positions[-1] <= rules.highest and all(
                stands_for_itself(c, p, RUN, suit) for c, p in zip(cards, positions) if not rules.can_be_wild(c)):
            return positions
    return None


def side_reason(meld: Meld, side_melds: Sequence[Meld], rules: MeldRules) -> str | None:
    """What the rules across one side's melds forbid about laying ``meld`` beside them."""
    if rules.one_set_per_rank and meld.kind == SET and any(
            m.kind == SET and m.rank == meld.rank for m in side_melds):
        return f"Your side already has a {rules.set_noun} of {RANK_PLURAL[meld.rank]}: add to it instead."
    return None


# --- finding the melds a hand can start ------------------------------------------------------

def starting_melds(cards: Sequence[Card], rules: MeldRules, kind: str | None = None,
                   known: dict[tuple[Card, ...], list[Option] | str] | None = None,
                   must: Sequence[Card] = ()) -> list[tuple[tuple[Card, ...], list[Option]]]:
    """The melds of the fewest cards the rules allow (``min_set`` / ``min_run``) that ``cards`` can lay
    down, each with its options, in the order of their sorted cards; found by rank and by suit
    window, never by trying every subset.  ``known``: readings already made (cards → options),
    consulted and filled in; ``must``: only the melds using one of these cards (a hand that gained
    them keeps its other melds)."""
    cards = sorted(cards)
    found: dict[tuple[Card, ...], list[Option]] = {}
    limit = rules.max_wilds_laid
    wilds = [c for c in cards if rules.can_be_wild(c)]
    required = set(must)
    # A natural card that must be used narrows the search to its rank and its suit.
    narrow = bool(required) and not any(rules.can_be_wild(c) for c in required)

    def consider(combo: Sequence[Card], want: str) -> None:
        key = tuple(sorted(combo))
        if key in found or len(set(key)) != len(key) or (required and required.isdisjoint(key)):
            return
        if want == SET and not any(rules.can_be_wild(c) for c in key):
            found[key] = [(None, Meld(SET, key, (C.rank_of(key[0]),) * len(key)))]  # plain naturals
            return
        options = known.get(key) if known is not None else None
        if options is None:
            options = meld_options(key, rules, kind=want)
            if known is not None:
                known[key] = options
        if isinstance(options, list) and options[0][1].kind == want:
            found[key] = options

    if kind in (None, SET):
        by_rank: dict[int, list[Card]] = {}
        for card in cards:
            if not rules.can_be_wild(card) or (rules.wild_rank_sets and not C.is_joker(card)):
                by_rank.setdefault(C.rank_of(card), []).append(card)
        ranks = {C.rank_of(c) for c in required} if narrow else set(by_rank)
        for rank in ranks & set(by_rank):
            naturals = by_rank[rank]
            most = min(rules.min_set - 1, len(wilds) if limit is None else limit)
            for k in range(0, most + 1):
                for base in combinations(naturals, rules.min_set - k):
                    for extra in combinations([w for w in wilds if w not in base], k):
                        consider(base + extra, SET)
    if kind in (None, RUN):
        size = rules.min_run
        suits = {C.suit_of(c) for c in required} if narrow else set(C.FRENCH_SUITS)
        places = {p for c in required for p in _positions(c, rules)} if narrow else None
        needed = max(1, size - (len(wilds) if limit is None else min(limit, len(wilds))))
        for suit in sorted(suits):
            at: dict[int, list[Card]] = {}
            for card in cards:
                if C.is_joker(card) or C.suit_of(card) != suit:
                    continue
                if C.rank_of(card) in rules.wild_ranks and not rules.natural_wilds_in_runs:
                    continue
                for place in _positions(card, rules):
                    at.setdefault(place, []).append(card)
            if len(at) < needed:
                continue
            held = [1 if p in at else 0 for p in range(LONGEST_RUN + 3)]
            # Windows of ``size`` places holding enough naturals that the wilds allowed can fill the rest.
            for start in range(rules.lowest, rules.highest - size + 2):
                if sum(held[start:start + size]) < needed:
                    continue
                if places is not None and not any(start <= p < start + size for p in places):
                    continue
                window = [at.get(p, []) for p in range(start, start + size)]
                # Each empty place takes a wild; each place with naturals takes one of them or, within the limit, a wild.
                _window_combos(window, wilds, 0 if limit is None else limit, limit is None, consider)
    return sorted(found.items())


def _window_combos(window: list[list[Card]], wilds: list[Card], limit: int, unlimited: bool,
                   consider: Callable[[Sequence[Card], str], None]) -> None:
    empty = [i for i, w in enumerate(window) if not w]
    cap = len(window) - 1 if unlimited else limit
    for extra in range(0, cap - len(empty) + 1):
        for wild_places in combinations([i for i, w in enumerate(window) if w], extra):
            holes = sorted(empty + list(wild_places))
            naturals = [window[i] for i in range(len(window)) if i not in holes]
            for chosen in product(*naturals):
                for fill in combinations([w for w in wilds if w not in chosen], len(holes)):
                    consider(tuple(chosen) + fill, RUN)
