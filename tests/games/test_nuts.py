"""Nuts (Nerts, Pounce): one test per rule clause (the playing-card maker's article)."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, explain, make_bot, play_out
from parlour.core import IllegalAction


def table(layouts, foundations=(), players=2, **options):
    """A hand from these layouts (codes: reserve top last, tableau piles bottom first, stock top first,
    waste top last) and foundations (bottom first)."""
    state = parlour.load("nuts", players=players, **options).new(1)
    state.start_position(layouts, foundations)
    return state


def codes(cards):
    return [C.code(c) for c in cards]


SOUTH = {"reserve": ["KC", "QD", "6H"], "tableau": [["8S"], ["7C", "6D"], ["JH"], []],
         "stock": ["2C", "3C", "4C", "5C", "9D"], "waste": ["10C", "AS"]}
NORTH = {"reserve": ["KC'", "QD'", "6H'"], "tableau": [["9C'"], ["7S'"], ["JD'"], ["QS'"]],
         "stock": ["2D'", "3D'"], "waste": ["4H'"]}


def test_each_player_deals_their_own_pack_with_its_own_back():
    state = parlour.load("nuts", players=3).new(2)
    assert len(state.pack) == 156
    for t, layout in enumerate(state.layouts):
        assert {C.copy_of(c) for c in layout.cards()} == {t} and len(layout.cards()) == 52


def test_the_deal_makes_a_reserve_of_thirteen_four_tableau_cards_and_a_stock():
    layout = parlour.load("nuts").new(3).layouts[0]
    assert len(layout.reserve) == 13 and [len(p) for p in layout.tableau] == [1, 1, 1, 1]
    assert len(layout.stock) == 35 and layout.waste == []


def test_only_the_reserves_top_card_shows_and_the_stock_is_hidden():
    state = table([SOUTH, NORTH])
    own = state.view(0)["centre"][-1]
    reserve, stock = own["stacks"][0], own["stacks"][5]
    assert reserve["cards"] == ["6H"] and reserve["hidden"] == 2
    assert stock["cards"] == [] and stock["hidden"] == 5


def test_the_reserves_top_card_may_go_anywhere_and_no_other_reserve_card():
    state = table([SOUTH, NORTH])
    assert state.why_illegal("0:QD>KC") == "Only the top card of your reserve can be played."
    assert "0:6H>T4" in state.legal_actions(0)
    state.apply("0:6H>T4")
    assert codes(state.layouts[0].tableau[3]) == ["6H"] and codes(state.layouts[0].reserve) == ["KC", "QD"]


def test_the_tableau_builds_down_in_alternating_colours():
    state = table([SOUTH, NORTH])
    assert state.why_illegal("0:JH>8S") == "Tableau piles go down one at a time: the 8♠ takes a 7."
    state.start_position([dict(SOUTH, tableau=[["8S"], ["7C"], ["JH"], []]), NORTH])
    assert state.why_illegal("0:7C>8S") == "Tableau piles alternate colours: the 8♠ takes a red card."


def test_a_card_moves_with_every_card_on_it():
    state = table([dict(SOUTH, tableau=[["QS"], ["KH", "JD", "10C"], ["8S"], []]), NORTH])
    state.apply("0:JD>QS")
    assert codes(state.layouts[0].tableau[0]) == ["QS", "JD", "10C"] and codes(state.layouts[0].tableau[1]) == ["KH"]
    assert "South: J♦ (with 1 on it) onto Q♠." in state.narrative()


def test_any_loose_card_fills_an_empty_space_but_a_whole_pile_does_not_move_into_one():
    state = table([SOUTH, NORTH])
    assert state.why_illegal("0:AS>T4") is None      # the discards' top card
    assert state.why_illegal("0:6D>T4") is None      # a tableau card with whatever is on it
    assert state.why_illegal("0:8S>T4") == "That is a whole pile already: moving it to an empty space changes nothing."
    assert state.why_illegal("0:6H>T1") == "Your space T1 is not empty: build on its top card instead."


def test_the_stock_is_turned_three_at_a_time_and_only_the_top_discard_plays():
    state = table([SOUTH, NORTH])
    state.apply("0:turn")
    assert codes(state.layouts[0].waste) == ["10C", "AS", "2C", "3C", "4C"]
    assert state.why_illegal("0:3C>T4") == "Only the top card of your discards can be played."
    assert state.why_illegal("0:4C>T4") is None


def test_the_discards_are_turned_over_when_the_stock_runs_out():
    state = table([SOUTH, dict(NORTH, stock=[], waste=["2D'", "3D'", "4H'"])])
    state.apply("1:turn")
    assert codes(state.layouts[1].stock) == ["2D'", "3D'", "4H'"] and state.layouts[1].waste == []
    assert "North turns the discards over to make a new stock." in state.narrative()


def test_an_ace_starts_a_foundation_even_while_another_is_unfinished():
    state = table([SOUTH, NORTH], foundations=[["AS'", "2S'"]])
    assert state.legal_actions(0)[0] == "0:AS>F"
    state.apply("0:AS>F")
    assert len(state.foundations) == 2 and codes(state.foundations[1]) == ["AS"]
    assert state.why_illegal("0:6D>F") in ("Only an ace starts a new foundation.",
                                           "Your 6♦ has cards on it: only a top card goes to a foundation.")


def test_foundations_climb_by_suit_and_anyone_may_build_on_them():
    state = table([SOUTH, dict(NORTH, waste=["2S'"])], foundations=[["AS"]])
    assert state.why_illegal("1:2S'>AS") is None, "North builds on South's ace"
    state.apply("1:2S'>AS")
    assert codes(state.foundations[0]) == ["AS", "2S'"]
    assert state.why_illegal("0:6D>2S'").startswith("A foundation climbs by suit")


def test_nothing_goes_on_a_king():
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    state = table([dict(SOUTH, reserve=["AS'"], tableau=[["8D"], [], [], []]), NORTH], foundations=[spades])
    assert state.why_illegal("0:AS'>KS") == "The K♠ foundation is finished: nothing goes on a king."


def test_a_card_on_a_foundation_stays_there():
    state = table([SOUTH, NORTH], foundations=[["AD", "2D"]])
    assert state.why_illegal("0:2D>T4") == "The 2♦ is on a foundation: it stays there."


def test_players_build_only_on_their_own_tableau():
    state = table([SOUTH, NORTH])
    assert state.why_illegal("0:6H>7S'") == "You may build only on your own tableau (that 7♠ is North's)."
    assert state.why_illegal("0:9C'>T4") == "That 9♣ is in North's layout, not yours."


def test_the_first_card_to_reach_a_foundation_stays_and_the_second_is_refused_with_the_reason():
    state = table([dict(SOUTH, waste=["2H"]), dict(NORTH, waste=["2H'"])], foundations=[["AH"]])
    assert state.why_illegal("0:2H>AH") is None and state.why_illegal("1:2H'>AH") is None
    state.apply("1:2H'>AH")                      # North's two of hearts arrives first
    before = state.view(None)
    assert state.why_illegal("0:2H>AH") == "Too late: North's 2♥ got onto that A♥ first."
    with pytest.raises(IllegalAction, match="Too late"):
        state.apply("0:2H>AH")
    assert state.view(None) == before


def test_moves_that_do_not_conflict_both_land():
    state = table([dict(SOUTH, waste=["2H"]), dict(NORTH, waste=["2C'"])], foundations=[["AH"], ["AC"]])
    state.apply("0:2H>AH")
    state.apply("1:2C'>AC")
    assert [codes(f) for f in state.foundations] == [["AH", "2H"], ["AC", "2C'"]]


#: Two layouts that can only turn their stocks, round and round: nothing in them has a place.
STUCK_SOUTH = {"reserve": ["KC", "QD"], "tableau": [["8S"], ["8C"], ["JH"], ["JD"]], "stock": ["2C", "3C", "4C"],
               "waste": ["5C", "9D", "10D"]}
STUCK_NORTH = {"reserve": ["KC'", "QD'"], "tableau": [["8S'"], ["8C'"], ["JH'"], ["JD'"]], "stock": ["2C'", "3C'"],
               "waste": ["5C'"]}


def stuck_table(south_stock=None, **options):
    south = STUCK_SOUTH if south_stock is None else dict(STUCK_SOUTH, stock=list(south_stock))
    return table([south, STUCK_NORTH], **options)


def test_when_everyone_is_stuck_the_discards_go_under_the_stock_and_its_top_card_to_the_bottom():
    state = stuck_table(south_stock=("AS", "2C", "3C", "4C"))   # the A♠ is never the top of a three
    for _ in range(4):     # South turns its four, turns the discards over, turns three more: all seven seen
        state.apply("0:turn")
    assert state.layouts[0].waste[-1] != state.pack.card("AS")
    assert state.stuck(0) and not state.stuck(1) and state.waiting(0)
    for _ in range(3):     # North the same with its three
        state.apply("1:turn")
    assert "Everyone is stuck: all put their discards back under their stock and move its top card to the bottom." \
        in state.narrative()
    assert codes(state.layouts[1].stock) == ["2C'", "3C'", "5C'"] and state.layouts[1].waste == []
    assert not state.stuck(0) and not state.stuck(1)


def test_a_hand_ends_only_when_none_of_the_cards_in_every_players_stock_are_playable():
    """Issue 24, item 1: with an ace buried in South's stock the hand goes on, and the passes bring it up."""
    state = stuck_table(south_stock=("AS", "2C", "3C", "4C"))
    for seat in (0, 0, 0, 0, 1, 1, 1):
        state.apply(f"{seat}:turn")
    assert state.hand_no == 1 and not any("the hand ends" in line for line in state.narrative())
    for _ in range(3):
        state.apply("0:turn")
    assert codes(state.layouts[0].waste[-1:]) == ["AS"] and "0:AS>F" in state.legal_actions(0)


