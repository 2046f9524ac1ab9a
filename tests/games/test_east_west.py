"""East–West (seed 004): one test per rule clause, on stacked decks."""

from pathlib import Path

import pytest

import parlour
from parlour import cards as C, render
from parlour.core import CountError
from parlour.poker import HandOrder, category_counts
from parlour.rulebook.east_west import COUNTING, RANKS_32, EastWestBot

from helpers import play

WEST, EAST = 0, 1


def east_deals_seed(**options):
    """A seed whose dealer is East, so West (the reader's seat) places first."""
    game = parlour.load("east-west", **options)
    return next(seed for seed in range(50) if game.new(seed).dealer == EAST)


def stacked(board, draws=(), **options):
    """A game whose board cards are ``board`` and whose stock starts with ``draws`` (West's first)."""
    game = parlour.load("east-west", **options)
    seed = east_deals_seed(**options)
    used = list(board) + list(draws)
    rest = [C.code(c) for c in game.spec.state.pack.cards if C.code(c) not in used]
    return game.new(seed, used + rest)


def test_the_pack_is_the_32_cards_from_seven_to_ace():
    state = parlour.load("east-west").new(1)
    assert len(state.pack) == 32
    assert {C.rank_of(c) for c in state.pack.cards} == set(range(7, 15))
    assert sorted(state.all_cards()) == sorted(state.pack.cards)


def test_three_board_cards_lie_face_up_in_a_column():
    state = stacked(["KS", "9H", "AD"])
    rows = state.view(WEST)["centre"][0]["rows"]
    assert [row["board"] for row in rows] == ["KS", "9H", "AD"]
    assert "The board cards, top to bottom: K♠, 9♥, A♦." in state.narrative()[0]


def test_the_non_dealer_draws_and_places_first():
    state = stacked(["KS", "9H", "AD"], ["7C", "8C"])
    assert state.dealer == EAST and state.to_move() == WEST
    assert C.code(state.drawn) == "7C"
    play(state, "row1")
    assert state.to_move() == EAST and C.code(state.drawn) == "8C"


def test_a_card_goes_beside_a_board_card_on_the_players_own_side():
    state = stacked(["KS", "9H", "AD"], ["7C", "8C"])
    play(state, "row2", "row2")
    row = state.view(None)["centre"][0]["rows"][1]
    assert row["sides"] == [["7C"], ["8C"]]


def test_a_row_takes_at_most_four_of_a_players_cards():
    state = stacked(["KS", "9H", "AD"], ["7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S", "9C"])
    play(state, *["row1"] * 8)
    assert state.to_move() == WEST
    assert state.why_illegal("row1") == ("Row 1 already has four of your cards beside the K♠: "
                                          "its hand is finished.")
    assert state.legal_actions() == ["row2", "row3"]


def test_a_full_row_can_still_be_picked_and_is_answered_with_the_rows_limit():
    state = stacked(["KS", "9H", "AD"], ["7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S", "9C"])
    play(state, *["row1"] * 8)
    html = render.table(state.view(WEST), state.pack, interactive=True)
    assert 'data-part="row1"' in html and 'data-part="9C"' in html, "the full row and the drawn card are pickable"
    assert "four of your cards" in state.why_illegal("row1")


def test_a_row_is_named_by_number():
    state = stacked(["KS", "9H", "AD"])
    assert "is not a row" in state.why_illegal("row4")
    assert "is not a row" in state.why_illegal("KS")


def test_the_drawn_card_is_shown_to_both_players():
    state = stacked(["KS", "9H", "AD"], ["7C"])
    assert state.view(EAST)["seats"][WEST]["hand"] == ["7C"]


def finished(board, west_rows, east_rows, **options):
    """A game played to the end: ``west_rows[r]`` and ``east_rows[r]`` are the four cards each places in row r."""
    draws, actions = [], []
    west = [(r, c) for r in range(3) for c in west_rows[r]]
    east = [(r, c) for r in range(3) for c in east_rows[r]]
    for (wr, wc), (er, ec) in zip(west, east):
        draws += [wc, ec]
        actions += [f"row{wr + 1}", f"row{er + 1}"]
    state = stacked(board, draws, **options)
    return play(state, *actions)


BOARD = ["KS", "9H", "AD"]
WEST_ROWS = [["KH", "KC", "7S", "8S"],      # three kings
             ["9C", "10S", "10H", "7D"],    # two pairs, tens and nines
             ["AC", "QD", "JS", "7C"]]      # a pair of aces
EAST_ROWS = [["QS", "JD", "10D", "8D"],     # king high
             ["JC", "QC", "KD", "10C"],     # a straight, king high
             ["AH", "AS", "QH", "JH"]]      # three aces


