"""Briscas: one test per rule clause of seeds 001/000 and the options (exchange, pack, deals)."""

import pytest

import parlour
from parlour import cards as C
from parlour import spanish
from parlour.bots import RandomBot, make_bot
from parlour.core import IllegalAction

from helpers import deck_for_hands, hand_codes, play

SEED = 1  # with this seed the first dealer is West (North with two players): South leads


def deal(hands, trump, stock=(), seed=SEED, **options):
    """A Briscas deal: ``hands[seat]`` dealt three at a time, then ``trump`` turned, then ``stock`` on top."""
    game = parlour.load("briscas", **options)
    deck = deck_for_hands(game, seed, hands, rest=[trump, *stock])
    return game.new(seed, deck)


def codes(cards):
    return [C.code(c) for c in cards]


# --- the pack ------------------------------------------------------------------

def test_the_game_is_registered_with_the_seeds_defaults():
    game = parlour.load("briscas")
    assert game.info.name == "Briscas" and game.num_players == 2
    assert game.options == {"players": 2, "exchange": "off", "pack": "spanish", "deals": 1}
    assert {o.name: o.standard for o in game.spec.options}["exchange"] == "standard"


def test_the_spanish_pack_has_forty_cards_in_four_spanish_suits():
    state = parlour.load("briscas").new(0)
    assert state.pack is C.SPANISH_40 and len(state.pack) == 40
    assert {C.suit_of(c) for c in state.pack} == {C.OROS, C.COPAS, C.ESPADAS, C.BASTOS}
    assert {C.rank_of(c) for c in state.pack} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


def test_spanish_cards_keep_their_codes_and_read_well():
    pack = C.SPANISH_40
    assert [C.code(pack.card(c)) for c in ("1O", "12E", "7B", "3C")] == ["1O", "12E", "7B", "3C"]
    assert C.name(pack.card("12E")) == "rey (12) of espadas"
    assert C.short(pack.card("7B")) == "7 of bastos"


def test_spanish_pictures_are_their_own_emblems_with_rank_and_name():
    from parlour.svg import _PATHS, card_svg, suit_shape_id
    french = {_PATHS[s] for s in C.FRENCH_SUITS}
    assert not french & {_PATHS[s] for s in C.SPANISH_SUITS}
    picture = card_svg(C.SPANISH_40.card("11C"))
    assert 'aria-label="caballo (11) of copas"' in picture and ">11</text>" in picture
    # numeral cards show as many emblems as their number
    assert card_svg(C.SPANISH_40.card("5O")).count(f'href="#{suit_shape_id(C.OROS)}"') == 5


@pytest.mark.parametrize("high,low", [("1O", "3O"), ("3O", "12O"), ("12O", "11O"), ("11O", "10O"),
                                      ("10O", "7O"), ("7O", "6O"), ("6O", "5O"), ("5O", "4O"), ("4O", "2O")])
def test_cards_rank_1_3_12_11_10_7_6_5_4_2(high, low):
    # North leads the lower card of a suit that is not trumps; South's higher card wins.
    state = deal([["1E", "2E", "4E"], ["5E", "6E", "7E"]], trump="1B")
    state.hands[0] = C.mask_of([state.pack.card(high)])
    state.hands[1] = C.mask_of([state.pack.card(low)])
    state.apply(high)
    state.apply(low)
    assert state.tricks_won == [1, 0]
    state = deal([["1E", "2E", "4E"], ["5E", "6E", "7E"]], trump="1B")
    state.hands[0] = C.mask_of([state.pack.card(low)])
    state.hands[1] = C.mask_of([state.pack.card(high)])
    state.apply(low)
    state.apply(high)
    assert state.tricks_won == [0, 1]


def test_card_points_are_11_10_4_3_2_and_120_in_the_pack():
    pack = C.SPANISH_40
    values = {c: spanish.points(pack.card(c)) for c in ("1C", "3C", "12C", "11C", "10C", "7C", "6C", "5C", "4C", "2C")}
    assert values == {"1C": 11, "3C": 10, "12C": 4, "11C": 3, "10C": 2, "7C": 0, "6C": 0, "5C": 0, "4C": 0, "2C": 0}
    assert spanish.mask_points(pack.mask) == 120 == spanish.PACK_POINTS


def test_three_players_play_without_a_four_39_cards_still_worth_120():
    state = parlour.load("briscas", players=3).new(0)
    assert len(state.pack) == 39
    missing = set(codes(C.SPANISH_40)) - set(codes(state.pack))
    assert missing == {"4O"}
    assert spanish.mask_points(state.pack.mask) == 120


