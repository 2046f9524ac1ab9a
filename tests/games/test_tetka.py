"""Tëtka (seed 004): one test per rule clause, the seed's examples, and random games."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, explain, make_bot
from parlour.rulebook.tetka import most_tricks_losers, tetka_of, trick_number
from parlour.tricks import Trick

from helpers import deck_for_hands, hand_codes, play, suit_hand

SOUTH, WEST, NORTH, EAST = range(4)


def mask(pack, codes):
    return C.mask_of(pack.card(c) for c in codes)


def position(hands, bum, tricks_done=0, tricks_won=(0, 0, 0, 0), leader=SOUTH, **options):
    """A Tëtka hand at trick ``tricks_done + 1`` with these hands and this bum card.

    ``tricks_won`` sets how many tricks each seat already holds (for the most-tricks point).
    """
    state = parlour.load("tetka", **options).new(0)
    pack = state.pack
    state.hands = [mask(pack, h) for h in hands]
    state.won = [0, 0, 0, 0]
    state.bum = pack.card(bum)
    state.tetka = tetka_of(state.bum)
    state.unlucky = trick_number(state.bum)
    state.tricks_played = [Trick(leader=leader) for _ in range(tricks_done)]
    state.tricks_won = list(tricks_won)
    state.start_play(leader)
    return state


def last_row(state):
    return [int(v) for v in state.sheet.rows[-1][1]]


# --- the game and the deal ----------------------------------------------------------

def test_tetka_is_registered_for_four_players():
    game = parlour.load("tetka")
    assert game.num_players == 4 and game.info.name == "Tëtka"
    assert game.options == {"orbits": 1}


def one_suit_each(game, seed):
    """Each seat holds a whole suit; the dealer's last card (the bum card) is the 5 of its suit."""
    probe = game.new(seed)
    hands = [None] * 4
    suits = "CDHS"
    for i, seat in enumerate(probe.seats_from(probe.next_seat(probe.dealer))):
        hand = suit_hand(suits[i], "A K Q J 10 9 8 7 6 4 3 2 5")
        hands[seat] = hand
    return game.new(seed, deck_for_hands(game, seed, hands)), probe.dealer


def test_thirteen_cards_each_and_the_last_card_dealt_is_the_dealers_bum_card():
    game = parlour.load("tetka")
    state, dealer = one_suit_each(game, 5)
    assert [C.count(h) for h in state.hands] == [13] * 4
    assert C.code(state.bum) == "5S"  # the dealer is the fourth seat dealt to: spades
    assert "5S" in hand_codes(state, dealer)
    assert state.names[dealer] in state.log[0].text and "5♠" in state.log[0].text


def test_the_bum_card_is_shown_to_every_player():
    game = parlour.load("tetka")
    state, dealer = one_suit_each(game, 5)
    for player in range(4):
        view = state.view(player)
        assert view["centre"][0]["cards"] == ["5S"]
        if player != dealer:
            assert view["seats"][dealer]["hand"] is None


def test_the_player_left_of_the_dealer_leads_first():
    game = parlour.load("tetka")
    for seed in range(4):
        state = game.new(seed)
        assert state.to_move() == state.next_seat(state.dealer)


def test_suit_must_be_followed():
    state = position([["2C", "AD"], ["3C", "KH"], ["4D", "5D"], ["6H", "7H"]], "9S")
    play(state, "2C")
    assert state.why_illegal("KH") == "You must follow clubs."
    assert state.legal_actions() == ["3C"]
    play(state, "3C")
    assert state.why_illegal("4D") is None  # North has no clubs: anything goes


def test_no_trumps_the_highest_card_of_the_suit_led_wins():
    # The bum card's suit is not a trump: North's A♠ (bum suit) does not beat the 3♣.
    state = position([["2C", "AD"], ["3C", "KH"], ["AS", "5D"], ["6H", "7H"]], "9S",
                     tricks_done=3)
    play(state, "2C", "3C", "AS", "6H")
    assert state.tricks_won[WEST] == 1
    assert state.to_move() == WEST


# --- penalties -----------------------------------------------------------------------

def test_taking_the_bum_card_costs_one_point():
    state = position([["2C"], ["3D"], ["7C"], ["9C"]], "7C", tricks_done=4, tricks_won=(0, 4, 0, 0))
    play(state, "2C", "3D", "7C", "9C")
    assert last_row(state) == [0, 1, 0, 1]  # East: the bum card; West: most tricks


def test_taking_tetka_the_queen_of_the_bum_suit_costs_two():
    state = position([["2C"], ["QC"], ["3D"], ["4D"]], "7C", tricks_done=4, tricks_won=(0, 0, 4, 0))
    play(state, "2C", "QC", "3D", "4D")
    assert last_row(state) == [0, 2, 1, 0]


