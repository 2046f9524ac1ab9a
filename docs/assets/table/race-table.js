// A table without turns: everyone plays at once (Nuts, Twenty-Four, Bango).
//
// Each computer player has a plan — a move and the moment it lands — sent by the engine with every
// state (reply.clock). The page keeps one timer per plan and, when it fires, asks the worker to
// land that plan (it lands only if it still stands). The reader's clicks are never held back: each
// goes to the worker at once, and the worker takes messages in the order they arrive, so a click
// and a computer player's move landing together are both taken; one an earlier arrival has made
// illegal comes back with the reason. What the reader has half done — a card picked, a sum half
// written — survives the table being drawn again under it.
//
// A race waits for the reader: nothing moves, theirs or the computer players', until they press
// Start — after a new deal, a restart, an undo, a share link or a reload of a race in progress alike
// (a change of pace or strength goes on as it was). Every race table does this, Bango too: a reader
// can look at the cards, and read the rules, before anyone is quicker than them.

import { el } from "./dom.js";
import { call } from "./engine.js";
import { HAND_OVER, LiveTable, endedHand, reopenedBefore } from "./live-table.js";
import { summaryNodes } from "./view.js";

// At a table without turns, a hint is asked for again at most this often.
const HINT_EVERY_MS = 700;

export class RaceTable extends LiveTable {
  constructor(root) {
    super(root);
    this.timers = new Map();
    // Until the reader presses Start, no timer is set and the table cannot be played.
    this.started = false;
  }

  paces() { return JSON.parse(this.root.dataset.paces || "[]"); }

  build() {
    super.build();
    const tableBox = this.view.tableBox;
    this.picker.pickByDoubleClickAndDrag((node) => this.pick(node));
    tableBox.addEventListener("submit", (event) => {
      event.preventDefault();
      this.entryMove();
    });
    tableBox.addEventListener("click", (event) => this.entryClick(event), true);
    this.startButton = el("button", { type: "button", class: "pt-control pt-start", "data-control": "start" }, ["Start"]);
    this.startText = el("p", { class: "pt-start-text" });
    this.startBox = el("div", { class: "pt-race-start", hidden: true }, [this.startText, this.startButton]);
    this.startButton.addEventListener("click", () => this.startRace());
    tableBox.before(this.startBox);
  }

  async control(action) {
    if (action !== "pace" && action !== "strength") return super.control(action);
    if (!this.record) return null;
    // The game goes on where it is, with computer players at the new pace or strength: a race under
    // way keeps going, one not started yet still waits for Start.
    this.keepGoing = this.started;
    try {
      if (action === "strength") return await super.control(action);
      const reply = await call("restore", { table: this.name, record: this.record, ...this.seating() });
      if (reply.type !== "state") return this.say(reply.message, true);
      this.say(`The computer players now play at the ${this.settings.pace.selectedOptions[0].textContent} pace.`);
      return await this.show(reply, true);
    } finally {
      this.keepGoing = false;  // a change that came to nothing leaves the next new state waiting for Start
    }
  }

  // A new state from new/restore/undo: the old timers belong to another clock, and the race waits
  // for the reader's Start.
  async show(reply) {
    this.goOn();  // a new deal, a restart or an undo takes over from a summary being read
    this.endedTable = null;
    this.clearTimers();
    this.started = Boolean(this.keepGoing) || reply.over;
    this.keepGoing = false;
    // A hand that ended before this state came (a saved game reopened) is not summed up again,
    // unless the game was left right at that hand's end.
    this.summedUp = reply.hand_summary ? reopenedBefore(reply) ?? reply.hand_summary.step : -1;
    this.update(reply);
    if (this.started) this.view.focusHand();
    else this.waitForStart(reply);
  }

  // The table is shown but held: the reader looks, then presses Start.
  waitForStart(reply) {
    const fresh = reply.step === 0 || !reply.record.actions.length;
    const pace = this.settings.pace ? ` The computer players' pace: ${this.settings.pace.selectedOptions[0].textContent}.` : "";
    this.startText.textContent = (fresh
      ? "Look at your cards. Nothing moves until you press Start; then everyone plays at once."
      : "The race is paused here. Nothing moves until you press Start; then everyone plays on at once.") + pace;
    this.startBox.hidden = false;
    this.view.tableBox.inert = true;
    this.view.prompt.textContent = "Press Start when you are ready.";
    this.root.dataset.state = "start";
    this.startButton.focus({ preventScroll: true });
  }

