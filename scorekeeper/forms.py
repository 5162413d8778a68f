"""WTForms: shape and type only; the referee (scorekeeper.rules) decides legality.

Every POST form carries a CSRF token (Flask-WTF), an idempotency key and, where
it changes a match, the match version it was built from.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from werkzeug.datastructures import FileStorage
from wtforms import (  # type: ignore[attr-defined]  # SelectChoice: WTForms 3.3, stubs 3.2
    BooleanField,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, Optional, StopValidation
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.entry import EntryMode, RoundEnd
from scorekeeper.formlists import FieldList
from scorekeeper.formwords import WTFORMS_TRANSLATIONS, NumberRange
from scorekeeper.i18n import page_gettext
from scorekeeper.names import mixes_scripts, shows
from scorekeeper.rules.burro import MAX_PLAYERS, MIN_PLAYERS
from scorekeeper.rules.document import (
    CARD_KEYS,
    MAX_POINTS,
    MAX_SIDES,
    MAX_TARGET,
    MIN_SIDES,
    MIN_TARGET,
)
from scorekeeper.rules.limits import MOST_CANASTRAS, MOST_POINTS
from scorekeeper.rules.states import ClosedBy
from scorekeeper.vocabulary import term
from scorekeeper.widgets import written


def _l(text: str) -> LazyString:
    """A label or message in the page's language when shown (as ``lazy_gettext``, through
    the request's translations looked up once: a deal form shows sixty of them)."""
    return LazyString(page_gettext, text)


# How a side's deal is entered (``EntryMode``: every meld card by card, or the counts),
# how a round of Burro ended (``RoundEnd``: someone lost, or a feint, seed 002 "La
# feinte"): scorekeeper.entry's, which the phone reads them with too.

#: The canastra categories of the contract, and the form field holding each count.


def choices(pairs: Iterable[tuple[str, Any]]) -> list[Any]:
    """Options for a select or radio field, from (value, label) pairs (WTForms 3.3
    declares options as ``SelectChoice``)."""
    return [SelectChoice(value, label) for value, label in pairs]


#: Bidirectional controls: they can make two different names look the same, or a name
#: run over its neighbours (U+202A–U+202E embeddings and overrides, U+2066–U+2069
#: isolates, the LRM/RLM/ALM marks).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                           "\u200e\u200f\u061c")


