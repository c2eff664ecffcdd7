#!/usr/bin/env bash
# tag_commits.sh REPO — tag first-parent history positions of the corpus so
# the corpus tests can name them (c100 = the 101st commit from the root).
set -euo pipefail
R=$1
mapfile -t revs < <(git -C "$R" rev-list --first-parent --reverse HEAD)
for i in 100 150 200 250 300 350 380 400 420 440 450 460 468; do
  git -C "$R" tag -f "c$i" "${revs[$i]}" >/dev/null
done
git -C "$R" tag -f v019-start "$(git -C "$R" log --format=%H --grep='chore: start v0.19.0 development cycle (#485)' -n1)" >/dev/null
git -C "$R" tag -f index-layout "$(git -C "$R" log --format=%H --grep='replace monolithic ROADMAP.md with plain-language index' -n1)" >/dev/null
git -C "$R" tag -f before-index "$(git -C "$R" rev-parse index-layout~1)" >/dev/null
