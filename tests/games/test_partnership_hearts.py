"""Partnership Hearts: the family's two ways of scoring (seed 000)."""

import parlour
from parlour import cards as C
from parlour.bots import make_bot
from parlour.rulebook.partnership_hearts import team_totals, winning_teams

from helpers import finish_hand, suit_hand
from games.test_hearts import at_first_trick as hearts_first_trick, play_hand_out


def at_first_trick(hands, **options):
    state = parlour.load("partnership-hearts", passing="rotation", **options).new(1)
    bot = make_bot(state.game, "rule")
    while state.phase == "pass":
        state.apply(bot.choose(state))
    state.hands = [C.mask_of(state.pack.card(c) for c in hand) for hand in hands]
    state.start_first_trick()
    return state


def test_the_seeds_example_139_beats_147():
    # You (South) 105, partner (North) 34; opponents West 78, East 69.
    totals = [105, 78, 34, 69]
    assert team_totals(totals) == [139, 147]
    assert winning_teams(totals) == (0,)


def test_team_scoring_pools_partners_points():
    game = parlour.load("partnership-hearts")
    state = game.new(5)
    finish_hand(state)
    assert state.sheet.columns == ["South & North", "West & East"]
    label, row = state.sheet.rows[0]
    assert sum(int(v) for v in row) in (26, -26, 26 * 1)


SLAM_HANDS = [
    suit_hand("C", "2 A K Q") + suit_hand("D", "A K Q") + suit_hand("H", "A K Q J") + ["AS", "KS"],
    suit_hand("C", "3 4 5") + suit_hand("D", "2 3 4") + suit_hand("H", "2 3 4") + suit_hand("S", "2 3 4 5"),
    suit_hand("C", "6 7 8") + suit_hand("D", "5 6 7") + suit_hand("H", "5 6 7") + suit_hand("S", "6 7 8") + ["QS"],
    suit_hand("C", "9 10 J") + suit_hand("D", "8 9 10 J") + suit_hand("H", "8 9 10") + suit_hand("S", "9 10 J"),
]


def test_team_slam_of_all_fourteen_penalty_cards_gives_the_choice():
    state = at_first_trick(SLAM_HANDS)
    play_hand_out(state)  # South takes every trick
    # South won every trick, so South & North hold all 14 penalty cards.
    assert state.phase == "moon"
    assert state.legal_actions() == ["moon:self", "moon:others"]
    state.apply("moon:others")
    assert state.sheet.totals == [0, 26]


def test_team_slam_can_take_26_off_the_side():
    state = at_first_trick(SLAM_HANDS)
    play_hand_out(state)  # South takes every trick
    state.apply("moon:self")
    assert state.sheet.totals == [-26, 0]


def test_individual_scoring_keeps_four_columns_and_single_player_moons():
    state = at_first_trick(SLAM_HANDS, scoring="individual")
    play_hand_out(state)  # South takes every trick
    assert state.sheet.columns == ["South", "West", "North", "East"]
    assert state.phase == "moon" and state.to_move() == 0


#: The audit's deal: South all thirteen clubs, West the spades (Q♠ among them), North diamonds, East hearts.
ONE_SUIT_EACH = [suit_hand("C", "2 3 4 5 6 7 8 9 10 J Q K A"), suit_hand("S", "2 3 4 5 6 7 8 9 10 J Q K A"),
                 suit_hand("D", "2 3 4 5 6 7 8 9 10 J Q K A"), suit_hand("H", "2 3 4 5 6 7 8 9 10 J Q K A")]


def test_a_moon_adds_26_to_each_one_of_the_opponents_not_the_partner():
    state = at_first_trick(ONE_SUIT_EACH, scoring="individual")
    play_hand_out(state)  # South's clubs win every trick and collect every heart and the Q♠
    state.apply("moon:others")
    assert state.sheet.totals == [0, 26, 0, 26]
    assert "West and East take 26 each." in state.narrative()


def test_a_moon_under_the_standard_rule_also_spares_the_partner():
    state = at_first_trick(ONE_SUIT_EACH, scoring="individual", moon="others")
    play_hand_out(state)
    assert state.is_over is False and state.sheet.totals == [0, 26, 0, 26]


def test_a_moon_taken_off_counts_for_the_shooter_alone():
    state = at_first_trick(ONE_SUIT_EACH, scoring="individual")
    play_hand_out(state)
    state.apply("moon:self")
    assert state.sheet.totals == [-26, 0, 0, 0]


def test_individual_game_ends_when_one_player_reaches_the_target_and_partners_totals_decide():
    state = at_first_trick(SLAM_HANDS, scoring="individual", target=100)
    # Put the seed's totals on the sheet just before South shoots the moon for 26 off.
    state.sheet.totals = [131, 52, 34, 43]
    play_hand_out(state)  # South takes every trick
    state.apply("moon:others")           # West 78 and East 69; South 131 is over 100
    assert state.is_over
    assert state.sheet.totals == [131, 78, 34, 69]
    # South & North 165 against West & East 147: West and East win although South is over.
    assert state.outcome.winners == (1, 3)
    assert "147" in state.outcome.text and "165" in state.outcome.text


def test_individual_game_goes_on_while_nobody_has_reached_the_target():
    state = at_first_trick(SLAM_HANDS, scoring="individual", target=100)
    play_hand_out(state)  # South takes every trick
    state.apply("moon:self")
    assert not state.is_over and state.sheet.totals == [-26, 0, 0, 0]


