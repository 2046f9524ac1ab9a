"""Dummy Whist: the Carrillo family's reading of Clay's Algiers game (seed 000), one test per rule."""

from dataclasses import replace

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot
from parlour.core import Game
from parlour.rulebook.dummy_whist import DummyWhistState

from helpers import deck_for_hands, finish_hand, hand_codes, play, suit_hand

SOUTH, WEST, NORTH, DUMMY = range(4)


def dealer_of(seed, **options):
    return parlour.load("dummy-whist", **options).new(seed).dealer


#: A seed whose first dealer is South: West (left) leads, then the dummy, North, South.
SEED = next(s for s in range(100) if dealer_of(s) == SOUTH)

# Spades are trumps (South's last card).  South: twelve spades and the 2♥; the dummy: low clubs and
# diamonds; West and North share every other card.
HANDS = {
    SOUTH: ["2H"] + suit_hand("S", "A K Q J 10 9 8 7 6 5 4 3"),
    WEST: suit_hand("H", "A K Q J 10 9") + suit_hand("C", "A K Q") + suit_hand("D", "A K Q J"),
    NORTH: suit_hand("H", "8 7 6 5 4 3") + suit_hand("C", "J 10 9") + suit_hand("D", "10 9 8") + ["2S"],
    DUMMY: suit_hand("C", "8 7 6 5 4 3 2") + suit_hand("D", "7 6 5 4 3 2"),
}
ALL_TRUMPS = {
    SOUTH: suit_hand("S", "A K Q J 10 9 8 7 6 5 4 3 2"),
    WEST: suit_hand("H", "A K Q J 10 9 8") + suit_hand("C", "A K Q J 10 9"),
    NORTH: suit_hand("H", "7 6 5 4 3 2") + suit_hand("D", "A K Q J 10 9 8"),
    DUMMY: suit_hand("C", "8 7 6 5 4 3 2") + suit_hand("D", "7 6 5 4 3 2"),
}


def new_game(hands=HANDS, seed=SEED, **options):
    game = parlour.load("dummy-whist", **options)
    table = [hands[s] for s in range(4)]
    return game.new(seed, deck_for_hands(game, seed, table))


def finish_deal(state, dealer_side, defenders, before=None):
    """Pretend the deal ended with the dealer's side and the defenders taking these tricks."""
    if before is not None:
        state.sheet.totals = list(before)
    d_side, o_side = state.sides()
    state.tricks_won = [0, 0, 0, 0]
    state.tricks_won[d_side[0]] = dealer_side
    state.tricks_won[o_side[0]] = defenders
    state.hand_done()


def check_cards(state):
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_dummy_whist_is_registered_for_three_players_and_a_dummy():
    game = parlour.load("dummy-whist")
    assert game.num_players == 3 and game.options == {"form": "algiers", "target": 30}
    state = new_game()
    assert state.table_size == 4 and state.names == ["South", "West", "North", "Dummy"]
    assert state.sheet.columns == ["South", "West", "North"]


def test_thirteen_cards_to_each_hand_and_the_dealers_last_card_fixes_trumps():
    state = new_game()
    for seat in range(4):
        assert hand_codes(state, seat) == set(HANDS[seat])
    assert C.code(state.trump_card) == "3S" and state.trump == C.SPADES
    assert "3S" in hand_codes(state, SOUTH)
    check_cards(state)


def test_the_dummy_sits_opposite_the_dealer_and_the_others_are_partners():
    state = new_game()
    assert state.sides() == ((SOUTH, DUMMY), (WEST, NORTH))
    assert state.table_order() == [SOUTH, WEST, DUMMY, NORTH]
    assert "South plays the dummy opposite; West and North are partners for this deal." in state.narrative()


def test_the_dealers_left_leads_and_the_dealer_plays_the_dummy():
    state = new_game()
    assert state.to_move() == WEST
    play(state, "AH")
    assert state.turn == DUMMY and state.to_move() == SOUTH      # the dealer plays the dummy's card
    assert state.legal_actions() == sorted(state.legal_actions(), key=lambda a: state.pack.card(a))
    play(state, "2C")
    assert state.to_move() == NORTH
    play(state, "8H")
    assert state.to_move() == SOUTH and state.turn == SOUTH


def test_the_dummy_lies_face_up_for_everyone_and_the_dealer_controls_it():
    state = new_game()
    for player in (SOUTH, WEST, NORTH):
        view = state.view(player)
        assert view["seats"][DUMMY]["face_up"] and view["seats"][DUMMY]["hand"] is not None
    assert state.view(SOUTH)["controls"] == [SOUTH, DUMMY]
    assert "controls" not in state.view(WEST)
    assert state.view(WEST)["seats"][NORTH]["hand"] is None


def test_the_dummy_must_follow_suit_too():
    state = new_game()
    play(state, "AC")
    assert state.why_illegal("2D") == "You must follow clubs."
    assert set(state.legal_actions()) == set(suit_hand("C", "8 7 6 5 4 3 2"))


def test_the_dummy_goes_round_with_the_deal():
    state = new_game()
    finish_deal(state, 7, 6)
    assert state.hand_no == 2 and state.dealer == WEST
    assert state.sides() == ((WEST, DUMMY), (NORTH, SOUTH))
    assert state.controller(DUMMY) == WEST and state.to_move() == NORTH


