/* Keep the phone's screen on while a match or a game is kept on this page (Screen Wake
   Lock API). The browser lets the lock go when the page is hidden, so it is asked for
   again each time the page shows; where the API is missing or refused, nothing happens. */
(function () {
  "use strict";
  if (!navigator.wakeLock || typeof navigator.wakeLock.request !== "function") {
    return;
  }
  var lock = null;
  var asking = false;

  function acquire() {
    if (asking || document.visibilityState !== "visible" || (lock && !lock.released)) {
      return;
    }
    var asked;
    try {
      asked = navigator.wakeLock.request("screen");
    } catch (err) {
      return;
    }
    asking = true;
    Promise.resolve(asked).then(function (sentinel) {
      asking = false;
      lock = sentinel;
      document.documentElement.dataset.awake = "true";
      sentinel.addEventListener("release", function () {
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () {
      asking = false;
      /* refused (battery saver, no user gesture yet…): the screen sleeps as usual */
    });
  }

  document.addEventListener("visibilitychange", acquire);
  /* some browsers grant the lock only after a first touch */
  document.addEventListener("pointerdown", acquire, { passive: true });
  acquire();
})();
