"""Whist: the Carrillo family's two games (seed 000) and the standard games, one test per rule."""

from dataclasses import replace

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot
from parlour.core import Game
from parlour.rulebook.whist import WhistState, honours_scored, whist_honours

from helpers import deck_for_hands, hand_codes, play, suit_hand

SOUTH, WEST, NORTH, EAST = range(4)


def dealer_of(seed, game_id="whist", **options):
    return parlour.load(game_id, **options).new(seed).dealer


#: A seed whose first dealer is East, so South (the dealer's left) leads and is dealt first.
SEED = next(s for s in range(100) if dealer_of(s) == EAST)

# Hearts are trumps: East's last card (dealt last of all) is 2♥.
HANDS = [
    suit_hand("S", "A K Q J 10 9 8") + suit_hand("C", "A K Q") + suit_hand("D", "A K Q"),    # South
    suit_hand("C", "J 10 9 8 7 6") + suit_hand("D", "J 10 9 8 7 6") + ["2S"],                # West
    suit_hand("H", "A K Q J 10 9 8") + suit_hand("S", "7 6 5 4 3") + ["5C"],                 # North
    suit_hand("C", "4 3 2") + suit_hand("D", "5 4 3 2") + suit_hand("H", "7 6 5 4 3 2"),     # East
]


def new_game(hands=HANDS, seed=SEED, **options):
    game = parlour.load("whist", **options)
    return game.new(seed, deck_for_hands(game, seed, hands))


def finish_deal(state, tricks, before=(0, 0)):
    """Pretend the deal ended with ``tricks`` (South–North, West–East) from totals ``before``."""
    state.sheet.totals = list(before)
    state.tricks_won = [tricks[0], tricks[1], 0, 0]
    state.hand_done()


def check_cards(state):
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_whist_is_registered_for_four_players_in_partnerships():
    game = parlour.load("whist")
    assert game.num_players == 4 and game.options == {"game": "five"}
    state = new_game()
    assert state.sheet.columns == ["South & North", "West & East"]
    assert state.side_of(SOUTH) == state.side_of(NORTH) != state.side_of(WEST) == state.side_of(EAST)


def test_thirteen_cards_each_dealt_one_at_a_time_from_the_dealers_left():
    game = parlour.load("whist")
    deck = [C.code(c) for c in C.FRENCH_52.cards]
    state = game.new(SEED, deck)
    assert state.dealer == EAST
    for seat in range(4):
        assert hand_codes(state, seat) == set(deck[seat::4])    # South first, East (the dealer) last
        assert C.count(state.hands[seat]) == 13
    check_cards(state)


def test_the_last_card_dealt_is_the_dealers_and_fixes_trumps():
    state = new_game()
    assert C.code(state.trump_card) == "2H"
    assert "2H" in hand_codes(state, EAST)
    assert state.trump == C.HEARTS and state.rules.trump == C.HEARTS
    assert "turns up the last one, 2♥: hearts ♥ are trumps" in state.narrative()[0]


def test_the_turned_card_stays_face_up_until_the_dealer_plays_to_the_first_trick():
    state = new_game()
    turned = [z for z in state.view(WEST)["centre"] if z.get("cards") == ["2H"]]
    assert turned, "everyone sees the turned-up trump"
    play(state, "AS", "2S", "3S")
    assert state.view(WEST)["centre"] and state.to_move() == EAST
    play(state, "2H")
    assert state.view(WEST)["centre"] == []


def test_the_dealers_left_leads_the_first_trick():
    state = new_game()
    assert state.to_move() == SOUTH and state.trick.leader == SOUTH


def test_suit_must_be_followed():
    state = new_game()
    play(state, "AS")
    assert state.why_illegal("JC") == "You must follow spades."
    assert state.legal_actions() == ["2S"]


def test_a_player_out_of_the_suit_led_may_trump_or_throw_anything():
    state = new_game()
    play(state, "AS", "2S", "3S")
    assert set(state.legal_actions()) == hand_codes(state, EAST)


