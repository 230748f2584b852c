/* Colour a cell as soon as its kind changes (the page works without this). */
(function () {
  "use strict";
  var grid = document.getElementById("board-grid");
  if (!grid) return;
  grid.addEventListener("change", function (e) {
    if (e.target.name && e.target.name.startsWith("k-")) e.target.parentElement.className = "k-" + e.target.value;
  });
})();
