"""Each public page's canonical key: its kind, what its path names, and the query
parameters it reads with their valid values — nothing else.

This is the one place that says which URLs are different pages. The render cache, the
ETag, the WSGI fast path, the refresh batch and (later) an HTTP cache in front all key a
page by ``PageKey.path``, so ``?utm=1`` .. ``?utm=300`` or ``?after=+01`` are the same
page as their canonical form, and a value the page does not know (a club nobody is in, a
round with no standings, step 1099 of a 40-move log) is no page at all: ``validate``
says so from the event's data, and the view answers 404 without rendering or storing
anything (issue 26, hole 5).

- events: ``/<lang>/``; no parameter.
- home: ``/<lang>/events/<slug>/``; no parameter.
- seating: ``…/rounds/<n>/seating/``; ``q`` (text, at most 100 characters; never stored).
- standings: ``…/standings/``; ``after`` (a round with public standings after it),
  ``club`` (the club of a player the standings list).
- table: ``…/rounds/<n>/tables/<t>/``; ``step`` (0 to the number of moves of its
  released move log; a table without a log has no step).
- player: ``…/players/<registration id>/``; no parameter.
- private: ``/<lang>/p/<token>/``; ``done`` (``checked-in``, ``reported``, ``empty``,
  ``signed-up``, ``cancelled``, ``not-cancelled``).
- league: ``/<lang>/leagues/<public id>/``; no parameter.
- league-player: ``/<lang>/leagues/<public id>/players/<player id>/``; no parameter.

Every kind but ``private`` also reads ``partial=1`` (the live part the page polls).
A parameter whose value does not parse (``after=abc``, an empty ``club``) is ignored, as
the page ignores it: the canonical page. ``q`` is a free-text search: its pages are
rendered for the asker but never stored, so no value of it occupies the cache.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

INT, TEXT = "int", "text"
PRIVATE_DONE = (
    "checked-in",
    "reported",
    "empty",
    "signed-up",
    "cancelled",
    "not-cancelled",
)  # what a private page's POST reports
TEXT_LIMIT = 100  # text parameters are cut to this many characters

_LANG = r"^/(?P<lang>[a-z]{2})/"
_EVENT = _LANG + r"events/(?P<slug>[-a-zA-Z0-9_]+)/"
_LEAGUE = _LANG + r"leagues/(?P<league>[-a-zA-Z0-9_]+)/"
LEAGUE_KINDS = ("league", "league-player")
LEAGUE_SCOPE = "league~"  # a league's version counter: "~" is in no event slug


@dataclass(frozen=True)
class PageKind:
    name: str
    pattern: re.Pattern
    params: tuple[tuple[str, object], ...] = ()
    partial: bool = True  # reads ``partial=1``
    stored: bool = True  # False: rendered for the asker only (free-text parameters)


KINDS: tuple[PageKind, ...] = (
    PageKind("events", re.compile(_LANG + r"$")),
    PageKind("home", re.compile(_EVENT + r"$")),
    PageKind(
        "seating",
        re.compile(_EVENT + r"rounds/(?P<round>\d+)/seating/$"),
        (("q", TEXT),),
        stored=False,
    ),
    PageKind("standings", re.compile(_EVENT + r"standings/$"), (("after", INT), ("club", TEXT))),
    PageKind(
        "table",
        re.compile(_EVENT + r"rounds/(?P<round>\d+)/tables/(?P<table>\d+)/$"),
        (("step", INT),),
    ),
    PageKind("player", re.compile(_EVENT + r"players/(?P<registration>\d+)/$")),
    PageKind(
        "private",
        re.compile(_LANG + r"p/(?P<token>[^/?]+)/$"),
        (("done", PRIVATE_DONE),),
        partial=False,
    ),
    PageKind("league", re.compile(_LEAGUE + r"$")),
    PageKind("league-player", re.compile(_LEAGUE + r"players/(?P<player>\d+)/$")),
)


@dataclass(frozen=True)
class PageKey:
    """A public page: what a render and its cache entry are keyed by."""

    kind: str
    language: str
    base: str  # the path without its query
    slug: str | None = None
    round: int | None = None
    table: int | None = None
    registration: int | None = None  # the player page's registration
    params: tuple[tuple[str, str], ...] = ()  # canonical (name, value), in the kind's order
    partial: bool = False
    league: str | None = None  # a league page's public id
    player: int | None = None  # a league player page's player

    @property
    def scope(self) -> str | None:
        """Whose version counter the page follows: its event's (the slug), or, for a
        league's pages, the league's own ("~" is in no event slug)."""
        return f"{LEAGUE_SCOPE}{self.league}" if self.league else self.slug

    @property
    def path(self) -> str:
        """The canonical path: the cache key, the ETag and the page's live URL use it."""
        pairs = [*self.params, *([("partial", "1")] if self.partial else [])]
        return f"{self.base}?{urlencode(pairs)}" if pairs else self.base

    def param(self, name: str) -> str | None:
        return dict(self.params).get(name)

    def int_param(self, name: str) -> int | None:
        value = self.param(name)
        return None if value is None else int(value)

    @property
    def stored(self) -> bool:
        """Whether renders of this page are kept (a search's are not)."""
        return _KIND[self.kind].stored or not self.params

    @property
    def variant(self) -> bool:
        """A page chosen by a parameter (``after``, ``club``, ``step``, ``q``): one client can
        ask for many of them, so their renders in the request are counted per client."""
        return bool(self.params) and self.kind != "private"

    def as_partial(self) -> PageKey:
        return PageKey(**{**self.__dict__, "partial": True})


