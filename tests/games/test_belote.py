"""Belote: one test per rule clause of seed 003, and the standard rules as options."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.rulebook.belote import card_points, declarations_in, round_ten, settle

from parlour.tricks import Trick

from helpers import hand_codes, play

SOUTH, WEST, NORTH, EAST = range(4)
PACK = C.FRENCH_32


def stacked_deck(game, seed, hands, upcard, taker):
    """A deck dealing ``hands`` (8 cards each, seat order; the taker's list holds 7 — it gets the upcard).

    Three cards each, two each, the upcard, then three each (two for the taker),
    always starting from the dealer's next seat.
    """
    probe = game.new(seed)
    order = probe.seats_from(probe.next_seat(probe.dealer))
    deck = [c for seat in order for c in hands[seat][0:3]]
    deck += [c for seat in order for c in hands[seat][3:5]]
    deck.append(upcard)
    deck += [c for seat in order for c in hands[seat][5:7 if seat == taker else 8]]
    assert sorted(deck) == sorted(C.code(c) for c in PACK.cards), "every card exactly once"
    return deck


def taken_by(hands, upcard, taker, seed=0, **options):
    """A game (seed 0: South deals, West is eldest) where ``taker`` takes the upcard in round one."""
    game = parlour.load("belote", **options)
    state = game.new(seed, stacked_deck(game, seed, hands, upcard, taker))
    while state.to_move() != taker:
        state.apply("pass")
    state.apply("take")
    return state


# A full deal: clubs are turned up and West takes.  Final hands:
HANDS = [
    ["7S", "8S", "9S", "7H", "8H", "9H", "10H", "7D"],      # South
    ["JC", "9C", "AC", "10C", "KC", "7C", "8C"],            # West (+ the upcard QC)
    ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"],      # North
    ["10S", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],    # East
]
UPCARD = "QC"


def position(hands, trump="C", **options):
    """West leads the first trick of a hand with these cards in the seats (trumps: ``trump``)."""
    upcard = {"C": "QC", "D": "QD", "H": "QH", "S": "QS"}[trump]
    full = [list(h) for h in HANDS]
    # Move the upcard into West's final hand so the stacked deal works for any trump suit.
    for seat in range(4):
        if upcard in full[seat]:
            full[seat][full[seat].index(upcard)] = UPCARD
    state = taken_by(full, upcard, WEST, **options)
    state.hands = [C.mask_of(PACK.card(c) for c in hand) for hand in hands]
    return state


def spares(hands, suit):
    """Give each seat one more card of ``suit`` so that a one-trick test does not end the hand."""
    return [hand + [f"{rank}{suit}"] for hand, rank in zip(hands, ("8", "9", "10", "J"))]


# -- the pack, the deal and taking

def test_the_game_is_registered_with_32_cards_and_162_points():
    assert parlour.registry.spec("belote").info.players == (4,)
    state = parlour.load("belote").new(0)
    assert state.pack is PACK and len(PACK.cards) == 32
    for trump in C.FRENCH_SUITS:
        assert sum(card_points(c, trump) for c in PACK.cards) == 152


def test_three_then_two_cards_each_and_an_upcard():
    game = parlour.load("belote")
    deck = [C.code(c) for c in PACK.cards]
    state = game.new(0, deck)
    assert state.dealer == SOUTH
    # West, North, East, South get three each, then two each, then the upcard is turned.
    assert hand_codes(state, WEST) == set(deck[0:3] + deck[12:14])
    assert hand_codes(state, SOUTH) == set(deck[9:12] + deck[18:20])
    assert C.code(state.upcard) == deck[20]
    assert [C.count(h) for h in state.hands] == [5] * 4
    assert len(state.stock) == 11


def test_the_first_round_of_taking_starts_on_the_dealers_left():
    state = parlour.load("belote").new(0)
    assert state.phase == "take1" and state.to_move() == WEST
    assert state.legal_actions() == ["take", "pass"]
    assert state.why_illegal("trump:H") == "In the first round you may only take the upcard's suit (take) or pass."
    order = []
    for _ in range(4):
        order.append(state.to_move())
        state.apply("pass")
    assert order == [WEST, NORTH, EAST, SOUTH]


def test_taking_makes_the_upcards_suit_trumps_and_completes_the_hands():
    state = taken_by(HANDS, UPCARD, NORTH - 1)          # West takes
    assert state.taker == WEST and state.trump == C.CLUBS
    assert [C.count(h) for h in state.hands] == [8] * 4
    assert "QC" in hand_codes(state, WEST)               # the taker has the upcard
    for seat in range(4):
        expected = set(HANDS[seat]) | ({"QC"} if seat == WEST else set())
        assert hand_codes(state, seat) == expected
    assert state.phase == "play" and state.to_move() == WEST


def test_the_second_round_names_another_suit():
    state = parlour.load("belote").new(0)
    upcard = C.SUIT_LETTER[C.suit_of(state.upcard)]
    play(state, "pass", "pass", "pass", "pass")
    assert state.phase == "take2" and state.to_move() == WEST
    assert f"trump:{upcard}" not in state.legal_actions()
    assert state.why_illegal(f"trump:{upcard}").startswith("In the second round you must name a suit other")
    other = next(a for a in state.legal_actions() if a.startswith("trump:"))
    play(state, "pass", other)                            # North names a suit
    assert state.taker == NORTH and C.SUIT_LETTER[state.trump] == other[6:]
    assert [C.count(h) for h in state.hands] == [8] * 4


def test_all_passing_twice_throws_the_cards_in_and_the_deal_passes_on():
    state = parlour.load("belote").new(0)
    for _ in range(8):
        state.apply("pass")
    assert state.hand_no == 2 and state.dealer == WEST and state.phase == "take1"
    assert state.sheet.rows == []
    assert sorted(state.all_cards()) == sorted(PACK.cards)


def test_right_hand_play_turns_everything_counter_clockwise():
    state = parlour.load("belote", direction="right").new(0)
    assert state.dealer == SOUTH and state.to_move() == EAST    # the dealer's right
    order = []
    for _ in range(4):
        order.append(state.to_move())
        state.apply("pass")
    assert order == [EAST, NORTH, WEST, SOUTH]
    for _ in range(4):
        state.apply("pass")
    assert state.dealer == EAST                                   # the deal passes to the right


def test_the_deal_passes_to_the_left_after_a_hand():
    game = parlour.load("belote")
    state = game.new(0)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    dealers = [state.dealer]
    while len(dealers) < 4 and not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
        if state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert dealers == [SOUTH, WEST, NORTH, EAST]


# -- card order

def test_trumps_rank_jack_nine_ace_ten_king_queen_eight_seven():
    order = ["7C", "8C", "QC", "KC", "10C", "AC", "9C", "JC"]
    for low, high in zip(order, order[1:]):
        state = position(spares([["7H"], [high], ["7D"], [low]], "S"))
        play(state, high, "7D", low, "7H")
        assert state.tricks_won[WEST] == 1, f"{high} should beat {low} in trumps"


def test_plain_suits_rank_ace_ten_king_queen_jack_nine_eight_seven():
    order = ["7H", "8H", "9H", "JH", "QH", "KH", "10H", "AH"]
    for low, high in zip(order, order[1:]):
        state = position(spares([["7D"], [high], ["8D"], [low]], "C"), trump="S")
        play(state, high, "8D", low, "7D")
        assert state.tricks_won[WEST] == 1, f"{high} should beat {low}"


# -- following, trumping, overtrumping

def test_you_must_follow_suit():
    state = position([["7H", "8D"], ["AH", "9D"], ["KH", "7C"], ["QH", "10D"]])
    play(state, "AH")
    assert state.why_illegal("7C") == "You must follow hearts."


def test_void_with_an_opponent_winning_you_must_trump():
    state = position([["7D", "8D"], ["AH", "9D"], ["7C", "10D"], ["QH", "JD"]])
    play(state, "AH")                          # West leads; North (an opponent) is void in hearts
    assert state.why_illegal("10D") == "You have no hearts, so you must play a trump (clubs)."
    assert state.legal_actions() == ["7C"]


def test_void_with_your_partner_winning_you_may_discard():
    state = position([["QH", "8D"], ["AH", "9D"], ["KH", "10D"], ["7D", "7C"]])
    play(state, "AH", "KH")                    # West's ace wins; East, West's partner, has no hearts
    assert state.why_illegal("7D") is None and state.why_illegal("7C") is None


def test_an_opponent_has_trumped_you_must_overtrump_if_you_can():
    state = position([["7D", "8D"], ["AH", "9D"], ["8C", "10D"], ["KD", "9C", "7C"]])
    play(state, "AH", "8C")                    # North trumps West's ace
    assert state.why_illegal("7C") == "You must beat the highest trump in the trick if you can."
    assert state.why_illegal("KD") == "You have no hearts, so you must play a trump (clubs)."
    assert state.legal_actions() == ["9C"]


def test_unable_to_overtrump_you_must_still_trump_against_an_opponent():
    state = position([["7D", "8D"], ["AH", "9D"], ["JC", "10D"], ["KD", "7C"]])
    play(state, "AH", "JC")
    assert state.legal_actions() == ["7C"]


def test_trumps_led_you_must_beat_the_best_trump_while_an_opponent_is_winning():
    state = position([["7D", "8D"], ["10C", "9D"], ["JC", "7C"], ["KD", "KC"]])
    play(state, "10C")                          # West leads a trump; North may beat it
    assert state.why_illegal("7C") == (
        "Trumps were led: you must play a higher trump than the best one in the trick if you can.")
    assert state.legal_actions() == ["JC"]


def test_trumps_led_with_your_partner_winning_any_trump_will_do():
    state = position([["7D", "8D"], ["10C", "9D"], ["7C", "7H"], ["8C", "9C"]])
    play(state, "10C", "7C")                    # West's ten wins; East, West's partner, could beat it
    assert set(state.legal_actions()) == {"8C", "9C"}


def test_the_highest_trump_or_the_highest_card_of_the_suit_led_wins():
    state = position(spares([["7D"], ["AH"], ["7C"], ["10H"]], "S"))
    play(state, "AH", "7C", "10H", "7D")
    assert state.tricks_won[NORTH] == 1
    state = position(spares([["AD"], ["9H"], ["8H"], ["7S"]], "S"))
    play(state, "9H", "8H", "7S", "AD")
    assert state.tricks_won[WEST] == 1


# -- declarations

def cards(*codes):
    return [PACK.card(c) for c in codes]


def test_fours_of_a_kind_score_by_rank_and_eights_and_sevens_do_not_count():
    assert [d.value for d in declarations_in(cards("JC", "JD", "JH", "JS"))] == [200]
    assert [d.value for d in declarations_in(cards("9C", "9D", "9H", "9S"))] == [150]
    for rank in "A 10 K Q".split():
        assert [d.value for d in declarations_in(cards(*(rank + s for s in "CDHS")))] == [100]
    assert declarations_in(cards("8C", "8D", "8H", "8S")) == []
    assert declarations_in(cards("7C", "7D", "7H", "7S")) == []


def test_runs_use_the_natural_order_and_score_20_50_100():
    assert [d.value for d in declarations_in(cards("10H", "JH", "QH"))] == [20]
    assert [d.value for d in declarations_in(cards("9H", "10H", "JH", "QH"))] == [50]
    assert [d.value for d in declarations_in(cards("9H", "10H", "JH", "QH", "KH"))] == [100]
    assert [d.value for d in declarations_in(cards(*(r + "H" for r in "7 8 9 10 J Q K A".split())))] == [100]
    assert declarations_in(cards("10H", "QH", "KH")) == []      # the jack is missing
    assert declarations_in(cards("AH", "10H", "KH")) == []      # trick order A 10 K is not a run


def test_longer_runs_beat_shorter_then_the_higher_top_card_then_trumps():
    run5 = declarations_in(cards("7H", "8H", "9H", "10H", "JH"))[0]
    run6 = declarations_in(cards("7S", "8S", "9S", "10S", "JS", "QS"))[0]
    assert run6.key(None) > run5.key(None)
    low = declarations_in(cards("7H", "8H", "9H"))[0]
    high = declarations_in(cards("9S", "10S", "JS"))[0]
    assert high.key(None) > low.key(None)
    hearts = declarations_in(cards("9H", "10H", "JH"))[0]
    assert hearts.key(C.HEARTS) > high.key(C.HEARTS)
    assert high.key(C.SPADES) > hearts.key(C.SPADES)


def test_a_four_of_a_kind_beats_a_run_of_the_same_value():
    four = declarations_in(cards("QC", "QD", "QH", "QS"))[0]
    run = declarations_in(cards(*(r + "H" for r in "7 8 9 10 J Q K A".split())))[0]
    assert four.key(None) > run.key(None)
    aces = declarations_in(cards("AC", "AD", "AH", "AS"))[0]
    kings = declarations_in(cards("KC", "KD", "KH", "KS"))[0]
    assert aces.key(None) > kings.key(None)


def test_only_the_side_with_the_best_declaration_scores_and_partners_count_together():
    hands = [
        ["7S", "8S", "7H", "8H", "9H", "7D", "8D", "9D"],        # South: two runs of three
        ["JC", "10C", "9C", "8C", "KC", "AD", "10D"],            # West: with the QC, a run of six in clubs
        ["AS", "KS", "QS", "JS", "AH", "10H", "9S", "KD"],       # North: a run of four, A K Q J of spades
        ["10S", "JH", "QH", "KH", "QD", "JD", "7C", "AC"],       # East: a run of three, J Q K of hearts
    ]
    state = taken_by(hands, "QC", WEST)
    story = state.narrative()
    assert "West: a run of six." in story
    assert "North: good." in story and "East: good." in story and "South: good." in story
    assert state.declaration_points == [0, 100 + 20]      # West's run and East's; South's do not count
    assert state.belote_seat == WEST                         # K and Q of clubs


def test_equal_types_ask_how_high_and_an_exact_tie_stays_with_the_first_speaker():
    hands = [
        ["8D", "9D", "10D", "7H", "QH", "AS", "KC", "10S"],      # South: run of three to the ten
        ["7C", "8C", "9C", "8H", "JD", "KS", "AC", "7D"],        # West: run of three to the nine
        ["7S", "8S", "9S", "9H", "10C", "QD", "JS", "AD"],       # North: run of three to the nine
        ["10H", "JH", "KH", "JC", "QC", "QS", "KD"],             # East takes the AH: nothing to declare
    ]
    state = taken_by(hands, "AH", EAST)
    story = state.narrative()
    i = story.index("West: a run of three.")
    assert story[i + 1:i + 7] == ["North: how high?", "West: up to the nine.", "North: good.",
                                  "East: good.", "South: how high?", "West: up to the nine."]
    assert story[i + 7] == "South: better — up to the ten."
    assert state.declaration_points == [40, 0]             # South's run and North's


EQUAL_RUNS = [
    ["8D", "QS", "10D", "7H", "QH", "AS", "KC", "10S"],      # South: nothing
    ["7C", "8C", "9C", "8H", "JD", "KS", "AC", "7D"],        # West: run of three to the nine (clubs)
    ["7S", "8S", "9S", "9H", "10C", "QD", "JS", "AD"],       # North: run of three to the nine (spades)
    ["10H", "JH", "KH", "JC", "QC", "9D", "KD"],             # East takes the AH: hearts are trumps
]


def test_equal_best_runs_outside_trumps_stay_with_the_first_to_declare():
    state = taken_by(EQUAL_RUNS, "AH", EAST)
    story = state.narrative()
    i = story.index("West: a run of three.")
    assert story[i + 1:i + 4] == ["North: how high?", "West: up to the nine.", "North: good."]
    assert state.declaration_points == [0, 20]


def test_equal_runs_option_neither_side_scores_equal_best_runs():
    state = taken_by(EQUAL_RUNS, "AH", EAST, equal_runs="none")
    story = state.narrative()
    assert "North: the same." in story
    assert ("The best declarations are equal on both sides, so neither side scores its declarations."
            in story)
    assert state.declaration_points == [0, 0] and state.best_declaration is None


def test_belote_and_rebelote_are_announced_as_the_king_and_queen_of_trumps_are_played():
    state = position([["7D", "8D"], ["KC", "QC"], ["7C", "8C"], ["9C", "10C"]])
    assert state.belote_seat == WEST           # West was dealt the K and Q of clubs
    play(state, "KC")
    assert state.narrative()[-1] == "West: “Belote!”"
    play(state, "7C", "9C", "7D")              # East's nine of trumps wins
    play(state, "10C", "8D", "QC")
    assert state.narrative()[-1] == "West: “Rebelote!” (20 points for West & East)"


def test_declarations_off_or_belote_only():
    hands = [list(h) for h in HANDS]
    state = taken_by(hands, UPCARD, WEST, declarations="none")
    assert state.declaration_points == [0, 0] and state.belote_seat is None
    state = taken_by(hands, UPCARD, WEST, declarations="belote")
    assert state.declaration_points == [0, 0]
    assert state.belote_seat == WEST                         # K and Q of clubs still count
    state = taken_by(hands, UPCARD, WEST)
    assert sum(state.declaration_points) > 0


# -- scoring

def test_card_points():
    assert card_points(PACK.card("JC"), C.CLUBS) == 20
    assert card_points(PACK.card("9C"), C.CLUBS) == 14
    assert card_points(PACK.card("JH"), C.CLUBS) == 2
    assert card_points(PACK.card("9H"), C.CLUBS) == 0
    assert [card_points(PACK.card(c + "H"), C.CLUBS) for c in "A 10 K Q 8 7".split()] == [11, 10, 4, 3, 0, 0]


def test_a_made_contract_scores_both_sides_their_points_and_declarations():
    points, made, capot = settle([100, 62], [5, 3], [50, 0], [20, 0], takers=0)
    assert made and capot is None and points == [170, 62]


def test_a_failed_contract_gives_162_and_every_declaration_to_the_opponents():
    points, made, capot = settle([70, 92], [3, 5], [50, 0], [0, 0], takers=0)
    assert not made and points == [0, 162 + 50]


def test_belote_stays_with_its_holders_even_when_they_fail():
    points, made, _ = settle([70, 92], [3, 5], [0, 0], [20, 0], takers=0)
    assert not made and points == [20, 162]


def test_equal_trick_points_are_not_enough_for_the_takers():
    points, made, _ = settle([81, 81], [4, 4], [0, 0], [0, 0], takers=1)
    assert not made and points == [162, 0]


def test_standard_option_counts_declarations_in_the_contract():
    assert settle([75, 87], [4, 4], [20, 0], [0, 0], takers=0, contract="tricks")[1] is False
    assert settle([75, 87], [4, 4], [20, 0], [0, 0], takers=0, contract="all")[1] is True
    assert settle([75, 87], [4, 4], [0, 0], [20, 0], takers=0, contract="all")[1] is True


def test_capot_by_the_takers_is_252_plus_their_declarations():
    points, made, capot = settle([162, 0], [8, 0], [20, 0], [0, 20], takers=0)
    assert made and capot == 0 and points == [252 + 20, 20]


def test_capot_against_the_takers_is_252_plus_both_sides_declarations():
    points, made, capot = settle([0, 162], [0, 8], [50, 0], [20, 0], takers=0)
    assert not made and capot == 1 and points == [20, 252 + 50]


def test_a_side_without_a_trick_keeps_only_its_belote():
    points, _, _ = settle([162, 0], [8, 0], [0, 100], [0, 20], takers=0)
    assert points == [252, 20]                 # the losers' 100 in declarations is lost


def test_scores_are_rounded_to_tens():
    assert [round_ten(p) for p in (84, 85, 86, 162, 0)] == [80, 90, 90, 160, 0]


def seeded_game(seed, **options):
    game = parlour.load("belote", **options)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seed * 10 + s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    return state


def test_hand_scores_are_written_rounded_or_exact():
    state = seeded_game(1)
    for result, row in zip(state.hand_results, state.sheet.rows):
        assert row[1] == [round_ten(p) for p in result["points"]]
    state = seeded_game(1, rounding="exact")
    for result, row in zip(state.hand_results, state.sheet.rows):
        assert row[1] == result["points"]


def test_the_game_ends_at_1000_and_both_sides_over_together_is_a_tie():
    state = seeded_game(2)
    totals = state.sheet.totals
    assert max(totals) >= 1000
    before = [t - p for t, p in zip(totals, state.sheet.rows[-1][1])]
    assert max(before) < 1000                   # nobody had reached it a hand earlier
    if min(totals) >= 1000:
        assert state.outcome.winners == (0, 1, 2, 3)
    else:
        best = 0 if totals[0] > totals[1] else 1
        assert set(state.outcome.winners) == ({0, 2} if best == 0 else {1, 3})


def test_both_sides_over_the_target_in_one_hand():
    for finish, expected in (("tie", (0, 1, 2, 3)), ("higher", (0, 2))):
        state = parlour.load("belote", finish=finish).new(0)
        state.sheet.totals = [1020, 1010]
        state.finish()
        assert state.outcome.winners == expected


# -- the pack between hands

def test_without_a_shuffle_the_next_hand_is_the_gathered_tricks_cut():
    game = parlour.load("belote")
    state = game.new(5)
    bots = [make_bot(game, "rule", s) for s in range(4)]
    while not (state.phase == "play" and sum(C.count(h) for h in state.hands) == 1):
        state.apply(bots[state.to_move()].choose(state))
    action = bots[state.to_move()].choose(state)
    last = Trick(state.trick.leader, state.trick.plays + [(state.turn, PACK.card(action))])
    tricks = state.tricks_played + [last]
    side = [state.team(state.rules.winner(t)) for t in tricks]
    gathered = [c for s in (0, 1) for t, w in zip(tricks, side) if w == s for c in t.cards]
    state.apply(action)
    assert state.hand_no == 2 and state.phase == "take1"
    assert "gathers the tricks without shuffling" in state.narrative()[-1]
    order = state.seats_from(state.next_seat(state.dealer))

    def deal(deck):
        hands = {seat: set(deck[3 * i:3 * i + 3] + deck[12 + 2 * i:14 + 2 * i]) for i, seat in enumerate(order)}
        return hands, deck[20]

    seen = ({s: set(C.cards_in(state.hands[s])) for s in range(4)}, state.upcard)
    assert any(deal(gathered[c:] + gathered[:c]) == seen for c in range(3, 30))


# -- whole games

@pytest.mark.parametrize("options", [{}, {"direction": "right"}, {"declarations": "none"},
                                     {"declarations": "belote"}, {"contract": "all"},
                                     {"shuffle": "shuffle", "rounding": "exact", "finish": "higher"}])
def test_random_games_keep_162_a_hand_and_their_sums(options):
    game = parlour.load("belote", target=500, **options)
    for seed in range(6):
        state = game.new(seed)
        bots = [RandomBot(seed * 3 + s) for s in range(4)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(PACK.cards)
            state.apply(bots[state.to_move()].choose(state))
        for r in state.hand_results:
            assert sum(r["cards"]) == 152 and sum(r["taken"]) == 162
            assert sum(r["tricks"]) == 8
            decl, belote, takers = r["declarations"], sum(r["belote"]), r["takers"]
            if r["capot"] == takers:
                assert sum(r["points"]) == 252 + decl[takers] + belote
            elif r["capot"] is not None:
                assert sum(r["points"]) == 252 + sum(decl) + belote
            else:
                assert sum(r["points"]) == 162 + sum(decl) + belote
            assert r["declarations"].count(0) >= 1          # only one side scores declarations
        assert sum(state.sheet.totals) == sum(sum(row[1]) for row in state.sheet.rows)
