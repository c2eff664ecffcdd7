/*
 * test_core.c — unit tests of the pure-C core (no PostgreSQL): versions,
 * item ids, status words, the markdown guard, the model extractor.
 * Prints one line per failure and "N passed, N failed" at the end.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../src/core/model.h"
#include "../../src/core/gitrepo.h"
#include "../../src/core/probe.h"
#include "../../src/core/focus.h"
#include "../../src/core/describe.h"
#include "../../src/core/claim.h"
#include "../../src/core/shipped.h"
#include "../../src/core/mechanism.h"
#include "../../src/core/upgradepair.h"
#include "shipped_pillars.h"

static int	passed,
			failed;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)
#define CHECK_STR(a, b) check_str((a), (b), #a, __FILE__, __LINE__)

static void
check(int ok, const char *what, const char *file, int line)
{
	if (ok)
		passed++;
	else
	{
		failed++;
		printf("FAIL %s:%d: %s\n", file, line, what);
	}
}

static void
check_str(const char *got, const char *want, const char *what, const char *file, int line)
{
	int			ok = (got == NULL && want == NULL) || (got && want && strcmp(got, want) == 0);

	if (ok)
		passed++;
	else
	{
		failed++;
		printf("FAIL %s:%d: %s = \"%s\", want \"%s\"\n", file, line, what, got ? got : "(null)",
			   want ? want : "(null)");
	}
}

static MdLimits lim = {1024 * 1024, 128, 0};

static MdDoc
parse(ReArena *a, const char *md)
{
	MdDoc		d;
	char		err[256];
	MdStatus	st = md_parse(a, md, strlen(md), &lim, &d, err, sizeof(err));

	if (st != MD_OK)
		printf("parse error: %s\n", err);
	return d;
}

/* A new model over the shipped pillars with md read as its ROADMAP.md; checks the layout found. */
static void
read_roadmap(ReArena *a, ReModel *m, const char *md, const char *layout)
{
	MdDoc		d = parse(a, md);

	re_model_init(m, a, shipped_pillars, N_SHIPPED_PILLARS);
	re_model_roadmap(m, "ROADMAP.md", &d);
	CHECK_STR(m->layout, layout);
}

static ReItem *
item(ReModel *m, const char *version, const char *id)
{
	int			i;

	for (i = 0; i < m->items.n; i++)
		if (strcmp(m->items.v[i].version, version) == 0 && strcmp(m->items.v[i].item_id, id) == 0)
			return &m->items.v[i];
	return NULL;
}

static void
test_versions(void)
{
	ReVersion	a,
				b;
	char		buf[32];

	CHECK(re_version_parse("0.9.0", &a));
	CHECK(re_version_parse("v0.10.0", &b));
	CHECK(re_version_cmp(&a, &b) < 0);
	CHECK(re_version_parse(" V1.2.3 ", &a));
	re_version_format(&a, buf, sizeof(buf));
	CHECK_STR(buf, "1.2.3");
	CHECK(!re_version_parse("0.36", &a));
	CHECK(!re_version_parse("0.1.x", &a));
	CHECK(!re_version_parse("1.2.3.4", &a));
	CHECK(!re_version_parse("v1.2.3-beta", &a));
	CHECK(!re_version_parse("9999999.0.0", &a));
	CHECK(!re_version_parse("", &a));
	CHECK(re_version_scan("v0.19.0 — Title", &a) == 7);
}

static void
test_item_ids(void)
{
	const char *good[] = {"CORR-1", "A09", "F5", "PH-D1", "P3b", "CITUS-BENCH", "UX-12", "EC-01", "TEST-3"};
	const char *bad[] = {"CORR-1-1", "corr-1", "P0", "P2", "#", "Tier", "COV", "CORR-", "-1", "X", "A B"};
	size_t		i;

	for (i = 0; i < sizeof(good) / sizeof(*good); i++)
		check(re_is_item_id(good[i]), good[i], __FILE__, __LINE__);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		check(!re_is_item_id(bad[i]), bad[i], __FILE__, __LINE__);
	/* context decides for these (docs/ingest.md "Items") */
	CHECK(re_is_substep_id("C-2-1") && re_is_substep_id("CORR-1-1") && re_is_substep_id("PGL-0-5"));
	CHECK(!re_is_substep_id("CORR-1") && !re_is_substep_id("C-2-1-1") && !re_is_substep_id("UTF-8-1"));
	CHECK(re_is_word_id("RUNBOOK") && re_is_word_id("PLAYGROUND"));
	CHECK(!re_is_word_id("Tier") && !re_is_word_id("UX") && !re_is_word_id("CORR-1") && !re_is_word_id("A09"));
}

/* Ids by context: C-2-1 under a plain heading, sub-steps under an item, RUNBOOK with a bold title; pipes in code spans. */
static const char *context_roadmap =
"# R\n\n## v0.5.0 — Five\n\n### Incremental Rebuild (C-2)\n\n"
"| Item | Description | Effort |\n|------|-------------|--------|\n"
"| C-2-1 | **Delta rebuild.** Ring buffer. | 1 wk |\n| C-2-2 | **Topological sort.** Subgraph. | 2 wk |\n\n"
"### Correctness\n\n| ID | Title | Effort | Priority |\n|----|-------|--------|----------|\n"
"| CORR-1 | Remove a strategy | XS | P0 |\n| CORR-2 | Enforce consistency | L | P0 |\n"
"| APPLY-1 | `create(…, placement => 'local' | 'reference')` | M | P0 |\n\n"
"**CORR-2 — Enforce consistency (CSS-3)**\n\n"
"| Item | Description | Effort |\n|------|-------------|--------|\n| CSS-3-1 | Watermark | 2h |\n\n"
"| Item | Description | Effort |\n|------|-------------|--------|\n| CORR-1-1 | Remove the value | XS |\n\n"
"### Docs\n\n| Item | Description | Effort |\n|------|-------------|--------|\n"
"| RUNBOOK | **Failure mode runbook.** Document recovery. | 3d |\n| TOTAL | 5d | |\n\n"
"```\n| a | b |\n|---|---|\n| `x | y` | z |\n```\n";

static void
test_item_context(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	ReItem	   *it;

	read_roadmap(a, &m, context_roadmap, "monolithic");
	CHECK(item(&m, "0.5.0", "C-2-1") != NULL && item(&m, "0.5.0", "C-2-2") != NULL);
	CHECK(item(&m, "0.5.0", "CSS-3-1") == NULL);	/* inside CORR-2's block */
	CHECK(item(&m, "0.5.0", "CORR-1-1") == NULL);	/* CORR-1 is an item */
	it = item(&m, "0.5.0", "RUNBOOK");
	CHECK(it != NULL && it->title && strncmp(it->title, "Failure mode runbook", 20) == 0);
	CHECK(item(&m, "0.5.0", "TOTAL") == NULL);	/* no bold title */
	it = item(&m, "0.5.0", "APPLY-1");
	CHECK_STR(it ? it->priority : NULL, "P0");
	CHECK_STR(it ? it->effort : NULL, "M");
	CHECK(it && it->title && strstr(it->title, "'local' | 'reference'") != NULL);
	CHECK(m.items.n == 6);
	re_arena_free(a);
}

/*
 * The sentences of a plan that deny a mechanism: prose with a denial and two
 * code spans, never a table row, checklist entry or code block; and whether
 * one names two identifiers of a feature.
 */
