"""East–West's showdown walked through on the table, in Chromium: from a share link one move before
it (made here by the engine), the reader places the game's last card and the summary panel shows each
row's two hands side by side — West's four, the board card, East's four — with the winner's five cards
marked, why that hand wins, the point and the rows each side has won so far."""

from __future__ import annotations

from playwright.sync_api import Page
from test_count_walkthrough import WALK, end_the_hand, shown_step
from test_live_tables import LIVE, state

from parlour import load
from parlour.bots import make_bot
from parlour.core import State


def reader_places_the_last_card(seed: int = 7) -> tuple[State, str]:
    """A game (West, the reader, deals) played by rule bots until West holds the game's last card: the
    position, and the one row left for it."""
    game = load("east-west")
    state = game.new(seed)
    assert state.dealer == 0, "the dealer places last: the reader must deal"
    bots = [make_bot(game, "rule", seat) for seat in range(game.num_players)]
    while not (state.to_move() == 0 and state.placed(0) == 11 and state.placed(1) == 12):
        state.apply(bots[state.to_move()].choose(state))
    (last,) = state.legal_actions()
    return state, last


def test_east_west_showdown_shows_each_rows_two_hands_side_by_side_and_who_wins_it(page: Page, site_url: str) -> None:
    position, last = reader_places_the_last_card()
    count = end_the_hand(page, site_url, "east-west", position, last, f'.pt-row.pc-part[data-part="{last}"]')
    assert state(page) == "over"
    assert page.inner_text(f"{LIVE} .pt-hand-summary").startswith("The showdown: what happened")
    for number, row in enumerate(count, 1):
        shown = shown_step(page)
        assert shown["hand"] == f"{row['label']} ({number} of 3)" and shown["hand"].startswith(f"Row {number} ")
        # The row as it lies: your four, the board card both hands share, East's four, each named.
        assert shown["drawn"] == row["cards"] and shown["pictures"] == 9
        groups = page.locator(f"{WALK} .pt-count-group-label").all_inner_texts()
        assert groups[0].startswith("You: ") and groups[1] == "in both hands"
        assert groups[2].startswith("East: ")
        (expected,) = row["steps"]  # no row of this deal is tied
        assert shown["words"].startswith(f"“{expected['words']}” +1 point — {expected['so_far']}")
        winner = "you win" if expected["words"].endswith(f"you win row {number}") else "East wins"
        assert expected["words"].endswith(f"{winner} row {number}")
        # The winner's five cards are marked: the board card and that side's four.
        side = row["cards"][:5] if winner == "you win" else row["cards"][4:]
        assert sorted(shown["marked"]) == sorted(side) == sorted(expected["cards"])
        if number < 3:
            page.click(f"{WALK} [data-control=count-next]")
    # The same deal's totals close the walk-through and the summary.
    final = count[-1]["steps"][0]["so_far"]
    totals = page.locator(f"{LIVE} .pt-hand-summary li").all_inner_texts()[-1]
    assert final.replace("rows won so far: ", "Totals now: ") + "." in (totals, totals.replace("You", "you"))
    assert page.locator(f"{WALK} [data-control=count-next]").is_disabled()
