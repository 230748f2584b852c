"""Login, logout and invitations in the site's own look (Django's auth views, so a login
throttle such as django-axes can wrap them), and the page after login that sends each
person where their role works."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy

from tournaments.events.access import Actor, tables_judged_by
from tournaments.events.models import EventRole

CONSOLE_ROLES = (EventRole.Kind.ORGANIZER, EventRole.Kind.HEAD_JUDGE)


def has_console(user) -> bool:
    """Organizer or head judge of some event (or a superuser): may open /console/."""
    return bool(
        user.is_authenticated
        and (
            user.is_superuser
            or EventRole.objects.filter(user=user, role__in=CONSOLE_ROLES).exists()
        )
    )


def has_judge_page(user) -> bool:
    """Judges some table, or is a judge for a whole event (tables or not yet): their page
    is /judge/."""
    return (
        tables_judged_by(Actor(user=user)).exists()
        or EventRole.objects.filter(user=user, role=EventRole.Kind.EVENT_JUDGE).exists()
    )


login = auth_views.LoginView.as_view(
    template_name="console/accounts/login.html", redirect_authenticated_user=True
)
logout = auth_views.LogoutView.as_view(template_name="console/accounts/logged_out.html")
invite = auth_views.PasswordResetConfirmView.as_view(
    template_name="console/accounts/invite.html",
    post_reset_login=True,
    # Two auth backends are configured (axes counts failures first): log in with Django's.
    post_reset_login_backend="django.contrib.auth.backends.ModelBackend",
    success_url=reverse_lazy("accounts:home"),
)


@login_required
def home(request):
    """Organizers and head judges to the console, and so is someone who may create
    events but has none yet (a new organizer's first login); table judges and judges for
    a whole event to their tables."""
    from tournaments.console.views.events import may_create_events  # it imports this module

    if has_console(request.user) or may_create_events(request.user):
        return redirect("console:events")
    if has_judge_page(request.user):
        return redirect("judge:my-tables")
    return render(request, "console/accounts/no_role.html", status=403)
