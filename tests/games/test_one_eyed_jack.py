"""One-Eyed Jack (seed 003): one test per rule clause, on positions set up by hand."""

from collections import Counter
from pathlib import Path

import pytest

import parlour
from parlour import cards as C
from parlour.bots import explain
from parlour.rulebook.one_eyed_jack import (BOARD, CORNERS, SPACES_OF, OneEyedJackBot, board_layout, cell_id,
                                            parse_cell)

from helpers import hand_codes, play


def game(players=2, **options):
    return parlour.load("one-eyed-jack", players=players, **options).new(3)


def space(code, which=0):
    """The id of the first (or second) space of a card, e.g. space("7H") == "c..."."""
    return cell_id(SPACES_OF[C.FRENCH_52.card(code)][which])


def story(state):
    """What everyone was told, as one text."""
    return " ".join(state.narrative(1))


def at(row, col):
    return row * 10 + col


def position(players=2, hands=None, markers=(), **options):
    """A game where it is seat 0's turn, with these hands and markers ({space index: side})."""
    state = game(players, **options)
    state.turn = 0
    if hands is not None:
        state.set_hands(hands + [[] for _ in range(state.n - len(hands))])
    for index, side in dict(markers).items():
        state.markers[index] = side
    return state


def test_two_packs_are_shuffled_together():
    state = game()
    assert len(state.pack) == 104
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


@pytest.mark.parametrize("players,each", [(2, 7), (3, 6), (4, 5)])
def test_seven_six_or_five_cards_each_for_two_three_or_four_players(players, each):
    state = game(players)
    assert [C.count(h) for h in state.hands] == [each] * players


def test_four_players_are_two_partnerships_sharing_markers():
    state = game(4)
    assert state.sides == [(0, 2), (1, 3)]
    assert state.side_of(2) == 0 and state.side_of(3) == 1
    assert state.view(None)["centre"][0]["markers"][0].startswith("South & North")


def test_the_board_holds_every_card_but_the_jacks_twice_and_four_free_corners():
    counts = Counter(BOARD)
    assert counts[None] == 4 and {i for i, c in enumerate(BOARD) if c is None} == CORNERS
    cards = [c for c in counts if c is not None]
    assert len(cards) == 48 and all(counts[c] == 2 for c in cards)
    assert all(C.rank_of(c) != 11 for c in cards)


def test_the_mirrored_layout_puts_each_cards_twin_opposite_through_the_centre():
    assert board_layout() == BOARD
    assert C.code(BOARD[1]) == "AS" and C.code(BOARD[98]) == "AS"
    assert C.code(BOARD[at(1, 4)]) == "AH"  # spades run out after the 2♠: hearts follow
    assert all(BOARD[i] == BOARD[99 - i] for i in range(100))


def test_a_card_claims_one_of_its_two_spaces():
    state = position(hands=[["7H", "2C"]])
    first, second = space("7H"), space("7H", 1)
    assert state.why_illegal(f"7H:{first}") is None and state.why_illegal(f"7H:{second}") is None
    assert "claims only its own spaces" in state.why_illegal(f"7H:{space('2C')}")
    play(state, f"7H:{first}")
    assert state.markers[parse_cell(first)] == 0
    assert "puts a marker on the 7♥" in story(state)


def test_a_space_with_a_marker_cannot_be_claimed():
    index = SPACES_OF[C.FRENCH_52.card("7H")][0]
    state = position(hands=[["7H"]], markers={index: 1})
    assert state.why_illegal(f"7H:{cell_id(index)}") == f"The space at row {index // 10 + 1}, column " \
                                                        f"{index % 10 + 1} already holds a marker."


def test_after_playing_a_card_the_player_draws_and_the_turn_passes():
    state = position(hands=[["7H"], ["2C"]])
    top = state.stock[0]
    play(state, f"7H:{space('7H')}")
    assert state.hands[0] == C.bit(top)
    assert state.to_move() == 1


def test_two_eyed_jacks_are_wild_any_empty_space():
    state = position(hands=[["JD", "JC"]], markers={at(4, 4): 1})
    assert state.why_illegal(f"JD:{cell_id(at(5, 5))}") is None
    assert state.why_illegal(f"JC:{cell_id(at(0, 3))}") is None
    assert "already holds a marker" in state.why_illegal(f"JD:{cell_id(at(4, 4))}")


