// The play table's script. Everything here is an enhancement: without
// it every control is a plain form post (303 back to /play).
//
// * Selection is local: the hand is a radio group; each radio carries what discarding
//   it would do (data-acts, data-note), so the note and Discard/Knock/Gin follow the
//   selection at once, with no request.
// * Tapping the selected card again discards it; dragging a card onto the discard pile
//   discards it (pointer devices).
// * Arrange your hand: a card dragged along the hand (a drag starts after 10 px: less is a
//   tap) or moved with Shift+Left/Right takes its new place at once, the others sliding
//   aside; the new order is posted (arrange=<codes>, queued with the taps) and kept by the
//   server for the hand until a sort button is tapped.
// * Taps post with fetch (header HX-Request, answered with the status and table blocks).
//   A tap made while a request is in flight is queued and sent after it with the new
//   version; it is first checked against the new table: a repeat that has become
//   illegal (its button disabled, its card gone) is dropped without a word.
// * The computer's turn (data-moves on #table) is played out over the table in the time
//   the Settings page chose (<html data-computer-turn-ms>, 450 ms by default, never over
//   600 ms, the last 60 ms the flown cards fading out); nothing
//   moves when the browser or the Settings ask for reduced motion (that attribute is 0).
// * Your own hand moves: after a swap the cards that stayed slide from where
//   they were (matched by their code, data-card), a drawn card flies in from the stock or
//   the pile (leaving it at the tap, before the answer), a new hand is dealt card by card
//   from the stock; a discard flies to the pile as soon as it is tapped (before the
//   answer) and back to its place if it is refused.
//   Each within 600 ms, none under reduced motion (FLIP: see "your own hand in motion").
// * Screen readers: #table has aria-busy while a request is in flight; the
//   computer's move arrives in its own live region (#computer-live), a repeat of the same
//   words re-announced; R or the Read the table button speaks the whole table
//   (#table-read).
// * Words: the few sentences this script writes itself come in the page's language from
//   the page's <script type="application/json" id="script-words"> (word(), English if
//   it is missing; app.web.render.SCRIPT_WORDS).
// * Keyboard shortcuts (listed in the Keys panel); focus never falls to <body> after a swap.
// * Leaving the play screen takes one Back press: New match and Start match replace the
//   history entry instead of adding one.
// * A friend match: #live hears "<version>-<away>" from /play/events (an
//   EventSource, "move" events) or, where EventSource fails, by polling /play/pulse
//   every 2 s; a change fetches the table like a tap (queued with the taps) and plays
//   the friend's move out. The waiting page reloads into the table.
// * Several matches at once: the table's taps name its match (match=<id>), so a tap in
//   one tab never lands in another match. #live also hears "turn" events (another friend
//   match moved; polling asks every 10 s): the notice #turns and the list #matches are
//   fetched again from /play/matches. Where the person pressed "Notify me" and the
//   browser granted it, a match that became their turn shows a Notification while the
//   tab is hidden (never asked for on load).
(function () {
  "use strict";

  // The app's sub-path ("" or e.g. "/gin"): every URL this script builds starts with it.
  var BASE = (document.querySelector('meta[name="app-base"]') || {}).content || "";
  var CARD_ACTIONS = ["discard", "knock", "gin"];
  var DEFAULT_TURN_MS = 450;
  var MAX_TURN_MS = 600;  // the computer's whole turn is shown in at most 600 ms
  var FADE_MS = 60;       // the flown cards fade out at the end, inside that time
  var reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var queue = [];
  var busy = false;
  // The code of the card that was already selected when the pointer went down (a code, not
  // the element: a reply swapping the table in between renders the card anew, selected).
  var pressedChecked = null;
  var drag = null;
  var words = null;

  // One of the page's words (#script-words), its %(name)s placeholders filled.
  function word(key, fallback, values) {
    if (words === null) {
      try {
        words = JSON.parse((document.getElementById("script-words") || {}).textContent || "{}");
      } catch (error) { words = {}; }
    }
    return (words[key] || fallback).replace(/%\((\w+)\)s/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }
  var suppressClick = false;
  var refreshQueued = false;

  function table() { return document.getElementById("table"); }
  // Where the table's taps go: /play, the lesson's /learn or a practice hand's
  // /play/practice (data-post on #table, with the app's sub-path).
  function postUrl() { var t = table(); return (t && t.dataset.post) || BASE + "/play"; }
  // "?match=<id>" of the match this table shows ("" on a lesson or practice table).
  function shownMatch() {
    var match = document.querySelector('#table input[name="match"]');
    return match ? "?match=" + encodeURIComponent(match.value) : "";
  }
  function board() { return document.getElementById("board"); }
  function selected() {
    var b = board();
    return b ? b.querySelector('input[name="card"]:checked') : null;
  }
  function acts(radio) {
    return radio && radio.dataset.acts !== undefined ? radio.dataset.acts.split(" ") : [];
  }

  // ---- local selection -------------------------------------------------------------------

  function refresh() {
    var b = board();
    if (!b) return;
    var radio = selected();
    var note = document.getElementById("hand-note");
    if (note) {
      note.textContent = radio && radio.dataset.note ? radio.dataset.note : note.dataset.default;
    }
    var allowed = acts(radio);
    CARD_ACTIONS.forEach(function (name) {
      var button = document.getElementById("a-" + name);
      if (!button || button.disabled) return;
      if (allowed.indexOf(name) >= 0) button.removeAttribute("aria-disabled");
      else button.setAttribute("aria-disabled", "true");
    });
  }

  function choose(radio) {
    if (!radio) return;
    radio.checked = true;
    refresh();
  }

  function discard(radio) {
    if (!radio) return;
    if (!busy && acts(radio).indexOf("discard") < 0) return; // the note says why
    choose(radio);
    enqueue({ id: "a-discard", name: "action", value: "discard", card: radio.value });
  }

  // ---- taps: queued posts and swaps -------------------------------------------------------

  function enqueue(intent) {
    intent.queued = busy;
    queue.push(intent);
    if (!busy) next();
  }

  // A tap queued behind a request is checked again against the table that request brought:
  // its button gone, disabled or now meaning another move (Take upcard became Take
  // discard), or its card no longer in the hand (or not allowed that move), and it is
  // dropped in silence. That is an impatient repeat (a double tap on Discard, Pass or the
  // stock), not a move to refuse with a red message. A tap still legal is sent.
  function stillLegal(intent) {
    if (!intent.queued || intent.refresh || !intent.id) return true;
    var button = document.getElementById(intent.id);
    if (!button || button.disabled || (intent.name && button.value !== intent.value)) return false;
    if (!intent.card) return true;
    var radio = document.getElementById("c-" + intent.card);
    return !!radio && acts(radio).indexOf(intent.value) >= 0;
  }

  function next() {
    var intent = queue.shift();
    while (intent && !stillLegal(intent)) intent = queue.shift();
    if (!intent) {
      busy = false;
      document.documentElement.classList.remove("is-busy");
      return;
    }
    busy = true;
    document.documentElement.classList.add("is-busy");
    if (table()) table().setAttribute("aria-busy", "true");
    if (intent.refresh) {
      refreshQueued = false;
      // The friend's move must not move the focus: restore it only if it was in the table.
      var keepFocus = describeFocus();
      if (keepFocus && keepFocus.lost) keepFocus = { keep: true };
      fetch(postUrl() + shownMatch(), { credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (response) { return response.text(); })
        .then(function (text) {
          if (text.indexOf('id="table"') < 0) { location.reload(); return; }
          swap(text, keepFocus);
        })
        .catch(function () {})
        .then(next);
      return;
    }
    var body = new URLSearchParams();
    var version = document.querySelector('#table input[name="version"]');
    if (version) body.set("version", version.value);
    // The match this table shows: a tap acts on it, whatever another tab opened since.
    var match = document.querySelector('#table input[name="match"]');
    if (match) body.set("match", match.value);
    if (intent.arrange) {
      // Sent with the version of the table it is sent from, against the cards held now.
      intent.arrange = merged(intent.arrange, handCodes());
      body.set("arrange", intent.arrange.join(" "));
    }
    if (intent.name) body.set(intent.name, intent.value);
    if (intent.card) body.set("card", intent.card);
    var focus = describeFocus();
    if (intent.value === "discard" && intent.card) showDiscard(intent.card);
    else if (DRAWS.indexOf(intent.value) >= 0) showDraw(intent.value);
    fetch(postUrl(), {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "HX-Request": "true" }
    }).then(function (response) {
      return response.text().then(function (text) {
        if (response.redirected && text.indexOf('id="table"') < 0) {
          // Sent elsewhere (a match that could not be read was set aside): go there.
          location.assign(response.url);
          return;
        }
        if (response.status === 503) {  // the database cannot save just now: say why
          var said = new DOMParser().parseFromString(text, "text/html")
            .querySelector("[role=alert] p");
          throw { said: said ? said.textContent : "" };
        }
        if (response.status >= 500 || text.indexOf('id="table"') < 0) {
          var error = new Error("status " + response.status);
          // 429 (fair use): the server's own words say how long to wait.
          if (response.status === 429) {
            error.said = new DOMParser().parseFromString(text, "text/html").body.textContent.trim();
          }
          throw error;
        }
        // An order stored while the next drag is under way: the table already shows it,
        // and a swap now would end that drag.
        if (intent.arrange && response.ok && drag && drag.active) {
          if (table()) table().removeAttribute("aria-busy");
          return;
        }
        // An order that crossed a friend's move (409: the version moved on) is sent once
        // more with the new version, against the cards held then (queued first, so that
        // the swap keeps showing it).
        if (intent.arrange && response.status === 409 && !intent.again) {
          queue.unshift({ arrange: intent.arrange, again: true });
        }
        swap(text, focus);
      });
    }).catch(function (error) {
      queue.length = 0;
      putBack();
      if (table()) table().removeAttribute("aria-busy");
      var status = document.getElementById("status");
      if (status) {
        var line = document.createElement("span");
        line.className = "play-status__refused";
        line.textContent = (error && error.said) || word("unreachable",
          "The server could not be reached, so nothing was changed: tap again.");
        status.replaceChildren(line);
      }
    }).then(next);
  }

  function swap(html, focus) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("table");
    // Where things are now, read before anything is written (one layout, already clean).
    var old = table();
    var rects = old ? pileRects(old) : null;
    var before = snapshot(old);
    ["status", "step-help"].forEach(function (id) {
      var from = doc.getElementById(id);
      var to = document.getElementById(id);
      if (from && to) to.innerHTML = from.innerHTML;
    });
    var news = doc.getElementById("computer-live");
    announce(document.getElementById("computer-live"), news ? news.textContent : "");
    var keep = selected();
    var keepCode = keep ? keep.value : null;
    dropDrag();
    old.replaceWith(document.adoptNode(fresh));
    var wanted = queuedOrder();
    if (wanted) applyOrder(fresh, wanted);
    // htmx drives the Hint form inside the table: let it see the new one (without this the
    // Hint button posted the whole page after the first tap).
    if (window.htmx) window.htmx.process(fresh);
    if (keepCode && !selected()) {
      var again = document.getElementById("c-" + keepCode);
      if (again) again.checked = true;
    }
    refresh();
    restoreFocus(focus);
    var plan = before ? planHand(fresh, before) : null;
    var landing = pending;
    pending = null;
    if (landing && landing.draw) {
      // The drawn card flies on from where the card shown at the tap has got to (planHand).
      landing.flyer.remove();
      landing = null;
    }
    if (landing && fresh.querySelector('.hand .slot[data-card="' + landing.code + '"]')) {
      // Refused (400/409): the card is still in your hand; planHand flies it back from
      // where it is now to its place, and the status line says why.
      landing.flyer.remove();
      landing.base.remove();
      landing = null;
    }
    if (landing) {
      // The computer's turn starts from the pile once your card has landed on it (laid
      // out now, held until then).
      var landed = landing.anim.finished.catch(function () {}).then(function () {
        landing.flyer.remove();
        landing.base.remove();
      });
      animate(fresh, rects, landed);
    } else if (plan && plan.deal) {
      // After the deal (the computer may be first to play on the new hand).
      setTimeout(function () { if (table() === fresh) animate(fresh, rects); }, DEAL_MS);
    } else {
      animate(fresh, rects);
    }
    if (plan) playHand(plan);
    // static/sound.js hears each new table: sounds and vibration.
    document.dispatchEvent(new CustomEvent("gin:swap", { detail: { before: old, after: fresh } }));
  }

  // A live region announces a change of its text: the same words again (the computer
  // repeating a move, Read the table twice) are cleared first, then set a moment later.
  function announce(region, text) {
    if (!region) return;
    if (!text || region.textContent !== text) {
      region.textContent = text;
      return;
    }
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 120);
  }

  function readTable() {
    var text = document.getElementById("table-summary-text");
    if (text) announce(document.getElementById("table-read"), text.textContent);
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#read-table")) readTable();
  });

  function turnMs() {
    var ms = parseInt(document.documentElement.dataset.computerTurnMs, 10);
    return isNaN(ms) ? DEFAULT_TURN_MS : Math.min(ms, MAX_TURN_MS);
  }

  function describeFocus() {
    var el = document.activeElement;
    if (!el || el === document.body) return { lost: true, selector: null };
    var t = table();
    if (!t || !t.contains(el)) return null; // focus is elsewhere (header, a panel): leave it
    if (el.id) return { selector: "#" + CSS.escape(el.id) };
    if (el.name) {
      return { selector: el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) +
        '"][value="' + CSS.escape(el.value || "") + '"]' };
    }
    return { selector: null };
  }

  function usable(el) {
    return el && !el.disabled && el.getAttribute("aria-disabled") !== "true" &&
      el.offsetParent !== null;
  }

  // Where focus goes after a swap when the focused control is gone or disabled: the next
  // step's control; your hand only when you are to discard; else the score button, which
  // every state of the table has (waiting for a friend, the friend's move then changes
  // nothing under the focus).
  var FOCUS_ORDER = [".result__foot .btn--primary", ".result__foot button", ".piles .pile__btn",
    ".play-actions button", ".hand input[data-acts]:checked", ".hand input[data-acts]",
    "#score-button", "button"];

  function restoreFocus(focus) {
    if (focus && focus.keep) return;
    var active = document.activeElement;
    if (!focus && active && active !== document.body) return;
    var t = table();
    if (!t) return;
    var same = focus && focus.selector ? t.querySelector(focus.selector) : null;
    var target = usable(same) && same.id !== "read-table" ? same : null;
    // The next step's control, in order of preference (querySelectorAll alone would give
    // document order, where Read the table comes first): never Read the table, which shows
    // itself when focused and would sit over the score.
    for (var g = 0; g < FOCUS_ORDER.length && !target; g++) {
      var candidates = t.querySelectorAll(FOCUS_ORDER[g]);
      for (var i = 0; i < candidates.length && !target; i++) {
        if (usable(candidates[i]) && candidates[i].id !== "read-table") target = candidates[i];
      }
    }
    if (target) target.focus({ preventScroll: true });
  }

  // ---- the computer's turn, played out ----------------------------------------------------

  function pileRects(root) {
    var stock = root.querySelector(".pile--stock .card");
    var pile = root.querySelector(".pile__top .card");
    var opponent = root.querySelector(".opponent__cards");
    if (!stock || !pile || !opponent) return null;
    return {
      stock: stock.getBoundingClientRect(),
      pile: pile.getBoundingClientRect(),
      opponent: opponent.getBoundingClientRect()
    };
  }

  function ghost(card, rect, kind) {
    var el = card.cloneNode(true);
    el.classList.add(kind || "ghost");
    el.removeAttribute("id");
    el.style.left = rect.left + "px";
    el.style.top = rect.top + "px";
    el.style.width = rect.width + "px";
    el.style.height = rect.height + "px";
    el.style.setProperty("--w", rect.width + "px");
    document.body.appendChild(el);
    return el;
  }

  function flight(el, from, to, delay, duration, fadeIn) {
    var dx = to.left - from.left;
    var dy = to.top - from.top;
    var frames = [
      { transform: "translate(0px, 0px)", opacity: fadeIn ? 0 : 1 },
      { transform: "translate(0px, 0px)", opacity: 1, offset: 0.1 },
      { transform: "translate(" + dx + "px, " + dy + "px)", opacity: 1 }
    ];
    return el.animate(frames, { duration: duration, delay: delay, easing: "ease-in-out", fill: "both" });
  }

  // ``hold`` (a promise, or none): the turn is laid out at once but waits for it to play
  // (your discard still on its way to the pile).
  function animate(root, before, hold) {
    var moves = (root.dataset.moves || "").split(" ").filter(Boolean);
    var total = turnMs();
    if (!moves.length || reduceMotion.matches || total <= FADE_MS || !root.querySelector("#board")) return;
    var now = pileRects(root);
    var template = root.querySelector("#move-cards");
    var pileCard = root.querySelector(".pile__top .card");
    var stockCard = root.querySelector(".pile--stock .card");
    if (!now || !template || !pileCard || !stockCard) return;
    var rects = before || now;
    var pileRect = now.pile;
    var opp = now.opponent;
    var hand = {
      left: opp.left + opp.width / 2 - pileRect.width / 2,
      top: opp.top + opp.height / 2 - pileRect.height / 2,
      width: pileRect.width, height: pileRect.height
    };
    function face(code) {
      var found = template.content.querySelector('[data-code="' + code + '"] .card');
      return found || null;
    }
    var step = Math.floor((total - FADE_MS) / moves.length);
    var ghosts = [];
    var animations = [];
    var t = 0;
    var under = root.dataset.under && moves[0] === "stock" ? face(root.dataset.under) : null;
    if (under) {
      under = ghost(under, pileRect);
      ghosts.push(under);
      if (hold) under.classList.add("is-held");
    }
    moves.forEach(function (move) {
      var parts = move.split(":");
      var g;
      if (parts[0] === "stock") {
        g = ghost(stockCard, rects.stock);
        animations.push(flight(g, rects.stock, hand, t, step, false));
      } else if (parts[0] === "take" && face(parts[1])) {
        g = ghost(face(parts[1]), pileRect);
        animations.push(flight(g, pileRect, hand, t, step, false));
      } else if (parts[0] === "discard" && face(parts[1])) {
        g = ghost(face(parts[1]), hand);
        animations.push(flight(g, hand, pileRect, t, step, true));
      } else {
        return;
      }
      ghosts.push(g);
      t += step;
    });
    if (!animations.length) {
      ghosts.forEach(function (g) { g.remove(); });
      return;
    }
    // The real top of the pile shows once the computer's discard has landed.
    animations.push(pileCard.animate([{ opacity: 0 }, { opacity: 0 }], { duration: t }));
    if (hold) {
      animations.forEach(function (a) { a.pause(); });
      hold.then(function () {
        if (under) under.classList.remove("is-held");
        animations.forEach(function (a) { a.play(); });
      });
    }
    var last = animations[animations.length - 2];
    last.finished.catch(function () {}).then(function () {
      ghosts.forEach(function (g) { g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS }).finished.then(function () { g.remove(); }); });
    });
  }

  // ---- your own hand in motion (issue 26) -------------------------------------------------

  // FLIP with the Web Animations API, not the View Transitions API: the table is one
  // replaced subtree, and a view transition would freeze the whole page into snapshots
  // while it runs (taps on the piles and buttons would land on a picture), could not run
  // the optimistic discard before the answer, nor two of them at once (the computer's
  // turn plays over the table at the same time). FLIP animates only the cards, each a
  // transform (composited: no layout in the frames), from rects measured all at once
  // before the swap and all at once after it; cards are matched by their code
  // (data-card), so a card that stayed slides from where it was, wherever the server
  // put it now. Nothing of it under reduced motion (the device's or the Settings').
  var SLIDE_MS = 320;         // the cards that stayed slide to their new places
  var DRAW_MS = 420;          // the drawn card flies from the stock or the pile to its place
  var DISCARD_MS = 220;       // the tapped card flies to the pile at once, before the answer
  var DRAWS = ["draw_stock", "take_discard", "take_upcard"];
  var DEAL_MS = 600;          // a new hand, card by card, the upcard last
  var DEAL_FLIGHT_MS = 240;   // each dealt card's flight inside that time
  var EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
  var DEAL_KEY = "gin-deal";  // sessionStorage: a new match was just started here
  var pending = null;         // the discard shown before the answer (showDiscard)

  function motionOff() {
    return reduceMotion.matches || document.documentElement.dataset.motion === "reduced";
  }

  function rectOf(root, selector) {
    var el = root.querySelector(selector);
    return el ? el.getBoundingClientRect() : null;
  }

  // Where everything was, before the table is replaced: each card of the hand by its
  // code (a card on its way to the pile, where it is now), the stock and the pile's top.
  function snapshot(root) {
    if (!root || motionOff()) return null;
    var shot = { hand: {}, had: false, stock: rectOf(root, ".pile--stock .card"),
      pile: rectOf(root, ".pile__top .card") };
    var top = root.querySelector(".pile__top");
    shot.pileCode = top ? top.dataset.card : null;
    root.querySelectorAll(".hand .slot[data-card]").forEach(function (slot) {
      var card = slot.querySelector(".card");
      shot.had = true;
      if (card) shot.hand[slot.dataset.card] = card.getBoundingClientRect();
    });
    if (pending && pending.draw) {
      shot.drawFrom = pending.flyer.getBoundingClientRect();
    } else if (pending && shot.hand[pending.code]) {
      shot.hand[pending.code] = pending.flyer.getBoundingClientRect();
    }
    return shot;
  }

  // From a rect to where an element is, as a transform put before its own (a selected
  // card's lift): centre to centre, scaled from the other size.
  function fromFrame(from, to) {
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    var sx = to.width ? from.width / to.width : 1;
    var sy = to.height ? from.height / to.height : 1;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(sx - 1) < 0.01 && Math.abs(sy - 1) < 0.01) {
      return null;
    }
    return "translate(" + dx.toFixed(1) + "px, " + dy.toFixed(1) + "px) scale(" +
      sx.toFixed(3) + ", " + sy.toFixed(3) + ")";
  }

  // What moves after a swap, measured in one go (reads only): the cards that stayed, the
  // drawn card (from the pile if it was the pile's top, else from the stock), or, when
  // the old table had no hand (the result panel) and this one has, the deal.
  function planHand(root, before) {
    var slots = root.querySelectorAll(".hand .slot[data-card]");
    if (!slots.length) return null;
    if (!before.had) return planDeal(root);
    var moves = [];
    slots.forEach(function (slot) {
      var card = slot.querySelector(".card");
      var from = before.hand[slot.dataset.card];
      var drawn = !from;
      if (drawn) {
        from = before.drawFrom ||
          (slot.dataset.card === before.pileCode ? before.pile : before.stock);
      }
      if (card && from) {
        moves.push({ el: card, from: from, slot: drawn ? slot : null, onward: drawn && !!before.drawFrom });
      }
    });
    moves.forEach(function (m) {
      m.to = m.el.getBoundingClientRect();
      m.base = ownTransform(m.el);
    });
    return { moves: moves };
  }

  function planDeal(root) {
    var stock = rectOf(root, ".pile--stock .card");
    if (!stock) return null;
    var mine = Array.prototype.slice.call(root.querySelectorAll(".hand .slot .card"));
    var theirs = Array.prototype.slice.call(root.querySelectorAll(".opponent__cards .card"));
    var first = root.dataset.dealer === "you" ? theirs : mine;   // the non-dealer first
    var second = first === mine ? theirs : mine;
    var order = [];
    for (var i = 0; i < Math.max(mine.length, theirs.length); i++) {
      if (first[i]) order.push(first[i]);
      if (second[i]) order.push(second[i]);
    }
    var up = root.querySelector(".pile__top .card:not(.card--empty)");
    if (up) order.push(up);   // the upcard, turned from the stock
    var step = order.length > 1 ? (DEAL_MS - DEAL_FLIGHT_MS) / (order.length - 1) : 0;
    return { deal: true, moves: order.map(function (el, n) {
      return { el: el, from: stock, to: el.getBoundingClientRect(), delay: Math.round(n * step), dealt: true };
    }) };
  }

  // A card's own transform (the selected card's lift), its short CSS transition finished
  // first (the flight hides it): the flight ends there. Keyframes replace the transform
  // rather than add to it, so the compositor runs them (it refuses composite: "add").
  function ownTransform(el) {
    el.getAnimations().forEach(function (a) { if (a.transitionProperty) a.finish(); });
    var t = getComputedStyle(el).transform;
    return t && t !== "none" ? " " + t : "";
  }

  // Then the writes only: one transform animation per card that moved. While a deal
  // runs, #table is marked is-dealing: the dealt cards (waiting on the stock, or in
  // flight) let taps through to what is really there (the stock, the pile), so a tap on
  // the stock during the deal draws instead of landing on a card on its way to the hand.
  function playHand(plan) {
    var dealt = [];
    plan.moves.forEach(function (m) {
      var frame = fromFrame(m.from, m.to);
      if (!frame) return;
      var base = m.base || "";
      var duration = m.duration || (m.dealt ? DEAL_FLIGHT_MS : m.slot && !m.onward ? DRAW_MS : SLIDE_MS);
      var anim = m.el.animate([{ transform: frame + base }, { transform: "translate(0px, 0px) scale(1, 1)" + base }],
        { duration: duration, delay: m.delay || 0, easing: EASE, fill: "backwards" });
      if (m.dealt) {   // out of sight on the stock until its turn comes
        m.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1, delay: m.delay, fill: "backwards" });
        dealt.push(anim.finished.catch(function () {}));
      }
      if (m.slot) {    // the drawn card flies over the others
        var slot = m.slot;
        slot.classList.add("is-flying");
        anim.finished.catch(function () {}).then(function () { slot.classList.remove("is-flying"); });
      }
    });
    var root = dealt.length ? plan.moves[0].el.closest("#table") : null;
    if (root) {
      root.classList.add("is-dealing");
      Promise.all(dealt).then(function () { root.classList.remove("is-dealing"); });
    }
  }

  // A discard is shown at once: the card leaves your hand for the pile before the server
  // answers. A copy of the pile's top stays under it until it lands (the answer may
  // change the pile first); swap() then removes both, or, if the card is still in the
  // new hand (refused), flies it back to its place.
  function showDiscard(code) {
    if (motionOff() || pending) return;
    var slot = document.querySelector('.hand .slot[data-card="' + code + '"]');
    var card = slot ? slot.querySelector(".card") : null;
    var pileCard = document.querySelector(".pile__top .card");
    if (!card || !pileCard) return;
    var from = card.getBoundingClientRect();
    var to = pileCard.getBoundingClientRect();
    var base = ghost(pileCard, to, "flyer");
    var flyer = ghost(card, from, "flyer");
    slot.classList.add("slot--gone");
    var frame = fromFrame(to, from);
    var anim = flyer.animate([{ transform: "translate(0px, 0px) scale(1, 1)" },
      { transform: frame || "none" }], { duration: DISCARD_MS, easing: EASE, fill: "forwards" });
    pending = { code: code, slot: slot, flyer: flyer, base: base, anim: anim };
  }

  // A draw is shown at once too: a card leaves the stock (its back) or the pile (its
  // face) for your hand; the answer's card then flies on from where that one has got to
  // (snapshot, planHand). Refused, the new table simply shows the piles as they are.
  function showDraw(action) {
    if (motionOff() || pending) return;
    var take = action !== "draw_stock";
    var source = document.querySelector(take ? ".pile__top .card:not(.card--empty)" : ".pile--stock .card");
    var hand = document.querySelector(".hand");
    if (!source || !hand) return;
    var from = source.getBoundingClientRect();
    var h = hand.getBoundingClientRect();
    var to = { left: h.left + h.width / 2 - from.width / 2, top: h.top, width: from.width, height: from.height };
    var flyer = ghost(source, from, "flyer");
    if (take) source.classList.add("is-taken");
    var anim = flyer.animate([{ transform: "translate(0px, 0px) scale(1, 1)" },
      { transform: fromFrame(to, from) || "none" }], { duration: DRAW_MS, easing: EASE, fill: "forwards" });
    pending = { draw: true, flyer: flyer, source: source, anim: anim };
  }

  // No answer at all (the network): the card goes back from where it is to its place.
  function putBack() {
    var p = pending;
    pending = null;
    if (!p) return;
    if (p.draw) {
      p.flyer.remove();
      p.source.classList.remove("is-taken");
      return;
    }
    var card = p.slot.querySelector(".card");
    var from = p.flyer.getBoundingClientRect();
    var to = card && card.isConnected ? card.getBoundingClientRect() : null;  // hidden, still laid out
    var base = to ? ownTransform(card) : "";
    p.flyer.remove();
    p.base.remove();
    p.slot.classList.remove("slot--gone");
    if (to) playHand({ moves: [{ el: card, from: from, to: to, base: base }] });
  }

  // A new match started from this page: its first hand is dealt when the table loads.
  function dealOnLoad() {
    var flagged = false;
    try {
      flagged = sessionStorage.getItem(DEAL_KEY) !== null;
      sessionStorage.removeItem(DEAL_KEY);
    } catch (e) { /* no storage: no deal */ }
    var t = table();
    if (!flagged || !t || motionOff()) return;
    var plan = planDeal(t);
    if (plan) playHand(plan);
  }

  // ---- arrange your hand: drag a card along it, or Shift+Arrow (issue 26) ----------------

  // The hand's own order is the player's: a card dragged along the hand (or moved with
  // Shift+Left/Right) takes its new place at once, the others sliding aside (FLIP, as
  // after a swap; none under reduced motion), and the new order is posted
  // (arrange=<codes>, queued with the taps) so that the server keeps it for the hand: a
  // reload shows it, a drawn card joins it at the right end, a sort button clears it.
  var ARRANGE_MS = 160;       // the cards a dragged card passes slide aside

  function handSlots(root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(".hand .slot[data-card]"));
  }
  function handCodes(root) {
    return handSlots(root).map(function (slot) { return slot.dataset.card; });
  }

  // The wanted order against the cards held now: the wanted codes still held, in their
  // order, then any card it lacks (just drawn) at the right end, as the server does.
  function merged(wanted, held) {
    var out = wanted.filter(function (code) { return held.indexOf(code) >= 0; });
    held.forEach(function (code) { if (out.indexOf(code) < 0) out.push(code); });
    return out;
  }

  // The slide of the cards that a move took elsewhere: measure (as they are seen now,
  // mid-slide included), let ``change`` move them in the page, measure again, animate.
  function slideAside(change, still) {
    var slots = handSlots();
    var cards = slots.map(function (slot) { return slot.querySelector(".card"); });
    var off = motionOff();
    var homes = off ? null : slots.map(function (slot) { return slot.getBoundingClientRect(); });
    var from = off ? null : cards.map(function (card) { return card.getBoundingClientRect(); });
    change();
    if (off) return;
    var moves = [];
    cards.forEach(function (card, i) {
      var home = slots[i].getBoundingClientRect();
      // A card whose place did not change goes on as it was (a slide not over yet too).
      if (card === still || (Math.abs(home.left - homes[i].left) < 0.5 &&
          Math.abs(home.top - homes[i].top) < 0.5 && Math.abs(home.width - homes[i].width) < 0.5)) return;
      card.getAnimations().forEach(function (a) {
        if (!a.transitionProperty && a.playState !== "finished") a.cancel();  // restarts from here
      });
      var base = ownTransform(card);
      moves.push({ el: card, from: from[i], to: card.getBoundingClientRect(), base: base,
        duration: ARRANGE_MS });
    });
    playHand({ moves: moves });
  }

  // Puts the hand's cards in ``codes`` order, each into the place (row, group) of the
  // card that was there: the rows and meld groups keep their sizes until the answer.
  function applyOrder(root, codes) {
    var slots = handSlots(root);
    var byCode = {};
    slots.forEach(function (slot) { byCode[slot.dataset.card] = slot; });
    var order = merged(codes, Object.keys(byCode)).map(function (code) { return byCode[code]; });
    var marks = slots.map(function (slot) {
      var mark = document.createComment("");
      slot.parentNode.insertBefore(mark, slot);
      return mark;
    });
    order.forEach(function (slot, i) { marks[i].parentNode.insertBefore(slot, marks[i]); });
    marks.forEach(function (mark) { mark.remove(); });
  }

  // The order to post: queued behind another arrange not yet sent, it replaces it. The
  // hand is in the player's own order now: no sort button is pressed.
  function arrange(codes) {
    document.querySelectorAll('.sorts button[aria-pressed="true"]').forEach(function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    var last = queue[queue.length - 1];
    if (last && last.arrange) last.arrange = codes;
    else enqueue({ arrange: codes });
  }

  // The queued order, if any, laid onto a table just swapped in (before its motion is
  // planned), so that an answer to an earlier tap does not undo a move not yet posted.
  function queuedOrder() {
    for (var i = queue.length - 1; i >= 0; i--) if (queue[i].arrange) return queue[i].arrange;
    return null;
  }

  function moveCard(input, step) {
    var slot = input.closest(".slot");
    var codes = handCodes();
    var at = codes.indexOf(slot.dataset.card);
    var to = at + step;
    if (at < 0 || to < 0 || to >= codes.length) return;
    codes.splice(at, 1);
    codes.splice(to, 0, slot.dataset.card);
    slideAside(function () { applyOrder(table(), codes); });
    input.focus({ preventScroll: true });
    // The card's name is its label up to the first comma (", in run …" follows).
    announce(document.getElementById("table-read"), word("place",
      "%(card)s: place %(place)s of %(total)s.",
      { card: (input.getAttribute("aria-label") || "").split(", ")[0], place: to + 1,
        total: codes.length }));
    arrange(codes);
  }

  // Where a dragged card goes: before the first other card of the row under the pointer
  // whose centre lies right of it (after the row's last, none), measured on the slots
  // (which the cards' own motion never moves). ``null``: the pointer is off the hand.
  function dropPlace(x, y, dragged) {
    var hand = document.querySelector(".hand");
    if (!hand) return null;
    var h = hand.getBoundingClientRect();
    var pad = 24;
    if (y < h.top - pad || y > h.bottom + pad || x < h.left - pad || x > h.right + pad) return null;
    var rows = Array.prototype.slice.call(hand.querySelectorAll(".hand__row"));
    var row = null;
    var best = Infinity;
    rows.forEach(function (r) {
      var box = r.getBoundingClientRect();
      var d = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
      if (d < best) { best = d; row = r; }
    });
    if (!row) return null;
    var others = Array.prototype.slice.call(row.querySelectorAll(".slot[data-card]"))
      .filter(function (slot) { return slot !== dragged; });
    if (!others.length) return null;
    for (var i = 0; i < others.length; i++) {
      var r = others[i].getBoundingClientRect();
      if (x < r.left + r.width / 2) return { before: others[i] };
    }
    return { after: others[others.length - 1] };
  }

  function dragTo(x, y) {
    var place = dropPlace(x, y, drag.slot);
    if (!place) return;
    var target = place.before || place.after;
    var next = place.before ? place.before : place.after.nextElementSibling;
    if (place.before && drag.slot.nextElementSibling === target) return;
    if (place.after && drag.slot.previousElementSibling === target) return;
    if (next === drag.slot) return;
    var home = drag.slot.getBoundingClientRect();
    slideAside(function () {
      var oldGroup = drag.slot.parentNode;
      if (place.before) target.parentNode.insertBefore(drag.slot, target);
      else target.parentNode.insertBefore(drag.slot, target.nextSibling);
      [oldGroup, drag.slot.parentNode].forEach(function (group) {
        group.hidden = !group.querySelector(".slot");
      });
      fitRows();
    }, drag.card);
    // The dragged card stays under the pointer: its new place moves its origin.
    var now = drag.slot.getBoundingClientRect();
    drag.x += now.left - home.left + (now.width - home.width) / 2;
    drag.y += now.top - home.top;
    drag.moved = true;
  }

  // A row that a drag filled past the hand's cards-to-a-row narrows them all (as the
  // server's rows do when the melds leave no better break).
  function fitRows() {
    var hand = document.querySelector(".hand");
    var most = 0;
    hand.querySelectorAll(".hand__row").forEach(function (row) {
      most = Math.max(most, row.querySelectorAll(".slot[data-card]").length);
    });
    var per = parseInt(getComputedStyle(hand).getPropertyValue("--per"), 10) || 0;
    if (most > per) hand.style.setProperty("--per", String(most));
  }

  // ---- pointer: tap again to discard, drag onto the pile or along the hand ------------------

  function cardOf(target) {
    var slot = target && target.closest ? target.closest(".slot") : null;
    return slot ? slot.querySelector(".slot__input") : null;
  }

  document.addEventListener("pointerdown", function (event) {
    var input = cardOf(event.target);
    pressedChecked = input && input.checked ? input.value : null;
    if (!input || event.button !== 0 || (drag && drag.active)) return;  // one card at a time
    drag = { input: input, slot: input.closest(".slot"), x: event.clientX, y: event.clientY,
      id: event.pointerId, active: false, moved: false, codes: handCodes() };
  }, true);

  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.active) {
      // A tap, not a drag, until the pointer has gone a few pixels.
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 10) return;
      drag.active = true;
      drag.card = drag.slot.querySelector(".card");
      drag.card.getAnimations().forEach(function (a) { a.finish(); });
      var c = drag.card.getBoundingClientRect();
      var h = drag.slot.getBoundingClientRect();
      drag.inSlot = { left: c.left - h.left, top: c.top - h.top, width: c.width, height: c.height };
      drag.slot.classList.add("is-dragging");
      if (board() && acts(drag.input).indexOf("discard") >= 0) board().classList.add("is-dropping");
      try { drag.input.setPointerCapture(event.pointerId); } catch (e) { /* no capture */ }
    }
    dragTo(event.clientX, event.clientY);
    // The card follows the pointer, but never past the screen's edges (the page would
    // grow wider under it).
    var slot = drag.slot.getBoundingClientRect();
    var left = slot.left + drag.inSlot.left;
    var top = slot.top + drag.inSlot.top;
    var edge = 4 + drag.inSlot.width * 0.04;   // the lift's scale, and a margin
    var tx = Math.min(Math.max(event.clientX - drag.x, edge - left),
      window.innerWidth - edge - left - drag.inSlot.width);
    var ty = Math.min(Math.max(event.clientY - drag.y, edge - top),
      window.innerHeight - edge - top - drag.inSlot.height);
    drag.card.style.transform = "translate(" + tx + "px, " + ty + "px) scale(1.08)";
  });

  // A table swapped in under a drag (a friend's move) ends it: its cards are gone.
  function dropDrag() {
    if (drag && drag.card) {
      drag.card.style.transform = "";
      drag.slot.classList.remove("is-dragging");
    }
    drag = null;
  }

  function endDrag(event, dropped) {
    if (!drag || event.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    if (!d.active) return;
    var from = d.card.getBoundingClientRect();
    d.card.style.transform = "";
    d.slot.classList.remove("is-dragging");
    if (board()) board().classList.remove("is-dropping");
    suppressClick = true;
    setTimeout(function () { suppressClick = false; }, 0);
    var pile = document.querySelector(".pile--discard .pile__btn");
    var r = pile ? pile.getBoundingClientRect() : null;
    var pad = 12;
    var onPile = dropped && r && event.clientX >= r.left - pad && event.clientX <= r.right + pad &&
        event.clientY >= r.top - pad && event.clientY <= r.bottom + pad;
    if (onPile && (busy || acts(d.input).indexOf("discard") >= 0)) {  // discard() queues it
      discard(d.input);
    } else if (!motionOff()) {
      // Let go: the card settles from under the pointer into its place (its own CSS
      // transition, which clearing the drag's transform started, finished first).
      var base = ownTransform(d.card);
      playHand({ moves: [{ el: d.card, from: from, to: d.card.getBoundingClientRect(),
        base: base, duration: ARRANGE_MS }] });
    }
    var codes = handCodes();
    if (d.moved && codes.join(" ") !== d.codes.join(" ")) arrange(codes);
  }
  document.addEventListener("pointerup", function (event) { endDrag(event, true); });
  document.addEventListener("pointercancel", function (event) { endDrag(event, false); });

  document.addEventListener("click", function (event) {
    var input = cardOf(event.target);
    if (!input) return;
    if (suppressClick) {
      event.preventDefault();
      return;
    }
    if (event.detail > 0 && pressedChecked === input.value && input.checked) {
      pressedChecked = null;
      discard(input);
    }
  }, true);

  // The Expert's advice floats over the table until the next tap, or until closed
  // (placeHint, below, puts it where it hides nothing the step needs).
  document.addEventListener("click", function (event) {
    var close = event.target.closest && event.target.closest(".play-hint__close");
    if (!close) return;
    var hint = close.closest("#hint");
    Array.prototype.slice.call(hint.children).forEach(function (child) {
      if (child.tagName !== "FORM") hint.removeChild(child);
    });
    var button = document.getElementById("a-hint");
    if (button) button.focus({ preventScroll: true });
  });

  // ---- the Expert's advice: placed where it hides nothing the step needs --------------------

  // The hint floats over the table (position: fixed) in the tallest band of the screen left
  // free by what the step needs: the status line and the action buttons always, the piles
  // when you take or draw a card (upcard offer, draw), your hand when you discard. So the
  // piles it tells you to tap stay visible and tappable. It scrolls inside itself if the
  // band is short.
  function placeHint() {
    var hint = document.getElementById("hint");
    var t = table();
    if (!hint || !t || !hint.querySelector(".play-hint__best")) return;
    var needed = ["#status", ".play-actions"];
    needed.push(t.dataset.phase === "discard" ? ".hand" : ".piles");
    var rects = needed.map(function (selector) {
      var el = document.querySelector(selector);
      return el ? el.getBoundingClientRect() : null;
    }).filter(function (r) { return r && r.height > 0; });
    rects.sort(function (a, b) { return a.top - b.top; });
    var margin = 6;
    var edges = [0].concat(rects.map(function (r) { return r.top; }), [window.innerHeight]);
    var ends = [0].concat(rects.map(function (r) { return r.bottom; }));
    var best = { top: 0, height: 0 };
    for (var i = 0; i < ends.length; i++) {
      var top = Math.max(0, ends[i]) + margin;
      var height = edges[i + 1] - margin - top;
      if (height > best.height) best = { top: top, height: height };
    }
    hint.style.setProperty("--hint-top", Math.round(best.top) + "px");
    hint.style.setProperty("--hint-max", Math.max(80, Math.floor(best.height)) + "px");
    hint.classList.add("play-hint--placed");
  }

  // After the swap, in the same task (before it is painted), and again once settled.
  document.addEventListener("htmx:afterSwap", placeHint);
  document.addEventListener("htmx:afterSettle", placeHint);
  window.addEventListener("resize", placeHint);

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches(".slot__input")) refresh();
  });

  // ---- form submissions --------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-replace")) {
      // New match: replace this history entry, so one Back press leaves the play screen.
      event.preventDefault();
      location.replace(form.action);
      return;
    }
    if (form.hasAttribute("data-start")) {
      event.preventDefault();
      var by = event.submitter;
      start(form, by && by.hasAttribute("formaction") ? by.formAction : form.action);
      return;
    }
    if (!form.hasAttribute("data-play")) return;
    event.preventDefault();
    var button = event.submitter;
    if (!button) return;
    if (button.getAttribute("aria-disabled") === "true" && !busy) return;
    var intent = { id: button.id, name: button.name || "", value: button.value || "" };
    if (button.name === "action" && CARD_ACTIONS.indexOf(button.value) >= 0) {
      var radio = selected();
      if (radio) intent.card = radio.value;
    }
    enqueue(intent);
  });

  function start(form, action) {
    var body = new URLSearchParams(new FormData(form));
    fetch(action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        if (response.ok && response.redirected) {
          if (new URL(response.url).pathname === BASE + "/play") {
            try { sessionStorage.setItem(DEAL_KEY, "1"); } catch (e) { /* no deal then */ }
          }
          location.replace(response.url);
          return null;
        }
        return response.text().then(function (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          var main = doc.querySelector("main");
          if (main) document.querySelector("main").replaceWith(document.adoptNode(main));
          else form.submit();
        });
      })
      .catch(function () { form.submit(); });
  }

  // ---- keyboard ----------------------------------------------------------------------------

  function press(key) {
    var t = table();
    var button = t ? t.querySelector('[data-key="' + key + '"]') : null;
    if (!button || button.disabled || button.offsetParent === null) return false;
    button.click();
    return true;
  }

  function moveSelection(step) {
    var b = board();
    if (!b) return;
    var radios = Array.prototype.slice.call(b.querySelectorAll('input[name="card"]'));
    if (!radios.length) return;
    var at = radios.indexOf(selected());
    var to = at < 0 ? (step > 0 ? 0 : radios.length - 1) : (at + step + radios.length) % radios.length;
    choose(radios[to]);
    radios[to].focus({ preventScroll: true });
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.matches && target.matches("textarea, select, [contenteditable], input:not([type=radio])")) return;
    if (!table()) return;
    var key = event.key;
    var onCard = target.matches && target.matches(".slot__input");
    if (key === "?") {
      var help = document.getElementById("keys-help");
      if (help) help.togglePopover();
      event.preventDefault();
      return;
    }
    if (document.querySelector(".sheet:popover-open")) return;
    if ((key === "ArrowLeft" || key === "ArrowRight") && onCard && event.shiftKey) {
      moveCard(target, key === "ArrowRight" ? 1 : -1);  // arrange: the card moves one place
      event.preventDefault();
      return;
    }
    if ((key === "ArrowLeft" || key === "ArrowRight") && !onCard) {
      moveSelection(key === "ArrowRight" ? 1 : -1);
      event.preventDefault();
      return;
    }
    if (key === "Enter" && onCard) {
      discard(selected());
      event.preventDefault();
      return;
    }
    if (key === "Escape" && selected()) {
      selected().checked = false;
      refresh();
      return;
    }
    if (key.length === 1 && /[a-z]/i.test(key) && !(target.matches && target.matches("button") && key === " ")) {
      if (press(key.toLowerCase())) event.preventDefault();
    }
  });

  // ---- a friend match: live updates and the invite page ------------------------------------

  var polling = null;
  var sseErrors = 0;

  function onPulse(text) {
    var parts = String(text || "").trim().split("-");
    if (parts.length !== 2) return;
    var t = table();
    var live = document.getElementById("live");
    if (!t) {
      if (live && live.dataset.version && parts[0] !== live.dataset.version) location.replace(live.dataset.open || BASE + "/play");
      return;
    }
    if (parts[0] === t.dataset.version && parts[1] === (t.dataset.away || "0")) return;
    if (refreshQueued) return;
    refreshQueued = true;
    enqueue({ refresh: true });
  }

  function poll() {
    var live = document.getElementById("live");
    if (!live || !live.dataset.pulse) return;
    fetch(live.dataset.pulse, { credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.text() : ""; })
      .then(onPulse)
      .catch(function () {});
  }

  var polls = 0;

  function startPolling() {
    if (polling === null) {
      polling = setInterval(function () {
        poll();
        polls += 1;
        if (polls % 5 === 0) fetchMatches();  // the other matches, every 10 s
      }, 2000);
    }
  }

  // ---- several matches at once: "your turn in another match" -----------------------------

  var NOTIFY_KEY = "gin-notify-turns";
  var turnsKnown = null;

  function wantsNotifications() {
    try { return localStorage.getItem(NOTIFY_KEY) === "1"; } catch (e) { return false; }
  }

  function turnIds(element) {
    var text = element ? element.getAttribute("data-turns") || "" : "";
    return text ? text.split(" ") : [];
  }

  // A notification for each match that became the person's turn, only while this tab is
  // hidden, only where the browser grants it and only once the person asked (the button).
  function notifyTurns(turns) {
    var ids = turnIds(turns);
    var before = turnsKnown || [];
    turnsKnown = ids;
    if (!document.hidden || !wantsNotifications() || !("Notification" in window)) return;
    if (Notification.permission !== "granted") return;
    ids.forEach(function (id) {
      if (before.indexOf(id) >= 0) return;
      var link = turns.querySelector('a[href$="match=' + id + '"]');
      var text = link ? link.getAttribute("data-turn-text") : "";
      try {
        var note = new Notification(text || document.title, { tag: "gin-turn-" + id });
        note.onclick = function () { window.focus(); location.assign(link.href); };
      } catch (e) { /* a browser that only notifies from a service worker: the notice stays */ }
    });
  }

  function fetchMatches() {
    var live = document.getElementById("live");
    if (!live || !live.dataset.matches) return;
    fetch(live.dataset.matches, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (text) {
        if (!text) return;
        var doc = new DOMParser().parseFromString(text, "text/html");
        ["turns", "matches"].forEach(function (id) {
          var fresh = doc.getElementById(id);
          var old = document.getElementById(id);
          if (!fresh || !old) return;
          // #turns keeps the page's first layout (its own row, or floating): the table
          // never moves because another match started or ended.
          if (id === "turns") fresh.classList.toggle("turns--row", old.classList.contains("turns--row"));
          old.replaceWith(document.adoptNode(fresh));
        });
        setupNotify();
        notifyTurns(document.getElementById("turns"));
      })
      .catch(function () {});
  }

  function setupNotify() {
    var button = document.querySelector("[data-notify]");
    var on = document.querySelector("[data-notify-on]");
    if (!button || !("Notification" in window)) return;
    var granted = Notification.permission === "granted" && wantsNotifications();
    button.hidden = granted || Notification.permission === "denied";
    if (on) on.hidden = !granted;
    if (button.dataset.wired) return;
    button.dataset.wired = "1";
    button.addEventListener("click", function () {
      // Asked only now, on the person's own tap: never on load.
      Promise.resolve(Notification.requestPermission()).then(function (answer) {
        if (answer === "granted") {
          try { localStorage.setItem(NOTIFY_KEY, "1"); } catch (e) { /* kept for this page */ }
        }
        setupNotify();
      });
    });
  }

  // The stream carries only "<version>-<away>", so a plain EventSource is all it needs.
  // It reconnects by itself after a dropped connection; one the server closed for good
  // (a 204: no friend match here) or two errors in a row fall back to polling.
  function listen(live) {
    var source = new EventSource(live.dataset.events);
    source.addEventListener("move", function (event) { onPulse(event.data); });
    // Another friend match moved: ask whether it is now the person's turn there.
    source.addEventListener("turn", function () { fetchMatches(); });
    source.addEventListener("open", function () {
      sseErrors = 0;
      fetchMatches();  // what moved while the page was loading or the stream was down
      if (polling !== null) { clearInterval(polling); polling = null; }
    });
    source.addEventListener("error", function () {
      sseErrors += 1;
      if (sseErrors >= 2 || source.readyState === EventSource.CLOSED) startPolling();
    });
  }

  function setupLive() {
    turnsKnown = turnIds(document.getElementById("turns"));
    setupNotify();
    var live = document.getElementById("live");
    if (!live) return;
    if (!window.EventSource || !live.dataset.events || live.hasAttribute("data-poll")) startPolling();
    else listen(live);
    document.querySelectorAll("[data-copy-target]").forEach(function (button) {
      if (!navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        var field = document.getElementById(button.dataset.copyTarget);
        navigator.clipboard.writeText(field.value).then(function () { button.textContent = word("copied", "Copied"); });
      });
    });
    document.querySelectorAll("[data-share-url]").forEach(function (button) {
      if (!navigator.share) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.share({ title: "Play gin with me", url: button.dataset.shareUrl }).catch(function () {});
      });
    });
  }

  function ready() {
    refresh(); setupLive(); placeHint(); dealOnLoad();
    // The table's keys and taps are live from here (tests wait for it).
    document.documentElement.setAttribute("data-play-ready", "");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
