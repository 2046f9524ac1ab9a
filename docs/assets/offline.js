// Registers the site's service worker (sw.js at the site root), which keeps the pages and the card
// engine for offline use. It waits until this visit no longer needs the network for itself: the
// page has loaded and, on a page whose table the reader has started, the table is drawn (or its engine failed) —
// so the first visit is not slowed down. Whenever a page's engine has started, it asks the
// worker to keep the runtime as well.
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return;
  const root = new URL("../", document.currentScript.src);
  const live = document.querySelector(".pt-live");

  const pageLoaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });
  // The page script (assets/table/engine.js) announces each start of the engine ("parlour-engine";
  // detail.ok is true when it loaded).
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

  document.addEventListener("parlour-engine", (event) => {
    if (!event.detail.ok) {
      engineFailed();
      return;
    }
    registered.then(async (ok) => {
      if (ok) (await navigator.serviceWorker.ready).active.postMessage({ type: "keep-engine" });
    });
  });
})();