def test_the_highest_trump_wins_and_the_winner_leads_next():
    state = new_game()
    play(state, "AS", "2S", "3S", "2H")                 # East trumps the ace of spades
    assert state.tricks_won[EAST] == 1
    assert state.to_move() == EAST
    play(state, "2C", "AC", "6C", "5C")                 # no trump: the highest club wins
    assert state.tricks_won[SOUTH] == 1 and state.to_move() == SOUTH


def test_a_card_of_another_suit_cannot_win():
    state = new_game()
    play(state, "AS", "2S", "3S", "2C")                 # East throws a club: the ace of spades holds
    assert state.tricks_won[SOUTH] == 1


def test_one_point_for_each_trick_over_six():
    state = new_game()
    finish_deal(state, (9, 4))
    assert state.sheet.rows[-1][1] == [3, 0]
    state = new_game()
    finish_deal(state, (6, 7))
    assert state.sheet.rows[-1][1] == [0, 1]


def test_family_game_to_five_ends_when_a_side_reaches_five():
    state = new_game()
    finish_deal(state, (8, 5), before=(3, 4))
    assert state.is_over and state.outcome.winners == (SOUTH, NORTH)
    assert state.outcome.text == "South & North win with 5 points."


def test_family_five_point_game_does_not_count_honours():
    state = new_game()                                   # North holds A K Q J of hearts
    finish_deal(state, (7, 6))
    assert state.sheet.rows[-1][1] == [1, 0] and not state.is_over


def test_the_deal_passes_to_the_left():
    state = new_game()
    finish_deal(state, (7, 6))
    assert state.dealer == SOUTH and state.to_move() == WEST and state.hand_no == 2


HONOURS_FOUR = HANDS                       # North: A K Q J 10 of hearts
HONOURS_THREE = [list(h) for h in HANDS]
HONOURS_THREE[2] = suit_hand("H", "A K Q 10 9 8 7") + suit_hand("S", "7 6 5 4 3") + ["5C"]
HONOURS_THREE[3] = suit_hand("C", "4 3 2") + suit_hand("D", "5 4 3 2") + suit_hand("H", "J 6 5 4 3 2")


def test_family_ten_point_game_counts_all_four_honours_as_four():
    state = new_game(HONOURS_FOUR, game="ten-honours")
    finish_deal(state, (7, 6))
    assert state.sheet.totals == [5, 0]
    assert "South & North held all four honours (A♥ K♥ Q♥ J♥): 4 more points." in state.narrative()


def test_three_honours_count_two_and_the_ten_is_not_an_honour():
    state = new_game(HONOURS_THREE, game="ten-honours")
    finish_deal(state, (6, 7))          # West–East take the odd trick; South–North hold A K Q (and the 10)
    assert state.sheet.totals == [2, 1]


def test_two_honours_each_score_nothing():
    hands = [list(h) for h in HANDS]
    hands[2] = suit_hand("H", "A K 10 9 8 7 6") + suit_hand("S", "7 6 5 4 3") + ["5C"]
    hands[3] = suit_hand("C", "4 3 2") + suit_hand("D", "5 4 3 2") + suit_hand("H", "Q J 5 4 3 2")
    state = new_game(hands, game="ten-honours")
    finish_deal(state, (7, 6))
    assert state.sheet.totals == [1, 0]
    assert "Honours are divided: no score for them." in state.narrative()


def test_family_ten_point_game_a_side_on_nine_cannot_score_honours():
    state = new_game(HONOURS_FOUR, game="ten-honours")
    finish_deal(state, (6, 7), before=(9, 0))
    assert state.sheet.totals == [9, 1] and not state.is_over
    assert any("a side on 9 cannot score honours" in line for line in state.narrative())


