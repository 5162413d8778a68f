"""The forms of a club's evening (``web/evening/director.py``): the event itself and its
entrants; what their fields mean in the contract's event document (docs/contract.md,
"Events"). Which movements there are, what they take and which kind of evening each
seats are the referee's (``rules.movements``, ``rules.plans``): the forms ask them."""

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
from wtforms.validators import DataRequired, InputRequired, Length, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.formlists import FieldList
from scorekeeper.forms import BaseForm, StrippingMeta, Visible, WriteForm, _l, choices
from scorekeeper.formwords import NumberRange
from scorekeeper.messages import MOVEMENTS as MOVEMENT_NAMES
from scorekeeper.msgids import NP_, lazy
from scorekeeper.rules.document import MAX_TARGET
from scorekeeper.rules.eventdoc import MAX_EVENT_NAME, MAX_WHY
from scorekeeper.rules.movements import MAX_ENTRANTS, PAIRS, movements_for, plan_entry, unfilled
from scorekeeper.rules.plans import DEFAULT_PLAN, PLANS
from scorekeeper.rules.plans import plan_of as shaped_plan
from scorekeeper.rules.season import MAX_EVENINGS
from scorekeeper.rules.vptables import BYE_VP, TOTAL_VP

#: The evenings clubs play: (turns, deals a turn), by the form's value.
FORMATS = {"5x2": (5, 2), "4x3": (4, 3), "3x4": (3, 4), "5x3": (5, 3), "7x2": (7, 2)}
#: What the new evening's form calls each plan the referee offers (``rules.plans.PLANS``,
#: by its id; one without words here is shown by its id).
PLAN_LABELS = {"mitchell-danese": _l("Mitchell, then a Danese for the last turn"),
               "mitchell": _l("Mitchell every turn"),
               "danese": _l("Danese every turn (no rematch of the turn before)"),
               "round-robin": _l("Everyone meets everyone (round robin)"),
               "individual-8": _l("Individual for 8 players")}
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
    movement = SelectField(_l("Movement"), default=DEFAULT_PLAN, choices=choices(
        [(shape, PLAN_LABELS.get(shape, shape)) for shape in PLANS]))
    #: the groups its Danese turns play in (a Danese in groups), as the plan's form sets
    #: them turn by turn later
    groups = IntegerField(_l("Groups (Danish only; empty: one)"), validators=[
        Optional(), NumberRange(min=1, max=MAX_GROUPS)])
    bye_vp = IntegerField(_l("Victory points of a pair that sits out a turn"), default=BYE_VP,
                          validators=[Optional(), NumberRange(min=0, max=TOTAL_VP)])


class EntrantsForm(WriteForm):
    """Entrants added to an evening before its first turn."""

    lines = TextAreaField(_l("Pairs or players, one per line"),
                          validators=[Length(max=MAX_ENTRANTS * 90)])


#: A table's two sides, as a penalty or a forfeit names them.
SEATS = [("ns", _l("North-South")), ("ew", _l("East-West"))]


class PenaltyForm(WriteForm):
    """Match points taken off one side of a table (late at the table: 100)."""

    # TRANSLATORS: a table's line (North-South or East-West), as the forfeit below says.
    side = RadioField(lazy(NP_("event", "Side")), choices=choices(SEATS), validators=[
        InputRequired(_l("Choose the side that loses the points."))])
    mp = IntegerField(_l("Match points taken off"), default=100,
                      validators=[InputRequired(), NumberRange(min=0, max=MAX_TARGET)])
    why = StringField(_l("Why (late, …)"),
                      validators=[Optional(), Length(max=MAX_WHY), Visible])


class ForfeitForm(WriteForm):
    """A side that forfeits the turn at its table, or none."""

    side = RadioField(_l("Side that forfeits"), default="",
                      choices=choices([*SEATS, ("", _l("Nobody"))]))


#: The most characters of why the director withdrew an entrant (the history keeps it).
MAX_REASON = 200


class WithdrawForm(WriteForm):
    """An entrant withdrawn from the evening (or brought back), from the turn the page
    said: ``who``, its id; ``turn``, the turn it leaves from (1-based); why, kept."""

    who = HiddenField()
    turn = HiddenField()
    why = StringField(_l("Why (kept in the evening’s history)"),
                      validators=[Optional(), Length(max=MAX_REASON), Visible])


