"""The prize list on the tournament's page: edited there (a refusal in red, a prize taken off
after a second tap), players tagged, and the winners shown and printed with the final standings."""

from __future__ import annotations

import re

from tests.helpers import form_fields
from tests.test_pdf import pdf_text
from tests.web.test_tournaments import Organiser, refusals

DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}  # RULES §2.3: E–W make 220, N–S 60


def finished_cup(organiser: Organiser) -> tuple[int, list[int]]:
    """A cup of four pairs, one round of two deals, played to the end by the tables' phones."""
    ids = organiser.players(("Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"))
    cup = organiser.tournament(rounds="1")
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        organiser.enter(cup, first, second)
    organiser.draw(cup)
    for link in organiser.links(cup, 1):
        phone = organiser.app.test_client()
        match_id = phone.get(link).headers["Location"].rsplit("/", 1)[1]
        for _ in range(2):
            assert phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    return cup, ids


def section(html: str, anchor: str = "prizes") -> str:
    return html.split(f'id="{anchor}"', 1)[1].split("</section>", 1)[0]


def test_the_prize_list_is_edited_tagged_shown_and_printed(app, client, tmp_path):
    organiser = Organiser(app, client)
    cup, ids = finished_cup(organiser)
    page = f"/tournaments/{cup}"
    refused = organiser.post(f"{page}/prizes", {"kind": "category", "category": " "}, page=page, follow=True)
    assert refusals(refused.get_data(as_text=True)) == [
        "A category prize needs the category’s name (best newcomer, best lady…)"]
    for fields in ({"kind": "place", "gift": "A ham"}, {"kind": "category", "category": "Best newcomer",
                                                        "gift": "A book"}):
        assert organiser.post(f"{page}/prizes", fields, page=page).status_code == 302
    html = client.get(page).get_data(as_text=True)
    listed = section(html)
    assert "Place 1" in listed and "A ham" in listed and "Best newcomer" in listed
    winners = re.findall(r"<tr><td class=\"num\">(\d)</td><td>([^<]+)</td>", html)
    first, last = winners[0][1].replace("&amp;", "&"), winners[-1][1].replace("&amp;", "&")
    newcomer = last.split(" & ")[1]
    by_name = dict(zip(("Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"), ids, strict=True))
    assert organiser.post(f"{page}/tags", {"player": str(by_name[newcomer]), "category": "Best newcomer"},
                          page=page).status_code == 302
    html = client.get(page).get_data(as_text=True)
    assert f"{newcomer}: Best newcomer" in section(html)
    awards = html.split('class="sheet standings awards"', 1)[1].split("</table>", 1)[0]
    assert re.search(rf"Place 1.*A ham.*{first.replace(' & ', ' &amp; ')}", awards, re.DOTALL)
    assert re.search(rf"Best newcomer.*A book.*{newcomer}", awards, re.DOTALL)
    printed = pdf_text(client.get(f"{page}/standings.pdf").data, tmp_path)
    assert "Prizes" in printed and "A ham" in printed and re.search(rf"Best newcomer · A book\s+{newcomer}", printed)
    # taking a prize off asks first, and acts on the second tap
    remove = re.search(r'action="(/tournaments/\d+/prizes/\d+/delete)"', section(html)).group(1)
    asked = organiser.post(remove, {}, page=page)
    assert 'name="confirmed" value="yes"' in asked.get_data(as_text=True)
    assert "A ham" in section(client.get(page).get_data(as_text=True))
    client.post(remove, data=form_fields(asked.get_data(as_text=True)))
    assert "A ham" not in section(client.get(page).get_data(as_text=True))


def test_a_tag_for_a_category_not_listed_is_refused_in_red(app, client):
    organiser = Organiser(app, client)
    cup, ids = finished_cup(organiser)
    page = f"/tournaments/{cup}"
    organiser.post(f"{page}/prizes", {"kind": "category", "category": "Junior"}, page=page)
    html = organiser.post(f"{page}/tags", {"player": str(ids[0]), "category": "Senior"}, page=page,
                          follow=True).get_data(as_text=True)
    assert refusals(html) == ["Choose a player entered in the tournament and a category of the prize list."]