def test_honours_never_finish_the_game():
    state = new_game(HONOURS_FOUR, game="ten-honours")
    finish_deal(state, (8, 5), before=(6, 0))        # 6 + 2 tricks = 8; four honours stop at 9
    assert state.sheet.totals == [9, 0] and not state.is_over
    assert honours_scored(before=6, after_tricks=8, points=4, target=10) == 1


def test_tricks_are_scored_before_honours_and_can_end_the_game():
    state = new_game(HONOURS_FOUR, game="ten-honours")
    finish_deal(state, (5, 8), before=(8, 8))          # West–East reach 10 by tricks: honours never count
    assert state.is_over and state.outcome.winners == (WEST, EAST)
    assert state.sheet.totals == [8, 10]


def test_short_whist_a_side_on_four_cannot_score_honours():
    state = new_game(HONOURS_FOUR, game="short")
    finish_deal(state, (6, 7), before=(4, 2))
    assert state.sheet.totals == [4, 3]
    state = new_game(HONOURS_FOUR, game="short")
    finish_deal(state, (6, 7), before=(1, 2))
    assert state.sheet.totals == [4, 3]              # from 1: four honours, but they stop at 4


def test_long_and_american_whist_targets():
    assert parlour.load("whist", game="long").new(0).match_end.points == 9
    assert parlour.load("whist", game="american").new(0).match_end.points == 7
    state = new_game(HONOURS_FOUR, game="american")
    finish_deal(state, (7, 6))
    assert state.sheet.totals == [1, 0]              # American whist: no honours
    state = new_game(HONOURS_FOUR, game="long")
    finish_deal(state, (7, 6))
    assert state.sheet.totals == [5, 0]


def test_whist_honours_helper_finds_the_side_and_value():
    state = new_game(HONOURS_THREE)
    side, points, cards = whist_honours(state.dealt, ((0, 2), (1, 3)), C.HEARTS)
    assert (side, points, [C.code(c) for c in cards]) == (0, 2, ["AH", "KH", "QH"])


class Recorder(WhistState):
    deals: list = []

    def hand_done(self):
        Recorder.deals.append((list(self.tricks_won), len(self.tricks_played), list(self.sheet.totals)))
        super().hand_done()


@pytest.mark.parametrize("game_kind", ["five", "ten-honours", "short", "long", "american"])
def test_seeded_random_games_keep_whist_invariants(game_kind):
    spec = replace(parlour.load("whist").spec, state=Recorder)
    game = Game(spec, {"game": game_kind})
    target, honours = {"five": (5, False), "ten-honours": (10, True), "short": (5, True),
                       "long": (9, True), "american": (7, False)}[game_kind]
    for seed in range(6):
        Recorder.deals = []
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        while not state.is_over:
            check_cards(state)
            state.apply(bots[state.to_move()].choose(state))
        check_cards(state)
        rows = state.sheet.rows
        assert len(rows) == len(Recorder.deals)
        for (tricks, played, before), (label, shown) in zip(Recorder.deals, rows):
            assert played == 13 and sum(tricks) == 13
            side_tricks = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
            win = 0 if side_tricks[0] > side_tricks[1] else 1
            odd = side_tricks[win] - 6
            index = rows.index((label, shown))
            after = state.sheet.totals if index == len(rows) - 1 else Recorder.deals[index + 1][2]
            gained = [a - b for a, b in zip(after, before)]
            assert all(g >= 0 for g in gained), "scores only go up"
            assert gained[win] >= odd
            extra = gained[win] - odd + gained[1 - win]
            if not honours:
                assert extra == 0
            else:
                assert extra in (0, 1, 2, 3, 4)
                for side in (0, 1):
                    honour_part = gained[side] - (odd if side == win else 0)
                    if honour_part:
                        assert before[side] < target - 1 and before[side] + gained[side] < target
        assert max(state.sheet.totals) >= target
        winners = [i for i, t in enumerate(state.sheet.totals) if t >= target]
        assert len(winners) == 1, "only one side can reach the target, on tricks"
        assert state.outcome.winners == ((SOUTH, NORTH) if winners[0] == 0 else (WEST, EAST))
