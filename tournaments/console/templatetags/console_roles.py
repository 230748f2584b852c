"""Role questions the console's shared navigation asks: it offers a page only to those
who may open it (the judges page is the organizers')."""

from __future__ import annotations

from django import template

from tournaments.console.views.tools import is_organizer

register = template.Library()


@register.simple_tag(takes_context=True)
def organizes(context, event) -> bool:
    request = context.get("request")
    return request is not None and is_organizer(request.user, event)
