"""Twenty-Five (seed 003): one test per rule clause, and seeded random games with invariants."""

from pathlib import Path

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot
from parlour.core import OptionError
from parlour.rulebook.twenty_five import TwentyFiveRules, teams_for

from helpers import deck_for_hands, finish_hand, hand_codes, last_trick_winner, mask, play, trick_position

GAME = "twenty-five"
SUITS = {"C": C.CLUBS, "D": C.DIAMONDS, "H": C.HEARTS, "S": C.SPADES}


def stacked(hands, upcard, seed=0, **options):
    game = parlour.load(GAME, **options)
    return game.new(seed, deck_for_hands(game, seed, hands, rest=[upcard]))


def position(hands, trump="S", leader=0, seed=0, **options):
    """Play from these hands (one list per seat) with ``trump`` trumps, ``leader`` to lead."""
    state = parlour.load(GAME, **options).new(seed)
    while state.phase == "rob":
        state.apply("pass")
    return trick_position(state, hands, leader, trump)


def order_high_to_low(trump, codes):
    rules = TwentyFiveRules(SUITS[trump])
    pack = C.FRENCH_52
    return sorted(codes, key=lambda c: -rules.order(pack.card(c)))


# --- players and teams ------------------------------------------------------------------

def test_twenty_five_is_registered_for_three_to_nine_players():
    for n in range(3, 10):
        game = parlour.load(GAME, players=n)
        assert game.num_players == n
        state = game.new(0)
        assert [C.count(h) for h in state.hands] == [5] * n
    with pytest.raises(OptionError):
        parlour.load(GAME, players=2)
    with pytest.raises(OptionError):
        parlour.load(GAME, players=10)
    assert parlour.load(GAME, players=6).new(0).names[5] == "Player 6"


def test_everyone_may_play_alone():
    state = parlour.load(GAME, players=5).new(0)
    assert state.sides == ((0,), (1,), (2,), (3,), (4,))
    assert state.sheet.columns == [f"Player {i}" for i in range(1, 6)]


def test_teams_sit_so_that_partners_never_play_one_after_the_other():
    assert teams_for(4, "partners") == ((0, 2), (1, 3))
    assert teams_for(6, "partners") == ((0, 3), (1, 4), (2, 5))
    assert teams_for(8, "partners") == ((0, 4), (1, 5), (2, 6), (3, 7))
    assert teams_for(9, "partners") == ((0, 3, 6), (1, 4, 7), (2, 5, 8))
    for n in (4, 6, 8, 9):
        for team in teams_for(n, "partners"):
            assert all((a + 1) % n not in team for a in team)
    state = parlour.load(GAME, players=4, teams="partners").new(0)
    assert state.sheet.columns == ["South & North", "West & East"]


def test_teams_need_an_even_number_of_players_or_nine():
    for n in (3, 5, 7):
        with pytest.raises(OptionError, match="teams need 4, 6 or 8 players"):
            parlour.load(GAME, players=n, teams="partners")


# --- the deal and the card order -----------------------------------------------------

def test_five_cards_each_and_the_next_card_turned_up_fixes_trumps():
    hands = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"],
             ["2S", "3S", "4S", "5S", "6S"], ["7C", "8C", "9C", "10C", "JC"]]
    state = stacked(hands, "KH")
    assert [hand_codes(state, s) for s in range(4)] == [set(h) for h in hands]
    assert state.trump == C.HEARTS and C.code(state.upcard) == "KH"
    assert len(state.stock) == 52 - 21


def test_trump_orders_are_the_seeds():
    assert order_high_to_low("H", ["2H", "3H", "4H", "6H", "7H", "8H", "9H", "10H", "QH", "KH", "AH", "JH", "5H"]) == \
        ["5H", "JH", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "4H", "3H", "2H"]
    diamonds = ["2D", "3D", "4D", "6D", "7D", "8D", "9D", "10D", "QD", "KD", "AD", "AH", "JD", "5D"]
    assert order_high_to_low("D", diamonds) == \
        ["5D", "JD", "AH", "AD", "KD", "QD", "10D", "9D", "8D", "7D", "6D", "4D", "3D", "2D"]
    for s in "CS":
        black = [f"{r}{s}" for r in "10 9 8 7 6 4 3 2 Q K A J 5".split()] + ["AH"]
        assert order_high_to_low(s, black) == \
            [f"{r}{s}" if r != "AH" else "AH" for r in "5 J AH A K Q 2 3 4 6 7 8 9 10".split()]


