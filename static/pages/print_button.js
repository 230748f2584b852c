/* Buttons marked data-print print the page (no inline onclick: see the CSP). */
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.addEventListener("click", function () { window.print(); });
});
