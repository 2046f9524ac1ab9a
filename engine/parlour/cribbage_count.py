"""Cribbage's counting, apart from its state machine: the show (fifteens, pairs, runs, flushes and
nobs) and the play's pegging, each score named as players say it, the count said aloud, the average
show of a hand kept over every starter (what the rule bot weighs its discards with), and the "count my
hand" helper the page and ``python -m parlour count cribbage`` offer.

Pure functions of cards; :mod:`parlour.rulebook.cribbage` plays the game with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from . import cards as C
from .cards import ACE, JACK, Card
from .core import Counted, CountError, CountInput, Counting, cards_from_text
from .walkthrough import CountedHand, running

#: No four cards and a starter can make these (a hand "worth nineteen" is the players' joke for nothing).
IMPOSSIBLE_TOTALS = frozenset({19, 25, 26, 27})
MAX_SHOW = 29
NINETEEN = "Nothing scores: players call such a hand a “nineteen”, a total no hand can make."


def rank(card: Card) -> int:
    """The card's place in a run: ace low (1) to king (13)."""
    r = C.rank_of(card)
    return 1 if r == ACE else r


def pips(card: Card) -> int:
    """What the card adds to a count: ace 1, two to ten their number, court cards 10."""
    return min(rank(card), 10)


_WORDS = ("nothing one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}


def words(number: int) -> str:
    """``23`` → ``"twenty-three"`` (counts and totals are said, not written)."""
    if number < 20:
        return _WORDS[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_WORDS[ones]}" if ones else "")
    return str(number)


@dataclass(frozen=True)
class Score:
    """One scoring combination: ``phrase`` is what a player says for it ("a double run of three")."""

    kind: str
    points: int
    phrase: str


_SUBSETS = tuple(s for k in range(2, 6) for s in combinations(range(5), k))
_SAME = {2: "a pair", 3: "three of a kind", 4: "four of a kind"}
_MULTIPLE_RUN = {1: "a run of {n}", 2: "a double run of {n}", 3: "a triple run of {n}", 4: "a double double run"}


def _rank_combinations(ranks: tuple[int, ...]) -> tuple[tuple[Score, tuple[int, ...]], ...]:
    """Fifteens, pairs and runs among up to five cards, given their ranks (ace 1 … king 13) in
    ascending order, each with the places (in ``ranks``) of the cards that make it.

    Pairs inside a run are said with it, the way players count: 3-4-4-5 is "a double run of
    three" for 8 (two runs and the pair), 3-3-4-4-5 "a double double run" for 16.
    """
    values = [min(r, 10) for r in ranks]
    out = [(Score("fifteen", 2, "fifteen"), subset) for subset in _SUBSETS
           if subset[-1] < len(values) and sum(values[i] for i in subset) == 15]
    counts = [ranks.count(r) for r in range(15)]

    def places(members: Sequence[int]) -> tuple[int, ...]:
        return tuple(i for i, r in enumerate(ranks) if r in members)

    in_runs: set[int] = set()
    r = 1
    while r <= 13:
        if not counts[r]:
            r += 1
            continue
        start, multiple = r, 1
        while r <= 13 and counts[r]:
            multiple *= counts[r]
            r += 1
        length = r - start
        if length >= 3:
            members = range(start, r)
            in_runs.update(members)
            pairs = sum(counts[m] * (counts[m] - 1) for m in members)
            phrase = _MULTIPLE_RUN[multiple].format(n=words(length))
            out.append((Score("run", length * multiple + pairs, phrase), places(members)))
    same = [r for r in range(1, 14) if counts[r] > 1 and r not in in_runs]
    if [counts[r] for r in same] == [2, 2]:
        out.append((Score("pair", 4, "two pairs"), places(same)))
    else:
        out += [(Score("pair", counts[r] * (counts[r] - 1), _SAME[counts[r]]), places([r])) for r in same]
    return tuple(out)


# --- the show counted fast -----------------------------------------------------------------
# The bots and every random playout count thousands of hands, so the points alone are counted
# from small tables, without naming a combination or sorting a card; the named count above
# (the story, the walk-through) is the definition, and a test holds the two equal.

#: Per card number (suit << 4 | rank, ace 14): its rank in a run (ace 1) and what it adds to a count.
_RUN_RANK = tuple(1 if n & 15 == ACE else n & 15 for n in range(64))
PIPS = tuple(min(r, 10) for r in _RUN_RANK)
#: Per card number, its rank in a run (ace 1), for the game module's pegging.
RUN_RANK = _RUN_RANK
#: A rank's share of a rank-count key: three bits per rank (no rank is held more than four times),
#: so the key of a set of ranks is the sum of its members' shares, in any order.
_RANK_KEY = tuple(1 << 3 * r for r in range(16))
_CARD_KEY = tuple(_RANK_KEY[r] for r in _RUN_RANK)
_RANK_POINTS: dict[int, int] = {}


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs among up to five ranks (ace 1 … king 13), counted directly: the
    fifteens as the number of subsets whose values sum to 15, read from the product of
    ``1 + x ** value`` over the cards (``x`` a power of two wide enough for any count of subsets:
    the product's coefficients count the subsets by sum), the pairs and runs from the count of each
    rank.  Pairs inside a run score both ways, as the named count has it (3-3-4-4-5 is 16 = two pairs
    and four runs of three).  Asked once for each set of ranks met (then remembered by key)."""
    width = len(ranks) + 1  # bits a coefficient needs: n cards have 2 ** n subsets
    ways = 1
    counts = [0] * 15  # counts[14] stays 0: a run stops at the king
    for r in ranks:
        ways += ways << width * (r if r < 10 else 10)
        counts[r] += 1
    points = 2 * (ways >> 15 * width & (1 << width) - 1)
    r = 1
    while r <= 13:
        start, ways = r, 1
        while counts[r]:
            held = counts[r]
            points += held * (held - 1)  # its pairs
            ways *= held
            r += 1
        if r - start >= 3:
            points += (r - start) * ways  # five cards hold one run of three or more at most
        r += 1
    return points


def _key_points(key: int, ranks: Sequence[int]) -> int:
    """The rank points of the ranks whose key is ``key``, remembered by key."""
    points = _RANK_POINTS.get(key)
    if points is None:
        points = _RANK_POINTS[key] = rank_points(ranks)
    return points


def rank_total(ranks: Sequence[int]) -> int:
    return _key_points(sum(_RANK_KEY[r] for r in ranks), ranks)


def show_combinations(hand: Sequence[Card], starter: Card | None,
                      crib: bool = False) -> list[tuple[Score, tuple[Card, ...]]]:
    """Every combination a hand (or crib) scores with the starter, with the cards that make it, in
    the order players count them: fifteens, runs and pairs, the flush, his nobs."""
    cards = in_order([*hand] + ([starter] if starter is not None else []))
    out = [(score, tuple(cards[i] for i in places))
           for score, places in _rank_combinations(tuple(rank(c) for c in cards))]
    flush = _flush(hand, starter, crib)
    if flush:
        suited = [*hand] + ([starter] if starter is not None and flush > len(hand) else [])
        out.append((Score("flush", flush, f"a flush of {words(flush)}"), tuple(in_order(suited))))
    nobs = _nobs_jack(hand, starter)
    if nobs is not None and starter is not None:
        out.append((Score("nobs", 1, "his nobs"), (nobs, starter)))
    return out


def show_scores(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> list[Score]:
    """Every combination a hand (or crib) scores with the starter, in the order players count them:
    fifteens, runs and pairs, the flush, his nobs."""
    return [score for score, _ in show_combinations(hand, starter, crib)]


def _flush(hand: Sequence[Card], starter: Card | None, crib: bool) -> int:
    """Four of the hand's suit (five with the starter); a crib scores only all five."""
    if len(hand) < 4:
        return 0
    if not _one_suit(hand):
        return 0
    if starter is not None and starter >> 4 & 15 == hand[0] >> 4 & 15:
        return len(hand) + 1
    return 0 if crib else len(hand)


def _one_suit(cards: Sequence[Card]) -> bool:
    if not cards:
        return False
    suit = cards[0] >> 4 & 15  # cards.suit_of, written out (and the loop stops at the first other suit)
    for card in cards:
        if card >> 4 & 15 != suit:
            return False
    return True


def _nobs_jack(hand: Sequence[Card], starter: Card | None) -> Card | None:
    """The hand's jack of the starter's suit ("his nobs"), if it holds it."""
    if starter is None:
        return None
    nobs = C.make_card(C.suit_of(starter), JACK)
    return nobs if nobs in hand else None


def show_total(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> int:
    """The points of :func:`show_scores`, quickly (the bots and every playout call this thousands
    of times a deal)."""
    if len(hand) == 4 and starter is not None:
        # Four cards and a starter, every hand and crib of a game's show, written out.
        a, b, c, d = hand
        keys = _CARD_KEY
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[starter]
        points = _RANK_POINTS.get(key)
        if points is None:
            points = _key_points(key, [_RUN_RANK[a], _RUN_RANK[b], _RUN_RANK[c], _RUN_RANK[d], _RUN_RANK[starter]])
        suit = a >> 4 & 15
        if b >> 4 & 15 == suit and c >> 4 & 15 == suit and d >> 4 & 15 == suit:  # _flush, written out
            points += 5 if starter >> 4 & 15 == suit else 0 if crib else 4
        return points + ((starter & ~15 | JACK) in hand)
    keys, key = _CARD_KEY, 0
    for card in hand:
        key += keys[card]
    if starter is None:
        return _key_points(key, [_RUN_RANK[c] for c in hand]) + _flush(hand, starter, crib)
    key += keys[starter]
    points = _RANK_POINTS.get(key)
    if points is None:
        points = _key_points(key, [_RUN_RANK[c] for c in (*hand, starter)])
    if _one_suit(hand):
        points += _flush(hand, starter, crib)
    # His nobs: the jack of the starter's suit (a card's number is its suit's bits, then its rank's).
    return points + ((starter & ~15 | JACK) in hand)


@dataclass(frozen=True)
class Starters:
    """The cards a starter might still be, counted by rank and by suit (for :func:`average_show`)."""

    by_rank: tuple[int, ...]
    by_suit: dict[int, int]
    total: int

    @classmethod
    def of(cls, cards: Sequence[Card]) -> "Starters":
        by_rank = [0] * 14
        by_suit: dict[int, int] = {}
        for card in cards:
            by_rank[rank(card)] += 1
            by_suit[C.suit_of(card)] = by_suit.get(C.suit_of(card), 0) + 1
        return cls(tuple(by_rank), by_suit, len(cards))


def average_show(kept: Sequence[Card], starters: Starters) -> float:
    """The mean of :func:`show_total` for a hand over every possible starter, each equally likely,
    worked out rank by rank instead of card by card: a bot weighs fifteen discards with it each deal."""
    ranks = [rank(c) for c in kept]
    total = sum(many * rank_total(ranks + [r]) for r, many in enumerate(starters.by_rank) if many)
    suits = {C.suit_of(c) for c in kept}
    if len(suits) == 1 and len(kept) == 4:
        same = starters.by_suit.get(next(iter(suits)), 0)
        total += 5 * same + 4 * (starters.total - same)
    total += sum(starters.by_suit.get(C.suit_of(c), 0) for c in kept if C.rank_of(c) == JACK)
    return total / starters.total


def show_points(hand: Sequence[str], starter: str, crib: bool = False) -> int:
    """The show's points of a hand of card codes with the starter: ``show_points(["5H", "5C", "5S", "JD"],
    "5D")`` is 29.  ``crib=True`` counts it as a crib (a flush only with all five)."""
    cards = [C.FRENCH_52.card(code) for code in hand]
    return show_total(cards, C.FRENCH_52.card(starter), crib)


def said_steps(scores: Sequence[Score]) -> list[str]:
    """What is said for each score in turn, with the total so far: "fifteen two", "a pair is six"."""
    parts, total = [], 0
    for score in scores:
        total += score.points
        parts.append(f"fifteen {words(total)}" if score.kind == "fifteen" else f"{score.phrase} is {words(total)}")
    return parts


def spoken(scores: Sequence[Score]) -> str:
    """The count said aloud: "fifteen two, fifteen four, and a pair is six"; a hand worth nothing is
    "nineteen", the players' joke (no hand can make nineteen)."""
    if not scores:
        return "nineteen"
    parts = said_steps(scores)
    if len(parts) > 1 and scores[-1].kind != "fifteen":
        parts[-1] = "and " + parts[-1]
    return ", ".join(parts)


def show_walkthrough(title: str, hand: Sequence[Card], starter: Card | None, crib: bool = False) -> CountedHand:
    """A hand (or crib) counted step by step, each combination with its cards (the table's summary
    walks through it): the hand in order, then the starter."""
    combinations = show_combinations(hand, starter, crib)
    said = said_steps([score for score, _ in combinations])
    cards = [*in_order(hand)] + ([starter] if starter is not None else [])
    groups = (("", len(hand)), ("the starter", 1)) if starter is not None else ()
    return running(title, cards, ((words_, used, score.points) for words_, (score, used) in zip(said, combinations)),
                   nothing=NINETEEN, groups=groups)


def peg_scores(series: Sequence[Card], count: int) -> list[Score]:
    """What the last card of the play scores: fifteen, thirty-one, pairs among the latest cards,
    and the longest run the latest cards make in any order."""
    out = []
    if count == 15:
        out.append(Score("fifteen", 2, "fifteen"))
    elif count == 31:
        out.append(Score("thirty-one", 2, "thirty-one"))
    ranks = [rank(c) for c in series]
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    if same > 1:
        out.append(Score("pair", same * (same - 1), _SAME[same]))
    for length in range(len(ranks), 2, -1):
        latest = ranks[-length:]
        if len(set(latest)) == length and max(latest) - min(latest) == length - 1:
            out.append(Score("run", length, f"a run of {words(length)}"))
            break
    return out


#: Each card number's place in :func:`in_order`: by rank, ace low, then by suit.
_PLAYERS_ORDER = tuple(_RUN_RANK[c] * 16 + (c >> 4 & 15) for c in range(64))
#: The cards (of one pack) whose pips are at most ``room``, by room 0 … 31: what still fits under 31.
FITS = tuple(sum(1 << c for c in range(64) if 2 <= c & 15 <= ACE and c >> 4 < 4 and PIPS[c] <= room)
             for room in range(32))


def peg_points(series: Sequence[Card], count: int) -> int:
    """The points of :func:`peg_scores`, in one pass back from the latest card: its pairs, then
    (when it pairs nothing, for a pair inside a run spoils it) the longest run of the latest cards,
    read until a rank repeats, since no longer run can hold a repeat."""
    points = 2 if count == 15 or count == 31 else 0
    last = len(series) - 1
    if not last:  # a count's first card: no pair and no run (and no fifteen either)
        return points
    latest = _RUN_RANK[series[last]]
    index = last - 1
    while index >= 0 and _RUN_RANK[series[index]] == latest:
        index -= 1
    same = last - index
    if same > 1:
        return points + same * (same - 1)
    seen, low, high, run = 1 << latest, latest, latest, 0
    for index in range(last - 1, -1, -1):
        r = _RUN_RANK[series[index]]
        if seen >> r & 1:
            break
        seen |= 1 << r
        if r < low:
            low = r
        elif r > high:
            high = r
        length = last - index + 1
        if length >= 3 and high - low == length - 1:
            run = length
    return points + run


def peg_speech(count: int, scores: Sequence[Score]) -> str:
    """The count said as a card is laid: "twenty-three", "fifteen two", "twenty, a pair for two"."""
    if not scores:
        return words(count)
    first, *rest = scores
    if first.kind == "fifteen":
        text = "fifteen two"
    elif first.kind == "thirty-one":
        text = "thirty-one for two"
    else:
        text = f"{words(count)}, {first.phrase} for {words(first.points)}"
    total = first.points
    for score in rest:
        total += score.points
        text += f", and {score.phrase} is {words(total)}"
    return text


def in_order(cards: Sequence[Card]) -> list[Card]:
    """Cards as cribbage players sort them: by rank, ace low, then by suit."""
    return sorted(cards, key=_PLAYERS_ORDER.__getitem__)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(C.short(c) for c in in_order(cards))


def count_hand(values: dict[str, Any]) -> Counted:
    """The "count my hand" helper: four cards and a starter (a crib if asked)."""
    hand = cards_from_text(C.FRENCH_52, values["hand"], "hand")
    starter_cards = cards_from_text(C.FRENCH_52, values["starter"], "starter")
    if len(hand) != 4:
        raise CountError(f"a hand for the show is four cards, not {len(hand)}")
    if len(starter_cards) != 1:
        raise CountError(f"the starter is one card, not {len(starter_cards)}")
    starter = starter_cards[0]
    if starter in hand:
        raise CountError(f"the {C.name(starter)} cannot be both in the hand and the starter")
    crib = bool(values.get("crib"))
    counted = show_walkthrough("crib" if crib else "hand", hand, starter, crib)
    heading = f"{' '.join(C.short(c) for c in hand)} with the starter {C.short(starter)}, counted as a {counted.title}:"
    # A line per combination, with the cards that make it: "fifteen two (5♥ J♦)".
    lines = [step.line() for step in counted.steps] or [NINETEEN]
    return Counted(heading, spoken(show_scores(hand, starter, crib)), tuple(lines), counted.total)


COUNTING = Counting(
    title="Count a cribbage hand",
    inputs=(CountInput("hand", "Hand", "the four cards of the hand or crib", "cards", "5H,5C,5S,JD"),
            CountInput("starter", "Starter", "the card turned up", "card", "5D"),
            CountInput("crib", "Count it as a crib", "a crib scores a flush only with the starter's suit too",
                       "flag")),
    count=count_hand,
)
