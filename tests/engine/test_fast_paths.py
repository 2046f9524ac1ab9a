"""The engine's fast paths agree with its plain definitions, for every registered game.

- A phase's fast legal list (``_legal_<phase>``, from bit masks) equals the candidates whose
  verify reason is ``None``, over at least 10,000 positions per game reached by random play
  (all the game's option values share them).
- ``apply`` of a listed move skips the check; a move from outside is still checked in full.
- ``clone()`` copies a position: the same moves on the copy and on the original give the same game.
- A determinised deal never contradicts what the player has seen.
- The search bot plays only legal moves.
"""

from __future__ import annotations

import pytest

import parlour
from parlour import cards as C
from parlour.bots import RandomBot, make_bot
from parlour.core import IllegalAction, fast_legal_method
from parlour.determinise import knowledge, visible_cards
from parlour.rng import Rng
from parlour.tricks import TrickGameState

GAME_IDS = [s.info.id for s in parlour.games()]
#: Games whose hidden cards the determiniser can deal afresh (every trick game, and any that says so).
DETERMINISABLE = [s.info.id for s in parlour.games() if getattr(s.state, "determinisable", False)]
POSITIONS_PER_GAME = 10_000


def option_sets(game_id: str) -> list[dict[str, object]]:
    """The default options, then each other option value once."""
    spec = parlour.spec(game_id)
    sets: list[dict[str, object]] = [{}]
    for option in spec.options:
        sets += [{option.name: value} for value in (option.choices or {}) if value != option.default]
    return sets


def random_positions(game_id: str, count: int, seed: int = 0):
    """``count`` positions of ``game_id`` reached by random play, over its option sets in turn,
    several games in a row in this one process."""
    games = [parlour.load(game_id, **options) for options in option_sets(game_id)]
    rng = Rng(seed)
    made = 0
    game_no = 0
    while made < count:
        game = games[game_no % len(games)]
        state = game.new(game_no)
        game_no += 1
        while not state.is_over and made < count:
            yield state
            made += 1
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fast_legal_lists_equal_the_verified_ones(game_id):
    fast_phases = set()
    for state in random_positions(game_id, POSITIONS_PER_GAME):
        if fast_legal_method(type(state), state.phase) is None:
            continue  # listed by verifying each candidate: the definition itself
        fast_phases.add(state.phase)
        assert state.legal_actions() == state.verified_actions(), (
            f"{game_id} phase {state.phase}: the fast legal list differs from the verified one")
    if issubclass(parlour.spec(game_id).state, TrickGameState):
        assert "play" in fast_phases, f"{game_id}: card play never took the fast path"


def test_a_move_from_the_legal_list_is_not_checked_again_but_any_other_is():
    state = parlour.load("hearts", passing="rotation").new(3)
    calls = []
    verify = state._verify_pass
    state._verify_pass = lambda action: calls.append(action) or verify(action)  # type: ignore[method-assign]
    legal = state.legal_actions()
    state.apply(legal[0])
    assert calls == [], "a move from the list just given was checked again"
    other = state.legal_actions()[0]
    state.legal_actions()
    state.forget_legal()  # as when a test sets the position by hand
    state.apply(other)
    assert calls == [other], "a move after the position changed by hand was not checked"
    with pytest.raises(IllegalAction):
        state.apply(C.code(next(c for c in state.pack.cards if not state.hands[state.turn] >> c & 1)))


def test_a_move_spelled_otherwise_is_verified_not_taken_from_the_list():
    state = parlour.load("hearts").new(3)
    calls = []
    verify = state._verify_pass
    state._verify_pass = lambda action: calls.append(action) or verify(action)  # type: ignore[method-assign]
    legal = state.legal_actions()
    calls.clear()
    state.apply(legal[0].lower() + " ")
    assert calls == [legal[0]], "a move spelled otherwise was taken from the list unchecked"
    assert state.history == [legal[0]], "the record keeps the canonical spelling"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_clone_plays_on_like_the_original(game_id):
    game = parlour.load(game_id)
    state = game.new(5)
    bots = [RandomBot(s) for s in range(game.num_players)]
    for step in range(400):
        if state.is_over:
            break
        if step % 37 == 0:
            copy = state.clone()
            assert copy.view(None) == state.view(None)
            follow = [RandomBot(100 + s) for s in range(game.num_players)]
            twin = state.clone()
            for _ in range(40):
                if copy.is_over:
                    break
                action = follow[copy.to_move()].choose(copy)
                copy.apply(action)
                twin.apply(action)
            assert copy.view(None) == twin.view(None)
            assert copy.record()["actions"][:len(state.history)] == state.history
        state.apply(bots[state.to_move()].choose(state))
    replayed = game.replay(state.seed, state.history)
    assert replayed.view(None) == state.view(None), "playing on the clones changed the original"


