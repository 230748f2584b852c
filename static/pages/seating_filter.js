/* Optional: filter the table map as you type (the form works without it). */
(function () {
  "use strict";
  var input = document.getElementById("find-q");
  if (!input) return;
  function fold(s) {
    s = (s || "").normalize("NFKC").toLowerCase().replace(/[\s・･\-‐ー]/g, "");
    return s.replace(/[\u30a1-\u30f6]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); });
  }
  function apply() {
    var q = fold(input.value);
    document.querySelectorAll("#live li.seat").forEach(function (li) {
      var hit = q && (fold(li.dataset.name).indexOf(q) >= 0 || fold(li.dataset.reading).indexOf(q) >= 0);
      li.classList.toggle("hit", !!hit);
    });
  }
  input.addEventListener("input", apply);
  document.addEventListener("live:updated", apply);
})();
