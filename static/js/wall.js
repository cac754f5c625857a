// The wall asks for its live part every data-seconds and puts it in place when it changed (no reload,
// no flash); a standings table taller than its box scrolls by itself, slowly, pausing at each end.
(function () {
  "use strict";
  var wall = document.getElementById("wall");
  if (!wall) { return; }
  var seconds = Number(wall.dataset.seconds) || 15, shown = null;
  var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var offset = 0, wait = 0, step = 0.5;
  function scroll() {
    var box = wall.querySelector("[data-scroll]");
    if (box && box.scrollHeight > box.clientHeight + 2 && !still) {
      if (wait > 0) { wait -= 1; }
      else {
        offset += step;
        if (offset >= box.scrollHeight - box.clientHeight || offset <= 0) { step = -step; wait = 180; }
        box.scrollTop = offset;
      }
    }
    window.requestAnimationFrame(scroll);
  }
  function poll() {
    fetch(wall.dataset.live, { headers: { "Accept": "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (live) {
        var html = live && live.html;
        if (html && html !== shown) {
          wall.innerHTML = html;
          shown = html;
          document.dispatchEvent(new Event("clock:shown"));
          var box = wall.querySelector("[data-scroll]");
          if (box) { box.scrollTop = offset; }
        }
      })
      .catch(function () { /* the network is back at the next poll */ })
      .then(function () { setTimeout(poll, seconds * 1000); });
  }
  wait = 180;
  window.requestAnimationFrame(scroll);
  setTimeout(poll, seconds * 1000);
})();
