-- roadmap_enrich 0.1.0 -> 0.2.0 (unreleased: every catalog change since 0.1.0
-- goes here; a fresh install of 0.2.0 runs 0.1.0 then this script).

\echo Use "ALTER EXTENSION roadmap_enrich UPDATE TO '0.2.0'" to load this file. \quit
