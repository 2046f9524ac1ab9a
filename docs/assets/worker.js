// The engine's Web Worker: Pyodide and the parlour wheel, loaded from this site's own origin.
// It answers the page's protocol messages by passing them, as JSON text, to parlour.web.handle_json;
// the page never waits on Python in its own thread.
//
// Starting Python itself is most of a start (some 2 s on a desk; the runtime's files, from the
// service worker, arrive in a few ms). So once the service worker keeps the runtime, the page
// starts this script once more in the background, named SNAPSHOT_MAKER: it starts Python, imports
// the engine and every game, and hands the page a memory snapshot of it, which the service worker
// keeps beside the runtime. A later start on a page the service worker controls (its worker named
// OFFLINE) restores that snapshot instead of starting Python: a few hundred ms.

import { loadPyodide, version as pyodideVersion } from "../pyodide/pyodide.mjs";

const PROTOCOL = 1;
// The names the page gives this worker (engine.js, offline.js): what this start is for.
const SNAPSHOT_MAKER = "parlour-snapshot-maker";
const OFFLINE = "parlour-offline";
let handle = null;
let shown = 0; // the furthest fraction reported: a step never moves the bar back
// How long each step of the start took (ms from the worker's start), sent with "ready" for `make bench`.
const stages = {};
const stamp = (name) => { stages[name] = Math.round(performance.now()); };
stamp("script");

function progress(stage, fraction) {
  shown = Math.max(shown, fraction);
  postMessage({ v: PROTOCOL, type: "progress", stage, fraction: shown });
}

// The bytes of the runtime as they arrive, so the reader sees the download move (about 13 MB
// the first time; from the browser's cache or the service worker, the same bytes arrive at once).
// They are counted on a copy: Pyodide gets the response itself, whose address lets the browser
// keep the compiled WebAssembly (its code cache) for the next start.
const EXPECTED_BYTES = 13e6;
let received = 0;
let lastReport = 0;
async function count(response) {
  const reader = response.clone().body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    received += value.byteLength;
    const now = performance.now();
    if (now - lastReport > 100) {
      lastReport = now;
      progress(`Downloading Python and the card engine: ${(received / 1e6).toFixed(1)} MB so far…`,
        0.05 + 0.7 * Math.min(1, received / EXPECTED_BYTES));
    }
  }
}

// Pyodide waits for ever when one of its files cannot be fetched (offline, a server error): a
// failed fetch here ends the start at once, with the file named.
let rejectStart;
let fetchBroke = false;
const fetchFailure = new Promise((_, reject) => { rejectStart = reject; });
const fetchFailed = (error) => {
  fetchBroke = true;
  rejectStart(error);
};
const networkFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const name = String(resource instanceof Request ? resource.url : resource).split("/").pop();
  let response;
  stamp(`${name} asked`);
  try {
    response = await networkFetch(resource, init);
    stamp(`${name} answered`);
  } catch (error) {
    fetchFailed(new Error(`${name} could not be fetched (${error.message})`));
    throw error;
  }
  if (!response.ok) fetchFailed(new Error(`${name} could not be fetched (${response.status} ${response.statusText})`));
  else if (response.body) count(response).catch(() => {}); // a broken stream fails Pyodide's read too
  return response;
};

// The snapshot's address (the service worker keeps it, never the server): named after the Pyodide
// version and the engine wheel's hash, so a snapshot of another build is never restored.
const snapshotPath = (lock) => `parlour-${pyodideVersion}-${lock.packages.parlour.sha256.slice(0, 16)}.snapshot`;

// The kept snapshot's bytes, or null: asked of the service worker only (networkFetch: a missing
// snapshot is no failure of the start, and no server is asked for it).
// Its bytes are read while Pyodide fetches its own files (a promise of them is what it takes).
async function keptSnapshot(url) {
  if (self.name !== OFFLINE) return null;
  try {
    const response = await networkFetch(url);
    return response.ok ? response.arrayBuffer() : null;
  } catch (error) {
    return null;
  }
}

// Put a snapshot away from every cache of this site's service worker.
async function forget(url) {
  try {
    await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).delete(url)));
  } catch (error) {
    // No cache to clean (a browser without one): nothing was restored from it either.
  }
}

// Whether the service worker keeps a snapshot at ``url`` already (another tab made it).
async function snapshotKept(url) {
  try {
    const response = await networkFetch(url);
    if (response.body) response.body.cancel();
    return response.ok;
  } catch (error) {
    return false;
  }
}

