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
  // A new event: the address made from the name, shown in the empty address box.
  var url = form.dataset.addressUrl;
  var name = form.elements.namedItem("name");
  var slug = form.elements.namedItem("slug");
  if (!url || !name || !slug) return;
  var blank = slug.placeholder;
  var timer = null;
  name.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var typed = name.value.trim();
      if (!typed) { slug.placeholder = blank; return; }
      fetch(url + "?name=" + encodeURIComponent(typed), {credentials: "same-origin"})
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (data && data.address && name.value.trim() === typed) slug.placeholder = data.address;
        })
        .catch(function () {});  // the address is still made when the form is sent
    }, 250);
  });
})();
