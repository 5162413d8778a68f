"""House rules on the phone: a family's own numbers over a built-in profile, kept under
their own link (and with a table when made from one), judged by the same referee.

The form starts from the profile's numbers; what the family changes is all the profile
document holds (docs/contract.md "House rules"). Its page says what differs from the
profile and scores a sample deal both ways. A match started with them keeps its own copy
(``matches.rules``): changing the house rules later never changes a match.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from scorekeeper import pdf, rules
from scorekeeper.db import reader
from scorekeeper.forms import HouseRulesForm, is_token
from scorekeeper.messages import input_error_message
from scorekeeper.models import HouseRules, Table, utcnow
from scorekeeper.rules.document import CARD_KEYS
from scorekeeper.rules.profiles import ALL_CATEGORIES
from scorekeeper.vocabulary import (
    CARD_SHOWN,
    category_label,
    morto_label,
    profile_name,
    term,
    tradition_of,
)
from scorekeeper.web import exports, writes
from scorekeeper.web.common import _, remember, remembered
from scorekeeper.web.links import public_url, qr_svg
from scorekeeper.web.tables import load_table

bp = Blueprint("house", __name__)

#: How a choice of rules names house rules: this, then their link.
HOUSE = "house:"
#: The bonus fields of the form, by canastra category.
BONUS_FIELDS = {c: "bonus_" + c.replace("-", "_") for c in ALL_CATEGORIES}
#: The form field a param of the document is read from (an error on it is shown there).
FIELD_OF = {"params.target": "target", "params.going_out": "going_out",
            "params.morto_penalty": "morto_penalty", "params.semi_clean": "semi_clean",
            "params.long_canastras": "bonus_clean_500",
            "params.vulnerability.from": "vulnerable_from",
            "params.vulnerability.opening_minimum": "opening_minimum",
            "id": "name", "name": "name",
            **{f"params.card_points.{k}": k for k in CARD_KEYS},
            **{f"params.bonuses.{c}": f for c, f in BONUS_FIELDS.items()}}


def load_house(db: Session, token: str | None) -> HouseRules | None:
    """The house rules behind a link, if it opens any."""
    if not is_token(token):
        return None
    return db.scalar(select(HouseRules).where(HouseRules.edit_token == token))


def _open(token: str) -> HouseRules:
    found = load_house(reader(), token)
    if found is None:
        abort(404)
    return found


def remembered_house(db: Session, table: Table | None = None) -> list[HouseRules]:
    """The house rules this phone keeps, and those kept with ``table``, newest first."""
    tokens = remembered("house")
    kept: list[Any] = [HouseRules.edit_token.in_(tokens)] if tokens else []
    if table is not None:
        kept.append(HouseRules.table_id == table.id)
    if not kept:
        return []
    return list(db.scalars(select(HouseRules).where(or_(*kept))
                           .order_by(HouseRules.updated.desc())))


# --- the form: the profile's numbers, what the family changes --------------------------


def _labels(form: HouseRulesForm, base: rules.Profile) -> None:
    """The card values' and bonuses' labels in the game's own words."""
    tradition = tradition_of(base.id)
    for key, label in CARD_SHOWN.items():
        getattr(form, key).label.text = _(label)
    for category, name in BONUS_FIELDS.items():
        getattr(form, name).label.text = str(category_label(category, tradition))
    form.going_out.label.text = str(term("Going_out", tradition))
    form.morto_penalty.label.text = str(morto_label("not_taken", tradition))
    form.semi_clean.label.text = str(term("Semi_clean", tradition))


def _fill(form: HouseRulesForm, params: dict[str, Any]) -> None:
    """Each field at the document's value."""
    for key in CARD_KEYS:
        getattr(form, key).data = params["card_points"][key]
    for category, name in BONUS_FIELDS.items():
        getattr(form, name).data = params["bonuses"].get(category)
    form.semi_clean.data = params["semi_clean"]
    form.target.data = params["target"]
    form.going_out.data = params["going_out"]["bonus"]
    form.morto_penalty.data = params["morto_penalty"]
    vulnerable = params["vulnerability"]
    form.vulnerable_from.data = vulnerable["from"] if vulnerable else None
    form.opening_minimum.data = vulnerable["opening_minimum"] if vulnerable else None


