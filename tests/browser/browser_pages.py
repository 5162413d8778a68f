"""Every kind of page, with something on it: a match with a deal, its share view, a Burro
game (in play and over), the referee's pages, an error page. Built through the app's own
forms, for the browser tests that visit them all."""

from __future__ import annotations

import re
from typing import Any

from support import evening, form_fields, scaled
from werkzeug.datastructures import MultiDict

#: A phone held upright (the browser fixtures' own, for contexts of other sizes).
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1, "locale": "en-US"}


def ms(seconds: float) -> float:
    """A Playwright timeout (ms) for what takes ``seconds`` at most on a quiet fast host,
    stretched to this machine's speed now (``support.scaled``)."""
    return scaled(seconds) * 1000


#: How long a step of a browser test (a tap, a page loaded, a page after a form is sent)
#: may take, in ms: generous, for a shared 2-core machine under load answers slowly
#: (CI once saw a deal form's Save take more than 30 s), never wrongly; a minute on a
#: quiet host, stretched to this one's speed when the tests start.
STEP = ms(60)

#: Seed 001 §09: 180 exposed card points, one clean canastra, going out, 15 left in hand.
_DEAL = [
    {"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15, "morto": "taken"},
    {"mode": "counts", "table_points": 60, "hand_points": 30, "morto": "taken"},
]


_form = form_fields


def _post(client: Any, url: str, data: Any) -> str:
    response = client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return str(response.headers["Location"])


def _match(client: Any) -> str:
    data = {**_form(client, "/matches/new"), "profile": "buraco-aberto",
            "sides-0-name": "Nós", "sides-1-name": "Eles"}
    token = _post(client, "/matches/new", data).rsplit("/m/", 1)[1]
    url = f"/m/{token}/deals/new"
    data = {**_form(client, url), "went_out": "", "closed_by": "discard", "action": "save"}
    for i, side in enumerate(_DEAL):
        data.update({f"sides-{i}-{k}": str(v) for k, v in side.items()})
    _post(client, url, data)
    # the first dealer chosen: the scoreboard and the deal form say who deals
    _post(client, f"/m/{token}/dealer", {**_form(client, f"/m/{token}/dealer"), "seat": "0"})
    return token


def _burro(client: Any, rounds: int) -> str:
    data = {**_form(client, "/burro"), "name": "Sábado", "players": "Ana\nBia\nCaio"}
    token = _post(client, "/burro", data).rsplit("/b/", 1)[1]
    for _ in range(rounds):
        _post(client, f"/b/{token}/round",
              {**_form(client, f"/b/{token}"), "kind": "loser", "loser": "Bia"})
    return token


def _table(client: Any) -> tuple[str, str, str]:
    """A table of four, the evening of a match they finished (its date), and the match."""
    data = {**_form(client, "/tables/new"), "name": "Sexta", "players": "Ana\nBia\nCaio\nDani"}
    table = _post(client, "/tables/new", data).rsplit("/t/", 1)[1]
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    seats = re.findall(r'name="sides-0-seats" type="checkbox" value="(\d+)"', page)
    sides = MultiDict([*_form(client, f"/matches/new?table={table}").items(),
                       ("profile", "buraco-aberto"), ("target", "400"),
                       ("sides-0-seats", seats[0]), ("sides-0-seats", seats[1]),
                       ("sides-1-seats", seats[2]), ("sides-1-seats", seats[3])])
    match = _post(client, "/matches/new", sides).rsplit("/m/", 1)[1]
    _post(client, f"/m/{match}/deals/new", {
        **_form(client, f"/m/{match}/deals/new"), "went_out": "0", "closed_by": "discard",
        "action": "save", "sides-0-mode": "counts", "sides-0-table_points": "150",
        "sides-0-clean": "1", "sides-0-morto": "taken", "sides-1-mode": "counts",
        "sides-1-table_points": "40", "sides-1-morto": "taken"})
    night = re.search(r"/night/([\d-]+)", client.get(f"/t/{table}").get_data(as_text=True))
    return table, night.group(1), match  # type: ignore[union-attr]


def _house(client: Any) -> str:
    """House rules over Italian Burraco: the joker at 50, the target at 3005."""
    data = {**_form(client, "/rules/house/new?base=burraco"), "name": "Nonna",
            "joker": "50", "target": "3005", "action": "save"}
    return _post(client, "/rules/house/new?base=burraco", data).rsplit("/h/", 1)[1]


def big_match(client: Any) -> tuple[str, str]:
    """Sides named with 12 characters; after two deals 3,200 (900 on the table, three
    clean canastras, going out: 1,600 a deal) against −2,000 (seed 001 §04: a morto not
    taken costs 100; 900 points left in hand): its edit and view tokens."""
    data = {**_form(client, "/matches/new"), "profile": "buraco-aberto", "target": "100000",
            "sides-0-name": "Alessandrina", "sides-1-name": "Maximilianos"}
    token = _post(client, "/matches/new", data).rsplit("/m/", 1)[1]
    for _ in range(2):
        url = f"/m/{token}/deals/new"
        data = {**_form(client, url), "went_out": "0", "closed_by": "discard", "action": "save",
                "sides-0-mode": "counts", "sides-0-table_points": "900", "sides-0-clean": "3",
                "sides-0-morto": "taken", "sides-1-mode": "counts", "sides-1-table_points": "0",
                "sides-1-hand_points": "900", "sides-1-morto": "not_taken",
                # from 1,500 a side is vulnerable: nobody noted its opening
                "sides-0-unnoted": "y", "sides-1-unnoted": "y"}
        _post(client, url, data)
    share = client.get(f"/m/{token}/share").get_data(as_text=True)
    view = re.search(r'/v/([^"/]+)"', share).group(1)  # type: ignore[union-attr]
    return token, view


def phone_context(browser: Any, width: int = 390, height: int = 844, **extra: Any) -> Any:
    """A fresh phone-sized touch context of ``width`` × ``height``."""
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height},
                                     **extra})
    # generous: a shared 2-core machine under load answers slowly, never wrongly
    context.set_default_timeout(STEP)
    return context


