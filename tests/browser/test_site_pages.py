"""The pages around the games, in Chromium: accessibility (axe-core) in light and dark, the
Content-Security-Policy with the live tables working under it, the game finder, the colour
schemes, the site search, and offline play through the service worker."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from chromium_site import SiteServer
from playwright.sync_api import Browser, BrowserContext, Page
from test_live_tables import LIVE, legal_move, press_start, quick_settings, reach_table, state, step, wait_settled

import parlour

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
sys.path.insert(0, str(ROOT / "docs"))
from macros import page_url  # noqa: E402

AXE = ROOT / "playable" / "node_modules" / "axe-core" / "axe.min.js"
#: Every page of the site, as its address below the root ("" is the home page).
PAGES = sorted(page_url(str(p.relative_to(ROOT / "docs"))) for p in (ROOT / "docs").rglob("*.md")) + ["404.html"]
GAMES = [spec.info.id for spec in parlour.games()]
BLOCKING = ("critical", "serious", "moderate")

# Collects the page's CSP violations from its very start.
WATCH_POLICY = """window.policyViolations = [];
document.addEventListener("securitypolicyviolation", (event) => window.policyViolations.push(
  `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`));"""


def axe_violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """axe-core's critical, serious and moderate findings (of every rule, or of ``rules``), one line
    each. The site's server hands out the pinned npm copy of axe (fixture ``axe_served``), so the
    page's policy lets it run like any script of the site's own."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(url="/__axe__.js")
    options = {"resultTypes": ["violations"], **({"runOnly": {"type": "rule", "values": rules}} if rules else {})}
    results = page.evaluate("(options) => axe.run(document, options)", options)
    return [f"{v['impact']} {v['id']} ×{len(v['nodes'])}: {v['nodes'][0]['target']} {v['help']}"
            for v in results["violations"] if v["impact"] in BLOCKING]


def policy_problems(page: Page, console: list[str]) -> list[str]:
    return page.evaluate("() => window.policyViolations") + [m for m in console if "Content Security Policy" in m]


def mid_game(page: Page, game: str) -> None:
    """The live table loaded, its game under way: a few moves played, the history open."""
    if page.get_attribute(LIVE, "data-realtime") is None:
        wait_settled(page)
    else:
        # A race waits for Start; at its gentlest pace the reader's first chance may be a minute away,
        # so it is started and set to the fast pace at once.
        press_start(page)
    quick_settings(page, game)
    for _ in range(3):
        if state(page) != "your-turn":
            break
        legal_move(page)
    page.evaluate("() => document.querySelectorAll('.pt-live details').forEach((d) => { d.open = true; })")


@pytest.fixture
def axe_served(site_server: SiteServer) -> None:
    site_server.stand_ins["/__axe__.js"] = AXE


@pytest.fixture
def watched(browser: Browser, console: Any) -> Iterator[tuple[Page, list[str]]]:
    """A page whose CSP violations and console messages are collected."""
    # Without the service worker (the offline tests below check it, and its policy, on their own).
    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme="light",
                                  service_workers="block")
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(WATCH_POLICY)
    console.watch(page)
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    yield page, messages
    context.close()
    assert console.errors == [], f"errors in the browser console: {console.errors}"


def page_problems(page: Page, messages: list[str], site_url: str, path: str) -> dict[str, list[str]]:
    """What is wrong with one page: axe's findings in light and in dark (a game page mid-game, its
    table working under the policy, WebAssembly and all), and the CSP violations it caused."""
    messages.clear()
    page.goto(f"{site_url}/{path}")
    game = re.fullmatch(r"games/([a-z0-9-]+)/", path)
    if game and game[1] in GAMES:
        reach_table(page)  # the engine starts when the reader reaches for the table
        mid_game(page, game[1])
        if state(page) not in ("your-turn", "over"):
            return {"table": [f"the table is {state(page)!r}, not under way"]}
    found = {}
    # Every rule in light; in dark only what the colours change (contrast), as the rest is the same page.
    for scheme, material, rules in (("light", "default", None), ("dark", "slate", ["color-contrast"])):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function(f"() => document.body.dataset.mdColorScheme === '{material}'")
        found[scheme] = axe_violations(page, rules)
    found["policy"] = policy_problems(page, messages)
    return {what: problems for what, problems in found.items() if problems}


