"""The check that a /ja/ page shows Japanese only, shared by the judge-page and console
translation tests: no raw engine keys (``pyramid_decoration``), no English labels or
option values, no library text (pydantic's "Input should ...", a JSON path)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Words a Japanese page may show in Latin letters: rule ids (L1, VN13), version numbers
# (Ver3), file formats, QR codes, and the link to the English pages.
ALLOWED = {"json", "ver", "qr", "english"}  # "English": the language switch, in its own language
WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
LIBRARY = ("Input should", "Field required", "Extra inputs", "validation error", "$.")


class VisibleText(HTMLParser):
    """Text a reader sees or hears: data outside script/style/template, and the labels
    carried in attributes (aria-label, placeholder, title, alt)."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in ("aria-label", "placeholder", "title", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(data.strip())


def english_in(
    texts: list[str], names: tuple[str, ...] = (), allowed: frozenset[str] = frozenset()
) -> list[str]:
    """The texts that show English, a raw key or library text. ``names`` (the event's and
    players' own names) are removed first; ``allowed`` adds words a page may show."""
    found = []
    for text in texts:
        for name in sorted(names, key=len, reverse=True):  # names are not translated
            text = text.replace(name, "")
        if SNAKE.search(text) or any(marker in text for marker in LIBRARY):
            found.append(text)
            continue
        words = [w for w in WORD.findall(text) if w.lower() not in ALLOWED | allowed]
        # Rule ids (L1, VN13, S4) are letters followed by digits: WORD stops before them.
        words = [w for w in words if not re.fullmatch(r"[A-Z]{1,3}", w)]
        if words:
            found.append(text)
    return found


def page_texts(html: str) -> list[str]:
    parser = VisibleText()
    parser.feed(html)
    return parser.parts
