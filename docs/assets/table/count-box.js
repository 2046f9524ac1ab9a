// A "count my hand" box (docs/macros.py count_box): the reader writes a hand, the engine counts it
// (a game's counting helper) and this only shows the answer.

import { el } from "./dom.js";
import { call, engine, whenReached } from "./engine.js";

export function countBox(root) {
  const form = root.querySelector(".pt-count-form");
  const result = root.querySelector(".pt-count-result");
  if (!form || !result) return;
  form.hidden = false;
  whenReached(form, () => engine()); // the engine loads while the reader writes the hand
  root.querySelector(".pt-count-note")?.setAttribute("hidden", "");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const inputs = {};
    form.querySelectorAll("input[name]").forEach((input) => {
      inputs[input.name] = input.type === "checkbox" ? input.checked : input.value;
    });
    result.textContent = "Counting…";
    let reply;
    try {
      reply = await call("count", { game: root.dataset.game, inputs });
    } catch (error) {
      reply = { type: "error", message: error.message };
    }
    if (reply.type !== "count") {
      result.replaceChildren(el("p", { class: "pt-message pt-error", text: reply.message }));
      return;
    }
    const answer = [el("p", { text: reply.heading }),
      el("p", { class: "pt-count-spoken", text: `“${reply.spoken}”` }),
      el("ul", {}, reply.lines.map((line) => el("li", { text: line })))];
    if (reply.total !== null && reply.total !== undefined) {
      answer.push(el("p", { class: "pt-count-total", text: `Total: ${reply.total}` }));
    }
    result.replaceChildren(...answer);
  });
}
