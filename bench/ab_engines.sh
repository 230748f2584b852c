#!/bin/bash
# The five engines' benchmarks from two checkouts, alternated within each round, so that
# old and new code meet the same machine load. Prints the raw lines; take medians per side.
# Usage: bench/ab_engines.sh OLD_CHECKOUT NEW_CHECKOUT [ROUNDS]   (e.g. a `git worktree`
# of the old commit; the new checkout's .venv runs both: each script puts its own
# checkout first on sys.path)
OLD=${1:?old checkout}; NEW=${2:?new checkout}; ROUNDS=${3:-3}
PY="$NEW/.venv/bin/python"
for r in $(seq 1 "$ROUNDS"); do
  for pair in "old=$OLD" "new=$NEW"; do
    side=${pair%%=*}; dir=${pair#*=}
    for g in imhotep nile_murals field_of_reeds terra_pyramides tameri; do
      echo "### round $r $side $g load=$(cut -d' ' -f1 /proc/loadavg) $(date +%H:%M:%S)"
      (cd "$dir" && "$PY" "bench/bench_$g.py" 2>&1 | grep -iE "replay|sheet")
    done
  done
done
