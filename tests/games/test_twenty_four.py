"""Twenty-Four: one test per rule clause (the rules article's game for two or four players)."""

import io

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, explain, make_bot, play_out
from parlour.cli import main
from parlour.core import IllegalAction
from parlour.rulebook.twenty_four import FIND_MS, GIVE_UP_MS, card_value


def at_set(board, stacks=None, players=2, seed=1, **options):
    """A game whose current set holds ``board`` (each seat's cards) over ``stacks`` (top first)."""
    state = parlour.load("twenty-four", players=players, **options).new(seed)
    if stacks is None:
        stacks = [["2C", "3C", "4C"], ["2D", "3D", "4D"], ["2H"], ["2S"]][:players]
    state.start_position(stacks, board)
    return state


def codes(cards):
    return [C.code(c) for c in cards]


def test_the_pack_is_the_forty_number_cards_and_an_ace_counts_one():
    state = parlour.load("twenty-four").new(1)
    assert len(state.pack) == 40
    assert sorted({card_value(c) for c in state.pack.cards}) == list(range(1, 11))
    assert card_value(state.pack.card("AS")) == 1


@pytest.mark.parametrize("players,each", [(2, 20), (4, 10)])
def test_the_whole_pack_is_dealt_out_face_down(players, each):
    state = parlour.load("twenty-four", players=players).new(2)
    cards_per_set = 4 // players
    assert [len(stack) + cards_per_set for stack in state.stacks] == [each] * players
    for player in range(players):
        assert all(seat["hand"] is None for seat in state.view(player)["seats"]), "nobody looks at a stack"


@pytest.mark.parametrize("players,each", [(2, 2), (4, 1)])
def test_each_set_two_players_turn_two_cards_and_four_players_one(players, each):
    state = parlour.load("twenty-four", players=players).new(3)
    assert len(state.board) == 4
    assert [sum(1 for s, _ in state.board if s == seat) for seat in range(players)] == [each] * players


def test_the_first_to_slap_with_a_right_sum_wins_the_set_and_the_other_takes_the_cards():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    state.apply("1:slap:8*5-(7+9)")
    assert codes(state.stacks[0][-4:]) == ["5C", "7C", "8D", "9D"]
    assert len(state.stacks[1]) == 1 and state.set_no == 2
    assert "8 × 5 − (7 + 9) makes 24: right! North wins the set; South takes the four cards." in state.narrative()


def test_a_wrong_sum_loses_the_set_and_the_slapper_takes_the_cards():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    state.apply("0:slap:5+7+8+9")
    assert codes(state.stacks[0][-4:]) == ["5C", "7C", "8D", "9D"]
    assert "5 + 7 + 8 + 9 makes 29, not 24. North wins the set; South takes the four cards." in state.narrative()


def test_a_sum_must_use_each_of_the_four_cards_once():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    assert state.why_illegal("0:slap:8*3") == "There is no 3 among the cards: use 5, 7, 8 and 9."
    assert state.why_illegal("0:slap:8*(9-7)") == ("Use every card: the cards are 5, 7, 8 and 9, "
                                                   "and your sum leaves out 5.")
    assert "uses 9 too often" in state.why_illegal("0:slap:9*5-7-9-8")
    assert state.why_illegal("0:slap:8*5-(7+") == "The sum stops too soon: a number or a bracket is missing at the end."


def test_a_slap_arriving_after_the_set_was_won_is_refused_saying_what_happened():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    state.apply("1:slap:8*5-(7+9)")
    reason = state.why_illegal("0:slap:5*8-7-9")
    assert reason.startswith("Too late: North slapped first with 8 × 5 − (7 + 9) and won set 1. Now make 24 from")
    with pytest.raises(IllegalAction, match="Too late"):
        state.apply("0:slap:5*8-7-9")
    assert state.why_illegal("0:pass:5C").startswith("Too late: North slapped first")


def test_nobody_seeing_a_solution_each_takes_back_a_chosen_card_and_turns_a_new_one():
    state = at_set([["AC", "AD"], ["AH", "AS"]], stacks=[["2C", "3C"], ["4D", "5D"]])
    state.apply("0:pass:AD")
    assert state.set_no == 1 and state.waiting(0)
    state.apply("1:pass:AH")
    assert state.set_no == 2
    assert sorted(codes(c for _, c in state.board)) == sorted(["AC", "2C", "AS", "4D"])
    assert codes(state.stacks[0]) == ["3C", "AD"] and codes(state.stacks[1]) == ["5D", "AH"]