def sample_pages(app: Any) -> dict[str, str]:
    """Every page a player sees, by name: its path on the live server."""
    client = app.test_client()
    match = _match(client)
    share = client.get(f"/m/{match}/share").get_data(as_text=True)
    view = re.search(r"/v/([^\"/<]+)", share).group(1)  # type: ignore[union-attr]
    game, over = _burro(client, 1), _burro(client, 5)
    burro_share = client.get(f"/b/{game}/share").get_data(as_text=True)
    burro_view = re.search(r"/bv/([^\"/<]+)", burro_share).group(1)  # type: ignore[union-attr]
    table, night, seated = _table(client)
    house = _house(client)
    event = evening(client, "Rossi\tBianchi\nVerdi\tNeri\nGialli\tBruni\nConti\tFerrari")
    director = client.get(event).get_data(as_text=True)
    room = re.search(r'href="(/e/v/[^"]+)"', director).group(1)  # type: ignore[union-attr]
    season = client.post("/seasons/new", data={
        **form_fields(client, "/seasons/new"), "name": "Inverno",
        "evenings": event.rsplit("/", 1)[1]}).headers["Location"]
    phones = re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(  # type: ignore[union-attr]
        f"{event}/turns/1/tables/1").get_data(as_text=True)).group(1)
    ids = re.findall(r'name="a" value="(\d+)"',
                     client.get(f"/t/{table}/versus").get_data(as_text=True))
    return {
        # the match, the game and the table first: this browser then keeps them on its
        # home page
        "scoreboard": f"/m/{match}",
        "burro game": f"/b/{game}",
        "table": f"/t/{table}",
        "new table": "/tables/new",
        "table players": f"/t/{table}/players",
        "new match from a table": f"/matches/new?table={table}",
        "an evening of a table": f"/t/{table}/night/{night}",
        "head to head": f"/t/{table}/versus?a={ids[0]}&a={ids[1]}&b={ids[2]}&b={ids[3]}",
        "a player of a table": f"/t/{table}/p/{ids[0]}",
        "import a table": "/tables/import",
        "statistics of a table": f"/t/{table}/stats",
        "delete a table": f"/t/{table}/delete",
        "home": "/",
        "new match": "/matches/new",
        "deal": f"/m/{match}/deals/new",
        "edit a deal": f"/m/{match}/deals/1",
        "share": f"/m/{match}/share",
        "share view": f"/v/{view}",
        "undo": f"/m/{match}/undo",
        "delete": f"/m/{match}/delete",
        "dealer": f"/m/{match}/dealer",
        "who sits where": f"/m/{seated}/seating",
        "who sits where, all seated": f"/m/{seated}/seating?order=0,3",
        "house rules, the profile to start from": "/rules/house/new",
        "house rules form": "/rules/house/new?base=buraco-aberto",
        "house rules": f"/h/{house}",
        "house rules changed": f"/h/{house}/edit",
        "rules": "/rules",
        "checker": "/check?melds=3H+4H+5H%0A2S+3S+4S+5S+JK+2H",
        "pile": "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H",
        "wildcard": "/check/wildcard?meld=4H+JK+6H&card=5H",
        "burro ranks": "/burro/ranks?players=5",
        "new burro": "/burro",
        "burro feint": f"/b/{game}/feint",
        "burro fooled": f"/b/{game}/feint?by=Bia",
        "burro over": f"/b/{over}",
        "burro delete": f"/b/{game}/delete",
        "burro share": f"/b/{game}/share",
        "burro view": f"/bv/{burro_view}",
        "new evening": "/events/new",
        "import an evening": "/events/import",
        "an evening": event,
        "an evening's turns and movements": f"{event}/plan",
        "a table of an evening": f"{event}/turns/1/tables/1",
        "a deal of an evening's table": f"{event}/turns/1/tables/1/deals/new",
        "a table's own page": phones,
        "a side's page of a table": f"{phones}/ns",
        "the room's big screen": f"{room}/tv",
        "where do I sit": f"{room}/find?who=1",
        "new season": "/seasons/new",
        "a season": season,
        "the room's page": room,
        "error": "/m/no-such-match",
        "offline": "/offline/en",
    }
