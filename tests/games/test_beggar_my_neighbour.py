"""Beggar My Neighbour (seed 002): penalties per honour, knock-outs, last standing, the cap."""

import pytest

import parlour
from parlour import cards as C


def stacked_game(stacks, players=2, **options):
    """A game whose players hold exactly these stacks (top card first)."""
    state = parlour.load("beggar-my-neighbour", players=players, **options).new(0)
    state.stacks = [[state.pack.card(c) for c in stack] for stack in stacks]
    state.turn = 0
    return state


def turn(state, times=1):
    for _ in range(times):
        state.apply("turn")


@pytest.mark.parametrize("honour,owed", [("AS", 4), ("KS", 3), ("QS", 2), ("JS", 1)])
def test_each_honour_makes_the_next_player_pay_its_count(honour, owed):
    state = stacked_game([[honour, "2C"], ["3C", "4C", "5C", "6C", "7C", "8C"]])
    turn(state)
    assert state.owed == owed and state.to_move() == 1
    turn(state, owed)
    # Paid in full without an honour: the honour's player takes the whole pile.
    assert state.pile == [] and len(state.stacks[0]) == 1 + 1 + owed
    assert C.code(state.stacks[0][-1]) == ["3C", "4C", "5C", "6C"][owed - 1]


def test_an_honour_while_paying_passes_the_debt_on():
    state = stacked_game([["AS", "2C", "3C"], ["4C", "KD", "5C"]])
    turn(state)          # South: ace, North owes 4
    turn(state, 2)       # North pays 4♣ then turns K♦: South now owes 3
    assert state.honour_player == 1 and state.owed == 3 and state.to_move() == 0


def test_after_taking_the_pile_the_player_to_the_left_starts():
    state = stacked_game([["JS", "2C"], ["3C", "4C"], ["5C", "6C"]], players=3)
    turn(state, 2)       # South jack, West pays one: South takes
    assert state.to_move() == 1


def test_option_lets_the_taker_start():
    state = stacked_game([["JS", "2C"], ["3C", "4C"], ["5C", "6C"]], players=3, next_round="taker")
    turn(state, 2)
    assert state.to_move() == 0


def test_running_out_while_paying_gives_the_pile_to_the_honour_player():
    state = stacked_game([["QS", "2C"], ["3C"], ["4C", "5C"]], players=3)
    turn(state, 2)       # West pays one card and has none left
    assert len(state.stacks[0]) == 3 and not state.stacks[1]
    assert "West has no cards left and is out." in state.narrative()


def test_players_are_knocked_out_and_the_last_one_standing_wins():
    state = stacked_game([["2C", "3C"], ["4C"]])
    turn(state, 2)       # North turns his last card: out
    assert state.is_over and state.outcome.winners == (0,)


def test_a_last_card_honour_still_collects_if_paid():
    state = stacked_game([["JS"], ["2C", "3C"]])
    turn(state)
    assert not state.is_over            # South has no cards but is owed a payment
    turn(state)
    assert len(state.stacks[0]) == 2 and not state.is_over


def test_the_cap_ends_a_game_with_no_winner():
    game = parlour.load("beggar-my-neighbour", max_cards=100)
    state = game.new(0)
    while not state.is_over:
        state.apply("turn")
    if state.outcome.winners:
        assert state.turned < 100
    else:
        assert state.turned == 100 and "No winner after 100 cards" in state.outcome.text
    capped = [s for s in range(40) if not _play(game, s).outcome.winners]
    assert capped, "some deals should still be going after 100 cards"


def _play(game, seed):
    state = game.new(seed)
    while not state.is_over:
        state.apply("turn")
    return state


def test_the_only_action_is_to_turn():
    state = parlour.load("beggar-my-neighbour", players=6).new(2)
    assert state.legal_actions() == ["turn"]
    assert "only thing" in state.why_illegal("QS")
    assert all(abs(len(s) - 52 / 6) < 1 for s in state.stacks)


#: The endless deal published in 2024 (Casella and others): '-' is any card below the jack,
#: the first stack turns first.
ENDLESS = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")


def endless_stacks():
    spots = iter(f"{rank}{suit}" for rank in range(2, 11) for suit in "CDHS")
    honours = {rank: iter([f"{rank}{suit}" for suit in "CDHS"]) for rank in "AKQJ"}
    return [[next(spots) if mark == "-" else next(honours[mark]) for mark in stack] for stack in ENDLESS]


def shape(state):
    """What decides the rest of the game between piles: which honour each stack holds where, and who turns."""
    return tuple(tuple(C.rank_of(c) if C.rank_of(c) > 10 else 0 for c in stack) for stack in state.stacks), state.turn


def test_the_player_nearest_his_left_begins_so_the_known_endless_deal_ends_after_312_cards():
    state = stacked_game(endless_stacks(), max_cards=100000)
    while not state.is_over:
        turn(state)
    assert state.turned == 312 and state.outcome.winners == (0,)


def test_the_known_endless_deal_never_ends_when_the_taker_starts_again():
    state = stacked_game(endless_stacks(), next_round="taker", max_cards=100000)
    seen = {}
    while shape(state) not in seen or state.pile:
        if not state.pile:
            seen[shape(state)] = state.turned
        turn(state)
    # The same stacks come back, with the same player to turn: the game repeats for ever.
    assert seen[shape(state)] == 34 and state.turned == 474 and not state.is_over
