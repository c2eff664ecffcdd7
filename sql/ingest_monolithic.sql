-- Monolithic layout: release sections and the Effort Summary in ROADMAP.md.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
SELECT roadmap.ingest('/tmp/roadmap_enrich_fixtures/mono') AS repo_id \gset
SELECT layout FROM roadmap.repository WHERE repo_id = :repo_id;
SELECT version, title, status, status_text, line_start, line_end, effort, summary_line
  FROM roadmap.release WHERE repo_id = :repo_id ORDER BY version_key;
-- CORR-1-1 is a sub-step, not an item; struck CORR-2 counts as done
SELECT version, item_id, title, effort, priority, status, struck, pillar
  FROM roadmap.item WHERE repo_id = :repo_id ORDER BY roadmap.version_key(version), item_id COLLATE "C";
SELECT item_id, description FROM roadmap.item WHERE repo_id = :repo_id AND description IS NOT NULL;
SELECT version, date, text, item_ids FROM roadmap.changelog_entry WHERE repo_id = :repo_id ORDER BY roadmap.version_key(version);
