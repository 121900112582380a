from django.conf import settings
from django.db import migrations


def refill(apps, schema_editor):
    """The skeletons again, now that capital I, small l and 1 (and O and 0) fold together (accounts/usernames.py):
    the oldest account keeps a skeleton that several share (look-alikes already there stay; only new ones are
    refused), as 0003 did."""
    from accounts.usernames import username_skeleton

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    UsernameSkeleton.objects.all().delete()
    seen = set()
    rows = []
    for user_id, username in User.objects.order_by("id").values_list("id", "username").iterator():
        skeleton = username_skeleton(username)
        if skeleton not in seen:
            seen.add(skeleton)
            rows.append(UsernameSkeleton(user_id=user_id, skeleton=skeleton))
    UsernameSkeleton.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_username_skeletons")]

    operations = [migrations.RunPython(refill, migrations.RunPython.noop)]
