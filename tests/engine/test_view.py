"""The view schema: every game's views have the declared shape, and every zone kind draws."""

from html import escape

import pytest

import parlour
from parlour import render
from parlour.bots import RandomBot
from parlour.cards import FRENCH_52
from parlour.text import table_text
from parlour.view import ViewError, check_table, check_view, note, notes_zone, track_zone


@pytest.mark.parametrize("game_id", [s.info.id for s in parlour.games()])
def test_every_view_of_every_game_has_the_declared_shape(game_id):
    game = parlour.load(game_id)
    state = game.new(5)
    bots = [RandomBot(50 + s) for s in range(game.num_players)]
    steps = 0
    while True:
        if steps % 9 == 0 or state.is_over:
            for player in (None, *range(game.num_players)):
                check_view(state.view(player))
        if state.is_over or steps > 3000:
            break
        state.apply(bots[state.to_move()].choose(state))
        steps += 1


def seat(name="South", hand=None, count=0):
    return {"name": name, "count": count, "hand": hand}


def test_a_missing_key_is_named_with_its_path():
    with pytest.raises(ViewError, match=r"table.seats\[0\] lacks \['count'\]"):
        check_table({"seats": [{"name": "South", "hand": None}], "centre": [], "status": ""})


def test_an_undeclared_key_is_refused():
    with pytest.raises(ViewError, match="undeclared keys"):
        check_table({"seats": [], "centre": [], "status": "", "colour": "green"})


def test_a_zone_of_an_unknown_kind_is_refused():
    with pytest.raises(ViewError, match="kind is one of"):
        check_table({"seats": [], "centre": [{"kind": "heap", "label": "x"}], "status": ""})


def test_a_zone_is_checked_against_its_own_kind():
    with pytest.raises(ViewError, match=r"table.centre\[0\] lacks \['items'\]"):
        check_table({"seats": [], "centre": [{"kind": "layout", "label": "Table"}], "status": ""})


EVERY_ZONE = {
    "seats": [seat(hand=["5H", "JD"], count=2), seat("North", count=2)],
    "centre": [
        {"kind": "cards", "label": "Starter", "cards": ["5D"], "hidden": 3},
        {"kind": "piles", "label": "The line", "piles": [["2C", "3C"], ["KS"]]},
        {"kind": "layout", "label": "Table", "items": [{"id": "7S", "cards": ["7S"]},
                                                        {"id": "b1", "cards": ["3C", "5C"], "label": "build of 8"}]},
        {"kind": "melds", "label": "Melds", "melds": [{"id": "m1", "cards": ["4H", "5H", "6H"], "label": "run"}]},
        {"kind": "grid", "label": "Board", "rows": 2, "cols": 2, "markers": ["South", "North"],
         "cells": [{"id": "c0", "card": None}, {"id": "c1", "card": "2S", "marker": 1},
                   {"id": "c2", "card": "3S", "highlight": True, "marker": 0}, {"id": "c3", "card": "4S"}]},
        track_zone("Cribbage board", 121, [{"column": 0, "label": "South", "front": 45, "back": 38},
                                           {"column": 1, "label": "North", "front": 12, "back": 0}], [91]),
        {"kind": "board", "label": "Race", "owners": ["South", "North"], "lines": [["a", "b", "c"]],
         "spaces": [{"id": "a", "x": 10.0, "y": 90.0, "kind": "start", "owner": 0, "label": "A1", "tag": "1"},
                    {"id": "b", "x": 50, "y": 90, "kind": "track", "label": "A2"},
                    {"id": "c", "x": 90.0, "y": 90.0, "kind": "home", "owner": 1, "label": "North's home 1"},
                    {"id": "n", "x": 50.0, "y": 50.0, "kind": "nest", "owner": 0, "label": "South's start area"}],
         "pieces": [{"id": "p1", "space": "b", "owner": 0, "trail": ["a", "b"]},
                    {"id": "p2", "space": "n", "owner": 0}, {"id": "p3", "space": "c", "owner": 1}]},
        {"kind": "rows", "label": "Rows", "sides": ["West", "East"],
         "rows": [{"board": "AS", "sides": [["7H"], ["8C", "9C"]], "id": "row1", "label": "Row 1",
                   "hands": ["ace high", "ace high"]}]},
        notes_zone("Bids", [note("Grande", "North bids 2, West sees"),
                            note("Chica", "East passes", current=True),
                            note("South", "31: juego", cards=["KS", "QS", "AH", "JH"])]),
    ],
    "status": "",
}


