-- The real pg_trickle history at its tip (index layout).
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
SELECT roadmap.ingest('/tmp/roadmap_enrich_corpus') AS repo_id \gset
SELECT layout FROM roadmap.repository WHERE repo_id = :repo_id;
SELECT count(*) >= 40 AS at_least_40_releases, count(*) AS releases FROM roadmap.release WHERE repo_id = :repo_id;
SELECT version, status, title FROM roadmap.release
 WHERE repo_id = :repo_id AND status <> 'released' ORDER BY version_key;
-- the 16 ⏭ Skipped items of v0.33.0
SELECT count(*) AS skipped_033 FROM roadmap.item WHERE repo_id = :repo_id AND version = '0.33.0' AND status = 'skipped';
SELECT item_id, deferred_to FROM roadmap.item
 WHERE repo_id = :repo_id AND version = '0.33.0' AND status = 'skipped' ORDER BY line, item_id COLLATE "C";
SELECT count(DISTINCT version) >= 30 AS at_least_30_changelog_versions,
       count(DISTINCT version) AS changelog_versions FROM roadmap.changelog_entry WHERE repo_id = :repo_id;
-- what v0.36.0 already lists, per id prefix
SELECT split_part(item_id, '-', 1) AS prefix, count(*), string_agg(item_id, ',' ORDER BY line, item_id COLLATE "C")
  FROM roadmap.item WHERE repo_id = :repo_id AND version = '0.36.0' AND item_id ~ '^[A-Z]+-[0-9]+$'
 GROUP BY 1 ORDER BY split_part(item_id, '-', 1) COLLATE "C";
SELECT path, line_start, line_end FROM roadmap.release WHERE repo_id = :repo_id AND version = '0.36.0';
SELECT count(*) AS rules, count(*) FILTER (WHERE kind = 'never') AS never_rules
  FROM roadmap.constraint_rule WHERE repo_id = :repo_id;
SELECT text FROM roadmap.constraint_rule WHERE repo_id = :repo_id AND text ILIKE '%unwrap%' ORDER BY rule_no;
SELECT item_ids FROM roadmap.changelog_entry WHERE repo_id = :repo_id AND version = '0.34.0' AND item_ids <> '{}' ORDER BY entry_no LIMIT 3;
-- gap scoring at the tip: one row per focus area for v0.36.0, six pillars
SELECT count(*) AS focus_rows, count(DISTINCT pillar) AS pillars FROM roadmap.focus_gaps WHERE repo_id = :repo_id AND version = '0.36.0';
SELECT pillar, top_focus FROM roadmap.pillar_gaps WHERE repo_id = :repo_id AND version = '0.36.0' ORDER BY ord;
