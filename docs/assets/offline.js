// Registers the site's service worker (sw.js at the site root), which keeps the pages and the card
// engine for offline use. It waits until this visit no longer needs the network for itself: the
// page has loaded and, on a page with a live table, the engine has started or failed — so the
// first visit is not slowed down. Whenever a page's engine has started, it asks the worker to
// keep the runtime as well.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../", document.currentScript.src);
  const hasTable = Boolean(document.querySelector(".pt-live"));

  const pageLoaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  let engineSettled;
  const engineTried = new Promise((resolve) => { engineSettled = resolve; });

  const registered = (async () => {
    await pageLoaded;
    if (hasTable) await engineTried;
    try {
      await navigator.serviceWorker.register(new URL("sw.js", root));
      return true;
    } catch (error) {
      return false; // No offline copy (private browsing, an old browser): the site works as it is.
    }
  })();

  // table.js announces each start of the engine: detail.ok is true when it loaded.
  document.addEventListener("parlour-engine", (event) => {
    engineSettled();
    if (!event.detail.ok) return;
    registered.then(async (ok) => {
      if (ok) (await navigator.serviceWorker.ready).active.postMessage({ type: "keep-engine" });
    });
  });
})();