def test_the_52_card_substitute_drops_eights_nines_and_tens():
    state = parlour.load("briscas", pack="french").new(0)
    assert len(state.pack) == 40
    assert {C.rank_of(c) for c in state.pack} == {2, 3, 4, 5, 6, 7, C.JACK, C.QUEEN, C.KING, C.ACE}
    assert {C.suit_of(c) for c in state.pack} == set(C.FRENCH_SUITS)
    points = {c: spanish.points(state.pack.card(c)) for c in ("AS", "3S", "KS", "QS", "JS", "7S", "2S")}
    assert points == {"AS": 11, "3S": 10, "KS": 4, "QS": 3, "JS": 2, "7S": 0, "2S": 0}
    assert spanish.mask_points(state.pack.mask) == 120
    three = parlour.load("briscas", pack="french", players=3).new(0)
    assert set(codes(state.pack)) - set(codes(three.pack)) == {"4D"}


def test_in_the_substitute_the_seven_is_next_to_the_jack_and_the_three_beats_the_king():
    ranking = spanish.ranking(spanish.FRENCH_40)
    assert ranking == (2, 4, 5, 6, 7, C.JACK, C.QUEEN, C.KING, 3, C.ACE)
    state = deal([["AS", "2S", "4S"], ["5S", "6S", "KD"]], trump="AC", pack="french")
    state.hands[0] = C.mask_of([state.pack.card("3D")])
    state.hands[1] = C.mask_of([state.pack.card("KD")])
    play(state, "3D", "KD")
    assert state.tricks_won == [1, 0]


# --- the deal and the play --------------------------------------------------------

def test_three_cards_each_dealt_one_at_a_time_to_the_right():
    game = parlour.load("briscas", players=4)
    deck = [C.code(c) for c in game.new(SEED).pack.cards]
    state = game.new(SEED, deck)
    assert state.dealer == 1  # West deals; to West's right sits South, then East, North, West
    for i, seat in enumerate((0, 3, 2, 1)):
        assert hand_codes(state, seat) == {deck[i], deck[i + 4], deck[i + 8]}
    assert C.code(state.upcard) == deck[12]
    assert codes(state.stock) == deck[13:]


def test_the_next_card_is_turned_under_the_stock_and_fixes_trumps():
    state = deal([["1O", "2O", "4O"], ["5O", "6O", "7O"]], trump="5C", stock=["3E"])
    assert C.code(state.upcard) == "5C" and state.trump == C.COPAS
    assert state.rules.trump == C.COPAS
    assert state.stock_size() == 40 - 6
    view = state.view(1)
    assert view["centre"][0]["cards"] == ["5C"] and view["centre"][1]["hidden"] == 33


def test_the_dealers_right_leads_and_play_goes_counter_clockwise():
    state = deal([["1O", "2O", "4O"], ["5O", "6O", "7O"], ["1E", "2E", "4E"], ["5E", "6E", "7E"]],
                 trump="5C", players=4)
    assert state.dealer == 1 and state.to_move() == 0
    seen = []
    for card in ("2O", "5E", "2E", "5O"):
        seen.append(state.to_move())
        state.apply(card)
    assert seen == [0, 3, 2, 1]


def test_there_is_no_need_to_follow_suit():
    state = deal([["1O", "2O", "4O"], ["5O", "6O", "7E"]], trump="5C")
    state.apply("2O")
    assert state.why_illegal("7E") is None
    assert set(state.legal_actions()) == {"5O", "6O", "7E"}
    state.apply("7E")
    assert state.tricks_won == [1, 0]  # a card of another suit cannot win


def test_the_highest_trump_wins_the_trick():
    state = deal([["1O", "2C", "4O"], ["5O", "4C", "7E"]], trump="5C", players=2)
    play(state, "1O", "4C")
    assert state.tricks_won == [0, 1]
    state = deal([["1E", "2C", "5B"], ["3E", "4C", "6B"], ["12E", "7C", "7B"], ["11E", "6C", "2B"]],
                 trump="5C", players=4)
    play(state, "1E", "6C", "7C", "4C")   # South leads, East, North and West trump: North's 7 is highest
    assert state.tricks_won == [0, 0, 1, 0]


