"""Euchre: one test per rule clause (the family's game to 11; Pagat's Euchre and the classic laws for the rest)."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.rulebook.euchre import EuchreRules, euchre_rules
from parlour.tricks import Trick

from helpers import finish_hand, hand_codes, play

SOUTH, WEST, NORTH, EAST = range(4)
#: Seed 0 makes South the first dealer, so West (the dealer's left) speaks and leads first.
SEED = 0

# Hearts will be turned up (9♥).  North holds the left bower (J♦) and diamonds but no other heart.
HANDS = {
    WEST: ["AH", "KS", "QS", "9C", "10C"],
    NORTH: ["JD", "AD", "KD", "JC", "9S"],
    EAST: ["QH", "10H", "AS", "10S", "QD"],
    SOUTH: ["AC", "KC", "QC", "9D", "10D"],
}
UPCARD = "9H"


def euchre_deck(game, seed, hands, upcard, kitty=()):
    """A stacked deck that deals ``hands`` three then two from the dealer's left, then turns ``upcard``."""
    probe = game.new(seed)
    players = probe.player_seats()
    order = [s for s in (probe.next_seat(probe.dealer, i) for i in range(1, probe.table_size + 1))
             if s in players]
    if probe.dummy is not None:
        order.append(probe.dummy)
    deck, taken = [], {s: 0 for s in order}
    for size in (3, 2):
        for seat in order:
            deck += hands[seat][taken[seat]:taken[seat] + size]
            taken[seat] += size
    deck.append(upcard)
    used = set(deck) | set(kitty)
    return deck + list(kitty) + [C.code(c) for c in probe.pack.cards if C.code(c) not in used]


def new_game(hands=HANDS, upcard=UPCARD, seed=SEED, game_id="euchre", **options):
    game = parlour.load(game_id, **options)
    return game.new(seed, euchre_deck(game, seed, hands, upcard))


def check_cards(state):
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_euchre_is_registered_with_a_24_card_pack_and_four_players():
    game = parlour.load("euchre")
    assert game.num_players == 4
    assert game.options == {"target": 11, "all_pass": "redeal", "upcard_discard": "forbidden"}
    state = game.new(SEED)
    assert len(state.pack) == 24
    assert sorted(C.code(c) for c in state.pack.cards) == sorted(
        f"{r}{s}" for s in "CDHS" for r in ("9", "10", "J", "Q", "K", "A"))


def test_deal_is_three_then_two_from_the_dealers_left_and_the_next_card_is_turned_up():
    game = parlour.load("euchre")
    deck = [C.code(c) for c in C.FRENCH_24.cards]     # 9C 10C JC QC KC AC 9D ... in pack order
    state = game.new(SEED, deck)
    assert state.dealer == SOUTH
    # Round one: three cards each to West, North, East, South; round two: two each.
    expected = {WEST: deck[0:3] + deck[12:14], NORTH: deck[3:6] + deck[14:16],
                EAST: deck[6:9] + deck[16:18], SOUTH: deck[9:12] + deck[18:20]}
    for seat, codes in expected.items():
        assert hand_codes(state, seat) == set(codes)
    assert C.code(state.upcard) == deck[20]
    assert [C.code(c) for c in state.stock] == deck[21:]
    assert "three then two" in state.narrative()[0] and "turns up" in state.narrative()[0]
    assert state.view(None)["centre"][0] == {"kind": "cards", "label": "Turned up", "cards": [deck[20]]}


def test_bowers_rank_above_the_ace_and_the_left_bower_is_a_trump():
    rules = euchre_rules(C.HEARTS)
    card = C.FRENCH_24.card
    order = ["JH", "JD", "AH", "KH", "QH", "10H", "9H"]
    assert sorted(order, key=lambda c: -rules.order(card(c))) == order
    assert rules.suit(card("JD")) == C.HEARTS          # left bower: a heart
    assert rules.suit(card("JC")) == C.CLUBS           # black jacks are plain cards
    assert rules.order(card("QC")) > rules.order(card("JC")) > rules.order(card("10C"))
    trick = Trick(leader=WEST, plays=[(WEST, card("AH")), (NORTH, card("JD")), (EAST, card("JH"))])
    assert rules.winner(trick) == EAST
    trick = Trick(leader=WEST, plays=[(WEST, card("AD")), (NORTH, card("JD")), (EAST, card("KD"))])
    assert rules.winner(trick) == NORTH                # the left bower trumps a diamond lead
    assert isinstance(rules, EuchreRules)


def test_left_bower_must_follow_a_trump_lead():
    state = new_game()
    play(state, "order", "9D")       # West orders hearts up; South takes 9♥ and discards 9♦
    play(state, "AH")                # West leads a trump
    assert state.to_move() == NORTH
    assert state.why_illegal("AD") == "You must follow hearts."
    assert state.legal_actions() == ["JD"]


