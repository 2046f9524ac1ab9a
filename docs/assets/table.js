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

  // ---- the worker and the protocol ------------------------------------------------------
  let worker = null;
  let booted = null;
  let nextId = 1;
  const pending = new Map();
  const progressListeners = new Set();

  function engine() {
    if (booted) return booted;
    booted = new Promise((resolve, reject) => {
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
      worker.onerror = (event) => reject(new Error(`The card engine stopped: ${event.message || "unknown error"}`));
      if (early) {
        // Hand over from the head's listeners; no message can arrive between these lines.
        worker.removeEventListener("message", early.keep);
        worker.removeEventListener("error", early.fail);
        early.messages.forEach((data) => worker.onmessage({ data }));
        if (early.error) reject(new Error(`The card engine stopped: ${early.error}`));
        window.parlourEarlyWorker = null;
      }
    });
    return booted;
  }

  // Send one message; the promise gives the engine's reply (an "error" reply is a normal answer).
  async function call(type, fields) {
    await engine();
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
      this.selection = [];
      this.legal = [];
      this.compose = [];
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
      this.form.append(el("label", { for: this.seedInput.id }, ["Seed: ", this.seedInput]));
      this.speed = el("select", { id: `${this.name}-speed`, name: "speed" },
        Object.keys(SPEEDS).map((key) => el("option", { value: key, text: key })));
      this.speed.value = "normal";
      this.form.append(el("label", { for: this.speed.id }, ["Computer players' pace: ", this.speed]));
      // Games that offer a choice of hand order (rummies) show it; the engine sorts the hand.
      this.sortSelect = el("select", { id: `${this.name}-sort`, name: "sort" });
      this.sortLabel = el("label", { for: this.sortSelect.id, hidden: true }, ["Sort my hand: ", this.sortSelect]);
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
      this.form.append(el("div", { class: "pt-control-row" }, Object.values(this.buttons)));
      this.form.addEventListener("submit", (event) => { event.preventDefault(); this.control("deal"); });
      this.shareBox = el("p", { class: "pt-share", hidden: true });
      this.prompt = el("p", { class: "pt-prompt", "aria-live": "polite" });
      this.message = el("p", { class: "pt-message", role: "alert" });
      this.tableBox = el("div", { class: "pt-live-table" });
      this.scoreBox = el("div", { class: "pt-live-score" });
      this.logList = el("ol", { class: "pt-log pt-live-log" });
      const logBox = el("details", { class: "pt-story" }, [el("summary", { text: "What has happened so far" }), this.logList]);
      this.announcer = el("p", { class: "pt-sr-only", "aria-live": "polite" });
      root.append(this.loading, this.form, this.shareBox, this.prompt, this.message, this.tableBox,
        this.scoreBox, logBox, this.announcer);
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

    saveKey() { return SAVE_PREFIX + this.game; }

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

    async start() {
      try {
        await engine();
      } catch (error) {
        this.loading.remove();
        this.say(`${error.message} The examples above still work without it.`, true);
        return;
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
        const reply = await call("restore", { table: this.name, record: saved, seat: this.seat, ...this.sortField() });
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
      if (!Number.isInteger(seed) || seed < 0) {
        this.say("The seed must be a whole number of 0 or more.", true);
        return;
      }
      const reply = await call("new", { table: this.name, game: this.game, options, seed, seat: this.seat, ...this.sortField() });
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

    // ---- moves made of several parts (a capture, a build, two cards to the crib) ----
    // The reader picks cards and table items; the moves whose parts are exactly what is picked
    // appear as buttons. Trying a verb on a pick no move matches asks the engine why not.
    pick(node) {
      if (this.busy) return;
      const part = node.dataset.part;
      const at = this.selection.indexOf(part);
      if (at >= 0) this.selection.splice(at, 1);
      else this.selection.push(part);
      this.showComposer();
    }

    showComposer() {
      const box = this.tableBox.querySelector(".pt-composer");
      if (!box) return;
      this.tableBox.querySelectorAll("[data-part]").forEach((node) => {
        node.setAttribute("aria-pressed", String(this.selection.includes(node.dataset.part)));
      });
      const picked = [...this.selection].sort().join("+");
      const matches = this.legal.filter((move) => move.parts.length && [...move.parts].sort().join("+") === picked);
      const moveButton = (move, extra) => el("button", {
        type: "button", class: `pt-action${extra || ""}`, "data-action": move.action, "data-legal": "true", text: move.label,
      });
      const buttons = matches.map((move) => moveButton(move));
      // Suggestions: moves that use what is picked and more (where a card can go), or part of it.
      const chosen = new Set(this.selection);
      const related = !this.selection.length ? [] : this.legal.filter((move) => move.parts.length
        && !matches.includes(move)
        && (this.selection.every((p) => move.parts.includes(p)) || move.parts.every((p) => chosen.has(p))));
      const suggestions = related.slice(0, 8).map((move) => moveButton(move, " pt-suggestion"));
      const tries = [];
      if (this.selection.length && !matches.length) {
        this.compose.forEach((verb) => {
          const tryIt = el("button", { type: "button", class: "pt-action pt-try", text: verb.label });
          tryIt.addEventListener("click", (event) => {
            event.stopPropagation();
            this.choose(`${verb.verb}:${this.selection.join("+")}`, false);
          });
          tries.push(tryIt);
        });
      }
      const hint = this.selection.length
        ? (matches.length ? "" : "No move uses exactly these. ")
        : "Pick the cards for your move; the moves they make appear here.";
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

    focusHand() {
      if (this.root.contains(document.activeElement) && document.activeElement !== document.body
          && !this.tableBox.contains(document.activeElement)) return;
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
