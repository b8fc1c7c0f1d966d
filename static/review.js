// Hand review: show one position at a time. First / Back / Forward / Last
// buttons, ArrowLeft / ArrowRight / Home / End keys and left / right swipes move
// through the hand; the address's #step-N opens a given position. Without this
// script every position is listed, so the page still works. A module (<script
// type="module">): it runs once the page is parsed.
// Review together (together.js): each step the player takes is told as a
// "review:step" event on #review (detail: the position); a "review:show" event
// (detail: a position) shows one without telling it again.

const review = document.getElementById("review");
if (review) setup(review);

function setup(review) {
  var steps = review.querySelectorAll(".review-step");
  var last = steps.length - 1;
  var nav = review.querySelector(".review-nav");
  var where = document.getElementById("review-where");
  var current = 0;

  function show(n, focus, quiet) {
    current = Math.max(0, Math.min(last, n));
    for (var i = 0; i < steps.length; i++) {
      steps[i].classList.toggle("is-current", i === current);
    }
    where.textContent = current + " / " + last;
    nav.querySelector('[data-go="first"]').disabled = current === 0;
    nav.querySelector('[data-go="back"]').disabled = current === 0;
    nav.querySelector('[data-go="forward"]').disabled = current === last;
    nav.querySelector('[data-go="last"]').disabled = current === last;
    if (history.replaceState) history.replaceState(null, "", "#step-" + current);
    if (focus) steps[current].focus();
    if (!quiet) review.dispatchEvent(new CustomEvent("review:step", { detail: current }));
  }

  function go(what) {
    if (what === "first") show(0);
    else if (what === "back") show(current - 1);
    else if (what === "forward") show(current + 1);
    else if (what === "last") show(last);
  }

  function fromHash() {
    var m = /^#step-(\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }

  review.classList.add("review--js");
  nav.hidden = false;
  nav.addEventListener("click", function (e) {
    var b = e.target.closest("[data-go]");
    if (b) go(b.getAttribute("data-go"));
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
    if (keys[e.key]) { e.preventDefault(); go(keys[e.key]); }
  });
  var x0 = null, y0 = null;
  review.addEventListener("touchstart", function (e) {
    if (e.touches.length === 1) { x0 = e.touches[0].clientX; y0 = e.touches[0].clientY; }
  }, { passive: true });
  review.addEventListener("touchend", function (e) {
    if (x0 === null) return;
    var dx = e.changedTouches[0].clientX - x0, dy = e.changedTouches[0].clientY - y0;
    x0 = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? "forward" : "back");
  }, { passive: true });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  review.addEventListener("review:show", function (e) { show(e.detail, false, true); });
  var start = review.getAttribute("data-start");
  show(start !== null ? parseInt(start, 10) : fromHash(), false, true);
}
