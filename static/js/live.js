// Live mode without reloads: each trick (and undo) is sent in the background and the deal's
// part of the page is redrawn from the server's answer. The page works without this script.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch) return;
  var sending = false;

  box.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-live")) return;
    event.preventDefault();
    if (sending) return;
    sending = true;
    var url = form.action + (form.action.indexOf("?") < 0 ? "?" : "&") + "fragment=1";
    fetch(url, {method: "POST", body: new FormData(form), credentials: "same-origin"})
      .then(function (response) {
        if (response.redirected && response.url.indexOf("fragment=1") < 0) {
          window.location = response.url;
          return null;
        }
        return response.text();
      })
      .then(function (html) { if (html !== null) box.innerHTML = html; })
      .catch(function () { form.submit(); })
      .then(function () { sending = false; });
  });
})();
