"""The count walked through at a hand's end (parlour/walkthrough.py): for every game that has one, each
step's cards belong to the hand counted, the running totals add up, and the totals are the engine's own
scores. Seeded games of every registered game are played by the rule bots to the end of a hand or two."""

import re

import pytest

import parlour
from parlour import cards as C
from parlour.bots import make_bot
from parlour.walkthrough import card_points_taken

#: The games whose summary walks through a count (the rest have none yet).
POINT_TRICKS = {"briscas", "tute", "belote", "alcalde", "alcalde-variation", "hearts", "partnership-hearts", "tetka", "nine-card-don"}
WALKED = POINT_TRICKS | {"cribbage", "casino", "burraco", "carioca", "mus", "east-west"}


def hand_ends(game_id: str, seed: int, hands: int = 2):
    """(state, summary) straight after each of the first ``hands`` hands ends."""
    game = parlour.load(game_id)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seed * 10 + s) for s in range(game.num_players)]
    seen = []
    while not state.is_over and len(seen) < hands:
        before = state.last_hand_end
        state.apply(bots[state.to_move()].choose(state))
        if state.last_hand_end is not before and state.last_hand_end is not None:
            seen.append((state.clone(), state.hand_summary(0)))
    return seen


@pytest.mark.parametrize("game_id", [spec.info.id for spec in parlour.games()])
def test_every_step_of_a_walked_through_count_belongs_to_its_hand_and_adds_up(game_id):
    ends = hand_ends(game_id, 3)
    walked = [summary for _, summary in ends if summary.count]
    if game_id not in WALKED:
        assert not walked, f"{game_id} now walks through its count: add it to WALKED"
        return
    assert walked, f"{game_id}: no hand's count was walked through"
    for summary in walked:
        for hand in summary.count:
            assert hand.title and (hand.steps or hand.nothing)
            total = 0
            for step in hand.steps:
                assert set(step.cards) <= set(hand.cards), (hand.title, step)
                total += step.points
                assert step.total == total and step.points != 0
            assert hand.total == total
        shown = summary.as_dict()["count"]
        assert all(set(s["cards"]) <= set(h["cards"]) for h in shown for s in h["steps"])


@pytest.mark.parametrize("game_id", sorted(POINT_TRICKS))
def test_a_point_trick_games_count_names_every_counting_card_once_with_the_games_points(game_id):
    for state, summary in hand_ends(game_id, 5):
        by_value = [step for hand in summary.count for step in hand.steps if " worth " in step.words]
        counted = [c for step in by_value for c in step.cards]
        assert len(counted) == len(set(counted)), "a card counted twice"
        points = {card: value for _, taken, _ in state.counted_points(state.last_hand_end.counted)
                  for card, value in taken}
        assert set(counted) == set(points)
        for hand in summary.count:
            for step in (s for s in hand.steps if s in by_value):
                value = points[step.cards[0]]
                assert all(points[c] == value for c in step.cards) and step.points == value * len(step.cards)


def test_briscas_count_totals_are_the_deals_card_points_on_the_score_sheet():
    for state, summary in hand_ends("briscas", 2, hands=1):
        row = summary.rows[0][1]
        assert [hand.total for hand in summary.count] == list(row) and sum(row) == 120


def test_tute_count_totals_are_the_points_its_story_gives_each_side_cards_sung_and_last_trick():
    for state, summary in hand_ends("tute", 4, hands=2):
        said = dict(re.findall(r"(South & North|West & East) \d+ in cards[^=]*= (\d+)", " ".join(summary.lines)))
        assert {hand.title.split(" took ")[0]: hand.total for hand in summary.count} == {
            side: int(points) for side, points in said.items()}


def test_belote_counts_every_card_point_of_the_hand_and_dix_de_der():
    for state, summary in hand_ends("belote", 1, hands=2):
        assert sum(hand.total for hand in summary.count) == 162  # with dix de der, the last trick's 10


def test_card_points_are_counted_a_step_per_value_the_most_valuable_first():
    pack = C.SPANISH_40
    ace, ace2, three, king = (pack.card(c) for c in ("1O", "1C", "3E", "12B"))
    counted = card_points_taken("South", [(king, 4), (ace, 11), (three, 10), (ace2, 11)])
    assert counted.title == "South took 4 counting cards"
    assert [(s.words, s.total) for s in counted.steps] == [
        ("2 cards worth 11 each: 22", 22), ("1 card worth 10: 10", 32), ("1 card worth 4: 4", 36)]
    assert set(counted.steps[0].cards) == {ace, ace2}
    assert card_points_taken("North", []).steps == () and card_points_taken("North", []).total == 0


