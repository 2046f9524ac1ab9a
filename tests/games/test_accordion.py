"""Accordion (seed 002): the two moves, whole piles, compulsory moves, the player's choice, the win."""

import json
from pathlib import Path

import parlour

BOOK = json.loads((Path(__file__).parents[2] / "docs/examples/accordion/book-example.json").read_text())


def book_position():
    state = parlour.load("accordion").new(0, BOOK["deck"])
    for _ in range(6):
        state.apply("deal")
    return state


def tops(state):
    return [pile[-1] for pile in state.piles]


def codes(state):
    from parlour import cards as C
    return [C.code(c) for c in tops(state)]


def test_the_book_position_offers_both_moves_for_the_nine_of_clubs():
    state = book_position()
    assert codes(state) == ["KS", "9D", "KC", "3D", "7C", "9C"]
    assert state.legal_actions() == ["9C>7C", "9C>KC"]


def test_the_books_good_line_ends_in_two_piles_then_one():
    state = book_position()
    for move in ("9C>7C", "9C>9D", "KC>9C", "KC>KS"):
        state.apply(move)
    assert codes(state) == ["KC", "3D"]
    assert [len(p) for p in state.piles] == [5, 1]
    state.apply("deal")
    state.apply("KD>3D")
    state.apply("KD>KC")
    assert codes(state) == ["KD"] and len(state.piles[0]) == 7


def test_the_books_bad_line_is_stuck_at_four_piles():
    state = book_position()
    state.apply("9C>KC")
    assert state.legal_actions() == ["9C>9D"]
    state.apply("9C>9D")
    assert codes(state) == ["KS", "9C", "3D", "7C"]
    assert state.legal_actions() == ["deal"]


def test_moves_are_compulsory_before_dealing():
    state = book_position()
    assert "deal" not in state.legal_actions()
    assert "must be made" in state.why_illegal("deal")


def test_only_next_door_or_three_to_the_left():
    state = book_position()
    assert "three places" in state.why_illegal("9C>9D")   # two places left: not allowed
    assert "share neither" in state.why_illegal("3D>KS") or "three places" in state.why_illegal("3D>KS")


def test_cards_must_match_in_suit_or_rank():
    state = book_position()
    state.apply("9C>7C")
    assert state.why_illegal("9C>3D") == "9♣ and 3♦ share neither suit nor rank."


def test_piles_move_whole():
    state = book_position()
    state.apply("9C>7C")
    state.apply("9C>9D")
    assert len(state.piles[1]) == 3   # 9♦, 7♣, 9♣ travelled together


def test_game_ends_when_the_pack_is_used_and_no_move_remains():
    game = parlour.load("accordion")
    state = game.new(1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert not state.stock and state.legal_actions() == []
    assert (len(state.piles) == 1) == (state.outcome.winners == (0,))


def test_a_single_pile_wins():
    # A deck where every card matches its left neighbour by suit: a suit at a time.
    from parlour import cards as C
    deck = [C.code(c) for c in C.FRENCH_52.cards]
    state = parlour.load("accordion").new(0, deck)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert len(state.piles) == 1
    assert state.outcome.winners == (0,) and state.outcome.text.startswith("Won")