def plan_turn(name: str, groups: int | None) -> dict[str, Any]:
    """One turn of the plan as the referee writes it (``rules.movements.plan_entry``):
    its movement and its parameters, a Danese's groups when more than one."""
    return plan_entry(name, groups=groups)


def plan_of(form: NewEventForm) -> list[dict[str, Any]]:
    """The event's plan: every turn's movement, as the form chose them, each Danese in
    the form's groups (more than one)."""
    turns, _deals = FORMATS[form.format.data]
    return shaped_plan(form.movement.data, turns, form.groups.data)


def groups_too_small(turn: dict[str, Any], entrants: int) -> bool:
    """Whether a turn of the plan is cut into more groups than ``entrants`` (at least
    one) fill tables, which the referee refuses: a group of one only sits out."""
    return unfilled(turn, entrants)


def has_danese(form: NewEventForm) -> bool:
    """Whether the new evening's plan has a movement that plays in groups (a Danese)."""
    return PLANS[form.movement.data].in_groups


def seats_its_kind(form: NewEventForm) -> bool:
    """Whether the new evening's plan seats the kind of evening chosen (pairs, players)."""
    return bool(PLANS[form.movement.data].kind == form.kind.data)


class TurnEntry(Form):
    """One turn of the plan not yet seated: its movement and, for a Danese, its groups."""

    class Meta(StrippingMeta):
        pass

    movement = SelectField(_l("Movement"), choices=choices(
            [(m, _l(MOVEMENT_NAMES[m]) if m in MOVEMENT_NAMES else m)
             for m in movements_for(PAIRS)]))
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


class PairCodeForm(WriteForm):
    """A table phone's confirmation, or its pair's code given or chosen on it
    (``web/evening/codes.py``: two digits, read there; what a phone that is not the
    pair's own must send, it says)."""

    code = StringField(_l("Your pair’s code"))


class SeasonForm(WriteForm):
    """A season: its name, its evenings (those this browser runs), which count double, how
    many of an entrant's best evenings count, and how many it plays to be ranked."""

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
    qualify = IntegerField(_l("Evenings an entrant plays to be ranked (empty: from the "
                              "first)"),
                           validators=[Optional(), NumberRange(min=1, max=MAX_EVENINGS)])


#: The most characters of a pair's reason for flagging a deal, and of why the director
#: reopens a final evening (the director reads the one, the history keeps the other).
MAX_FLAG = MAX_REASON
#: The correction windows a club chooses from (``web/evening/final.py``), and the most
#: minutes one counted in minutes lasts: a week.
WINDOW_CHOICES = (("closed", _l("Until the director closes the evening")),
                  ("minutes", _l("Some minutes after the last turn")),
                  ("noon", _l("Until noon the next day")))
MOST_WINDOW_MINUTES = 7 * 24 * 60


class FlagForm(WriteForm):
    """A deal a pair thinks is wrong, flagged from its phone: the turn it was played in,
    its number at the pair's table that turn, and why (the choices: the turns seated and
    the turn's deals, set by the page)."""

    of_turn = SelectField(_l("Turn"), coerce=int, validate_choice=True)
    deal = SelectField(_l("Deal"), coerce=int, validate_choice=True)
    reason = TextAreaField(_l("What is wrong?"), validators=[
        DataRequired(_l("Say in a few words what is wrong with the deal.")),
        Length(max=MAX_FLAG), Visible])


class WindowForm(WriteForm):
    """The evening's correction window: until closed, some minutes after the last turn,
    or noon the next day in the evening's time zone (the browser's, ``zone``)."""

    window = RadioField(_l("Results stay provisional"), default="closed",
                        choices=choices(WINDOW_CHOICES))
    minutes = IntegerField(_l("Minutes after the last turn"), validators=[
        Optional(), NumberRange(min=1, max=MOST_WINDOW_MINUTES)])
    zone = HiddenField()


class ReopenForm(WriteForm):
    """A final evening reopened: why, kept in its history."""

    reason = StringField(_l("Why (kept in the evening’s history)"), validators=[
        DataRequired(_l("Say why the evening is reopened: it is kept in its history.")),
        Length(max=MAX_REASON), Visible])
