"""No form field of any page gets a 500: every POST route's form (as ``test_web_resubmit``
fills it once) sent again with each of its fields, one at a time, replaced by input no
form expects: digits that are not ASCII, control characters, numbers without a bound,
very long text, markup, a list where one value goes. Each sending carries a key of its
own, so that it is judged as new input rather than answered as a spent key.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from test_web_resubmit import CASES, _everything, _post
from web_support import SEED_001_DEAL

#: What each field is replaced by, in turn.
HOSTILE = ["²", "\x00", "-1", "9" * 40, "x" * 5000, "<b>\u2063"]


@pytest.mark.parametrize("route", sorted(CASES))
def test_every_field_of_every_form_answers_hostile_input_without_a_500(
        route, site, client, app):
    url, first, _changed = CASES[route].forms(site, app)
    fields = [k for k in first if k not in ("csrf_token", "file")]
    assert fields, route
    for field in fields:
        for value in [*HOSTILE, [first[field], "1"]]:  # last: two values where one goes
            data: dict[str, Any] = {**first, "idem": secrets.token_urlsafe(16), field: value}
            status = _post(client, url, data).status_code
            assert status < 500, (route, field, value)
    # the form's token was good all along: the form unchanged, on a key of its own, is
    # not refused for it (it is taken, or answered as the state left by the above asks)
    assert _post(client, url, {**first, "idem": secrets.token_urlsafe(16)}).status_code != 400


#: What a list's field may be numbered by that is no number in ASCII digits (WTForms reads
#: each as one with ``str.isdigit``: ``int()`` refused the first, third and fourth, and
#: read ``٣`` as 3).
INDICES = ["²", "①", "٣", "10⁵"]
#: Every form with a list of sub-forms (``formlists.FieldList``).
LIST_FORMS = {
    "/matches/new", "/m/<token>/deals/new", "/m/<token>/deals/<int:number>/edit",
    "/e/<token>/turns/<int:turn>/tables/<int:table>/deals/new",
    "/e/<token>/turns/<int:turn>/tables/<int:table>/deals/<int:number>/edit",
    "/e/t/<token>/<int:table>/<sig>/<side>/deals/new",
    "/e/t/<token>/<int:table>/<sig>/<side>/deals/<int:number>/edit",
    "/e/<token>/plan", "/t/<token>/players"}
_LISTED = re.compile(r"^(sides|plan|players)-\d+-")


def test_a_list_field_numbered_in_other_digits_is_refused_naming_it(site, client, app):
    """Every form with a list (a match's and a deal's sides, an evening's plan, a table's
    players), sent with one of its fields numbered ``²``, ``①``, ``٣`` or ``10⁵``: 400
    with the field named, in the page's language, and nothing stored."""
    tried = set()
    for route in sorted(CASES):
        url, first, _changed = CASES[route].forms(site, app)
        listed = [k for k in first if _LISTED.match(k)]
        if not listed:
            continue
        tried.add(route)
        before = _everything(app)
        for index in INDICES:
            field = _LISTED.sub(lambda m, i=index: f"{m.group(1)}-{i}-", listed[0])
            data = {k: v for k, v in first.items() if k != listed[0]}
            data.update({field: first[listed[0]], "idem": secrets.token_urlsafe(16)})
            answer = client.post(url, data=data, headers={"Accept-Language": "pt-BR"})
            page = answer.get_data(as_text=True).replace("&#34;", '"')
            assert answer.status_code == 400, (route, index)
            assert ("Este formulário tem um campo que nenhuma página deste servidor escreve "
                    f"(“{field}”): nada foi salvo.") in page, (route, index)
            assert _everything(app) == before, (route, index)
    assert tried == LIST_FORMS


#: Every name a page reads from its address's query (``request.args``), and the meld
#: checker's and tools' fields.
QUERY = ["again", "base", "by", "compare", "house", "lang", "notation", "order", "paper",
         "profile", "table", "who", "player", "next", "melds", "players", "discard", "card",
         "wildcards", "version"]


def _links(html: str) -> set[str]:
    return {link for link in re.findall(r'href="(/[^"#]*)"', html.replace("&amp;", "&"))
            if not link.startswith("/static/") and not link.endswith((".pdf", ".svg"))}


def test_every_page_answers_hostile_query_values_without_a_500(site, client, app):
    """The pages a match, a club evening and its season, a Burro game, a family table and
    house rules lead to (followed from their links), each asked with every query name set
    to each hostile value."""
    from support import evening

    token = site.new_match()
    for _n in range(2):
        assert site.save_deal(token, [dict(s) for s in SEED_001_DEAL]).status_code == 302
    todo = {"/", f"/m/{token}", evening(client), f"/m/{token}/deals/1"}
    for route in ("/seasons/new", "/burro", "/tables/new", "/rules/house/new"):
        url, first, _changed = CASES[route].forms(site, app)
        made = _post(client, url, first)
        assert made.status_code == 302, route
        todo.add(made.headers["Location"].split("#")[0])
    seen: set[str] = set()
    while todo and len(seen) < 150:
        page = todo.pop()
        seen.add(page)
        response = client.get(page)
        assert response.status_code < 500, page
        if response.status_code == 200 and response.mimetype == "text/html":
            todo |= {link.split("?")[0] for link in _links(response.get_data(as_text=True))
                     if not link.startswith("/lang/")} - seen
    assert len(seen) > 60, sorted(seen)
    for page in sorted(seen):
        for value in HOSTILE:
            query = {name: value for name in QUERY}
            assert client.get(page, query_string=query).status_code < 500, (page, value)


@pytest.mark.parametrize("token", ["%00", "a%00b", "%C2%A0", "x" * 65, "%F0%9F%83%8F"])
def test_a_link_with_no_token_s_shape_opens_nothing(client, token):
    """A token outside the links' alphabet names nothing (404), and is never asked of the
    database (PostgreSQL refuses a NUL in text: it was a 500 there)."""
    for page in ("/m/{}", "/m/{}/deals/new", "/v/{}", "/v/{}/version.json", "/e/{}",
                 "/e/v/{}/find", "/t/{}", "/h/{}", "/b/{}", "/bv/{}/version.json", "/s/{}",
                 "/matches/new?again={}", "/matches/new?table={}"):
        status = client.get(page.format(token)).status_code
        assert status in (200, 404), (page, status)
    assert client.post(f"/m/{token}/here").status_code == 404
