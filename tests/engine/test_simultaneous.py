"""Games without turns: several seats act in one state, actions carry their seat, arrival order
settles conflicts, computer players act on seeded clocks, and the worker takes moves as they come."""

import pytest

from parlour import codec, registry, web
from parlour.bots import RandomBot, play_out
from parlour.clock import PACES, Clock, paces_for
from parlour.core import Game, IllegalAction
from parlour.simultaneous import split, tag

import race_game


@pytest.fixture
def race_registered(monkeypatch):
    """The test race game, registered for the length of a test (codes and the worker look games up)."""
    monkeypatch.setitem(registry.GAME_MODULES, "race", "race")
    monkeypatch.setitem(registry._specs, "race", race_game.SPEC)
    yield


def race(players=2, seed=1):
    return Game(race_game.SPEC, {"players": players}).new(seed)


def test_an_action_carries_its_seat():
    assert tag(2, "6H>5H'") == "2:6H>5H'"
    assert split("2:6H>5H'") == (2, "6H>5H'")
    assert split("6H>5H'") is None and split("x:turn") is None and split("²:turn") is None


def test_every_seat_has_its_own_legal_actions_and_everyones_come_seat_by_seat():
    state = race()
    assert state.simultaneous and state.actors() == [0, 1]
    assert state.legal_actions(0) == ["0:2C"] and state.legal_actions(1) == ["1:2C'"]
    assert state.legal_actions() == ["0:2C", "1:2C'"]
    assert state.legal_actions(5) == []


def test_a_move_without_its_seat_or_for_a_missing_seat_is_refused_with_a_reason():
    state = race()
    assert "names its player" in state.why_illegal("2C") and "0:2C" in state.why_illegal("2C")
    assert state.why_illegal("7:2C") == "There is no seat 7 at this table (the seats are 0 to 1)."
    assert state.why_illegal("1:2C") == "You do not hold that 2♣."
    assert state.why_illegal("0:") == "The move is missing after the seat."


def test_the_first_move_to_arrive_takes_the_place_and_the_second_is_refused_untouched():
    state = race()
    state.apply("1:2C'")
    before = state.view(None)
    reason = state.why_illegal("0:2C")
    assert reason == "Too late: North's 2♣ got there first."
    with pytest.raises(IllegalAction, match="got there first"):
        state.apply("0:2C")
    assert state.view(None) == before and state.history == ["1:2C'"]


def test_moves_that_do_not_conflict_both_land_in_arrival_order():
    state = race()
    state.apply("0:2C")
    state.apply("1:3C'")
    assert state.history == ["0:2C", "1:3C'"] and state.placed_by == [0, 1]


def test_the_record_replays_exactly_and_stores_each_move_in_its_one_spelling(race_registered):
    state = race(3, seed=5)
    state.apply("2:2C''")
    state.apply(" 0:3c ")  # a spelling the rules accept; the legal list (and so the record) writes 3C
    state.apply("1:4C'")
    again = state.game.replay(5, state.record()["actions"])
    assert again.view(None) == state.view(None)
    decoded = codec.decode(codec.encode(state))
    assert decoded.record() == state.record() and decoded.history[1] == "0:3C"
    assert codec.from_json(codec.to_json(state)).view(1) == state.view(1)


def test_a_view_lists_who_may_act_and_marks_nobody_when_everyone_may():
    view = race().view(0)
    assert view["actors"] == [0, 1] and "turn_seat" not in view
    assert [a["action"] for a in view["legal"]] == ["0:2C"] and view["legal"][0]["card"] == "2C"


def test_simulated_clocks_are_reproducible_from_the_seed():
    def simulate(seed, pace="family"):
        state = race(3, seed=seed)
        return play_out(state, [RandomBot(s) for s in range(3)], pace=pace).history

    assert simulate(4) == simulate(4)
    assert any(simulate(4) != simulate(s) for s in range(5, 9))


def test_a_faster_pace_wins_the_race_more_often():
    wins = 0
    for seed in range(40):
        state = race(2, seed=seed)
        play_out(state, [race_game.RaceBot(0), race_game.RaceBot(1)], pace=["fast", "beginner"])
        wins += state.placed_by.count(0) > state.placed_by.count(1)
    assert wins >= 35


def test_a_plan_the_table_no_longer_allows_is_dropped_and_made_again():
    state = race(2)
    clock = Clock(state, {1: race_game.RaceBot(1)}, paces_for({1: 0}, "family"), seed=3, reader=0)
    plan = clock.plans[1]
    assert plan.action == "1:2C'"
    state.apply("0:2C")              # the reader is quicker
    clock.reader_moved()
    assert clock.plans[1].action == "1:3C'" and clock.plans[1].token != plan.token
    assert clock.land_token(1, plan.token) is False  # the old timer fires: nothing happens


def test_practice_computer_players_wait_for_the_reader_then_make_one_move_after_each_of_theirs():
    state = race(3)
    bots = {1: race_game.RaceBot(1), 2: race_game.RaceBot(2)}
    clock = Clock(state, bots, paces_for(bots, "practice"), seed=1, reader=0)
    assert 0 in state.actors() and clock.step() is None, "they wait for the reader's first move"
    state.apply(state.legal_actions(0)[0])
    clock.reader_moved()
    assert clock.plans
    while clock.plans:
        clock.step()
    assert 2 <= len(state.history) <= 3 and set(clock.moved) <= {1, 2}
    if 0 in state.actors():
        assert clock.step() is None, "they wait for the reader again"