static void
test_plan_denials(void)
{
	static const char plan[] =
		"# Report\n\n"
		"There is no parser hook. You cannot use `ProcessUtility_hook` to handle `CREATE KNOT` because\n"
		"the parser rejects it first. It is impossible to say more.\n\n"
		"| `ProcessUtility_hook` | `CREATE KNOT` | cannot work |\n\n"
		"- [ ] `ProcessUtility_hook` cannot see `CREATE KNOT`\n\n"
		"```\n`a_hook` cannot `b_thing`\n```\n\n"
		"- A bullet: `event_trigger` can never call `CREATE KNOT` and there is no way to do it.\n";
	const char *idents[] = {"CREATE KNOT name AS SELECT \xE2\x80\xA6", "ProcessUtility_hook", "knot.create_knot()"};
	const char *one[] = {"ProcessUtility_hook"};
	ReArena    *a = re_arena_new();
	int			n;
	char	  **d = re_plan_denials(a, plan, &n);

	CHECK(n == 2);
	CHECK(n >= 1 && strncmp(d[0], "You cannot use `ProcessUtility_hook`", 36) == 0 && strstr(d[0], "rejects it first"));
	CHECK(n >= 2 && strstr(d[1], "no way to do it") != NULL);
	CHECK(n >= 1 && re_denial_names(d[0], idents, 3));
	CHECK(n >= 1 && !re_denial_names(d[0], one, 1));
	/* a prefix shorter than six characters, or inside a longer word, is no match */
	{
		const char *shortid[] = {"CREATE", "ProcessUtility_hooks"};

		CHECK(n >= 1 && !re_denial_names(d[0], shortid, 2));
	}
	CHECK(re_plan_denials(a, NULL, &n) == NULL && n == 0);
	re_arena_free(a);
}

/*
 * Upgrade references of a plan that do not fit its upgrade (docs/proposals.md
 * "Upgrade references that do not fit"): a script an item writes into,
 * named for other versions; a pair that starts after the target; never a
 * script the line only mentions, the target's own script, or a pair from
 * an older release.
 */
static void
test_stale_upgrade_refs(void)
{
	static const char plan[] =
		"| U-1 | **Upgrade SQL.** `sql/knot--0.3.0--0.4.0.sql`: create the catalog. | 1d |\n"
		"| U-2 | Extend `sql/knot--0.3.0--0.4.0.sql` with two views. | 1d |\n"
		"| U-3 | The checklist verifies the migration script (`sql/knot--0.5.0--0.6.0.sql`). | 1d |\n"
		"| U-4 | **Upgrade SQL.** `sql/knot--0.7.0--0.8.0.sql`: create more. | 1d |\n"
		"- [ ] Extension upgrade path tested (`1.6.0 \xE2\x86\x92 0.8.0`)\n"
		"- [ ] Extension upgrade path tested (`0.7.0 \xE2\x86\x92 0.8.0`)\n"
		"- [ ] `UPGRADING.md` covers v0.2.0 \xE2\x86\x92 v0.8.0\n"
		"- [ ] Benchmarks 2.0.0 -> 0.8.0 compared\n";
	ReArena    *a = re_arena_new();
	ReUpgradeRef r[8];
	int			n = re_stale_upgrade_refs(a, plan, "0.8.0", r, 8);

	CHECK(n == 2);
	CHECK_STR(n >= 1 ? r[0].ref : NULL, "knot--0.3.0--0.4.0.sql");
	CHECK(n >= 1 && r[0].file && strcmp(r[0].name, "knot") == 0 && strcmp(r[0].from, "0.3.0") == 0 &&
		  strcmp(r[0].to, "0.4.0") == 0);
	CHECK(n >= 1 && strncmp(r[0].line, "Upgrade SQL. `sql/knot", 22) == 0);
	CHECK_STR(n >= 2 ? r[1].ref : NULL, "1.6.0 \xE2\x86\x92 0.8.0");
	CHECK(n >= 2 && !r[1].file && r[1].name == NULL);
	CHECK(re_stale_upgrade_refs(a, NULL, "0.8.0", r, 8) == 0);
	CHECK(re_stale_upgrade_refs(a, plan, "not a version", r, 8) == 0);
	CHECK(re_stale_upgrade_refs(a, plan, "0.8.0", r, 1) == 1);
	re_arena_free(a);
}

/* Stated defaults (docs/proposals.md "A default the docs state otherwise"). */
static void
test_stated_defaults(void)
{
	ReArena    *a = re_arena_new();
	static const ReDefaultState st[] = {
		{"logged", "logged", "persistence", "data_loss"}, {"unlogged", "unlogged", "persistence", "data_loss"},
		{"lenient", "lenient", "mode", NULL}, {"strict", "strict", "mode", NULL}};
	ReStatedDefault said[4];
	ReDefaultConflict dc;
	const char *idents[] = {"sd.queue_buffer_persistence", "sd.x", "ab_cdef"};
	const char **objects;
	const char *paths[] = {"docs/CONFIGURATION.md", "CHANGELOG.md v0.1.0"};
	const char *contra[] = {"# Configuration\n\n### sd.unlogged_queues\n\n| Value | Meaning |\n|---|---|\n"
		"| `false` | **(Default)** Queue buffers are WAL-logged. Crash-safe. |\n"
		"| `true` | Queue buffers are `UNLOGGED`. |\n", NULL};
	const char *agree[] = {contra[0], "- `unlogged` (default): queue buffers do not survive a crash."};
	const char *other[] = {"| `false` | **(Default)** Spool files are WAL-logged. |\n", NULL};
	const char *fenced[] = {"```\n# (Default) queue buffers are logged\n```\n", NULL};
	int			n;

	/* what an item states: "`v` (default …)", "default `v`", "currently v", "v today", "v preserves current behaviour" */
	n = re_stated_defaults(a, "New GUC with values `unlogged` (default, current behaviour), `logged` (WAL-logged).", st, 4, said, 4);
	CHECK(n == 1 && strcmp(said[0].value->state, "unlogged") == 0);
	CHECK_STR(n == 1 ? said[0].quote : "", "`unlogged` (default, current behaviour)");
	n = re_stated_defaults(a, "The `sd.mode` setting (default `'strict'`).", st, 4, said, 4);
	CHECK(n == 1 && strcmp(said[0].value->state, "strict") == 0);
	n = re_stated_defaults(a, "Queue buffers are currently unlogged.", st, 4, said, 4);
	CHECK(n == 1 && strcmp(said[0].value->state, "unlogged") == 0);
	n = re_stated_defaults(a, "Checks are lenient today.", st, 4, said, 4);
	CHECK(n == 1 && strcmp(said[0].value->state, "lenient") == 0);
	n = re_stated_defaults(a, "Values `strict`, `lenient`; `lenient` preserves current behaviour.", st, 4, said, 4);
	CHECK(n == 1 && strcmp(said[0].value->state, "lenient") == 0);
	/* a change of the default, a negated value, a list of values and no marker state nothing */
	CHECK(re_stated_defaults(a, "Flip the default to `logged`.", st, 4, said, 4) == 0);
	CHECK(re_stated_defaults(a, "Change the default to `strict` in v2.", st, 4, said, 4) == 0);
	CHECK(re_stated_defaults(a, "Buffers are currently not logged.", st, 4, said, 4) == 0);
	CHECK(re_stated_defaults(a, "Values (`unlogged|logged`, default none).", st, 4, said, 4) == 0);
	CHECK(re_stated_defaults(a, "Buffers can be `unlogged` or `logged`.", st, 4, said, 4) == 0);
	CHECK(re_stated_defaults(a, NULL, st, 4, said, 4) == 0);

	/* the objects: the identifiers' base names (eight characters and an underscore) and their word pairs */
	n = re_default_objects(a, idents, 3, &objects);
	CHECK(n == 3);
	CHECK_STR(n > 0 ? objects[0] : "", "queue_buffer_persistence");
	CHECK_STR(n > 1 ? objects[1] : "", "queue buffer");
	CHECK_STR(n > 2 ? objects[2] : "", "buffer persistence");

	/* a documented default of the same object contradicts the stated one */
	n = re_stated_defaults(a, "`sd.queue_buffer_persistence` GUC: `unlogged` (default, current behaviour).", st, 4, said, 4);
	CHECK(n == 1);
	CHECK(re_default_conflict(a, &said[0], st, 4, objects, 3, paths, contra, 2, &dc));
	CHECK(dc.documented && strcmp(dc.documented->state, "logged") == 0);
	CHECK_STR(dc.path, "docs/CONFIGURATION.md");
	CHECK_STR(dc.heading, "sd.unlogged_queues");
	CHECK_STR(dc.object, "queue buffers");
	CHECK_STR(dc.sentence, "`false`: (Default) Queue buffers are WAL-logged; Crash-safe");
	/* not when another document agrees, nor for another object, nor in fenced code */
	CHECK(!re_default_conflict(a, &said[0], st, 4, objects, 3, paths, agree, 2, &dc));
	CHECK(!re_default_conflict(a, &said[0], st, 4, objects, 3, paths, other, 1, &dc));
	CHECK(!re_default_conflict(a, &said[0], st, 4, objects, 3, paths, fenced, 1, &dc));
	/* the row without a default marker ("| `true` | … `UNLOGGED` |") is no statement of a default */
	n = re_stated_defaults(a, "`sd.queue_buffer_persistence`: `logged` (default).", st, 4, said, 4);
	CHECK(n == 1 && !re_default_conflict(a, &said[0], st, 4, objects, 3, paths, contra, 1, &dc));
	re_arena_free(a);
}

