"""Rules on paper, as Chromium prints them (print media): for a trick game, Cribbage and Casino, the first
page of the rules sheet, the first worked example as printed, the quick reference by itself and the blank
score sheet by itself; saved to screenshots/print/ (A4 width, 794 px) with an index.

    python tests/print_screenshots.py                  # Hearts, Cribbage and Casino
    python tests/print_screenshots.py --game whist     # another game (repeatable)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "tests"))

import parlour  # noqa: E402
from chromium_site import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

OUT = ROOT / "screenshots" / "print"
GAMES = ("hearts", "cribbage", "casino")
A4 = (794, 1123)  # 210 × 297 mm at 96 px an inch
PART = """(part) => { document.documentElement.dataset.printPart = part;
  document.querySelector('.pt-sheet').open = part === 'sheet'; }"""


def sheet_at(page: Page, path: Path, top: float = 0) -> Path:
    """One A4 page's worth of the printed page from ``top`` down."""
    height = page.evaluate("() => document.documentElement.scrollHeight")
    clip = {"x": 0, "y": top, "width": A4[0], "height": min(A4[1], height - top)}
    page.screenshot(path=str(path), full_page=True, clip=clip)
    return path


def shoot(page: Page, url: str, game: str) -> list[Path]:
    page.goto(f"{url}/games/{game}/")
    page.wait_for_load_state("load")  # nothing more: the card engine starts only when a reader plays
    page.emulate_media(media="print")
    shots = [sheet_at(page, OUT / f"{game}-rules.png")]
    example = page.evaluate("() => document.querySelector('.pt-example').getBoundingClientRect().top + scrollY")
    shots.append(sheet_at(page, OUT / f"{game}-example.png", max(0, example - 20)))
    for part in ("quickref", "sheet"):
        page.evaluate(PART, part)
        shots.append(sheet_at(page, OUT / f"{game}-{part}.png"))
    page.evaluate("() => { delete document.documentElement.dataset.printPart; }")
    page.emulate_media(media="screen")
    return shots


def write_index(games: list[str]) -> None:
    lines = ["# Rules on paper", "",
             "Made by `python tests/print_screenshots.py` (Chromium's print media, A4 width): the first page of",
             "the rules sheet, the first worked example as printed (its last position, not its step-by-step",
             "story), and the quick reference and a blank score sheet, each printed by itself.", ""]
    for game in games:
        name = parlour.spec(game).info.name
        lines += [f"## {name}", ""] + [f"![{name}: {what}]({game}-{part}.png)" for part, what in
                                       (("rules", "the rules sheet"), ("example", "a worked example"),
                                        ("quickref", "the quick reference"), ("sheet", "a score sheet"))] + [""]
    (OUT / "README.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (repeatable); Hearts, Cribbage and Casino if none")
    args = parser.parse_args()
    ids = [spec.info.id for spec in parlour.games()]
    games = args.game or list(GAMES)
    unknown = [g for g in games if g not in ids]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(ids)}")
    OUT.mkdir(parents=True, exist_ok=True)
    with SiteServer(ROOT / "site") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(viewport={"width": A4[0], "height": A4[1]}, service_workers="block")
        page = context.new_page()
        page.set_default_timeout(60_000)
        for game in games:
            for path in shoot(page, server.url, game):
                print(path.relative_to(ROOT), flush=True)
        browser.close()
    write_index(games)


if __name__ == "__main__":
    main()