def test_when_no_card_in_anyones_stock_can_be_played_the_hand_ends():
    state = stuck_table()
    for seat in (0, 0, 0, 1, 1, 1):
        state.apply(f"{seat}:turn")
    assert state.hand_no == 2 and state.sheet.rows[0][0] == "Hand 1"
    assert "Everyone is stuck, and no card in anyone's stock could be played anywhere: the hand ends." \
        in state.narrative()


def comes_up_with_a_place(state, layout):
    """The article's remedy, played out on its own: three times, the discards go under the stock and its
    top card to the bottom, and the stock is turned in threes.  Does any card that comes up have a place
    (an ace, the next card of a foundation, a card fitting a tableau pile's top or an empty space)?"""
    cards = layout.stock + layout.waste
    tops = [(C.suit_of(pile[-1]), C.rank_of(pile[-1])) for pile in state.foundations]

    def has_place(card):
        rank = C.rank_of(card)
        if rank == C.ACE or any(suit == C.suit_of(card) and (top == rank - 1 or (top == C.ACE and rank == 2))
                                for suit, top in tops):
            return True
        return any(not pile or builds_on(card, pile[-1]) for pile in layout.tableau)

    for _ in range(3):
        cards = cards[1:] + cards[:1]
        if any(has_place(cards[min(i + 3, len(cards)) - 1]) for i in range(0, len(cards), 3)):
            return True
    return False


