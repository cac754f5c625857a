"""A record the table can trust (issue #21): one end of the match everywhere, every change kept
in the history, nothing destructive on one tap."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import games, store
from scorekeeper.errors import RuleViolation
from scorekeeper.leagues import Rule
from scorekeeper.prizes import Prize
from tests.games.test_belote_deal import deals as belote_deals
from tests.games.test_conformance import accepted, form_values
from tests.games.test_contree import deals as contree_deals
from tests.games.test_pandoeren_form import deals as pandoeren_deals
from tests.helpers import csrf_token, form_fields
from tests.test_pdf import pdf_text
from tests.test_security import snapshot
from tests.web.test_matches import MADE_100, totals
from tests.helpers import wait_for
from tests.web.test_quinto_pages import Live
from tests.web.test_tournaments import Organiser

# RULES §2.3: N–S bid 90 ♠, contrée, and take 70: failed; E–W write (160 + 90) × 2 = 500.
NS_FAIL_CONTRE = {"dealer": "N", "bidder": "S", "bid": "90", "trump": "S", "contre": "y",
                  "bidder_points": "70", "last_trick": "defenders", "belote": ""}
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}  # E–W 220, N–S 60 (RULES §2.3)


def chart_totals(html: str) -> list[int]:
    """The last point of each line of the chart, as its label says it."""
    label = re.search(r'<svg[^>]*aria-label="Running totals: ([^"]*)"', html).group(1)
    return [int(n) for n in re.findall(r"(-?\d+)(?:, |$)", label)]


def three_deals_then_deal_1_ends_it(app, pages, client) -> int:
    """The issue's repro: a Contrée match to 500, three deals of E–W 220 (the third ends it, RULES
    §2.5), then deal 1 corrected into a contrée that E–W defeat for 500: the match now ends at deal 1."""
    match_id = pages.start_match(opt_target="500")
    for _ in range(3):
        assert pages.post_deal(match_id, MADE_100).status_code == 302
    with app.app_context():
        first = store.list_deals(store.get_db(), match_id)[0]
    warned = pages.post_deal(match_id, NS_FAIL_CONTRE, deal_id=first.id)
    html = warned.get_data(as_text=True)
    assert warned.status_code == 200  # said before saving, nothing saved
    assert "This change ends the match at deal 1: deals 2–3 will be after the end and not counted." in html
    with app.app_context():
        assert store.get_deal(store.get_db(), match_id, first.id).version == 1
    assert pages.post_deal(match_id, NS_FAIL_CONTRE, deal_id=first.id, page=html).status_code == 302
    return match_id


def test_an_edit_that_ends_the_match_earlier_shows_one_set_of_totals_everywhere(app, pages, client, tmp_path):
    match_id = three_deals_then_deal_1_ends_it(app, pages, client)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(html) == [0, 500]  # the boxes
    assert "Bob &amp; Dan win the match" in html and "N–S 0, E–W 500" in html  # the banner, same numbers
    assert chart_totals(html) == [0, 500]
    assert ("The match ended at deal 1: the 2 deals recorded after it are struck through and not counted."
            in html)
    assert html.count("after the end: not counted") == 2 and html.count('class="edited"') == 1
    api = client.get(f"/api/v1/matches/{match_id}").json
    assert api["totals"] == {"A": 0, "B": 500} and api["result"]["winner"] == "B"
    assert [deal["counted"] for deal in api["deals"]] == [True, False, False]
    assert all(deal["sheet_totals"] == {"A": 0, "B": 500} for deal in api["deals"])
    printed = pdf_text(client.get(f"/matches/{match_id}/sheet.pdf").data, tmp_path)
    assert re.search(r"Totals\s+0\s+500\s*$", printed, re.MULTILINE), printed
    assert printed.count("(after the end") == 2


def test_the_deals_after_the_end_are_deleted_on_the_second_tap_and_can_be_restored(app, pages, client):
    match_id = three_deals_then_deal_1_ends_it(app, pages, client)
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    fields = {"csrf_token": csrf_token(sheet), "version": re.search(
        r'after-end/delete".*?name="version" value="(\d+)"', sheet, re.DOTALL).group(1)}
    asked = client.post(f"/matches/{match_id}/after-end/delete", data=fields)
    assert asked.status_code == 200
    assert "Delete the 2 deals after the end of the match" in asked.get_data(as_text=True)
    assert len(client.get(f"/api/v1/matches/{match_id}").json["deals"]) == 3  # nothing on the first tap
    client.post(f"/matches/{match_id}/after-end/delete", data=form_fields(asked.get_data(as_text=True)))
    api = client.get(f"/api/v1/matches/{match_id}").json
    assert [deal["counted"] for deal in api["deals"]] == [True] and api["totals"] == {"A": 0, "B": 500}
    history = client.get(f"/api/v1/matches/{match_id}/history").json
    assert [(e["action"], e["seq"]) for e in history][-2:] == [("delete", 2), ("delete", 3)]
    page = client.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert page.count(">Restore</button>") == 2
    third = history[-1]["deal_id"]
    assert client.post(f"/matches/{match_id}/deals/{third}/restore",
                       data={"csrf_token": csrf_token(page)}).status_code == 302
    api = client.get(f"/api/v1/matches/{match_id}").json
    # back, after the end again
    assert [(d["id"], d["counted"]) for d in api["deals"]][1:] == [(third, False)]
    assert client.get(f"/api/v1/matches/{match_id}/history").json[-1]["action"] == "restore"


def test_the_history_keeps_every_change_with_who_and_when(app, client):
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}}).json["id"]
    kitchen = {"X-Device-Label": "Kitchen"}
    deal_id = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=kitchen).json["deal"]["id"]
    client.put(f"/api/v1/matches/{match_id}/deals/{deal_id}", json={**DEAL, "card_points": {"B": 62}})
    client.delete(f"/api/v1/matches/{match_id}/deals/{deal_id}")
    client.post(f"/api/v1/matches/{match_id}/deals/{deal_id}/restore", json={})
    history = client.get(f"/api/v1/matches/{match_id}/history").json
    assert [(e["action"], e["deal_id"], e["seq"]) for e in history] == [
        ("create", deal_id, 1), ("edit", deal_id, 1), ("delete", deal_id, 1), ("restore", deal_id, 1)]
    assert history[0]["by"] == {"kind": "api", "label": "Kitchen"}
    assert history[1]["by"] == {"kind": "api", "label": ""}
    assert history[0]["before"] is None and history[0]["after"]["card_points"] == {"A": 60, "B": 92}
    assert history[1]["before"]["card_points"] == {"A": 60, "B": 92}
    assert history[1]["after"]["card_points"] == {"A": 90, "B": 62}
    assert history[2]["after"] is None and history[3]["after"] == history[1]["after"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", history[0]["at"])
    again = client.post(f"/api/v1/matches/{match_id}/deals/{deal_id}/restore", json={})
    assert again.status_code == 400 and "nothing to restore" in again.json["error"]["message"]


def test_the_deal_page_tells_its_history_in_words_and_names_the_phone(app, pages, client):
    match_id = pages.start_match()
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    client.post(f"/matches/{match_id}/device",
                data={"csrf_token": csrf_token(sheet), "device": "Table by the window"})
    pages.post_deal(match_id, MADE_100)
    with app.app_context():
        deal = store.list_deals(store.get_db(), match_id)[0]
    pages.post_deal(match_id, {**MADE_100, "bidder_points": "62"}, deal_id=deal.id)
    page = pages.deal_form(match_id, deal.id)
    # RULES §2.3: 92 + 10 + 20 = 122 -> 120 + 100 = 220 made; 62 + 10 + 20 = 92 < 100 failed: N–S take
    # 160 + 100 = 260 and the belote's 20 (the bidders' belote goes to the defenders by default)
    assert "“Table by the window”: deal 1 recorded: 100 ♥ — E–W: N–S 60, E–W 220" in page
    assert ("“Table by the window”: deal 1 changed: 100 ♥ — E–W: N–S 60, E–W 220 → "
            "100 ♥ — E–W: N–S 280, E–W 0") in page


def test_a_phone_name_too_long_is_refused_with_its_field_named(pages, client):
    match_id = pages.start_match()
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    response = client.post(f"/matches/{match_id}/device",
                           data={"csrf_token": csrf_token(sheet), "device": "x" * 25}, follow_redirects=True)
    assert "This phone’s name: at most 24 characters" in response.get_data(as_text=True)


# -- nothing destructive on one tap ------------------------------------------------------------

DESTRUCTIVE = ("matches.undo", "matches.delete_deal", "live.discard", "tournaments.reissue",
               "history.delete_after_end", "tournaments.remove_player", "tournaments.merge_player",
               "tournaments.withdraw_entry", "tournaments.remove_prize", "signoffs.validate", "casual.delete",
               "tournaments.close_round", "profiles.delete",
               "leagues.remove_evening")
NOT_DESTRUCTIVE = {  # every other page write, and why one tap is enough
    "matches.new": "starts a match", "matches.new_deal": "records a deal",
    "matches.edit_deal": "shows the score first; an edit that ends the match earlier asks again",
    "history.restore": "gives a deal back", "history.device": "names this phone",
    "live.start": "starts a deal", "live.trick": "adds a trick", "live.record": "puts the deal on the sheet",
    "live.undo": "one trick back, played again on the next tap (and in the history)",
    "prints.sheets": "prints", "tournaments.login": "logs in", "tournaments.logout": "logs out",
    "tournaments.players": "adds a player", "tournaments.player": "renames a player",
    "tournaments.new": "starts a tournament", "tournaments.add_entry": "enters a pair",
    "tournaments.remove_entry": "an entry before the first round, entered again in one tap",
    "tournaments.draw": "draws a round", "tournaments.swap": "swaps two pairs, swapped back in one tap",
    "club_files.round_sheets": "prints", "club_files.tournament_booklet": "prints",
    "club_files.import_json": "adds a tournament", "referee.play": "answers", "referee.melds": "answers",
    "referee.count": "answers", "referee.claim": "answers",
    "tournaments.paste_players": "adds players", "tournaments.replace_player": "a substitute, replaced back in one tap",
    "tournaments.keep_apart": "a wish for the next draws", "tournaments.stop_keeping_apart": "set again in one tap",
    "address.settings": "the address links carry, set again in one tap",
    "tournaments.add_prize": "adds a prize to the list", "tournaments.tag": "tags a player, untagged in one tap",
    "tournaments.untag": "a tag, given again in one tap",
    "irregular.new_line": "records a misdeal, revoke or penalty (RULES §8), deleted from its page once asked again",
    "irregular.edit_line": "corrects a misdeal, revoke or penalty; the history keeps what it said",
    "signoffs.confirm": "signs the sheet as it stands; any change of the sheet drops the signature",
    "signoffs.dispute": "holds the result back for the organiser, who settles it",
    "casual.manage": "renames (in the history), named back in one tap",
    "casual.archive": "archives, unarchived in one tap", "casual.rematch": "starts a match",
    "tournaments.clock": "starts, pauses or gives time to the round's clock, changed back in one tap",
    "tournaments.wall_settings": "what the wall shows, set again in one tap",
    "tournaments.rating_list": "how many tables the rating list asks for, set again in one tap",
    "profiles.new": "keeps a rule profile", "profiles.edit": "renames a profile or changes its rules (no match "
    "started from it changes), changed back in one tap",
    "leagues.new": "starts a league", "leagues.edit": "a league's name and rule, set again in one tap",
    "leagues.add_evening": "adds an evening to a league, taken out once asked again",
}


def test_every_page_write_is_either_asked_twice_or_says_why_not(app):
    writes = {rule.endpoint for rule in app.url_map.iter_rules()
              if "POST" in rule.methods and not rule.rule.startswith("/api/")}
    assert writes == set(DESTRUCTIVE) | set(NOT_DESTRUCTIVE)


def round_1_drawn(app, client) -> tuple[Organiser, int]:
    """The organiser logged in, and round 1 of a Contrée cup of four pairs drawn."""
    organiser = Organiser(app, client)
    ids = organiser.players()
    cup = organiser.tournament()
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        organiser.enter(cup, first, second)
    organiser.draw(cup)
    return organiser, cup


@pytest.fixture
def desk(app, client):
    """The organiser logged in, round 1 of a cup drawn; a Contrée match to 500 whose deals 2 and 3
    are after the end (deal 1 was corrected); a Quinto deal being played live. Answers each
    destructive route's address and the version its form sends."""
    organiser, cup = round_1_drawn(app, client)
    players = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": players,
                                                    "options": {"target": 500}}).json["id"]
    deal_ids = [client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"]
                for _ in range(3)]
    client.put(f"/api/v1/matches/{match_id}/deals/{deal_ids[0]}", json={
        "dealer": "N", "bidder": "S", "bid": 90, "trump": "S", "contre": "contre", "card_points": {"A": 70},
        "last_trick": "B"})  # RULES §2.3: failed, contrée: E–W 500, the match ends at deal 1
    rubber = client.post("/api/v1/matches", json={"game": "quinto", "players": players}).json["id"]
    Live(client, rubber).post("start", dealer="N", multiplier="none")
    typo, again = organiser.players(("Typo", "Anna"))
    signed = organiser.tournament(confirm_results="y")  # a cup whose results both sides confirm
    organiser.enter(signed, 1, 2), organiser.enter(signed, 3, 4)
    organiser.draw(signed)
    with app.app_context():
        db = store.get_db()
        version = store.get_match(db, match_id).version
        table_id = store.list_rounds(db, cup)[0].tables[0].id
        live = store.get_live_deal(db, rubber).version
        entry_id = store.list_entries(db, cup)[0].id
        prize_id = store.add_prize(db, cup, Prize("place", gift="A ham"))
        to_validate = store.list_rounds(db, signed)[0].tables[0].match_id
        profile_id = store.add_profile(db, game="contree", name="Thursday club", options={"target": 2000})
    for _ in range(2):  # its table's match played to the end (two deals a round)
        client.post(f"/api/v1/matches/{to_validate}/deals", json=DEAL)
    with app.app_context():
        validate_version = store.get_match(store.get_db(), to_validate).version
        league = store.create_league(store.get_db(), name="Season", game="contree", rule=Rule())
        store.add_evening(store.get_db(), league, cup, lambda tournament, others: None)
    return {"matches.undo": (f"/matches/{match_id}/undo", version),
            "matches.delete_deal": (f"/matches/{match_id}/deals/{deal_ids[1]}/delete", 1),
            "history.delete_after_end": (f"/matches/{match_id}/after-end/delete", version),
            "live.discard": (f"/matches/{rubber}/live/discard", live),
            "tournaments.reissue": (f"/tournaments/{cup}/tables/{table_id}/token", None),
            "tournaments.remove_player": (f"/players/{typo}/remove", None),
            "tournaments.merge_player": (f"/players/{typo}/merge", None, {"target": str(again)}),
            "tournaments.withdraw_entry": (f"/tournaments/{cup}/entries/{entry_id}/withdraw", None),
            "tournaments.remove_prize": (f"/tournaments/{cup}/prizes/{prize_id}/delete", None),
            "signoffs.validate": (f"/matches/{to_validate}/validate", validate_version),
            "casual.delete": (f"/matches/{rubber}/delete", None),
            "tournaments.close_round": (f"/tournaments/{cup}/rounds/1/close", None, {"reason": "Time is up"}),
            "profiles.delete": (f"/profiles/{profile_id}/delete", None),
            "leagues.remove_evening": (f"/leagues/{league}/evenings/{cup}/remove", None)}


