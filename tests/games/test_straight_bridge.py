"""Straight Bridge (Bridge-Whist): the Carrillo family's rules (seed 000), one test per rule."""

from dataclasses import replace

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot, play_out
from parlour.core import Game
from parlour.rulebook.straight_bridge import StraightBridgeState, TRICK_VALUES, honours_above

from helpers import deck_for_hands, hand_codes, play, suit_hand

SOUTH, WEST, NORTH, EAST = range(4)


def dealer_of(seed):
    return parlour.load("straight-bridge").new(seed).dealer


#: A seed whose cut makes South the first dealer: North is the dummy, West leads.
SEED = next(s for s in range(200) if dealer_of(s) == SOUTH)

HANDS = [
    suit_hand("S", "A K Q J") + suit_hand("H", "A K Q") + suit_hand("D", "A K Q") + suit_hand("C", "A K Q"),  # South
    suit_hand("S", "9 8 7") + suit_hand("H", "J 10 9") + suit_hand("D", "J 10 9 8") + suit_hand("C", "J 10 9"),
    suit_hand("S", "10 6 5 4 3 2") + suit_hand("H", "8 7 6") + suit_hand("D", "7 6") + ["8C", "7C"],          # North
    suit_hand("H", "5 4 3 2") + suit_hand("D", "5 4 3 2") + suit_hand("C", "6 5 4 3 2"),                      # East
]


def new_game(hands=HANDS, seed=SEED, **options):
    game = parlour.load("straight-bridge", **options)
    return game.new(seed, deck_for_hands(game, seed, hands))


def declared(*actions, hands=HANDS, **options):
    """A game with these declaring/doubling actions taken (by default: spades, no double)."""
    state = new_game(hands, **options)
    play(state, *(actions or ("trump:S", "pass", "pass")))
    return state


def finish_deal(state, tricks, below=None):
    """Pretend the deal in play ended with ``tricks`` (South–North, West–East)."""
    if below is not None:
        state.below = list(below)
    state.tricks_won = [tricks[0], tricks[1], 0, 0]
    state.hand_done()


def last_row(state):
    label, row = [r for r in state.sheet.rows if r[0].startswith("Hand")][-1]
    return row


def check_cards(state):
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def mask(codes):
    return C.mask_of(C.FRENCH_52.card(c) for c in codes)


def dealt(south=(), west=(), north=(), east=()):
    return [mask(south), mask(west), mask(north), mask(east)]


def test_straight_bridge_is_registered_for_four_players_in_partnerships():
    game = parlour.load("straight-bridge")
    assert game.num_players == 4 and game.options == {"trick_values": "contract", "doubling": "once",
                                                       "rubber_bonus": 0}
    state = new_game()
    assert state.sheet.columns == ["South & North above", "South & North below",
                                   "West & East below", "West & East above"]


def test_the_highest_card_cut_deals_first():
    for seed in range(8):
        state = parlour.load("straight-bridge").new(seed)
        cuts = [line for line in state.narrative() if line.startswith("Cutting for the deal")]
        last = cuts[-1].removeprefix("Cutting for the deal: ").rstrip(".").split(", ")
        drawn = {name: C.FRENCH_52.find(code) for name, code in (part.split(" ") for part in last)}
        best = max(drawn.values(), key=C.rank_of)
        assert [n for n, c in drawn.items() if C.rank_of(c) == C.rank_of(best)] == [state.names[state.dealer]]


def test_thirteen_each_and_no_card_is_turned_up():
    state = new_game()
    for seat in range(4):
        assert hand_codes(state, seat) == set(HANDS[seat])
    assert state.trump is None and state.trump_card is None and state.view(WEST)["centre"] == []
    check_cards(state)


def test_the_dealer_names_trumps_first():
    state = new_game()
    assert state.phase == "declare" and state.to_move() == SOUTH
    assert state.legal_actions() == ["trump:C", "trump:D", "trump:H", "trump:S", "notrump", "pass"]
    play(state, "trump:H")
    assert state.trump == C.HEARTS and state.rules.trump == C.HEARTS
    assert "South names hearts ♥ as trumps." in state.narrative()


