"""League names are unique per owner (and among the leagues without one); see 0004."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("events", "0004_league_owner")]

    operations = [
        migrations.AddConstraint(
            model_name="league",
            constraint=models.UniqueConstraint(
                fields=("owner", "name"), name="league_name_per_owner"
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.UniqueConstraint(
                condition=models.Q(("owner__isnull", True)),
                fields=("name",),
                name="league_name_without_owner",
            ),
        ),
    ]
