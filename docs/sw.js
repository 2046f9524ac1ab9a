// The site's service worker, so that the rules and the live tables work offline after one visit.
//
// Installed after a first visit (assets/offline.js registers it once the page, and on a game page
// whose table was started its engine, has loaded), it keeps what a reader has used, in a cache
// named after this build:
// - a page read: that page and the files it used (offline.js names them; they are asked of the
//   server again, which answers "not modified": no second download), and every known file fetched
//   from then on. A reader who only reads pays for what they read, no more;
// - once a page has started the card engine: every page and asset of the site and the Python
//   runtime (some 13 MB: only for a reader who plays), and then the engine's memory snapshot, which
//   a page's engine worker makes and restores (assets/worker.js) to start in a fraction of the time.
// It answers from that cache first: the files of one build always go together. A new build has a
// new version (so the browser installs this worker again) and the old build's cache is deleted.

// Filled in when the site is built (hooks/publish.py): the version, and the files, relative to
// the site root, of the pages and assets (shell) and of the Python runtime (engine).
const BUILD = { version: "unbuilt", shell: [], engine: [] };

const PREFIX = "parlour-";
const CACHE = PREFIX + BUILD.version;
const ROOT = new URL("./", self.location.href);
const absolute = (path) => new URL(path, ROOT).href;
const SHELL = new Set(BUILD.shell.map(absolute));
const KNOWN = new Set([...SHELL, ...BUILD.engine.map(absolute)]);
// The engine's memory snapshot (assets/worker.js names it after the Pyodide version and the wheel).
const SNAPSHOT = /^pyodide\/parlour-[0-9A-Za-z.]+-[0-9a-f]{16}\.snapshot$/;
const isSnapshot = (url) => url.startsWith(ROOT.href) && SNAPSHOT.test(url.slice(ROOT.href.length));

// Ask the server again rather than trusting the browser's HTTP cache, which may still hold
// files of an older build; an unchanged file costs a "not modified" answer, not a download.
const fresh = (url) => new Request(url, { cache: "no-cache" });

self.addEventListener("install", (event) => {
  // On a first visit nothing is fetched here: the page that installs this worker names what it
  // used (keep-page). A new build keeps again the pages and assets the old build's copy held (the
  // runtime and the snapshot wait until the reader plays again).
  event.waitUntil((async () => {
    await caches.open(CACHE);
    const held = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      for (const request of await (await caches.open(name)).keys()) if (SHELL.has(request.url)) held.add(request.url);
    }
    await keep([...held]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || typeof data !== "object") return;
  if (data.type === "keep-page" && Array.isArray(data.urls)) {
    event.waitUntil(keep(data.urls.filter((url) => typeof url === "string").map(withoutHash).filter((url) => SHELL.has(url))));
  } else if (data.type === "keep-engine") {
    event.waitUntil(keep([...KNOWN]).then((complete) => {
      if (complete && event.source) event.source.postMessage({ type: "engine-kept" });
    }));
  } else if (data.type === "keep-snapshot" && typeof data.url === "string" && isSnapshot(data.url)
             && data.bytes instanceof Uint8Array) {
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(data.url,
      new Response(data.bytes, { headers: { "Content-Type": "application/octet-stream" } }))));
  }
});

function withoutHash(address) {
  const url = new URL(address, ROOT);
  url.hash = "";
  url.search = "";
  return url.href;
}

// Keep ``urls`` not kept yet; true when all of them are kept.
async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    if (await cache.match(url)) continue;
    try {
      await cache.add(fresh(url));
    } catch (error) {
      return false; // Offline or interrupted: the next visit asks again.
    }
  }
  return true;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  // A page is the same page whatever its query (the game finder keeps its filters there).
  if (request.mode === "navigate") url.search = "";
  const key = url.href;
  // The snapshot exists here or nowhere: never asked of the server.
  if (isSnapshot(key)) event.respondWith(caches.open(CACHE).then((cache) => cache.match(key))
    .then((kept) => kept || new Response("no snapshot kept", { status: 404 })));
  else if (KNOWN.has(key)) event.respondWith(fromCache(event, request, key));
});

async function fromCache(event, request, key) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && !response.redirected) {
    event.waitUntil(cache.put(key, response.clone()));
  }
  return response;
}
