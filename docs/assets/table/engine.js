// The connection to the card engine: the Web Worker (assets/worker.js, Python through Pyodide)
// and the protocol it answers (engine/parlour/web.py).
//
// The engine does all the work — rules, bots, reasons and the HTML of a table — and every part of
// the page reaches it through ``call`` only. The worker starts on the first call, or earlier when
// the reader reaches for a table (``whenReached``), and ``onProgress`` hears how its loading goes.
// A reader who only reads never starts it: the runtime is some 13 MB, the page itself a few hundred kB.

const PROTOCOL = 1;
const REPLY_TYPES = new Set(["confirm", "state", "reason", "code", "replay", "count", "hint", "error"]);
// What the reader is told of an internal error (the engine's web.SOMETHING_WENT_WRONG).
export const SOMETHING_WENT_WRONG = "Something went wrong — your game is saved.";
const WORKER = new URL("../worker.js", import.meta.url);

let worker = null;
let booted = null;
let abandon = null; // rejects the attempt in progress when it is started again
let nextId = 1;
const pending = new Map();
const progressListeners = new Set();
let ready = false;
let markStarted;
// Settles when the engine is first started, by whatever part of the page.
const started = new Promise((resolve) => { markStarted = resolve; });

// The engine, started once: a promise of its "ready" message.
export function engine() {
  if (booted) return booted;
  booted = bootEngine();
  markStarted();
  booted.then(() => { ready = true; }, () => {});
  // Tell assets/offline.js whether it started (to keep the runtime for offline use), and whether
  // from a kept snapshot (if not, offline.js has one made).
  booted.then((reply) => announce(true, reply.restored === true), () => announce(false, false));
  return booted;
}

// The attempt in progress (a Retry replaces it), or null before the first.
export const currentEngine = () => booted;

// True once the engine has answered "ready" (a call is then answered without a wait for loading).
export const engineReady = () => ready;

// Whether the browser says this connection costs nothing to use: not Save-Data, and not metered
// (where the browser reports it: navigator.connection.metered, or a Wi-Fi or wired type). Unknown
// counts as metered: the 13 MB are fetched for a reader who did not ask only when it is known to be free.
function freeConnection() {
  const connection = navigator.connection;
  if (!connection || connection.saveData || connection.metered) return false;
  return connection.metered === false || connection.type === "wifi" || connection.type === "ethernet";
}

// How near the screen (below or above it) a table may come before its engine starts.
export const NEAR_SCREEN = "400px 0px";

// Call ``go`` once, when the reader reaches for ``node``: a press on it or focus inside it; with
// ``near``, its scrolling to within NEAR_SCREEN of the screen; the engine starting for another part
// of the page; and, on a free connection, the page being idle.
export function whenReached(node, go, { near = false } = {}) {
  let done = false;
  const cleanups = [];
  const once = () => {
    if (done) return;
    done = true;
    cleanups.forEach((cleanup) => cleanup());
    go();
  };
  for (const type of ["pointerdown", "focusin"]) {
    node.addEventListener(type, once, { capture: true });
    cleanups.push(() => node.removeEventListener(type, once, { capture: true }));
  }
  if (near && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once();
    }, { rootMargin: NEAR_SCREEN });
    observer.observe(node);
    cleanups.push(() => observer.disconnect());
  }
  started.then(once);
  if (freeConnection() && "requestIdleCallback" in window) {
    const idle = requestIdleCallback(once, { timeout: 10000 });
    cleanups.push(() => cancelIdleCallback(idle));
  }
}

// ``listener(stage, fraction)`` hears each step of the engine's loading; the last stage is "Ready".
export function onProgress(listener) {
  progressListeners.add(listener);
}

function announce(ok, restored) {
  document.dispatchEvent(new CustomEvent("parlour-engine", { detail: { ok, restored } }));
}

// Start again from nothing: a new worker and a new Pyodide (after a failed or slow load).
export function restartEngine() {
  if (abandon) abandon(new Error("The card engine was started again."));
  if (worker) worker.terminate();
  worker = null;
  ready = false;
  booted = null;
  pending.clear();
  return engine();
}

// The worker's error event; without a message, its script or Pyodide's could not be fetched.
function stopped(event) {
  return new Error(event.message ? `The card engine stopped: ${event.message}.`
    : "The card engine could not be loaded: its files did not arrive.");
}

function bootEngine() {
  return new Promise((resolve, reject) => {
    abandon = reject;
    try {
      // Named for the worker (assets/worker.js): on a page the service worker controls, the
      // worker looks there for the snapshot of a started engine, which starts far faster.
      const name = navigator.serviceWorker && navigator.serviceWorker.controller ? "parlour-offline" : "parlour";
      worker = new Worker(WORKER, { type: "module", name });
    } catch (error) {
      reject(new Error(`This browser cannot start the card engine (${error}).`));
      return;
    }
    worker.onmessage = (event) => {
      const reply = event.data;
      if (!reply || typeof reply !== "object" || reply.v !== PROTOCOL || typeof reply.type !== "string") {
        console.warn("parlour: ignored a malformed message from the engine", reply);
        return;
      }
      if (reply.type === "progress") {
        progressListeners.forEach((listener) => listener(reply.stage, reply.fraction));
      } else if (reply.type === "ready") {
        progressListeners.forEach((listener) => listener("Ready", 1));
        resolve(reply);
      } else if (reply.type === "fatal") {
        reject(new Error(reply.message));
      } else if (pending.has(reply.id)) {
        const { done } = pending.get(reply.id);
        pending.delete(reply.id);
        done(reply);
      }
    };
    worker.onerror = (event) => {
      const error = stopped(event);
      reject(error);
      // Calls already sent will never be answered: each gets an internal-error reply instead.
      pending.forEach(({ done }) => done({ type: "error", kind: "bug", message: SOMETHING_WENT_WRONG, detail: error.message }));
      pending.clear();
    };
  });
}

// Send one message; the promise gives the engine's reply (an "error" reply is a normal answer).
// An internal error ("bug" — never the reader's doing) is logged here with its details, and
// reaches the page only as SOMETHING_WENT_WRONG.
export async function call(type, fields) {
  try {
    await engine();
  } catch (error) {
    return { type: "error", message: error.message };
  }
  const message = Object.assign({ v: PROTOCOL, id: nextId++, type }, fields);
  const reply = await new Promise((resolve) => {
    pending.set(message.id, {
      done: (answer) => resolve(REPLY_TYPES.has(answer.type) ? answer
        : { type: "error", kind: "bug", detail: `The engine sent an unexpected ${answer.type} reply.` }),
    });
    try {
      worker.postMessage(message);
    } catch (error) {
      pending.delete(message.id);
      resolve({ type: "error", kind: "bug", detail: `A message could not be sent to the engine: ${error}` });
    }
  });
  if (reply.type === "error" && reply.kind === "bug") {
    console.error(`parlour: internal error answering a ${type} message:`, reply.detail);
    return Object.assign({}, reply, { message: SOMETHING_WENT_WRONG });
  }
  return reply;
}