def test_left_bower_does_not_follow_its_printed_suit():
    rules = euchre_rules(C.HEARTS)
    card = C.FRENCH_24.card
    led = Trick(leader=WEST, plays=[(WEST, card("AD"))])
    with_diamond = C.mask_of(card(c) for c in ("JD", "9D", "AS"))
    assert rules.reason(with_diamond, led, card("JD")) == "You must follow diamonds."
    only_bower = C.mask_of(card(c) for c in ("JD", "AS"))
    assert rules.reason(only_bower, led, card("AS")) is None   # J♦ is not a diamond: no renege


def test_left_bower_wins_the_trick_over_the_ace_of_trumps():
    state = new_game()
    play(state, "order", "9D", "AH", "JD", "QH", "9H")
    assert state.tricks_won[NORTH] == 1
    assert "North wins the trick with J♦." in state.narrative()


def test_dealer_picks_up_the_turned_card_and_discards():
    state = new_game()
    play(state, "order")
    assert state.phase == "discard" and state.to_move() == SOUTH
    assert hand_codes(state, SOUTH) == set(HANDS[SOUTH]) | {UPCARD}
    assert state.why_illegal("AS") == "You do not hold the ace of spades."
    check_cards(state)
    play(state, "9D")
    assert hand_codes(state, SOUTH) == set(HANDS[SOUTH]) - {"9D"} | {UPCARD}
    assert state.phase == "play" and state.to_move() == WEST     # the dealer's left leads
    assert "South discards a card face down." in state.narrative(WEST)
    assert "South discards 9♦." in state.narrative(SOUTH)
    check_cards(state)


def test_the_trump_card_cannot_be_discarded_by_the_classic_laws():
    state = new_game()
    play(state, "order")
    assert "9H" not in state.legal_actions() and len(state.legal_actions()) == 5
    assert state.why_illegal("9H") == ("The 9 of hearts was turned up and taken into your hand: it may not be "
                                       "discarded. Discard one of your other cards.")


def test_upcard_discard_option_lets_the_dealer_bury_the_turned_card():
    state = new_game(upcard_discard="allowed")
    play(state, "order", "9H")
    assert hand_codes(state, SOUTH) == set(HANDS[SOUTH])
    assert state.phase == "play"
    check_cards(state)


def test_the_rule_bot_never_tries_to_discard_a_forbidden_upcard():
    for seed in range(30):
        state = parlour.load("euchre").new(seed)
        bots = [make_bot(state.game, "rule", s) for s in range(4)]
        while state.phase in ("order", "name"):
            state.apply(bots[state.to_move()].choose(state))
        if state.phase == "discard":
            action = bots[state.to_move()].choose(state)
            assert action != C.code(state.upcard) and state.why_illegal(action) is None


def test_the_dealers_partner_assists_and_the_dealer_may_take_up():
    state = new_game()
    play(state, "pass")
    assert state.describe("order").startswith("Assist")
    play(state, "pass", "pass")
    assert state.to_move() == SOUTH and state.describe("order") == "Take up 9♥"
    play(state, "order")
    assert state.phase == "discard" and state.maker == SOUTH


def test_round_one_offers_only_the_turned_suit():
    state = new_game()
    assert state.legal_actions() == ["pass", "order", "alone"]
    assert "only the turned-up suit" in state.why_illegal("trump:S")


def test_second_round_cannot_name_the_turned_down_suit():
    state = new_game()
    play(state, "pass", "pass", "pass", "pass")
    assert state.phase == "name" and state.to_move() == WEST
    assert state.why_illegal("trump:H") == "Hearts were turned down this hand: name one of the other three suits."
    assert "trump:H" not in state.legal_actions() and "alone:H" not in state.legal_actions()
    play(state, "trump:S")
    assert state.trump == C.SPADES and state.maker == WEST
    assert state.phase == "play" and state.to_move() == WEST
    assert not state.upcard_taken and C.count(state.hands[SOUTH]) == 5   # no pick-up in round two
    check_cards(state)


def test_all_passing_twice_throws_the_hand_in_and_the_next_player_deals():
    state = new_game()
    play(state, *["pass"] * 8)
    assert state.hand_no == 2 and state.dealer == WEST
    assert state.phase == "order" and state.to_move() == NORTH
    assert state.sheet.rows == [] and state.sheet.totals == [0, 0]
    assert "the hand is thrown in and West deals next" in state.narrative()[-2]


def test_stick_the_dealer_option_forbids_the_dealers_last_pass():
    stick = new_game(all_pass="stick")
    play(stick, *["pass"] * 7)
    assert stick.to_move() == SOUTH
    assert stick.why_illegal("pass") == "Stick the dealer: everyone else has passed, so you must name a suit."
    assert "pass" not in stick.legal_actions() and "trump:S" in stick.legal_actions()
    assert "trump:H" not in stick.legal_actions()
    free = new_game()
    play(free, *["pass"] * 7)
    assert free.why_illegal("pass") is None


