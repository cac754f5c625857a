"""Reading declarations and deal forms: the helpers every game engine shares.

Two families, both pure (no web, no storage):

* JSON declarations (``_<game>_deal``): :func:`shown`, :func:`whole`, :func:`pick`;
* flat form values (``_<game>_form``): :func:`form_text`, :func:`ticked`,
  :func:`form_pick`, :func:`form_number`.

Each refusal is a :class:`RuleViolation` with the caller's message template and field, so a
game keeps its own words; these only read the value.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any

from ..errors import RuleViolation

SHOWN_MAX = 40  # characters of a refused declaration quoted back in a message
FORM_SHOWN_MAX = 20  # characters of a refused form value quoted back in a message
TICKED = frozenset({"y", "on", "true", "1", "yes"})
"""Checkbox values a browser (or a script) sends for a ticked box; unticked boxes are absent."""


# -- JSON declarations ---------------------------------------------------------------------------

def shown(value: object) -> str:
    """A value as shown in a message, kept short whatever was sent.

    >>> shown("x" * 50) == "x" * 39 + "…"
    True
    """
    text = str(value)
    return text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"


def whole(value: object) -> int | None:
    """An int from JSON (not a bool, not a float, not text); None if it is not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def pick(raw: Mapping[str, Any], key: str, allowed: Sequence[str], message: str,
         *, required: str | None = None) -> str | None:
    """A pick-one value; ``required`` is the message when it is missing (else None is fine).

    ``message`` may use ``value``, ``allowed`` and ``name`` (the key); its refusal carries those it uses
    and no other (what the refusal says and carries are the same; a value allowed costs nothing more).
    """
    value = raw.get(key)
    if value is None:
        if required:
            raise RuleViolation(required, field=key)
        return None
    if not isinstance(value, str) or value not in allowed:
        offered = {"name": key, "value": shown(value), "allowed": ", ".join(allowed)}
        raise RuleViolation(message, field=key,
                            **{used: text for used, text in offered.items() if f"%({used})" in message})
    return value


# -- form values ---------------------------------------------------------------------------------

def form_text(values: Mapping[str, Any], name: str) -> str:
    """A form field's text, stripped; "" when absent or not text."""
    value = values.get(name)
    return value.strip() if isinstance(value, str) else ""


def ticked(values: Mapping[str, Any], name: str) -> bool:
    """Whether a checkbox is ticked (see :data:`TICKED`)."""
    value = values.get(name)
    return value is True or (isinstance(value, str) and value.strip().lower() in TICKED)


def form_pick(values: Mapping[str, Any], name: str, allowed: Container[str], message: str) -> str | None:
    """A pick-one form value as typed (None when left empty); ``message`` gets ``value``."""
    text = form_text(values, name)
    if not text:
        return None
    if text not in allowed:
        raise RuleViolation(message, field=name, value=text[:FORM_SHOWN_MAX])
    return text


def form_number(values: Mapping[str, Any], name: str, message: str, *, at_most: int | None = None,
                digits: int | None = None, **params: object) -> int | None:
    """A whole number typed in the form (None when left empty): ASCII digits only, at most
    ``at_most`` and at most ``digits`` long where given. ``message`` gets ``value`` and ``params``."""
    text = form_text(values, name)
    if not text:
        return None
    if (not (text.isascii() and text.isdigit()) or (digits is not None and len(text) > digits)
            or (at_most is not None and int(text) > at_most)):
        raise RuleViolation(message, field=name, **params, value=text[:FORM_SHOWN_MAX])
    return int(text)
