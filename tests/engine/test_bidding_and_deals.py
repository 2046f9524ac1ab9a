"""The shared pieces of bidding trick games: hand-size schedules, the turned-up card, number bids."""

import pytest

import parlour
from parlour import cards as C
from parlour.bidding import NumberBidding, bid_number
from parlour.deals import HandSizes, TurnUp
from parlour.scoring import FixedDeals
from parlour.stock import StockDraw


def test_a_schedule_runs_down_up_or_one_way_then_the_other():
    assert HandSizes.named("down", 4).sizes == (4, 3, 2, 1)
    assert HandSizes.named("up", 4, bottom=2).sizes == (2, 3, 4)
    assert HandSizes.named("up-and-down", 3).sizes == (1, 2, 3, 3, 2, 1)
    assert HandSizes.named("down-and-up", 3).sizes == (3, 2, 1, 1, 2, 3)
    assert (HandSizes.down(2) + HandSizes.up(2)).sizes == (2, 1, 1, 2)


def test_a_schedule_gives_the_matchs_deals_and_each_hands_names():
    sizes = HandSizes.named("down", 10)
    assert len(sizes) == 10 and sizes.match_end() == FixedDeals(10)
    assert sizes.size(3) == 8
    assert sizes.heading(3) == "Hand 3 of 10"
    assert sizes.label(3) == "Hand 3 (8 cards)" and sizes.label(10) == "Hand 10 (1 card)"


def test_a_schedule_refuses_a_way_it_does_not_know_and_hands_of_no_cards():
    with pytest.raises(ValueError, match="runs down, up"):
        HandSizes.named("sideways", 5)
    with pytest.raises(ValueError, match="one card or more"):
        HandSizes(())
    with pytest.raises(ValueError, match="one card or more"):
        HandSizes.named("down", 3, bottom=0)


@pytest.mark.parametrize("bid,number", [("bid:3", 3), ("bid:10", 10), ("bid:0", 0), ("bid:", None),
                                        ("bid:-1", None), ("bid:\u0663", None), ("bid: 3", None),
                                        ("pass", None), ("board", None), (None, None)])
def test_only_bid_and_plain_digits_make_a_number_bid(bid, number):
    assert bid_number(bid) == number


@pytest.mark.parametrize("game_id,options", [("back-alley", {}), ("oh-hell", {}), ("twenty-five", {}),
                                             ("briscas", {}), ("alcalde", {}), ("tute", {"players": 2}),
                                             ("euchre", {}), ("euchridge", {})])
def test_every_game_that_turns_a_card_up_keeps_it_as_the_shared_upcard_and_stock(game_id, options):
    state = parlour.load(game_id, **options).new(4)
    assert isinstance(state, TurnUp)
    assert state.upcard is not None and isinstance(state.stock, list)
    assert state.upcard in state.all_cards() and set(state.stock) <= set(state.all_cards())
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
    shown = [zone for zone in state.view(0)["centre"] if zone.get("cards") == [C.code(state.upcard)]]
    assert shown, "the turned-up card is on the table"


def test_a_stock_drawn_from_lays_the_turned_up_card_under_it():
    assert issubclass(StockDraw, TurnUp)
    state = parlour.load("briscas").new(1)
    assert state.stock_cards()[-1] == state.upcard


@pytest.mark.parametrize("game_id", ["back-alley", "oh-hell"])
def test_the_bidding_trick_games_stand_on_the_shared_number_bids(game_id):
    state = parlour.load(game_id).new(2)
    assert isinstance(state, NumberBidding) and state.phase == "bid"
    assert state.to_move() == state.next_seat(state.dealer)
    first = state.to_move()
    state.apply("bid:1")
    assert state.bids[first] == "bid:1" and state.bid_order == [first] and state.bid_of(first) == 1
    assert state.narrative()[-1] == f"{state.names[first]} bids 1."
    assert state.view(None)["seats"][first]["info"] == "bid 1"
