import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """Event overlays get an owner (the organizer who created them over the API) and their own combos.

    `owner` replaces the unused `created_by` column: a rename keeps any value already set in the admin.
    """

    dependencies = [
        ("cards", "0001_initial"),
        ("regulations", "0003_format_updated_at"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="eventoverlay", old_name="created_by", new_name="owner"),
        migrations.AlterField(
            model_name="eventoverlay",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="event_overlays",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="OverlayCombo",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("premium_combo", "Premium Combo"),
                            ("premium_hyperspatial_combo", "Premium Hyperspatial Combo"),
                        ],
                        default="premium_combo",
                        max_length=32,
                    ),
                ),
                ("position", models.PositiveSmallIntegerField(default=0)),
                (
                    "first",
                    models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="cards.card"),
                ),
                (
                    "overlay",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="combos",
                        to="regulations.eventoverlay",
                    ),
                ),
                (
                    "second",
                    models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="cards.card"),
                ),
            ],
            options={
                "ordering": ["overlay", "position", "id"],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("first", models.F("second")), _negated=True),
                        name="overlaycombo_two_cards",
                    )
                ],
            },
        ),
    ]
