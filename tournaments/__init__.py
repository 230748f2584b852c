"""The tournament service's Django apps, one per domain (see README.md beside this file)."""