def test_every_zone_kind_is_valid_draws_and_prints():
    check_table(EVERY_ZONE)
    html = render.table(EVERY_ZONE, FRENCH_52)
    for needle in ("pt-zone-layout", "build of 8", "pt-grid", "pt-marker-1", "pt-cell-row", "pt-track",
                   "South on 45 (back peg on 38)", "pt-rows", "pc-piles", "pt-notes", "pt-note-current",
                   "<dt>Grande</dt>", "North bids 2, West sees", "pt-note-cards"):
        assert needle in html
    text = "\n".join(table_text(EVERY_ZONE, FRENCH_52))
    assert "Table: 7♠ | build of 8: 3♣ 5♣" in text
    assert "Cribbage board: South 45 (from 38), North 12 — 121 wins" in text
    assert "** " in text and "2♠[1]" in text and "3♠<0>" in text
    assert "  Grande: North bids 2, West sees\n  > Chica: East passes\n  South: K♠ Q♠ A♥ J♥  31: juego" in text


def test_a_notes_line_is_checked_like_any_zone():
    with pytest.raises(ViewError, match=r"table.centre\[0\].notes\[0\] lacks \['text'\]"):
        check_table({"seats": [], "centre": [{"kind": "notes", "label": "Bids", "notes": [{"label": "x"}]}],
                     "status": ""})


def test_moves_of_several_parts_make_the_parts_pickable_and_add_a_composer():
    view = dict(EVERY_ZONE, perspective=0, to_move=0, legal=[
        {"action": "capture:7H:b1", "label": "Capture", "card": None, "parts": ["7H", "b1"]},
        {"action": "go", "label": "Go", "card": None, "parts": []}])
    view["seats"] = [seat(hand=["7H", "JD"], count=2), seat("North", count=2)]
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'data-part="7H"' in html and 'data-part="b1"' in html
    assert 'data-part="JD"' not in html, "a card no move uses is not pickable"
    assert 'class="pt-composer"' in html
    assert 'data-action="go"' in html and 'data-action="capture:7H:b1"' not in html


def test_a_game_with_verbs_to_try_is_picked_even_when_each_move_is_one_card():
    view = dict(EVERY_ZONE, perspective=0, to_move=0, compose=[{"verb": "discard", "label": "Discard"}], legal=[
        {"action": "discard:7H", "label": "Discard 7♥", "card": None, "parts": ["7H"]}])
    view["seats"] = [seat(hand=["7H", "JD"], count=2), seat("North", count=2)]
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'data-part="7H"' in html and 'class="pt-composer"' in html
    assert 'data-action="7H"' not in html, "a click picks the card; the move is then chosen"


def test_a_board_is_drawn_once_with_pieces_over_it_that_keep_their_path():
    html = render.table(EVERY_ZONE, FRENCH_52)
    assert 'role="img" aria-label="Race: South: A2, South&#x27;s start area; North: North&#x27;s home 1"' in html
    assert ('class="pt-peg pt-peg-0 pt-peg-moved" data-piece="p1" style="left:50.0%;top:90.0%" '
            'data-trail="10.0,90.0 50.0,90.0"') in html
    assert html.count('class="pt-peg ') == 3 and "pt-space" not in html
    # The move stays drawn (from where to where) and is told in words under the board.
    assert html.count('class="pt-board-path"') == 1 and 'points="10.0,90.0 50.0,90.0"' in html
    assert '<p class="pt-board-move">Moved: South&#x27;s peg, A1 → A2 (1 hole)</p>' in html
    text = "\n".join(table_text(EVERY_ZONE, FRENCH_52))
    assert "Race:\n  South: A2, South's start area\n  North: North's home 1" in text


def test_a_board_space_in_a_legal_move_is_a_button_over_its_hole():
    view = dict(EVERY_ZONE, perspective=0, to_move=0, legal=[
        {"action": "5H:b>c", "label": "Move", "card": None, "parts": ["5H", "c"]}])
    html = render.table(view, FRENCH_52, interactive=True)
    assert ('<button type="button" class="pt-space pc-button pc-part" data-part="c" style="left:90.0%;top:90.0%" '
            'aria-pressed="false" aria-label="North&#x27;s home 1, North&#x27;s peg"></button>') in html


