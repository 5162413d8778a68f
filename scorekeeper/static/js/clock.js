/* The turn's clock of a club's evening (templates/_event.html, web/evening/clock.py): the
   seconds left that the page was served with, counted down here between two views; the
   warning of the last minutes and the time-out's rule shown when they come. The server
   says what the time is at each view; this only moves the figures in between. A page that
   follows the evening (static/js/follow.js) puts the server's clock of the turn in play in
   place at each look: a turn's clock never outlives its turn.
   The big screen's sound: once its box is ticked ([data-sound], off until then), a beep
   (the browser's Web Audio, no file) when the clock comes to a minute before time. */
(function () {
  "use strict";
  var S = window.Scorekeeper = window.Scorekeeper || {};
  if (S.clock) { return; }  // named twice on a page (its head, the clock's own): once is enough
  S.clock = true;
  var MINUTE = 60;
  var started = Date.now(), last = null, audio = null, rang = -Infinity;
  var sound = document.querySelector("[data-sound]");

  function two(n) { return (n < 10 ? "0" : "") + n; }

  /* three short tones (a tick of the box plays one, to hear that it works) */
  function beep(times) {
    if (!audio) { return; }
    var now = audio.currentTime;
    for (var i = 0; i < times; i++) {
      var at = now + 0.4 * i, tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    }
  }

  function tick() {
    var now = null;
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
      now = left;
    });
    /* a minute before time: the clock seen above it at the last tick, at or below it now
       (once: the server's next figure a second above the page's own rings no more) */
    if (sound && sound.checked && last !== null && now !== null && last > MINUTE &&
        now <= MINUTE && now > 0 && Date.now() - rang > 2 * MINUTE * 1000) {
      rang = Date.now();
      beep(3);
    }
    last = now;
  }

  if (sound) {
    sound.addEventListener("change", function () {
      if (!sound.checked) { return; }
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) { sound.checked = false; sound.disabled = true; return; }
      audio = audio || new Context();
      audio.resume();
      beep(1);
    });
  }
  /* a page whose content was replaced (the big screen's, the room's) starts again from
     its figures */
  document.addEventListener("scorekeeper:replaced", function () { started = Date.now(); tick(); });
  setInterval(tick, 1000);
}());
