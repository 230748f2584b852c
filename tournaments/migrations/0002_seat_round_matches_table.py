"""On PostgreSQL, a composite foreign key makes Seat.round equal to its table's round.

SQLite cannot add a foreign key to an existing table; there Seat.save keeps them equal.
"""

from django.db import migrations

FORWARD = """
ALTER TABLE tournaments_seat
    ADD CONSTRAINT seat_round_matches_table
    FOREIGN KEY (table_id, round_id) REFERENCES tournaments_table (id, round_id)
    ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
"""
BACKWARD = "ALTER TABLE tournaments_seat DROP CONSTRAINT seat_round_matches_table;"


def _run(sql):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return apply


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD))]
