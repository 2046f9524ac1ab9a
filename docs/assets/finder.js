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

  // Sort keys: a number, then the name to break ties.
  const KEYS = {
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
      let shown = 0;
      games.forEach((item) => {
        const fits = chosen.every((select) => FITS[select.name](item.dataset, select.value));
        item.hidden = !fits;
        if (fits) shown += 1;
      });
      const key = KEYS[sort.value] || KEYS.name;
      games.slice()
        .sort((a, b) => key(a.dataset) - key(b.dataset) || a.dataset.name.localeCompare(b.dataset.name))
        .forEach((item) => list.append(item));
      count.textContent = shown === games.length ? `${games.length} games`
        : shown === 0 ? `No game fits all of these choices (of ${games.length}); try fewer.`
          : `${shown} of ${games.length} games fit`;
      if (remember) {
        const query = new URLSearchParams();
        chosen.forEach((select) => query.set(select.name, select.value));
        if (sort.value !== "name") query.set("sort", sort.value);
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
