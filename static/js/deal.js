// Live score preview on the deal form: the page works without this; it only saves a tap.
(function () {
  "use strict";
  var form = document.querySelector("form.deal-form");
  if (!form || !window.fetch) return;
  var box = document.getElementById("preview");
  var timer = null;
  var pending = null;

  function refresh() {
    var data = new FormData(form);
    data.set("action", "preview");
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(form.dataset.previewUrl, {method: "POST", body: data, signal: pending.signal,
                                    credentials: "same-origin"})
      .then(function (response) { return response.text(); })
      .then(function (html) { box.innerHTML = html; })
      .catch(function () { /* offline or aborted: the buttons still work */ });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }

  form.addEventListener("input", later);
  form.addEventListener("change", later);
  // Stop a double tap from sending the form twice (the server also records it once).
  form.addEventListener("submit", function (event) {
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    var button = event.submitter;
    if (button && button.value === "save") {
      form.dataset.sending = "1";
      setTimeout(function () { form.dataset.sending = ""; }, 4000);
    }
  });
})();
