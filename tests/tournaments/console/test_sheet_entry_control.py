"""Issue 28: the console's score-sheet entry control offers the subtotal entry and names,
in the page's language, every game whose engine offers one (read from the engines'
sheet_words, not a list kept here)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.console.forms import EventForm

pytestmark = pytest.mark.django_db


def test_sheet_entry_offers_subtotals_and_names_the_games_that_have_them():
    with translation.override("ja"):
        field = EventForm().fields["sheet_entry"]
        assert "subtotal" in dict(field.choices)
        help_text = str(field.help_text)
    assert "テラ・ピラミデス" in help_text and "タメリ" in help_text
    assert "イムホテップ" not in help_text  # no subtotal entry: every value is asked
    with translation.override("en"):
        assert "Terra Pyramides" in str(EventForm().fields["sheet_entry"].help_text)