def test_after_twelve_cards_each_every_row_is_two_five_card_poker_hands():
    state = finished(BOARD, WEST_ROWS, EAST_ROWS)
    assert state.is_over
    story = state.narrative()
    assert "Row 1 (board card K♠): West three kings; East king high. West wins the row." in story
    assert ("Row 2 (board card 9♥): West two pairs, tens and nines; East a straight, king high. "
            "East wins the row.") in story
    assert "Row 3 (board card A♦): West a pair of aces; East three aces. East wins the row." in story


def test_winning_two_rows_of_three_wins_the_game():
    state = finished(BOARD, WEST_ROWS, EAST_ROWS)
    assert state.outcome.winners == (EAST,)
    assert state.outcome.text == "East wins 2 rows to 1."
    assert state.view(None)["score"]["totals"] == [1, 2]


def test_a_tied_row_counts_for_nobody_and_equal_rows_won_are_a_draw():
    west = [["AC", "QD", "JS", "7C"], ["9C", "9D", "7S", "8S"], ["KH", "QH", "JH", "10C"]]
    east = [["AH", "AS", "QS", "8H"], ["10H", "10S", "JD", "7D"], ["KD", "QC", "JC", "10D"]]
    state = finished(["AD", "9H", "KS"], west, east)
    # Row 3: both sides hold K-K-Q-J-10 in mixed suits, a pair of kings with the same odd cards.
    assert ("Row 3 (board card K♠): West a pair of kings; East a pair of kings. A tie: nobody wins the row."
            in state.narrative())
    assert state.outcome.winners == ()
    assert state.outcome.text == "A draw: each side wins 1 row."


FLUSH_VS_FULL = (["7H", "7S", "AD"],
                 [["8H", "10H", "QH", "KH"], ["9C", "9D", "10S", "10C"], ["AC", "QD", "JS", "8C"]],
                 [["7C", "7D", "8S", "8D"], ["JC", "QC", "KD", "JD"], ["AH", "AS", "QS", "JH"]])


def test_a_flush_beats_a_full_house_by_default():
    state = finished(*FLUSH_VS_FULL)
    assert "Row 1 (board card 7♥): West a flush, king high; East a full house, sevens over eights. " \
           "West wins the row." in state.narrative()


def test_with_the_ordinary_order_a_full_house_beats_a_flush():
    state = finished(*FLUSH_VS_FULL, flush="below-full-house")
    assert "Row 1 (board card 7♥): West a flush, king high; East a full house, sevens over eights. " \
           "East wins the row." in state.narrative()


def row_line(state, row):
    return next(line for line in state.narrative() if line.startswith(f"Row {row} "))


def test_ace_seven_eight_nine_ten_is_the_lowest_straight():
    rows = (["AS", "9H", "KD"],
            [["7H", "8C", "9D", "10S"], ["9C", "JD", "10H", "QC"], ["AC", "QD", "JS", "8D"]],
            [["KS", "KH", "QS", "JH"], ["7C", "7D", "8S", "8H"], ["AH", "KC", "QH", "10D"]])
    state = finished(*rows)
    assert row_line(state, 1).endswith("West a straight, ten high (ace low); East a pair of kings. West wins the row.")
    state = finished(*rows, low_straight="no")
    assert row_line(state, 1).endswith("West ace high; East a pair of kings. East wins the row.")


def test_the_count_command_uses_the_games_own_order():
    counted = COUNTING.run({"hand": "KS,KH,8C,8D,8S"})
    assert counted.spoken == "a full house, eights over kings" and counted.total is None
    assert "kind 4 of 9" in counted.lines[0] and "1,344 of the 201,376" in counted.lines[1]
    ordinary = COUNTING.run({"hand": "7H 9H JH QH KH", "ordinary": True})
    assert ordinary.spoken == "a flush, king high" and "kind 4 of 9" in ordinary.lines[0]
    with pytest.raises(CountError, match="not a card"):
        COUNTING.run({"hand": "KS,KH,8C,8D,2S"})
    with pytest.raises(CountError, match="five cards, not 4"):
        COUNTING.run({"hand": "KS,KH,8C,8D"})


def test_the_rule_bot_puts_the_card_that_makes_a_flush_in_that_row():
    # West has three hearts beside the 7♥ and draws the K♥: only row 1 makes a flush.
    state = stacked(["7H", "KS", "AD"], ["8H", "7C", "10H", "8C", "QH", "9C", "KH"])
    play(state, "row1", "row2", "row1", "row2", "row1", "row3")
    assert C.code(state.drawn) == "KH"
    assert EastWestBot(1).choose(state) == "row1"


