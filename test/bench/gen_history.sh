#!/usr/bin/env bash
# gen_history.sh DIR K [MODE] — a monolithic-layout repository for the growth
# benchmark. MODE=wide: one commit holding K releases (20 items each, some
# skipped) and K changelog versions. MODE=long: K commits over a roadmap of
# a fixed 15 releases, each commit editing one line. MODE=grow: K commits,
# commit k adding release k, so content and history grow together (the bytes
# in history grow as K²). The last release stays planned.
set -euo pipefail
DIR=$1; K=${2:-20}; MODE=${3:-grow}
rm -rf "$DIR"; mkdir -p "$DIR"; git -C "$DIR" init -q -b main
export GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@b GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@b
words=(delta refresh join aggregate scheduler buffer slot worker partition index merge cost tenant memory dag cdc truncate lateral upgrade docs)
write_files() { # $1 = number of releases, $2 = revision
  local R=$1 r n w s st
  {
    echo "# Synthetic roadmap"; echo
    for r in $(seq 1 "$R"); do
      st=$([ "$r" -lt "$R" ] && echo "Released" || echo "Planned")
      echo "## v0.$r.0 — Release $r"; echo; echo "**Status: $st.**"; echo
      echo "### Correctness"; echo; echo "| ID | Title | Effort | Priority | Status |"; echo "|----|-------|--------|----------|--------|"
      for n in $(seq 1 20); do
        w=${words[$(( (r * 7 + n) % 20 ))]}
        if [ "$st" = Released ]; then s=$([ $((n % 9)) = 0 ] && echo "⏭ Skipped (deferred)" || echo "✅ Done"); else s=""; fi
        echo "| CORR-$n | Improve $w handling number $n in release $r | S | P1 | $s |"
      done
      echo
    done
    echo "## Effort Summary"; echo; echo "| Milestone | Effort estimate | Cumulative | Status |"; echo "|---|---|---|---|"
    for r in $(seq 1 "$R"); do echo "| v0.$r.0 — Release $r | ~1wk | — | |"; done
    echo; echo "Revision $2."
  } > "$DIR/ROADMAP.md"
  {
    echo "# Changelog"; echo
    for r in $(seq $((R - 1)) -1 1); do
      echo "## [0.$r.0] — 2026-01-01 — Release $r"; echo
      for n in $(seq 1 15); do echo "- Improved ${words[$(( (r + n) % 20 ))]} handling $n (CORR-$n)."; done
      echo
    done
  } > "$DIR/CHANGELOG.md"
  printf '# Agents\n\n- Never `unwrap()` in SQL-reachable code.\n' > "$DIR/AGENTS.md"
  git -C "$DIR" add -A; git -C "$DIR" commit -q -m "revision $2"
}
case $MODE in
  wide) write_files "$K" 1 ;;
  long) for k in $(seq 1 "$K"); do write_files 15 "$k"; done ;;
  *) for k in $(seq 1 "$K"); do write_files "$k" "$k"; done ;;
esac
