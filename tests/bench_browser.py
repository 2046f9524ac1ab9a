"""The browser half of `make bench`: one Chromium run over the built site.

Printed, never asserted:
- per game page measured (Hearts, Cribbage, Burraco), on first visits (an empty cache, no service
  worker): the bytes a reader who only reads downloads (and any engine file fetched meanwhile: none
  should be), the time to the table on screen (the first deal drawn from the page), the time from
  Play to a playable table against bare ``loadPyodide()`` on an empty page of the same site; the
  bytes of a first visit that only reads with the service worker allowed (its copy for offline
  reading included); then, after one visit with play, the service worker's offline copy and the
  engine's snapshot, a second visit's Play pressed as the table shows: its time and its bytes;
  the search index's and the engine wheel's sizes; the machine's load average;
- how long the bots take to choose a move inside Pyodide (the engine's own ``bot_ms``), per game,
  over one whole game played through the worker's protocol;
- how long Strong (the search bot, at the site's budget) takes a move inside Pyodide, and how many
  imagined deals it had time for: the first ``strong_moves`` computer moves of one game of every
  game whose table offers Strong (see offering_strong), each game's median, 95th percentile and worst,
  then the worst game's median and 95th percentile, and the longest the page's thread was blocked.

`python tests/bench_browser.py --pages` prints the game pages' figures only; `--game ID` the Strong figures only.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from chromium_site import CHROMIUM, CHROMIUM_ARGS, SiteServer
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
WHEELS = ROOT / "build" / "wheel"

# Pages that exist only for the benchmark: served by Playwright, never part of the site.
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module">
import { loadPyodide } from "/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "/pyodide/" });
window.benchReadyMs = performance.now();
</script>"""

# The site's own worker and a promise-returning call() for its protocol, shared by the pages below.
WORKER_CALLS = """const worker = new Worker("/assets/worker.js", { type: "module" });
const pending = new Map();
let nextId = 1;
worker.onmessage = (event) => {
  const reply = event.data;
  if (reply.type === "fatal") window.benchError = reply.message;
  if (pending.has(reply.id)) { pending.get(reply.id)(reply); pending.delete(reply.id); }
};
const call = (type, fields) => new Promise((resolve) => {
  const id = nextId++;
  pending.set(id, resolve);
  worker.postMessage(Object.assign({ v: 1, id, type }, fields));
});"""

# Plays one whole game per game id through the site's own worker: the computer players answer
# with "bots" messages, the reader's seat takes a seeded random legal action.
BOTS_PAGE = """<!doctype html><meta charset="utf-8"><title>bots in Pyodide</title>
<script type="module">
const games = __GAMES__;
__WORKER__
let seed = 12345;
const pick = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const results = {};
for (const game of games) {
  let reply = await call("new", { table: "bench", game, seed: 7 });
  const think = [], replyMs = [];
  let messages = 0;
  while (reply.type === "state" && !reply.over && messages < 5000) {
    const start = performance.now();
    if (reply.human_turn) {
      reply = await call("apply", { table: "bench", action: reply.legal[pick(reply.legal.length)].action });
    } else {
      reply = await call("bots", { table: "bench" });
      if (reply.bot_ms) think.push(...reply.bot_ms);
    }
    replyMs.push(performance.now() - start);
    messages++;
  }
  results[game] = { think, replyMs, over: reply.over === true, error: reply.type === "error" ? reply.message : null };
}
window.benchBots = results;
</script>"""