def test_going_alone_the_partner_sits_out_and_the_next_player_leads():
    state = new_game()
    play(state, "pass", "pass", "alone")     # East goes alone: West sits out
    assert state.maker == EAST and state.alone and state.sitting_out() == WEST
    play(state, "9D")                        # South still takes up 9♥ and discards
    assert state.to_move() == NORTH           # the dealer's left sits out, so North leads
    play(state, "AD", "QD", "10D")           # a trick of three cards
    assert len(state.tricks_played) == 1 and state.trick.plays == []
    assert C.count(state.hands[WEST]) == 5
    assert "West" not in " ".join(state.narrative()[-4:-1])
    check_cards(state)


def test_dealers_partner_alone_leaves_the_turned_card_on_the_kitty():
    state = new_game()
    play(state, "pass", "alone")             # North alone: the dealer South sits out
    assert state.phase == "play" and not state.upcard_taken
    assert C.count(state.hands[SOUTH]) == 5 and state.to_move() == WEST
    check_cards(state)


def score_after(state, tricks, **kwargs):
    """Finish the hand as if ``tricks`` (per seat) had been taken; return the new score row."""
    state.tricks_won = list(tricks)
    rows = len(state.sheet.rows)
    state.hand_done()
    assert len(state.sheet.rows) == rows + 1
    return state.sheet.rows[-1][1]


def made(state_actions, tricks):
    state = new_game()
    play(state, *state_actions)
    return state, score_after(state, tricks)


def test_makers_taking_three_or_four_tricks_score_one():
    assert made(["order", "9D"], [1, 2, 0, 2])[1] == [0, 1]       # West & East made: 3 tricks
    assert made(["order", "9D"], [0, 2, 1, 2])[1] == [0, 1]       # 4 tricks
    assert made(["pass", "pass", "alone", "9D"], [1, 0, 1, 3])[1] == [0, 1]   # alone, 3 tricks


def test_a_march_scores_two():
    state, row = made(["order", "9D"], [0, 3, 0, 2])
    assert row == [0, 2]
    assert any("a march, 2 points" in line for line in state.narrative())


def test_a_march_alone_scores_four():
    state, row = made(["pass", "pass", "alone", "9D"], [0, 0, 0, 5])
    assert row == [0, 4]
    assert any("a march alone, 4 points" in line for line in state.narrative())


def test_a_euchre_gives_the_defenders_two():
    state, row = made(["order", "9D"], [2, 1, 1, 1])
    assert row == [2, 0]
    assert any("euchred" in line and "South & North score 2" in line for line in state.narrative())
    _, row = made(["pass", "pass", "alone", "9D"], [3, 0, 0, 2])   # a lone maker euchred: also 2
    assert row == [2, 0]


def test_the_deal_passes_to_the_left_after_each_hand():
    state, _ = made(["order", "9D"], [1, 2, 0, 2])
    assert state.hand_no == 2 and state.dealer == WEST and state.to_move() == NORTH


def test_house_rule_game_to_eleven_and_standard_ten():
    house = new_game()
    play(house, "order", "9D")
    house.sheet.totals = [0, 8]
    score_after(house, [0, 3, 0, 2])                               # a march: 10 points
    assert not house.is_over and house.sheet.totals == [0, 10]
    standard = new_game(target=10)
    play(standard, "order", "9D")
    standard.sheet.totals = [0, 8]
    score_after(standard, [0, 3, 0, 2])
    assert standard.is_over and standard.outcome.winners == (WEST, EAST)
    assert standard.outcome.text == "West & East win with 10 points."


def test_the_first_side_to_eleven_wins():
    state = new_game()
    play(state, "order", "9D")
    state.sheet.totals = [10, 9]
    score_after(state, [1, 2, 0, 2])          # West & East make 1: 10 each, nobody has 11
    assert not state.is_over
    play(state, *["pass"] * 8)                # thrown in: no score
    assert not state.is_over
    state.maker, state.trump, state.alone = NORTH, C.SPADES, False
    score_after(state, [1, 1, 2, 1])          # South & North make 3: 11
    assert state.is_over and state.outcome.winners == (SOUTH, NORTH)


def test_a_whole_hand_played_from_a_stacked_deal():
    state = new_game()
    finish_hand(state)
    assert len(state.sheet.rows) == 1
    check_cards(state)