#: The pages are checked in a few rounds, each visiting its pages in turn in one browser page (a
#: browser per page would take minutes more), so that the test workers share the three minutes.
ROUNDS = 4


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_every_page_is_accessible_in_both_schemes_and_keeps_to_its_policy(watched, axe_served: None,
                                                                          site_url: str, round_: int) -> None:
    """Every page's problems in this round are reported together."""
    page, messages = watched
    found = {path or "home": problems for path in PAGES[round_::ROUNDS]
             if (problems := page_problems(page, messages, site_url, path))}
    assert found == {}


def test_every_page_of_the_site_is_in_an_accessibility_round() -> None:
    assert len(PAGES) > len(GAMES) + 5
    assert sorted(path for round_ in range(ROUNDS) for path in PAGES[round_::ROUNDS]) == sorted(PAGES)


def test_the_finder_filters_sorts_and_keeps_its_choices_in_the_address(watched, site_url: str) -> None:
    page, _ = watched
    page.goto(f"{site_url}/games/")
    items = page.locator(".pt-finder-list > li")
    shown = page.locator(".pt-finder-list > li:not([hidden])")
    assert items.count() == len(GAMES) and shown.count() == len(GAMES)
    two = [s.info for s in parlour.games() if 2 in s.info.players]
    page.select_option("select[name=players]", "2")
    assert sorted(shown.evaluate_all("els => els.map((e) => e.dataset.name)")) == sorted(i.name.lower() for i in two)
    assert page.inner_text(".pt-finder-count") == f"{len(two)} of {len(GAMES)} games fit"
    page.select_option("select[name=age]", "7")
    young = [i for i in two if i.min_age <= 7]
    assert shown.count() == len(young) > 0
    page.select_option("select[name=sort]", "time")
    minutes = shown.evaluate_all("els => els.map((e) => Number(e.dataset.minutes.split(' ')[0]))")
    assert minutes == sorted(minutes)
    assert "players=2" in page.url and "age=7" in page.url and "sort=time" in page.url
    page.reload()  # the address brings the same choices back
    assert shown.count() == len(young)
    page.select_option("select[name=kind]", "patience")
    assert shown.count() == 0 and "No game fits" in page.inner_text(".pt-finder-count")
    page.click(".pt-finder-form button[type=reset]")
    page.wait_for_function(f"() => document.querySelectorAll('.pt-finder-list > li:not([hidden])').length === {len(GAMES)}")
    assert "?" not in page.url
    page.goto(f"{site_url}/?kind=patience")  # the home page has the finder too
    infos = [s.info for s in parlour.games()]
    patience = sorted(i.name for i in infos if "patience" in i.kinds)
    assert "Accordion" in patience
    assert sorted(page.locator(".pt-finder-list > li:not([hidden]) .pt-game-name").all_inner_texts()) == patience
    page.select_option("select[name=skill]", "0")
    assert shown.count() == len([i for i in infos if "patience" in i.kinds and 0 in i.skill_levels()])


def test_the_finder_puts_the_best_fits_first_and_says_why_a_game_is_listed(watched, site_url: str) -> None:
    """"4 players, age 10, half an hour": games sure to fit the half hour first (least skill first among
    them), then those that may run long, each saying so."""
    page, _ = watched
    page.goto(f"{site_url}/games/?players=4&age=10&time=30")
    infos = {i.name.lower(): i for i in (s.info for s in parlour.games())}
    shown = page.locator(".pt-finder-list > li:not([hidden])")
    names = shown.evaluate_all("els => els.map((e) => e.dataset.name)")
    expected = {n for n, i in infos.items() if 4 in i.players and i.min_age <= 10 and i.minutes[0] <= 30}
    assert set(names) == expected and len(names) > 5
    within = [max(infos[n].minutes) <= 30 for n in names]
    assert within == sorted(within, reverse=True) and any(within) and not all(within)
    fitting = [n for n in names if max(infos[n].minutes) <= 30]
    skills = [min(infos[n].skill_levels()) for n in fitting]
    assert skills == sorted(skills)
    whys = shown.locator(".pt-game-why").all_inner_texts()
    for name, why in zip(names, whys):
        low, high = infos[name].minutes
        span = f"{low}–{high} min" if high > low else f"{low} min"
        assert why == (f"{span}: fits your half hour" if high <= 30 else f"{span}: may run long"), (name, why)
    assert page.locator("select[name=sort]").input_value() == "fit" and "sort=" not in page.url
    page.select_option("select[name=time]", "")  # no time asked: nothing to say about length
    assert all(not why for why in shown.locator(".pt-game-why").all_inner_texts())