# The Strong computer players (the search bot) inside Pyodide: one move at a time through the
# worker, while the page's own thread ticks every 10 ms; the longest gap between ticks shows
# whether thinking ever blocks the page.
STRONG_PAGE = """<!doctype html><meta charset="utf-8"><title>strong bots in Pyodide</title>
<script type="module">
const games = __GAMES__, movesEach = __MOVES__;
__WORKER__
let last = performance.now(), longestGap = 0, ticking = false;
setInterval(() => {
  const now = performance.now();
  if (ticking) longestGap = Math.max(longestGap, now - last);
  last = now;
}, 10);
let seed = 4321;
const pick = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const results = {};
for (const game of games) {
  let reply = await call("new", { table: "strong", game, seed: 11, strength: "strong" });
  const think = [], deals = [];
  while (reply.type === "state" && !reply.over && think.length < movesEach) {
    if (reply.human_turn) {
      reply = await call("apply", { table: "strong", action: reply.legal[pick(reply.legal.length)].action });
    } else {
      last = performance.now(); ticking = true;
      reply = await call("bot", { table: "strong" });
      ticking = false;
      if (reply.bot_ms !== undefined) { think.push(reply.bot_ms); deals.push(reply.deals ?? 0); }
    }
  }
  results[game] = { think, deals, error: reply.type === "error" ? reply.message : null };
}
window.benchStrong = { results, longestGap };
</script>"""


