"""Truc: one test per rule clause of seed 003 (and the standard tie rule as an option)."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot

from helpers import deck_for_hands, play

SOUTH, WEST, NORTH, EAST = range(4)


def dealt(hands, seed=0, cut="cut", **options):
    """A game (seed 0: South deals, East is eldest) with these three-card hands (South, West, North, East)."""
    game = parlour.load("truc", **options)
    state = game.new(seed, deck_for_hands(game, seed, hands))
    assert state.dealer == SOUTH
    if cut:
        state.apply(cut)
    return state


HANDS = [["4O", "5O", "6O"], ["4C", "5C", "6C"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]]


def test_the_game_is_registered_for_four_with_the_spanish_pack():
    assert parlour.registry.spec("truc").info.players == (4,)
    state = parlour.load("truc").new(0)
    assert state.pack is C.SPANISH_40


def test_the_player_on_the_dealers_left_cuts_or_taps():
    state = parlour.load("truc").new(0)
    assert state.dealer == SOUTH
    assert state.phase == "cut" and state.to_move() == WEST      # the dealer's left
    assert state.legal_actions() == ["cut", "tap"]
    assert [C.count(h) for h in state.hands] == [0, 0, 0, 0]


def test_a_cut_pack_deals_three_cards_each():
    state = parlour.load("truc").new(0)
    state.apply("cut")
    assert [C.count(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.stock) == 28


def test_a_refused_cut_lets_the_dealer_deal_one_card_each():
    state = parlour.load("truc").new(0)
    state.apply("tap")
    assert state.phase == "deal" and state.to_move() == SOUTH
    assert state.legal_actions() == ["deal:3", "deal:1"]
    state.apply("deal:1")
    assert [C.count(h) for h in state.hands] == [1, 1, 1, 1]
    state = parlour.load("truc").new(0)
    play(state, "tap", "deal:3")
    assert [C.count(h) for h in state.hands] == [3, 3, 3, 3]


def test_play_goes_to_the_right_starting_with_the_dealers_right():
    state = dealt(HANDS)
    assert state.to_move() == EAST
    order = []
    for _ in range(4):
        order.append(state.to_move())
        state.apply(next(a for a in state.legal_actions() if a[0].isdigit()))
    assert order == [EAST, NORTH, WEST, SOUTH]


def test_the_deal_passes_to_the_right():
    state = dealt(HANDS)
    play(state, "truc", "reject")              # East's truc rejected: the hand ends
    assert state.hand_no == 2
    assert state.dealer == EAST                # South's right


def test_nobody_has_to_follow_suit():
    state = dealt(HANDS)
    play(state, "3O")
    assert state.why_illegal("4E") is None and state.why_illegal("5E") is None
    assert set(a for a in state.legal_actions() if a[0].isdigit()) == {"4E", "5E", "6E"}


def test_cards_rank_3_2_ace_rey_caballo_sota_7_6_5_4_whatever_the_suit():
    order = ["4O", "5C", "6E", "7B", "10O", "11C", "12E", "1B", "2O", "3C"]
    for low, high in zip(order, order[1:]):
        state = dealt([["4E"], ["4C"], [low], [high]], cut=None)
        play(state, "tap", "deal:1", high, low, "4C", "4E")
        assert state.hand_results[-1]["tricks"] == [1], f"{high} should beat {low}"


def test_equal_best_cards_of_opponents_draw_the_trick_and_the_leader_leads_again():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["3E", "5E", "6E"], ["3O", "7B", "7C"]])
    play(state, "3O", "3E", "4C", "4O")        # East and North tie with threes
    assert state.drawn_tricks == 1 and state.results == [None]
    assert state.to_move() == EAST             # the leader of the drawn trick leads again
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_equal_best_cards_of_partners_win_the_trick_for_their_side():
    state = dealt([["3E", "4B", "5B"], ["4C", "6B", "7O"], ["5E", "6E", "7E"], ["3O", "7B", "7C"]])
    play(state, "3O", "5E", "4C", "3E")        # East and South, opponents, tie with threes
    assert state.results == [None]
    state = dealt([["4O", "4B", "5B"], ["3E", "6B", "7O"], ["5E", "6E", "7E"], ["3O", "7B", "7C"]])
    play(state, "3O", "5E", "3E", "4O")        # East and West, partners, tie
    assert state.results == [1] and state.drawn_tricks == 0


def test_a_hand_stops_once_one_side_has_two_tricks():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    play(state, "3O", "4E", "4C", "4O")        # East
    play(state, "3C", "5E", "6B", "4B")        # East again: the hand is won
    result = state.hand_results[-1]
    assert result["tricks"] == [1, 1] and result["winner"] == 1 and result["points"] == 1
    assert state.hand_no == 2                  # the third trick is never played


def test_a_hand_stops_when_a_draw_and_a_win_decide_it():
    # Drawn first trick, then West & East (the dealer's opponents) win the second.
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["3E", "5E", "6E"], ["3O", "2C", "7B"]])
    play(state, "3O", "3E", "4C", "4O")
    play(state, "2C", "5E", "6B", "4B")
    assert state.hand_results[-1]["tricks"] == [None, 1]
    assert state.hand_results[-1]["winner"] == 1 and state.hand_no == 2


def test_level_tricks_go_to_the_dealers_opponents():
    # Draw, South & North (the dealer's side) win, West & East win: level.
    hands = [["4O", "4B", "1B"], ["4C", "6B", "7O"], ["3E", "2E", "6E"], ["3O", "5C", "2B"]]
    state = dealt(hands)
    play(state, "3O", "3E", "4C", "4O")        # drawn
    play(state, "5C", "2E", "6B", "4B")        # North wins for South & North
    assert state.hand_no == 1                  # not decided yet
    play(state, "6E", "7O", "1B", "2B")        # East wins
    result = state.hand_results[-1]
    assert result["tricks"] == [None, 0, 1]
    assert result["winner"] == 1               # West & East, the dealer's opponents


def test_three_drawn_tricks_go_to_the_dealers_opponents():
    hands = [["4O", "5O", "6O"], ["4C", "5C", "6C"], ["3E", "2E", "1E"], ["3O", "2O", "1O"]]
    state = dealt(hands)
    play(state, "3O", "3E", "4C", "4O", "2O", "2E", "5C", "5O", "1O", "1E", "6C", "6O")
    assert state.hand_results[-1]["tricks"] == [None, None, None]
    assert state.hand_results[-1]["winner"] == 1


def test_standard_option_level_tricks_go_to_the_first_winner():
    hands = [["4O", "4B", "1B"], ["4C", "6B", "7O"], ["3E", "2E", "6E"], ["3O", "5C", "2B"]]
    state = dealt(hands, drawn="first-won")
    play(state, "3O", "3E", "4C", "4O")        # drawn
    play(state, "5C", "2E", "6B", "4B")        # North wins: with the standard rule this decides
    result = state.hand_results[-1]
    assert result["tricks"] == [None, 0] and result["winner"] == 0


def test_a_one_card_hand_that_is_drawn_goes_to_the_dealers_opponents():
    game = parlour.load("truc")
    state = game.new(0, deck_for_hands(game, 0, [["4O"], ["5O"], ["3E"], ["3O"]]))
    play(state, "tap", "deal:1", "3O", "3E", "5O", "4O")
    assert state.hand_results[-1]["size"] == 1
    assert state.hand_results[-1]["winner"] == 1


# -- raising the stakes

def test_truc_accepted_makes_the_hand_worth_two():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    assert "truc" in state.legal_actions()
    play(state, "truc")
    assert state.phase == "answer" and state.to_move() == NORTH   # the next player answers
    assert state.legal_actions() == ["accept", "reject"]
    play(state, "accept")
    assert state.to_move() == EAST and state.stake == 2        # the caller still plays
    play(state, "3O", "4E", "4C", "4O", "3C", "5E", "6B", "4B")
    assert state.hand_results[-1]["points"] == 2
    assert state.sheet.totals == [0, 2]


def test_a_rejected_truc_ends_the_hand_and_the_caller_scores_the_old_stake():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    play(state, "3O", "truc", "reject")        # North calls, West rejects
    result = state.hand_results[-1]
    assert result["winner"] == 0 and result["points"] == 1 and result["how"] == "truc rejected"
    assert state.sheet.totals == [1, 0] and state.hand_no == 2


def test_truc_is_called_once_a_hand_and_may_come_in_a_later_trick():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    play(state, "3O", "4E", "4C", "4O")        # first trick without a raise
    play(state, "truc", "accept")              # East, in the second trick
    assert state.why_illegal("truc") == "Truc has already been called this hand."


def test_retruc_needs_an_accepted_truc_and_comes_from_the_other_side():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    assert state.why_illegal("retruc") == "Retruc can only answer a truc that has been accepted."
    play(state, "truc", "accept", "3O")        # East calls, North accepts, East plays
    assert state.to_move() == NORTH
    assert "retruc" in state.legal_actions()
    play(state, "4E")
    assert state.to_move() == WEST
    assert state.why_illegal("retruc") == "Only the side that accepted the truc may raise to retruc."
    play(state, "4C", "retruc")                # South retrucs
    assert state.to_move() == EAST
    play(state, "accept")
    assert state.stake == 3
    assert state.why_illegal("retruc") == "The stake is already at its highest, 3 points."


def test_a_rejected_retruc_gives_the_raisers_two():
    state = dealt([["4O", "4B", "5B"], ["4C", "6B", "7O"], ["4E", "5E", "6E"], ["3O", "3C", "7B"]])
    play(state, "truc", "accept", "3O", "retruc", "reject")   # North retrucs, West rejects
    assert state.hand_results[-1]["winner"] == 0 and state.hand_results[-1]["points"] == 2


# -- eleven

def at_score(totals, seed=0, **options):
    """A game whose next hand starts with these totals."""
    game = parlour.load("truc", **options)
    state = game.new(seed)
    state.sheet.totals = list(totals)
    state.start_hand()
    return state


def test_on_eleven_a_full_hand_is_dealt_without_a_cut_and_that_side_decides():
    state = at_score([11, 5])
    assert [C.count(h) for h in state.hands] == [3, 3, 3, 3]
    assert state.phase == "eleven"
    assert state.team(state.to_move()) == 0
    assert state.legal_actions() == ["play", "fold"]


def test_the_side_on_eleven_sees_both_partners_cards():
    state = at_score([11, 5])
    me = state.to_move()
    partner = (me + 2) % 4
    view = state.view(me)
    assert view["seats"][partner]["hand"] is not None and view["seats"][partner]["face_up"]
    assert view["seats"][(me + 1) % 4]["hand"] is None
    assert state.view((me + 1) % 4)["seats"][me]["hand"] is None


def test_playing_on_eleven_makes_the_hand_worth_three_with_no_raises():
    state = at_score([5, 11])
    play(state, "play")
    assert state.stake == 3 and state.phase == "play"
    assert "truc" not in state.legal_actions()
    assert state.why_illegal("truc") == "At eleven the hand is already worth 3: there are no raises."


def test_declining_on_eleven_gives_the_other_side_one_point():
    state = at_score([11, 5])
    play(state, "fold")
    assert state.sheet.totals == [11, 6]


def test_both_sides_on_eleven_play_as_usual_and_the_winner_takes_the_game():
    state = at_score([11, 11])
    assert state.phase == "play" and state.stake == 1
    assert "truc" in state.legal_actions()
    bots = [make_bot(state.game, "rule", s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    assert max(state.sheet.totals) >= 12 and min(state.sheet.totals) == 11
    assert state.hand_no == 2


def test_the_first_side_to_twelve_wins():
    state = dealt([["3O", "3C", "7B"], ["4C", "5C", "6C"], ["4E", "5E", "6E"], ["4O", "4B", "5B"]])
    state.sheet.totals = [10, 3]
    play(state, "truc", "accept", "4O", "4E", "4C", "3O")
    assert not state.is_over
    play(state, "3C", "4B", "5E", "5C")        # South & North take the hand for 2: 12
    assert state.is_over and state.sheet.totals == [12, 3]
    assert set(state.outcome.winners) == {SOUTH, NORTH}


# -- whole games

@pytest.mark.parametrize("options", [{}, {"drawn": "first-won"}])
def test_random_games_conserve_cards_and_score_one_side_per_hand(options):
    game = parlour.load("truc", **options)
    for seed in range(15):
        state = game.new(seed)
        bots = [RandomBot(seed * 5 + s) for s in range(4)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            state.apply(bots[state.to_move()].choose(state))
        assert sum(r["points"] for r in state.hand_results) == sum(state.sheet.totals)
        for row in state.sheet.rows:
            points = row[1]
            assert sorted(points)[0] == 0 and max(points) in (1, 2, 3)
        assert max(state.sheet.totals) >= 12 and min(state.sheet.totals) < 12
        for result in state.hand_results:
            assert result["tricks"].count(0) <= 2 and result["tricks"].count(1) <= 2


def test_a_52_card_pack_without_its_8s_9s_and_10s_ranks_3_2_A_K_Q_J_7_6_5_4():
    state = parlour.load("truc", pack="french").new(0)
    assert len(state.pack) == 40 and state.pack.find("10C") is None and state.pack.find("9D") is None
    order = [state.rules.order(state.pack.card(code)) for code in
             ("3H", "2C", "AS", "KD", "QH", "JC", "7S", "6D", "5H", "4C")]
    assert order == sorted(order, reverse=True) and len(set(order)) == 10
    bots = [make_bot(state.game, "rule", s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