def builds_on(card, under):
    value = {C.ACE: 1}.get(C.rank_of(card), C.rank_of(card))
    below = {C.ACE: 1}.get(C.rank_of(under), C.rank_of(under))
    return value == below - 1 and C.is_red(card) != C.is_red(under)


def test_no_hand_ends_stuck_while_a_stock_still_holds_a_playable_card():
    """Issue 24, item 1 (two players, at most four hands to 500, seed 22, rule bots seeded 22 and 23, fast:
    hand 2 ended with the A♠ in South's stock), and more games: at every hand that ends with nobody out
    of their reserve, no card of any stock comes up with a place."""
    ended_stuck = 0
    for seed in (22, *range(8)):
        game = parlour.load("nuts", players=2, max_hands=4, target=500)
        state = game.new(seed)
        score = state.score

        def checked_score(state=state, score=score):
            nonlocal ended_stuck
            if all(layout.reserve for layout in state.layouts):
                ended_stuck += 1
                assert not any(comes_up_with_a_place(state, layout) for layout in state.layouts), \
                    f"seed {seed}, hand {state.hand_no}"
            score()

        state.score = checked_score
        play_out(state, [make_bot(game, "rule", seed), make_bot(game, "rule", seed + 1)], pace="fast")
        assert state.is_over
    assert ended_stuck >= 2, "some hands do end with everyone stuck"


