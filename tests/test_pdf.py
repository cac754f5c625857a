"""The printed sheet: names and totals read back from the PDF, and a fetcher that leaks nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from weasyprint import CSS, HTML

from scorekeeper.pdf import Layered, StaticOnlyFetcher

DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}
STATIC = Path(__file__).resolve().parent.parent / "static"


def pdf_text(data: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


def test_the_sheet_pdf_carries_names_totals_and_house_rules(client, tmp_path):
    players = {"N": "Alice", "E": "山田太郎", "S": "Carol", "W": "Dan"}
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": players, "title": "Club night",
        "options": {"target": 500}}).json["id"]
    client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    client.post(f"/api/v1/matches/{match_id}/deals", json={**DEAL, "card_points": {"B": 122}})
    response = client.get(f"/matches/{match_id}/sheet.pdf")
    assert response.status_code == 200
    assert response.data.startswith(b"%PDF")
    text = pdf_text(response.data, tmp_path)
    assert "Club night" in text
    assert "Alice & Carol" in text
    assert "山田太郎 & Dan" in text  # Japanese names print as Japanese
    # RULES §2.3: 220 then 122 + 10 + 20 = 152 -> 150 + 100 = 250; totals 470 and 60 + 30
    assert "470" in text and "90" in text
    assert "500" in text  # the target house rule


def test_a_sheet_asked_while_another_prints_is_printed_alike(client):
    """A worker's kept printer prints one sheet at a time; a sheet asked meanwhile is printed by a
    process forked for it, the same PDF."""
    from scorekeeper import pdf

    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    alone = client.get(f"/matches/{match_id}/sheet.pdf")
    with pdf._KEPT_FREE:  # (another thread printing with the kept printer)
        meanwhile = client.get(f"/matches/{match_id}/sheet.pdf")
    assert alone.status_code == meanwhile.status_code == 200
    assert meanwhile.data == alone.data


def test_a_blank_sheet_has_the_players_ruled_lines_and_a_qr_code_that_opens_the_match(client, tmp_path):
    match_id = client.post("/api/v1/matches", json={
        "game": "pandoeren", "players": {"N": "Alice", "E": "山田太郎", "S": "Carol", "W": "Dan"}}).json["id"]
    response = client.get(f"/matches/{match_id}/blank.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data, tmp_path)
    assert "山田太郎" in text and "Scan to record the deals" in text
    assert "14" in text.split() and "15" not in text.split()  # the ruled lines fill one landscape page
    for dpi in (60, 300):  # a coarse render (a screen's) and a printer's: its modules stay square in both
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(tmp_path / "sheet.pdf"),
                        str(tmp_path / "page")], check=True)
        read = subprocess.run(["zbarimg", "--quiet", "--raw", str(tmp_path / "page.png")], capture_output=True,
                              text=True)
        assert read.stdout.strip() == f"http://localhost/matches/{match_id}", dpi


def refused(html: str) -> bytes:
    return HTML(string=html, base_url=STATIC.as_uri() + "/", url_fetcher=StaticOnlyFetcher(STATIC)).write_pdf()


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://127.0.0.1:9/secret.png",
                                 (STATIC / ".." / "pyproject.toml").as_uri()])
def test_the_fetcher_refuses_anything_but_static_files(url):
    fetcher = StaticOnlyFetcher(STATIC)
    with pytest.raises(ValueError):
        fetcher.fetch(url)


def test_a_hostile_name_embeds_no_file(tmp_path):
    data = refused('<p>x</p><link rel="attachment" href="file:///etc/passwd">'
                   '<img src="file:///etc/passwd"><img src="http://127.0.0.1:9/x.png">')
    assert b"root:" not in data
    assert b"/EmbeddedFile" not in data


def test_the_fetcher_serves_our_stylesheet():
    response = StaticOnlyFetcher(STATIC).fetch((STATIC / "css" / "print.css").as_uri())
    assert response is not None


def _boxes(box, kind: str):
    """Every box of the class named ``kind`` under ``box``, not looking inside those found."""
    for child in getattr(box, "children", ()):
        if type(child).__name__ == kind:
            yield child
        else:
            yield from _boxes(child, kind)


@pytest.mark.parametrize("language", ["en", "fr", "nl", "ja"])
def test_every_header_and_value_fits_its_column_of_the_deals(app, client, language):
    """The deals' tables have fixed column widths (print.css): in every language, no header, deal
    number, result or score runs out of its cell, and the table stays within the page (a filled
    sheet in both its layouts: six deals to a table row, and one)."""
    from scorekeeper.web import booklet

    contree = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    for points in (92, 52):  # the defenders' 92 make it; 52 leave the bidders short: failed
        client.post(f"/api/v1/matches/{contree}/deals", json={**DEAL, "card_points": {"B": points}})
    pandoeren = client.post("/api/v1/matches", json={  # four sides: the landscape sheet
        "game": "pandoeren", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    tables = [{"match": match_id, "round": 12, "table": 40, "url": "http://localhost/t/x"}
              for match_id in (contree, pandoeren)]
    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        layouts = [layout for part in [*booklet.KINDS["sheets"]({"matches": [contree]}),
                                       *booklet.KINDS["tables"]({"tables": tables})]
                   for layout in ((part,) if isinstance(part, str) else (part.whole(),)
                                  if isinstance(part, Layered) else (part.html, part.rows()))]
    style = CSS(filename=str(STATIC / "css" / "print.css"))
    for html in layouts:  # each layout
        page = HTML(string=html, base_url=STATIC.as_uri() + "/").render(stylesheets=[style]).pages[0]
        body = page._page_box
        (deals,) = [table for table in _boxes(body, "TableBox") if "deals" in table.element.get("class")]
        cells = list(_boxes(deals, "TableCellBox"))
        for cell in cells:
            left, right = cell.content_box_x(), cell.content_box_x() + cell.width
            for line in _boxes(cell, "LineBox"):
                for text in line.children:
                    assert left - 0.01 <= text.position_x and text.position_x + text.margin_width() <= right + 0.01, \
                        (language, cell.element.text_content())
        assert deals.position_x + deals.border_width() <= body.content_box_x() + body.width + 0.01


def test_a_blank_sheet_of_a_long_round_numbers_every_deal_and_repeats_the_header_on_each_page(app, client, tmp_path):
    """A round of 40 deals: its rows (drawn six to a table row, print/blank.html) run on to a second
    page, which starts with the deals' header again; every deal has its numbered row, once."""
    from dataclasses import replace
    from datetime import date

    from flask import render_template

    from scorekeeper import games, store
    from scorekeeper.pdf import html_to_pdf, printed_qr
    from scorekeeper.web.sheets import sheet_view

    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    with app.test_request_context():
        match = replace(store.get_match(store.get_db(), match_id), deal_limit=40)
        html = render_template("print/blank.html", printed=date.today(), caption=(), qr=printed_qr("http://x/t"),
                               **sheet_view(match, games.get_rules("contree"), []))
        data = html_to_pdf(html, STATIC)
    pages = pdf_text(data, tmp_path).split("\f")[:-1]
    assert len(pages) == 2
    numbers = [int(line) for page in pages for line in page.splitlines() if line.strip().isdigit()]  # a row's line
    assert numbers == list(range(1, 41))
    assert all("Dealer" in page and "Contract" in page for page in pages)


