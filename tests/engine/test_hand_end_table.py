"""The table as a hand left it (web.py): at every game with hands, the hand's summary comes with the
table as it stood after the hand's last move and before the next deal — what the page shows until
Continue — drawn for the reader's seat only, with no one to play on it."""

from __future__ import annotations

import pytest
from hand_ends import NO_HAND_ENDS, before_hand_end, card_labels, engine_replies, games_with_hands, send

import parlour
from parlour import render, web
from parlour.codec import decode, encode
from parlour.core import IllegalAction
from parlour.person import told_to


@pytest.mark.parametrize("game_id", games_with_hands())
def test_the_summary_carries_the_table_as_the_hand_left_it(game_id: str) -> None:
    end = before_hand_end(game_id)
    assert end is not None, f"{game_id}: no hand ends before the game does (list it in NO_HAND_ENDS?)"
    reply = engine_replies(end)
    summary = reply["hand_summary"]
    assert summary is not None and summary["step"] == reply["step"] == len(end.state.history) + 1
    ended = summary["table_html"]
    # Nothing on it can be played, and no one is to play: the hand is over.
    assert 'data-legal="true"' not in ended and "pt-turn" not in ended and "— to play" not in ended
    # It is not the next deal, which the reply's own table shows.
    assert ended != reply["table_html"]
    assert card_labels(ended) != card_labels(reply["table_html"]) or not card_labels(reply["table_html"])



@pytest.mark.parametrize("game_id", games_with_hands())
def test_the_ended_table_shows_only_what_the_readers_seat_may_see(game_id: str) -> None:
    end = before_hand_end(game_id)
    seen: dict[str, dict] = {}

    def look(state) -> None:  # the moment the hand ends, as the reader and as an all-seeing reader
        seen.update(reader=state.view(0, hand_over=True), everyone=state.view(None, hand_over=True))

    state = end.state.clone()
    state.on_hand_end = look
    state.apply(end.action or state.legal_actions()[0])
    reply = engine_replies(end)
    ended = reply["hand_summary"]["table_html"]
    reader = web.reader_name(web.Table(state, 0))
    assert ended == render.table(told_to(seen["reader"], reader), state.pack, interactive=False)
    hidden = [seat["hand"] for seat in seen["reader"]["seats"]] != [seat["hand"] for seat in seen["everyone"]["seats"]]
    if hidden:  # some hand is still hidden from the reader at this hand's end: it stays hidden
        assert ended != render.table(told_to(seen["everyone"], reader), state.pack, interactive=False)


@pytest.mark.parametrize("game_id", ["hearts", "cribbage", "burraco", "mus", "casino"])
def test_the_ended_table_stays_with_the_summary_until_the_next_hand_ends(game_id: str) -> None:
    end = before_hand_end(game_id)
    reply = engine_replies(end)
    ended = reply["hand_summary"]["table_html"]
    # Computer moves of the next hand come (the page may draw them all at once at full speed):
    # the summary they carry still comes with the ended table, the same every time.
    if not reply["human_turn"] and not reply["over"]:
        later = send(type="bots")
        assert later["type"] == "state"
        assert later["hand_summary"]["table_html"] == ended


@pytest.mark.parametrize("game_id", ["hearts", "cribbage", "burraco", "mus", "casino", "nuts"])
def test_a_game_reopened_at_a_hands_end_shows_the_ended_table(game_id: str) -> None:
    end = before_hand_end(game_id)
    reply = engine_replies(end)
    code = send(type="code")["code"]
    reopened = send(type="restore", code=code, seat=0)
    assert reopened["type"] == "state" and reopened["step"] == reply["step"]
    assert reopened["hand_summary"]["table_html"] == reply["hand_summary"]["table_html"]


def test_undo_back_to_a_hands_end_shows_the_ended_table() -> None:
    end = before_hand_end("cribbage")
    reply = engine_replies(end)
    ended = reply["hand_summary"]["table_html"]
    # The reader's next move, then undo: back at the hand's end, with the ended table again.
    assert reply["human_turn"], "the reader moves first in Cribbage's next hand (the discard)"
    assert send(type="apply", action=reply["legal"][0]["action"])["type"] == "state"
    undone = send(type="undo")
    assert undone["type"] == "state" and undone["step"] == undone["hand_summary"]["step"] == reply["step"]
    assert undone["hand_summary"]["table_html"] == ended


def test_the_watch_is_not_copied_to_a_search_and_moves_are_judged_after_it() -> None:
    end = before_hand_end("cribbage")
    table = web.Table(end.state.clone(), 0)
    state = web.watched_replay(table, table.state)
    assert state.on_hand_end is not None and state.clone().on_hand_end is None
    state.apply(end.action)
    assert table.ended is not None and table.ended.step == len(state.history)
    # The view made mid-move listed moves of a position gone by now: a move is judged in full.
    with pytest.raises(IllegalAction):
        state.apply("not-a-move")


def test_games_without_hands_have_none() -> None:
    for game_id in NO_HAND_ENDS:
        assert before_hand_end(game_id) is None, f"{game_id} now has hands: take it off NO_HAND_ENDS"


def test_the_code_of_a_game_at_a_hands_end_reopens_without_the_watch_changing_it() -> None:
    end = before_hand_end("hearts")
    engine_replies(end)
    code = send(type="code")["code"]
    plain = decode(code)
    assert encode(plain) == code
