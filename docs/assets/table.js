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
  const SPEEDS = { slow: 900, normal: 350, fast: 0 };
  const ROOT = new URL("../", document.currentScript.src);
  const REPLY_TYPES = new Set(["state", "reason", "code", "replay", "error"]);
  // Past this, a table still loading says so and offers to start again (the load goes on).
  const SLOW_LOAD_MS = 40000;

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
      worker.onerror = (event) => reject(stopped(event));
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
  async function call(type, fields) {
    try {
      await engine();
    } catch (error) {
      return { type: "error", message: error.message };
    }
    const message = Object.assign({ v: PROTOCOL, id: nextId++, type }, fields);
    return new Promise((resolve) => {
      pending.set(message.id, {
        done: (reply) => {
          if (!REPLY_TYPES.has(reply.type)) {
            resolve({ type: "error", message: `The engine sent an unexpected ${reply.type} reply.` });
          } else {
            resolve(reply);
          }
        },
      });
      worker.postMessage(message);
    });
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
  class LiveTable {
    constructor(root) {
      this.root = root;
      this.game = root.dataset.game;
      this.name = `live-${this.game}`;
      this.options = JSON.parse(root.dataset.options || "[]");
      this.seat = 0;
      this.busy = false;
      this.lastLog = 0;
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
      this.options.forEach((option) => {
        const id = `${this.name}-${option.name}`;
        let input;
        if (option.choices) {
          input = el("select", { id, name: option.name },
            option.choices.map((choice) => el("option", { value: String(choice.value), text: choice.label })));
        } else {
          input = el("input", { id, name: option.name, type: "number", min: option.minimum, max: option.maximum });
        }
        input.value = String(option.default);
        this.optionInputs[option.name] = { input, option };
        this.form.append(el("label", { for: id }, [`${option.name.replace(/_/g, " ")}: `, input]));
      });
      this.seedInput = el("input", { id: `${this.name}-seed`, name: "seed", type: "number", min: "0", inputmode: "numeric" });
      this.form.append(el("label", { for: this.seedInput.id }, ["Deal number: ", this.seedInput]));
      this.speed = el("select", { id: `${this.name}-speed`, name: "speed" },
        Object.keys(SPEEDS).map((key) => el("option", { value: key, text: key })));
      this.speed.value = "normal";
      this.form.append(el("label", { for: this.speed.id }, ["Computer players' pace: ", this.speed]));
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
      this.form.append(el("div", { class: "pt-control-row" }, Object.values(this.buttons)));
      this.form.addEventListener("submit", (event) => { event.preventDefault(); this.control("deal"); });
      this.shareBox = el("p", { class: "pt-share", hidden: true });
      this.prompt = el("p", { class: "pt-prompt", "aria-live": "polite" });
      this.message = el("p", { class: "pt-message", role: "alert" });
      this.tableBox = el("div", { class: "pt-live-table" });
      this.scoreBox = el("div", { class: "pt-live-score" });
      this.logList = el("ol", { class: "pt-log pt-live-log", tabindex: "0" });
      const logBox = el("details", { class: "pt-story" }, [el("summary", { text: "What has happened so far" }), this.logList]);
      this.announcer = el("p", { class: "pt-sr-only", "aria-live": "polite" });
      root.append(this.loading, this.form, this.shareBox, this.prompt, this.message, this.tableBox,
        this.scoreBox, logBox, this.announcer);
      this.tableBox.addEventListener("click", (event) => {
        const target = event.target.closest("[data-action]");
        if (target && this.tableBox.contains(target)) this.choose(target.dataset.action, target.dataset.legal === "true");
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

    say(text, isError) {
      this.message.textContent = text || "";
      this.message.classList.toggle("pt-error", Boolean(isError));
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
      const code = hash.get("play");
      if (code) {
        const reply = await call("restore", { table: this.name, code, seat: this.seat });
        if (reply.type === "state") {
          this.say("This is the shared deal from the link.");
          return this.show(reply, true);
        }
        this.say(`The shared link could not be opened: ${reply.message} Here is a fresh game instead.`, true);
        return this.newGame(false);
      }
      const saved = this.loadSave();
      if (saved) {
        const reply = await call("restore", { table: this.name, record: saved, seat: this.seat });
        if (reply.type === "state") {
          this.say("Welcome back: your game is where you left it.");
          return this.show(reply, true);
        }
        localStorage.removeItem(this.saveKey());
        this.say(`Your saved game could not be restored (${reply.message}), so it was discarded. Here is a fresh game.`, true);
      }
      return this.newGame(false);
    }

    loadSave() {
      let text;
      try {
        text = localStorage.getItem(this.saveKey());
      } catch (error) {
        return null;
      }
      if (!text) return null;
      let envelope;
      try {
        envelope = JSON.parse(text);
      } catch (error) {
        envelope = null;
      }
      if (!envelope || envelope.version !== SAVE_VERSION || typeof envelope.record !== "object" || envelope.record === null) {
        localStorage.removeItem(this.saveKey());
        this.say("A saved game from an older or damaged save was discarded. Here is a fresh game.", true);
        return null;
      }
      return envelope.record;
    }

    save(reply) {
      try {
        if (reply.over) localStorage.removeItem(this.saveKey());
        else localStorage.setItem(this.saveKey(), JSON.stringify({ version: SAVE_VERSION, record: reply.record }));
      } catch (error) {
        /* Private browsing or full storage: the game simply is not saved. */
      }
    }

    readOptions() {
      const options = {};
      Object.values(this.optionInputs).forEach(({ input, option }) => {
        const value = option.choices ? option.choices.find((c) => String(c.value) === input.value).value : Number(input.value);
        if (value !== option.default) options[option.name] = value;
      });
      return options;
    }

    async newGame(fromForm, seed) {
      const options = fromForm ? this.readOptions() : {};
      if (seed === undefined) {
        const typed = this.seedInput.value.trim();
        seed = fromForm && typed !== "" && Number(typed) !== this.currentSeed ? Number(typed) : Math.floor(Math.random() * 1e9);
      }
      if (!Number.isSafeInteger(seed) || seed < 0) {
        this.say(`The deal number must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`, true);
        return;
      }
      const reply = await call("new", { table: this.name, game: this.game, options, seed, seat: this.seat });
      if (reply.type !== "state") {
        this.say(reply.message, true);
        return;
      }
      history.replaceState(null, "", location.pathname + location.search);
      this.shareBox.hidden = true;
      this.lastLog = 0;
      this.logList.innerHTML = "";
      this.root.dataset.deals = String(Number(this.root.dataset.deals || 0) + 1);
      return this.show(reply, true);
    }

    async control(action) {
      if (this.busy && action !== "share") return;
      this.say("");
      if (action === "deal") return this.newGame(true);
      if (action === "restart" && this.record) {
        return this.newGame(false, this.currentSeed).then(() => null);
      }
      if (action === "undo") {
        const reply = await call("undo", { table: this.name });
        if (reply.type !== "state") return this.say(`Nothing to undo: ${reply.message}`, true);
        return this.show(reply, true);
      }
      if (action === "share") {
        const reply = await call("code", { table: this.name });
        if (reply.type !== "code") return this.say(reply.message, true);
        const url = `${location.origin}${location.pathname}#play=${reply.code}`;
        const link = el("a", { href: url, class: "pt-share-link", text: "Link to this game" });
        const field = el("input", { type: "text", readonly: true, value: url, "aria-label": "Share link", class: "pt-share-url" });
        this.shareBox.replaceChildren("Share: ", link, " ", field);
        this.shareBox.hidden = false;
        field.select();
      }
    }

    async choose(action, legal) {
      if (this.busy) return;
      if (!legal) {
        const reply = await call("explain", { table: this.name, action });
        const reason = reply.type === "reason" ? reply.reason : reply.message;
        this.say(reason ? `You can't play that: ${reason}` : "That move is allowed.", Boolean(reason));
        return;
      }
      this.say("");
      const reply = await call("apply", { table: this.name, action });
      if (reply.type !== "state") {
        this.say(reply.message, true);
        return;
      }
      return this.show(reply, true);
    }

    // Draw a state; then, if computer players are to move, let them play one move at a time.
    async show(reply, runBots) {
      this.render(reply);
      if (!runBots) return;
      this.busy = true;
      this.root.setAttribute("aria-busy", "true");
      try {
        while (!reply.over && !reply.human_turn) {
          const pause = SPEEDS[this.speed.value] ?? 350;
          await sleep(pause);
          // At full speed the computer players' moves come in one message; otherwise one at a time.
          const next = await call(pause ? "bot" : "bots", { table: this.name });
          if (next.type !== "state") {
            this.say(`A computer player could not move: ${next.message}`, true);
            break;
          }
          reply = next;
          this.render(reply);
        }
      } finally {
        this.busy = false;
        this.root.removeAttribute("aria-busy");
        this.root.dataset.state = reply.over ? "over" : reply.human_turn ? "your-turn" : "waiting";
      }
      this.focusHand();
    }

    render(reply) {
      const focused = document.activeElement && this.tableBox.contains(document.activeElement)
        ? document.activeElement.dataset.action : null;
      this.record = reply.record;
      this.currentSeed = reply.seed;
      this.seedInput.value = String(reply.seed);
      Object.values(this.optionInputs).forEach(({ input, option }) => {
        if (option.name in reply.options) input.value = String(reply.options[option.name]);
      });
      this.tableBox.innerHTML = reply.table_html;
      this.scoreBox.innerHTML = reply.score_html;
      this.prompt.textContent = reply.over ? reply.outcome.text : reply.prompt;
      this.prompt.classList.toggle("pt-outcome", reply.over);
      const fresh = reply.log.slice(this.lastLog > reply.log.length ? 0 : this.lastLog);
      if (this.lastLog > reply.log.length) this.logList.innerHTML = "";
      fresh.forEach((line) => this.logList.append(el("li", { class: "pt-ev", text: line })));
      this.lastLog = reply.log.length;
      this.logList.scrollTop = this.logList.scrollHeight;
      if (fresh.length) this.announcer.textContent = fresh.slice(-3).join(" ");
      this.root.dataset.step = String(reply.step);
      this.root.dataset.state = reply.over ? "over" : reply.human_turn ? "your-turn" : "waiting";
      this.save(reply);
      if (focused) {
        const again = this.tableBox.querySelector(`[data-action="${CSS.escape(focused)}"]`);
        if (again) again.focus();
      }
    }

    focusHand() {
      if (this.root.contains(document.activeElement) && document.activeElement !== document.body
          && !this.tableBox.contains(document.activeElement)) return;
      if (!this.tableBox.contains(document.activeElement) && document.activeElement !== document.body) return;
      const first = this.tableBox.querySelector('[data-legal="true"]');
      if (first) first.focus({ preventScroll: true });
    }

    // Left/right arrows move between the cards and buttons of the table.
    arrowKeys(event) {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const items = Array.from(this.tableBox.querySelectorAll("[data-action]"));
      const index = items.indexOf(document.activeElement);
      if (index < 0) return;
      const next = items[(index + (event.key === "ArrowRight" ? 1 : -1) + items.length) % items.length];
      next.focus();
      event.preventDefault();
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
        node.addEventListener("click", () => this.go(go()));
        return node;
      };
      this.counter = el("span", { class: "pt-step", "aria-live": "polite" });
      this.caption = el("p", { class: "pt-step-caption", "aria-live": "polite" });
      const playOn = el("button", { type: "button", class: "pt-control", "data-control": "play-on" }, ["Play on from here"]);
      playOn.addEventListener("click", () => this.playOn());
      this.bar = el("div", { class: "pt-stepper", role: "toolbar", "aria-label": "Step through this example", tabindex: "0" }, [
        button("⏮", "To the start", () => 0),
        button("◀", "Previous step", () => this.step - 1),
        this.counter,
        button("▶", "Next step", () => this.step + 1),
        button("⏭", "To the end", () => this.steps),
        playOn,
      ]);
      this.bar.addEventListener("keydown", (event) => {
        const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps };
        if (event.key in moves) {
          event.preventDefault();
          this.go(moves[event.key]);
        }
      });
      this.tableBox.before(this.bar);
      this.tableBox.before(this.caption);
      this.updateCounter();
    }

    updateCounter() {
      this.counter.textContent = `Step ${this.step} of ${this.steps}`;
    }

    async go(step) {
      step = Math.max(0, Math.min(this.steps, step));
      this.step = step;
      this.updateCounter();
      const reply = await call("replay", { record: this.record, step });
      if (reply.type !== "replay") {
        this.caption.textContent = reply.message;
        return;
      }
      this.tableBox.innerHTML = reply.table_html;
      this.caption.textContent = reply.last;
      if (this.story) {
        this.story.querySelector(".pt-log").outerHTML = reply.story_html;
      }
      this.root.dataset.step = String(step);
    }

    async playOn() {
      const live = document.querySelector(`.pt-live[data-game="${CSS.escape(this.record.game)}"]`);
      if (!live || !live.parlourTable) return;
      const record = Object.assign({}, this.record, { actions: this.record.actions.slice(0, this.step) });
      const table = live.parlourTable;
      const reply = await call("restore", { table: table.name, record, seat: table.seat });
      if (reply.type !== "state") {
        table.say(reply.message, true);
        return;
      }
      const title = this.root.querySelector(".pt-example-title").textContent;
      table.say(`Playing on from step ${this.step} of the example "${title}": you take the seat at the bottom of the table.`);
      live.scrollIntoView({ behavior: "smooth", block: "start" });
      await table.show(reply, true);
    }
  }

  function init() {
    document.querySelectorAll(".pt-live[data-game]").forEach((root) => {
      if (!root.parlourTable) root.parlourTable = new LiveTable(root);
    });
    document.querySelectorAll(".pt-example[data-record]").forEach((root) => {
      if (!root.parlourReplay) root.parlourReplay = new Replay(root);
    });
  }

  window.parlour = { call, engine };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
