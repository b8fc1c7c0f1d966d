// Learn by playing: point at what the step asks (the lesson panel, #coach, names the
// control in data-teach-button and the card in data-teach-card). Run on load and after
// every swap of the table (static/table/swap.js sends "gin:swap"). Only a mark: the
// sentence names them too, and the server accepts the taught move alone. A module
// (<script type="module">): it runs once the page is parsed.

function mark() {
  document.querySelectorAll(".is-taught").forEach(function (el) {
    el.classList.remove("is-taught");
  });
  const coach = document.getElementById("coach");
  if (!coach) return;
  const card = coach.dataset.teachCard;
  const slot = card ? document.querySelector('.hand .slot[data-card="' + card + '"]') : null;
  const chosen = slot && slot.querySelector("input:checked");
  if (slot && !chosen) slot.classList.add("is-taught");
  const button = coach.dataset.teachButton ? document.getElementById(coach.dataset.teachButton) : null;
  if (button && (!slot || chosen)) button.classList.add("is-taught");
}

document.addEventListener("gin:swap", mark);
document.addEventListener("change", function (event) {
  if (event.target.matches && event.target.matches(".slot__input")) mark();
});
mark();