def test_a_stock_card_that_fits_once_a_tableau_run_moves_away_is_playable():
    """The 7♦ in South's stock fits on the 8♣ once the 7♥ on it moves to the 8♠."""
    south = dict(STUCK_SOUTH, tableau=[["8S"], ["8C", "7H"], ["JH"], ["JD"]], stock=["2C", "3C", "4C", "7D"])
    state = table([south, STUCK_NORTH])
    assert state.stock_can_play(0) and not state.stock_can_play(1)
    assert not table([STUCK_SOUTH, STUCK_NORTH]).stock_can_play(0)


def test_a_player_with_a_tableau_move_that_frees_a_card_for_a_foundation_is_not_stuck():
    """Issue 24, item 2: moving the 5♠ to the 6♦ frees the 6♥ for the 5♥ foundation — a move that makes
    progress, so South is not "unable to make any additional moves"."""
    south = dict(STUCK_SOUTH, tableau=[["6H", "5S"], ["6D"], ["JH"], ["JD"]])
    state = table([south, STUCK_NORTH], foundations=[["AH", "2H", "3H", "4H", "5H"]])
    state.layouts[0].idle = len(state.layouts[0].stock) + len(state.layouts[0].waste)
    assert not state.stuck(0) and not state.waiting(0)
    for _ in range(3):
        state.apply("1:turn")
    assert state.hand_no == 1, "North is stuck, South is not: the hand goes on"
    assert explain(make_bot(state.game, "rule", 1), state, 0) == (
        "0:5S>6D", "plays the 5♠ onto the 6♦ in its layout, freeing the 6♥ for a foundation")


def test_a_stuck_computer_player_waits_for_the_others_instead_of_turning_on():
    state = stuck_table()
    for _ in range(3):
        state.apply("0:turn")
    assert state.stuck(0) and make_bot(state.game, "rule", 1).choose(state, 0) is None


def test_an_empty_reserve_stops_the_hand_at_once_nuts():
    state = table([dict(SOUTH, reserve=["6H"]), NORTH])
    state.apply("0:6H>T4")
    assert state.hand_no == 2
    assert "South: Nuts! South's reserve is empty, and play stops at once." in state.narrative()


def test_a_hand_scores_one_a_foundation_card_by_its_back_and_minus_two_a_reserve_card():
    state = table([dict(SOUTH, reserve=["6H"]), NORTH], foundations=[["AH", "2H'", "3H"], ["AC'"]])
    state.apply("0:6H>T4")
    # South: 2 foundation cards, empty reserve; North: 2 foundation cards, 3 in the reserve.
    assert state.sheet.rows[0] == ("Hand 1", ["+2", "-4"])