@pytest.mark.parametrize("endpoint", DESTRUCTIVE)
def test_a_destructive_action_asks_once_more_and_acts_on_the_second_tap(app, client, desk, endpoint):
    target, version, *fields = desk[endpoint]
    first_tap = {"csrf_token": csrf_token(client.get("/").get_data(as_text=True)), **(fields[0] if fields else {})}
    if version is not None:
        first_tap["version"] = str(version)
    before = snapshot(app)
    asked = client.post(target, data=first_tap)
    assert asked.status_code == 200 and 'name="confirmed" value="yes"' in asked.get_data(as_text=True)
    assert snapshot(app) == before
    assert client.post(target, data=form_fields(asked.get_data(as_text=True))).status_code == 302
    assert snapshot(app) != before


def test_a_trick_taken_back_and_a_deal_given_up_are_in_the_history(app, client):
    """RULES §5.4 live mode: the deal in play has no id yet; its changes are kept all the same."""
    rubber = client.post("/api/v1/matches", json={
        "game": "quinto", "players": {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}}).json["id"]
    live = Live(client, rubber)
    live.post("start", dealer="N", multiplier="none")
    live.trick("A", ("5S",))
    live.post("undo")
    asked = live.post("discard")
    client.post(f"/matches/{rubber}/live/discard", data=form_fields(asked.get_data(as_text=True)))
    history = client.get(f"/api/v1/matches/{rubber}/history").json
    assert [(e["action"], e["deal_id"], e["seq"], e["by"]["kind"]) for e in history] == [
        ("edit", None, 1, "phone"), ("delete", None, 1, "phone")]
    assert len(history[0]["before"]["tricks"]) == 1 and history[0]["after"]["tricks"] == []
    page = client.get(f"/matches/{rubber}/history").get_data(as_text=True)
    assert "a phone: deal 1 in play: a trick taken back" in page
    assert "a phone: deal 1 in play given up" in page


