"""No input ever gets a 500: random forms and random JSON, and the friendly 500 page itself."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FIELDS = ["mode", "melds", "table_points", "clean", "dirty", "semi_clean", "clean_500",
          "clean_1000", "hand", "hand_points", "morto", "opening"]
TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["3H 4H 5H", "JK", "2H*", "10S JS QS KS", "-5", "0", "999999999999",
                     "taken", "unused", "counts", "cards", "AS 2S 3S !", "1e3", "\x00", "ä"]),
)
SLOW = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@SLOW
@given(values=st.dictionaries(st.sampled_from(FIELDS), TEXT, max_size=8),
       other=st.dictionaries(st.sampled_from(FIELDS), TEXT, max_size=4),
       went_out=st.sampled_from(["", "0", "1", "2", "x"]),
       action=st.sampled_from(["review", "save", ""]))
def test_random_deal_forms_never_fail(site, client, values, other, went_out, action):
    token = getattr(test_random_deal_forms_never_fail, "token", None)
    if token is None or client.get(f"/m/{token}").status_code != 200:
        token = site.new_match()
        test_random_deal_forms_never_fail.token = token
    data = site.deal_data(token, [values, other], went_out=went_out, action=action)
    response = client.post(f"/m/{token}/deals/new", data=data)
    assert response.status_code in (200, 302, 400, 409, 422), response.status_code


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["melds", "sides", "deals", "profile", "players", "rounds", "name",
                         "counts", "hand", "morto", "before", "loser", "target"]),
        inner, max_size=5),
    max_leaves=20,
)


@SLOW
@given(doc=JSONS, endpoint=st.sampled_from(["check", "score", "match", "burro"]))
def test_random_json_never_fails(client, doc, endpoint):
    response = client.post(f"/api/v1/{endpoint}", data=json.dumps(doc),
                           content_type="application/json")
    assert response.status_code in (200, 400, 422)
    body = response.get_json()
    if response.status_code == 400:
        assert set(body["error"]) == {"code", "message", "field"}


def test_an_unexpected_fault_gets_a_friendly_page(app):
    app.testing = False  # let the error handler answer, as in production

    @app.get("/__boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/__boom")
    assert response.status_code == 500
    assert "Nothing was saved" in response.get_data(as_text=True)
