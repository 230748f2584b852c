"""What the site header's account link says and where it leads, by the person's role: a
table judge who reads "Console" on a link to their tables is misled (issue 17)."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from tournaments.console.views.accounts import has_console, has_judge_page


def _account_link_label(user) -> str:
    if has_console(user):
        return _("Console")
    if has_judge_page(user):
        return _("My tables")
    return _("Account")


def account_link(request) -> dict:
    """``account_link``: the label of the header's link to ``accounts:home`` (which sends
    each role on); read only by pages that show it, so public pages pay no query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"account_link": SimpleLazyObject(lambda: _account_link_label(user))}
