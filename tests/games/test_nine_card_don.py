"""Nine-Card Don (seed 003): one test per rule clause, and seeded random games with invariants."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot
from parlour.rulebook.nine_card_don import card_points, game_count

from helpers import finish_hand, last_trick_winner, mask, play, trick_position

GAME = "nine-card-don"


def position(hands, leader=0, seed=0, **options):
    """A hand starting from these hands (South, West, North, East), ``leader`` pitching."""
    state = parlour.load(GAME, **options).new(seed)
    state.pitcher = leader
    return trick_position(state, hands, leader)


def test_nine_card_don_is_registered_for_four_in_partnerships():
    game = parlour.load(GAME)
    assert game.num_players == 4
    state = game.new(0)
    assert state.sheet.columns == ["South & North", "West & East"]


def test_nine_cards_each_and_sixteen_set_aside():
    state = parlour.load(GAME).new(3)
    assert [C.count(h) for h in state.hands] == [9, 9, 9, 9]
    assert len(state.stock) == 16
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_the_pitcher_sits_at_the_dealers_left_and_leads_first():
    for seed in range(4):
        state = parlour.load(GAME).new(seed)
        assert state.pitcher == (state.dealer + 1) % 4
        assert state.to_move() == state.pitcher and state.phase == "play"
        assert state.trump is None


def test_the_pitchers_first_lead_fixes_trumps():
    state = position([["3D", "AC"], ["4D", "2C"], ["KC", "5H"], ["6D", "7H"]], leader=0)
    play(state, "3D")
    assert state.trump == C.DIAMONDS
    play(state, "4D", "KC", "6D")              # North has no diamond
    assert state.tricks_won[3] == 1
    play(state, "7H", "AC", "2C", "5H")        # hearts led: South has none and plays a club
    assert last_trick_winner(state) == "East wins the trick with 7♥."  # the off-suit ace cannot win


def test_a_trump_beats_the_suit_led():
    state = position([["3D", "AC"], ["4D", "2C"], ["KC", "5H"], ["6D", "7C"]], leader=0)
    play(state, "3D", "4D", "KC", "6D")        # East wins
    play(state, "7C", "AC", "2C", "5H")
    assert last_trick_winner(state) == "South wins the trick with A♣."
    state = position([["3D", "2D"], ["4D", "2C"], ["KC", "5H"], ["6D", "7C"]], leader=0)
    play(state, "3D", "4D", "KC", "6D", "7C", "2D")
    play(state, "2C", "5H")
    assert last_trick_winner(state) == "South wins the trick with 2♦."  # trumped the clubs


def test_the_pitchers_partner_may_not_look_until_the_first_card_is_led():
    state = parlour.load(GAME).new(6)
    partner = (state.pitcher + 2) % 4
    assert state.view(partner)["seats"][partner]["hand"] is None
    other = (state.pitcher + 1) % 4
    assert state.view(other)["seats"][other]["hand"] is not None
    assert state.view(state.pitcher)["seats"][state.pitcher]["hand"] is not None
    state.apply(state.legal_actions()[0])
    assert state.view(partner)["seats"][partner]["hand"] is not None


def test_suit_must_be_followed():
    state = position([["3D", "AC"], ["4D", "2C"], ["KC", "5H"], ["6D", "7H"]], leader=1)
    play(state, "2C")
    assert state.why_illegal("KC") is None
    assert state.why_illegal("5H") == "You must follow clubs."


def test_a_player_without_the_suit_may_play_anything():
    state = position([["3D", "AC"], ["4D", "2C"], ["KC", "5H"], ["6D", "7H"]], leader=0)
    play(state, "3D", "4D")
    assert set(state.legal_actions()) == {"KC", "5H"}


def test_trump_cards_score_their_points():
    hearts = {"5H": 10, "9H": 9, "AH": 4, "KH": 3, "QH": 2, "JH": 1,
              "10H": 0, "8H": 0, "2H": 0}
    pack = parlour.load(GAME).new(0).pack
    for code, points in hearts.items():
        assert card_points(pack.card(code), C.HEARTS) == points, code


def test_a_five_that_is_not_trumps_scores_five_and_other_plain_cards_nothing():
    pack = parlour.load(GAME).new(0).pack
    assert card_points(pack.card("5C"), C.HEARTS) == 5
    for code in ("9C", "AC", "KC", "QC", "JC", "10C"):
        assert card_points(pack.card(code), C.HEARTS) == 0


def test_points_are_scored_the_moment_the_trick_is_taken():
    state = position([["5H", "2C"], ["9H", "3C"], ["AH", "4C"], ["5C", "6C"]], leader=0)
    play(state, "5H", "9H", "AH")
    assert state.hand_points == [0, 0]
    play(state, "5C")
    # North's ace takes 5♥ 10 + 9♥ 9 + A♥ 4 + 5♣ 5, before the hand is over.
    assert state.hand_points == [28, 0]
    assert state.sheet.totals == [28, 0]
    assert state.hand_no == 1 and state.sheet.rows == [("Hand 1", [28, 0])]  # on the sheet at once


def test_game_counts_aces_kings_queens_jacks_and_tens():
    pack = parlour.load(GAME).new(0).pack
    assert game_count(C.mask_of(pack.card(c) for c in ("AC", "KD", "QH", "JS", "10C", "9C", "5D"))) == 20


def test_the_higher_game_count_scores_eight():
    state = position([["2H", "10C"], ["3H", "AC"], ["4H", "3C"], ["5H", "2C"]], leader=0)
    play(state, "2H", "3H", "4H", "5H")        # East takes 5♥ of trumps: 10 points
    play(state, "2C", "10C", "AC", "3C")       # West's A♣ takes the 10♣: game count 14 to 0
    assert state.sheet.rows[-1] == ("Hand 1", [0, 10 + 8])


def test_an_equal_game_count_scores_nothing_for_game():
    state = position([["2H", "AC", "2D"], ["3H", "2C", "AD"], ["4H", "3C", "3D"], ["5H", "4C", "4D"]],
                     leader=0)
    play(state, "2H", "3H", "4H", "5H")        # East: 5♥ of trumps, 10 points
    play(state, "4C", "AC", "2C", "3C")        # South's A♣: game 4 for South & North
    play(state, "2D", "AD", "3D", "4D")        # West's A♦: game 4 for West & East
    assert state.sheet.rows[-1] == ("Hand 1", [0, 10])
    assert any("A tie: nobody scores for game" in t for t in state.narrative())


def test_the_next_dealer_is_the_last_pitcher():
    game = parlour.load(GAME)
    state = game.new(2)
    pitcher = state.pitcher
    finish_hand(state)
    assert state.dealer == pitcher
    assert state.pitcher == (pitcher + 1) % 4 and state.to_move() == state.pitcher


def test_reaching_121_ends_the_game_at_once_in_the_middle_of_a_hand():
    state = position([["5H", "2C", "3C"], ["2H", "4C", "5C"], ["3H", "6C", "7C"], ["4H", "8C", "9C"]],
                     leader=0)
    state.sheet.totals = [112, 40]
    play(state, "5H", "2H", "3H")
    assert not state.is_over
    play(state, "4H")                          # South takes 5♥: 10 points, 122
    assert state.is_over and state.outcome.winners == (0, 2)
    assert state.sheet.rows[-1] == ("Hand 1 (stopped)", [10, 0])
    assert state.sheet.totals == [122, 40]
    assert C.count(state.hands[0]) == 2        # the hand was not played out
    assert state.legal_actions() == []


def test_the_game_goes_on_below_121():
    state = position([["5H", "2C"], ["2H", "4C"], ["3H", "6C"], ["4H", "8C"]], leader=0)
    state.sheet.totals = [110, 40]
    play(state, "5H", "2H", "3H", "4H")
    assert not state.is_over and state.sheet.totals == [120, 40]


def test_the_short_game_option_ends_at_91():
    state = position([["5H", "2C"], ["2H", "4C"], ["3H", "6C"], ["4H", "8C"]], leader=0, target=91)
    state.sheet.totals = [81, 40]
    play(state, "5H", "2H", "3H", "4H")
    assert state.is_over and state.sheet.totals == [91, 40]


def test_game_points_can_win_at_the_end_of_a_hand():
    state = position([["2H", "10C"], ["3H", "AC"], ["4H", "3C"], ["5H", "2C"]], leader=0)
    state.sheet.totals = [10, 105]
    play(state, "2H", "3H", "4H", "5H")        # West & East: 10 points, 115
    assert not state.is_over
    play(state, "2C", "10C", "AC", "3C")
    assert state.is_over and state.sheet.totals == [10, 123]


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_cards_and_score_only_as_the_rules_allow(seed):
    game = parlour.load(GAME)
    state = game.new(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(4)]
    hands_seen = 0
    original = state.hand_done

    def spy():
        nonlocal hands_seen
        hands_seen += 1
        assert len(state.tricks_played) == 9 and sum(state.tricks_won) == 9
        played = [c for t in state.tricks_played for c in t.cards]
        assert len(played) == 36
        assert sum(state.hand_points) == sum(card_points(c, state.trump) for c in played)
        counts = [sum(game_count(state.won[s]) for s in team) for team in ((0, 2), (1, 3))]
        before = list(state.hand_points)
        label = state.hand_label()
        original()
        row = next(values for name, values in state.sheet.rows if name == label)
        gained = [a - b for a, b in zip(row, before)]
        assert sorted(gained) == ([0, 0] if counts[0] == counts[1] else [0, 8])

    state.hand_done = spy
    while not state.is_over:
        assert sorted(state.all_cards()) == sorted(state.pack.cards)
        before = list(state.sheet.totals)
        trick_len = len(state.trick.plays)
        state.apply(bots[state.to_move()].choose(state))
        after = list(state.sheet.totals)
        if trick_len < 3:                      # no trick was completed: no score moves
            assert after == before
        assert all(a >= b for a, b in zip(after, before))
    assert hands_seen >= 1
    assert max(state.sheet.totals) >= 121 > min(state.sheet.totals)
    winner = 0 if state.sheet.totals[0] >= 121 else 1
    assert state.outcome.winners == ((0, 2) if winner == 0 else (1, 3))


def test_a_thirteen_card_variant_of_don_deals_the_whole_pack():
    state = parlour.load("nine-card-don", cards=13).new(2)
    assert [C.count(h) for h in state.hands] == [13] * 4 and state.stock == []
    assert "deals thirteen cards to each player" in state.narrative()[0]
    finish_hand(state)             # one hand scores at most 52, so the game goes on
    assert state.hand_no == 2 and sum(1 for line in state.narrative() if "wins the trick" in line) == 13
