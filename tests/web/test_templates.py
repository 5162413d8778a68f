"""The templates stay readable: no line over 120 characters.

The pages are written out readably and Jinja's whitespace control (``trim_blocks``,
``lstrip_blocks``, ``{%-``) keeps what they send compact; test_web_pages.py checks their size.
"""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
LONGEST = 120  # characters, indentation included


def _long_lines(folder: Path) -> list[str]:
    """``file:line: length`` for each line of the folder's templates that is too long."""
    found = []
    for path in sorted(p for p in folder.iterdir() if p.is_file()):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if len(line) > LONGEST:
                found.append(f"{path.relative_to(TEMPLATES)}:{number}: {len(line)}")
    return found


def test_the_folder_of_templates_is_found():
    assert (TEMPLATES / "base.html").is_file()
    assert (TEMPLATES / "pdf").is_dir()


def test_page_templates_have_no_long_line():
    assert _long_lines(TEMPLATES) == []


def test_pdf_templates_have_no_long_line():
    assert _long_lines(TEMPLATES / "pdf") == []
