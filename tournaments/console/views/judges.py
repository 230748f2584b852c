"""Console: the event's judges. The organizer invites a head judge, a table judge or a
judge for the whole event (given tables each round below, or any table they scan) and
gets the one-time link (the one ``manage.py judge_invite`` prints, from the same service)
with its QR code, built from the address phones reach; the page lists the judges and the
pending invitations, each with a revoke. Organizers only: a judge brings others in only
through them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournaments.console.forms import JudgeInviteForm, JudgeTablesForm
from tournaments.console.selectors.judges import event_judges, invitable_round
from tournaments.console.services.accounts import (
    JUDGE_KINDS,
    AccountError,
    account_grant_role,
    invitation_shareable,
    invite_path,
    judge_revoke,
    judge_tables,
)
from tournaments.console.views.events import qr_svg
from tournaments.console.views.tools import log_action, organizer_event
from tournaments.events.links import absolute_url, phone_unreachable
from tournaments.events.models import EventRole
from tournaments.events.services.judges import JudgeTablesError, judge_tables_set


@login_required
@never_cache  # the page shows one-time links
def judges(request, slug):
    event = organizer_event(request, slug)
    rnd = invitable_round(event)
    form = JudgeInviteForm(rnd=rnd)
    status = 200
    if request.method == "POST" and request.POST.get("action") == "revoke":
        return _revoke(request, event)
    rows = event_judges(event)
    table_forms = _table_forms(rnd, rows)
    if request.method == "POST" and request.POST.get("action") == "assign":
        answer = _assign(request, event, rnd, table_forms)
        if answer is not None:
            return answer
        status = 400
    elif request.method == "POST":
        form = JudgeInviteForm(request.POST, rnd=rnd)
        if form.is_valid():
            try:
                return _invite(request, event, rnd, form.cleaned_data)
            except AccountError as error:
                form.add_error(None, str(error))
        status = 400
    invitation = _shown_invitation(request, event)
    return render(
        request,
        "console/judges.html",
        {
            "event": event,
            "form": form,
            "round": rnd,
            "judges": rows,
            "table_forms": table_forms,
            "invitation": invitation,
            "phone_unreachable": bool(invitation) and phone_unreachable(invitation["url"]),
        },
        status=status,
    )


def _table_forms(rnd, rows) -> list[tuple[object, JudgeTablesForm]]:
    """One form per whole-event judge: their tables of the current round (ticked) and
    their "any table I scan" mode."""
    forms = []
    for row in rows:
        if not row.event_judge:
            continue
        ticked = [t for r, t in row.tables if rnd is not None and r == rnd.number]
        form = JudgeTablesForm(
            rnd=rnd,
            prefix=f"j{row.user.pk}",
            initial={"tables": ticked, "any_table": row.any_table},
        )
        forms.append((row, form))
    return forms


def _assign(request, event, rnd, table_forms):
    """The organizer's per-round control: judge → tables (or any table they scan). None
    when the form is refused (shown again with its errors and what was ticked)."""
    user_id = request.POST.get("user", "")
    for i, (row, _form) in enumerate(table_forms):
        if str(row.user.pk) != user_id:
            continue
        form = JudgeTablesForm(request.POST, rnd=rnd, prefix=f"j{row.user.pk}")
        table_forms[i] = (row, form)
        if not form.is_valid():
            return None
        if rnd is None and form.cleaned_data["tables"]:
            form.add_error("tables", _("Tables are given once a round is published."))
            return None
        try:
            tables = judge_tables_set(
                event=event,
                user=row.user,
                rnd=rnd,
                numbers=form.cleaned_data["tables"],
                any_table=form.cleaned_data["any_table"],
            )
        except JudgeTablesError as error:
            form.add_error(None, str(error))
            return None
        numbers = [t.number for t in tables]
        log_action(request, event, "judge_tables_set", user=row.user.get_username(),
                   round=rnd.number if rnd else None, tables=numbers,
                   any_table=form.cleaned_data["any_table"])  # fmt: skip
        messages.success(
            request, _("Saved the tables of %(name)s.") % {"name": row.user.get_username()}
        )
        return redirect("console:judges", slug=event.slug)
    raise Http404  # not a whole-event judge of this event


def _invite(request, event, rnd, data):
    tables = (
        judge_tables(event, data["tables"], rnd.number) if data["role"] == "table_judge" else []
    )
    user = account_grant_role(
        username=data["username"],
        event=event,
        role=data["role"],
        tables=tables,
        any_table=data["role"] == "event_judge" and data["any_table"],
    )
    numbers = [t.number for t in tables]
    log_action(request, event, "judge_invited", user=user.get_username(), role=data["role"],
               round=rnd.number if tables else None, tables=numbers)  # fmt: skip
    name = {"name": user.get_username()}
    target = reverse("console:judges", args=[event.slug])
    if invitation_shareable(user, event):
        messages.success(request, _("Invited %(name)s. Give them the link below.") % name)
        return redirect(f"{target}?invite={user.pk}#invitation")
    messages.success(
        request,
        _("%(name)s already has an account: they log in as usual, now with this role.") % name,
    )
    return redirect(target)


def _revoke(request, event):
    user_id = request.POST.get("user", "")
    user = get_object_or_404(get_user_model(), pk=int(user_id) if user_id.isdigit() else 0)
    if not EventRole.objects.filter(user=user, event=event, role__in=JUDGE_KINDS).exists():
        raise Http404
    judge_revoke(event=event, user=user)
    log_action(request, event, "judge_revoked", user=user.get_username())
    messages.success(request, _("%(name)s is no longer a judge here.") % {"name": user.username})
    return redirect("console:judges", slug=event.slug)


def _shown_invitation(request, event) -> dict | None:
    """The one-time link (and its QR code) of the pending invitation ``?invite=<id>``."""
    user_id = request.GET.get("invite", "")
    if not user_id.isdigit():
        return None
    user = get_user_model().objects.filter(pk=int(user_id)).first()
    if (
        user is None
        or not EventRole.objects.filter(user=user, event=event, role__in=JUDGE_KINDS).exists()
    ):
        return None
    if not invitation_shareable(user, event):
        return None
    url = absolute_url(request, invite_path(user, get_language() or "ja"))
    return {"user": user, "url": url, "qr": qr_svg(url)}
