"""Writes: functions that change the database inside a transaction and enqueue tasks on commit."""
