"""Moments in a table's time zone: the zone a match keeps (the IANA name of the phone that
started it, read here), and a stored moment (UTC, without its zone, as the database keeps
it) written in that zone for a page (``time_tag``: the ``<time>`` element that
``static/js/viewer.js`` writes again in the phone's words) and for paper (``on_paper``).
A match without a zone (started before matches kept one, or by a browser that did not
say) keeps its moments in UTC, said as such.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from markupsafe import Markup, escape

#: The longest zone name read (the IANA database's longest is 32 characters).
ZONE_CHARS = 64

#: Files of the zone database that name no place: the server's own zone, a placeholder.
_NOT_PLACES = frozenset({"localtime", "Factory", "posixrules"})


@cache
def _zones() -> frozenset[str]:
    """Every IANA zone this server's Python knows (``zoneinfo``), read once."""
    return frozenset(available_timezones()) - _NOT_PLACES


def zone_named(name: object) -> str | None:
    """The IANA time zone of that name, if this server knows it (``Europe/Rome``); None for
    anything else (not text, empty, longer than ``ZONE_CHARS``, no zone's name).

    >>> zone_named("America/Sao_Paulo"), zone_named("Mars/Olympus"), zone_named("../etc")
    ('America/Sao_Paulo', None, None)
    """
    if not isinstance(name, str) or not 0 < len(name) <= ZONE_CHARS:
        return None
    return name if name in _zones() else None


def in_zone(moment: datetime, zone: str | None) -> datetime:
    """A stored moment (UTC; naive, as stored, or aware) in ``zone`` (UTC without one).

    >>> in_zone(datetime(2026, 7, 1, 20, 30), "Europe/Lisbon").strftime("%H:%M %Z")
    '21:30 WEST'
    """
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    return aware.astimezone(ZoneInfo(zone_named(zone) or "UTC"))


def zone_label(local: datetime) -> str:
    """A moment's zone in a few letters, as the zone database abbreviates it there and
    then (CET, WEST, EST), else its offset from UTC (``UTC−3``, ``UTC+5:30``: Brazil's and
    many zones have no letters, only ``-03``).

    >>> zone_label(in_zone(datetime(2026, 1, 5, 12), "America/Sao_Paulo"))
    'UTC−3'
    >>> zone_label(in_zone(datetime(2026, 1, 5, 12), "Europe/Rome"))
    'CET'
    """
    letters = local.strftime("%Z")
    if letters.isalpha():
        return letters
    offset = local.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    sign = "+" if minutes >= 0 else "\u2212"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def time_tag(moment: datetime, zone: str | None) -> Markup:
    """A stored moment on a page, as a ``<time>`` a script writes again in the phone's words
    (``viewer.js``, ``data-clock``): in the match's zone (``data-zone``), the zone said
    after it (``2026-12-06 21:57 CET``); without a zone, in UTC as before."""
    known = zone_named(zone)
    if known is None:
        return Markup(f'<time class="num" datetime="{moment:%Y-%m-%dT%H:%M:%SZ}" data-clock>'
                      f'{moment:%Y-%m-%d %H:%M} UTC</time>')
    local = in_zone(moment, known)
    return Markup(f'<time class="num" datetime="{local.isoformat(timespec="seconds")}" '
                  f'data-clock data-zone="{escape(known)}">'
                  f'{local:%Y-%m-%d %H:%M} {escape(zone_label(local))}</time>')


def on_paper(moment: datetime, zone: str | None, locale: str, *, named: bool = False) -> str:
    """A moment on paper, where no script writes it again: the zone's day and time in the
    paper's language (``27 nov. 2026, 21:57``); ``named``: the day in full and the zone's
    name as people say it there and then ("November 27, 2026, 9:57 PM (Central European
    Standard Time)", Babel's ``zzzz``: "Horário Padrão de Brasília"), said once on a
    paper. Without a zone, in UTC as before (``2026-11-27 20:57 UTC``)."""
    from babel import Locale
    from babel.dates import format_datetime

    known = zone_named(zone)
    if known is None:
        return f"{in_zone(moment, None):%Y-%m-%d %H:%M} UTC"
    said, width = Locale.parse(locale), "long" if named else "medium"
    # the language's own glue of a day and a time ("{1}, {0}"), as one pattern
    pattern = str(said.datetime_formats[width]).format(said.time_formats["short"].pattern,
                                                       said.date_formats[width].pattern)
    return format_datetime(in_zone(moment, known), pattern + (" (zzzz)" if named else ""),
                           locale=said)