def test_no_marker_goes_on_a_free_corner():
    state = position(hands=[["JD"]])
    assert state.why_illegal("JD:c00") == "The corners are free spaces that count for everyone: no marker goes there."


def test_one_eyed_jacks_take_an_opponents_marker_off():
    state = position(hands=[["JS", "JH"]], markers={at(4, 4): 1, at(5, 5): 0})
    assert state.why_illegal(f"JS:{cell_id(at(5, 5))}") == \
        "A one-eyed jack takes off an opponent's marker, not your own side's."
    assert "There is no marker" in state.why_illegal(f"JH:{cell_id(at(6, 6))}")
    play(state, f"JS:{cell_id(at(4, 4))}")
    assert state.markers[at(4, 4)] is None
    assert "takes North's marker off" in story(state)


def test_any_chip_on_the_board_with_the_option_your_own_sides_too():
    state = position(players=4, hands=[["JS", "2C"]], markers={at(4, 4): 0, at(4, 5): 1, at(4, 6): 0},
                     one_eyed="any")
    assert state.why_illegal(f"JS:{cell_id(at(4, 4))}") is None
    assert state.why_illegal(f"JS:{cell_id(at(4, 5))}") is None
    play(state, f"JS:{cell_id(at(4, 6))}")
    assert state.markers[at(4, 6)] is None
    assert "takes their own side's marker off" in story(state)


def test_the_bot_takes_off_its_own_marker_only_when_nothing_else_is_left():
    state = position(hands=[["JS", "2C"]], markers={at(4, 4): 0, at(4, 5): 1}, one_eyed="any")
    assert OneEyedJackBot(1).choose(state).startswith("2C:")
    state = position(hands=[["JS"]], markers={at(4, 4): 0, at(4, 5): 1, at(4, 6): 1}, one_eyed="any")
    assert OneEyedJackBot(1).choose(state) in (f"JS:{cell_id(at(4, 5))}", f"JS:{cell_id(at(4, 6))}")


def test_partners_markers_are_not_an_opponents():
    state = position(players=4, hands=[["JS"]], markers={at(4, 4): 0, at(4, 5): 1})
    assert "not your own side's" in state.why_illegal(f"JS:{cell_id(at(4, 4))}")
    assert state.why_illegal(f"JS:{cell_id(at(4, 5))}") is None


def dead_position():
    a, b = SPACES_OF[C.FRENCH_52.card("7H")]
    return position(hands=[["7H", "2C"]], markers={a: 1, b: 1})


def test_a_dead_card_is_shown_and_replaced_before_the_turn():
    state = dead_position()
    assert "dead:7H" in state.legal_actions()
    assert "dead:2C" not in state.legal_actions()
    assert state.why_illegal("dead:2C") == "The 2 of clubs is not dead: one of its spaces is still empty."
    top = state.stock[0]
    play(state, "dead:7H")
    assert state.to_move() == 0, "turning in a dead card does not use up the turn"
    assert hand_codes(state, 0) == {"2C", C.code(top)}
    assert "shows the dead 7♥" in story(state)


def test_a_dead_card_cannot_be_played_on_the_board():
    state = dead_position()
    assert "already holds a marker" in state.why_illegal(f"7H:{space('7H')}")


def test_the_free_corners_count_for_everyone():
    # Four markers along the top row next to the top-left corner make a row of five.
    state = position(hands=[["JD"]], markers={at(0, 1): 0, at(0, 2): 0, at(0, 3): 0})
    play(state, f"JD:{cell_id(at(0, 4))}")
    assert len(state.rows[0]) == 1
    assert "South completes a row of five: free A♠ K♠ Q♠ 10♠." in state.narrative()


def test_two_rows_of_five_win_and_may_share_one_space():
    across = {at(5, c): 0 for c in range(1, 5)}       # row 6, columns 2-5 …
    down = {at(r, 5): 0 for r in range(1, 5)}         # … and column 6, rows 2-5: both meet at row 6, column 6
    state = position(hands=[["JD"]], markers={**across, **down})
    play(state, f"JD:{cell_id(at(5, 5))}")
    assert state.is_over and state.outcome.winners == (0,)
    assert state.outcome.text == "South wins with 2 rows of five."


def test_nine_in_a_line_make_two_rows():
    line = {at(6, c): 0 for c in range(0, 9) if c != 4}
    state = position(hands=[["JC"]], markers=line)
    play(state, f"JC:{cell_id(at(6, 4))}")
    assert state.is_over and len(state.rows[0]) == 2


