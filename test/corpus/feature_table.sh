#!/usr/bin/env bash
# feature_table.sh CORPUS — print the markdown tables of docs/proposals.md
# "What it proposes on the corpus" (issue 10, Must show 1): for v0.36.0 at
# the corpus tip and v0.19.0 at "chore: start v0.19.0 development cycle
# (#485)", every proposed item whose title names a feature the release lists
# (the feature's id or one of its backticked identifiers), with the feature
# and the lens that produced it (roadmap.proposal.feature_ref / lens_id), then
# per pillar whether it has such an item.
#
# CORPUS is a clone of the corpus bundle tagged by tag_commits.sh. psql
# connects as PGHOST / PGPORT / PGUSER / PGDATABASE say, to a database where
# roadmap_enrich is installed (it is created if missing). The catalog is left
# ingested at v019-start.
#
#   bash test/corpus/feature_table.sh /tmp/roadmap_enrich_corpus
set -euo pipefail
C=${1:?usage: feature_table.sh CORPUS}
P="psql -X -q -v ON_ERROR_STOP=1 -v c=$C"
$P -c 'SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS roadmap_enrich' >/dev/null

table() {
	local ver=$1 rev=$2
	$P -At -v ver="$ver" -v rev="$rev" <<'SQL'
SET client_min_messages = warning;
SELECT roadmap.ingest(:'c', :'rev') \g /dev/null
SELECT count(*) FROM roadmap.enrich(:'ver', :'c', apply => false) \g /dev/null
CREATE TEMP VIEW named AS
SELECT p.item_id, p.pillar, p.title, p.feature_ref, p.lens_id, p.ord, p.source, p.source_ref,
       (SELECT n FROM (SELECT i.item_id AS n, 0 AS k
                       UNION ALL
                       -- a backticked name as written, before its arguments / type / value, or its SQL keywords
                       SELECT DISTINCT btrim(v), 1
                         FROM regexp_matches(concat_ws(' ', i.title, i.description), '`([^`]+)`', 'g') AS m,
                              LATERAL unnest(ARRAY[m[1], split_part(m[1], '(', 1), split_part(m[1], ' ', 1),
                                                   substring(m[1] from '^[A-Z][A-Z ]*[A-Z]')]) AS v
                        WHERE length(btrim(v)) >= 3) names
         WHERE strpos(p.title, n) > 0 ORDER BY k, length(n) DESC LIMIT 1) AS names
  FROM roadmap.proposal p
  JOIN roadmap.repository r ON r.repo_id = p.repo_id AND r.path = :'c'
  LEFT JOIN roadmap.item i ON i.repo_id = p.repo_id AND i.version = p.version AND i.item_id = p.feature_ref
 WHERE p.version = :'ver';
SELECT '| item | pillar | feature | named in the title | lens | title |';
SELECT '|---|---|---|---|---|---|';
SELECT format('| %s | %s | %s | %s | `%s` | %s |', n.item_id, n.pillar, n.feature_ref,
              CASE WHEN n.names = n.feature_ref THEN 'the id' ELSE '`' || n.names || '`' END,
              n.lens_id, replace(n.title, '|', '\|'))
  FROM named n JOIN roadmap.pillar pl ON pl.pillar = n.pillar
 WHERE n.names IS NOT NULL ORDER BY pl.ord, n.ord;
SELECT '';
SELECT format('Pillars with such an item: %s of %s (%s).', count(DISTINCT n.pillar), (SELECT count(*) FROM roadmap.pillar),
              (SELECT string_agg(pl.pillar || ' ' || coalesce(c, 0), ', ' ORDER BY pl.ord)
                 FROM roadmap.pillar pl LEFT JOIN (SELECT pillar, count(*) AS c FROM named WHERE names IS NOT NULL GROUP BY 1) x
                   ON x.pillar = pl.pillar))
  FROM named n WHERE n.names IS NOT NULL;
SELECT format('Other items: %s.', coalesce(string_agg(format('%s (%s)', item_id, CASE WHEN lens_id IS NOT NULL
              THEN 'lens `' || lens_id || '` on ' || feature_ref || ', title names neither' ELSE source || ' ' || source_ref END),
              ', ' ORDER BY ord), 'none'))
  FROM named WHERE names IS NULL;
SQL
}

echo "### v0.36.0 at the corpus tip"
echo
table 0.36.0 HEAD
echo
echo "### v0.19.0 at \"chore: start v0.19.0 development cycle (#485)\""
echo
table 0.19.0 v019-start
