"""The check that a /ja/ page shows Japanese only, shared by the judge-page and console
translation tests: no raw engine keys (``pyramid_decoration``), no English labels or
option values, no library text (pydantic's "Input should ...", a JSON path)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Words a Japanese page may show in Latin letters: rule ids (L1, VN13), version numbers
# (Ver3), file formats, QR codes, and the link to the English pages.
ALLOWED = {"json", "ver", "qr", "english"}  # "English": the language switch, in its own language
# Latin words a Japanese console page may show beside the shared ones: file formats and
# the rating method's proper names. (Webhooks are ウェブフック in Japanese.)
CONSOLE_ALLOWED = frozenset({"csv", "openskill", "plackett", "luce"})
WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
LIBRARY = ("Input should", "Field required", "Extra inputs", "validation error", "$.")


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip
URL = re.compile(r"https?://\S+")


class VisibleText(HTMLParser):
    """Text a reader sees or hears: data outside script/style, and the labels carried in
    attributes (aria-label, placeholder, title, alt). Left out: text marked as another
    language (``lang="en"``: a printed sheet's English line, a game's English title) and
    ``<code>``, which holds only what a person types or copies exactly as shown and no
    words to read: a command (``manage.py judge_invite``), CSV column names, a game key, a
    JSON path or value of the edition data, an HTTP method or header, a token or signing
    secret. A placeholder inside it is ``<var>`` and is read: it names what to put there.
    Messages, errors and labels are never ``<code>`` (a network error is said in words)."""

    def __init__(self):
        super().__init__()
        # (tag, skip): True for script/style/another language, "code" for <code>.
        self.stack: list[tuple[str, bool | str]] = []
        self.parts: list[str] = []

    @property
    def skipping(self) -> bool:
        in_code = False
        for tag, skip in self.stack:
            if skip is True:
                return True
            if skip == "code":
                in_code = True
            elif tag == "var":  # a placeholder inside code is read again
                in_code = False
        return in_code

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        lang = values.get("lang") or ""
        skip = tag in ("script", "style") or (bool(lang) and not lang.startswith("ja"))
        skip = "code" if tag == "code" and not skip else skip
        if not self.skipping and not skip:
            for name in ("aria-label", "placeholder", "title", "alt"):
                if values.get(name):
                    self.parts.append(values[name])
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.parts.append(data.strip())


def english_in(
    texts: list[str], names: tuple[str, ...] = (), allowed: frozenset[str] = frozenset()
) -> list[str]:
    """The texts that show English, a raw key or library text. ``names`` (the event's and
    players' own names) are removed first; ``allowed`` adds words a page may show."""
    found = []
    for text in texts:
        for name in sorted(names, key=len, reverse=True):  # names are not translated
            if name:
                text = text.replace(name, "")
        text = URL.sub("", text)  # links printed for phones (slips, table cards)
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
