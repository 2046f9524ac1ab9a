"""Casino: one test per rule clause (the family card-games book up to building; Pagat for the rest)."""

import functools
import itertools
import random

import pytest

import parlour
from parlour import cards as C
from parlour import web
from parlour.core import IllegalAction
from parlour.casino_count import pip
from parlour.rulebook.casino import Build, CasinoState, Move

from helpers import hand_codes, play


def game(**options) -> CasinoState:
    return parlour.load("casino", **options).new(1)  # type: ignore[return-value]


def build(state: CasinoState, build_id: str, value: int, owner: int, sets: str) -> Build:
    """``build(state, "b1", 8, 0, "3C 5D | 8H")``: a build of 8 owned by seat 0, sets split by ``|``."""
    groups = tuple(tuple(state.pack.card(c) for c in group.split()) for group in sets.split("|"))
    return Build(build_id, groups, value, owner)


def position(hands, table=(), turn=0, stock=(), **options) -> CasinoState:
    players = len(hands)
    state = game(players=players, **options)
    state.set_position(hands, table, turn, stock)
    return state


def layout_ids(state: CasinoState) -> list[str]:
    return [item.id if isinstance(item, Build) else C.code(item) for item in state.layout]


def pile(state: CasinoState, seat: int) -> set[str]:
    return {C.code(c) for c in C.cards_in(state.piles[seat])}


# --- players, cards and the deal --------------------------------------------------------

def test_two_players_get_four_cards_each_and_four_go_face_up_to_the_table():
    state = game()
    assert [C.count(h) for h in state.hands] == [4, 4]
    assert len(state.layout) == 4 and len(state.stock) == 40
    assert state.deals_in_hand == 6


def test_the_deal_goes_two_at_a_time_to_the_other_player_the_table_then_the_dealer():
    deck = [C.code(c) for c in parlour.load("casino").new(1).pack.cards]
    state = parlour.load("casino").new(1, deck)
    dealer = state.dealer
    other = 1 - dealer
    # Two to the other player, two to the table, two to the dealer; then again.
    assert hand_codes(state, other) == {deck[0], deck[1], deck[6], deck[7]}
    assert [C.code(c) for c in state.layout] == [deck[2], deck[3], deck[8], deck[9]]
    assert hand_codes(state, dealer) == {deck[4], deck[5], deck[10], deck[11]}


def test_the_first_dealer_is_the_higher_cut_king_high_ace_low():
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    for seed in range(12):
        state = parlour.load("casino").new(seed)
        cuts = [line for line in state.narrative() if line.startswith("Cutting for the deal:")]
        shown = cuts[-1].split(": ", 1)[1].split(". ")[0]
        ranks = {name: order.index(card[:-1]) for name, card in (part.split() for part in shown.split(", "))}
        assert state.names[state.dealer] == max(ranks, key=ranks.__getitem__)
        assert list(ranks.values()).count(max(ranks.values())) == 1
        assert all("cut again" in line for line in cuts[:-1])


def test_the_player_left_of_the_dealer_plays_first():
    state = game()
    assert state.to_move() == state.next_seat(state.dealer)


def test_four_more_each_when_the_hands_are_empty_and_the_last_deal_is_announced():
    state = game()
    bot = parlour.load("casino").rule_bot(0)
    deals = []
    while state.hand_no == 1:
        before = state.deal_no
        state.apply(bot.choose(state))
        if state.hand_no == 1 and state.deal_no != before:
            deals.append(state.deal_no)
            assert [C.count(h) for h in state.hands] == [4, 4]
    assert deals == [2, 3, 4, 5, 6]
    story = state.narrative()
    assert sum("deals four more cards to each player" in line for line in story) == 5
    assert any("(deal 6 of 6) and calls \u201cLast!\u201d" in line for line in story)
    assert not any("(deal 5 of 6) and calls" in line for line in story)


@pytest.mark.parametrize("players,deals", [(3, 4), (4, 3)])
def test_three_players_have_four_deals_and_four_players_three(players, deals):
    state = game(players=players)
    assert [C.count(h) for h in state.hands] == [4] * players
    assert len(state.layout) == 4
    assert state.deals_in_hand == deals
    assert len(state.stock) == 52 - 4 - 4 * players
    assert len(state.stock) == (deals - 1) * 4 * players


def test_four_players_play_as_two_partnerships():
    state = game(players=4)
    assert state.sheet.columns == ["South & North", "West & East"]
    assert state.team(0) == state.team(2) != state.team(1) == state.team(3)


def test_the_deal_passes_to_the_left_after_a_hand():
    state = game()
    first = state.dealer
    bot = parlour.load("casino").rule_bot(0)
    while state.hand_no == 1:
        state.apply(bot.choose(state))
    assert state.dealer == state.next_seat(first)


# --- trailing ------------------------------------------------------------------------

