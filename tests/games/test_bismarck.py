"""Bismarck, Sergeant Major (8-5-3) and 9-5-2 (seed 002): one test per rule clause,
the seed's deal-3 example, and random games with invariants."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.core import OptionError
from parlour.rulebook.bismarck import bismarck_points

from helpers import finish_hand, hand_codes, mask, play

SOUTH, WEST, EAST = range(3)


def bismarck_deck(game, seed, hands, extra):
    """A stacked deck: 16 cards to each seat one at a time from the dealer's left, then ``extra``."""
    probe = game.new(seed)
    order = probe.seats_from(probe.next_seat(probe.dealer))
    deck = [hands[seat][i] for i in range(16) for seat in order] + list(extra)
    assert sorted(deck) == sorted(C.code(c) for c in probe.pack.cards)
    return deck


def stacked(hands, extra, seed=1, **options):
    game = parlour.load("bismarck", **options)
    return game.new(seed, bismarck_deck(game, seed, hands, extra))


def to_play(state, kind="rule"):
    """Let bots do the exchange, trump naming and discarding until the first lead."""
    bots = [make_bot(state.game, kind, s) for s in range(3)]
    while state.phase != "play":
        state.apply(bots[state.to_move()].choose(state))


# --- the seed's deal-3 example (Player A = South deals, B = West, C = East) -----------------------

A_HAND = ["2S", "3S", "4S", "5S", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C",
          "AH", "QH", "10H", "3H", "6D", "4D"]
