#!/usr/bin/env bash
# gen_repos.sh DIR — crafted repositories for the bounds tier (test/bounds.sh):
# inputs a hostile or careless repository can hold, each of which must be
# read in linear time or refused with a clear error.
set -euo pipefail
DIR=${1:?usage: gen_repos.sh DIR}
export GIT_AUTHOR_NAME="Bounds" GIT_AUTHOR_EMAIL="bounds@example.com"
export GIT_COMMITTER_NAME="Bounds" GIT_COMMITTER_EMAIL="bounds@example.com"
export GIT_CONFIG_NOSYSTEM=1 HOME=${FIXTURE_HOME:-/tmp}
export GIT_AUTHOR_DATE="@1767225600 +0000" GIT_COMMITTER_DATE="@1767225600 +0000"
newrepo() { rm -rf "$1"; mkdir -p "$1"; git -C "$1" init -q -b main; }
commit() { git -C "$1" add -A; git -C "$1" -c commit.gpgsign=false commit -q -m "$2"; }
head_md() { # a released v0.1.0 with one skipped item, then the v0.2.0 heading
  printf '# Roadmap\n\n## v0.1.0 — Old\n\n**Status: Released (2026-01-01).**\n\n'
  printf '| ID | Title | Status |\n|---|---|---|\n| CORR-1 | Fix the old thing | ✅ Done |\n'
  printf '| STAB-2 | Keep the retry loop bounded under load | ⏭️ Skipped |\n\n'
  printf '## v0.2.0 — Next\n\n**Status: Planned**\n\n'
}
rows() { # rows N: an N-row item table
  printf '| ID | Title | Status |\n|---|---|---|\n'
  awk -v n="$1" 'BEGIN{for(i=1;i<=n;i++) printf "| CORR-%d | Item number %d of the table | ⬜ Not started |\n", i+10, i}'
}
rm -rf "$DIR"; mkdir -p "$DIR"

# N-row tables: 100,000 rows (300,000 cells, over the default cap) and the
# sizes used to show the parse is linear once the cap is raised
for n in 25000 50000 100000; do
  R=$DIR/table$n; newrepo "$R"
  { head_md; rows "$n"; } > "$R/ROADMAP.md"; commit "$R" "table $n"
done

# 50,000 rows, each described by a bold paragraph "**ID — Title** text"
R=$DIR/bold50000; newrepo "$R"
{ head_md; rows 50000; echo
  awk 'BEGIN{for(i=1;i<=50000;i++) printf "**CORR-%d — Item number %d** is described here at some length so the lookup matters.\n\n", i+10, i}'
} > "$R/ROADMAP.md"; commit "$R" "bold 50000"

# 20,000 items a released version skipped, all listed again in the target:
# every deferred candidate of the proposal engine is compared with every item
R=$DIR/deferred20000; newrepo "$R"
{ printf '# Roadmap\n\n## v0.1.0 — Old\n\n**Status: Released (2026-01-01).**\n\n| ID | Title | Status |\n|---|---|---|\n'
  awk 'BEGIN{for(i=1;i<=20000;i++) printf "| STAB-%d | Bound the retry loop of worker %d under load | ⏭️ Skipped |\n", i, i}'
  printf '\n## v0.2.0 — Next\n\n**Status: Planned**\n\n| ID | Title | Status |\n|---|---|---|\n'
  awk 'BEGIN{for(i=1;i<=20000;i++) printf "| STAB-%d | Bound the retry loop of worker %d under load | ⬜ Not started |\n", i, i}'
} > "$R/ROADMAP.md"; commit "$R" "deferred 20000"

# a changelog entry citing 100,000 ids
R=$DIR/cited100000; newrepo "$R"
{ head_md; rows 3; } > "$R/ROADMAP.md"
{ printf '# Changelog\n\n## [0.1.0] — 2026-01-01\n\n- Fixed everything ('
  awk 'BEGIN{for(i=1;i<=100000;i++) printf "%sCORR-%d", (i>1?", ":""), i; printf ")\n"}'
} > "$R/CHANGELOG.md"; commit "$R" "cited 100000"

