// A worked example played as a quiz: at each decision of the seat it follows the example stops and
// asks "What would you play?". Any card of the hand can be picked: a card the rules forbid gets the
// engine's reason and the question stays open; a legal pick is answered with what the example played,
// why, and whether the pick was the same, as good or worse (the engine's comparison, made when the
// site was built: data-quiz on the example). A score at the end. The table itself is the stepper's.

import { el } from "./dom.js";

// The verdict in a heading (parlour.choices.VERDICTS).
const VERDICT_WORDS = {
  same: "The same as the example.",
  "as good": "As good as the example's move.",
  better: "Better for now than the example's move.",
  different: "Different from the example's move.",
  worse: "Not as good as the example's move.",
  another: "Not the example's move.",
};

// A label with its red suits' signs in red (the signs themselves tell the suits apart without colour).
const suitsInColour = (text) => text.split(/([♥♦])/).filter(Boolean).map((part) =>
  /[♥♦]/.test(part) ? el("span", { class: "pt-red" }, [part]) : part);

const countWord = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

export class ExampleQuiz {
  constructor(stepper, data) {
    this.stepper = stepper;
    this.data = data;
    this.panel = el("section", { class: "pt-quiz", role: "region", "aria-label": "Your turn: a quiz on this example", hidden: "" });
    stepper.tableBox.before(this.panel);
  }

  get questions() {
    return this.data.questions;
  }

  async start() {
    this.stepper.pause();
    this.verdicts = [];
    this.panel.hidden = false;
    this.active = true;
    // The step buttons step aside while the quiz runs (they would leave the question behind).
    this.stepper.root.classList.add("pt-quizzing");
    await this.ask(0);
  }

  stop() {
    this.panel.hidden = true;
    this.active = false;
    this.panel.replaceChildren();
    this.stepper.root.classList.remove("pt-quizzing");
    this.stepper.startButton.focus();
  }

  heading(index, text) {
    return el("p", { class: "pt-quiz-count" }, [`Question ${index + 1} of ${this.questions.length}${text ? ": " + text : ""}`]);
  }

  stopButton() {
    const stop = el("button", { type: "button", class: "pt-control", "data-quiz": "stop" }, ["Stop the quiz"]);
    stop.addEventListener("click", () => this.stop());
    return stop;
  }

  // The table as it stood before the seat's decision, and every card of the hand to pick from.
  async ask(index) {
    const question = this.questions[index];
    this.index = index;
    await this.stepper.go(question.step, true);
    this.feedback = el("p", { class: "pt-quiz-feedback", role: "status", "aria-live": "polite" });
    const buttons = question.choices.map((choice) => {
      const button = el("button", { type: "button", class: "pt-control pt-quiz-choice", "data-choice": choice.action || choice.label },
        suitsInColour(choice.label));
      button.addEventListener("click", () => this.pick(choice));
      return button;
    });
    const group = el("div", { class: "pt-quiz-choices", role: "group", "aria-label": `${this.data.name}'s choices` }, buttons);
    this.panel.replaceChildren(
      this.heading(index),
      el("p", { class: "pt-quiz-ask" }, [`You are ${this.data.name}. ${question.prompt} What would you play?`]),
      group, this.feedback, el("div", { class: "pt-control-row" }, [this.stopButton()]));
    buttons[0].focus({ preventScroll: true });
    this.inView();
  }

  // The question or answer in view, under the example's sticky bar.
  inView() {
    const top = this.panel.getBoundingClientRect().top;
    const margin = parseFloat(getComputedStyle(this.panel).scrollMarginTop) || 0;
    if (top < margin || top > window.innerHeight * 0.6) this.panel.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  async pick(choice) {
    const question = this.questions[this.index];
    if (this.answering) return;  // a second tap while the answer is being drawn
    if (choice.legal === false) {
      // The question stays open: the engine's reason, then another pick.
      this.feedback.textContent = `${choice.label} cannot be played: ${choice.words} Pick again.`;
      this.feedback.classList.add("pt-quiz-refused");
      return;
    }
    this.answering = true;
    this.verdicts.push(choice.verdict);
    // The move the example made, drawn on the table.
    await this.stepper.go(question.step + 1, true);
    this.answering = false;
    const last = this.index + 1 >= this.questions.length;
    const next = el("button", { type: "button", class: "pt-control", "data-quiz": last ? "score" : "next" }, [last ? "See your score" : "Next question"]);
    next.addEventListener("click", () => (last ? this.finish() : this.ask(this.index + 1)));
    const why = question.why ? `Why: ${question.why}${/[.!?]$/.test(question.why) ? "" : "."}` : "";
    this.panel.replaceChildren(
      this.heading(this.index, "the answer"),
      el("p", { class: `pt-quiz-verdict pt-verdict-${choice.verdict.replace(" ", "-")}`, "data-verdict": choice.verdict, role: "status" },
        [`You chose ${choice.label}. ${VERDICT_WORDS[choice.verdict] || ""}`]),
      el("p", {}, [choice.words]),
      el("p", { class: "pt-quiz-played" }, [`The example played ${question.played_label}.`, why ? " " : "", why]),
      el("div", { class: "pt-control-row" }, [next, this.stopButton()]));
    next.focus({ preventScroll: true });
    this.inView();
  }

  finish() {
    const total = this.verdicts.length;
    const tally = (verdict) => this.verdicts.filter((v) => v === verdict).length;
    const same = tally("same");
    const asGood = tally("as good") + tally("better");
    const parts = [];
    if (asGood) parts.push(`${countWord(asGood, "other choice")} as good or better`);
    if (tally("worse")) parts.push(`${tally("worse")} not as good`);
    if (tally("different")) parts.push(`${tally("different")} different, neither better nor worse`);
    if (tally("another")) parts.push(`${tally("another")} with no quick measure`);
    const again = el("button", { type: "button", class: "pt-control", "data-quiz": "again" }, ["Try the quiz again"]);
    again.addEventListener("click", () => this.start());
    const close = el("button", { type: "button", class: "pt-control", "data-quiz": "close" }, ["Back to the example"]);
    close.addEventListener("click", () => this.stop());
    this.panel.replaceChildren(
      el("p", { class: "pt-quiz-count" }, ["Your score"]),
      el("p", { class: "pt-quiz-score", role: "status", "data-same": String(same), "data-total": String(total) },
        [el("strong", {}, [`${same} of ${total} as the example played`]), parts.length ? ` — and ${parts.join(", ")}.` : "."]),
      el("p", {}, ["The example is yours to step through again, or to play on from any step at the table below."]),
      el("div", { class: "pt-control-row" }, [again, close]));
    again.focus({ preventScroll: true });
    this.inView();
  }
}
