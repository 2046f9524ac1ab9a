"""Angels and Demons: one test per rule clause of the Carrillo family's game."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.rulebook.angels_and_demons import PERMANENT_MASK
from parlour.tricks import Trick

from helpers import finish_hand, hand_codes, play

GAME = "angels-and-demons"
SUITS = {"C": C.CLUBS, "D": C.DIAMONDS, "H": C.HEARTS, "S": C.SPADES}


def position(hands, bower="H", leader=0, first_trick=False):
    """A game with these hands (clockwise from South), the bower's suit set, ``leader`` to lead.

    Unless ``first_trick``, an earlier trick is taken as played, so the first-trick ban is off.
    """
    state = parlour.load(GAME, players=len(hands)).new(0)
    state.set_bower(SUITS[bower])
    state.hands = [C.mask_of(state.pack.card(c) for c in hand) for hand in hands]
    state.tricks_played = [] if first_trick else [Trick(leader=0)]
    state.start_play(leader)
    return state


def winner_of(*cards, bower="H"):
    """The index (0 = the leader) of the winning card when these cards are played in this order."""
    state = position([[c] for c in cards] + [[] for _ in range(4 - len(cards))], bower=bower)
    pack = state.pack
    trick = Trick(0, [(i, pack.card(c)) for i, c in enumerate(cards)])
    return state.rules.winner(trick)


def packet_deck(game, seed, hands, stock=()):
    """A stacked deck dealing ``hands`` (clockwise from South) in threes from the dealer's left."""
    probe = game.new(seed)
    n = len(hands)
    order = [probe.next_seat(probe.dealer, i) for i in range(1, n + 1)]
    deck = []
    for start in range(0, 9, 3):
        for seat in order:
            deck += hands[seat][start:start + 3]
    used = set(deck) | set(stock)
    return deck + list(stock) + [C.code(c) for c in probe.pack.cards if C.code(c) not in used]


# -- registration, pack, deal, bowers

def test_angels_and_demons_is_registered_for_two_three_and_four():
    assert GAME in {s.info.id for s in parlour.games()}
    assert [parlour.load(GAME, players=n).num_players for n in (2, 3, 4)] == [2, 3, 4]
    assert parlour.load(GAME).num_players == 4


def test_pack_is_44_cards_without_tens_and_fives():
    state = parlour.load(GAME).new(0)
    assert len(state.pack) == 44
    assert {C.rank_of(c) for c in state.pack.cards} == set(range(2, 15)) - {5, 10}


@pytest.mark.parametrize("players,stock", [(4, 8), (3, 17), (2, 26)])
def test_nine_cards_each_in_threes_and_the_rest_is_the_stock(players, stock):
    game = parlour.load(GAME, players=players)
    pack = [C.code(c) for c in game.new(0).pack.cards]
    hands = [pack[9 * s:9 * s + 9] for s in range(players)]
    state = game.new(7, packet_deck(game, 7, hands))
    assert [hand_codes(state, s) for s in range(players)] == [set(h) for h in hands]
    assert len(state.stock) == stock
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_the_four_tens_give_the_bower_suit_in_a_shuffled_rotation():
    game = parlour.load(GAME, target=50)
    for seed in range(3):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        suits = [state.bower_suit]
        while len(suits) < 8 and not state.is_over:
            hand = state.hand_no
            state.apply(bots[state.to_move()].choose(state))
            if state.hand_no != hand:
                suits.append(state.bower_suit)
        assert sorted(suits[:4]) == sorted(C.FRENCH_SUITS)
        assert sorted(suits[4:8]) == sorted(C.FRENCH_SUITS)


def test_the_jack_of_the_turned_suit_is_the_right_bower_and_its_colour_mate_the_left():
    state = position([[], [], [], []])
    for suit, right, left in (("D", "JD", "JH"), ("H", "JH", "JD"), ("C", "JC", "JS"), ("S", "JS", "JC")):
        state.set_bower(SUITS[suit])
        assert (C.code(state.rules.right_bower), C.code(state.rules.left_bower)) == (right, left)
    assert "The 10" in " ".join(parlour.load(GAME).new(3).narrative())


# -- the bowers

def test_the_right_bower_beats_every_card_whatever_is_led():
    for led in ("2S", "7S", "7C", "AS", "3D"):
        assert winner_of(led, "JH") == 1
        assert winner_of(led, "JD", "JH") == 2