/* Shipped before it was planned (docs/proposals.md "Shipped before it was planned"). */
static void
test_shipped(void)
{
	ReArena    *a = re_arena_new();
	const char *sec = "| FUSE-5 | Scheduler pre-check | 2h |\n"
		"- [x] ~~Fuse exit criterion~~ \xE2\x9E\xA1\xEF\xB8\x8F FUSE-1\xE2\x80\x93" "6 shipped in v0.11.0; no action in v0.12.0\n"
		"- [ ] LG-1: `sd.sync_lag()` will be shipped in v0.2.0\n"
		"- [ ] PAR-3: Re-use `levels()` already in `dag.rs`\n"
		"- [ ] DT-1: not yet shipped in v0.1.0\n"
		"```\nX-1 shipped in v0.1.0\n```\n"
		"- A-2-COL already shipped; CDC shipped in v0.3.0\n"
		"**UX-3** \xE2\x80\x94 New error variants shipped since v0.23.0 (`E1`) have no HINT entries\n";
	const char *leads[4];
	const char *texts[] = {"Basic sync (B1).",
		"Tiered refresh scheduling. Large deployments can assign stream tables to one of four tiers.",
		"Hidden auxiliary columns for CORR-2 aggregates.",
		"Columnar storage (CORR-2): verify MERGE compatibility with columnar storage."};
	int			n;
	char	  **lines = re_shipped_lines(a, sec, &n);

	CHECK(n == 3);
	CHECK(re_shipped_line_for(lines, n, "FUSE-5") != NULL);
	CHECK(re_shipped_line_for(lines, n, "UX-3") == NULL);	/* the variants shipped, not UX-3 */
	CHECK(re_shipped_line_for(lines, n, "FUSE-7") == NULL);
	CHECK(re_shipped_line_for(lines, n, "LG-1") == NULL);	/* "will be shipped" */
	CHECK(re_shipped_line_for(lines, n, "PAR-3") == NULL);	/* "already in" states no status */
	CHECK(re_shipped_line_for(lines, n, "DT-1") == NULL);	/* "not yet shipped" */
	CHECK(re_shipped_line_for(lines, n, "X-1") == NULL);	/* fenced code */
	CHECK(re_shipped_line_for(lines, n, "A-2-COL-2") != NULL);	/* its group */
	CHECK(re_shipped_line_for(lines, n, "CDC-4") == NULL);	/* a word is no group */
	CHECK(re_text_names_id("FUSE-1..FUSE-6", "FUSE-6"));
	CHECK(re_text_names_id("PAR-1/PAR-3", "PAR-3"));
	CHECK(!re_text_names_id("FUSE-50", "FUSE-5"));
	CHECK(!re_text_names_id("FUSE-5-B", "FUSE-5"));
	CHECK_STR(re_shipped_fold(a, lines[0], 240),
			  "Fuse exit criterion \xE2\x9E\xA1\xEF\xB8\x8F FUSE-1\xE2\x80\x93" "6 shipped in v0.11.0; no action in v0.12.0");
	/* the lead is the item's name; an id reused by another release needs most of its words */
	for (n = 0; n < 4; n++)
		leads[n] = re_changelog_lead(a, texts[n]);
	CHECK_STR(leads[1], "Tiered refresh scheduling");
	CHECK(re_changelog_ships(a, "Tiered Refresh Scheduling", "C-1", leads, texts, 4) == 1);
	CHECK(re_changelog_ships(a, "Tiered Refresh Scheduling", "C-1", leads, texts, 1) == -1);
	CHECK(re_changelog_ships(a, "Columnar: verify MERGE compatibility with columnar storage", "CORR-2", leads, texts, 4) == 3);
	CHECK(re_changelog_ships(a, "Temporal IVM with row versions", "CORR-2", leads, texts, 4) == -1);
	{
		ReShipped	sh = {RE_SHIP_CONTRACT, "`CHANGELOG.md` v0.14.0", (char *) "f(x) returns rows", "s.f()"};

		CHECK_STR(re_reconcile_title(a, &sh, "OPS-1"), "Reconcile OPS-1 with the shipped `s.f()`");
		sh.where = "`docs/SQL_REFERENCE.md`";
		CHECK_STR(re_reconcile_title(a, &sh, "OPS-1"), "Reconcile OPS-1 with the documented `s.f()`");
		sh.source = RE_SHIP_SECTION;
		CHECK_STR(re_reconcile_title(a, &sh, "F-1, F-2, F-3"), "Close F-1 \xE2\x80\xA6 F-3: the section marks them shipped");
	}
	/* a docs section's opening says when the feature arrived */
	CHECK(re_doc_arrived("> **Note:** Parallel refresh is new in v0.4.0 and defaults to off.", "0.22.0") == 0);
	CHECK(re_doc_arrived("Intro text. Available since 0.4.0 for all tables.", "0.22.0") == 12);
	CHECK(re_doc_arrived("Parallel refresh is new in v0.22.0.", "0.22.0") == -1);	/* the release's own work */
	CHECK(re_doc_arrived("Runs since the last refresh.", "0.22.0") == -1);
	CHECK(re_title_is_ident("**`pgtrickle.recommend_refresh_mode(st_name)`** Reads `x` to return",
							"pgtrickle.recommend_refresh_mode()"));
	CHECK(re_title_is_ident("Implement missing `resume_stream_table()`. Function is referenced", "resume_stream_table()"));
	CHECK(!re_title_is_ident("`alter_stream_table()` new params: `fuse`", "alter_stream_table()"));
	CHECK(!re_title_is_ident("`create_stream_table(\xE2\x80\xA6, temporal := true)`", "create_stream_table()"));
	re_arena_free(a);
}

