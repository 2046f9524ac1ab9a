"""The browser half of `make bench`: one Chromium run over the built site.

Printed, never asserted:
- time from navigation to a playable table on a game page, against bare ``loadPyodide()`` on an
  empty page of the same site (each in a fresh browser context, so nothing is cached), and their ratio;
- how long the bots take to choose a move inside Pyodide (the engine's own ``bot_ms``), per game,
  over one whole game played through the worker's protocol;
- how long Strong (the search bot, at the site's budget) takes a move inside Pyodide, and how many
  imagined deals it had time for: the first ``strong_moves`` computer moves of one game of every
  game whose table offers Strong (see offering_strong), each game's median, 95th percentile and worst,
  then the worst game's median and 95th percentile, and the longest the page's thread was blocked;
- the engine wheel's size and the bytes the game page made the browser download: cold (an empty
  cache) up to a playable table, against bare Pyodide; then what the service worker fetches for
  the offline copy of the site; then a warm reload (the service worker answering), and its time.
"""

from __future__ import annotations

import json
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


def _cold_load(browser: Browser, server: SiteServer, url: str, *, html: str | None = None,
               init_script: str | None = None) -> tuple[float, int]:
    """Open ``url`` in a fresh context (empty cache); return (ms from navigation to
    ``window.benchReadyMs``, which the page stamps when it is ready, and the bytes it downloaded)."""
    # No service worker: a first visit registers it only once the table is up, and its offline copy
    # (6 MB) would otherwise still be arriving during the next load and be counted there.
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        if html is not None:
            page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        if init_script is not None:
            page.add_init_script(init_script)
        server.take_downloads()
        page.goto(url)
        page.wait_for_function("() => window.benchReadyMs !== undefined", timeout=120_000, polling=50)
        ready_ms = page.evaluate("() => window.benchReadyMs")
        return ready_ms, sum(size for _, size in server.take_downloads())
    finally:
        context.close()
        # Once a table is up, the page registers the service worker, which starts fetching the
        # offline copy: let what was under way finish, and count it for nobody.
        time.sleep(1)
        server.take_downloads()


# Stamp the moment the first live table gets its first state (set when the table is drawn and playable).
TABLE_READY_SCRIPT = """new MutationObserver((changes, observer) => {
  if (changes.some((c) => c.target.classList && c.target.classList.contains("pt-live") && c.target.dataset.state)) {
    window.benchReadyMs = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });"""


def load_times(browser: Browser, server: SiteServer, game: str, rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"bare": [], "table": [], "bare_bytes": [], "table_bytes": []}
    for _ in range(rounds):
        # Alternate the two so that a slow moment of the machine hits both alike.
        ms, size = _cold_load(browser, server, f"{server.url}/bench-bare.html", html=BARE_PAGE)
        figures["bare"].append(ms)
        figures["bare_bytes"].append(size)
        ms, size = _cold_load(browser, server, f"{server.url}/games/{game}/", init_script=TABLE_READY_SCRIPT)
        figures["table"].append(ms)
        figures["table_bytes"].append(size)
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