def test_trailing_puts_the_card_on_the_table_even_when_it_could_capture():
    state = position([["8S", "2C"], ["3D"]], ["8D"])
    assert state.why_illegal("8S") is None
    play(state, "8S")
    assert layout_ids(state) == ["8D", "8S"]
    assert "South trails 8♠." in state.narrative()


def test_trail_spelled_as_a_verb_is_stored_as_the_card():
    state = position([["8S", "2C"], ["3D"]], ["8D"])
    state.apply("trail:8s")
    assert state.history == ["8S"]


# --- pairing and combining -------------------------------------------------------------

def test_pairing_takes_one_or_more_table_cards_of_the_same_rank():
    state = position([["3S", "2C"], ["9D"]], ["3D", "3H", "KC"])
    legal = state.legal_actions()
    assert {"capture:3S:3D", "capture:3S:3H", "capture:3S:3D+3H"} <= set(legal)
    play(state, "capture:3S:3D+3H")
    assert pile(state, 0) == {"3S", "3D", "3H"}
    assert layout_ids(state) == ["KC"]


def test_combining_takes_cards_that_add_up_to_the_card_played():
    state = position([["8S", "2C"], ["9D"]], ["6D", "2H", "KC"])
    assert state.why_illegal("capture:8S:6D+2H") is None
    play(state, "capture:8S:6D+2H")
    assert pile(state, 0) == {"8S", "6D", "2H"}


def test_an_ace_counts_one():
    state = position([["8S", "2C"], ["9D"]], ["4D", "3H", "AC", "KC"])
    assert state.why_illegal("capture:8S:4D+3H+AC") is None
    assert state.why_illegal("capture:2C:AC") == "The A♣ is worth 1, not 2."


def test_several_sets_and_a_pair_in_one_capture():
    # The book's example: an 8 takes an 8 (pairing) and two 4s (combining) at once.
    state = position([["8S", "2C"], ["9D"]], ["8D", "4H", "4C", "KC"])
    assert "capture:8S:4C+8D+4H" in state.legal_actions()
    play(state, "capture:8S:4H+4C+8D")
    assert pile(state, 0) == {"8S", "8D", "4H", "4C"}


def test_a_table_card_cannot_count_in_two_sets():
    # The book's example: with 6, 3, 3, 3 on the table a 9 takes the three 3s, or the 6 and a 3, not all.
    state = position([["9S", "2C"], ["9D"]], ["6D", "3H", "3C", "3S"])
    assert state.why_illegal("capture:9S:3H+3C+3S") is None
    assert state.why_illegal("capture:9S:6D+3H") is None
    assert state.why_illegal("capture:9S:6D+3H+3C+3S") == (
        "A card cannot count in two sets: 6♦ + 3♥ and 3♥ + 3♣ + 3♠ each make 9, but both need the 3♥.")


def test_a_wrong_sum_is_refused_in_words():
    state = position([["7S", "2C"], ["9D"]], ["3C", "5D"])
    assert state.why_illegal("capture:7S:3C+5D") == "3♣ + 5♦ make 8, not 7."
    with pytest.raises(IllegalAction, match="make 8, not 7"):
        state.apply("capture:7S:5D+3C")
    assert layout_ids(state) == ["3C", "5D"] and state.history == []


def test_cards_that_make_whole_sets_but_do_not_split_are_refused():
    state = position([["8S", "2C"], ["9D"]], ["7C", "5D", "4H"])
    assert state.why_illegal("capture:8S:7C+5D+4H") == "7♣ + 5♦ + 4♥ make 16 but do not split into sets of 8 each."


def test_a_card_worth_more_than_the_capturing_card_cannot_be_taken():
    state = position([["5S", "2C"], ["9D"]], ["9C", "AD"])
    assert state.why_illegal("capture:5S:9C") == "The 9♣ is worth more than 5, so the 5♠ cannot use it."


CROWDED_TABLE = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "AH", "2H", "3H", "4H", "5H", "6H", "7H"]


def test_on_a_crowded_table_a_card_takes_one_set_at_a_time():
    # Sixteen small cards: a 10 could take them in thousands of ways, so (the engine's own bound)
    # it takes one set at a time, and the list of moves stays short.
    state = position([["10C", "9C", "8C", "5C"], ["KC"]], CROWDED_TABLE)
    assert state.why_illegal("capture:10C:AS+9S") is None
    assert state.why_illegal("capture:10C:AS+9S+2S+8S") == (
        "The table is so crowded that the 10♣ could capture in more than 512 ways, so it takes one set at a "
        "time: one pair, one build, or one group adding up to 10.")
    tens = [a for a in state.legal_actions() if a.startswith("capture:10C")]
    assert len(tens) == len(state.worth(10)) < 512
    # The 5 is not crowded: it still takes several sets at once.
    assert state.why_illegal("capture:5C:5S+AH+4H+2S+3S") is None