/* What documents claim (docs/proposals.md "Claimed by the docs") and the facts a proposal checks. */
static void
test_claims(void)
{
	ReArena    *a = re_arena_new();
	static const ReClaimForm forms[] = {
		{"universal", "\\b(every|each|all)\\b[^.;:]{0,60}?\\b(includes?|has|are|is)\\b", false},
		{"no_more_limit", "\\bno (more|longer)\\b[^.;:]{0,40}\\b(limit|cap)\\b", false},
		{"not_stated", "\\b(will|planned)\\b|\\b(not|never) (every|all)\\b", true},
	};
	const char *paths[] = {"docs/ERRORS.md", "docs/SQL_REFERENCE.md", "docs/CONFIGURATION.md", "CHANGELOG.md"};
	const char *texts[] = {
		"# Errors\n\n```\nEvery kv error includes a SQLSTATE code in this example.\n```\n\n"
		"Not every kv error includes a SQLSTATE code yet. Every kv error will include a\nSQLSTATE code.\n\n"
		"## Codes\n\nEvery kv error includes a PostgreSQL SQLSTATE code for programmatic\nerror handling. Use it.\n",
		"# SQL Reference\n\n## kv.get()\n",
		"# Configuration\n\n### kv_store.enabled\n\n### `kv_store.mode`\n\n### kv_store.size_mb\n\n### other.x\n",
		"# Changelog\n\n### Wider Column Bitmask \xE2\x80\x94 No More 63-Column Limit\n\nText.\n"};
	ReClaimTexts t = {paths, texts, 4};
	ReClaim		c;
	char		err[256],
				buf[32],
			   *why = NULL;
	const char *title = NULL,
			   *path = NULL,
			   *example = NULL;
	const char *ids[] = {"SNAP-5", "DB-6"};
	const char *items[] = {"Documentation. SQL_REFERENCE.md: snapshot/restore API. PATTERNS.md: a section.",
		"Add a section to `docs/SQL_REFERENCE.md` covering which objects may change with migration scripts."};

	CHECK(re_claim_find(a, "\\bSQLSTATE\\b", NULL, forms, 3, &t, &c, err, sizeof(err)) == 1);
	CHECK_STR(c.path, "docs/ERRORS.md");
	CHECK_STR(c.sentence, "Every kv error includes a PostgreSQL SQLSTATE code for programmatic error handling.");
	CHECK_STR(c.form, "universal");
	CHECK(re_claim_find(a, "\\bbit ?masks?\\b[^.\\n]{0,80}\\blimit\\b", NULL, forms, 3, &t, &c, err, sizeof(err)) == 1);
	CHECK_STR(c.sentence, "Wider Column Bitmask \xE2\x80\x94 No More 63-Column Limit");
	/* a sentence that names the key states it of that feature */
	CHECK(re_claim_find(a, "\\bSQL\\b", "kv.get", forms, 3, &t, &c, err, sizeof(err)) == 0);
	CHECK(re_claim_find(a, "\\bReference\\b", "SQL", forms, 3, &t, &c, err, sizeof(err)) == 1 && c.form == NULL);
	CHECK(re_claim_find(a, "(", NULL, forms, 3, &t, &c, err, sizeof(err)) == -1);
	/* the document a docs item writes to, and whether a planned item lists it */
	CHECK(re_claim_target_doc(a, "^(sql|api)( reference| api)?$", &t, &title) == 1);
	CHECK_STR(title, "SQL Reference");
	CHECK(re_claim_doc_listed(a, "docs/SQL_REFERENCE.md", title, "SNAP-3", "pgtrickle.list_snapshots(name)", ids, items, 2, &why));
	CHECK_STR(why, "SNAP-5: SQL_REFERENCE.md: snapshot/restore API.");
	CHECK(!re_claim_doc_listed(a, "docs/SQL_REFERENCE.md", title, "DB-9", "pgtrickle.migrate()", ids, items, 2, &why));
	CHECK(re_claim_doc_listed(a, "docs/SQL_REFERENCE.md", title, "DB-6", "x.y()", ids, items, 2, &why));
	/* the documented settings prefix and a setting spelt with another */
	CHECK_STR(re_claim_settings_prefix(a, &t, &path, &example), "kv_store");
	CHECK_STR(path, "docs/CONFIGURATION.md");
	CHECK_STR(example, "kv_store.enabled");
	CHECK_STR(re_claim_fix_prefix(a, "kvstore.delta_mode", "kv_store"), "kv_store.delta_mode");
	CHECK(re_claim_fix_prefix(a, "kv_store.delta_mode", "kv_store") == NULL);
	CHECK(re_claim_fix_prefix(a, "citus.shard_count", "kv_store") == NULL);
	/* the upgrade a section names */
	CHECK(re_version_upgrade_source("- [ ] Migration path `v0.34.0 \xE2\x86\x92 v0.35.0` tested", "0.35.0", buf, sizeof(buf)));
	CHECK_STR(buf, "0.34.0");
	CHECK(re_version_upgrade_source("upgrade script kv--0.28.0--0.29.0.sql", "0.29.0", buf, sizeof(buf)));
	CHECK_STR(buf, "0.28.0");
	CHECK(!re_version_upgrade_source("0.29.0 \xE2\x86\x92 0.30.0", "0.29.0", buf, sizeof(buf)));
	re_arena_free(a);
}

static void
test_status_words(void)
{
	bool		found;

	CHECK(re_item_status_from_text("✅ Done") == IS_DONE);
	CHECK(re_item_status_from_text("⏭ Skipped (P1 — deferred to v0.34.0 GUC cleanup)") == IS_SKIPPED);
	CHECK(re_item_status_from_text("⬜ Not started") == IS_OPEN);
	CHECK(re_item_status_from_text("Deferred — PostgreSQL does not allow it") == IS_DEFERRED);
	CHECK(re_item_status_from_text("✅ Done (pre-existing)") == IS_DONE);
	CHECK(re_item_status_from_text("Done") == IS_DONE);
	CHECK(re_item_status_from_text("[PLAN.md](x)") == -1);
	CHECK(re_release_status_from_text("✅ Released", &found) == RS_RELEASED && found);
	CHECK(re_release_status_from_text("Released ✅", &found) == RS_RELEASED && found);
	CHECK(re_release_status_from_text(": Released (2026-04-26).", &found) == RS_RELEASED);
	CHECK(re_release_status_from_text("Planned", &found) == RS_PLANNED && found);
	CHECK(re_release_status_from_text(": Shipped.", &found) == RS_RELEASED && found);
	CHECK(re_release_status_from_text("🚧 In progress", &found) == RS_IN_PROGRESS);
	CHECK(re_release_status_from_text("Unreleased", &found) == RS_PLANNED);
	CHECK_STR(re_pillar_from_prefix(shipped_pillars, N_SHIPPED_PILLARS, "UX-7"), "ease_of_use");
	CHECK_STR(re_pillar_from_prefix(shipped_pillars, N_SHIPPED_PILLARS, "SCAL-1"), "scalability");
	CHECK(re_pillar_from_prefix(shipped_pillars, N_SHIPPED_PILLARS, "SEC-1") == NULL);
	CHECK_STR(re_pillar_from_heading(shipped_pillars, N_SHIPPED_PILLARS, "Ease of Use / Operational"), "ease_of_use");
	CHECK_STR(re_pillar_from_heading(shipped_pillars, N_SHIPPED_PILLARS, "Test Coverage"), "test_coverage");
}

