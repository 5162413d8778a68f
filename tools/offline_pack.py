"""Build the offline pack: the phone's own referee, served from the app's static files.

    python tools/offline_pack.py

Writes ``scorekeeper/static/pack/`` (not in git; ``make setup`` runs this):

- Pyodide's files, copied from the npm package ``pyodide`` (``npm ci`` installs it in
  ``node_modules/``; never a CDN, never a download at run time);
- ``referee.zip``: the referee from this source tree (``scorekeeper/rules/`` and the
  Flask-free modules that ``scorekeeper.phone`` names in ``PACKED``) with the compiled
  catalogs, so that the phone answers in the players' language with the same code;
- ``manifest.json``: each file with its size and the pack's digest (``version``).

A file is rewritten only when its bytes change, and the zip is built with fixed dates,
so that a pack built twice from the same tree is the same pack.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.phone import PACKED  # noqa: E402

PYODIDE = ROOT / "node_modules" / "pyodide"
#: What a browser needs from the npm package to run Python (no packages beyond the
#: standard library: the referee needs none).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
PACK = ROOT / "scorekeeper" / "static" / "pack"
FIXED_DATE = (2020, 1, 1, 0, 0, 0)


def referee_zip() -> bytes:
    """The referee's sources and the compiled catalogs, as a zip Pyodide unpacks."""
    package = ROOT / "scorekeeper"
    files = [package / name for name in PACKED] + sorted((package / "rules").glob("*.py"))
    catalogs = sorted((ROOT / "translations").glob("*/LC_MESSAGES/messages.mo"))
    if not catalogs:
        raise SystemExit("no compiled catalogs: run `make catalogs` first")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            _add(archive, "scorekeeper/" + path.relative_to(package).as_posix(), path)
        for path in catalogs:
            _add(archive, "scorekeeper/translations/" +
                 path.relative_to(ROOT / "translations").as_posix(), path)
    return out.getvalue()


def _add(archive: zipfile.ZipFile, name: str, path: Path) -> None:
    info = zipfile.ZipInfo(name, FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, path.read_bytes())


def _write(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def main() -> int:
    """Build the pack; a clear message when Pyodide is not installed."""
    if not (PYODIDE / "package.json").exists():
        print("node_modules/pyodide is missing: run `npm ci` first", file=sys.stderr)
        return 1
    PACK.mkdir(parents=True, exist_ok=True)
    contents = {name: (PYODIDE / name).read_bytes() for name in PYODIDE_FILES}
    contents["referee.zip"] = referee_zip()
    digest = hashlib.sha256()
    for name, data in sorted(contents.items()):
        digest.update(name.encode())
        digest.update(hashlib.sha256(data).digest())
        _write(PACK / name, data)
    pyodide_version = json.loads((PYODIDE / "package.json").read_text())["version"]
    manifest = {"version": digest.hexdigest()[:12], "pyodide": pyodide_version,
                "files": {name: len(data) for name, data in sorted(contents.items())}}
    _write(PACK / "manifest.json", json.dumps(manifest, indent=1).encode())
    print(f"offline pack {manifest['version']}: {sum(manifest['files'].values()):,} bytes "
          f"in {len(contents)} files (Pyodide {pyodide_version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