def test_a_table_s_phone_and_the_organiser_are_named_in_the_history(app, client):
    organiser, cup = round_1_drawn(app, client)
    table_phone = app.test_client()
    match_id = int(table_phone.get(organiser.links(cup, 1)[1]).headers["Location"].rsplit("/", 1)[1])
    deal_id = table_phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"]
    client.put(f"/api/v1/matches/{match_id}/deals/{deal_id}", json={**DEAL, "card_points": {"B": 82}})
    assert [e["by"] for e in client.get(f"/api/v1/matches/{match_id}/history").json] == [
        {"kind": "table", "label": "2"}, {"kind": "organiser", "label": ""}]
    page = client.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert "table 2’s phone: deal 1 recorded" in page.replace("&#39;", "’").replace("'", "’")
    assert "the organiser: deal 1 changed" in page


# -- the property: one set of totals everywhere, whatever was typed and taken back ---------------

NAMES = ("Ann", "Ben", "Cy", "Di")
STEPS = settings(max_examples=10, deadline=None, database=None, derandomize=True,
                 suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                        HealthCheck.filter_too_much])


def ends_in_a_few_deals(rules):
    """Options under which a match ends after a few deals: a target of 500, or 3 agreed deals
    (Quinto's games go to 250 whatever the options)."""
    keys = {option.key for option in rules.options}
    return rules.resolve_options({"target": 500} if "target" in keys else
                                 {"agreed_deals": 3} if "agreed_deals" in keys else {})


