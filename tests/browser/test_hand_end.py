"""A hand's end is shown, not flashed, in every game with hands: after the hand's last move the
table stays as that hand left it (the cards as they lie, the tricks, melds and piles) under the
summary, no card of the next deal is in the page until Continue, and Continue draws the next deal.

Each game starts from a share link one move before a hand ends, made here by the engine
(tests/hand_ends.py): the reader's move that ends it, or a computer player's forced one."""

from __future__ import annotations

import re

import pytest
from hand_ends import before_hand_end, card_labels, engine_replies, games_with_hands
from playwright.sync_api import Page
from test_live_tables import LIVE, SETTLED, state

TABLE = f"{LIVE} .pt-live-table"
DOM_CARDS = f"() => Array.from(document.querySelectorAll('{TABLE} svg.pc-card'), (card) => card.getAttribute('aria-label'))"
READER_SEAT = re.compile(r'<div class="pt-seat pt-pos-bottom.*?(?=<div class="pt-seat|<div class="pt-middle|$)', re.S)


def readers_cards(html: str) -> list[str]:
    """The cards in the reader's seat (at the bottom) of a drawn table."""
    seat = READER_SEAT.search(html)
    return card_labels(seat.group(0)) if seat else []


def open_at(page: Page, site_url: str, game: str, code: str) -> None:
    """Open the link and wait for the engine to draw it (a race's clocks may be running already)."""
    page.goto(f"{site_url}/games/{game}/#play={code}")
    page.wait_for_function(f"() => (el => el.dataset.step !== undefined)(document.querySelector('{LIVE}'))")


def make_move(page: Page, action: str) -> None:
    """The reader's move, handed to the table as a click on its card or button hands it (a move of
    picked parts — a Casino capture, a Burraco discard — needs no picking to be tested here)."""
    # (not awaited: the move's promise ends only once the table goes on past the hand's end)
    page.evaluate(f"(action) => {{ document.querySelector('{LIVE}').parlourTable.choose(action, true); }}", action)


@pytest.mark.parametrize("game", games_with_hands())
def test_a_hands_end_stays_on_the_table_until_continue(page: Page, site_url: str, game: str) -> None:
    end = before_hand_end(game)
    assert end is not None
    reply = engine_replies(end)
    ended, next_deal = reply["hand_summary"]["table_html"], reply["table_html"]
    open_at(page, site_url, game, end.code)
    if end.action:  # the reader ends the hand; else the computer player to move does, on opening
        page.wait_for_function(f"() => (el => ({SETTLED})(el))(document.querySelector('{LIVE}'))")
        make_move(page, end.action)
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.state === 'continue'")
    assert page.locator(f"{LIVE} .pt-hand-summary").count() == 1
    # The table as the hand left it: its cards, and none of the next deal's.
    assert page.evaluate(DOM_CARDS) == card_labels(ended)
    assert page.locator(f"{TABLE}.pt-ended-hand").count() == 1
    assert page.locator(f"{TABLE}.pt-between-hands").count() == 0, "the ended table is not dimmed"
    held = page.evaluate(f"() => Array.from(document.querySelectorAll('{TABLE} .pt-seat.pt-pos-bottom svg.pc-card'), "
                         "(card) => card.getAttribute('aria-label'))")
    assert held == readers_cards(ended)
    assert held != readers_cards(next_deal) or not readers_cards(next_deal)
    # It stays while the summary is read.
    page.wait_for_timeout(600)
    assert state(page) == "continue" and page.evaluate(DOM_CARDS) == card_labels(ended)
    # Continue: the next deal is drawn (the reader's new hand is on the table).
    page.click(f"{LIVE} [data-control=continue]")
    page.wait_for_function(f"() => (el => !el.querySelector('.pt-live-table.pt-ended-hand'))(document.querySelector('{LIVE}'))")
    assert page.locator(f"{LIVE} .pt-hand-summary").count() == 0
    dealt = readers_cards(next_deal)
    if dealt and page.get_attribute(LIVE, "data-realtime") is None:
        page.wait_for_function(f"() => ({SETTLED})(document.querySelector('{LIVE}'))")
        shown = page.evaluate(DOM_CARDS)
        assert set(dealt) <= set(shown), "the reader's new hand is drawn after Continue"
