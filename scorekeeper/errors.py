"""The engine's words: the one error type for input the rules refuse (:class:`RuleViolation`),
the line of an explanation (:class:`Say`), and work stopped at its time limit (:class:`TooLong`).

The engine must stay free of Flask-Babel, so messages are plain ``%``-templates marked
with :func:`N_` for extraction and translated where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """Mark a message for Babel extraction; it is translated where it is shown."""
    return message


class RuleViolation(ValueError):
    """Input the rules do not allow; the only error the engine raises.

    :param template: an ``N_``-marked message with ``%(name)s`` placeholders
    :param field: the declaration field it concerns (``card_points``,
        ``options.target``), or ``None`` for the deal as a whole
    :param params: values for the placeholders
    """

    def __init__(self, template: str, *, field: str | None = None, **params: object) -> None:
        super().__init__(template % params if params else template)
        self.template = template
        self.field = field
        self.params = params


def _identity(text: str) -> str:
    return text


@dataclass(slots=True)
class Say:
    """One line of an explanation that a referee could read aloud.

    ``template`` is ``N_``-marked; ``params`` fill its ``%(name)s`` placeholders. Read only, not
    frozen: a deal's explanation makes ten of them, and a frozen one costs twice as much to make
    (never hashable either way: its ``params`` are a mapping).
    """

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, gettext: Callable[[str], str] = _identity) -> str:
        """The line in the reader's language (``gettext`` translates the template).

        A parameter that is itself a Say (a meld's name, a contract) is rendered in turn.

        >>> Say("%(who)s made %(what)s", {"who": "N–S", "what": Say("a tierce")}).render()
        'N–S made a tierce'
        """
        text = gettext(self.template)
        if not self.params:
            return text
        return text % {key: value.render(gettext) if isinstance(value, Say) else value
                       for key, value in self.params.items()}
class TooLong(Exception):
    """Work (a PDF render, a claim search) ran past its time limit and was stopped
    (:mod:`scorekeeper.forked`)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"took longer than {seconds:g} s and was stopped")
        self.seconds = seconds