def test_the_dealer_may_declare_no_trumps():
    state = new_game()
    play(state, "notrump")
    assert state.strain == "NT" and state.rules.trump is None


def test_a_pass_gives_the_choice_to_partner_who_must_choose():
    state = new_game()
    play(state, "pass")
    assert state.to_move() == NORTH and state.phase == "declare"
    assert state.why_illegal("pass") == "Your partner passed the choice to you: you must name trumps or no trumps."
    assert "pass" not in state.legal_actions()
    play(state, "trump:S")
    assert state.trump == C.SPADES and state.dummy == NORTH and state.phase == "double"


def test_either_way_the_dealers_partner_is_dummy_and_the_dealer_plays_it():
    state = declared("pass", "notrump", "pass", "pass")
    assert state.dummy == NORTH
    play(state, "9S")                              # West leads
    assert state.turn == NORTH and state.to_move() == SOUTH


def test_the_dealers_left_may_double_first_then_the_dealers_right():
    state = new_game()
    play(state, "trump:S")
    assert state.phase == "double" and state.to_move() == WEST
    play(state, "pass")
    assert state.to_move() == EAST
    play(state, "pass")
    assert state.phase == "play" and state.multiplier == 1 and state.to_move() == WEST


def test_after_a_double_the_dealer_may_redouble_first_then_the_dummy():
    state = new_game()
    play(state, "trump:S", "pass", "double")
    assert state.multiplier == 2 and state.phase == "redouble" and state.to_move() == SOUTH
    play(state, "pass")
    assert state.to_move() == NORTH
    play(state, "redouble")
    assert state.multiplier == 4 and state.phase == "play" and state.to_move() == WEST


def test_a_double_stands_if_neither_redoubles():
    state = new_game()
    play(state, "trump:S", "double", "pass", "pass")
    assert state.multiplier == 2 and state.phase == "play"


def test_doubling_and_redoubling_happen_once_each_at_most():
    state = new_game()
    play(state, "trump:S", "double", "redouble")
    assert state.phase == "play" and state.multiplier == 4
    assert state.why_illegal("double") == "'double' is not a card code (try something like QS or 10H)."


def test_the_1904_laws_let_the_sides_go_on_redoubling_until_one_is_content():
    state = new_game(doubling="unlimited")
    play(state, "trump:S", "double", "redouble")
    assert state.phase == "double" and state.multiplier == 4
    assert state.to_move() == state.next_seat(state.dealer)          # the dealer's left again
    assert "Your side doubles again by saying double" in state.why_illegal("redouble")
    play(state, "double")                                            # eight times
    assert state.phase == "redouble" and state.multiplier == 8
    play(state, "pass", "redouble")                                  # the dummy redoubles: sixteen times
    assert state.multiplier == 16 and state.phase == "double"
    play(state, "pass", "pass")
    assert state.phase == "play" and "doubled 4 times" in state.view(None)["status"]
    finish_deal(state, (8, 5))
    assert last_row(state)[1] == 2 * 8 * 16                          # two odd tricks at spades, ×16


def test_nobody_doubles_their_own_side_and_only_a_double_can_be_redoubled():
    state = new_game()
    play(state, "trump:S")
    assert state.why_illegal("redouble") == ("Nothing has been doubled: only the dealer's opponents may "
                                             "double, and they have not.")
    play(state, "double")
    assert state.why_illegal("double") == "You cannot double your own side's declaration; you may redouble or pass."


def test_the_dummy_is_laid_face_up_only_after_the_opening_lead():
    state = declared()
    assert state.phase == "play"
    for player in (WEST, EAST):
        assert state.view(player)["seats"][NORTH]["hand"] is None
    play(state, "9S")
    for player in (WEST, EAST, SOUTH):
        seat = state.view(player)["seats"][NORTH]
        assert seat["face_up"] and seat["hand"] is not None
    assert state.view(SOUTH)["controls"] == [SOUTH, NORTH]
    assert state.view(NORTH)["controls"] == []       # the dummy's owner does not play this deal


