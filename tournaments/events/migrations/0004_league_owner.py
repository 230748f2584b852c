"""Leagues belong to organizers (issue 26 hole 4).

Until now a league was one global name: an organizer who typed another organizer's
league name joined it. Each league now has an owner and names are unique per owner.
Existing leagues get owners from the organizers of their events (``EventRole``):

- a league whose events all share an organizer keeps all its events and is owned by
  that organizer (the first such role of its earliest event): a league run together
  stays together;
- otherwise it is split: each event goes to a league of the same name owned by the
  first organizer of that event; the original row stays with the earliest event's
  organizer, and the others get new rows. Events with no organizer stay in the original.
  The split leagues' ratings are deleted (they mixed the organizers' tables); the next
  ratings run (any confirmed result, or "recompute now" on the ratings page) rates each
  league from its own events again;
- a league with no organizer at all is left without owner.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _organizers(EventRole, event_id: int) -> list[int]:
    return list(
        EventRole.objects.filter(event_id=event_id, role="organizer")
        .order_by("pk")
        .values_list("user_id", flat=True)
    )


def give_leagues_owners(apps, schema_editor):
    League = apps.get_model("events", "League")
    Event = apps.get_model("events", "Event")
    EventRole = apps.get_model("events", "EventRole")
    PlayerRating = apps.get_model("ratings", "PlayerRating")
    for league in League.objects.filter(owner__isnull=True).order_by("pk"):
        events = list(Event.objects.filter(league=league).order_by("starts_on", "pk"))
        organizers = {e.pk: _organizers(EventRole, e.pk) for e in events}
        staffed = [users for users in organizers.values() if users]
        if not staffed:
            continue
        shared = set(staffed[0]).intersection(*map(set, staffed[1:]))
        first = next(u for e in events for u in organizers[e.pk] if not shared or u in shared)
        league.owner_id = first
        league.save(update_fields=["owner"])
        if shared:
            continue
        for event in events:
            owner = organizers[event.pk][0] if organizers[event.pk] else first
            if owner == first:
                continue
            split, _created = League.objects.get_or_create(name=league.name, owner_id=owner)
            Event.objects.filter(pk=event.pk).update(league=split)
        PlayerRating.objects.filter(league=league).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0003_outboxtask"),
        ("ratings", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="leagues",
                to=settings.AUTH_USER_MODEL,
                verbose_name="owner",
            ),
        ),
        migrations.AlterField(
            model_name="league",
            name="name",
            field=models.CharField(max_length=120, verbose_name="name"),
        ),
        migrations.RunPython(give_leagues_owners, migrations.RunPython.noop),
        # The unique constraints follow in 0005: PostgreSQL alters no table in the
        # transaction that has just moved rows pointing at it.
    ]