def test_hands_go_on_until_someone_passes_the_target_and_the_highest_total_wins():
    state = table([dict(SOUTH, reserve=["6H"]), NORTH], foundations=[["AH"]], target=5)
    state.sheet.totals = [5, 0]
    state.apply("0:6H>T4")      # South +1: 6 is past 5
    assert state.is_over and state.outcome.winners == (0,) and state.sheet.totals == [6, -6]
    state = table([dict(SOUTH, reserve=["6H"]), NORTH], target=5)
    state.sheet.totals = [5, 0]
    state.apply("0:6H>T4")      # South +0: 5 is not past 5
    assert not state.is_over and state.sheet.totals == [5, -6]


def test_a_game_stops_after_the_most_hands_allowed():
    game = parlour.load("nuts", max_hands=2)
    state = play_out(game.new(4), [make_bot(game, "rule", s) for s in range(2)])
    assert state.hand_no == 2 and len(state.sheet.rows) == 2


def test_partners_share_a_layout_and_a_score():
    state = parlour.load("nuts", players=6).new(1)
    assert state.nl == 3 and len(state.pack) == 156
    assert state.layout_of(0) == state.layout_of(1) == 0 and state.layout_of(5) == 2
    assert state.sheet.columns == ["Player 1 & Player 2", "Player 3 & Player 4", "Player 5 & Player 6"]
    assert state.legal_actions(0) == [a.replace("1:", "0:", 1) for a in state.legal_actions(1)]


def test_any_even_number_above_four_plays_in_pairs_up_to_twelve():
    """Issue 24, item 18: the article pairs up "an even number of players greater than four"; the site
    seats up to six pairs (a reading on the page)."""
    for players, pairs in ((10, 5), (12, 6)):
        game = parlour.load("nuts", players=players, max_hands=1)
        state = game.new(1)
        assert state.nl == pairs and len(state.pack) == 52 * pairs
        assert state.layout_of(players - 1) == pairs - 1 and state.teams[-1] == (players - 2, players - 1)
        state = play_out(state, [make_bot(game, "rule", s) for s in range(players)], pace="fast")
        assert state.is_over and len(state.sheet.totals) == pairs
    with pytest.raises(parlour.core.OptionError):
        parlour.load("nuts", players=14)
    assert any("twelve" in r.answer for r in state.game.info.readings)


def test_the_readers_layout_is_drawn_large_at_the_bottom_and_the_others_small():
    view = table([SOUTH, NORTH]).view(0)
    zones = view["centre"]
    assert zones[-1]["label"] == "Your layout" and zones[-1]["owner"] == 0
    assert zones[0]["label"] == "North's layout" and zones[1]["label"] == "Foundations (everyone's)"
    assert view["play_on_pick"] is True


def test_a_move_picked_on_the_table_is_a_card_then_where_it_goes():
    state = table([SOUTH, NORTH])
    assert state.canonical(state.own(0, "move:AS+T4")) == "0:AS>T4"
    info = next(a for a in state.view(0)["legal"] if a["action"] == "0:AS>T4")
    assert info["parts"] == ["AS", "T4"] and info["label"] == "A♠ to an empty space"
    turn = next(a for a in state.view(0)["legal"] if a["action"] == "0:turn")
    assert turn["parts"] == ["S"] and turn["label"] == "Turn three cards"


def test_the_rule_bot_beats_random_players():
    game = parlour.load("nuts")
    wins = 0
    for seed in range(6):
        state = play_out(game.new(seed), [make_bot(game, "rule", seed), RandomBot(seed)])
        wins += state.outcome.winners == (0,)
    assert wins >= 5


def test_a_game_holds_room_for_every_hand_it_allows_and_no_more_than_the_longest_tables():
    assert parlour.load("nuts").new(1).move_cap == 50_000
    assert parlour.load("nuts", max_hands=1).new(1).move_cap == 20_000
    assert parlour.load("nuts", max_hands=200).new(1).move_cap == 200_000


