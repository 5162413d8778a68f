"""A new deal's side fields are kept by all they show (scorekeeper/web/keptside.py)."""

from __future__ import annotations

import re


def _counts_fields(html: str, side: int) -> list[str]:
    return re.findall(rf'<input data-stepper="" id="sides-{side}-(\w+)"', html)


def test_a_new_deal_s_fields_are_kept_by_all_they_show(site, client, seed_deal):
    """A new deal's fields (nothing typed yet) are kept per game and language: each match
    shows its own game's fields and its own sides, whichever form was shown before; a side
    that became vulnerable shows its opening; a form sent back keeps what was typed."""
    aberto = site.new_match("buraco-aberto", ("Nós", "Eles"), target=100000)
    classic = site.new_match("buraco-classico", ("Noi", "Loro"), target=100000)
    for _round in range(2):
        for token, name, fields in ((aberto, "Nós", ["dirty", "clean", "clean_500", "clean_1000"]),
                                    (classic, "Noi", ["dirty", "semi_clean", "clean"])):
            html = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
            assert f"<legend>{name} " in html
            assert _counts_fields(html, 0) == fields
            assert "sides-0-opening" not in html
    for _deal in range(5):  # 5 × 365 = 1,825: vulnerable from 1,500
        assert site.save_deal(aberto, [{**s, "unnoted": "y"} for s in seed_deal]).status_code == 302
    html = client.get(f"/m/{aberto}/deals/new").get_data(as_text=True)
    assert 'id="sides-0-opening"' in html
    assert "(75 or more)" in html
    sent = site.save_deal(aberto, [{"melds": "3H 4H 5X"}, {"mode": "counts", "table_points": 60}])
    assert sent.status_code == 422
    typed = sent.get_data(as_text=True)
    assert "3H 4H 5X</textarea>" in typed
    assert 'id="sides-0-melds-errors"' in typed
    again = client.get(f"/m/{aberto}/deals/new").get_data(as_text=True)
    assert "3H 4H 5X" not in again  # (a random form key may hold "5X")
    for points in ("00", "0"):  # the same number, typed two ways: each shown as typed
        sent = site.save_deal(aberto, [{"melds": "3H 4H 5X"},
                                       {"mode": "counts", "table_points": points}])
        html = sent.get_data(as_text=True)
        shown = re.search(r'<input [^>]*id="sides-1-table_points"[^>]*>', html)
        assert f'value="{points}"' in shown.group(0)