# --- court cards -----------------------------------------------------------------------

def test_court_cards_capture_only_by_pairing():
    state = position([["KS", "QC", "5S"], ["9D"]], ["KD", "2H", "3C", build(game(), "b1", 5, 1, "2D 3D")])
    assert state.why_illegal("capture:KS:KD") is None
    assert state.why_illegal("capture:KS:KD+2H") == (
        "Court cards capture only by pairing: the K♠ takes only kings, not the 2♥.")
    assert state.why_illegal("capture:KS:b1") == (
        "Court cards capture only by pairing: a court card cannot take a build.")
    assert state.why_illegal("capture:QC:KD") == (
        "Court cards capture only by pairing: the Q♣ takes only queens, not the K♦.")


def test_a_court_card_on_the_table_is_taken_only_by_its_own_rank():
    state = position([["5S", "2C"], ["9D"]], ["JD", "2H", "3C"])
    assert state.why_illegal("capture:5S:JD+2H+3C") == (
        "Court cards capture only by pairing: the J♦ can be taken only by another jack.")


def test_court_cards_cannot_be_built():
    state = position([["KS", "5S", "7C"], ["9D"]], ["KD", "2H"])
    assert state.why_illegal("build:7:5S:2H+KD") == (
        "Court cards capture only by pairing, so the K♦ cannot go into a build.")
    assert state.why_illegal("build:7:KS:2H") == "Court cards cannot be built with: they capture only by pairing."


def test_by_the_book_a_court_card_takes_every_card_of_its_rank_it_picks():
    state = position([["KS", "2C"], ["9D"]], ["KD", "KH"])
    assert {"capture:KS:KD", "capture:KS:KH", "capture:KS:KD+KH"} <= set(state.legal_actions())


def test_under_pagats_rule_a_court_card_takes_only_one_card_of_its_rank():
    state = position([["KS", "2C"], ["9D"]], ["KD", "KH"], court_pairs="one")
    captures = [a for a in state.legal_actions() if a.startswith("capture:KS")]
    assert captures == ["capture:KS:KD", "capture:KS:KH"]
    assert state.why_illegal("capture:KS:KD+KH") == "A court card takes only one card of its rank: pick one king."


# --- building --------------------------------------------------------------------------

def test_a_simple_build_puts_a_card_on_table_cards_for_a_total_the_builder_holds():
    # The book's example: a 3 on the table, the player holds a 5 and an 8 and builds 8s.
    state = position([["5H", "8S", "2C"], ["9D", "4C"]], ["3C", "KD"])
    assert state.why_illegal("build:8:5H:3C") is None
    play(state, "build:8:5H:3C")
    (made,) = state.builds()
    assert (made.value, made.owner, made.multiple, layout_ids(state)) == (8, 0, False, ["b1", "KD"])
    assert "South plays 5♥ onto 3♣: \u201cBuilding 8s.\u201d" in state.narrative()


def test_a_builder_must_hold_the_card_that_takes_the_build():
    state = position([["5H", "2C"], ["9D"]], ["3C"])
    assert state.why_illegal("build:8:5H:3C") == "You do not hold a card of 8 to capture that build with."
    state = position([["6H", "2C"], ["9D"]], ["3C"])
    assert state.why_illegal("build:9:6H:3C") == "You do not hold a card of 9 to capture that build with."


def test_a_build_is_taken_whole_and_only_by_a_card_of_its_value():
    b1 = build(game(), "b1", 8, 1, "3C 5H")
    state = position([["8S", "5D", "3S"], ["9D"]], [b1, "4D"])
    assert state.why_illegal("capture:8S:b1") is None
    assert state.why_illegal("capture:5D:b1") == (
        "The build of 8 can be taken only with a card of 8, not with the 5♦.")
    assert state.why_illegal("capture:3S:3C").startswith("The 3♣ is part of the build of 8 (North's)")
    play(state, "capture:8S:b1")
    assert pile(state, 0) == {"8S", "3C", "5H"}


def test_anyone_may_take_a_build_not_only_its_builder():
    b1 = build(game(), "b1", 8, 0, "3C 5H")
    state = position([["8S", "2C"], ["8D", "9D"]], [b1, "KC"], turn=1)
    play(state, "capture:8D:b1")
    assert pile(state, 1) == {"8D", "3C", "5H"}


def test_a_multiple_build_on_a_single_card():
    # The book: a 6 on the table and two 6s in hand — play one 6 onto it, building 6s.
    state = position([["6H", "6S", "2C"], ["9D", "4C"]], ["6D", "KC"])
    play(state, "build:6:6H:6D")
    (made,) = state.builds()
    assert made.multiple and made.value == 6 and len(made.sets) == 2