def _pixels(data: bytes, tmp_path: Path) -> list[bytes]:
    """Each page of a PDF as poppler draws it at 60 dpi."""
    (tmp_path / "doc.pdf").write_bytes(data)
    for old in tmp_path.glob("px-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(tmp_path / "doc.pdf"), str(tmp_path / "px")],
                   check=True)
    return [path.read_bytes() for path in sorted(tmp_path.glob("px-*.png"))]


def test_a_round_s_table_sheets_print_one_a_table_in_order_as_each_whole_sheet_would(app, client, tmp_path):
    """A round's table sheets are printed in two layers (pdf.Layered: each table's header and QR code
    over the grid they share), the tops of a few as one document: each looks as that sheet printed
    whole does, pixel for pixel; a header taller than the others (a name on two lines) has its grid
    lower, and a round too long for one page is printed whole (two pages; two such tables are first
    tried together, then each alone). The booklet has every table's sheet in order, names and QR codes."""
    from scorekeeper import games, store
    from scorekeeper.pdf import html_to_pdf
    from scorekeeper.store.matches import insert_match
    from scorekeeper.web import booklet

    players = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
    long_name = "Maximiliane Wilhelmina von Hohenzollern-Sigmaringen und Auersperg-Breunner"
    with app.app_context():
        db = store.get_db()
        with store.write_transaction(db):
            ids = [insert_match(db, game="contree", players=names, first_dealer="N",
                                options=games.get_rules("contree").resolve_options({}),
                                title="Club night", deal_limit=limit)
                   for names, limit in ((players, 24), ({**players, "E": long_name}, 24), (players, 24),
                                        (players, 40), (players, 40))]
    tables = [{"match": match_id, "round": 3, "table": number, "url": f"http://localhost/t/table{number}"}
              for number, match_id in enumerate(ids, start=1)]
    with app.test_request_context():
        parts = list(booklet.KINDS["tables"]({"tables": tables}))
        joined = booklet.Joined()
        booklet.render_parts(parts, STATIC, lambda done: None, workers=1, ready=joined.add)
        wholes = [page for part in parts for page in _pixels(html_to_pdf(part.whole(), STATIC), tmp_path)]
    joined.write(tmp_path / "booklet.pdf")
    assert _pixels((tmp_path / "booklet.pdf").read_bytes(), tmp_path) == wholes
    pages = pdf_text((tmp_path / "booklet.pdf").read_bytes(), tmp_path).split("\f")[:-1]
    assert [[number for number in range(1, 6) if f"Table {number}" in page] for page in pages] == \
        [[1], [2], [3], [4], [], [5], []]  # (the long rounds' second pages)
    assert all("Alice &" in page and "Carol" in page and "Bob & Dan" in page
               for page in (pages[0], *pages[2:4]))
    assert "Alice &" in pages[1] and "Hohenzollern-Sigmaringen" in pages[1] and "& Dan" in pages[1]
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(tmp_path / "booklet.pdf"), str(tmp_path / "page")],
                   check=True)
    read = [subprocess.run(["zbarimg", "--quiet", "--raw", str(path)], capture_output=True,
                           text=True).stdout.strip() for path in sorted(tmp_path.glob("page-*.png"))]
    assert read == [*(f"http://localhost/t/table{number}" for number in range(1, 5)), "",
                    "http://localhost/t/table5", ""]