def test_partnership_play_rules_are_the_hearts_rules():
    state = at_first_trick(SLAM_HANDS)
    reference = hearts_first_trick(SLAM_HANDS)
    assert state.legal_actions() == reference.legal_actions() == ["2C"]


# --- issue 24, item 9: the moon, scored alone and together ----------------------------

def test_scoring_alone_the_moon_choice_weighs_the_partners_added_totals():
    # S 80, W 90, N 60, E 5 and South shoots: 26 on each opponent puts West over 100 and ends the
    # game with South & North 140 against West & East 147, a win; 26 off would leave them behind.
    state = at_first_trick(ONE_SUIT_EACH, scoring="individual")
    state.sheet.totals = [80, 90, 60, 5]
    play_hand_out(state)
    bot = make_bot(state.game, "rule")
    assert bot.choose(state) == "moon:others"
    assert "each opponent" in bot.reason and "lead of 7" in bot.reason
    state.apply("moon:others")
    assert state.is_over and state.outcome.winners == (0, 2)


def test_scoring_alone_the_moon_words_put_26_on_each_opponent_not_everyone_else():
    state = at_first_trick(ONE_SUIT_EACH, scoring="individual")
    play_hand_out(state)
    assert state.describe("moon:others") == "Put 26 on each opponent"
    assert "26 on each opponent?" in state.prompt() and "everyone else" not in state.prompt()
    assert "everyone else" not in state.why_illegal("moon:partner")


def test_a_side_that_shoots_the_moon_takes_26_off_in_the_plural():
    state = at_first_trick(SLAM_HANDS)
    play_hand_out(state)
    assert state.describe("moon:others") == "Put 26 on the other side"
    state.apply("moon:self")
    assert "South & North take 26 off." in state.narrative()


def test_a_side_that_shoots_the_moon_puts_26_on_the_other_side():
    state = at_first_trick(SLAM_HANDS)
    play_hand_out(state)
    state.apply("moon:others")
    assert "West & East take 26." in state.narrative()


# --- issue 27: Family plays for its side — it stops the other side's moon -----------------

#: South holds A♥ K♥ 2♥ and the A♦; North no diamonds, the A♠ and the Q♠; West leads the first
#: trick's 2♣ and East takes it with the 10♣.
MOON_HANDS = [
    suit_hand("C", "3") + suit_hand("D", "2 3 A") + suit_hand("H", "A K 2") + suit_hand("S", "K 2 3 4 5 6"),
    suit_hand("C", "2 A") + suit_hand("D", "4 5 6 7") + suit_hand("H", "5 6") + suit_hand("S", "7 8 9 10 J"),
    suit_hand("C", "4 5 6 7 8 9") + suit_hand("H", "3 7 8 9 10") + suit_hand("S", "A Q"),
    suit_hand("C", "10 J Q K") + suit_hand("D", "8 9 10 J Q K") + suit_hand("H", "4 J Q"),
]


def after_first_trick(taken, *plays, **options):
    """MOON_HANDS after the first trick, hearts broken, with ``taken`` {seat: cards} as if taken
    in earlier tricks (the hand's points so far), then ``plays``."""
    state = at_first_trick(MOON_HANDS, **options)
    for card in ("2C", "4C", "10C", "3C"):
        state.apply(card)
    state.hearts_broken = True
    for seat, cards in taken.items():
        mask = C.mask_of(state.pack.card(c) for c in cards)
        state.hands = [hand & ~mask for hand in state.hands]
        state.won[seat] |= mask
    for card in plays:
        state.apply(card)
    return state


def family_choice(state):
    bot = make_bot(state.game, "rule")
    return bot.choose(state), bot.reason


def test_takes_a_heart_trick_it_is_sure_to_win_when_the_other_side_has_every_point_so_far():
    state = after_first_trick({1: ["5H"]}, "4H")  # West took the 5♥ earlier; East leads the 4♥
    assert state.to_move() == 0
    card, reason = family_choice(state)
    assert card == "KH" and "stops their moon" in reason  # the K♥: only the A♥ beats it, and South has that


def test_ducks_under_the_heart_as_in_hearts_once_its_own_side_has_a_point():
    state = after_first_trick({1: ["5H"], 2: ["3H"]}, "4H")
    assert family_choice(state)[0] == "2H"


def test_gives_its_highest_heart_to_its_partners_sure_trick_when_the_other_side_has_every_point():
    state = after_first_trick({3: ["6H"]}, "8D", "AD", "4D")  # South's A♦ wins; North has no diamonds
    assert state.to_move() == 2
    card, reason = family_choice(state)
    assert card == "10H" and "partner South's sure trick" in reason  # not the Q♠ that Hearts' bot throws


def test_leads_a_heart_nobody_can_beat_when_the_other_side_has_every_point_so_far():
    state = after_first_trick({3: ["6H"]}, "8D", "AD", "4D", "AS")  # South wins the diamond and leads
    assert state.to_move() == 0
    card, reason = family_choice(state)
    assert card == "KH" and "stops their moon" in reason


def test_without_a_moon_to_stop_it_leads_low_as_in_hearts():
    state = after_first_trick({3: ["6H"], 0: ["7H"]}, "8D", "AD", "4D", "AS")
    assert family_choice(state)[0] == "2D"


def test_scoring_alone_a_moon_is_one_players_so_points_split_between_the_opponents_need_no_stopping():
    assert family_choice(after_first_trick({1: ["5H"], 3: ["6H"]}, "4H"))[0] == "KH"  # one side: a moon is on
    assert family_choice(after_first_trick({1: ["5H"], 3: ["6H"]}, "4H", scoring="individual"))[0] == "2H"
