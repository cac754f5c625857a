// The rule profile chosen on a new-match or new-tournament form fills in the house rules at once.
// Without this script the form's "Use" button sends the form back with them filled in.
(function () {
  "use strict";
  var select = document.querySelector("select[data-profile]");
  if (!select) return;
  var form = select.form;
  var said = form.querySelector(".profile-filled");
  form.querySelectorAll(".use-profile").forEach(function (button) { button.hidden = true; });

  select.addEventListener("change", function () {
    var chosen = select.options[select.selectedIndex];
    if (!chosen || !chosen.dataset.options) return;
    var values = JSON.parse(chosen.dataset.options);
    Object.keys(values).forEach(function (key) {
      var field = form.elements["opt_" + key];
      if (!field) return;
      if (field.type === "checkbox") {
        field.checked = values[key] === true;
      } else {
        field.value = String(values[key]);
      }
    });
    if (said) said.textContent = said.dataset.filled.replace("{name}", chosen.textContent);
  });
})();
