"""The API does what its OpenAPI description says, for inputs nobody thought of.

Schemathesis generates requests from ``/api/v1/openapi.json`` and checks each answer
against the description: no server error, status codes, headers and bodies as
described, schema-invalid documents refused, other methods answered 405 with ``Allow``.
Every phase runs: the description's examples, the coverage of each constraint's edges,
and a bounded number of generated documents per operation (the same every run), both
valid and invalid ones.

One check is left out: that any schema-valid document is accepted. A referee rightly
refuses a string that is no card (400) or a deal that breaks a rule (422), which no
JSON schema can express.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.generation.hypothesis.builder import (
    HypothesisTestConfig,
    HypothesisTestMode,
    create_test,
)
from schemathesis.specs.openapi.checks import positive_data_acceptance

EXAMPLES = 10

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"


@st.composite
def _run(draw: st.DrawFn) -> list[str]:
    """A run of one suit, maybe with a wildcard in it: often a legal meld."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 14))
    start = draw(st.integers(1, 15 - length))
    cards = [RANKS[(p - 1) % 13] + suit for p in range(start, start + length)]
    if draw(st.booleans()):
        cards[draw(st.integers(0, length - 1))] = draw(st.sampled_from(["JK", "2C*", "2H"]))
    return draw(st.permutations(cards))


@st.composite
def _set(draw: st.DrawFn) -> list[str]:
    """Cards of one rank: a set where the profile allows sets."""
    rank = draw(st.sampled_from(RANKS))
    return [rank + suit for suit in draw(st.lists(st.sampled_from(SUITS), min_size=3,
                                                  max_size=8))]


_CARD = st.one_of(
    st.builds(str.__add__, st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.sampled_from(["JK", "joker", "🃏", "2S*", "qs", "10♥", "A♣", "K♤", "A♥\ufe0f"]),
    st.text(max_size=4),
)
_CARDS = st.one_of(_run(), _set(), st.lists(_CARD, min_size=1, max_size=6)).map(" ".join)

# The description says in words what a card field holds; generated ones hold mostly
# real cards, so that legal melds and deals (200) come up as often as unreadable ones.
schemathesis.openapi.format("card", _CARD)
schemathesis.openapi.format("cards", _CARDS)


def _schema(app):
    response = app.test_client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    loaded = schemathesis.openapi.from_dict(response.get_json())
    response.close()
    loaded.app = app  # requests go straight to the WSGI app
    return loaded


def test_the_api_keeps_its_description(app):
    loaded = _schema(app)
    operations = [result.ok() for result in loaded.get_all_operations()]
    assert {op.path for op in operations} == {"/check", "/score", "/match", "/burro",
                                              "/event", "/grades", "/profiles"}
    for operation in operations:

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def keeps_its_word(case):
            # the WSGI transport hands over bodies as sent: ask for them uncompressed
            case.call_and_validate(headers={"Accept-Encoding": "identity"},
                                   excluded_checks=[positive_data_acceptance])

        # The test schemathesis's pytest plugin would build (its lazy fixture loader
        # does not run under this pytest): the description's examples, the coverage
        # phase (each constraint's edges, other methods), then generated cases, valid
        # and invalid ones alike.
        create_test(operation=operation, test_func=keeps_its_word, config=HypothesisTestConfig(
            project=loaded.config, modes=list(HypothesisTestMode)))()
