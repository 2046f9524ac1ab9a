"""The search bot's cut-off playouts (GameSpec.playout_horizon, State.playout_estimate) and the moves
a rule bot narrows its search to (RuleBot.candidates), in the games that declare them."""

import math

import pytest

import parlour
from parlour.determinise import knowledge
from parlour.scoring import seat_shares, win_shares
from parlour.rng import Rng
from parlour.search import WIN_WEIGHT, SearchBot, hand_gain

#: The games whose search plays short playouts scored by the game's own estimate.
ESTIMATING = [spec.info.id for spec in parlour.games() if spec.playout_horizon is not None]


def mid_game(game_id, seed=7, moves=40):
    """A position ``moves`` into a game played by rule bots (the first deal from ``seed`` on whose game
    lasts that long), with a choice to make."""
    game = parlour.load(game_id)
    bots = [game.rule_bot(seat) for seat in range(game.num_players)]
    while True:
        state = game.new(seed)
        while not state.is_over and (len(state.history) < moves or len(state.legal_actions()) < 2):
            state.apply(bots[state.to_move()].choose(state))
        if not state.is_over:
            return game, state
        if len(state.history) < moves:  # a whole game shorter than that (East–West's 24 placings): half-way
            moves = len(state.history) // 2
            continue
        seed += 1


def test_the_tuck_and_one_eyed_jack_searches_are_cut_short():
    assert {"tuck", "one-eyed-jack"} <= set(ESTIMATING)


def test_a_sides_share_of_the_win_is_split_among_its_seats():
    shares = seat_shares(win_shares([30.0, 10.0], 20.0), ((0, 2), (1, 3)))
    assert shares[0] == shares[2] and shares[1] == shares[3]
    assert math.isclose(sum(shares), 1.0)
    assert math.isclose(2 * shares[0], 1 / (1 + math.exp(-1)))  # 20 apart at a spread of 20: e to 1
    assert seat_shares(win_shares([5.0, 5.0, 5.0], 10.0), ((0,), (1,), (2,))) == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize("game_id", ESTIMATING)
def test_an_estimate_is_each_seats_share_of_the_win(game_id):
    _, state = mid_game(game_id)
    estimate = state.playout_estimate()
    assert estimate is not None and len(estimate) == state.n
    assert all(0.0 <= share <= 1.0 for share in estimate)
    assert math.isclose(sum(estimate), 1.0)


@pytest.mark.parametrize("game_id", ESTIMATING)
def test_a_playout_stops_at_the_horizon_and_scores_the_estimate(game_id):
    game, state = mid_game(game_id)
    horizon = game.spec.playout_horizon
    bots = [game.rule_bot(seat) for seat in range(game.num_players)]
    trial = state.clone()
    gain = hand_gain(trial, bots, 0)
    assert trial.is_over or len(trial.history) - len(state.history) <= horizon
    if not trial.is_over and trial.hand_no == state.hand_no:
        assert len(trial.history) - len(state.history) == horizon
        assert gain == pytest.approx(WIN_WEIGHT * trial.playout_estimate()[0])


@pytest.mark.parametrize("game_id", ["tuck", "one-eyed-jack"])
def test_the_search_tries_the_rule_bots_five_best_moves(game_id):
    game, state = mid_game(game_id, seed=11, moves=60)
    while len(state.legal_actions()) <= 5 or state.phase != "play":  # a position with more than five moves
        state.apply(game.rule_bot(0).choose(state))
    legal = state.legal_actions()
    bot = game.rule_bot(0)
    tried = bot.candidates(state, legal)
    assert len(tried) == 5 and set(tried) <= set(legal)
    assert bot.choose(state) in tried


@pytest.mark.parametrize("game_id", ESTIMATING)
def test_strongs_move_does_not_depend_on_the_cards_it_cannot_see(game_id):
    """Two real deals that differ only in cards hidden from the player to move (its own view the same):
    the same Strong player (same seed) makes the same move in both, so no imagined deal, no narrowing of
    the moves and no playout looked at a hidden card."""
    game, state = mid_game(game_id, seed=5, moves=30)
    me = state.to_move()
    known = knowledge(state, me)
    other = known.sample(state, Rng(99))
    hidden_differ = (any(other.hands[seat] != state.hands[seat] for seat in range(state.n) if seat != me)
                     or any(getattr(other, pile) != getattr(state, pile) for pile in state.hidden_piles(me)))
    assert hidden_differ, "the test needs a deal whose hidden cards differ"
    assert SearchBot(game, 4, iterations=4).choose(state) == SearchBot(game, 4, iterations=4).choose(other)