# RULES §5.4 after the deal: plain tricks only (12 between the teams), any doubling
QUINTO_FORMS = st.builds(lambda dealer, multiplier, won, last: {
    "dealer": dealer, "multiplier": multiplier, "tricks_A": str(won), "tricks_B": str(12 - won),
    "last_trick_winner": last}, st.sampled_from("NESW"), st.sampled_from(("none", "double", "redouble")),
    st.integers(0, 12), st.sampled_from("AB"))


def valid_deals(rules, options):
    """Deals the rules accept: each game's own generator where random forms are seldom valid."""
    def read(declarations):
        try:
            return rules.read_deal(declarations, options)
        except RuleViolation:
            return None
    declared = {"belote": belote_deals(), "contree": contree_deals(), "pandoeren": pandoeren_deals()}
    if rules.key in declared:
        return declared[rules.key].map(read).filter(bool)
    forms = QUINTO_FORMS if rules.key == "quinto" else form_values(rules, options)
    return forms.map(lambda values: accepted(rules, values, options)).filter(bool)


def steps(rules):
    """Moves at the table: a few deals the rules accept, then more, or one put in place of another,
    one deleted, the last undone."""
    deals = valid_deals(rules, ends_in_a_few_deals(rules))
    first = st.lists(st.tuples(st.just("add"), deals, st.just(0)), min_size=2, max_size=5)
    then = st.lists(st.tuples(st.sampled_from(("add", "edit", "edit", "delete", "undo")), deals,
                              st.integers(0, 50)), max_size=6)
    return st.tuples(first, then).map(lambda both: both[0] + both[1])


