"""Every page, PDF and document that says a profile answers as it did when the profile
was written out in one shape (``rules/house.py``): the rules page (each profile, each
comparison), the house-rules form and page, the blank sheets' reminder (their text),
``/api/v1/profiles``, ``scorekeeper profiles`` and ``--export``, for every built-in profile,
house rules over each, and every language.

``profile_outputs.json`` holds the digest of each answer as the code gave it before, and
``profile_texts.json`` the text of the papers and of the command's and API's answers, so
that a difference there is named by its first line (the pages' HTML, far larger, by their
digest alone: ``SCOREKEEPER_DUMP_OUTPUTS`` dumps them to compare); run with
``SCOREKEEPER_WRITE_OUTPUTS=1`` and ``-n 0`` to write both again (only for a change meant to
be seen; each test adds its own to the files, one process at a time).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader
from web_support import hidden_fields

from scorekeeper import rules
from scorekeeper.cli import main
from scorekeeper.i18n import LOCALES

#: What a profile says, whatever the database: the house rules it stores on the way are
#: stored on PostgreSQL by test_web_house.py.
pytestmark = pytest.mark.any_database

FIXTURE = Path(__file__).with_name("profile_outputs.json")
TEXTS = Path(__file__).with_name("profile_texts.json")
#: A family's numbers over each built-in profile: a different joker, target and going out.
FAMILY = {"name": "Casa da vó", "joker": "50", "target": "5000", "going_out": "200"}
#: What changes from one request to the next: form tokens and write keys.
_VOLATILE = re.compile(r'(name="(?:csrf_token|idem)"[^>]*? value=")[^"]*(")')
_QR = re.compile(r'<svg [^>]*class="segno".*?</svg>', re.S)
_VERSION = re.compile(r"([?&;](?:v|pack)=)[0-9a-f]{12}")


def _digest(text: str | bytes) -> str:
    data = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def _get(client, url: str, lang: str) -> str:
    response = client.get(url, headers={"Accept-Language": lang.replace("_", "-")})
    assert response.status_code == 200, (url, lang, response.status_code)
    return _VOLATILE.sub(r"\1\2", response.get_data(as_text=True))


def _pdf(client, url: str, lang: str) -> str:
    response = client.get(url, headers={"Accept-Language": lang.replace("_", "-")})
    assert response.status_code == 200, (url, lang)
    pages = PdfReader(io.BytesIO(response.data)).pages
    return "\n".join(page.extract_text() for page in pages)


def _house(client, base: str) -> str:
    url = f"/rules/house/new?base={base}"
    page = client.get(url).get_data(as_text=True)
    fields = dict(re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"', page))
    fields.update(hidden_fields(page))
    fields.pop("semi_clean", None)
    if 'name="semi_clean" checked' in page or re.search(r'name="semi_clean"[^>]*checked', page):
        fields["semi_clean"] = "y"
    saved = client.post(url, data={**fields, **FAMILY, "action": "save"})
    assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    return saved.headers["Location"].rsplit("/h/", 1)[1]


def _cli(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def _everywhere(client) -> dict[str, str]:
    """What says the profiles in no language: the CLI and the API."""
    ids = list(rules.PROFILES)
    return {
        "cli profiles": _cli("profiles"),
        **{f"cli export {p}": _cli("profiles", "--export", p) for p in ids},
        "api profiles": client.get("/api/v1/profiles").get_data(as_text=True),
    }


def _in(client, lang: str) -> dict[str, str]:
    """Every page and sheet that says a profile, in ``lang``, keyed ``"<lang> …"``."""
    ids = list(rules.PROFILES)
    found: dict[str, str] = {}
    houses = {p: _house(client, p) for p in ids}
    for p in ids:
        found[f"{lang} rules {p}"] = _get(client, f"/rules?profile={p}", lang)
        for q in ids:
            if q != p:
                found[f"{lang} rules {p} vs {q}"] = _get(
                    client, f"/rules?profile={p}&compare={q}", lang)
        found[f"{lang} house form {p}"] = _get(client, f"/rules/house/new?base={p}", lang)
        found[f"{lang} sheet {p}"] = _pdf(client, f"/sheets/{p}.pdf", lang)
        token = houses[p]
        for name, url in ((f"house rules {p}", f"/rules?profile=house:{token}"),
                          (f"house rules {p} vs base", f"/rules?profile=house:{token}"
                                                       f"&compare={p}"),
                          (f"house page {p}", f"/h/{token}"),
                          (f"house edit {p}", f"/h/{token}/edit")):
            found[f"{lang} {name}"] = _get(client, url, lang)
        found[f"{lang} house sheet {p}"] = _pdf(client, f"/h/{token}/sheet.pdf", lang)
    return {key: _steady(text, houses) for key, text in found.items()}


def _steady(text: str, houses: dict[str, str]) -> str:
    """``text`` without what differs from one run to the next: the house rules' links
    (the rules page lists those the phone keeps) and their QR codes, and the versions of
    the static files and of the offline pack (any change to a script changes them)."""
    for n, token in enumerate(houses.values()):
        text = text.replace(token, f"TOKEN{n}")
    return _VERSION.sub(r"\1V", _QR.sub("QR", text))


def _as_before(texts: dict[str, str], mine: Callable[[str], bool]) -> None:
    """``texts`` hold the digests kept for them: exactly the kept keys that ``mine`` says
    are theirs (each language's test and the one of the CLI and the API share the file,
    and together hold every key of it)."""
    if os.environ.get("SCOREKEEPER_DUMP_OUTPUTS"):  # to see what changed: diff two dumps
        dump = Path(os.environ["SCOREKEEPER_DUMP_OUTPUTS"])
        dump.write_text(json.dumps({**(json.loads(dump.read_text()) if dump.exists() else {}),
                                    **texts}, indent=1))
    found = {key: _digest(text) for key, text in texts.items()}
    if os.environ.get("SCOREKEEPER_WRITE_OUTPUTS"):
        FIXTURE.write_text(json.dumps({**json.loads(FIXTURE.read_text()), **found}, indent=1,
                                      sort_keys=True) + "\n")
        written = {key: text for key, text in texts.items() if _text_kept(key)}
        TEXTS.write_text(json.dumps({**json.loads(TEXTS.read_text()), **written}, indent=1,
                                    ensure_ascii=False, sort_keys=True) + "\n")
    kept = {key: digest for key, digest in json.loads(FIXTURE.read_text()).items()
            if mine(key)}
    assert sorted(found) == sorted(kept)
    before = json.loads(TEXTS.read_text())
    changed = [_difference(key, before.get(key), texts[key]) for key in kept
               if found[key] != kept[key]]
    assert not changed, "\n".join(changed)


def _text_kept(key: str) -> bool:
    """Whether the text of ``key`` is kept beside its digest: a paper's, the command's, the
    API's."""
    return key.endswith(" sheet " + key.rsplit(" ", 1)[-1]) or _lang_of(key) is None


