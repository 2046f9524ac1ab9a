// A table with turns: the reader moves in turn, and the computer players move one at a time in
// between, at the pace the reader chose. A finished trick stays in view before the next lead, and a
// hand's end stops the table on its summary until the reader presses Continue.

import { call } from "./engine.js";
import { HAND_OVER, LiveTable, endedHand, reopenedBefore, tableState } from "./live-table.js";
import { SPEEDS } from "./settings.js";
import { summaryNodes } from "./view.js";

// How many computer moves' time a finished trick stays on the table before the next lead.
const TRICK_LINGER = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class TurnTable extends LiveTable {
  // Draw a state; then, if computer players are to move, let them play one move at a time.
  // ``afterMove``: the state follows a move (the reader's), so a hand it ended is summed up.
  // While the table waits for the reader's Continue, New deal, Restart or Undo may start another
  // show: the one waiting then stops (``run`` is no longer the latest) and leaves the table alone.
  async show(reply, runBots, afterMove) {
    if (!runBots) return this.render(reply);
    this.goOn();
    this.endedTable = null;  // another show took over from a hand's end being read
    const run = ++this.runs;
    this.setBusy(true);
    this.view.pauseText.replaceChildren();  // what the table stopped for last time (a game's last hand)
    const speed = this.settings.speed;
    try {
      let before = afterMove ? this.shownStep : reopenedBefore(reply);
      await this.showState(reply, before, run);
      // Computer players move until a person's turn (the reader's, or another's: the device is passed).
      while (run === this.runs && !reply.over && !reply.human_turn && !reply.stalled && !reply.pass_to) {
        const pause = SPEEDS[speed.value] ?? 350;
        // A finished trick stays in view, its taker marked, before the next card is led: a while,
        // or until the reader says so.
        if (reply.trick_done && speed.value === "wait") await this.waitForReader(this.view.trickDoneNodes());
        else await sleep(reply.trick_done ? pause * TRICK_LINGER : pause);
        if (run !== this.runs) break;
        before = this.shownStep;
        // At full speed the computer players' moves come in one message; otherwise one at a time.
        const next = await call(pause ? "bot" : "bots", { table: this.name });
        if (run !== this.runs) break;  // another position took over while the move was on its way
        if (next.type !== "state") {
          this.sayError(next, "A computer player could not move: ");
          break;
        }
        reply = next;
        this.view.addWhys(reply.why || []);
        await this.showState(reply, before, run);
      }
    } finally {
      if (run === this.runs) {
        this.setBusy(false);
        this.root.dataset.state = tableState(reply);
      }
    }
    if (run !== this.runs) return;
    if (reply.human_turn && this.settings.hints.checked) this.showHint();
    this.view.focusHand();
  }

  // Draw a state that came after step ``before``. If a hand ended in between, the table stays as
  // that hand left it, under its summary, and the next deal is drawn only on Continue.
  async showState(reply, before, run) {
    const ended = endedHand(reply, before);
    if (!ended) {
      await this.render(reply);
      return this.handEnded(reply, before);
    }
    this.endedTable = ended.table_html;
    await this.render(reply);
    await this.waitForReader(summaryNodes(ended), HAND_OVER, true);
    if (run !== this.runs) return null;
    this.endedTable = null;
    await this.render(reply);  // Continue: the next deal
    return null;
  }

  // A hand ended since step ``before`` (the last one drawn) and the table shows what came after:
  // its summary is shown and, unless the game is over, play waits for the reader's Continue.
  handEnded(reply, before) {
    const summary = reply.hand_summary;
    if (!summary || before === undefined || summary.step <= before) return Promise.resolve();
    if (reply.over) {
      this.view.pauseText.replaceChildren(...summaryNodes(summary));
      return Promise.resolve();
    }
    return this.waitForReader(summaryNodes(summary), HAND_OVER);
  }

  // The reader's move; one the rules forbid (``legal`` false) is only asked about.
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
    this.view.whyBox.replaceChildren();
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

  // A part picked (or put back). On a placing game's table a pick on the board that leaves one move
  // only makes that move at once: a card, then a space.
  pick(node) {
    if (this.busy) return;
    const picked = this.picker.toggle(node.dataset.part);
    if (picked && this.picker.placing() && node.closest(".pt-middle")) {
      const candidates = this.picker.candidates();
      if (candidates.length === 1) {
        this.choose(candidates[0].action, true);
        return;
      }
      // A space the card cannot go to: the engine says why not, and the pick starts again.
      const tried = candidates.length ? null : this.picker.spelledLike();
      if (tried) {
        this.picker.selection = [];
        this.picker.show();
        this.choose(tried, false);
        return;
      }
    }
    this.picker.show();
  }
}
