// Tap the cards instead of typing their codes. Each textarea with data-deck gets a card grid.
// A field of one set of cards (a hand, a pile: data-group "") takes each tapped card at once,
// and a second tap takes it out again; the grid shows what the field holds, typed or tapped.
// A field of several groups (data-group "meld" or "trick") adds the tapped cards as one group
// with "Add meld" / "Add trick" ("AH KH QH; JS JH JD JC").
// A field with data-mode="append" (who won each trick) adds each tapped seat in turn: the buttons
// show the reader's letters (data-labels: O for West in French), the field gets N E S W.
(function () {
  "use strict";
  var SYMBOL = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var labels = document.body.dataset;

  function changed(area) {
    area.dispatchEvent(new Event("input", {bubbles: true}));
  }

  function smallButton(text, extra, onClick) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button small" + (extra ? " " + extra : "");
    button.textContent = text;
    button.addEventListener("click", onClick);
    return button;
  }

  function clearButton(area) {
    return smallButton(labels.clearMelds, "", function () { area.value = ""; changed(area); });
  }

  function appendOnly(area) {
    var bar = document.createElement("div");
    bar.className = "seat-taps";
    var shown = (area.dataset.labels || area.dataset.deck).split(" ");
    area.dataset.deck.split(" ").forEach(function (seat, at) {
      bar.appendChild(smallButton(shown[at] || seat, "", function () {
        area.value = (area.value.trim() + " " + seat).trim();
        changed(area);
      }));
    });
    bar.appendChild(clearButton(area));
    area.insertAdjacentElement("afterend", bar);
  }

  function codesIn(area) {
    return area.value.trim().toUpperCase().split(/[\s,;]+/).filter(Boolean);
  }

  function build(area) {
    if (area.dataset.mode === "append") { appendOnly(area); return; }
    var grouped = Boolean(area.dataset.group);
    var picked = [];
    var box = document.createElement("div");
    box.className = "card-picker";
    box.hidden = true;
    var grid = document.createElement("div");
    grid.className = "card-grid";
    var buttons = area.dataset.deck.split(" ").map(function (code) {
      var suit = code.slice(-1), rank = code.slice(0, -1);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "playing-card suit-" + suit;
      button.textContent = code === "JOKER" ? labels.joker : rank + (SYMBOL[suit] || "");
      button.setAttribute("aria-pressed", "false");
      button.dataset.code = code;
      button.addEventListener("click", function () {
        if (!grouped) {  // one set of cards: the field itself holds what is tapped
          var codes = codesIn(area), at = codes.indexOf(code);
          if (at >= 0) { codes.splice(at, 1); } else { codes.push(code); }
          area.value = codes.join(" ");
          changed(area);
          return;
        }
        var was = picked.indexOf(code);
        if (was >= 0) { picked.splice(was, 1); } else { picked.push(code); }
        button.setAttribute("aria-pressed", was >= 0 ? "false" : "true");
      });
      grid.appendChild(button);
      return button;
    });
    var bar = document.createElement("div");
    bar.className = "picker-actions";
    if (grouped) {
      bar.appendChild(smallButton(area.dataset.group === "trick" ? labels.addTrick : labels.addMeld, "primary",
        function () {
          if (!picked.length) return;
          var text = area.value.trim();
          area.value = (text ? text + "; " : "") + picked.join(" ");
          picked = [];
          buttons.forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
          changed(area);
        }));
    } else {
      var show = function () {
        var codes = codesIn(area);
        buttons.forEach(function (b) {
          b.setAttribute("aria-pressed", codes.indexOf(b.dataset.code) >= 0 ? "true" : "false");
        });
      };
      area.addEventListener("input", show);
      show();
    }
    bar.appendChild(clearButton(area));
    box.appendChild(grid);
    box.appendChild(bar);
    var toggle = smallButton(labels.tapCards, "picker-toggle", function () {
      box.hidden = !box.hidden;
      toggle.setAttribute("aria-expanded", box.hidden ? "false" : "true");
    });
    toggle.setAttribute("aria-expanded", "false");
    area.insertAdjacentElement("afterend", box);
    area.insertAdjacentElement("afterend", toggle);
  }

  document.querySelectorAll("[data-deck]").forEach(build);
})();