def view_without_others_prompt(state, player):
    view = state.view(player)
    if state.to_move() != player:
        view.pop("prompt")  # addressed to the player to move (and written from their hand)
    return view


@pytest.mark.parametrize("game_id", DETERMINISABLE)
def test_determinised_deals_never_contradict_what_the_player_has_seen(game_id):
    game = parlour.load(game_id)
    chooser = Rng(7)
    checked = 0
    for seed in range(3):
        state = game.new(seed)
        for step in range(250):
            if state.is_over:
                break
            if step % 9 == 4:
                for player in range(game.num_players):
                    known = knowledge(state, player)
                    world = known.sample(state, Rng(step * 10 + player))
                    checked += 1
                    assert view_without_others_prompt(world, player) == view_without_others_prompt(state, player)
                    assert sorted(world.all_cards()) == sorted(state.all_cards()), "a card was lost or doubled"
                    assert world.hands[player] == state.hands[player]
                    assert [C.count(h) for h in world.hands] == [C.count(h) for h in state.hands]
                    seen = visible_cards(state, player)
                    for seat, hand in enumerate(world.hands):
                        assert hand & seen == state.hands[seat] & seen, "a card in sight moved"
                        assert not hand & known.excluded.get(seat, 0), "a seat got a card its plays ruled out"
                    for seat, cards in state.known_cards(player).items():
                        assert world.hands[seat] & cards == cards, "a card the player knows the place of moved"
                    for action in world.legal_actions():
                        assert world.why_illegal(action) is None
            state.apply(chooser.choice(state.legal_actions()))
    assert checked


def test_every_trick_game_can_be_determinised():
    assert {s.info.id for s in parlour.games() if issubclass(s.state, TrickGameState)} <= set(DETERMINISABLE)


@pytest.mark.parametrize("game_id", sorted(set(GAME_IDS) - set(DETERMINISABLE)))
def test_where_deals_cannot_be_imagined_the_search_bot_plays_as_the_rule_bot(game_id):
    game = parlour.load(game_id)
    state = game.new(4)
    with pytest.raises(ValueError, match="cannot be imagined"):
        knowledge(state, 0)
    search, rule = make_bot(game, "search", 3, iterations=2), make_bot(game, "rule", 3)
    for _ in range(30):
        if state.is_over:
            break
        # One choice each per move: a rule bot's coin flips come from its own seeded stream.
        expected = rule.choose(state)
        assert search.choose(state) == expected
        state.apply(expected)


def test_a_void_shown_by_not_following_is_respected():
    game = parlour.load("hearts", passing="rotation")
    state = game.new(1)
    rng = Rng(3)
    while not (state.phase == "play" and any(
            C.suit_of(card) != C.suit_of(trick.plays[0][1])
            for trick in state.tricks_played for _, card in trick.plays)):
        state.apply(rng.choice(state.legal_actions()))
    trick = next(t for t in state.tricks_played
                 if any(C.suit_of(c) != C.suit_of(t.plays[0][1]) for _, c in t.plays))
    seat, _ = next((s, c) for s, c in trick.plays if C.suit_of(c) != C.suit_of(trick.plays[0][1]))
    observer = next(p for p in range(4) if p != seat)
    known = knowledge(state, observer)
    led_suit = C.suit_of(trick.plays[0][1])
    assert known.excluded[seat] & C.SUIT_MASKS[led_suit] == known.hidden & C.SUIT_MASKS[led_suit]
    for draw in range(20):
        world = known.sample(state, Rng(draw))
        assert not world.hands[seat] & C.SUIT_MASKS[led_suit]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_search_bot_plays_legal_moves(game_id):
    game = parlour.load(game_id)
    state = game.new(2)
    bots = [make_bot(game, "search", 1, iterations=2)] + [make_bot(game, "rule", s) for s in
                                                          range(1, game.num_players)]
    for _ in range(150):
        if state.is_over:
            break
        action = bots[state.to_move()].choose(state)
        assert action in state.legal_actions()
        state.apply(action)


