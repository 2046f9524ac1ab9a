// Registers the site's service worker (sw.js at the site root), which keeps the pages and the card
// engine for offline use. It waits until this visit no longer needs the network for itself: the
// page has loaded and, on a page whose table the reader has started, the table is drawn (or its engine failed) —
// so the first visit is not slowed down. Then it names the files this page used, for the worker to
// keep (a page only read is kept, and costs nothing more). Whenever a page's engine has started,
// it asks the worker to keep the whole site and the runtime as well, and then, once, for a memory
// snapshot of the started engine (made by a second engine worker in an idle moment), with which
// the next visit's engine starts in a fraction of the time (assets/worker.js).
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../", document.currentScript.src);
  const live = document.querySelector(".pt-live");
  const engineWorker = new URL("worker.js", document.currentScript.src);

  const pageLoaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  // The page script (assets/table/engine.js) announces each start of the engine ("parlour-engine";
  // detail.ok is true when it loaded, detail.restored when from a kept snapshot).
  let engineFailed;
  const failure = new Promise((resolve) => { engineFailed = resolve; });
  const tableDrawn = new Promise((resolve) => {
    if (!live) return resolve();
    const observer = new MutationObserver(() => {
      if (!live.dataset.state) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(live, { attributes: true, attributeFilter: ["data-state"] });
  });

  const registered = (async () => {
    await pageLoaded;
    // A table whose engine is loading is drawn first; a page only read registers at once.
    const parlour = window.parlour;
    if (parlour && parlour.currentEngine()) await Promise.race([tableDrawn, failure]);
    try {
      await navigator.serviceWorker.register(new URL("sw.js", root));
      return true;
    } catch (error) {
      return false; // No offline copy (private browsing, an old browser): the site works as it is.
    }
  })();

  async function tell(message, transfer = []) {
    if (!(await registered)) return;
    (await navigator.serviceWorker.ready).active.postMessage(message, transfer);
  }

  // This page and what it fetched (its styles, scripts, fonts, pictures).
  const used = () => [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
  // Named once the page has loaded (the worker is registered after that), its modules included.
  registered.then(() => tell({ type: "keep-page", urls: used() }));

  // The snapshot is made by an engine worker of its own, in an idle moment once the runtime is
  // kept; it hands the bytes over and stops.
  let snapshotWanted = false;
  function makeSnapshot() {
    const maker = new Worker(engineWorker, { type: "module", name: "parlour-snapshot-maker" });
    const stop = () => maker.terminate();
    maker.onerror = stop;
    maker.onmessage = (event) => {
      const reply = event.data;
      if (!reply || reply.type === "progress") return;
      stop();
      if (reply.type === "snapshot" && reply.bytes) tell({ type: "keep-snapshot", url: reply.url, bytes: reply.bytes }, [reply.bytes.buffer]);
    };
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (!event.data || event.data.type !== "engine-kept" || !snapshotWanted) return;
    snapshotWanted = false;
    if ("requestIdleCallback" in window) requestIdleCallback(makeSnapshot, { timeout: 5000 });
    else setTimeout(makeSnapshot, 1000);
  });

  document.addEventListener("parlour-engine", (event) => {
    if (!event.detail.ok) {
      engineFailed();
      return;
    }
    snapshotWanted = snapshotWanted || !event.detail.restored;
    tell({ type: "keep-engine" });
  });
})();