/* The pillar set is the caller's (roadmap.pillar rows): words, '*' prefixes, order, a planner's pillar. */
static void
test_pillar_set(void)
{
	static const char *const sec_words[] = {"hardening", "secur*"};
	const RePillarDef set[] = {
		{"security", "Security", "SEC", sec_words, 2, 1, NULL},
		{"correctness", "Korrektheit", "CORR", NULL, 0, 1, "critical"},
	};
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;
	ReItem	   *it;

	CHECK_STR(re_pillar_from_prefix(set, 2, "SEC-4"), "security");
	CHECK(re_pillar_from_prefix(set, 2, "SECURE-4") == NULL);
	CHECK(re_pillar_from_prefix(set, 0, "CORR-1") == NULL);
	CHECK_STR(re_pillar_from_heading(set, 2, "Hardening & Supply Chain"), "security");
	CHECK_STR(re_pillar_from_heading(set, 2, "Securing the wire"), "security");
	CHECK_STR(re_pillar_from_heading(set, 2, "KORREKTHEIT"), "correctness");
	CHECK(re_pillar_from_heading(set, 2, "Correctness") == NULL);	/* not a word of this set */
	CHECK(re_pillar_from_heading(set, 2, "Insecure defaults") == NULL);	/* '*' matches at a word start only */
	CHECK(re_pillar_from_heading(set, 2, "Dehardening") == NULL);
	CHECK(re_pillar_from_heading(set, 2, NULL) == NULL);
	/* roles are the set's, not the keys' */
	CHECK(re_pillar_is(set, 2, "correctness", "critical"));
	CHECK(!re_pillar_is(set, 2, "security", "critical"));
	CHECK(!re_pillar_is(set, 2, "nosuch", "critical"));
	CHECK(!re_pillar_is(set, 2, NULL, "critical"));
	CHECK(re_pillar_is(shipped_pillars, N_SHIPPED_PILLARS, "test_coverage", "tests"));
	/* the first pillar in order wins */
	CHECK_STR(re_pillar_from_heading(set, 2, "Security and Korrektheit"), "security");
	CHECK_STR(re_pillar_from_heading(set + 1, 1, "Security and Korrektheit"), "correctness");
	/* shipped words are whole words: a test name is not a pillar heading */
	CHECK(re_pillar_from_heading(shipped_pillars, N_SHIPPED_PILLARS, "test_tpch_immediate_correctness") == NULL);
	CHECK_STR(re_pillar_from_heading(shipped_pillars, N_SHIPPED_PILLARS, "Scalability & Ergonomics"), "scalability");
	CHECK_STR(re_pillar_from_heading(shipped_pillars, N_SHIPPED_PILLARS, "Ergonomics"), "ease_of_use");

	/* the model files items under the set it is given */
	re_model_init(&m, a, set, 2);
	d = parse(a, "# R\n\n## v1.0.0 — One\n\n### Hardening\n\n| ID | Title |\n|---|---|\n"
			  "| H-1 | Pin the toolchain |\n| CORR-1 | Fix it |\n| TEST-1 | Cover it |\n");
	re_model_roadmap(&m, "ROADMAP.md", &d);
	it = item(&m, "1.0.0", "H-1");
	CHECK_STR(it ? it->pillar : NULL, "security");	/* by heading */
	it = item(&m, "1.0.0", "CORR-1");
	CHECK_STR(it ? it->pillar : NULL, "correctness");	/* by prefix */
	it = item(&m, "1.0.0", "TEST-1");
	CHECK_STR(it ? it->pillar : NULL, "security");	/* TEST is not a prefix of this set */
	re_model_init(&m, a, NULL, 0);
	re_model_roadmap(&m, "ROADMAP.md", &d);
	it = item(&m, "1.0.0", "CORR-1");
	CHECK(it && it->pillar == NULL);
	re_arena_free(a);
}

static void
test_guards(void)
{
	char		err[256];
	char	   *wide = malloc(2000);
	char	   *deep;
	ReArena    *a = re_arena_new();
	MdDoc		d;
	clock_t		t0;
	int			i;

	CHECK(md_check_input("ok\n", 3, &lim, err, sizeof(err)) == MD_OK);
	CHECK(md_check_input("a\0b", 3, &lim, err, sizeof(err)) == MD_EBINARY);
	CHECK(md_check_input("a\xff", 2, &lim, err, sizeof(err)) == MD_EUTF8);
	CHECK(md_check_input("a\xc0\x80", 3, &lim, err, sizeof(err)) == MD_EUTF8);	/* overlong NUL */
	CHECK(md_check_input("\xed\xa0\x80", 3, &lim, err, sizeof(err)) == MD_EUTF8);	/* surrogate */
	CHECK(md_check_input("é ✅ 🚧", strlen("é ✅ 🚧"), &lim, err, sizeof(err)) == MD_OK);
	memset(wide, '|', 1999);
	wide[1999] = '\0';
	CHECK(md_check_input(wide, 1999, &lim, err, sizeof(err)) == MD_ETABLE);
	{
		MdLimits	small = {10, 128, 0};

		CHECK(md_check_input("01234567890", 11, &small, err, sizeof(err)) == MD_ETOOBIG);
	}
	free(wide);

	/* 10,000 nested block quotes and list items: bounded, no crash */
	deep = malloc(40000);
	for (i = 0; i < 10000; i++)
		deep[i] = '>';
	strcpy(deep + 10000, " deep\n");
	t0 = clock();
	CHECK(md_parse(a, deep, strlen(deep), &lim, &d, err, sizeof(err)) == MD_OK);
	for (i = 0; i < 10000; i++)
	{
		deep[2 * i] = ' ';
		deep[2 * i + 1] = ' ';
	}
	strcpy(deep + 20000, "- item\n");
	CHECK(md_parse(a, deep, strlen(deep), &lim, &d, err, sizeof(err)) == MD_OK);
	CHECK((clock() - t0) < 2 * CLOCKS_PER_SEC);
	free(deep);
	re_arena_free(a);
}

static const char *index_roadmap =
"# R\n\n"
"| Version | Theme | Status | Scope | Full details |\n"
"|---|---|---|---|---|\n"
"| [v0.9.0](roadmap/v0.9.0.md) | Old | ✅ Released | Small | [Full details](roadmap/v0.9.0.md-full.md) |\n"
"| [v0.10.0](roadmap/v0.10.0.md) | New | Planned | Large | [Full details](roadmap/v0.10.0-full.md#top) |\n";

static const char *full_file =
"> **Plain-language companion:** [x](x.md)\n\n"
"## v0.10.0 — Brave New Release\n\n"
"**Status: Released.**\n\n"
"### Correctness\n\n"
"| ID | Title | Effort | Priority |\n|---|---|---|---|\n"
"| CORR-1 | Fix it | S | P0 |\n"
"| ~~CORR-2~~ | ~~Old idea~~ | XS | P2 |\n\n"
"**CORR-1 — Fix it.** Because the delta was wrong in every case we tried.\n\n"
"| # | Source | Exercises |\n|---|---|---|\n| 1 | Local | Regression |\n\n"
"### Implementation Status\n\n"
"| Item | Description | Status |\n|---|---|---|\n"
"| CORR-1 | Fix it | ⏭ Skipped (deferred to v0.11.0) |\n"
"| TEST-9 | New test | ⬜ Not started |\n";