  // Start: the reader's moves and the computer players' clocks begin together.
  startRace() {
    if (this.started || !this.latest) return;
    this.started = true;
    this.startBox.hidden = true;
    this.view.tableBox.inert = false;
    this.render(this.latest);
    this.schedule(this.latest.over ? [] : this.latest.clock || []);
    this.view.focusHand();
  }

  // A race stops at a hand's end too: the table stays as the hand left it while the reader reads
  // the summary (the computer players' clocks wait), and the next deal is drawn and the clocks
  // start again (from the newest state) on Continue.
  update(reply) {
    const summary = reply.hand_summary;
    const fresh = summary && summary.step > this.summedUp;
    const ended = fresh ? endedHand(reply, this.summedUp) : null;
    if (ended) this.endedTable = ended.table_html;
    this.render(reply);
    this.latest = reply;
    if (fresh) {
      this.summedUp = summary.step;
      if (reply.over) {
        this.view.pauseText.replaceChildren(...summaryNodes(summary));
      } else {
        this.clearTimers();
        this.waitForReader(summaryNodes(summary), HAND_OVER, Boolean(ended))
          .then(() => {
            if (this.resume) return;  // another hand's end is being read already (a game reopened at one)
            this.endedTable = null;
            this.render(this.latest);
            this.setBusy(false);
            this.root.dataset.state = this.latest.over ? "over" : this.latest.human_turn ? "your-turn" : "waiting";
            this.schedule(this.latest.over ? [] : this.latest.clock || []);
          });
        return;
      }
    }
    if (this.resume) {  // a computer move already on its way landed: the reader is still reading
      this.view.keepPausePrompt(HAND_OVER);
      this.root.dataset.state = "continue";
      return;
    }
    this.schedule(reply.over ? [] : reply.clock || []);
  }

  forgetPosition() {
    super.forgetPosition();
    this.hintedStep = null;  // the new position's step may be the old one's number: ask again
  }

  clearTimers() {
    this.timers.forEach(({ id }) => clearTimeout(id));
    this.timers.clear();
  }

