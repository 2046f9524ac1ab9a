"""The poker-hand evaluator: published category counts, the 32-card pack counted hand by hand,
names in words, and ties broken by the standard rules."""

from collections import Counter
from itertools import combinations

import pytest

from parlour import cards as C
from parlour.poker import (FLUSH, FULL_HOUSE, HIGH_CARD, STANDARD_ORDER, STRAIGHT, HandOrder, category_counts,
                           evaluate, hand_key)
from parlour.rng import Rng

#: The 2,598,960 five-card hands of a 52-card pack, by kind (the published figures).
PUBLISHED_52 = {"straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108, "straight": 10200,
                "three of a kind": 54912, "two pairs": 123552, "pair": 1098240, "high card": 1302540}
#: The 201,376 hands of the 32-card pack (7 to ace), A-7-8-9-10 counted as a straight.
COUNTS_32 = {"straight flush": 20, "four of a kind": 224, "full house": 1344, "flush": 204, "straight": 5100,
             "three of a kind": 10752, "two pairs": 24192, "pair": 107520, "high card": 52020}
ORDER_32 = HandOrder(tuple(range(7, 15)), ace_low=True, flush_beats_full_house=True)


def hand(text, pack=C.FRENCH_52):
    return [pack.card(code) for code in text.split()]


def words(text, order=STANDARD_ORDER, pack=C.FRENCH_52):
    return evaluate(hand(text, pack), order).words


def test_the_52_card_counts_match_the_published_ones():
    counts = category_counts(range(2, 15))
    assert counts == PUBLISHED_52
    assert sum(counts.values()) == 2_598_960


def test_every_hand_of_the_32_card_pack_counted_one_by_one():
    counted = Counter(hand_key(h, ORDER_32)[0] for h in combinations(C.FRENCH_32.cards, 5))
    by_kind = {ORDER_32.categories[strength]: n for strength, n in counted.items()}
    assert by_kind == COUNTS_32
    assert sum(by_kind.values()) == 201_376
    assert category_counts(range(7, 15), order=ORDER_32) == COUNTS_32


def test_without_the_ace_low_straight_the_32_card_pack_has_four_straights_a_suit():
    counts = category_counts(range(7, 15), order=HandOrder(tuple(range(7, 15)), ace_low=False))
    assert counts["straight flush"] == 16 and counts["straight"] == 4080
    assert counts["flush"] == 208 and counts["high card"] == 53040


def reference_kind(cards):
    """An independent, slow classifier: the textbook definitions, nothing shared with the engine."""
    ranks = sorted((C.rank_of(c) for c in cards), reverse=True)
    groups = sorted(Counter(ranks).values(), reverse=True)
    flush = len({C.suit_of(c) for c in cards}) == 1
    distinct = len(set(ranks)) == 5
    straight = distinct and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
    if straight and flush:
        return "straight flush"
    if groups[0] == 4:
        return "four of a kind"
    if groups[:2] == [3, 2]:
        return "full house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if groups[0] == 3:
        return "three of a kind"
    if groups[:2] == [2, 2]:
        return "two pairs"
    if groups[0] == 2:
        return "pair"
    return "high card"


def test_a_sample_of_52_card_hands_agrees_with_the_textbook_definitions():
    rng = Rng(2024)
    pack = list(C.FRENCH_52.cards)
    seen = Counter()
    for _ in range(20_000):
        rng.shuffle(pack)
        cards = pack[:5]
        kind = evaluate(cards).category
        assert kind == reference_kind(cards), [C.code(c) for c in cards]
        seen[kind] += 1
    # Stratified: a hand of each rarer kind is built on purpose, the sample covers the common ones.
    for text in ("9H 10H JH QH KH", "5S 5H 5D 5C 2S", "3C 3D 3H 9S 9C", "2D 7D 9D JD KD", "AS 2D 3C 4H 5S",
                 "10S JD QC KH AS"):
        assert evaluate(hand(text)).category == reference_kind(hand(text))
    assert {"high card", "pair", "two pairs", "three of a kind"} <= set(seen)


