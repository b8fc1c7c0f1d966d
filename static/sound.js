// Sound and vibration on the play table (issue 26). Both are off unless the Settings page
// switched them on (<html data-sound="on">, <html data-vibration="on">).
//
// * static/table/swap.js dispatches "gin:swap" on document after each new table is in place
//   ({detail: {before, after}}: the old and the new #table). This file reads what changed
//   and dispatches one "gin:event" per thing that happened ({detail: {kind}}): draw,
//   discard, knock, gin, undercut, match-won, your-turn, knocked-against. Sound and
//   vibration listen to those.
// * Sounds are made here with the Web Audio API (no audio files). The AudioContext is
//   created, or resumed, only inside a tap or a key press (a user gesture), never before;
//   on iOS Web Audio is silenced by the ring/silent switch like other page sounds.
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
  }
  document.addEventListener("pointerdown", unlock, true);
  document.addEventListener("keydown", unlock, true);

  // A note: oscillator type, frequency (Hz), start offset and length (s), peak gain.
  function tone(type, freq, at, length, peak, slideTo) {
    var t = audio.currentTime + at;
    var osc = audio.createOscillator();
    var gain = audio.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, t + length);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(peak, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  }

  // A brush of noise: a card sliding on the felt.
  function swish(at, length, peak, freq) {
    var t = audio.currentTime + at;
    var frames = Math.max(1, Math.floor(audio.sampleRate * length));
    var buffer = audio.createBuffer(1, frames, audio.sampleRate);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    var source = audio.createBufferSource();
    var filter = audio.createBiquadFilter();
    var gain = audio.createGain();
    source.buffer = buffer;
    filter.type = "bandpass";
    filter.frequency.value = freq;
    gain.gain.value = peak;
    source.connect(filter);
    filter.connect(gain);
    gain.connect(audio.destination);
    source.start(t);
  }

  var SOUNDS = {
    draw: function () { swish(0, 0.12, 0.5, 2500); },
    discard: function () { swish(0, 0.06, 0.6, 1500); tone("sine", 180, 0, 0.07, 0.25); },
    knock: function () { tone("sine", 150, 0, 0.09, 0.6); tone("sine", 150, 0.14, 0.09, 0.6); },
    gin: function () {
      [523, 659, 784, 1047].forEach(function (f, i) { tone("triangle", f, i * 0.08, 0.18, 0.25); });
    },
    undercut: function () {
      tone("triangle", 494, 0, 0.16, 0.25); tone("triangle", 370, 0.15, 0.26, 0.25);
    },
    "match-won": function () {
      [523, 659, 784, 659, 1047].forEach(function (f, i) {
        tone("triangle", f, i * 0.11, i === 4 ? 0.45 : 0.14, 0.25);
      });
    }
  };

  function play(kind) {
    if (!on("sound") || document.hidden || !audio || audio.state !== "running" || !SOUNDS[kind]) return;
    SOUNDS[kind]();
  }

  // ---- vibration --------------------------------------------------------------------------

  var BUZZ = { "your-turn": 30, "knocked-against": [60, 60, 120] };

  function buzz(kind) {
    if (!on("vibration") || document.hidden || !BUZZ[kind] || !navigator.vibrate) return;
    navigator.vibrate(BUZZ[kind]);
  }

  document.addEventListener("gin:event", function (event) {
    var kind = event.detail && event.detail.kind;
    play(kind);
    buzz(kind);
  });
})();
