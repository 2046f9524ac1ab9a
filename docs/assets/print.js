// Rules on paper: the quick reference's buttons print one part of a game page by itself — the quick
// reference, or a blank score sheet (docs/macros.py quick_reference). The part is named on the root
// element while the browser prints; assets/print.css then hides everything else. Without this script
// the buttons stay hidden, and printing the page gives the whole rules sheet (quick reference first).
(() => {
  const root = document.documentElement;
  let sheetWasOpen = null;

  function finish() {
    delete root.dataset.printPart;
    const sheet = document.querySelector(".pt-sheet");
    if (sheet && sheetWasOpen !== null) sheet.open = sheetWasOpen;
    sheetWasOpen = null;
  }

  function printPart(part) {
    // A closed <details> prints only its summary: open the score sheet while it prints.
    const sheet = document.querySelector(".pt-sheet");
    if (part === "sheet" && sheet) {
      sheetWasOpen = sheet.open;
      sheet.open = true;
    }
    root.dataset.printPart = part;
    window.print();
  }

  // Some browsers return from print() before the page is printed: tidy up when they say it is done.
  window.addEventListener("afterprint", finish);

  function init() {
    document.querySelectorAll(".pt-print-buttons").forEach((buttons) => {
      buttons.hidden = false;
      buttons.addEventListener("click", (event) => {
        const button = event.target.closest("button[data-print-part]");
        if (button) printPart(button.dataset.printPart);
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
