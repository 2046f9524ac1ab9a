// The page script of the game pages: live tables, step-through examples and "count my hand" boxes.
//
// The engine (Python, in a Web Worker through Pyodide) does all the work: rules, bots, reasons
// and the HTML of the table (the same renderer as the static examples). The page only sends
// protocol messages, inserts the HTML it gets back and forwards clicks and keys. Without
// JavaScript the static examples stay as they are.
//
// An ES module; its parts, each a module of its own in assets/table/:
//   engine.js      the Web Worker and its protocol: every part reaches the engine through call()
//   bounds.js      bounds on what the page hands the engine (the engine's own numbers)
//   dom.js         el(), the drawing helper every part uses
//   view.js        drawing a live table's state, its messages, hints and pauses
//   rule-link.js   the paragraph of the page's rules a refusal comes from
//   picking.js     picking the parts of a move, and the composer of moves made of them
//   amount.js      a move that names an amount: the usual ones as buttons, a number box for any other
//   settings.js    the buttons and settings, and the choices kept per game
//   saves.js       the game saved in this browser, share and challenge links
//   live-table.js  what every live table shares: loading, where a game comes from, the controls
//   turn-table.js  a table with turns: the computer players move one at a time
//   race-table.js  a table without turns: everyone plays at once, on clocks
//   stepper.js     a worked example to step through
//   quiz.js        a worked example played as a quiz ("What would you play?"), started from its stepper
//   count-box.js   a "count my hand" box
//   walkthrough.js a hand's count stepped through in its summary, the cards of each step marked
//   board-keys.js  a board of spaces is one Tab stop; the arrow keys move within it

import { call, currentEngine, engine } from "./table/engine.js";
import { countBox } from "./table/count-box.js";
import { RaceTable } from "./table/race-table.js";
import { ExampleStepper } from "./table/stepper.js";
import { TurnTable } from "./table/turn-table.js";

function init() {
  document.querySelectorAll(".pt-live[data-game]").forEach((root) => {
    if (!root.parlourTable) root.parlourTable = root.dataset.realtime ? new RaceTable(root) : new TurnTable(root);
  });
  document.querySelectorAll(".pt-example[data-record]").forEach((root) => {
    if (!root.parlourReplay) root.parlourReplay = new ExampleStepper(root);
  });
  document.querySelectorAll(".pt-count-box[data-game]").forEach((root) => {
    if (root.parlourCount) return;
    root.parlourCount = true;
    countBox(root);
  });
}

// currentEngine: whether a part of the page has started the engine (assets/offline.js asks).
window.parlour = { call, engine, currentEngine };
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
