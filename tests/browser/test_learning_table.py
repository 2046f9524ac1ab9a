"""The live table as a learner meets it, in Chromium on a desk and on a phone: the Play button at
the top, every finished trick shown with its taker, a refusal in view beside the hand, settings
with their help, New deal asked about and undone, and share links that belong to one game."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page
from test_live_tables import LIVE, legal_move, open_game, open_settings, quick_settings, state, step, wait_settled

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 900}


IN_VIEW = """el => { const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; }"""


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the window, once a smooth scroll to it has ended."""
    try:
        page.wait_for_function(f"(el) => ({IN_VIEW})(el)", arg=page.query_selector(selector), timeout=3000)
    except PlaywrightError:
        return False
    return True


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["desk", "phone"])
def test_the_play_button_at_the_top_goes_to_the_table(page: Page, site_url: str, size: dict) -> None:
    page.set_viewport_size(size)
    open_game(page, site_url, "euchre")
    page.evaluate("() => window.scrollTo(0, 0)")
    button = page.locator(".pt-info-panel .pt-play-now a")
    assert button.inner_text() == "Play Euchre"
    assert in_view(page, ".pt-info-panel .pt-play-now a"), "the Play button is at the top of the page"
    button.click()
    page.wait_for_function("() => location.hash === '#live-table'")
    page.wait_for_timeout(300)  # the jump is instant; the header settles
    assert in_view(page, f"{LIVE} .pt-prompt"), "the table's prompt is on screen after Play"
    assert page.locator(f"{LIVE} .pt-back a").count() == 1, "the rules are one click away"


def play_until_shown(page: Page, selector: str, chooser: random.Random, moves: int, what: str) -> Locator:
    """Make seeded random legal moves until ``selector`` is on the live table; fail if it never is."""
    for _ in range(moves):
        found = page.locator(f"{LIVE} .pt-live-table {selector}")
        if found.count():
            return found
        assert state(page) == "your-turn"
        legal_move(page, chooser)
    pytest.fail(f"{what} was never shown")


def test_a_finished_trick_stays_with_its_taker_marked(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    chooser = random.Random(3)
    done = play_until_shown(page, ".pt-trick-done", chooser, 80, "a finished trick")
    # Four cards, one of them marked as the taker's, and the note naming who took it.
    assert done.locator(".pt-played").count() == 4
    assert done.locator(".pt-played.pt-taker").count() == 1
    taker = done.locator(".pt-taker figcaption").inner_text()
    note = page.inner_text(f"{LIVE} .pt-trick-note")
    assert taker.endswith(" takes it") and note == f"Trick taken by {taker.removesuffix(' takes it')}."
    # Once the next trick is under way, the finished one can still be looked at.
    last = play_until_shown(page, "details.pt-last-trick", chooser, 80, "a trick under way after a finished one")
    assert last.count() == 1
    last.locator("summary").click()
    assert "taken by" in last.inner_text() or "drawn" in last.inner_text()


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["desk", "phone"])
def test_an_illegal_click_is_answered_in_view_beside_the_hand(page: Page, site_url: str, size: dict) -> None:
    page.set_viewport_size(size)
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    illegal = play_until_shown(page, "[data-legal=false]", random.Random(5), 60, "a card that may not be played")
    illegal.first.scroll_into_view_if_needed()
    illegal.first.click()
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('can')")
    assert "You can't play that:" in page.inner_text(f"{LIVE} .pt-message")
    assert in_view(page, f"{LIVE} .pt-message"), "the reason is on screen where the reader clicked"
    # It sits right under the table, not above it.
    below = page.eval_on_selector(
        LIVE, "el => el.querySelector('.pt-message').getBoundingClientRect().top >= "
              "el.querySelector('.pt-live-table').getBoundingClientRect().bottom - 1")
    assert below


#: What the rules paragraph a Hearts refusal links to must speak of, by the reason's words.
HEARTS_RULES = {"follow": "that is called following suit", "broken": "hearts must be broken",
               "first trick": "whoever holds the 2♣ leads it"}


