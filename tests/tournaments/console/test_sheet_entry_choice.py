"""Issue 28: the organizer chooses per event which entry the judges see; the console's
control says which games offer subtotals (every engine with a ``sheet_words.SUBTOTAL``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.console.forms import EventForm

pytestmark = pytest.mark.django_db


def test_the_sheet_entry_control_names_the_games_that_offer_subtotals():
    with translation.override("ja"):
        field = EventForm().fields["sheet_entry"]
        help_ja = str(field.help_text)
    assert [value for value, _ in field.choices] == ["detail", "subtotal"]
    assert "イアルの野" in help_ja and "タメリ" in help_ja and "Tameri" not in help_ja
    with translation.override("en"):
        help_en = str(EventForm().fields["sheet_entry"].help_text)
    assert "Field of Reeds" in help_en and "Imhotep" not in help_en