def test_every_pace_is_offered_with_a_label():
    assert set(PACES) == {"practice", "beginner", "family", "fast"}
    assert PACES["practice"].waits and not PACES["fast"].waits


# --- the worker ---------------------------------------------------------------------------

def send(**fields):
    return web.handle({"v": 1, "id": 1, **fields})


def test_the_worker_sends_each_computer_players_plan_and_lands_it_by_token(race_registered):
    reply = send(type="new", table="r", game="race", seed=2, pace="fast")
    assert reply["simultaneous"] and reply["human_turn"] and reply["pace"] == "fast"
    assert [p["id"] for p in reply["paces"]] == ["practice", "beginner", "family", "fast"]
    (plan,) = reply["clock"]
    assert plan["seat"] == 1 and plan["ms"] > 0
    landed = send(type="bot", table="r", seat=1, token=plan["token"])
    assert landed["landed"] and landed["record"]["actions"] == ["1:2C'"]
    stale = send(type="bot", table="r", seat=1, token=plan["token"])
    assert stale["type"] == "state" and not stale["landed"] and stale["step"] == 1


def test_the_readers_move_and_a_computer_players_landing_together_are_both_kept(race_registered):
    reply = send(type="new", table="r", game="race", seed=2)
    (plan,) = reply["clock"]
    # The bot's timer fires and the reader clicks in the same moment: the worker takes them in order.
    first = send(type="bot", table="r", seat=1, token=plan["token"])
    mine = send(type="apply", table="r", action="3C")
    assert first["landed"] and mine["type"] == "state"
    assert mine["record"]["actions"] == ["1:2C'", "0:3C"]


def test_a_readers_move_an_earlier_arrival_made_illegal_gets_the_reason_and_loses_nothing(race_registered):
    reply = send(type="new", table="r", game="race", seed=2)
    (plan,) = reply["clock"]
    send(type="bot", table="r", seat=1, token=plan["token"])
    late = send(type="apply", table="r", action="2C")
    assert late["type"] == "error" and late["message"] == "Too late: North's 2♣ got there first."
    assert send(type="view", table="r")["record"]["actions"] == ["1:2C'"]
    why = send(type="explain", table="r", action="2C")
    assert why["reason"] == "Too late: North's 2♣ got there first."


def test_a_table_without_turns_refuses_another_seats_move_the_bots_message_and_a_bad_pace(race_registered):
    send(type="new", table="r", game="race", seed=2)
    assert "another player's seat" in send(type="apply", table="r", action="1:2C'")["message"]
    assert "real time" in send(type="bots", table="r")["message"]
    assert "seat and the token" in send(type="bot", table="r")["message"]
    assert "pace must be one of" in send(type="new", table="s", game="race", pace="snail")["message"]
    # A game without a hint of its own: the rule bot's move in the reader's place, with its reason.
    hint = send(type="hint", table="r")
    assert hint["type"] == "hint" and hint["text"], hint


def test_undo_at_a_table_without_turns_takes_back_the_readers_last_move(race_registered):
    send(type="new", table="r", game="race", seed=2)
    send(type="apply", table="r", action="2C")
    reply = send(type="view", table="r")
    send(type="bot", table="r", seat=1, token=reply["clock"][0]["token"])
    undone = send(type="undo", table="r")
    assert undone["record"]["actions"] == [] and undone["clock"]


def test_practice_holds_the_computer_players_until_the_reader_moves(race_registered):
    reply = send(type="new", table="r", game="race", seed=2, pace="practice", options={"players": 3})
    assert reply["clock"] == [], "they wait for the reader's first move"
    reply = send(type="apply", table="r", action=reply["legal"][0]["action"])
    landed = 0
    while reply["clock"]:
        plan = reply["clock"][0]
        reply = send(type="bot", table="r", seat=plan["seat"], token=plan["token"])
        landed += reply["landed"]
    assert 1 <= landed <= 2, "each computer player moves at most once"
    legal = reply["legal"]
    if legal:
        reply = send(type="apply", table="r", action=legal[0]["action"])
        assert reply["clock"]


def test_the_terminal_plays_a_game_without_turns_on_a_simulated_clock(race_registered):
    import io

    from parlour.cli import main

    out = io.StringIO()
    code = main(["play", "race", "--seed", "3", "--pace", "beginner"], out=out,
                inp=io.StringIO("help\n2C\n9C\nwait\nwait\nwait\nwait\nwait\nwait\nwait\nwait\n"))
    text = out.getvalue()
    assert code == 0 and "Everyone plays at once" in text and "Your choices: 0:2C" in text
    assert "Not allowed:" in text and "The pile is built." in text
    code = main(["simulate", "race", "--games", "3", "--pace", "fast"], out=(out := io.StringIO()))
    assert code == 0 and "3 games" in out.getvalue()


def test_a_practised_bot_thinks_its_think_percent_of_a_persons_time_at_the_same_pace():
    """A bot's ``think_percent`` scales its clock time (a race's Strong player sees its moves sooner)."""
    class Practised(race_game.RaceBot):
        think_percent = 50

    def due(bot):
        state = race(2, seed=4)
        return Clock(state, {1: bot}, paces_for({1: 0}, "family"), seed=9).plans[1].due

    family, practised = due(race_game.RaceBot(1)), due(Practised(1))
    assert family > 0 and practised == family * 50 // 100