def test_casino_count_gives_each_side_its_items_with_the_cards_that_earned_them_as_on_the_score_sheet():
    for state, summary in hand_ends("casino", 2, hands=2):
        assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
        words = [step.words for hand in summary.count for step in hand.steps]
        assert "big casino" in words and "little casino" in words
        assert sum(1 for w in words if w.startswith("the A")) == 4
        for hand in summary.count:
            for step in hand.steps:
                if step.words.startswith("most cards"):
                    assert step.cards == hand.cards and f"({len(hand.cards)})" in step.words
                if step.words.startswith("most spades"):
                    assert all(C.suit_of(c) == C.SPADES for c in step.cards)
                if step.words.startswith("a sweep"):
                    assert len(step.cards) == 1 and step.cards[0] in hand.cards  # the card that swept


def test_burraco_count_gives_each_meld_bonus_and_card_left_and_adds_up_to_the_score_sheet():
    for state, summary in hand_ends("burraco", 2, hands=1):
        assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
        for hand in summary.count:
            melds = [step for step in hand.steps if step.words.startswith(("set", "run"))]
            assert melds and all(len(step.cards) >= 3 and step.points > 0 for step in melds)
            for step in hand.steps:
                if step.words == "cards left in hand":
                    assert step.points < 0
                if "burraco" in step.words:
                    assert len(step.cards) >= 7 and step.points in (100, 200)


def test_carioca_count_gives_each_players_deadwood_card_by_card_as_on_the_score_sheet():
    for state, summary in hand_ends("carioca", 2, hands=2):
        assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
        out = [hand for hand in summary.count if not hand.cards]
        assert all(hand.total == 0 and hand.steps == () for hand in out)


def test_mus_count_gives_each_round_paid_with_the_winning_hand_as_on_the_score_sheet():
    for seed in (3, 4):
        for state, summary in hand_ends("mus", seed, hands=2):
            if "órdago" in summary.rows[0][0]:
                continue  # an órdago's hand pays the game, not points
            assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
            for hand in summary.count:
                assert len(hand.cards) == 8  # both partners' hands, shown
                for step in hand.steps:
                    assert step.words.split(":")[0] in ("Grande", "Chica", "Pares", "Juego", "Punto")
                    assert len(step.cards) in (0, 4, 8)


def test_hearts_count_names_each_players_penalty_cards_hearts_one_and_the_queen_of_spades_thirteen():
    for state, summary in hand_ends("hearts", 2, hands=2):
        assert all(" penalty card" in hand.title for hand in summary.count)
        assert sum(hand.total for hand in summary.count) == 26
        queen = [step for hand in summary.count for step in hand.steps if step.points == 13 and len(step.cards) == 1]
        assert len(queen) == 1 and C.short(queen[0].cards[0]) == "Q♠"


def test_tetka_count_adds_the_penalty_tricks_to_the_penalty_cards_as_on_the_score_sheet():
    for state, summary in hand_ends("tetka", 2, hands=2):
        assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
        assert any(step.words == "the most tricks" for hand in summary.count for step in hand.steps)


def test_nine_card_don_count_gives_the_trumps_and_fives_taken_and_game_as_on_the_score_sheet():
    checked = 0
    for state, summary in hand_ends("nine-card-don", 2, hands=2):
        if "stopped" in summary.rows[0][0]:
            continue  # a side reached the target mid-hand: the rest was never scored
        assert [hand.total for hand in summary.count] == list(summary.rows[0][1])
        checked += 1
    assert checked


@pytest.mark.parametrize("game_id", sorted(POINT_TRICKS))
def test_a_point_trick_games_point_cards_hold_every_card_worth_points(game_id):
    # The hand's end counts only the cards a game declares as able to carry points (point_cards).
    for state, _ in hand_ends(game_id, 5):
        outside = [c for c in state.pack.cards if not state.point_cards >> c & 1 and state.card_points(c)]
        assert not outside, f"{game_id}: {[C.code(c) for c in outside]} carry points but are not point_cards"
