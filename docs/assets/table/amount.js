// A move that names an amount (Mus's bid:N, Back Alley's bids): when there are more amounts than
// buttons can show, the engine's view offers the usual ones as buttons and a number box for any
// other (render.py's amount control). The box is an ordinary labelled number field: the arrow keys
// step it and Enter (or its button) makes the move. An amount the rules refuse is not checked here:
// the engine is asked why, and its reason is shown as for any move refused.

const WHOLE_NUMBER = /^[0-9]{1,6}$/;

// ``table``: a LiveTable (its tableBox, legal moves, choose and say).
export function listenForAmounts(table) {
  table.view.tableBox.addEventListener("submit", (event) => {
    const form = event.target.closest(".pt-amount");
    if (!form) return;
    event.preventDefault();
    const field = form.elements.amount;
    const text = field.value.trim();
    if (!WHOLE_NUMBER.test(text)) {
      table.say(`Write a whole number from ${field.min} to ${field.max} in the box.`, true);
      field.focus();
      return;
    }
    const action = `${form.dataset.verb}:${Number(text)}`;
    table.choose(action, table.legal.some((move) => move.action === action));
  });
}
