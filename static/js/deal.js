// Live score preview on the deal form: the page works without this; it only saves a tap.
(function () {
  "use strict";
  var form = document.querySelector("form.deal-form");
  if (!form) return;

  // The inputs a contract asks: shown and hidden as it is chosen (without this script the form's
  // "Next" button asks the server for the form drawn for that contract).
  function chosen(name) {
    var field = form.elements[name];
    if (!field) return "";
    if (field.type === "checkbox") return field.checked ? "y" : "";
    return field.value || "";
  }
  function disclose() {
    form.querySelectorAll(".when").forEach(function (box) {
      box.hidden = box.dataset.values.split(" ").indexOf(chosen(box.dataset.when)) < 0;
    });
    form.querySelectorAll("fieldset.card").forEach(function (set) {
      var parts = Array.prototype.filter.call(set.children, function (el) { return el.tagName !== "LEGEND"; });
      set.hidden = parts.length > 0 && parts.every(function (el) { return el.hidden; });
    });
  }
  form.querySelectorAll(".next-step").forEach(function (button) { button.hidden = true; });
  disclose();
  form.addEventListener("change", disclose);
  // Stop a double tap from sending the form twice (the server also records it once).
  form.addEventListener("submit", function (event) {
    if (form.dataset.sending === "1") { event.preventDefault(); return; }
    var button = event.submitter;
    if (button && button.value !== "next" && button.value !== "preview") {
      form.dataset.sending = "1";
      setTimeout(function () { form.dataset.sending = ""; }, 4000);
    }
  });
  if (!window.fetch || !form.dataset.previewUrl) return;  // a line of RULES §8 has no preview
  var box = document.getElementById("preview");
  var line = document.getElementById("preview-line");
  var timer = null;
  var pending = null;

  // The sticky bar's one line: the scores of the preview below the form (which the screen reader
  // hears; the line is for the eyes), kept in view while the form scrolls.
  function showLine() {
    var preview = box.querySelector(".preview"), scores = box.querySelector(".preview-scores");
    line.hidden = !scores;
    line.className = "preview-line" + (preview && preview.classList.contains("made") ? " made" :
      preview && preview.classList.contains("failed") ? " failed" : "");
    line.textContent = "";
    if (!scores) return;
    var verdict = preview.getAttribute("data-verdict");
    if (verdict) {
      var word = document.createElement("span");
      word.className = "verdict-word";
      word.textContent = verdict;
      line.appendChild(word);
    }
    scores.querySelectorAll("span").forEach(function (side) { line.appendChild(side.cloneNode(true)); });
  }

  function refresh() {
    var data = new FormData(form);
    data.set("action", "preview");
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(form.dataset.previewUrl, {method: "POST", body: data, signal: pending.signal,
                                    credentials: "same-origin"})
      .then(function (response) { return response.text(); })
      .then(function (html) { box.innerHTML = html; showLine(); })
      .catch(function () { /* offline or aborted: the buttons still work */ });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }

  showLine();
  form.addEventListener("input", later);
  form.addEventListener("change", later);
})();
