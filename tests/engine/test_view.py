"""The view schema: every game's views have the declared shape, and every zone kind draws."""

import pytest

import parlour
from parlour import render
from parlour.bots import RandomBot
from parlour.cards import FRENCH_52
from parlour.text import table_text
from parlour.view import ViewError, check_table, check_view, track_zone


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
        {"kind": "rows", "label": "Rows", "rows": [{"board": "AS", "sides": [["7H"], ["8C", "9C"]]}]},
    ],
    "status": "",
}


def test_every_zone_kind_is_valid_draws_and_prints():
    check_table(EVERY_ZONE)
    html = render.table(EVERY_ZONE, FRENCH_52)
    for needle in ("pt-zone-layout", "build of 8", "pt-grid", "pt-marker-1", "pt-cell-row", "pt-track",
                   "South on 45 (back peg on 38)", "pt-rows", "pc-piles"):
        assert needle in html
    text = "\n".join(table_text(EVERY_ZONE, FRENCH_52))
    assert "Table: 7♠ | build of 8: 3♣ 5♣" in text
    assert "Cribbage board: South 45 (from 38), North 12 — 121 wins" in text
    assert "** " in text and "2♠[1]" in text


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


def test_five_or_more_seats_share_one_top_row():
    view = {"seats": [seat(f"Player {i}", count=3) for i in range(6)], "centre": [], "status": "", "trick": []}
    html = render.table(view, FRENCH_52)
    assert html.count("pt-seat-row") == 1 and html.count('class="pt-seat pt-pos-top') == 5
