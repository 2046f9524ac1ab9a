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

// A hint whose move is an amount with no button of its own (a Mus raise to 13): the box is set to
// it and marked, so Enter makes the hinted move.
export function markAmountHint(tableBox, action) {
  if (!action || tableBox.querySelector(`[data-action="${CSS.escape(action)}"]`)) return;
  const [verb, amount] = action.split(":");
  const form = tableBox.querySelector(`.pt-amount[data-verb="${CSS.escape(verb)}"]`);
  if (!form || !WHOLE_NUMBER.test(amount || "")) return;
  form.elements.amount.value = amount;
  form.elements.amount.classList.add("pt-hinted");
}