def test_in_the_short_pack_no_pair_is_rarer_than_one_pair_and_the_page_says_so():
    # The page keeps the usual order of the low kinds "even where the numbers disagree": the engine's
    # counts say where they do (no pair below one pair, never below two pairs), and the page must agree.
    short = category_counts(RANKS_32, order=HandOrder(RANKS_32, ace_low=True, flush_beats_full_house=True))
    full = category_counts(range(2, 15))
    assert short["high card"] < short["pair"] and full["high card"] > full["pair"]
    assert short["high card"] > short["two pairs"]
    page = (Path(__file__).resolve().parents[2] / "docs" / "games" / "east-west.md").read_text(encoding="utf-8")
    text = " ".join(page.split())
    assert "no pair at all is rarer than a hand with one pair" in text
    assert "rarer than two pairs" not in text


def test_at_the_showdown_each_rows_hands_are_named_under_their_cards_without_a_click():
    from parlour import render
    state = finished(BOARD, WEST_ROWS, EAST_ROWS)
    html = render.table(state.view(0), state.pack)
    for words in ("three kings", "king high", "two pairs, tens and nines", "a straight, king high", "three aces"):
        assert f'<span class="pt-row-hand">{words}</span>' in html
    assert "pt-row-hands" not in html  # no panel to open
    # During play the hands so far stay in a panel, shut until the reader opens it.
    playing = stacked(BOARD, ["KH", "QS"])
    assert '<details class="pt-row-hands"' in render.table(playing.view(0), playing.pack)
    assert "pt-row-hand\"" not in render.table(playing.view(0), playing.pack)


def test_the_showdown_walks_through_each_rows_two_hands_side_by_side_and_its_winner():
    state = finished(BOARD, WEST_ROWS, EAST_ROWS)
    summary = state.hand_summary(WEST)
    assert summary.title == "The showdown: what happened"
    rows = summary.count
    assert [row.title for row in rows] == ["Row 1 (board card K♠)", "Row 2 (board card 9♥)", "Row 3 (board card A♦)"]
    for number, (row, board, west, east) in enumerate(zip(rows, BOARD, WEST_ROWS, EAST_ROWS), 1):
        # West's four, the board card both hands share, East's four: the row as it lies on the table.
        assert [C.code(c) for c in row.cards] == [*west, board, *east]
        assert [size for _, size in row.groups] == [4, 1, 4]
        (step,) = row.steps
        winner = west if step.words.endswith(f"West wins row {number}") else east
        assert {C.code(c) for c in step.cards} == {board, *winner}, "the winner's five cards, and only those"
    assert [label for label, _ in rows[0].groups] == ["West: three kings", "in both hands",
                                                      "East: king high"]
    assert [step.words for row in rows for step in row.steps] == [
        "three kings beat king high: West wins row 1",
        "a straight, king high beats two pairs, tens and nines: East wins row 2",
        "three aces beat a pair of aces: East wins row 3"]
    assert [step.so_far for row in rows for step in row.steps] == [
        "rows won so far: West 1, East 0", "rows won so far: West 1, East 1", "rows won so far: West 1, East 2"]


def test_the_showdowns_points_are_the_score_sheets_rows_and_totals():
    for seed in range(6):
        game = parlour.load("east-west")
        state = game.new(seed)
        bots = [EastWestBot(seed * 10 + seat) for seat in (WEST, EAST)]
        while not state.is_over:
            state.apply(bots[state.to_move()].choose(state))
        summary = state.hand_summary(WEST)
        sheet = state.scoresheet()
        assert [row.total for row in summary.count] == [sum(values) for _, values in sheet.rows]
        for number, (row, (_, values)) in enumerate(zip(summary.count, sheet.rows), 1):
            winner = next((seat for seat, point in enumerate(values) if point), None)
            assert len(row.steps) == (winner is not None)
            for step in row.steps:
                assert step.words.endswith(f"{state.names[winner]} wins row {number}") and step.points == 1
                # Every card the step names is of that row, in the winner's hand (the board card and four).
                hand = row.cards[:5] if winner == WEST else row.cards[4:]
                assert set(step.cards) == set(hand)
        final = summary.count[-1].steps[-1].so_far if summary.count[-1].steps else None
        if final is not None:
            assert final == f"rows won so far: West {sheet.totals[0]}, East {sheet.totals[1]}"
        assert summary.lines[-1] == f"Totals now: West {sheet.totals[0]}, East {sheet.totals[1]}."