def test_partners_racing_for_one_place_on_their_tableau_are_settled_by_arrival():
    state = parlour.load("nuts", players=6).new(1)
    pair = {"reserve": ["KC", "6H"], "tableau": [["7S"], ["QC"], ["JH"], ["9C"]], "stock": [], "waste": ["6D"]}
    state.start_position([pair, NORTH, dict(NORTH, reserve=["KC''"], tableau=[[], [], [], []], stock=[], waste=[])])
    state.apply("1:6D>7S")
    assert state.why_illegal("0:6H>7S") == "Your 7♠ is covered: build on the top card of the pile."


def test_nuts_stops_play_at_once_and_moves_planned_before_it_are_dropped():
    from parlour.clock import Clock, paces_for

    state = table([dict(SOUTH, reserve=["6H"]), NORTH])
    bots = {1: make_bot(state.game, "rule", 1)}
    clock = Clock(state, bots, paces_for(bots, "beginner"), seed=1, reader=0)
    planned = clock.plans[1].token
    state.apply("0:6H>T4")      # Nuts! before North's plan lands
    clock.reader_moved()
    assert state.hand_no == 2 and all(plan.token > planned for plan in clock.plans.values())


def test_the_rule_bots_reason_names_the_card_where_it_comes_from_and_where_it_goes():
    state = table([SOUTH, NORTH])
    assert explain(make_bot(state.game, "rule", 1), state, 0) == (
        "0:AS>F", "plays the A♠ from its discards to start a new foundation")
    state = table([SOUTH, NORTH], foundations=[["AH", "2H", "3H", "4H", "5H"]])
    assert explain(make_bot(state.game, "rule", 1), state, 1) == (
        "1:6H'>5H", "plays the 6♥ from its reserve onto the 5♥ on a foundation, leaving 2 in its reserve")


def strong_and_family_choose(state, seat=0):
    """What Strong and Family play for ``seat`` here, with Strong's reason."""
    game = state.game
    strong, family = make_bot(game, "search", 1), make_bot(game, "rule", 1)
    strong_move, reason = explain(strong, state, seat)
    family_move, _ = explain(family, state, seat)
    return strong_move, family_move, reason


def test_strong_never_sends_to_a_foundation_the_only_card_its_reserve_card_fits_on():
    # The 7♠ may go on the 6♠ foundation, but the reserve's 6♥ fits only on it: the 6♥ goes first.
    south = dict(SOUTH, tableau=[["8D"], ["KD", "7S"], ["JH"], ["QC"]], stock=["2C", "3C"], waste=["9D"])
    state = table([south, NORTH], foundations=[["AS", "2S", "3S", "4S", "5S", "6S"]])
    strong, family, reason = strong_and_family_choose(state)
    assert family == "0:7S>6S", "Family plays the foundation card and strands its reserve"
    assert strong == "0:6H>7S" and "reserve" in reason


def test_strong_plays_a_discard_its_reserve_card_fits_on_before_other_moves():
    # The reserve's 6♥ has no place, but the discards' 7♣ goes on the 8♦ and then takes it.
    south = dict(SOUTH, reserve=["KC", "QD", "6H"], tableau=[["8D"], ["KS", "QH"], ["JH"], ["QC"]],
                 waste=["10C", "7C"])
    state = table([south, NORTH])
    strong, _, reason = strong_and_family_choose(state)
    assert strong == "0:7C>8D" and "its reserve's 6♥ can go on it next" in reason


def test_strong_thinks_quicker_than_family_at_the_same_pace():
    state = table([SOUTH, NORTH])
    game = state.game
    from parlour.clock import Clock, paces_for
    bots = {0: make_bot(game, "search", 1), 1: make_bot(game, "rule", 1)}
    clock = Clock(state, bots, paces_for(bots, "family"), seed=2)
    assert bots[0].think_percent < 100
    assert state.think_ms(0, clock.plans[0].action) * bots[0].think_percent * 80 // 10000 <= clock.plans[0].due \
        <= state.think_ms(0, clock.plans[0].action) * bots[0].think_percent * 125 // 10000
