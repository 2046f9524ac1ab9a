// A hand's count walked through in its summary: each hand (or crib, or side's pile) the engine
// counted is drawn in the panel itself, and the reader steps through what is said — "fifteen two",
// "a pair is six" — with the cards of that combination marked, by Back and Next (or the arrow keys),
// or lets it run with "Count it for me". The engine sends the steps (``summary.count``, made by
// parlour/walkthrough.py) and each card's picture (``summary.pictures``); this module only shows them.

import { el } from "./dom.js";

// How long each step stays when the count runs by itself.
const STEP_MS = 1400;

// One step per thing said; a hand where nothing scores is one step too (its "nothing" words).
function stepsOf(count) {
  return count.flatMap((hand, index) => (hand.steps.length
    ? hand.steps.map((step) => ({ hand: index, ...step }))
    : [{ hand: index, words: hand.nothing, cards: [], points: 0, total: 0, nothing: true }]));
}

const plural = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`;

// The walk-through's nodes for a summary, or none when the game counted nothing step by step.
export function walkthroughNodes(summary) {
  const count = summary.count || [];
  if (!count.length) return [];
  return [new Walkthrough(count, summary.pictures || {}).root];
}

class Walkthrough {
  constructor(count, pictures) {
    this.count = count;
    this.steps = stepsOf(count);
    this.at = 0;
    this.timer = null;
    this.handTitle = el("p", { class: "pt-count-hand-title" });
    this.cardsRow = el("div", { class: "pc-row pt-count-cards" });
    this.pictures = pictures;
    // What is said now, for a screen reader too.
    this.said = el("p", { class: "pt-count-said", "aria-live": "polite" });
    // What has been said of this hand so far, in one line (the summary's own list follows).
    this.saidList = el("p", { class: "pt-count-list" });
    this.progress = el("span", { class: "pt-count-progress" });
    this.back = this.button("Back", "count-back", () => this.go(this.at - 1));
    this.next = this.button("Next", "count-next", () => this.go(this.at + 1));
    this.auto = this.button("Count it for me", "count-auto", () => this.toggleRun());
    this.root = el("div", { class: "pt-count-walk", role: "group", "aria-label": "The count, step by step" }, [
      this.handTitle, this.cardsRow, this.said,
      el("div", { class: "pt-control-row pt-count-buttons" }, [this.back, this.next, this.auto, this.progress]),
      this.saidList]);
    this.root.addEventListener("keydown", (event) => this.arrowKeys(event));
    this.drawn = -1;
    this.go(0);
  }

  button(text, control, action) {
    const node = el("button", { type: "button", class: "pt-control", "data-control": control }, [text]);
    node.addEventListener("click", action);
    return node;
  }

  // The hand being counted, drawn once per hand: its cards, each tagged with its code to be marked.
  drawHand(index) {
    if (this.drawn === index) return;
    this.drawn = index;
    const hand = this.count[index];
    const slot = (code) => {
      const node = el("span", { class: "pt-count-card", "data-card": code });
      node.innerHTML = this.pictures[code] || code;  // the engine's own card picture
      return node;
    };
    // Cards cut into named runs (Cribbage's hand and its starter, each partner's hand) stand apart.
    let start = 0;
    const groups = (hand.groups || []).map(([label, size]) => {
      const cards = hand.cards.slice(start, start + size).map(slot);
      start += size;
      return el("span", { class: "pt-count-group" }, [el("span", { class: "pc-row" }, cards),
        label ? el("span", { class: "pt-count-group-label", text: label }) : ""]);
    });
    this.cardsRow.replaceChildren(...groups, ...hand.cards.slice(start).map(slot));
    this.cardsRow.classList.toggle("pt-count-many", hand.cards.length > 12);  // a whole pile of captures
    // Two hands and what they share (East–West's row): one line on a desk, stacked on a phone.
    this.cardsRow.classList.toggle("pt-count-sides", groups.length > 2 && hand.cards.length <= 12);
  }

  go(at) {
    if (at < 0 || at >= this.steps.length) return;
    this.at = at;
    const step = this.steps[at];
    const hand = this.count[step.hand];
    this.drawHand(step.hand);
    const place = this.count.length > 1 ? ` (${step.hand + 1} of ${this.count.length})` : "";
    this.handTitle.textContent = `${hand.label}${place}`;
    const marked = new Set(step.cards);
    this.cardsRow.querySelectorAll("[data-card]").forEach((node) => {
      const on = marked.has(node.dataset.card);
      node.classList.toggle("pt-count-mark", on);
      node.classList.toggle("pt-count-dim", marked.size > 0 && !on);
    });
    // A hand where nothing scores says so in plain words; a step is what a player says, in quotes.
    if (step.nothing) this.said.replaceChildren(el("span", { class: "pt-count-nothing", text: step.words }));
    else this.said.replaceChildren(el("strong", { text: `“${step.words}”` }),
      ` ${step.points < 0 ? "−" : "+"}${plural(Math.abs(step.points), "point")}`
        // The running score in the engine's words where it is not this hand's own (each side's rows won).
        + (step.so_far ? ` — ${step.so_far}` : `: ${step.total} so far`),
      // The marked cards by name, for a reader who cannot see them lifted.
      step.line && step.line !== step.words ? el("span", { class: "pt-sr-only", text: `, ${step.line.slice(step.words.length).trim()}` }) : "");
    this.said.dataset.total = String(step.total);
    this.said.dataset.cards = step.cards.join(" ");
    // What has been said of this hand so far, the latest last.
    const said = this.steps.filter((s, i) => s.hand === step.hand && i <= at && !s.nothing);
    this.saidList.replaceChildren(...said.flatMap((s, i) => [i ? " · " : "",
      el("span", { class: i === said.length - 1 ? "pt-count-now" : "", text: s.line || s.words })]));
    this.progress.textContent = `step ${at + 1} of ${this.steps.length}`;
    this.back.disabled = at === 0;
    this.next.disabled = at === this.steps.length - 1;
    if (at === this.steps.length - 1) this.stop();
  }

  toggleRun() {
    if (this.timer) return this.stop();
    if (this.at === this.steps.length - 1) this.go(0);
    this.auto.textContent = "Stop counting";
    this.timer = setInterval(() => {
      if (!this.root.isConnected) return this.stop();
      this.go(this.at + 1);
    }, STEP_MS);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.auto.textContent = "Count it for me";
  }

  arrowKeys(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    this.stop();
    this.go(this.at + (event.key === "ArrowRight" ? 1 : -1));
    event.preventDefault();
  }
}
