// A live table on a game page: the reader against computer players, the engine doing the work.
//
// LiveTable is what every live table shares: loading the engine (with a Retry), where a game comes
// from (this browser's save, a share or challenge link, a new deal), the buttons and settings
// (settings.js), and drawing each state (view.js) with the parts of a move the reader can pick
// (picking.js). How play goes on from a state belongs to the kind of table: TurnTable
// (turn-table.js) lets the computer players move one at a time, RaceTable (race-table.js) on their
// own clocks. Each defines show(reply, runBots, afterMove), choose(action, legal) and pick(node).

import { listenForAmounts, markAmountHint } from "./amount.js";
import { el } from "./dom.js";
import { call, currentEngine, engine, onProgress, restartEngine, whenReached } from "./engine.js";
import { CODE_CHARS, MAX_CODE_CHARS, MAX_NAME_CHARS, isSeed } from "./bounds.js";
import { Picker } from "./picking.js";
import { GameSave, shareLinks } from "./saves.js";
import { STRENGTHS, TableSettings, offeredStrengths, optionValue } from "./settings.js";
import { TableView } from "./view.js";

// The prompt while a hand's summary is read, before the next deal.
export const HAND_OVER = "The hand is over: read what happened, then press Continue for the next deal.";

// A hand's summary the reader has not seen, sent with the table as that hand left it (``before``:
// the last step the reader saw); null if none, or if the game is over (its own table stays).
export function endedHand(reply, before) {
  const summary = reply.hand_summary;
  if (!summary || before === undefined || summary.step <= before || reply.over || !summary.table_html) return null;
  return summary;
}

// A game reopened (a save, a link, an undo) right where a hand ended: the step before it, so the
// hand's end is shown again with its summary; otherwise undefined (nothing to show again).
export const reopenedBefore = (reply) => (reply.hand_summary && reply.hand_summary.step === reply.step
  && reply.hand_summary.table_html ? reply.step - 1 : undefined);
// Past this, a table still loading says so and offers to start again (the load goes on).
const SLOW_LOAD_MS = 40000;

// The table's state for the page (and the tests): "stalled" is a game that reached the most moves
// one game may hold (the prompt says so).
export const tableState = (reply) => (reply.over ? "over" : reply.stalled ? "stalled" : reply.pass_to ? "pass"
  : reply.human_turn ? "your-turn" : "waiting");

// Until the reader reaches for the table: a Play button and what it will load. Then (``begin``) a
// progress bar, in the same place, that follows the engine's loading and goes once it is ready.
function progressBox(play) {
  const button = el("button", { type: "button", class: "pt-control pt-play", "data-control": "play" }, ["Play"]);
  button.addEventListener("click", play);
  const bar = el("progress", { max: "1", value: "0", hidden: true });
  const label = el("span", { text: "The table loads Python and the card engine when you play: about 13 MB the first "
    + "time, then kept by your browser." });
  const box = el("div", { class: "pt-loading", role: "status", "aria-live": "polite" }, [button, bar, " ", label]);
  box.label = label;
  box.begin = () => {
    button.remove();
    bar.hidden = false;
    if (bar.value === 0) label.textContent = "Loading the card table…";
  };
  onProgress((stage, fraction) => {
    bar.value = fraction;
    label.textContent = stage === "Ready" ? "Ready." : stage;
    if (stage === "Ready") setTimeout(() => box.remove(), 200);
  });
  return box;
}

