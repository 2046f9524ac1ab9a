"""Every rule bot says why it chose each move: the page's hint and "why?" print these reasons.

A reason is a short clause with no subject and no closing full stop ("stays under the K♥, so
someone else takes the trick"); it must be given wherever the bot had a real choice, and a
game's bot must give different reasons for different situations (one stock phrase explains
nothing)."""

import pytest

import parlour
from parlour.bots import RuleBot, explain, make_bot
from parlour.clock import Clock, paces_for

GAMES = [spec.info.id for spec in parlour.games()]
DECISIONS_PER_GAME = 600  # enough to meet every phase of a hand, a few hands over


def decisions(game_id: str):
    """(state, legal, action, reason) at each choice the rule bots make, over a few seeded games."""
    game = parlour.load(game_id)
    if game.spec.state.simultaneous:
        yield from clocked_decisions(game)
        return
    seen = 0
    for seed in range(20):
        state = game.new(seed)
        bots = [make_bot(game, "rule", seed * 10 + s) for s in range(game.num_players)]
        while (mover := state.to_move()) is not None and not state.at_move_cap:
            legal = state.legal_actions()
            action, reason = explain(bots[mover], state)
            yield state, legal, action, reason
            state.apply(action)
            seen += 1
            if seen >= DECISIONS_PER_GAME:
                return


class Recorded:
    """A seat's rule bot at a table without turns, noting each move it plans with the seat's legal
    moves at that moment and its reason (the clock asks every seat's bot for its next move)."""

    def __init__(self, bot: RuleBot, seen: list) -> None:
        self.bot, self.seen = bot, seen

    def choose(self, state, seat):
        legal = state.legal_actions(seat)
        action, reason = explain(self.bot, state, seat)
        if action is not None:  # None: nothing worth doing yet, so no move to explain
            self.seen.append((state, legal, action, reason))
        return action


def clocked_decisions(game):
    """The decisions of a game without turns, as its rule bots plan them on the simulated clock."""
    seen: list = []
    for seed in range(20):
        state = game.new(seed)
        bots = {s: Recorded(make_bot(game, "rule", seed * 10 + s), seen) for s in range(game.num_players)}
        Clock(state, bots, paces_for(bots, "family"), seed=seed).run(lambda _: len(seen) >= DECISIONS_PER_GAME)
        if len(seen) >= DECISIONS_PER_GAME:
            break
    return seen[:DECISIONS_PER_GAME]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rule_bot_gives_a_reason_for_every_real_choice(game_id):
    game = parlour.load(game_id)
    assert isinstance(game.rule_bot(0), RuleBot)
    reasons = set()
    choices = 0
    for state, legal, action, reason in decisions(game_id):
        assert action in legal or state.canonical(action) in legal
        if len(legal) < 2:
            continue
        choices += 1
        assert reason, f"{game_id}: no reason for {action!r} among {legal[:6]} (phase {state.phase})"
        assert reason == reason.strip() and not reason.endswith("."), reason
        assert reason[0].islower() or not reason[0].isalpha(), f"a reason starts mid-sentence: {reason!r}"
        assert len(reason) <= 160, reason
        reasons.add(reason)
    if choices >= 30:
        assert len(reasons) >= 3, f"{game_id}: only {sorted(reasons)}"


def test_a_bot_without_reasons_explains_with_none():
    game = parlour.load("hearts")
    state = game.new(1)
    action, reason = explain(make_bot(game, "random", 3), state)
    assert action in state.legal_actions() and reason is None