// Pyodide restores a snapshot by copying its heap over the new module's memory, which the runtime
// sizes for itself (it ignores the snapshot's size): an engine whose heap grew past that when the
// snapshot was made would not fit ("offset is out of bounds"). So the module's memory is grown to
// the snapshot's heap first, by asking its allocator for the difference (the restore overwrites the
// allocator's state with the snapshot's own, so that block is simply forgotten).
function withRoomFor(snapshot) {
  const bytes = new Uint8Array(snapshot);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  const heap = bytes.byteLength - header;
  return async (settings) => {
    const { default: createModule } = await import(new URL("../pyodide/pyodide.asm.mjs", import.meta.url).href);
    const module = await createModule(settings);
    for (let tries = 0; module.HEAP8.length < heap && tries < 4; tries += 1) {
      if (!module._malloc(heap - module.HEAP8.length + (1 << 20))) break;
    }
    if (module.HEAP8.length < heap) throw new Error(`the snapshot needs ${heap} bytes of memory; ${module.HEAP8.length} were had`);
    return module;
  };
}

async function boot() {
  const started = performance.now();
  progress("Starting Python in your browser…", 0.05);
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  // The lock file names the engine wheel: fetched once here and handed to Pyodide, so the wheel
  // downloads while Pyodide starts instead of after it (loadPackage would wait for Python).
  const lock = fetch(new URL("pyodide-lock.json", indexURL)).then((response) => response.json());
  const wheel = lock.then((contents) => fetch(new URL(contents.packages.parlour.file_name, indexURL)))
    .then((response) => response.arrayBuffer());
  wheel.catch(() => {}); // a failure is reported below, when the wheel is wanted
  const making = self.name === SNAPSHOT_MAKER;
  const snapshotURL = lock.then((contents) => new URL(snapshotPath(contents), indexURL).href);
  if (making && await snapshotKept(await snapshotURL)) {
    postMessage({ v: PROTOCOL, type: "snapshot", url: await snapshotURL, bytes: null });
    return;
  }
  let snapshot = await Promise.race([snapshotURL.then(keptSnapshot), fetchFailure]);
  stamp(snapshot ? "snapshot found" : "no snapshot");
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await Promise.race([loadPyodide({
        indexURL, lockFileContents: lock, _loadSnapshot: snapshot, createPyodideModule: withRoomFor(snapshot),
      }), fetchFailure]);
      // A restored engine has imported every module of the wheel already (below): its files are not needed.
      handle = pyodide.pyimport("parlour.web").handle_json;
      stamp("python");
    } catch (error) {
      if (fetchBroke) throw error; // the runtime's files did not arrive: no fault of the snapshot
      // A snapshot this runtime refuses is put away, and Python started as without one.
      console.warn("parlour: the kept snapshot of the engine could not be restored", error);
      await forget(await snapshotURL);
      snapshot = null;
    }
  }
  if (!handle) {
    const options = { indexURL, lockFileContents: lock };
    if (making) options._makeSnapshot = true;
    pyodide = await Promise.race([loadPyodide(options), fetchFailure]);
    stamp("python");
    progress("Loading the card engine…", 0.8);
    pyodide.unpackArchive(await Promise.race([wheel, fetchFailure]), "wheel");
    handle = pyodide.pyimport("parlour.web").handle_json;
  }
  stamp("import");
  if (making) {
    // Every module of the engine imported (every game's too: no table's first deal waits for one),
    // so that a restored engine never reads a file of the wheel, which it does not unpack.
    pyodide.runPython(`import importlib, pkgutil, parlour
for module in pkgutil.walk_packages(parlour.__path__, "parlour."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)`);
    const bytes = pyodide.makeMemorySnapshot();
    postMessage({ v: PROTOCOL, type: "snapshot", url: await snapshotURL, bytes }, [bytes.buffer]);
    return;
  }
  postMessage({ v: PROTOCOL, type: "ready", ms: Math.round(performance.now() - started), restored: Boolean(snapshot), stages });
}

const booting = boot().catch((error) => {
  postMessage({ v: PROTOCOL, type: "fatal", message: `The card engine could not start: ${error.message || error}.` });
  throw error;
});
booting.catch(() => {}); // reported above; each later message is refused with the reason

function refuse(id, message, kind = "refused", detail = undefined) {
  postMessage({ v: PROTOCOL, id: Number.isInteger(id) ? id : null, type: "error", kind, message, detail });
}

onmessage = async (event) => {
  const message = event.data;
  // Check the envelope here; parlour.web checks every field again.
  if (!message || typeof message !== "object" || Array.isArray(message)) {
    refuse(null, "A message to the engine must be an object.");
    return;
  }
  if (message.v !== PROTOCOL || !Number.isInteger(message.id) || typeof message.type !== "string") {
    refuse(message.id, `A message to the engine needs v=${PROTOCOL}, a whole-number id and a type.`);
    return;
  }
  try {
    await booting;
  } catch (error) {
    refuse(message.id, `The card engine could not start: ${error}`);
    return;
  }
  let text;
  try {
    text = handle(JSON.stringify(message));
  } catch (error) {
    // Not the reader's doing: the page logs the detail and shows a plain message with a way on.
    refuse(message.id, "Something went wrong — your game is saved.", "bug", `The engine failed to answer: ${error}`);
    return;
  }
  postMessage(JSON.parse(text));
};
