#!/bin/sh
# PostgreSQL backups for docker-compose's "backup" service (README.md, "Backups").
#
#   backup.sh          dump now, then every BACKUP_INTERVAL seconds, for ever
#   backup.sh once     dump once
#   backup.sh check    healthy if the last dump succeeded within two intervals
#
# The database comes from libpq's variables (PGHOST, PGPORT, PGUSER, PGPASSWORD,
# PGDATABASE). Each dump is pg_dump's custom format (compressed, restored with
# pg_restore), named referee-<UTC time>.dump in BACKUP_DIR; it is written under a
# temporary name and renamed when complete, so a dump cut short never counts. After each
# dump only the newest BACKUP_KEEP are kept.
set -eu

dir=${BACKUP_DIR:-/backups}
keep=${BACKUP_KEEP:-48}
interval=${BACKUP_INTERVAL:-3600}

dump() {
    name="referee-$(date -u +%Y%m%dT%H%M%SZ).dump"
    # explicit returns: errexit does not apply inside "dump || ..." in the loop
    pg_dump --format=custom --no-owner --file="$dir/.$name.partial" || {
        rm -f "$dir/.$name.partial"
        return 1
    }
    mv "$dir/.$name.partial" "$dir/$name" || return 1
    # the names sort by time: remove all but the newest $keep
    count=$(find "$dir" -maxdepth 1 -name 'referee-*.dump' | wc -l)
    if [ "$count" -gt "$keep" ]; then
        find "$dir" -maxdepth 1 -name 'referee-*.dump' | sort | head -n "$((count - keep))" |
            while read -r old; do rm -f "$old"; done
    fi
    touch "$dir/.last-ok"
    echo "backup: $dir/$name ($count dumps before pruning, keeping $keep)"
}

mkdir -p "$dir"
case "${1:-loop}" in
once)
    dump
    ;;
check)
    minutes=$((2 * interval / 60 + 1))
    [ -n "$(find "$dir" -maxdepth 1 -name .last-ok -mmin -"$minutes")" ]
    ;;
loop)
    while true; do
        # a failed dump is logged and tried again next interval; the health check shows it
        dump || echo "backup: pg_dump failed" >&2
        sleep "$interval"
    done
    ;;
*)
    echo "usage: backup.sh [once|check]" >&2
    exit 2
    ;;
esac
