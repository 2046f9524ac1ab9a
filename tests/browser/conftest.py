"""A real browser on the built site: Debian's Chromium driven by Playwright, the site served on 127.0.0.1.

`make test` builds the site (with the Pyodide runtime and the engine wheel in site/pyodide/) before
running these tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from chromium_site import CHROMIUM, CHROMIUM_ARGS, SiteServer
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"


@pytest.fixture(scope="session")
def site_server() -> Iterator[SiteServer]:
    lock = SITE / "pyodide" / "pyodide-lock.json"
    assert lock.exists(), "the site is not built with its Pyodide runtime: run `make site` (make test does)"
    with SiteServer(SITE) as server:
        yield server


@pytest.fixture(scope="session")
def site_url(site_server: SiteServer) -> str:
    return site_server.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: `make test` installs it"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


class Console:
    """Console errors and uncaught page errors seen during a test."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Page) -> None:
        page.on("console", lambda message: self.errors.append(f"console: {message.text}")
                if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))


@pytest.fixture
def console() -> Console:
    return Console()


@pytest.fixture
def page(browser: Browser, console: Console) -> Iterator[Page]:
    # No service worker: its offline copy of the whole site would be fetched in every test
    # (tests/browser/test_site_pages.py tests it in contexts of its own).
    context = browser.new_context(viewport={"width": 1200, "height": 1000}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(60_000)
    console.watch(page)
    yield page
    context.close()
    assert console.errors == [], f"errors in the browser console: {console.errors}"