def test_two_rows_may_share_one_space_however_the_line_was_built():
    # A row made at c62-c66 first, then the line grown at both ends: c67, c68, c61, c60.  The nine in a line
    # hold two rows sharing c64 (c60-c64 and c64-c68), though neither is the row made first.
    state = position(hands=[["JD", "JC", "JD'", "JC'", C.code(BOARD[at(6, 0)])], ["2C", "3C", "4C", "5C"]],
                     markers={at(6, c): 0 for c in range(2, 6)})
    north = ["2C", "3C", "4C", "5C"]
    for cell, card in ((at(6, 6), "JD"), (at(6, 7), "JC"), (at(6, 8), "JD'"), (at(6, 1), "JC'")):
        play(state, f"{card}:{cell_id(cell)}")
        assert not state.is_over and len(state.rows[0]) == 1
        card = north.pop(0)
        play(state, f"{card}:{space(card)}")  # a card's first space is in the top half, far from row 7
    play(state, f"{C.code(BOARD[at(6, 0)])}:{cell_id(at(6, 0))}")
    assert state.is_over and state.outcome.winners == (0,)
    assert sorted(state.rows[0]) == [tuple(at(6, c) for c in range(0, 5)), tuple(at(6, c) for c in range(4, 9))]
    assert "South now has 2 rows of five" in story(state)


def test_a_broken_row_is_judged_again_on_the_line_as_it_stands():
    # Ten in a line are two rows; a one-eyed jack on the end space leaves nine, still two rows — taken anew.
    line = {at(3, c): 1 for c in range(10)}
    state = position(hands=[["JS", "2C"], ["2D"]], markers=line)
    state.rows[1] = [tuple(at(3, c) for c in range(0, 5)), tuple(at(3, c) for c in range(5, 10))]
    play(state, f"JS:{cell_id(at(3, 9))}")
    assert sorted(state.rows[1]) == [tuple(at(3, c) for c in range(0, 5)), tuple(at(3, c) for c in range(4, 9))]


def test_six_in_a_line_are_one_row_only():
    line = {at(6, c): 0 for c in range(1, 6)}
    state = position(hands=[["JC"], ["2C"]], markers=line)
    play(state, f"JC:{cell_id(at(6, 6))}")
    assert not state.is_over and len(state.rows[0]) == 1


def test_with_three_players_one_row_wins():
    state = position(players=3, hands=[["JD"]], markers={at(2, c): 0 for c in range(2, 6)})
    play(state, f"JD:{cell_id(at(2, 6))}")
    assert state.is_over and state.outcome.text == "South wins with a row of five."


def test_partners_build_rows_together():
    markers = {at(3, 1): 0, at(3, 2): 0, at(3, 3): 0, at(3, 4): 0}
    state = position(players=4, hands=[[], [], ["JD"], []], markers=markers)
    state.turn = 2
    play(state, f"JD:{cell_id(at(3, 5))}")
    assert len(state.rows[0]) == 1
    assert "South & North complete a row of five" in story(state)


def finished_row_position(**options):
    row = {at(2, c): 1 for c in range(2, 7)}
    state = position(hands=[["JS"], ["2C"]], markers=row, **options)
    state.rows[1] = [tuple(row)]
    return state


def test_by_default_a_one_eyed_jack_can_break_a_finished_row():
    state = finished_row_position()
    play(state, f"JS:{cell_id(at(2, 4))}")
    assert state.rows[1] == []


def test_with_safe_rows_a_finished_row_cannot_be_broken():
    state = finished_row_position(finished_rows="safe")
    assert state.why_illegal(f"JS:{cell_id(at(2, 4))}") == \
        "That marker is part of a finished row, and finished rows are safe."


def test_when_the_stock_runs_out_the_discards_but_the_last_card_make_a_new_stock():
    state = position(hands=[["7H"], ["2C"]])
    unseen = [c for c in state.pack.cards if not any(hand >> c & 1 for hand in state.hands)]
    last, earlier = unseen[0], unseen[1:21]
    state.stock, state.discards = [last], list(earlier)
    play(state, f"7H:{space('7H')}")
    assert state.hands[0] == C.bit(last)
    assert sorted(state.stock) == sorted(earlier) and state.discards == [state.pack.card("7H")]
    assert state.stock != earlier, "the new stock is shuffled"
    assert "The stock is used up: the 20 cards played before the last one are shuffled" in story(state)
    assert not state.is_over and state.to_move() == 1


