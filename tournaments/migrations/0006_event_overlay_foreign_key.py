"""Event.overlay_id (a plain slug column) becomes the foreign key Event.overlay to EventOverlay.slug (PROTECT).

The column keeps its name and its values (the overlay's slug), so the API, the exports and the signed settings
entries of the audit trail still read the same id. An event naming an overlay that no longer exists (deleted in
the admin, which never asked whether an event used it) would break the new constraint: such an overlay is made
again, empty, under the same slug, on the event's format and owned by the event's organizer, with a description
that says so. Its limits are gone (the checks of those events failed with UNKNOWN_OVERLAY until now), so the
organizer sees an overlay to review on the event page instead of an event that silently lost its overlay.
"""

import django.db.models.deletion
from django.db import migrations, models

RESTORED_DESCRIPTION = (
    "Restored empty when events became linked to their overlay: the original overlay had been deleted while "
    "events still validated against it. Review its limits."
)


def restore_missing_overlays(apps, schema_editor):
    event_model = apps.get_model("tournaments", "Event")
    overlay_model = apps.get_model("regulations", "EventOverlay")
    format_model = apps.get_model("regulations", "Format")
    known = set(overlay_model.objects.values_list("slug", flat=True))
    for event in event_model.objects.exclude(overlay_id=None).exclude(overlay_id="").order_by("id"):
        if event.overlay_id in known:
            continue
        base_format = format_model.objects.filter(code=event.format_code).first() or format_model.objects.first()
        if base_format is None:
            raise RuntimeError(f"event {event.id} names the missing overlay '{event.overlay_id}' and no format exists")
        overlay_model.objects.create(
            slug=event.overlay_id,
            name=event.overlay_id,
            base_format=base_format,
            description=RESTORED_DESCRIPTION,
            owner_id=event.organizer_id,
        )
        known.add(event.overlay_id)
    # An empty string meant "no overlay" to the old column; the key only knows NULL.
    event_model.objects.filter(overlay_id="").update(overlay_id=None)


class Migration(migrations.Migration):
    dependencies = [
        ("regulations", "0004_overlay_owner_combos"),
        ("tournaments", "0005_merge_event_desk_and_hardening"),
    ]

    operations = [
        migrations.RunPython(restore_missing_overlays, migrations.RunPython.noop),
        migrations.RenameField(model_name="event", old_name="overlay_id", new_name="overlay"),
        migrations.AlterField(
            model_name="event",
            name="overlay",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="regulations.eventoverlay",
                to_field="slug",
            ),
        ),
    ]
