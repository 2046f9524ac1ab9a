"""Tuck (Tock): one test per rule clause, on positions set up by hand."""

from pathlib import Path

import pytest

import parlour
from parlour import cards as C, render
from parlour.bots import explain
from parlour.rulebook.tuck import NEST, REL_OF_SPACE, TuckBot, nest_id

from helpers import hand_codes, play

SOUTH, WEST, NORTH, EAST = range(4)


def position(hands, pegs=None, turn=SOUTH, **options):
    """A game in play with these hands (South, West, North, East) and pegs ({(seat, peg): space})."""
    options.setdefault("partner_pass", "no")
    state = parlour.load("tuck", **options).new(2)
    state.phase = "play"
    state.turn = turn
    state.set_hands(hands)
    state.race.pos = [[NEST] * 4 for _ in range(4)]
    for (seat, peg), space in (pegs or {}).items():
        state.race.pos[seat][peg] = REL_OF_SPACE[seat][space]
    return state


def where(state, seat, peg):
    return state.peg_space(seat, peg)


def story(state):
    return " ".join(state.narrative(SOUTH))


def test_four_players_in_two_partnerships_sitting_opposite():
    state = parlour.load("tuck").new(1)
    assert state.n == 4 and state.teams == ((0, 2), (1, 3))
    assert state.partner(SOUTH) == NORTH and state.partner(WEST) == EAST


def test_rounds_of_five_four_and_four_cards_then_a_fresh_pack():
    state = parlour.load("tuck", partner_pass="no").new(1)
    sizes = []
    for _ in range(4):
        sizes.append([C.count(h) for h in state.hands])
        dealt_in = state.round_in_pack
        while state.round_in_pack == dealt_in and not state.is_over:
            state.apply(TuckBot(0).choose(state))
    assert sizes == [[5] * 4, [4] * 4, [4] * 4, [5] * 4]
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_the_player_on_the_dealers_left_plays_first():
    state = parlour.load("tuck", partner_pass="no").new(1)
    assert state.to_move() == state.next_seat(state.dealer)


def test_partners_give_each_other_one_card_after_each_deal():
    state = parlour.load("tuck").new(1)
    assert state.phase == "pass"
    before = [hand_codes(state, s) for s in range(4)]
    given = {}
    for _ in range(4):
        seat = state.to_move()
        card = sorted(before[seat])[0]
        given[seat] = card
        play(state, card)
    assert state.phase == "play"
    for seat in range(4):
        assert given[state.partner(seat)] in hand_codes(state, seat)
        assert given[seat] not in hand_codes(state, seat)


def test_an_ace_or_a_king_brings_a_peg_out_onto_its_start_hole():
    state = position([["AS", "KH", "5C"], [], [], []])
    assert state.why_illegal("5C:Sstart>S12") == "Only an ace or a king brings a peg out of the start area."
    play(state, "AS:Sstart>S12")
    assert where(state, SOUTH, 0) == "S12"
    assert "South plays A♠: a peg comes out onto S12." in story(state)


def test_a_peg_in_the_start_area_moves_only_by_coming_out():
    state = position([["5C"], [], [], []])
    assert state.legal_actions() == ["discard:5C"]


def test_no_peg_comes_out_onto_its_own_peg():
    state = position([["KH"], [], [], []], {(SOUTH, 0): "S12"})
    assert "own peg is on the start hole S12" in state.why_illegal("KH:Sstart>S12")


def test_coming_out_onto_another_peg_sends_it_back():
    state = position([["KH"], [], [], []], {(WEST, 0): "S12"})
    play(state, "KH:Sstart>S12")
    assert state.race.pos[WEST][0] == NEST
    assert "landing on West's peg, which goes back to its start area" in story(state)


@pytest.mark.parametrize("card,holes", [("AS", 1), ("2S", 2), ("3S", 3), ("5S", 5), ("6S", 6), ("8S", 8), ("9S", 9),
                                        ("10S", 10), ("JS", 11), ("QS", 12), ("KS", 13), ("7S", 7)])
