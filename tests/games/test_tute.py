"""Tute: one test per rule clause of seed 003 (and capote from seed 001's glossary)."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot, play_out
from parlour.core import IllegalAction
from parlour import spanish
from parlour.rulebook.tute import TuteState, card_points

from helpers import finish_hand, hand_codes, play

PACK = [C.code(c) for c in C.SPANISH_40.cards]
SOUTH, WEST, NORTH, EAST = range(4)


def new_game(trump_suit="B", seed=0, **options):
    """A game (seed 0: South deals) whose turned-up card is a card of ``trump_suit``."""
    game = parlour.load("tute", **options)
    turned = f"2{trump_suit}"
    deck = [c for c in PACK if c != turned] + [turned]
    return game.new(seed, deck)


def position(hands, trump_suit="B", **options):
    """The first trick of a hand, with these cards in the seats (South, West, North, East)."""
    state = new_game(trump_suit, **options)
    state.hands = [C.mask_of(state.pack.card(c) for c in hand) for hand in hands]
    return state


def test_the_game_is_registered_for_four_with_the_spanish_pack():
    spec = parlour.registry.spec("tute")
    assert spec.info.players == (2, 3, 4) and parlour.load("tute").num_players == 4
    state = parlour.load("tute").new(1)
    assert state.pack is C.SPANISH_40
    assert len(state.pack.cards) == 40
    assert sum(spanish.points(c) for c in state.pack.cards) == 120


def test_ten_cards_each_and_the_last_card_dealt_is_the_dealers_and_fixes_trumps():
    game = parlour.load("tute")
    for seed in range(5):
        state = game.new(seed)
        assert [C.count(h) for h in state.hands] == [10] * 4
        assert state.hands[state.dealer] >> state.trump_shown & 1
        assert state.rules.trump == C.suit_of(state.trump_shown)
    # Stacked: the 40th card of the pack is the dealer's tenth card.
    state = new_game("C")
    assert C.code(state.trump_shown) == "2C"
    assert state.trump == C.COPAS
    assert "2C" in hand_codes(state, state.dealer)


def test_play_goes_counter_clockwise_from_the_dealers_right():
    state = new_game()
    assert state.dealer == SOUTH
    assert state.to_move() == EAST           # the dealer's right
    order = [state.to_move()]
    for _ in range(3):
        state.apply(state.legal_actions()[0])
        order.append(state.to_move())
    assert order == [EAST, NORTH, WEST, SOUTH]


def test_the_deal_passes_to_the_right():
    game = parlour.load("tute", hands=3)
    state = game.new(0)
    first = state.dealer
    finish_hand(state)
    assert state.dealer == (first - 1) % 4


def test_card_ranking_ace_three_rey_caballo_sota_seven_down_to_two():
    state = position([["4O"], ["2O"], ["12O"], ["3O"]])
    play(state, "3O", "12O")                  # East leads the three, North the rey
    play(state, "2O", "4O")
    assert state.tricks_won[EAST] == 1        # the three beats the rey
    state = position([["3E"], ["7E"], ["1E"], ["10E"]])
    play(state, "10E", "1E", "7E", "3E")
    assert state.tricks_won[NORTH] == 1       # the ace beats the three
    state = position([["2C"], ["7C"], ["4C"], ["5C"]])
    play(state, "5C", "4C", "7C", "2C")
    assert state.tricks_won[WEST] == 1        # seven beats five, four, two


def test_you_must_follow_suit():
    state = position([["4C", "7B"], ["6O", "5E"], ["5C", "6E"], ["1C", "3O"]])
    play(state, "1C")
    assert state.why_illegal("6E") == "You must follow copas."
    with pytest.raises(IllegalAction, match="follow copas"):
        state.apply("6E")
    assert state.legal_actions() == ["5C"]


def test_you_must_beat_the_best_card_of_the_suit_if_you_can():
    state = position([["4C"], ["5E"], ["5C", "12C", "6E"], ["11C"]])
    play(state, "11C")
    assert state.why_illegal("5C") == "You must play a higher card than the best one in the trick if you can."
    assert state.legal_actions() == ["12C"]


def test_a_follower_who_cannot_beat_may_play_any_card_of_the_suit():
    state = position([["4C"], ["5E"], ["5C", "12C"], ["1C"]])
    play(state, "1C")
    assert set(state.legal_actions()) == {"5C", "12C"}


def test_a_player_void_in_the_suit_led_must_trump():
    state = position([["4C"], ["6B", "5O", "6E"], ["5C"], ["1C"]])
    play(state, "1C", "5C")
    assert state.why_illegal("5O") == "You have no copas, so you must play a trump (bastos)."
    assert state.legal_actions() == ["6B"]


def test_a_player_void_in_the_suit_led_must_overtrump_if_able():
    state = position([["4B", "1B", "5O"], ["6B", "6E"], ["5C"], ["1C"]])
    play(state, "1C", "5C", "6B")
    assert state.why_illegal("4B") == "You must beat the highest trump in the trick if you can."
    assert state.why_illegal("5O") == "You have no copas, so you must play a trump (bastos)."
    assert state.legal_actions() == ["1B"]


def test_unable_to_overtrump_a_void_player_must_still_trump():
    state = position([["4B", "5O"], ["6B", "6E"], ["5C"], ["1C"]])
    play(state, "1C", "5C", "6B")
    assert state.legal_actions() == ["4B"]


def test_only_a_player_with_neither_the_suit_nor_trumps_may_throw_another_suit():
    state = position([["4C"], ["6O", "6E"], ["5C"], ["1C"]])
    play(state, "1C", "5C")
    assert set(state.legal_actions()) == {"6O", "6E"}


def test_a_follower_need_not_head_a_trick_that_has_been_trumped():
    state = position([["2C", "12C"], ["6B"], ["5C"], ["11C"]])
    play(state, "11C", "5C", "6B")
    assert set(state.legal_actions()) == {"2C", "12C"}


def test_trumps_led_must_be_followed_and_headed():
    state = position([["4B", "1B", "5O"], ["7B"], ["5C"], ["6B"]])
    play(state, "6B", "5C", "7B")
    assert state.legal_actions() == ["1B"]


def test_the_highest_trump_wins_otherwise_the_highest_card_of_the_suit_led():
    state = position([["1C"], ["2B"], ["3C"], ["5C"]])
    play(state, "5C", "3C", "2B", "1C")
    assert state.tricks_won[WEST] == 1        # the lowest trump beats the ace of the suit led
    state = position([["1O"], ["2E"], ["3C"], ["5C"]])
    play(state, "5C", "3C", "2E", "1O")
    assert state.tricks_won[NORTH] == 1       # off-suit aces do not count


def test_the_winner_of_a_trick_leads_the_next():
    state = position([["1C", "4O"], ["2C", "5O"], ["3C", "6O"], ["5C", "7O"]])
    play(state, "5C", "3C", "2C", "1C")
    assert state.to_move() == SOUTH
    assert state.trick.leader == SOUTH


# -- singing marriages

SING_HANDS = [["4C", "5C", "6C"],
              ["2C", "6O", "6E"],
              ["3C", "7O", "7E"],
              ["1C", "12O", "11O"]]


def test_a_marriage_is_sung_only_after_winning_a_trick_before_the_next_lead():
    state = position(SING_HANDS)
    # East holds rey and caballo of oros but has not won a trick yet.
    assert state.why_illegal("veinte:O") == (
        "You may sing only just after winning a trick, before you lead to the next one.")
    assert "veinte:O" not in state.legal_actions()
    play(state, "1C", "3C", "2C", "4C")       # East wins
    assert "veinte:O" in state.legal_actions()
    play(state, "veinte:O")
    assert state.declared_points == [0, 20]
    assert state.to_move() == EAST


def test_a_marriage_cannot_be_sung_after_the_lead_or_by_a_player_who_did_not_win():
    state = position([["1C", "12E", "11E"], ["2C", "6O", "6E"], ["3C", "7O", "7E"], ["5C", "12O", "11O"]])
    play(state, "5C", "3C", "2C", "1C")       # South wins the trick
    assert state.why_illegal("veinte:O") is not None   # East did not win it (South is to move)
    play(state, "12E")                         # South leads without singing
    state.turn = SOUTH
    assert state.why_illegal("veinte:E") is not None


def test_one_marriage_at_a_time():
    state = position([["4C", "5C", "6C", "7C", "4O"], ["2C", "6O", "6E", "2O", "5O"],
                      ["3C", "7O", "7E", "2E", "4E"], ["1C", "12O", "11O", "12E", "11E"]])
    play(state, "1C", "3C", "2C", "4C")
    play(state, "veinte:O")
    assert state.why_illegal("veinte:E") == (
        "You may sing only just after winning a trick, before you lead to the next one.")
    # After winning another trick the second marriage may be sung.
    play(state, "12O", "7O", "6O", "4O")
    assert state.to_move() == EAST
    assert state.why_illegal("veinte:E") is None


def test_the_same_marriage_cannot_be_sung_twice():
    state = position([["4C", "5C", "4O"], ["2C", "6C", "5O"], ["3C", "7C", "2O"], ["1C", "3O", "12O", "11O"]])
    play(state, "1C", "3C", "2C", "4C", "veinte:O")
    play(state, "3O", "2O", "5O", "4O")       # East wins again
    assert state.why_illegal("veinte:O") == "You have already sung the oros."


def test_las_cuarenta_is_the_trump_marriage_and_scores_40():
    state = position([["4C", "5C", "6C"], ["2C", "6O", "6E"], ["3C", "7O", "7E"], ["1C", "12B", "11B"]])
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("veinte:B") == "The marriage in trumps is las cuarenta, not las veinte."
    play(state, "cuarenta")
    assert state.declared_points == [0, 40]


def test_if_a_player_holds_las_cuarenta_it_must_be_the_first_declaration_made():
    state = position([["4C", "5C", "6C", "7C", "4O"], ["2C", "6O", "6E", "2O", "10B"],
                      ["3C", "7O", "7E", "2E", "4B"], ["1C", "12O", "11O", "12B", "11B"]])
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("veinte:O") == "You hold las cuarenta: it must be the first marriage you sing."
    assert "veinte:O" not in state.legal_actions() and "cuarenta" in state.legal_actions()
    play(state, "cuarenta")
    play(state, "11B", "4B", "10B", "4O")     # wins again with a trump: now the twenty may be sung
    assert "veinte:O" in state.legal_actions()


def test_the_audits_deal_offers_only_las_cuarenta_first():
    deck = ("1O 5O 6O 2O 3O 4O 7O 10O 12O 12E 2E 1C 11O 1B 3E 3C 12B 3B 4E 7C 11B 4B 5E 10C 2C 5B 6E 11C "
            "4C 6B 7E 12C 5C 7B 10E 1E 6C 10B 11E 2B").split()
    state = parlour.load("tute").new(0, deck)
    play(state, "1O", "4O", "6O", "2O")
    assert state.to_move() == EAST
    singing = [a for a in state.legal_actions() if not state.pack.find(a)]
    assert "cuarenta" in singing and not any(a.startswith("veinte") for a in singing)


def test_once_las_veinte_has_been_declared_las_cuarenta_may_no_longer_be_declared():
    state = position([["4C", "5C", "6C", "7C", "4O"], ["2C", "6O", "6E", "2O", "10B"],
                      ["3C", "7O", "7E", "2E", "4B"], ["1C", "12O", "11O", "12B", "11B"]], cuarenta="forfeit")
    play(state, "1C", "3C", "2C", "4C")
    play(state, "veinte:O")                    # the option lets the twenty go first
    play(state, "12O", "7O", "6O", "4O")      # wins again, still holding rey and caballo of trumps
    assert state.to_move() == EAST
    assert state.why_illegal("cuarenta") == "You sang las veinte first, so las cuarenta can no longer be sung."
    assert "cuarenta" not in state.legal_actions()


def test_singing_needs_both_the_rey_and_the_caballo():
    state = position([["4C", "5C", "6C"], ["2C", "6O", "6E"], ["3C", "7O", "7E"], ["1C", "12O", "10O"]])
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("veinte:O") == "You need the rey and the caballo of oros to sing them."


def test_four_reyes_sung_as_tute_win_the_hand_at_once():
    state = position([["4C", "5C", "6C", "7C", "2O"], ["2C", "6O", "6E", "5O", "3O"],
                      ["3C", "7O", "7E", "4O", "2E"], ["1C", "12O", "12C", "12E", "12B"]])
    assert state.why_illegal("tute") is not None       # not before winning a trick
    play(state, "1C", "3C", "2C", "4C")
    play(state, "tute")
    assert state.hand_results[-1]["winner"] == 1 and state.hand_results[-1]["how"] == "tute"
    assert state.is_over and set(state.outcome.winners) == {WEST, EAST}


def test_tute_needs_all_four_reyes():
    state = position([["4C", "5C"], ["2C", "6O"], ["3C", "7O"], ["1C", "12O", "12C", "12E"]])
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("tute") == "A tute needs all four reyes in your hand."


# -- scoring

def test_card_points_ace_11_three_10_rey_4_caballo_3_sota_2_others_nothing():
    pack = C.SPANISH_40
    assert card_points(C.mask_of(pack.card(c) for c in ["1O", "3O", "12O", "11O", "10O"])) == 30
    assert card_points(C.mask_of(pack.card(c) for c in ["2O", "4O", "5O", "6O", "7O"])) == 0


def test_the_last_trick_is_worth_ten_and_the_higher_total_wins_the_hand():
    state = position([["1C"], ["2C"], ["3C"], ["4C"]])
    play(state, "4C", "3C", "2C", "1C")       # South takes 21 points and the last trick
    result = state.hand_results[-1]
    assert result["cards"] == [21, 0]
    assert result["points"] == [31, 0]
    assert result["last"] == 0 and result["winner"] == 0


def test_sung_points_count_for_the_singers_side():
    state = position([["4C", "2O", "4E"], ["2C", "6O", "5E"], ["3C", "7O", "6E"], ["1C", "12O", "11O"]])
    play(state, "1C", "3C", "2C", "4C", "veinte:O", "12O", "7O", "6O", "2O", "11O", "6E", "5E", "4E")
    # East's side: 21 + 4 + 3 in cards, 20 sung, 10 for the last trick.
    assert state.hand_results[-1]["points"] == [0, 28 + 20 + 10]
    assert state.hand_results[-1]["sung"] == [0, 20]


def test_a_drawn_hand_makes_no_winner():
    state = position([["6C", "5O"], ["5C", "4O"], ["3C", "2O"], ["4C", "6O"]])
    play(state, "4C", "3C", "5C", "6C")       # North takes the three: 10
    play(state, "2O", "4O", "5O", "6O")       # East takes the last trick: 10
    assert state.hand_results[-1]["points"] == [10, 10]
    assert state.hand_results[-1]["winner"] is None
    assert state.is_over and "tie" in state.outcome.text
    assert state.outcome.winners == (0, 1, 2, 3)


def test_a_match_is_won_by_the_side_that_wins_more_hands():
    game = parlour.load("tute", hands=3)
    for seed in range(6):
        state = play_out(game.new(seed), [make_bot(game, "rule", s) for s in range(4)])
        wins = [sum(1 for r in state.hand_results if r["winner"] == t) for t in (0, 1)]
        assert len(state.hand_results) == 3
        if wins[0] == wins[1]:
            assert set(state.outcome.winners) == {0, 1, 2, 3}
        else:
            best = 0 if wins[0] > wins[1] else 1
            assert set(state.outcome.winners) == ({0, 2} if best == 0 else {1, 3})


# -- capote (option)

def test_capote_is_not_offered_without_the_option():
    state = position([["1C"], ["2C"], ["3C"], ["4C"]])
    assert "capote" not in state.legal_actions()
    assert state.why_illegal("capote") == "Capote is not played with these rules (option capote: on)."


def test_capote_losing_a_trick_loses_the_hand_at_once():
    state = position([["4C", "2O", "4E"], ["5C", "3O", "5E"], ["6C", "1O", "6E"], ["7C", "4O", "7E"]],
                     capote="on")
    assert "capote" in state.legal_actions()
    play(state, "capote")                      # East's side stakes the hand
    assert state.why_illegal("capote") == "Capote has already been called this hand."
    play(state, "7C", "6C", "5C", "4C")       # East wins
    play(state, "4O", "1O", "3O", "2O")       # North's ace takes a trick from the callers
    result = state.hand_results[-1]
    assert result["winner"] == 0 and result["how"] == "capote lost"
    assert state.is_over                       # the hand stops: the last trick is never played


def test_capote_made_wins_the_hand_whatever_the_points():
    state = position([["5C", "1B", "3B"], ["4C", "6E", "7E"], ["2C", "3O", "4O"], ["1C", "11B", "12B"]],
                     capote="on")
    play(state, "1C", "2C", "4C", "5C", "cuarenta")   # East's side: 11 in cards and 40 sung
    play(state, "11B", "3O", "6E", "1B")              # South wins the second trick
    play(state, "capote", "3B", "12B", "4O", "7E")    # ...calls capote and takes the last
    result = state.hand_results[-1]
    assert result["how"] == "capote" and result["winner"] == 0
    assert result["points"][0] < result["points"][1]   # fewer points, yet the hand is theirs


def test_capote_only_by_the_player_about_to_lead():
    state = position([["4C"], ["5C"], ["6C"], ["7C"]], capote="on")
    play(state, "7C")
    assert state.why_illegal("capote") == "Capote can only be called by the player about to lead."


# -- whole games

@pytest.mark.parametrize("options", [{}, {"hands": 3}, {"hands": 5, "capote": "on"}, {"capote": "on"}])
def test_random_games_conserve_cards_and_points(options):
    game = parlour.load("tute", **options)
    for seed in range(12):
        state = game.new(seed)
        bots = [RandomBot(seed * 7 + s) for s in range(4)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            state.apply(bots[state.to_move()].choose(state))
        assert len(state.hand_results) == options.get("hands", 1)
        for result in state.hand_results:
            if result["how"] == "points":
                assert sum(result["cards"]) == 120
                assert sum(result["points"]) == 120 + 10 + sum(result["sung"])
            assert sum(result["sung"]) % 20 == 0
        assert sum(state.sheet.totals) == sum(1 for r in state.hand_results if r["winner"] is not None)


def test_the_rule_bot_plays_whole_matches_legally():
    game = parlour.load("tute", hands=3, capote="on")
    for seed in range(3):
        state = game.new(seed)
        bots = [make_bot(game, "rule", s) for s in range(4)]
        while not state.is_over:
            action = bots[state.to_move()].choose(state)
            assert state.why_illegal(action) is None
            state.apply(action)


def test_views_show_trumps_and_hide_other_hands():
    state = parlour.load("tute").new(2)
    view = state.view(SOUTH)
    assert "Trumps:" in view["status"]
    assert view["seats"][WEST]["hand"] is None and view["seats"][SOUTH]["hand"] is not None
    assert isinstance(state, TuteState)


# -- two or three players with a stock, and the 52-card substitute pack

def test_two_players_hold_eight_and_the_next_card_turned_under_the_stock_fixes_trumps():
    state = parlour.load("tute", players=2).new(3)
    assert [C.count(h) for h in state.hands] == [8, 8]
    assert state.upcard == state.trump_shown and state.trump == C.suit_of(state.trump_shown)
    assert state.stock_size() == 24 and not state.rules.must_follow
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_three_players_take_out_the_four_of_oros_so_the_stock_shares_out():
    state = parlour.load("tute", players=3).new(3)
    assert len(state.pack) == 39 and state.pack.find("4O") is None
    assert [C.count(h) for h in state.hands] == [8, 8, 8] and state.stock_size() == 15
    assert state.sheet.columns == ["South", "West", "East"]


def test_with_a_stock_nobody_need_follow_and_the_winner_draws_first():
    state = parlour.load("tute", players=2).new(3)
    leader = state.to_move()
    state.apply(state.legal_actions()[0])
    other = state.to_move()
    assert len([a for a in state.legal_actions() if state.pack.find(a)]) == 8   # any card at all
    state.apply(state.legal_actions()[-1])
    winner = state.tricks_won.index(1)
    assert {leader, other} == {0, 1}
    draws = [line for line in state.narrative() if "draw from the stock" in line]
    assert draws[-1].startswith(state.names[winner]) and "22 cards are left" in draws[-1]
    assert [C.count(h) for h in state.hands] == [8, 8]


def test_once_the_stock_is_used_up_the_strict_rules_apply():
    state = parlour.load("tute", players=2).new(5)
    bots = [make_bot(state.game, "rule", s) for s in range(2)]
    while state.stock_size():
        state.apply(bots[state.to_move()].choose(state))
    assert state.rules.must_follow and state.rules.must_trump and state.rules.must_overtrump
    assert "The stock is used up: from now on you must follow suit" in " ".join(state.narrative())
    assert [C.count(h) for h in state.hands] == [8, 8] or state.trick.plays


def test_capote_is_called_after_the_stock_is_exhausted():
    state = parlour.load("tute", players=2, capote="on").new(5)
    bots = [make_bot(state.game, "rule", s) for s in range(2)]
    assert state.why_illegal("capote") == "Capote can be called only once the stock is used up."
    while state.stock_size() or state.trick.plays:
        state.apply(bots[state.to_move()].choose(state))
    assert state.why_illegal("capote") is None
    caller = state.to_move()
    state.apply("capote")
    finish_hand(state)
    result = state.hand_results[-1]
    assert result["how"] in ("capote", "capote lost")
    if result["how"] == "capote":
        assert result["winners"] == (caller,)
    else:
        assert result["winners"] == (1 - caller,)


def test_the_52_card_pack_without_eights_nines_and_tens_plays_tute():
    state = parlour.load("tute", pack="french").new(2)
    assert len(state.pack) == 40 and state.pack.find("10H") is None and state.pack.find("8S") is None
    assert card_points(state.pack.mask) == 120
    assert state.suit_by_letter.keys() == {"C", "D", "H", "S"}
    # The king and queen of a suit are its marriage; the ace and the 3 outrank the king.
    assert state.rules.order(state.pack.card("AH")) > state.rules.order(state.pack.card("3H")) \
        > state.rules.order(state.pack.card("KH")) > state.rules.order(state.pack.card("QH")) \
        > state.rules.order(state.pack.card("JH")) > state.rules.order(state.pack.card("7H"))
    finish_hand(state)
    assert state.is_over


def test_a_french_pack_marriage_is_the_king_and_queen():
    game = parlour.load("tute", pack="french")
    state = game.new(0)
    state.hands = [C.mask_of(state.pack.card(c) for c in hand) for hand in
                   (["4D", "5D"], ["2D", "6C"], ["3D", "7C"], ["AD", "KH", "QH"])]
    trump = state.trump
    play(state, "AD", "3D", "2D", "4D")
    assert state.to_move() == EAST
    expected = "cuarenta" if trump == C.HEARTS else "veinte:H"
    assert expected in state.legal_actions()


def test_with_the_52_card_pack_the_story_names_the_king_and_queen():
    state = parlour.load("tute", pack="french").new(0)
    state.hands = [C.mask_of(state.pack.card(c) for c in hand) for hand in
                   (["4D", "5D"], ["2D", "6C"], ["3D", "7C"], ["AD", "KS", "5H"])]
    play(state, "AD", "3D", "2D", "4D")
    assert state.why_illegal("veinte:S" if state.trump != C.SPADES else "cuarenta") == \
        "You need the king and the queen of spades to sing them."


# -- issue 24, item 14: tute by four caballos, as an option

FOUR_CABALLOS = [["4C", "5C", "6C", "7C", "2O"], ["2C", "6O", "6E", "5O", "3O"],
                 ["3C", "7O", "7E", "4O", "2E"], ["1C", "11O", "11C", "11E", "11B"]]


def test_four_caballos_sung_as_tute_win_the_hand_with_the_option():
    state = position(FOUR_CABALLOS, tute="kings-or-horses")
    play(state, "1C", "3C", "2C", "4C")
    assert state.describe("tute") == "Sing tute (four caballos)"
    play(state, "tute")
    assert state.hand_results[-1]["how"] == "tute" and set(state.outcome.winners) == {WEST, EAST}
    assert any("showing all four caballos" in line for line in state.narrative())


def test_four_caballos_are_no_tute_by_the_articles_rule():
    state = position(FOUR_CABALLOS)
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("tute") == "A tute needs all four reyes in your hand."
    state = position([["4C", "5C"], ["2C", "6O"], ["3C", "7O"], ["1C", "12O", "11C", "12E"]],
                     tute="kings-or-horses")
    play(state, "1C", "3C", "2C", "4C")
    assert state.why_illegal("tute") == "A tute needs all four reyes, or all four caballos, in your hand."


def test_a_sung_marriage_stays_in_the_singers_hand_in_every_imagined_deal():
    """The rey and caballo were shown when sung: the Strong player's imagined deals leave them with the
    singer until played (parlour.determinise reads them from known_cards)."""
    from parlour.determinise import knowledge
    from parlour.rng import Rng

    # Give East the oros marriage, let East win a trick and sing it.
    state = position([["4C", "5C", "4O", "5E"], ["2C", "6C", "5O", "6E"], ["3C", "7C", "2O", "7E"],
                      ["1C", "3O", "12O", "11O"]])
    play(state, "1C", "3C", "2C", "4C", "veinte:O")
    sung = C.mask_of(state.pack.card(c) for c in ("12O", "11O"))
    assert state.known_cards(SOUTH)[EAST] == sung
    known = knowledge(state, SOUTH)
    rng = Rng(5)
    for _ in range(30):
        assert known.sample(state, rng).hands[EAST] & sung == sung
    play(state, "12O")                          # once played, only the caballo is still known
    assert state.known_cards(SOUTH)[EAST] == C.mask_of([state.pack.card("11O")])


def test_strong_counts_a_tute_as_the_widest_win_in_points_so_it_never_passes_one_up():
    """Strong judges its imagined hands by their margin in points (TuteState.points_lead): a hand won
    by tute counts as every card point and the last trick, more than any play on could bring."""
    from parlour.rulebook.tute import SWEEP
    from parlour.search import SearchBot
    state = position([["4C", "5C", "6C", "7C", "2O"], ["2C", "6O", "6E", "5O", "3O"],
                      ["3C", "7O", "7E", "4O", "2E"], ["1C", "12O", "12C", "12E", "12B"]])
    play(state, "1C", "3C", "2C", "4C")
    strong = SearchBot(parlour.load("tute"), 1, iterations=4)
    assert strong.win_weight == 0.0
    assert strong.choose(state) == "tute"
    assert "on average in points" in strong.reason
    play(state, "tute")
    assert state.points_lead(EAST) == SWEEP and state.points_lead(SOUTH) == -SWEEP
