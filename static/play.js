// Keeps keyboard focus on the play table across htmx swaps (issue 3: keyboard use).
// A swapped-in region replaces the focused button; without this, focus falls back to
// <body> and a keyboard player must Tab through the header again after every tap.
(function () {
  "use strict";
  var last = null;

  function describe(el) {
    if (!el || el === document.body) return null;
    if (el.id) return "#" + CSS.escape(el.id);
    if (el.name) {
      return el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) + '"][value="' +
        CSS.escape(el.value || "") + '"]';
    }
    return null;
  }

  function usable(el) {
    return el && !el.disabled && el.offsetParent !== null;
  }

  document.addEventListener("htmx:beforeRequest", function () {
    last = describe(document.activeElement);
  });

  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (active && active !== document.body) return;
    var table = document.getElementById("table");
    if (!table) return;
    var same = last ? table.querySelector(last) : null;
    var next = usable(same) ? same : null;
    if (!next) {
      var candidates = table.querySelectorAll(".actions button, .piles button, .hand button, button");
      for (var i = 0; i < candidates.length && !next; i++) {
        if (usable(candidates[i])) next = candidates[i];
      }
    }
    if (next) next.focus();
  });
})();
