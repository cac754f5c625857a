// Tap the cards of a meld instead of typing their codes. Each textarea with data-deck gets
// a card grid; "Add meld" appends the tapped cards as one meld ("AH KH QH; JS JH JD JC").
// A field with data-mode="append" (who won each trick) adds each tapped seat in turn.
(function () {
  "use strict";
  var SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var labels = document.body.dataset;

  function appendOnly(area) {
    var bar = document.createElement("div");
    bar.className = "seat-taps";
    area.dataset.deck.split(" ").forEach(function (seat) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "button small";
      button.textContent = seat;
      button.addEventListener("click", function () {
        area.value = (area.value.trim() + " " + seat).trim();
        area.dispatchEvent(new Event("input", {bubbles: true}));
      });
      bar.appendChild(button);
    });
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "button small";
    clear.textContent = labels.clearMelds;
    clear.addEventListener("click", function () {
      area.value = "";
      area.dispatchEvent(new Event("input", {bubbles: true}));
    });
    bar.appendChild(clear);
    area.insertAdjacentElement("afterend", bar);
  }

  function build(area) {
    if (area.dataset.mode === "append") { appendOnly(area); return; }
    var deck = area.dataset.deck.split(" ");
    var picked = [];
    var box = document.createElement("div");
    box.className = "card-picker";
    box.hidden = true;
    var grid = document.createElement("div");
    grid.className = "card-grid";
    deck.forEach(function (code) {
      var suit = code.slice(-1), rank = code.slice(0, -1);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "playing-card suit-" + suit;
      button.textContent = code === "JOKER" ? labels.joker : rank + (SYMBOL[suit] || "");
      button.setAttribute("aria-pressed", "false");
      button.dataset.code = code;
      button.addEventListener("click", function () {
        var at = picked.indexOf(code);
        if (at >= 0) { picked.splice(at, 1); } else { picked.push(code); }
        button.setAttribute("aria-pressed", at >= 0 ? "false" : "true");
      });
      grid.appendChild(button);
    });
    var add = document.createElement("button");
    add.type = "button";
    add.className = "button small primary";
    add.textContent = labels.addMeld;
    add.addEventListener("click", function () {
      if (!picked.length) return;
      var text = area.value.trim();
      area.value = (text ? text + "; " : "") + picked.join(" ");
      picked = [];
      grid.querySelectorAll("[aria-pressed=true]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
      area.dispatchEvent(new Event("input", {bubbles: true}));
    });
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "button small";
    clear.textContent = labels.clearMelds;
    clear.addEventListener("click", function () {
      area.value = "";
      area.dispatchEvent(new Event("input", {bubbles: true}));
    });
    var bar = document.createElement("div");
    bar.className = "picker-actions";
    bar.appendChild(add);
    bar.appendChild(clear);
    box.appendChild(grid);
    box.appendChild(bar);
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "button small picker-toggle";
    toggle.textContent = labels.tapCards;
    toggle.setAttribute("aria-expanded", "false");
    toggle.addEventListener("click", function () {
      box.hidden = !box.hidden;
      toggle.setAttribute("aria-expanded", box.hidden ? "false" : "true");
    });
    area.insertAdjacentElement("afterend", box);
    area.insertAdjacentElement("afterend", toggle);
  }

  document.querySelectorAll("[data-deck]").forEach(build);
})();