# item ids past int4: enrich must name the item, never wrap or raise 22003
for id in CORR-2147483647 CORR-99999999999999; do
  R=$DIR/id_$id; newrepo "$R"
  { head_md; rows 2; echo "| $id | Huge number | ⬜ Not started |"; } > "$R/ROADMAP.md"; commit "$R" "$id"
done

# ROADMAP.md that is a directory, and one that is a submodule (gitlink)
R=$DIR/dir_roadmap; newrepo "$R"; mkdir "$R/ROADMAP.md"; echo "# x" > "$R/ROADMAP.md/README.md"; commit "$R" "dir"
R=$DIR/submodule_roadmap; newrepo "$R"; echo "# readme" > "$R/README.md"; git -C "$R" add README.md
git -C "$R" update-index --add --cacheinfo 160000,$(git -C "$DIR/table25000" rev-parse HEAD),ROADMAP.md
git -C "$R" -c commit.gpgsign=false commit -q -m "submodule at ROADMAP.md"

# a tree of 300,000 source files (one shared blob) for the listing and probe loops
R=$DIR/tree300000; newrepo "$R"
{ printf 'blob\nmark :1\ndata 44\nfn main() { let x = y.unwrap(); todo!(); }\n\n'
  rm_md=$( { head_md; rows 3; } ); printf 'blob\nmark :2\ndata %d\n%s\n' $(( $(printf '%s' "$rm_md" | wc -c) + 1 )) "$rm_md"
  printf 'commit refs/heads/main\ncommitter Bounds <bounds@example.com> 1767225600 +0000\ndata 5\ntree\n'
  printf 'M 100644 :2 ROADMAP.md\n'
  awk 'BEGIN{for(d=0;d<300;d++) for(f=0;f<1000;f++) printf "M 100644 :1 src/m%d/f%d.rs\n", d, f}'
} | git -C "$R" fast-import --quiet   # no checkout: ingest reads the commit, not the work tree

# line endings and headings write-back cannot edit in place: CR-only, setext
R=$DIR/cr_only; newrepo "$R"
{ head_md; rows 2; } | tr '\n' '\r' > "$R/ROADMAP.md"; commit "$R" "CR-only line endings"
R=$DIR/setext; newrepo "$R"
{ head_md; rows 2; } | sed 's/^## v0.2.0 — Next$/v0.2.0 — Next\n-------------/' > "$R/ROADMAP.md"; commit "$R" "setext release heading"

# large history: HIST_COMMITS versions of a ~HIST_MB MB ROADMAP.md, each
# different (the walk reads every one), with STAB-2 skipped in all of them;
# the oldest version is over max_file_bytes (skipped from its object header)
R=$DIR/history; newrepo "$R"
HIST_COMMITS=${HIST_COMMITS:-60}; HIST_MB=${HIST_MB:-5}
{
  filler() { awk -v c="$1" -v mb="$2" 'BEGIN{n=mb*1024*1024/100; for(i=0;i<n;i++) printf "Filler paragraph %d of version %d, padding the roadmap with prose text ....\n\n", i, c}'; }
  big=$( { head_md; rows 3; filler 0 12; } | wc -c)
  printf 'blob\nmark :1\ndata %d\n' "$big"; { head_md; rows 3; filler 0 12; }
  printf 'commit refs/heads/main\nmark :2\ncommitter Bounds <bounds@example.com> 1767225600 +0000\ndata 3\nv0\n'
  printf 'M 100644 :1 ROADMAP.md\n'
  for c in $(seq 1 "$HIST_COMMITS"); do
    sz=$( { head_md; rows 3; filler "$c" "$HIST_MB"; } | wc -c)
    printf 'blob\nmark :%d\ndata %d\n' $((c * 2 + 1)) "$sz"; { head_md; rows 3; filler "$c" "$HIST_MB"; }
    printf 'commit refs/heads/main\nmark :%d\ncommitter Bounds <bounds@example.com> %d +0000\ndata 3\nv%02d' $((c * 2 + 2)) $((1767225600 + c * 60)) "$c"
    printf '\nfrom :%d\nM 100644 :%d ROADMAP.md\n' $((c * 2)) $((c * 2 + 1))
  done
} | git -C "$R" fast-import --quiet
git -C "$R" reset -q --hard main
echo "generated in $DIR: $(ls "$DIR" | tr '\n' ' ')"