def _bare_load(browser: Browser, server: SiteServer) -> tuple[float, int]:
    """Bare ``loadPyodide()`` on an empty page, in a fresh context (empty cache): (ms from
    navigation to Pyodide ready, bytes downloaded)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        url = f"{server.url}/bench-bare.html"
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=BARE_PAGE))
        server.take_downloads()
        page.goto(url)
        page.wait_for_function("() => window.benchReadyMs !== undefined", timeout=120_000, polling=50)
        return page.evaluate("() => window.benchReadyMs"), sum(size for _, size in server.take_downloads())
    finally:
        context.close()


# Stamps, in ms from navigation: the live table on screen (the first deal drawn from the page, or a
# table the engine drew) and playable (the engine has dealt: the table has a state).
STAMPS_SCRIPT = """window.benchStamps = {};
new MutationObserver(() => {
  const live = document.querySelector(".pt-live"), stamps = window.benchStamps;
  if (!live) return;
  if (stamps.onScreen === undefined && (live.dataset.preview || live.dataset.state)) stamps.onScreen = performance.now();
  if (stamps.playable === undefined && live.dataset.state) stamps.playable = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state", "data-preview"] });"""
# The reader presses Play (where it is: scrolling to it would start the engine by itself).
# The engine's "ready" reply (assets/worker.js: whether it restored a kept snapshot, its stages' times).
ENGINE_SCRIPT = """(() => { const Real = window.Worker;
  window.Worker = function (url, options) {
    const worker = new Real(url, options);
    worker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "ready" && options && options.name !== "parlour-snapshot-maker") window.benchEngine = event.data;
    });
    return worker;
  };
})();"""
PRESS_PLAY = """() => { window.benchStamps.pressed = performance.now();
  document.querySelector(".pt-live [data-control=play]").click(); }"""
#: Files of the engine: a reader who only reads must fetch none of them.
RUNTIME_PREFIX = "/pyodide/"
#: How long the reader reads, touching nothing, before pressing Play.
READING_MS = 2000


def _read_then_play(page: Page, server: SiteServer, url: str, reading_ms: int = READING_MS) -> dict[str, Any]:
    """Open ``url``, read for ``reading_ms``, press Play. The bytes fetched while reading (and whether any
    was the engine's), ms to the table on screen, ms from the press to a playable table, and the
    bytes the press fetched."""
    server.take_downloads()
    page.goto(url)
    page.wait_for_function("() => window.benchStamps.onScreen !== undefined", timeout=60_000, polling=20)
    if reading_ms:
        page.wait_for_timeout(reading_ms)
    reading = server.take_downloads()
    page.evaluate(PRESS_PLAY)
    page.wait_for_function("() => window.benchStamps.playable !== undefined", timeout=120_000, polling=20)
    stamps = page.evaluate("() => window.benchStamps")
    ready = page.evaluate("() => window.benchEngine ?? null")
    page.wait_for_timeout(300)  # what the table still fetches once it is up
    return {"read_bytes": sum(size for _, size in reading),
            "read_runtime": [path for path, _ in reading if path.startswith(RUNTIME_PREFIX)],
            "on_screen_ms": stamps["onScreen"], "play_ms": stamps["playable"] - stamps["pressed"],
            "play_bytes": sum(size for _, size in server.take_downloads()), "engine": ready}


# True once the service worker's cache holds the page (a read-only visit's copy is made).
PAGE_KEPT = """async (path) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("parlour-"));
  return names.length === 1 && Boolean(await (await caches.open(names[0])).match(new URL(path, location.origin + "/").href));
}"""


def read_only_visit(browser: Browser, server: SiteServer, game: str) -> dict[str, Any]:
    """A first visit that only reads, with the service worker allowed: every byte the reader's
    connection carries, the service worker's copies for offline reading included."""
    context = browser.new_context()
    try:
        page = context.new_page()
        server.take_downloads()
        page.goto(f"{server.url}/games/{game}/")
        page.wait_for_timeout(READING_MS)
        deadline = time.monotonic() + 60
        while not page.evaluate(f"() => ({PAGE_KEPT})('games/{game}/')"):
            if time.monotonic() > deadline:
                raise RuntimeError("the service worker never kept the page read")
            page.wait_for_timeout(250)
        page.wait_for_timeout(1000)  # anything the service worker still copies
        downloads = server.take_downloads()
        return {"bytes": sum(size for _, size in downloads),
                "runtime": [path for path, _ in downloads if path.startswith(RUNTIME_PREFIX)]}
    finally:
        context.close()


def page_figures(browser: Browser, server: SiteServer, games: list[str], rounds: int) -> dict[str, Any]:
    """Cold visits (an empty cache, no service worker: a first visit) to each game page, alternating
    with bare Pyodide on an empty page so that a slow moment of the machine hits both alike."""
    figures: dict[str, Any] = {"bare": [], "bare_bytes": [], "pages": {game: [] for game in games},
                               "with_sw": {game: read_only_visit(browser, server, game) for game in games}}
    for _ in range(rounds):
        for game in games:
            ms, size = _bare_load(browser, server)
            figures["bare"].append(ms)
            figures["bare_bytes"].append(size)
            context = browser.new_context(service_workers="block")
            try:
                page = context.new_page()
                page.add_init_script(STAMPS_SCRIPT)
                page.add_init_script(ENGINE_SCRIPT)
                figures["pages"][game].append(_read_then_play(page, server, f"{server.url}/games/{game}/"))
            finally:
                context.close()
    return figures


# True once the service worker's cache holds every file of this build it keeps.
CACHE_COMPLETE = """async (paths) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("parlour-"));
  if (names.length !== 1) return false;
  const cache = await caches.open(names[0]);
  const found = await Promise.all(paths.map((path) => cache.match(new URL(path, location.origin + "/").href)));
  return found.every(Boolean);
}"""


def service_worker_files() -> list[str]:
    build = json.loads(re.search(r"^const BUILD = (.*);$", (SITE / "sw.js").read_text(encoding="utf-8"), re.M)[1])
    return build["shell"] + build["engine"]


# True once the service worker keeps the engine's memory snapshot (assets/worker.js).
SNAPSHOT_KEPT = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("parlour-"));
  if (names.length !== 1) return 0;
  const cache = await caches.open(names[0]);
  const kept = (await cache.keys()).find((request) => request.url.endsWith(".snapshot"));
  return kept ? (await (await cache.match(kept)).arrayBuffer()).byteLength : 0;
}"""


def warm_visit(playwright: Playwright, server: SiteServer, game: str) -> dict[str, Any]:
    """A visit with play (an empty cache), the service worker's offline copy and the engine's
    snapshot, then a second visit whose reader presses Play as soon as the table shows: its bytes
    and its time from Play to a playable table. In a browser profile of its own, with a disk cache
    as a reader's browser has."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = context.new_page()
            page.add_init_script(STAMPS_SCRIPT)
            page.add_init_script(ENGINE_SCRIPT)
            url = f"{server.url}/games/{game}/"
            _read_then_play(page, server, url)
            files = service_worker_files()
            deadline = time.monotonic() + 300
            while not page.evaluate(f"() => ({CACHE_COMPLETE})({json.dumps(files)})"):
                if time.monotonic() > deadline:
                    raise RuntimeError("the service worker never finished its offline copy")
                page.wait_for_timeout(250)
            while not (snapshot := page.evaluate(SNAPSHOT_KEPT)):
                if time.monotonic() > deadline:
                    raise RuntimeError("the engine's snapshot was never kept")
                page.wait_for_timeout(250)
            offline = server.take_downloads()
            # The game saved by the first visit is put away: the second starts as a first deal does.
            page.evaluate("() => localStorage.clear()")
            warm = _read_then_play(page, server, url, reading_ms=0)
            return {"offline": offline, "warm": warm, "snapshot": snapshot}
        finally:
            context.close()