def test_a_multiple_build_from_a_combination():
    # The book: two 6s in hand, a 4 and a 2 on the table — put a 6 to them, building 6s.
    state = position([["6H", "6S", "2C"], ["9D", "4C"]], ["4D", "2S", "KC"])
    play(state, "build:6:6H:4D+2S")
    (made,) = state.builds()
    assert made.multiple and sorted(len(s) for s in made.sets) == [1, 2]
    assert layout_ids(state) == ["b1", "KC"]


def test_adding_another_set_to_a_build_makes_a_multiple_build():
    # The book: building 8s (5 on 3), then a 7 to an ace next turn, taking all four with the 8.
    b1 = build(game(), "b1", 8, 0, "3C 5H")
    state = position([["7D", "8S", "2C"], ["9D", "4C"]], [b1, "AC", "KD"])
    play(state, "build:8:7D:AC+b1")
    (made,) = state.builds()
    assert made.multiple and made.value == 8 and len(made.cards) == 4
    assert "South adds 7♦ with A♣ to their build of 8: \u201cStill building 8s.\u201d" in state.narrative()


def test_three_on_three_is_a_multiple_build_of_threes_or_a_single_build_of_six():
    state = position([["3H", "3S", "6C"], ["9D", "4C"]], ["3D", "KC"])
    assert {"build:3:3H:3D", "build:6:3H:3D"} <= set(state.legal_actions())
    assert state.why_illegal("build:3H+3D").startswith("Say which you are building: 3s or 6s")


def test_a_single_build_can_be_raised_but_a_multiple_build_cannot():
    single = build(game(), "b1", 6, 1, "3C 3D")
    multiple = build(game(), "b2", 3, 1, "3H | 3S")
    state = position([["2H", "8C", "5S"], ["9D", "4C"]], [single, multiple])
    assert state.why_illegal("build:8:2H:b1") is None
    assert state.why_illegal("build:5:2H:b2") == (
        "The multiple build of 3 (North's) cannot be raised: a multiple build can only be added to with another "
        "set of 3.")


def test_a_player_may_raise_their_own_build():
    # The book: 6 on a 3 building 9s, then next turn an ace to it building 10s.
    b1 = build(game(), "b1", 9, 0, "3C 6H")
    state = position([["AS", "10C", "9S"], ["2D", "4C"]], [b1])
    play(state, "build:10:AS:b1")
    (made,) = state.builds()
    assert (made.value, made.owner, made.multiple) == (10, 0, False)


def test_raising_an_opponents_build_makes_it_yours():
    # The book: the opponent builds 7s; a player with a 9 and a 2 adds the 2, building 9s.
    b1 = build(game(), "b1", 7, 1, "3C 4H")
    state = position([["2S", "9C", "KD"], ["7D", "4C"]], [b1])
    play(state, "build:9:2S:b1")
    (made,) = state.builds()
    assert (made.value, made.owner) == (9, 0)
    assert "South adds 2♠ to North's build of 7: \u201cBuilding 9s.\u201d" in state.narrative()
    # North's 7 can no longer take it.
    assert state.why_illegal("capture:7D:b1") == "The build of 9 can be taken only with a card of 9, not with the 7♦."


def test_a_build_cannot_be_worth_more_than_ten():
    b1 = build(game(), "b1", 9, 1, "3C 6H")
    state = position([["2S", "9C", "KD"], ["7D", "4C"]], [b1])
    assert state.why_illegal("build:11:2S:b1") == "A build cannot be worth more than 10: no card could take it."
    assert not any(a.startswith("build:") for a in state.legal_actions())


def test_a_build_is_raised_only_by_the_card_from_the_hand():
    b1 = build(game(), "b1", 5, 1, "3C 2H")
    state = position([["2S", "9C", "KD"], ["7D", "4C"]], [b1, "2D"])
    assert state.why_illegal("build:9:2S:b1+2D") == (
        "A build is raised only by the card from your hand, not with cards from the table.")


def test_a_build_may_gather_in_table_cards_of_its_value_but_no_other_sets():
    # Pagat: raising a 7-build to 9 with a 2, and taking in the 9 on the table at the same time.
    b1 = build(game(), "b1", 7, 1, "3C 4H")
    state = position([["2S", "9C", "KD"], ["7D", "4C"]], [b1, "9D", "5S", "4S"])
    assert "build:9:2S:9D+b1" in state.legal_actions()
    assert state.why_illegal("build:9:2S:4S+5S+b1") == (
        "Raising a build to 9, you may gather in only cards worth 9, not 5♠ + 4♠.")
    play(state, "build:9:2S:9D+b1")
    (made,) = state.builds()
    assert made.multiple and made.value == 9
    assert "South adds 2♠ to North's build of 7, gathering in 9♦: \u201cBuilding 9s.\u201d" in state.narrative()
    # A new build likewise: the 3 goes onto the 5 (building 8s) and may gather in the 8, not the 6 + 2.
    fresh = position([["3S", "8C", "KD"], ["7D", "4C"]], ["5D", "8D", "6H", "2H"])
    assert fresh.why_illegal("build:8:3S:5D+8D") is None
    assert fresh.why_illegal("build:8:3S:5D+6H+2H") == (
        "3♠ + 5♦ + 6♥ + 2♥ make 16: besides the set your card makes, a build gathers in only single cards worth 8.")


