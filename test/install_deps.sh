#!/usr/bin/env bash
# install_deps.sh — Debian packages needed to build, run and test
# roadmap_enrich (run as root; a no-op when everything is present).
# PG_MAJOR picks the PostgreSQL major version; by default the one the
# running Debian suite ships (bookworm 15, trixie 17, forky/sid 18).
set -euo pipefail
if [ -z "${PG_MAJOR:-}" ]; then
  . /etc/os-release
  case "${VERSION_CODENAME:-}" in
    bookworm) PG_MAJOR=15 ;; trixie) PG_MAJOR=17 ;; forky|sid|"") PG_MAJOR=18 ;;
    *) echo "install_deps: unknown Debian suite '${VERSION_CODENAME:-}': set PG_MAJOR" >&2; exit 2 ;;
  esac
fi
PKGS="build-essential pkg-config git postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR postgresql-$PG_MAJOR-cron
      libgit2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libpcre2-dev valgrind xxd"
missing=""
for p in $PKGS; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then echo "install_deps: need root to install:$missing" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq ${APT_UPDATE_OPTS:-}
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
# Debian's package may start its own cluster; ours runs on its own port anyway.
echo "install_deps: all packages present (PostgreSQL $PG_MAJOR)"