SIMULTANEOUS = [s.info.id for s in parlour.games() if s.state.simultaneous]


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_a_game_without_turns_lists_verified_moves_and_judges_each_one_as_it_lands(game_id):
    """No fast path in a race: each seat's list is the verified one, and a move taken from a list
    is judged again when it lands (another seat's move may have landed in between)."""
    state = parlour.load(game_id).new(1)
    rng = Rng(5)
    judged = []
    judge = state._judge
    state._judge = lambda action: judged.append(action) or judge(action)  # type: ignore[method-assign]
    for _ in range(300):
        if state.is_over or state.at_move_cap:
            break
        for seat in state.actors():
            assert state.legal_actions(seat) == state.verified_actions(seat)
        legal = state.legal_actions()
        assert legal == state.verified_actions() == [a for s in state.actors() for a in state.legal_actions(s)]
        action = rng.choice(legal)
        judged.clear()
        state.apply(action)
        assert judged == [action], "a listed move landed without being judged"
    assert state.history


def test_an_imagined_casino_deal_leaves_a_build_owner_a_card_to_take_it():
    # Casino: "a player who owns a build must keep a card to take it", so every imagined deal does too.
    from parlour.casino_count import pip
    game = parlour.load("casino")
    bots = [make_bot(game, "rule", s) for s in range(game.num_players)]
    for seed in range(40):
        state = game.new(seed)
        while not state.is_over and not state.builds():
            state.apply(bots[state.to_move()].choose(state))
        if state.is_over:
            continue
        build = state.builds()[0]
        observer = next(p for p in range(game.num_players) if p != build.owner)
        known = knowledge(state, observer)
        for draw in range(30):
            world = known.sample(state, Rng(draw))
            assert any(pip(c) == build.value for c in C.cards_in(world.hands[build.owner]))
        return
    pytest.fail("no build made in 40 games")


@pytest.mark.parametrize("game_id,pile", [("burraco", "pozzetti"), ("tuck", "given")])
def test_face_down_cards_out_of_the_hands_are_dealt_afresh_too(game_id, pile):
    # Burraco's pozzetti and a card Tuck's player has given but their partner not yet taken in are
    # hidden from the others: an imagined deal must not keep them where they really lie.
    from parlour.determinise import pile_mask
    game = parlour.load(game_id)
    state = game.new(3)
    rng = Rng(1)
    while not pile_mask(getattr(state, pile)):
        state.apply(rng.choice(state.legal_actions()))
    holder = pile_mask(getattr(state, pile))
    observer = next(p for p in range(game.num_players)
                    if not holder & visible_cards(state, p) and not holder & state.hands[p])
    known = knowledge(state, observer)
    assert known.piles[pile] == holder
    moved = [pile_mask(getattr(known.sample(state, Rng(d)), pile)) != holder for d in range(10)]
    assert any(moved)


def test_a_clones_story_is_its_own_list_of_the_same_lines():
    # A clone shares the story's lines (they never change once told) but not the list that holds them.
    game = parlour.load("hearts")
    state = game.new(5)
    bots = [RandomBot(s) for s in range(game.num_players)]
    for _ in range(120):
        state.apply(bots[state.to_move()].choose(state))
    told = list(state._story)
    copy = state.clone()
    assert copy._story is not state._story and copy._story == told
    for _ in range(10):
        copy.apply(bots[copy.to_move()].choose(copy))
    written = copy.log[:len(told)]  # the copy writes out its lines: the original's stay as they were
    assert state._story == told
    assert written == state.log


@pytest.mark.parametrize("game_id", ["hearts", "euchre"])
def test_a_clones_history_tricks_and_score_rows_are_its_own(game_id):
    # A clone copies the history and the tricks by hand (copying.copier, copy_state): playing on in the
    # copy, past a hand's end, leaves the original's history, tricks and score sheet as they were.
    game = parlour.load(game_id)
    state = game.new(7)
    bots = [RandomBot(s) for s in range(game.num_players)]
    hand = state.hand_no
    while state.hand_no == hand or not state.tricks_played:
        state.apply(bots[state.to_move()].choose(state))
    history, plays = list(state.history), [list(t.plays) for t in state.tricks_played]
    rows = [(label, list(values)) for label, values in state.sheet.rows]
    trick_plays = list(state.trick.plays)
    copy = state.clone()
    assert copy.history == history and copy.history is not state.history
    assert all(c.plays is not t.plays for c, t in zip(copy.tricks_played, state.tricks_played))
    for _ in range(60):
        if copy.is_over:
            break
        copy.apply(bots[copy.to_move()].choose(copy))
    assert state.history == history and [list(t.plays) for t in state.tricks_played] == plays
    assert [(label, list(values)) for label, values in state.sheet.rows] == rows
    assert state.trick.plays == trick_plays