def test_every_other_queen_costs_one():
    state = position([["2H"], ["QH"], ["QS"], ["QD"]], "7C", tricks_done=4, tricks_won=(0, 0, 4, 0))
    play(state, "2H", "QH", "QS", "QD")
    assert last_row(state) == [0, 3, 1, 0]


def test_a_queen_as_bum_card_is_also_tetka_and_costs_three():
    state = position([["2C"], ["QC"], ["3D"], ["4D"]], "QC", tricks_done=4, tricks_won=(0, 0, 4, 0))
    play(state, "2C", "QC", "3D", "4D")
    assert last_row(state) == [0, 3, 1, 0]


@pytest.mark.parametrize("bum,number", [("AC", 1), ("2D", 2), ("7H", 7), ("10S", 10),
                                        ("JC", 11), ("QD", 12), ("KH", 13)])
def test_the_bum_cards_rank_numbers_the_costly_trick(bum, number):
    assert trick_number(parlour.load("tetka").new(0).pack.card(bum)) == number


@pytest.mark.parametrize("tricks_done,points", [(5, 0), (6, 1), (7, 0)])
def test_winning_the_trick_numbered_by_the_bum_card_costs_one(tricks_done, points):
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "7C", tricks_done=tricks_done,
                     tricks_won=(0, 0, 4, 0))
    play(state, "2D", "3D", "4D", "5D")  # East wins trick tricks_done + 1
    assert last_row(state) == [0, 0, 1, points]


def test_an_ace_bum_card_makes_the_first_trick_costly():
    state = position([["2D", "9C"], ["3D", "9H"], ["4D", "9S"], ["5D", "8S"]], "AC")
    play(state, "2D", "3D", "4D", "5D")
    assert state.trick_points == [0, 0, 0, 1]


def test_winning_the_last_trick_costs_one():
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "7C", tricks_done=12, tricks_won=(0, 0, 4, 0))
    play(state, "2D", "3D", "4D", "5D")
    assert last_row(state) == [0, 0, 1, 1]


def test_with_a_king_bum_card_the_last_trick_costs_two():
    """The seed's example: a king names the thirteenth trick, which is also the last."""
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "KC", tricks_done=12, tricks_won=(0, 0, 4, 0))
    play(state, "2D", "3D", "4D", "5D")
    assert last_row(state) == [0, 0, 1, 2]


def test_the_seeds_example_a_club_bum_card_makes_the_queen_of_clubs_tetka():
    pack = parlour.load("tetka").new(0).pack
    for bum in ("2C", "9C", "AC", "KC"):
        assert C.code(tetka_of(pack.card(bum))) == "QC"
    assert C.code(tetka_of(pack.card("5H"))) == "QH"


def test_most_tricks_costs_one():
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "7C", tricks_done=4, tricks_won=(0, 0, 4, 0))
    play(state, "2D", "3D", "4D", "5D")
    assert last_row(state)[NORTH] == 1


def won_masks(pack, piles):
    return [mask(pack, p) for p in piles]


def test_a_tie_for_most_tricks_goes_to_more_cards_of_the_bum_suit():
    pack = parlour.load("tetka").new(0).pack
    won = won_masks(pack, [["2C", "3C", "AH"], ["4C", "5C", "6C"], ["AC"], []])
    assert most_tricks_losers([4, 4, 3, 2], won, pack.card("9C")) == [WEST]


def test_then_to_the_highest_card_of_the_bum_suit():
    pack = parlour.load("tetka").new(0).pack
    won = won_masks(pack, [["2C", "AC"], ["KC", "3C"], ["QC"], []])
    assert most_tricks_losers([4, 4, 3, 2], won, pack.card("9C")) == [SOUTH]
    # Only tied players count: North's queen does not matter, nor does a non-tied player's ace.
    won = won_masks(pack, [["2C"], ["3C"], ["AC", "KC"], []])
    assert most_tricks_losers([5, 5, 2, 1], won, pack.card("9C")) == [WEST]


def test_tied_players_with_no_card_of_the_bum_suit_each_pay():
    pack = parlour.load("tetka").new(0).pack
    won = won_masks(pack, [["2H"], ["3H"], ["AC"], []])
    assert most_tricks_losers([5, 5, 2, 1], won, pack.card("9C")) == [SOUTH, WEST]
    assert most_tricks_losers([3, 6, 2, 2], won, pack.card("9C")) == [WEST]