def test_a_build_move_takes_in_one_build_at_most():
    b1 = build(game(), "b1", 8, 1, "3C 5H")
    b2 = build(game(), "b2", 8, 1, "6C 2H")
    state = position([["8S", "8D", "KD"], ["7D", "4C"]], [b1, b2])
    assert state.why_illegal("build:8:8S:b1+b2") == "A build move takes in one build at most: take in the others another time."
    assert state.why_illegal("capture:8S:b1+b2") is None  # both are taken together, though


# --- owning a build -------------------------------------------------------------------

def test_a_player_who_owns_a_build_may_not_trail():
    b1 = build(game(), "b1", 8, 0, "3C 5H")
    state = position([["8S", "2C"], ["9D"]], [b1, "KD"])
    assert state.why_illegal("2C") == (
        "You own the build of 8 on the table, so you may not trail: capture, build or add to a build instead.")
    assert "2C" not in state.legal_actions()
    # Once an opponent raises it, it is theirs and the first builder may trail again.
    other = position([["8S", "2C"], ["9D"]], [build(game(), "b1", 10, 1, "3C 5H 2D"), "KD"])
    assert other.why_illegal("2C") is None


def test_a_builder_must_keep_a_card_to_take_the_build():
    b1 = build(game(), "b1", 8, 0, "3C 5H")
    state = position([["8S", "2C"], ["9D"]], [b1, "8D"])
    assert state.why_illegal("capture:8S:8D") == (
        "You must keep a card of 8 to take your build of 8: play it to take the build, or another card.")
    assert state.why_illegal("capture:8S:8D+b1") is None
    with_two = position([["8S", "8C", "2C"], ["9D"]], [b1, "8D"])
    assert with_two.why_illegal("capture:8S:8D") is None


# --- sweeps and the end of a hand -----------------------------------------------------

def test_clearing_the_table_is_a_sweep():
    state = position([["8S", "2C"], ["9D", "4C"]], ["3C", "5D"])
    play(state, "capture:8S:3C+5D")
    assert state.sweeps[0] == [state.pack.card("8S")]
    assert "The table is cleared: a sweep for South." in state.narrative()
    assert "1 sweep" in state.view(None)["seats"][0]["info"]


def test_the_last_capturer_takes_what_is_left_and_it_is_not_a_sweep():
    state = position([["8S", "KC"], ["9D", "4C"]], ["3C", "5D", "QH"])
    play(state, "capture:8S:3C+5D", "9D", "KC", "4C")
    assert state.hand_no == 2 or state.is_over
    line = next(l for l in state.narrative() if "made the last capture" in l)
    assert line == ("The pack is used up. South made the last capture and takes the 4 cards left on the "
                    "table (Q♥ + 9♦ + K♣ + 4♣); that is not a sweep.")
    assert not any("sweep for" in l for l in state.narrative())


# --- the count --------------------------------------------------------------------------

def counted(piles, sweeps=None, players=2, **options):
    """The count items for these captured piles (codes per seat) and sweeps (seats, in order)."""
    state = game(players=players, **options)
    state.piles = [C.mask_of(state.pack.card(c) for c in p) for p in piles]
    state.sweep_order = list(sweeps or [])
    return state.count_items()


def test_most_cards_score_three_and_none_on_a_tie():
    assert ("most cards (3)", 0, 3) in counted([["4C", "5C", "6C"], ["7C", "8C"]])
    assert not any(label.startswith("most cards") for label, _, _ in counted([["4C", "5C"], ["7C", "8C"]]))


def test_most_spades_score_one_and_none_on_a_tie():
    assert ("most spades (2)", 1, 1) in counted([["4S", "5C", "6C"], ["7S", "8S"]])
    assert not any(label.startswith("most spades") for label, _, _ in counted([["4S"], ["7S", "8C", "9C"]]))


def test_big_casino_two_little_casino_one_and_each_ace_one():
    items = counted([["10D", "AS", "AH"], ["2S", "AC", "AD", "3C", "4C"]])
    assert ("big casino (10♦)", 0, 2) in items
    assert ("little casino (2♠)", 1, 1) in items
    assert [(label, column) for label, column, _ in items if label.startswith("the A")] == [
        ("the A♠", 0), ("the A♣", 1), ("the A♥", 0), ("the A♦", 1)]


