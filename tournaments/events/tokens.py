"""Unguessable tokens for private links (a player's page, a judge's table page)."""

import secrets

TOKEN_BYTES = 24  # 192 bits of randomness; token_urlsafe encodes them in 32 characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)