def test_a_kept_part_is_hashed_once_whether_printed_or_found(app, tmp_path, monkeypatch):
    """A booklet's part is looked up, and kept, under the hash of what its printer is given: taken once a
    part, when it is printed and kept as when it is found and joined as it was kept."""
    import hashlib

    from scorekeeper import pdf
    from scorekeeper.web import booklet

    kept = pdf.Kept(tmp_path / "kept", STATIC)  # (the print's fingerprint hashed here, once a process)
    hashed = []
    sha256 = hashlib.sha256
    monkeypatch.setattr(pdf.hashlib, "sha256", lambda *data: hashed.append(data) or sha256(*data))
    parts = ["<p>Table 1</p>", "<p>Table 2</p>"]
    printed = booklet.render_parts(parts, STATIC, lambda done: None, workers=1, kept=kept)
    assert len(hashed) == 2 and len(list((tmp_path / "kept").iterdir())) == 2
    assert booklet.render_parts(parts, STATIC, lambda done: None, workers=1, kept=kept) == printed
    assert len(hashed) == 4


@pytest.mark.parametrize("body", ["<body>", '<body class="sheet">'], ids=["as drawn", "with a class"])
def test_a_groups_table_sheets_are_laid_out_as_one_document_a_page_each(app, monkeypatch, body):
    """The tops of a group of table sheets of one shape are laid out as one document, a page a sheet
    (pdf._layered, pdf._one_document), with the layout's body as the template draws it and with a class
    on it: never one document a sheet, which prints the same pages, slower, and would go unseen."""
    from scorekeeper import games, pdf, store
    from scorekeeper.store.matches import insert_match
    from scorekeeper.web import booklet

    with app.app_context():
        db = store.get_db()
        with store.write_transaction(db):
            ids = [insert_match(db, game="contree", players={"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"},
                                first_dealer="N", options=games.get_rules("contree").resolve_options({}),
                                deal_limit=24) for _ in range(3)]
    tables = [{"match": match_id, "round": 1, "table": number, "url": f"http://localhost/t/table{number}"}
              for number, match_id in enumerate(ids, start=1)]
    with app.test_request_context():
        parts = list(booklet.KINDS["tables"]({"tables": tables}))
    laid: list[tuple[str, int]] = []
    laid_out = pdf._laid_out
    monkeypatch.setattr(pdf, "_laid_out", lambda html, *rest: laid.append((html, len(
        (document := laid_out(html, *rest)).pages))) or document)
    tops = tuple(part.top.replace("<body>", body, 1) for part in parts)
    assert all(body in top for top in tops)
    assert pdf._render(tops, STATIC, under=parts[0].under) is not None  # (None: printed each alone)
    assert [pages for html, pages in laid if "Table 1" in html] == [3]


