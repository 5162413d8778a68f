"""A confirmation that means the other side checked: a pair's own phone confirms its
opponents' deals as it is, a phone handed across the table only with the confirming
pair's own two-digit code (chosen on its own phone, or the first time it acts), and a
handed phone enters nothing for the pair before the code was given on it. A few wrong
codes, then a pause that no input makes longer to judge.

The evening of ``evening_pages``: Italian Burraco, 5 turns of 2 deals, table 1 of turn 1
Rossi – Bianchi (NS) v Gialli – Bruni (EW). DEAL_A: NS 600, EW 110; DEAL_B: NS 275,
EW 550; MP 875 – 660, 215 apart: 13 – 7 on the F.I.Bur. scale of 2 deals."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from evening_pages import DEAL_A, DEAL_B, first_turn, post, table_rows
from support import form_fields, post_deal, table_side

from scorekeeper.db import get_db
from scorekeeper.models import EventEntrant, utcnow

GIALLI = "Gialli – Bruni"


def _table_link(client: Any, event: str) -> str:
    page = client.get(f"{event}/turns/1/tables/1").get_data(as_text=True)
    return re.search(r'href="http://localhost(/e/t/[^"]+/1/[0-9a-f]+)"', page).group(1)


def _entrant(app: Any, name: str) -> EventEntrant:
    with app.app_context(), get_db().read_sessions() as db:
        return next(e for e in db.query(EventEntrant) if e.name == name)


def _unpause(app: Any, name: str, **wrong: Any) -> None:
    """The pause of the pair's code over (as a minute or two later); ``wrong=None``: its
    wrong codes forgotten too."""
    with app.app_context(), get_db().writing() as db:
        row = next(e for e in db.query(EventEntrant) if e.name == name)
        row.code_paused = utcnow() - timedelta(seconds=1)
        if "wrong" in wrong:
            row.code_wrong = wrong["wrong"]


def _said(response: Any) -> str:
    """What the code's field says (its errors)."""
    found = re.search(r'<ul class="errors" id="code-errors"><li>(.*?)</li>',
                      response.get_data(as_text=True))
    return found.group(1) if found else ""


def _own_code(app: Any, link: str, code: str = "47") -> Any:
    """Gialli – Bruni's own phone, its code chosen the first time its page opens."""
    phone = app.test_client()
    page = table_side(phone, link, "ew")
    assert "Choose your pair’s code" in phone.get(page).get_data(as_text=True)
    response = post(phone, page, f"{page}/code", code=code)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    assert "Choose your pair’s code" not in phone.get(page).get_data(as_text=True)
    return phone


def _ns_enters_and_hands_across(client: Any, link: str) -> str:
    """North-South's phone enters the turn's two deals, then "Hand this phone across":
    the phone is East-West's, handed; its page."""
    url = table_side(client, link, "ns")
    for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        assert post_deal(client, f"{url}/deals/new", deal, out).status_code == 302
    page = client.get(url).get_data(as_text=True)
    across = re.search(r'<a class="button secondary" href="([^"]+)">Hand this phone across',
                       page).group(1)
    assert client.get(across).headers["Location"].endswith(f"{link}/ew")
    return f"{link}/ew"


def _state(client: Any, event: str) -> list[str]:
    return table_rows(client.get(event).get_data(as_text=True), "Turn 1")[0][3:]


