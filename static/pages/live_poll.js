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
  // With the event's live stream (data-stream: /api/events/<slug>/live/) an update asks
  // for the fragment at once, and polling slows to one check in ten as a safety net; when
  // the stream is not there (a 204 without Redis, an error) polling goes on as before.
  var streaming = false, skipped = 0;
  if (settings.stream && window.EventSource) {
    var source = new EventSource(settings.stream, {withCredentials: true});
    source.onopen = function () { streaming = true; };
    source.onerror = function () { streaming = false; };
    ["round.published", "round.closed", "table.released", "standings.updated",
     "clock.changed", "event.finished", "table.state", "judge.call", "reset"]
      .forEach(function (kind) {
        source.addEventListener(kind, function () { setTimeout(tick, Math.random() * 500); });
      });
  }
  setInterval(function () {
    if (streaming && ++skipped % 10) return;
    tick();
  }, every + Math.floor(Math.random() * jitter));
})(document.currentScript.dataset);
