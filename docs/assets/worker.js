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

// Each runtime file the reader waits for, named with its size: the wait is never a silent one.
const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
let fetched = 0;
function fetching(name, response) {
  const size = Number(response.headers.get("content-length")) || 0;
  fetched += size;
  progress(size ? `Downloading ${name} (${megabytes(size)}; ${megabytes(fetched)} so far)…` : `Downloading ${name}…`,
    Math.min(0.75, 0.05 + fetched / 16e6));
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
  else fetching(name, response);
  return response;
};

async function boot() {
  const started = performance.now();
  progress("Starting Python in your browser…", 0.05);
  const pyodide = await Promise.race([
    loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href }), fetchFailure]);
  progress("Loading the card engine…", 0.8);
  await Promise.race([pyodide.loadPackage("parlour", { messageCallback: () => {} }), fetchFailure]);
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