def play_steps(app, client, rules, moves) -> int:
    """A match of ``rules`` that ends soon, through the API (and the undo of the pages' store call),
    each move checked as it lands: the moves the rules refuse change nothing."""
    options = ends_in_a_few_deals(rules)
    overrides = {key: value for key, value in options.items() if key in ("target", "agreed_deals")}
    match_id = client.post("/api/v1/matches", json={
        "game": rules.key, "players": dict(zip(rules.table(options).seats, NAMES)),
        "options": overrides}).json["id"]
    for action, declarations, pick in moves:
        deals = client.get(f"/api/v1/matches/{match_id}").json["deals"]
        if action == "add":
            client.post(f"/api/v1/matches/{match_id}/deals", json=declarations)
        elif action == "edit" and deals:
            client.put(f"/api/v1/matches/{match_id}/deals/{deals[pick % len(deals)]['id']}",
                       json=declarations)
        elif action == "delete" and deals:
            client.delete(f"/api/v1/matches/{match_id}/deals/{deals[pick % len(deals)]['id']}")
        elif action == "undo":
            with app.app_context():
                store.undo_last_deal(store.get_db(), match_id)
        one_set_of_totals(client, rules, match_id, options)
    return match_id


def one_set_of_totals(client, rules, match_id: int, options) -> dict[str, int]:
    """The boxes, the chart's last point, the API's totals and the totals the result was decided
    on are the same; the deals that count are the first ones, up to the end."""
    api = client.get(f"/api/v1/matches/{match_id}").json
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    boxes = {side: int(n) for side, n in re.findall(r'class="points" data-side="(\w+)">(-?\d+)<', page)}
    assert boxes == api["totals"]
    counted = [deal["counted"] for deal in api["deals"]]
    assert counted == sorted(counted, reverse=True)  # never a counted deal after one that is not
    if api["deals"]:
        assert chart_totals(page) == list(boxes.values())
        assert api["deals"][counted.count(True) - 1]["sheet_totals"] == api["totals"] if any(counted) else True
    if api["result"] is not None and rules.key != "quinto":  # Quinto's end is the rubber's games, not totals
        decided = rules.end_of_match(boxes, counted.count(True), options)
        assert decided is not None and (decided.winner, decided.draw) == (api["result"]["winner"],
                                                                          api["result"]["draw"])
    return boxes