def test_plain_orders_are_highest_in_red_lowest_in_black():
    assert order_high_to_low("S", [f"{r}H" for r in "2 3 4 5 6 7 8 9 10 J Q K".split()]) == \
        [f"{r}H" for r in "K Q J 10 9 8 7 6 5 4 3 2".split()]
    assert order_high_to_low("S", [f"{r}D" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]) == \
        [f"{r}D" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split()]
    assert order_high_to_low("H", [f"{r}C" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]) == \
        [f"{r}C" for r in "K Q J A 2 3 4 5 6 7 8 9 10".split()]


def test_the_ace_of_hearts_is_always_a_trump():
    state = position([["AH", "2C"], ["KS", "3C"], ["QS", "4C"], ["5H", "6C"]], trump="S")
    assert state.rules.suit(state.pack.card("AH")) == C.SPADES
    play(state, "AH")                          # a trump lead
    assert state.why_illegal("3C") == "A trump was led: you must play a trump."
    play(state, "KS", "QS", "5H")
    assert last_trick_winner(state) == "South wins the trick with A♥."


# --- robbing the trump -------------------------------------------------------------------

ROB_HANDS = [["2C", "3C", "4C", "5C", "6C"], ["AS", "3D", "4D", "5D", "6D"],
             ["2S", "3S", "4S", "5S", "6S"], ["7C", "8C", "9C", "10C", "JC"]]


def test_the_holder_of_the_ace_of_trumps_may_rob_and_discards_face_down():
    state = stacked(ROB_HANDS, "KS")
    holder = 1
    assert state.phase == "rob"
    while state.to_move() != holder:
        assert state.why_illegal("rob") == "Only the player holding the ace of trumps may rob."
        assert state.legal_actions() == ["pass"]
        state.apply("pass")
    assert state.legal_actions() == ["rob", "pass"]
    state.apply("rob")
    assert "KS" in hand_codes(state, holder) and state.phase == "discard"
    state.apply("3D")
    assert hand_codes(state, holder) == {"AS", "KS", "4D", "5D", "6D"}
    assert state.discarded == mask(state, ["3D"])
    assert state.phase == "play"
    for seat in range(4):
        if seat != holder:
            assert "3D" not in " ".join(state.narrative(seat))
            assert state.view(seat)["seats"][holder]["hand"] is None
    assert "West discards 3♦ face down." in state.narrative(holder)
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_every_player_is_asked_so_that_declining_to_rob_gives_nothing_away():
    state = stacked(ROB_HANDS, "KS")
    asked = []
    while state.phase == "rob":
        asked.append(state.to_move())
        state.apply("pass")
    assert asked == [(state.dealer + k) % 4 for k in range(1, 5)]
    assert state.phase == "play" and "KS" not in hand_codes(state, 1)
    assert any("Nobody robs" in t for t in state.narrative())


def test_the_ace_of_hearts_does_not_rob_unless_hearts_are_trumps():
    hands = [list(h) for h in ROB_HANDS]
    hands[1][0] = "AH"
    state = stacked(hands, "KS")
    while state.to_move() != 1:
        state.apply("pass")
    assert state.why_illegal("rob") == "Only the player holding the ace of trumps may rob."
    state = stacked(hands, "KH")
    while state.to_move() != 1:
        state.apply("pass")
    assert state.why_illegal("rob") is None


def test_the_player_holding_the_ace_of_trumps_may_rob_so_a_turned_up_ace_is_robbed_by_nobody():
    hands = [list(h) for h in ROB_HANDS]
    hands[1][0] = "7D"
    state = stacked(hands, "AS")
    assert state.phase == "play"
    assert state.to_move() == state.next_seat(state.dealer)
    assert any("nobody can rob" in t for t in state.narrative())


def test_a_turned_up_ace_is_our_reading_not_a_rule_of_the_article():
    spec = parlour.registry.spec("twenty-five")
    reading = next(r for r in spec.info.readings if r.option == "robbing")
    assert reading.value == "dealer-too"
    assert "family" not in spec.option("robbing").choices["ace-holder"]
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "twenty-five.md").read_text(encoding="utf-8")
    assert "family rule" not in page.lower()