def test_a_move_is_clearly_better_only_by_more_than_the_margin_in_standard_errors():
    from parlour.search import clearly_better
    assert not clearly_better([], 1.0) and not clearly_better([5.0], 1.0)  # one deal tells nothing
    assert clearly_better([2.0, 2.0, 2.0], 1.0)  # the same lead in every deal
    assert not clearly_better([0.0, 0.0], 1.0) and not clearly_better([-1.0, -1.0], 1.0)
    lucky = [10.0, -8.0, 1.0, -1.0]  # a mean of 0.5 with a standard error of 3.5
    assert clearly_better(lucky, 0.1) and not clearly_better(lucky, 1.0)


def searched_differently(game_id="casino"):
    """A position where a Strong player without a margin leaves the Family player's move."""
    game = parlour.load(game_id)
    for seed in range(1, 40):
        state = game.new(seed)
        bots = [game.rule_bot(seat) for seat in range(game.num_players)]
        while not state.is_over:
            if len(state.legal_actions()) > 2:
                strong = SearchBot(game, seed, iterations=6)
                strong.fallback.search_margin = None
                family = game.rule_bot(0).choose(state)
                if strong.choose(state) != family:
                    return game, state, seed, family
            state.apply(bots[state.to_move()].choose(state))
    raise AssertionError("no position where Strong and Family part")


def test_strong_leaves_the_family_move_only_for_one_clearly_better():
    """A game's rule bot may ask for a clear lead (search_margin): a move that did better on average
    but not clearly keeps the Family choice, and the Why? says so."""
    game, state, seed, family = searched_differently()
    cautious = SearchBot(game, seed, iterations=6)
    cautious.fallback.search_margin = 1e9
    assert cautious.choose(state) == family
    assert "none came out clearly better" in cautious.reason and "Family player" in cautious.reason


def test_a_rule_bots_win_weight_sets_what_a_won_game_counts_for_in_strongs_playouts():
    """RuleBot.search_win_weight: the search bot scores its imagined hands with the game's own weight
    for a win (points count for more against it), and WIN_WEIGHT where the game sets none."""
    game = parlour.load("briscas")
    state = game.new(3)
    bots = [game.rule_bot(seat) for seat in range(game.num_players)]
    finished = state.clone()
    while not finished.is_over:
        finished.apply(bots[finished.to_move()].choose(finished))
    margin = finished.sheet.totals[0] - finished.sheet.totals[1]
    share = finished.returns()[0]
    assert hand_gain(state.clone(), bots, 0, win_weight=2.0) == pytest.approx(2.0 * share + margin)
    assert hand_gain(state.clone(), bots, 0) == pytest.approx(WIN_WEIGHT * share + margin)

    assert SearchBot(parlour.load("hearts"), 1, iterations=2).win_weight == WIN_WEIGHT


def test_strong_takes_the_win_weight_from_the_games_rule_bot(monkeypatch):
    game = parlour.load("briscas")
    monkeypatch.setattr(game.spec.rule_bot, "search_win_weight", 7.0)
    assert SearchBot(game, 1, iterations=2).win_weight == 7.0
    monkeypatch.setattr(game.spec.rule_bot, "search_win_weight", None)
    assert SearchBot(game, 1, iterations=2).win_weight == WIN_WEIGHT


def test_tutes_playouts_count_the_hands_points_margin_as_well_as_who_won():
    """Tute's sheet records only who won the hand: the search bot adds the hand's margin in points
    (cards, songs, last trick; TuteState.points_lead), so a wide win counts for more than a narrow one."""
    from parlour.search import points_lead
    game = parlour.load("tute")
    state = game.new(3)
    bots = [game.rule_bot(seat) for seat in range(game.num_players)]
    assert points_lead(state, 0) == 0.0
    trial = state.clone()
    gain = hand_gain(trial, bots, 0, win_weight=0.0)
    points = trial.hand_results[-1]["points"]
    ours = points[trial.team(0)]
    sheet_lead = trial.sheet.totals[trial.team(0)] - trial.sheet.totals[1 - trial.team(0)]
    assert gain == pytest.approx(sheet_lead + ours - (sum(points) - ours))
    assert points_lead(trial, 1) == -points_lead(trial, 0) != 0
