"""Euchridge: the Carrillo family's three-player Euchre with a dummy (seed 000), one test per rule."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot

from helpers import hand_codes
from test_euchre import check_cards, euchre_deck, play

SOUTH, WEST, NORTH, DUMMY = range(4)
#: Seed 7 makes South the first dealer: West (the dealer's left) speaks first.
SEED = 7

# Hearts are turned up (9♥).  The dummy gets the fourth hand.
HANDS = {
    WEST: ["AH", "KS", "QS", "9C", "10C"],
    NORTH: ["JD", "AD", "KD", "JC", "9S"],
    SOUTH: ["AC", "KC", "QC", "9D", "10D"],
    DUMMY: ["QH", "10H", "AS", "10S", "QD"],
}
UPCARD = "9H"


def new_game(hands=HANDS, upcard=UPCARD, seed=SEED, **options):
    game = parlour.load("euchridge", **options)
    return game.new(seed, euchre_deck(game, seed, hands, upcard))


def test_euchridge_is_registered_for_three_players_and_a_dummy_seat():
    game = parlour.load("euchridge")
    assert game.num_players == 3 and game.options == {"target": 11, "all_pass": "redeal",
                                                       "upcard_discard": "forbidden", "dummy_seat": "opposite"}
    state = new_game()
    assert state.dealer == SOUTH
    assert state.table_size == 4 and state.names == ["South", "West", "North", "Dummy"]
    assert state.sheet.columns == ["South", "West", "North"]     # each plays for themselves


def test_the_dummy_is_dealt_as_a_fourth_hand_three_then_two():
    game = parlour.load("euchridge")
    deck = [C.code(c) for c in C.FRENCH_24.cards]
    state = game.new(SEED, deck)
    # West, North, South (the dealer), then the dummy: three each, then two each.
    expected = {WEST: deck[0:3] + deck[12:14], NORTH: deck[3:6] + deck[14:16],
                SOUTH: deck[6:9] + deck[16:18], DUMMY: deck[9:12] + deck[18:20]}
    for seat, codes in expected.items():
        assert hand_codes(state, seat) == set(codes)
    assert C.code(state.upcard) == deck[20] and len(state.stock) == 3
    check_cards(state)


def test_only_the_three_players_make_trumps_and_the_dummy_never_speaks():
    state = new_game()
    movers = []
    for _ in range(3):
        movers.append(state.to_move())
        play(state, "pass")
    assert movers == [WEST, NORTH, SOUTH]
    assert state.phase == "name" and state.to_move() == WEST     # three passes end round one
    assert state.turned_down == C.HEARTS
    assert state.why_illegal("trump:H") == "Hearts were turned down this hand: name one of the other three suits."


def test_nobody_goes_alone_in_euchridge():
    state = new_game()
    assert state.legal_actions() == ["pass", "order"]
    assert state.why_illegal("alone") == "Nobody goes alone in this game: the maker plays the dummy."
    play(state, "pass", "pass", "pass")
    assert not any(a.startswith("alone") for a in state.legal_actions())


def test_the_dealer_picks_up_and_discards():
    state = new_game()
    play(state, "order")
    assert state.phase == "discard" and state.to_move() == SOUTH
    play(state, "9D")
    assert hand_codes(state, SOUTH) == {"AC", "KC", "QC", "10D", "9H"}
    check_cards(state)


def test_the_maker_plays_the_dummy_and_the_makers_left_leads():
    state = new_game()
    play(state, "order", "9D")               # West makes hearts; the dummy is West's
    assert state.maker == WEST and state.controller(DUMMY) == WEST
    assert state.to_move() == NORTH           # the player on the maker's left leads


def test_the_dummy_is_revealed_after_the_lead_and_placed_to_the_leaders_left():
    state = new_game()
    play(state, "order", "9D")
    assert state.view(SOUTH)["seats"][DUMMY]["hand"] is None       # still face down
    assert state.view(WEST)["seats"][DUMMY]["hand"] is None        # even to the maker
    play(state, "AD")                                              # North leads
    assert state.view(SOUTH)["seats"][DUMMY]["hand"] is not None
    assert state.view(SOUTH)["seats"][DUMMY]["face_up"] is True
    assert any("dummy is laid face up at North's left, opposite West" in line for line in state.narrative())
    # order round the table: North, then the dummy at North's left (opposite West), South, West
    assert state.turn == DUMMY and state.to_move() == WEST
    assert state.view(WEST)["controls"] == [WEST, DUMMY]
    assert "controls" not in state.view(SOUTH)
    assert state.why_illegal("AS") == "You must follow diamonds."
    play(state, "QD")
    assert state.to_move() == SOUTH
    play(state, "10D")
    assert state.to_move() == WEST and state.turn == WEST
    play(state, "9C")
    assert state.tricks_won[NORTH] == 1 and state.to_move() == NORTH


def test_dummy_seat_option_places_the_dummy_at_the_makers_left():
    state = new_game(dummy_seat="maker-left")
    play(state, "order", "9D", "AD")                               # West makes hearts, North leads
    assert any("dummy is laid face up at West's left" in line for line in state.narrative())
    # order round the table: North, South, West, then West's dummy at West's left
    assert state.to_move() == SOUTH
    play(state, "10D")
    assert state.to_move() == WEST and state.turn == WEST
    play(state, "9C")
    assert state.turn == DUMMY and state.to_move() == WEST
    play(state, "QD")
    assert state.tricks_won[NORTH] == 1 and state.to_move() == NORTH


def test_bowers_and_following_are_euchres():
    state = new_game()
    play(state, "order", "9D", "JD")         # North leads the left bower: a trump
    assert state.turn == DUMMY and state.why_illegal("QD") == "You must follow hearts."
    play(state, "QH")
    assert state.why_illegal("10D") == "You must follow hearts."
    assert state.legal_actions() == ["9H"]


def test_all_passing_twice_the_next_player_deals_never_the_dummy():
    state = new_game()
    play(state, *["pass"] * 6)
    assert state.hand_no == 2 and state.dealer == WEST and state.sheet.rows == []
    play(state, *["pass"] * 6)
    assert state.dealer == NORTH
    play(state, *["pass"] * 6)
    assert state.dealer == SOUTH


def test_stick_the_dealer_option():
    state = new_game(all_pass="stick")
    play(state, *["pass"] * 5)
    assert state.to_move() == SOUTH and "pass" not in state.legal_actions()


def score_after(state, tricks):
    state.tricks_won = list(tricks)
    state.hand_done()
    return state.sheet.rows[-1][1]


def made(tricks, totals=None, **options):
    state = new_game(**options)
    play(state, "order", "9D")               # West is the maker
    if totals is not None:
        state.sheet.totals = list(totals)
    return state, score_after(state, tricks)


def test_maker_and_dummy_count_their_tricks_together():
    assert made([1, 1, 1, 2])[1] == [0, 1, 0]    # West 1 + dummy 2 = 3 tricks: 1 point
    assert made([0, 2, 1, 2])[1] == [0, 1, 0]    # 4 tricks: 1 point


def test_after_a_scored_hand_the_player_on_the_left_deals():
    state, _ = made([1, 1, 1, 2])
    assert state.hand_no == 2 and state.dealer == WEST and state.to_move() == NORTH


def test_a_march_scores_two_for_the_maker():
    state, row = made([0, 3, 0, 2])
    assert row == [0, 2, 0]
    assert any("West and the dummy take all five tricks: a march, 2 points." in line
               for line in state.narrative())


def test_a_euchre_gives_each_opponent_two():
    state, row = made([2, 1, 1, 1])
    assert row == [2, 0, 2]
    assert any("euchred: South and North score 2 each." in line for line in state.narrative())


def test_first_player_to_eleven_wins():
    state, _ = made([0, 2, 1, 2], totals=[9, 9, 9])
    assert not state.is_over
    state, _ = made([0, 3, 0, 2], totals=[9, 9, 9])
    assert state.is_over and state.outcome.winners == (WEST,)
    assert state.outcome.text == "West wins with 11 points."


def test_opponents_reaching_eleven_together_higher_wins_equal_share():
    state, _ = made([2, 1, 1, 1], totals=[10, 0, 9])
    assert state.outcome.winners == (SOUTH,)
    state, _ = made([2, 1, 1, 1], totals=[9, 0, 9])
    assert state.outcome.winners == (SOUTH, NORTH)
    assert state.outcome.text == "A tie: South and North win with 11 points."


def test_target_ten_option():
    state, _ = made([0, 3, 0, 2], totals=[0, 8, 0], target=10)
    assert state.is_over and state.outcome.winners == (WEST,)


@pytest.mark.parametrize("options", [{}, {"all_pass": "stick"}])
def test_seeded_random_games_keep_cards_tricks_and_points(options):
    game = parlour.load("euchridge", **options)
    for seed in range(6):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) if s == seed % 3 else make_bot(game, "rule", s) for s in range(3)]
        while not state.is_over:
            check_cards(state)
            assert state.to_move() in (0, 1, 2)
            if state.phase != "play":
                assert state.turn != DUMMY
            else:
                done = len(state.tricks_played)
                for s in range(4):
                    in_trick = any(seat == s for seat, _ in state.trick.plays)
                    assert C.count(state.hands[s]) == 5 - done - in_trick
            rows, tricks, maker = len(state.sheet.rows), sum(state.tricks_won), state.maker
            state.apply(bots[state.to_move()].choose(state))
            if len(state.sheet.rows) > rows:
                assert tricks + 1 == 5, "five tricks a hand"
                row = state.sheet.rows[-1][1]
                if row[maker]:
                    assert row[maker] in (1, 2) and sum(row) == row[maker]
                else:
                    assert sorted(row) == [0, 2, 2] and row[maker] == 0
        check_cards(state)
        assert 11 <= max(state.sheet.totals) <= 12
