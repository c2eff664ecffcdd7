-- The text rules of every proposal (issue 10, Must show 6; docs/proposals.md
-- "Text rules"), on v0.36.0 at the corpus tip and on three releases at the
-- commits that started them: v0.17.0 at "chore: start v0.17.0 development
-- cycle (#433)", v0.19.0 at #485 and v0.35.0 at "#645" (the holdouts). It
-- compares properties, never texts, so it holds whatever items the engine
-- picks: every query below lists the proposals that break a rule, and none
-- may. Each description has 2-4 sentences, at most 600 characters and a
-- "Verify:" sentence; no sentence or quotation ends on a cut word ("created
-- by…", "the…"); every quotation has balanced parentheses and code spans; an
-- AGENTS.md / skill rule is cited only when one of its code words is a name
-- of the item's title; and a deferred or feature item quotes only its own
-- section (the release item it comes from).
CREATE EXTENSION IF NOT EXISTS roadmap_enrich;
\set c '/tmp/roadmap_enrich_corpus'
SET client_min_messages = warning;
CREATE TEMP TABLE txt_prop (rel text, version text, item_id text, title text, description text,
                            source text, source_ref text, feature_ref text, rule_no int);
CREATE TEMP TABLE txt_item (rel text, version text, item_id text, body text);
CREATE TEMP TABLE txt_rule (rel text, rule_no int, text text);
-- each release: ingest at rev, propose, keep the proposals, the items (code spans as `CODE`,
-- no bold, no blockquote marks, one space, double quotes as single ones as a quotation
-- nests them) and the rules of that ingest
\set rel '0.36.0 at the tip'
\set ver '0.36.0'
\set rev 'HEAD'
SELECT roadmap.ingest(:'c', :'rev') > 0 AS ingested \gset
SELECT count(*) >= 0 AS proposed FROM roadmap.enrich(:'ver', :'c', apply => false) \gset
INSERT INTO txt_prop SELECT :'rel', version, item_id, title, description, source, source_ref, feature_ref, rule_no
  FROM roadmap.proposal WHERE version = :'ver'
   AND repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_item SELECT :'rel', version, item_id,
       translate(regexp_replace(regexp_replace(regexp_replace(
         concat_ws(' ', title, status_text, description), '`[^`]*`', '`CODE`', 'g'),
         '\*\*', '', 'g'), '(\s|^)>(\s|$)|\s+', ' ', 'g'), '"', '''')
  FROM roadmap.item WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_rule SELECT :'rel', rule_no, text FROM roadmap.constraint_rule
 WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
\set rel '0.19.0 at #485'
\set ver '0.19.0'
\set rev 'v019-start'
SELECT roadmap.ingest(:'c', :'rev') > 0 AS ingested \gset
SELECT count(*) >= 0 AS proposed FROM roadmap.enrich(:'ver', :'c', apply => false) \gset
INSERT INTO txt_prop SELECT :'rel', version, item_id, title, description, source, source_ref, feature_ref, rule_no
  FROM roadmap.proposal WHERE version = :'ver'
   AND repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_item SELECT :'rel', version, item_id,
       translate(regexp_replace(regexp_replace(regexp_replace(
         concat_ws(' ', title, status_text, description), '`[^`]*`', '`CODE`', 'g'),
         '\*\*', '', 'g'), '(\s|^)>(\s|$)|\s+', ' ', 'g'), '"', '''')
  FROM roadmap.item WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_rule SELECT :'rel', rule_no, text FROM roadmap.constraint_rule
 WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
\set rel '0.17.0 at #433 (holdout)'
\set ver '0.17.0'
\set rev '82a98c7'
SELECT roadmap.ingest(:'c', :'rev') > 0 AS ingested \gset
SELECT count(*) >= 0 AS proposed FROM roadmap.enrich(:'ver', :'c', apply => false) \gset
INSERT INTO txt_prop SELECT :'rel', version, item_id, title, description, source, source_ref, feature_ref, rule_no
  FROM roadmap.proposal WHERE version = :'ver'
   AND repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_item SELECT :'rel', version, item_id,
       translate(regexp_replace(regexp_replace(regexp_replace(
         concat_ws(' ', title, status_text, description), '`[^`]*`', '`CODE`', 'g'),
         '\*\*', '', 'g'), '(\s|^)>(\s|$)|\s+', ' ', 'g'), '"', '''')
  FROM roadmap.item WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_rule SELECT :'rel', rule_no, text FROM roadmap.constraint_rule
 WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
\set rel '0.35.0 at #645 (holdout)'
\set ver '0.35.0'
\set rev '5744e87'
SELECT roadmap.ingest(:'c', :'rev') > 0 AS ingested \gset
SELECT count(*) >= 0 AS proposed FROM roadmap.enrich(:'ver', :'c', apply => false) \gset
INSERT INTO txt_prop SELECT :'rel', version, item_id, title, description, source, source_ref, feature_ref, rule_no
  FROM roadmap.proposal WHERE version = :'ver'
   AND repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_item SELECT :'rel', version, item_id,
       translate(regexp_replace(regexp_replace(regexp_replace(
         concat_ws(' ', title, status_text, description), '`[^`]*`', '`CODE`', 'g'),
         '\*\*', '', 'g'), '(\s|^)>(\s|$)|\s+', ' ', 'g'), '"', '''')
  FROM roadmap.item WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
INSERT INTO txt_rule SELECT :'rel', rule_no, text FROM roadmap.constraint_rule
 WHERE repo_id = (SELECT repo_id FROM roadmap.repository WHERE path = :'c');
RESET client_min_messages;
-- the rules hold on something: proposals on every release
SELECT rel, count(*) > 0 AS proposed FROM txt_prop GROUP BY rel ORDER BY rel COLLATE "C";
-- sentences as describe.c counts them: ". " / "! " / "? " before a capital, a quote or a
-- code span, outside code spans, plus the last one
CREATE TEMP VIEW txt_shape AS
SELECT p.*, regexp_count(c.plain, '(?<!e\.g)[.!?] (?=[A-Z"`])') + 1 AS sentences
  FROM txt_prop p,
       LATERAL (SELECT regexp_replace(regexp_replace(p.description, '``([^`]|`[^`])*``', '`CODE`', 'g'),
                                      '`[^`]*`', 'CODE', 'g') AS plain) c;
-- 1. 2-4 sentences, at most 600 characters, a "Verify:" sentence
SELECT rel, item_id, sentences, char_length(description) AS chars, description
  FROM txt_shape
 WHERE sentences NOT BETWEEN 2 AND 4 OR char_length(description) > 600
    OR description !~ '(^|[.!?"] )Verify: [^ ]'
 ORDER BY rel COLLATE "C", item_id COLLATE "C";
-- 2. no sentence or quotation ends on a word that promises more: "created by…", "the…", "add…"
SELECT rel, item_id, substring(description from '(\S+\s+\S+…)') AS cut_at
  FROM txt_prop
 WHERE description ~* '(^|[^[:alnum:]_])(a|an|the|of|to|by|for|with|in|on|at|from|via|into|and|or|but|that|which|is|are|was|be|as|than|its|their|this|these|each|every|all|any|no|not|per|if|when|so|add|adds|use|until|while|where|then|can|may|must|will|has|have)…'
 ORDER BY rel COLLATE "C", item_id COLLATE "C";
-- the quotations of a description: "…" spans outside code spans (rule citations excluded)
CREATE TEMP VIEW txt_quote AS
SELECT p.rel, p.version, p.item_id, p.source, p.source_ref, p.feature_ref, q.ord, q.m[1] AS quote
  FROM txt_prop p,
       LATERAL regexp_matches(regexp_replace(regexp_replace(p.description, ' \S+ \(line [0-9]+\): ".*$', ''),
                                             '`[^`]*`', '`CODE`', 'g'),
                              '"([^"]+)"', 'g') WITH ORDINALITY AS q(m, ord);
-- 3. every quotation is whole: balanced parentheses (no "30 days) and …") and code spans
SELECT rel, item_id, quote
  FROM txt_quote
 WHERE char_length(regexp_replace(quote, '[^(]', '', 'g')) <> char_length(regexp_replace(quote, '[^)]', '', 'g'))
    OR strpos(replace(quote, '`CODE`', ''), '`') > 0
 ORDER BY rel COLLATE "C", item_id COLLATE "C", ord;
-- 4. a cited rule names the item: one of its code words (a backticked name of at least
-- 5 characters) is a whole token of the title; no description quotes a rule without citing it
SELECT p.rel, p.item_id, p.title, r.text AS rule
  FROM txt_prop p LEFT JOIN txt_rule r ON r.rel = p.rel AND r.rule_no = p.rule_no
 WHERE (p.rule_no IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM regexp_matches(r.text, '`[^A-Za-z0-9_]*([A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*)', 'g') AS w(m)
           WHERE char_length(w.m[1]) >= 5
             AND p.title ~* ('(^|[^A-Za-z0-9_.])' || replace(w.m[1], '.', '\.') || '($|[^A-Za-z0-9_]|\.([^A-Za-z0-9_]|$))')))
    OR (p.rule_no IS NULL AND p.description ~ '\(line [0-9]+\): "')
 ORDER BY p.rel COLLATE "C", p.item_id COLLATE "C";
-- 5. a deferred item quotes only its own section (the deferred item's title, status and
-- text), a feature item only the release item it names: every piece of a quotation
-- between "…" marks is in that item's text (code spans as they were)
CREATE TEMP VIEW txt_own AS
SELECT q.*, i.body
  FROM txt_quote q
  LEFT JOIN txt_item i ON i.rel = q.rel
   AND ((q.source = 'deferred' AND i.version = substring(q.source_ref from '^v(\S+) ')
         AND i.item_id = substring(q.source_ref from '^v\S+ (.*)$'))
     OR (q.source = 'feature' AND i.version = q.version AND i.item_id = q.feature_ref))
 WHERE q.source IN ('deferred', 'feature');
SELECT o.rel, o.item_id, o.quote, f.piece
  FROM txt_own o, LATERAL regexp_split_to_table(o.quote, '…') AS f(piece)
 WHERE char_length(btrim(f.piece)) >= 12
   AND (o.body IS NULL OR strpos(o.body, regexp_replace(btrim(f.piece), '\s+', ' ', 'g')) = 0)
 ORDER BY o.rel COLLATE "C", o.item_id COLLATE "C", o.ord;
SELECT rel, count(*) FILTER (WHERE source = 'deferred') > 0 AS deferred_quotes_checked,
       count(*) FILTER (WHERE source = 'feature') > 0 AS feature_quotes_checked
  FROM txt_own WHERE rel = '0.36.0 at the tip' GROUP BY rel;
-- the catalog is left at the tip for whatever runs next
SET client_min_messages = warning;
SELECT roadmap.ingest(:'c') > 0 AS ingested;
RESET client_min_messages;
