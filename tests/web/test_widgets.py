"""The desk's long lists of options (web/widgets.py) are the very HTML WTForms writes, only quicker."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from wtforms import Form, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import Select

from scorekeeper.web.widgets import QuickSelect

VALUES = st.one_of(st.text(max_size=12), st.integers(-5, 5000), st.booleans())
LABELS = st.one_of(st.none(), st.text(max_size=20))  # names with & < > " ' and any letters; none: the value shown


@settings(max_examples=200, deadline=None)
@given(choices=st.lists(st.tuples(VALUES, LABELS, st.booleans()), max_size=6), chosen=st.integers(0, 6))
def test_a_select_is_written_byte_for_byte_as_wtforms_writes_it(choices, chosen):
    plain = [SelectChoice(value, label, render_kw={"disabled": True} if odd else None)
             for value, label, odd in choices]

    def written(widget):
        class Picked(Form):
            pick = SelectField("Pick", choices=plain, widget=widget, validate_choice=False)

        form = Picked(data={"pick": plain[chosen].value if chosen < len(plain) else None})
        return str(form.pick())

    assert written(QuickSelect()) == written(Select())
