// The event form: choosing a kind of event fills the settings it sets (the server does
// the same without this script, for the values left as shown: EventForm._apply_setup).
(function () {
  "use strict";
  var form = document.getElementById("event-form");
  if (!form || !form.dataset.setupPresets) return;
  var presets = JSON.parse(form.dataset.setupPresets);
  var shown = form.elements.namedItem("setup_shown");
  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name !== "setup" || !presets[target.value]) return;
    var values = presets[target.value];
    Object.keys(values).forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (input && "value" in input) input.value = String(values[name]);
    });
    if (shown) shown.value = target.value;
  });
})();
