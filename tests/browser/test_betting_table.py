"""Betting a person can use (issue 26 item 4): a game that bids amounts offers the usual ones as
buttons and a labelled number box for any other, worked from the keyboard, with the engine's
reason for an amount it refuses. Mus, opened by a share link at South's first bid."""

from __future__ import annotations

import parlour
from parlour.bots import make_bot
from parlour.codec import encode
from playwright.sync_api import Page
from test_live_tables import LIVE, open_game, step, wait_settled


def mus_at_souths_bid(raised: bool) -> str:
    """A share code of a Mus game where South (the reader) bids: opening, or answering a bid."""
    game = parlour.load("mus")
    for seed in range(1, 60):
        state, bot = game.new(seed), make_bot(game, "rule", seed)
        while not state.is_over and len(state.history) < 60:
            betting = getattr(state, "betting", None)
            if (state.to_move() == 0 and state.phase == "bet" and betting is not None
                    and (betting.bid is not None) == raised and "bid:7" in state.legal_actions()):
                return encode(state)
            state.apply(bot.choose(state))
    raise AssertionError("no deal found where South bids")


def test_mus_bids_are_the_usual_amounts_and_a_number_box_with_the_engines_reason(page: Page, site_url: str) -> None:
    open_game(page, site_url, "mus", f"#play={mus_at_souths_bid(raised=False)}")
    table = f"{LIVE} .pt-live-table"
    assert page.get_attribute(LIVE, "data-state") == "your-turn"
    bids = page.locator(f"{table} .pt-action[data-action^='bid:']")
    assert bids.all_inner_texts() == ["Bid 2 (envido)", "Bid 5 (envido)", "Bid 10 (envido)"], "no wall of buttons"
    assert page.locator(f"{table} [data-action=ordago]").count() == 1
    box = page.get_by_label("Any amount, 2 to 40:")
    assert box.input_value() == "2"
    # An amount the rules refuse: the engine says why, and nothing is played.
    at = step(page)
    box.fill("41")
    box.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('play that')")
    assert page.inner_text(f"{LIVE} .pt-message").startswith("You can't play that: A bid can be at most 40.")
    box.fill("")  # no number at all: said plainly
    page.click(f"{table} .pt-amount-play")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('whole number')")
    # The keyboard alone: the arrow keys step the box, Enter bids.
    box.fill("6")
    box.press("ArrowUp")
    assert box.input_value() == "7"
    box.press("Enter")
    wait_settled(page, at)
    actions = page.evaluate(f"() => document.querySelector('{LIVE}').parlourTable.record.actions")
    assert "bid:7" in actions[int(at):]


def test_mus_raises_offer_two_five_and_ten_more(page: Page, site_url: str) -> None:
    open_game(page, site_url, "mus", f"#play={mus_at_souths_bid(raised=True)}")
    table = f"{LIVE} .pt-live-table"
    raises = page.locator(f"{table} .pt-action[data-action^='bid:']").all_inner_texts()
    assert len(raises) <= 3 and all(text.startswith("Raise to ") for text in raises), raises
    assert page.locator(f"{table} .pt-amount-play").inner_text() == "Raise to"
    assert page.locator(f"{table} [data-action=see]").count() == 1 and page.locator(f"{table} [data-action=fold]").count() == 1
