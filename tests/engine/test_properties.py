"""Seeded random games of every registered game: invariants that hold whatever is played."""

import pytest

import parlour
from parlour.bots import RandomBot, make_bot
from parlour.core import IllegalAction

#: (game, options) pairs to sweep: every game, and every option value at least once.
def variants():
    out = []
    for spec in parlour.games():
        out.append((spec.info.id, {}))
        for opt in spec.options:
            for value in (opt.choices or {}):
                if value != opt.default:
                    out.append((spec.info.id, {opt.name: value}))
    return out


VARIANTS = variants()
GAMES_EACH = 4


def check_invariants(state):
    pack = sorted(state.pack.cards)
    assert sorted(state.all_cards()) == pack, "a card was lost or duplicated"
    if hasattr(state, "tricks_played") and state.phase == "play":
        assert sum(state.tricks_won) + state.drawn_tricks == len(state.tricks_played), "one winner per trick"


@pytest.mark.parametrize("game_id,options", VARIANTS, ids=lambda v: str(v))
def test_random_games_keep_their_invariants(game_id, options):
    game = parlour.load(game_id, **options)
    for seed in range(GAMES_EACH):
        state = game.new(seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.num_players)]
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, "no legal action before the end"
            assert state.to_move() is not None
            for action in legal:
                assert state.why_illegal(action) is None
            check_invariants(state)
            state.apply(bots[state.to_move()].choose(state))
            steps += 1
            assert steps < 200_000
        assert state.to_move() is None and state.legal_actions() == []
        assert state.outcome is not None and state.outcome.text
        check_invariants(state)
        again = game.replay(seed, state.record()["actions"])
        assert again.view(None) == state.view(None), "replaying the record gave a different game"


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_illegal_action_leaves_state_untouched(game_id):
    state = parlour.load(game_id).new(9)
    before = state.view(None)
    with pytest.raises(IllegalAction) as info:
        state.apply("not-an-action")
    assert info.value.reason
    assert state.view(None) == before


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_views_hide_other_players_cards(game_id):
    game = parlour.load(game_id)
    state = game.new(4)
    for player in range(game.num_players):
        view = state.view(player)
        for seat, entry in enumerate(view.get("seats", [])):
            if seat != player and not entry.get("face_up"):
                assert entry["hand"] is None


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_rule_bot_plays_legal_moves_to_the_end(game_id):
    game = parlour.load(game_id)
    state = game.new(21)
    bots = [make_bot(game, "rule", s) for s in range(game.num_players)]
    while not state.is_over:
        action = bots[state.to_move()].choose(state)
        assert state.why_illegal(action) is None
        state.apply(action)
