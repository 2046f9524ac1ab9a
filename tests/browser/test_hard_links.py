"""Issue 18 in Chromium: links and saves built to hurt — a million moves, options nested 5,000
deep, doctored saves — end in a plain message and a playable fresh table, never a dead engine;
and the share box says what a link gives away and offers a fair "challenge" link instead."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
from playwright.sync_api import Page
from test_live_tables import LIVE, legal_move, open_game, open_settings, quick_settings, state, step, wait_settled

from helpers import raw_code

#: How long the table may take, once the engine is up, to refuse a bad link and deal a fresh game.
#: (Pyodide's own start-up is not the link's doing and is not counted.)
REFUSE_WITHIN_MS = 5_000

HURTFUL_LINKS = {
    # Euchre's move 0 in the bidding is "pass", and all passing redeals: a million of them.
    "a million moves": ("euchre", raw_code("euchre", moves=[0] * 1_000_000)),
    # A 75-character code whose options nest 5,000 deep: once enough to kill Pyodide.
    "options nested 5,000 deep": ("hearts", raw_code("hearts", "[" * 5000)),
}


@pytest.fixture
def worker_console(page: Page) -> Iterator[list[str]]:
    """Everything the engine's worker logs (Pyodide reports a fatal error there)."""
    lines: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda message: lines.append(message.text)))
    page.on("console", lambda message: lines.append(message.text))
    yield lines
    assert not [line for line in lines if "fatal" in line.lower() or "Maximum call stack" in line], lines


def engine_ready(page: Page) -> None:
    page.evaluate("window.parlour.engine().then(() => true)")


def message(page: Page) -> str:
    return page.inner_text(f"{LIVE} .pt-message")


@pytest.mark.parametrize("name", HURTFUL_LINKS)
def test_a_hurtful_link_gives_a_plain_message_and_a_fresh_table(
        page: Page, site_url: str, worker_console: list[str], name: str) -> None:
    game, code = HURTFUL_LINKS[name]
    assert len(code) < 1400
    page.goto(f"{site_url}/games/{game}/#play={code}")
    engine_ready(page)
    # Within the bound: the reason on the page and a fresh deal drawn (then its computer players
    # take their turns at the table's usual pace, which is not the link's doing either).
    page.wait_for_function(
        f"() => (el => el.dataset.step !== undefined && el.querySelector('.pt-live-table .pt-table')"
        f" && el.querySelector('.pt-message').textContent.includes('could not be opened'))"
        f"(document.querySelector('{LIVE}'))", timeout=REFUSE_WITHIN_MS)
    wait_settled(page)
    text = message(page)
    assert "fresh game" in text and "Traceback" not in text and "Error" not in text
    assert state(page) == "your-turn"
    before = step(page)
    legal_move(page)  # the fresh table plays
    assert step(page) != before
    assert "#play=" not in page.url  # read once: a reload carries on from the save, not the link


@pytest.mark.parametrize("save", [
    '{"version": 1, "record": {"game": "accordion", "seed": 1, "actions": [], "options": '
    + "[" * 5000 + "]" * 5000 + "}}",
    json.dumps({"version": 1, "record": {"game": "accordion", "seed": 1, "actions": ["deal"] * 600_000}}),
    json.dumps({"version": 1, "record": {"game": "accordion", "seed": 1e300, "actions": []}}),
    json.dumps({"version": 1, "record": {"game": "accordion", "seed": 1, "actions": [], "options": {"a": {"b": 1}}}}),
], ids=["nested-options", "huge-save", "float-seed", "nested-option-value"])
def test_a_doctored_save_is_discarded_before_it_reaches_the_engine(
        page: Page, site_url: str, worker_console: list[str], save: str) -> None:
    open_game(page, site_url, "accordion")
    page.evaluate("save => localStorage.setItem('parlour.save.accordion', save)", save)
    page.reload()
    wait_settled(page)
    assert "discarded" in message(page) and state(page) == "your-turn"


def test_the_share_box_warns_and_a_challenge_link_deals_the_same_cards_without_moves(
        page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    open_settings(page)
    page.select_option(f"{LIVE} select[name=passing]", "rotation")
    quick_settings(page, "hearts")
    seed = page.input_value(f"{LIVE} input[name=seed]")
    for _ in range(3):
        legal_move(page)
    page.click(f"{LIVE} [data-control=share]")
    page.locator(f"{LIVE} .pt-share-warning").wait_for()  # the engine writes the code first
    share = page.inner_text(f"{LIVE} .pt-share")
    assert "can see every hand" in share
    challenge = page.locator(f"{LIVE} .pt-challenge-link").get_attribute("href") or ""
    assert f"#deal={seed}&passing=rotation" in challenge and "play=" not in challenge

    friend = page.context.new_page()
    friend.set_default_timeout(60_000)  # a second page starts a second engine
    friend.goto(challenge)
    wait_settled(friend)
    assert "challenge" in friend.inner_text(f"{LIVE} .pt-message").lower()
    assert friend.input_value(f"{LIVE} input[name=seed]") == seed
    assert friend.input_value(f"{LIVE} select[name=passing]") == "rotation"
    assert int(friend.get_attribute(LIVE, "data-step") or "0") < int(step(page))  # from the first card
    friend.close()


@pytest.mark.parametrize("hash_", ["#deal=abc", "#deal=5&moon=sun", "#deal=5&target=999999", "#deal=" + "9" * 40])
def test_a_bad_challenge_link_gives_a_message_and_a_fresh_game(page: Page, site_url: str, hash_: str) -> None:
    open_game(page, site_url, "hearts", hash_)
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('challenge link')")
    assert "could not be opened" in message(page) and "fresh game" in message(page)
    assert state(page) in ("your-turn", "over")
