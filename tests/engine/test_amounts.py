"""Moves that name an amount: a button each up to AMOUNT_BUTTONS, then the usual ones and a number box."""

from __future__ import annotations

import parlour
from parlour.bots import make_bot
from parlour.view import AMOUNT_BUTTONS, amount_controls


def infos(actions: list[str]) -> list[dict]:
    return [{"action": a, "label": f"Bid {a[4:]}" if a.startswith("bid:") else a.title(), "card": None, "parts": []}
            for a in actions]


def test_up_to_eleven_amounts_stay_buttons_and_more_become_a_number_box():
    eleven = infos([f"bid:{n}" for n in range(AMOUNT_BUTTONS)] + ["pass"])
    assert AMOUNT_BUTTONS == 11 and amount_controls(eleven, ("bid",), lambda verb: ()) == []
    assert [m.get("amount") for m in eleven] == list(range(11)) + [None], "each amount move still says its amount"
    twelve = infos([f"bid:{n}" for n in range(1, 13)])
    assert amount_controls(twelve, ("bid",), lambda verb: (1, 3, 99)) == [
        {"verb": "bid", "label": "Any amount, 1 to 12:", "submit": "Bid", "min": 1, "max": 12,
         "usual": ["bid:1", "bid:3"]}]


def test_back_alleys_thirteen_bids_get_the_box_and_oh_hells_short_list_stays_buttons():
    back_alley = parlour.load("back-alley").new(3)
    assert back_alley.view(back_alley.to_move())["amounts"][0]["max"] == 12
    oh_hell = parlour.load("oh-hell").new(3)
    assert "amounts" not in oh_hell.view(oh_hell.to_move())


def test_truc_and_straight_bridge_bet_on_a_ladder_or_by_doubling_so_never_need_the_box():
    for game_id in ("truc", "straight-bridge"):
        game = parlour.load(game_id)
        state, bot = game.new(5), make_bot(game, "rule", 5)
        for _ in range(300):
            if state.is_over:
                break
            assert "amounts" not in state.view(state.to_move()), game_id
            state.apply(bot.choose(state))
