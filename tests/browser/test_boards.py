"""Where things go is visible, in Chromium: Tuck's moved peg and its path over numbered holes, One-Eyed
Jack's labelled board and finished rows, East–West's hands named at the showdown, Carioca's jokers
told apart. Each test opens a share link (made here by the engine's rule bots) at the moment it checks."""

from __future__ import annotations

from typing import Callable

from playwright.sync_api import Page
from test_live_tables import LIVE, open_game

from parlour import load
from parlour.bots import make_bot
from parlour.codec import encode
from parlour.core import State

#: A moment: the game, a share code, and what to do on the page once it is open (or None).
Moment = tuple[str, str, Callable[[Page], None] | None]


def rule_bots_until(game_id: str, seed: int, stop: Callable[[State], bool], **options: str) -> State:
    """A game played by rule bots until ``stop(state)`` says so."""
    game = load(game_id, **options)
    state = game.new(seed)
    bots = [make_bot(game, "rule", seat) for seat in range(game.num_players)]
    while not stop(state):
        state.apply(bots[state.to_move()].choose(state))
    return state


def tuck_after_a_long_move() -> State:
    """Tuck at the reader's turn, just after East moved a peg eight holes (S1 to S9)."""
    return rule_bots_until("tuck", 5, lambda s: s.to_move() == 0 and s.phase == "play" and len(s.log) > 40
                           and any(len(trail) >= 4 for trail in s.trails.values()))


MOMENTS: dict[str, Callable[[], Moment]] = {
    "tuck-moved": lambda: ("tuck", encode(tuck_after_a_long_move()), None),
}


def test_tuck_marks_the_moved_peg_and_draws_its_path(page: Page, site_url: str) -> None:
    state = tuck_after_a_long_move()
    (owner, peg), trail = next((key, trail) for key, trail in state.trails.items() if len(trail) >= 4)
    open_game(page, site_url, "tuck", f"#play={encode(state)}")
    board = page.locator(f"{LIVE} .pt-live-table .pt-board")
    moved = board.locator(".pt-peg-moved")
    assert moved.count() == 1
    assert moved.get_attribute("data-piece") == f"peg-{'SWNE'[owner]}{peg + 1}"
    # The path goes through every hole the peg passed, from where it was to where it is.
    points = board.locator(".pt-board-path polyline").first.get_attribute("points").split()
    assert len(points) == len(trail)
    said = page.locator(f"{LIVE} .pt-board-move").inner_text()
    assert f"{trail[0]} → {trail[-1]} ({len(trail) - 1} holes)" in said
    assert said.startswith(f"Moved: {state.names[owner]}'s peg")
    # The holes are numbered: each side's letter every five holes, so "S19" is found beside "S20".
    tags = board.locator(".pt-board-svg text").all_text_contents()
    assert {"S1", "S5", "S20", "W1", "N10", "E15"} <= set(tags)
    assert len(tags) == 80
