"""Every Duel Masters card's facts copied from its catalogue row (cards.Card columns, removed by cards 0005) into the
game's own table, value for value; backwards, copied back. One INSERT ... SELECT: the same SQL on SQLite and
PostgreSQL, seconds for the full catalogue."""

from django.db import migrations

# The columns that move, named as on both tables.
COLUMNS = (
    "civilizations", "civ_mask", "zero_civilization", "card_type", "card_type_ja", "type_codes", "zone", "cost",
    "cost_text", "power", "power_value", "races", "mana_number", "evolution", "psychic", "dragheart", "gr",
    "twinpact", "hyper", "zeron", "forbidden", "multi_face", "shield_trigger", "blocker", "speed_attacker", "slayer",
    "breaker", "breaker_ja", "power_attacker_bonus", "cant_attack", "cant_attack_players", "keywords_ja",
    "deck_limit_exceptions", "start_set", "start_set_size",
)  # fmt: skip


def copy_forward(apps, schema_editor):
    quote = schema_editor.quote_name
    card = apps.get_model("cards", "Card")._meta.db_table
    facts = apps.get_model("dm", "DmCard")._meta.db_table
    columns = ", ".join(quote(column) for column in COLUMNS)
    schema_editor.execute(
        f"INSERT INTO {quote(facts)} ({quote('card_id')}, {columns}) "
        f"SELECT {quote('id')}, {columns} FROM {quote(card)} WHERE {quote('game')} = %s",
        ["dm"],
    )


def copy_back(apps, schema_editor):
    quote = schema_editor.quote_name
    card = apps.get_model("cards", "Card")._meta.db_table
    facts = apps.get_model("dm", "DmCard")._meta.db_table
    assignments = ", ".join(
        f"{quote(column)} = (SELECT {quote(column)} FROM {quote(facts)} WHERE {quote('card_id')} = {quote(card)}.{quote('id')})"
        for column in COLUMNS
    )
    schema_editor.execute(
        f"UPDATE {quote(card)} SET {assignments} WHERE {quote('id')} IN (SELECT {quote('card_id')} FROM {quote(facts)})"
    )


class Migration(migrations.Migration):
    dependencies = [("dm", "0002_dmcard"), ("cards", "0004_card_game")]
    # The core's migration that drops the columns knows no game: this one says it runs first.
    run_before = [("cards", "0005_dm_facts_moved")]

    operations = [migrations.RunPython(copy_forward, copy_back)]