def test_the_left_bower_loses_only_to_the_right_bower():
    for led in ("2S", "7S", "7C", "AS", "AC"):
        assert winner_of(led, "JD") == 1
    assert winner_of("JH", "JD") == 0


def test_the_jacks_of_the_other_colour_rank_below_the_queens():
    assert winner_of("3D", "JS", "QD") == 2           # hearts bower: J♠ is a plain jack
    assert winner_of("3D", "JS") == 1                 # ...which still beats rubbish
    assert winner_of("3D", "QD", "JS", bower="S") == 2  # spades bower: J♠ is the right bower


# -- the Archangel

def test_the_archangel_led_draws_the_devil_and_the_demons():
    state = position([["2S"], ["7S", "7H", "AS", "KD"], ["JC", "KD"], ["QH"]])
    play(state, "2S")
    assert state.why_illegal("AS") == ("The Archangel draws the Devil and the Demons: you must play "
                                      "the Devil or a Demon (you hold the 7♥).")
    assert state.legal_actions() == ["7H", "7S"]


def test_the_archangel_draws_from_the_partner_too():
    state = position([["2S"], ["KD"], ["7C", "AS"], ["QH"]])
    play(state, "2S", "KD")
    assert state.legal_actions() == ["7C"]


def test_a_player_without_devil_or_demon_may_play_anything_to_the_archangel():
    state = position([["2S"], ["AS", "KD", "3C"], ["QH"], ["4D"]])
    play(state, "2S")
    assert state.legal_actions() == ["3C", "KD", "AS"]


def test_the_led_archangel_takes_the_devil_and_demons_it_draws():
    state = position([["2S", "3D"], ["7S", "4D"], ["7C", "6D"], ["AS", "8D"]])
    play(state, "2S", "7S", "7C", "AS")
    assert state.tricks_won[0] == 1


def test_the_archangel_beats_a_led_devil_or_demon():
    assert winner_of("7S", "2S") == 1
    assert winner_of("7H", "2S") == 1
    assert winner_of("7H", "2H", "2S") == 2


def test_otherwise_the_archangel_is_the_lowest_trump():
    assert winner_of("3S", "2S") == 0
    assert winner_of("AH", "2S") == 1


# -- the Devil

def test_if_the_devil_is_lead_it_draws_angels_and_spades():
    state = position([["7S"], ["2H", "KH", "3C"], ["JD", "QC"], ["KD", "9C"]])
    play(state, "7S")
    assert state.why_illegal("KH") == ("The Devil draws Angels, spades and trumps: you must play an Angel, "
                                      "a spade or a bower (you hold the 2♥).")
    assert state.legal_actions() == ["2H"]
    play(state, "2H")
    assert state.legal_actions() == ["JD"]      # the left bower is a trump
    play(state, "JD")
    assert state.legal_actions() == ["9C", "KD"]


def test_the_devil_draws_the_jack_of_spades_even_when_it_is_no_bower():
    # The audit's deal (seed 5): West holds J♠ J♣ and clubs and diamonds; hearts bowers this deal.
    game = parlour.load(GAME)
    hands = [["QC", "JH", "7D", "9H", "2D", "4S", "4D", "6D", "KD"],
             ["JS", "JC", "3C", "4C", "6C", "8C", "9C", "8D", "QD"],
             ["AC", "7H", "2S", "3D", "6S", "8S", "9S", "QS", "9D"],
             ["KC", "2H", "7S", "KS", "AS", "3H", "4H", "6H", "8H"]]
    state = game.new(5, packet_deck(game, 5, hands))
    assert state.bower_suit not in (C.SPADES, C.CLUBS)      # so J♠ is a plain jack here
    play(state, "stand", "AC", "KC", "QC", "JC", "7H", "2H", "9H", "3C", "7S", "4S")
    assert state.to_move() == 1                             # West, after the Devil was led
    assert state.legal_actions() == ["JS"]
    assert "you hold the J♠" in state.why_illegal("8D")


def test_the_led_devil_beats_everything_but_the_bowers_and_the_archangel():
    assert winner_of("7S", "AS", "2H", "7C") == 0
    assert winner_of("7S", "AS", "JD") == 2
    assert winner_of("7S", "AS", "2S") == 2


def test_the_devil_beats_a_led_demon_or_angel():
    assert winner_of("7H", "7S") == 1
    assert winner_of("7H", "2H", "7S") == 2
    assert winner_of("2H", "7S") == 1


