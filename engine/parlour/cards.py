"""Cards and packs.

A card is a small ``int``; a set of cards (a hand, a pile of won tricks) is an
``int`` bitmask with bit ``card`` set.  That keeps the engine fast in pure
Python while the functions below give every card a stable short code
(``"QS"``, ``"10H"``, ``"1E"``) and a readable name.

Layout of a card number::

    copy << 8 | suit << 4 | rank

``copy`` tells apart the two queens of spades of a double pack; ``suit`` is
one of the constants below (French and Spanish suits never mix in one pack);
``rank`` is the face value: 2..10, J 11, Q 12, K 13, A 14 for French cards,
1..7 and 10, 11, 12 for Spanish ones; jokers have their own suit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence, TypeAlias

Card: TypeAlias = int
Suit: TypeAlias = int
Mask: TypeAlias = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JOKERS = 4
OROS, COPAS, ESPADAS, BASTOS = 5, 6, 7, 8

FRENCH_SUITS: tuple[Suit, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SPANISH_SUITS: tuple[Suit, ...] = (OROS, COPAS, ESPADAS, BASTOS)

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
#: Joker "ranks": the big (red) and little (black) joker of packs that have two.
BIG_JOKER, LITTLE_JOKER = 2, 1

SUIT_LETTER = {CLUBS: "C", DIAMONDS: "D", HEARTS: "H", SPADES: "S", JOKERS: "J",
               OROS: "O", COPAS: "C", ESPADAS: "E", BASTOS: "B"}
SUIT_SYMBOL = {CLUBS: "♣", DIAMONDS: "♦", HEARTS: "♥", SPADES: "♠", JOKERS: "",
               OROS: "oros", COPAS: "copas", ESPADAS: "espadas", BASTOS: "bastos"}
SUIT_NAME = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades",
             JOKERS: "jokers", OROS: "oros", COPAS: "copas", ESPADAS: "espadas",
             BASTOS: "bastos"}
#: Singular nouns, for "the queen of spades is a spade".
SUIT_SINGULAR = {CLUBS: "club", DIAMONDS: "diamond", HEARTS: "heart", SPADES: "spade",
                 JOKERS: "joker", OROS: "oros card", COPAS: "copas card",
                 ESPADAS: "espadas card", BASTOS: "bastos card"}
RED_SUITS = frozenset({DIAMONDS, HEARTS})

FRENCH_RANK_LETTER = {11: "J", 12: "Q", 13: "K", 14: "A"}
FRENCH_RANK_NAME = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
#: The Spanish names of the ace and the three court cards (sota 10, caballo 11, rey 12).
SPANISH_RANK_NAME = {1: "as", 10: "sota", 11: "caballo", 12: "rey"}


def make_card(suit: Suit, rank: int, copy: int = 0) -> Card:
    return copy << 8 | suit << 4 | rank


def suit_of(card: Card) -> Suit:
    return card >> 4 & 15


def rank_of(card: Card) -> int:
    return card & 15


def copy_of(card: Card) -> int:
    return card >> 8


def is_spanish(card: Card) -> bool:
    return suit_of(card) in SPANISH_SUITS


def is_joker(card: Card) -> bool:
    return suit_of(card) == JOKERS


def is_red(card: Card) -> bool:
    return suit_of(card) in RED_SUITS


def _code(card: Card) -> str:
    s, r = suit_of(card), rank_of(card)
    if s == JOKERS:
        text = "BJ" if r == BIG_JOKER else "LJ"
    elif s in SPANISH_SUITS:
        text = f"{r}{SUIT_LETTER[s]}"
    else:
        text = f"{FRENCH_RANK_LETTER.get(r, str(r))}{SUIT_LETTER[s]}"
    return text + "'" * copy_of(card)


def _short(card: Card) -> str:
    s, r = suit_of(card), rank_of(card)
    if s == JOKERS:
        return "big joker" if r == BIG_JOKER else "little joker"
    if s in SPANISH_SUITS:
        return f"{r} of {SUIT_NAME[s]}"
    return f"{FRENCH_RANK_LETTER.get(r, str(r))}{SUIT_SYMBOL[s]}"


def _name(card: Card) -> str:
    s, r = suit_of(card), rank_of(card)
    if s == JOKERS:
        return "big joker" if r == BIG_JOKER else "little joker"
    if s in SPANISH_SUITS:
        named = SPANISH_RANK_NAME.get(r)
        return f"{named} ({r}) of {SUIT_NAME[s]}" if named else f"{r} of {SUIT_NAME[s]}"
    return f"{FRENCH_RANK_NAME.get(r, str(r))} of {SUIT_NAME[s]}"


#: Every card number a pack can hold (any suit, rank and copy up to the third), for the tables below.
ALL_CARDS: tuple[Card, ...] = tuple(make_card(s, r, copy) for copy in range(3) for s in SUIT_LETTER
                                    for r in range(16))
#: Each card's bit, ``BITS[card] == 1 << card``, looked up: a card's bit is a number of several machine
#: words for most cards (a new one made by each shift), and it is read for every card dealt and played.
BITS: tuple[Mask, ...] = tuple(1 << card for card in range(max(ALL_CARDS) + 1))
# Codes and names are looked up, not rebuilt: they are asked for on every move.
_CODES: dict[Card, str] = {c: _code(c) for c in ALL_CARDS}
_SHORTS: dict[Card, str] = {c: _short(c) for c in ALL_CARDS}
_NAMES: dict[Card, str] = {c: _name(c) for c in ALL_CARDS}


def code(card: Card) -> str:
    """The stable short code: ``"QS"``, ``"10H"``, ``"BJ"``, ``"1E"``; a second copy ends in ``'``."""
    text = _CODES.get(card)
    return _code(card) if text is None else text