#: Every line ending (CR LF, CR, LF, VT, FF, FS, GS, RS, NEL, U+2028, U+2029).
_LINE_ENDS = re.compile("\r\n|[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def clean_text(value: Any) -> Any:
    """What a text field keeps of what was sent: NFC-normalised text without control
    characters (NUL included; tabs stay, and every line ending is one line break) or
    bidirectional controls, without surrounding whitespace. A file sent into a text field
    is no text at all."""
    if isinstance(value, FileStorage):
        return ""
    if not isinstance(value, str):
        return value
    text = _LINE_ENDS.sub("\n", unicodedata.normalize("NFC", value))
    return "".join(c for c in text if c in "\n\t" or (
        c not in _BIDI_CONTROLS and unicodedata.category(c) != "Cc")).strip()


#: Why a name is refused: it shows nothing, or it mixes look-alike alphabets in a word.
INVISIBLE_NAME = _l("A name needs at least one visible character.")
MIXED_NAME = _l("A name mixes look-alike letters of different alphabets in one word (such as "
                "a Cyrillic А among Latin letters).")


def name_problem(name: str) -> Any:
    """What is wrong with a name (``INVISIBLE_NAME``, ``MIXED_NAME``), or None."""
    if not shows(name):
        return INVISIBLE_NAME
    return MIXED_NAME if mixes_scripts(name) else None


def Visible(form: Any, field: Any) -> None:  # noqa: N802 - a WTForms validator, named like one
    """A name, when given, shows at least one character (not only zero-width or blank
    ones) and does not mix look-alike alphabets in a word."""
    problem = name_problem(field.data) if field.data else None
    if problem is not None:
        raise StopValidation(str(problem))


class StrippingMeta:
    """Clean every text field (``clean_text``; indico's base form strips whitespace)."""

    def get_translations(self, form: Any) -> Any:
        """WTForms' own messages ("Not a valid integer value"…) in the page's language,
        for sub-forms and GET forms too, not only for FlaskForm."""
        from flask import current_app, has_app_context

        if has_app_context() and not current_app.config.get("WTF_I18N_ENABLED", True):
            return None
        return WTFORMS_TRANSLATIONS

    def render_field(self, field: Any, render_kw: dict[str, Any]) -> Any:
        """The field's HTML (``widgets.written``: an empty field's is written once)."""
        return written(field, render_kw,
                       lambda: super(StrippingMeta, self).render_field(  # type: ignore[misc]
                           field, render_kw))

    def bind_field(self, form: Any, unbound_field: Any, options: dict[str, Any]) -> Any:
        if issubclass(unbound_field.field_class, (FieldList, FormField)):
            return unbound_field.bind(form=form, **options)
        filters = [*unbound_field.kwargs.get("filters", []), clean_text]
        return unbound_field.bind(form=form, **options, filters=filters)


class BaseForm(FlaskForm):
    class Meta(StrippingMeta):
        pass


class QueryForm(Form):
    """A GET form that changes nothing: no CSRF token needed."""

    class Meta(StrippingMeta):
        pass


class WriteForm(BaseForm):
    """A POST form that changes a match: idempotency key and the version it was built from."""

    idem = HiddenField()
    version = HiddenField()


# --- matches -----------------------------------------------------------------


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


class SideEntry(Form):
    class Meta(StrippingMeta):
        pass

    name = StringField(_l("Side name"), validators=[Optional(), Length(max=40), Visible])
    players = StringField(
        _l("Players (comma separated)"), validators=[Optional(), Length(max=120), Visible]
    )
    # A match started from a table: who sits on this side, among the table's players
    # (their ids; the choices are the table's, set by the page).
    seats = MultiCheckboxField(_l("Who plays on this side"), coerce=int, validators=[Optional()])


#: A link token: what ``models.new_token`` makes (22 URL-safe characters), up to the column.
#: The letters of a link token (``models.new_token``'s URL-safe alphabet).
_LINK_LETTERS = "A-Za-z0-9_-"
LINK_TOKEN = rf"[{_LINK_LETTERS}]{{22,64}}"
_ANY_LINK = re.compile(rf"[{_LINK_LETTERS}]{{1,64}}")


def is_token(value: object) -> bool:
    """Whether ``value`` can name a link (a token a phone chose offline is ``LINK_TOKEN``).
    Anything else (a NUL, a space, a letter outside the alphabet, too long) names no row
    and is never sent to the database: PostgreSQL refuses a NUL in text outright."""
    return isinstance(value, str) and _ANY_LINK.fullmatch(value) is not None


def _target(label: Any) -> IntegerField:
    """A match's target, in the range the referee reads (``rules.document``)."""
    return IntegerField(label, validators=[Optional(),
                                           NumberRange(min=MIN_TARGET, max=MAX_TARGET)])


class NewMatchForm(BaseForm):
    idem = HiddenField()
    table = HiddenField()  # the table's link, for a match started from a table
    # The links a phone chose when it set the match up without a network (templates/sw.js):
    # the match keeps them, so that the pages the phone showed meanwhile stay its pages.
    edit_token = HiddenField()
    view_token = HiddenField()
    zone = HiddenField()  # the phone's time zone (app.js fills it in): the match's moments
    name = StringField(_l("Match name"), validators=[Optional(), Length(max=80), Visible])
    profile = SelectField(_l("Rules"), validators=[InputRequired()])
    target = _target(_l("Target (empty: the rules' default)"))
    sides = FieldList(FormField(SideEntry), min_entries=MAX_SIDES, max_entries=MAX_SIDES)


class ConfirmForm(WriteForm):
    """Undo the last deal, delete a match: a button and its version."""


# --- house rules ---------------------------------------------------------------


def _points(label: Any) -> IntegerField:
    return IntegerField(label, validators=[Optional(), NumberRange(min=0, max=MAX_POINTS)])


class HouseRulesForm(WriteForm):
    """A family's own numbers over a built-in profile (web/house.py): each field starts at
    the profile's value; the labels of the card values and bonuses are the game's own
    words, set by the page."""

    table = HiddenField()  # the table the rules are kept with, when made from one
    name = StringField(_l("Name of these rules"),
                       validators=[InputRequired(), Length(max=80), Visible])
    target = _target(_l("Target"))
    # a field per card value, named by its key in the profile document (``CARD_KEYS``)
    vars().update({key: _points(key) for key in CARD_KEYS})
    bonus_clean = _points("clean")
    bonus_dirty = _points("dirty")
    bonus_semi_clean = _points("semi-clean")
    bonus_clean_500 = _points("clean-500")
    bonus_clean_1000 = _points("clean-1000")
    # the label follows the base's tradition (canastra / burraco), set by the page
    semi_clean = BooleanField(term("Semi_clean"))
    going_out = _points("going out")
    morto_penalty = _points("morto")
    vulnerable_from = IntegerField(_l("Vulnerable from (empty: never)"),
                                   validators=[Optional(), NumberRange(min=1, max=MAX_TARGET)])
    opening_minimum = _points(_l("Opening minimum when vulnerable"))


# --- deals -------------------------------------------------------------------


def _count(label: Any) -> IntegerField:
    return IntegerField(label, validators=[Optional(), NumberRange(min=0, max=MOST_CANASTRAS)])


class AskedRadioField(RadioField):
    """A choice never answered for the scorer: ``None`` until an option is tapped."""

    def pre_validate(self, form: Any) -> None:
        if self.data is not None:  # an answer outside the choices is refused as ever
            super().pre_validate(form)


class SideDealForm(Form):
    class Meta(StrippingMeta):
        pass

    mode = RadioField(_l("Entry"), default=EntryMode.CARDS.value,
                      choices=choices([(EntryMode.CARDS.value, _l("Cards")),
                                       (EntryMode.COUNTS.value, _l("Counts"))]))
    melds = TextAreaField(_l("Melds, one per line (e.g. 3♥ 4♥ 5♥)"), validators=[Length(max=2000)])
    table_points = IntegerField(_l("Points of the cards on the table"),
                                validators=[Optional(),
                                            NumberRange(min=-MOST_POINTS, max=MOST_POINTS)])
    clean = _count(_l("Clean canastras"))
    dirty = _count(_l("Dirty canastras"))
    semi_clean = _count(_l("Semi-clean canastras"))
    clean_500 = _count(_l("Clean canastras of 13 cards (500)"))
    clean_1000 = _count(_l("Clean canastras of 14 cards (1000)"))
    hand = StringField(_l("Cards left in hand"), validators=[Length(max=400)])
    hand_points = IntegerField(
        _l("or their points"), validators=[Optional(), NumberRange(min=0, max=MOST_POINTS)]
    )
    # the profile's own morto states (``Profile.morto_states``), asked (``dealform.ask_answers``)
    morto = AskedRadioField(_l("Morto"), default=None)
    opening = TextAreaField(
        _l("Opening: the melds laid down together, one per line"), validators=[Length(max=1000)]
    )
    # a vulnerable side's opening nobody wrote down: the minimum is then not checked
    unnoted = BooleanField(_l("Nobody noted the opening"))
    # a vulnerable side entered by counts: its scorer says it opened with the minimum or
    # more, one tap (the page's label names the minimum); the counts hold no melds to check
    met = BooleanField(_l("Opened with the minimum or more"))


class DealForm(WriteForm):
    #: each side's meld lines ticked as its opening (``dealform.ticked``), set by ``build_form``
    opened: list[list[int]]
    #: the errors ``dealform.judge`` put on meld boxes about one meld each (the page's live
    #: verdicts under a meld box already say them; the form's own errors list repeats them)
    meld_problems: set[str]
    sides = FieldList(FormField(SideDealForm), min_entries=MIN_SIDES, max_entries=MAX_SIDES)
    #: "" when nobody went out (the stock ran out); ``None`` when not answered yet
    went_out = AskedRadioField(_l("Who went out?"), default=None)
    #: the side that took its morto first, when the players noted it (statistics only)
    morto_first = RadioField(_l("Who took the morto first?"), default="")
    closed_by = RadioField(
        _l("How?"),
        choices=choices([(ClosedBy.DISCARD.value, _l("by discarding")),
                         (ClosedBy.MELD.value, _l("by melding the last card"))]),
        default=ClosedBy.DISCARD.value,
    )
    #: an evening's deal played after the turn's time was up: going out scores no bonus
    after_time = BooleanField(_l("Played after the time was up: going out scores no closing "
                                 "bonus"))


# --- referee helpers (GET, nothing changes) ------------------------------------


class CheckForm(QueryForm):
    profile = SelectField(_l("Rules"))
    melds = TextAreaField(_l("Melds, one per line (e.g. 3♥ 4♥ 5♥)"), validators=[Length(max=2000)])
    before = IntegerField(
        _l("Side's total before the deal (for the opening check)"),
        validators=[Optional(), NumberRange(min=-MAX_TARGET, max=MAX_TARGET)],
    )
    in_one_go = BooleanField(_l("Laid down in one go"))


class PileForm(QueryForm):
    profile = SelectField(_l("Rules"))
    top = StringField(_l("Top card of the discard pile"), validators=[Length(max=10)])
    melds = TextAreaField(_l("Your side's melds, one per line"), validators=[Length(max=2000)])
    hand = StringField(_l("Your hand"), validators=[Length(max=400)])


class WildcardForm(QueryForm):
    profile = SelectField(_l("Rules"))
    meld = StringField(_l("The meld with its wildcard"), validators=[Length(max=200)])
    card = StringField(_l("The natural card you add"), validators=[Length(max=10)])


class BurroRanksForm(QueryForm):
    players = IntegerField(
        _l("Number of players"),
        validators=[Optional(), NumberRange(min=MIN_PLAYERS, max=MAX_PLAYERS)],
    )


# --- burro -------------------------------------------------------------------


class NewBurroForm(BaseForm):
    idem = HiddenField()
    name = StringField(_l("Name"), validators=[Optional(), Length(max=80), Visible])
    players = TextAreaField(_l("Players, one per line"), validators=[Length(max=600)])


class BurroRoundForm(WriteForm):
    kind = RadioField(
        _l("How did the round end?"),
        choices=choices([(RoundEnd.LOSER.value, _l("someone lost")),
                         (RoundEnd.FEINT.value, _l("a feint"))]),
        default=RoundEnd.LOSER.value,
    )
    loser = SelectField(_l("Who lost?"), validators=[Optional()])
    feint_by = SelectField(_l("Who feinted?"), validators=[Optional()])
    fooled = MultiCheckboxField(_l("Who fell for it?"), validators=[Optional()])


# --- tables --------------------------------------------------------------------


class NewTableForm(BaseForm):
    idem = HiddenField()
    zone = HiddenField()  # the phone's time zone (app.js fills it in): the table's evenings
    name = StringField(_l("Name of the table"), validators=[Optional(), Length(max=80), Visible])
    players = TextAreaField(_l("Players, one per line"), validators=[Length(max=1000)])


class PlayerEntry(Form):
    """One player of a table, as the players page edits them: their id and name."""

    class Meta(StrippingMeta):
        pass

    id = HiddenField()
    name = StringField(_l("Name"), validators=[Optional(), Length(max=40), Visible])


class TablePlayersForm(WriteForm):
    """Rename the table's players, and add some."""

    players = FieldList(FormField(PlayerEntry))
    new = TextAreaField(_l("New players, one per line"), validators=[Length(max=1000)])
