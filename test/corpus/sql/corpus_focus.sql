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
-- the skill file's set against the built-in set (roadmap.focus_area): per
-- pillar, areas in both, only in the skill file, only built in, and the
-- areas whose wording differs (docs/scoring.md, "The corpus tip's skill file")
SELECT coalesce(s.pillar, b.pillar) AS pillar,
       count(*) FILTER (WHERE s.focus_id IS NOT NULL AND b.focus_id IS NOT NULL) AS in_both,
       count(*) FILTER (WHERE b.focus_id IS NULL) AS only_skill_file,
       count(*) FILTER (WHERE s.focus_id IS NULL) AS only_built_in,
       count(*) FILTER (WHERE s.ord <> b.ord OR s.pillar <> b.pillar) AS moved,
       count(*) FILTER (WHERE s.name <> b.name) AS worded_otherwise
  FROM (SELECT * FROM roadmap.repo_focus_area WHERE repo_id = :repo_id) s
  FULL JOIN roadmap.focus_area b ON b.focus_id = s.builtin_focus_id
 GROUP BY 1 ORDER BY 1;
SELECT s.focus_id, s.name AS skill_file, b.name AS built_in
  FROM roadmap.repo_focus_area s JOIN roadmap.focus_area b ON b.focus_id = s.builtin_focus_id
 WHERE s.repo_id = :repo_id AND s.name <> b.name ORDER BY s.focus_id;
SELECT count(*) FILTER (WHERE p.question = rp.question) AS same_question, count(*) AS pillars
  FROM roadmap.pillar p JOIN roadmap.repo_pillar rp ON rp.pillar = p.pillar AND rp.repo_id = :repo_id;
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
 WHERE i.repo_id = :repo_id;
-- the description rule on the real history
SELECT count(*) FILTER (WHERE length(description) > 600) AS over_600 FROM roadmap.proposal WHERE repo_id = :repo_id;