_KIND = {kind.name: kind for kind in KINDS}


def _normal(kind: object, value: str) -> str | None:
    """The value in normal form; None when the page would ignore it."""
    if kind == INT:
        try:
            return str(int(value))  # "+01" is 1
        except ValueError:
            return None
    if kind == TEXT:
        return value[:TEXT_LIMIT] or None
    return value if value in kind else None  # a fixed set of choices


def parse(path: str, query: Mapping[str, str]) -> PageKey | None:
    """The page at ``path`` (no query) with ``query`` (name → last value, as Django's
    ``request.GET[name]``); None when ``path`` is not a public page."""
    for kind in KINDS:
        match = kind.pattern.match(path)
        if match is None:
            continue
        groups = match.groupdict()
        params = []
        for name, value_kind in kind.params:
            if name in query:
                value = _normal(value_kind, query[name])
                if value is not None:
                    params.append((name, value))
        numbers = {
            k: int(groups[k]) for k in ("round", "table", "registration", "player") if groups.get(k)
        }
        return PageKey(
            kind=kind.name,
            language=groups["lang"],
            base=path,
            slug=groups.get("slug"),
            league=groups.get("league"),
            params=tuple(params),
            partial=kind.partial and query.get("partial") == "1",
            **numbers,
        )
    return None


def parse_path(full_path: str) -> PageKey | None:
    """The page a canonical path (with its query) names: a refresh batch's due pages."""
    path, _, query = full_path.partition("?")
    return parse(path, dict(parse_qsl(query, keep_blank_values=True)))


def canonical_path(path: str, query: Mapping[str, str]) -> str:
    """``path`` with only the parameters its page reads, normalised, ``partial`` last."""
    key = parse(path, query)
    if key is not None:
        return key.path
    return f"{path}?partial=1" if query.get("partial") == "1" else path


def canonical_path_from_query_string(path: str, query_string: str) -> str:
    """The same from a raw (ASCII, percent-encoded) query string: the WSGI fast path."""
    if not query_string:
        return path
    return canonical_path(path, dict(parse_qsl(query_string, keep_blank_values=True)))


# --- Which values exist ---------------------------------------------------------------------


def validate(key: PageKey, data) -> bool:
    """Whether every parameter of ``key`` names something the event's public data has
    (``data``: ``selectors.EventData``). The path's own parts (round, table, player) are
    checked by the renderer, which needs what they name anyway."""
    for name, value in key.params:
        if name == "after" and int(value) not in data.after_rounds:
            return False
        if name == "club" and value not in data.clubs:
            return False
        if name == "step" and not _is_step(key, data, int(value)):
            return False
    return True


def _is_step(key: PageKey, data, step: int) -> bool:
    rnd = data.round(key.round)
    table = next((t for t in rnd.tables if t.number == key.table), None) if rnd else None
    submission = data.results.get(table.id) if table else None
    if submission is None or submission.kind != "log":
        return False
    return 0 <= step <= len((submission.payload or {}).get("moves") or [])