  // One timer per computer player's plan; a plan already timed keeps its timer. None before Start.
  schedule(plans) {
    if (!this.started) return this.clearTimers();
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

  // Another position is asked for: the old plans' timers go at once, not when it comes (a timer firing
  // meanwhile would send the old plan to the new deal's clock).
  dropAnswersOnTheirWay() {
    super.dropAnswersOnTheirWay();
    this.clearTimers();
  }

  async fire(seat, token) {
    const timer = this.timers.get(seat);
    if (!timer || timer.token !== token) return;  // cleared meanwhile: the plan belongs to a position left
    this.timers.delete(seat);
    const generation = this.generation;
    const reply = await call("bot", { table: this.name, seat, token });
    if (this.generation !== generation) return;  // the plan was the old position's (New deal, Restart, Undo)
    if (reply.type === "state") {
      this.view.addWhys(reply.why || []);
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
    const view = this.view;
    const picked = this.picker.selection.slice();
    // The hint shown stays while its move can still be made (not one about a hand that has gone).
    const hintStands = !this.hintAction || (reply.legal || []).some((move) => move.action === this.hintAction);
    const hint = view.hintBox.textContent && hintStands ? { text: view.hintBox.textContent, action: this.hintAction } : null;
    const entry = view.tableBox.querySelector(".pt-entry");
    const written = entry ? { key: entry.dataset.key, text: entry.elements.entry.value,
      focused: document.activeElement === entry.elements.entry } : null;
    super.render(reply);
    this.root.dataset.state = reply.over ? "over" : !this.started ? "start" : reply.human_turn ? "your-turn" : "waiting";
    if (!this.started && !reply.over) view.prompt.textContent = "Press Start when you are ready.";
    // A pick still on the table stays picked.
    this.picker.selection = picked.filter((part) => view.tableBox.querySelector(`[data-part="${CSS.escape(part)}"]`));
    this.picker.show();
    const again = view.tableBox.querySelector(".pt-entry");
    if (again && written && written.key === again.dataset.key) {
      again.elements.entry.value = written.text;
      if (written.focused) again.elements.entry.focus({ preventScroll: true });
    } else if (written && this.entryMessage) {
      this.say("");  // a hint or a check was about the cards that have gone
    }
    if (!again || !written || written.key !== again.dataset.key) this.entryMessage = false;
    this.picker.makeDraggable();
    this.settings.hintsLabel.hidden = Boolean(reply.own_hint);
    if (this.settings.hints.checked && !reply.own_hint) this.hintSoon(hint);
  }

  // The table changes under a racing reader many times a second: the last hint stays in view
  // (its card marked again if still there) and a fresh one is asked for at most every HINT_EVERY_MS.
  hintSoon(shown) {
    if (shown) this.view.showHint(shown.text, shown.action);
    else this.view.hintBox.replaceChildren();
    if (this.hintTimer || this.root.dataset.step === this.hintedStep) return;
    this.hintTimer = setTimeout(() => {
      this.hintTimer = null;
      this.hintedStep = this.root.dataset.step;
      this.showHint();
    }, HINT_EVERY_MS);
  }

  // ---- picking a card, then where it goes (click-click, keyboard, double-click, drag) ----
  playOnPick() { return Boolean(this.view.tableBox.querySelector('[data-play-on-pick="true"]')); }

  pick(node) {
    const picker = this.picker;
    picker.toggle(node.dataset.part);
    if (this.playOnPick()) {
      const exact = picker.exact();
      if (exact.length === 1) {
        picker.selection = [];
        picker.show();
        this.choose(exact[0].action, true);
        return;
      }
      if (picker.selection.length > 1 && !picker.candidates().length && picker.compose.length) {
        // A pick no listed move matches is tried all the same (the engine lists only the useful moves
        // and refuses, with the reason, what the rules forbid); the pick starts again.
        const [source, target] = picker.selection.slice(-2);
        picker.selection = [];
        picker.show();
        this.tryMove(`${picker.compose[0].verb}:${source}+${target}`);
        return;
      }
    }
    picker.show();
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
    else if (button.dataset.entry === "hint") this.entryHint(button.dataset.move);
    field.focus({ preventScroll: true });
  }

  async entryCheck(form) {
    const text = form.elements.entry.value.trim();
    const reply = await call("explain", { table: this.name, action: `${form.dataset.verb}:${text}` });
    if (reply.type !== "reason") return this.say(reply.message, true);
    this.say(reply.reason ? reply.reason : reply.label.replace(/^[^:]*: /, "Your sum: "), Boolean(reply.reason));
    this.entryMessage = true;
  }

  // A hint button that is a move (Twenty-Four's "Show me a solution", show:<set>): the solution shown
  // ends that set for everyone, so no computer player can slap with the sum the reader was just given.
  // Without a move of its own, the hint is only asked for.
  async entryHint(move) {
    if (!move) {
      const reply = await call("hint", { table: this.name });
      this.say(reply.type === "hint" ? reply.text : reply.message, reply.type !== "hint");
      this.entryMessage = true;
      return;
    }
    const reply = await call("apply", { table: this.name, action: move });
    if (reply.type !== "state") return this.say(reply.message, true);  // too late: the set was settled
    this.readerMoves += 1;
    this.update(reply);
    const shown = reply.log.slice().reverse().find((line) => line.includes(" to see a solution: ")) || "";
    this.say(`${shown.replace(/^You ask to see a solution: /, "One way: ")} That set is over for everyone, `
      + "with no winner: the cards went back under their stacks and a new set is turned.");
    this.entryMessage = true;
  }

  entryMove() {
    const form = this.view.tableBox.querySelector(".pt-entry");
    if (!form) return;
    const text = form.elements.entry.value.trim();
    if (!text) return this.say("Write your sum first: press the cards and the signs, or type it.", true);
    return this.choose(`${form.dataset.verb}:${text}`, true);
  }
}