def test_most_tricks_tie_break_is_applied_when_the_hand_is_scored():
    # South and North tie on 4 tricks; South's pile will hold more clubs (the bum suit).
    state = position([["2C"], ["3C"], ["4D"], ["5D"]], "9C", tricks_done=7, tricks_won=(3, 0, 4, 0))
    state.won[SOUTH] = mask(state.pack, ["6C", "7C"])
    state.won[NORTH] = mask(state.pack, ["8C"])
    play(state, "2C", "3C", "4D", "5D")  # West takes the trick: South 3, North 4, West 1
    assert last_row(state) == [0, 0, 1, 0]
    state = position([["AC"], ["3C"], ["4D"], ["5D"]], "9C", tricks_done=7, tricks_won=(3, 0, 4, 0))
    state.won[SOUTH] = mask(state.pack, ["6C", "7C"])
    state.won[NORTH] = mask(state.pack, ["8C"])
    play(state, "AC", "3C", "4D", "5D")  # South takes it: South and North tie on 4, South has more clubs
    assert last_row(state) == [1, 0, 0, 0]


def test_one_player_taking_every_trick_pays_all_nine_points():
    game = parlour.load("tetka")
    state, dealer = one_suit_each(game, 5)
    eldest = state.next_seat(dealer)
    while state.hand_no == 1:
        seat = state.to_move()
        legal = state.legal_actions()
        state.apply(legal[-1] if seat == eldest else legal[0])
    row = [int(v) for v in state.sheet.rows[0][1]]
    assert row[eldest] == 9 and sum(row) == 9


# --- the game --------------------------------------------------------------------------

def play_game(game, seed, kind="random"):
    state = game.new(seed)
    bots = [RandomBot(seed * 10 + s) if kind == "random" else make_bot(game, kind, s) for s in range(4)]
    dealers = []
    while not state.is_over:
        if not dealers or state.hand_no > len(dealers):
            dealers.append(state.dealer)
        state.apply(bots[state.to_move()].choose(state))
    return state, dealers


def test_the_deal_passes_left_and_the_game_is_four_hands():
    state, dealers = play_game(parlour.load("tetka"), 2)
    assert len(state.sheet.rows) == 4 and len(dealers) == 4
    assert all(dealers[i + 1] == state.next_seat(dealers[i]) for i in range(3))
    assert sorted(dealers) == [0, 1, 2, 3]  # everyone deals once


def test_more_orbits_make_a_longer_game():
    state, dealers = play_game(parlour.load("tetka", orbits=2), 3)
    assert len(state.sheet.rows) == 8
    assert dealers[4:] == dealers[:4]


def test_the_lowest_total_wins_and_a_tie_shares_the_win():
    state, _ = play_game(parlour.load("tetka"), 4, kind="rule")
    totals = state.sheet.totals
    assert set(state.outcome.winners) == {s for s in range(4) if totals[s] == min(totals)}
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "7C", tricks_done=12, tricks_won=(0, 0, 4, 0))
    state.hand_no = 4
    state.sheet.totals = [5, 9, 4, 3]
    play(state, "2D", "3D", "4D", "5D")  # North +1 (most tricks), East +1 (last trick)
    assert state.sheet.totals == [5, 9, 5, 4]
    assert state.is_over and state.outcome.winners == (EAST,)
    state = position([["2D"], ["3D"], ["4D"], ["5D"]], "7C", tricks_done=12, tricks_won=(0, 0, 4, 0))
    state.hand_no = 4
    state.sheet.totals = [5, 9, 4, 4]
    play(state, "2D", "3D", "4D", "5D")
    assert state.sheet.totals == [5, 9, 5, 5]
    assert state.outcome.winners == (SOUTH, NORTH, EAST) and state.outcome.text.startswith("A tie")


def test_random_games_keep_the_points_and_tricks_straight():
    game = parlour.load("tetka")
    for seed in range(6):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        totals = [0] * 4
        while not state.is_over:
            rows = len(state.sheet.rows)
            hand_no = state.hand_no
            state.apply(bots[state.to_move()].choose(state))
            if len(state.sheet.rows) > rows:
                row = [int(v) for v in state.sheet.rows[-1][1]]
                assert all(v >= 0 for v in row)
                tricks, won, bum = state.last_hand
                assert sum(tricks) == 13
                best = max(tricks)
                tied = [s for s in range(4) if tricks[s] == best]
                extra = len(most_tricks_losers(tricks, won, bum)) - 1
                assert extra == 0 or len(tied) > 1
                assert sum(row) == 9 + extra
                totals = [t + v for t, v in zip(totals, row)]
                assert state.sheet.totals == totals
                assert sorted(state.all_cards()) == sorted(state.pack.cards)
                assert state.is_over or state.hand_no == hand_no + 1


def test_the_rule_bot_says_why_it_unloads_tetka_and_ducks():
    state = position([["5H", "9C"], ["QS", "2D"], ["KH", "4H"], ["3H", "AH"]], bum="7S")
    play(state, "5H")
    bot = make_bot(state.game, "rule")
    assert explain(bot, state) == ("QS", "has no hearts, so unloads Tëtka, the Q♠, which costs 2 points to "
                                         "whoever takes it")
    play(state, "QS")
    assert explain(bot, state) == ("4H", "ducks under the 5♥ with the 4♥, its highest card that loses the trick")
