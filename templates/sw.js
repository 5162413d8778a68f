/* Scorekeeper's service worker: what it keeps and where (web/offline.py), then its code,
   plain JavaScript in static/js/sw/ (main.js; the outbox in queue.js, a match set up on
   this phone in setup.js, what it makes of a request in router.js). */
self.SCOREKEEPER = {{ config }};
importScripts({{ scripts }});
