// Picking the parts of a move: a capture, a build, two cards to the crib, a card and a space.
//
// The reader picks cards and table items; the parts that can still complete a move light up, and
// the moves whose parts are exactly what is picked appear as buttons in the table's composer.
// Trying a verb on a pick no move matches asks the engine why not. What a pick leads to — a move
// made at once on a placing table, say — is the table's to decide (its ``pick``); this keeps the
// pick, draws the composer and offers the other ways of picking (double-click, drag).
//
// Where a pick could either go on with the turn or end it (a rummy card: add it to a meld, or discard
// it), the move that goes on is the solid button a tap lands on first; the one that ends the turn
// comes after it, dashed (the engine marks such verbs ``ends_turn``).

import { markBoardStop } from "./board-keys.js";
import { el } from "./dom.js";

export class Picker {
  // ``tableBox``: where the engine draws the table; ``choose(action, legal)``: make (or ask about) a move;
  // ``changed()``: the pick changed (an answer about the last pick no longer applies).
  constructor(tableBox, choose, changed = () => {}) {
    this.tableBox = tableBox;
    this.choose = choose;
    this.changed = changed;
    this.selection = [];
    this.legal = [];
    this.compose = [];
    // Parts to keep picked when the next state is drawn (see carryAfter).
    this.carry = [];
  }

  // A new state's moves; the parts carried over stay picked where they can still be used.
  offer(reply) {
    this.legal = reply.legal || [];
    this.compose = reply.compose || [];
    // Everything drawn as pickable counts, not only the parts of legal moves: a card no move uses can be
    // picked too, so that trying a verb on it gets the rule's reason.
    const pickable = new Set(this.legal.flatMap((move) => move.parts));
    this.tableBox.querySelectorAll("[data-part]").forEach((node) => pickable.add(node.dataset.part));
    this.selection = reply.human_turn ? (this.carry || []).filter((part) => pickable.has(part)) : [];
    this.carry = [];
    this.show();
  }

  // After a move made of picked parts, the parts it did not use stay picked (lay a meld, then add to it).
  carryAfter(action) {
    const move = this.legal.find((m) => m.action === action);
    this.carry = move && move.parts.length ? this.selection.filter((p) => !move.parts.includes(p)) : [];
  }

  // Pick ``part``, or put it back if it was picked; true when it is newly picked.
  toggle(part) {
    const at = this.selection.indexOf(part);
    if (at >= 0) this.selection.splice(at, 1);
    else this.selection.push(part);
    this.changed();
    return at < 0;
  }

  // The legal moves that use every part picked so far (or every one of ``parts``).
  candidates(parts = this.selection) {
    return this.legal.filter((move) => move.parts.length && parts.every((part) => move.parts.includes(part)));
  }

  // The legal moves made of exactly the parts picked.
  exact() {
    return this.legal.filter((move) => move.parts.length === this.selection.length
      && this.selection.every((p) => move.parts.includes(p)));
  }

  // A pick no listed move matches, spelled as a listed move made of as many parts, each taken from the
  // same place (the hand, or the table), with the picked parts in theirs: on a placing table, a card
  // and a space it cannot claim becomes "7H:c23", which the engine answers with the rule's reason.
  // Only a listed move written with nothing but its parts is a model; where the listed moves name more
  // than what is picked (Tuck's name the peg that moves), a card and a place are written card:place,
  // which the engine reads as "that card, to that place". A place picked alone, when every listed move
  // plays the same card from the hand (East–West's drawn card), is that card and the place.
  // Null when the pick has no such shape.
  spelledLike() {
    const inHand = (part) => Boolean(this.tableBox.querySelector(`.pc-hand [data-part="${CSS.escape(part)}"]`));
    const held = [...new Set(this.legal.flatMap((move) => move.parts.filter(inHand)))];
    const pick = this.selection.length === 1 && !inHand(this.selection[0]) && held.length === 1
      ? [held[0], this.selection[0]] : this.selection;
    const tokens = (action) => action.split(/([:+>,~])/);
    const separator = (token) => /^[:+>,~]?$/.test(token);
    const model = this.legal.find((move) => move.parts.length === pick.length
      && move.parts.every((part, at) => inHand(part) === inHand(pick[at]))
      && tokens(move.action).every((token) => separator(token) || move.parts.includes(token)));
    if (model) {
      const swap = new Map(model.parts.map((part, at) => [part, pick[at]]));
      return tokens(model.action).map((token) => swap.get(token) ?? token).join("");
    }
    if (pick.length === 2 && inHand(pick[0]) && !inHand(pick[1])) return `${pick[0]}:${pick[1]}`;
    return null;
  }

  // A placing game's table (its composer marked data-play-on-pick): a card, then where it goes.
  placing() {
    const box = this.tableBox.querySelector(".pt-composer");
    return Boolean(box && box.dataset.playOnPick === "true");
  }

  // Whether ``move`` ends the reader's turn (its verb is marked so: a discard).
  endsTurn(move) {
    const verb = move.action.split(":")[0];
    return this.compose.some((v) => v.verb === verb && v.ends_turn);
  }