def test_suit_must_be_followed():
    state = declared()
    play(state, "9S")
    assert state.why_illegal("8H") == "You must follow spades."
    assert set(state.legal_actions()) == set(suit_hand("S", "10 6 5 4 3 2"))


def test_highest_trump_wins_else_highest_of_the_suit_led():
    state = declared("trump:H", "pass", "pass")
    play(state, "JC", "7C", "2C", "QC")             # no trump: the highest club wins
    assert state.tricks_won[SOUTH] == 1 and state.to_move() == SOUTH
    play(state, "AS", "7S", "2S", "2H")             # East, void in spades, trumps
    assert state.tricks_won[EAST] == 1 and state.to_move() == EAST


@pytest.mark.parametrize("strain,value", [("C", 2), ("D", 4), ("H", 6), ("S", 8), ("notrump", 12)])
def test_odd_tricks_score_below_the_line_at_the_family_values(strain, value):
    action = strain if strain == "notrump" else f"trump:{strain}"
    state = declared(action, "pass", "pass", hands=[h[::-1] for h in HANDS])
    finish_deal(state, (9, 4))
    assert last_row(state)[1] == 3 * value


@pytest.mark.parametrize("strain,value", [("S", 2), ("C", 4), ("D", 6), ("H", 8)])
def test_1904_trick_values_as_an_option(strain, value):
    state = declared(f"trump:{strain}", "pass", "pass", trick_values="1904")
    finish_deal(state, (7, 6))
    assert last_row(state)[1] == value
    assert TRICK_VALUES["1904"]["NT"] == 12


def test_either_side_scores_its_odd_tricks():
    state = declared()
    finish_deal(state, (5, 8))
    row = last_row(state)
    assert row[1] == 0 and row[2] == 2 * 8


def test_doubling_multiplies_the_trick_points_only():
    plain = declared()
    finish_deal(plain, (12, 1))
    doubled = declared("trump:S", "double", "pass", "pass")
    finish_deal(doubled, (12, 1))
    redoubled = declared("trump:S", "double", "redouble")
    finish_deal(redoubled, (12, 1))
    assert [last_row(s)[1] for s in (plain, doubled, redoubled)] == [48, 96, 192]
    assert last_row(plain)[0] == last_row(doubled)[0] == last_row(redoubled)[0]      # honours and slam


def test_suit_honours_table():
    value = 8
    S = "S"
    cases = [
        (dealt(south=["AS", "KS"], north=["QS"]), 2),                          # three honours
        (dealt(south=["AS", "KS"], north=["QS", "JS"]), 4),                    # four
        (dealt(south=["AS", "KS", "QS"], north=["JS", "10S"]), 5),             # five
        (dealt(south=["AS", "KS", "QS", "JS"]), 8),                            # four in one hand
        (dealt(south=["AS", "KS", "QS", "JS"], north=["10S"]), 9),             # four in one, fifth with partner
        (dealt(south=["AS", "KS", "QS", "JS", "10S"]), 10),                    # five in one hand
    ]
    for hands, times in cases:
        side, points, _ = honours_above(hands, S, value)
        assert (side, points) == (0, times * value)
    assert honours_above(dealt(south=["AS", "KS"], west=["QS", "JS"], east=["10S"]), S, value)[:2] == (1, 16)
    assert honours_above(dealt(south=["AS", "KS"], west=["QS", "JS"]), S, value)[:2] == (None, 0)


def test_no_trump_honours_are_the_aces():
    aces = ["AC", "AD", "AH", "AS"]
    assert honours_above(dealt(south=aces[:2], north=aces[2:3]), "NT", 12)[:2] == (0, 30)
    assert honours_above(dealt(south=aces[:2], north=aces[2:]), "NT", 12)[:2] == (0, 40)
    assert honours_above(dealt(west=aces), "NT", 12)[:2] == (1, 100)
    assert honours_above(dealt(south=["KS", "QS", "JS", "10S"]), "NT", 12)[:2] == (None, 0)