def test_the_robbing_reading_asks_about_the_ace_of_trumps_turned_up_in_plain_words():
    # Issue 24, item 20: the question read "an ace turned-up ace".
    reading = next(r for r in parlour.registry.spec("twenty-five").info.readings if r.option == "robbing")
    assert "ace turned-up ace" not in reading.question
    assert "the ace of trumps itself turned up" in reading.question


def test_the_standard_rule_lets_the_dealer_rob_a_turned_up_ace():
    hands = [list(h) for h in ROB_HANDS]
    hands[1][0] = "7D"
    state = stacked(hands, "AS", robbing="dealer-too")
    assert state.phase == "rob" and state.to_move() == state.dealer
    state.apply("rob")
    assert "AS" in hand_codes(state, state.dealer)
    state.apply(sorted(hand_codes(state, state.dealer) - {"AS"})[0])
    assert state.phase == "play"


def test_robbing_is_over_once_the_first_card_is_led():
    state = stacked(ROB_HANDS, "KS")
    while state.phase == "rob":
        state.apply("pass")
    assert state.phase == "play"
    assert state.why_illegal("rob") is not None
    assert "rob" not in state.legal_actions()


# --- play ------------------------------------------------------------------------------

def test_the_dealers_left_leads_first():
    for seed in range(3):
        state = parlour.load(GAME, players=5).new(seed)
        while state.phase == "rob":
            state.apply("pass")
        assert state.to_move() == (state.dealer + 1) % 5


