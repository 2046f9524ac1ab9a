"""Back Alley (seed 003): one test per rule clause, and seeded random games with invariants."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.rulebook.back_alley import SCHEDULE, contract_score

from helpers import deck_for_hands, hand_codes, mask, play, trick_position

GAME = "back-alley"


def position(hands, trump="S", bids=None, leader=None, broken=False, seed=0):
    """Play starting from these hands (South, West, North, East), after the given bids in order.

    ``trump`` is a suit letter or ``None`` for no trumps.  Bids default to one trick for the
    first bidder and passes; the leader follows from the bids unless given.
    """
    state = parlour.load(GAME).new(seed)
    state.size = len(hands[0])
    for bid in bids or ["bid:1", "pass", "pass", "pass"]:
        state.apply(bid)
    assert state.phase == "play"
    trick_position(state, hands, state.turn if leader is None else leader, trump)
    state.trumps_broken = broken
    return state


def bidding_state(seed=0):
    state = parlour.load(GAME).new(seed)
    assert state.phase == "bid"
    return state


# --- the game, the pack, the deal ---------------------------------------------

def test_back_alley_is_registered_for_four_with_the_54_card_pack():
    game = parlour.load(GAME)
    assert game.num_players == 4
    state = game.new(0)
    assert len(state.pack) == 54
    assert {"BJ", "LJ"} <= {C.code(c) for c in state.pack.cards}


def test_hand_sizes_run_thirteen_down_to_one_and_back_up():
    assert SCHEDULE.sizes == (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                              1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert len(SCHEDULE) == 26 and SCHEDULE.size(13) == SCHEDULE.size(14) == 1


def test_each_hand_deals_its_size_and_the_deal_passes_left():
    game = parlour.load(GAME)
    state = game.new(5)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    seen = {}
    while not state.is_over:
        if state.phase == "bid" and state.hand_no not in seen:
            seen[state.hand_no] = state.dealer
            assert all(C.count(h) == SCHEDULE.size(state.hand_no) for h in state.hands)
        state.apply(bots[state.to_move()].choose(state))
    assert sorted(seen) == list(range(1, 27))
    for hand in range(2, 27):
        assert seen[hand] == (seen[hand - 1] + 1) % 4


def test_the_upcard_fixes_trumps():
    state = bidding_state(3)
    assert state.upcard is not None and C.suit_of(state.upcard) != C.JOKERS
    assert state.trump == C.suit_of(state.upcard)
    assert "trumps" in state.view(None)["status"].lower()


def joker_deck(game, seed, upcard, last):
    """Hands of 13 from every other card in pack order: the remaining joker goes to East (seat 3)."""
    others = [C.code(c) for c in game.new(seed).pack.cards if C.code(c) not in (upcard, last)]
    hands = [others[i * 13:(i + 1) * 13] for i in range(4)]
    return hands, deck_for_hands(game, seed, hands, rest=[upcard, last])


def test_joker_upcard_means_no_trumps_and_the_other_joker_is_swapped_for_the_last_card():
    game = parlour.load(GAME)
    hands, deck = joker_deck(game, 0, "BJ", "7H")
    assert "LJ" in hands[3]
    state = game.new(0, deck)
    assert state.trump is None and C.code(state.upcard) == "BJ"
    assert "LJ" not in hand_codes(state, 3) and "7H" in hand_codes(state, 3)
    assert C.count(state.hands[3]) == 13
    assert state.discarded == mask(state, ["LJ"])
    assert state.stock == []
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
    assert any("without trumps" in line for line in state.narrative())


def test_little_joker_upcard_swaps_the_big_one():
    game = parlour.load(GAME)
    others = [C.code(c) for c in game.new(0).pack.cards if C.code(c) not in ("LJ", "2C")]
    hands = [others[i * 13:(i + 1) * 13] for i in range(4)]
    hands[1][0], hands[3][-1] = hands[3][-1], hands[1][0]   # West gets the big joker
    state = game.new(0, deck_for_hands(game, 0, hands, rest=["LJ", "2C"]))
    assert state.trump is None
    assert "BJ" not in hand_codes(state, 1) and "2C" in hand_codes(state, 1)


def test_without_a_joker_upcard_the_last_card_stays_out_of_play():
    game = parlour.load(GAME)
    others = [C.code(c) for c in game.new(0).pack.cards if C.code(c) not in ("QD", "5C")]
    hands = [others[i * 13:(i + 1) * 13] for i in range(4)]
    state = game.new(0, deck_for_hands(game, 0, hands, rest=["QD", "5C"]))
    assert state.trump == C.DIAMONDS
    assert [C.code(c) for c in state.stock] == ["5C"]
    assert [hand_codes(state, s) for s in range(4)] == [set(h) for h in hands]


# --- ranking --------------------------------------------------------------------

def test_bloopers_are_the_two_highest_trumps_above_the_ace():
    state = position([["AS", "3H"], ["LJ", "4H"], ["BJ", "5H"], ["KS", "6H"]], broken=True, leader=0)
    play(state, "AS", "LJ")
    assert state.rules.winner(state.trick) == 1
    play(state, "BJ", "KS")
    assert state.tricks_won[2] == 1


def test_a_blooper_counts_as_a_trump_when_following():
    state = position([["AS", "3H"], ["LJ", "4H"], ["5S", "5H"], ["KS", "6H"]], broken=True, leader=0)
    play(state, "AS")
    assert state.why_illegal("4H") == "You must follow spades."
    assert state.legal_actions() == ["LJ"]


def test_cards_rank_aces_high_and_trumps_beat_the_suit_led():
    state = position([["KH", "3C"], ["AH", "4C"], ["2S", "5C"], ["QH", "6C"]], leader=0)
    play(state, "KH", "AH", "2S", "QH")
    assert state.tricks_won[2] == 1
    state = position([["KH", "3C"], ["AH", "4C"], ["2D", "5C"], ["QH", "6C"]], leader=0)
    play(state, "KH", "AH", "2D", "QH")
    assert state.tricks_won[1] == 1


# --- bidding ----------------------------------------------------------------------

def test_one_bid_each_starting_at_the_dealers_left_and_ending_with_the_dealer():
    state = bidding_state(7)
    order = []
    for bid in ["bid:2", "pass", "bid:3", "pass"]:
        order.append(state.to_move())
        state.apply(bid)
    assert order == [(state.dealer + k) % 4 for k in range(1, 5)]
    assert order[-1] == state.dealer
    assert state.phase == "play"


def test_number_bids_run_from_one_to_twelve_with_thirteen_cards():
    state = bidding_state()
    legal = state.legal_actions()
    assert [a for a in legal if a.startswith("bid:")] == [f"bid:{n}" for n in range(1, 13)]
    assert "pass" in legal and "board" in legal
    assert state.why_illegal("bid:13") == "A number bid is from 1 to 12 tricks."
    assert state.why_illegal("bid:0") == "A number bid is from 1 to 12 tricks."


def test_smaller_hands_cap_number_bids_below_every_trick():
    state = bidding_state()
    state.size = 5
    assert state.why_illegal("bid:4") is None
    assert state.why_illegal("bid:5") == "With 5 cards each you may bid 1 to 4; to bid every trick, bid board."
    state.size = 1
    assert state.legal_actions() == ["pass", "board"]
    assert state.why_illegal("bid:1") == "With one card each, the only bids are pass and board."


def test_board_bids_climb_double_triple_quadruple():
    state = bidding_state()
    assert state.why_illegal("double-board") == "Nobody has bid board yet: the first board bid is plain board."
    state.apply("board")
    assert state.why_illegal("board") == "The only board bid open to you now is double board."
    assert state.why_illegal("triple-board") == "The only board bid open to you now is double board."
    state.apply("double-board")
    state.apply("triple-board")
    assert state.why_illegal("triple-board") == "The only board bid open to you now is quadruple board."
    assert state.why_illegal("quadruple-board") is None
    state.apply("quadruple-board")
    assert state.phase == "play"


def test_all_four_passing_means_the_same_dealer_deals_again():
    state = bidding_state(2)
    dealer, before = state.dealer, [set(hand_codes(state, s)) for s in range(4)]
    for _ in range(4):
        state.apply("pass")
    assert state.phase == "bid" and state.hand_no == 1 and state.dealer == dealer
    assert state.to_move() == (dealer + 1) % 4
    assert [set(hand_codes(state, s)) for s in range(4)] != before
    assert all(C.count(h) == 13 for h in state.hands)
    assert sorted(state.all_cards()) == sorted(state.pack.cards)
    assert any("deals again" in t for t in state.narrative())


def test_the_partnership_contract_is_the_sum_of_both_bids():
    state = bidding_state()
    first = state.to_move()
    play(state, "bid:3", "bid:2", "bid:4", "pass")
    team_first = 0 if first in (0, 2) else 1
    assert state.contracts[team_first] == (7, 0)
    assert state.contracts[1 - team_first] == (2, 0)


def test_a_board_bid_makes_the_partnership_contract_every_trick():
    state = bidding_state()
    first = state.to_move()
    play(state, "bid:3", "bid:2", "board", "pass")
    team_first = 0 if first in (0, 2) else 1
    assert state.contracts[team_first] == (13, 1)


def test_the_highest_bidder_leads_and_the_first_in_order_wins_a_tie():
    state = bidding_state(4)
    order = [(state.dealer + k) % 4 for k in range(1, 5)]
    play(state, "bid:3", "bid:5", "bid:5", "bid:4")
    assert state.to_move() == order[1]


def test_the_highest_board_bid_leads():
    state = bidding_state(4)
    order = [(state.dealer + k) % 4 for k in range(1, 5)]
    play(state, "board", "bid:12", "double-board", "pass")
    assert state.to_move() == order[2]


# --- play ----------------------------------------------------------------------------

def test_suit_must_be_followed():
    state = position([["AH", "3C"], ["2H", "4S"], ["5H", "5C"], ["QH", "6C"]], leader=0)
    play(state, "AH")
    assert state.why_illegal("4S") == "You must follow hearts."


def test_a_player_without_the_suit_may_play_anything_including_a_trump():
    state = position([["AH", "3C"], ["4S", "4C"], ["5H", "5C"], ["QH", "6C"]], leader=0)
    play(state, "AH")
    assert set(state.legal_actions()) == {"4S", "4C"}


def test_trumps_cannot_be_led_until_broken():
    state = position([["AS", "3C", "7D"], ["4H", "4C", "8D"], ["5H", "5C", "9D"], ["QH", "6C", "2S"]], leader=0)
    assert state.why_illegal("AS") == ("Trumps are not broken yet: you cannot lead a trump until one has "
                                       "been played to a trick of another suit.")
    play(state, "3C", "4C", "5C", "6C")       # East wins the club trick
    assert not state.trumps_broken
    play(state, "QH")
    play(state, "7D")                          # South has no hearts: a diamond, not a trump
    assert not state.trumps_broken


def test_a_trump_played_to_another_suit_breaks_trumps():
    state = position([["AS", "3C", "7D"], ["4H", "4C", "8D"], ["5H", "5C", "9D"], ["QH", "6C", "2S"]], leader=3)
    play(state, "QH", "AS")                    # South cannot follow hearts and trumps
    assert state.trumps_broken
    play(state, "4H", "5H")
    assert state.to_move() == 0
    assert state.why_illegal("7D") is None and state.trumps_broken


def test_a_trump_led_does_not_break_trumps():
    state = position([["AS", "3C"], ["4S", "4C"], ["5S", "5C"], ["QS", "6C"]], leader=0, broken=False)
    state.hands[0] = mask(state, ["AS", "KS"])  # only trumps: may lead one
    assert state.why_illegal("AS") is None
    play(state, "AS", "4S", "5S", "QS")
    assert not state.trumps_broken


def test_a_hand_of_only_trumps_may_lead_one_before_they_are_broken():
    state = position([["AS", "LJ"], ["4H", "4C"], ["5H", "5C"], ["QH", "6C"]], leader=0)
    assert not state.trumps_broken
    assert state.legal_actions() == ["AS", "LJ"]


def test_big_blooper_led_calls_for_everyones_highest_trump():
    state = position([["BJ", "3C"], ["4S", "KS"], ["2S", "5C"], ["QH", "6C"]],
                     leader=0, broken=True)
    play(state, "BJ")
    assert state.why_illegal("4S") == "The big blooper was led: you must play your highest trump, the K♠."
    assert state.legal_actions() == ["KS"]
    play(state, "KS", "2S")
    assert set(state.legal_actions()) == {"QH", "6C"}    # no trump: anything


def test_little_blooper_led_calls_for_everyones_lowest_trump():
    state = position([["LJ", "3C"], ["4S", "KS"], ["2S", "AS"], ["QH", "6C"]], leader=0, broken=True)
    play(state, "LJ")
    assert state.why_illegal("KS") == "The little blooper was led: you must play your lowest trump, the 4♠."
    play(state, "4S")
    assert state.legal_actions() == ["2S"]
    play(state, "2S", "QH")
    assert state.tricks_won[0] == 1


def test_a_led_little_blooper_loses_only_to_a_lone_big_blooper():
    state = position([["LJ", "3C"], ["4S", "KS"], ["BJ", "AH"], ["QH", "6C"]], leader=0, broken=True)
    play(state, "LJ", "4S")
    assert state.legal_actions() == ["BJ"]     # the big blooper is North's lowest (only) trump
    play(state, "BJ", "QH")
    assert state.tricks_won[2] == 1


# --- scoring -------------------------------------------------------------------------

def test_a_made_contract_scores_five_a_trick_bid_and_one_an_overtrick():
    assert contract_score(7, 7, 0, 13) == 35
    assert contract_score(9, 7, 0, 13) == 37
    assert contract_score(3, 0, 0, 13) == 3


def test_a_failed_contract_loses_five_a_trick_bid():
    assert contract_score(6, 7, 0, 13) == -35
    assert contract_score(0, 1, 0, 1) == -5


def test_board_scores_ten_a_trick_and_double_triple_quadruple_multiply():
    assert contract_score(13, 13, 1, 13) == 130
    assert contract_score(12, 13, 1, 13) == -130
    assert contract_score(5, 5, 2, 5) == 100
    assert contract_score(5, 5, 3, 5) == 150
    assert contract_score(4, 5, 4, 5) == -200


def test_a_hand_is_scored_for_both_partnerships():
    # Two cards each: South (leader) bids 1, North 1 (contract 2); West bids board.
    hands = [["AH", "AC"], ["2H", "2C"], ["3H", "3C"], ["4H", "4C"]]
    state = position(hands)
    # The bids' outcome, set directly: South & North a contract of 2, West & East board.
    state.contracts = [(2, 0), (2, 1)]
    state.start_play(0)
    play(state, "AH", "2H", "3H", "4H", "AC", "2C", "3C", "4C")
    assert state.sheet.rows[-1][1] == ["+10", "-20"]
    assert state.sheet.totals == [10, -20]
    assert state.hand_no == 2


def test_the_game_ends_after_26_hands_and_the_higher_total_wins():
    game = parlour.load(GAME)
    state = game.new(11)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    assert len(state.sheet.rows) == 26 and state.hand_no == 26
    totals = state.sheet.totals
    winner = 0 if totals[0] > totals[1] else 1
    assert totals[0] != totals[1]
    assert state.outcome.winners == tuple(sorted((0, 2) if winner == 0 else (1, 3)))


def test_equal_totals_after_26_hands_share_the_win():
    game = parlour.load(GAME)
    state = game.new(13)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    while not (state.hand_no == 26 and state.phase == "play"):
        state.apply(bots[state.to_move()].choose(state))
    future = state.clone()
    while not future.is_over:
        future.apply(bots[future.to_move()].choose(future))
    last = [int(v) for v in future.sheet.rows[-1][1]]
    state.sheet.totals = [100, 100 + last[0] - last[1]]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    assert state.sheet.totals[0] == state.sheet.totals[1]
    assert state.outcome.winners == (0, 1, 2, 3)
    assert state.outcome.text.startswith("A tie")


# --- seeded random games --------------------------------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_cards_tricks_and_scores_as_the_rules_say(seed):
    game = parlour.load(GAME)
    state = game.new(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(4)]
    scored = []
    original = state.hand_done

    def spy():
        tricks = [sum(state.tricks_won[s] for s in team) for team in ((0, 2), (1, 3))]
        assert sum(tricks) == state.size == len(state.tricks_played)
        scored.append((list(state.contracts), tricks, state.size))
        original()

    state.hand_done = spy
    while not state.is_over:
        assert sorted(state.all_cards()) == sorted(state.pack.cards)
        if state.phase == "bid":
            numbers = [int(a[4:]) for a in state.legal_actions() if a.startswith("bid:")]
            assert max(numbers, default=0) == min(12, state.size - 1)
        state.apply(bots[state.to_move()].choose(state))
    assert len(scored) == 26 == len(state.sheet.rows)
    for (contracts, tricks, size), (label, row) in zip(scored, state.sheet.rows):
        expected = [contract_score(t, n, b, size) for (n, b), t in zip(contracts, tricks)]
        assert [int(v) for v in row] == expected
        assert label.startswith("Hand")
    assert [size for _, _, size in scored] == list(SCHEDULE.sizes)
    assert state.sheet.totals == [sum(int(r[1][t]) for r in state.sheet.rows) for t in range(2)]
