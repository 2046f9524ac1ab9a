"""Rules on paper, in Chromium's print media: a game page prints as a clean rules sheet (no navigation,
live table or buttons; the quick reference, the readings and each example's last position kept), the
quick reference and a blank score sheet each print on a page by themselves, and cards print their
suit letters. A trick game, Cribbage and Casino."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from test_live_tables import LIVE, open_game
from test_site_pages import axe_served, axe_violations  # noqa: F401 (a fixture)

PRINTED = ["hearts", "cribbage", "casino"]
#: Stands in for the browser's print dialog: notes what was to be printed when print() was called.
FAKE_PRINT = """() => { window.printed = [];
  window.print = () => window.printed.push({ part: document.documentElement.dataset.printPart || "",
    sheetOpen: document.querySelector(".pt-sheet").open }); }"""


def visible(page: Page, selector: str) -> int:
    return page.locator(f"{selector} >> visible=true").count()


def pdf_pages(page: Page) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4")))


@pytest.mark.parametrize("game", PRINTED)
def test_a_game_page_prints_as_a_clean_rules_sheet(page: Page, site_url: str, game: str) -> None:
    open_game(page, site_url, game)
    # On screen: the live table, its buttons, the examples' steppers and the print buttons are there.
    assert visible(page, LIVE) == 1 and visible(page, ".pt-stepper") >= 2
    assert visible(page, ".pt-print-buttons button") == 2
    assert visible(page, ".pt-example-final") == 0
    page.emulate_media(media="print")
    for gone in ("nav", ".md-header", ".md-footer", ".md-sidebar", LIVE, ".pt-strengths", "button", "a.md-button",
                 "[role=toolbar]", ".pt-story", ".pt-probes", ".pt-sheet", "h2#play-" + game):
        assert visible(page, gone) == 0, f"{gone} prints"
    # Kept: the quick reference first, the readings, every example's caption and its last position.
    assert visible(page, ".pt-quickref") == 1 and visible(page, ".pt-quickref-lines li") <= 11
    assert visible(page, ".pt-readings") == 1
    examples = page.locator(".pt-example")
    finals = 0
    for k in range(examples.count()):
        example = examples.nth(k)
        assert example.locator(".pt-example-title + p").is_visible()  # the caption
        if example.locator(".pt-example-final").count():
            finals += 1
            assert example.locator(".pt-example-final").is_visible()
            assert not example.locator(".pt-example-table").is_visible()
        else:  # the table drawn is the last position, or the last one holds no cards
            assert example.locator(".pt-example-table").is_visible()
    assert finals >= 1
    # Cards print their suit letters (hidden on screen), in the corner signs every card draws.
    letter = "() => getComputedStyle(document.querySelector('#pc-corner-2 .pc-suit-letter')).display"
    assert page.evaluate(letter) != "none"
    page.emulate_media(media="screen")
    assert page.evaluate(letter) == "none"


def test_examples_print_their_last_positions(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/games/cribbage/")
    page.emulate_media(media="print")
    # A game won mid-play: the middle of the table as it ended, cards drawn.
    final = page.locator(".pt-example", has_text="A short game to 61").locator(".pt-example-final")
    assert final.is_visible() and final.locator(".pc-card >> visible=true").count() >= 2
    # A hand played out: what it came to.
    summary = page.locator(".pt-example", has_text="A 29 hand").locator(".pt-final-summary")
    assert summary.is_visible() and "twenty-nine" in summary.inner_text()
    page.goto(f"{site_url}/games/casino/")
    page.emulate_media(media="print")
    sweep = page.locator(".pt-example", has_text="Two sweeps").locator(".pt-example-final")
    assert sweep.is_visible() and "The table at the end" in sweep.inner_text()


@pytest.mark.parametrize("game", ["hearts", "cribbage", "back-alley"])  # back-alley: 26 deals
def test_the_quick_reference_and_a_score_sheet_print_on_a_page_each(page: Page, site_url: str, game: str) -> None:
    page.goto(f"{site_url}/games/{game}/")
    page.wait_for_selector(".pt-print-buttons:not([hidden])")
    page.evaluate(FAKE_PRINT)

    page.click("text=Print the quick reference")
    assert page.evaluate("() => window.printed") == [{"part": "quickref", "sheetOpen": False}]
    page.emulate_media(media="print")  # as the browser prints it, before it says it is done
    assert visible(page, ".pt-quickref-lines") == 1 and visible(page, "h1") == 0
    assert visible(page, ".pt-example") == 0 and visible(page, ".pt-blank-sheet") == 0
    assert visible(page, ".pt-info-panel") == 0 and visible(page, ".pt-readings") == 0
    assert pdf_pages(page) == 1
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    assert page.evaluate("() => document.documentElement.dataset.printPart") is None
    assert pdf_pages(page) > 2  # the whole rules sheet again

    page.emulate_media(media="screen")
    page.click("text=Print a score sheet")
    assert page.evaluate("() => window.printed")[-1] == {"part": "sheet", "sheetOpen": True}
    page.emulate_media(media="print")
    assert visible(page, ".pt-blank-sheet") == 1 and visible(page, ".pt-quickref-lines") == 0
    assert visible(page, f".pt-sheet-title >> text=score sheet") == 1
    assert pdf_pages(page) == 1
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    page.emulate_media(media="screen")
    assert page.evaluate("() => document.querySelector('.pt-sheet').open") is False  # as the reader left it


def test_the_quick_reference_and_an_open_score_sheet_are_accessible(page: Page, site_url: str,
                                                                      axe_served: None) -> None:
    open_game(page, site_url, "twenty-five")  # nine columns: the widest sheet
    page.click(".pt-sheet summary")
    assert page.locator(".pt-blank-sheet").is_visible()
    # A phone's width: the wide sheet scrolls in its own box, not the page.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    for scheme, material in (("light", "default"), ("dark", "slate")):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function(f"() => document.body.dataset.mdColorScheme === '{material}'")
        assert axe_violations(page) == []
