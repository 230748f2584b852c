"""The lost-values screen shows each value in the page's language, with the words the
game's engine holds (engines/<game>/lost_values.py): the same rows in both languages."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from tests.tournaments.results.helpers import make_event, user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["nile_murals", "field_of_reeds"])
def test_the_screen_reads_the_engines_words_in_the_pages_language(client, game):
    event = make_event(game)
    client.force_login(user("nadia", event, "organizer"))
    pages = {
        lang: client.get(f"/{lang}/console/tools/{event.slug}/editions/{game}/lost/")
        for lang in ("ja", "en")
    }
    rows = {lang: page.context["rows"] for lang, page in pages.items()}
    assert rows["ja"] and [r["field"] for r in rows["ja"]] == [r["field"] for r in rows["en"]]
    for lang, index in (("en", 0), ("ja", 1)):
        text = pages[lang].content.decode()
        for row in rows[lang]:
            assert escape(row["value"].label[index]) in text
            assert escape(row["value"].meaning[index]) in text
            other = row["value"].label[1 - index]
            assert f">{escape(other)}</label>" not in text  # never the other language's label
