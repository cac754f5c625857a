// A page that follows something going on elsewhere (the wall's standings, a booklet printing) loads
// itself again after data-seconds. Without JavaScript a <noscript> refresh does it; a refresh written
// in the page itself would be a timing the reader cannot stop (WCAG 2.2.1, axe's meta-refresh).
(function () {
  "use strict";
  var seconds = Number(document.currentScript.dataset.seconds);
  if (seconds > 0) { setTimeout(function () { window.location.reload(); }, seconds * 1000); }
})();
