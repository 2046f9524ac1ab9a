"""Light pages: a reader who only reads a game page pays for its text, and the card engine
(Pyodide and the engine wheel, some 13 MB) starts only when the reader reaches for a table: a press
on it or its Play button, focus inside it, its scrolling near the screen, or an idle moment on a
connection the browser says is free."""

from __future__ import annotations

from typing import Iterator

import pytest
from chromium_site import SiteServer
from playwright.sync_api import Browser, Page
from test_live_tables import LIVE, reach_table, state, wait_settled

import parlour

#: The files of the engine: none may be fetched for a reader who has not reached for a table.
RUNTIME = ("/pyodide/",)
#: Nor the site's search index, which waits for the search box.
SEARCH_INDEX = "/search/search_index.json"
#: What a game page may cost a reader who only reads (compressed, as a static host sends it).
READ_ONLY_BUDGET = 400_000
#: How long a reader "does nothing" before the requests are looked at.
QUIET_MS = 3000


def runtime_requests(downloads: list[tuple[str, int]]) -> list[str]:
    return [path for path, _ in downloads if path.startswith(RUNTIME) or SEARCH_INDEX in path]


@pytest.fixture
def cold_page(browser: Browser) -> Iterator[Page]:
    """A page with no service worker and the browser's cache off: every visit is a first visit."""
    context = browser.new_context(viewport={"width": 1366, "height": 900}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.context.new_cdp_session(page).send("Network.setCacheDisabled", {"cacheDisabled": True})
    yield page
    context.close()


def test_every_game_page_costs_a_reader_who_only_reads_at_most_400_kb(cold_page: Page, site_server: SiteServer) -> None:
    costs = {}
    for spec in parlour.games():
        game = spec.info.id
        site_server.take_downloads()
        cold_page.goto(f"{site_server.url}/games/{game}/", wait_until="load")
        cold_page.wait_for_timeout(500)  # what the page's scripts fetch once it has loaded
        downloads = site_server.take_downloads()
        assert runtime_requests(downloads) == [], f"{game}: the engine was fetched for a reader who only reads"
        costs[game] = sum(size for _, size in downloads)
    assert max(costs.values()) <= READ_ONLY_BUDGET, {game: cost for game, cost in costs.items() if cost > READ_ONLY_BUDGET}


@pytest.mark.parametrize("game", ["hearts", "cribbage", "burraco"])
def test_no_runtime_request_before_the_reader_reaches_for_the_table(cold_page: Page, site_server: SiteServer,
                                                                    game: str) -> None:
    """Load the page, scroll nothing, wait: nothing of the engine is asked for. The table offers Play."""
    site_server.take_downloads()
    cold_page.goto(f"{site_server.url}/games/{game}/")
    cold_page.wait_for_timeout(QUIET_MS)
    assert runtime_requests(site_server.take_downloads()) == []
    assert cold_page.locator(f"{LIVE} [data-control=play]").count() == 1
    assert cold_page.get_attribute(LIVE, "data-step") is None


def test_pressing_play_shows_the_loading_where_it_was_pressed_and_deals(cold_page: Page, site_server: SiteServer) -> None:
    cold_page.goto(f"{site_server.url}/games/hearts/")
    site_server.take_downloads()
    reach_table(cold_page)
    # The reader sees the engine arrive, file by file, in the place of the button.
    cold_page.wait_for_function(f"() => /Downloading|Starting|Loading/.test(document.querySelector('{LIVE} .pt-loading').textContent)")
    assert cold_page.locator(f"{LIVE} .pt-loading progress").is_visible()
    wait_settled(cold_page)
    assert state(cold_page) == "your-turn"
    assert any(path.endswith("pyodide.asm.wasm") for path in runtime_requests(site_server.take_downloads()))


def test_the_play_link_at_the_top_starts_the_engine(cold_page: Page, site_server: SiteServer) -> None:
    cold_page.goto(f"{site_server.url}/games/cribbage/")
    cold_page.click(".pt-play-now a")
    wait_settled(cold_page)
    assert state(cold_page) in ("your-turn", "over")


def test_scrolling_the_table_near_the_screen_starts_the_engine(cold_page: Page, site_server: SiteServer) -> None:
    cold_page.goto(f"{site_server.url}/games/burraco/")
    cold_page.evaluate(f"() => scrollTo(0, document.querySelector('{LIVE}').getBoundingClientRect().top + scrollY - 1000)")
    cold_page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.step !== undefined")


def test_a_step_of_an_example_before_the_engine_is_ready_is_answered(cold_page: Page, site_server: SiteServer) -> None:
    cold_page.goto(f"{site_server.url}/games/hearts/")
    example = cold_page.locator(".pt-example[data-record]").first
    example.locator("button[aria-label='Next step']").click()
    caption = example.locator(".pt-step-caption")
    assert caption.inner_text() != ""  # the wait is said (the engine's steps), never silent
    cold_page.wait_for_function("() => document.querySelector('.pt-example[data-record]').dataset.step === '1'")
    assert "Loading" not in caption.inner_text() and "Downloading" not in caption.inner_text()


FREE_CONNECTION = """Object.defineProperty(Navigator.prototype, "connection",
  { get: () => ({ type: "__TYPE__", saveData: __SAVE__ }) });"""


@pytest.mark.parametrize("kind, save_data, loads", [("wifi", "false", True), ("wifi", "true", False),
                                                    ("cellular", "false", False)])
def test_the_engine_loads_while_idle_only_on_a_free_connection(browser: Browser, site_server: SiteServer,
                                                               kind: str, save_data: str, loads: bool) -> None:
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(FREE_CONNECTION.replace("__TYPE__", kind).replace("__SAVE__", save_data))
        page.goto(f"{site_server.url}/games/hearts/")
        if loads:
            page.wait_for_function(f"() => document.querySelector('{LIVE}').dataset.step !== undefined", timeout=60_000)
        else:
            page.wait_for_timeout(QUIET_MS)
            assert page.get_attribute(LIVE, "data-step") is None
            assert page.locator(f"{LIVE} [data-control=play]").count() == 1
    finally:
        context.close()


def test_the_first_deal_is_on_the_page_before_the_engine(cold_page: Page, site_server: SiteServer) -> None:
    """The build draws the engine's first deal into the page: the table, the prompt and the moves."""
    site_server.take_downloads()
    cold_page.goto(f"{site_server.url}/games/cribbage/")
    assert cold_page.get_attribute(LIVE, "data-preview") == "true"
    assert cold_page.locator(f"{LIVE} .pt-live-table .pc-card").count() >= 6
    assert cold_page.inner_text(f"{LIVE} .pt-prompt") != ""
    assert cold_page.locator(f"{LIVE} [data-control=deal]").count() == 1
    assert runtime_requests(site_server.take_downloads()) == []


def test_the_first_move_before_the_engine_is_ready_is_kept_and_made(cold_page: Page, site_server: SiteServer) -> None:
    cold_page.goto(f"{site_server.url}/games/briscas/")
    card = cold_page.locator(f"{LIVE} .pt-live-table [data-action][data-legal=true]").first
    action = card.get_attribute("data-action")
    card.click()  # the engine starts with the press, and is still loading
    assert cold_page.get_attribute(LIVE, "data-step") is None
    assert "kept" in (cold_page.text_content(f"{LIVE} .pt-message") or "")
    cold_page.wait_for_function(f"() => (el => el.dataset.step !== undefined && el.dataset.step !== '0')(document.querySelector('{LIVE}'))")
    wait_settled(cold_page)
    record = cold_page.evaluate(f"() => document.querySelector('{LIVE}').parlourTable.record")
    assert record["seed"] == 1 and record["actions"][0] == action
    assert "kept" not in cold_page.inner_text(f"{LIVE} .pt-message")
