"""A player's private page (opened with their private URL): the public player fragment
plus their actions: check in, confirm results (the judge feature's player page), report a
problem.

Tabbycat #2233: everyone opens their private page the moment a draw is released, so these
pages are rendered ahead of time (``services.public_pages_prerender``) and cached like the public
pages, keyed by path (which holds the token) at the event's version, and served by the WSGI
fast path. Hence nothing per-request may be in them:

* no CSRF token: the POST views are ``csrf_exempt``. CSRF defends ambient credentials
  (cookies); here the credential is the unguessable token in the URL itself, so a forged
  cross-site POST would need the secret it is meant to protect;
* no flash messages: a POST redirects to ``?done=<what>``, a fixed, cacheable variant.

Responses are ``Cache-Control: private, no-store`` and send no Referer.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from referee.security_headers import PRIVATE_PAGE_HEADERS
from tournaments.events.models import Event, Registration
from tournaments.events.services.registrations import registration_check_in
from tournaments.public import cache as public_cache
from tournaments.public import refresh, renderer
from tournaments.public.pagekeys import PageKey
from tournaments.public.views.pages import _language
from tournaments.results.services.calls import EmptyCall, judge_call_create


def _registration(token: str) -> Registration:
    registration = (
        Registration.objects.select_related("event", "player")
        .exclude(event__status=Event.Status.DRAFT)
        .filter(private_token=token)
        .first()
    )
    if registration is None:
        raise Http404
    return registration


def _key(request: HttpRequest, done: str, registration_id: int) -> PageKey:
    key = renderer.private_key_of_path(request.path, done, registration_id)
    if key is None:
        raise Http404
    return key


@require_http_methods(["GET", "HEAD"])
def private_page(request: HttpRequest, token: str) -> HttpResponse:
    language = _language(request)
    done = request.GET.get("done", "")
    owner = public_cache.owner_of_token(token)
    found = None
    if owner:
        key = _key(request, done, owner[1])
        found = public_cache.lookup(owner[0], key.path, language, player=owner[1])
    if found is not None and found.html is None and found.stale_html is not None:
        # Everyone gets the previous render at once; a background batch renders the new
        # one. One small query first: a token whose event went back to draft, or a
        # deleted registration, must not keep its old page.
        registration = _registration(token)
        slug = registration.event.slug
        done = key.param("done") or ""
        found = refresh.serve_stale(found, slug, key.path, language, registration.pk, done)
    if found is None or found.html is None:
        registration = _registration(token)
        slug = registration.event.slug
        public_cache.remember_token(token, slug, registration.pk)
        key = _key(request, done, registration.pk)
        version = public_cache.lookup(slug, key.path, language, player=registration.pk).version
        source = renderer.EventSource.for_request(slug, key, version)
        source.add_registrations([registration])
        try:
            html = renderer.render_page(source, key, version).html
        except renderer.PageNotFound as gone:
            raise Http404 from gone
        public_cache.store(key.path, language, version, html)
        found = public_cache.Lookup(version, html)
    etag = public_cache.etag_for(found.version, language, key.path)
    if public_cache.etag_matches(request.headers.get("If-None-Match"), etag):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(found.html)
    response["ETag"] = etag
    for name, value in PRIVATE_PAGE_HEADERS.items():
        response[name] = value
    return response


def _back(token: str, done: str) -> HttpResponse:
    response = redirect(reverse("tournaments:private", kwargs={"token": token}) + f"?done={done}")
    response["Referrer-Policy"] = "no-referrer"
    return response


@csrf_exempt  # see the module docstring: the URL's token is the credential
@require_POST
def private_check_in(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    if registration.status == Registration.Status.REGISTERED and registration.event.status in (
        Event.Status.REGISTRATION,
        Event.Status.RUNNING,
    ):
        registration_check_in(registration_id=registration.pk)
    return _back(token, "checked-in")


@csrf_exempt  # see the module docstring: the URL's token is the credential
@require_POST
def private_report(request: HttpRequest, token: str) -> HttpResponse:
    registration = _registration(token)
    try:
        judge_call_create(registration=registration, message=request.POST.get("message", ""))
    except EmptyCall:
        return _back(token, "empty")
    return _back(token, "reported")
