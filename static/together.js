// Review together (app.review.together): keeps both players of a friend match on the
// same position of a finished hand's review. A step taken here (review.js's
// "review:step") is posted with the version it was taken at; the live stream
// (…/together/events, "step": "<hand> <position> <version>") shows each step either
// player took. A stale step (both at once) is refused by the server, and the stream
// brings the position that won.

const review = document.getElementById("review");
if (review && review.getAttribute("data-together")) setup(review);

function setup(review) {
  var url = review.getAttribute("data-together");
  var version = parseInt(review.getAttribute("data-version"), 10) || 0;
  var hand = /\/(\d+)\/together$/.exec(url)[1];
  var status = document.getElementById("together-status");

  function follow(text) {
    if (!/^\d+ \d+ \d+$/.test(text)) return;
    var parts = text.split(" ");
    version = parseInt(parts[2], 10);
    review.setAttribute("data-version", String(version));
    if (parts[0] !== hand) return;
    review.setAttribute("data-step", parts[1]);
    review.dispatchEvent(new CustomEvent("review:show", { detail: parseInt(parts[1], 10) }));
  }

  review.addEventListener("review:step", function (e) {
    var body = new URLSearchParams({ step: String(e.detail), version: String(version) });
    fetch(url, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (r) { return r.text().then(function (t) { return [r.ok, t]; }); })
      .then(function (pair) { follow(pair[1]); })
      .catch(function () { if (status) status.textContent = "…"; });
  });
  var source = new EventSource(url + "/events");
  source.addEventListener("step", function (e) { follow(e.data); });
}
