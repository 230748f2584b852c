"""The Japanese catalogue is complete and compiled."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from django.utils import translation

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"


def _entries(text: str) -> list[tuple[str, str, bool]]:
    """(msgid, msgstr, fuzzy) for each entry, joining continued lines."""
    return [(msgid, msgstr, fuzzy) for _, msgid, msgstr, fuzzy in _entries_with_context(text)]


def _entries_with_context(text: str) -> list[tuple[str | None, str, str, bool]]:
    """(msgctxt or None, msgid, msgstr, fuzzy) for each entry."""
    entries = []
    for block in text.split("\n\n"):
        fuzzy = "#, fuzzy" in block or ", fuzzy" in block
        parts = re.split(r"^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d\]) ", block, flags=re.M)
        fields: dict[str, str] = {}
        for key, value in zip(parts[1::2], parts[2::2], strict=True):
            fields[key] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', value))
        if fields.get("msgid"):
            msgstr = fields.get("msgstr", fields.get("msgstr[0]", ""))
            entries.append((fields.get("msgctxt"), fields["msgid"], msgstr, fuzzy))
    return entries


def test_every_message_has_a_japanese_translation():
    entries = _entries(PO.read_text(encoding="utf-8"))
    assert entries
    assert [msgid for msgid, msgstr, fuzzy in entries if not msgstr or fuzzy] == []


def test_compiled_catalogue_matches_the_po_file():
    with PO.with_suffix(".mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    # Entries with escape sequences are left to the loading test below.
    stale = [
        msgid
        for context, msgid, msgstr, _ in _entries_with_context(PO.read_text(encoding="utf-8"))
        if "\\" not in msgid + msgstr
        and (compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)) != msgstr
    ]
    assert stale == [], "run make messages (compilemessages) and commit the .mo"


def test_django_loads_the_catalogue():
    with translation.override("ja"):
        assert translation.gettext("start player") == "スタートプレイヤー"
