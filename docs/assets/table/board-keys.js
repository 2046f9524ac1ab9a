// A board of spaces (One-Eyed Jack's 100 squares, Tuck's 112 holes, East–West's rows) is one stop in
// the Tab order, as a grid is: Tab reaches the board once and leaves it on the next Tab, and the arrow
// keys move within it by where the spaces lie on screen (up, down, left, right: the nearest space that
// way). Without this a keyboard player tabbed through every hole to get from the hand to the buttons.

const SPACES = ".pt-board .pt-space";

// The space that takes the board's one Tab stop: the one with the focus, else one lit up for the
// pick in hand (where the card can go), else the one that had the stop before, else the first.
export function markBoardStop(tableBox) {
  const spaces = [...tableBox.querySelectorAll(SPACES)];
  if (!spaces.length) return;
  const stop = spaces.find((space) => space === document.activeElement)
    || spaces.find((space) => space.classList.contains("pc-reachable"))
    || spaces.find((space) => space.dataset.part === tableBox.dataset.boardStop)
    || spaces[0];
  spaces.forEach((space) => { space.tabIndex = space === stop ? 0 : -1; });
  tableBox.dataset.boardStop = stop.dataset.part;
}

// The nearest space from ``from`` in the arrow's direction: along that way first, then across it.
function nextSpace(from, spaces, key) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [x, y] = centre(from);
  let best = null;
  let bestCost = Infinity;
  spaces.forEach((space) => {
    if (space === from) return;
    const [sx, sy] = centre(space);
    const along = (sx - x) * dx + (sy - y) * dy;
    if (along <= 1) return;  // not that way
    const across = Math.abs((sx - x) * dy) + Math.abs((sy - y) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) [best, bestCost] = [space, cost];
  });
  return best;
}

// An arrow key on a board space: the focus (and the Tab stop) moves to the next space that way.
// Returns whether the key was the board's.
export function boardArrow(event, tableBox) {
  const from = document.activeElement;
  if (!from || !from.matches || !from.matches(SPACES) || !tableBox.contains(from)) return false;
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return false;
  event.preventDefault();
  const next = nextSpace(from, [...tableBox.querySelectorAll(SPACES)], event.key);
  if (!next) return true;  // the board's edge: the focus stays
  from.tabIndex = -1;
  next.tabIndex = 0;
  tableBox.dataset.boardStop = next.dataset.part;
  next.focus();
  return true;
}
