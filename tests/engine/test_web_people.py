"""Several people at one screen: the device is passed between them and each sees only their own view."""

import json

import pytest

from parlour import web


def send(**fields):
    return web.handle({"v": 1, "id": 1, **fields})


def hidden_hand_cards(reply, seat):
    """The codes of ``seat``'s hand as the engine holds it (to look for them where they must not be)."""
    state = web._tables[reply["table"]].state
    return [str(code) for code in state.view(seat)["seats"][seat].get("hand", [])]


def play_shared(game, people, seed, moves, table="shared"):
    """Play ``moves`` people's moves (the first legal each time), passing the device as the table asks;
    yields every reply on the way."""
    reply = send(type="new", table=table, game=game, seed=seed, seat=people[0], people=people)
    assert reply["type"] == "state", reply
    made = 0
    while made < moves and not reply["over"]:
        yield reply
        if "pass_to" in reply:
            reply = send(type="take", table=table, seat=reply["pass_to"]["seat"])
        elif reply["human_turn"]:
            reply = send(type="apply", table=table, action=reply["legal"][0]["action"])
            made += 1
        else:
            reply = send(type="bots", table=table)
        assert reply["type"] == "state", reply
    yield reply


@pytest.mark.parametrize("game", ["hearts", "cribbage", "whist", "casino"])
def test_each_person_sees_only_their_own_view_and_nothing_while_the_device_is_passed(game):
    people = [0, 1] if game in ("cribbage", "casino") else [0, 2]
    holders, passes = set(), 0
    for reply in play_shared(game, people, seed=4, moves=16):
        if "pass_to" in reply:
            passes += 1
            assert reply["table_html"] == "" and reply["log"] == [] and reply["legal"] == []
            assert not reply["human_turn"]
            assert reply["prompt"] == f"Pass the device to {reply['pass_to']['name']}."
            # The summary of a hand just ended is what the hand's end shows everyone: no hand still held.
            text = json.dumps({k: v for k, v in reply.items() if k not in ("record", "hand_summary")})
            for seat in people:
                for card in hidden_hand_cards(reply, seat):
                    assert f'data-card="{card}"' not in text and f"{card}.svg" not in text
        elif reply["human_turn"]:
            holders.add(reply["seat"])
            assert reply["to_move"] == reply["seat"] and reply["seat"] in people
    assert holders == set(people), "both people played"
    assert passes >= 2


def test_the_first_person_takes_the_device_before_seeing_a_card():
    reply = send(type="new", table="t1", game="hearts", seed=2, seat=0, people=[0, 2])
    assert reply["pass_to"]["seat"] in (0, 2) and reply["table_html"] == ""
    wrong = 2 if reply["pass_to"]["seat"] == 0 else 0
    refused = send(type="take", table="t1", seat=wrong)
    assert refused["type"] == "error" and "the device goes to" in refused["message"]
    assert send(type="apply", table="t1", action="2C")["message"].startswith("pass the device to")
    taken = send(type="take", table="t1", seat=reply["pass_to"]["seat"])
    assert taken["type"] == "state" and "pass_to" not in taken and taken["table_html"]
    assert send(type="take", table="t1", seat=0)["message"] == "the device is not being passed just now"


def test_computer_players_stop_at_every_persons_turn():
    reply = send(type="new", table="t2", game="hearts", seed=5, seat=0, people=[0, 2])
    reply = send(type="take", table="t2", seat=reply["pass_to"]["seat"])
    for _ in range(12):
        if reply.get("pass_to"):
            reply = send(type="take", table="t2", seat=reply["pass_to"]["seat"])
        elif reply["human_turn"]:
            reply = send(type="apply", table="t2", action=reply["legal"][0]["action"])
        else:
            mover = reply["to_move"]
            assert mover not in (0, 2)
            reply = send(type="bots", table="t2")
            assert reply["to_move"] in (0, 2) or reply["over"]
    while not reply.get("pass_to"):  # a move that passes the device: no computer player may take that turn
        reply = (send(type="apply", table="t2", action=reply["legal"][0]["action"]) if reply["human_turn"]
                 else send(type="bots", table="t2"))
    refused = send(type="bot", table="t2")
    name = reply["pass_to"]["name"]
    assert refused["type"] == "error" and refused["message"] == f"it is {name}'s turn, and {name} is a person"


def test_undo_takes_back_another_persons_move_only_when_they_agree():
    # Cribbage for two people: the discards, then pegging in turn.
    replies = list(play_shared("cribbage", [0, 1], seed=9, moves=6, table="t3"))
    reply = replies[-1]
    while "pass_to" in reply or not reply["human_turn"]:
        reply = (send(type="take", table="t3", seat=reply["pass_to"]["seat"]) if "pass_to" in reply
                 else send(type="bots", table="t3"))
    holder = reply["seat"]
    other = web._tables["t3"].state.names[1 - holder]
    asked = send(type="undo", table="t3")
    assert asked["type"] == "confirm" and asked["people"] == [other]
    assert other in asked["message"] and "agree" in asked["message"]
    assert send(type="view", table="t3")["step"] == reply["step"], "asking changes nothing"
    undone = send(type="undo", table="t3", agreed=True)
    assert undone["type"] == "state" and undone["step"] < reply["step"] and undone["human_turn"]


def test_the_holder_may_undo_their_own_move_while_the_device_is_on_its_way():
    reply = send(type="new", table="t4", game="cribbage", seed=3, seat=0, people=[0, 1])
    reply = send(type="take", table="t4", seat=reply["pass_to"]["seat"])
    first = reply["seat"]
    moved = send(type="apply", table="t4", action=reply["legal"][0]["action"])
    while moved.get("pass_to") is None and moved["human_turn"]:
        moved = send(type="apply", table="t4", action=moved["legal"][0]["action"])
    assert moved["pass_to"]["seat"] == 1 - first
    back = send(type="undo", table="t4")
    assert back["type"] == "state" and "pass_to" not in back and back["seat"] == first and back["human_turn"]


@pytest.mark.parametrize("people, problem", [
    ([0, 0], "twice"), ([0, 7], "seats from 0 to 3"), ([2], "must be one of the people"), (["0"], "seats from"),
    ([True, 2], "seats from"),
])
def test_people_that_cannot_sit_at_the_table_are_refused(people, problem):
    reply = send(type="new", table="t5", game="hearts", seed=1, seat=0, people=people)
    assert reply["type"] == "error" and problem in reply["message"]


def test_a_game_without_turns_is_played_by_one_person_per_screen():
    reply = send(type="new", table="t6", game="nuts", seed=1, seat=0, people=[0, 1], pace="family")
    assert reply["type"] == "error" and "a screen of their own" in reply["message"]


def test_a_restored_game_keeps_its_people_and_asks_for_the_device():
    replies = list(play_shared("hearts", [0, 2], seed=6, moves=5, table="t7"))
    record = replies[-1]["record"]
    again = send(type="restore", table="t8", record=record, seat=0, people=[0, 2])
    assert again["type"] == "state" and again["people"] == [0, 2] and "pass_to" in again