def _document(form: HouseRulesForm, base: rules.Profile) -> dict[str, Any]:
    """The profile document of the form: only what differs from ``base``."""
    was = rules.export_profile(base)["params"]
    params: dict[str, Any] = {}
    typed = {k: getattr(form, k).data for k in CARD_KEYS}
    cards = {k: v for k, v in typed.items() if v is not None and v != was["card_points"][k]}
    if cards:
        params["card_points"] = cards
    bonuses: dict[str, Any] = {}
    for category, name in BONUS_FIELDS.items():
        value = getattr(form, name).data  # empty: as the profile has it
        if category == "semi-clean" and not form.semi_clean.data:
            value = None  # switched off: no such canastra
        elif value is None:
            continue
        if value != was["bonuses"].get(category):
            bonuses[category] = value
    if bonuses:
        params["bonuses"] = bonuses
    if bool(form.semi_clean.data) != was["semi_clean"]:
        params["semi_clean"] = bool(form.semi_clean.data)
    for field, param in (("target", "target"), ("morto_penalty", "morto_penalty")):
        value = getattr(form, field).data
        if value is not None and value != was[param]:
            params[param] = value
    if form.going_out.data is not None and form.going_out.data != was["going_out"]["bonus"]:
        params["going_out"] = {"bonus": form.going_out.data}
    vulnerable = None if form.vulnerable_from.data is None else {
        "from": form.vulnerable_from.data,
        "opening_minimum": form.opening_minimum.data or 0}
    if vulnerable != was["vulnerability"]:
        params["vulnerability"] = vulnerable
    name = (form.name.data or "").strip()
    return {"id": _id(name), "base": base.id, "name": name, "params": params}