static void
test_index_model(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;
	ReRelease  *r;
	ReItem	   *it;

	read_roadmap(a, &m, index_roadmap, "index");
	CHECK(m.full_paths.n == 2);
	CHECK_STR(m.full_paths.v[1], "roadmap/v0.10.0-full.md");
	d = parse(a, full_file);
	re_model_release_file(&m, "roadmap/v0.10.0-full.md", &d);
	r = re_model_find_release(&m, "0.10.0");
	CHECK(r != NULL);
	if (!r)
		return;
	/* the index table's status wins over the file's own status line */
	CHECK(r->status == RS_PLANNED);
	CHECK_STR(r->title, "Brave New Release");
	CHECK(r->line_start == 3);
	CHECK_STR(r->scope, "Large");
	it = item(&m, "0.10.0", "CORR-1");
	CHECK(it && it->status == IS_SKIPPED);
	CHECK(it && it->deferred_to && strcmp(it->deferred_to, "0.11.0") == 0);
	CHECK(it && it->description && strncmp(it->description, "Because", 7) == 0);
	CHECK(it && it->effort && strcmp(it->effort, "S") == 0);
	it = item(&m, "0.10.0", "CORR-2");
	CHECK(it && it->status == IS_DONE && it->struck);
	CHECK_STR(it ? it->title : NULL, "Old idea");
	it = item(&m, "0.10.0", "TEST-9");
	CHECK(it && it->status == IS_OPEN && it->pillar && strcmp(it->pillar, "test_coverage") == 0);
	CHECK(m.items.n == 3);		/* the "#" scenario table adds nothing */
	re_arena_free(a);
}

static void
test_changelog(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;
	const char *md =
	"# Changelog\n\n## Table of Contents\n\n- [0.2.0](#x)\n\n"
	"## [Unreleased]\n\n- Pending thing\n\n"
	"## [0.87.0] — 2026-05-02 — Dated Title\n\n### Added\n\n- New API (COORD-10, COORD-11)\n  - nested detail\n\n"
	"**Bold lead.** A paragraph entry (A09).\n\n"
	"## [0.34.0] — Plain Title\n\n- Thing (see UTF-8 docs)\n\n"
	"## 0.3.0 (2026-02-01)\n\n- Old thing\n";

	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
	d = parse(a, md);
	re_model_changelog(&m, &d);
	CHECK(m.changelog.n == 5);
	if (m.changelog.n < 5)
		return;
	CHECK_STR(m.changelog.v[0].version, "unreleased");
	CHECK_STR(m.changelog.v[1].version, "0.87.0");
	CHECK_STR(m.changelog.v[1].date, "2026-05-02");
	CHECK_STR(m.changelog.v[1].release_title, "Dated Title");
	CHECK_STR(m.changelog.v[1].item_ids, "COORD-10,COORD-11");
	CHECK_STR(m.changelog.v[1].section, "Added");
	CHECK(strstr(m.changelog.v[1].text, "nested detail") != NULL);
	CHECK_STR(m.changelog.v[2].item_ids, "A09");
	CHECK_STR(m.changelog.v[3].release_title, "Plain Title");
	CHECK(m.changelog.v[3].item_ids == NULL);	/* UTF-8 is not an item id */
	CHECK_STR(m.changelog.v[4].version, "0.3.0");
	CHECK_STR(m.changelog.v[4].date, "2026-02-01");
	re_arena_free(a);
}

static void
test_agents_and_plan(void)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		d;

	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
	d = parse(a, "# A\n\n## Rules\n\n- Never `unwrap()` in SQL paths.\n- Nevertheless prefer this.\n"
			  "- Always cast names; you must.\n\nPlain text.\n");
	re_model_agents(&m, &d);
	CHECK(m.rules.n == 2);
	CHECK(m.rules.n == 2 && strcmp(m.rules.v[1].kind, "always") == 0);
	CHECK(m.rules.n == 2 && strcmp(m.rules.v[0].section, "Rules") == 0);
	d = parse(a, "# P\n\n- [x] **A1**: done thing\n- [ ] **B2**: open thing\n- plain bullet\n\n"
			  "| Step | Status |\n|---|---|\n| one | ✅ Done |\n| two | pending |\n");
	re_model_plan(&m, "plans/PLAN_0_23_0.md", &d);
	CHECK(m.plan_items.n == 4);
	CHECK(m.plan_items.n == 4 && strcmp(m.plan_items.v[0].version, "0.23.0") == 0);
	CHECK(m.plan_items.n == 4 && m.plan_items.v[1].status == IS_OPEN && m.plan_items.v[1].item_id &&
		  strcmp(m.plan_items.v[1].item_id, "B2") == 0);
	CHECK(m.plan_items.n == 4 && m.plan_items.v[2].status == IS_DONE);
	re_arena_free(a);
}

static int
probe_hits(const ReProbeDef *def, const char *text, int *first_line, char *detail, size_t dlen)
{
	ReProbe		p;
	ReProbeResult r;
	char		err[256];
	int			hits;

	memset(&r, 0, sizeof(r));
	if (re_probe_compile(&p, def, err, sizeof(err)) != 0)
	{
		printf("compile: %s\n", err);
		re_probe_free(&p);
		return -1;
	}
	if (re_probe_run(&p, text, strlen(text), &r, err, sizeof(err)) != 0)
		printf("run: %s\n", err);
	hits = r.hits;
	if (first_line)
		*first_line = r.first_line;
	if (detail)
		snprintf(detail, dlen, "%s", r.detail.data ? r.detail.data : "");
	re_buf_free(&r.detail);
	re_probe_free(&p);
	return hits;
}

static void
test_probes(void)
{
	const char *engine =
	"fn a() {\n  x.unwrap();\n  y.unwrap(); z.unwrap();\n}\n"
	"fn b() { q.expect(\"no\"); }\n"
	"#[cfg(test)]\nmod tests {\n  fn t() { a.unwrap(); b.unwrap(); }\n}\n";
	const char *unsafe_src =
	"let a = unsafe { f() };\n"
	"// SAFETY: valid for the backend's lifetime\nlet b = unsafe { g() };\n"
	"\n\n\n\nlet c = unsafe { h() };\n";
	ReProbeDef	d;
	int			line;
	char		detail[256];
	char		bad[] = "x.unwrap() \xff\xfe y.unwrap()\n";

	CHECK(re_glob_match("src/**/*.rs", "src/engine.rs"));
	CHECK(re_glob_match("src/**/*.rs", "src/dvm/operators/join.rs"));
	CHECK(!re_glob_match("src/**/*.rs", "tests/e2e.rs"));
	CHECK(!re_glob_match("src/*.rs", "src/dvm/join.rs"));
	CHECK(re_glob_match("**/*.md", "README.md"));
	CHECK(re_glob_match("docs/?.md", "docs/a.md"));

	memset(&d, 0, sizeof(d));
	d.pattern = "\\.unwrap\\(\\)|\\.expect\\(|panic!\\(";
	d.exclude_from = "^\\s*#\\[cfg\\(test\\)\\]";
	CHECK(probe_hits(&d, engine, &line, NULL, 0) == 4);
	CHECK(line == 2);
	d.exclude_from = NULL;
	CHECK(probe_hits(&d, engine, NULL, NULL, 0) == 6);
	/* invalid UTF-8 in source does not stop the count */
	CHECK(probe_hits(&d, bad, NULL, NULL, 0) == 2);

	memset(&d, 0, sizeof(d));
	d.pattern = "unsafe\\s*\\{";
	d.context_absent = "//\\s*SAFETY:";
	d.context_lines = 3;
	CHECK(probe_hits(&d, unsafe_src, &line, NULL, 0) == 2);
	CHECK(line == 1);

	memset(&d, 0, sizeof(d));
	d.pattern = "#\\[cfg\\(test\\)\\]|#\\[test\\]";
	d.mode = PM_FILES_WITHOUT;
	CHECK(probe_hits(&d, engine, NULL, NULL, 0) == 0);
	CHECK(probe_hits(&d, unsafe_src, NULL, NULL, 0) == 1);

	memset(&d, 0, sizeof(d));
	d.pattern = "define_\\w*guc\\s*\\(\\s*c?\"([a-z_]+\\.[a-z0-9_]+)\"";
	d.mode = PM_MISSING_IN_DOC;
	d.doc_text = "## demo.enabled\n";
	CHECK(probe_hits(&d, "define_bool_guc(\"demo.enabled\", x);\ndefine_int_guc(c\"demo.max_workers\", y);\n",
					 &line, detail, sizeof(detail)) == 1);
	CHECK_STR(detail, "demo.max_workers");
	CHECK(line == 2);

	memset(&d, 0, sizeof(d));
	d.pattern = "(unclosed";
	{
		ReProbe		p;
		char		err[256];

		CHECK(re_probe_compile(&p, &d, err, sizeof(err)) != 0);
		CHECK(strstr(err, "offset") != NULL);
		re_probe_free(&p);
	}
}