def test_a_stock_gone_round_with_no_marker_placed_or_taken_off_is_a_draw():
    # Every space is taken, so every card but a jack is dead: turning in dead cards could go on for ever.
    full = {i: i % 2 for i in range(100) if i not in CORNERS}
    state = position(hands=[["7H", "2C"], ["3C"]], markers=full)
    state.stock, state.discards = [state.pack.card("8D")], [state.pack.card("9D"), state.pack.card("10D")]
    state.board_changed = True  # a marker went down since the last shuffle: the stock is shuffled again
    play(state, "dead:7H")
    assert not state.is_over and len(state.stock) == 2
    assert state.legal_actions() == ["pass"]
    play(state, "pass", "dead:3C", "pass")
    assert not state.is_over and len(state.stock) == 1
    play(state, "dead:2C")  # the new stock is gone too, and still nothing has changed on the board
    assert state.is_over and state.outcome.winners == ()
    assert state.outcome.text == "The stock went round once with no marker placed or taken off: the game is drawn."


def test_one_dead_card_a_turn_or_every_one_held_with_the_option():
    a, b = SPACES_OF[C.FRENCH_52.card("7H")]
    c, d = SPACES_OF[C.FRENCH_52.card("2C")]
    dead_pair = {a: 1, b: 1, c: 1, d: 1}
    state = position(hands=[["7H", "2C", "JD"]], markers=dead_pair)
    play(state, "dead:7H")
    assert state.why_illegal("dead:2C") == "You have already turned in a dead card this turn: one a turn."
    play(state, f"JD:{cell_id(at(4, 4))}")
    state.turn = 0  # South's next turn: a dead card may be turned in again
    assert state.why_illegal("dead:2C") is None
    state = position(hands=[["7H", "2C", "JD"]], markers=dead_pair, dead_cards="any")
    play(state, "dead:7H", "dead:2C")
    assert state.to_move() == 0


def test_with_the_play_on_option_a_player_with_nothing_to_play_passes_and_if_nobody_can_it_is_drawn():
    state = position(hands=[[], []], empty_stock="play-on")
    state.stock = []
    assert state.legal_actions() == ["pass"]
    play(state, "pass")
    assert state.why_illegal("pass") is None
    play(state, "pass")
    assert state.is_over and state.outcome.winners == ()


def test_passing_is_refused_while_a_card_can_be_played():
    state = position(hands=[["7H"]])
    assert state.why_illegal("pass") == "You can play a card, so you may not pass."


def test_moves_are_a_card_and_a_space_picked_on_the_board():
    state = position(hands=[["7H"]])
    legal = state.view(0)["legal"]
    assert {tuple(a["parts"]) for a in legal} == {("7H", space("7H")), ("7H", space("7H", 1))}
    assert state.view(0)["play_on_pick"] is True


def test_bad_input_gets_a_plain_reason():
    state = position(hands=[["7H"]])
    assert "is not a space" in state.why_illegal("7H:c7")
    assert "not a move" in state.why_illegal("hello")
    assert state.why_illegal("8H:c11") == "You do not hold the 8 of hearts."


def test_the_bot_blocks_an_opponents_four_in_a_line():
    threat = {at(7, c): 1 for c in range(2, 6)}           # North holds four in row 8, columns 3-6
    gap = at(7, 6)
    card = C.code(BOARD[gap])
    state = position(hands=[[card, "2C"]], markers=threat)
    choice = OneEyedJackBot(1).choose(state)
    assert choice == f"{card}:{cell_id(gap)}" or choice == f"{card}:{cell_id(at(7, 1))}"


def test_the_bot_completes_its_own_row():
    mine = {at(4, c): 0 for c in range(1, 5)}
    gap = at(4, 5)
    card = C.code(BOARD[gap])
    state = position(hands=[[card, "2C"]], markers=mine)
    assert OneEyedJackBot(1).choose(state) == f"{card}:{cell_id(gap)}"


def test_the_bot_keeps_a_wild_jack_for_a_move_that_matters():
    state = position(hands=[["JD", "2C"]])
    assert OneEyedJackBot(1).choose(state).startswith("2C:")


