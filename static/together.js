// Review together (app.review.together): keeps both players of a friend match on the
// same position of a finished hand's review. A step taken here (review.js's
// "review:step") is posted with the version it was taken at; the live stream
// (…/together/events, "step": "<hand> <position> <version>") shows each step either
// player took. A stale step (both at once) is refused by the server, and the stream
// brings the position that won.
// One post at a time: steps taken while one is on its way (Forward pressed three
// times) are sent as the last of them once it is answered, with the version it
// brought, so quick steps never undo each other; until then the stream's positions
// only update the version.

const review = document.getElementById("review");
if (review && review.getAttribute("data-together")) setup(review);

function setup(review) {
  var url = review.getAttribute("data-together");
  var version = parseInt(review.getAttribute("data-version"), 10) || 0;
  var hand = /\/(\d+)\/together$/.exec(url)[1];
  var status = document.getElementById("together-status");
  var posting = false, wanted = null;

  function parse(text) {
    if (!/^\d+ \d+ \d+$/.test(text)) return null;
    var parts = text.split(" ");
    return { hand: parts[0], step: parseInt(parts[1], 10), version: parseInt(parts[2], 10) };
  }

  function follow(text, show) {
    var at = parse(text);
    if (at === null || at.version < version) return;
    version = at.version;
    review.setAttribute("data-version", String(version));
    if (!show || at.hand !== hand) return;
    review.setAttribute("data-step", String(at.step));
    review.dispatchEvent(new CustomEvent("review:show", { detail: at.step }));
  }

  function send() {
    if (posting || wanted === null) return;
    var body = new URLSearchParams({ step: String(wanted), version: String(version) });
    posting = true;
    wanted = null;
    fetch(url, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (text) {
        posting = false;
        if (status) status.textContent = "";
        follow(text, wanted === null);
        send();
      })
      .catch(function () {
        posting = false;
        if (status) status.textContent = status.getAttribute("data-offline") || "";
      });
  }

  review.addEventListener("review:step", function (e) {
    wanted = e.detail;
    send();
  });
  var source = new EventSource(review.getAttribute("data-together-events"));
  source.addEventListener("step", function (e) {
    follow(e.data, !posting && wanted === null);
  });
}
