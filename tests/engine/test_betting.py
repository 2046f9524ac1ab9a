"""The shared betting module: who may bid, the stake, see / raise / fold / all-in, what a fold settles."""

import doctest

import pytest

from parlour import betting
from parlour.betting import CONTENT, FOLDED, PASSED, SEEN, Betting, BettingRules

TEAMS = ((0, 2), (1, 3))
#: Play to the right from East: East, North, West, South (Mus and Truc seat order with South dealing).
RIGHTWARD = (3, 2, 1, 0)
MUS = BettingRules(teams=TEAMS, min_open=2, min_raise=2, most=40, all_in=True)
TRUC = BettingRules(teams=TEAMS, steps=(2, 3), answer="next", raise_in_answer=False)
BRIDGE_ONCE = BettingRules(teams=TEAMS, doubling=True, max_bids=2, binding=True)
BRIDGE_UNLIMITED = BettingRules(teams=TEAMS, doubling=True, binding=True)


def mus_round() -> Betting:
    return Betting.start(MUS, RIGHTWARD, openers=RIGHTWARD)


def test_the_module_examples_run():
    assert doctest.testmod(betting).failed == 0


def test_openers_speak_in_turn_and_everyone_passing_plays_for_the_base_stake():
    b = mus_round()
    assert b.to_speak == 3
    assert b.bid_reason(2, 2) == "It is not your turn to speak."
    for seat in RIGHTWARD:
        b = b.pass_(seat)
    assert b.result == PASSED and b.stake == 1 and b.closed and b.collector is None


def test_an_opening_bid_has_a_minimum_and_a_maximum():
    b = mus_round()
    assert b.bid_reason(3, 1) == "An opening bid is at least 2."
    assert b.bid_reason(3, 41) == "A bid can be at most 40."
    assert b.bid_reason(3, 2) is None


def test_a_bid_is_answered_by_each_opponent_in_turn_from_the_next():
    b = mus_round().pass_(3).make_bid(2, 2)       # North bids after East passes
    assert b.waiting == (1, 3) and b.answering
    assert b.answer_reason(3) == "It is not your turn to answer."


def test_folding_to_an_opening_bid_hands_the_bidders_the_base_stake():
    b = mus_round().make_bid(3, 4).fold(2)
    assert b.result is None and b.to_speak == 0, "one fold passes the answer to the partner"
    b = b.fold(0)
    assert b.result == FOLDED and b.collector == 1 and b.stake == 1


def test_seeing_a_bid_makes_it_the_stake():
    b = mus_round().make_bid(3, 4).fold(2).see(0)
    assert b.result == SEEN and b.stake == 4 and b.closed


def test_a_raise_accepts_the_bid_it_raises_so_a_fold_collects_that_bid():
    b = mus_round().make_bid(3, 2).make_bid(2, 5)
    assert b.stake == 2 and b.bid == 5 and b.waiting == (1, 3)
    assert b.bid_reason(1, 6) == "A raise must be at least 7 (the bid of 5 and 2 more)."
    b = b.fold(1).fold(3)
    assert b.result == FOLDED and b.collector == 0 and b.stake == 2


def test_a_side_cannot_raise_its_own_bid():
    b = Betting.start(TRUC, RIGHTWARD, stake=1).make_bid(3, 2).see(2)
    assert b.bid_reason(1, 3) == "Your side made the last bid: only the other side may raise it."
    assert b.bid_reason(2, 3) is None


def test_all_in_over_a_bid_accepts_it_and_cannot_be_raised():
    b = mus_round().make_bid(3, 5).go_all_in(2)
    assert b.all_in and b.stake == 5 and b.waiting == (1, 3)
    assert b.bid_reason(1, 10) == "The whole game is already at stake: see it or fold."
    assert b.all_in_reason(1) == "The whole game is already at stake: see it or fold."
    folded = b.fold(1).fold(3)
    assert folded.collector == 0 and folded.stake == 5
    seen = b.see(1)
    assert seen.result == SEEN and seen.all_in and seen.closed