def test_a_grid_draws_cut_card_corners_markers_by_shape_finished_rows_and_a_key():
    html = render.table(EVERY_ZONE, FRENCH_52)
    assert html.count('class="pc-index"') == 4 and 'aria-label="free corner"' in html
    assert 'aria-label="3 of spades, marker of South, in a finished row"' in html
    assert '<ul class="pt-marker-key" aria-label="markers">' in html
    assert '<span class="pt-marker pt-marker-1" aria-hidden="true"></span>North</li>' in html


def test_rows_name_each_sides_hand_in_a_panel_and_print_it():
    html = render.table(EVERY_ZONE, FRENCH_52)
    assert 'class="pt-row-hands" data-keep="row-hands"' in html and "<td>ace high</td>" in html
    text = "\n".join(table_text(EVERY_ZONE, FRENCH_52))
    assert "Row 1: 7♥ [A♠] 8♣ 9♣" in text and "West: ace high; East: ace high" in text


def test_a_row_in_a_legal_move_is_a_button_and_a_placing_table_plays_on_pick():
    view = dict(EVERY_ZONE, perspective=0, to_move=0, play_on_pick=True, legal=[
        {"action": "row1", "label": "Place 5H in row 1", "card": None, "parts": ["5H", "row1"]}])
    check_view(dict(view, game="g", title="G", step=0, phase="place", prompt="", log=[], outcome=None, score=None))
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'class="pt-row pc-button pc-part" data-part="row1"' in html
    row = html.split('data-part="row1"')[1].split("</button>")[0]
    assert "aria-label" not in row.split(">")[0], "a row is named by what it shows"
    assert '<span class="pt-sr-only">West: </span>' in row and '<span class="pt-sr-only">East: </span>' in row
    assert row.index("West: ") < row.index('aria-label="7 of hearts"') < row.index("Row 1") < row.index("East: ")
    assert 'data-play-on-pick="true"' in html
    without = render.table(dict(view, play_on_pick=False), FRENCH_52, interactive=True)
    assert "data-play-on-pick" not in without


def test_five_or_more_seats_share_one_top_row():
    view = {"seats": [seat(f"Player {i}", count=3) for i in range(6)], "centre": [], "status": "", "trick": []}
    html = render.table(view, FRENCH_52)
    assert html.count("pt-seat-row") == 1 and html.count('class="pt-seat pt-pos-top') == 5


def test_a_move_of_one_card_that_is_not_the_card_itself_is_made_by_clicking_the_card():
    view = dict(EVERY_ZONE, perspective=0, to_move=0, legal=[
        {"action": "crib:5H", "label": "Lay away 5♥", "card": None, "parts": ["5H"]},
        {"action": "crib:JD", "label": "Lay away J♦", "card": None, "parts": ["JD"]}])
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'data-action="crib:5H" data-legal="true"' in html and 'data-action="crib:JD" data-legal="true"' in html
    assert "pt-composer" not in html and "pt-actions" not in html


def test_a_scoring_board_runs_along_the_top_of_the_table_with_its_pegs_in_words():
    html = render.table(EVERY_ZONE, FRENCH_52)
    assert 'class="pt-table pt-n2 pt-with-scoreboard"><div class="pt-zone pt-zone-track pt-scoreboard">' in html
    middle = html.split('<div class="pt-middle">')[1]
    assert "pt-track" not in middle
    assert '<p class="pt-track-legend">South 45 (+7) · North 12 — 121 wins</p>' in html
    assert "pt-with-scoreboard" not in render.table(dict(EVERY_ZONE, centre=EVERY_ZONE["centre"][:1]), FRENCH_52)


