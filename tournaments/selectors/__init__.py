"""Reads: functions that query the database and return models or plain values; no writes."""
