"""Fill the French, Dutch and Japanese catalogues in chunks, re-runnable on only the untranslated entries.

    python tools/po_fill.py todo WORKDIR          # numbered untranslated msgids -> WORKDIR/todo.tsv
    python tools/po_fill.py apply WORKDIR CHUNK…  # CHUNK lines: "N ¦ french ¦ dutch ¦ japanese"
    python tools/po_fill.py check                 # placeholders kept, nothing untranslated or fuzzy

A message with a plural gives French and Dutch as "singular || plural" and Japanese once (one
form). `todo` numbers every msgid that a language lacks (or has fuzzy) and keeps the numbering in
WORKDIR/todo.tsv, so chunks written from it can be applied later, in any order, by msgid: an entry
already translated is never lost, and running `make messages` in between only adds new work.
French gets its non-breaking spaces before : ; ? ! and inside « » on the way in, so a phone never
wraps a line before the colon.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

CATALOGUES = Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"
LANGS = ("fr", "nl", "ja")
CHECKED = LANGS
PLURAL = " || "
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|%%")
SEPARATOR = re.compile(r"\t| ¦ ")
FRENCH_SPACE = re.compile(r" ([:;?!»])|(«) ")


def typography(lang: str, text: str) -> str:
    """French punctuation keeps its space, unbreakable; other languages are taken as written."""
    if lang != "fr":
        return text
    return FRENCH_SPACE.sub(lambda m: f"\u00a0{m[1]}" if m[1] else f"{m[2]}\u00a0", text)


def _path(lang: str) -> Path:
    return CATALOGUES / lang / "LC_MESSAGES" / "messages.po"


def load(lang: str) -> Catalog:
    with open(_path(lang), "rb") as po:
        return read_po(po)


def save(lang: str, catalogue: Catalog) -> None:
    with open(_path(lang), "wb") as po:
        write_po(po, catalogue)


def _missing(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not all(strings) or message.fuzzy


def _key(message) -> str:
    """A message's line in todo.tsv: its msgid (the singular for a plural)."""
    return message.id[0] if isinstance(message.id, tuple) else message.id


CONTEXT = "\x04"  # gettext's own separator of a msgctxt and its msgid (pgettext: "seat" W)


def _line(message) -> str:
    """A message's line in todo.tsv: its msgid, after its context if it has one."""
    return f"{message.context}{CONTEXT}{_key(message)}" if message.context else _key(message)


def _find(catalogue: Catalog, line: str):
    context, _, msgid = line.rpartition(CONTEXT)
    return catalogue.get(msgid, context or None)


def todo(workdir: Path) -> None:
    catalogues = [load(lang) for lang in LANGS]
    ids = [_line(m) for m in catalogues[0]
           if m.id and any(_missing(c.get(m.id, m.context)) for c in catalogues)]
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "todo.tsv").write_text("".join(f"{n}\t{msgid}\n" for n, msgid in enumerate(ids)))
    print(f"{len(ids)} to translate -> {workdir / 'todo.tsv'}")


def apply(workdir: Path, chunks: list[Path]) -> None:
    numbered = dict(line.split("\t", 1) for line in (workdir / "todo.tsv").read_text().splitlines())
    catalogues = {lang: load(lang) for lang in LANGS}
    done = 0
    for chunk in chunks:
        for line in chunk.read_text().splitlines():
            if not line.strip():
                continue
            number, *texts = SEPARATOR.split(line.strip())
            if len(texts) != len(LANGS):
                sys.exit(f"{chunk}: line {number!r} has {len(texts)} translations, not {len(LANGS)}")
            msgid = numbered[number]
            for lang, text in zip(LANGS, texts, strict=True):
                message = _find(catalogues[lang], msgid)
                forms = tuple(typography(lang, form.strip()) for form in text.split(PLURAL))
                if isinstance(message.id, tuple):
                    message.string = forms * catalogues[lang].num_plurals if len(forms) == 1 else forms
                else:
                    message.string = forms[0]
                message.flags.discard("fuzzy")
            done += 1
    for lang, catalogue in catalogues.items():
        save(lang, catalogue)
    print(f"{done} entries applied")


def problems(lang: str) -> list[str]:
    found = []
    for message in load(lang):
        if not message.id:
            continue
        if _missing(message):
            found.append(f"{lang}: untranslated: {_key(message)}")
        elif set(PLACEHOLDER.findall(_key(message))) != set(PLACEHOLDER.findall(
                message.string[-1] if isinstance(message.string, tuple) else message.string)):
            found.append(f"{lang}: placeholders differ: {message.id!r} -> {message.string!r}")
    return found


def check() -> None:
    found = sorted((problem for lang in CHECKED for problem in problems(lang)), key=lambda p: "untranslated" in p)
    print("\n".join(found[:40]) or "all catalogues complete, placeholders intact")
    print(f"{len(found)} problems")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    match sys.argv[1:]:
        case ["todo", workdir]:
            todo(Path(workdir))
        case ["apply", workdir, *chunks] if chunks:
            apply(Path(workdir), [Path(chunk) for chunk in chunks])
        case ["check"]:
            check()
        case _:
            sys.exit(__doc__)
