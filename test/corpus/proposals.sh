#!/bin/bash
# usage: test/corpus/proposals.sh WORKTREE NAME PORT OUTDIR [release-set]
# Builds WORKTREE and installs it into a PRIVATE PostgreSQL 15 tree /tmp/NAME/root
# (a copy of the system one: no shared install, no test lock), starts a cluster
# on PORT and dumps what enrich proposes for each "tag:version:rev" of the
# release set (default: the four releases the engine was judged on,
#   v036 0.36.0 at HEAD, v019 0.19.0 at v019-start (#485),
#   v017 0.17.0 at 82a98c7 (#433), v035 0.35.0 at 5744e87 (#645);
# docs/evaluations/planner-judgement-2026-11-30b.md also judged
#   "h023:0.23.0:86eda9e h026:0.26.0:a085559 h029:0.29.0:1948218").
# Writes OUTDIR/<tag>.tsv (item_id pillar title effort priority description
# dependencies focus_area source feature_ref lens_id), <tag>_full.csv (all of
# roadmap.proposal) and <tag>_render.md (render, write => false).
# The corpus bundle is $RE_CORPUS, else ../shared/corpus/ beside the checkout.
set -e
WT=$1; NAME=$2; PORT=$3; OUT=$4
SET=${5:-"v036:0.36.0:HEAD v019:0.19.0:v019-start v017:0.17.0:82a98c7 v035:0.35.0:5744e87"}
R=/tmp/$NAME/root/usr
mkdir -p "$OUT" /tmp/$NAME
if [ ! -x $R/lib/postgresql/15/bin/postgres ]; then
  mkdir -p $R/lib/postgresql $R/share/postgresql
  cp -a /usr/lib/postgresql/15 $R/lib/postgresql/
  cp -a /usr/share/postgresql/15 $R/share/postgresql/
fi
(cd $WT && make -s >/dev/null)
cp $WT/roadmap_enrich.so $R/lib/postgresql/15/lib/
cp $WT/roadmap_enrich.control $WT/sql/roadmap_enrich--*.sql $R/share/postgresql/15/extension/
export PGBIN=$R/lib/postgresql/15/bin RE_PGDATA=$OUT/pgdata RE_PGPORT=$PORT
bash $WT/test/cluster.sh destroy >/dev/null 2>&1 || true
C=/tmp/$NAME/corpus
if [ ! -d $C ]; then
  git clone -q ${RE_CORPUS:-$(cd "$(dirname "$0")/../../.." && pwd)/shared/corpus/pg-trickle-md.bundle} $C
  bash $WT/test/corpus/tag_commits.sh $C >/dev/null
  chown -R postgres $C
fi
chown -R postgres $OUT
bash $WT/test/cluster.sh start >/dev/null
P="psql -X -h /tmp -p $PORT -U postgres -v ON_ERROR_STOP=1 -q"
$P -c 'CREATE EXTENSION roadmap_enrich;' >/dev/null
for s in $SET; do
  IFS=: read tag ver rev <<<"$s"
  $P -c "SELECT roadmap.ingest('$C', '$rev');" >/dev/null
  $P -c "SELECT count(*) FROM roadmap.enrich('$ver', '$C', apply => false);" >/dev/null
  $P -c "\copy (SELECT item_id, pillar, title, effort, priority, description, dependencies, focus_area, source, feature_ref, lens_id FROM roadmap.proposal WHERE version = '$ver' ORDER BY 1) to $OUT/$tag.tsv"
  $P -c "\copy (SELECT * FROM roadmap.proposal) to $OUT/${tag}_full.csv with csv header"
  $P -At -c "SELECT roadmap.render('$ver', '$C', write => false, commit => false)" > $OUT/${tag}_render.md
done
cp $OUT/pgdata/server.log $OUT/server.log 2>/dev/null || true
bash $WT/test/cluster.sh destroy >/dev/null
wc -l $OUT/*.tsv