def test_each_sweep_scores_one():
    items = counted([["3C"], ["4C"]], sweeps=[1, 0, 1])
    assert [(label, column, points) for label, column, points in items if label == "a sweep"] == [
        ("a sweep", 1, 1), ("a sweep", 0, 1), ("a sweep", 1, 1)]


def test_partners_pool_their_cards_and_sweeps():
    items = counted([["3C", "4C"], ["5C"], ["6C", "10D"], ["7C"]], sweeps=[2, 3], players=4)
    assert ("most cards (4)", 0, 3) in items and ("big casino (10♦)", 0, 2) in items
    assert [column for label, column, _ in items if label == "a sweep"] == [0, 1]


def test_a_whole_hand_is_counted_and_scored():
    state = game()
    bot = parlour.load("casino").rule_bot(3)
    while state.hand_no == 1:
        state.apply(bot.choose(state))
    label, *points = state.sheet.as_dict()["rows"][0]
    assert label == "Hand 1"
    spades, sweeps = 1, sum(1 for l in state.narrative() if "sweep for" in l)
    # 11 points a hand (3 cards, unless tied; 1 spades; 2 + 1 casinos; 4 aces) plus the sweeps.
    assert sum(points) in (11 + sweeps, 8 + sweeps)
    assert any(line.startswith("The count. Taken:") for line in state.narrative())


def test_the_game_is_won_by_the_first_to_21():
    state = game()
    state.sheet.totals = [19, 4]
    state.set_position([["8S"], ["9D"]], ["3C", "5D"], turn=0)
    state.piles = [C.mask_of(state.pack.card(c) for c in ["2S", "AS", "AH", "4C"]), 0]
    play(state, "capture:8S:3C+5D", "9D")
    assert state.is_over and state.outcome.winners == (0,)
    assert state.outcome.text.startswith("South wins with")


def test_when_both_pass_21_the_first_to_get_there_counting_in_order_wins():
    # North is ahead on the total, but South reaches 21 on the cards, which are counted first.
    state = game()
    state.sheet.totals = [18, 18]
    state.set_position([["8S"], ["9D"]], ["3C", "5D"], turn=0)
    state.piles = [C.mask_of(state.pack.card(c) for c in
                             ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]),
                   C.mask_of(state.pack.card(c) for c in ["10D", "2S", "AS", "AH", "AC", "AD"])]
    play(state, "capture:8S:3C+5D", "9D")
    assert state.sheet.totals[1] > state.sheet.totals[0] >= 21
    assert state.outcome.winners == (0,)
    assert any("counted in order" in line and "South gets there first, with most cards" in line
               for line in state.narrative())


def test_old_hoyle_game_is_to_11():
    state = game(match="11")
    assert state.match_end.points == 11


def test_one_hand_on_its_own_ends_after_the_count():
    state = game(match="hand")
    bot = parlour.load("casino", match="hand").rule_bot(0)
    while not state.is_over:
        state.apply(bot.choose(state))
    assert state.hand_no == 1 and len(state.sheet.rows) == 1


def test_counting_as_you_go_scores_aces_casinos_and_sweeps_when_taken():
    state = game(counting="as-you-go")
    state.set_position([["10S", "2C"], ["9D", "3C"]], ["10D", "4H"], turn=0)
    play(state, "capture:10S:10D")
    assert state.sheet.totals == [2, 0]
    assert "South scores 2 for big casino." in state.narrative()


def test_counting_as_you_go_stops_the_game_the_moment_the_target_is_reached():
    state = game(counting="as-you-go")
    state.sheet.totals = [20, 5]
    state.set_position([["AS", "2C"], ["9D", "3C"]], ["AD", "4H"], turn=0)
    play(state, "capture:AS:AD")
    assert state.is_over and state.outcome.winners == (0,)
    assert "South reaches 21: play stops at once." in state.narrative()


# --- spelling, parts and reasons --------------------------------------------------------

def test_any_spelling_of_a_move_is_stored_in_one_form():
    state = position([["8S", "2C"], ["9D"]], ["3C", "5D", "KD"])
    assert state.canonical("capture 5d 8s 3c") == "capture:8S:3C+5D"
    assert state.canonical("take:8♠+3♣+5♦") == "capture:8S:3C+5D"
    state.apply("capture:5D+3C+8S")
    assert state.history == ["capture:8S:3C+5D"]


def test_a_build_written_without_its_value_takes_the_only_one_that_fits():
    state = position([["5H", "8S", "2C"], ["9D", "4C"]], ["3C", "KD"])
    state.apply("build:3C+5H")
    assert state.history == ["build:8:5H:3C"]


def test_every_part_of_a_move_is_an_item_the_reader_picks():
    b1 = build(game(), "b1", 8, 1, "3C 5H")
    state = position([["8S", "2C"], ["9D"]], [b1, "8D"])
    info = {a["action"]: a for a in state.view(0)["legal"]}
    assert info["capture:8S:8D+b1"]["parts"] == ["8S", "8D", "b1"]
    assert info["2C"]["parts"] == ["2C"] and info["2C"]["card"] == "2C"
    assert [v["verb"] for v in state.view(0)["compose"]] == ["capture", "build", "trail"]


