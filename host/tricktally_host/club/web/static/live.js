// SPDX-License-Identifier: MIT
// The hub's live pages: each fragment the hub sends (Server-Sent Events
// from the address in <main data-events>) replaces the element with the
// fragment's id. The fragments are the hub's own HTML, names escaped there.
"use strict";
(function () {
  var main = document.querySelector("main[data-events]");
  if (!main || !window.EventSource) return;
  var state = document.getElementById("live-state");
  var source = new EventSource(main.getAttribute("data-events"));
  function show(live) {
    if (!state) return;
    state.textContent = state.getAttribute(live ? "data-live" : "data-offline");
    state.className = live ? "live" : "offline";
  }
  source.onopen = function () { show(true); };
  source.onerror = function () { show(false); };
  ["standings", "tables"].forEach(function (kind) {
    source.addEventListener(kind, function (event) {
      var old = document.getElementById(kind);
      if (!old) return;
      var box = document.createElement("div");
      box.innerHTML = event.data;
      var fresh = box.firstElementChild;
      if (fresh && fresh.id === kind) {
        old.replaceWith(fresh);
        main.setAttribute("data-updates", String(Number(main.getAttribute("data-updates") || 0) + 1));
      }
    });
  });
})();
