#!/usr/bin/env bash
# install_deps.sh — Debian 12 packages needed to build, run and test
# roadmap_enrich (run as root; a no-op when everything is present).
set -euo pipefail
PKGS="build-essential pkg-config git postgresql-15 postgresql-server-dev-15 postgresql-15-cron
      libgit2-dev libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libpcre2-dev valgrind"
missing=""
for p in $PKGS; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then echo "install_deps: need root to install:$missing" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $missing >/dev/null
fi
# Debian's package may start its own cluster; ours runs on its own port anyway.
echo "install_deps: all packages present"
