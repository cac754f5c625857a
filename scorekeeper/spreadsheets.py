"""Tables of plain values as spreadsheet files: XLSX (one sheet per part) and CSV. Pure: no
Flask, no database.

Numbers are written as numbers and every text as text, never read as a formula: names are
typed by anyone, and ``=HYPERLINK(...)`` in a cell must stay words (DESIGN.md principle 7).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .text import inert_cell

Cell = str | int | float | None

SEMICOLON_LANGUAGES = frozenset({"fr", "nl"})  # a comma is their decimal mark: their spreadsheets split on ";"
SHEET_NAME_MAX = 31  # Excel's limit
_NOT_IN_SHEET_NAMES = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True, slots=True)
class Part:
    """One table: a sheet of the workbook, or a CSV file of its own."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def separator(language: str) -> str:
    """The field separator the reader's spreadsheet expects.

    >>> separator("fr"), separator("en"), separator("nl"), separator("ja")
    (';', ',', ';', ',')
    """
    return ";" if language.split("_")[0] in SEMICOLON_LANGUAGES else ","


def to_csv(part: Part, language: str) -> bytes:
    """The part as CSV in UTF-8 with a byte-order mark (a spreadsheet opening it then reads the
    accents right), texts that look like formulas quoted with a ``'``, decimals with the language's
    decimal mark (a comma where ``;`` separates).

    >>> to_csv(Part("x", ("Name", "Points"), (("=1+1", -20),)), "fr")
    b"\\xef\\xbb\\xbfName;Points\\r\\n'=1+1;-20\\r\\n"
    >>> to_csv(Part("x", ("Average",), ((4.67,),)), "nl"), to_csv(Part("x", ("Average",), ((4.67,),)), "en")
    (b'\\xef\\xbb\\xbfAverage\\r\\n4,67\\r\\n', b'\\xef\\xbb\\xbfAverage\\r\\n4.67\\r\\n')
    """
    comma = separator(language) == ";"

    def written(cell: Cell) -> Cell:
        return str(cell).replace(".", ",") if comma and isinstance(cell, float) else inert_cell(cell)

    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator(language))
    writer.writerows([written(cell) for cell in row] for row in (part.header, *part.rows))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _sheet_name(title: str, taken: set[str]) -> str:
    """A title Excel accepts as a sheet name, distinct from those ``taken``."""
    name = _NOT_IN_SHEET_NAMES.sub(" ", title).strip("' ")[:SHEET_NAME_MAX] or "Sheet"
    number = 1
    while name.lower() in taken:
        number += 1
        name = f"{name[:SHEET_NAME_MAX - len(str(number)) - 1]} {number}"
    taken.add(name.lower())
    return name


def to_xlsx(parts: Sequence[Part]) -> bytes:
    """A workbook with one sheet per part: a bold frozen header row, numbers as numbers, texts as
    texts (never formulas, links or numbers read from text)."""
    import xlsxwriter  # (only when a workbook is asked for)

    out = io.BytesIO()
    workbook = xlsxwriter.Workbook(out, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False,
                                         "strings_to_numbers": False})
    bold = workbook.add_format({"bold": True})
    taken: set[str] = set()
    for part in parts:
        sheet = workbook.add_worksheet(_sheet_name(part.title, taken))
        for column, title in enumerate(part.header):
            sheet.write_string(0, column, title, bold)
        for number, row in enumerate(part.rows, start=1):
            for column, cell in enumerate(row):
                if cell is None:
                    continue  # (an empty cell)
                if isinstance(cell, int | float):
                    sheet.write_number(number, column, cell)
                else:
                    sheet.write_string(number, column, cell)
        sheet.freeze_panes(1, 0)
        for column in range(len(part.header)):
            longest = max(len(str(row[column] if column < len(row) else "")) for row in (part.header, *part.rows))
            sheet.set_column(column, column, min(max(longest + 2, 6), 60))
    workbook.close()
    return out.getvalue()
