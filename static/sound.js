// Sound, vibration and moments on the play table (issues 26 and 48). Sound and vibration
// are off unless the Settings page switched them on (<html data-sound="on">,
// <html data-vibration="on">).
//
// * static/table/swap.js dispatches "gin:swap" on document after each new table is in place
//   ({detail: {before, after}}: the old and the new #table). This file reads what changed
//   and dispatches one "gin:event" per thing that happened ({detail: {kind}}): draw,
//   deal (a new hand after a result), discard, knock, gin, undercut, match-won, your-turn,
//   knocked-against. Sound and vibration listen to those.
// * Sounds are small generated files (a card's snap, a riffle, a knock, chimes:
//   tools/make_sounds.py) played with the Web Audio API. The AudioContext is created, or
//   resumed, only inside a tap or a key press (a user gesture), never before; on iOS Web
//   Audio is silenced by the ring/silent switch like other page sounds.
// * A moment's burst (templates/play/_moment.html) is skipped by any tap or key.
// * Nothing sounds or vibrates while the page is hidden.
(function () {
  "use strict";

  var root = document.documentElement;
  var audio = null;

  function on(name) { return root.dataset[name] === "on"; }

  // ---- what happened ----------------------------------------------------------------------

  function handSize(table) {
    return table ? table.querySelectorAll("#board .slot__input").length : 0;
  }
  function text(table, selector) {
    var el = table ? table.querySelector(selector) : null;
    return el ? el.textContent.trim() : "";
  }
  function myTurnToDraw(table) {
    var phase = table.dataset.phase;
    if (phase !== "draw" && phase !== "upcard_offer") return false;
    return !!table.querySelector("#a-draw_stock:not([disabled]), #a-take:not([disabled])");
  }

  // The kinds of a swap, from the old and the new table.
  function kinds(before, after) {
    var out = [];
    var was = handSize(before);
    var now = handSize(after);
    if (was && now === was + 1) out.push("draw");
    // Eleven cards held and no longer: a discard, also when the answer is already the
    // end of the hand (the computer knocked at once, and the hand is laid out in melds).
    if (was && (now === was - 1 || (was === 11 && now !== 11 && now !== 12))) {
      out.push("discard");
    }
    var headline = text(after, "#result-title");
    if (text(before, "#result-title") && !headline && handSize(after)) out.push("deal");
    if (headline && !text(before, "#result-title")) {
      var mine = /^You\b/.test(headline) || /! You score/.test(headline);
      if (/^Undercut!/.test(headline)) {
        out.push("undercut");
        if (!/^Undercut! You knocked/.test(headline)) out.push("knocked-against");
      } else if (/^(Big gin|Gin)\b/.test(headline)) {
        out.push("gin");
        if (!mine) out.push("knocked-against");
      } else if (/^Knock\b/.test(headline)) {
        out.push("knock");
        if (!mine) out.push("knocked-against");
      }
      if (/^You won the match/.test(text(after, ".match-end h2"))) out.push("match-won");
    } else if (myTurnToDraw(after) && !myTurnToDraw(before)) {
      out.push("your-turn");
    }
    return out;
  }

  document.addEventListener("gin:swap", function (event) {
    var detail = event.detail || {};
    if (!detail.after) return;
    kinds(detail.before, detail.after).forEach(function (kind) {
      document.dispatchEvent(new CustomEvent("gin:event", { detail: { kind: kind } }));
    });
  });

  // ---- sound ------------------------------------------------------------------------------

  // Created or resumed only here, inside a user gesture.
  function unlock() {
    if (!on("sound")) return;
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    preload();
    decode();
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);

  // The sounds are small generated files (tools/make_sounds.py, static/sounds/), named
  // with their hashed URLs in this script's data-sounds; fetched when the page loads with
  // sound on, decoded once the AudioContext exists. Each kind plays a file at a rate.
  var script = document.currentScript;
  var FILES = {};
  try { FILES = JSON.parse((script && script.dataset.sounds) || "{}"); } catch (e) { FILES = {}; }
  var baseMeta = document.querySelector('meta[name="app-base"]');
  var base = baseMeta ? baseMeta.content : "";
  var fetched = {};
  var decoded = {};

  function preload() {
    if (!on("sound") || !window.fetch) return;
    Object.keys(FILES).forEach(function (name) {
      if (fetched[name]) return;
      fetched[name] = fetch(base + FILES[name]).then(function (response) {
        return response.ok ? response.arrayBuffer() : null;
      }).catch(function () { return null; });
    });
  }

  function decode() {
    Object.keys(fetched).forEach(function (name) {
      if (decoded[name] !== undefined) return;
      decoded[name] = null;
      fetched[name].then(function (data) {
        if (!data) return;
        // Safari's older decodeAudioData takes callbacks and returns nothing.
        var done = audio.decodeAudioData(data.slice(0), function (b) { decoded[name] = b; },
                                         function () {});
        if (done && done.then) done.then(function (b) { decoded[name] = b; }, function () {});
      });
    });
  }

  preload();

  var SOUNDS = {
    draw: { file: "snap", rate: 1.1 },
    discard: { file: "snap", rate: 0.85 },
    deal: { file: "shuffle", rate: 1 },
    knock: { file: "knock", rate: 1 },
    gin: { file: "gin", rate: 1 },
    undercut: { file: "undercut", rate: 1 },
    "match-won": { file: "won", rate: 1 }
  };

  function play(kind) {
    if (!on("sound") || document.hidden || !audio || audio.state !== "running" || !SOUNDS[kind]) return;
    var buffer = decoded[SOUNDS[kind].file];
    if (!buffer) return;  // not loaded yet (the first moments after the first tap)
    var source = audio.createBufferSource();
    source.buffer = buffer;
    if (source.playbackRate) source.playbackRate.value = SOUNDS[kind].rate;
    source.connect(audio.destination);
    source.start(audio.currentTime);
  }

  // ---- vibration --------------------------------------------------------------------------

  var BUZZ = { "your-turn": 30, "knocked-against": [60, 60, 120] };

  function buzz(kind) {
    if (!on("vibration") || document.hidden || !BUZZ[kind] || !navigator.vibrate) return;
    navigator.vibrate(BUZZ[kind]);
  }

  // ---- moments -----------------------------------------------------------------------------

  function skip() {
    document.querySelectorAll(".moment__burst").forEach(function (el) { el.remove(); });
  }
  document.addEventListener("pointerdown", skip, true);
  document.addEventListener("keydown", skip, true);

  document.addEventListener("gin:event", function (event) {
    var kind = event.detail && event.detail.kind;
    play(kind);
    buzz(kind);
  });
})();