@pytest.mark.parametrize("action,reason", [
    ("capture:8S", "Pick the table cards you want to take as well as the card from your hand."),
    ("capture:3C+5D", "Pick the card you play from your hand."),
    ("capture:8S+2C:3C+5D", "A turn plays one card from your hand, not 8♠ and 2♣."),
    ("capture:8S:3C+3C", "The 3 of clubs is named twice."),
    ("capture:8S:4H", "The 4 of hearts is neither in your hand nor on the table."),
    ("capture:8S:b7", "There is no build b7 on the table."),
    ("capture:8S:zz", "'zz' is neither a card nor a build on the table."),
    ("steal:8S:3C", "Unknown move 'steal': the moves are trail, capture and build."),
    ("trail:8S+3C", "To trail, pick only the card from your hand: it goes onto the table by itself."),
    ("9D", "You do not hold the 9 of diamonds."),
    ("build:8:2:2C:3C", "Name the value of a build only once."),
    ("nonsense", "'nonsense' is not a move: play a card to trail it (7H), or write capture:8S:3C+5D or build:8:5H:3C."),
])
def test_a_move_that_names_no_move_gets_a_reason(action, reason):
    state = position([["8S", "2C"], ["9D"]], ["3C", "5D"])
    assert state.why_illegal(action) == reason


# --- the legal list against brute force ---------------------------------------------------

def partitions(items):
    """Every way to split a list into non-empty groups."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first]] + smaller
        for index in range(len(smaller)):
            yield smaller[:index] + [[first] + smaller[index]] + smaller[index + 1:]


def value_of(item):
    return item.value if isinstance(item, Build) else pip(item)


def capture_group_ok(card, group, court_pairs):
    if pip(card) is None:
        return len(group) == 1 and not isinstance(group[0], Build) and C.rank_of(group[0]) == C.rank_of(card)
    if len(group) == 1:
        item = group[0]
        return value_of(item) == pip(card) if isinstance(item, Build) or pip(item) is not None else False
    return (all(not isinstance(i, Build) and pip(i) is not None for i in group)
            and sum(pip(i) for i in group) == pip(card))


def brute_captures(state, seat, court_pairs):
    """Every legal capture, straight from the rules: any non-empty set of table items that splits
    into groups each a pair, a build of the card's value, or cards adding up to it."""
    out = set()
    hand = C.cards_in(state.hands[seat])
    for card in hand:
        for size in range(1, len(state.layout) + 1):
            for chosen in itertools.combinations(state.layout, size):
                if pip(card) is None and court_pairs == "one" and size > 1:
                    continue
                if any(all(capture_group_ok(card, g, court_pairs) for g in split)
                       for split in partitions(list(chosen))) and keeps(state, seat, card, chosen):
                    out.add(("capture", card, frozenset(item_key(i) for i in chosen), None))
    return out


def splits_brute(cards, value):
    return _splits_brute(tuple(sorted(pip(c) for c in cards)), value)


@functools.cache
def _splits_brute(values, value):
    return any(all(sum(g) == value for g in split) for split in partitions(list(values)))


def brute_builds(state, seat):
    """Every legal build, from the rules: the played card with table cards making the value (a card
    of the value itself goes onto a set worth it, or onto a build of it), or a single build raised
    by the card; any other table cards each worth the value; at most one build; holding a card of
    the value."""
    out = set()
    hand = C.cards_in(state.hands[seat])
    for card in hand:
        if pip(card) is None:
            continue
        rest = [c for c in hand if c != card]
        for size in range(1, len(state.layout) + 1):
            for chosen in itertools.combinations(state.layout, size):
                builds = [i for i in chosen if isinstance(i, Build)]
                loose = [i for i in chosen if not isinstance(i, Build)]
                if len(builds) > 1 or any(pip(c) is None for c in loose):
                    continue
                for value in range(1, 11):
                    if not any(pip(c) == value for c in rest) or pip(card) > value:
                        continue
                    if any(pip(c) > value for c in loose):
                        continue
                    others = sum(pip(c) for c in loose if pip(c) < value)
                    if builds and builds[0].value != value:
                        ok = (not builds[0].multiple and builds[0].value + pip(card) == value and others == 0)
                    elif pip(card) < value:
                        ok = pip(card) + others == value
                    else:
                        ok = others in ((0,) if builds else (0, value))
                    if ok and keeps(state, seat, card, chosen):
                        out.add(("build", card, frozenset(item_key(i) for i in chosen), value))
    return out