def test_a_tied_row_is_shown_with_no_point_and_says_why():
    west = [["AC", "QD", "JS", "7C"], ["9C", "9D", "7S", "8S"], ["KH", "QH", "JH", "10C"]]
    east = [["AH", "AS", "QS", "8H"], ["10H", "10S", "JD", "7D"], ["KD", "QC", "JC", "10D"]]
    tied = finished(["AD", "9H", "KS"], west, east).hand_summary(WEST).count[2]
    assert tied.steps == () and tied.total == 0
    assert tied.nothing == "Both hands are a pair of kings, rank for rank: a tie, and nobody wins row 3."


def test_why_a_row_is_won_when_both_hands_have_the_same_name_or_the_flush_meets_a_full_house():
    from parlour.rulebook.east_west import beats, hand_order
    from parlour.poker import evaluate
    cards = lambda text: [C.FRENCH_32.card(code) for code in text.split()]  # noqa: E731
    short = hand_order({"flush": "above-full-house", "low_straight": "yes"})
    ordinary = hand_order({"flush": "below-full-house", "low_straight": "yes"})
    kings_queen, kings_jack = evaluate(cards("KS KH QD 9C 8C"), short), evaluate(cards("KC KD JD 9S 8S"), short)
    assert beats(kings_queen, kings_jack, short) == (
        "both are a pair of kings; a queen beats a jack, the highest cards not yet compared")
    flush, full = evaluate(cards("7H 9H JH QH AH"), short), evaluate(cards("8S 8D 8C 7S 7D"), short)
    assert beats(flush, full, short) == ("a flush, ace high beats a full house, eights over sevens "
                                         "(with 32 cards a flush is the rarer hand, so it ranks higher)")
    flush, full = evaluate(cards("7H 9H JH QH AH"), ordinary), evaluate(cards("8S 8D 8C 7S 7D"), ordinary)
    assert beats(full, flush, ordinary) == ("a full house, eights over sevens beats a flush, ace high "
                                            "(the ordinary order: a full house above a flush)")


def test_strong_judges_each_row_by_filling_the_rest_of_its_imagined_deal_at_random():
    """Strong's search plays no moves out with the Family player (each of its moves plays out hundreds of
    games): right after the row it tries, the position is judged by filling the rows at random many times
    from the imagined stock, as the Family player does, and counting each side's share of the wins."""
    from parlour.search import WIN_WEIGHT, hand_gain
    game = parlour.load("east-west")
    assert game.spec.playout_horizon == 0
    state = game.new(4)
    for _ in range(6):
        state.apply(EastWestBot(0).choose(state))
    estimate = state.playout_estimate()
    assert estimate is not None and all(0 <= share <= 1 for share in estimate) and sum(estimate) == pytest.approx(1)
    # The same imagined stock, the same luck: every row tried in one imagined deal is judged alike.
    assert state.clone().playout_estimate() == estimate
    twin = state.clone()
    assert hand_gain(twin, [EastWestBot(0), EastWestBot(1)], 0) == WIN_WEIGHT * estimate[0]
    assert len(twin.history) == len(state.history), "no move is played out"
    while not state.is_over:
        state.apply(EastWestBot(0).choose(state))
    assert state.playout_estimate() is None  # a finished deal is scored by its result


def test_the_fillings_follow_the_stock_in_order():
    """A filling takes the cards in the imagined stock's order, the player to move first, turn about,
    until both sides have four beside every board card."""
    from parlour.rulebook.east_west import random_fill
    order = HandOrder(RANKS_32)
    board = [C.FRENCH_32.card(code) for code in ("AS", "AH", "AD")]
    rows = [[[], []] for _ in range(3)]
    pack = [c for c in C.FRENCH_32.cards if c not in board]
    won = random_fill(board, rows, pack[:24], 1, order, 5)
    assert sum(len(side) for row in rows for side in row) == 24
    assert sorted(c for row in rows for c in row[1]) == sorted(pack[:24:2])  # East first: every other card
    assert all(len(side) == 4 for row in rows for side in row) and sum(won) <= 3


def test_strongs_why_says_it_tries_each_row_where_it_stands():
    """Strong plays no move on here (a horizon of 0), so its Why? must not say it plays its moves out."""
    from parlour.search import SearchBot
    game = parlour.load("east-west")
    state = game.new(4)
    for _ in range(6):
        state.apply(EastWestBot(0).choose(state))
    bot = SearchBot(game, 1, iterations=3)
    bot.choose(state)
    assert "tries each of the" in bot.reason and " out in every one" not in bot.reason
    assert "judging where it leaves it by the game's own reckoning" in bot.reason
