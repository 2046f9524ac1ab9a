// The game finder: filters and sorting for the list of games that docs/macros.py game_finder()
// writes (a plain list that works without this script). Each game carries its facts in data-*
// attributes; the choices are kept in the address (?players=2&age=7), so a filtered list can be
// shared or bookmarked.
(function () {
  "use strict";

  const numbers = (text) => (text || "").split(" ").filter(Boolean).map(Number);
  const words = (text) => (text || "").split(" ").filter(Boolean);

  // Does a game (its data-* facts) fit one filter's chosen value?
  const FITS = {
    players: (game, value) => numbers(game.players).includes(Number(value)),
    age: (game, value) => Number(game.age) <= Number(value),
    time: (game, value) => numbers(game.minutes)[0] <= Number(value),
    kind: (game, value) => words(game.kinds).includes(value),
    deck: (game, value) => game.deck === value,
    skill: (game, value) => {
      const levels = numbers(game.skill);
      return Math.min(...levels) <= Number(value) && Number(value) <= Math.max(...levels);
    },
  };

  const TIME_WORDS = { 15: "your quarter hour", 30: "your half hour", 60: "your hour", 120: "your two hours" };
  const span = (game) => {
    const [shortest, longest] = numbers(game.minutes);
    return longest > shortest ? `${shortest}–${longest} min` : `${shortest} min`;
  };

  // Why a game is listed for the chosen time, and whether it may run past it.
  function timeFit(game, asked) {
    if (!asked) return { rank: 0, why: "" };
    const longest = Math.max(...numbers(game.minutes));
    return longest <= Number(asked)
      ? { rank: 0, why: `${span(game)}: fits ${TIME_WORDS[asked] || "your time"}` }
      : { rank: 1, why: `${span(game)}: may run long` };
  }

  // Sort keys: a number, then the name to break ties. "Best fit" puts the games that surely fit
  // the chosen time before those that may run long, then the ones needing least skill; with
  // nothing chosen every game fits alike and the list stays in name order.
  const KEYS = {
    fit: (game, values) => (Object.keys(values).length === 0 ? 0
      : timeFit(game, values.time).rank * 10 + Math.min(...numbers(game.skill))),
    name: () => 0,
    players: (game) => Math.min(...numbers(game.players)),
    age: (game) => Number(game.age),
    time: (game) => numbers(game.minutes)[0],
    skill: (game) => Math.min(...numbers(game.skill)),
  };

  function setUp(finder) {
    const form = finder.querySelector(".pt-finder-form");
    const list = finder.querySelector(".pt-finder-list");
    const count = finder.querySelector(".pt-finder-count");
    const games = Array.from(list.children);
    const filters = Array.from(form.querySelectorAll("[data-filter]"));
    const sort = form.querySelector("[data-sort]");

    function update(remember) {
      const chosen = filters.filter((select) => select.value !== "");
      const values = Object.fromEntries(chosen.map((select) => [select.name, select.value]));
      let shown = 0;
      games.forEach((item) => {
        const fits = chosen.every((select) => FITS[select.name](item.dataset, select.value));
        item.hidden = !fits;
        if (fits) shown += 1;
        const why = item.querySelector(".pt-game-why");
        const { why: text, rank } = timeFit(item.dataset, values.time);
        why.textContent = fits ? text : "";
        why.hidden = !fits || !text;
        why.classList.toggle("pt-game-why--long", rank > 0);
      });
      const key = KEYS[sort.value] || KEYS.fit;
      const order = (game) => key(game, values);
      games.slice()
        .sort((a, b) => order(a.dataset) - order(b.dataset) || a.dataset.name.localeCompare(b.dataset.name))
        .forEach((item) => list.append(item));
      count.textContent = shown === games.length ? `${games.length} games`
        : shown === 0 ? `No game fits all of these choices (of ${games.length}); try fewer.`
          : `${shown} of ${games.length} games fit`;
      if (remember) {
        const query = new URLSearchParams();
        chosen.forEach((select) => query.set(select.name, select.value));
        if (sort.value !== "fit") query.set("sort", sort.value);
        const search = query.toString();
        history.replaceState(null, "", location.pathname + (search ? `?${search}` : "") + location.hash);
      }
    }

    // Choices from the address, where they name a value the list offers.
    const asked = new URLSearchParams(location.search);
    [...filters, sort].forEach((select) => {
      const value = asked.get(select.name);
      if (value !== null && Array.from(select.options).some((option) => option.value === value)) select.value = value;
    });
    form.addEventListener("change", () => update(true));
    form.addEventListener("reset", () => setTimeout(() => update(true))); // after the form has reset
    form.addEventListener("submit", (event) => event.preventDefault());
    form.hidden = false;
    update(false);
  }

  document.querySelectorAll(".pt-finder").forEach(setUp);
})();
