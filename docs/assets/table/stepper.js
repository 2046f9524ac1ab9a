// A worked example the reader can step through: back and forth a move at a time, a trick at a
// time, played by itself, or played on from any step at the page's live table. The engine replays
// the example's record to the step asked for and draws the table and the story as they were.

import { el } from "./dom.js";
import { call, engine, engineReady, onProgress, whenReached } from "./engine.js";
import { ExampleQuiz } from "./quiz.js";

export class ExampleStepper {
  constructor(root) {
    this.root = root;
    this.record = JSON.parse(root.dataset.record);
    this.step = Number(root.dataset.tableStep || 0);
    this.steps = this.record.actions.length;
    this.tableBox = root.querySelector(".pt-example-table");
    this.story = root.querySelector(".pt-story");
    this.build();
    // A press or focus on the example starts the engine; a step asked for meanwhile shows its loading.
    whenReached(root, () => engine());
    onProgress((stage) => { if (this.loading) this.caption.textContent = stage === "Ready" ? "" : stage; });
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
      if (this.quiz && this.quiz.active) return;  // the quiz moves the example, not the arrow keys
      const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps };
      if (event.key in moves) {
        event.preventDefault();
        this.go(moves[event.key], true);
      }
    });
    this.tableBox.before(this.bar);
    this.tableBox.before(this.caption);
    // "Your turn": the example as a quiz, at the decisions of the seat it follows (quiz.js).
    if (this.root.dataset.quiz) {
      const quiz = new ExampleQuiz(this, JSON.parse(this.root.dataset.quiz));
      this.startButton = el("button", { type: "button", class: "pt-control pt-quiz-start", "data-control": "quiz" },
        [`Your turn: play ${quiz.data.name}'s moves`]);
      this.startButton.addEventListener("click", () => quiz.start());
      this.bar.append(this.startButton);
      this.quiz = quiz;
    }
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

  // Show the example at ``step``; the engine's replay, or null (its message is in the caption).
  async go(step, fromButton) {
    if (fromButton) this.pause();
    step = Math.max(0, Math.min(this.steps, step));
    this.step = step;
    this.updateCounter();
    this.loading = !engineReady();
    if (this.loading) this.caption.textContent = "Loading the card engine…";
    const reply = await call("replay", { record: this.record, step });
    this.loading = false;
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

  // The page's live table of the same game takes the example over at this step, the reader in the
  // seat at the bottom.
  async playOn() {
    const live = document.querySelector(`.pt-live[data-game="${CSS.escape(this.record.game)}"]`);
    if (!live || !live.parlourTable) return;
    const record = Object.assign({}, this.record, { actions: this.record.actions.slice(0, this.step) });
    const table = live.parlourTable;
    await table.begin(); // its own first deal comes first, or it would replace this one
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