def test_the_winner_draws_first_then_the_others_to_the_right():
    stock = ["1B", "2B", "3B", "4B"]
    state = deal([["1E", "2C", "5B"], ["3E", "4C", "6B"], ["12E", "7C", "7B"], ["11E", "6C", "12B"]],
                 trump="5C", stock=stock, players=4)
    play(state, "5B", "6C", "7B", "6B")   # East trumps and wins
    assert "1B" in hand_codes(state, 3)   # East first
    assert "2B" in hand_codes(state, 2)   # then North (East's right)
    assert "3B" in hand_codes(state, 1)   # then West
    assert "4B" in hand_codes(state, 0)   # then South
    assert state.to_move() == 3


def test_the_last_player_to_draw_takes_the_upcard():
    game = parlour.load("briscas")
    state = game.new(3)
    bot = RandomBot(2)
    checked = False
    while state.upcard is not None:
        before = [hand_codes(state, s) for s in range(2)]
        upcard = C.code(state.upcard)
        last = state.stock_size() == 2
        state.apply(bot.choose(state))
        if last and state.upcard is None:
            winner = state.tricks_played[-1].plays[state.rules.winning_play(state.tricks_played[-1])][0]
            other = state.next_seat(winner)
            assert upcard in hand_codes(state, other) and upcard not in before[other]
            assert upcard not in hand_codes(state, winner)
            checked = True
    assert checked and state.stock == []


@pytest.mark.parametrize("players,tricks", [(2, 20), (3, 13), (4, 10)])
def test_number_of_tricks_20_13_10(players, tricks):
    game = parlour.load("briscas", players=players)
    state = game.new(7)
    bots = [RandomBot(s) for s in range(players)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    assert len(state.tricks_played) == tricks
    assert all(len(t) == players for t in state.tricks_played)


# --- the end of the game ----------------------------------------------------------

def played_out(seed, **options):
    game = parlour.load("briscas", **options)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seed + s) for s in range(game.num_players)]
    while not state.is_over:
        state.apply(bots[state.to_move()].choose(state))
    return state


def test_highest_card_points_win_and_partners_pool_their_tricks():
    state = played_out(4, players=4)
    points = [spanish.mask_points(state.won[s]) for s in range(4)]
    assert state.sheet.columns == ["South & North", "West & East"]
    assert state.sheet.totals == [points[0] + points[2], points[1] + points[3]]
    assert sum(state.sheet.totals) == 120
    assert state.sheet.totals[0] != state.sheet.totals[1]
    side = state.sheet.totals.index(max(state.sheet.totals))
    assert state.outcome.winners == ((0, 2), (1, 3))[side]


def test_equal_points_are_a_draw_shared_by_both():
    state = deal([["1O", "2O", "4O"], ["5O", "6O", "7O"]], trump="5C")
    # End the deal by hand: each side has 60 card points.
    pack = state.pack
    south = ["1O", "3O", "12O", "11O", "10O", "1C", "3C", "12C"]          # 11+10+4+3+2+11+10+4 = 55
    north = ["1E", "3E", "12E", "11E", "10E", "1B", "3B", "12B", "11C", "10C"]  # 55 + 3 + 2 = 60
    state.won = [C.mask_of(pack.card(c) for c in south + ["11B", "10B"]), C.mask_of(pack.card(c) for c in north)]
    state.hands = [0, 0]
    state.hand_done()
    assert state.sheet.totals == [60, 60]
    assert state.is_over and state.outcome.winners == (0, 1)
    assert state.outcome.text.startswith("A draw")
    assert state.returns() == [0.5, 0.5]


def test_three_players_score_alone_and_the_highest_wins():
    state = played_out(2, players=3)
    assert state.sheet.columns == ["South", "West", "East"]
    assert sum(state.sheet.totals) == 120
    best = max(state.sheet.totals)
    assert set(state.outcome.winners) == {s for s in range(3) if state.sheet.totals[s] == best}


def test_a_game_of_several_deals_adds_points_and_the_deal_passes_right():
    game = parlour.load("briscas", players=3, deals=3)
    state = game.new(5)
    bots = [make_bot(game, "rule", s) for s in range(3)]
    dealers = [state.dealer]
    while not state.is_over:
        hand = state.hand_no
        state.apply(bots[state.to_move()].choose(state))
        if state.hand_no != hand:
            dealers.append(state.dealer)
    assert len(state.sheet.rows) == 3
    assert dealers == [dealers[0], state.next_seat(dealers[0]), state.next_seat(dealers[0], 2)]
    assert sum(state.sheet.totals) == 360
    assert state.sheet.totals == [sum(row[1][c] for row in state.sheet.rows) for c in range(3)]


