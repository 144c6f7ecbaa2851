"""Room codes to share aloud and seat tokens to keep secret.

A code is short and easy to type (protocol.CODE_ALPHABET: no look-alike characters); guessing
one is slowed by the server's limit on failed joins per address. A token is 192 random bits;
the server keeps only its SHA-256, so a copy of the database lets nobody take a seat."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .protocol import CODE_ALPHABET, CODE_LENGTH

TOKEN_BYTES = 24


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_fits(token: str, stored_hash: str | None) -> bool:
    """`token` is the one whose hash was stored (compared in constant time)."""
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)