def test_each_card_moves_a_peg_its_number_of_holes(card, holes):
    state = position([[card], [], [], []], {(SOUTH, 0): "S14"})
    target = f"S{14 + holes}" if 14 + holes <= 20 else f"W{14 + holes - 20}"
    play(state, f"{card}:S14>{target}")
    assert where(state, SOUTH, 0) == target


def test_a_card_moves_exactly_its_number():
    state = position([["5S"], [], [], []], {(SOUTH, 0): "S14"})
    assert state.why_illegal("5S:S14>S18") == "5♠ moves a peg exactly 5 holes: from S14 that is S19."


def test_a_four_moves_a_peg_back_four_holes():
    state = position([["4D"], [], [], []], {(SOUTH, 0): "S16"})
    play(state, "4D:S16>S12")
    assert where(state, SOUTH, 0) == "S12"
    assert "a peg goes back from S16 to S12" in story(state)


def test_a_four_from_the_start_hole_puts_a_peg_near_home():
    state = position([["4D", "5D"], [], [], []], {(SOUTH, 0): "S12"})
    play(state, "4D:S12>S8")
    assert state.race.pos[SOUTH][0] == 76
    state.turn = SOUTH
    assert state.why_illegal("5D:S8>Shome2") is None


def test_a_seven_moves_seven_or_is_split_between_two_pegs():
    state = position([["7H"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "W2"})
    legal = state.legal_actions()
    assert "7H:S14>W1" in legal and "7H:S14>S17,W2>W6" in legal
    play(state, "7H:S14>S17,W2>W6")
    assert {where(state, SOUTH, 0), where(state, SOUTH, 1)} == {"S17", "W6"}
    assert "the seven is split: 3 for the peg on S14, to S17; 4 for the peg on W2, to W6." in story(state)


def test_a_split_seven_may_name_its_two_pegs_in_either_order():
    # The peg on W2 can reach W6 only once the peg there has moved on: listed with that peg first.
    state = position([["7H"], [], [], []], {(SOUTH, 0): "W2", (SOUTH, 1): "W6"})
    listed = "7H:W6>W9,W2>W6"
    assert listed in state.legal_actions() and "7H:W2>W6,W6>W9" not in state.legal_actions()
    assert state.why_illegal("7H:W2>W6,W6>W9") is None
    assert state.canonical("7H:W2>W6,W6>W9") == listed
    play(state, "7H:W2>W6,W6>W9")
    assert state.history[-1] == listed
    assert {where(state, SOUTH, 0), where(state, SOUTH, 1)} == {"W6", "W9"}
    # When both orders work, either spelling is the one move listed.
    state = position([["7H"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "W2"})
    assert state.canonical("7H:W2>W6,S14>S17") == "7H:S14>S17,W2>W6"
    assert state.why_illegal("7H:W2>W6,S14>S17") is None


def test_a_split_seven_uses_exactly_seven_and_two_different_pegs():
    state = position([["7H", "6H"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "W2"})
    assert state.why_illegal("7H:S14>S17,W2>W5") == "A split seven moves two pegs forward, seven holes between them."
    assert state.why_illegal("6H:S14>S17,W2>W5") == "Only a seven can be split between two pegs."


def test_a_jack_swaps_one_of_your_pegs_with_another_players():
    state = position([["JD"], [], [], []], {(SOUTH, 0): "S14", (WEST, 0): "N3"})
    play(state, "JD:S14~N3")
    assert where(state, SOUTH, 0) == "N3" and where(state, WEST, 0) == "S14"
    assert "the peg on S14 swaps places with West's peg on N3" in story(state)


def test_a_jack_may_instead_move_eleven():
    state = position([["JD"], [], [], []], {(SOUTH, 0): "S14"})
    assert "JD:S14>W5" in state.legal_actions()


def test_a_jack_cannot_swap_a_peg_on_its_start_hole_or_two_of_your_own():
    state = position([["JD"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "S2", (WEST, 0): "W12"})
    assert state.why_illegal("JD:S14~W12") == "West's peg on its own start hole is safe: it cannot be swapped."
    assert state.why_illegal("JD:S14~S2") == "A jack swaps one of your pegs with another player's peg."


def test_landing_on_a_peg_sends_it_back_to_its_start_area():
    state = position([["5S"], [], [], []], {(SOUTH, 0): "S14", (EAST, 2): "S19"})
    play(state, "5S:S14>S19")
    assert state.race.pos[EAST][2] == NEST
    assert "landing on East's peg, which goes back to its start area" in story(state)


def test_landing_on_the_partners_peg_sends_it_back_too():
    state = position([["5S"], [], [], []], {(SOUTH, 0): "S14", (NORTH, 1): "S19"})
    play(state, "5S:S14>S19")
    assert state.race.pos[NORTH][1] == NEST


def test_a_peg_cannot_land_on_a_peg_of_its_own_colour():
    state = position([["5S"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "S19"})
    assert state.why_illegal("5S:S14>S19") == "A peg cannot land on a peg of its own colour (S19)."


def test_a_peg_on_its_own_start_hole_is_safe_and_blocks_the_way():
    state = position([["5S", "3S"], [], [], []], {(SOUTH, 0): "W9", (WEST, 0): "W12"})
    reason = "West's peg on its own start hole, W12, is safe and blocks the way: no peg may pass it or land on it."
    assert state.why_illegal("5S:W9>W14") == reason   # passing
    assert state.why_illegal("3S:W9>W12") == reason   # landing


def test_a_peg_enters_its_home_by_exact_count():
    state = position([["3S", "6S", "8S"], [], [], []], {(SOUTH, 0): "S9"})
    assert state.why_illegal("3S:S9>Shome1") is None  # S10, S11, then home 1
    assert state.why_illegal("6S:S9>Shome4") is None
    assert state.why_illegal("8S:S9>Shome4") == "8♠ moves a peg exactly 8 holes: from S9 that is past the end of its home."
    play(state, "3S:S9>Shome1")
    assert state.race.pos[SOUTH][0] == 80


def test_pegs_in_the_home_do_not_jump_over_each_other():
    state = position([["3S"], [], [], []], {(SOUTH, 0): "S10", (SOUTH, 1): "Shome1"})
    assert state.why_illegal("3S:S10>Shome2") == \
        "Pegs in the home cannot jump over or land on each other: South's home 1 is taken."


def test_a_peg_in_its_home_can_still_move_up_but_never_back():
    state = position([["2S", "4S"], [], [], []], {(SOUTH, 0): "Shome1"})
    assert state.why_illegal("2S:Shome1>Shome3") is None
    assert "4S:Shome1" not in " ".join(state.legal_actions())


def test_a_player_who_cannot_move_throws_away_a_card():
    state = position([["5S", "9H"], ["2C"], ["3C"], ["4C"]])
    assert sorted(state.legal_actions()) == ["discard:5S", "discard:9H"]
    play(state, "discard:9H")
    assert "South cannot move a peg and throws away 9♥." in story(state)
    assert state.to_move() == WEST


def test_a_player_who_can_move_must_play():
    state = position([["AS", "9H"], [], [], []])
    assert state.why_illegal("discard:9H") == "A card of yours can move a peg, so you must play one."


def test_with_the_whole_hand_rule_a_stuck_player_throws_in_every_card():
    state = position([["5S", "9H"], ["2C"], [], []], stuck="hand")
    assert state.legal_actions() == ["throw"]
    play(state, "throw")
    assert state.hands[SOUTH] == 0 and state.to_move() == WEST


def test_with_jokers_as_starters_a_joker_brings_a_peg_out_and_does_nothing_else():
    state = position([["BJ", "5C"], [], [], []], {(SOUTH, 0): "S14"}, jokers="starters")
    assert sorted(a for a in state.legal_actions() if a.startswith("BJ")) == ["BJ:Sstart>S12"]
    assert state.why_illegal("BJ:S14>S16") == \
        "A joker only brings a peg out of the start area; it moves no peg along the track."
    assert state.why_illegal("5C:Sstart>S12") == "Only an ace, a king or a joker brings a peg out of the start area."
    play(state, "BJ:Sstart>S12")
    assert sorted(where(state, SOUTH, p) for p in range(2)) == ["S12", "S14"]
    assert "South plays big joker: a peg comes out onto S12." in story(state)
    # With every peg out, a joker cannot move: it is thrown away like any card that cannot be played.
    out = {(SOUTH, k): space for k, space in enumerate(("S14", "S16", "W3", "W9"))}
    state = position([["LJ"], [], [], []], out, jokers="starters")
    assert state.legal_actions() == ["discard:LJ"]


def test_jokers_join_the_pack_only_with_the_option():
    state = parlour.load("tuck", jokers="starters", partner_pass="no").new(1)
    assert len(state.pack) == 54 and {"BJ", "LJ"} <= {C.code(c) for c in state.pack.cards}
    assert [C.count(h) for h in state.hands] == [5] * 4 and len(state.stock) == 34
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
    plain = position([["5C"], [], [], []])
    assert len(plain.pack) == 52
    assert "is not a move" in plain.why_illegal("BJ:Sstart>S12")


def test_each_choice_the_sources_leave_open_is_a_reading():
    info = parlour.registry.spec("tuck").info
    questions = " ".join(r.question for r in info.readings).lower()
    for topic in ("start hole", "own colour", "split", "from its own side", "cannot move", "jokers"):
        assert topic in questions, topic
    stuck = next(r for r in info.readings if "cannot move" in r.question)
    assert (stuck.option, stuck.value) == ("stuck", "hand") and "Wikipedia" in stuck.answer
    assert "rules sheet" in stuck.answer
    jokers = next(r for r in info.readings if "jokers" in r.question.lower())
    assert (jokers.option, jokers.value) == ("jokers", "starters")
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "tuck.md").read_text(encoding="utf-8")
    text = " ".join(page.split())
    assert text.count("*our reading") + text.count("*Our reading") >= 5  # the key, then each of the four
    assert "{{ readings(\"tuck\") }}" in text and "`jokers: starters`" in text
    assert "Wikipedia's article makes you throw in your whole hand" in text


def test_with_all_four_pegs_home_a_player_moves_the_partners_pegs():
    home = {(SOUTH, k): f"Shome{k + 1}" for k in range(4)}
    state = position([["5S"], [], [], []], {**home, (NORTH, 0): "N14"})
    assert state.mover_of(SOUTH) == NORTH
    play(state, "5S:N14>N19")
    assert where(state, NORTH, 0) == "N19"
    assert "South plays 5♠ for North" in story(state)


def test_the_first_partnership_with_all_eight_pegs_home_wins():
    pegs = {(SOUTH, k): f"Shome{k + 1}" for k in range(4)}
    pegs.update({(NORTH, k): f"Nhome{k + 2}" for k in range(3)})
    pegs[(NORTH, 3)] = "N10"
    state = position([["2S"], [], [], []], pegs)
    play(state, "2S:N10>Nhome1")
    assert state.is_over and state.outcome.winners == (SOUTH, NORTH)
    assert state.outcome.text == "South & North have all eight pegs home and win."


def test_a_move_is_the_card_then_where_the_pegs_go():
    state = position([["7H", "JD"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "W2", (WEST, 0): "N3"})
    parts = {a["action"]: a["parts"] for a in state.view(SOUTH)["legal"]}
    assert parts["7H:S14>W1"] == ["7H", "W1"]
    assert parts["7H:S14>S17,W2>W6"] == ["7H", "S17", "W6"]
    assert parts["JD:S14~N3"] == ["JD", "S14", "N3"]
    assert state.view(SOUTH)["play_on_pick"] is True


def test_a_moved_peg_leaves_a_trail_for_the_picture():
    state = position([["3S"], [], [], []], {(SOUTH, 0): "S14"})
    play(state, "3S:S14>S17")
    board = state.view(None)["centre"][0]
    peg = next(p for p in board["pieces"] if p["id"] == "peg-S1")
    assert peg["space"] == "S17" and peg["trail"] == ["S14", "S15", "S16", "S17"]


def test_bad_input_gets_a_plain_reason():
    state = position([["3S"], [], [], []], {(SOUTH, 0): "S14", (WEST, 0): "W5"})
    assert "is not a move" in state.why_illegal("hello")
    assert state.why_illegal("3S:S15>S18") == "There is no peg on S15."
    assert state.why_illegal("3S:W5>W8") == "That is not one of your pegs."
    assert state.why_illegal("3S:S14>Z9") == "'Z9' is not a space of the board that a peg of South's can reach."
    assert state.why_illegal("4H:S14>S10") == "You do not hold the 4 of hearts."


def test_the_bot_sends_an_opponent_back_when_it_can():
    state = position([["5S", "3S"], [], [], []], {(SOUTH, 0): "S14", (EAST, 0): "S19"})
    assert TuckBot(1).choose(state) == "5S:S14>S19"


def test_the_bot_brings_a_peg_out():
    state = position([["KS", "2S"], [], [], []], {(SOUTH, 0): "N5"})
    assert TuckBot(1).choose(state) == f"KS:{nest_id(SOUTH)}>S12"


def test_the_bot_says_which_peg_it_sends_back():
    state = position([["5S", "3S"], [], [], []], {(SOUTH, 0): "S14", (EAST, 0): "S19"})
    assert explain(TuckBot(1), state) == ("5S:S14>S19", "plays the 5♠ to land its peg on East's at S19, sending it "
                                                        "back to its start area")


def test_the_holes_are_numbered_1_to_20_along_each_side_with_the_sides_letter_every_five():
    from parlour.rulebook.tuck import SPACES
    track = [space for space in SPACES if space["kind"] in ("track", "start")]
    assert [space["tag"] for space in track[:20]] == ["S1", *map(str, range(2, 5)), "S5", *map(str, range(6, 10)),
                                                      "S10", *map(str, range(11, 15)), "S15", *map(str, range(16, 20)),
                                                      "S20"]
    assert {space["tag"] for space in track if not space["tag"].isdigit()} >= {"W1", "N10", "E20"}
    # Each number sits just outside its hole, off the track (clear of the home lines inside).
    for space in track:
        tx, ty = space["tag_at"]
        assert 3 < abs(tx - space["x"]) + abs(ty - space["y"]) < 6
        assert max(abs(tx - 50), abs(ty - 50)) > max(abs(space["x"] - 50), abs(space["y"] - 50))


def test_the_table_rings_the_moved_peg_and_draws_the_holes_it_passed():
    from html import unescape

    from parlour import render
    state = position([["8D"], ["2C"], ["3C"], ["4C"]], {(SOUTH, 0): "S12"})
    play(state, "8D:S12>S20")
    html = render.table(state.view(SOUTH), state.pack)
    assert html.count("pt-peg-moved") == 1
    path = html.split('class="pt-board-path"')[1].split("points=\"")[1].split("\"")[0]
    assert len(path.split()) == 9  # S12, the seven holes between, S20
    assert "Moved: South's peg (blue circles), S12 → S20 (8 holes)" in unescape(html)


def test_a_peg_landed_on_is_ringed_too_and_said_to_be_sent_back():
    from html import unescape

    from parlour import render
    state = position([["5S"], ["2C"], ["3C"], ["4C"]], {(SOUTH, 0): "S14", (EAST, 2): "S19"})
    play(state, "5S:S14>S19")
    html = unescape(render.table(state.view(SOUTH), state.pack))
    assert html.count("pt-peg-moved") == 2 and html.count('class="pt-board-path"') == 1
    assert ("Moved: South's peg (blue circles), S14 → S19 (5 holes). Sent back: East's peg (purple diamonds), "
            "to East's start area") in html


# --- a card and a hole, the peg left unsaid (what the page sends for a pick on the board) ----------

def test_a_card_and_the_hole_it_takes_a_peg_to_is_that_move():
    state = position([["7S", "AS"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "S3"})
    assert state.why_illegal("7S:S10") is None and state.canonical("7S:S10") == "7S:S3>S10"
    assert state.canonical("AS:S12") == "AS:Sstart>S12"
    play(state, "7S:S10")
    assert where(state, SOUTH, 1) == "S10"


def test_a_card_moves_a_peg_exactly_its_number_so_a_hole_it_cannot_reach_is_answered_with_where_it_can_go():
    state = position([["7S", "4H"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "S3"})
    assert state.why_illegal("7S:S12") == ("The 7♠ moves a peg 7 holes, or is split between two pegs: here it can "
                                           "take South's peg from S14 to W1 or from S3 to S10, not to S12.")
    assert state.why_illegal("4H:S12") == ("The 4♥ moves a peg 4 holes back: here it can take South's peg from "
                                           "S14 to S10 or from S3 to E19, not to S12.")


def test_a_card_and_a_hole_a_rule_forbids_get_that_rules_reason():
    # A peg of one's own colour on the hole; the way blocked by a peg on its own start hole.
    state = position([["5S", "3S"], [], [], []], {(SOUTH, 0): "S14", (SOUTH, 1): "S19", (WEST, 0): "W12"})
    assert state.why_illegal("5S:S19") == "A peg cannot land on a peg of its own colour (S19)."
    state = position([["5S"], [], [], []], {(SOUTH, 0): "W9", (WEST, 0): "W12"})
    assert "is safe and blocks the way" in state.why_illegal("5S:W14")


def test_a_card_and_the_hole_of_the_peg_it_would_move_says_where_that_peg_goes():
    state = position([["7S"], [], [], []], {(SOUTH, 0): "S14"})
    assert state.why_illegal("7S:S14") == "S14 is where South's peg stands: the 7♠ takes it to W1."


def test_a_peg_in_the_start_area_moves_only_by_coming_out_whatever_hole_is_picked():
    state = position([["7S"], [], [], []])
    assert state.why_illegal("7S:S19") == ("The 7♠ moves a peg 7 holes, or is split between two pegs, but all of "
                                           "South's pegs are still in the start area: only an ace or a king brings "
                                           "one out.")


def test_a_peg_goes_only_to_its_owners_home_and_to_its_start_area_only_when_landed_on():
    state = position([["7S"], [], [], []], {(SOUTH, 0): "S14"})
    assert state.why_illegal("7S:Whome1") == "West's home 1 is for West's pegs only: South's pegs go home to South's own."
    assert "a peg goes back there only when another peg lands on it" in state.why_illegal("7S:Nstart2")
    assert state.why_illegal("7S:Z9") == "'Z9' is not a space on the board."


def test_a_jack_and_another_players_peg_is_a_swap_that_names_both_pegs_and_not_one_on_its_start_hole():
    state = position([["JD"], [], [], []], {(SOUTH, 0): "S14", (WEST, 0): "W12", (WEST, 1): "N3"})
    assert state.why_illegal("JD:W12") == "West's peg on its own start hole is safe: it cannot be swapped."
    assert state.why_illegal("JD:N3") == "The J♦ swaps a peg of South's with the one on N3: name both pegs, like JD:S14~N3."


def test_every_hole_and_every_card_in_hand_can_be_picked_on_the_readers_turn():
    state = position([["AS", "7S"], [], [], []])
    assert state.legal_actions() == ["AS:Sstart>S12"]  # the 7♠ moves no peg
    html = render.table(state.view(SOUTH), state.pack, interactive=True)
    assert all(f'data-part="{part}"' in html for part in ("S12", "N7", "Whome1", "Estart3", "AS", "7S"))
def test_strongs_estimate_favours_the_partnership_further_round_and_splits_it_between_partners():
    """The search's short playouts are scored by the race as the rule bot judges it, seen from both sides."""
    even = position([[], [], [], []], {(SOUTH, 0): "S14", (WEST, 0): "W14"}).playout_estimate()
    assert even == pytest.approx([0.25] * 4)
    ahead = position([[], [], [], []], {(SOUTH, 0): "N14", (WEST, 0): "W14"}).playout_estimate()
    assert ahead[SOUTH] == ahead[NORTH] > 0.25 > ahead[WEST] == ahead[EAST]
    assert sum(ahead) == pytest.approx(1.0)