# --- the trump-card exchange --------------------------------------------------------

HIGH = dict(hands=[["7C", "2O", "4O"], ["2C", "6O", "7O"]], trump="1C")  # trump card 1 of copas


def test_without_the_option_nobody_may_exchange():
    state = deal(**HIGH)
    assert state.phase == "play"
    assert "exchange:7" not in state.legal_actions()
    assert "without exchanging" in state.why_illegal("exchange:7")


def test_family_the_two_claims_a_high_upcard_before_the_first_trick_ahead_of_the_seven():
    state = deal(**HIGH, exchange="family")
    assert state.phase == "exchange" and state.to_move() == 0
    assert state.legal_actions() == ["exchange:7", "keep"]
    state.apply("exchange:7")                    # South claims with the 7 …
    assert state.legal_actions() == ["exchange:2", "keep"]
    state.apply("exchange:2")                    # … North with the 2: the 2 comes first
    assert state.phase == "play" and state.to_move() == 0
    assert "1C" in hand_codes(state, 1) and "2C" not in hand_codes(state, 1)
    assert "7C" in hand_codes(state, 0)
    assert C.code(state.upcard) == "2C"


def test_family_the_seven_takes_a_high_upcard_when_the_two_does_not():
    state = deal(**HIGH, exchange="family")
    play(state, "exchange:7", "keep")
    assert C.code(state.upcard) == "7C" and "1C" in hand_codes(state, 0)


def test_family_the_two_may_not_claim_after_the_seven_when_the_two_came_first():
    state = deal(hands=[["2C", "2O", "4O"], ["7C", "6O", "7O"]], trump="3C", exchange="family")
    state.apply("exchange:2")
    assert state.why_illegal("exchange:7") == ("The 2 of trumps has claimed the trump card already, "
                                               "and the 2 comes before the 7.")
    state.apply("keep")
    assert "3C" in hand_codes(state, 0)


def test_family_the_seven_takes_a_high_upcard_at_any_time_in_play():
    state = deal(hands=[["2O", "4O", "5O"], ["7C", "6O", "7O"]], trump="12C", stock=["2E", "3E"],
                 exchange="family")
    play(state, "keep", "keep", "2O", "6O")     # North wins the first trick
    assert state.to_move() == 1 and "exchange:7" in state.legal_actions()
    state.apply("exchange:7")
    assert "12C" in hand_codes(state, 1) and C.code(state.upcard) == "7C"
    assert state.to_move() == 1                  # the exchange is not a turn: North still leads


def test_family_the_two_may_not_take_a_high_upcard_once_play_has_begun():
    state = deal(hands=[["2O", "4O", "5O"], ["2C", "6O", "7O"]], trump="12C", exchange="family")
    play(state, "keep", "keep", "2O")
    assert state.why_illegal("exchange:2") == ("The 2 may take a trump card of 10 or better "
                                               "(the rey (12) of copas) only before the first trick.")


def test_family_the_two_takes_a_low_upcard_at_any_time():
    state = deal(hands=[["2O", "4O", "5O"], ["2C", "6O", "7O"]], trump="6C", stock=["2E", "3E"],
                 exchange="family")
    assert state.phase == "play"                  # no window: only the 2 can take a low card
    play(state, "2O", "6O")
    state.apply("exchange:2")
    assert "6C" in hand_codes(state, 1) and C.code(state.upcard) == "2C"


def test_family_the_seven_may_not_take_a_low_upcard():
    state = deal(hands=[["7C", "4O", "5O"], ["2C", "6O", "7O"]], trump="6C", exchange="family")
    assert state.why_illegal("exchange:7") == ("The 7 may only take a trump card of 10 or better, "
                                               "and the trump card is the 6 of copas.")


def test_no_exchange_once_the_upcard_is_drawn():
    state = deal(hands=[["7C", "4O", "5O"], ["2C", "6O", "7O"]], trump="1C", exchange="family")
    state.upcard = None
    state.phase = "play"
    assert state.why_illegal("exchange:7") == "The trump card has already been drawn: there is nothing to exchange."


def test_you_can_only_exchange_a_card_you_hold():
    state = deal(hands=[["6C", "4O", "5O"], ["2C", "6O", "7O"]], trump="1C", exchange="family")
    assert state.why_illegal("exchange:7") == "You do not hold the 7 of copas."