export class LiveTable {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.game;
    this.name = `live-${this.game}`;
    this.options = JSON.parse(root.dataset.options || "[]");
    this.seat = 0;
    this.busy = false;
    this.readerMoves = 0;
    this.putAside = null;
    this.saved = new GameSave(this.game, offeredStrengths(root));
    // Shows of states started so far (see TurnTable.show), and the Continue the table waits for, if any.
    this.runs = 0;
    this.resume = null;
    // While a hand's summary is read: the table as that hand left it, drawn instead of the next deal.
    this.endedTable = null;
    // The first deal, drawn by the build (macros.py first_deal): on screen before the engine arrives.
    const firstDeal = root.querySelector("script.pt-first-deal");
    this.firstDeal = firstDeal ? JSON.parse(firstDeal.textContent) : null;
    this.build();
    // The engine starts when the reader reaches for the table (engine.js whenReached), or at once
    // for a share or challenge link, or a link to the table: whoever opens one came to play.
    this.begun = null;
    this.dealt = false; // true once the engine has dealt (or restored) this table's game
    this.kept = null; // the reader's first move, made on the first deal before the engine was ready
    // Each move goes to the engine once it has dealt; before, the first is kept (see keep).
    const choose = this.choose.bind(this);
    this.choose = (action, legal) => (this.dealt ? choose(action, legal) : this.keep(action, legal));
    const linked = /^#(.*&)?(play|deal)=/.test(location.hash);
    // A reader with a game saved here played before: the engine starts at once to bring it back
    // (its runtime is then normally in the service worker's copy: nothing is downloaded).
    const saved = this.saved.exists();
    if (!linked && this.firstDeal && !saved) this.preview(this.firstDeal);
    if (linked || saved || location.hash === `#${root.id}`) this.begin();
    else whenReached(root, () => this.begin(), { near: true });
    // The "Play <game>" link at the top of the page (macros.py info_panel) leads here: a press on it starts it.
    document.querySelectorAll(`a[href="#${CSS.escape(root.id)}"]`).forEach((link) => {
      ["pointerdown", "click"].forEach((type) => link.addEventListener(type, () => this.begin()));
    });
  }

  // The first deal as the build drew it (the engine will deal the same): the table, the prompt and
  // the moves to pick, before the engine has loaded. Nothing is saved: the engine's own deal is.
  preview(reply) {
    this.settings.show(reply);
    this.view.draw(reply);
    this.picker.offer(reply);
    this.root.dataset.preview = "true";
    if (!this.begun) {
      const how = reply.human_turn ? "Press Play, or simply make your move: the card engine loads" : "Press Play to start: the card engine loads";
      this.loading.label.textContent = `The first deal is on the table. ${how} (about 13 MB the first time, then kept `
        + `by your browser)${reply.human_turn ? " and your move is made" : " and the computer players begin"}.`;
    }
  }

  // A move made before the engine has dealt: the engine starts (if it had not), the move is kept
  // and made once the engine has dealt the same first deal; the reader is told so meanwhile.
  keep(action, legal) {
    if (!this.root.dataset.preview) return;
    this.kept = { action, legal };
    this.view.say("Your move is kept: it is made as soon as the card engine has loaded.");
    this.begin();
  }

  // Start the engine and, once it is ready, deal (or restore) the game; the promise ends once it is.
  begin() {
    if (!this.begun) {
      this.begun = this.start();
      this.loading.begin();
    }
    return this.begun;
  }

  // A race's paces for its settings; a table with turns has speeds instead.
  paces() { return null; }

  // The moves the reader may make now (the engine's list, with the parts each is made of).
  get legal() { return this.picker.legal; }

  build() {
    const root = this.root;
    root.innerHTML = "";
    root.classList.add("pt-live-ready");
    this.loading = progressBox(() => this.begin());
    this.view = new TableView(root);
    this.settings = new TableSettings({
      name: this.name, game: this.game, options: this.options, tricks: root.dataset.tricks === "true",
      solo: this.soloGame(), paces: this.paces(), strengths: offeredStrengths(root),
    }, {
      control: (action) => this.control(action),
      hints: (shown) => { if (shown) this.showHint(); else this.view.hintBox.replaceChildren(); },
      sort: (by) => this.sortHand(by),
    });
    this.picker = new Picker(this.view.tableBox, (action, legal) => this.choose(action, legal),
      () => this.view.clearRefusal());
    this.shareBox = el("p", { class: "pt-share", hidden: true });
    root.append(...this.view.parts([this.settings.form, this.shareBox]));
    // Under the table, by the message: as it changes (Play, the loading, gone once ready) the cards
    // above it never move, so a press on one is not lost to a shifting page.
    this.view.message.after(this.loading);
    this.view.continueButton.addEventListener("click", () => this.goOn());
    listenForAmounts(this);
    const tableBox = this.view.tableBox;
    tableBox.addEventListener("click", (event) => {
      const part = event.target.closest("[data-part]");
      if (part && tableBox.contains(part)) return this.pick(part);
      const target = event.target.closest("[data-action]");
      if (target && tableBox.contains(target)) {
        this.picker.carryAfter(target.dataset.action);
        this.choose(target.dataset.action, target.dataset.legal === "true");
      }
    });
  }

  // The engine failed (or is slow: the progress bar stays): say so, with a button that starts it again.
  loadTrouble(text, stillLoading) {
    this.say(text, true);
    if (!stillLoading) this.loading.remove();
    this.kept = null; // a move kept for an engine that failed is not made later
    if (this.retryBox) return;
    const retry = el("button", { type: "button", class: "pt-control", "data-control": "retry" }, ["Retry"]);
    retry.addEventListener("click", () => {
      this.retryBox.remove();
      this.retryBox = null;
      this.say("");
      this.loading.remove();
      this.loading = progressBox(() => this.begin());
      this.loading.begin();
      this.view.message.after(this.loading);
      restartEngine();
      this.start();
    });
    this.retryBox = el("p", { class: "pt-retry" }, [retry]);
    this.view.message.after(this.retryBox);
  }

  gameName() { return this.root.dataset.name || this.game; }

  // A game for one (a patience): no computer players to choose.
  soloGame() { return this.root.dataset.solo === "true"; }

  // A game the reader is part-way through: New deal and Restart ask before putting it aside.
  inProgress() {
    return Boolean(this.record && !this.over && this.readerMoves > 0);
  }

  // Where the reader sits, how the computer players play and the hand order chosen for this game:
  // every new, restore and share sends it.
  // With several people at the screen, the seat holding the device is one of theirs.
  seating() {
    const { people } = this.settings;
    return { seat: people.includes(this.seat) ? this.seat : people[0], ...this.settings.seating() };
  }

  // Names of seats for a message ("South and North").
  static namesAnd(names) {
    return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  }

  // The reader chose another hand order: the engine sorts the hand, and what was picked stays picked.
  async sortHand(by) {
    if (this.busy) return;
    const carry = this.picker.selection.slice();
    const reply = await call("sort", { table: this.name, by });
    if (reply.type !== "state") return this.say(reply.message, true);
    this.picker.carry = carry;
    this.render(reply);
  }

  say(text, isError) { this.view.say(text, isError); }

  refuse(reason) { this.view.refuse(reason); }

  sayError(reply, lead) { this.view.sayError(reply, lead); }

  async start() {
    const attempt = engine();
    const slow = setTimeout(() => this.loadTrouble(
      "The card engine is taking a long time to load. The first load fetches about 13 MB, which can take "
      + "minutes on a slow connection; it goes on meanwhile. If it seems stuck, start it again:", true), SLOW_LOAD_MS);
    try {
      await attempt;
    } catch (error) {
      if (attempt !== currentEngine()) return; // a Retry has started another attempt
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
    this.dealt = true;
    delete this.root.dataset.preview;
    if (hash.has("play")) return this.openShared(hash.get("play"), hash.get("people"));
    if (hash.has("deal")) return this.openChallenge(hash);
    await this.resumeOrDeal();
    // The move the reader made on the drawn first deal, now made on the engine's (the same deal).
    const kept = this.kept;
    this.kept = null;
    if (kept && this.currentSeed === this.firstDeal?.seed && this.root.dataset.state === "your-turn") {
      this.say("");
      await this.choose(kept.action, kept.legal);
    }
    return null;
  }

  // The game saved on this page for this game, or a fresh deal.
  async resumeOrDeal(keepMessage) {
    const saved = this.saved.load();
    if (saved && saved.damaged) {
      this.say("A saved game from an older or damaged save was discarded. Here is a fresh game.", true);
    } else if (saved) {
      this.settings.strength.value = saved.strength;
      this.settings.people = saved.people;
      const reply = await call("restore", { table: this.name, record: saved.record, ...this.seating() });
      if (reply.type === "state") {
        if (saved.unoffered) {
          this.say(`Welcome back: your game is where you left it. It was saved with ${saved.unoffered} computer `
            + `players, which this game no longer offers, so they now play at Family.`);
        } else if (!keepMessage) this.say("Welcome back: your game is where you left it.");
        this.readerMoves = saved.record.actions.length ? 1 : 0;
        return this.show(reply, true);
      }
      this.saved.drop();
      this.say(`Your saved game could not be restored (${reply.message}), so it was discarded. Here is a fresh game.`, true);
    }
    // A first visit gets the first deal drawn on the page; later new deals are random.
    return this.newGame(false, this.firstDeal && !saved ? this.firstDeal.seed : undefined);
  }

  // A share link (#play=CODE): the whole game so far.
  // ``people``: the seats people play at one screen ("0,2"), kept by the link.
  async openShared(code, people) {
    let problem = "it is not a game link.";
    if (people && /^[0-9](,[0-9]){0,9}$/.test(people)) this.settings.people = people.split(",").map(Number);
    if (code.length <= MAX_CODE_CHARS && CODE_CHARS.test(code)) {
      const reply = await call("restore", { table: this.name, code, ...this.seating() });
      if (reply.type === "state" && reply.game !== this.game) {
        // Another game's link: it is not played (nor saved) here; the right page is offered.
        const page = new URL(`../${encodeURIComponent(reply.game)}/#play=${code}`, location.href);
        const there = el("a", { href: page.href, class: "pt-foreign-link", text: `open it on the ${reply.game_name} page` });
        this.say(`This link is a game of ${reply.game_name}, not ${this.gameName()}: `, true);
        this.view.message.append(there, ". Your own game here goes on.");
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
      const option = this.settings.option(name);
      const value = option ? optionValue(option, text) : undefined;
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

  // Deal a new game (the form's options and seed, or the ones given); the engine's reply.
  async newGame(fromForm, seed, chosen) {
    const options = chosen || (fromForm ? this.settings.readOptions() : {});
    if (seed === undefined) {
      const typed = this.settings.seedInput.value.trim();
      seed = fromForm && typed !== "" && Number(typed) !== this.currentSeed ? Number(typed) : Math.floor(Math.random() * 1e9);
    }
    if (!isSeed(seed)) {
      this.say(`The deal number must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`, true);
      return null;
    }
    this.dropAnswersOnTheirWay();
    const reply = await call("new", { table: this.name, game: this.game, options, seed, ...this.seating() });
    if (reply.type !== "state") {
      this.sayError(reply);
      return reply;
    }
    history.replaceState(null, "", location.pathname + location.search);
    this.forgetPosition();
    this.view.clearStory();
    this.root.dataset.deals = String(Number(this.root.dataset.deals || 0) + 1);
    this.readerMoves = 0;
    await this.show(reply, true);
    return reply;
  }

  // New deal or Restart in the middle of a game: asked first, next to the buttons; the game put
  // aside comes back with Undo until the reader moves in the new one.
  confirmDiscard(action) {
    const what = action === "deal" ? "Start a new deal" : "Start this deal again";
    this.askFirst(`${what}? The game in progress will be put aside (Undo brings it back). `,
      `Yes, ${what.toLowerCase()}`, "confirm", () => this.discardAndDeal(action));
  }

  // A question next to the buttons, with a Yes (``yesControl`` names it for the tests) that runs
  // ``onYes`` and a No that keeps playing; one at a time, the Yes focused.
  askFirst(text, yesLabel, yesControl, onYes) {
    const yes = el("button", { type: "button", class: "pt-control", "data-control": yesControl }, [yesLabel]);
    const no = el("button", { type: "button", class: "pt-control", "data-control": "keep" }, ["No, keep playing"]);
    yes.addEventListener("click", () => { this.confirmBox.remove(); onYes(); });
    no.addEventListener("click", () => { this.confirmBox.remove(); this.say(""); });
    if (this.confirmBox) this.confirmBox.remove();
    this.confirmBox = el("p", { class: "pt-confirm", role: "alert" }, [text, yes, " ", no]);
    this.settings.form.after(this.confirmBox);
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
    this.dropAnswersOnTheirWay();
    const reply = await call("restore", { table: this.name, record, ...this.seating() });
    if (reply.type !== "state") return this.sayError(reply, "The game put aside could not come back: ");
    this.readerMoves = readerMoves;
    this.forgetPosition();
    this.view.clearStory();
    this.say("Your game is back where you left it.");
    return this.show(reply, true);
  }

  // The buttons (New deal, Restart, Undo, Share) and the computer players' strength.
  async control(action) {
    if (this.busy && action !== "share") return;
    this.say("");
    if (this.confirmBox) this.confirmBox.remove();
    if (action === "deal" || (action === "restart" && this.record)) {
      if (this.inProgress()) return this.confirmDiscard(action);
      return this.discardAndDeal(action);
    }
    if (action === "people") {
      if (!this.record) return this.newGame(false);
      // The game goes on where it is, played by the people now ticked.
      const reply = await call("restore", { table: this.name, record: this.record, ...this.seating() });
      if (reply.type !== "state") return this.say(reply.message, true);
      const names = reply.people.map((seat) => reply.names[seat]);
      await this.show(reply, true);
      this.say(names.length > 1 ? `${LiveTable.namesAnd(names)} play at this screen; the device is passed between them.`
        : `${names[0]} plays against the computer players.`);
      return null;
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
      this.dropAnswersOnTheirWay();
      const reply = await call("undo", { table: this.name });
      if (reply.type === "confirm") return this.confirmUndo(reply);
      if (reply.type !== "state") return this.sayError(reply, "Nothing to undo: ");
      this.forgetPosition();
      return this.show(reply, true);
    }
    if (action === "share") {
      const reply = await call("code", { table: this.name });
      if (reply.type !== "code") return this.sayError(reply);
      const { field, nodes } = shareLinks(reply.code, this.currentSeed, this.record.options || {}, this.settings.people);
      this.shareBox.replaceChildren(...nodes);
      this.shareBox.hidden = false;
      field.select();
    }
  }

  // Undo would take back another person's move too: asked first, as New deal asks.
  confirmUndo(reply) {
    this.askFirst(`${reply.message} `, "Yes, we all agree: undo", "confirm-undo", async () => {
      if (this.busy) return null;
      this.dropAnswersOnTheirWay();
      const undone = await call("undo", { table: this.name, agreed: true });
      if (undone.type !== "state") return this.sayError(undone, "Nothing to undo: ");
      this.forgetPosition();
      this.say("");
      return this.show(undone, true);
    });
  }

  // The person the device was passed to has it (they tapped the pass screen): their view.
  async take(seat) {
    if (this.busy) return;
    this.setBusy(true);
    const reply = await call("take", { table: this.name, seat });
    if (reply.type !== "state") {
      this.setBusy(false);
      return this.sayError(reply);
    }
    return this.show(reply, true);
  }

  // Another position takes the place of the one shown (Undo, New deal, Restart): what was said about
  // the old one goes — the computer players' reasons, the hint, a refusal, a share link — and answers
  // still on their way about it are dropped (``generation``).
  forgetPosition() {
    this.dropAnswersOnTheirWay();
    this.view.forgetPosition();
    this.hintAction = null;
    this.shareBox.hidden = true;
  }

  // From the moment another position is asked for, an answer about the old one (a computer
  // player's move already on its way at a race, a hint) is dropped when it lands: it would draw the
  // old deal again or report that the old plan could not move.
  dropAnswersOnTheirWay() {
    this.generation = (this.generation || 0) + 1;
  }

  setBusy(busy) {
    this.busy = busy;
    if (busy) this.root.setAttribute("aria-busy", "true");
    else this.root.removeAttribute("aria-busy");
  }

  // The hint for the reader's turn: the rule bot's choice in their place, its card marked.
  async showHint() {
    if (!this.record || this.over || this.root.dataset.state !== "your-turn") return;
    const step = this.root.dataset.step;
    const generation = this.generation;
    const reply = await call("hint", { table: this.name });
    // The game has moved on, or another position has replaced it (a new deal at the same step).
    if (this.root.dataset.step !== step || this.generation !== generation || !this.settings.hints.checked) return;
    this.view.unmarkHint();
    if (reply.type !== "hint") {
      this.view.hintBox.textContent = "";
      return;
    }
    this.hintAction = reply.action;
    this.view.showHint(`Hint — a Family player would: ${reply.text}`, reply.action);
    markAmountHint(this.view.tableBox, reply.action);
  }

  // The table stops here until the reader presses Continue (see TableView.showPause); nothing is
  // being worked out meanwhile, so New deal, Restart and Undo work.
  waitForReader(nodes, between, endedShown) {
    this.view.showPause(nodes, between, endedShown);
    this.setBusy(false);
    this.root.dataset.state = "continue";
    this.view.offerContinue();
    return new Promise((resolve) => { this.resume = resolve; });
  }

  // Continue (or another show taking over): the table is given back and the waiting show goes on.
  goOn() {
    const resume = this.resume;
    if (!resume) return;
    this.resume = null;
    this.view.hidePause();
    this.setBusy(true);
    this.root.dataset.state = "waiting";
    resume();
  }

  // Draw a state: the view, the settings it was dealt with, the moves to pick from; then save it.
  // While a hand's summary is read, ``this.endedTable`` (the table as that hand left it) is drawn
  // instead of the next deal, with nothing to pick. The promise ends when the pieces that moved
  // have finished gliding.
  render(reply) {
    const endedTable = this.endedTable;
    const focused = this.view.focusedAction();
    this.record = reply.record;
    this.over = reply.over;
    this.seat = reply.seat;
    if (String(reply.step) !== this.root.dataset.step) this.view.hintBox.textContent = "";
    this.currentSeed = reply.seed;
    this.settings.show(reply);
    const moved = reply.step > (this.shownStep ?? Infinity);
    this.shownStep = reply.step;
    this.view.draw(reply, endedTable);
    if (reply.pass_to && !endedTable) {
      // Nothing of the last person's turn stays: their hints, refusals and computer players' reasons.
      // (A hand that has just ended is shown first, to everyone, under its summary.)
      this.view.showPass(reply.pass_to, () => this.take(reply.pass_to.seat));
      this.say("");
    }
    this.picker.offer(endedTable ? {} : reply);
    this.root.dataset.step = String(reply.step);
    this.root.dataset.state = tableState(reply);
    this.saved.store(reply);
    this.view.refocus(focused);
    return moved ? this.view.animatePieces() : Promise.resolve();
  }
}
