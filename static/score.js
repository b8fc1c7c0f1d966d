// Score sheet helpers. Everything here is an extra: the pages work without it.
// 1. Live preview: as the counts are typed (or a choice changes), the hand's score shows
//    in the preview box, from the same server preview the Preview button asks for.
// 2. The deadwood calculator: the typed codes and the tap-to-pick grid stay in step.
// 3. Focus stays put when htmx swaps the entry form (Preview, Count deadwood).
(function () {
  "use strict";

  // --- 1. live preview -----------------------------------------------------------------
  var timer = null;
  var serial = 0;

  function previewUrl(form) {
    var button = form.querySelector("button[hx-post]");
    return button ? button.getAttribute("hx-post") : null;
  }

  function livePreview(form) {
    var url = previewUrl(form);
    var box = form.querySelector("#preview");
    if (!url || !box) return;
    var data = new FormData(form);
    // Counts only: the calculator runs when its own button is pressed.
    ["knocker_cards", "defender_cards", "kc", "dc", "count"].forEach(function (name) {
      data.delete(name);
    });
    var mine = ++serial;
    fetch(url, {
      method: "POST",
      body: new URLSearchParams(data),
      headers: { "HX-Request": "true" },
      credentials: "same-origin"
    }).then(function (response) {
      if (window.ginLanguageChanged && window.ginLanguageChanged(response)) return null;
      return response.text().then(function (html) { return [response.status, html]; });
    }).then(function (answer) {
      if (!answer || mine !== serial) return; // a later keystroke has its own answer coming
      var doc = new DOMParser().parseFromString(answer[1], "text/html");
      var fresh = doc.getElementById("preview");
      if (answer[0] === 200 && fresh) {
        box.innerHTML = fresh.innerHTML;
      } else if (answer[0] === 422) {
        var message = doc.querySelector(".field-error");
        box.innerHTML = "";
        var p = document.createElement("p");
        p.className = "hint preview-wait";
        // The words come from the page, in its language (data-wait, data-wait-because).
        p.textContent = message
          ? box.getAttribute("data-wait-because").replace("%s", function () { return message.textContent; })
          : box.getAttribute("data-wait");
        box.appendChild(p);
      }
    }).catch(function () { /* offline: the Preview button still works */ });
  }

  function schedule(form) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(function () { livePreview(form); }, 250);
  }

  document.addEventListener("input", function (event) {
    var target = event.target;
    var form = target.closest && target.closest("form.entry-form");
    if (!form) return;
    if (target.name === "knocker_deadwood" || target.name === "defender_deadwood") {
      schedule(form);
    }
    if (target.classList.contains("calc-codes")) syncGrid(target);
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    var form = target.closest && target.closest("form.entry-form");
    if (!form) return;
    if (target.name === "kc" || target.name === "dc") {
      syncText(form, target.name);
      return;
    }
    if (target.type === "radio" || target.tagName === "SELECT") schedule(form);
  });

  // --- 2. calculator: codes <-> grid -----------------------------------------------------
  function codesOf(text) {
    var seen = {};
    var out = [];
    text.toUpperCase().replace(/,/g, " ").split(/\s+/).forEach(function (code) {
      if (code.indexOf("10") === 0) code = "T" + code.slice(2);
      if (/^[A2-9TJQK][CDHS]$/.test(code) && !seen[code]) {
        seen[code] = true;
        out.push(code);
      }
    });
    return out;
  }

  function syncGrid(input) {
    var form = input.form;
    var box = input.getAttribute("data-grid");
    var wanted = {};
    codesOf(input.value).forEach(function (code) { wanted[code] = true; });
    form.querySelectorAll('input[type="checkbox"][name="' + box + '"]').forEach(function (cb) {
      cb.checked = !!wanted[cb.value];
    });
  }

  function syncText(form, box) {
    var input = form.querySelector('input.calc-codes[data-grid="' + box + '"]');
    if (!input) return;
    var typed = codesOf(input.value);
    var checked = {};
    form.querySelectorAll('input[type="checkbox"][name="' + box + '"]').forEach(function (cb) {
      if (cb.checked) checked[cb.value] = true;
    });
    // Keep the typed order, drop what was unticked, add what was ticked.
    var codes = typed.filter(function (code) { return checked[code]; });
    Object.keys(checked).forEach(function (code) {
      if (codes.indexOf(code) < 0) codes.push(code);
    });
    input.value = codes.join(" ");
  }

  // --- 3. focus across htmx swaps of the entry form --------------------------------------
  var last = null;

  function describe(el) {
    if (!el || el === document.body) return null;
    if (el.id) return "#" + CSS.escape(el.id);
    if (el.name) {
      return el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) + '"]' +
        (el.value ? '[value="' + CSS.escape(el.value) + '"]' : "");
    }
    return null;
  }

  document.addEventListener("htmx:beforeRequest", function () {
    last = describe(document.activeElement);
  });

  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (active && active !== document.body) return; // autofocus (a message) took it
    var entry = document.getElementById("entry");
    var again = entry && last ? entry.querySelector(last) : null;
    if (again) again.focus();
  });
})();
