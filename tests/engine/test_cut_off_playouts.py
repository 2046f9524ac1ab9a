"""The search bot's cut-off playouts (GameSpec.playout_horizon, State.playout_estimate), the moves a
rule bot narrows its search to (RuleBot.candidates), and the rummy readings every copy shares."""

import pytest

import parlour
from parlour.bots import RuleBot, make_bot
from parlour.determinise import knowledge
from parlour.rng import Rng
from parlour.rummy import RummyState
from parlour.search import WIN_WEIGHT, SearchBot, hand_gain

CUT_OFF = [s.info.id for s in parlour.games() if s.playout_horizon is not None]
#: Those whose rule bot narrows the moves searched (East–West's three rows are all tried).
NARROWED = [s.info.id for s in parlour.games()
            if s.playout_horizon is not None and s.rule_bot.candidates is not RuleBot.candidates]
#: The rummies among them: their meld readings are shared by every copy of a state.
RUMMY_CUT_OFF = [s.info.id for s in parlour.games() if s.playout_horizon is not None and issubclass(s.state, RummyState)]


def mid_hand(game_id, moves=40, seed=3):
    game = parlour.load(game_id)
    state = game.new(seed)
    bots = [make_bot(game, "rule", s) for s in range(game.num_players)]
    for _ in range(moves):
        state.apply(bots[state.to_move()].choose(state))
        if state.is_over:  # a game shorter than that (East–West's 24 placings): half-way through it
            return mid_hand(game_id, len(state.history) // 2, seed)
    return game, state


class Counting:
    """A rule bot that counts the moves it is asked for."""

    def __init__(self, bot):
        self.bot, self.moves = bot, 0

    def choose(self, state):
        self.moves += 1
        return self.bot.choose(state)


def test_carioca_and_burraco_cut_their_playouts_off():
    assert {"carioca", "burraco"} <= set(CUT_OFF)


@pytest.mark.parametrize("game_id", CUT_OFF)
def test_a_playout_stops_at_the_horizon_and_is_scored_by_the_games_estimate(game_id):
    game, state = mid_hand(game_id)
    horizon = game.spec.playout_horizon
    bots = [Counting(make_bot(game, "rule", s)) for s in range(game.num_players)]
    twin = state.clone()
    gain = hand_gain(state, bots, 0)
    moves = sum(b.moves for b in bots)
    twin_bots = [make_bot(game, "rule", s) for s in range(game.num_players)]
    hand = twin.hand_no
    for _ in range(moves):
        twin.apply(twin_bots[twin.to_move()].choose(twin))
    # At the horizon, or sooner where the hand ended first (Mus: a hand is shorter than its horizon,
    # which only makes the hand's end scored by the estimate).
    assert moves == horizon or twin.is_over or twin.hand_no != hand
    expected = twin.returns()[0] if twin.is_over else twin.playout_estimate()[0]
    assert gain == pytest.approx(WIN_WEIGHT * expected)


@pytest.mark.parametrize("game_id", CUT_OFF)
def test_an_estimate_is_each_seats_share_of_the_win(game_id):
    game = parlour.load(game_id)
    state = game.new(8)
    bots = [make_bot(game, "rule", s) for s in range(game.num_players)]
    while not state.is_over:
        shares = state.playout_estimate()
        assert all(0 <= s <= 1 for s in shares) and sum(shares) == pytest.approx(1)
        state.apply(bots[state.to_move()].choose(state))


@pytest.mark.parametrize("game_id", NARROWED)
def test_the_search_tries_only_the_rule_bots_candidates(game_id):
    game, state = mid_hand(game_id)
    while len(state.legal_actions()) < 6 or state.phase == "draw":
        state.apply(make_bot(game, "rule", state.to_move()).choose(state))
    rule = make_bot(game, "rule", 5)
    candidates = rule.candidates(state, state.legal_actions())
    assert set(candidates) < set(state.legal_actions()), "a rummy hand's weaker discards are not searched"
    assert rule.choose(state) in candidates
    assert SearchBot(game, 5, iterations=3).choose(state) in candidates


@pytest.mark.parametrize("game_id", RUMMY_CUT_OFF)
def test_copies_share_the_meld_readings_and_imagined_deals_change_no_listed_move(game_id):
    game, state = mid_hand(game_id, moves=30)
    assert state.clone()._readings is state._readings
    for step in range(20):
        world = knowledge(state, state.to_move()).sample(state, Rng(step))
        world.legal_actions()  # its readings, of cards the real hands may not hold, go into the shared store
        fresh = game.replay(state.seed, state.history)
        state.forget_legal()
        state._memo_key = None
        assert state.legal_actions() == fresh.legal_actions()
        state.apply(make_bot(game, "rule", state.to_move()).choose(state))
