"""A form's fields are copies of the fields first built (scorekeeper/binding.py): each is what
building it anew gives, with its own label and flags, and no form sees another's."""

from __future__ import annotations

from wtforms.fields.core import Field

from scorekeeper.forms import DealForm, HouseRulesForm, choices


def _fields(form):
    return [*form, *(field for entry in form.sides.entries for field in entry.form)] \
        if isinstance(form, DealForm) else list(form)


def _anew(form, unbound, options, **extra):
    return unbound.bind(form=form, **options, **extra)


_OWN = ("_form", "meta", "label", "flags")


def test_a_copied_field_is_the_field_built_anew(app, monkeypatch):
    import scorekeeper.forms

    with app.test_request_context("/"):
        for make in (DealForm, HouseRulesForm):
            make(meta={"csrf": False})
            copied = make(meta={"csrf": False})
            with monkeypatch.context() as patch:
                patch.setattr(scorekeeper.forms, "bound", _anew)
                built = make(meta={"csrf": False})
            for a, b in zip(_fields(copied), _fields(built), strict=True):
                assert type(a) is type(b)
                assert isinstance(a, Field)
                if a.type in ("FieldList", "FormField"):  # built each time, not copied
                    continue
                assert a._form is not None
                assert a.meta is a._form.meta
                assert vars(a.flags) == vars(b.flags)
                assert a.label.field_id == b.label.field_id
                assert str(a.label.text) == str(b.label.text)
                mine = {k: v for k, v in vars(a).items() if k not in _OWN}
                theirs = {k: v for k, v in vars(b).items() if k not in _OWN}
                assert mine.keys() == theirs.keys(), a.name
                for key, value in mine.items():
                    if not callable(value) and key not in ("filters", "validators"):
                        assert value == theirs[key], (a.name, key)


def test_no_form_sees_another_s_labels_choices_or_data(app):
    with app.test_request_context("/", method="POST", data={"went_out": "1"}):
        first = DealForm(meta={"csrf": False})
        first.went_out.label.text = "Changed"
        first.went_out.choices = choices([("1", "Them")])
        first.went_out.flags.required = True
        second = DealForm(meta={"csrf": False}, formdata=None)
        assert str(second.went_out.label.text) == "Who went out?"
        assert not second.went_out.choices
        assert second.went_out.flags.required is None
        assert first.went_out.data == "1"
        assert second.went_out.data is None
        assert second.sides.entries[0].form.mode._form is second.sides.entries[0].form
