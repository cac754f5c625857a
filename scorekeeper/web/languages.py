"""The language a request is answered in: the one chosen with the switcher, else the browser's best
match (:func:`select_locale`, Flask-Babel's selector), or the one a print job is drawn in (:func:`speaking`).

Flask-Babel keeps the locale it chose on ``g``, which its ``get_locale()`` reaches through Flask's proxies
(a missing name raised and caught first): asked for a kept page's key, which only needs the language's code,
it was 8% of a kept sheet GET's instructions (docs/performance.md, get25). :func:`language` gives that code
as ``get_locale()`` would, from the same choice, read through the objects the proxies stand for
(web/access.py). Flask-Babel offers no public way to tell that a language is forced (``force_locale``), so
the app forces one through :func:`speaking` alone, which notes it on ``g`` (tests/web/test_i18n.py checks
that nothing else forces or refreshes one).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager

from babel import Locale
from flask import g, request
from flask_babel import force_locale, get_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

LANGUAGES = ("en", "fr", "nl", "ja")
SPEAKING = "speaking"  # g's name for the language a print job forces (speaking)


def chosen_language() -> str:
    """The language chosen with the switcher, else the browser's best match (no such header: the
    first language, without parsing the absent header)."""
    asking = request._get_current_object()
    chosen = asking.cookies.get("lang")
    if chosen not in LANGUAGES:
        asked = asking.environ.get("HTTP_ACCEPT_LANGUAGE")  # (the headers' get raises inside when absent)
        chosen = (asked and best_language(asked)) or LANGUAGES[0]
    return chosen


def select_locale() -> Locale:
    """Flask-Babel's locale selector: :func:`chosen_language`'s locale."""
    return _locale(chosen_language())


def language() -> str:
    """The code of the language this request is answered in, as ``str(get_locale())`` gives it: the
    one forced (:func:`speaking`) or else the one chosen, without Flask-Babel's look-ups."""
    if SPEAKING in g._get_current_object():
        return str(get_locale())
    return chosen_language()


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Flask-Babel's ``force_locale(code)``, noted for :func:`language` (a print job's pages drawn
    in the language it was asked in)."""
    asked = g._get_current_object()
    before = asked.get(SPEAKING)
    setattr(asked, SPEAKING, code)
    try:
        with force_locale(code):
            yield
    finally:
        if before is None:
            asked.pop(SPEAKING)
        else:
            setattr(asked, SPEAKING, before)


@functools.lru_cache(maxsize=256)
def best_language(asked: str) -> str | None:
    """Our language that an ``Accept-Language`` header asks for first, parsed once per header
    text and process (a phone sends the same one with every request)."""
    return parse_accept_header(asked, LanguageAccept).best_match(LANGUAGES)


@functools.cache
def _locale(code: str) -> Locale:
    """A language's Babel locale, parsed once per process (Flask-Babel parsed it at every request)."""
    return Locale.parse(code)