def test_sheets_laid_out_as_one_document_keep_their_bodys_language_and_direction():
    """The tops of a group laid out as one document (pdf._one_document) keep their body tag's attributes:
    a sheet whose body says its language and direction is laid out in them (hyphenation, right to left),
    with its classes and the one that keeps the body's margin on every page. Tops whose body tags differ
    are refused, not laid out with the first's."""
    from scorekeeper import pdf

    def top(body: str, text: str) -> str:
        return f"<!doctype html><html><head><title>{text}</title></head>{body}<p>{text}</p></body></html>"

    body = '<body lang="ar" dir="rtl" class="sheet">'
    document = pdf._laid_out(pdf._one_document([top(body, "one"), top(body, "two")]), STATIC,
                             *pdf._print_style(STATIC))
    assert len(document.pages) == 2
    boxes = list(document.pages[1]._page_box.descendants())
    laid = next(box for box in boxes if box.element_tag == "body")
    assert (laid.style["direction"], laid.style["lang"]) == ("rtl", "ar")
    assert laid.element.get("class") == "sheet layer-sheets"
    assert [box.text for box in boxes if getattr(box, "text", None)][0] == "two"  # (then the page number)
    with pytest.raises(ValueError, match="body tags"):
        pdf._one_document([top(body, "one"), top('<body lang="fr">', "two")])


def _sheet_layouts(app, match_id: int, language: str):
    """The match's filled sheet in ``language`` (its :class:`Lined` layouts) and its HTML a deal a row."""
    from datetime import date

    from scorekeeper import games, store
    from scorekeeper.pdf import sheet_html
    from scorekeeper.web.sheets import sheet_view

    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        db = store.get_db()
        match = store.get_match(db, match_id)
        sheet = sheet_html(printed=date.today(), **sheet_view(match, games.get_rules(match.game),
                                                              store.list_deals(db, match_id)))
        return sheet, sheet.rows()


@pytest.mark.parametrize("language", ["en", "fr", "nl", "ja"])
def test_a_filled_sheet_prints_six_deals_to_a_table_row_and_reads_as_a_row_a_deal(app, client, tmp_path, language):
    """13 deals: two table rows of six and one of one. Their lines hold (as many in each cell, at the
    same heights), and the PDF reads line for line as the sheet printed a deal a row."""
    from scorekeeper.pdf import _laid_out, _lines_hold, _print_style, html_to_pdf

    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "山田太郎", "S": "Carol", "W": "Dan"}}).json["id"]
    for number in range(13):
        client.post(f"/api/v1/matches/{match_id}/deals", json={**DEAL, "card_points": {"B": (92, 52)[number % 2]}})
    sheet, rows = _sheet_layouts(app, match_id, language)
    assert sheet.html.count('<tr class="lines') == 2 and 'class="lines' not in rows
    assert _lines_hold(_laid_out(sheet.html, STATIC, *_print_style(STATIC.resolve())))
    printed = pdf_text(html_to_pdf(sheet, STATIC), tmp_path)
    assert printed == pdf_text(html_to_pdf(rows, STATIC), tmp_path)
    assert "13 " in printed