def test_otherwise_the_devil_is_a_trump_between_the_eight_and_the_six():
    assert winner_of("8S", "7S") == 0
    assert winner_of("6S", "7S") == 1
    assert winner_of("3D", "8S", "7S") == 1


# -- Angels and Demons

def test_an_angel_beats_the_demon_of_its_own_suit_when_that_demon_is_led():
    assert winner_of("7H", "2H") == 1
    assert winner_of("7H", "2D") == 0
    assert winner_of("7D", "AS", "2D") == 2


def test_otherwise_an_angel_is_rubbish():
    assert winner_of("3C", "2H") == 0
    assert winner_of("2H", "4C") == 0
    assert winner_of("2H", "QD") == 1


def test_a_led_demon_wins_against_spades_and_high_cards():
    assert winner_of("7C", "AS", "KS", "AC") == 0
    assert winner_of("7D", "JD") == 1   # but not against a bower


def test_a_demon_not_led_is_rubbish():
    assert winner_of("3D", "7H") == 0
    assert winner_of("3D", "7H", "4C") == 0
    assert winner_of("AS", "7C") == 0


# -- spades, plain cards, rubbish, ties

SPADES_HIGH_TO_LOW = ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "4S", "3S", "2S"]


@pytest.mark.parametrize("higher,lower", list(zip(SPADES_HIGH_TO_LOW, SPADES_HIGH_TO_LOW[1:])))
def test_spade_trumps_rank_ace_down_to_two(higher, lower):
    assert winner_of("3D", lower, higher) == 2
    assert winner_of("3D", higher, lower) == 1


def test_any_spade_beats_the_plain_cards():
    assert winner_of("AH", "KC", "2S") == 2


@pytest.mark.parametrize("higher,lower", [("AH", "KD"), ("KC", "QH"), ("QD", "JS"), ("JC", "9H")])
def test_plain_aces_kings_queens_then_other_colour_jacks(higher, lower):
    assert winner_of("3D", lower, higher) == 2


def test_a_led_rubbish_card_wins_if_everything_else_is_rubbish():
    assert winner_of("3D", "4C", "6H", "8C") == 0
    assert winner_of("3D", "4C", "QC", "8C") == 2


def test_the_earliest_of_equal_cards_wins():
    assert winner_of("AH", "AC") == 0
    assert winner_of("3D", "AC", "AH", "AD") == 1
    assert winner_of("4D", "3C") == 0


def test_there_is_no_duty_to_follow_suit():
    state = position([["KH"], ["9H", "4C", "AS"], ["QH"], ["4D"]])
    play(state, "KH")
    assert state.legal_actions() == ["4C", "9H", "AS"]


# -- the first trick

def test_no_archangel_devil_or_demon_may_lead_the_first_trick():
    state = position([["2S", "7S", "7D", "3C"], ["KD"], ["QH"], ["4D"]], first_trick=True)
    reason = "Neither the Archangel, the Devil nor a Demon may lead the first trick of a hand."
    for card in ("2S", "7S", "7D"):
        assert state.why_illegal(card) == reason
    assert state.legal_actions() == ["3C"]
    state2 = position([["2S", "7S", "7D", "3C"], ["KD"], ["QH"], ["4D"]])
    assert state2.legal_actions() == ["3C", "7D", "2S", "7S"]


def test_the_first_trick_ban_is_only_on_leading():
    state = position([["3C"], ["7S", "7D"], ["QH"], ["4D"]], first_trick=True)
    play(state, "3C")
    assert state.legal_actions() == ["7D", "7S"]


def test_elder_hand_leads_first():
    game = parlour.load(GAME)
    state = game.new(11)
    bot = make_bot(game, "rule")
    while state.phase != "play":
        state.apply(bot.choose(state))
    assert state.to_move() == state.next_seat(state.dealer) and not state.tricks_played


# -- exchanging a hand without permanent trumps

NO_SPADES = ["AH", "KH", "QH", "AD", "KD", "QD", "AC", "KC", "QC"]
NO_SPADES_2 = ["JH", "9H", "8H", "JD", "9D", "8D", "JC", "9C", "8C"]
SPADES_A = ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "4S", "3S"]
MIXED = ["2S", "JS", "2H", "2D", "2C", "7H", "7D", "7C", "6H"]
STOCK = ["6D", "6C", "4H", "4D", "4C", "3H", "3D", "3C"]


