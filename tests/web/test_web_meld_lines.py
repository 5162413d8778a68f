"""One set of rules on every line: the live verdicts under a meld box (js/app.js asks
``/api/v1/check`` with the rules the deal form names: its house rules' document, else
its profile) add up to the saved deal's table points and bonuses, for every built-in
profile and for house rules (a joker of 50, a clean canastra of 300)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from web_support import breakdown

from scorekeeper.rules import PROFILES

#: Side 0's melds: a clean run of seven and a dirty run with a joker; side 1 a short run
#: (every game here takes runs; sets only some).
MELDS = ["5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥", "5♠ 6♠ JK 8♠ 9♠ 10♠ J♠", "3♣ 4♣ 5♣"]
FAMILY = {"name": "Casa da vó", "joker": "50", "bonus_clean": "300"}


def _house(client: Any) -> str:
    page = client.get("/rules/house/new?base=buraco-aberto").get_data(as_text=True)
    fields = dict(re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"', page))
    fields.pop("semi_clean", None)
    saved = client.post("/rules/house/new?base=buraco-aberto",
                        data={**fields, **FAMILY, "action": "save"})
    assert saved.status_code == 302, saved.get_data(as_text=True)[-1500:]
    return "house:" + saved.headers["Location"].rsplit("/h/", 1)[1]


def _rules_of(page: str) -> Any:
    """The rules the deal form names for its live verdicts (what app.js sends)."""
    form = re.search(r'<form [^>]*id="deal-form"[^>]*>', page, re.S).group(0)
    house = re.search(r'data-rules="([^"]*)"', form)
    if house:
        return json.loads(html.unescape(house.group(1)))
    return re.search(r'data-profile="([^"]*)"', form).group(1)


def _figure(text: str) -> int:
    return int(text.replace(",", "").replace("\u2212", "-").replace("+", ""))


@pytest.mark.parametrize("profile", [*PROFILES, "house"])
def test_the_live_meld_lines_add_up_to_the_saved_deal(site, client, profile):
    chosen = _house(client) if profile == "house" else profile
    token = site.new_match(profile=chosen)
    page = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    rules = _rules_of(page)
    if profile == "house":
        assert isinstance(rules, dict)
        assert rules["params"]["card_points"]["joker"] == 50
    lines = []
    for melds in (MELDS[:2], MELDS[2:]):
        answer = client.post("/api/v1/check", json={"profile": rules, "melds": melds})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        lines.append(answer.get_json()["melds"])
    assert all(m["valid"] for side in lines for m in side), lines
    deal = [{"mode": "cards", "melds": "\n".join(MELDS[:2]), "hand": "", "morto": "taken"},
            {"mode": "cards", "melds": MELDS[2], "hand": "4♦", "morto": "taken"}]
    saved = site.save_deal(token, deal, went_out="")
    assert saved.status_code == 302, saved.get_data(as_text=True)[-1500:]
    shown = breakdown(client.get(f"/m/{token}/deals/1").get_data(as_text=True))
    for i, side in enumerate(lines):
        assert _figure(shown["table"][i]) == sum(m["points"] for m in side), (profile, i)
        bonus = sum(m.get("bonus") or 0 for m in side)
        assert _figure(shown.get("bonus", ["0", "0"])[i]) == bonus, (profile, i)
    if profile == "house":
        # the joker at 50 and the clean canastra at 300, on the lines as on the deal: 5 + 5
        # + 5 + 10 × 4 = 55; 5 + 5 + 50 + 10 × 4 = 100
        assert [m["points"] for m in lines[0]] == [55, 100]
        assert [m.get("bonus") for m in lines[0]] == [300, 100]