def test_giving_up_names_one_of_your_own_cards():
    state = at_set([["AC", "AD"], ["AH", "AS"]])
    assert state.why_illegal("0:pass:AH") == "Say which of your cards you would take back: pass:AC or pass:AD."
    state.apply("0:pass:AC")
    assert "already said you see no solution" in state.why_illegal("0:pass:AD")


def test_with_four_players_each_takes_back_their_one_card():
    state = at_set([["AC"], ["AD"], ["AH"], ["AS"]], players=4)
    assert "write just pass" in state.why_illegal("0:pass:AC")
    for seat in range(4):
        state.apply(f"{seat}:pass")
    assert codes(c for _, c in state.board) == ["2C", "2D", "2H", "2S"]
    assert codes(state.stacks[2]) == ["AH"]


def test_a_player_who_gave_up_may_still_slap_until_everyone_has():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    state.apply("0:pass:5C")
    assert 0 in state.actors()
    state.apply("0:slap:5*8-7-9")
    assert state.set_no == 2 and len(state.stacks[0]) == 1


def test_four_players_when_three_have_slapped_the_last_chooses_who_explains():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    state.apply("2:slap:8*5-(7+9)")
    assert state.why_illegal("2:slap:5*8-7-9") == "You have slapped: wait until the set is settled."
    state.apply("0:slap:5*8-7-9")
    state.apply("3:slap:5+7+8+9")
    assert state.phase == "explain" and state.actors() == [1]
    assert state.legal_actions(1) == ["1:choose:2", "1:choose:0", "1:choose:3"]
    assert "choose:1" in state.why_illegal("1:choose:1") or "Choose one of the players" in state.why_illegal("1:choose:1")


def test_a_right_explanation_makes_the_chooser_take_the_cards():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    for action in ("2:slap:8*5-(7+9)", "0:slap:5*8-7-9", "3:slap:5+7+8+9", "1:choose:2"):
        state.apply(action)
    assert codes(state.stacks[1][-4:]) == ["5C", "7D", "8H", "9S"]


def test_a_wrong_explanation_makes_the_explainer_take_the_cards():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    for action in ("2:slap:8*5-(7+9)", "0:slap:5*8-7-9", "3:slap:5+7+8+9", "1:choose:3"):
        state.apply(action)
    assert codes(state.stacks[3][-4:]) == ["5C", "7D", "8H", "9S"]
    assert any("makes 29, not 24. West wins the set; East takes the four cards." in line for line in state.narrative())


def test_a_slap_stays_secret_until_it_is_explained():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    state.apply("2:slap:8*5-(7+9)")
    assert "North slaps, first." in state.narrative(0)
    assert "North slaps, first, with 8 × 5 − (7 + 9)." in state.narrative(2)


def test_four_players_when_some_give_up_the_last_to_give_up_chooses():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    for action in ("1:pass", "0:slap:5*8-7-9", "3:pass", "2:pass"):
        state.apply(action)
    assert state.phase == "explain" and state.chooser == 2


def test_two_players_one_with_a_single_card_left_the_other_makes_up_four():
    state = at_set([[], []], stacks=[["5C"], ["7D", "8D", "9D", "2D"]])
    assert [s for s, _ in state.board] == [0, 1, 1, 1]


def test_the_first_player_out_of_cards_once_the_set_is_settled_wins():
    state = at_set([["5C", "7C"], ["8D", "9D"]], stacks=[[], ["2D", "3D"]])
    state.apply("0:slap:5*8-7-9")
    assert state.is_over and state.outcome.winners == (0,)
    assert state.outcome.text == "South has no cards left and wins."


def test_two_players_running_out_together_share_the_win():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4, stacks=[[], ["2D"], [], ["2S"]])
    for action in ("2:slap:8*5-(7+9)", "0:slap:5*8-7-9", "3:slap:5*8-7-9", "1:choose:2"):
        state.apply(action)
    assert state.outcome.winners == (0, 2)
    assert state.outcome.text == "South and North have no cards left and win together."


