/* Round clocks (templates/_clock.html): count down from the server's deadline each second;
   a paused clock has no deadline and keeps the text the server rendered. Live-refreshed
   fragments bring new deadlines (pause, extension), read again on every tick. */
(function () {
  function pad(n) { return n < 10 ? "0" + n : "" + n; }
  function fmt(s) {
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), x = s % 60;
    return h ? h + ":" + pad(m) + ":" + pad(x) : m + ":" + pad(x);
  }
  function tick() {
    document.querySelectorAll("[data-clock-deadline]").forEach(function (el) {
      var deadline = parseInt(el.dataset.clockDeadline, 10);
      if (!deadline) return;
      var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      var time = el.querySelector(".clock-time");
      if (time) time.textContent = fmt(left);
      var up = el.querySelector(".clock-up");
      if (up) up.hidden = left > 0;
      el.classList.toggle("clock-time_up", left === 0);
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("live:updated", tick);
})();