def stacked_game(hands, players=4, stock=STOCK, bower=None):
    game = parlour.load(GAME, players=players)
    seeds = (s for s in range(200) if game.new(s).dealer == players - 1
             and (bower is None or game.new(s).bower_suit == SUITS[bower]))
    seed = next(seeds)                   # the last seat deals, so South is eldest
    return game.new(seed, packet_deck(game, seed, hands, stock))


def test_a_hand_without_permanent_trumps_may_keep_one_card_and_take_eight_from_the_stock():
    state = stacked_game([NO_SPADES, SPADES_A, MIXED, NO_SPADES_2])
    assert state.phase == "replace" and state.to_move() == 0
    assert state.legal_actions() == ["stand", "QC", "KC", "AC", "QD", "KD", "AD", "QH", "KH", "AH"]
    assert state.why_illegal("AS") == "You do not hold the ace of spades."
    state.apply("AH")
    assert hand_codes(state, 0) == {"AH"} | set(STOCK)
    assert state.stock == []
    assert C.count(state.discarded) == 8
    shown = "South has no permanent trump and shows the hand: A♣ K♣ Q♣ A♦ K♦ Q♦ A♥ K♥ Q♥."
    assert shown in state.narrative(1)
    secret = "South keeps A♥, discards the other eight and takes 6♣ 4♣ 3♣ 6♦ 4♦ 3♦ 4♥ 3♥ from the stock."
    assert secret in state.narrative(0) and secret not in state.narrative(1)
    assert "South keeps one card, discards the other eight and takes eight from the stock." in state.narrative(1)
    # With four players only one hand can be exchanged: East (no spades either) is not asked.
    assert state.phase == "play"
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_a_player_may_keep_the_hand_instead():
    state = stacked_game([NO_SPADES, SPADES_A, MIXED, NO_SPADES_2])
    state.apply("stand")
    assert hand_codes(state, 0) == set(NO_SPADES)
    assert state.phase == "replace" and state.to_move() == 3   # East may still exchange
    state.apply("stand")
    assert state.phase == "play" and len(state.stock) == 8


def test_a_player_with_a_permanent_trump_is_not_asked():
    state = stacked_game([SPADES_A, NO_SPADES, MIXED, NO_SPADES_2])
    assert state.phase == "replace" and state.to_move() == 1


def test_the_jack_of_spades_is_not_a_permanent_trump_even_as_bower():
    hand = ["JS"] + NO_SPADES[:8]
    rest = [NO_SPADES[8:] + SPADES_A[:8], SPADES_A[8:] + ["2S", "2H", "2D", "2C", "7H", "7D", "7C", "6H"],
            NO_SPADES_2]
    state = stacked_game([hand] + rest, bower="S")
    assert C.code(state.rules.right_bower) == "JS"
    assert state.phase == "replace" and state.to_move() == 0


def test_with_three_players_two_may_exchange_each_once():
    hands = [NO_SPADES, NO_SPADES_2, ["JS", "6H", "6D", "6C", "4H", "4D", "4C", "3H", "3D"]]
    stock = ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "4S", "3S", "2S", "2H", "2D", "2C", "7H", "7D", "7C", "3C"]
    state = stacked_game(hands, players=3, stock=stock)
    assert state.to_move() == 0
    state.apply("AH")
    assert hand_codes(state, 0) == {"AH"} | set(stock[:8])
    assert state.to_move() == 1
    state.apply("JH")
    assert hand_codes(state, 1) == {"JH"} | set(stock[8:16])
    # East has no permanent trump either, but two hands have been exchanged.
    assert state.phase == "play" and len(state.stock) == 1


def test_with_two_players_both_may_exchange():
    state = stacked_game([NO_SPADES, NO_SPADES_2], players=2,
                         stock=STOCK + ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "4S"])
    state.apply("KH")
    assert state.to_move() == 1
    state.apply("stand")
    assert state.phase == "play"


def test_a_hand_is_exchanged_only_once():
    east = ["AS", "KS", "QS", "9S", "8S", "7S", "6S", "4S", "3S"]
    stock = ["6H", "6D", "6C", "4H", "4D", "4C", "3H", "3D", "3C", "2H", "2D", "2C", "7H", "7D", "7C", "JS", "2S"]
    state = stacked_game([NO_SPADES, NO_SPADES_2, east], players=3, stock=stock)
    state.apply("AH")                                  # South's eight new cards hold no spade either
    assert not state.hands[0] & PERMANENT_MASK
    assert state.to_move() == 1                        # South is not asked again; West is
    state.apply("stand")
    assert state.phase == "play"


# -- partners show their highest card

