"""`make screenshots`: every game's live table as a player meets it, on a desk (1366×900) and on a
phone (390×844), in Chromium, saved to screenshots/ (linked from the README).

Each picture is taken after pressing the page's "Play" button at the top and, for a game with
turns, after the reader's first move, so that the table shows a game under way.

    python tests/screenshots.py                 # every game
    python tests/screenshots.py --game hearts   # one game
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import parlour  # noqa: E402
from chromium_site import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

SIZES = {"desk": (1366, 900), "phone": (390, 844)}
OUT = ROOT / "screenshots"
LIVE = ".pt-live"
READY = ("() => (el => el && el.dataset.step !== undefined && !el.hasAttribute('aria-busy'))"
         "(document.querySelector('.pt-live'))")
TURN = "() => (el => el.dataset.state === 'your-turn' && !el.hasAttribute('aria-busy'))(document.querySelector('.pt-live'))"


def shoot(page: Page, url: str, game: str, size: str) -> Path:
    page.goto(f"{url}/games/{game}/")
    page.click(".pt-play-now a")  # the engine starts when the reader goes to the table
    page.wait_for_function(READY)
    realtime = page.get_attribute(LIVE, "data-realtime") is not None
    if not realtime:
        page.wait_for_function(TURN)
        first = page.locator(f"{LIVE} .pt-live-table [data-legal=true]").first
        if first.count():
            step = page.get_attribute(LIVE, "data-step")
            first.click()
            page.wait_for_function(
                "(step) => (el => el.dataset.step !== step && !el.hasAttribute('aria-busy'))"
                "(document.querySelector('.pt-live'))", arg=step)
    else:  # a race waits for the reader's Start
        page.wait_for_function("() => document.querySelector('.pt-live').dataset.state")
        if page.get_attribute(LIVE, "data-state") == "start":
            page.click(f"{LIVE} [data-control=start]")
    page.wait_for_timeout(600)  # let a race's computer players make a move or two
    page.locator(LIVE).scroll_into_view_if_needed()
    page.evaluate("() => document.querySelector('.pt-live').scrollIntoView({block: 'start'})")
    path = OUT / f"{game}-{size}.jpg"
    page.screenshot(path=str(path), type="jpeg", quality=70)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable); every game if none")
    args = parser.parse_args()
    ids = [spec.info.id for spec in parlour.games()]
    games = args.game or ids
    unknown = [g for g in games if g not in ids]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(ids)}")
    OUT.mkdir(exist_ok=True)
    with SiteServer(ROOT / "site") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for game in games:
            for size, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                                              is_mobile=size == "phone", has_touch=size == "phone")
                page = context.new_page()
                page.set_default_timeout(60_000)
                print(shoot(page, server.url, game, size).relative_to(ROOT), flush=True)
                context.close()
        browser.close()
    write_index(ids)


def write_index(ids: list[str]) -> None:
    """screenshots/README.md: every picture, game by game (the README links here)."""
    lines = ["# The live tables, as a player sees them", "",
             "Made by `make screenshots` (Chromium, after the first move; desk 1366×900, phone 390×844).", ""]
    for game in ids:
        name = parlour.spec(game).info.name
        lines += [f"## {name}", "", f"![{name} on a desk]({game}-desk.jpg) ![{name} on a phone]({game}-phone.jpg)", ""]
    (OUT / "README.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