def test_views_hide_hands_and_show_trumps_and_the_turned_card():
    state = new_game()
    view = state.view(WEST)
    assert view["seats"][WEST]["hand"] is not None
    assert all(view["seats"][s]["hand"] is None for s in (SOUTH, NORTH, EAST))
    play(state, "order", "9D")
    view = state.view(EAST)
    assert view["status"] == "Trumps: hearts ♥ (made by West)"
    assert {"kind": "cards", "label": "Kitty", "hidden": 4} in view["centre"]
    assert view["seats"][NORTH]["role"] == ""
    assert view["seats"][WEST]["role"] == "maker"
    # the left bower is sorted with the trumps
    assert state.view(NORTH)["seats"][NORTH]["hand"][0] == "JD"


def hand_rows_allowed(row):
    """A hand's points: one side scores 1, 2 or 4 (makers) or 2 (defenders)."""
    scored = [p for p in row if p]
    return len(scored) == 1 and scored[0] in (1, 2, 4)


@pytest.mark.parametrize("options", [{}, {"all_pass": "stick"}, {"target": 10}])
def test_seeded_random_games_keep_cards_tricks_and_points(options):
    game = parlour.load("euchre", **options)
    for seed in range(6):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) if s % 2 else make_bot(game, "rule", s) for s in range(4)]
        while not state.is_over:
            check_cards(state)
            if state.phase == "play":
                playing = state.playing_seats()
                assert len(playing) == (3 if state.alone else 4)
                done = len(state.tricks_played)
                for s in playing:
                    in_trick = any(seat == s for seat, _ in state.trick.plays)
                    assert C.count(state.hands[s]) == 5 - done - in_trick
            rows, tricks = len(state.sheet.rows), sum(state.tricks_won)
            alone = state.alone
            state.apply(bots[state.to_move()].choose(state))
            if len(state.sheet.rows) > rows:
                assert tricks + 1 == 5, "five tricks a hand"
                row = state.sheet.rows[-1][1]
                assert hand_rows_allowed(row)
                assert 4 not in row or alone
        check_cards(state)
        assert max(state.sheet.totals) >= game.options["target"]
        assert max(state.sheet.totals) <= game.options["target"] + 3


# --- Strong's imagined deals read the calls (EuchreState.hand_test) ---------------------------------

def imagined_hands(state, player, deals=60):
    """``deals`` imagined deals of the cards ``player`` cannot see: each one's hands, by seat."""
    from parlour.determinise import knowledge
    from parlour.rng import Rng
    known, rng = knowledge(state, player), Rng(7)
    return [known.sample(state, rng).hands for _ in range(deals)]


def test_imagined_deals_give_each_player_who_passed_a_hand_family_would_pass_with():
    state = new_game()
    play(state, "pass", "pass", "pass")  # West, North and East pass: South (the dealer) to call
    bot = state.game.rule_bot(0)
    for hands in imagined_hands(state, SOUTH):
        for seat in (WEST, NORTH, EAST):
            assert bot.call_for(state, seat, C.cards_in(hands[seat]), "order") == "pass"


def test_imagined_deals_give_the_maker_a_hand_family_would_name_that_suit_with():
    hands = {WEST: ["JS", "AS", "KS", "QS", "9C"], NORTH: ["JD", "AD", "KD", "JC", "10C"],
             EAST: ["QH", "10H", "AH", "10S", "QD"], SOUTH: ["AC", "KC", "QC", "9D", "10D"]}
    state = new_game(hands)
    play(state, *["pass"] * 4)
    assert state.game.rule_bot(0).choose(state) == "trump:S"
    play(state, "trump:S")  # round two: West names spades, as Family would
    bot = state.game.rule_bot(0)
    named = [bot.call_for(state, WEST, C.cards_in(hands[WEST]), "name") for hands in imagined_hands(state, NORTH)]
    # A hand that fails the test is redrawn a few hundred times, then kept: nearly every deal fits.
    assert named.count("trump:S") >= 0.9 * len(named)


def test_the_dealer_who_took_up_the_turned_card_is_not_read_and_euchridge_reads_no_calls():
    state = new_game()
    play(state, "pass", "pass", "pass", "order")  # South takes up; its discard is hidden from the others
    play(state, state.legal_actions()[0])
    assert state.hand_test(WEST) is not None
    assert state.hand_test(WEST)(SOUTH, 0) is True  # any hand: not tested
    ridge = parlour.load("euchridge").new(3)
    ridge.apply("pass")
    assert ridge.calls and ridge.hand_test(ridge.to_move()) is None


def test_call_for_is_the_family_call_made_at_the_table():
    for options in ({}, {"all_pass": "stick"}):
        game = parlour.load("euchre", **options)
        for seed in range(40):
            state, bots = game.new(seed), [game.rule_bot(s) for s in range(4)]
            while not state.is_over and state.hand_no < 3:
                if state.phase in ("order", "name"):
                    cards = C.cards_in(state.hands[state.turn])
                    assert bots[0].call_for(state, state.turn, cards, state.phase) == bots[0].choose(state)
                state.apply(bots[state.to_move()].choose(state))
