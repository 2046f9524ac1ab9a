// Loaded from the head of pages with a live table or a step-through example (overrides/main.html),
// before the theme's script. The theme requests the whole search index (some 400 kB, growing with
// every game) as soon as a page opens; on a game page those bytes would compete with the card
// engine for the first seconds. Here the request is sent when the reader first goes to the search
// box instead (focus, a tap on its icon, or the theme's keyboard shortcut, which focuses it).
// Until then the theme simply waits, as it would on a slow network. The site's service worker
// keeps the index with the rest of the site, so after a first visit it is at hand offline.
(function () {
  "use strict";
  var proto = window.XMLHttpRequest && window.XMLHttpRequest.prototype;
  if (!proto) return;
  var open = proto.open;
  var send = proto.send;
  var waiting = [];
  var released = false;
  var INDEX = /\/search\/search_index\.json(\?|$)/;

  function release() {
    if (released) return;
    released = true;
    document.removeEventListener("focusin", goToSearch, true);
    document.removeEventListener("pointerdown", goToSearch, true);
    waiting.splice(0).forEach(function (later) { later(); });
  }

  function goToSearch(event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-md-component=search], label[for=__search]")) release();
  }
  document.addEventListener("focusin", goToSearch, true);
  document.addEventListener("pointerdown", goToSearch, true);

  // The theme fetches the index with XMLHttpRequest: note which request it is, and hold its send.
  proto.open = function (method, url) {
    this.parlourSearchIndex = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  proto.send = function () {
    if (!this.parlourSearchIndex || released) return send.apply(this, arguments);
    var request = this;
    var args = arguments;
    waiting.push(function () { send.apply(request, args); });
  };
})();
