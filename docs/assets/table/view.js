// Drawing a live table: what the reader sees of a state, and nothing of how play goes on.
//
// The engine sends each state with its table already drawn (``table_html``, the same renderer as
// the static examples), the score sheet and the story; the view puts them in place around the
// settings, keeps what the reader had open or focused, and holds the boxes the table speaks
// through: the prompt, the answer to a move (with the rule it comes from), the computer players'
// reasons, hints and the pause where the table waits for the reader's Continue.

import { boardArrow, markBoardStop } from "./board-keys.js";
import { el } from "./dom.js";
import { ruleLink } from "./rule-link.js";
import { walkthroughNodes } from "./walkthrough.js";

// A hand's summary: its heading, the count to step through (if the game walks through one), then a
// line each (who took what, why the score moved, the totals).
export function summaryNodes(summary) {
  return [el("section", { class: "pt-hand-summary", "aria-label": summary.title }, [
    el("h4", { text: summary.title }),
    ...walkthroughNodes(summary),
    el("ul", {}, summary.lines.map((line) => el("li", { text: line })))])];
}

export class TableView {
  constructor(root) {
    this.root = root;
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
    this.pauseBox = el("div", { class: "pt-pause" }, [this.pauseText, this.continueButton]);
    // The last hand's summary, to read again once play has gone on.
    this.lastHand = el("details", { class: "pt-last-hand", hidden: true });
    this.scoreBox = el("div", { class: "pt-live-score" });
    this.logList = el("ol", { class: "pt-log pt-live-log", tabindex: "0" });
    this.logBox = el("details", { class: "pt-story" }, [el("summary", { text: "What has happened so far" }), this.logList]);
    this.lastLog = 0;
    this.announcer = el("p", { class: "pt-sr-only", "aria-live": "polite" });
    this.backLink = el("p", { class: "pt-back" }, [el("a", { href: "#", text: "Back to the rules" })]);
    // The table takes the keyboard focus back after a move only while the reader is playing there
    // (its Continue button is part of the table).
    const atTable = (node) => this.tableBox.contains(node) || this.pauseBox.contains(node);
    this.tableBox.addEventListener("focusin", () => { this.playingHere = true; });
    this.pauseBox.addEventListener("focusin", () => { this.playingHere = true; });
    root.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !atTable(event.relatedTarget)) this.playingHere = false;
    });
    this.tableBox.addEventListener("keydown", (event) => this.arrowKeys(event));
  }

  // The view's parts in reading order, with the table's ``controls`` (settings, share links) in
  // their place. What a player needs while playing comes first: whose turn and what to do, the
  // table, then the answer to a move (a refusal sits right under the hand); the buttons and
  // settings follow. Whose turn, the score and the way back to the rules share one line (two on a
  // phone): every line above the table is a line of the table pushed off a small screen.
  parts(controls) {
    return [el("div", { class: "pt-live-head" }, [this.prompt, this.scoreLine, this.backLink]),
      this.hintBox, this.tableBox, this.pauseBox, this.message, this.whyBox, ...controls, this.scoreBox,
      this.lastHand, this.logBox, this.announcer];
  }

  say(text, isError) {
    this.message.textContent = text || "";
    this.message.classList.toggle("pt-error", Boolean(isError));
    delete this.message.dataset.refusal;
  }

  // A refusal answers one pick: once the pick changes or is cleared, it goes.
  clearRefusal() {
    if (this.message.dataset.refusal) this.say("");
  }

  // Everything said about a position (the computer players' reasons, a hint, a refusal) goes when
  // another position is shown in its place: after Undo, New deal or Restart.
  forgetPosition() {
    this.pauseText.replaceChildren();  // a finished game's last summary, say
    this.whyBox.replaceChildren();
    this.hintBox.replaceChildren();
    this.unmarkHint();
    this.clearRefusal();
  }

  // A move the rules forbid: the reason under the hand, in view, with a link to the rule it comes
  // from on this page.
  refuse(reason) {
    this.say(`You can't play that: ${reason}`, true);
    this.message.dataset.refusal = "true";
    const link = ruleLink(reason, this.root);
    if (link) this.message.append(" ", link);
    this.message.scrollIntoView({ block: "nearest" });
  }

  // Show an engine's error reply: a plain reason as it is (after ``lead``, if given); an internal
  // error (whose message is engine.js's SOMETHING_WENT_WRONG) with a way on — reloading the table,
  // which reopens the save.
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

  // The device goes to another person: the table shows no card of anyone's, only who is next and
  // the button they tap once they hold it. Last turn's reasons, hints and story go with it.
  showPass(person, taken) {
    this.whyBox.replaceChildren();
    this.hintBox.textContent = "";
    this.clearStory();
    const button = el("button", { type: "button", class: "pt-control pt-take", "data-control": "take" },
      [`I'm ${person.name}: show my cards`]);
    button.addEventListener("click", taken);
    this.tableBox.replaceChildren(el("section", { class: "pt-pass", "aria-label": `Pass the device to ${person.name}` }, [
      el("h4", { text: `Pass the device to ${person.name}` }),
      el("p", { text: `Everyone else, look away. ${person.name}, tap when you are ready: your cards will show.` }),
      button]));
    if (this.playingHere || document.activeElement === document.body) button.focus({ preventScroll: true });
  }

  // A hint's words, and its move marked on the table (if it is there).
  showHint(text, action) {
    this.hintBox.textContent = text;
    const mark = action && this.tableBox.querySelector(`[data-action="${CSS.escape(action)}"]`);
    if (mark) mark.classList.add("pt-hinted");
  }

  unmarkHint() {
    this.tableBox.querySelectorAll(".pt-hinted").forEach((node) => node.classList.remove("pt-hinted"));
  }

  // The move (data-action) of the table's item that has the focus, to give it back once redrawn.
  focusedAction() {
    return document.activeElement && this.tableBox.contains(document.activeElement)
      ? document.activeElement.dataset.action : null;
  }

  refocus(action) {
    if (!action) return;
    const again = this.tableBox.querySelector(`[data-action="${CSS.escape(action)}"]`);
    if (again) again.focus();
  }

  // Draw a state: the table (or ``endedTable``, the last hand as it ended, while its summary is
  // read), the score sheet and its line, the last hand, the prompt and the story.
  draw(reply, endedTable) {
    // Panels the reader opened (a row's hands) stay open when the table is drawn again.
    const open = new Set(Array.from(this.tableBox.querySelectorAll("details[data-keep][open]"), (node) => node.dataset.keep));
    this.tableBox.innerHTML = endedTable || reply.table_html;
    this.tableBox.classList.toggle("pt-ended-hand", Boolean(endedTable));
    this.tableBox.querySelectorAll("details[data-keep]").forEach((node) => { if (open.has(node.dataset.keep)) node.open = true; });
    markBoardStop(this.tableBox);
    this.scoreBox.innerHTML = reply.score_html;
    this.showLastHand(reply.hand_summary);
    this.scoreLine.textContent = reply.score_line || "";
    this.scoreLine.hidden = !reply.score_line;
    this.prompt.textContent = reply.over ? reply.outcome.text : reply.prompt;
    this.prompt.classList.toggle("pt-outcome", reply.over);
    this.tellStory(reply.log);
  }

  // The story's new lines (all of it again when it is shorter than what is shown: another game).
  tellStory(log) {
    const fresh = log.slice(this.lastLog > log.length ? 0 : this.lastLog);
    if (this.lastLog > log.length) this.logList.innerHTML = "";
    fresh.forEach((line) => this.logList.append(el("li", { class: "pt-ev", text: line })));
    this.lastLog = log.length;
    this.logList.scrollTop = this.logList.scrollHeight;
    if (fresh.length) this.announcer.textContent = fresh.slice(-3).join(" ");
  }

  // A new game's story starts empty.
  clearStory() {
    this.lastLog = 0;
    this.logList.innerHTML = "";
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

  // A finished trick, to look at before Continue.
  trickDoneNodes() {
    const note = this.tableBox.querySelector(".pt-trick-note");
    return [el("p", { text: `${note ? `${note.textContent} ` : ""}Look at the cards, then press Continue for the next trick.` })];
  }

  // The table stops: ``nodes`` in the pause box with Continue (focused, for a reader at the table).
  // ``between``: the prompt while a hand's summary is read. The table shows the hand as it ended
  // (``endedShown``); a next deal already drawn (a summary sent without its table) is dimmed and out
  // of reach until then, so the summary is not read against cards it is not about.
  showPause(nodes, between, endedShown) {
    this.pauseText.replaceChildren(...nodes);
    this.promptBefore = this.prompt.textContent;
    if (between) {
      this.prompt.textContent = between;
      if (!endedShown) this.tableBox.classList.add("pt-between-hands");
    }
    this.tableBox.inert = true;  // nothing to play until Continue
    this.continueButton.hidden = false;
  }

  // A state drawn while the table is paused: the pause's prompt stays, the state's comes after it.
  keepPausePrompt(between) {
    this.promptBefore = this.prompt.textContent;
    this.prompt.textContent = between;
  }

  // Once the reader's Continue button is shown: it takes the focus from a reader at the table.
  offerContinue() {
    if (this.playingHere || document.activeElement === document.body) this.continueButton.focus({ preventScroll: true });
    this.pauseBox.scrollIntoView({ block: "nearest" });
  }

  hidePause() {
    this.continueButton.hidden = true;
    this.pauseText.replaceChildren();
    this.tableBox.inert = false;
    this.tableBox.classList.remove("pt-between-hands");
    this.prompt.textContent = this.promptBefore;
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

  // Left/right arrows move between the cards and buttons of the table (a board counts once: its
  // own arrows move within it).
  arrowKeys(event) {
    if (boardArrow(event, this.tableBox)) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const items = Array.from(this.tableBox.querySelectorAll("[data-action], [data-part]"))
      .filter((node) => !node.matches(".pt-board .pt-space") || node.tabIndex === 0);
    const index = items.indexOf(document.activeElement);
    if (index < 0) return;
    const next = items[(index + (event.key === "ArrowRight" ? 1 : -1) + items.length) % items.length];
    next.focus();
    event.preventDefault();
  }
}
