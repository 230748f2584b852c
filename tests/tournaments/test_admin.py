"""Every model of every domain app has a working admin (changelist, add and change pages)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

pytestmark = pytest.mark.django_db

DOMAIN_APPS = [c for c in apps.get_app_configs() if c.name.startswith("tournaments.")]
MODELS = sorted((m for c in DOMAIN_APPS for m in c.get_models()), key=lambda m: m.__name__)


def test_every_model_is_registered():
    assert len(MODELS) == 31  # the models of the domain apps (issue 29: LeagueSeason)
    assert [m for m in MODELS if not admin.site.is_registered(m)] == []


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_changelist_and_add_pages_load(admin_client, full_table, model):
    info = (model._meta.app_label, model._meta.model_name)
    assert admin_client.get(reverse("admin:{}_{}_changelist".format(*info))).status_code == 200
    assert admin_client.get(reverse("admin:{}_{}_add".format(*info))).status_code == 200


def test_change_pages_load(admin_client, full_table):
    seat = full_table.seats.first()
    objects = [full_table, seat, full_table.round, full_table.round.event, seat.registration]
    for obj in objects:
        info = (obj._meta.app_label, obj._meta.model_name)
        url = reverse("admin:{}_{}_change".format(*info), args=[obj.pk])
        assert admin_client.get(url).status_code == 200, url


def test_registration_token_is_read_only_in_admin(admin_client, registration):
    url = reverse("admin:events_registration_change", args=[registration.pk])
    html = admin_client.get(url).content.decode()
    assert registration.private_token in html  # staff can read it to hand it out
    assert 'name="private_token"' not in html  # but it is not a form field
