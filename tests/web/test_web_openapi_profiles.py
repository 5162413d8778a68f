"""The API's description of a profile (``openapi.json``: ``ProfileDocument``, the house-rules
document, and ``RuleProfile``, a profile of ``/api/v1/profiles``) holds what the referee
writes out (``rules.document``: ``export`` and ``describe``), for every built-in profile:
each param and card value named, none the referee does not write, the bounds its readers
hold."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema_rs
import pytest

from scorekeeper import rules
from scorekeeper.rules.document import (
    CARD_KEYS,
    MAX_POINTS,
    MAX_TARGET,
    MIN_TARGET,
    describe,
    export,
)
from scorekeeper.rules.house import PARAMS

SPEC = json.loads((Path(rules.__file__).resolve().parent.parent / "static" / "openapi.json")
                  .read_text())
SCHEMAS = SPEC["components"]["schemas"]


def _validator(name: str):
    """A validator of the schema ``name``, its references resolved in the whole document."""
    return jsonschema_rs.validator_for({**SPEC, "$ref": f"#/components/schemas/{name}"})


@pytest.mark.parametrize("profile_id", list(rules.PROFILES))
def test_every_export_is_a_profile_document(profile_id):
    doc = export(rules.PROFILES[profile_id])
    errors = [e.message for e in _validator("ProfileDocument").iter_errors(doc)]
    assert errors == []
    # every param the document gives is described, and nothing else
    params = SCHEMAS["ProfileDocument"]["properties"]["params"]["properties"]
    assert set(params) == set(doc["params"]) == set(PARAMS)
    assert list(params["card_points"]["properties"]) == list(CARD_KEYS)


@pytest.mark.parametrize("profile_id", list(rules.PROFILES))
def test_every_description_is_a_rule_profile(profile_id):
    doc = describe(rules.PROFILES[profile_id])
    errors = [e.message for e in _validator("RuleProfile").iter_errors(doc)]
    assert errors == []
    schema = SCHEMAS["RuleProfile"]
    assert set(schema["required"]) == set(doc)
    assert schema["properties"]["card_points"]["required"] == list(CARD_KEYS)


def test_the_profiles_document_is_described():
    errors = [e.message for e in _validator("Profiles").iter_errors(rules.profiles_document())]
    assert errors == []


def test_the_described_bounds_are_the_referees():
    params = SCHEMAS["ProfileDocument"]["properties"]["params"]["properties"]
    assert (params["target"]["minimum"], params["target"]["maximum"]) == (MIN_TARGET,
                                                                          MAX_TARGET)
    for value in params["card_points"]["properties"].values():
        assert (value["minimum"], value["maximum"]) == (0, MAX_POINTS)
    assert params["vulnerability"]["properties"]["from"]["maximum"] == MAX_TARGET
