// Live tables and step-through examples for the game pages.
//
// The engine (Python, in a Web Worker through Pyodide) does all the work: rules, bots, reasons
// and the HTML of the table (the same renderer as the static examples). This script only
// sends protocol messages, inserts the HTML it gets back and forwards clicks and keys.
// Without JavaScript the static examples stay as they are.
(function () {
  "use strict";

  const PROTOCOL = 1;
  const SAVE_VERSION = 1;
  const SAVE_PREFIX = "parlour.save.";
  // "wait": computer players at the normal pace, and a finished trick stays until the reader presses Continue.
  const SPEEDS = { slow: 900, normal: 350, fast: 0, wait: 350 };
  const SPEED_LABELS = { wait: "wait for me after each trick" };
  // How many computer moves' time a finished trick stays on the table before the next lead.
  const TRICK_LINGER = 5;
  // The computer players' strength (the engine's web.STRENGTHS): random moves, the rule bot, the search bot.
  const STRENGTHS = { beginner: "Beginner", family: "Family", strong: "Strong" };
  const ROOT = new URL("../", document.currentScript.src);
  const REPLY_TYPES = new Set(["state", "reason", "code", "replay", "count", "hint", "error"]);
  const PACE_PREFIX = "parlour.pace.";
  const SPEED_PREFIX = "parlour.speed.";
  const HINTS_PREFIX = "parlour.hints.";
  // The prompt while a hand's summary is read, before the next deal.
  const HAND_OVER = "The hand is over: read what happened, then press Continue for the next deal.";
  // At a table without turns, a hint is asked for again at most this often.
  const HINT_EVERY_MS = 700;
  // Past this, a table still loading says so and offers to start again (the load goes on).
  const SLOW_LOAD_MS = 40000;

  // ---- bounds on what the page hands the engine ------------------------------------------
  // The engine checks everything again (parlour/limits.py, parlour/codec.py hold the same numbers),
  // but a deeply nested or huge payload must not even reach Pyodide: it could crash the engine.
  const MAX_JSON_CHARS = 4000000;
  const MAX_NAME_CHARS = 64;
  const MAX_CODE_CHARS = 300000;
  const MAX_OPTIONS = 32;
  const MAX_DECK = 256;
  const MAX_RECORD_ACTIONS = 200000;
  const CODE_CHARS = /^[A-Za-z0-9_-]+$/;
  const RECORD_KEYS = new Set(["game", "options", "seed", "actions", "deck"]);
  const SOMETHING_WENT_WRONG = "Something went wrong — your game is saved.";

  const isName = (value) => typeof value === "string" && value.length > 0 && value.length <= MAX_NAME_CHARS;
  const isSeed = (value) => Number.isSafeInteger(value) && value >= 0;
  const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

  // A saved record of the one flat shape the engine accepts, or null: nothing nested, nothing huge.
  function plainRecord(record) {
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

  // ---- the rule behind a refusal ----------------------------------------------------------
  // A refusal links to the paragraph of the page's rules it comes from: of the rules paragraphs
  // (before "Worked examples"), the one sharing most of the reason's telling words, rare words
  // counting more. Suits and ranks are left out (they name the cards, not the rule), and the
  // engine's "follow" is also the rules' "the suit led". Matching words rather than tagging every
  // rule keeps the pages free prose; a reason that shares too little gets no link, not a wrong one.
  // Words that name cards and seats say which cards, not which rule.
  const CARD_WORDS = new Set(("clubs diamonds hearts spades oros copas espadas bastos ace king queen jack " +
    "two three four five six seven eight nine ten south west north east yours").split(" "));
  const COMMON_WORDS = new Set([...CARD_WORDS, ...("the and or of to in on it is are be you your can cannot must " +
    "may not this that with for one has have been was were if as at by from their its when only any all but yet " +
    "until then than play played plays card cards").split(" ")]);
  // Rules a paragraph may state in other words than the engine's reason: "follow" is also "a card
  // of the suit that was led"; "led" is also "leads".
  const SAID_ALSO = { follow: /\bfollow(?:s|ing)? suit|\bsuit (?:that (?:was|is) )?led\b|\bsame suit\b/i,
    led: /\ble(?:d|ads?)\b/i };
  const stem = (word) => (word === "led" ? word : word.replace(/(?:ing|ed|es|s)$/, ""));

  // The telling words of a text, stemmed, and the cards it names ("2♣"); ``all`` keeps common words.
  function keyWords(text, all) {
    const words = text.toLowerCase().replace(/[^a-z0-9\u00c0-\u024f♠♣♥♦]+/g, " ").split(" ")
      .filter((word) => /[♠♣♥♦]/.test(word) ? /^(?:10|[2-9akqj])[♠♣♥♦]$/.test(word)
        : word.length > 2 && /^[a-z\u00c0-\u024f]+$/.test(word) && (all || !COMMON_WORDS.has(word)));
    return new Set(words.map(stem));
  }

  function ruleParagraph(reason, table) {
    const wanted = keyWords(reason);
    // "Hearts are not broken yet": a suit at the head of a reason is what it is about.
    if (/^(hearts|spades|trumps)\b/i.test(reason)) wanted.add(stem(reason.split(" ")[0].toLowerCase()));
    const article = table.closest("article") || document.querySelector("article");
    if (!wanted.size || !article) return null;
    const examples = article.querySelector("#worked-examples");
    const paragraphs = [];
    for (const node of article.querySelectorAll("p, li")) {
      if (examples && examples.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) break;
      if (node.closest(".pt-live, .pt-info-panel, .pt-play-now, nav, table") || node.querySelector("p, li")) continue;
      paragraphs.push({ node, text: node.textContent, words: keyWords(node.textContent, true) });
    }
    const says = (paragraph, word) => (SAID_ALSO[word] ? SAID_ALSO[word].test(paragraph.text) : paragraph.words.has(word));
    // Rare words tell more: a word in every paragraph says nothing of which rule it is.
    const weight = new Map();
    wanted.forEach((word) => {
      const holders = paragraphs.filter((p) => says(p, word)).length;
      weight.set(word, holders ? Math.log((paragraphs.length + 1) / holders) : 0);
    });
    const total = Array.from(weight.values()).reduce((a, b) => a + b, 0);
    // Between paragraphs as telling, the one sharing more of the reason's plain words ("you must").
    const plain = new Set(Array.from(keyWords(reason, true)).filter((word) => !CARD_WORDS.has(word) && !CARD_WORDS.has(`${word}s`)));
    let best = null;
    let bestScore = [0, 0];
    paragraphs.forEach((paragraph) => {
      let score = 0;
      wanted.forEach((word) => { if (says(paragraph, word)) score += weight.get(word); });
      let shared = 0;
      plain.forEach((word) => { if (paragraph.words.has(word)) shared += 1; });
      if (score > bestScore[0] + 1e-9 || (Math.abs(score - bestScore[0]) < 1e-9 && score > 0 && shared > bestScore[1])) {
        best = paragraph.node;
        bestScore = [score, shared];
      }
    });
    return total > 0 && bestScore[0] >= total / 2 ? best : null;
  }

  // The hash of a "challenge a friend" link: the deal number and the options, never any moves.
  function challengeHash(seed, options) {
    const params = new URLSearchParams({ deal: String(seed) });
    Object.entries(options).forEach(([name, value]) => params.set(name, String(value)));
    return params.toString();
  }

  // ---- the worker and the protocol ------------------------------------------------------
  let worker = null;
  let booted = null;
  let abandon = null; // rejects the attempt in progress when it is started again
  let nextId = 1;
  const pending = new Map();
  const progressListeners = new Set();

  function engine() {
    if (booted) return booted;
    booted = bootEngine();
    // Tell assets/offline.js whether it started (to keep the runtime for offline use).
    booted.then(() => announce(true), () => announce(false));
    return booted;
  }
  engine.current = () => booted;

  function announce(ok) {
    document.dispatchEvent(new CustomEvent("parlour-engine", { detail: { ok } }));
  }

  // Start again from nothing: a new worker and a new Pyodide (after a failed or slow load).
  function restartEngine() {
    if (abandon) abandon(new Error("The card engine was started again."));
    if (worker) worker.terminate();
    const early = window.parlourEarlyWorker;
    if (early) early.worker.terminate();
    window.parlourEarlyWorker = null;
    worker = null;
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
      // The page's head may have started the worker already (overrides/main.html).
      const early = window.parlourEarlyWorker;
      try {
        worker = early ? early.worker : new Worker(new URL("assets/worker.js", ROOT), { type: "module" });
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
      if (early) {
        // Hand over from the head's listeners; no message can arrive between these lines.
        worker.removeEventListener("message", early.keep);
        worker.removeEventListener("error", early.fail);
        early.messages.forEach((data) => worker.onmessage({ data }));
        if (early.failed) reject(stopped(early.failed));
        window.parlourEarlyWorker = null;
      }
    });
  }

  // Send one message; the promise gives the engine's reply (an "error" reply is a normal answer).
  // An internal error ("bug" — never the reader's doing) is logged here with its details, and
  // reaches the table only as SOMETHING_WENT_WRONG.
  async function call(type, fields) {
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

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([key, value]) => {
      if (key === "text") node.textContent = value;
      else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach((child) => node.append(child));
    return node;
  }

  function progressBox() {
    const bar = el("progress", { max: "1", value: "0" });
    const label = el("span", { text: "Loading the card table…" });
    const box = el("div", { class: "pt-loading", role: "status", "aria-live": "polite" }, [bar, " ", label]);
    const listener = (stage, fraction) => {
      bar.value = fraction;
      label.textContent = stage === "Ready" ? "Ready." : stage;
      if (stage === "Ready") setTimeout(() => box.remove(), 200);
    };
    progressListeners.add(listener);
    return box;
  }

  // ---- a live table ---------------------------------------------------------------------
  // An option's name as a label: "all_pass" -> "All pass" (its help text says what it does).
  // A choice kept in the browser for one game (the pace, hints), or null.
  const remembered = (key, allowed) => {
    try {
      const value = localStorage.getItem(key);
      return allowed.includes(value) ? value : null;
    } catch (error) {
      return null;
    }
  };
  const remember = (key, value) => {
    try { localStorage.setItem(key, value); } catch (error) { /* simply not kept */ }
  };
  const optionLabel = (name) => {
    const words = name.replace(/_/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  // "stalled": the game reached the most moves one game may hold (the prompt says so).
  const tableState = (reply) => (reply.over ? "over" : reply.stalled ? "stalled" : reply.human_turn ? "your-turn" : "waiting");

  class LiveTable {
    constructor(root) {
      this.root = root;
      this.game = root.dataset.game;
      this.name = `live-${this.game}`;
      this.options = JSON.parse(root.dataset.options || "[]");
      this.seat = 0;
      this.busy = false;
      this.readerMoves = 0;
      this.putAside = null;
      this.selection = [];
      this.legal = [];
      this.compose = [];
      this.lastLog = 0;
      // Shows of states started so far (see show()), and the Continue the table waits for, if any.
      this.runs = 0;
      this.resume = null;
      this.build();
      this.start();
    }

    build() {
      const root = this.root;
      root.innerHTML = "";
      root.classList.add("pt-live-ready");
      this.loading = progressBox();
      this.form = el("form", { class: "pt-controls", "aria-label": "Game settings" });
      this.optionInputs = {};
      // The rules and the deal number sit in a panel the reader opens when they want it: each rule
      // with a plain name and its help text, so the table itself stays one screen high.
      this.settings = el("details", { class: "pt-settings" }, [
        el("summary", { text: "Rules for the next deal, and the deal number" })]);
      this.options.forEach((option) => {
        const id = `${this.name}-${option.name}`;
        let input;
        const help = `${id}-help`;
        if (option.choices) {
          input = el("select", { id, name: option.name, "aria-describedby": help },
            option.choices.map((choice) => el("option", { value: String(choice.value), text: choice.label })));
        } else {
          input = el("input", { id, name: option.name, type: "number", min: option.minimum, max: option.maximum, "aria-describedby": help });
        }
        input.value = String(option.default);
        this.optionInputs[option.name] = { input, option };
        this.settings.append(el("div", { class: "pt-setting" }, [
          el("label", { for: id }, [optionLabel(option.name), input]),
          el("small", { id: help, class: "pt-help", text: option.help || "" })]));
      });
      this.seedInput = el("input", { id: `${this.name}-seed`, name: "seed", type: "number", min: "0", inputmode: "numeric",
        "aria-describedby": `${this.name}-seed-help` });
      this.settings.append(el("div", { class: "pt-setting" }, [
        el("label", { for: this.seedInput.id }, ["Deal number", this.seedInput]),
        el("small", { id: `${this.name}-seed-help`, class: "pt-help",
          text: "The same number deals the same cards: type one and press New deal to play a deal again." })]));
      // Waiting after each trick is offered only where there are tricks.
      const speeds = Object.keys(SPEEDS).filter((key) => key !== "wait" || this.root.dataset.tricks === "true");
      this.speed = el("select", { id: `${this.name}-speed`, name: "speed" },
        speeds.map((key) => el("option", { value: key, text: SPEED_LABELS[key] || key })));
      this.speed.value = remembered(SPEED_PREFIX + this.game, speeds) || "normal";
      this.speed.addEventListener("change", () => remember(SPEED_PREFIX + this.game, this.speed.value));
      // A game for one has no computer players: neither their pace nor their strength is offered.
      this.form.append(el("label", { for: this.speed.id, hidden: this.soloGame() }, ["Computer players' pace", this.speed]));
      // Only the strengths the game offers (no Strong where the search bot cannot search).
      const offered = (this.root.dataset.strengths || Object.keys(STRENGTHS).join(" ")).split(" ");
      this.strength = el("select", { id: `${this.name}-strength`, name: "strength" },
        Object.entries(STRENGTHS).filter(([key]) => offered.includes(key))
          .map(([key, label]) => el("option", { value: key, text: label })));
      this.strength.value = "family";
      this.form.append(el("label", { for: this.strength.id, hidden: this.soloGame() }, ["Computer players", this.strength]));
      // Hints (off until the reader asks): at each turn, what a Family player would do and why.
      this.hints = el("input", { type: "checkbox", id: `${this.name}-hints`, name: "hints" });
      this.hints.checked = remembered(HINTS_PREFIX + this.game, ["on", "off"]) === "on";
      this.hintsLabel = el("label", { for: this.hints.id, class: "pt-check" }, [this.hints, " Show hints"]);
      this.hints.addEventListener("change", () => {
        remember(HINTS_PREFIX + this.game, this.hints.checked ? "on" : "off");
        if (this.hints.checked) this.showHint(); else this.hintBox.replaceChildren();
      });
      this.form.append(this.hintsLabel);
      this.strength.addEventListener("change", () => this.control("strength"));
      // Games that offer a choice of hand order (rummies) show it; the engine sorts the hand.
      this.sortSelect = el("select", { id: `${this.name}-sort`, name: "sort" });
      this.sortLabel = el("label", { for: this.sortSelect.id, hidden: true }, ["Sort my hand", this.sortSelect]);
      this.sortSelect.addEventListener("change", () => this.sortHand());
      this.form.append(this.sortLabel);
      const button = (text, action, extra) => {
        const node = el("button", Object.assign({ type: "button", class: "pt-control", "data-control": action }, extra || {}), [text]);
        node.addEventListener("click", () => this.control(action));
        return node;
      };
      this.buttons = {
        deal: button("New deal", "deal"),
        restart: button("Restart", "restart"),
        undo: button("Undo", "undo"),
        share: button("Share this deal", "share"),
      };
      this.form.prepend(el("div", { class: "pt-control-row" }, Object.values(this.buttons)));
      this.form.append(this.settings);
      this.form.addEventListener("submit", (event) => { event.preventDefault(); this.control("deal"); });
      this.shareBox = el("p", { class: "pt-share", hidden: true });
      this.prompt = el("p", { class: "pt-prompt", "aria-live": "polite" });
      // The totals of the score sheet (which stays further down), in view beside whose turn it is.
      this.scoreLine = el("p", { class: "pt-score-line", hidden: true });
      this.message = el("p", { class: "pt-message", role: "alert" });
      this.hintBox = el("p", { class: "pt-hint", "aria-live": "polite" });
      // The computer players' moves since the reader's last one, each with a "why?" to open.
      this.whyBox = el("div", { class: "pt-whys" });
      this.tableBox = el("div", { class: "pt-live-table" });
      // Where the table stops for the reader: a hand's summary, or a finished trick at the "wait for
      // me" pace, with Continue. The text is a live region, so a screen reader hears the summary.
      this.pauseText = el("div", { class: "pt-pause-text", "aria-live": "polite" });
      this.continueButton = el("button", { type: "button", class: "pt-control pt-continue", "data-control": "continue", hidden: true }, ["Continue"]);
      this.continueButton.addEventListener("click", () => this.goOn());
      this.pauseBox = el("div", { class: "pt-pause" }, [this.pauseText, this.continueButton]);
      // The last hand's summary, to read again once play has gone on.
      this.lastHand = el("details", { class: "pt-last-hand", hidden: true });
      this.scoreBox = el("div", { class: "pt-live-score" });
      this.logList = el("ol", { class: "pt-log pt-live-log", tabindex: "0" });
      const logBox = el("details", { class: "pt-story" }, [el("summary", { text: "What has happened so far" }), this.logList]);
      this.announcer = el("p", { class: "pt-sr-only", "aria-live": "polite" });
      this.backLink = el("p", { class: "pt-back" }, [el("a", { href: "#", text: "Back to the rules" })]);
      // What a player needs while playing comes first: whose turn and what to do, the table, then
      // the answer to a move (a refusal sits right under the hand); the buttons and settings follow.
      // Whose turn, the score and the way back to the rules share one line (two on a phone): every
      // line above the table is a line of the table pushed off a small screen.
      root.append(this.loading, el("div", { class: "pt-live-head" }, [this.prompt, this.scoreLine, this.backLink]),
        this.hintBox, this.tableBox, this.pauseBox, this.message, this.whyBox, this.form, this.shareBox, this.scoreBox,
        this.lastHand, logBox, this.announcer);
      // The table takes the keyboard focus back after a move only while the reader is playing there
      // (its Continue button is part of the table).
      const atTable = (node) => this.tableBox.contains(node) || this.pauseBox.contains(node);
      this.tableBox.addEventListener("focusin", () => { this.playingHere = true; });
      this.pauseBox.addEventListener("focusin", () => { this.playingHere = true; });
      root.addEventListener("focusout", (event) => {
        if (event.relatedTarget && !atTable(event.relatedTarget)) this.playingHere = false;
      });
      this.tableBox.addEventListener("click", (event) => {
        const part = event.target.closest("[data-part]");
        if (part && this.tableBox.contains(part)) return this.pick(part);
        const target = event.target.closest("[data-action]");
        if (target && this.tableBox.contains(target)) {
          // After a move made of picked parts, the parts it did not use stay picked (lay a meld, then add to it).
          const move = this.legal.find((m) => m.action === target.dataset.action);
          this.carry = move && move.parts.length ? this.selection.filter((p) => !move.parts.includes(p)) : [];
          this.choose(target.dataset.action, target.dataset.legal === "true");
        }
      });
      this.tableBox.addEventListener("keydown", (event) => this.arrowKeys(event));
    }

    // The engine failed (or is slow: the progress bar stays): say so, with a button that starts it again.
    loadTrouble(text, stillLoading) {
      this.say(text, true);
      if (!stillLoading) this.loading.remove();
      if (this.retryBox) return;
      const retry = el("button", { type: "button", class: "pt-control", "data-control": "retry" }, ["Retry"]);
      retry.addEventListener("click", () => {
        this.retryBox.remove();
        this.retryBox = null;
        this.say("");
        this.loading.remove();
        this.loading = progressBox();
        this.root.prepend(this.loading);
        restartEngine();
        this.start();
      });
      this.retryBox = el("p", { class: "pt-retry" }, [retry]);
      this.message.after(this.retryBox);
    }

    saveKey() { return SAVE_PREFIX + this.game; }

    gameName() { return this.root.dataset.name || this.game; }

    // A game for one (a patience): no computer players to choose.
    soloGame() { return this.root.dataset.solo === "true"; }

    // A game the reader is part-way through: New deal and Restart ask before putting it aside.
    inProgress() {
      return Boolean(this.record && !this.over && this.readerMoves > 0);
    }

    // Where the reader sits, how the computer players play and the hand order chosen for this game:
    // every new, restore and share sends it.
    seating() { return { seat: this.seat, strength: this.strength.value, ...this.sortField() }; }

    // The hand order chosen for this game, kept across deals (only for games that offer a choice).
    sortField() {
      let by = "";
      try { by = localStorage.getItem(`${SAVE_PREFIX}${this.game}-sort`) || ""; } catch (error) { by = ""; }
      return by ? { sort: by } : {};
    }

    async sortHand() {
      const by = this.sortSelect.value;
      try { localStorage.setItem(`${SAVE_PREFIX}${this.game}-sort`, by); } catch (error) { /* not saved */ }
      if (this.busy) return;
      const carry = this.selection.slice();
      const reply = await call("sort", { table: this.name, by });
      if (reply.type !== "state") return this.say(reply.message, true);
      this.carry = carry;
      this.render(reply);
    }

    say(text, isError) {
      this.message.textContent = text || "";
      this.message.classList.toggle("pt-error", Boolean(isError));
    }

    // A move the rules forbid: the reason under the hand, in view, with a link to the rule it comes
    // from on this page; the rule, once visited, has a way back to the table.
    refuse(reason) {
      this.say(`You can't play that: ${reason}`, true);
      const rule = ruleParagraph(reason, this.root);
      if (rule) {
        if (!rule.id) rule.id = `rule-${Array.from(document.querySelectorAll("article p, article li")).indexOf(rule)}`;
        const link = el("a", { class: "pt-rule-link", href: `#${rule.id}` }, ["Read the rule"]);
        link.addEventListener("click", () => this.markRule(rule));
        this.message.append(" ", link);
      }
      this.message.scrollIntoView({ block: "nearest" });
    }

    markRule(rule) {
      document.querySelectorAll(".pt-rule-shown").forEach((node) => node.classList.remove("pt-rule-shown"));
      document.querySelectorAll(".pt-rule-back").forEach((node) => node.remove());
      rule.classList.add("pt-rule-shown");
      const back = el("a", { class: "pt-rule-back", href: `#${this.root.id || "live-table"}` }, ["Back to the table"]);
      back.addEventListener("click", () => { rule.classList.remove("pt-rule-shown"); back.remove(); });
      rule.append(" ", back);
    }

    // Show an engine's error reply: a plain reason as it is (after ``lead``, if given); an internal
    // error as SOMETHING_WENT_WRONG with a way on — reloading the table, which reopens the save.
    sayError(reply, lead) {
      if (reply.kind === "illegal" && !lead) return this.refuse(reply.message);
      if (reply.kind !== "bug") {
        this.say(`${lead || ""}${reply.message}`, true);
        return;
      }
      const reload = el("button", { type: "button", class: "pt-control", "data-control": "reload" }, ["Reload the table"]);
      reload.addEventListener("click", () => location.reload());
      this.say(`${reply.message} `, true);
      this.message.append(reload);
    }

    async start() {
      const attempt = engine();
      const slow = setTimeout(() => this.loadTrouble(
        "The card engine is taking a long time to load. The first load fetches about 13 MB, which can take "
        + "minutes on a slow connection; it goes on meanwhile. If it seems stuck, start it again:", true), SLOW_LOAD_MS);
      try {
        await attempt;
      } catch (error) {
        if (attempt !== engine.current()) return; // a Retry has started another attempt
        const offline = navigator.onLine === false ? " You seem to be offline: once a game page has "
          + "loaded its table with a connection, the tables work offline too." : "";
        this.loadTrouble(`${error.message}${offline} The examples above still work without it.`, false);
        return;
      } finally {
        clearTimeout(slow);
      }
      if (this.retryBox) {
        this.retryBox.remove();
        this.retryBox = null;
        this.say("");
      }
      const hash = new URLSearchParams(location.hash.slice(1));
      // A link is read once: from then on the game is saved here, so a reload carries on from the save.
      if (hash.has("play") || hash.has("deal")) history.replaceState(null, "", location.pathname + location.search);
      if (hash.has("play")) return this.openShared(hash.get("play"));
      if (hash.has("deal")) return this.openChallenge(hash);
      return this.resumeOrDeal();
    }

    // The game saved on this page for this game, or a fresh deal.
    async resumeOrDeal(keepMessage) {
      const saved = this.loadSave();
      if (saved) {
        const reply = await call("restore", { table: this.name, record: saved.record, ...this.seating() });
        if (reply.type === "state") {
          if (!keepMessage) this.say("Welcome back: your game is where you left it.");
          this.readerMoves = saved.record.actions.length ? 1 : 0;
          return this.show(reply, true);
        }
        this.dropSave();
        this.say(`Your saved game could not be restored (${reply.message}), so it was discarded. Here is a fresh game.`, true);
      }
      return this.newGame(false);
    }

    // A share link (#play=CODE): the whole game so far.
    async openShared(code) {
      let problem = "it is not a game link.";
      if (code.length <= MAX_CODE_CHARS && CODE_CHARS.test(code)) {
        const reply = await call("restore", { table: this.name, code, ...this.seating() });
        if (reply.type === "state" && reply.game !== this.game) {
          // Another game's link: it is not played (nor saved) here; the right page is offered.
          const page = new URL(`../${encodeURIComponent(reply.game)}/#play=${code}`, location.href);
          const there = el("a", { href: page.href, class: "pt-foreign-link", text: `open it on the ${reply.game_name} page` });
          this.say(`This link is a game of ${reply.game_name}, not ${this.gameName()}: `, true);
          this.message.append(there, ". Your own game here goes on.");
          return this.resumeOrDeal(true);
        }
        if (reply.type === "state") {
          this.say("This is the shared deal from the link.");
          return this.show(reply, true);
        }
        problem = reply.message;
      }
      this.say(`The shared link could not be opened: ${problem} Here is a fresh game instead.`, true);
      await this.newGame(false);
    }

    // A challenge link (#deal=SEED&option=value…): the same deal and rules, from the first card.
    async openChallenge(hash) {
      const seedText = hash.get("deal");
      const seed = /^[0-9]{1,16}$/.test(seedText) ? Number(seedText) : NaN;
      const options = {};
      let problem = isSeed(seed) ? null : "its deal number is not a whole number.";
      hash.forEach((text, name) => {
        if (name === "deal" || problem) return;
        const known = Object.hasOwn(this.optionInputs, name) ? this.optionInputs[name] : null;
        const value = known ? this.optionValue(known.option, text) : undefined;
        if (value === undefined) problem = `it sets an option this game does not have, or to a value it does not allow (${name.slice(0, MAX_NAME_CHARS)}).`;
        else options[name] = value;
      });
      if (!problem) {
        this.say("A challenge from a friend: the same deal they played, from the first card. Compare your scores at the end.");
        const reply = await this.newGame(false, seed, options);
        if (reply && reply.type === "state") return null;
        problem = reply ? reply.message : "it could not be set up.";
      }
      this.say(`The challenge link could not be opened: ${problem} Here is a fresh game instead.`, true);
      await this.newGame(false);
      return null;
    }

    // An option's value from text (a form field or a link), or undefined if it is not one it allows.
    optionValue(option, text) {
      if (option.choices) {
        const choice = option.choices.find((c) => String(c.value) === text);
        return choice ? choice.value : undefined;
      }
      const number = /^-?[0-9]{1,9}$/.test(text.trim()) ? Number(text) : NaN;
      const inRange = Number.isSafeInteger(number) && (option.minimum === null || number >= option.minimum)
        && (option.maximum === null || number <= option.maximum);
      return inRange ? number : undefined;
    }

    dropSave() {
      try {
        localStorage.removeItem(this.saveKey());
      } catch (error) {
        /* Storage that cannot be reached holds nothing to drop. */
      }
    }

    // The saved game's record, or null. The text is measured before it is parsed and the record's
    // shape checked before it goes to the engine: a damaged or doctored save is discarded here.
    loadSave() {
      let text;
      try {
        text = localStorage.getItem(this.saveKey());
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
        this.dropSave();
        this.say("A saved game from an older or damaged save was discarded. Here is a fresh game.", true);
        return null;
      }
      // A save from when the game offered a strength it no longer offers plays at Family.
      const offered = [...this.strength.options].map((option) => option.value);
      const strength = typeof envelope.strength === "string" && offered.includes(envelope.strength)
        ? envelope.strength : "family";
      this.strength.value = strength;
      return { record, strength };
    }

    save(reply) {
      try {
        if (reply.over) localStorage.removeItem(this.saveKey());
        else localStorage.setItem(this.saveKey(), JSON.stringify({ version: SAVE_VERSION, record: reply.record, strength: reply.strength }));
      } catch (error) {
        /* Private browsing or full storage: the game simply is not saved. */
      }
    }

    readOptions() {
      const options = {};
      Object.values(this.optionInputs).forEach(({ input, option }) => {
        // A number out of range still goes to the engine, which says what the option allows.
        const value = option.choices ? this.optionValue(option, input.value) : Number(input.value);
        if (value !== option.default) options[option.name] = value;
      });
      return options;
    }

    // Deal a new game (the form's options and seed, or the ones given); the engine's reply.
    async newGame(fromForm, seed, chosen) {
      const options = chosen || (fromForm ? this.readOptions() : {});
      if (seed === undefined) {
        const typed = this.seedInput.value.trim();
        seed = fromForm && typed !== "" && Number(typed) !== this.currentSeed ? Number(typed) : Math.floor(Math.random() * 1e9);
      }
      if (!isSeed(seed)) {
        this.say(`The deal number must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`, true);
        return null;
      }
      const reply = await call("new", { table: this.name, game: this.game, options, seed, ...this.seating() });
      if (reply.type !== "state") {
        this.sayError(reply);
        return reply;
      }
      history.replaceState(null, "", location.pathname + location.search);
      this.shareBox.hidden = true;
      this.lastLog = 0;
      this.logList.innerHTML = "";
      this.root.dataset.deals = String(Number(this.root.dataset.deals || 0) + 1);
      this.readerMoves = 0;
      await this.show(reply, true);
      return reply;
    }

    // New deal or Restart in the middle of a game: asked first, next to the buttons; the game put
    // aside comes back with Undo until the reader moves in the new one.
    confirmDiscard(action) {
      const what = action === "deal" ? "Start a new deal" : "Start this deal again";
      const yes = el("button", { type: "button", class: "pt-control", "data-control": "confirm" }, [`Yes, ${what.toLowerCase()}`]);
      const no = el("button", { type: "button", class: "pt-control", "data-control": "keep" }, ["No, keep playing"]);
      yes.addEventListener("click", () => { this.confirmBox.remove(); this.discardAndDeal(action); });
      no.addEventListener("click", () => { this.confirmBox.remove(); this.say(""); });
      if (this.confirmBox) this.confirmBox.remove();
      this.confirmBox = el("p", { class: "pt-confirm", role: "alert" }, [
        `${what}? The game in progress will be put aside (Undo brings it back). `, yes, " ", no]);
      this.form.after(this.confirmBox);
      yes.focus();
    }

    async discardAndDeal(action) {
      if (this.busy) return null;
      // Only a game the reader had played in is worth bringing back.
      const aside = this.inProgress() ? { record: this.record, readerMoves: this.readerMoves } : null;
      const reply = action === "deal" ? await this.newGame(true) : await this.newGame(false, this.currentSeed);
      if (reply && reply.type === "state" && aside) {
        this.putAside = aside;
        this.say(action === "deal" ? "A new deal. Undo brings back the game you were playing."
          : "The deal starts again. Undo brings back where you were.");
      }
      return null;
    }

    // Undo straight after New deal or Restart: the game put aside comes back.
    async bringBack() {
      const { record, readerMoves } = this.putAside;
      this.putAside = null;
      const reply = await call("restore", { table: this.name, record, ...this.seating() });
      if (reply.type !== "state") return this.sayError(reply, "The game put aside could not come back: ");
      this.readerMoves = readerMoves;
      this.lastLog = 0;
      this.logList.innerHTML = "";
      this.say("Your game is back where you left it.");
      return this.show(reply, true);
    }

    async control(action) {
      if (this.busy && action !== "share") return;
      this.say("");
      if (this.confirmBox) this.confirmBox.remove();
      if (action === "deal" || (action === "restart" && this.record)) {
        if (this.inProgress()) return this.confirmDiscard(action);
        return this.discardAndDeal(action);
      }
      if (action === "strength" && this.record) {
        // The game goes on where it is, with computer players of the new strength.
        const reply = await call("restore", { table: this.name, record: this.record, ...this.seating() });
        if (reply.type !== "state") return this.say(reply.message, true);
        this.say(`The computer players are now ${STRENGTHS[reply.strength]}.`);
        return this.show(reply, true);
      }
      if (action === "undo") {
        if (this.putAside && this.readerMoves === 0) return this.bringBack();
        const reply = await call("undo", { table: this.name });
        if (reply.type !== "state") return this.sayError(reply, "Nothing to undo: ");
        return this.show(reply, true);
      }
      if (action === "share") {
        const reply = await call("code", { table: this.name });
        if (reply.type !== "code") return this.sayError(reply);
        this.offerLinks(reply.code);
      }
    }

    // Two links: the whole game (which shows every hand to whoever opens it), and a challenge
    // that carries only the deal number and the options, so a friend can play the same deal fairly.
    offerLinks(code) {
      const page = `${location.origin}${location.pathname}`;
      const url = `${page}#play=${code}`;
      const challenge = `${page}#${challengeHash(this.currentSeed, this.record.options || {})}`;
      const link = el("a", { href: url, class: "pt-share-link", text: "Link to this game" });
      const field = el("input", { type: "text", readonly: true, value: url, "aria-label": "Share link", class: "pt-share-url" });
      const warning = el("span", { class: "pt-share-warning",
        text: "Anyone who opens this link can see every hand, yours included: it is for showing a game, not for playing against someone." });
      const challengeLink = el("a", { href: challenge, class: "pt-challenge-link", text: "Challenge a friend" });
      const challengeNote = el("span", { text: " to the same deal: their link holds only the deal number and the rules, so nobody sees a hidden card." });
      this.shareBox.replaceChildren(
        el("span", {}, ["Share: ", link, " ", field]), " ", warning, el("br"), challengeLink, challengeNote);
      this.shareBox.hidden = false;
      field.select();
    }

    async choose(action, legal) {
      if (this.busy) return;
      if (!legal) {
        const reply = await call("explain", { table: this.name, action });
        if (reply.type === "error") return this.sayError(reply);
        if (reply.reason) return this.refuse(reply.reason);
        this.say("That move is allowed.");
        return;
      }
      this.say("");
      this.readerMoves += 1;
      this.whyBox.replaceChildren();
      // The move is on its way: no second click or pick counts until the engine has answered.
      this.setBusy(true);
      const reply = await call("apply", { table: this.name, action });
      if (reply.type !== "state") {
        this.setBusy(false);
        this.sayError(reply);
        return;
      }
      return this.show(reply, true, true);
    }

    setBusy(busy) {
      this.busy = busy;
      if (busy) this.root.setAttribute("aria-busy", "true");
      else this.root.removeAttribute("aria-busy");
    }

    // "Why?" beside each computer player's move: the reason its strength of player gives.
    addWhys(whys) {
      // A secret move the story has not told yet (the first of three cards passed) shows nothing.
      whys.filter((why) => why.told || !why.hidden).forEach((why) => {
        const box = el("details", { class: "pt-why" }, [
          el("summary", {}, [`${why.told || `${why.name}: ${why.move}.`} `, el("span", { class: "pt-why-ask", text: "Why?" })]),
          el("p", { text: why.reason || "No reason given." })]);
        this.whyBox.append(box);
      });
      // Only the latest few: the story of the whole game is in the log below.
      while (this.whyBox.children.length > 4) this.whyBox.firstChild.remove();
    }

    // The hint for the reader's turn: the rule bot's choice in their place, its card marked.
    async showHint() {
      if (!this.record || this.over || this.root.dataset.state !== "your-turn") return;
      const step = this.root.dataset.step;
      const reply = await call("hint", { table: this.name });
      if (this.root.dataset.step !== step || !this.hints.checked) return;  // the game has moved on
      this.tableBox.querySelectorAll(".pt-hinted").forEach((node) => node.classList.remove("pt-hinted"));
      if (reply.type !== "hint") {
        this.hintBox.textContent = "";
        return;
      }
      this.hintBox.textContent = `Hint — a Family player would: ${reply.text}`;
      this.hintAction = reply.action;
      if (reply.action) {
        const mark = this.tableBox.querySelector(`[data-action="${CSS.escape(reply.action)}"]`);
        if (mark) mark.classList.add("pt-hinted");
      }
    }

    // Draw a state; then, if computer players are to move, let them play one move at a time.
    // ``afterMove``: the state follows a move (the reader's), so a hand it ended is summed up.
    // While the table waits for the reader's Continue, New deal, Restart or Undo may start another
    // show: the one waiting then stops (``run`` is no longer the latest) and leaves the table alone.
    async show(reply, runBots, afterMove) {
      if (!runBots) return this.render(reply);
      this.goOn();
      const run = ++this.runs;
      this.setBusy(true);
      this.pauseText.replaceChildren();  // what the table stopped for last time (a game's last hand)
      try {
        let before = afterMove ? this.shownStep : undefined;
        await this.render(reply);
        await this.handEnded(reply, before);
        while (run === this.runs && !reply.over && !reply.human_turn && !reply.stalled) {
          const pause = SPEEDS[this.speed.value] ?? 350;
          // A finished trick stays in view, its taker marked, before the next card is led: a while,
          // or until the reader says so.
          if (reply.trick_done && this.speed.value === "wait") await this.waitForReader(this.trickDoneText());
          else await sleep(reply.trick_done ? pause * TRICK_LINGER : pause);
          if (run !== this.runs) break;
          before = this.shownStep;
          // At full speed the computer players' moves come in one message; otherwise one at a time.
          const next = await call(pause ? "bot" : "bots", { table: this.name });
          if (next.type !== "state") {
            this.sayError(next, "A computer player could not move: ");
            break;
          }
          reply = next;
          this.addWhys(reply.why || []);
          await this.render(reply);
          await this.handEnded(reply, before);
        }
      } finally {
        if (run === this.runs) {
          this.setBusy(false);
          this.root.dataset.state = tableState(reply);
        }
      }
      if (run !== this.runs) return;
      if (reply.human_turn && this.hints.checked) this.showHint();
      this.focusHand();
    }

    // A hand ended since step ``before`` (the last one drawn): its summary is shown and, unless the
    // game is over, the next deal waits for the reader's Continue.
    handEnded(reply, before) {
      const summary = reply.hand_summary;
      if (!summary || before === undefined || summary.step <= before) return Promise.resolve();
      if (reply.over) {
        this.pauseText.replaceChildren(...this.summaryNodes(summary));
        return Promise.resolve();
      }
      return this.waitForReader(this.summaryNodes(summary), HAND_OVER);
    }

    // A hand's summary: its heading, then a line each (who took what, why the score moved, the totals).
    summaryNodes(summary) {
      return [el("section", { class: "pt-hand-summary", "aria-label": summary.title }, [
        el("h4", { text: summary.title }),
        el("ul", {}, summary.lines.map((line) => el("li", { text: line })))])];
    }

    trickDoneText() {
      const note = this.tableBox.querySelector(".pt-trick-note");
      return [el("p", { text: `${note ? `${note.textContent} ` : ""}Look at the cards, then press Continue for the next trick.` })];
    }

    // The table stops here until the reader presses Continue (focused, for a reader at the table).
    // ``between``: the prompt while a hand's summary is read; the next deal, already dealt, is
    // dimmed and out of reach until then, so the summary is not read against cards it is not about.
    waitForReader(nodes, between) {
      this.pauseText.replaceChildren(...nodes);
      this.promptBefore = this.prompt.textContent;
      if (between) {
        this.prompt.textContent = between;
        this.tableBox.classList.add("pt-between-hands");
      }
      this.tableBox.inert = true;  // nothing to play until Continue
      this.continueButton.hidden = false;
      this.setBusy(false);  // nothing is being worked out: New deal, Restart and Undo work
      this.root.dataset.state = "continue";
      if (this.playingHere || document.activeElement === document.body) this.continueButton.focus({ preventScroll: true });
      this.pauseBox.scrollIntoView({ block: "nearest" });
      return new Promise((resolve) => { this.resume = resolve; });
    }

    // Continue (or another show taking over): the table is given back and the waiting show goes on.
    goOn() {
      const resume = this.resume;
      if (!resume) return;
      this.resume = null;
      this.continueButton.hidden = true;
      this.pauseText.replaceChildren();
      this.tableBox.inert = false;
      this.tableBox.classList.remove("pt-between-hands");
      this.prompt.textContent = this.promptBefore;
      this.setBusy(true);
      this.root.dataset.state = "waiting";
      resume();
    }

    // The last hand's summary, folded away under the score ("Last hand"), for any table.
    showLastHand(summary) {
      this.lastHand.hidden = !summary;
      if (!summary) return;
      const open = this.lastHand.open;
      this.lastHand.replaceChildren(el("summary", { text: `Last hand: ${summary.rows.length ? summary.rows[0][0] : "what happened"}` }),
        el("ul", {}, summary.lines.map((line) => el("li", { text: line }))));
      this.lastHand.open = open;
    }

    render(reply) {
      const focused = document.activeElement && this.tableBox.contains(document.activeElement)
        ? document.activeElement.dataset.action : null;
      this.record = reply.record;
      this.over = reply.over;
      if (String(reply.step) !== this.root.dataset.step) this.hintBox.textContent = "";
      this.currentSeed = reply.seed;
      this.seedInput.value = String(reply.seed);
      if (reply.strength in STRENGTHS) this.strength.value = reply.strength;
      Object.values(this.optionInputs).forEach(({ input, option }) => {
        if (option.name in reply.options) input.value = String(reply.options[option.name]);
      });
      // Panels the reader opened (a row's hands) stay open when the table is drawn again.
      const open = new Set(Array.from(this.tableBox.querySelectorAll("details[data-keep][open]"), (node) => node.dataset.keep));
      const moved = reply.step > (this.shownStep ?? Infinity);
      this.shownStep = reply.step;
      this.tableBox.innerHTML = reply.table_html;
      this.tableBox.querySelectorAll("details[data-keep]").forEach((node) => { if (open.has(node.dataset.keep)) node.open = true; });
      this.legal = reply.legal || [];
      this.compose = reply.compose || [];
      const pickable = new Set(this.legal.flatMap((move) => move.parts));
      this.selection = reply.human_turn ? (this.carry || []).filter((part) => pickable.has(part)) : [];
      this.carry = [];
      this.showComposer();
      const sorts = reply.sorts || [];
      this.sortLabel.hidden = sorts.length < 2;
      if (sorts.length > 1 && this.sortSelect.options.length !== sorts.length) {
        this.sortSelect.replaceChildren(...sorts.map((by) => el("option", { value: by, text: `by ${by}` })));
      }
      if (sorts.length > 1) this.sortSelect.value = reply.sort || sorts[0];
      this.scoreBox.innerHTML = reply.score_html;
      this.showLastHand(reply.hand_summary);
      this.scoreLine.textContent = reply.score_line || "";
      this.scoreLine.hidden = !reply.score_line;
      this.prompt.textContent = reply.over ? reply.outcome.text : reply.prompt;
      this.prompt.classList.toggle("pt-outcome", reply.over);
      const fresh = reply.log.slice(this.lastLog > reply.log.length ? 0 : this.lastLog);
      if (this.lastLog > reply.log.length) this.logList.innerHTML = "";
      fresh.forEach((line) => this.logList.append(el("li", { class: "pt-ev", text: line })));
      this.lastLog = reply.log.length;
      this.logList.scrollTop = this.logList.scrollHeight;
      if (fresh.length) this.announcer.textContent = fresh.slice(-3).join(" ");
      this.root.dataset.step = String(reply.step);
      this.root.dataset.state = tableState(reply);
      this.save(reply);
      if (focused) {
        const again = this.tableBox.querySelector(`[data-action="${CSS.escape(focused)}"]`);
        if (again) again.focus();
      }
      return moved ? this.animatePieces() : Promise.resolve();
    }

    // ---- moves made of several parts (a capture, a build, two cards to the crib, a card and a space) ----
    // The reader picks cards and table items; the parts that can still complete a move light up, and
    // the moves whose parts are exactly what is picked appear as buttons. Trying a verb on a pick no
    // move matches asks the engine why not. On a placing game's table (data-play-on-pick) a pick on
    // the board that leaves one move only makes that move at once: a card, then a space.
    pick(node) {
      if (this.busy) return;
      const part = node.dataset.part;
      const at = this.selection.indexOf(part);
      if (at >= 0) this.selection.splice(at, 1);
      else this.selection.push(part);
      const box = this.tableBox.querySelector(".pt-composer");
      if (at < 0 && box && box.dataset.playOnPick === "true" && node.closest(".pt-middle")) {
        const candidates = this.candidates();
        if (candidates.length === 1) {
          this.choose(candidates[0].action, true);
          return;
        }
      }
      this.showComposer();
    }

    // The legal moves that use every part picked so far (or every one of ``parts``).
    candidates(parts = this.selection) {
      return this.legal.filter((move) => move.parts.length && parts.every((part) => move.parts.includes(part)));
    }

    showComposer() {
      const box = this.tableBox.querySelector(".pt-composer");
      if (!box) return;
      const reachable = new Set(this.candidates().flatMap((move) => move.parts));
      let lit = 0;
      this.tableBox.querySelectorAll("[data-part]").forEach((node) => {
        const picked = this.selection.includes(node.dataset.part);
        const open = this.selection.length > 0 && !picked && reachable.has(node.dataset.part);
        node.setAttribute("aria-pressed", String(picked));
        node.classList.toggle("pc-reachable", open);
        node.classList.toggle("pc-unreachable", this.selection.length > 0 && !picked && !open);
        if (open) lit += 1;
      });
      const picked = [...this.selection].sort().join("+");
      const matches = this.legal.filter((move) => move.parts.length && [...move.parts].sort().join("+") === picked);
      const moveButton = (move, extra) => el("button", {
        type: "button", class: `pt-action${extra || ""}`, "data-action": move.action, "data-legal": "true", text: move.label,
      });
      const buttons = matches.map((move) => moveButton(move));
      const placing = box.dataset.playOnPick === "true";
      // Suggestions: moves that use what is picked and more (where a card can go), or part of it. A
      // placing table lights up where the card can go instead, and makes the move on the second pick.
      const chosen = new Set(this.selection);
      const related = !this.selection.length || placing ? [] : this.legal.filter((move) => move.parts.length
        && !matches.includes(move)
        && (this.selection.every((p) => move.parts.includes(p)) || move.parts.every((p) => chosen.has(p))));
      const suggestions = related.slice(0, 8).map((move) => moveButton(move, " pt-suggestion"));
      const tries = [];
      // On a placing table a second pick no listed move matches is tried at once (see RealTimeTable.pick).
      if (this.selection.length && !matches.length && !placing) {
        this.compose.forEach((verb) => {
          const tryIt = el("button", { type: "button", class: "pt-action pt-try", text: verb.label });
          tryIt.addEventListener("click", (event) => {
            event.stopPropagation();
            this.choose(`${verb.verb}:${this.selection.join("+")}`, false);
          });
          tries.push(tryIt);
        });
      }
      let hint;
      if (!this.selection.length) {
        hint = placing ? "Pick a card, then where it goes." : "Pick the cards for your move; the moves they make appear here.";
      } else if (placing && lit) {
        hint = `${lit} ${lit === 1 ? "choice is" : "choices are"} lit up: pick one. `;
      } else {
        hint = matches.length ? "" : "No move uses exactly these. ";
      }
      const children = [hint].concat(buttons);
      if (suggestions.length) children.push(el("span", { class: "pt-suggest-label", text: "With these you could also:" }), ...suggestions);
      if (tries.length) children.push(el("span", { class: "pt-suggest-label", text: "Or try:" }), ...tries);
      if (this.selection.length) {
        const clear = el("button", { type: "button", class: "pt-control", text: "Clear" });
        clear.addEventListener("click", (event) => {
          event.stopPropagation();
          this.selection = [];
          this.showComposer();
        });
        children.push(clear);
      }
      box.replaceChildren(...children);
    }

    // Pieces that moved (data-trail: the board positions they passed, in per cent) glide along their path.
    animatePieces() {
      if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
      const moves = Array.from(this.tableBox.querySelectorAll("[data-trail]")).map((node) => {
        const frames = node.dataset.trail.split(" ").map((point) => {
          const [x, y] = point.split(",");
          return { left: `${x}%`, top: `${y}%` };
        });
        if (frames.length < 2 || !node.animate) return null;
        const animation = node.animate(frames, { duration: Math.min(1600, 110 * (frames.length - 1)), easing: "ease-in-out" });
        return animation.finished.catch(() => null);
      }).filter(Boolean);
      return Promise.all(moves);
    }

    focusHand() {
      // Only a reader playing at the table (by keyboard or mouse) gets the focus back on their hand
      // after a move; one reading the rules keeps their place on the page.
      if (!this.playingHere) return;
      if (!this.tableBox.contains(document.activeElement) && document.activeElement !== document.body) return;
      const first = this.tableBox.querySelector('[data-legal="true"], [data-part]');
      if (first) first.focus({ preventScroll: true });
    }

    // Left/right arrows move between the cards and buttons of the table.
    arrowKeys(event) {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const items = Array.from(this.tableBox.querySelectorAll("[data-action], [data-part]"));
      const index = items.indexOf(document.activeElement);
      if (index < 0) return;
      const next = items[(index + (event.key === "ArrowRight" ? 1 : -1) + items.length) % items.length];
      next.focus();
      event.preventDefault();
    }
  }

  // ---- a table without turns: everyone plays at once --------------------------------------
  // Nobody waits for a turn (Nuts, Twenty-Four, Bango). Each computer player has a plan — a move
  // and the moment it lands — sent by the engine with every state (reply.clock). The page keeps one
  // timer per plan and, when it fires, asks the worker to land that plan (it lands only if it still
  // stands). The reader's clicks are never held back: each goes to the worker at once, and the
  // worker takes messages in the order they arrive, so a click and a computer player's move landing
  // together are both taken; one an earlier arrival has made illegal comes back with the reason.
  // What the reader has half done — a card picked, a sum half written — survives the table being
  // drawn again under it.
  class RealTimeTable extends LiveTable {
    constructor(root) {
      super(root);
      this.timers = new Map();
    }

    build() {
      super.build();
      const paces = JSON.parse(this.root.dataset.paces || "[]");
      const old = this.speed.closest("label");
      // It keeps the name "speed": the setting of how quickly the computer players play, as at any table.
      this.pace = el("select", { id: `${this.name}-pace`, name: "speed" },
        paces.map((pace) => el("option", { value: pace.id, text: pace.label })));
      this.pace.value = remembered(PACE_PREFIX + this.game, paces.map((pace) => pace.id)) || "family";
      this.pace.addEventListener("change", () => this.control("pace"));
      // After the strength (who plays), the pace says how quickly: a race is won by the quicker.
      old.remove();
      // A race whose game has its own hint (Twenty-Four's "Show me a solution") shows no toggle:
      // a hint always on would give every answer away. The others' hints follow the race (render).
      this.hintsLabel.hidden = true;
      this.strength.closest("label").after(el("label", { for: this.pace.id }, ["How fast they play: ", this.pace]));
      this.speed = this.pace;
      this.tableBox.addEventListener("dblclick", (event) => {
        const part = event.target.closest("[data-part]");
        if (part && this.tableBox.contains(part)) this.quickMove(part.dataset.part);
      });
      this.tableBox.addEventListener("submit", (event) => {
        event.preventDefault();
        this.entryMove();
      });
      this.tableBox.addEventListener("click", (event) => this.entryClick(event), true);
      this.tableBox.addEventListener("dragstart", (event) => this.dragStart(event));
      this.tableBox.addEventListener("dragover", (event) => this.dragOver(event));
      this.tableBox.addEventListener("drop", (event) => this.drop(event));
    }

    seating() { return { ...super.seating(), pace: this.pace.value }; }

    async control(action) {
      if (action !== "pace") return super.control(action);
      remember(PACE_PREFIX + this.game, this.pace.value);
      if (!this.record) return null;
      // The game goes on where it is, with computer players at the new pace.
      const reply = await call("restore", { table: this.name, record: this.record, ...this.seating() });
      if (reply.type !== "state") return this.say(reply.message, true);
      this.say(`The computer players now play at the ${this.pace.selectedOptions[0].textContent} pace.`);
      return this.show(reply, true);
    }

    // A new state from new/restore/undo: the old timers belong to another clock.
    async show(reply) {
      this.goOn();  // a new deal, a restart or an undo takes over from a summary being read
      this.clearTimers();
      // A hand that ended before this state came (a saved game reopened) is not summed up again.
      this.summedUp = reply.hand_summary ? reply.hand_summary.step : -1;
      this.update(reply);
      this.focusHand();
    }

    // A race stops at a hand's end too: the computer players' clocks wait while the reader reads
    // the summary, and start again (from the newest state) on Continue.
    update(reply) {
      this.render(reply);
      this.latest = reply;
      const summary = reply.hand_summary;
      if (summary && summary.step > this.summedUp) {
        this.summedUp = summary.step;
        if (reply.over) {
          this.pauseText.replaceChildren(...this.summaryNodes(summary));
        } else {
          this.clearTimers();
          this.waitForReader(this.summaryNodes(summary), HAND_OVER)
            .then(() => {
              this.setBusy(false);
              this.root.dataset.state = this.latest.over ? "over" : this.latest.human_turn ? "your-turn" : "waiting";
              this.schedule(this.latest.over ? [] : this.latest.clock || []);
            });
          return;
        }
      }
      if (this.resume) {  // a computer move already on its way landed: the reader is still reading
        this.promptBefore = this.prompt.textContent;
        this.prompt.textContent = HAND_OVER;
        this.root.dataset.state = "continue";
        return;
      }
      this.schedule(reply.over ? [] : reply.clock || []);
    }

    clearTimers() {
      this.timers.forEach(({ id }) => clearTimeout(id));
      this.timers.clear();
    }

    // One timer per computer player's plan; a plan already timed keeps its timer.
    schedule(plans) {
      const live = new Set();
      plans.forEach(({ seat, token, ms }) => {
        live.add(seat);
        const timer = this.timers.get(seat);
        if (timer && timer.token === token) return;
        if (timer) clearTimeout(timer.id);
        this.timers.set(seat, { token, id: setTimeout(() => this.fire(seat, token), ms) });
      });
      this.timers.forEach((timer, seat) => {
        if (!live.has(seat)) {
          clearTimeout(timer.id);
          this.timers.delete(seat);
        }
      });
    }

    async fire(seat, token) {
      const timer = this.timers.get(seat);
      if (timer && timer.token === token) this.timers.delete(seat);
      const reply = await call("bot", { table: this.name, seat, token });
      if (reply.type === "state") {
        this.addWhys(reply.why || []);
        this.update(reply);
      }
      else if (!/game is over/.test(reply.message || "")) this.say(`A computer player could not move: ${reply.message}`, true);
    }

    // The reader's move goes at once, whatever the computer players are doing.
    async choose(action, legal) {
      if (!legal) {
        const reply = await call("explain", { table: this.name, action });
        const reason = reply.type === "reason" ? reply.reason : reply.message;
        if (reason) this.refuse(reason);
        else this.say("That move is allowed.");
        return;
      }
      const reply = await call("apply", { table: this.name, action });
      if (reply.type !== "state") {
        // A move the reader could make when they clicked, taken away since by a quicker player:
        // the engine's reason ("Too late: North slapped first") says so, with no rule to point to.
        if (reply.kind === "illegal") this.say(reply.message, true);
        else this.sayError(reply);
        return;
      }
      this.readerMoves += 1;
      this.say("");
      this.update(reply);
    }

    render(reply) {
      const picked = this.selection.slice();
      const hint = this.hintBox.textContent ? { text: this.hintBox.textContent, action: this.hintAction } : null;
      const entry = this.tableBox.querySelector(".pt-entry");
      const written = entry ? { key: entry.dataset.key, text: entry.elements.entry.value,
        focused: document.activeElement === entry.elements.entry } : null;
      super.render(reply);
      this.root.dataset.state = reply.over ? "over" : reply.human_turn ? "your-turn" : "waiting";
      // A pick still on the table stays picked.
      this.selection = picked.filter((part) => this.tableBox.querySelector(`[data-part="${CSS.escape(part)}"]`));
      this.showComposer();
      const again = this.tableBox.querySelector(".pt-entry");
      if (again && written && written.key === again.dataset.key) {
        again.elements.entry.value = written.text;
        if (written.focused) again.elements.entry.focus({ preventScroll: true });
      } else if (written && this.entryMessage) {
        this.say("");  // a hint or a check was about the cards that have gone
      }
      if (!again || !written || written.key !== again.dataset.key) this.entryMessage = false;
      this.tableBox.querySelectorAll("[data-part]").forEach((node) => { node.draggable = true; });
      this.hintsLabel.hidden = Boolean(reply.own_hint);
      if (this.hints.checked && !reply.own_hint) this.hintSoon(hint);
    }

    // The table changes under a racing reader many times a second: the last hint stays in view
    // (its card marked again if still there) and a fresh one is asked for at most every HINT_EVERY_MS.
    hintSoon(shown) {
      if (shown) {
        this.hintBox.textContent = shown.text;
        const mark = shown.action && this.tableBox.querySelector(`[data-action="${CSS.escape(shown.action)}"]`);
        if (mark) mark.classList.add("pt-hinted");
      }
      if (this.hintTimer || this.root.dataset.step === this.hintedStep) return;
      this.hintTimer = setTimeout(() => {
        this.hintTimer = null;
        this.hintedStep = this.root.dataset.step;
        this.showHint();
      }, HINT_EVERY_MS);
    }

    // ---- picking a card, then where it goes (click-click, keyboard, double-click, drag) ----
    playOnPick() { return Boolean(this.tableBox.querySelector('[data-play-on-pick="true"]')); }

    pick(node) {
      const part = node.dataset.part;
      const at = this.selection.indexOf(part);
      if (at >= 0) this.selection.splice(at, 1);
      else this.selection.push(part);
      if (this.playOnPick()) {
        const exact = this.legal.filter((move) => move.parts.length === this.selection.length
          && this.selection.every((p) => move.parts.includes(p)));
        if (exact.length === 1) {
          this.selection = [];
          this.showComposer();
          this.choose(exact[0].action, true);
          return;
        }
        if (this.selection.length > 1 && !this.candidates().length && this.compose.length) {
          // A pick no listed move matches is tried all the same (the engine lists only the useful moves
          // and refuses, with the reason, what the rules forbid); the pick starts again.
          const [source, target] = this.selection.slice(-2);
          this.selection = [];
          this.showComposer();
          this.tryMove(`${this.compose[0].verb}:${source}+${target}`);
          return;
        }
      }
      this.showComposer();
    }

    async tryMove(action) {
      const reply = await call("apply", { table: this.name, action });
      if (reply.type === "state") {
        this.say("");
        this.update(reply);
      } else {
        this.sayError(reply, "You can't play that: ");
      }
    }

    // A double-click sends a card on its first listed move (the engine lists the foundations first).
    quickMove(part) {
      const moves = this.candidates([part]);
      if (moves.length) {
        this.selection = [];
        this.choose(moves[0].action, true);
      }
    }

    dragStart(event) {
      const part = event.target.closest && event.target.closest("[data-part]");
      if (!part) return;
      this.selection = [part.dataset.part];
      event.dataTransfer.setData("text/plain", part.dataset.part);
      event.dataTransfer.effectAllowed = "move";
      this.showComposer();
    }

    dragOver(event) {
      const target = event.target.closest && event.target.closest("[data-part]");
      if (target && this.selection.length === 1 && target.dataset.part !== this.selection[0]) event.preventDefault();
    }

    drop(event) {
      const target = event.target.closest && event.target.closest("[data-part]");
      if (!target || this.selection.length !== 1) return;
      event.preventDefault();
      this.pick(target);
    }

    // ---- a move written out (a Twenty-Four sum) ----
    entryClick(event) {
      const form = event.target.closest(".pt-entry");
      if (!form) return;
      const button = event.target.closest("button");
      if (!button || button.type === "submit") return;
      event.stopPropagation();
      const field = form.elements.entry;
      if (button.dataset.token !== undefined) field.value = `${field.value}${button.dataset.token}`;
      else if (button.dataset.entry === "back") field.value = field.value.replace(/\s*\S\s*$/, "");
      else if (button.dataset.entry === "clear") field.value = "";
      else if (button.dataset.entry === "check") this.entryCheck(form);
      else if (button.dataset.entry === "hint") this.entryHint();
      field.focus({ preventScroll: true });
    }

    async entryCheck(form) {
      const text = form.elements.entry.value.trim();
      const reply = await call("explain", { table: this.name, action: `${form.dataset.verb}:${text}` });
      if (reply.type !== "reason") return this.say(reply.message, true);
      this.say(reply.reason ? reply.reason : reply.label.replace(/^[^:]*: /, "Your sum: "), Boolean(reply.reason));
      this.entryMessage = true;
    }

    async entryHint() {
      const reply = await call("hint", { table: this.name });
      this.say(reply.type === "hint" ? reply.text : reply.message, reply.type !== "hint");
      this.entryMessage = true;
    }

    entryMove() {
      const form = this.tableBox.querySelector(".pt-entry");
      if (!form) return;
      const text = form.elements.entry.value.trim();
      if (!text) return this.say("Write your sum first: press the cards and the signs, or type it.", true);
      return this.choose(`${form.dataset.verb}:${text}`, true);
    }
  }

  // ---- a worked example you can step through --------------------------------------------
  class Replay {
    constructor(root) {
      this.root = root;
      this.record = JSON.parse(root.dataset.record);
      this.step = Number(root.dataset.tableStep || 0);
      this.steps = this.record.actions.length;
      this.tableBox = root.querySelector(".pt-example-table");
      this.story = root.querySelector(".pt-story");
      this.build();
    }

    build() {
      const button = (text, label, go) => {
        const node = el("button", { type: "button", class: "pt-control", "aria-label": label }, [text]);
        node.addEventListener("click", () => this.go(go(), true));
        return node;
      };
      this.counter = el("span", { class: "pt-step", "aria-live": "polite" });
      this.caption = el("p", { class: "pt-step-caption", "aria-live": "polite" });
      const playOn = el("button", { type: "button", class: "pt-control", "data-control": "play-on" }, ["Play on from here"]);
      playOn.addEventListener("click", () => this.playOn());
      // Words, not symbols: the arrows of some fonts are missing or drawn as emoji.
      this.autoButton = el("button", { type: "button", class: "pt-control", "data-control": "autoplay", "aria-pressed": "false" }, ["Play"]);
      this.autoButton.addEventListener("click", () => (this.timer ? this.pause() : this.autoplay()));
      const nextTrick = el("button", { type: "button", class: "pt-control", "data-control": "next-trick" }, ["Next trick"]);
      nextTrick.addEventListener("click", () => this.nextTrick());
      this.bar = el("div", { class: "pt-stepper", role: "toolbar", "aria-label": "Step through this example", tabindex: "0" }, [
        button("To the start", "To the start", () => 0),
        button("Previous step", "Previous step", () => this.step - 1),
        this.counter,
        button("Next step", "Next step", () => this.step + 1),
        nextTrick,
        button("To the end", "To the end", () => this.steps),
        this.autoButton,
        playOn,
      ]);
      this.bar.addEventListener("keydown", (event) => {
        const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps };
        if (event.key in moves) {
          event.preventDefault();
          this.go(moves[event.key], true);
        }
      });
      this.tableBox.before(this.bar);
      this.tableBox.before(this.caption);
      this.updateCounter();
    }

    updateCounter() {
      this.counter.textContent = `Step ${this.step} of ${this.steps}`;
    }

    // Play the example by itself, a step every so often (a finished trick stays a little longer).
    autoplay() {
      if (this.step >= this.steps) this.step = 0;
      this.autoButton.textContent = "Pause";
      this.autoButton.setAttribute("aria-pressed", "true");
      const tick = async () => {
        const reply = await this.go(this.step + 1);
        if (this.step >= this.steps || !reply) return this.pause();
        this.timer = setTimeout(tick, reply.trick_done ? 2600 : 1100);
      };
      this.timer = setTimeout(tick, 300);
    }

    pause() {
      clearTimeout(this.timer);
      this.timer = null;
      this.autoButton.textContent = "Play";
      this.autoButton.setAttribute("aria-pressed", "false");
    }

    // Forward to the end of the current trick (or the next thing that finishes one).
    async nextTrick() {
      this.pause();
      for (let step = this.step + 1; step <= this.steps; step += 1) {
        const reply = await this.go(step);
        if (!reply || reply.trick_done) return;
      }
    }

    async go(step, fromButton) {
      if (fromButton) this.pause();
      step = Math.max(0, Math.min(this.steps, step));
      this.step = step;
      this.updateCounter();
      const reply = await call("replay", { record: this.record, step });
      if (reply.type !== "replay") {
        this.caption.textContent = reply.message;  // an internal error's details went to the console
        return null;
      }
      this.tableBox.innerHTML = reply.table_html;
      this.caption.textContent = reply.last;
      if (this.story) {
        this.story.querySelector(".pt-log").outerHTML = reply.story_html;
      }
      this.root.dataset.step = String(step);
      return reply;
    }

    async playOn() {
      const live = document.querySelector(`.pt-live[data-game="${CSS.escape(this.record.game)}"]`);
      if (!live || !live.parlourTable) return;
      const record = Object.assign({}, this.record, { actions: this.record.actions.slice(0, this.step) });
      const table = live.parlourTable;
      const reply = await call("restore", { table: table.name, record, ...table.seating() });
      if (reply.type !== "state") {
        table.sayError(reply);
        return;
      }
      const title = this.root.querySelector(".pt-example-title").textContent;
      table.say(`Playing on from step ${this.step} of the example "${title}": you take the seat at the bottom of the table.`);
      live.scrollIntoView({ behavior: "smooth", block: "start" });
      await table.show(reply, true);
    }
  }

  // ---- a "count my hand" box (docs/macros.py count_box): the engine counts, this only shows it ----
  function countBox(root) {
    const form = root.querySelector(".pt-count-form");
    const result = root.querySelector(".pt-count-result");
    if (!form || !result) return;
    form.hidden = false;
    root.querySelector(".pt-count-note")?.setAttribute("hidden", "");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const inputs = {};
      form.querySelectorAll("input[name]").forEach((input) => {
        inputs[input.name] = input.type === "checkbox" ? input.checked : input.value;
      });
      result.textContent = "Counting…";
      let reply;
      try {
        reply = await call("count", { game: root.dataset.game, inputs });
      } catch (error) {
        reply = { type: "error", message: error.message };
      }
      if (reply.type !== "count") {
        result.replaceChildren(el("p", { class: "pt-message pt-error", text: reply.message }));
        return;
      }
      const answer = [el("p", { text: reply.heading }),
        el("p", { class: "pt-count-spoken", text: `“${reply.spoken}”` }),
        el("ul", {}, reply.lines.map((line) => el("li", { text: line })))];
      if (reply.total !== null && reply.total !== undefined) {
        answer.push(el("p", { class: "pt-count-total", text: `Total: ${reply.total}` }));
      }
      result.replaceChildren(...answer);
    });
  }

  function init() {
    document.querySelectorAll(".pt-live[data-game]").forEach((root) => {
      if (!root.parlourTable) root.parlourTable = root.dataset.realtime ? new RealTimeTable(root) : new LiveTable(root);
    });
    document.querySelectorAll(".pt-example[data-record]").forEach((root) => {
      if (!root.parlourReplay) root.parlourReplay = new Replay(root);
    });
    document.querySelectorAll(".pt-count-box[data-game]").forEach((root) => {
      if (root.parlourCount) return;
      root.parlourCount = true;
      countBox(root);
    });
  }

  window.parlour = { call, engine };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