def _worker_page(browser: Browser, server: SiteServer, name: str, html: str, result: str) -> Any:
    """Serve ``html`` (with the shared worker calls) as a page of its own and wait for the page
    to set ``window.<result>``; that value, or the worker's error raised."""
    context = browser.new_context()
    try:
        page = context.new_page()
        url = f"{server.url}/{name}.html"
        body = html.replace("__WORKER__", WORKER_CALLS)
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=body))
        page.goto(url)
        page.wait_for_function(f"window.{result} !== undefined || window.benchError !== undefined",
                               timeout=60 * 60_000, polling=500)
        error = page.evaluate("window.benchError ?? null")
        if error:
            raise RuntimeError(error)
        return page.evaluate(f"window.{result}")
    finally:
        context.close()


def bot_times(browser: Browser, server: SiteServer, games: list[str]) -> dict[str, Any]:
    return _worker_page(browser, server, "bench-bots", BOTS_PAGE.replace("__GAMES__", json.dumps(games)),
                        "benchBots")


def strong_times(browser: Browser, server: SiteServer, games: list[str], moves: int) -> dict[str, Any]:
    html = STRONG_PAGE.replace("__GAMES__", json.dumps(games)).replace("__MOVES__", str(moves))
    return _worker_page(browser, server, "bench-strong", html, "benchStrong")


def _size(n: float) -> str:
    return f"{n / 1_000_000:.2f} MB" if n >= 1_000_000 else f"{n / 1000:.0f} kB"


def offering_strong(games: list[str]) -> list[str]:
    """The games whose table offers the search bot as Strong (web.strengths_offered: computer players
    who take turns, hidden cards it can imagine, not withheld by measurement).  A race's Strong
    (Nuts, Twenty-Four) thinks in microseconds on its own clock, not move by move through the
    worker, so it is not timed here."""
    import parlour  # only for the list of games; the moves are made in the browser
    from parlour.web import strengths_offered

    return [game for game in games if "strong" in strengths_offered(spec := parlour.spec(game))
            and not spec.state.simultaneous]


#: The game pages measured: a small table, a board-and-pegs table, a big rummy table.
MEASURED_PAGES = ("hearts", "cribbage", "burraco")
#: A reader who only reads may cost this much (bytes on the wire, text compressed as a static host sends it).
READ_ONLY_BUDGET = 400_000
#: Play on a first visit may take bare Pyodide's start plus this; on a warm visit, this at most.
PLAY_OVER_BARE_MS = 500
WARM_PLAY_MS = 1500


def gzipped_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6))


