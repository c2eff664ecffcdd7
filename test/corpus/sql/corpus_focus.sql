-- Focus areas at the corpus tip (issue 11): the repository's own skill file
-- (.github/skills/enrich-release-roadmap/SKILL.md) is read and used; its 48
-- areas are the built-in ones, so each keeps the curated id and templates.
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set c '/tmp/roadmap_enrich_corpus'
SET client_min_messages = warning;
SELECT roadmap.ingest(:'c') AS repo_id \gset
RESET client_min_messages;
SELECT source, source_path, applicable, count(*) AS areas,
       count(*) FILTER (WHERE builtin_focus_id = focus_id) AS same_as_built_in
  FROM roadmap.focus_source WHERE repo_id = :repo_id GROUP BY 1, 2, 3;
SELECT pillar, count(*) AS areas, min(source_line) AS first_line FROM roadmap.focus_source
 WHERE repo_id = :repo_id GROUP BY pillar ORDER BY min(source_line);
SELECT pillar, question, source_line FROM roadmap.repo_pillar WHERE repo_id = :repo_id ORDER BY source_line;
SELECT count(*) AS skill_constraints FROM roadmap.constraint_rule
 WHERE repo_id = :repo_id AND path = '.github/skills/enrich-release-roadmap/SKILL.md';
-- explain names the skill file and line of each proposal's focus area
SET client_min_messages = warning;
SELECT count(*) > 0 AS proposed FROM roadmap.enrich('0.36.0', :'c', apply => false);
RESET client_min_messages;
SELECT item_id, source, focus_area, focus_source FROM roadmap.explain('0.36.0', :'c')
 WHERE focus_source IS NOT NULL ORDER BY item_id COLLATE "C" LIMIT 6;
SELECT count(*) FILTER (WHERE focus_source LIKE '.github/skills/enrich-release-roadmap/SKILL.md:%') AS from_skill_file,
       count(*) AS proposals FROM roadmap.explain('0.36.0', :'c');
-- the matches computed in C (PCRE2) at ingest are those of the SQL regular
-- expression roadmap.focus_pattern(match) on every text the scoring reads
SELECT 'changelog' AS kind,
       count(*) FILTER (WHERE (c.text ~* roadmap.focus_pattern(f.match)) <> (m.focus_id IS NOT NULL)) AS mismatches,
       count(m.focus_id) > 0 AS some_match
  FROM roadmap.changelog_entry c JOIN roadmap.repo_focus_area f ON f.repo_id = c.repo_id AND f.applicable
  LEFT JOIN roadmap.focus_match m ON m.repo_id = c.repo_id AND m.focus_id = f.focus_id AND m.kind = 'changelog'
       AND m.version = c.version AND m.ref = c.entry_no::text
 WHERE c.repo_id = :repo_id
UNION ALL
SELECT 'item', count(*) FILTER (WHERE ((coalesce(i.title, '') || ' ' || coalesce(i.description, '')) ~* roadmap.focus_pattern(f.match)) <> (m.focus_id IS NOT NULL)),
       count(m.focus_id) > 0
  FROM roadmap.item i JOIN roadmap.repo_focus_area f ON f.repo_id = i.repo_id AND f.applicable
  LEFT JOIN roadmap.focus_match m ON m.repo_id = i.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item'
       AND m.version = i.version AND m.ref = i.item_id
 WHERE i.repo_id = :repo_id
UNION ALL
SELECT 'item_title', count(*) FILTER (WHERE (coalesce(i.title, '') ~* roadmap.focus_pattern(f.match)) <> (m.focus_id IS NOT NULL)),
       count(m.focus_id) > 0
  FROM roadmap.item i JOIN roadmap.repo_focus_area f ON f.repo_id = i.repo_id AND f.applicable
  LEFT JOIN roadmap.focus_match m ON m.repo_id = i.repo_id AND m.focus_id = f.focus_id AND m.kind = 'item_title'
       AND m.version = i.version AND m.ref = i.item_id
 WHERE i.repo_id = :repo_id
 ORDER BY 1;
-- the description rule on the real history
SELECT count(*) FILTER (WHERE length(description) > 600) AS over_600 FROM roadmap.proposal WHERE repo_id = :repo_id;