def test_without_javascript_the_finder_is_a_plain_list(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/games/")
        assert page.locator(".pt-finder-form").is_hidden()
        names = page.locator(".pt-finder-list .pt-game-name").all_inner_texts()
        assert names == [s.info.name for s in parlour.games()]
    finally:
        context.close()


def test_game_names_never_break_inside_a_word(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{site_url}/games/")
        broken = page.evaluate("""() => {
          const broken = [];
          for (const link of document.querySelectorAll('.pt-game-name')) {
            const text = link.firstChild;
            for (const word of text.textContent.matchAll(/\\S+/g)) {
              const range = document.createRange();
              range.setStart(text, word.index);
              range.setEnd(text, word.index + word[0].length);
              if (range.getClientRects().length !== 1) broken.push(word[0]);
            }
          }
          return broken;
        }""")
        assert broken == []
    finally:
        context.close()


def table_colours(page: Page) -> tuple[str, str]:
    """The example table's background and text colours."""
    return tuple(page.eval_on_selector(".pt-example .pt-table",
                                       "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"))


def test_the_colours_follow_the_system_and_the_toggle_remembers_a_choice(browser: Browser, site_url: str) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/games/hearts/")
        assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
        assert table_colours(page) == ("rgb(35, 53, 42)", "rgb(238, 238, 238)")
        page.emulate_media(color_scheme="light")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
        assert table_colours(page) == ("rgb(232, 243, 234)", "rgb(26, 26, 26)")
        # The toggle goes from "follow the system" to light, then dark, which stays after a reload.
        page.click("label[title^='Colours follow your system']")
        page.click("label[title^='Light colours']")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        page.reload()
        assert page.evaluate("() => document.body.dataset.mdColorScheme") == "slate"
    finally:
        context.close()


def test_on_a_game_page_the_search_index_waits_for_the_reader_and_then_searches(watched, site_url: str) -> None:
    """The 400 kB index is not fetched while the card engine loads; going to the search box fetches it."""
    page, _ = watched
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{site_url}/games/hearts/")
    reach_table(page)
    wait_settled(page)
    assert state(page) == "your-turn"
    assert not [url for url in fetched if "search_index" in url], "the index was fetched before anyone searched"
    page.click(".md-search__input")
    page.keyboard.type("euchre")
    page.wait_for_function("() => /matching document/.test(document.querySelector('.md-search-result__meta').textContent)")
    assert [url for url in fetched if url.endswith("/search/search_index.json")]
    assert "/games/euchre/" in page.eval_on_selector(".md-search-result__link", "el => el.href")


@pytest.mark.parametrize("words, expected", [
    ("two players", {s.info.id for s in parlour.games() if 2 in s.info.players}),
    ("solitaire", {s.info.id for s in parlour.games() if s.info.players == (1,)}),
    ("kids", {s.info.id for s in parlour.games() if s.info.min_age <= 8}),
    ("children", {s.info.id for s in parlour.games() if s.info.min_age <= 8}),
])
def test_the_site_search_finds_games_by_the_words_people_use(watched, site_url: str, words: str,
                                                             expected: set[str]) -> None:
    page, _ = watched
    page.goto(f"{site_url}/")
    page.click(".md-search__input")
    page.keyboard.type(words)
    page.wait_for_function("() => /matching document/.test(document.querySelector('.md-search-result__meta').textContent)")
    # The theme shows ten results at first and more as the list is scrolled: scroll until all are there.
    items = page.locator(".md-search-result__item")
    shown = -1
    while items.count() != shown:
        shown = items.count()
        page.eval_on_selector(".md-search__scrollwrap", "el => { el.scrollTop = el.scrollHeight; }")
        page.wait_for_timeout(300)
    found = page.eval_on_selector_all(".md-search-result__item > .md-search-result__link",
                                      "els => els.map((e) => new URL(e.href).pathname)")
    pages = list(dict.fromkeys(found))  # a page's sections come with it: keep its first place
    # Pages about families of games may be found too; among the games, the ones that fit come first.
    games = [m[1] for p in pages if (m := re.fullmatch(r"/games/([a-z0-9-]+)/", p))]
    # The games found first all fit; the theme's search shows at most 14 or so pages of a word that
    # every section of a page carries as a tag, so with more games than that the last may be missing.
    first = games[:len(expected)]
    assert set(first) <= expected and len(set(first)) >= min(len(expected), 14)


# ---- offline -------------------------------------------------------------------------------------

def until(page: Page, script: str, seconds: float = 120) -> Any:
    """Evaluate an async page function until it returns something truthy."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = page.evaluate(script)
        if value:
            return value
        page.wait_for_timeout(250)
    raise AssertionError(f"never true: {script}")


# The service worker's cache for this build, once it holds ``paths`` (relative to the site root).
CACHED = """async (paths) => {
  const names = (await caches.keys()).filter((name) => name.startsWith('parlour-'));
  if (names.length !== 1) return false;
  const cache = await caches.open(names[0]);
  for (const path of paths) if (!(await cache.match(new URL(path, location.origin + '/').href))) return false;
  return names[0];
}"""


def cached(page: Page, *paths: str) -> str:
    return until(page, f"() => ({CACHED})({list(paths)!r})")


@pytest.fixture
def own_site() -> Iterator[SiteServer]:
    """The site on a server of its own, which a test may stop (the network really gone)."""
    with SiteServer(SITE) as server:
        yield server


@pytest.fixture
def fresh_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context with the service worker allowed, whose pages' CSP violations must be none."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    context.set_default_timeout(60_000)
    refused: list[str] = []  # the browser reports each violation in the console, page after page
    context.on("console", lambda message: refused.append(message.text)
               if "Content Security Policy" in message.text else None)
    yield context
    context.close()
    assert refused == []


# The engine's memory snapshot, once the service worker keeps it (assets/worker.js).
SNAPSHOT_KEPT = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith('parlour-'));
  if (names.length !== 1) return false;
  return (await (await caches.open(names[0])).keys()).some((request) => request.url.endsWith('.snapshot'));
}"""


def test_after_one_visit_every_game_page_plays_offline(own_site: SiteServer, fresh_context: BrowserContext) -> None:
    page = fresh_context.new_page()
    page.goto(f"{own_site.url}/games/hearts/")
    reach_table(page)
    wait_settled(page)
    version = cached(page, "games/whist/", "assets/table.js", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip")
    until(page, f"() => ({SNAPSHOT_KEPT})()")
    fresh_context.set_offline(True)
    own_site.shutdown()  # and nothing answers any more, whatever the browser's emulation covers
    page.goto(f"{own_site.url}/games/whist/")  # never visited
    reach_table(page)
    wait_settled(page)
    # The engine started from the snapshot the first visit had made, whist's rules included.
    assert page.evaluate("async () => (await window.parlour.currentEngine()).restored") is True
    before = step(page)
    legal_move(page)
    assert step(page) != before
    page.goto(f"{own_site.url}/")
    assert page.locator(".pt-finder-list > li").count() == len(GAMES)
    assert page.evaluate(f"() => ({CACHED})([])") == version


# Put ``bytes`` in the service worker's cache as the engine's snapshot (assets/worker.js names it).
PUT_SNAPSHOT = """async (size) => {
  const { version } = await import('/pyodide/pyodide.mjs');
  const lock = await (await fetch('/pyodide/pyodide-lock.json')).json();
  const url = new URL(`/pyodide/parlour-${version}-${lock.packages.parlour.sha256.slice(0, 16)}.snapshot`, location.href).href;
  const names = (await caches.keys()).filter((name) => name.startsWith('parlour-'));
  await (await caches.open(names[0])).put(url, new Response(new Uint8Array(size).fill(7)));
  return url;
}"""
SNAPSHOT_SIZE = """async (url) => {
  const names = (await caches.keys()).filter((name) => name.startsWith('parlour-'));
  const kept = await (await caches.open(names[0])).match(url);
  return kept ? (await kept.arrayBuffer()).byteLength : 0;
}"""


def test_a_snapshot_the_runtime_refuses_is_put_away_and_the_engine_starts_without_it(
        own_site: SiteServer, fresh_context: BrowserContext) -> None:
    page = fresh_context.new_page()
    page.goto(f"{own_site.url}/games/hearts/")
    cached(page, "games/hearts/")
    page.reload()  # now a page the service worker controls: its engine looks for a snapshot
    url = page.evaluate(PUT_SNAPSHOT, 4096)
    reach_table(page)
    wait_settled(page)
    assert state(page) == "your-turn"
    assert page.evaluate("async () => (await window.parlour.currentEngine()).restored") is False
    assert page.evaluate(SNAPSHOT_SIZE, url) != 4096  # gone (or already made again, properly)


def test_a_page_only_read_still_reads_offline_and_its_visit_fetched_no_runtime(
        own_site: SiteServer, fresh_context: BrowserContext) -> None:
    """A read-only visit keeps that page (and what it used), nothing of the engine, no other page."""
    page = fresh_context.new_page()
    own_site.take_downloads()
    page.goto(f"{own_site.url}/games/cribbage/")
    version = cached(page, "games/cribbage/", "assets/table.js")
    page.wait_for_timeout(1000)  # whatever the service worker would still copy
    fetched = [path for path, _ in own_site.take_downloads()]
    assert [path for path in fetched if path.startswith("/pyodide/") or "search_index" in path] == []
    assert not page.evaluate(f"() => ({CACHED})(['games/hearts/'])"), "a page not read was copied"
    fresh_context.set_offline(True)
    page.reload()
    assert page.locator(".md-content h1").inner_text().startswith("Cribbage")
    assert page.locator(f"{LIVE} .pt-live-table .pc-card").count() >= 6  # the first deal, drawn by the build
    assert page.evaluate(f"() => ({CACHED})([])") == version
    assert [path for path, _ in own_site.take_downloads()] == []


def test_without_the_engine_offline_the_table_says_so_and_retry_works(own_site: SiteServer,
                                                                       fresh_context: BrowserContext) -> None:
    page = fresh_context.new_page()
    page.goto(f"{own_site.url}/games/hearts/")  # a visit without play: the page is kept, the engine is not
    cached(page, "games/hearts/", "assets/table.js")
    fresh_context.set_offline(True)
    started = time.monotonic()
    page.reload()
    reach_table(page)
    page.wait_for_selector(f"{LIVE} [data-control=retry]")
    assert time.monotonic() - started < 30, "the table took too long to give up"
    message = page.inner_text(f"{LIVE} .pt-message")
    assert "card engine" in message and "offline" in message
    fresh_context.set_offline(False)
    page.click(f"{LIVE} [data-control=retry]")
    wait_settled(page)
    assert state(page) == "your-turn" and page.locator(f"{LIVE} [data-control=retry]").count() == 0


def test_a_new_build_replaces_the_old_cache(own_site: SiteServer, fresh_context: BrowserContext,
                                            tmp_path: Path) -> None:
    page = fresh_context.new_page()
    page.goto(f"{own_site.url}/glossary/")
    old = cached(page, "glossary/")
    # The next build: the same files under a new version (served in place of sw.js).
    script = (SITE / "sw.js").read_text(encoding="utf-8")
    rebuilt = tmp_path / "sw.js"
    rebuilt.write_text(script.replace(old.removeprefix("parlour-"), "0123456789abcdef"), encoding="utf-8")
    own_site.stand_ins["/sw.js"] = rebuilt
    page.reload()  # the browser looks for a new service worker on each visit
    assert until(page, "async () => (await caches.keys()).join(' ') === 'parlour-0123456789abcdef'")


def test_a_runtime_file_that_fails_stops_the_load_at_once_and_retry_works(site_url: str,
                                                                          fresh_context: BrowserContext) -> None:
    """Pyodide itself would wait for ever on a failed download: the table names the file instead."""
    failing = "**/pyodide/pyodide.asm.wasm"
    fresh_context.route(failing, lambda route: route.fulfill(status=503, body="busy"))
    page = fresh_context.new_page()
    page.goto(f"{site_url}/games/accordion/")
    reach_table(page)
    page.wait_for_selector(f"{LIVE} [data-control=retry]")
    assert "pyodide.asm.wasm could not be fetched (503" in page.inner_text(f"{LIVE} .pt-message")
    fresh_context.unroute(failing)
    page.click(f"{LIVE} [data-control=retry]")
    wait_settled(page)
    assert state(page) == "your-turn"