def test_partners_show_each_other_their_highest_card():
    state = stacked_game([SPADES_A, NO_SPADES, MIXED, NO_SPADES_2], bower="H")
    state.apply("stand")
    state.apply("stand")
    assert state.phase == "play"
    # Highest in the family's list: bowers, Archangel, Devil, Angels, Demons, then A♠ and down.
    assert state.shown[0] == state.pack.card("7S")      # the Devil outranks South's A♠
    assert state.shown[2] == state.pack.card("2S")      # the Archangel outranks North's Angels and Demons
    assert "South shows North the 7♠." in state.narrative(2)
    assert "South shows North the 7♠." not in state.narrative(1)
    assert "North shows South the 2♠." in state.narrative(0)
    view = state.view(1)
    assert "showed" in view["seats"][3]["info"] and "showed" not in view["seats"][0]["info"]


def test_no_showing_without_partners():
    state = stacked_game([SPADES_A, MIXED, NO_SPADES_2], players=3)
    state.apply("stand")
    assert state.phase == "play" and state.shown == {}


# -- scoring

def scored(columns, players=4):
    """Score a made-up hand: the column (side or player) taking each of the nine tricks, in order."""
    state = parlour.load(GAME, players=players, target=50).new(0)
    state.trick_columns = list(columns)
    state.tricks_won = [0] * players
    for column in columns:
        state.tricks_won[state.column_seats(column)[0]] += 1
    state.hand_done()
    return state.sheet.rows[-1][1], state.narrative()


def test_each_trick_over_four_scores_a_point():
    assert scored([0, 1, 0, 1, 0, 1, 0, 1, 0])[0] == [1, 0]
    assert scored([1, 0, 1, 0, 0, 0, 0, 1, 0])[0] == [2, 0]
    assert scored([1, 1, 0, 0, 1, 1, 1, 1, 1])[0] == [0, 3]


def test_five_tricks_before_the_others_take_one_is_four_for_the_mock():
    row, story = scored([0, 0, 0, 0, 0, 1, 1, 1, 1])
    assert row == [1 + 4, 0]
    assert "South & North took the first five tricks: four for the mock!" in story
    assert scored([0] * 9)[0] == [5 + 4, 0]
    assert scored([0, 0, 0, 0, 1, 0, 1, 1, 1])[0] == [1, 0]    # five tricks, but not the first five


def test_three_players_score_alone_and_can_score_nothing():
    row, story = scored([0, 1, 2] * 3, players=3)
    assert row == [0, 0, 0] and "Nobody took more than four tricks: no score." in story
    assert scored([2, 2, 2, 2, 2, 0, 1, 0, 1], players=3)[0] == [0, 0, 1 + 4]
    assert scored([1, 0, 1, 1, 1, 1, 2, 0, 2], players=3)[0] == [0, 1, 0]


def test_two_players_score_alone():
    assert scored([1, 1, 1, 1, 1, 1, 0, 0, 0], players=2)[0] == [0, 2 + 4]


def test_first_to_eleven_wins():
    state = parlour.load(GAME).new(0)
    state.sheet.totals = [10, 7]
    state.score_hand([0, 3])
    assert not state.is_over
    state.score_hand([1, 0])
    assert state.is_over and state.outcome.winners == (0, 2)


def test_the_deal_passes_to_the_left():
    game = parlour.load(GAME, players=3)
    state = game.new(2)
    first = state.dealer
    finish_hand(state)
    assert state.dealer == state.next_seat(first)


# -- seeded random games

@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_cards_and_score_by_the_rules(players):
    game = parlour.load(GAME, players=players)
    for seed in range(4):
        state = game.new(seed)
        hands = []
        original = state.hand_done

        def spy(state=state, original=original, hands=hands):
            assert sum(state.tricks_won) == 9 and not any(state.hands)
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            hands.append((list(state.trick_columns), len(state.sheet.rows)))
            original()

        state.hand_done = spy
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            state.apply(bots[state.to_move()].choose(state))
        for columns, index in hands:
            expected = [max(0, columns.count(c) - 4) for c in range(len(state.sheet.columns))]
            if len(set(columns[:5])) == 1:
                expected[columns[0]] += 4
            assert state.sheet.rows[index][1] == expected
            assert sum(1 for p in expected if p) <= 1       # only one side can pass four tricks
        totals = state.sheet.totals
        assert max(totals) >= 11 and totals.count(max(totals)) == 1
        assert set(state.outcome.winners) == set(state.column_seats(totals.index(max(totals))))
