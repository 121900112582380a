"""The legality report stored with each registration carries the one deck hash (games.dm.rules.deck_hash).

The engine used to hash a deck its own way, so a registration held two different "deck hashes": its own (the
snapshot's, signed in the audit trail and printed on the deck sheets) and the report's. The engine now gives the
registration's form, so the stored reports take the registration's value: a registration's snapshot is resolved
card ids only (an unidentified line is refused), for which the two forms describe the same rows. The registration's
own hash and the audit trail are not touched: every signed entry and published head still verifies.
"""

from django.db import migrations


def reports_carry_the_registration_hash(apps, schema_editor):
    registration_model = apps.get_model("tournaments", "Registration")
    for registration_id, report, deck_hash in registration_model.objects.values_list(
        "id", "legality_report", "deck_hash"
    ).iterator():
        if isinstance(report, dict) and report.get("deck_hash") != deck_hash:
            registration_model.objects.filter(id=registration_id).update(
                legality_report={**report, "deck_hash": deck_hash}
            )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_event_overlay_foreign_key")]

    operations = [migrations.RunPython(reports_carry_the_registration_hash, migrations.RunPython.noop)]
