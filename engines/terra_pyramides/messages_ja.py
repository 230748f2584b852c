"""Japanese message templates by violation code (same ``{params}`` as the English ones)."""

MESSAGES_JA: dict[str, str] = {}
