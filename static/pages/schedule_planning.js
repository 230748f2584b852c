/* The schedule page while a worker plans the schedule: ask the status URL every two
   seconds and reload the page once the plan is stored or failed (the page then shows the
   repeat count, or the problems). A file, not an inline script: the CSP forbids those. */
(function () {
  "use strict";
  var box = document.getElementById("schedule-planning");
  if (!box || !window.fetch || !box.dataset.url) return;
  var busy = false;
  function tick() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(box.dataset.url, {cache: "no-store", credentials: "same-origin",
                            headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (state && state.planning === false) window.location.reload();
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  setInterval(tick, 2000);
})();
