"""Bango: one test per rule clause (the family card-games book, with its variants)."""

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, explain, make_bot, play_out
from parlour.core import IllegalAction


def rows_for(n):
    """Five cards a seat, none shared: South ♣2–6, West ♦2–6, North ♥2–6, East ♠2–6, then 7–J, then
    the second hand pack's copies."""
    return [[C.code(C.make_card(C.FRENCH_SUITS[s % 4], r, s // 8)) for r in range(2 + 5 * (s % 8 // 4), 7 + 5 * (s % 8 // 4))]
            for s in range(n)]


def at_round(rows=None, calls=(), players=4, seed=1, **options):
    state = parlour.load("bango", players=players, **options).new(seed)
    state.start_position(rows or rows_for(players), calls)
    return state


def call(state, times=1):
    for _ in range(times):
        state.apply(f"{state.dealer}:call")


def test_two_packs_serve_up_to_ten_players_and_a_third_more():
    assert len(parlour.load("bango", players=10).new(1).pack) == 104
    many = parlour.load("bango", players=11).new(1)
    assert len(many.pack) == 156 and many.calling_copy == 2
    assert all(C.copy_of(c) in (0, 1) for row in many.rows for c in row)


def test_the_first_player_dealt_a_jack_deals_first():
    state = parlour.load("bango").new(5)
    seat, card = state.jack_draw[-1]
    assert C.rank_of(card) == C.JACK and seat == state.dealer
    assert all(C.rank_of(c) != C.JACK for _, c in state.jack_draw[:-1])
    assert f"{state.names[state.dealer]} has the first jack and deals." in state.narrative()[0]


def test_each_player_gets_five_cards_face_up_from_the_first_pack():
    state = parlour.load("bango", players=6).new(2)
    assert all(len(row) == 5 for row in state.rows)
    assert all(C.copy_of(c) == 0 for row in state.rows for c in row)
    for player in range(6):
        assert all(seat["hand"] is not None for seat in state.view(player)["seats"]), "every row is public"


def test_everyone_puts_a_counter_in_the_pool_each_round():
    state = parlour.load("bango", players=3, stake=2).new(1)
    assert state.pool == 6 and state.stakes == [2, 2, 2]


def test_only_the_dealer_calls_the_cards_one_at_a_time():
    state = at_round(calls=["9S'", "2C'"])
    other = (state.dealer + 1) % 4
    assert state.why_illegal(f"{other}:call") == f"Only the dealer, {state.names[state.dealer]}, calls the cards."
    call(state)
    assert [C.code(c) for c in state.called] == ["9S'"] and len(state.calling_pack) == 1


def test_a_called_card_is_turned_down_by_the_player_holding_it():
    state = at_round(calls=["3C'", "9H'"])
    assert state.why_illegal("0:3C") == "The 3 of clubs has not been called yet."
    call(state)
    assert 0 in state.actors() and state.legal_actions(0) == ["0:3C"]
    state.apply("0:3C")
    assert state.face_up(0) == [state.pack.card(c) for c in ["2C", "4C", "5C", "6C"]]
    assert state.why_illegal("0:3C") == "Your 3♣ is already face down."
    assert state.why_illegal("0:9H") == "The 9 of hearts is not in your row."


def test_with_two_identical_packs_both_copies_go_down_together():
    rows = [["7H", "7H'", "2C", "3C", "4C"]] + rows_for(12)[1:]
    state = at_round(rows, calls=["7H''"], players=12)
    call(state)
    assert state.legal_actions(0) == ["0:7H"]
    state.apply("0:7H")
    assert len(state.face_up(0)) == 3
    assert "Player 1 turns down 7♥ (both of them); 3 face up." in state.narrative()


def test_the_first_to_turn_all_five_down_calls_bango_and_the_dealer_checks():
    state = at_round(calls=["2C'", "3C'", "4C'", "5C'", "6C'", "9H'"])
    call(state, 5)
    for card in ("2C", "3C", "4C", "5C", "6C"):
        state.apply(f"0:{card}")
    assert state.finished == [0] and "South: Bango!" in state.narrative()
    dealer = state.dealer
    assert "called Bango: check the cards instead" in state.why_illegal(f"{dealer}:call")
    assert state.legal_actions(dealer)[-1] == f"{dealer}:check"


def test_bango_takes_the_pool():
    state = at_round(calls=["2C'", "3C'", "4C'", "5C'", "6C'"])
    pool = state.pool
    call(state, 5)
    for card in ("2C", "3C", "4C", "5C", "6C"):
        state.apply(f"0:{card}")
    state.apply(f"{state.dealer}:check")
    assert state.sheet.rows[1] == ("Round 1", ["+3", "-1", "-1", "-1"]) and pool == 4
    assert state.counters(0) == 13 and state.hand_no == 2


def finish_two(players=3, **options):
    """South (seat 0) turns all five down first, then West (seat 1), both before the dealer checks."""
    rows = rows_for(players)
    state = at_round(rows, calls=[c + "'" for c in rows[0] + rows[1]], players=players, **options)
    call(state, 10)
    for seat in (0, 1):
        for card in rows[seat]:
            state.apply(f"{seat}:{card}")
    return state


def test_the_first_player_to_turn_over_all_five_takes_the_pool_and_a_later_bango_shares_nothing():
    """Issue 24, item 6: West finishes after South, before the dealer checks, and gets nothing."""
    state = finish_two()
    assert state.finished == [0, 1] and state.pool_winners() == [0]
    assert "West: Bango! But South turned all five down first and takes the pool." in state.narrative()
    state.apply(f"{state.dealer}:check")
    assert state.sheet.rows[1] == ("Round 1", ["+2", "-1", "-1"]) and state.pool == 3
    assert "West turned all five down too, but later: the first to finish takes the pool." in state.narrative()


def test_players_whose_rows_one_call_completes_share_the_pool_and_an_odd_counter_stays():
    """Two packs alike deal the rows of more than ten players: the same 7♥ completes two rows at once."""
    rows = rows_for(11)
    rows[0][-1], rows[1][-1] = "7H", "7H'"
    state = at_round(rows, calls=[c + "''" for c in rows[0][:4] + rows[1][:4]] + ["7H''"], players=11,
                     matching="automatic")
    call(state, 9)
    assert state.finished == [0, 1] and state.pool_winners() == [0, 1]
    state.apply(f"{state.dealer}:check")
    assert state.counters(0) == state.counters(1) == 14, "11 counters: 5 each, less the stake"
    assert state.pool == 1 + 11, "the odd counter stays, and the next round's stakes join it"
    assert any("called Bango together and share the pool, 5 each; 1 stays in the pool" in line
               for line in state.narrative())


def test_the_option_lets_everyone_finished_before_the_check_share():
    state = finish_two(sharing="before-check")
    state.apply(f"{state.dealer}:check")
    assert state.counters(0) == state.counters(1) == 10 and state.pool == 1 + 3
    assert any("share the pool, 1 each; 1 stays in the pool" in line for line in state.narrative())


def test_after_the_last_round_the_odd_counters_go_to_the_sharers_from_the_dealers_left():
    """Issue 24, item 5: counters are never lost — the 30th counter no longer disappears."""
    state = finish_two(sharing="before-check", rounds=1)
    state.apply(f"{state.dealer}:check")
    odd = next(s for s in state.from_dealers_left() if s in (0, 1))
    assert state.is_over and state.pool == 0 and sum(state.sheet.totals) == 30
    assert state.counters(odd) == 11 and state.counters(1 - odd) == 10
    assert any(f"the odd counter goes to {state.names[odd]}" in line for line in state.narrative())


def test_a_player_who_cannot_pay_the_stake_sits_the_round_out():
    """Issue 24, item 5: no row, no stake, no share — and the story does not say everyone paid."""
    game = parlour.load("bango", players=3, counters=2, stake=2, rounds=5)
    state = game.new(4)
    state.sheet.totals[2] = 1          # Player 3 is down to one counter
    state.pool = 0
    state.start_hand()
    assert state.playing == [0, 1] and state.rows[2] == [] and state.stakes == [2, 2, 0] and state.pool == 4
    assert state.narrative()[-1].startswith(f"Round {state.hand_no}: South and West put 2 each in the pool (now 4). "
                                            f"East has fewer than 2 counters and sits this round out.")
    if state.dealer != 2:
        assert state.why_illegal("2:call") == "You sit this round out: you have too few counters for the stake."
    assert state.view(2)["seats"][2]["info"] == "1 counter · sits out"


def test_when_fewer_than_two_players_can_stake_the_game_ends():
    game = parlour.load("bango", players=2, counters=1, stake=1, rounds=20)
    state = play_out(game.new(3), [make_bot(game, "rule", s) for s in range(2)])
    assert state.is_over and state.hand_no == 1 and sorted(state.sheet.totals) == [0, 2]
    assert any("Fewer than two players have 1 counter to stake: the game ends after this round." in line
               for line in state.narrative())


def test_a_game_cannot_start_with_fewer_counters_than_the_stake():
    with pytest.raises(parlour.core.OptionError, match="at least the stake"):
        parlour.load("bango", counters=2, stake=3)


def counters_held(state):
    """The players' counters and the pool's: during a round the stakes are in the pool, and leave the
    players' totals when the round is scored."""
    staked = 0 if state.is_over else sum(state.stakes)
    return sum(state.sheet.totals) - staked + state.pool


@pytest.mark.parametrize("options", [
    {"players": 3, "counters": 3, "stake": 2, "rounds": 20},
    {"players": 5, "counters": 2, "stake": 1, "rounds": 20, "sharing": "before-check"},
    {"players": 12, "counters": 4, "stake": 3, "rounds": 20, "matching": "automatic"},
    {"players": 4, "counters": 5, "stake": 5, "rounds": 20, "sharing": "before-check"},
])
def test_counters_are_never_lost(options):
    """At every move of many games, the counters in front of the players and in the pool add up to
    what they started with; at the end the pool is empty."""
    game = parlour.load("bango", **options)
    start = options["players"] * options["counters"]
    for seed in range(12):
        state = game.new(seed)
        kinds = ["rule", "random"] if seed % 2 else ["rule"]
        bots = [make_bot(game, kinds[s % len(kinds)], seed * 10 + s) for s in range(options["players"])]
        play_out(state, bots, until=lambda s: counters_held(s) != start or s.is_over)
        assert counters_held(state) == start, f"seed {seed}"
        assert state.is_over and state.pool == 0 and min(state.sheet.totals) >= 0


def test_automatically_every_match_goes_down_as_it_is_called():
    state = at_round(calls=["3C'", "4D'", "9S'"], matching="automatic")
    call(state, 2)
    assert len(state.face_up(0)) == 4 and len(state.face_up(1)) == 4
    assert state.actors() == [state.dealer]
    assert state.why_illegal("0:2C") == "Your cards are turned down for you as they are called."


def test_a_card_called_but_never_turned_down_is_shown_when_the_round_ends():
    state = at_round(calls=["2C'", "3C'", "4C'", "5C'", "6C'", "2D'"])
    call(state, 6)
    for card in ("2C", "3C", "4C", "5C", "6C"):
        state.apply(f"0:{card}")
    state.apply(f"{state.dealer}:check")
    assert "West missed 2♦ (call 6)." in state.narrative()
    notes = state.view(0)["centre"][1]["notes"]
    assert {"label": "West", "text": "missed 2♦ (call 6)", "cards": ["2D"]} in notes


def test_a_turn_down_arriving_after_the_round_is_checked_is_refused():
    state = at_round(calls=["2C'", "3C'", "4C'", "5C'", "6C'", "2D'"])
    call(state, 6)
    for card in ("2C", "3C", "4C", "5C", "6C"):
        state.apply(f"0:{card}")
    state.apply(f"{state.dealer}:check")
    reason = state.why_illegal("1:2D")
    if state.pack.card("2D") in state.rows[1]:  # dealt to West again in the new round
        assert reason == "The 2 of diamonds has not been called yet."
    else:
        assert reason == "Too late: that round is over, and your new row is dealt."
    with pytest.raises(IllegalAction):
        state.apply("1:2D")


def test_the_deal_passes_to_the_left_each_round():
    state = parlour.load("bango", players=3).new(3)
    first = state.dealer
    bots = [make_bot(state.game, "rule", s) for s in range(3)]
    play_out(state, bots, until=lambda s: s.hand_no == 2)
    assert state.dealer == (first + 1) % 3


def test_after_the_last_round_the_most_counters_win():
    game = parlour.load("bango", players=3, rounds=2)
    state = play_out(game.new(8), [make_bot(game, "rule", s) for s in range(3)])
    best = max(state.sheet.totals)
    assert state.outcome.winners == tuple(s for s in range(3) if state.sheet.totals[s] == best)
    assert state.outcome.text.endswith(f"with {best} counters.")
    assert sum(state.sheet.totals) == 30 and state.pool == 0


def test_a_reader_clicks_a_called_card_of_their_row_and_is_told_why_not_for_another():
    state = at_round(calls=["3C'"])
    call(state)
    view = state.view(0)
    assert view["prompt"].startswith("One of your cards has been called: turn it down!")
    assert [a["card"] for a in view["legal"]] == ["3C"]


def test_the_computer_dealer_turns_down_its_own_card_before_calling_on():
    rows = rows_for(4)
    state = parlour.load("bango").new(1)
    dealer = state.dealer
    state.start_position(rows, [rows[dealer][0] + "'", "AS'"])
    call(state)
    assert make_bot(state.game, "rule").choose(state, dealer) == f"{dealer}:{rows[dealer][0]}"


def test_the_rule_bots_reason_says_which_call_the_card_answers_and_what_is_left():
    state = at_round(calls=["3C'", "9H'", "4C'"])
    call(state)
    assert explain(make_bot(state.game, "rule", 1), state, 0) == (
        "0:3C", "turns down the 3♣, which the caller just called; 4 face up after it")
    call(state, 2)
    assert explain(make_bot(state.game, "rule", 1), state, 0) == (
        "0:3C", "turns down the 3♣, called 2 calls ago; 4 face up after it")