def test_the_bot_says_whose_line_it_blocks_and_which_row_it_completes():
    threat = {at(7, c): 1 for c in range(2, 6)}
    card = C.code(BOARD[at(7, 6)])
    action, reason = explain(OneEyedJackBot(1), position(hands=[[card, "2C"]], markers=threat))
    assert reason == f"blocks North's line of 4 by taking the {C.short(BOARD[at(7, 6)])} at row 8, column 7" or \
        reason == f"blocks North's line of 4 by taking the {C.short(BOARD[at(7, 1)])} at row 8, column 2"
    mine = {at(4, c): 0 for c in range(1, 5)}
    card = C.code(BOARD[at(4, 5)])
    action, reason = explain(OneEyedJackBot(1), position(hands=[[card, "2C"]], markers=mine))
    assert reason == f"completes a row of five with the {C.short(BOARD[at(4, 5)])} at row 5, column 6"


def test_the_bot_takes_off_the_marker_in_the_last_space_of_its_own_line_of_four():
    # South holds row 5, columns 2-5; North sits at both ends.  Taking North's marker off column 6 leaves
    # the line one space short, and South holds that space's own card to fill it next turn.
    markers = {**{at(4, c): 0 for c in range(1, 5)}, at(4, 0): 1, at(4, 5): 1}
    filler = C.code(BOARD[at(4, 5)])
    state = position(hands=[["JS", filler, "2C"]], markers=markers)
    action, reason = explain(OneEyedJackBot(1), state)
    assert action == f"JS:{cell_id(at(4, 5))}"
    assert reason.endswith(f"emptying the last space of a line of 4 of its own for its {C.short(BOARD[at(4, 5)])} "
                           f"to fill")


def test_the_page_and_the_rules_quote_the_article_any_chip_and_say_where_it_is_played():
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "one-eyed-jack.md").read_text(encoding="utf-8")
    text = " ".join(page.split())
    assert "any chip on the board" in text and "played in North Carolina and Tennessee" in text
    assert "comes from" not in text
    info = parlour.registry.spec("one-eyed-jack").info
    told = " ".join([info.house_rule, *info.short_rules, *(r.answer for r in info.readings)])
    assert "any opponent's marker" not in told and "any chip" in told


def test_the_board_numbers_its_rows_and_columns_as_the_hints_name_spaces():
    from parlour import render
    state = position(hands=[["7S"]])
    grid = state.view(0)["centre"][0]
    assert grid["row_labels"] == grid["col_labels"] == [str(k) for k in range(1, 11)]
    # "row 1, column 8" in a hint is the space under the label 8 on the line labelled 1.
    assert state.describe(f"7S:{cell_id(at(0, 7))}") == "7♠: claim the 7♠ at row 1, column 8"
    html = render.table(state.view(0), state.pack, interactive=True)
    assert 'aria-label="7 of spades, row 1, column 8"' in html


def test_each_sides_finished_rows_are_drawn_as_a_line_of_its_own_style():
    from parlour import render
    state = finished_row_position()
    diagonal = tuple(at(k, k) for k in range(1, 6))
    state.rows[0] = [diagonal]
    cells = state.view(0)["centre"][0]["cells"]
    assert cells[at(2, 4)]["lines"] == [{"owner": 1, "direction": "across"}]
    assert cells[at(3, 3)]["lines"] == [{"owner": 0, "direction": "diagonal"}]
    html = render.table(state.view(0), state.pack)
    # Five spaces each, and the key shows each side's line beside its marker.
    assert html.count("pt-row-line pt-row-line-1") == 6 and html.count("pt-row-line pt-row-line-0") == 6
    assert html.count('class="pt-row-sample"') == 2
    assert "in a finished row of North (red squares)" in html


def test_strongs_estimate_counts_rows_made_and_lines_still_open():
    """The search's short playouts are scored from the board: a line of four open to one side outweighs
    scattered markers, a row made outweighs a line of four, and a blocked line counts for nothing."""
    four = {at(4, c): 0 for c in range(1, 5)}
    scattered = {at(0, 2): 1, at(2, 7): 1, at(6, 3): 1, at(9, 5): 1}
    estimate = position(markers={**four, **scattered}).playout_estimate()
    assert estimate[0] > 0.5 > estimate[1] and sum(estimate) == pytest.approx(1.0)
    blocked = position(markers={**four, at(4, 0): 1, at(4, 5): 1, **scattered}).playout_estimate()
    assert blocked[0] < estimate[0]
    row = position(markers={**four, at(4, 5): 0, **scattered})
    row.rows[0] = [tuple(at(4, c) for c in range(1, 6))]
    assert row.playout_estimate()[0] > estimate[0]