static void
test_quick_status(void)
{
	const char *md =
	"# R\n\n## v0.9.0 — Old\n\n| ID | Title | Status |\n|---|---|---|\n"
	"| CORR-1 | A | ✅ Done |\n| TEST-3 | B | ⏭ Skipped (deferred to v0.10.0) |\n| ~~UX-1~~ | ~~C~~ |\n"
	"| PERF-1 | D | M |\n\n## v0.10.0 — New\n\n| ID | Title | Status |\n|---|---|---|\n| CORR-1 | X | ⬜ Not started |\n";
	size_t		n = strlen(md);
	char	   *copy = malloc(n);

	memcpy(copy, md, n);		/* not NUL-terminated, like a git blob */
	CHECK(re_quick_item_status(copy, n, "0.9.0", "CORR-1") == IS_DONE);
	CHECK(re_quick_item_status(copy, n, "0.9.0", "TEST-3") == IS_SKIPPED);
	CHECK(re_quick_item_status(copy, n, "0.9.0", "UX-1") == IS_DONE);
	CHECK(re_quick_item_status(copy, n, "0.9.0", "PERF-1") == -1);
	CHECK(re_quick_item_status(copy, n, "0.9.0", "NOPE-1") == -1);
	CHECK(re_quick_item_status(copy, n, "0.10.0", "CORR-1") == IS_OPEN);
	CHECK(re_quick_item_status(copy, n, "0.11.0", "CORR-1") == -1);
	free(copy);
}

/*
 * Bounded calls: a host hook that leaves by longjmp (a cancel, an
 * out-of-memory ERROR) at any point of a parse leaves nothing behind once
 * the arena is freed (valgrind checks that when run_all runs this binary);
 * cited ids and the table-cell cap scale with the input.
 */
static jmp_buf bounds_jmp;
static long bounds_calls,
			bounds_limit;

static void
bounds_interrupt(void)
{
	if (++bounds_calls == bounds_limit)
		longjmp(bounds_jmp, 1);
}

static void
bounds_oom(size_t size)
{
	(void) size;
	longjmp(bounds_jmp, 2);
}

static char *
bounds_doc(int rows)
{
	ReBuf		b;
	int			i;

	re_buf_init(&b);
	re_buf_puts(&b, "# Roadmap\n\n## v0.1.0 — Old\n\n**Status: Released**\n\n| ID | Title | Status |\n|---|---|---|\n");
	re_buf_puts(&b, "| STAB-1 | Keep the loop bounded | ⏭️ Skipped |\n\n## v0.2.0 — Next\n\n| ID | Title | Status |\n|---|---|---|\n");
	for (i = 0; i < rows; i++)
		re_buf_printf(&b, "| CORR-%d | Item %d of the table | ⬜ Not started |\n", i + 2, i);
	re_buf_puts(&b, "\n");
	for (i = 0; i < rows; i++)
		re_buf_printf(&b, "**CORR-%d — Item %d** is described here.\n\n", i + 2, i);
	return b.data;
}

/* Parse and model doc in a fresh arena; a hook may jump out anywhere. Returns how it ended. */
static int
bounds_run(const char *doc, long interrupt_at, long fail_alloc_at)
{
	ReArena    *volatile a = re_arena_new();
	int			jumped;

	bounds_calls = 0;
	bounds_limit = interrupt_at;
	re_fail_alloc_after = fail_alloc_at;
	re_check_interrupts_hook = bounds_interrupt;
	re_out_of_memory_hook = bounds_oom;
	jumped = setjmp(bounds_jmp);
	if (jumped == 0)
	{
		ReModel		m;
		MdDoc		d;
		char		err[256];
		int		   *open;

		if (md_parse(a, doc, strlen(doc), &lim, &d, err, sizeof(err)) == MD_OK)
		{
			re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
			re_model_roadmap(&m, "ROADMAP.md", &d);
			(void) re_model_deferred(&m, &open);
		}
	}
	re_check_interrupts_hook = NULL;
	re_out_of_memory_hook = NULL;
	re_fail_alloc_after = 0;
	re_arena_free(a);			/* must release cmark-gfm's scratch arena too */
	return jumped;
}

static void
test_bounds(void)
{
	char	   *doc = bounds_doc(2000);
	long		at[] = {1, 2, 10, 100, 1000, 3000};
	int			i;

	CHECK(bounds_run(doc, 0, 0) == 0);
	CHECK(bounds_calls > 4000);	/* a check per chunk, block, row and candidate */
	for (i = 0; i < (int) (sizeof(at) / sizeof(at[0])); i++)
		CHECK(bounds_run(doc, at[i], 0) == 1);
	for (i = 1; i <= 13; i += 3)
		CHECK(bounds_run(doc, 0, i) == 2);	/* the i-th arena chunk allocation fails */
	free(doc);

	/* 100,000 cited ids: all kept, once each */
	{
		ReArena    *a = re_arena_new();
		ReModel		m;
		MdDoc		d;
		ReBuf		b;
		int			n = 1;
		const char *p;

		re_buf_init(&b);
		re_buf_puts(&b, "# Changelog\n\n## [0.1.0] — 2026-01-01\n\n- Fixed (CORR-1");
		for (i = 2; i <= 100000; i++)
			re_buf_printf(&b, ", CORR-%d", i);
		re_buf_puts(&b, ", CORR-1)\n");
		{
			MdLimits	big = {4 * 1024 * 1024, 128, 0};
			char		err[256];

			CHECK(md_parse(a, b.data, b.len, &big, &d, err, sizeof(err)) == MD_OK);
		}
		re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
		re_model_changelog(&m, &d);
		CHECK(m.changelog.n == 1);
		for (p = m.changelog.n ? m.changelog.v[0].item_ids : ""; p && *p; p++)
			n += *p == ',';
		CHECK(n == 100000);
		re_buf_free(&b);
		re_arena_free(a);
	}
	/* the table-cell cap refuses before the rows reach the model */
	{
		ReArena    *a = re_arena_new();
		MdLimits	small = {1024 * 1024, 128, 100};
		MdDoc		d;
		char		err[256];
		char	   *big = bounds_doc(40);

		CHECK(md_parse(a, big, strlen(big), &small, &d, err, sizeof(err)) == MD_ETABLECELLS);
		CHECK(strstr(err, "100 cells") != NULL);
		free(big);
		re_arena_free(a);
	}
	CHECK(re_git_ref_is_plain("main") && re_git_ref_is_plain("HEAD~3") && re_git_ref_is_plain("v1.2.0^{commit}"));
	CHECK(!re_git_ref_is_plain(":/fix") && !re_git_ref_is_plain("HEAD^{/fix}") && !re_git_ref_is_plain("main:ROADMAP.md"));
}
#include "test_engine.c"