@pytest.mark.parametrize("rules", games.RULES.values(), ids=lambda rules: rules.key)
def test_the_sheet_never_contradicts_itself(app, client, rules):
    @STEPS
    @given(moves=steps(rules))
    def run(moves):
        play_steps(app, client, rules, moves)
    run()


@pytest.mark.parametrize("rules", games.RULES.values(), ids=lambda rules: rules.key)
def test_the_pdf_prints_the_totals_the_page_shows(app, client, rules, tmp_path):
    @settings(STEPS, max_examples=1)
    @given(moves=steps(rules))
    def run(moves):
        match_id = play_steps(app, client, rules, moves)
        boxes = one_set_of_totals(client, rules, match_id, ends_in_a_few_deals(rules))
        printed = pdf_text(client.get(f"/matches/{match_id}/sheet.pdf").data, tmp_path)
        line = re.search(r"^\s*Totals\s+(.*)$", printed, re.MULTILINE).group(1)
        assert [int(n) for n in line.split()] == list(boxes.values())
    run()


def test_the_tournament_s_export_and_booklet_carry_each_table_s_history(app, client, tmp_path):
    organiser, cup = round_1_drawn(app, client)
    table_phone = app.test_client()
    match_id = int(table_phone.get(organiser.links(cup, 1)[0]).headers["Location"].rsplit("/", 1)[1])
    deal_id = table_phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"]
    client.delete(f"/api/v1/matches/{match_id}/deals/{deal_id}")
    tables = client.get(f"/tournaments/{cup}/export.json").json["rounds"][0]["tables"]
    assert [(e["action"], e["by"]["kind"]) for e in tables[0]["match"]["history"]] == [
        ("create", "table"), ("delete", "organiser")]
    assert tables[1]["match"]["history"] == []
    page = client.get(f"/tournaments/{cup}").get_data(as_text=True)
    location = client.post(f"/tournaments/{cup}/booklet",
                           data={"csrf_token": csrf_token(page)}).headers["Location"]
    assert "Ready:" in wait_for(client, location)
    with client.get(f"{location}.pdf") as booklet:
        printed = pdf_text(booklet.data, tmp_path)
    assert "table 1's phone: deal 1 recorded: 100 ♥ — E–W: N–S 60, E–W 220" in printed
    assert "the organiser: deal 1 deleted" in printed
