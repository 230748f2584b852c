"""Edition data an organizer supplies for one game of an event (issue 11, "Edition data").

The bundled edition (``engines/<key>/editions/default.json``) knows some printed values
(each with a source) and holds ``null`` where nobody has checked the printed component.
An organizer fills those nulls from the physical copy. What they supply is stored on
``Event.edition[game]`` in the form the engines read::

    {"base": "default", "values": {...sparse tree, null elsewhere...},
     "sources": {"dotted.path": "organizer: ..."}}

Rules kept here (and tested):

* only unknown (null) leaves of the bundled edition may be filled; a supplied value that
  differs from a printed value the bundled edition knows is refused, never merged;
* a null (or an absent value) never overwrites a known value — neither a bundled one nor
  one supplied earlier (``_lay`` here and ``engines.core.editions.overlay`` in the
  engines both keep what is known on null);
* before anything is stored the engine validates the resolved edition
  (``validate_edition``) after a trial ``resolve_edition``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import engines
from engines.core.editions import Edition, load_bundled, resolve_edition
from engines.core.errors import SetupError
from referee import jsonparse
from tournaments.events.models import Event, Round
from tournaments.events.selectors.event_config import event_config
from tournaments.results.services.rescore import results_schedule_rescore

EXPORT_FORMAT = "referee-edition/1"


class EditionDataError(ValueError):
    """Supplied edition data that cannot be stored; ``problems`` are readable lines."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Leaf:
    """One printed value of the bundled edition's shape."""

    path: str  # dotted, list indexes as numbers: "rank_points.area.0"
    bundled: Any  # the bundled value (None = unknown)
    supplied: Any  # what the organizer supplied here (None = nothing)
    source: str  # the bundled or supplied source covering this path, if any

    @property
    def known(self) -> bool:
        return self.bundled is not None

    @property
    def filled(self) -> bool:
        return self.bundled is None and self.supplied is not None

    @property
    def value(self) -> Any:
        return self.bundled if self.bundled is not None else self.supplied


def event_game_keys(event: Event) -> list[str]:
    """Every game the event plays: its own game, planned round games, existing rounds."""
    keys: list[str] = []
    if event.game_key:
        keys.append(event.game_key)
    keys.extend(str(k) for k in (event_config(event).get("round_games") or {}).values() if k)
    keys.extend(
        Round.objects.filter(event=event).exclude(game_key="").values_list("game_key", flat=True)
    )
    known = set(engines.available_engines())
    out: list[str] = []
    for key in keys:
        if key in known and key not in out:
            out.append(key)
    return out


def bundled_edition(game: str) -> Edition:
    engine = engines.get_engine(game)
    return load_bundled(game, engine.meta.default_edition)


def supplied_spec(event: Event, game: str) -> dict[str, Any]:
    """The event's supplied edition for ``game``, normalised to base/values/sources."""
    raw = (event.edition or {}).get(game) if isinstance(event.edition, dict) else None
    if isinstance(raw, Mapping):
        return {
            "base": raw.get("base") or engines.get_engine(game).meta.default_edition,
            "values": copy.deepcopy(dict(raw.get("values") or {})),
            "sources": dict(raw.get("sources") or {}),
        }
    return {"base": engines.get_engine(game).meta.default_edition, "values": {}, "sources": {}}


def _is_leaf(node: Any) -> bool:
    if isinstance(node, Mapping):
        return False
    if isinstance(node, list):
        # A list of plain values is one printed table row; a list holding nulls, lists or
        # objects is walked element by element so each unknown cell can be filled.
        return all(x is not None and not isinstance(x, Mapping | list) for x in node)
    return True


def _child(node: Any, part: str) -> Any:
    if isinstance(node, Mapping):
        return node.get(part)
    if isinstance(node, list) and part.isdigit() and int(part) < len(node):
        return node[int(part)]
    return None


def _lookup(tree: Any, path: str) -> Any:
    node = tree
    for part in path.split("."):
        node = _child(node, part)
        if node is None:
            return None
    return node


def _source_for(sources: Mapping[str, str], path: str) -> str:
    """The most specific source whose key is this path or one of its ancestors."""
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        key = ".".join(parts[:n])
        if key in sources:
            return sources[key]
    return ""


