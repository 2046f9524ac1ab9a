// A wide table that scrolls sideways in its box (the theme wraps every Markdown table in one)
// must be reachable with the keyboard, or a keyboard user can never see its right-hand side:
// such a box is made focusable and named; one that does not scroll is left alone.
(function () {
  "use strict";

  function update() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", "Wide table: scroll sideways to see all of it");
      } else if (box.hasAttribute("tabindex")) {
        ["tabindex", "role", "aria-label"].forEach((name) => box.removeAttribute(name));
      }
    });
  }

  if (document.readyState === "complete") update();
  else window.addEventListener("load", update, { once: true });
  let pending = null;
  window.addEventListener("resize", () => {
    clearTimeout(pending);
    pending = setTimeout(update, 150);
  });
})();
