"""Ed25519 signatures of the audit trail, with a key that never lives in the database.

Why Ed25519 and not an HMAC: an HMAC can only be checked by whoever holds the secret, so a published chain head
would have to be taken on trust. With a key pair, the public half is published (`GET /api/v1/audit/public-key/`)
and anyone holding a published head can check its signature; whoever can write the audit table (a database
superuser, a stolen backup restored elsewhere) still cannot make a signature for a rewritten entry without the
private key, which lives in the environment or a file, never in the database.

The private key: `AUDIT_SIGNING_KEY` (the 32-byte Ed25519 seed, base64) or the file `AUDIT_SIGNING_KEY_FILE`
holding that text. Without either, the file is `deckbuilder/audit-signing-key` in the user's configuration directory
(`$XDG_CONFIG_HOME`, else `~/.config`): outside the data directory (VAR_DIR), so a copy of the database or of its
directory never carries the key that would let its holder re-sign a rewritten chain. A key file that an earlier
version made in VAR_DIR is still the one used (the entries it signed must keep verifying); `manage.py check
--deploy` warns about it (tournaments.W003, tournaments/checks.py) until it is moved. For local development only, a
missing file is created (mode 0600) on first use; production sets one of the two explicitly (docs/production.md).

Every entry stores the signing key's id (the first 16 hex digits of the SHA-256 of the public key); after a
rotation, the retired public keys (`AUDIT_RETIRED_PUBLIC_KEYS`) still verify the entries they signed.
"""

import base64
import hashlib
import os
from functools import cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.conf import settings

ALGORITHM = "Ed25519"
_ENTRY_CONTEXT = "deckbuilder-audit-entry-v1"


class SigningKeyMissing(Exception):
    pass


KEY_FILE_NAME = "audit-signing-key"


def default_key_file() -> Path:
    """The key file when none is configured (development): in the user's configuration directory, not in the data
    directory, and one per installation (named by its data directory): every clone a user ran signed with one shared
    key, so one clone's key re-signed another's rewritten chain."""
    config_home = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    clone = hashlib.sha256(str(Path(settings.VAR_DIR).resolve()).encode()).hexdigest()[:16]
    return Path(config_home) / "deckbuilder" / clone / KEY_FILE_NAME


def legacy_key_file() -> Path:
    """Where earlier versions made the key: inside VAR_DIR, next to the database."""
    return Path(settings.VAR_DIR) / KEY_FILE_NAME


def key_file() -> Path:
    """The key file in use: AUDIT_SIGNING_KEY_FILE; else a key an earlier version made in VAR_DIR, which signed the
    existing entries (check --deploy warns until it is moved); else default_key_file()."""
    configured = getattr(settings, "AUDIT_SIGNING_KEY_FILE", "") or ""
    if configured:
        return Path(configured)
    legacy = legacy_key_file()
    return legacy if legacy.exists() else default_key_file()


def _seed_text() -> str:
    configured = getattr(settings, "AUDIT_SIGNING_KEY", "") or ""
    if configured:
        return configured
    path = key_file()
    creates = getattr(settings, "AUDIT_SIGNING_KEY_CREATE", False)
    if not creates and path == default_key_file():
        # Production configures its key: a development key found in the user's directory is never used silently
        # (check --deploy fails with tournaments.E001 instead).
        raise SigningKeyMissing("no audit signing key: set AUDIT_SIGNING_KEY or AUDIT_SIGNING_KEY_FILE")
    if not path.exists():
        if not creates:
            raise SigningKeyMissing(f"no audit signing key: set AUDIT_SIGNING_KEY or create {path}")
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it first: use theirs
            pass
        else:
            with os.fdopen(descriptor, "w") as handle:
                handle.write(base64.b64encode(os.urandom(32)).decode() + "\n")
    return path.read_text().strip()


@cache
def _private_key(seed_text: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(base64.b64decode(seed_text))


def signing_key() -> Ed25519PrivateKey:
    return _private_key(_seed_text())


def _public_bytes(public_key: Ed25519PublicKey) -> bytes:
    return public_key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def public_key_b64() -> str:
    return base64.b64encode(_public_bytes(signing_key().public_key())).decode()


def _key_id_of(public_key: Ed25519PublicKey) -> str:
    return hashlib.sha256(_public_bytes(public_key)).hexdigest()[:16]


def key_id() -> str:
    return _key_id_of(signing_key().public_key())


def verification_keys() -> dict[str, Ed25519PublicKey]:
    """The current key and the retired ones (`AUDIT_RETIRED_PUBLIC_KEYS`: base64 public keys, comma-separated), by
    key id: after a rotation, entries signed with the old key still verify against its public half."""
    keys = {key_id(): signing_key().public_key()}
    for text in getattr(settings, "AUDIT_RETIRED_PUBLIC_KEYS", []) or []:
        public = Ed25519PublicKey.from_public_bytes(base64.b64decode(text))
        keys.setdefault(_key_id_of(public), public)
    return keys


def retired_public_keys() -> list[dict]:
    current = key_id()
    return [
        {"key_id": kid, "public_key": base64.b64encode(_public_bytes(public)).decode()}
        for kid, public in verification_keys().items()
        if kid != current
    ]


def _sign(message: str) -> str:
    return base64.b64encode(signing_key().sign(message.encode())).decode()


def _verify(message: str, signature: str, public: Ed25519PublicKey | None = None) -> bool:
    public = public or signing_key().public_key()
    try:
        public.verify(base64.b64decode(signature, validate=True), message.encode())
    except (InvalidSignature, ValueError):
        return False
    return True


def entry_message(entry_hash: str) -> str:
    """What is signed: the entry hash, which covers the previous entry's hash and every field of the entry, the
    event and the sequence included (services.audit_entry_hash). The chain head is the last entry's hash with the
    signature made when that entry was appended: a head is never signed on read, so the signer is no oracle for
    a chain rewritten in the database. Anyone checks it with the public key (Ed25519, raw 32 bytes, base64):
    verify(base64(signature), "deckbuilder-audit-entry-v1|" + hash)."""
    return f"{_ENTRY_CONTEXT}|{entry_hash}"


def entry_sign(entry_hash: str) -> str:
    return _sign(entry_message(entry_hash))


def entry_signature_valid(entry_hash: str, signature: str, *, signed_by: str | None = None) -> bool:
    """`signed_by`: the entry's key id (default: the current key); an unknown key id never verifies."""
    public = verification_keys().get(signed_by or key_id())
    return public is not None and bool(signature) and _verify(entry_message(entry_hash), signature, public)
