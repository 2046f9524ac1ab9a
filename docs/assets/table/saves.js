// Saves: the game in progress kept in this browser for each game (a reload carries on from it),
// and the links that carry a game to someone else — the whole game so far, or a challenge to the
// same deal.

import { el } from "./dom.js";
import { MAX_JSON_CHARS, isPlainObject, plainRecord } from "./bounds.js";
import { STRENGTHS } from "./settings.js";

const SAVE_VERSION = 1;
const SAVE_PREFIX = "parlour.save.";

// The game saved in this browser for one game, whose table offers the ``strengths`` listed.
export class GameSave {
  constructor(game, strengths) {
    this.key = SAVE_PREFIX + game;
    this.strengths = strengths;
  }

  // Whether a game is saved (damaged or not: load says which).
  exists() {
    try {
      return Boolean(localStorage.getItem(this.key));
    } catch (error) {
      return false;
    }
  }

  // ``{ record, strength, unoffered }`` of the saved game (``unoffered``: the strength it was saved at,
  // when the table no longer offers it and it plays at Family instead, else null); null when there is
  // none; ``{ damaged: true }`` when
  // it was damaged or from an older save (then it is discarded). The text is measured before it is
  // parsed and the record's shape checked before it goes to the engine.
  load() {
    let text;
    try {
      text = localStorage.getItem(this.key);
    } catch (error) {
      return null;
    }
    if (!text) return null;
    let envelope = null;
    if (text.length <= MAX_JSON_CHARS) {
      try {
        envelope = JSON.parse(text);
      } catch (error) {
        envelope = null;
      }
    }
    const record = isPlainObject(envelope) && envelope.version === SAVE_VERSION ? plainRecord(envelope.record) : null;
    if (!record) {
      this.drop();
      return { damaged: true };
    }
    const known = typeof envelope.strength === "string" && Object.hasOwn(STRENGTHS, envelope.strength);
    // A save from when the game offered a strength it no longer offers (Strong taken away after it was
    // measured no stronger than Family) plays at Family, and the table says so.
    const offered = known && this.strengths.includes(envelope.strength);
    // Which seats people play at this screen: kept with the game (one person if the save says nothing usable).
    const people = Array.isArray(envelope.people) && envelope.people.length
      && envelope.people.every((seat) => Number.isInteger(seat) && seat >= 0 && seat < 16) ? envelope.people : [0];
    return { record, strength: offered ? envelope.strength : "family", people,
      unoffered: known && !offered ? STRENGTHS[envelope.strength] : null };
  }

  // Keep the state's game (a finished game is not kept).
  store(reply) {
    try {
      if (reply.over) localStorage.removeItem(this.key);
      else localStorage.setItem(this.key, JSON.stringify({ version: SAVE_VERSION, record: reply.record, strength: reply.strength,
        people: reply.people || [0] }));
    } catch (error) {
      /* Private browsing or full storage: the game simply is not saved. */
    }
  }

  drop() {
    try {
      localStorage.removeItem(this.key);
    } catch (error) {
      /* Storage that cannot be reached holds nothing to drop. */
    }
  }
}

// The hash of a "challenge a friend" link: the deal number and the options, never any moves.
export function challengeHash(seed, options) {
  const params = new URLSearchParams({ deal: String(seed) });
  Object.entries(options).forEach(([name, value]) => params.set(name, String(value)));
  return params.toString();
}

// What the Share button offers: two links, the whole game (``code``, which shows every hand to
// whoever opens it), and a challenge that carries only the deal number and the options, so a
// friend can play the same deal fairly. The address field is returned too, to be selected.
// ``people``: the seats people play at one screen, kept by the game's link.
export function shareLinks(code, seed, options, people) {
  const page = `${location.origin}${location.pathname}`;
  const url = `${page}#play=${code}${people && people.length > 1 ? `&people=${people.join(",")}` : ""}`;
  const challenge = `${page}#${challengeHash(seed, options)}`;
  const link = el("a", { href: url, class: "pt-share-link", text: "Link to this game" });
  const field = el("input", { type: "text", readonly: true, value: url, "aria-label": "Share link", class: "pt-share-url" });
  const warning = el("span", { class: "pt-share-warning",
    text: "Anyone who opens this link can see every hand, yours included: it is for showing a game, not for playing against someone." });
  const challengeLink = el("a", { href: challenge, class: "pt-challenge-link", text: "Challenge a friend" });
  const challengeNote = el("span", { text: " to the same deal: their link holds only the deal number and the rules, so nobody sees a hidden card." });
  return { field, nodes: [el("span", {}, ["Share: ", link, " ", field]), " ", warning, el("br"), challengeLink, challengeNote] };
}