#include "test_layouts.c"

#include "test_similar.c"

/* Write text to dir/name (creating dir/name's parent is the caller's job). */
static void
put_file(const char *dir, const char *name, const char *text)
{
	char		path[512];
	FILE	   *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (f)
	{
		fputs(text, f);
		fclose(f);
	}
}

/*
 * re_git_peek_head reads HEAD from git's ref files: a detached HEAD, a
 * branch as a loose ref (which wins over packed-refs) or as a packed-refs
 * line; anything it cannot settle (another ref, a symbolic branch ref,
 * a missing branch, a linked work tree, no .git directory) is left to
 * libgit2 (0).
 */
static void
test_peek_head(void)
{
	char		root[] = "/tmp/re_peek_XXXXXX",
				git[600],
				cmd[700],
				hex[41];
	const char *a = "0123456789abcdef0123456789abcdef01234567",
			   *b = "fedcba9876543210fedcba9876543210fedcba98";

	if (mkdtemp(root) == NULL)
	{
		CHECK(!"mkdtemp");
		return;
	}
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);	/* no .git */
	snprintf(git, sizeof(git), "%s/.git", root);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/refs/heads/feature", git);
	CHECK(system(cmd) == 0);
	put_file(git, "HEAD", "ref: refs/heads/main\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);	/* branch nowhere */
	put_file(git, "packed-refs", "# pack-refs with: peeled fully-peeled sorted\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	put_file(git, "packed-refs", "# pack-refs with: peeled\nfedcba9876543210fedcba9876543210fedcba98 refs/heads/mainline\n"
			 "0123456789abcdef0123456789abcdef01234567 refs/heads/main\n^fedcba9876543210fedcba9876543210fedcba98\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 1 && strcmp(hex, a) == 0);
	CHECK(re_git_peek_head(root, NULL, hex) == 1 && strcmp(hex, a) == 0);
	CHECK(re_git_peek_head(root, "main", hex) == 0);	/* other refs: libgit2 */
	put_file(git, "refs/heads/main", "fedcba9876543210fedcba9876543210fedcba98\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 1 && strcmp(hex, b) == 0);	/* loose wins */
	put_file(git, "refs/heads/main", "ref: refs/heads/other\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	put_file(git, "HEAD", "ref: refs/heads/feature/x\n");
	put_file(git, "refs/heads/feature/x", "0123456789abcdef0123456789abcdef01234567");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 1 && strcmp(hex, a) == 0);
	put_file(git, "HEAD", "ref: refs/heads/../../x\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	put_file(git, "HEAD", "ref: refs/tags/v1\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	put_file(git, "HEAD", "fedcba9876543210fedcba9876543210fedcba98\n");	/* detached */
	CHECK(re_git_peek_head(root, "HEAD", hex) == 1 && strcmp(hex, b) == 0);
	put_file(git, "HEAD", "FEDCBA9876543210fedcba9876543210fedcba98\n");
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	put_file(git, "HEAD", "fedcba9876543210fedcba9876543210fedcba98\n");
	put_file(git, "commondir", "../..\n");	/* a linked work tree's git dir */
	CHECK(re_git_peek_head(root, "HEAD", hex) == 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK(system(cmd) == 0);
}

/* What a changed mechanism feeds (docs/proposals.md "What a changed mechanism feeds"). */
static void
test_mechanisms(void)
{
	ReArena    *a = re_arena_new();
	const char *out[8];
	const char *paths[] = {"docs/FAQ.md", "docs/CONFIGURATION.md"};
	const char *docs[] = {"# FAQ\n\nFor keyless tables, `__sd_key` is computed as `sd_key_hash(ARRAY[a::text, b::text])`, a hash of the values.\n"
		"Call `sd_checksum()` to compare two tables.\n"
		"```\n`__sd_other` is computed as `sd_fenced()`\n```\n",
		"> **Breaking change (v0.1.0):** The `row_by_row` value was removed in\n> v0.1.0 because it lost changes under concurrent writes.\n\n"
		"The `verbose_trace` mode was deprecated in v0.1.0 since it slowed every apply.\n"
		"The `sd_stats` view is rejected when it is empty.\n"};
	ReDerived	d;
	ReRemoved	r;
	int			n;

	/* what an item changes: a span right after replace/swap/switch/change, not the new thing after "with"/"to" */
	n = re_changed_idents(a, "Replace `sd_key_hash` string concat with `xxh3` streaming.", out, 8);
	CHECK(n == 1);
	CHECK_STR(n > 0 ? out[0] : "", "sd_key_hash");
	n = re_changed_idents(a, "Change the `sd.mode()` setting; switch to `fast`.", out, 8);
	CHECK(n == 1);
	CHECK_STR(n > 0 ? out[0] : "", "sd.mode");
	CHECK(re_changed_idents(a, "Add `sd_key_hash` to the docs.", out, 8) == 0);
	CHECK(re_changed_idents(a, "Replace the old string concat helper of the hot path with `xxh3`.", out, 8) == 0);

	/* a stored value the docs say is computed by it; not for a function that feeds nothing stored, nor in fenced code */
	CHECK(re_derived_from(a, "sd_key_hash", paths, docs, 2, &d));
	CHECK_STR(d.path, "docs/FAQ.md");
	CHECK_STR(d.stored, "__sd_key");
	CHECK(strstr(d.sentence, "`__sd_key` is computed as `sd_key_hash(") != NULL);
	CHECK(!re_derived_from(a, "sd_checksum", paths, docs, 2, &d));
	CHECK(!re_derived_from(a, "sd_fenced", paths, docs, 2, &d));
	CHECK(!re_derived_from(a, "sd_key", paths, docs, 2, &d));

	/* a value the docs record as removed, with a reason: wrong rows when the reason is lost changes */
	CHECK(re_removed_value(a, "row_by_row", paths, docs, 2, &r));
	CHECK_STR(r.path, "docs/CONFIGURATION.md");
	CHECK_STR(r.sentence, "The `row_by_row` value was removed in v0.1.0 because it lost changes under concurrent writes");
	CHECK(r.wrong_rows);
	CHECK(re_removed_value(a, "verbose_trace", paths, docs, 2, &r));
	CHECK(!r.wrong_rows);
	/* a present-tense rejection is a runtime check, not a removal */
	CHECK(!re_removed_value(a, "sd_stats", paths, docs, 2, &r));

	/* what an item uses: not what its clause removes, nor a negated span */
	n = re_used_idents(a, "If a batch is small, switch to `row_by_row`; remove `legacy_sync`. Count with a counter (not `sd_stats`).", out, 8);
	CHECK(n == 1);
	CHECK_STR(n > 0 ? out[0] : "", "row_by_row");
	re_arena_free(a);
}

int
main(void)
{
	md_init();
	test_versions();
	test_item_ids();
	test_item_context();
	test_claims();
	test_shipped();
	test_stated_defaults();
	test_mechanisms();
	test_plan_denials();
	test_stale_upgrade_refs();
	test_status_words();
	test_pillar_set();
	test_guards();
	test_index_model();
	test_changelog();
	test_agents_and_plan();
	test_probes();
	test_quick_status();
	test_layouts();
	test_focus();
	test_bounds();
	test_engine();
	test_similar_memo();
	test_peek_head();
	test_feature_memo();
	test_listed_memo();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
