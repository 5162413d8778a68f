"""PDF exports: a match's summary, blank score sheets per profile, the Burro sheet.

Importing ``scorekeeper.pdf`` is cheap: it loads WeasyPrint on the first render.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Any

from flask import Blueprint, Response, abort, request

from scorekeeper import pdf, rules
from scorekeeper.db import reader
from scorekeeper.i18n import LOCALES
from scorekeeper.models import Match, match_snapshot
from scorekeeper.web.common import locale_code
from scorekeeper.web.scoreboard import kept_key, load_match

bp = Blueprint("exports", __name__)


def paper() -> str:
    """The paper a download asks for (``?paper=``), else the first of the engine's."""
    wanted = request.args.get("paper", "")
    return next((p for p in pdf.PAPERS if p.lower() == wanted.lower()), pdf.PAPERS[0])


def send_pdf(data: bytes, filename: str) -> Response:
    """A PDF to show in the browser, under ``filename`` when it is kept."""
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def file_name(name: str, day: date, extension: str, fallback: str) -> str:
    """``scorekeeper-sunday-at-ana-s-2026-11-30.pdf``: a match's (a table's) name and day,
    never its row number (which would tell how many the server holds).

    >>> file_name("Vovó & Tio João", date(2026, 11, 30), "json", "table")
    'scorekeeper-vovo-tio-joao-2026-11-30.json'
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_name.lower()))[:60].strip("-") or fallback
    return f"scorekeeper-{slug}-{day:%Y-%m-%d}.{extension}"


def _file_name(match: Match) -> str:
    return file_name(match.name, match.created, "pdf", "match")


def language() -> str:
    """The summary's language: the one chosen beside the download link (``?lang=``),
    else the page's (a match does not record the language it was created in)."""
    wanted = request.args.get("lang", "")
    return wanted if wanted in LOCALES else locale_code()


def _summary(match: Match | None) -> Response:
    if match is None:
        abort(404)
    data = pdf.render_saved_summary(kept_key(match), lambda: match_snapshot(match),
                                    language(), paper())
    return send_pdf(data, _file_name(match))


@bp.get("/m/<token>/summary.pdf")
def summary(token: str) -> Any:
    """The match summary as a PDF (from the edit link)."""
    return _summary(load_match(reader(), edit=token))


@bp.get("/v/<token>/summary.pdf")
def summary_view(token: str) -> Any:
    """The match summary as a PDF (from the read-only link)."""
    return _summary(load_match(reader(), view=token))


@bp.get("/sheets/<profile_id>.pdf")
def blank_sheet(profile_id: str) -> Any:
    """A blank score sheet for a profile, to keep score on paper."""
    if profile_id not in rules.PROFILES:
        abort(404)
    return send_pdf(pdf.render_blank_sheet(profile_id, language(), paper()),
                    f"scorekeeper-{profile_id}.pdf")


@bp.get("/burro/sheet.pdf")
def burro_sheet() -> Any:
    """A Burro sheet, blank or with the players' names (``?player=Ana&player=Bia``)."""
    players = request.args.getlist("player")
    return send_pdf(pdf.render_burro_sheet(language(), paper(), players),
                    "scorekeeper-burro.pdf")
