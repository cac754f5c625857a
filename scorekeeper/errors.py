"""The one error type for input the rules refuse, and work stopped at its time limit.

The engine must stay free of Flask-Babel, so messages are plain ``%``-templates marked
with :func:`N_` for extraction and translated where they are shown.
"""


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


class TooLong(Exception):
    """Work (a PDF render, a claim search) ran past its time limit and was stopped
    (:mod:`scorekeeper.forked`)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"took longer than {seconds:g} s and was stopped")
        self.seconds = seconds