def test_stacks_entry_and_turned_down_cards_are_declared_drawn_and_printed():
    view = {
        "seats": [dict(seat(hand=["5H"], count=1), down=2, face_up=True), seat("North", count=3)],
        "centre": [
            {"kind": "stacks", "label": "Your layout", "owner": 0, "stacks": [
                {"id": "R", "cards": ["KS"], "hidden": 8, "label": "Reserve"},
                {"id": "T1", "cards": ["9C", "8H", "7S"], "spread": "down"},
                {"id": "T2", "cards": []},
                {"id": "W", "cards": ["2D", "3D", "4D"], "hidden": 5, "spread": "right", "label": "Discards"}]},
            {"kind": "stacks", "label": "North's layout", "owner": 1, "stacks": [{"id": "1.R", "cards": ["QH"]}]},
        ],
        "status": "", "play_on_pick": True, "perspective": 0, "to_move": 0, "actors": [0, 1],
        "entry": {"verb": "slap", "label": "Your sum", "submit": "Slap!", "key": "3", "check": "What does it make?",
                  "tokens": [{"text": "8", "label": "8"}, {"text": "*", "label": "×", "name": "times"}]},
        "legal": [{"action": "0:7S>T2", "label": "7♠ to the space", "card": None, "parts": ["7S", "T2"]},
                  {"action": "0:slap:8*3", "label": "Slap", "card": None, "parts": []}],
    }
    check_table({k: v for k, v in view.items() if k not in ("perspective", "to_move", "actors", "legal")})
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'data-part="7S"' in html and 'data-part="T2"' in html and 'data-play-on-pick="true"' in html
    assert "pt-zone-own" in html and "pt-zone-small" in html and "pt-spread-down" in html
    assert 'class="pt-entry" data-verb="slap" data-key="3"' in html and 'aria-label="times"' in html
    assert 'data-action="0:slap:8*3"' not in html, "a written move is never offered as a button"
    assert "cards turned face down" in html
    text = "\n".join(table_text(view, FRENCH_52))
    assert "South: 5♥ (+2 face down)" in text
    assert "Your layout: Reserve: K♠ +8 | 9♣ 8♥ 7♠ | - | Discards: 2♦ 3♦ 4♦ +5" in text


def test_with_verbs_to_try_every_card_in_hand_and_item_on_the_table_can_be_picked():
    """Every pick gets an answer: a card or table item that no legal move uses can still be picked, so
    trying a verb on it brings the rule's reason (a child's wrong sum in Casino)."""
    view = dict(EVERY_ZONE, perspective=0, to_move=0, compose=[{"verb": "capture", "label": "Capture"}], legal=[
        {"action": "capture:7H:b1", "label": "Capture", "card": None, "parts": ["7H", "b1"]}])
    view["seats"] = [seat(hand=["7H", "JD"], count=2), seat("North", count=2)]
    view["centre"] = [{"kind": "layout", "label": "Table", "items": [{"id": "b1", "cards": ["3C", "4D"]}, {"id": "QH", "cards": ["QH"]}]}]
    html = render.table(view, FRENCH_52, interactive=True)
    assert 'data-part="JD"' in html and 'data-part="QH"' in html and 'data-part="b1"' in html


@pytest.mark.parametrize("game", ["burraco", "carioca"])
def test_a_rummys_card_just_drawn_is_marked_for_its_holder_only(game):
    state = parlour.load(game).new(1)
    while state.to_move() != 0:
        state.apply(state.legal_actions()[-1])
    state.apply("draw")
    drawn = state.view(0)["seats"][0].get("drawn")
    assert drawn and len(drawn) == 1 and drawn[0] in state.view(0)["seats"][0]["hand"]
    assert "drawn" not in state.view(1)["seats"][0], "the others do not see which card came in"
    html = render.table(state.view(0), state.pack, interactive=True)
    assert f'pc-drawn pc-button pc-part" data-part="{escape(drawn[0])}"' in html and "just drawn" in html
    state.apply(f"discard:{drawn[0]}")
    assert "drawn" not in state.view(0)["seats"][0], "the mark goes once the turn is over"


def test_on_a_board_of_cards_every_space_and_card_in_hand_can_be_picked():
    """A placing table with a grid: a space no listed move claims can be picked too, so the page can
    ask the engine why the card cannot go there."""
    state = parlour.load("one-eyed-jack").new(1)
    while state.to_move() != 0:
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    cells = {cell["id"] for zone in view["centre"] if zone["kind"] == "grid" for cell in zone["cells"]}
    html = render.table(view, state.pack, interactive=True)
    assert all(f'data-part="{cell}"' in html for cell in cells)
    assert all(f'data-part="{escape(code)}"' in html for code in view["seats"][0]["hand"])