def main(games: list[str], pages: list[str] | None = None, rounds: int = 3, strong_moves: int = 40,
         only_pages: bool = False) -> None:
    """``pages``: the game pages to measure (default MEASURED_PAGES); ``only_pages`` skips the bots' figures."""
    if not (SITE / "pyodide" / "pyodide-lock.json").exists():
        raise SystemExit("the site is not built with its Pyodide runtime: run `make site` (make bench does)")
    pages = list(pages or MEASURED_PAGES)
    with SiteServer(SITE) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            load_before = os.getloadavg()[0]
            loads = page_figures(browser, server, pages, rounds)
            warm = {game: warm_visit(playwright, server, game) for game in pages}
            loads["load"] = (load_before, os.getloadavg()[0])
            bots = None if only_pages else bot_times(browser, server, games)
            strong = None if only_pages else strong_times(browser, server, offering_strong(games), strong_moves)
        finally:
            browser.close()
    print_pages(loads, warm, rounds)
    if bots is None or strong is None:
        return
    print("\nBot move time inside Pyodide (one whole game each, rule bots; target < 100 ms;"
          " the browser's clock ticks in 0.1 ms):")
    print(f"  {'game':24} {'moves':>6} {'median ms':>10} {'worst ms':>9} {'reply median ms':>16}")
    every = []
    for game in games:
        result = bots[game]
        think = result["think"]
        every.extend(think)
        status = "" if result["over"] else f"   NOT FINISHED {result['error'] or ''}"
        if think:
            print(f"  {game:24} {len(think):6} {statistics.median(think):10.2f} {max(think):9.2f} "
                  f"{statistics.median(result['replyMs']):16.1f}{status}")
        else:
            print(f"  {game:24} {0:6} {'-':>10} {'-':>9} {statistics.median(result['replyMs']):16.1f}"
                  f"   (no computer players){status}")
    if every:
        print(f"  all games: {len(every)} bot moves, median {statistics.median(every):.2f} ms, worst {max(every):.2f} ms")

    print_strong(strong, strong_moves)