def test_standard_exchange_needs_a_won_trick_and_one_a_turn():
    state = deal(hands=[["7C", "2C", "5O"], ["4O", "6O", "7O"]], trump="1C", stock=["2E", "3E"],
                 exchange="standard")
    assert state.phase == "play"                  # no window before the first trick
    assert state.why_illegal("exchange:7") == "You may exchange the trump card only after you have won a trick."
    play(state, "5O", "4O")                       # South wins
    state.apply("exchange:7")
    assert C.code(state.upcard) == "7C"
    # the 7 is now a low trump card: the 2 could take it, but not in the same turn
    assert state.why_illegal("exchange:2") == "Only one exchange a turn."


def test_standard_the_two_only_takes_a_low_upcard():
    state = deal(hands=[["2C", "5O", "3O"], ["4O", "6O", "7O"]], trump="1C", stock=["2E", "3E"],
                 exchange="standard")
    play(state, "5O", "6O", "7O", "3O")           # North wins, then South wins
    assert state.to_move() == 0 and state.tricks_won[0] == 1
    assert state.why_illegal("exchange:2") == ("The 2 may only take a trump card of 7 or lower; "
                                               "the as (1) of copas needs the 7.")


def test_exchange_reasons_come_from_the_same_check_as_the_legal_list():
    state = deal(**HIGH, exchange="family")
    before = state.view(None)
    assert "exchange:2" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="You do not hold the 2 of copas"):
        state.apply("exchange:2")
    assert state.view(None) == before


# --- whole games ------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 4}, {"pack": "french"},
                                     {"players": 3, "pack": "french", "exchange": "family"},
                                     {"players": 4, "exchange": "standard", "deals": 3}])
def test_random_games_conserve_cards_and_120_points_a_deal(options):
    game = parlour.load("briscas", **options)
    for seed in range(5):
        state = game.new(seed)
        bots = [RandomBot(seed * 7 + s) for s in range(game.num_players)]
        while not state.is_over:
            assert sorted(state.all_cards()) == sorted(state.pack.cards)
            hand = state.hand_no
            state.apply(bots[state.to_move()].choose(state))
            if state.hand_no != hand or state.is_over:
                assert sum(state.sheet.rows[-1][1]) == 120
        assert len(state.sheet.rows) == options.get("deals", 1)
        assert state.outcome.winners


def test_rule_bot_beats_random_bots():
    game = parlour.load("briscas")
    wins = 0.0
    for seed in range(40):
        state = game.new(seed)
        bots = [make_bot(game, "rule", seed), RandomBot(seed)]
        while not state.is_over:
            state.apply(bots[state.to_move()].choose(state))
        wins += state.returns()[0]
    assert wins / 40 > 0.6


def test_the_use_of_the_exchange_rule_is_optional_so_the_plain_game_is_the_default():
    spec = parlour.registry.spec("briscas")
    assert parlour.load("briscas").options["exchange"] == "off"
    assert spec.info.house_rule.startswith("Played to the right; three-handed without a four; no exchange")
    assert "optional" in spec.option("exchange").choices["off"]


def test_the_spanish_point_trick_games_share_one_family_label():
    # Issue 24, item 20: Tute said "Point-trick (Spanish pack)", Briscas and Alcalde "Point-trick games (…)".
    games = ("briscas", "alcalde", "alcalde-variation", "tute")
    assert {parlour.registry.spec(g).info.family for g in games} == {"Point-trick (Spanish pack)"}


def test_strong_judges_briscas_deals_by_card_points_and_family_still_plays_as_alcaldes_bot():
    """Briscas's Strong scores its imagined deals by the card-point margin (no weight for the win:
    the points decide it); its Family bot chooses as the BriscasBot that Alcalde keeps unchanged."""
    from parlour.rulebook.briscas import BriscasBot
    from parlour.search import WIN_WEIGHT, SearchBot
    briscas = parlour.load("briscas")
    assert SearchBot(briscas, 1, iterations=2).win_weight == 0.0
    assert SearchBot(parlour.load("alcalde"), 1, iterations=2).win_weight == WIN_WEIGHT
    state = briscas.new(4)
    family, shared = briscas.rule_bot(4), BriscasBot(4)
    while not state.is_over:
        action = family.choose(state)
        assert action == shared.choose(state)
        state.apply(action)


def test_strongs_why_says_it_averaged_card_points():
    from parlour.search import SearchBot
    game = parlour.load("briscas")
    strong = SearchBot(game, 1, iterations=4)
    strong.choose(game.new(5))
    assert "best on average in card points" in strong.reason
