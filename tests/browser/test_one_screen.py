"""Several people at one screen: the device passed round, nothing of a hand on show between turns."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from test_live_tables import LIVE, legal_move, open_game, open_settings, reach_table, state, wait_settled

TABLE = f"{LIVE} .pt-live-table"


def tick_person(page: Page, seat: int) -> None:
    """Tick a seat as a person's in the settings panel; the game goes on, played by them too."""
    open_settings(page)
    before = page.locator(f"{LIVE} .pt-message").inner_text()
    page.check(f"{LIVE} input[name=people][value='{seat}']")
    page.wait_for_function(
        f"([m, before]) => document.querySelector(m).textContent !== before && document.querySelector(m).textContent.includes('device')",
        arg=[f"{LIVE} .pt-message", before])
    wait_settled(page)


def assert_nothing_on_show(page: Page) -> None:
    """The pass screen: no card of anyone's on the table, no hand, no story, no hint or reason."""
    assert page.locator(f"{TABLE} .pc-card").count() == 0, "a card shows while the device is passed"
    assert page.locator(f"{LIVE} .pc-hand").count() == 0
    assert page.locator(f"{LIVE} .pt-live-log li").count() == 0, "the last person's story shows"
    assert page.locator(f"{LIVE} .pt-why").count() == 0 and page.inner_text(f"{LIVE} .pt-hint") == ""


def take_device(page: Page) -> str:
    """The person the screen names taps it; their name."""
    name = page.inner_text(f"{TABLE} .pt-pass h4").removeprefix("Pass the device to ")
    assert page.inner_text(f"{LIVE} .pt-prompt") == f"Pass the device to {name}."
    page.click(f"{TABLE} [data-control=take]")
    wait_settled(page)
    return name


def play_round(page: Page, people_moves: int) -> list[str]:
    """Play ``people_moves`` moves of whichever person holds the device, passing it as asked; who held it."""
    holders = []
    for _ in range(400):
        if len(holders) >= people_moves:
            break
        if state(page) == "pass":
            assert_nothing_on_show(page)
            holders.append(take_device(page))
            continue
        assert state(page) == "your-turn", state(page)
        assert page.locator(f"{TABLE} .pc-card").count() > 0
        legal_move(page)
    return holders


@pytest.mark.parametrize("game, seat, other", [("hearts", 2, "North"), ("cribbage", 1, "North")])
def test_two_people_pass_the_device_round(page: Page, site_url: str, game: str, seat: int, other: str) -> None:
    open_game(page, site_url, game)
    if page.locator(f"{LIVE} select[name=speed]").is_visible():
        page.select_option(f"{LIVE} select[name=speed]", "fast")
    tick_person(page, seat)
    assert "South and North play at this screen" in page.inner_text(f"{LIVE} .pt-message")
    assert state(page) == "pass"
    holders = play_round(page, 6)
    assert {"South", other} <= set(holders), holders
    # A reload (the save) keeps who plays, and asks for the device before showing a hand.
    page.reload()
    wait_settled(page)
    assert state(page) == "pass"
    assert_nothing_on_show(page)
    open_settings(page)
    assert page.is_checked(f"{LIVE} input[name=people][value='{seat}']")
    # A share link keeps the people too.
    take_device(page)
    page.click(f"{LIVE} [data-control=share]")
    link = page.locator(f"{LIVE} .pt-share-link").get_attribute("href")
    assert link.endswith(f"&people=0,{seat}")


def test_undo_of_another_persons_move_is_asked_first(page: Page, site_url: str) -> None:
    open_game(page, site_url, "cribbage")
    tick_person(page, 1)
    holders = play_round(page, 3)  # South discards, North discards, then the pegging
    while state(page) != "your-turn":
        take_device(page)
    at = page.get_attribute(LIVE, "data-step")
    page.click(f"{LIVE} [data-control=undo]")
    box = page.locator(f"{LIVE} .pt-confirm")
    box.wait_for()
    assert "agree" in box.inner_text() and holders
    page.click(f"{LIVE} [data-control=keep]")
    assert page.get_attribute(LIVE, "data-step") == at
    page.click(f"{LIVE} [data-control=undo]")
    page.click(f"{LIVE} [data-control=confirm-undo]")
    page.wait_for_function(f"at => document.querySelector('{LIVE}').dataset.step !== at", arg=at)
    wait_settled(page)
    assert int(page.get_attribute(LIVE, "data-step")) < int(at)


def test_a_race_says_it_needs_a_screen_each(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/games/twenty-four/")
    reach_table(page)
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'start'")
    open_settings(page)
    assert page.locator(f"{LIVE} input[name=people]").count() == 0
    assert "a screen of their own" in page.inner_text(f"{LIVE} details.pt-settings")