def test_a_pairs_own_phone_confirms_with_no_code(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    ns = app.test_client()
    url = table_side(ns, link, "ns")
    for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        assert post_deal(ns, f"{url}/deals/new", deal, out).status_code == 302
    ew = _own_code(app, link)
    page = ew.get(f"{link}/ew").get_data(as_text=True)
    assert "Your pair’s code" not in page  # its own phone asks none
    assert post(ew, f"{link}/ew", f"{link}/ew/confirm").status_code == 302
    assert _state(client, event) == ["875–660", "13–7"]
    assert "Deals confirmed by East-West" in client.get(
        f"{event}/turns/1/tables/1").get_data(as_text=True)


def test_a_phone_handed_across_confirms_only_with_the_pairs_code(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    _own_code(app, link, "47")
    page_url = _ns_enters_and_hands_across(client, link)
    page = client.get(page_url).get_data(as_text=True)
    assert "Your pair’s code" in page
    assert "This phone was handed across" in page
    # without the code: refused, said at the field, nothing confirmed
    response = post(client, page_url, f"{page_url}/confirm")
    assert response.status_code == 422
    assert _said(response) == "Type your pair’s code: two digits."
    assert _state(client, event) == ["Waiting for confirmation"]
    # North-South guessing: refused, counted
    response = post(client, page_url, f"{page_url}/confirm", code="12")
    assert response.status_code == 403
    assert _said(response) == "Wrong code: 2 more tries before a pause."
    assert _entrant(app, GIALLI).code_wrong == 1
    assert _state(client, event) == ["Waiting for confirmation"]
    # East-West's own code: confirmed, and the wrong one forgotten
    assert post(client, page_url, f"{page_url}/confirm", code="47").status_code == 302
    assert _state(client, event) == ["875–660", "13–7"]
    assert _entrant(app, GIALLI).code_wrong is None
    assert _entrant(app, GIALLI).code == "47"


def test_a_pair_without_a_code_chooses_it_on_the_phone_handed_to_it(app, client):
    """One phone at the table: East-West never opened its own page; its code is chosen
    the first time it acts, then asked as any other time."""
    event = first_turn(client)
    link = _table_link(client, event)
    page_url = _ns_enters_and_hands_across(client, link)
    assert "Choose your pair’s code" in client.get(page_url).get_data(as_text=True)
    assert post(client, page_url, f"{page_url}/confirm", code="08").status_code == 302
    assert _entrant(app, GIALLI).code == "08"
    assert _state(client, event) == ["875–660", "13–7"]


def test_a_few_wrong_codes_then_a_pause_that_grows(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    _own_code(app, link, "47")
    page_url = _ns_enters_and_hands_across(client, link)
    said = []
    for guess in ("00", "01", "02"):
        response = post(client, page_url, f"{page_url}/confirm", code=guess)
        said.append((response.status_code, _said(response), response.headers.get("Retry-After")))
    assert said == [
        (403, "Wrong code: 2 more tries before a pause.", None),
        (403, "Wrong code: 1 more try before a pause.", None),
        (429, "Too many wrong codes: try again in 1 minute, or ask the tournament director.",
         "60")]
    # paused: even the right code is not read until the pause is over
    response = post(client, page_url, f"{page_url}/confirm", code="47")
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 60
    assert _state(client, event) == ["Waiting for confirmation"]
    # the next wrong one pauses twice as long
    _unpause(app, GIALLI)
    response = post(client, page_url, f"{page_url}/confirm", code="03")
    assert (response.status_code, response.headers["Retry-After"]) == (429, "120")
    assert _said(response) == ("Too many wrong codes: try again in 2 minutes, or ask the "
                               "tournament director.")
    assert _entrant(app, GIALLI).code_wrong == 4
    _unpause(app, GIALLI)
    assert post(client, page_url, f"{page_url}/confirm", code="47").status_code == 302
    assert _state(client, event) == ["875–660", "13–7"]
    assert _entrant(app, GIALLI).code_wrong is None


def test_the_pause_stops_growing(app):
    from scorekeeper.web.evening.codes import MOST_PAUSE, MOST_WRONG, pause_after

    assert [pause_after(n) for n in range(8)] == [0, 0, 0, 60, 120, 240, 480, 900]
    assert pause_after(MOST_WRONG) == MOST_PAUSE == 900


HOSTILE = {
    "": "Type your pair’s code: two digits.",
    "4": "A pair’s code is two digits, such as 07.",
    "470": "A pair’s code is two digits, such as 07.",
    "4 7": "A pair’s code is two digits, such as 07.",
    "٤٧": "A pair’s code is two digits, such as 07.",  # Arabic-Indic digits
    "４７": "A pair’s code is two digits, such as 07.",  # full-width digits
    "²³": "A pair’s code is two digits, such as 07.",
    "-7": "A pair’s code is two digits, such as 07.",
    "4\x00": "A pair’s code is two digits, such as 07.",
    "ab": "A pair’s code is two digits, such as 07.",
    "4" * 5000: "A pair’s code is two digits, such as 07.",
}


@pytest.mark.parametrize("typed", list(HOSTILE), ids=range(len(HOSTILE)))
def test_what_is_not_two_digits_is_said_and_never_counted(app, client, typed):
    event = first_turn(client)
    link = _table_link(client, event)
    _own_code(app, link, "47")
    page_url = _ns_enters_and_hands_across(client, link)
    response = post(client, page_url, f"{page_url}/confirm", code=typed)
    assert response.status_code == 422
    assert _said(response) == HOSTILE[typed]
    assert _entrant(app, GIALLI).code_wrong is None
    assert _state(client, event) == ["Waiting for confirmation"]


def test_a_pairs_own_phone_chooses_its_code_once_in_two_digits(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    phone = app.test_client()
    page = table_side(phone, link, "ew")
    response = post(phone, page, f"{page}/code", code="٤٧")
    assert response.status_code == 422
    assert _said(response) == "A pair’s code is two digits, such as 07."
    assert _entrant(app, GIALLI).code is None
    fields = form_fields(phone, page)
    assert post(phone, page, f"{page}/code", code="07").status_code == 302
    # chosen once: its own phone cannot choose another (nor learn it: the page never
    # shows it)
    response = phone.post(f"{page}/code", data={**fields, "idem": "another", "code": "99"})
    assert response.status_code == 409
    assert "Your pair’s code is chosen already." in response.get_data(as_text=True)
    assert _entrant(app, GIALLI).code == "07"
    assert "07" not in re.sub(r'="[^"]*"', "", phone.get(page).get_data(as_text=True))


def test_a_handed_phone_enters_nothing_before_the_pairs_code(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    _own_code(app, link, "47")
    # a deal form of this phone (North-South's), made to say East-West's pair
    kept = {**form_fields(client, f"{table_side(client, link, 'ns')}/deals/new"),
            "went_out": "0", "closed_by": "discard", "action": "save",
            **{f"sides-{i}-{k}": str(v) for i, side in enumerate(DEAL_A)
               for k, v in side.items()}}
    page_url = _ns_enters_and_hands_across(client, link)
    kept["pair"] = form_fields(client, page_url)["pair"]
    # its deal form sends it back to its page, which asks the code
    assert client.get(f"{page_url}/deals/new").headers["Location"].endswith(page_url)
    # a deal form sent all the same: refused
    response = client.post(f"{page_url}/deals/new", data=kept)
    assert response.status_code == 409
    assert ("This phone was handed across: type your pair’s code on its page first. "
            "Nothing was saved.") in response.get_data(as_text=True)
    # so is taking the other side's version
    response = post(client, page_url, f"{page_url}/take/1")
    assert response.status_code == 409
    # "Enter our own version" with the code: the deal form opens, the deal is saved
    response = post(client, page_url, f"{page_url}/code", code="47", then="deal")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"{page_url}/deals/new")
    assert post_deal(client, f"{page_url}/deals/new", DEAL_A, "0").status_code == 302
    # a wrong code opens nothing
    other = app.test_client()
    table_side(other, link, "ns")
    table_side(other, link, "ew")
    response = post(other, page_url, f"{page_url}/code", code="11", then="deal")
    assert response.status_code == 403
    assert other.get(f"{page_url}/deals/new").status_code == 303


def test_code_messages_in_the_players_language(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    _own_code(app, link, "47")
    page_url = _ns_enters_and_hands_across(client, link)
    said = {}
    for lang in ("fr", "it", "pt_BR", "pt_PT"):
        client.get(f"/lang/{lang}")
        said[lang] = [_said(post(client, page_url, f"{page_url}/confirm", code=code))
                      for code in ("7", "12")]
        _unpause(app, GIALLI, wrong=None)
    assert said == {
        "fr": ["Le code d’une paire est fait de deux chiffres, par exemple 07.",
               "Code erroné\u202f: encore 2 essais avant une pause."],
        "it": ["Il codice di una coppia è di due cifre, per esempio 07.",
               "Codice sbagliato: ancora 2 tentativi prima di una pausa."],
        "pt_BR": ["O código de uma dupla tem dois algarismos, por exemplo 07.",
                  "Código errado: mais 2 tentativas antes de uma pausa."],
        "pt_PT": ["O código de um par tem dois algarismos, por exemplo 07.",
                  "Código errado: mais 2 tentativas antes de uma pausa."],
    }
