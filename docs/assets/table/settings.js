// A live table's settings: the buttons (New deal, Restart, Undo, Share), the computer players'
// pace and strength, hints, the hand order, and a panel with the rules for the next deal and the
// deal number. The choices a reader makes once for a game (pace, hints, hand order) are kept in
// this browser. The settings only gather choices; the table (``on``) decides what they do.

import { el } from "./dom.js";

// Milliseconds between computer players' moves at a table with turns. "wait": computer players at
// the normal pace, and a finished trick stays until the reader presses Continue.
export const SPEEDS = { slow: 900, normal: 350, fast: 0, wait: 350 };
const SPEED_LABELS = { wait: "wait for me after each trick" };
// The computer players' strength (the engine's web.STRENGTHS): random moves, the rule bot, the search bot.
export const STRENGTHS = { beginner: "Beginner", family: "Family", strong: "Strong" };

// The strengths a table's page offers (its data-strengths, from the engine's web.strengths_offered);
// a page without the attribute offers them all.
export function offeredStrengths(root) {
  const listed = (root.dataset.strengths || "").split(" ").filter((key) => Object.hasOwn(STRENGTHS, key));
  return listed.length ? listed : Object.keys(STRENGTHS);
}
const PACE_PREFIX = "parlour.pace.";
const SPEED_PREFIX = "parlour.speed.";
const HINTS_PREFIX = "parlour.hints.";
// The hand order chosen for a game is kept under its saved game's name, so older browsers' choice stays.
const sortKey = (game) => `parlour.save.${game}-sort`;

// A choice kept in the browser for one game (the pace, hints), or null.
function remembered(key, allowed) {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value) ? value : null;
  } catch (error) {
    return null;
  }
}

function remember(key, value) {
  try { localStorage.setItem(key, value); } catch (error) { /* simply not kept */ }
}

