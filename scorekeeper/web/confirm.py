"""Nothing destructive on one tap: a view that would take something away first answers a page
that asks once more, and acts on the second tap (the same form posted again, confirmed). No
script needed; what was posted rides along in hidden fields."""

from __future__ import annotations

from flask import render_template, request

CONFIRMED = "confirmed"  # the form field the second tap adds


def ask_first(question: str, button: str, back: str) -> str | None:
    """The page asking ``question`` (a ``button`` that posts the same form again, confirmed, and a
    way ``back``); None once the form was confirmed: the view may act.

    :param back: the address of the page the first tap came from
    """
    if request.form.get(CONFIRMED) == "yes":
        return None
    kept = [(name, value) for name, value in request.form.items(multi=True)
            if name not in ("csrf_token", CONFIRMED)]
    return render_template("confirm.html", question=question, button=button, back=back, kept=kept,
                           action=request.full_path.rstrip("?"))
