/* The phone's own referee: the project's Python referee (scorekeeper.rules, through
   scorekeeper.phone) on Pyodide, in a module Web Worker. Everything comes from the app's
   own offline pack (static/pack/, built by tools/offline_pack.py).

   Asked {id, kind, body, lang, notation}, it answers {id, status, doc} as
   POST /api/v1/<kind>?lang=&notation= answers; {id, status: 0, error} when Python
   cannot start (the pack never reached the phone). It says {alive: true}
   as soon as it runs, then every second.

   Starting Python means running its whole start-up; the first start on a phone then
   keeps a snapshot of Python's memory with the referee imported (Cache Storage, one per
   pack version), and every later start restores it instead: a page's worker answers in
   a fraction of the first start's time. */
/* Pyodide's loader, imported when Python first starts (not with this script): the
   worker says it is alive before anything of the pack is read */
let loader = null;
function loadPyodide(options) {
  if (!loader) { loader = import("../pack/pyodide.mjs"); }
  return loader.then((module) => module.loadPyodide(options));
}

const pack = new URL("../pack/", import.meta.url).href;
const version = new URL(import.meta.url).searchParams.get("pack") || "unversioned";
const SNAPSHOTS = "scorekeeper-referee-";
const SNAPSHOT = SNAPSHOTS + version;
const KEY = pack + "snapshot";

async function kept() {
  if (!self.caches) { return null; }
  const hit = await (await caches.open(SNAPSHOT)).match(KEY);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

async function keep(snapshot) {
  if (!self.caches) { return; }
  for (const name of await caches.keys()) {
    if (name.startsWith(SNAPSHOTS) && name !== SNAPSHOT) { await caches.delete(name); }
  }
  await (await caches.open(SNAPSHOT)).put(KEY, new Response(snapshot));
}

/* The referee's files (and its catalogs) on Python's file system: a snapshot holds the
   imported modules, not the files, which gettext reads when a language is first asked. */
async function unpack(py) {
  const zip = await fetch(pack + "referee.zip");
  if (!zip.ok) { throw new Error("referee.zip: " + zip.status); }
  py.unpackArchive(await zip.arrayBuffer(), "zip", {extractDir: "/referee"});
  py.runPython("import sys\nif '/referee' not in sys.path: sys.path.insert(0, '/referee')");
}

async function restored() {
  const snapshot = await kept().catch(() => null);
  if (!snapshot) { return null; }
  try {
    const py = await loadPyodide({indexURL: pack, _loadSnapshot: snapshot});
    await unpack(py);
    return py;
  } catch (err) {
    return null;  /* a snapshot this Pyodide cannot read: start afresh */
  }
}

async function started() {
  const py = await loadPyodide({indexURL: pack, _makeSnapshot: true});
  await unpack(py);
  py.runPython("import scorekeeper.phone");
  try { await keep(py.makeMemorySnapshot()); } catch (err) { /* no room: start afresh next time */ }
  return py;
}

/* alive, said at once and then every second to the page that watches it (app.js), while
   Python starts too: a worker that never says a word is taken for dead */
self.postMessage({alive: true});
setInterval(() => self.postMessage({alive: true}), 1000);

/* One first start at a time on the phone: a page's worker that finds none kept waits for
   another page's (or another worker's) start under way, then restores its snapshot,
   rather than start Python beside it (two first starts at once on a phone's cores take
   each about twice as long). A worker that ends lets go of it (Web Locks). */
function alone(work) {
  const locks = self.navigator && navigator.locks;
  return locks ? locks.request(SNAPSHOT, work) : work();
}

/* Python started at the first question; ``fresh``: without the kept snapshot (the page
   starts a worker that failed once again so, in case the snapshot is what fails). */
let ready = null;
function start(fresh) {
  return (async () => {
    const py = (fresh ? null : await restored()) ||
      (await alone(async () => (fresh ? null : await restored()) || started()));
    return py.pyimport("scorekeeper.phone").answer;
  })();
}

self.onmessage = async (event) => {
  const {id, fresh, ...asked} = event.data;
  if (!ready) { ready = start(fresh); }
  try {
    const answer = await ready;
    self.postMessage({id, ...JSON.parse(answer(JSON.stringify(asked)))});
  } catch (err) {
    self.postMessage({id, status: 0, error: String(err && err.message || err)});
  }
};