def test_clays_first_example_twelve_tricks_score_fifteen():
    state = new_game()
    finish_deal(state, 12, 1)
    assert state.sheet.rows[-1][1] == [15, 0, 0]
    assert ("South and the dummy take 12 tricks to 1: 11 for the difference and 4 for the deal, "
            "15 points.") in state.narrative()


def test_clays_second_example_all_thirteen_tricks_score_seventeen():
    state = new_game()
    finish_deal(state, 13, 0)
    assert state.sheet.rows[-1][1] == [17, 0, 0]


def test_the_narrowest_win_scores_one_plus_four():
    state = new_game()
    finish_deal(state, 7, 6)
    assert state.sheet.rows[-1][1] == [5, 0, 0]


def test_winning_defenders_both_score():
    state = new_game()
    finish_deal(state, 4, 9)
    assert state.sheet.rows[-1][1] == [0, 9, 9]


def test_clays_thirteen_tricks_played_out():
    state = new_game(ALL_TRUMPS)
    finish_hand(state, "random")
    assert state.sheet.rows[0][1] == [17, 0, 0]


def test_clays_twelve_tricks_played_out_by_the_engines_players():
    state = new_game()
    finish_hand(state)
    assert state.sheet.rows[0][1] == [15, 0, 0]


def test_first_to_thirty_wins():
    state = new_game()
    finish_deal(state, 10, 3, before=[19, 25, 12])
    assert state.is_over and state.outcome.winners == (SOUTH,)
    assert state.outcome.text == "South wins with 30 points."


def test_players_level_at_the_top_play_another_deal():
    state = new_game()
    finish_deal(state, 4, 9, before=[3, 22, 22])      # West and North both reach 31
    assert not state.is_over and state.hand_no == 2
    assert "West and North are level on 31: another deal decides." in state.narrative()


def test_target_option():
    state = new_game(target=15)
    finish_deal(state, 8, 5)
    assert not state.is_over
    finish_deal(state, 8, 5)                            # West, now dealing, scores 7 with the dummy
    assert state.sheet.totals == [7, 7, 0]
    finish_deal(state, 9, 4)                            # North deals and reaches 9
    finish_deal(state, 13, 0)                           # South deals: 7 + 17 = 24
    assert state.is_over and state.outcome.winners == (SOUTH,)


def test_double_dummy_two_players_each_with_a_face_up_dummy():
    game = parlour.load("dummy-whist", form="double")
    assert game.num_players == 2
    state = game.new(4)
    assert state.names == ["South", "West", "North", "East"]
    assert state.sides() == ((SOUTH, NORTH), (WEST, 3))
    assert state.controller(NORTH) == SOUTH and state.controller(3) == WEST
    for player in (0, 1):
        seats = state.view(player)["seats"]
        assert seats[NORTH]["face_up"] and seats[3]["face_up"]
        assert seats[1 - player]["hand"] is None
    assert state.view(0)["controls"] == [SOUTH, NORTH] and state.view(1)["controls"] == [WEST, 3]
    assert state.sheet.columns == ["South", "West"]


def test_double_dummy_deal_alternates_and_scores_like_algiers():
    game = parlour.load("dummy-whist", form="double")
    state = game.new(4)
    first = state.dealer
    assert state.sides()[0] == (SOUTH, NORTH)        # the sides never change in Double Dummy
    finish_deal(state, 12, 1)
    assert state.sheet.rows[-1][1] == [15, 0]
    assert state.dealer == 1 - first
    finish_deal(state, 5, 8)
    assert state.sheet.rows[-1][1] == [0, 7]
    assert state.dealer == first


class Recorder(DummyWhistState):
    deals: list = []

    def hand_done(self):
        Recorder.deals.append((list(self.tricks_won), len(self.tricks_played), self.sides(),
                               list(self.sheet.totals)))
        super().hand_done()


@pytest.mark.parametrize("form", ["algiers", "double"])
def test_seeded_random_games_keep_dummy_whist_invariants(form):
    game = Game(replace(parlour.load("dummy-whist").spec, state=Recorder), {"form": form})
    n = game.num_players
    for seed in range(5):
        Recorder.deals = []
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(n)]
        while not state.is_over:
            check_cards(state)
            if state.turn in state.dummies():
                assert state.to_move() == state.dummy_owner(state.turn) != state.turn
            state.apply(bots[state.to_move()].choose(state))
        check_cards(state)
        assert len(state.sheet.rows) == len(Recorder.deals)
        for (tricks, played, sides, before), (_, row) in zip(Recorder.deals, state.sheet.rows):
            assert played == 13 and sum(tricks) == 13
            side_tricks = [sum(tricks[s] for s in side) for side in sides]
            win = 0 if side_tricks[0] > side_tricks[1] else 1
            points = side_tricks[win] - side_tricks[1 - win] + 4
            assert 5 <= points <= 17
            assert row == [points if p in sides[win] else 0 for p in range(n)]
        totals = state.sheet.totals
        assert max(totals) >= 30 and totals.count(max(totals)) == 1
        assert state.outcome.winners == (totals.index(max(totals)),)