def test_honours_held_go_above_the_line_whoever_wins_the_tricks():
    state = declared()                     # South holds A K Q J of spades, North the ten: 9 × 8
    finish_deal(state, (6, 7))
    assert last_row(state)[:3] == [72, 0, 8]


def test_chicane_a_hand_without_trumps_is_worth_simple_honours():
    state = declared("trump:S", "pass", "pass")      # East was dealt no spades
    finish_deal(state, (7, 6))
    assert last_row(state)[3] == 2 * 8
    assert "Chicane: East was dealt no trumps, 16 above the line to West & East." in state.narrative()


def test_no_chicane_when_every_hand_holds_a_trump():
    state = declared("trump:H", "pass", "pass")      # everyone holds hearts; South & North: A K Q
    finish_deal(state, (7, 6))
    assert last_row(state) == [2 * 6, 6, 0, 0]


DOUBLE_CHICANE = [
    HANDS[SOUTH],
    suit_hand("H", "J 10 9 6") + suit_hand("D", "J 10 9 8") + suit_hand("C", "J 10 9 7 6"),
    suit_hand("S", "10 9 8 7 6 5 4 3 2") + ["8H", "7H", "7D", "8C"],
    suit_hand("H", "5 4 3 2") + suit_hand("D", "6 5 4 3 2") + suit_hand("C", "5 4 3 2"),
]


def test_double_chicane_is_worth_four_honours():
    state = declared("trump:S", "pass", "pass", hands=DOUBLE_CHICANE)   # West and East: no spades
    finish_deal(state, (7, 6))
    assert last_row(state) == [9 * 8, 8, 0, 4 * 8]
    assert ("Double chicane: neither West nor East was dealt a trump, 32 above the line to "
            "West & East.") in state.narrative()


def test_no_chicane_at_no_trumps():
    state = declared("notrump", "pass", "pass")
    finish_deal(state, (7, 6))
    assert not any("hicane" in line for line in state.narrative())


def test_slams_above_the_line():
    state = declared("trump:C", "pass", "pass")
    finish_deal(state, (12, 1))
    assert last_row(state)[0] == 2 * 2 + 20          # simple honours in clubs (A K Q) and a little slam
    state = declared("trump:C", "pass", "pass")
    finish_deal(state, (13, 0))
    assert last_row(state)[0] == 2 * 2 + 40


def test_game_is_thirty_below_the_line_and_the_next_game_starts_from_nothing():
    state = declared()
    finish_deal(state, (9, 4), below=[8, 20])        # 8 + 24 = 32: game to South & North
    assert state.games_won == [1, 0] and state.below == [0, 0] and state.game_no == 2
    assert ("South & North reach 32 below the line and win game 1 (32 to 20). "
            "A line is drawn under the game.") in state.narrative()
    state = declared()
    finish_deal(state, (8, 5), below=[8, 20])        # 8 + 16 = 24: no game yet
    assert state.games_won == [0, 0] and state.below == [24, 20]


def test_the_deal_passes_to_the_left():
    state = declared()
    finish_deal(state, (7, 6))
    assert state.dealer == WEST and state.phase == "declare" and state.to_move() == WEST
    assert state.dummy == EAST


def test_the_rubber_is_the_best_of_three_games():
    state = declared()
    state.games_won = [1, 0]
    finish_deal(state, (10, 3), below=[0, 0])
    assert state.is_over and state.games_won == [2, 0]
    assert "South & North win the rubber, two games to nil." in state.narrative()
    state = declared()
    state.games_won = [1, 1]
    finish_deal(state, (5, 8), below=[0, 10])
    assert not state.is_over and state.games_won == [1, 1]           # 10 + 16 = 26: the third game goes on


def test_the_match_goes_to_the_higher_total_so_the_rubber_winner_can_lose_it():
    state = declared()
    state.games_won = [1, 1]
    state.above_total = [0, 400]
    finish_deal(state, (10, 3), below=[0, 0])
    assert state.rubber_winner == 0 and state.is_over
    assert state.outcome.winners == (WEST, EAST)
    assert state.outcome.text.startswith("South & North win the rubber, but West & East win the match on points")


