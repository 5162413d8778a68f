/* The turn's clock of a club's evening (templates/_event.html, web/eventclock.py): the
   seconds left that the page was served with, counted down here between two views; the
   warning of the last minutes and the time-out's rule shown when they come. The server
   says what the time is at each view; this only moves the figures in between. A page that
   follows the evening (static/js/follow.js) puts the server's clock of the turn in play in
   place at each look: a turn's clock never outlives its turn. */
(function () {
  "use strict";
  var S = window.Scorekeeper = window.Scorekeeper || {};
  if (S.clock) { return; }  // named twice on a page (its head, the clock's own): once is enough
  S.clock = true;
  var started = Date.now();
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      var served = Number(clock.getAttribute("data-left"));
      var warn = Number(clock.getAttribute("data-warn"));
      var left = Math.max(0, served - Math.floor((Date.now() - started) / 1000));
      var time = clock.querySelector("[data-time]");
      if (time) { time.textContent = Math.floor(left / 60) + ":" + two(left % 60); }
      var warning = left > 0 && left <= warn;
      clock.classList.toggle("warning", warning);
      clock.classList.toggle("over", left === 0);
      var shown = clock.querySelector("[data-warning]");
      if (shown) { shown.hidden = !warning; }
      var over = clock.querySelector("[data-over]");
      if (over) { over.hidden = left !== 0; }
    });
  }
  /* a page whose content was replaced (the big screen's, the room's) starts again from
     its figures */
  document.addEventListener("scorekeeper:replaced", function () { started = Date.now(); tick(); });
  setInterval(tick, 1000);
}());
