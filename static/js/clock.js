// A round's clock counts down to the end time the server gave (data-ends, ms since the epoch); at zero
// it says the round's last deal (data-last). Without this script the page says when time is up.
(function () {
  "use strict";
  function tick() {
    var clocks = document.querySelectorAll("[data-ends]");
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i], left = Math.round((Number(clock.dataset.ends) - Date.now()) / 1000);
      var shown = clock.querySelector("[data-countdown]");
      if (!shown) { continue; }
      if (left > 0) {
        shown.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      } else {
        shown.textContent = clock.dataset.last;
        clock.classList.add("phase-last-deal");
        clock.removeAttribute("data-ends");
      }
    }
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("clock:shown", tick);  // a page put a new clock in place (the wall's live part)
})();
