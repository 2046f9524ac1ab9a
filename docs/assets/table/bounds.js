// Bounds on what the page hands the engine.
//
// The engine checks everything again (parlour/limits.py, parlour/codec.py hold the same numbers,
// and tests/test_hard_inputs.py checks they agree), but a deeply nested or huge payload must not
// even reach Pyodide: it could crash the engine.

export const MAX_JSON_CHARS = 4000000;
export const MAX_NAME_CHARS = 64;
export const MAX_CODE_CHARS = 300000;
export const MAX_OPTIONS = 32;
export const MAX_DECK = 256;
export const MAX_RECORD_ACTIONS = 200000;
// The characters of a share code (#play=CODE).
export const CODE_CHARS = /^[A-Za-z0-9_-]+$/;
const RECORD_KEYS = new Set(["game", "options", "seed", "actions", "deck"]);

export const isName = (value) => typeof value === "string" && value.length > 0 && value.length <= MAX_NAME_CHARS;
export const isSeed = (value) => Number.isSafeInteger(value) && value >= 0;
export const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

// A saved record of the one flat shape the engine accepts, or null: nothing nested, nothing huge.
export function plainRecord(record) {
  if (!isPlainObject(record) || !Object.keys(record).every((key) => RECORD_KEYS.has(key))) return null;
  const { game, seed, actions, options = {}, deck } = record;
  if (!isName(game) || !isSeed(seed)) return null;
  if (!Array.isArray(actions) || actions.length > MAX_RECORD_ACTIONS || !actions.every(isName)) return null;
  if (!isPlainObject(options)) return null;
  const entries = Object.entries(options);
  if (entries.length > MAX_OPTIONS || !entries.every(([name, value]) => isName(name) && (isName(value) || Number.isSafeInteger(value)))) return null;
  if (deck !== undefined && (!Array.isArray(deck) || deck.length > MAX_DECK || !deck.every(isName))) return null;
  return record;
}
