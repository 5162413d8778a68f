"""A plain install of the built wheel is complete: compiled catalogs, templates, French."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str, cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False, **kw)


def _source_tree(target: Path) -> Path:
    """The project's files as a clone has them: no compiled catalog, no virtualenv."""
    listed = _run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard",
                  cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    assert not list(target.glob("translations/*/LC_MESSAGES/*.mo"))
    return target


def test_the_built_wheel_answers_in_french(tmp_path):
    source = _source_tree(tmp_path / "src")
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "-q", "-w", str(tmp_path / "dist"), str(source), cwd=tmp_path)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("scorekeeper-*.whl"))
    venv = tmp_path / "venv"
    made = _run(sys.executable, "-m", "venv", "--without-pip", str(venv), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    bin_dir = venv / "bin"
    installed = _run(sys.executable, "-m", "pip", "--python", str(bin_dir / "python"),
                     "install", "-q", "--no-deps", "--no-index", str(wheel), cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-2000:]
    # The dependencies come from this environment; scorekeeper itself only from the wheel.
    site = Path(_run(str(bin_dir / "python"), "-c",
                     "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                     cwd=tmp_path).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    check = _run(str(bin_dir / "scorekeeper"), "check", "--lang", "fr", "3H 4X", cwd=tmp_path)
    assert check.returncode == 2
    assert "Carte inconnue" in check.stderr, check.stderr

    page = _run(str(bin_dir / "python"), "-c", textwrap.dedent(f"""
        import scorekeeper
        from scorekeeper.app import create_app
        assert "site-packages" in scorekeeper.__file__, scorekeeper.__file__
        app = create_app({{"TESTING": True, "SECRET_KEY": "x",
                          "DATABASE_URL": "sqlite:///{tmp_path / 'w.sqlite3'}"}})
        html = app.test_client().get("/check", headers={{"Accept-Language": "fr"}}).text
        print(html)
        """), cwd=tmp_path)
    assert page.returncode == 0, page.stderr[-2000:]
    assert '<html lang="fr"' in page.stdout
    assert "Vérifier" in page.stdout or "Règles" in page.stdout
