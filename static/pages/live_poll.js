/* Live refresh: poll the element's data-url with If-None-Match (a 304 costs the server
   almost nothing) and swap the fragment in. With a marker header, only a response carrying
   it is used (an expired login redirects to another page). Settings come from the
   including <script> tag's data attributes (templates/_live_poll.html): a file, not an
   inline script, so the Content-Security-Policy can forbid inline scripts. */
(function (settings) {
  "use strict";
  var live = document.getElementById(settings.liveId || "");
  if (!live || !window.fetch || !live.dataset.url) return;
  var etag = live.dataset.etag, busy = false, marker = settings.marker || "";
  var note = settings.noteId ? document.getElementById(settings.noteId) : null;
  if (note) note.hidden = false;
  function tick() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(live.dataset.url, {headers: etag ? {"If-None-Match": etag} : {}, cache: "no-store",
                             credentials: "same-origin"})
      .then(function (r) {
        if (r.status !== 200 || (marker && r.headers.get(marker) !== "1")) return null;
        etag = r.headers.get("ETag") || etag;
        return r.text();
      })
      .then(function (html) {
        if (html === null || html === undefined) return;
        live.innerHTML = html;
        live.dataset.etag = etag;
        document.dispatchEvent(new CustomEvent("live:updated"));
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  var every = Number(settings.everyMs) || 5000, jitter = Number(settings.jitterMs) || 0;
  setInterval(tick, every + Math.floor(Math.random() * jitter));
})(document.currentScript.dataset);
