// The site's service worker, so that the rules and the live tables work offline after one visit.
//
// Installed after a first visit (assets/offline.js registers it once the page, and on a game page
// the card engine, has loaded), it keeps every page and its assets in a cache named after this
// build; once a page has loaded the card engine it keeps the Python runtime too. It answers
// from that cache first: the files of one build always go together. A new build has a new
// version (so the browser installs this worker again) and the old build's cache is deleted.

// Filled in when the site is built (hooks/publish.py): the version, and the files, relative to
// the site root, of the pages and assets (shell) and of the Python runtime (engine).
const BUILD = { version: "unbuilt", shell: [], engine: [] };

const PREFIX = "parlour-";
const CACHE = PREFIX + BUILD.version;
const ROOT = new URL("./", self.location.href);
const absolute = (path) => new URL(path, ROOT).href;
const KNOWN = new Set([...BUILD.shell, ...BUILD.engine].map(absolute));

// Ask the server again rather than trusting the browser's HTTP cache, which may still hold
// files of an older build; an unchanged file costs a "not modified" answer, not a download.
const fresh = (path) => new Request(absolute(path), { cache: "no-cache" });

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(BUILD.shell.map(fresh));
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

// A page whose table has loaded asks for the runtime to be kept (it is 13 MB: not for every visitor).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "keep-engine") event.waitUntil(keepEngine());
});

async function keepEngine() {
  const cache = await caches.open(CACHE);
  for (const path of BUILD.engine) {
    if (await cache.match(absolute(path))) continue;
    try {
      await cache.add(fresh(path));
    } catch (error) {
      return; // Offline or interrupted: the next visit asks again.
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  // A page is the same page whatever its query (the game finder keeps its filters there).
  if (request.mode === "navigate") url.search = "";
  const key = url.href;
  if (!KNOWN.has(key)) return;
  event.respondWith(fromCache(event, request, key));
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