def test_a_player_holding_the_suit_led_may_follow_or_trump_but_not_discard():
    state = position([["KD", "2C"], ["3D", "4S", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    play(state, "KD")
    assert state.why_illegal("3D") is None
    assert state.why_illegal("4S") is None
    assert state.why_illegal("5C") == "You must follow diamonds or play a trump."


def test_a_player_out_of_the_suit_led_may_play_anything():
    state = position([["KD", "2C"], ["4S", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    play(state, "KD")
    assert set(state.legal_actions()) == {"4S", "5C"}


def test_a_trump_lead_must_be_answered_with_a_trump():
    state = position([["KS", "2C"], ["4S", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    play(state, "KS")
    assert state.why_illegal("5C") == "A trump was led: you must play a trump."
    assert state.legal_actions() == ["4S"]


def test_the_top_three_trumps_are_never_forced_out_by_a_trump_lead():
    state = position([["2S", "2C"], ["5S", "5C"], ["JS", "6C"], ["AH", "7C"]], trump="S")
    play(state, "2S")
    assert set(state.legal_actions()) == {"5S", "5C"}
    play(state, "5C")
    assert set(state.legal_actions()) == {"JS", "6C"}
    play(state, "6C")
    assert set(state.legal_actions()) == {"AH", "7C"}


def test_a_top_trump_with_a_lower_trump_beside_it_still_owes_a_trump():
    state = position([["2S", "2C"], ["5S", "3S", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    state.hands[0] = mask(state, ["2S", "2C", "3C"])
    play(state, "2S")
    assert state.why_illegal("5C") == ("A trump was led: you must play a trump (only the 5, the jack "
                                       "and the A♥ may be held back).")
    assert set(state.legal_actions()) == {"5S", "3S"}


def test_the_standard_rule_holds_back_a_top_trump_only_against_a_lower_one():
    state = position([["5S", "2C"], ["JS", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S",
                     renege="lower-only")
    play(state, "5S")
    assert state.why_illegal("5C") == ("A trump was led: you must play a trump. A top trump may be "
                                       "held back only when a lower trump is led.")
    assert state.legal_actions() == ["JS"]
    state = position([["KS", "2C"], ["JS", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S",
                     renege="lower-only")
    play(state, "KS")
    assert set(state.legal_actions()) == {"JS", "5C"}


def test_the_seed_rule_holds_back_a_top_trump_even_against_a_higher_one():
    state = position([["5S", "2C"], ["JS", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    play(state, "5S")
    assert set(state.legal_actions()) == {"JS", "5C"}


def test_the_highest_trump_or_else_the_highest_of_the_suit_led_wins():
    state = position([["10C", "2H"], ["AC", "3H"], ["KC", "4H"], ["2S", "5H"]], trump="S")
    play(state, "10C", "AC", "KC", "2S")
    assert last_trick_winner(state) == "East wins the trick with 2♠."
    state = position([["10C", "2H"], ["AC", "3H"], ["KC", "4H"], ["9D", "5H"]], trump="S")
    play(state, "10C", "AC", "KC", "9D")
    assert last_trick_winner(state) == "North wins the trick with K♣."   # black: K above A above 10


# --- scoring and the end ------------------------------------------------------------------

def test_each_trick_scores_five_at_once():
    state = position([["KD", "2C"], ["3D", "5C"], ["QD", "6C"], ["JD", "7C"]], trump="S")
    play(state, "KD", "3D", "QD", "JD")
    assert state.hand_points == [5, 0, 0, 0] and state.live_totals() == [5, 0, 0, 0]
    assert not state.sheet.rows


def test_partners_score_together():
    state = position([["2D", "2C"], ["3D", "5C"], ["KD", "6C"], ["JD", "7C"]], trump="S",
                     teams="partners")
    play(state, "2D", "3D", "KD", "JD")        # North wins for South & North
    assert state.hand_points == [5, 0]


def test_reaching_25_ends_the_game_at_once():
    state = position([["KD", "2C", "3C"], ["3D", "5C", "4C"], ["QD", "6C", "8C"], ["JD", "7C", "9C"]],
                     trump="S")
    state.sheet.totals = [20, 15, 0, 10]
    play(state, "KD", "3D", "QD", "JD")
    assert state.is_over and state.outcome.winners == (0,)
    assert state.sheet.rows[-1] == ("Hand 1 (stopped)", [5, 0, 0, 0])
    assert state.sheet.totals == [25, 15, 0, 10]
    assert C.count(state.hands[0]) == 2 and state.legal_actions() == []


def test_a_team_reaching_25_wins_together():
    state = position([["2D", "2C"], ["3D", "5C"], ["KD", "6C"], ["JD", "7C"]], trump="S",
                     teams="partners")
    state.sheet.totals = [20, 20]
    play(state, "2D", "3D", "KD", "JD")
    assert state.is_over and state.outcome.winners == (0, 2)


def test_below_25_the_deal_passes_left():
    game = parlour.load(GAME, players=5)
    state = game.new(3)
    dealer = state.dealer
    finish_hand(state)
    assert not state.is_over
    assert state.dealer == (dealer + 1) % 5
    assert max(state.sheet.totals) < 25 and sum(state.sheet.totals) == 25


@pytest.mark.parametrize("players,teams,seed", [(3, "alone", 1), (4, "partners", 2), (6, "alone", 3),
                                                (9, "partners", 4), (7, "alone", 5), (8, "partners", 6)])
def test_random_games_keep_cards_and_score_five_a_trick(players, teams, seed):
    game = parlour.load(GAME, players=players, teams=teams)
    state = game.new(seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    while not state.is_over:
        assert sorted(state.all_cards()) == sorted(state.pack.cards)
        if state.phase == "play":
            assert sum(state.hand_points) == 5 * len(state.tricks_played)
            assert sum(C.count(h) for h in state.hands) == players * 5 - sum(
                len(t) for t in state.tricks_played) - len(state.trick)
        before = state.live_totals()
        state.apply(bots[state.to_move()].choose(state))
        after = state.live_totals()
        moved = [a - b for a, b in zip(after, before)]
        assert sorted(moved) in ([0] * len(moved), [0] * (len(moved) - 1) + [5])
    for label, row in state.sheet.rows[:-1]:
        assert sum(row) == 25 and "stopped" not in label
    assert max(state.sheet.totals) >= 25
    assert sorted(state.sheet.totals)[-2] < 25
    winner = state.sheet.totals.index(max(state.sheet.totals))
    assert state.outcome.winners == state.sides[winner]


def test_the_rob_question_reads_the_same_for_the_holder_and_everyone_else():
    state = stacked(ROB_HANDS, "KS")
    prompts = set()
    while state.phase == "rob":
        view = state.view(0)
        prompts.add(view["prompt"].split(":", 1)[1])
        state.apply("pass")
    assert len(prompts) == 1