def print_pages(loads: dict[str, Any], warm: dict[str, Any], rounds: int) -> None:
    """Per page: what a reader who only reads downloads, the table on screen, Play to a playable
    table cold and warm, against bare Pyodide; then the search index's and the wheel's sizes."""
    bare = statistics.median(loads["bare"])
    print(f"\nLoad average (1 min) on this machine of {os.cpu_count()} cores: {loads['load'][0]:.1f} at the start, "
          f"{loads['load'][1]:.1f} at the end of these visits")
    print(f"\nGame pages in Chromium (headless; {rounds} first visits each with the cache empty and no service "
          f"worker, medians; text sent gzip-compressed, as a static host sends it):")
    print(f"  bare loadPyodide() on an empty page: {bare:.0f} ms, {_size(statistics.median(loads['bare_bytes']))}   "
          f"({', '.join(f'{t:.0f}' for t in loads['bare'])})")
    print(f"  {'page':10} {'read-only':>10} {'+ sw copy':>10} {'table on screen':>16} {'Play, cold':>11} {'- bare':>8} "
          f"{'Play, warm':>11} {'warm bytes':>11}   targets: read-only with the service worker's copy <= "
          f"{_size(READ_ONLY_BUDGET)}; Play cold <= bare + {PLAY_OVER_BARE_MS} ms; warm < {WARM_PLAY_MS} ms and 0 kB")
    for game, visits in loads["pages"].items():
        read = statistics.median(v["read_bytes"] for v in visits)
        with_sw = loads["with_sw"][game]
        shown = statistics.median(v["on_screen_ms"] for v in visits)
        play = statistics.median(v["play_ms"] for v in visits)
        again = warm[game]["warm"]
        warm_bytes = again["read_bytes"] + again["play_bytes"]
        fetched = sorted({path for v in visits for path in v["read_runtime"]} | set(with_sw["runtime"]))
        verdicts = [word for word, ok in (("READ-ONLY OVER BUDGET", max(read, with_sw["bytes"]) <= READ_ONLY_BUDGET),
                                          ("PLAY SLOW", play <= bare + PLAY_OVER_BARE_MS),
                                          ("WARM SLOW", again["play_ms"] < WARM_PLAY_MS),
                                          ("WARM DOWNLOADS", warm_bytes == 0)) if not ok]
        print(f"  {game:10} {_size(read):>10} {_size(with_sw['bytes']):>10} {shown:13.0f} ms {play:8.0f} ms {play - bare:+6.0f} ms "
              f"{again['play_ms']:8.0f} ms {_size(warm_bytes):>11}   {' '.join(verdicts) or 'within bounds'}"
              + (f"   RUNTIME FETCHED WHILE READING: {', '.join(fetched)}" if fetched else ""))
        each = ", ".join(f"{v['play_ms']:.0f}" for v in visits)
        print(f"  {'':10} Play cold each visit: {each} ms; "
              f"it fetched {_size(statistics.median(v['play_bytes'] for v in visits))}; the offline copy after the "
              f"first visit: {_size(sum(size for _, size in warm[game]['offline']))}")
        engine = again["engine"] or {}
        print(f"  {'':10} Play warm (pressed as the table showed): the engine "
              f"{'restored its snapshot' if engine.get('restored') else 'started WITHOUT a snapshot'} "
              f"({_size(warm[game]['snapshot'])} kept) and was ready {engine.get('ms', '?')} ms after its worker started")
    index = SITE / "search" / "search_index.json"
    print(f"  search index (fetched only when the reader goes to the search box): {_size(index.stat().st_size)}, "
          f"{_size(gzipped_size(index))} compressed")
    wheel = next(WHEELS.glob("parlour-*.whl"), None)
    if wheel:
        print(f"  engine wheel {wheel.name}: {_size(wheel.stat().st_size)}")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (linear between the nearest two)."""
    ordered = sorted(values)
    place = share * (len(ordered) - 1)
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def print_strong(strong: dict[str, Any], strong_moves: int) -> None:
    """Each game's Strong move times and deals, then the worst game's median and 95th percentile."""
    print(f"\nStrong computer players (the search bot, the site's budget) inside Pyodide, the first "
          f"{strong_moves} computer moves of one game each (target: median < 1000 ms; the page must never stall):")
    print(f"  {'game':24} {'moves':>6} {'median ms':>10} {'95th pct ms':>12} {'worst ms':>9} {'deals (median)':>15}")
    figures = {}
    for game, result in strong["results"].items():
        think, deals = result["think"], result["deals"]
        status = f"   ERROR {result['error']}" if result["error"] else ""
        if not think:
            print(f"  {game:24} {0:6} {'-':>10} {'-':>12} {'-':>9} {'-':>15}{status}")
            continue
        figures[game] = (statistics.median(think), percentile(think, 0.95))
        searched = "plays as Family" if not any(deals) else f"{statistics.median(deals):g}"
        print(f"  {game:24} {len(think):6} {figures[game][0]:10.0f} {figures[game][1]:12.0f} {max(think):9.0f} "
              f"{searched:>15}{status}")
    if figures:
        slowest = max(figures, key=lambda game: figures[game][0])
        tail = max(figures, key=lambda game: figures[game][1])
        print(f"  worst game's median: {slowest} {figures[slowest][0]:.0f} ms (its 95th percentile "
              f"{figures[slowest][1]:.0f} ms); worst 95th percentile: {tail} {figures[tail][1]:.0f} ms")
    print(f"  longest gap between the page's 10 ms ticks while they thought: {strong['longestGap']:.0f} ms")


def strong_only(argv: list[str] | None = None) -> None:
    """Only the Strong figures (the rest of `make bench` skipped): python tests/bench_browser.py [--game ID]."""
    import argparse

    import parlour

    parser = argparse.ArgumentParser(description=strong_only.__doc__)
    parser.add_argument("--game", action="append", help="a game id (repeatable); default: every game with turns")
    parser.add_argument("--moves", type=int, default=40, help="computer moves timed per game")
    parser.add_argument("--pages", action="store_true", help="the game pages' figures only (make bench's first part)")
    parser.add_argument("--rounds", type=int, default=3, help="first visits per page measured (with --pages)")
    args = parser.parse_args(argv)
    known = [spec.info.id for spec in parlour.games()]
    unknown = [game for game in args.game or [] if game not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(known)}")
    if args.pages:
        if args.rounds < 1:
            parser.error("--rounds must be at least 1")
        main([], pages=args.game, rounds=args.rounds, only_pages=True)
        return
    if args.moves < 1:
        parser.error("--moves must be at least 1")
    if not (SITE / "pyodide" / "pyodide-lock.json").exists():
        raise SystemExit("the site is not built with its Pyodide runtime: run `make site` first")
    with SiteServer(SITE) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            strong = strong_times(browser, server, offering_strong(args.game or known), args.moves)
        finally:
            browser.close()
    print_strong(strong, args.moves)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "engine"))
    strong_only()