def test_a_game_of_sets_nobody_solves_stops_with_no_winner():
    state = at_set([["AC", "AD"], ["AH", "AS"]], stacks=[[], []], max_sets=20)
    for _ in range(20):
        state.apply("0:pass:AC")
        state.apply("1:pass:AH")
    assert state.is_over and state.outcome.winners == ()
    assert "No winner after 20 sets" in state.outcome.text


def test_a_typed_sum_is_recorded_in_one_tidy_spelling():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    state.apply(state.own(0, "slap: (8 × 5) − (7 + 9)"))
    assert state.history[-1] == "0:slap:8*5-(7+9)"


def test_show_me_a_solution_gives_one_or_says_there_is_none():
    assert at_set([["5C", "7C"], ["8D", "9D"]]).hint(0) == "One way: 5 × 8 − 7 − 9 = 24 (2 different ways in all)."
    assert at_set([["AC", "AD"], ["AH", "AS"]]).hint(0) == "1, 1, 1 and 1 cannot make 24: say you see no solution."


def test_the_reader_builds_a_sum_from_card_buttons_signs_and_brackets():
    entry = at_set([["5C", "7C"], ["8D", "9D"]]).view(0)["entry"]
    labels = [t["label"] for t in entry["tokens"]]
    assert labels[:4] == ["5♣", "7♣", "8♦", "9♦"] and {"+", "−", "×", "÷", "(", ")"} <= set(labels)
    assert entry["verb"] == "slap" and entry["hint"] == "Show me a solution"


def test_computer_players_find_easier_sets_faster_and_give_up_slowest():
    easy = at_set([["AC", "2C"], ["3D", "4D"]])
    hard = at_set([["3C", "3D"], ["8D", "8H"]])
    assert easy.think_ms(0, "0:slap:1*2*3*4") == FIND_MS[1] < hard.think_ms(0, "0:slap:8/(3-8/3)") == FIND_MS[3]
    assert hard.think_ms(0, "0:pass:3C") == GIVE_UP_MS


def test_the_rule_bot_wins_against_random_players():
    game = parlour.load("twenty-four")
    wins = 0
    for seed in range(12):
        state = play_out(game.new(seed), [make_bot(game, "rule", seed), RandomBot(seed)])
        wins += state.outcome.winners == (0,)
    assert wins >= 9


def test_the_command_line_solves_a_set():
    out = io.StringIO()
    assert main(["solve", "twenty-four", "5", "7", "8", "9"], out=out) == 0
    assert out.getvalue() == "5 × 8 − 7 − 9 = 24\n"
    out = io.StringIO()
    assert main(["solve", "twenty-four", "5", "7", "8", "9", "--all"], out=out) == 0
    assert out.getvalue().splitlines() == ["5 × 8 − 7 − 9 = 24", "8 × (5 + 7 − 9) = 24"]
    out = io.StringIO()
    assert main(["solve", "twenty-four", "A", "1", "1", "1"], out=out) == 1 and out.getvalue() == "no solution\n"
    assert main(["solve", "twenty-four", "5", "7", "8"], out=io.StringIO()) == 2
    assert main(["solve", "twenty-four", "5", "7", "8", "J"], out=io.StringIO()) == 2
    assert main(["solve", "hearts", "1"], out=io.StringIO()) == 2


def test_the_rule_bots_reason_states_its_sum_or_why_it_gives_up():
    bot = make_bot(parlour.load("twenty-four"), "rule", 1)
    assert explain(bot, at_set([["5C", "7C"], ["8D", "9D"]]), 0) == ("0:slap:5*8-7-9", "slaps: 5 × 8 − 7 − 9 = 24")
    assert explain(bot, at_set([["AC", "2C"], ["AD", "AH"]]), 0) == (
        "0:pass:2C", "finds no way to make 24 from 1, 2, 1 and 1, so takes back the 2♣, the higher of its two cards")