def test_a_refusal_links_to_its_rule_and_back(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    illegal = play_until_shown(page, "[data-legal=false]", random.Random(5), 60, "a card that may not be played")
    illegal.first.scroll_into_view_if_needed()
    illegal.first.click()
    link = page.locator(f"{LIVE} .pt-message a.pt-rule-link")
    link.wait_for()
    reason = page.inner_text(f"{LIVE} .pt-message").lower()
    target = link.get_attribute("href")
    rule = page.locator(target)
    text = rule.inner_text().lower()
    kind = next(k for k in HEARTS_RULES if k in reason)
    assert HEARTS_RULES[kind] in " ".join(text.split()), f"{reason!r} links to {text!r}"
    assert rule.evaluate("el => !el.closest('.pt-live') && !!el.closest('article')"), "the rule is in the page's rules"
    link.click()
    assert in_view(page, target), "following the link shows the rule"
    back = rule.locator("a.pt-rule-back")
    assert back.inner_text() == "Back to the table"
    back.click()
    assert in_view(page, f"{LIVE} .pt-prompt"), "and the way back leads to the table"


def test_the_settings_are_folded_away_with_their_help(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    panel = page.locator(f"{LIVE} details.pt-settings")
    assert panel.get_attribute("open") is None
    assert not page.locator(f"{LIVE} select[name=passing]").is_visible()
    open_settings(page)
    label = page.locator(f"{LIVE} label[for=live-hearts-passing]").inner_text()
    assert label.startswith("Passing")
    help_id = page.get_attribute(f"{LIVE} select[name=passing]", "aria-describedby")
    assert help_id and page.inner_text(f"#{help_id}").strip(), "each rule says what it does"
    assert "deal again" in page.inner_text(f"{LIVE} #live-hearts-seed-help")


def test_a_patience_offers_no_computer_players(page: Page, site_url: str) -> None:
    open_game(page, site_url, "accordion")
    assert not page.locator(f"{LIVE} select[name=speed]").is_visible()
    assert not page.locator(f"{LIVE} select[name=strength]").is_visible()
    assert "Computer players" not in page.inner_text(f"{LIVE} .pt-controls")


def test_new_deal_asks_first_and_undo_brings_the_game_back(page: Page, site_url: str) -> None:
    open_game(page, site_url, "hearts")
    quick_settings(page, "hearts")
    for _ in range(4):
        legal_move(page)
    at, seed = step(page), page.input_value(f"{LIVE} input[name=seed]")
    deals = page.get_attribute(LIVE, "data-deals")
    page.click(f"{LIVE} [data-control=deal]")
    confirm = page.locator(f"{LIVE} .pt-confirm")
    assert "put aside" in confirm.inner_text()
    page.click(f"{LIVE} [data-control=keep]")  # no: the game goes on untouched
    assert confirm.count() == 0 and step(page) == at
    page.click(f"{LIVE} [data-control=deal]")
    page.click(f"{LIVE} [data-control=confirm]")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.deals !== '{deals}'")
    wait_settled(page)
    assert page.input_value(f"{LIVE} input[name=seed]") != seed
    page.click(f"{LIVE} [data-control=undo]")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-message').textContent.includes('back')")
    wait_settled(page)
    assert step(page) == at and page.input_value(f"{LIVE} input[name=seed]") == seed


def share_code(page: Page, site_url: str, game: str) -> str:
    open_game(page, site_url, game)
    quick_settings(page, game)
    legal_move(page)
    page.click(f"{LIVE} [data-control=share]")
    link = page.locator(f"{LIVE} .pt-share-link").get_attribute("href") or ""
    return link.split("#play=")[1]


def open_link(page: Page, link: str) -> Page:
    """A friend opening a link: a second page (and so a second engine), settled at its table."""
    other = page.context.new_page()
    other.set_default_timeout(60_000)
    other.goto(link)
    wait_settled(other)
    return other


def test_another_games_link_is_refused_and_sent_to_its_page(page: Page, site_url: str) -> None:
    code = share_code(page, site_url, "hearts")
    other = open_link(page, f"{site_url}/games/euchre/#play={code}")
    message = other.inner_text(f"{LIVE} .pt-message")
    assert "This link is a game of Hearts, not Euchre" in message
    assert other.get_attribute(f"{LIVE} .pt-foreign-link", "href").endswith(f"/games/hearts/#play={code}")
    # Euchre's own game is at the table and in Euchre's save; Hearts' is not.
    saved = other.evaluate("() => JSON.parse(localStorage.getItem('parlour.save.euchre') || 'null')")
    assert saved is None or saved["record"]["game"] == "euchre"
    assert other.evaluate(f"() => document.querySelector('{LIVE}').parlourTable.record.game") == "euchre"
    other.click(f"{LIVE} .pt-foreign-link")
    other.wait_for_url(f"**/games/hearts/#play={code}")
    other.wait_for_selector(LIVE)
    wait_settled(other)
    assert "shared deal" in other.inner_text(f"{LIVE} .pt-message")


def test_after_playing_on_from_a_link_a_reload_keeps_the_newer_position(page: Page, site_url: str) -> None:
    code = share_code(page, site_url, "hearts")
    other = open_link(page, f"{site_url}/games/hearts/#play={code}")
    for _ in range(3):
        legal_move(other)
    newer = step(other)
    other.reload()
    wait_settled(other)
    assert step(other) == newer


def test_hints_mark_a_card_and_each_computer_move_says_why(page: Page, site_url: str) -> None:
    open_game(page, site_url, "euchre")
    quick_settings(page, "euchre")
    assert not page.is_checked(f"{LIVE} input[name=hints]"), "hints are off until asked for"
    page.check(f"{LIVE} input[name=hints]")
    page.wait_for_function(f"() => document.querySelector('{LIVE} .pt-hint').textContent.startsWith('Hint')")
    hint = page.inner_text(f"{LIVE} .pt-hint")
    assert "a Family player would" in hint and ":" in hint
    marked = page.locator(f"{LIVE} .pt-live-table .pt-hinted")
    assert marked.count() <= 1
    if marked.count():
        assert marked.get_attribute("data-legal") == "true"
    # Play on until a computer player has moved since the reader did: its move has a "why?".
    for _ in range(20):
        legal_move(page)
        if page.locator(f"{LIVE} .pt-why").count():
            break
    why = page.locator(f"{LIVE} .pt-why").last
    why.locator("summary").click()
    assert why.locator("p").inner_text().strip(), "the computer player's reason is shown"
    # The choice of hints and of the pace is remembered for this game.
    page.select_option(f"{LIVE} select[name=speed]", "slow")
    page.reload()
    wait_settled(page)
    assert page.is_checked(f"{LIVE} input[name=hints]")
    assert page.input_value(f"{LIVE} select[name=speed]") == "slow"


def test_an_example_plays_itself_and_goes_a_trick_at_a_time(page: Page, site_url: str) -> None:
    open_game(page, site_url, "whist")
    example = page.locator(".pt-example").first
    labels = example.locator(".pt-stepper button").all_inner_texts()
    assert all(label.isascii() for label in labels), f"no symbol a font may lack: {labels}"
    example.locator("button[aria-label='To the start']").click()
    page.wait_for_function("el => el.dataset.step === '0'", arg=example.element_handle())
    example.locator("[data-control=next-trick]").click()
    page.wait_for_function("el => el.querySelector('.pt-trick-done') !== null", arg=example.element_handle())
    # The caption names the trick's taker while the finished trick is on show.
    caption = example.locator(".pt-step-caption").inner_text()
    taker = example.locator(".pt-trick-note").inner_text().removeprefix("Trick taken by ").rstrip(".")
    assert taker in caption
    at = int(example.get_attribute("data-step") or "0")
    example.locator("[data-control=autoplay]").click()
    assert example.locator("[data-control=autoplay]").inner_text() == "Pause"
    page.wait_for_function(f"el => Number(el.dataset.step) > {at}", arg=example.element_handle(), timeout=10_000)
    example.locator("[data-control=autoplay]").click()
    assert example.locator("[data-control=autoplay]").inner_text() == "Play"


@pytest.mark.parametrize("game", ["one-eyed-jack", "tuck", "carioca"])
def test_no_empty_details_box_shows_before_a_hand_has_ended(page: Page, site_url: str, game: str) -> None:
    """The last hand's box is hidden until a hand has ended; the theme's display rule once showed it as 'Details'."""
    open_game(page, site_url, game)
    boxes = page.locator(f"{LIVE} details")
    shown = [boxes.nth(i) for i in range(boxes.count()) if boxes.nth(i).is_visible()]
    assert shown, "the table has its folded boxes (settings, story)"
    for box in shown:
        assert box.locator("summary").count() == 1 and box.locator("summary").inner_text().strip() != "Details"
