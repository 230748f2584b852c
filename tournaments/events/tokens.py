"""Unguessable tokens for private links (a player's page, a judge's table page)."""

import re
import secrets

TOKEN_BYTES = 24  # 192 bits of randomness; token_urlsafe encodes them in 32 characters
# What a token from elsewhere (an imported archive) must look like to be kept: as long as
# ours at least (the column holds 64), URL-safe base64 only, and not a few characters
# repeated. A token of ours has about 25 different characters; fewer than 8 in 32 random
# ones happens about once in 10^22.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,64}")
TOKEN_MIN_DISTINCT = 8


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_is_strong(value) -> bool:
    """Could ``value`` be a token this site made (length, alphabet, variety)?"""
    return (
        isinstance(value, str)
        and TOKEN_SHAPE.fullmatch(value) is not None
        and len(set(value)) >= TOKEN_MIN_DISTINCT
    )