def _difference(key: str, before: str | None, now: str) -> str:
    """What changed in ``key``: its first line that differs, when its text was kept."""
    if before is None:
        return f"{key}: its digest (its text is not kept)"
    was, new = before.splitlines(), now.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(was, new, strict=False)) if a != b),
                 min(len(was), len(new)))
    return f"{key}, line {first + 1}: {was[first:first + 2]!r} → {new[first:first + 2]!r}"


def test_a_changed_paper_is_named_by_its_first_line_that_differs():
    assert _text_kept("fr sheet burraco")
    assert _text_kept("fr house sheet burraco")
    assert _text_kept("cli profiles")
    assert not _text_kept("fr rules burraco")
    said = _difference("fr sheet burraco", "Burraco\nObiettivo 2005\nFine",
                       "Burraco\nObiettivo 2 005\nFine")
    assert said == ("fr sheet burraco, line 2: ['Obiettivo 2005', 'Fine'] → "
                    "['Obiettivo 2 005', 'Fine']")
    assert _difference("fr rules burraco", None, "x") == \
        "fr rules burraco: its digest (its text is not kept)"


def _lang_of(key: str) -> str | None:
    first = key.split(" ", 1)[0]
    return first if first in LOCALES else None


def test_the_cli_and_the_api_say_every_profile_as_before(client):
    _as_before(_everywhere(client), lambda key: _lang_of(key) is None)


@pytest.mark.parametrize("lang", LOCALES)
def test_every_profile_answers_as_before(client, lang):
    _as_before(_in(client, lang), lambda key: _lang_of(key) == lang)
