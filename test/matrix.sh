#!/usr/bin/env bash
# matrix.sh MAJOR [COMMAND...] — run roadmap_enrich's tests (or COMMAND) against
# PostgreSQL MAJOR inside a cached Debian root of the suite that ships it:
# 15 bookworm, 17 trixie, 18 forky. The root is made once with debootstrap
# (minbase) under $RE_ROOTS (default /var/cache/roadmap_enrich) and reused; the
# checkout (and ../shared when present) is copied in fresh on every run, the
# packages are installed there by the same test/install_deps.sh, and the
# default command is the same test/run_all.sh the host runs. Run as root.
# Prints the command's own output; its exit code is the command's.
set -uo pipefail
MAJOR=${1:?usage: test/matrix.sh MAJOR [COMMAND...]}
shift
case "$MAJOR" in
  15) SUITE=bookworm ;; 17) SUITE=trixie ;; 18) SUITE=forky ;;
  *) echo "matrix: no Debian suite ships PostgreSQL $MAJOR (15, 17 and 18 are supported)" >&2; exit 2 ;;
esac
SRC=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${RE_SHARED:-$SRC/../shared}
ROOTS=${RE_ROOTS:-/var/cache/roadmap_enrich}
ROOT=$ROOTS/$SUITE
MIRROR=${RE_MIRROR:-http://deb.debian.org/debian}
[ "$(id -u)" = 0 ] || { echo "matrix: run as root (debootstrap, chroot)" >&2; exit 2; }

# 1. the cached root (about 35 s the first time)
if [ ! -f "$ROOT/.roadmap_enrich_root" ]; then
  command -v debootstrap >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; } \
    || { echo "matrix: cannot install debootstrap" >&2; exit 1; }
  mkdir -p "$ROOTS"; rm -rf "$ROOT.tmp"
  echo "matrix: debootstrap $SUITE into $ROOT (once)"
  # the sid script serves every suite newer than this debootstrap knows of
  script=/usr/share/debootstrap/scripts/$SUITE; [ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
  if ! debootstrap --variant=minbase "$SUITE" "$ROOT.tmp" "$MIRROR" "$script" >"$ROOTS/debootstrap-$SUITE.log" 2>&1; then
    tail -20 "$ROOTS/debootstrap-$SUITE.log"; echo "matrix: debootstrap $SUITE failed" >&2; exit 1
  fi
  touch "$ROOT.tmp/.roadmap_enrich_root"
  rm -rf "$ROOT"; mv "$ROOT.tmp" "$ROOT"
fi

# 2. what a chroot needs: /proc (apt and PostgreSQL read it), a tmpfs /dev/shm
#    (POSIX dynamic shared memory), name resolution and the host's apt settings
mounted=()
cleanup() { local i; for ((i=${#mounted[@]}-1; i>=0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null; done; }
trap cleanup EXIT
mountpoint -q "$ROOT/proc" || { mount -t proc proc "$ROOT/proc" && mounted+=("$ROOT/proc"); }
mkdir -p "$ROOT/dev/shm"
mountpoint -q "$ROOT/dev/shm" || { mount -t tmpfs -o mode=1777 shm "$ROOT/dev/shm" && mounted+=("$ROOT/dev/shm"); }
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null
printf 'Acquire::Check-Valid-Until "false";\nAcquire::Check-Date "false";\n' >"$ROOT/etc/apt/apt.conf.d/99roadmap-enrich-matrix"

# 3. a fresh copy of the checkout (work tree, not .git) and of ../shared
rm -rf "$ROOT/work"; mkdir -p "$ROOT/work/roadmap_enrich"
# (tracked and new files, not build products: the host's binaries link its own libraries)
if git -C "$SRC" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$SRC" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) | tar -C "$ROOT/work/roadmap_enrich" -xf -
else
  tar -C "$SRC" --exclude=./.git --exclude='*.o' --exclude='*.so' --exclude='*.bc' --exclude=test/unit/test_core \
    --exclude=test/unit/dump_model --exclude='test/fuzz/replay_*' --exclude='test/fuzz/fuzz_*[!c]' -cf - . \
    | tar -C "$ROOT/work/roadmap_enrich" -xf -
fi
# -H: ../shared may be a symbolic link to the real directory
[ -d "$SHARED" ] && cp -rH "$SHARED" "$ROOT/work/shared"
# RE_MATRIX_EXTRA=DIR: a copy of DIR at /work/extra/<name> (the quickstart's repository)
if [ -n "${RE_MATRIX_EXTRA:-}" ]; then
  mkdir -p "$ROOT/work/extra"; cp -a "$RE_MATRIX_EXTRA" "$ROOT/work/extra/"
fi

# 4. packages (cached in the root after the first run), then the command
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 CI="${CI:-}" PG_MAJOR="$MAJOR" "$@"; }
if ! in_root bash /work/roadmap_enrich/test/install_deps.sh; then
  echo "matrix: installing PostgreSQL $MAJOR packages in $SUITE failed"; exit 1
fi
if [ $# -eq 0 ]; then set -- bash /work/roadmap_enrich/test/run_all.sh; fi
echo "matrix: PostgreSQL $MAJOR ($SUITE, $(in_root pg_config --version), gcc $(in_root gcc -dumpfullversion))"
in_root bash -c 'cd /work/roadmap_enrich && exec "$@"' matrix "$@"