def test_all_in_is_always_an_answer_even_to_a_bid_of_the_most_a_bid_may_name():
    b = mus_round().make_bid(3, 40)
    assert b.bid_reason(2, 41) == "The stake is already at its highest, 40."
    assert b.all_in_reason(2) is None, "the cap on bids is no cap on órdago"
    b = b.go_all_in(2)
    assert b.all_in and b.stake == 40 and b.waiting == (1, 3)
    capped = BettingRules(teams=TEAMS, min_open=2, most=30, max_bids=1, all_in=True)
    at_cap = Betting.start(capped, RIGHTWARD, openers=RIGHTWARD).make_bid(3, 30)
    assert at_cap.next_stake() is None and at_cap.all_in_reason(2) is None, "nor a cap on the number of bids"


def test_all_in_is_refused_where_a_game_has_none():
    assert Betting.start(TRUC, RIGHTWARD).all_in_reason(3) == "There is no all-in bid in this game."


def test_a_ladder_names_the_next_stake_and_stops_at_its_top():
    b = Betting.start(TRUC, RIGHTWARD)
    assert b.next_stake() == 2 and b.bid_reason(3, 3) == "The next bid is 2."
    b = b.make_bid(3, 2)
    assert b.waiting == (2,), "only the next player answers a truc"
    assert b.bid_reason(2, 3) == "Answer the bid first: see it or fold."
    b = b.see(2).make_bid(2, 3).see(1)
    assert b.stake == 3 and b.next_stake() is None and b.closed


def test_a_refused_ladder_raise_pays_the_stake_agreed_before_it():
    b = Betting.start(TRUC, RIGHTWARD).make_bid(3, 2).see(2).make_bid(2, 3).fold(1)
    assert b.result == FOLDED and b.collector == 0 and b.stake == 2


def test_binding_bids_stand_at_once_and_the_other_side_raises_or_is_content():
    b = Betting.start(BRIDGE_ONCE, (1, 2, 3, 0), openers=(1, 3))
    b = b.make_bid(1, 2, answerers=(0, 2))
    assert b.stake == 2 and b.waiting == (0, 2)
    assert b.answer_reason(0) == "A bid here stands as soon as it is made: raise it or pass."
    content = b.pass_(0).pass_(2)
    assert content.result == CONTENT and content.stake == 2


def test_binding_bids_close_when_the_cap_is_reached():
    b = Betting.start(BRIDGE_ONCE, (1, 2, 3, 0), openers=(1, 3)).make_bid(1, 2).make_bid(2, 4)
    assert b.result == CONTENT and b.stake == 4 and b.closed


def test_unlimited_doubling_goes_on_while_the_sides_take_turns():
    b = Betting.start(BRIDGE_UNLIMITED, (1, 2, 3, 0), openers=(1, 3))
    for seat, stake in ((1, 2), (2, 4), (3, 8), (0, 16)):
        assert b.next_stake() == stake
        b = b.make_bid(seat, stake)
    assert b.stake == 16 and not b.closed and b.waiting == (1, 3)


def test_every_refusal_is_a_value_error_with_the_reason():
    with pytest.raises(ValueError, match="An opening bid is at least 2."):
        mus_round().make_bid(3, 1)
    with pytest.raises(ValueError, match="There is no bid to answer."):
        mus_round().see(3)
    with pytest.raises(ValueError, match="There is a bid to answer: see it or fold."):
        mus_round().make_bid(3, 2).pass_(2)


def test_the_record_keeps_every_call_in_order():
    b = mus_round().pass_(3).make_bid(2, 3).fold(1).see(3)
    assert [(c.seat, c.word, c.stake) for c in b.calls] == [
        (3, "pass", None), (2, "bid", 3), (1, "fold", None), (3, "see", None)]