def test_a_tied_match_is_drawn():
    state = declared()
    state.games_won = [1, 1]
    total = 32 + 72                                       # this deal: 4 odd tricks × 8, honours 9 × 8
    state.above_total = [0, total - 16]                   # West & East add 16 for East's chicane
    finish_deal(state, (10, 3), below=[0, 0])
    assert state.outcome.winners == (0, 1, 2, 3)
    assert state.outcome.text == f"The match is drawn at {total} points each (South & North won the rubber)."


def test_rubber_bonus_option():
    state = declared(rubber_bonus=100)
    state.games_won = [1, 0]
    finish_deal(state, (10, 3), below=[0, 0])
    assert state.sheet.rows[-1] == ("Rubber bonus", [100, 0, 0, 0])
    assert state.match_totals()[0] == 72 + 32 + 100


def test_the_seeds_note_a_rubber_won_and_a_match_lost():
    game = parlour.load("straight-bridge")
    state = play_out(game.new(563), [make_bot(game, "rule", 5630 + s) for s in range(4)])
    assert state.rubber_winner == 1 and state.outcome.winners == (SOUTH, NORTH)
    assert state.games_won == [0, 2]


class Recorder(StraightBridgeState):
    deals: list = []

    def hand_done(self):
        Recorder.deals.append((list(self.tricks_won), len(self.tricks_played), self.strain, self.multiplier,
                               list(self.below), list(self.games_won)))
        super().hand_done()


@pytest.mark.parametrize("options", [{}, {"trick_values": "1904", "rubber_bonus": 100}])
def test_seeded_random_games_keep_bridge_invariants(options):
    game = Game(replace(parlour.load("straight-bridge").spec, state=Recorder), options)
    values = TRICK_VALUES[game.options["trick_values"]]
    for seed in range(5):
        Recorder.deals = []
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        while not state.is_over:
            check_cards(state)
            if state.phase == "play" and state.turn == state.dummy:
                assert state.to_move() == state.dealer
            state.apply(bots[state.to_move()].choose(state))
        check_cards(state)
        hand_rows = [row for label, row in state.sheet.rows if label.startswith("Hand")]
        assert len(hand_rows) == len(Recorder.deals)
        for (tricks, played, strain, mult, below, games), row in zip(Recorder.deals, hand_rows):
            assert played == 13 and sum(tricks) == 13 and mult in (1, 2, 4)
            sides = [tricks[0] + tricks[2], tricks[1] + tricks[3]]
            win = 0 if sides[0] > sides[1] else 1
            expected_below = [0, 0]
            expected_below[win] = (sides[win] - 6) * values[strain] * mult
            assert [row[1], row[2]] == expected_below
            assert row[0] >= 0 and row[3] >= 0
            assert max(games) < 2
        assert max(state.games_won) == 2 and min(state.games_won) <= 1
        bonus = game.options["rubber_bonus"]
        totals = state.match_totals()
        assert totals == [state.sheet.totals[0] + state.sheet.totals[1],
                          state.sheet.totals[2] + state.sheet.totals[3]]
        if bonus:
            assert state.sheet.rows[-1][1][0 if state.rubber_winner == 0 else 3] == bonus
        if totals[0] != totals[1]:
            best = 0 if totals[0] > totals[1] else 1
            assert state.outcome.winners == ((SOUTH, NORTH) if best == 0 else (WEST, EAST))



def test_the_search_bot_plays_for_its_partnership_and_counts_both_sides_of_the_line():
    """Straight Bridge's sheet has four columns (above and below the line for each side): none of them
    is a seat's side.  Strong must play for its partnership and weigh its points above and below."""
    from parlour.search import score_lead, side_of
    state = parlour.load("straight-bridge").new(1)
    assert [side_of(state, seat) for seat in range(4)] == [[0, 2], [1, 3], [0, 2], [1, 3]]
    state.above_total, state.below_total = [30, 0], [60, 20]
    assert [score_lead(state, seat) for seat in range(4)] == [70, -70, 70, -70]