def test_a_solution_shown_ends_the_set_for_everyone_with_no_winner():
    """The readings: asking to be shown a solution ends the set; each takes back what they turned."""
    state = at_set([["5C", "7C"], ["8D", "9D"]], stacks=[["2C", "3C"], ["4D", "5D"]])
    state.apply("0:show:1")
    assert "South asks to see a solution: 5 × 8 − 7 − 9 = 24." in state.narrative()
    assert state.set_no == 2 and not state.is_over
    assert codes(state.stacks[0]) == ["5C", "7C"] and codes(state.stacks[1]) == ["8D", "9D"]
    assert sorted(codes(c for _, c in state.board)) == sorted(["2C", "3C", "4D", "5D"])
    # North, who had the same sum in mind, may no longer slap it: the set is over.
    assert state.why_illegal("1:slap:5*8-7-9").startswith("Too late: South was shown a solution of set 1")


def test_a_request_to_see_a_solution_names_the_set_and_a_late_one_is_refused():
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    assert "0:show:1" in state.legal_actions(0)
    state.apply("1:slap:8*5-(7+9)")
    assert state.why_illegal("0:show:1").startswith("Too late: North slapped first")
    assert state.why_illegal("0:show:9") == "Say which set you want to see solved: show:2 (this set)."


def test_a_solution_shown_of_a_set_with_none_says_so():
    state = at_set([["AC", "AD"], ["AH", "AS"]])
    state.apply("0:show:1")
    assert "South asks to see a solution: there is none: 1, 1, 1 and 1 cannot make 24." in state.narrative()


def test_twenty_four_offers_the_wait_for_me_pace_first_and_it_waits_for_the_readers_move():
    from parlour.clock import Clock, paces_for
    state = parlour.load("twenty-four").new(5)
    assert state.paces[0] == "practice"
    bots = {1: make_bot(state.game, "rule", 1)}
    clock = Clock(state, bots, paces_for(bots, "practice"), seed=5, reader=0)
    assert clock.next_plan() is None, "nobody moves before the reader's first move"
    state.apply("0:show:1")
    clock.reader_moved()
    plan = clock.step()
    assert plan is not None and plan.seat == 1
    assert clock.next_plan() is None, "one move after each of the reader's, then it waits"


def test_show_me_a_solution_is_the_entrys_hint_button_and_not_a_button_of_its_own():
    from parlour import render
    from parlour.view import clickable
    state = at_set([["5C", "7C"], ["8D", "9D"]])
    view = state.view(0)
    assert view["entry"]["hint_move"] == "show:1"
    assert "0:show:1" in [m["action"] for m in view["legal"]]
    assert "0:show:1" not in [m["action"] for m in clickable(view)]
    html = render.table(view, state.pack, interactive=True)
    assert 'data-entry="hint" data-move="show:1"' in html and 'data-action="0:show:1"' not in html


def test_strong_the_last_player_left_asks_the_first_to_slap_to_explain():
    state = at_set([["5C"], ["7D"], ["8H"], ["9S"]], players=4)
    for action in ("2:slap:8*5-(7+9)", "0:slap:5*8-7-9", "3:slap:5+7+8+9"):
        state.apply(action)
    for seed in range(5):  # Family asks at random; Strong always the quickest slapper
        action, reason = explain(make_bot(state.game, "search", seed), state, 1)
        assert action == "1:choose:2" and "slapped first" in reason


def test_strong_slaps_and_gives_up_quicker_than_family_at_the_same_pace():
    from parlour.clock import Clock, paces_for
    # A set with a sum, and one without (four aces): Strong's plan lands before Family's can.
    for board, verb in (([["5C", "7D"], ["8H", "9S"]], "slap"), ([["AC", "AD"], ["AH", "AS"]], "pass")):
        state = at_set(board)
        bots = {0: make_bot(state.game, "search", 1), 1: make_bot(state.game, "rule", 1)}
        plans = Clock(state, bots, paces_for(bots, "family"), seed=3).plans
        assert all(plan.action.split(":")[1] == verb for plan in plans.values())
        think = state.think_ms(0, plans[0].action)
        assert think == state.think_ms(1, plans[1].action)
        # Strong's time is its think_percent of a person's (varied by the clock's 80 % to 125 %).
        assert think * bots[0].think_percent * 80 // 10000 <= plans[0].due <= think * bots[0].think_percent * 125 // 10000
        assert plans[0].due < plans[1].due