def keeps(state, seat, card, chosen):
    rest = {pip(c) for c in C.cards_in(state.hands[seat]) if c != card}
    used = {i.id for i in chosen if isinstance(i, Build)}
    return all(b.value in rest for b in state.owned_builds(seat) if b.id not in used)


def item_key(item):
    return item.id if isinstance(item, Build) else C.code(item)


def engine_moves(state, kind):
    out = set()
    for action in state.legal_actions():
        move = state.parse_move(action)
        if move.kind == kind:
            keys = frozenset(move.parts[1:])
            out.add((kind, move.card, keys, move.value))
    return out


def random_position(rng, court_pairs):
    state = game(court_pairs=court_pairs)
    cards = list(state.pack.cards)
    rng.shuffle(cards)
    hand = [C.code(c) for c in cards[:rng.randint(1, 4)]]
    rest = cards[len(hand):]
    table = []
    builds = 0
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.2:
            numerals = [c for c in rest if pip(c) is not None]
            group = numerals[:rng.randint(1, 3)]
            total = sum(pip(c) for c in group)
            if len(group) >= 2 and total <= 10:
                builds += 1
                multiple = rng.random() < 0.3 and len(group) == 2 and pip(group[0]) == pip(group[1])
                sets = ((group[0],), (group[1],)) if multiple else (tuple(group),)
                value = pip(group[0]) if multiple else total
                table.append(Build(f"b{builds}", sets, value, rng.randint(0, 1)))
                rest = [c for c in rest if c not in group]
                continue
        table.append(C.code(rest.pop(0)))
    rng.shuffle(table)  # builds need not lie in the order they were made
    opponent = [C.code(rest.pop(0))]
    state.set_position([hand, opponent], table, turn=0)
    return state


@pytest.mark.parametrize("court_pairs", ["all", "one"])
def test_legal_captures_and_builds_are_exactly_those_the_rules_allow(court_pairs):
    rng = random.Random(2024)
    checked = 0
    for _ in range(200):
        state = random_position(rng, court_pairs)
        assert engine_moves(state, "capture") == brute_captures(state, 0, court_pairs)
        assert engine_moves(state, "build") == brute_builds(state, 0)
        checked += len(state.legal_actions())
    assert checked > 600


def test_legal_moves_are_listed_once_and_read_back_as_themselves():
    rng = random.Random(7)
    for _ in range(100):
        state = random_position(rng, "all")
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        for action in legal:
            assert state.read_move(action) == state.parse_move(action)
            assert state.canonical(action) == action


def test_views_show_builds_as_labelled_groups_and_piles_as_counts():
    b1 = build(game(), "b1", 8, 1, "3C 5H")
    state = position([["8S", "2C"], ["9D"]], [b1, "8D"])
    state.piles[1] = C.mask_of(state.pack.card(c) for c in ["4C", "5C"])
    view = state.view(0)
    (layout,) = [z for z in view["centre"] if z["kind"] == "layout"]
    assert layout["items"] == [
        {"id": "b1", "cards": ["3C", "5H"], "label": "build of 8 (North's)", "owner": 1},
        {"id": "8D", "cards": ["8D"]}]
    assert view["seats"][1]["info"] == "2 cards taken" and view["seats"][1]["hand"] is None


def test_a_verb_tried_on_picked_parts_is_answered_with_the_reason_and_a_match_is_applied():
    table = "casino-test"
    reply = web.handle({"v": 1, "id": 1, "type": "new", "table": table, "game": "casino", "seed": 1})
    state = web._tables[table].state
    state.set_position([["7S", "8S", "2C"], ["9D", "KD"]], ["3C", "5D"], turn=0)
    # The page sends the parts in the order they were clicked.
    reason = web.handle({"v": 1, "id": 2, "type": "explain", "table": table, "action": "capture:5D+7S+3C"})
    assert reason["reason"] == "3♣ + 5♦ make 8, not 7."
    reply = web.handle({"v": 1, "id": 3, "type": "apply", "table": table, "action": "capture:3C+8S+5D"})
    assert reply["type"] == "state" and reply["record"]["actions"][0] == "capture:8S:3C+5D"


def test_strong_plays_out_only_the_three_moves_family_rates_best():
    """Strong's imagined deals try the Family player's three best-scored moves (more deals fit in the
    table's time, and a long list's luckiest average is not taken for the best)."""
    from parlour.search import SearchBot
    game = parlour.load("casino")
    state = game.new(3)
    bots = [game.rule_bot(seat) for seat in range(2)]
    while len(state.legal_actions()) <= 3:
        state.apply(bots[state.to_move()].choose(state))
    legal = state.legal_actions()
    family = game.rule_bot(0)
    tried = family.candidates(state, legal)
    assert len(tried) == 3 and set(tried) < set(legal)
    assert family.choose(state) in tried
    strong = SearchBot(game, 2, iterations=3)
    assert strong.choose(state) in tried
    assert "3 most promising moves" in strong.reason