def short(card: Card) -> str:
    """What the narrative prints: ``"Q♠"``, ``"10♥"``, ``"big joker"``, ``"12 of oros"``."""
    text = _SHORTS.get(card)
    return _short(card) if text is None else text


def name(card: Card) -> str:
    """A readable name: ``"queen of spades"``, ``"rey (12) of oros"``, ``"7 of copas"``."""
    text = _NAMES.get(card)
    return _name(card) if text is None else text


def rank_text(card: Card) -> str:
    """The rank as printed on the card's corner: ``"Q"``, ``"10"``, ``"12"``."""
    s, r = suit_of(card), rank_of(card)
    if s in SPANISH_SUITS:
        return str(r)
    if s == JOKERS:
        return "★"
    return FRENCH_RANK_LETTER.get(r, str(r))


# --- masks ---------------------------------------------------------------

def bit(card: Card) -> Mask:
    return 1 << card


def mask_of(cards: Iterable[Card]) -> Mask:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: Mask) -> list[Card]:
    """The cards of a mask, in card-number order (suit by suit, low rank first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes_in(mask: Mask) -> list[str]:
    """The codes of a mask's cards, in card-number order (a legal move list, built on every move).

    A mask is read one suit (16 bits) at a time, each suit's codes looked up by its bits.  The four
    suits of one French pack, or of one Spanish pack, are one expression (the common cases: no test
    for an empty suit, whose codes are ``()``); a set of ranks met for the first time, or any other
    mask (jokers, a second copy), goes round the loop, which notes what it meets."""
    if mask < _FRENCH_TOP:
        try:
            return [*_SUIT0[mask & 0xFFFF], *_SUIT1[mask >> 16 & 0xFFFF], *_SUIT2[mask >> 32 & 0xFFFF],
                    *_SUIT3[mask >> 48]]
        except KeyError:
            pass
    elif mask < _SPANISH_TOP and not mask & _BELOW_SPANISH:
        try:
            return [*_SUIT5[mask >> 80 & 0xFFFF], *_SUIT6[mask >> 96 & 0xFFFF], *_SUIT7[mask >> 112 & 0xFFFF],
                    *_SUIT8[mask >> 128]]
        except KeyError:
            pass
    out: list[str] = []
    block = 0
    while mask:
        bits = mask & 0xFFFF
        if bits:
            out += _SUIT_CODES.setdefault(block, {0: ()}).get(bits) or _suit_codes(block << 4, bits)
        mask >>= 16
        block += 1
    return out


#: For each 16-card block (a suit; 16 blocks a copy) the codes of the cards its bits name, filled as
#: met: at most 2**13 entries for a suit of thirteen ranks.  No cards, no codes.
_SUIT_CODES: dict[int, dict[int, tuple[str, ...]]] = {block: {0: ()} for block in range(9)}
_SUIT0, _SUIT1, _SUIT2, _SUIT3 = (_SUIT_CODES[block] for block in range(4))
_SUIT5, _SUIT6, _SUIT7, _SUIT8 = (_SUIT_CODES[block] for block in range(5, 9))
#: Masks below this hold only cards of one French pack's four suits (blocks 0–3); Spanish packs'
#: suits are blocks 5–8 (bits 80 to 143), none below.
_FRENCH_TOP = 1 << 64
#: Masks below this hold cards of one pack only (a second copy's cards start at bit 256).
ONE_PACK_TOP = 1 << 256
#: Each suit's codes by its 16 bits (see :func:`codes_in`), for a caller whose cards are all of one
#: suit of one pack: ``SUIT_CODES[suit].get(mask >> (suit << 4))``, ``None`` for a set not met yet.
SUIT_CODES = _SUIT_CODES
_SPANISH_TOP = 1 << 144
_BELOW_SPANISH = (1 << 80) - 1


def _suit_codes(base: Card, bits: int) -> tuple[str, ...]:
    # Met a few thousand times before the tables are full (a suit has 2**13 sets of ranks): only the
    # set bits are visited, low to high.
    found = []
    rest = bits
    while rest:
        low = rest & -rest
        found.append(code(base + low.bit_length() - 1))
        rest ^= low
    codes = _SUIT_CODES.setdefault(base >> 4, {0: ()})[bits] = tuple(found)
    return codes


def count(mask: Mask) -> int:
    return mask.bit_count()


def suit_mask(suit: Suit, copies: int = 2) -> Mask:
    """All possible cards of one suit (any rank, the first ``copies`` copies)."""
    mask = 0
    for copy in range(copies):
        mask |= 0xFFFF << (copy << 8 | suit << 4)
    return mask


SUIT_MASKS: dict[Suit, Mask] = {s: suit_mask(s) for s in (*FRENCH_SUITS, JOKERS, *SPANISH_SUITS)}


def of_suit(mask: Mask, suit: Suit) -> Mask:
    return mask & SUIT_MASKS[suit]


# --- parsing -------------------------------------------------------------

_SYMBOL_TO_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}


def normalise_code(text: str) -> str:
    """Turn what a person types (``"q♠"``, ``" 10h "``, ``"T♥"``) into a card code."""
    text = text.strip()
    if not text.isascii():
        for symbol, letter in _SYMBOL_TO_LETTER.items():
            text = text.replace(symbol, letter)
    text = text.upper()
    if text[:1] == "T":
        text = "10" + text[1:]
    return text


#: How many spellings a pack remembers (typed text is unbounded; the codes themselves are always kept).
_SPELLINGS_KEPT = 4096

# --- packs ---------------------------------------------------------------

@dataclass(frozen=True)
class Pack:
    """An ordered list of the cards a game uses, with code lookup."""

    id: str
    description: str
    cards: tuple[Card, ...]
    #: Each card's exact code → the card.
    by_code: dict[str, Card] = field(default_factory=dict, compare=False, repr=False)
    #: Every spelling met so far → its card (or ``None``): parsing is a look-up after the first time.
    _by_text: dict[str, Card | None] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for card in self.cards:
            self.by_code[code(card)] = card
        self._by_text.update(self.by_code)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @property
    def mask(self) -> Mask:
        return mask_of(self.cards)

    def card(self, text: str) -> Card:
        """The card with this code; ``KeyError`` with a readable message if there is none."""
        card = self.find(text)
        if card is None:
            raise KeyError(f"{text!r} is not a card of the {self.description}")
        return card

    def find(self, text: str) -> Card | None:
        """The card ``text`` names in any spelling a person may type (``"q♠"``, ``"10h"``), or ``None``."""
        try:
            return self._by_text[text]
        except KeyError:
            pass
        except TypeError:  # not text at all (unhashable)
            return None
        card = self.by_code.get(normalise_code(text)) if isinstance(text, str) else None
        if len(self._by_text) < _SPELLINGS_KEPT:
            self._by_text[text] = card
        return card

    def without(self, removed: Iterable[str], id: str, description: str) -> "Pack":
        gone = {self.card(c) for c in removed}
        return Pack(id, description, tuple(c for c in self.cards if c not in gone))


FRENCH_RANKS = tuple(range(2, 15))
SPANISH_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


def french_pack(ranks: Sequence[int] = FRENCH_RANKS, *, jokers: int = 0, copies: int = 1,
                suits: Sequence[Suit] = FRENCH_SUITS, id: str | None = None,
                description: str | None = None) -> Pack:
    """A French-suited pack, optionally cut down, with jokers or several copies."""
    cards = [make_card(s, r, copy) for copy in range(copies) for s in suits for r in ranks]
    for j in range(jokers):
        cards.append(make_card(JOKERS, BIG_JOKER if j % 2 == 0 else LITTLE_JOKER, j // 2))
    size = len(cards)
    return Pack(id or f"french{size}", description or f"{size}-card French pack", tuple(cards))


def spanish_pack(ranks: Sequence[int] = SPANISH_RANKS, *, id: str = "spanish40",
                 description: str = "40-card Spanish pack") -> Pack:
    return Pack(id, description, tuple(make_card(s, r) for s in SPANISH_SUITS for r in ranks))


FRENCH_52 = french_pack(id="french52", description="standard 52-card pack")
FRENCH_54 = french_pack(jokers=2, id="french54", description="52-card pack with two jokers")
FRENCH_32 = french_pack(range(7, 15), id="french32", description="32-card pack (7 to ace)")
FRENCH_24 = french_pack(range(9, 15), id="french24", description="24-card pack (9 to ace)")
SPANISH_40 = spanish_pack()
