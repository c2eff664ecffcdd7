-- Ingest the bundled sample repository (index layout) from its commit tree.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample') AS repo_id \gset
SELECT path, ref, head_commit, layout FROM roadmap.repository WHERE repo_id = :repo_id;
SELECT version, title, status, path, line_start, line_end, scope
  FROM roadmap.release WHERE repo_id = :repo_id ORDER BY version_key;
SELECT version, item_id, title, effort, priority, status, pillar, section
  FROM roadmap.item WHERE repo_id = :repo_id ORDER BY roadmap.version_key(version), item_id COLLATE "C";
-- skipped items keep the words of their status and the version they were deferred to
SELECT item_id, status_text, deferred_to FROM roadmap.item
 WHERE repo_id = :repo_id AND version = '0.9.0' AND status <> 'done' ORDER BY item_id COLLATE "C";
SELECT item_id, left(description, 40) AS description FROM roadmap.item
 WHERE repo_id = :repo_id AND description IS NOT NULL ORDER BY roadmap.version_key(version), item_id COLLATE "C";
SELECT version, entry_no, date, section, item_ids, left(text, 50) AS text
  FROM roadmap.changelog_entry WHERE repo_id = :repo_id ORDER BY roadmap.version_key(nullif(version, 'unreleased')), entry_no;
SELECT rule_no, kind, section, text FROM roadmap.constraint_rule WHERE repo_id = :repo_id ORDER BY rule_no;
SELECT version, path, line, status, text FROM roadmap.plan_item WHERE repo_id = :repo_id ORDER BY line;
SELECT path, kind FROM roadmap.document WHERE repo_id = :repo_id ORDER BY path COLLATE "C";
-- re-ingesting the same commit is a no-op: nothing is rewritten
SELECT xmin AS before_xmin FROM roadmap.release WHERE repo_id = :repo_id AND version = '0.9.0' \gset
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample') = :repo_id AS same_id;
SELECT xmin = :before_xmin AS untouched FROM roadmap.release WHERE repo_id = :repo_id AND version = '0.9.0';
SELECT kind, outcome, commit, counts FROM roadmap.run WHERE repo_id = :repo_id ORDER BY run_id;
-- an older commit replaces the rows in one go; the changelog loses the touch line
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/sample', 'HEAD~1') = :repo_id AS same_id;
SELECT head_commit, ref FROM roadmap.repository WHERE repo_id = :repo_id;
SELECT count(*) AS touch_entries FROM roadmap.changelog_entry WHERE repo_id = :repo_id AND text LIKE 'Docs:%';
-- a detached HEAD can be read (ingest never writes)
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/detached') > 0 AS ingested_detached;
-- so can a bare repository
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/bare.git') > 0 AS ingested_bare;
SELECT layout, count(*) FROM roadmap.repository r JOIN roadmap.release USING (repo_id)
 WHERE r.path LIKE '/tmp/roadmap_enrich_fixtures/%' GROUP BY layout ORDER BY layout;