@pytest.mark.parametrize("text,named", [
    ("KS KH 8C 8D 8S", "a full house, eights over kings"),
    ("JS JH JC 8D 8S", "a full house, jacks over eights"),
    ("KS KH KC KD 8S", "four kings"),
    ("10S JS QS KS AS", "a royal flush"),
    ("9D 10D JD QD KD", "a straight flush, king high"),
    ("2C 7C 9C JC KC", "a flush, king high"),
    ("8S 9H 10C JD QS", "a straight, queen high"),
    ("AS 2H 3C 4D 5S", "a straight, five high (ace low)"),
    ("7S 7H 7C 2D 9S", "three sevens"),
    ("KS KH 8C 8D 2S", "two pairs, kings and eights"),
    ("9S 9H 3C 4D 7S", "a pair of nines"),
    ("AS 9H 3C 4D 7S", "ace high"),
])
def test_each_kind_of_hand_is_named_in_words(text, named):
    assert words(text) == named


def test_fewer_than_five_cards_make_only_sets():
    assert words("KS KH 8C") == "a pair of kings"
    assert words("9S 10S JS QS") == "queen high"  # four to a straight flush is not yet a hand


@pytest.mark.parametrize("better,worse", [
    ("KS KH 8C 8D 2S", "QS QH JC JD AS"),     # two pairs: the higher pair decides
    ("KS KH 8C 8D 3S", "KC KD 8H 8S 2S"),     # the same two pairs: the odd card
    ("9S 9H AC 4D 7S", "9C 9D KC QD JS"),     # the same pair: the kickers, highest first
    ("AS KH 9C 4D 3S", "AH KC 8C 7D 6S"),     # high card: card by card
    ("8S 8H 8C 2D 2S", "7S 7H 7C AD AS"),     # full houses: the three cards decide
    ("6S 7H 8C 9D 10S", "AS 2H 3C 4D 5S"),    # the ace-low straight is the lowest
    ("3C 3D 3H 2S 4S", "AS AH KC KD QS"),     # three of a kind beats two pairs
])
def test_ties_are_broken_by_the_standard_rules(better, worse):
    assert evaluate(hand(better)) > evaluate(hand(worse))


def test_equal_hands_in_different_suits_tie():
    assert evaluate(hand("AS KH 9C 4D 3S")) == evaluate(hand("AH KS 9D 4C 3H"))


def test_the_short_pack_order_puts_a_flush_above_a_full_house():
    flush, full = hand("7H 9H JH QH KH", C.FRENCH_32), hand("7S 7C 7D 8S 8C", C.FRENCH_32)
    assert evaluate(flush, ORDER_32) > evaluate(full, ORDER_32)
    assert evaluate(flush, STANDARD_ORDER) < evaluate(full, STANDARD_ORDER)
    assert ORDER_32.describe().startswith("straight flush, four of a kind, flush, full house")


def test_in_the_32_card_pack_the_ace_plays_below_the_seven():
    wheel = hand("AS 7H 8C 9D 10S", C.FRENCH_32)
    value = evaluate(wheel, ORDER_32)
    assert value.category == STRAIGHT and value.words == "a straight, ten high (ace low)"
    assert value < evaluate(hand("7S 8H 9C 10D JS", C.FRENCH_32), ORDER_32)
    high_only = HandOrder(tuple(range(7, 15)), ace_low=False)
    assert evaluate(wheel, high_only).category == HIGH_CARD
    # A-2-3-4-5 means nothing in a pack without those cards.
    assert FLUSH in ORDER_32.categories and FULL_HOUSE in ORDER_32.categories


def test_more_than_five_cards_is_refused():
    with pytest.raises(ValueError, match="at most five"):
        evaluate(hand("2S 3S 4S 5S 6S 7S"))