def _id(name: str) -> str:
    """The rules' id, from their name: ``house-casa-da-vo``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return ("house-" + "-".join(re.findall(r"[a-z0-9]+", plain)))[:60].rstrip("-") or "house"


def _read(form: HouseRulesForm, base: rules.Profile) -> tuple[dict[str, Any], Any]:
    """The form's document and its rules; the rules are None when the referee cannot play
    them, and the reason is then on the field at fault (or on the form)."""
    doc = _document(form, base)
    try:
        return doc, rules.read_profile(doc)
    except rules.InputError as err:
        # said at the field itself: the message without the field's path
        unplaced = rules.InputError(err.code, **{k: v for k, v in err.params.items()
                                                 if k != "field"})
        said = input_error_message(unplaced, _)
        field = FIELD_OF.get(str(err.params.get("field")))
        if field is None and str(err.params.get("field", "")).startswith("params.bonuses"):
            field = BONUS_FIELDS.get(str(err.params.get("category")), "bonus_clean")
        if field is not None:
            target = getattr(form, field)
            target.errors = [*target.errors, said]
        else:
            form.form_errors.append(said)
        return doc, None


# --- what differs, and a deal scored both ways -----------------------------------------

#: A deal to score both ways: a clean and a dirty canastra with a joker, going out; the
#: other side with a joker and a 2 left in hand, its morto not taken.
SAMPLE: list[dict[str, Any]] = [
    {"melds": ["5H 6H 7H JK 9H 10H JH", "8S 9S 10S JS QS KS AS"], "morto": "taken",
     "went_out": True},
    {"melds": ["3C 4C 5C 6C"], "hand": ["JK", "KD", "2S"], "morto": "not_taken"}]


def sample(base: rules.Profile, house: rules.Profile) -> list[dict[str, Any]]:
    """Each side of the sample deal, scored by the profile and by the house rules."""
    plain = rules.score_document({"profile": base, "sides": SAMPLE})["sides"]
    ours = rules.score_document({"profile": house, "sides": SAMPLE})["sides"]
    return [{"number": i + 1, "base": a["total"], "house": b["total"]}
            for i, (a, b) in enumerate(zip(plain, ours, strict=True))]


def differences(base: rules.Profile, house: rules.Profile) -> list[tuple[str, Any, Any]]:
    """Each number or switch the house rules change: its name, the profile's value and
    theirs (None: not in the rules)."""
    tradition = tradition_of(base.id)
    was, now = rules.export_profile(base)["params"], rules.export_profile(house)["params"]
    rows: list[tuple[str, Any, Any]] = []
    if was["target"] != now["target"]:
        rows.append((_("Target"), was["target"], now["target"]))
    for key, label in CARD_SHOWN.items():
        if was["card_points"][key] != now["card_points"][key]:
            rows.append((_(label), was["card_points"][key], now["card_points"][key]))
    for category in ALL_CATEGORIES:
        old, new = was["bonuses"].get(category), now["bonuses"].get(category)
        if old != new:
            rows.append((str(category_label(category, tradition)), old, new))
    if was["going_out"]["bonus"] != now["going_out"]["bonus"]:
        rows.append((str(term("Going_out", tradition)), was["going_out"]["bonus"],
                     now["going_out"]["bonus"]))
    if was["morto_penalty"] != now["morto_penalty"]:
        rows.append((str(morto_label("not_taken", tradition)), -was["morto_penalty"],
                     -now["morto_penalty"]))
    old_v, new_v = was["vulnerability"] or {}, now["vulnerability"] or {}
    if old_v.get("from") != new_v.get("from"):
        rows.append((_("Vulnerable from"), old_v.get("from"), new_v.get("from")))
    if old_v.get("opening_minimum") != new_v.get("opening_minimum"):
        rows.append((_("Opening minimum when vulnerable"), old_v.get("opening_minimum"),
                     new_v.get("opening_minimum")))
    return rows


def _page(form: HouseRulesForm, base: rules.Profile, found: HouseRules | None,
          status: int = 200) -> Any:
    """The form, with what it changes and the sample deal both ways once it can be played."""
    _labels(form, base)
    preview = None
    if form.is_submitted() and not form.errors:
        _doc, house = _read(form, base)
        if house is not None:
            preview = {"rows": differences(base, house), "sample": sample(base, house)}
    # why the numbers cannot be played yet, said where the preview would be
    colon = _(": ")  # outside the f-string, where the catalogs' extraction sees it
    problems = [f"{field.label.text}{colon}{e}" for field in form
                if field.type != "CSRFTokenField" for e in field.errors]
    return render_template("house_form.html", form=form, base=base, found=found,
                           card_keys=CARD_KEYS,
                           base_name=profile_name(base.id), preview=preview,
                           problems=problems), status


# --- the pages -------------------------------------------------------------------------


@bp.get("/rules/house/new")
def new_house() -> Any:
    """Choose the profile the house rules change, then the numbers (``?base=``)."""
    base = rules.PROFILES.get(request.args.get("base", ""))
    table = request.args.get("table", "")
    if base is None:
        return render_template("house_start.html", table=table,
                               profiles=[(pid, profile_name(pid)) for pid in rules.PROFILES])
    form = HouseRulesForm(formdata=None, data={"idem": writes.new_key(), "table": table})
    _fill(form, rules.export_profile(base)["params"])
    return _page(form, base, None)


@bp.post("/rules/house/new")
def create_house() -> Any:
    base = rules.PROFILES.get(request.args.get("base", ""))
    if base is None:
        abort(404)
    form, doc, answer = _sent(base, None)
    if answer is not None:
        return answer
    table = load_table(reader(), form.table.data) if form.table.data else None
    return writes.guarded(form, lambda: writes.create_once(
        writes.form_key(form, "house-rules"),
        lambda: HouseRules(name=doc["name"], base=base.id, document=doc,
                           table_id=table.id if table else None),
        "house.house", "house"), lambda notice: _again(form, base, None, notice))


def _sent(base: rules.Profile, found: HouseRules | None,
          ) -> tuple[HouseRulesForm, dict[str, Any], Any]:
    """The house-rules form sent (new rules on ``base``, or ``found`` changed): the form,
    the rules document it makes, and the page to answer with instead of saving (a preview,
    or what is wrong), else None."""
    form = HouseRulesForm()
    if not form.validate() or request.form.get("action") == "preview":
        return form, {}, _page(form, base, found, 200 if not form.errors else 422)
    doc, mine = _read(form, base)
    return form, doc, (_page(form, base, found, 422) if mine is None else None)


def _again(form: HouseRulesForm, base: rules.Profile, found: HouseRules | None,
           notice: Any) -> Any:
    """The form as it was sent, shown again with ``notice`` (nothing of it was saved), on
    the version of the rules as they now are."""
    if found is not None:
        form.version.data = str(_open(found.edit_token).version)
    form.form_errors.append(notice)
    return _page(form, base, found, 409)


@bp.get("/h/<token>")
def house(token: str) -> Any:
    """The house rules: what they change, a deal scored both ways, their link."""
    found = _open(token)
    remember(token, "house")
    base = rules.PROFILES[found.base]
    mine = rules.profile_of(found.document)
    link = public_url(url_for("house.house", token=token))
    return render_template("house_rules.html", found=found, base_name=profile_name(base.id),
                           rows=differences(base, mine), sample=sample(base, mine),
                           link=link, qr=qr_svg(link))


@bp.route("/h/<token>/edit", methods=["GET", "POST"])
def edit_house(token: str) -> Any:
    """Change the house rules: the matches started with them keep the rules they had."""
    found = _open(token)
    base = rules.PROFILES[found.base]
    if request.method == "GET":
        form = HouseRulesForm(formdata=None, data={
            "idem": writes.new_key(), "version": str(found.version), "name": found.name})
        _fill(form, rules.export_profile(rules.profile_of(found.document))["params"])
        return _page(form, base, found)
    form, doc, answer = _sent(base, found)
    if answer is not None:
        return answer
    key = writes.form_key(form, f"house {token}")

    def run(db: Session) -> str:
        locked = writes.lock(db, HouseRules, token, form.version.data, key)
        locked.document, locked.name = doc, doc["name"]
        locked.version += 1
        locked.updated = utcnow()
        return url_for("house.house", token=token)

    return writes.guarded(
        form, lambda: writes.write_once(key, run),
        lambda notice: _again(form, base, found, notice),
        lambda _stale: _again(form, base, found, _(
            "These rules were changed on another phone: nothing of yours was saved. "
            "Save again to keep yours.")))


@bp.get("/h/<token>/sheet.pdf")
def house_sheet(token: str) -> Any:
    """A blank score sheet with the house rules' numbers."""
    found = _open(token)
    data = pdf.render_blank_sheet(found.base, exports.language(), exports.paper(),
                                  house=found.document)
    return exports.send_pdf(data, f"scorekeeper-{_id(found.name)}.pdf")
