// Loaded from the head of pages with a live table or a step-through example (overrides/main.html):
// start the card engine's Web Worker before the styles and the theme's scripts, since Pyodide
// takes seconds to start. The page script (assets/table/engine.js) adopts this worker and replays
// the messages it kept.
(function () {
  "use strict";
  try {
    var worker = new Worker(new URL("worker.js", document.currentScript.src), { type: "module" });
    var early = { worker: worker, messages: [], failed: null };
    early.keep = function (event) { early.messages.push(event.data); };
    early.fail = function (event) { early.failed = event; };
    worker.addEventListener("message", early.keep);
    worker.addEventListener("error", early.fail);
    window.parlourEarlyWorker = early;
  } catch (error) {
    // The page script tries again and tells the reader what went wrong.
  }
})();