def _walk(node: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    if _is_leaf(node) or node is None:
        yield prefix, node
        return
    items = node.items() if isinstance(node, Mapping) else enumerate(node)
    for key, child in items:
        yield from _walk(child, f"{prefix}.{key}" if prefix else str(key))


def edition_leaves(game: str, spec: Mapping[str, Any] | None = None) -> list[Leaf]:
    """The bundled edition's printed values, known or not, with what ``spec`` supplies."""
    base = bundled_edition(game)
    spec = spec or {}
    values = spec.get("values") or {}
    sources = {**base.sources, **(spec.get("sources") or {})}
    return [
        Leaf(path, bundled, _lookup(values, path), _source_for(sources, path))
        for path, bundled in _walk(base.values, "")
    ]


def _sparse(path: str, value: Any, shape: Any) -> Any:
    """A tree holding only ``value`` at ``path``, nulls elsewhere, shaped like ``shape``
    (lists padded with nulls, which ``_lay`` and ``overlay`` treat as "keep")."""
    head, _, rest = path.partition(".")
    child_shape = _child(shape, head)
    inner = _sparse(rest, value, child_shape) if rest else value
    if isinstance(shape, list) and head.isdigit():
        out: list[Any] = [None] * len(shape)
        index = int(head)
        out.extend([None] * max(0, index + 1 - len(out)))
        out[index] = inner
        return out
    return {head: inner}


def conflicts_with_bundled(game: str, values: Any) -> list[str]:
    """Paths where ``values`` contradict a printed value the bundled edition knows."""
    base = bundled_edition(game).values
    problems: list[str] = []

    def visit(supplied: Any, known: Any, path: str) -> None:
        if supplied is None or known is None:
            return
        if isinstance(supplied, Mapping) and isinstance(known, Mapping):
            for key, child in supplied.items():
                visit(child, known.get(key), f"{path}.{key}" if path else str(key))
        elif isinstance(supplied, list) and isinstance(known, list) and not _is_leaf(known):
            for index, child in enumerate(supplied):
                if index < len(known):
                    visit(child, known[index], f"{path}.{index}" if path else str(index))
        elif supplied != known:
            problems.append(path)

    visit(values, base, "")
    return problems


def _localized(engine, violation) -> str:
    lang = "ja" if (get_language() or "").startswith("ja") else "en"
    text = engine.localize(violation, lang)
    return f"{violation.path}: {text}" if violation.path else text


def check_spec(game: str, spec: Mapping[str, Any]) -> list[str]:
    """Readable problems with a supplied edition: contradictions with the bundled printed
    values, a failing trial ``resolve_edition``, then the engine's ``validate_edition``."""
    engine = engines.get_engine(game)
    problems = [
        _("%(path)s: differs from the bundled printed value") % {"path": path}
        for path in conflicts_with_bundled(game, spec.get("values") or {})
    ]
    try:
        edition = resolve_edition(game, dict(spec), engine.meta.default_edition)
    except SetupError as err:
        return problems + [_localized(engine, v) for v in err.violations]
    except (AttributeError, TypeError, ValueError) as err:
        return problems + [_("The edition cannot be read: %(error)s") % {"error": err}]
    problems.extend(_localized(engine, v) for v in engine.validate_edition(edition))
    return problems


def _lay(current: Any, new: Any, shape: Any) -> Any:
    """``new`` over ``current`` following the bundled ``shape``: containers merge element
    by element (a null keeps what is there), a leaf position is replaced whole — so a
    re-entered list of squares may shrink, while a null still never erases a value."""
    if new is None:
        return current
    if shape is None or _is_leaf(shape):
        return new
    if isinstance(shape, Mapping) and isinstance(new, Mapping):
        cur = current if isinstance(current, Mapping) else {}
        out = dict(cur)
        for key, value in new.items():
            out[key] = _lay(cur.get(key), value, shape.get(key))
        return out
    if isinstance(shape, list) and isinstance(new, list):
        cur = current if isinstance(current, list) else []
        out = []
        for index in range(max(len(cur), len(new))):
            out.append(
                _lay(
                    cur[index] if index < len(cur) else None,
                    new[index] if index < len(new) else None,
                    shape[index] if index < len(shape) else None,
                )
            )
        return out
    return new


def merged_spec(
    game: str, current: Mapping[str, Any], values: Mapping[str, Any], sources: Mapping[str, str]
) -> dict[str, Any]:
    """``values`` laid over the current supplied values; nulls keep what was known."""
    shape = bundled_edition(game).values
    return {
        "base": current.get("base") or "default",
        "values": _lay(dict(current.get("values") or {}), dict(values), shape),
        "sources": {**(current.get("sources") or {}), **sources},
    }


def values_from_fields(game: str, fields: Mapping[str, Any], source: str) -> tuple[dict, dict]:
    """Per-leaf entries (dotted path -> value, None = left blank) as a sparse values tree
    plus a source per filled path. Only unknown leaves of the bundled edition are taken."""
    base = bundled_edition(game).values
    unknown = {leaf.path for leaf in edition_leaves(game) if not leaf.known}
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for path, value in fields.items():
        if value is None:
            continue
        if path not in unknown:
            raise EditionDataError(
                [_("%(path)s: not an unknown printed value of this edition") % {"path": path}]
            )
        values = _lay(values, _sparse(path, value, base), base)
        sources[path] = source
    return values, sources


@transaction.atomic
def edition_store(event_id: int, game: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    """Validate and store ``spec`` as the event's edition for ``game``; returns it."""
    if game not in engines.available_engines():
        raise EditionDataError([_("Unknown game %(key)s.") % {"key": game}])
    problems = check_spec(game, spec)
    if problems:
        raise EditionDataError(problems)
    event = Event.objects.select_for_update().get(pk=event_id)
    editions = dict(event.edition) if isinstance(event.edition, dict) else {}
    before = editions.get(game)
    editions[game] = {
        "base": spec.get("base") or "default",
        "values": spec.get("values") or {},
        "sources": dict(spec.get("sources") or {}),
    }
    event.edition = editions
    event.save(update_fields=["edition", "updated"])
    if not isinstance(before, Mapping) or before.get("values") != editions[game]["values"]:
        # Results scored while a value was unknown ("n + ?") are scored again with it.
        results_schedule_rescore(event.pk, game)
    return editions[game]


def edition_fill(event: Event, game: str, fields: Mapping[str, Any], source: str) -> dict:
    """Fill unknown leaves from a form (path -> value) and store the merged edition."""
    values, sources = values_from_fields(game, fields, source)
    return edition_store(
        event.pk, game, merged_spec(game, supplied_spec(event, game), values, sources)
    )


def edition_export(event: Event, game: str) -> dict[str, Any]:
    """A shareable document: what this event supplied for ``game``, with sources."""
    spec = supplied_spec(event, game)
    engine = engines.get_engine(game)
    return {
        "format": EXPORT_FORMAT,
        "game": game,
        "engine_version": engine.meta.version,
        "base": spec["base"],
        "values": spec["values"],
        "sources": spec["sources"],
    }


def parse_export(text: str | bytes, game: str) -> dict[str, Any]:
    try:
        doc = jsonparse.loads(text)
    except jsonparse.JSONInputError as err:
        reason = err.__cause__ if err.code == "malformed" else None
        problem = _("Not JSON: %(error)s") % {"error": reason} if reason else str(err)
        raise EditionDataError([problem]) from err
    if not isinstance(doc, dict):
        raise EditionDataError([_("The file must hold one JSON object.")])
    if doc.get("format") != EXPORT_FORMAT:
        raise EditionDataError(
            [
                _("Unknown format %(found)r; expected %(expected)s.")
                % {"found": doc.get("format"), "expected": EXPORT_FORMAT}
            ]
        )
    if doc.get("game") != game:
        raise EditionDataError(
            [
                _("This file is for %(found)r, not %(game)r.")
                % {"found": doc.get("game"), "game": game}
            ]
        )
    if not isinstance(doc.get("values"), dict) or not isinstance(doc.get("sources", {}), dict):
        raise EditionDataError([_("values and sources must be JSON objects.")])
    return doc


def edition_import(event: Event, game: str, text: str | bytes) -> dict[str, Any]:
    """Lay an exported edition over what the event already supplied and store it.

    Imported non-null values win over earlier supplied ones (the file is the newer
    source); imported nulls keep whatever was known.
    """
    doc = parse_export(text, game)
    current = supplied_spec(event, game)
    if doc.get("base") and doc["base"] != current["base"]:
        raise EditionDataError(
            [
                _("The file extends edition %(found)r, not %(base)r.")
                % {"found": doc["base"], "base": current["base"]}
            ]
        )
    return edition_store(
        event.pk, game, merged_spec(game, current, doc["values"], doc.get("sources", {}))
    )