def _sheet_past_its_end(app, client) -> int:
    """A match with a deal after its end: that deal says so in the contract's column, a line too long
    for it in French."""
    from scorekeeper import store

    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"},
        "options": {"target": 500}}).json["id"]
    for _ in range(3):  # E–W 220 each: the third ends the match (RULES §2.5)
        client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    with app.app_context():  # a fourth, after the end (as an edit of an earlier deal leaves it)
        db = store.get_db()
        store.add_deal(db, match_id, store.list_deals(db, match_id)[0].declarations)
    return match_id


def test_a_filled_sheet_whose_line_would_wrap_prints_a_deal_a_row(app, client, tmp_path):
    """Six deals to a table row would set the wrapped deal's next line beside the next deal's values,
    so the sheet is printed a deal a row, every deal's values on its own line: the printer says the
    lines do not hold, and the rows are rendered and printed then."""
    from scorekeeper.pdf import _laid_out, _lines_hold, _print_style, html_to_pdf

    sheet, rows = _sheet_layouts(app, _sheet_past_its_end(app, client), "fr")
    assert not _lines_hold(_laid_out(sheet.html, STATIC, *_print_style(STATIC.resolve())))
    with app.test_request_context(headers={"Cookie": "lang=fr"}):  # (the rows' HTML is rendered here)
        printed = pdf_text(html_to_pdf(sheet, STATIC), tmp_path)
    assert printed == pdf_text(html_to_pdf(rows, STATIC), tmp_path)
    assert "ne compte pas" in printed


def test_a_booklet_prints_a_sheet_whose_lines_do_not_hold_a_deal_a_row_in_its_place(app, client, tmp_path):
    """In a booklet, the printer says that a sheet's lines do not hold; the booklet's own thread renders
    that sheet a deal a row and has it printed, in its place between the parts around it."""
    from scorekeeper.pdf import html_to_pdf
    from scorekeeper.web import booklet

    past_end = _sheet_past_its_end(app, client)
    held = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    client.post(f"/api/v1/matches/{held}/deals", json=DEAL)
    with app.test_request_context(headers={"Cookie": "lang=fr"}):
        parts = booklet.render_parts(booklet.sheet_parts({"matches": [held, past_end, held]}), STATIC,
                                     lambda done: None, workers=2)
    _, rows = _sheet_layouts(app, past_end, "fr")
    held_sheet, _ = _sheet_layouts(app, held, "fr")
    assert [pdf_text(part, tmp_path) for part in parts] == [
        pdf_text(html_to_pdf(html, STATIC), tmp_path) for html in (held_sheet.html, rows, held_sheet.html)]


@given(notes=st.lists(st.booleans(), max_size=40), size=st.integers(min_value=1, max_value=8))
def test_the_deals_runs_keep_every_deal_in_order_and_end_at_its_notes(notes, size):
    """Each deal once, in order and numbered from 1; no run longer than asked; a deal with notes
    last of its run (its note row comes right after it)."""
    from types import SimpleNamespace

    from scorekeeper.web.sheets import deal_runs

    rows = [(f"deal {n}", SimpleNamespace(notes=("a note",) if note else ())) for n, note in enumerate(notes, start=1)]
    runs = deal_runs(rows, size)
    assert [(number, deal) for run in runs for number, deal, _ in run] == \
        [(n, deal) for n, (deal, _) in enumerate(rows, start=1)]
    assert all(0 < len(run) <= size for run in runs)
    assert all(not row.notes for run in runs for _, _, row in run[:-1])
