"""Template helpers of the public pages: language links, bilingual engine names."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

register = template.Library()


@register.simple_tag
def language_links(path: str) -> list[dict]:
    """The same page in every language (links, not a POST form: cached pages carry no
    CSRF token)."""
    current = get_language()
    links = []
    for code, _name in settings.LANGUAGES:
        links.append(
            {
                "code": code,
                "name": get_language_info(code)["name_local"],
                "url": translate_url(path, code) if path else f"/{code}/",
                "current": code == current,
            }
        )
    return links


@register.filter
def loc(names: dict | None, language: str | None = None) -> str:
    """``{"en": ..., "ja": ...}`` in the current language (falls back to English)."""
    if not names:
        return ""
    language = language or get_language() or "ja"
    return names.get(language) or names.get("en") or ""


@register.filter
def metric(value) -> str:
    """A standings number in the one format every page uses (``render.format_metric``)."""
    from tournaments.public.render import format_metric

    return format_metric(value)


@register.filter
def metric_exact(value) -> str:
    """The exact fraction behind a rounded standings number, for a hover title."""
    from tournaments.public.render import exact_metric

    return exact_metric(value)


@register.filter
def rule_id(rule: str | None) -> str:
    """A rule id as the rulebook prints it (``S5``), without the engine's game key
    (``nile_murals:``), which is no word of any page."""
    return (rule or "").rpartition(":")[2]
