"""Integrations: API tokens and webhooks for a café's other tools (see README.md)."""