def offline_and_warm(playwright: Playwright, server: SiteServer, game: str) -> dict[str, Any]:
    """One visit with an empty cache, then the service worker's offline copy, then a reload. In a
    browser profile of its own, with a disk cache as a reader's browser has: the offline copy
    then revalidates the runtime the visit has just downloaded instead of fetching it again (an
    incognito context's small memory cache would not keep the 9.6 MB WebAssembly file)."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            return _visits(context.new_page(), server, game)
        finally:
            context.close()


def _visits(page: Page, server: SiteServer, game: str) -> dict[str, Any]:
    """(bytes fetched) cold up to a playable table, by the service worker for the offline copy,
    and by a reload; and the reload's time to a playable table."""
    page.add_init_script(TABLE_READY_SCRIPT)
    server.take_downloads()
    page.goto(f"{server.url}/games/{game}/")
    page.wait_for_function("() => window.benchReadyMs !== undefined", timeout=120_000, polling=50)
    cold = server.take_downloads()
    files = service_worker_files()
    deadline = time.monotonic() + 300
    while not page.evaluate(f"() => ({CACHE_COMPLETE})({json.dumps(files)})"):
        if time.monotonic() > deadline:
            raise RuntimeError("the service worker never finished its offline copy")
        page.wait_for_timeout(250)
    offline = server.take_downloads()
    page.reload()
    page.wait_for_function("() => window.benchReadyMs !== undefined", timeout=120_000, polling=50)
    warm_ms = page.evaluate("() => window.benchReadyMs")
    page.wait_for_timeout(1000)  # anything the reload still fetches after the table is up
    warm = server.take_downloads()
    return {"cold": cold, "offline": offline, "warm": warm, "warm_ms": warm_ms}


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
    """The games whose table offers Strong (web.strengths_offered: computer players who take turns,
    hidden cards it can imagine, not withheld by measurement); the table refuses Strong elsewhere."""
    import parlour  # only for the list of games; the moves are made in the browser
    from parlour.web import strengths_offered

    return [game for game in games if "strong" in strengths_offered(parlour.spec(game))]


def main(games: list[str], page_game: str = "hearts", rounds: int = 5, strong_moves: int = 40) -> None:
    if not (SITE / "pyodide" / "pyodide-lock.json").exists():
        raise SystemExit("the site is not built with its Pyodide runtime: run `make site` (make bench does)")
    with SiteServer(SITE) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            loads = load_times(browser, server, page_game, rounds)
            visits = offline_and_warm(playwright, server, page_game)
            bots = bot_times(browser, server, games)
            strong = strong_times(browser, server, offering_strong(games), strong_moves)
        finally:
            browser.close()

    bare, table = statistics.median(loads["bare"]), statistics.median(loads["table"])
    print(f"\nIn Chromium (headless, {rounds} cold loads each, medians):")
    print(f"  bare loadPyodide() on an empty page: {bare:7.0f} ms   ({', '.join(f'{t:.0f}' for t in loads['bare'])})")
    print(f"  /games/{page_game}/ to a playable table: {table:5.0f} ms   ({', '.join(f'{t:.0f}' for t in loads['table'])})")
    print(f"  ratio table / bare: {table / bare:.2f}   (target <= 1.25)")
    wheel = next(WHEELS.glob("parlour-*.whl"), None)
    if wheel:
        print(f"  engine wheel {wheel.name}: {_size(wheel.stat().st_size)}")
    # Medians: a load can catch the tail of the previous one's service-worker download.
    bare_bytes, cold_bytes = statistics.median(loads["bare_bytes"]), statistics.median(loads["table_bytes"])
    print(f"  downloaded: bare page {_size(bare_bytes)}, /games/{page_game}/ up to a playable table "
          f"{_size(cold_bytes)} = bare Pyodide + {_size(cold_bytes - bare_bytes)}   (target <= + 1.2 MB; "
          f"each load: {', '.join(_size(b) for b in loads['table_bytes'])})")
    runtime = {f"/pyodide/{name}" for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                "python_stdlib.zip", "pyodide-lock.json")}
    extras = sorted(((size, path) for path, size in visits["cold"] if path not in runtime), reverse=True)
    print("    besides Pyodide: " + ", ".join(f"{path} {_size(size)}" for size, path in extras[:8])
          + (f" and {len(extras) - 8} more" if len(extras) > 8 else ""))
    offline = sum(size for _, size in visits["offline"])
    print(f"  then the service worker's offline copy of the site: {_size(offline)} in "
          f"{len(visits['offline'])} files (after the table is up)")
    warm = sum(size for _, size in visits["warm"])
    print(f"  warm reload: {_size(warm)} downloaded ({len(visits['warm'])} files; target < 100 kB), "
          f"playable table after {visits['warm_ms']:.0f} ms")

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
    args = parser.parse_args(argv)
    known = [spec.info.id for spec in parlour.games()]
    unknown = [game for game in args.game or [] if game not in known]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(known)}")
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
