// The engine's Web Worker: Pyodide and the parlour wheel, loaded from this site's own origin.
// It answers the page's protocol messages by passing them, as JSON text, to parlour.web.handle_json;
// the page never waits on Python in its own thread.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const PROTOCOL = 1;
let handle = null;
let shown = 0; // the furthest fraction reported: a step never moves the bar back

function progress(stage, fraction) {
  shown = Math.max(shown, fraction);
  postMessage({ v: PROTOCOL, type: "progress", stage, fraction: shown });
}

// The bytes of the runtime as they arrive, so the reader sees the download move (about 13 MB
// the first time; from the browser's cache or the service worker, the same bytes arrive at once).
const EXPECTED_BYTES = 13e6;
let received = 0;
let lastReport = 0;
function counted(response) {
  if (!response.body || typeof TransformStream === "undefined") return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        progress(`Downloading Python and the card engine: ${(received / 1e6).toFixed(1)} MB so far…`,
          0.05 + 0.7 * Math.min(1, received / EXPECTED_BYTES));
      }
      controller.enqueue(chunk);
    },
  });
  // The body is handed on decoded: the sizes and encoding of what came over the wire no longer apply.
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers });
}

// Pyodide waits for ever when one of its files cannot be fetched (offline, a server error): a
// failed fetch here ends the start at once, with the file named.
let fetchFailed;
const fetchFailure = new Promise((_, reject) => { fetchFailed = reject; });
const networkFetch = self.fetch.bind(self);
self.fetch = async (resource, init) => {
  const name = String(resource instanceof Request ? resource.url : resource).split("/").pop();
  let response;
  try {
    response = await networkFetch(resource, init);
  } catch (error) {
    fetchFailed(new Error(`${name} could not be fetched (${error.message})`));
    throw error;
  }
  if (!response.ok) fetchFailed(new Error(`${name} could not be fetched (${response.status} ${response.statusText})`));
  return response.ok ? counted(response) : response;
};

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
  const pyodide = await Promise.race([loadPyodide({ indexURL, lockFileContents: lock }), fetchFailure]);
  progress("Loading the card engine…", 0.8);
  pyodide.unpackArchive(await Promise.race([wheel, fetchFailure]), "wheel");
  handle = pyodide.pyimport("parlour.web").handle_json;
  postMessage({ v: PROTOCOL, type: "ready", ms: Math.round(performance.now() - started) });
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