// An option's name as a label: "all_pass" -> "All pass" (its help text says what it does).
function optionLabel(name) {
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// An option's value from text (a form field or a link), or undefined if it is not one it allows.
export function optionValue(option, text) {
  if (option.choices) {
    const choice = option.choices.find((c) => String(c.value) === text);
    return choice ? choice.value : undefined;
  }
  const number = /^-?[0-9]{1,9}$/.test(text.trim()) ? Number(text) : NaN;
  const inRange = Number.isSafeInteger(number) && (option.minimum === null || number >= option.minimum)
    && (option.maximum === null || number <= option.maximum);
  return inRange ? number : undefined;
}

export class TableSettings {
  // ``table``: ``name`` (the stem of the fields' ids), ``game``, its declared ``options``, ``tricks``
  // (a game of tricks: its pace may wait after each trick), ``solo`` (a game for one: no computer
  // players to set), ``paces`` (a race's paces, or null: a table with turns has speeds instead) and
  // ``strengths`` (the keys of STRENGTHS the game offers: no Strong where it would not play better).
  // ``on``: ``control(action)`` for the buttons and the strength, ``hints(shown)``, ``sort(by)``.
  constructor({ name, game, options, tricks, solo, paces, strengths }, on) {
    this.name = name;
    this.game = game;
    this.form = el("form", { class: "pt-controls", "aria-label": "Game settings" });
    this.optionInputs = {};
    // The rules and the deal number sit in a panel the reader opens when they want it: each rule
    // with a plain name and its help text, so the table itself stays one screen high.
    this.panel = el("details", { class: "pt-settings" }, [
      el("summary", { text: solo || paces ? "Rules for the next deal, and the deal number" : "Who plays, the rules for the next deal, and the deal number" })]);
    this.addPeople(solo, paces, on);
    options.forEach((option) => this.addOption(option));
    this.seedInput = el("input", { id: `${name}-seed`, name: "seed", type: "number", min: "0", inputmode: "numeric",
      "aria-describedby": `${name}-seed-help` });
    this.panel.append(el("div", { class: "pt-setting" }, [
      el("label", { for: this.seedInput.id }, ["Deal number", this.seedInput]),
      el("small", { id: `${name}-seed-help`, class: "pt-help",
        text: "The same number deals the same cards: type one and press New deal to play a deal again." })]));
    this.strength = el("select", { id: `${name}-strength`, name: "strength" },
      Object.entries(STRENGTHS).filter(([key]) => strengths.includes(key))
        .map(([key, label]) => el("option", { value: key, text: label })));
    this.strength.value = "family";
    this.strength.addEventListener("change", () => on.control("strength"));
    const strengthLabel = el("label", { for: this.strength.id, hidden: solo }, ["Computer players", this.strength]);
    if (paces) {
      // After the strength (who plays), the pace says how quickly: a race is won by the quicker.
      // A first visit gets the gentlest (the engine lists them gentlest first).
      // It keeps the name "speed": the setting of how quickly the computer players play, as at any table.
      this.pace = el("select", { id: `${name}-pace`, name: "speed" },
        paces.map((pace) => el("option", { value: pace.id, text: pace.label })));
      this.pace.value = remembered(PACE_PREFIX + game, paces.map((pace) => pace.id)) || paces[0].id;
      this.pace.addEventListener("change", () => {
        remember(PACE_PREFIX + game, this.pace.value);
        on.control("pace");
      });
      this.form.append(strengthLabel, el("label", { for: this.pace.id }, ["How fast they play: ", this.pace]));
    } else {
      // Waiting after each trick is offered only where there are tricks.
      const speeds = Object.keys(SPEEDS).filter((key) => key !== "wait" || tricks);
      this.speed = el("select", { id: `${name}-speed`, name: "speed" },
        speeds.map((key) => el("option", { value: key, text: SPEED_LABELS[key] || key })));
      this.speed.value = remembered(SPEED_PREFIX + game, speeds) || "normal";
      this.speed.addEventListener("change", () => remember(SPEED_PREFIX + game, this.speed.value));
      // A game for one has no computer players: neither their pace nor their strength is offered.
      this.form.append(el("label", { for: this.speed.id, hidden: solo }, ["Computer players' pace", this.speed]), strengthLabel);
    }
    // Hints (off until the reader asks): at each turn, what a Family player would do and why. A
    // race whose game has its own hint (Twenty-Four's "Show me a solution") shows no toggle: a hint
    // always on would give every answer away; the others' hints follow the race.
    this.hints = el("input", { type: "checkbox", id: `${name}-hints`, name: "hints" });
    this.hints.checked = remembered(HINTS_PREFIX + game, ["on", "off"]) === "on";
    this.hintsLabel = el("label", { for: this.hints.id, class: "pt-check", hidden: Boolean(paces) }, [this.hints, " Show hints"]);
    this.hints.addEventListener("change", () => {
      remember(HINTS_PREFIX + game, this.hints.checked ? "on" : "off");
      on.hints(this.hints.checked);
    });
    // Games that offer a choice of hand order (rummies) show it; the engine sorts the hand.
    this.sortSelect = el("select", { id: `${name}-sort`, name: "sort" });
    this.sortLabel = el("label", { for: this.sortSelect.id, hidden: true }, ["Sort my hand", this.sortSelect]);
    this.sortSelect.addEventListener("change", () => {
      try { localStorage.setItem(sortKey(game), this.sortSelect.value); } catch (error) { /* not saved */ }
      on.sort(this.sortSelect.value);
    });
    this.form.append(this.hintsLabel, this.sortLabel);
    const button = (text, action) => {
      const node = el("button", { type: "button", class: "pt-control", "data-control": action }, [text]);
      node.addEventListener("click", () => on.control(action));
      return node;
    };
    this.buttons = {
      deal: button("New deal", "deal"),
      restart: button("Restart", "restart"),
      undo: button("Undo", "undo"),
      share: button("Share this deal", "share"),
    };
    this.form.prepend(el("div", { class: "pt-control-row" }, Object.values(this.buttons)));
    this.form.append(this.panel);
    this.form.addEventListener("submit", (event) => { event.preventDefault(); on.control("deal"); });
  }

  // Who plays: a box per seat, ticked for a person; the computer plays the rest. Drawn once the
  // first state names the seats. Several people pass the device between turns. A race (no turns)
  // or a patience cannot be shared: the panel says why instead.
  addPeople(solo, paces, on) {
    this.people = [0];
    this.peopleBoxes = [];
    if (solo) return;
    const id = `${this.name}-people`;
    if (paces) {
      this.panel.append(el("div", { class: "pt-setting" }, [el("small", { class: "pt-help", id,
        text: "Everyone plays at once in this game, so each person needs a screen of their own: here one person "
          + "plays against the computer players." })]));
      return;
    }
    this.peopleSet = el("fieldset", { class: "pt-people", "aria-describedby": `${id}-help` }, [
      el("legend", { text: "Who plays" })]);
    const help = "Tick each seat a person plays; the computer plays the others. With two or more people, the table "
      + "hides every hand while the device is passed to the next one. Takes effect at once.";
    this.peopleHelp = el("small", { id: `${id}-help`, class: "pt-help", text: help });
    this.panel.append(el("div", { class: "pt-setting" }, [this.peopleSet, this.peopleHelp]));
    this.onPeople = () => {
      const ticked = this.peopleBoxes.filter((box) => box.checked).map((box) => Number(box.value));
      if (!ticked.length) {
        // Someone must play: the box just cleared is ticked again, with the reason.
        this.peopleBoxes.forEach((box) => { box.checked = this.people.includes(Number(box.value)); });
        this.peopleHelp.textContent = `At least one seat must be a person's. ${help}`;
        return;
      }
      this.peopleHelp.textContent = help;
      this.people = ticked;
      on.control("people");
    };
  }

  // The seats' boxes, once the seats' names are known (and again if another game has other seats).
  showPeople(names, people) {
    if (!this.peopleSet || !names) return;
    if (this.peopleBoxes.length !== names.length) {
      this.peopleBoxes = names.map((name, seat) => el("input", { type: "checkbox", name: "people", value: String(seat),
        id: `${this.name}-person-${seat}` }));
      this.peopleBoxes.forEach((box) => box.addEventListener("change", this.onPeople));
      this.peopleSet.replaceChildren(this.peopleSet.firstChild, ...names.map((name, seat) => el("label",
        { for: `${this.name}-person-${seat}`, class: "pt-check" }, [this.peopleBoxes[seat], ` ${name}`])));
    }
    this.people = people && people.length ? people.slice() : [0];
    this.peopleBoxes.forEach((box) => { box.checked = this.people.includes(Number(box.value)); });
  }

  addOption(option) {
    const id = `${this.name}-${option.name}`;
    const help = `${id}-help`;
    const input = option.choices
      ? el("select", { id, name: option.name, "aria-describedby": help },
        option.choices.map((choice) => el("option", { value: String(choice.value), text: choice.label })))
      : el("input", { id, name: option.name, type: "number", min: option.minimum, max: option.maximum, "aria-describedby": help });
    input.value = String(option.default);
    this.optionInputs[option.name] = { input, option };
    this.panel.append(el("div", { class: "pt-setting" }, [
      el("label", { for: id }, [optionLabel(option.name), input]),
      el("small", { id: help, class: "pt-help", text: option.help || "" })]));
  }

  // The game's option of this name (from a link), or null.
  option(name) {
    return Object.hasOwn(this.optionInputs, name) ? this.optionInputs[name].option : null;
  }

  // The options set in the panel that differ from the game's defaults.
  readOptions() {
    const options = {};
    Object.values(this.optionInputs).forEach(({ input, option }) => {
      // A number out of range still goes to the engine, which says what the option allows.
      const value = option.choices ? optionValue(option, input.value) : Number(input.value);
      if (value !== option.default) options[option.name] = value;
    });
    return options;
  }

  // How the computer players play and the hand order chosen for this game (every new, restore and
  // share sends it), with a race's pace.
  seating() {
    const seating = { strength: this.strength.value, ...this.sortField() };
    if (this.people.length > 1) seating.people = this.people.slice();
    return this.pace ? { ...seating, pace: this.pace.value } : seating;
  }

  // The hand order chosen for this game, kept across deals (only for games that offer a choice).
  sortField() {
    let by = "";
    try { by = localStorage.getItem(sortKey(this.game)) || ""; } catch (error) { by = ""; }
    return by ? { sort: by } : {};
  }

  // Whether this table offers ``strength`` (a key of STRENGTHS).
  offers(strength) {
    return [...this.strength.options].some((option) => option.value === strength);
  }

  // The settings of the state drawn: its deal number, strength, options and hand orders.
  show(reply) {
    this.seedInput.value = String(reply.seed);
    if (this.offers(reply.strength)) this.strength.value = reply.strength;
    Object.values(this.optionInputs).forEach(({ input, option }) => {
      if (option.name in reply.options) input.value = String(reply.options[option.name]);
    });
    const sorts = reply.sorts || [];
    this.sortLabel.hidden = sorts.length < 2;
    if (sorts.length > 1 && this.sortSelect.options.length !== sorts.length) {
      this.sortSelect.replaceChildren(...sorts.map((by) => el("option", { value: by, text: `by ${by}` })));
    }
    if (sorts.length > 1) this.sortSelect.value = reply.sort || sorts[0];
    this.showPeople(reply.names, reply.people);
  }
}