A_EXTRA = ["5C", "10H", "4D", "5S"]
B_HAND = ["AS", "KS", "10S", "9S", "8S", "4C", "KH", "2H", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"]
C_HAND = ["QS", "JS", "7S", "6S", "3C", "2C", "JH", "9H", "8H", "7H", "6H", "5H", "4H", "5D", "3D", "2D"]
EXAMPLE_PLAY = [
    "6D", "4D", "10H", "3H", "trump:C",
    "AS", "6S", "2S",   # 1: B leads the ace of spades and wins
    "KS", "7S", "3S",   # 2: B
    "8S", "QS", "4S",   # 3: C
    "JS", "5S", "9S",   # 4: C; from here A holds only masters and the Q♥
    "5D", "5C", "7D",   # 5: A ruffs
    "AC", "4C", "2C",   # 6: A draws trumps
    "KC", "8D", "3C",   # 7
    "AH", "2H", "4H",   # 8
    "QH", "KH", "5H",   # 9: the Q♥ falls to B's K♥
    "AD", "2D", "6C",   # 10: A ruffs
    "QC", "9D", "6H",   # 11
    "JC", "10D", "7H",  # 12
    "10C", "JD", "8H",  # 13
    "9C", "QD", "9H",   # 14
    "8C", "KD", "JH",   # 15
    "7C", "10S", "3D",  # 16
]


def example_hands():
    a16 = [c for c in A_HAND if c not in A_EXTRA]
    return [a16, B_HAND, C_HAND]


def test_the_seeds_deal_3_example():
    state = stacked(example_hands(), A_EXTRA, practice=3)
    assert state.dealer == SOUTH and state.deal_type == 3
    assert hand_codes(state, SOUTH) == set(A_HAND)  # 20 cards before the discard
    play(state, *EXAMPLE_PLAY[:4])
    assert C.count(state.hands[SOUTH]) == 16
    assert state.phase == "trump"
    play(state, "trump:C")
    assert state.to_move() == WEST  # B, the eldest, leads
    play(state, *EXAMPLE_PLAY[5:5 + 12])
    # After four tricks the seed says every card A holds is a master except the Q♥.
    assert state.tricks_won == [0, 2, 2]
    assert hand_codes(state, SOUTH) == {"AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C",
                                        "AH", "QH"}
    play(state, *EXAMPLE_PLAY[17:])
    assert state.last_tricks == [11, 3, 2]
    assert [int(v) for v in state.sheet.rows[-1][1]] == [3, 0, 0]
    assert state.is_over and state.outcome.winners == (SOUTH,)


# --- drawing, dealing, discarding -----------------------------------------------------------------

def test_bismarck_is_registered_for_three_players():
    game = parlour.load("bismarck")
    assert game.num_players == 3
    assert game.options == {"variant": "bismarck", "exchange_order": "target", "two_up": "own", "practice": 0}


def test_the_highest_card_drawn_deals_and_tied_highest_draw_again():
    game = parlour.load("bismarck")
    saw_tie = False
    for seed in range(40):
        state = game.new(seed)
        for i, drawn in enumerate(state.draws):
            best = max(C.rank_of(c) for c in drawn.values())
            top = [s for s, c in drawn.items() if C.rank_of(c) == best]
            if i + 1 < len(state.draws):
                saw_tie = True
                assert len(top) > 1 and sorted(state.draws[i + 1]) == sorted(top)
            else:
                assert top == [state.dealer]
    assert saw_tie


def test_sixteen_each_and_the_dealer_takes_the_last_four_then_discards_four():
    state = stacked(example_hands(), A_EXTRA)
    assert [C.count(h) for h in state.hands] == [20, 16, 16]
    assert set(A_EXTRA) <= hand_codes(state, SOUTH)
    assert state.phase == "discard" and state.to_move() == SOUTH
    assert state.why_illegal("AS") == "You do not hold the ace of spades."
    play(state, "6D", "4D", "10H")
    assert state.phase == "discard"
    play(state, "3H")
    assert [C.count(h) for h in state.hands] == [16, 16, 16]
    assert {C.code(c) for c in C.cards_in(state.discarded)} == {"6D", "4D", "10H", "3H"}
    # The discards are face down: the others see only how many there are.
    assert state.view(WEST)["centre"][-1] == {"kind": "cards", "label": "Dealer's discards", "hidden": 4}
    assert state.view(SOUTH)["centre"][-1]["cards"] == ["6D", "4D", "10H", "3H"]


def test_the_eldest_hand_leads_the_first_trick():
    state = stacked(example_hands(), A_EXTRA)
    play(state, "6D", "4D", "10H", "3H")
    assert state.phase == "play" and state.to_move() == WEST


# --- the four kinds of deal ------------------------------------------------------------------------

def test_deal_1_has_no_trumps():
    state = stacked(example_hands(), A_EXTRA)
    assert state.deal_type == 1
    play(state, "6D", "4D", "10H", "3H")
    assert state.rules.trump is None
    # West leads diamonds; East follows; South, void in diamonds, throws the A♣: it cannot win.
    play(state, "7D", "2D", "AC")
    assert state.tricks_won == [0, 1, 0]


def test_deal_2_the_last_extra_card_is_turned_for_trumps():
    state = stacked(example_hands(), A_EXTRA, practice=2)
    assert C.code(state.turned) == A_EXTRA[-1] == "5S" and state.trump == C.SPADES
    for player in range(3):
        assert state.view(player)["centre"][0]["cards"] == ["5S"]
    assert "5S" in hand_codes(state, SOUTH)  # the turned card stays the dealer's
    play(state, "6D", "4D", "10H", "3H")
    assert state.rules.trump == C.SPADES
    play(state, "7D", "2D", "2S")  # the dealer trumps the diamond with the 2♠ and wins
    assert state.tricks_won == [1, 0, 0]


def test_deal_3_the_dealer_discards_then_names_a_suit_and_no_trumps_is_not_allowed():
    state = stacked(example_hands(), A_EXTRA, practice=3)
    assert state.phase == "discard"
    assert state.why_illegal("trump:C") is not None
    play(state, "6D", "4D", "10H", "3H")
    assert state.phase == "trump" and state.to_move() == SOUTH
    assert state.legal_actions() == ["trump:C", "trump:D", "trump:H", "trump:S"]
    assert "no-trumps is not allowed" in state.why_illegal("trump:N")
    play(state, "trump:H")
    assert state.rules.trump == C.HEARTS


def test_deal_4_has_no_trumps_and_rewards_losing_tricks():
    state = stacked(example_hands(), A_EXTRA, practice=4)
    play(state, "6D", "4D", "10H", "3H")
    assert state.rules.trump is None
    finish_hand(state)
    tricks = state.last_tricks
    row = [int(v) for v in state.sheet.rows[-1][1]]
    assert row == [4 - tricks[SOUTH], 6 - tricks[WEST], 6 - tricks[EAST]]


def test_suit_must_be_followed_and_a_void_player_may_trump_or_discard():
    state = stacked(example_hands(), A_EXTRA, practice=3)
    play(state, "6D", "4D", "10H", "3H", "trump:C", "7D")
    assert state.why_illegal("QS") == "You must follow diamonds."
    play(state, "2D")
    # South has no diamonds: a trump or any other card is allowed.
    assert state.why_illegal("5C") is None and state.why_illegal("2S") is None
    play(state, "2S")
    assert state.tricks_won == [0, 1, 0]  # the highest diamond wins when nobody trumps


def test_a_trump_beats_the_suit_led():
    state = stacked(example_hands(), A_EXTRA, practice=3)
    play(state, "6D", "4D", "10H", "3H", "trump:C", "AD", "2D", "5C")
    assert state.tricks_won == [1, 0, 0]


# --- scoring ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [1, 2, 3])
def test_deals_1_to_3_score_tricks_over_eight_for_the_dealer_and_over_four_for_the_others(kind):
    assert bismarck_points(kind, [11, 3, 2], 0) == [3, 0, 0]
    assert bismarck_points(kind, [8, 6, 2], 0) == [0, 2, 0]
    assert bismarck_points(kind, [5, 5, 6], 1) == [1, 0, 2]


def test_deal_4_scores_four_less_tricks_for_the_dealer_and_six_less_for_the_others():
    assert bismarck_points(4, [2, 6, 8], 0) == [2, 0, -2]
    assert bismarck_points(4, [7, 9, 0], 2) == [-1, -3, 4]
    assert sum(bismarck_points(4, [5, 5, 6], 1)) == 0


def bismarck_game(seed, kind="rule"):
    game = parlour.load("bismarck")
    state = game.new(seed)
    bots = [make_bot(game, kind, seed * 10 + s) for s in range(3)]
    deals = []
    while not state.is_over:
        if not deals or state.hand_no > len(deals):
            deals.append((state.dealer, state.deal_type))
        state.apply(bots[state.to_move()].choose(state))
    return state, deals


def test_each_dealer_deals_the_four_kinds_in_turn_then_the_deal_passes_left():
    state, deals = bismarck_game(3)
    assert len(deals) == 12 and len(state.sheet.rows) == 12
    first = deals[0][0]
    expected = [(state.next_seat(first, d // 4), d % 4 + 1) for d in range(12)]
    assert deals == expected


def test_the_game_is_twelve_deals_and_the_most_points_wins():
    state, _ = bismarck_game(5)
    totals = state.sheet.totals
    assert set(state.outcome.winners) == {s for s in range(3) if totals[s] == max(totals)}


def test_equal_top_totals_share_the_win():
    state = stacked(example_hands(), A_EXTRA, practice=3)
    state.sheet.totals = [-3, 3, 3]
    play(state, *EXAMPLE_PLAY)
    assert state.sheet.totals == [0, 3, 3]
    assert state.outcome.winners == (WEST, EAST) and state.outcome.text.startswith("A tie")


def test_practice_is_for_bismarck_only():
    assert parlour.load("bismarck", practice=2).options["practice"] == 2
    with pytest.raises(OptionError, match="Bismarck only"):
        parlour.load("bismarck", variant="sergeant-major", practice=2)


def test_random_bismarck_games_keep_their_invariants():
    game = parlour.load("bismarck")
    for seed in range(4):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(3)]
        while not state.is_over:
            rows, dealer, kind = len(state.sheet.rows), state.dealer, state.deal_type
            if state.phase == "play" and not state.trick.plays:
                assert [C.count(h) for h in state.hands] == [16 - len(state.tricks_played)] * 3
            state.apply(bots[state.to_move()].choose(state))
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            if len(state.sheet.rows) > rows:
                tricks = state.last_tricks
                assert sum(tricks) == 16
                row = [int(v) for v in state.sheet.rows[-1][1]]
                assert row == bismarck_points(kind, tricks, dealer)
                if kind == 4:
                    assert sum(row) == 0
                else:
                    assert all(v >= 0 for v in row)


# --- Sergeant Major (8-5-3) and 9-5-2 ---------------------------------------------------------------

def sm(seed=1, **options):
    return parlour.load("bismarck", variant="sergeant-major", **options).new(seed)


def test_sergeant_major_leaves_four_cards_face_down_and_the_dealer_names_trumps_first():
    state = sm()
    assert [C.count(h) for h in state.hands] == [16, 16, 16] and len(state.kitty) == 4
    assert state.view(state.dealer)["centre"][0] == {"kind": "cards", "label": "Four cards on the table", "hidden": 4}
    assert state.phase == "trump" and state.to_move() == state.dealer
    assert "no-trumps is not allowed" in state.why_illegal("trump:N")
    state.apply("trump:S")
    assert state.phase == "discard"
    kitty = state.kitty[0]
    assert state.why_illegal(C.code(kitty)) == f"You do not hold the {C.name(kitty)}."
    hand = list(C.cards_in(state.hands[state.dealer]))
    for card in hand[:4]:
        state.apply(C.code(card))
    assert state.kitty == [] and C.count(state.hands[state.dealer]) == 16
    assert kitty in C.cards_in(state.hands[state.dealer])
    assert state.phase == "play" and state.to_move() == state.next_seat(state.dealer)
    assert state.rules.trump == C.SPADES


@pytest.mark.parametrize("variant,targets", [("sergeant-major", (8, 5, 3)), ("9-5-2", (9, 5, 2))])
def test_targets_by_seat(variant, targets):
    state = parlour.load("bismarck", variant=variant).new(2)
    d = state.dealer
    assert (state.target_list[d], state.target_list[state.next_seat(d)],
            state.target_list[state.next_seat(d, 2)]) == targets


def test_everyone_starts_on_twenty_and_scores_tricks_minus_target():
    state = sm(4)
    assert state.sheet.rows[0] == ("Start", [20, 20, 20])
    targets = list(state.target_list)
    finish_hand(state)
    tricks = state.last_tricks
    assert [int(v) for v in state.sheet.rows[1][1]] == [t - g for t, g in zip(tricks, targets)]
    assert state.sheet.totals == [20 + t - g for t, g in zip(tricks, targets)]


def test_the_deal_passes_left_every_deal():
    state = sm(6)
    dealers = [state.dealer]
    while len(dealers) < 4 and not state.is_over:
        finish_hand(state)
        dealers.append(state.dealer)
    assert all(dealers[i + 1] == state.next_seat(dealers[i]) for i in range(len(dealers) - 1))


def deal_with_updown(updown, seed=1, **options):
    """A second deal after a first deal that left these seats up (+) and down (-)."""
    state = sm(seed, **options)
    state.updown = list(updown)
    state.start_hand()
    return state


def test_an_up_player_gives_as_many_cards_as_the_down_player_was_short():
    state = deal_with_updown([3, -2, -1])  # South up 3; West 2 short; East 1 short
    assert state.phase == "exchange"
    assert state.exchanges == [[SOUTH, WEST, 2], [SOUTH, EAST, 1]]  # left-hand opponent first
    assert len(state.kitty) == 4 and state.trump is None  # before trumps and the table cards
    gives = 0
    while state.phase == "exchange":
        assert state.to_move() == SOUTH  # the down player does not choose: the return is forced
        state.apply(state.legal_actions()[0])
        gives += 1
    assert gives == 3
    assert state.phase == "trump" and [C.count(h) for h in state.hands] == [16, 16, 16]


def test_one_up_exchanges_first_with_the_left_hand_opponent():
    state = deal_with_updown([-2, -1, 3])  # East up: South (East's left) before West
    assert [e[:2] for e in state.exchanges] == [[EAST, SOUTH], [EAST, WEST]]


def test_the_down_player_returns_their_highest_card_of_the_suit_given():
    state = deal_with_updown([2, -2, 0])
    state.hands[SOUTH] = mask(state, ["2H", "AS", "3C"])
    state.hands[WEST] = mask(state, ["5H", "KH", "9H", "4S"])
    state.apply("2H")
    assert hand_codes(state, SOUTH) == {"KH", "AS", "3C"}
    assert hand_codes(state, WEST) == {"5H", "2H", "9H", "4S"}
    # Giving a card higher than any the down player has: the same card comes back.
    state.apply("AS")
    assert hand_codes(state, SOUTH) == {"KH", "AS", "3C"}
    assert hand_codes(state, WEST) == {"5H", "2H", "9H", "4S"}
    assert state.phase == "trump"


def test_if_there_are_two_players_up_each_exchange_cards_with_the_down_player_higher_target_first():
    # Deal 2 is dealt by West (target 8), East is eldest (5), South third (3).
    state = deal_with_updown([2, -3, 1])
    assert state.dealer == WEST
    # Each up player exchanges one card per trick they were up: 1 + 2 make West's 3 short.
    assert state.exchanges == [[EAST, WEST, 1], [SOUTH, WEST, 2]]


def test_standard_order_the_player_most_up_exchanges_first():
    state = deal_with_updown([2, -3, 1], exchange_order="most-up")
    assert state.exchanges == [[SOUTH, WEST, 2], [EAST, WEST, 1]]


def test_two_up_option_each_up_player_gives_the_whole_shortfall():
    state = deal_with_updown([2, -3, 1], two_up="shortfall")
    assert state.exchanges == [[EAST, WEST, 3], [SOUTH, WEST, 3]]


def test_the_audits_sixth_deal_two_up_players_give_one_card_each():
    # Seed 32, rule bots: after deal 5 South is 2 down and West and East 1 up each.
    state = parlour.load("bismarck", variant="sergeant-major").new(32)
    while state.hand_no < 6:
        finish_hand(state)
    assert state.updown == [-2, 1, 1]
    assert sorted(map(tuple, state.exchanges)) == [(WEST, SOUTH, 1), (EAST, SOUTH, 1)]
    gives = {WEST: 0, EAST: 0}
    while state.phase == "exchange":
        gives[state.to_move()] += 1
        state.apply(state.legal_actions()[0])
    assert gives == {WEST: 1, EAST: 1}
    assert [C.count(h) for h in state.hands] == [16, 16, 16]


def test_no_exchange_when_nobody_was_up():
    state = deal_with_updown([0, 0, 0])
    assert state.phase == "trump" and state.exchanges == []


def test_the_game_ends_when_someone_takes_twelve_tricks():
    # South (the dealer on seed 1) holds the thirteen clubs and the top spades: twelve tricks or more.
    game = parlour.load("bismarck", variant="sergeant-major")
    hands = [
        ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "AS", "KS", "QS"],
        ["JS", "10S", "9S", "8S", "7S", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "AH", "KH", "QH", "JH"],
        ["6S", "5S", "4S", "3S", "2S", "7D", "6D", "5D", "4D", "3D", "2D", "10H", "9H", "8H", "7H", "6H"],
    ]
    state = game.new(1, bismarck_deck(game, 1, hands, ["5H", "4H", "3H", "2H"]))
    assert state.dealer == SOUTH
    to_play(state)
    finish_hand(state)
    assert max(state.last_tricks) >= 12 and state.is_over
    totals = state.sheet.totals
    assert state.outcome.winners == tuple(s for s in range(3) if totals[s] == max(totals))


def test_the_game_goes_on_while_nobody_takes_twelve():
    state = sm(4)
    finish_hand(state)
    assert max(state.last_tricks) < 12 and not state.is_over and state.hand_no == 2


@pytest.mark.parametrize("variant", ["sergeant-major", "9-5-2"])
def test_random_sergeant_major_games_keep_their_invariants(variant):
    game = parlour.load("bismarck", variant=variant)
    for seed in range(3):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(3)]
        while not state.is_over:
            rows, targets = len(state.sheet.rows), list(state.target_list)
            before = list(state.sheet.totals)
            state.apply(bots[state.to_move()].choose(state))
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            if len(state.sheet.rows) > rows:
                tricks = state.last_tricks
                assert sum(tricks) == 16
                row = [int(v) for v in state.sheet.rows[-1][1]]
                assert row == [t - g for t, g in zip(tricks, targets)] and sum(row) == 0
                assert state.sheet.totals == [b + r for b, r in zip(before, row)]
                assert state.is_over == (max(tricks) >= 12)
            else:
                assert state.sheet.totals == before
