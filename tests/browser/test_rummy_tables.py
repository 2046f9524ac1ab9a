"""The rummy tables in Chromium: sorting the hand, laying a meld by picking its cards, the
suggestions for a picked card, and the engine's reason for a pick that makes no move."""

from __future__ import annotations

from playwright.sync_api import Page

from test_live_tables import LIVE, open_game, quick_settings, step, wait_settled

TABLE = f"{LIVE} .pt-live-table"


def legal(page: Page) -> list[dict]:
    return page.evaluate(f"document.querySelector('{LIVE}').parlourTable.legal")


def hand_codes(page: Page) -> list[str]:
    return page.eval_on_selector_all(f"{TABLE} .pt-pos-bottom .pc-hand [data-part]", "els => els.map(e => e.dataset.part)")


def deal(page: Page, game: str, seed: int) -> None:
    """A new deal of ``seed`` at full speed, numeric options at their minimum (quick_settings), then
    draw on the reader's first turn."""
    quick_settings(page, game)
    page.fill(f"{LIVE} input[name=seed]", str(seed))
    deals = page.get_attribute(LIVE, "data-deals") or ""
    page.click(f"{LIVE} [data-control=deal]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.deals !== '{deals}'")
    wait_settled(page)
    before = step(page)
    page.click(f'{TABLE} [data-action="draw"]')
    wait_settled(page, before)


def test_burraco_hand_sorts_and_a_meld_is_laid_by_picking_its_cards(page: Page, site_url: str) -> None:
    open_game(page, site_url, "burraco")
    deal(page, "burraco", 1)  # South holds melds after drawing, in this deal
    by_suit = hand_codes(page)
    page.select_option(f"{LIVE} select[name=sort]", "rank")
    # Sorted: the same cards, in another order (a redraw in between with other cards does not count).
    page.wait_for_function(
        "prev => { const now = [...document.querySelectorAll('.pt-live .pt-pos-bottom .pc-hand [data-part]')]"
        ".map(e => e.dataset.part); return JSON.stringify(now) !== JSON.stringify(prev)"
        " && JSON.stringify([...now].sort()) === JSON.stringify([...prev].sort()); }", arg=by_suit)
    by_rank = hand_codes(page)
    assert sorted(by_rank) == sorted(by_suit) and by_rank != by_suit
    # Pick the cards of a meld the engine offers: its button appears, and the meld goes on the table.
    move = next(m for m in legal(page) if m["action"].startswith("meld:"))
    for part in move["parts"]:
        page.click(f'{TABLE} [data-part="{part}"]')
    before = step(page)
    page.click(f'{TABLE} .pt-composer [data-action="{move["action"]}"]')
    wait_settled(page, before)
    assert page.locator(f"{TABLE} .pt-melds li").count() >= 1
    assert "You meld" in page.eval_on_selector(f"{LIVE} .pt-live-log", "log => log.textContent")
    assert page.input_value(f"{LIVE} select[name=sort]") == "rank", "the order chosen stays"


def test_a_pick_that_makes_no_move_gets_the_engines_reason(page: Page, site_url: str) -> None:
    open_game(page, site_url, "carioca")
    deal(page, "carioca", 2)
    cards = hand_codes(page)
    # A single card suggests its discard; two cards make no meld, and trying "Meld" brings the rule's reason.
    page.click(f'{TABLE} [data-part="{cards[0]}"]')
    assert page.locator(f'{TABLE} .pt-composer [data-action="discard:{cards[0]}"]').count() == 1
    page.click(f'{TABLE} [data-part="{cards[1]}"]')
    page.click(f"{TABLE} .pt-composer .pt-try:text-is('Meld')")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.length > 0")
    message = page.inner_text(f"{LIVE} .pt-message")
    assert message.startswith("You can't play that:") and ("trio" in message or "escalera" in message)
