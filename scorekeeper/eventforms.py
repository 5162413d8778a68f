"""The forms of a club's evening (``web/events.py``): the event itself and its
entrants; what their fields mean in the contract's event document (docs/contract.md,
"Events")."""

from __future__ import annotations

from datetime import date
from typing import Any

from wtforms import (
    DateField,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.formlists import FieldList
from scorekeeper.forms import BaseForm, StrippingMeta, Visible, WriteForm, _l, choices
from scorekeeper.formwords import NumberRange
from scorekeeper.messages import MOVEMENTS as MOVEMENT_NAMES
from scorekeeper.rules.document import MAX_TARGET
from scorekeeper.rules.eventdoc import MAX_ENTRANTS, MAX_EVENT_NAME, MAX_WHY
from scorekeeper.rules.season import MAX_EVENINGS
from scorekeeper.rules.vptables import TOTAL_VP

#: The evenings clubs play: (turns, deals a turn), by the form's value.
FORMATS = {"5x2": (5, 2), "4x3": (4, 3), "3x4": (3, 4), "5x3": (5, 3), "7x2": (7, 2)}
#: How the turns seat the tables, by the form's value: the plan's movement of every turn
#: but the last, and of the last.
MOVEMENTS = {"mitchell": ("mitchell", "mitchell"),
             "mitchell-danese": ("mitchell", "danese-modified"),
             "danese": ("danese-modified", "danese-modified"),
             "round-robin": ("round-robin", "round-robin"),
             "individual-8": ("individual-8", "individual-8")}
#: The one movement of an individual evening.
INDIVIDUAL_MOVEMENT = "individual-8"
#: The most turns the plan's form takes, and the most groups a Danese plays in.
MAX_TURNS, MAX_GROUPS = 30, 12


class NewEventForm(BaseForm):
    idem = HiddenField()
    name = StringField(_l("Name of the evening"),
                       validators=[InputRequired(), Length(max=MAX_EVENT_NAME), Visible])
    day = DateField(_l("Day"), default=date.today, validators=[InputRequired()])
    profile = SelectField(_l("Rules"), validators=[InputRequired()])
    kind = SelectField(_l("Who plays"), default="pairs", choices=choices(
        [("pairs", _l("Pairs")), ("individual", _l("Single players (8, individual)"))]))
    format = SelectField(_l("Turns"), default="4x3", choices=choices(
        [("5x2", _l("5 turns of 2 deals")), ("4x3", _l("4 turns of 3 deals")),
         ("3x4", _l("3 turns of 4 deals")), ("5x3", _l("5 turns of 3 deals")),
         ("7x2", _l("7 turns of 2 deals"))]))
    movement = SelectField(_l("Movement"), default="mitchell-danese", choices=choices(
        [("mitchell-danese", _l("Mitchell, then a Danese for the last turn")),
         ("mitchell", _l("Mitchell every turn")),
         ("danese", _l("Danese every turn (no rematch of the turn before)")),
         ("round-robin", _l("Everyone meets everyone (round robin)")),
         ("individual-8", _l("Individual for 8 players"))]))
    #: the groups its Danese turns play in (a Danese in groups), as the plan's form sets
    #: them turn by turn later
    groups = IntegerField(_l("Groups (Danish only; empty: one)"), validators=[
        Optional(), NumberRange(min=1, max=MAX_GROUPS)])
    bye_vp = IntegerField(_l("Victory points of a pair that sits out a turn"), default=10,
                          validators=[Optional(), NumberRange(min=0, max=TOTAL_VP)])


class EntrantsForm(WriteForm):
    """Entrants added to an evening before its first turn."""

    lines = TextAreaField(_l("Pairs or players, one per line"),
                          validators=[Length(max=MAX_ENTRANTS * 90)])


#: A table's two sides, as a penalty or a forfeit names them.
SEATS = [("ns", _l("North-South")), ("ew", _l("East-West"))]


class PenaltyForm(WriteForm):
    """Match points taken off one side of a table (late at the table: 100)."""

    side = RadioField(_l("Side"), choices=choices(SEATS), validators=[
        InputRequired(_l("Choose the side that loses the points."))])
    mp = IntegerField(_l("Match points taken off"), default=100,
                      validators=[InputRequired(), NumberRange(min=0, max=MAX_TARGET)])
    why = StringField(_l("Why (late, …)"),
                      validators=[Optional(), Length(max=MAX_WHY), Visible])


class ForfeitForm(WriteForm):
    """A side that forfeits the turn at its table, or none."""

    side = RadioField(_l("Side that forfeits"), default="",
                      choices=choices([*SEATS, ("", _l("Nobody"))]))


def _danese(name: object) -> bool:
    """Whether a movement is a Danese (plain or modified): the ones that play in groups."""
    return str(name).startswith("danese")


def plan_turn(name: str, groups: int | None) -> dict[str, Any]:
    """One turn of the plan: its movement, Mitchell's shift, a Danese's groups (more than
    one), as the new evening's form and the plan's form both write it."""
    turn: dict[str, Any] = {"movement": name}
    if name == "mitchell":
        turn["shift"] = 1
    if _danese(name) and groups and groups > 1:
        turn["groups"] = groups
    return turn


def plan_of(form: NewEventForm) -> list[dict[str, Any]]:
    """The event's plan: every turn's movement, as the form chose them, each Danese in
    the form's groups (more than one)."""
    turns, _deals = FORMATS[form.format.data]
    most, last = MOVEMENTS[form.movement.data]
    return [plan_turn(name, form.groups.data) for name in [most] * (turns - 1) + [last]]


def groups_too_small(turn: dict[str, Any], entrants: int) -> bool:
    """Whether a turn of the plan is a Danese in more groups than ``entrants`` (at least
    one) fill with two each: a group of one only sits out."""
    groups = turn.get("groups") or 1
    return _danese(turn.get("movement")) and groups > 1 and 0 < entrants < 2 * groups


def has_danese(form: NewEventForm) -> bool:
    """Whether the new evening's movement plays a Danese (in groups, if asked)."""
    return any(_danese(name) for name in MOVEMENTS[form.movement.data])


#: The movements a turn of a pairs evening may be seated by, on the plan's form.
PAIR_MOVEMENTS = ("mitchell", "danese", "danese-modified", "round-robin")


class TurnEntry(Form):
    """One turn of the plan not yet seated: its movement and, for a Danese, its groups."""

    class Meta(StrippingMeta):
        pass

    movement = SelectField(_l("Movement"), choices=choices(
            [(m, _l(MOVEMENT_NAMES[m])) for m in PAIR_MOVEMENTS]))
    groups = IntegerField(_l("Groups (Danish only; empty: one)"), validators=[
        Optional(), NumberRange(min=1, max=MAX_GROUPS)])


class PlanForm(WriteForm):
    """The evening's turns: how many, and each turn's movement not yet seated."""

    turns = IntegerField(_l("Number of turns"), validators=[
        InputRequired(), NumberRange(min=1, max=MAX_TURNS)])
    plan = FieldList(FormField(TurnEntry), max_entries=MAX_TURNS)


def plan_form(plan: list[dict[str, Any]], seated: int) -> PlanForm:
    """The plan's form as the plan stands: its turns not yet seated."""
    return PlanForm(formdata=None, data={"turns": len(plan), "plan": [
        {"movement": m["movement"], "groups": m.get("groups")} for m in plan[seated:]]})


def planned(form: PlanForm, plan: list[dict[str, Any]], seated: int) -> list[dict[str, Any]]:
    """The plan the form says: the turns seated as they were, each later turn as its
    line says (a Danese in more than one group keeps them), more turns than lines as the
    last line (or the last turn) says."""
    lines = [{"movement": e.form.movement.data, "groups": e.form.groups.data}
             for e in form.plan.entries]
    kept = plan[:seated]
    for index in range(seated, form.turns.data or 0):
        line = lines[index - seated] if index - seated < len(lines) else \
            (lines[-1] if lines else {"movement": (kept or plan)[-1]["movement"],
                                      "groups": (kept or plan)[-1].get("groups")})
        kept.append(plan_turn(line["movement"], line["groups"]))
    return kept


#: The turn's time a club picks from (the federation's formats), in minutes; any other
#: between the bounds may be typed.
CLOCK_PRESETS = (25, 35, 40, 45, 50)
CLOCK_MINUTES = (5, 180)


class ClockForm(WriteForm):
    """The turn's clock started: its minutes."""

    minutes = IntegerField(_l("Minutes for the turn"), default=45, validators=[
        InputRequired(), NumberRange(min=CLOCK_MINUTES[0], max=CLOCK_MINUTES[1])])


class SeasonForm(WriteForm):
    """A season: its name, its evenings (those this browser runs), which count double, and
    how many of an entrant's best evenings count."""

    name = StringField(_l("Name of the season"), validators=[
        InputRequired(), Length(max=120), Visible])
    evenings = SelectMultipleField(_l("Its evenings"), choices=[], validate_choice=True,
                                   validators=[InputRequired(_l(
                                       "Choose at least one evening."))], widget=ListWidget(),
                                   option_widget=CheckboxInput())
    double = SelectMultipleField(_l("Counting double"), choices=[], validate_choice=True,
                                 widget=ListWidget(), option_widget=CheckboxInput())
    best = IntegerField(_l("Only each entrant's best evenings count: how many (empty: all)"),
                        validators=[Optional(), NumberRange(min=1, max=MAX_EVENINGS)])
