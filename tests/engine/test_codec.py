import json

import pytest

import parlour
from parlour.codec import CodeError, decode, encode, from_json, restore, to_json

from helpers import part_played, raw_code

CASES = [("hearts", {}), ("hearts", {"passing": "rotation"}), ("partnership-hearts", {"scoring": "individual"}),
         ("accordion", {}), ("beggar-my-neighbour", {"players": 4}), ("casino", {"players": 3})]


@pytest.mark.parametrize("game_id,options", CASES)
def test_json_and_code_round_trip(game_id, options):
    state = part_played(game_id, options)
    again = from_json(to_json(state))
    assert again.record() == state.record()
    assert again.view(None) == state.view(None)
    code = encode(state)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    decoded = decode(code)
    assert decoded.record() == state.record()
    assert decoded.view(0) == state.view(0)


def test_stacked_deck_round_trips_through_a_code():
    deck = json.load(open("docs/examples/accordion/book-example.json"))["deck"]
    state = parlour.load("accordion").new(0, deck)
    state.apply("deal")
    assert decode(encode(state)).record() == state.record()


def test_a_move_in_another_spelling_is_kept_in_the_listed_spelling_so_codes_find_it():
    state = parlour.load("casino").new(3)
    listed = state.legal_actions()
    trail = next(a for a in listed if ":" not in a)
    state.apply(f"trail: {trail.lower()}")
    assert state.history == [trail] and trail in listed
    assert decode(encode(state)).history == [trail]


def test_codes_are_short():
    state = part_played("hearts", {}, moves=64)
    assert len(encode(state)) < 120


def test_tampered_code_is_refused():
    code = encode(part_played("hearts", {}))
    middle = len(code) // 2
    tampered = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    with pytest.raises(CodeError, match="damaged|incomplete"):
        decode(tampered)


def test_truncated_code_is_refused():
    code = encode(part_played("hearts", {}))
    for cut in (1, 5, len(code) // 2):
        with pytest.raises(CodeError):
            decode(code[:-cut])


@pytest.mark.parametrize("bad", ["", "   ", "!!!!", "abc", "a" * 30000, "hello world"])
def test_garbage_codes_are_refused_with_a_message(bad):
    with pytest.raises(CodeError) as info:
        decode(bad)
    assert str(info.value)


@pytest.mark.parametrize("record,message", [
    ([], "JSON object"),
    ({"game": "hearts", "seed": 1}, "actions"),
    ({"game": "nope", "seed": 1, "actions": []}, "no game"),
    ({"game": "hearts", "seed": -4, "actions": []}, "seed"),
    ({"game": "hearts", "seed": 1, "actions": [], "options": {"moon": "sun"}}, "moon"),
    ({"game": "hearts", "seed": 1, "actions": ["ZZ"]}, "Move 1"),
    ({"game": "hearts", "seed": 1, "actions": [3]}, "list of texts"),
    ({"game": "hearts", "seed": 1, "actions": [], "extra": 1}, "unknown fields"),
])
def test_bad_saved_games_are_refused_with_a_reason(record, message):
    with pytest.raises(CodeError, match=message):
        restore(record)


def test_not_json_is_refused():
    with pytest.raises(CodeError, match="not valid JSON"):
        from_json("{nope")


def test_a_legal_move_no_list_holds_is_written_out_in_the_code_and_replayed():
    """Issue 24, item 21: the code's text path (a move one past the listed ones, then its text)."""
    state = parlour.load("twenty-four").new(1)
    typed = "0:slap:(8-6+1)*8"            # makes 24 from 1, 8, 6, 8, but is not among the listed sums
    assert typed not in state.legal_actions() and state.why_illegal(typed) is None
    state.apply(typed)
    decoded = decode(encode(state))
    assert decoded.history == [typed] and decoded.view(0) == state.view(0)


def test_a_written_out_move_that_is_too_long_or_illegal_is_refused_as_damaged():
    listed = len(parlour.load("twenty-four").new(1).legal_actions())
    for text, message in (("0:slap:" + "1+" * 40 + "1", "damaged"), ("0:slap:8+8+8", "not legal")):
        with pytest.raises(CodeError, match=message):
            decode(raw_code("twenty-four", moves=[listed], written=text))
    with pytest.raises(CodeError, match="does not exist"):
        decode(raw_code("twenty-four", moves=[listed + 1]))