  // The moves a pick offers, as buttons: ``solid`` (the exact matches; the first a tap meets),
  // ``extra`` (dashed suggestions) and ``ending`` (moves that end the turn, dashed and last). A move
  // that ends the turn is solid only when nothing else is offered; when the exact match ends the turn
  // and a suggestion goes on with it (a rummy card: discard it, or add it to a meld), the suggestion
  // is the solid one.
  arrange(matches, related) {
    const goesOn = (move) => !this.endsTurn(move);
    let solid = matches.filter(goesOn);
    let others = related.filter(goesOn);
    // Only a pick whose exact move would end the turn has its nearest other move promoted; a pick that
    // makes no move at all keeps every suggestion dashed.
    if (!solid.length && matches.length && others.length) {
      solid = [others[0]];
      others = others.slice(1);
    }
    const ending = matches.concat(related).filter((move) => !goesOn(move));
    if (!solid.length && !others.length) {
      // Nothing but moves that end the turn: they are what the pick offers, as before.
      return { solid: ending.filter((move) => matches.includes(move)), extra: ending.filter((move) => !matches.includes(move)), ending: [] };
    }
    return { solid, extra: others, ending };
  }

  // Draw what is picked: parts marked, the ones that can still complete a move lit up, and in the
  // composer the moves they make, suggestions and verbs to try.
  show() {
    const box = this.tableBox.querySelector(".pt-composer");
    if (!box) return;
    const reachable = new Set(this.candidates().flatMap((move) => move.parts));
    // A part no listed move uses (a full row, say) can be picked, to hear why not, but is not drawn as a
    // place to go.
    const used = new Set(this.legal.flatMap((move) => move.parts));
    let lit = 0;
    this.tableBox.querySelectorAll("[data-part]").forEach((node) => {
      const picked = this.selection.includes(node.dataset.part);
      node.classList.toggle("pc-idle", !used.has(node.dataset.part));
      const open = this.selection.length > 0 && !picked && reachable.has(node.dataset.part);
      node.setAttribute("aria-pressed", String(picked));
      node.classList.toggle("pc-reachable", open);
      node.classList.toggle("pc-unreachable", this.selection.length > 0 && !picked && !open);
      if (open) lit += 1;
    });
    markBoardStop(this.tableBox);
    const picked = [...this.selection].sort().join("+");
    const matches = this.legal.filter((move) => move.parts.length && [...move.parts].sort().join("+") === picked);
    const moveButton = (move, extra) => el("button", {
      type: "button", class: `pt-action${extra || ""}${this.endsTurn(move) ? " pt-ends-turn" : ""}`,
      "data-action": move.action, "data-legal": "true", text: move.label,
    });
    const placing = box.dataset.playOnPick === "true";
    // Suggestions: moves that use what is picked and more (where a card can go), or part of it. A
    // placing table lights up where the card can go instead, and makes the move on the second pick.
    const chosen = new Set(this.selection);
    const related = !this.selection.length || placing ? [] : this.legal.filter((move) => move.parts.length
      && !matches.includes(move)
      && (this.selection.every((p) => move.parts.includes(p)) || move.parts.every((p) => chosen.has(p))));
    // The nearest first: a move that adds one part to the pick (this card onto that meld) before one
    // that needs more cards from the hand.
    const nearest = related.map((move, at) => ({ move, at }))
      .sort((a, b) => a.move.parts.length - b.move.parts.length || a.at - b.at).map(({ move }) => move);
    const { solid, extra, ending } = this.arrange(matches, nearest.slice(0, 8));
    const buttons = solid.map((move) => moveButton(move));
    const suggestions = extra.map((move) => moveButton(move, " pt-suggestion"));
    const endings = ending.map((move) => moveButton(move, " pt-suggestion"));
    const tries = [];
    // On a placing table a second pick no listed move matches is tried at once (see RaceTable.pick).
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
    if (endings.length) children.push(el("span", { class: "pt-suggest-label", text: "Or end your turn:" }), ...endings);
    if (tries.length) children.push(el("span", { class: "pt-suggest-label", text: "Or try:" }), ...tries);
    if (this.selection.length) {
      const clear = el("button", { type: "button", class: "pt-control", text: "Clear" });
      clear.addEventListener("click", (event) => {
        event.stopPropagation();
        this.selection = [];
        this.changed();
        this.show();
      });
      children.push(clear);
    }
    box.replaceChildren(...children);
  }

  // Two more ways to pick, for a table where speed counts: a double-click sends a card on its first
  // listed move (the engine lists the foundations first), and a card dragged onto another part is
  // the same as picking the one, then the other (``pick(node)``).
  pickByDoubleClickAndDrag(pick) {
    this.tableBox.addEventListener("dblclick", (event) => {
      const part = event.target.closest("[data-part]");
      if (part && this.tableBox.contains(part)) this.quickMove(part.dataset.part);
    });
    this.tableBox.addEventListener("dragstart", (event) => {
      const part = event.target.closest && event.target.closest("[data-part]");
      if (!part) return;
      this.selection = [part.dataset.part];
      event.dataTransfer.setData("text/plain", part.dataset.part);
      event.dataTransfer.effectAllowed = "move";
      this.show();
    });
    this.tableBox.addEventListener("dragover", (event) => {
      const target = event.target.closest && event.target.closest("[data-part]");
      if (target && this.selection.length === 1 && target.dataset.part !== this.selection[0]) event.preventDefault();
    });
    this.tableBox.addEventListener("drop", (event) => {
      const target = event.target.closest && event.target.closest("[data-part]");
      if (!target || this.selection.length !== 1) return;
      event.preventDefault();
      pick(target);
    });
  }

  quickMove(part) {
    const moves = this.candidates([part]);
    if (moves.length) {
      this.selection = [];
      this.choose(moves[0].action, true);
    }
  }

  // After the table is drawn again: every part on it can be dragged.
  makeDraggable() {
    this.tableBox.querySelectorAll("[data-part]").forEach((node) => { node.draggable = true; });
  }
}
