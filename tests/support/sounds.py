"""Sound and vibration observed, not heard: ``RECORDER`` (an init script) stands a fake
Web Audio context and ``navigator.vibrate`` in for the real ones and records every
``gin:event`` static/sound.js dispatches; ``recorded(page)`` reads it back as
``{"audio": {"made", "resumed", "started", "decoded"}, "buzz": [...], "events": [...]}``
(``decoded``: sound files decoded, present once one was).
"""

from __future__ import annotations

from typing import Any

RECORDER = """
window.__audio = { made: 0, resumed: 0, started: 0 };
window.__buzz = [];
window.__events = [];
(function () {
  function Param() { this.value = 0; }
  Param.prototype.setValueAtTime = function () {};
  Param.prototype.exponentialRampToValueAtTime = function () {};
  function node(extra) { return Object.assign({ connect: function () {} }, extra); }
  function FakeContext() {
    window.__audio.made++;
    this.state = "suspended"; this.currentTime = 0; this.sampleRate = 8000;
    this.destination = node({});
  }
  FakeContext.prototype.resume = function () {
    window.__audio.resumed++; this.state = "running"; return Promise.resolve();
  };
  FakeContext.prototype.createOscillator = function () {
    return node({ type: "", frequency: new Param(), stop: function () {},
                  start: function () { window.__audio.started++; } });
  };
  FakeContext.prototype.createGain = function () { return node({ gain: new Param() }); };
  FakeContext.prototype.createBiquadFilter = function () {
    return node({ type: "", frequency: new Param() });
  };
  FakeContext.prototype.createBuffer = function (c, n) {
    return { getChannelData: function () { return new Float32Array(n); } };
  };
  FakeContext.prototype.createBufferSource = function () {
    return node({ playbackRate: new Param(),
                  start: function () { window.__audio.started++; } });
  };
  FakeContext.prototype.decodeAudioData = function (data) {
    window.__audio.decoded = (window.__audio.decoded || 0) + 1;
    return Promise.resolve({ length: data.byteLength });
  };
  window.AudioContext = FakeContext;
  Object.defineProperty(Navigator.prototype, "vibrate", {
    configurable: true, value: function (p) { window.__buzz.push(p); return true; } });
  document.addEventListener("gin:event", function (e) { window.__events.push(e.detail.kind); });
})();
"""


def recorded(page: Any) -> dict[str, Any]:
    """What the page has made, started and dispatched since it loaded."""
    return dict(page.evaluate("({audio: window.__audio, buzz: window.__buzz, "
                              "events: window.__events})"))
