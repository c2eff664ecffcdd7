/*
 * enrich.c — choose a planned release's items: gather the scored catalog,
 * let the core choose (core/propose.c), store them as roadmap.proposal rows
 * and record the run. Calls catalog, config, handle and ingest.
 */
#include "postgres.h"

#include <ctype.h>

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "catalog.h"
#include "config.h"
#include "enrich.h"
#include "focus.h"
#include "features.h"
#include "handle.h"
#include "ingest.h"
#include "writeback.h"
#include "../core/feature.h"
#include "../core/propose.h"
#include "../core/similar.h"

/* Columns of the pillar query. */
enum
{
	PL_KEY = 1, PL_NAME, PL_PREFIX, PL_ROLE
};

/*
 * First free number after an existing id, as a bounded number: new ids
 * continue from the highest one, and one beyond RE_MAX_ITEM_NUMBER is
 * refused by name instead of wrapping (the query compares as numeric).
 */
#define RE_MAX_ITEM_NUMBER 999999999
static int
next_item_number(const char *next, const char *item_id, const char *version)
{
	size_t		n = next ? strspn(next, "0123456789") : 0;
	long		v = 0;

	if (n == 0)
		return 1;
	if (n > 10 || next[n] != '\0' || (v = strtol(next, NULL, 10)) > RE_MAX_ITEM_NUMBER)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("item id \"%s\" in v%s is too large to number new items after", item_id, version),
				 errdetail("New items continue from the highest number under the pillar's prefix; "
						   "numbers above %d are not supported.", RE_MAX_ITEM_NUMBER - 1),
				 errhint("Renumber the item in the roadmap, then run roadmap.enrich again.")));
	return (int) v;
}

/* A prefix the id pattern "^<prefix>-[0-9]+$" reads literally (no regular-expression syntax). */
static bool
literal_prefix(const char *prefix)
{
	const char *p;

	for (p = prefix; *p; p++)
		if (!isalnum((unsigned char) *p) && *p != '_')
			return false;
	return *prefix != '\0';
}

/*
 * The pillar's highest-numbered item of the target ("<prefix>-<digits>",
 * compared as numbers, ties to the greatest id in byte order) and the number
 * after it, as decimal text ("1" when none): what the pillar query computed
 * in SQL with a regular expression per item and pillar.
 */
static void
top_item(const ReProposeIn *in, const char *prefix, char **next, const char **top)
{
	size_t		pl = strlen(prefix);
	const char *best = NULL,
			   *bd = NULL;
	size_t		bl = 0;
	int			i;

	for (i = 0; i < in->nexisting; i++)
	{
		const char *id = in->existing[i].id,
				   *d;
		size_t		dl;

		if (strncmp(id, prefix, pl) != 0 || id[pl] != '-' || id[pl + 1] == '\0' ||
			strspn(id + pl + 1, "0123456789") != strlen(id + pl + 1))
			continue;
		for (d = id + pl + 1; *d == '0' && d[1]; d++)
			;
		dl = strlen(d);
		if (best == NULL || dl > bl || (dl == bl && (strcmp(d, bd) > 0 || (strcmp(d, bd) == 0 && strcmp(id, best) > 0))))
		{
			best = id;
			bd = d;
			bl = dl;
		}
	}
	*top = best;
	if (best == NULL)
	{
		*next = pstrdup("1");
		return;
	}
	/* bd + 1 in decimal */
	{
		char	   *n = palloc(bl + 2);
		int			k;
		int			carry = 1;

		n[bl + 1] = '\0';
		for (k = (int) bl - 1; k >= 0; k--)
		{
			int			v = bd[k] - '0' + carry;

			carry = v / 10;
			n[k + 1] = (char) ('0' + v % 10);
		}
		n[0] = '1';
		*next = carry ? n : n + 1;
	}
}

static void
gather_pillars(int64 repo_id, const char *version, ReProposeIn *in)
{
	RePillarDef *pillars;
	bool		policy = re_pillar_policy_catalog();	/* false: a 0.1.0 catalog, every pillar, no roles */
	uint64		n;
	int			i;

	n = re_spi_repo(psprintf("SELECT p.pillar, p.name, p.prefix, %s FROM roadmap.pillar p %s ORDER BY p.ord",
							 policy ? "p.role" : "NULL::text", policy ? "WHERE p.enabled " : ""),
					repo_id, NULL, SPI_OK_SELECT);
	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("roadmap.pillar has no enabled pillar"),
				 errdetail("Enrich proposes items per enabled pillar; with none it has nothing to propose."),
				 errhint("Enable one: UPDATE roadmap.pillar SET enabled = true WHERE pillar = 'correctness'.")));
	pillars = palloc0(sizeof(RePillarDef) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		pillars[i].key = re_get_text(i, PL_KEY);
		pillars[i].name = re_get_text(i, PL_NAME);
		pillars[i].prefix = re_get_text(i, PL_PREFIX);
		pillars[i].role = re_get_text(i, PL_ROLE);
	}
	for (i = 0; i < (int) n; i++)
	{
		char	   *next = NULL;
		const char *top = NULL;

		if (literal_prefix(pillars[i].prefix))
			top_item(in, pillars[i].prefix, &next, &top);
		else
		{
			/* a prefix with pattern syntax: the id pattern as SQL reads it */
			Oid			t[3] = {INT8OID, TEXTOID, TEXTOID};
			Datum		v[3] = {Int64GetDatum(repo_id), CStringGetTextDatum(version), CStringGetTextDatum(pillars[i].prefix)};

			re_spi_exec("SELECT (coalesce(max(substring(i.item_id FROM '-([0-9]+)$')::numeric), 0) + 1)::text, "
						"(array_agg(i.item_id ORDER BY substring(i.item_id FROM '-([0-9]+)$')::numeric DESC, "
						"i.item_id COLLATE \"C\" DESC))[1] FROM roadmap.item i "
						"WHERE i.repo_id = $1 AND i.version = $2 AND i.item_id ~ ('^' || $3 || '-[0-9]+$')",
						3, t, v, NULL, SPI_OK_SELECT);
			next = re_get_text(0, 1);
			top = re_get_text(0, 2);
		}
		pillars[i].next_number = next_item_number(next, top, version);
	}
	in->pillars = pillars;
	in->npillars = (int) n;
}

/* Columns of the focus-gap query. */
enum
{
	FG_FOCUS_ID = 1, FG_PILLAR, FG_ORD, FG_NAME, FG_SCORE, FG_SHIPPED_RECENT, FG_LAST_SHIPPED,
	FG_RELEASES_SINCE, FG_PLANNED_IN_TARGET, FG_PLAN_OPEN, FG_EVIDENCE_HITS, FG_EFFORT,
	FG_SCHEMA_CHANGE, FG_ENGINE_CORE, FG_TITLE, FG_RATIONALE, FG_VERIFY
};

static void
gather_focus(int64 repo_id, const char *version, ReProposeIn *in)
{
	uint64		n;
	int			i;

	bool		per_repo = re_focus_catalog();
	const char *sql = "SELECT g.focus_id, f.pillar, f.ord, f.name, g.score, g.shipped_recent, g.last_shipped_version, "
		"g.releases_since_shipped, g.planned_in_target, g.plan_open, g.evidence_hits, "
		"f.effort, f.schema_change, f.engine_core, f.title, f.rationale, f.verify "
		"FROM %s g JOIN %s "
		"WHERE g.repo_id = $1 AND g.version = $2 %s ORDER BY f.pillar COLLATE \"C\", f.ord, f.focus_id COLLATE \"C\"";

	/*
	 * The scores ingest kept (roadmap.focus_score, computed by the view with
	 * the same shipped window); the view itself when there are none (another
	 * window, a released target).
	 */
	n = per_repo && re_focus_score_catalog() ? re_spi_repo(psprintf(sql, "roadmap.focus_score",
										"roadmap.repo_focus_area f ON f.repo_id = g.repo_id AND f.focus_id = g.focus_id",
										"AND g.shipped_window = roadmap.shipped_window()"),
							   repo_id, version, SPI_OK_SELECT) : 0;
	if (n == 0)
		n = re_spi_repo(psprintf(sql, "roadmap.focus_gaps",
								 per_repo ? "roadmap.repo_focus_area f ON f.repo_id = g.repo_id AND f.focus_id = g.focus_id"
								 : "roadmap.focus_area f ON f.focus_id = g.focus_id", ""),
						repo_id, version, SPI_OK_SELECT);
	in->nfocus = (int) n;
	in->focus = palloc0(sizeof(ReFocusIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReFocusIn  *f = &in->focus[i];

		f->focus_id = re_get_text(i, FG_FOCUS_ID);
		f->pillar = re_get_text(i, FG_PILLAR);
		f->ord = re_get_int(i, FG_ORD, 0);
		f->name = re_get_text(i, FG_NAME);
		f->score = re_get_float(i, FG_SCORE, 0);
		f->shipped_recent = re_get_int(i, FG_SHIPPED_RECENT, 0);
		f->last_shipped = re_get_text(i, FG_LAST_SHIPPED);
		f->releases_since = re_get_int(i, FG_RELEASES_SINCE, -1);	/* never shipped */
		f->planned_in_target = re_get_int(i, FG_PLANNED_IN_TARGET, 0);
		f->plan_open = re_get_int(i, FG_PLAN_OPEN, 0);
		f->evidence_hits = re_get_int(i, FG_EVIDENCE_HITS, 0);
		f->effort = re_get_text(i, FG_EFFORT);
		f->schema_change = re_get_bool(i, FG_SCHEMA_CHANGE, false);
		f->engine_core = re_get_bool(i, FG_ENGINE_CORE, false);
		f->title = re_get_text(i, FG_TITLE);
		f->rationale = re_get_text(i, FG_RATIONALE);
		f->verify = re_get_text(i, FG_VERIFY);
	}
}

/* Columns of the evidence query. */
enum
{
	EV_PROBE = 1, EV_FOCUS_ID, EV_TITLE, EV_DESCRIPTION, EV_VERIFY, EV_TOTAL_HITS, EV_FILES,
	EV_TOP_FILE, EV_TOP_HITS, EV_TOP_LINE, EV_DETAIL, EV_RATIONALE
};

static void
gather_evidence(int64 repo_id, ReProposeIn *in)
{
	uint64		n;
	int			i;

	n = re_spi_repo(psprintf("SELECT e.probe, e.focus_id, p.title, p.description, p.verify_command, sum(e.hits), count(*), "
					"(array_agg(e.path ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
					"(array_agg(e.hits ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
					"(array_agg(e.first_line ORDER BY e.hits DESC, e.path COLLATE \"C\"))[1], "
					"string_agg(e.detail, ', ' ORDER BY e.path COLLATE \"C\"), p.rationale "
					"FROM roadmap.evidence e JOIN roadmap.probe p ON p.probe_id = e.probe "
					"WHERE e.repo_id = $1 %s"
					"GROUP BY e.probe, e.focus_id, p.title, p.description, p.verify_command, p.rationale "
					"ORDER BY e.probe COLLATE \"C\"",
							 re_focus_catalog() ? "AND EXISTS (SELECT 1 FROM roadmap.repo_focus_area f "
							 "WHERE f.repo_id = e.repo_id AND f.focus_id = e.focus_id AND f.applicable) " : ""),
					repo_id, NULL, SPI_OK_SELECT);
	in->nevidence = (int) n;
	in->evidence = palloc0(sizeof(ReEvidenceIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReEvidenceIn *e = &in->evidence[i];

		e->probe_id = re_get_text(i, EV_PROBE);
		e->focus_id = re_get_text(i, EV_FOCUS_ID);
		e->title = re_get_text(i, EV_TITLE);
		e->description = re_get_text(i, EV_DESCRIPTION);
		e->verify_command = re_get_text(i, EV_VERIFY);
		e->total_hits = re_get_int(i, EV_TOTAL_HITS, 0);
		e->files = re_get_int(i, EV_FILES, 0);
		e->top_file = re_get_text(i, EV_TOP_FILE);
		e->top_hits = re_get_int(i, EV_TOP_HITS, 0);
		e->top_line = re_get_int(i, EV_TOP_LINE, 0);
		e->detail = re_get_text(i, EV_DETAIL);
		e->rationale = re_get_text(i, EV_RATIONALE);
	}
}

/* Columns of the deferred-items query. */
enum
{
	DF_VERSION = 1, DF_ITEM_ID, DF_TITLE, DF_STATUS_TEXT, DF_EFFORT, DF_PRIORITY, DF_PILLAR,
	DF_FOCUS_ID, DF_CARRIED, DF_FIRST_SEEN, DF_DESCRIPTION, DF_SUCC_VERSION, DF_SUCC_ID,
	DF_SUCC_STATUS, DF_SUCC_TITLE, DF_SUCC_RULE, DF_REASON_PRIORITY, DF_REASON_PHRASE
};

/* Successor (when up to the target) and harmless-reason columns; NULLs on a 0.1.0 catalog. */
static const char *
deferred_trace_columns(void)
{
	if (!re_deferred_traced_catalog())
		return "NULL, NULL, NULL, NULL, NULL, NULL, NULL";
	return "s.successor_version, s.successor_id, s.successor_status, s.successor_title, s.successor_rule, "
		"rr.priority, rr.phrase "
		"FROM roadmap.deferred_items d "
		"LEFT JOIN LATERAL (SELECT d.successor_version, d.successor_id, d.successor_status, d.successor_title, d.successor_rule "
		" WHERE d.successor_version IS NOT NULL AND roadmap.version_key(d.successor_version) <= roadmap.version_key($2)) s ON true "
		"LEFT JOIN LATERAL (SELECT r.priority, r.phrase FROM roadmap.skip_reason_rule r "
		" WHERE strpos(lower(coalesce(d.status_text, '')), lower(r.phrase)) > 0 "
		" ORDER BY r.priority DESC, r.phrase COLLATE \"C\" LIMIT 1) rr ON true ";
}

/*
 * The open deferred items before the target, each in one planned release
 * only: none that a release planned between its own and the target would
 * take first (docs/proposals.md "Deferred items"). carried counts the releases
 * after the one that first left the item open, up to and including the
 * target (v0.33.0 -> v0.36.0 = 3). The successor is given only when it is
 * in a release up to the target (docs/proposals.md, "Deferred items").
 */
static void
gather_deferred(int64 repo_id, const char *version, ReProposeIn *in)
{
	uint64		n;
	int			i;
	const char *trace = deferred_trace_columns();
	bool		traced = strncmp(trace, "NULL", 4) != 0;

	/*
	 * Each deferred item's first focus area: the title matches of the
	 * repository's deferred items are read in one pass (dm), not looked up
	 * per item and per area.
	 */
	n = re_spi_repo(psprintf("%s SELECT d.version, d.item_id, coalesce(d.title, d.item_id), d.status_text, d.effort, d.priority, "
					"coalesce(d.pillar, bf.pillar), bf.focus_id, "
					"(SELECT count(*) FROM roadmap.release r WHERE r.repo_id = d.repo_id "
					" AND r.version_key > roadmap.version_key(d.first_seen_version) "
					" AND r.version_key <= roadmap.version_key($2))::int, "
					"d.first_seen_version, d.description, %s%s"
					"LEFT JOIN LATERAL (%s) bf ON true "
					"WHERE d.repo_id = $1 AND d.version_key < roadmap.version_key($2) "
					/* placed once: in the first release planned after the one that left it open */
					"AND NOT EXISTS (SELECT 1 FROM roadmap.release pr WHERE pr.repo_id = d.repo_id "
					" AND pr.status <> 'released' AND pr.version_key > d.version_key "
					" AND pr.version_key < roadmap.version_key($2)) "
					"ORDER BY d.version_key, d.version COLLATE \"C\", d.item_id COLLATE \"C\"",
							 re_focus_catalog() ?
							 "WITH dm AS MATERIALIZED (SELECT m.version, m.ref, f.focus_id, f.pillar, p.ord AS pord, f.ord AS ford "
							 "FROM roadmap.focus_match m "
							 "JOIN roadmap.repo_focus_area f ON f.repo_id = m.repo_id AND f.focus_id = m.focus_id AND f.applicable "
							 "JOIN roadmap.pillar p ON p.pillar = f.pillar "
							 "WHERE m.repo_id = $1 AND m.kind = 'item_title' "
							 "AND (m.version, m.ref) IN (SELECT x.version, x.item_id FROM roadmap.deferred x WHERE x.repo_id = $1))" : "",
							 trace, traced ? "" : " FROM roadmap.deferred_items d ",
							 re_focus_catalog() ?
							 "SELECT dm.focus_id, dm.pillar FROM dm WHERE dm.version = d.version AND dm.ref = d.item_id "
							 "AND (d.pillar IS NULL OR dm.pillar = d.pillar) ORDER BY dm.pord, dm.ford, dm.focus_id COLLATE \"C\" LIMIT 1"
							 : "SELECT f.focus_id, f.pillar FROM roadmap.focus_area f JOIN roadmap.pillar p USING (pillar) "
							 "WHERE coalesce(d.title, '') ~* roadmap.focus_pattern(f.match) AND (d.pillar IS NULL OR f.pillar = d.pillar) "
							 "ORDER BY p.ord, f.ord LIMIT 1"),
					repo_id, version, SPI_OK_SELECT);
	in->ndeferred = (int) n;
	in->deferred = palloc0(sizeof(ReDeferredIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		ReDeferredIn *d = &in->deferred[i];

		d->version = re_get_text(i, DF_VERSION);
		d->item_id = re_get_text(i, DF_ITEM_ID);
		d->title = re_get_text(i, DF_TITLE);
		d->status_text = re_get_text(i, DF_STATUS_TEXT);
		d->effort = re_get_text(i, DF_EFFORT);
		d->priority = re_get_text(i, DF_PRIORITY);
		d->pillar = re_get_text(i, DF_PILLAR);
		d->focus_id = re_get_text(i, DF_FOCUS_ID);
		d->carried = re_get_int(i, DF_CARRIED, 0);
		d->first_seen = re_get_text(i, DF_FIRST_SEEN);
		d->description = re_get_text(i, DF_DESCRIPTION);
		d->successor_version = re_get_text(i, DF_SUCC_VERSION);
		d->successor_id = re_get_text(i, DF_SUCC_ID);
		d->successor_status = re_get_text(i, DF_SUCC_STATUS);
		d->successor_title = re_get_text(i, DF_SUCC_TITLE);
		d->successor_rule = re_get_text(i, DF_SUCC_RULE);
		d->reason_priority = re_get_text(i, DF_REASON_PRIORITY);
		d->reason_phrase = re_get_text(i, DF_REASON_PHRASE);
	}
}

/* Rows of (id, text) from sql with $1 = repo, $2 = version. */
static ReTextIn *
gather_texts(const char *sql, int64 repo_id, const char *version, int *count)
{
	uint64		n = re_spi_repo(sql, repo_id, version, SPI_OK_SELECT);
	ReTextIn   *t = palloc0(sizeof(ReTextIn) * (n + 1));
	int			i;

	for (i = 0; i < (int) n; i++)
	{
		t[i].id = re_get_text(i, 1);
		t[i].text = re_get_text(i, 2);
	}
	*count = (int) n;
	return t;
}

/* Columns of the constraint-rule query. */
enum
{
	CR_RULE_NO = 1, CR_KIND, CR_TEXT, CR_LINE, CR_PATH
};

static void
gather_rules(int64 repo_id, ReProposeIn *in)
{
	uint64		n;
	int			i;

	n = re_spi_repo(re_focus_catalog() ?
					"SELECT rule_no, kind, text, line, path FROM roadmap.constraint_rule WHERE repo_id = $1 ORDER BY rule_no" :
					"SELECT rule_no, kind, text, line, NULL FROM roadmap.constraint_rule WHERE repo_id = $1 ORDER BY rule_no",
					repo_id, NULL, SPI_OK_SELECT);
	in->nrules = (int) n;
	in->rules = palloc0(sizeof(ReRuleIn) * (n + 1));
	for (i = 0; i < (int) n; i++)
	{
		in->rules[i].rule_no = re_get_int(i, CR_RULE_NO, 0);
		in->rules[i].kind = re_get_text(i, CR_KIND);
		in->rules[i].text = re_get_text(i, CR_TEXT);
		in->rules[i].line = re_get_int(i, CR_LINE, 0);
		in->rules[i].path = re_get_text(i, CR_PATH);
	}
}

/* Fill the core's input from the catalog (SPI connected). */
static void
gather(int64 repo_id, const char *version, ReProposeIn *in)
{
	in->version = version;
	in->shipped_window = re_shipped_window;
	if (re_spi_repo("SELECT title FROM roadmap.release WHERE repo_id = $1 AND version = $2",
					repo_id, version, SPI_OK_SELECT) > 0)
		in->release_title = re_get_text(0, 1);
	in->existing = gather_texts("SELECT item_id, coalesce(title, '') FROM roadmap.item "
								"WHERE repo_id = $1 AND version = $2 ORDER BY line, item_id COLLATE \"C\"",
								repo_id, version, &in->nexisting);
	gather_pillars(repo_id, version, in);	/* numbers new ids after in->existing */
	gather_focus(repo_id, version, in);
	gather_evidence(repo_id, in);
	gather_deferred(repo_id, version, in);
	in->shipped = gather_texts("SELECT c.version, c.text FROM roadmap.changelog_entry c "
							   "WHERE c.repo_id = $1 AND c.version_key < roadmap.version_key($2) AND c.version_key >= "
							   " (SELECT min(w.k) FROM (SELECT DISTINCT version_key AS k FROM roadmap.changelog_entry "
							   "   WHERE repo_id = $1 AND version_key < roadmap.version_key($2) "
							   "   ORDER BY 1 DESC LIMIT roadmap.shipped_window()) w) "
							   "ORDER BY c.version_key DESC, c.version COLLATE \"C\", c.entry_no", repo_id, version, &in->nshipped);
	gather_rules(repo_id, in);
}

/* Check the target exists and is not released; returns its status. */
static void
check_target(int64 repo_id, const char *version, const char *path)
{
	char	   *status;
	char	   *planned;

	if (re_spi_repo("SELECT status FROM roadmap.release WHERE repo_id = $1 AND version = $2",
					repo_id, version, SPI_OK_SELECT) == 0)
	{
		re_spi_repo("SELECT string_agg(version, ', ' ORDER BY version_key) FROM roadmap.release "
					"WHERE repo_id = $1 AND status <> 'released'", repo_id, NULL, SPI_OK_SELECT);
		planned = re_get_text(0, 1);
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("release %s is not in the roadmap of \"%s\"", version, path),
				 errdetail("Releases not yet released: %s.", planned ? planned : "none"),
				 errhint("Add a section for v%s to the roadmap first, or pick one of the planned releases.", version)));
	}
	status = re_get_text(0, 1);
	if (strcmp(status, "released") == 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("release %s is already released", version),
				 errdetail("Only planned or in-progress releases are enriched."),
				 errhint("Use roadmap.next_version() to find the next planned release.")));
}

/* Replace the stored proposals of (repo, version) with the core's output. */
static void
store(int64 repo_id, const char *version, const char *commit, ReProposeOut *out)
{
	ReCol		c[18];
	int			i;
	StringInfoData counts;

	re_spi_repo("DELETE FROM roadmap.proposal WHERE repo_id = $1 AND version = $2", repo_id, version, SPI_OK_DELETE);
	re_col_init(&c[15], TEXTOID);
	re_col_init(&c[16], TEXTOID);
	re_col_init(&c[17], TEXTOID);
	for (i = 0; i < 15; i++)
		re_col_init(&c[i], (i == 8 || i == 13 || i == 14) ? (i == 8 ? BOOLOID : INT4OID) : TEXTOID);
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];
		char		score[32];

		snprintf(score, sizeof(score), "%.2f", p->score);
		re_col_text(&c[0], p->item_id);
		re_col_text(&c[1], p->pillar);
		re_col_text(&c[2], p->title);
		re_col_text(&c[3], p->effort);
		re_col_text(&c[4], p->priority);
		re_col_text(&c[5], p->description);
		re_col_text(&c[6], p->dependencies);
		re_col_text(&c[7], version);
		re_col_bool(&c[8], p->schema_change != 0);
		re_col_text(&c[9], p->focus_id);
		re_col_text(&c[10], score);
		re_col_text(&c[11], p->source);
		re_col_text(&c[12], p->source_ref);
		re_col_int(&c[13], p->rule_no);
		re_col_int(&c[14], i + 1);
		re_col_text(&c[15], commit);
		re_col_text(&c[16], p->feature_id);
		re_col_text(&c[17], p->lens_id);
	}
	if (re_catalog_has_lenses())
		re_bulk_insert("INSERT INTO roadmap.proposal (repo_id, item_id, pillar, title, effort, priority, "
					   "description, dependencies, version, schema_change, focus_area, score, source, "
					   "source_ref, rule_no, ord, commit, feature_ref, lens_id) "
					   "SELECT $1, id, pl, t, e, pr, d, dep, v, sc, fa, s::numeric, src, sr, nullif(rn, 0), o, cm, fr, ln "
					   "FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) "
					   "AS u(id, pl, t, e, pr, d, dep, v, sc, fa, s, src, sr, rn, o, cm, fr, ln)", repo_id, c, 18);
	else						/* 0.1.0 catalog until ALTER EXTENSION UPDATE */
		re_bulk_insert("INSERT INTO roadmap.proposal (repo_id, item_id, pillar, title, effort, priority, "
					   "description, dependencies, version, schema_change, focus_area, score, source, "
					   "source_ref, rule_no, ord, commit) "
					   "SELECT $1, id, pl, t, e, pr, d, dep, v, sc, fa, s::numeric, src, sr, nullif(rn, 0), o, cm "
					   "FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) "
					   "AS u(id, pl, t, e, pr, d, dep, v, sc, fa, s, src, sr, rn, o, cm)", repo_id, c, 16);
	initStringInfo(&counts);
	appendStringInfo(&counts, "{\"proposals\": %d, \"skipped_existing\": %d, \"skipped_shipped\": %d, "
					 "\"skipped_rules\": %d, \"skipped_dismissed\": %d, \"stale_deferred\": %d, "
					 "\"skipped_listed\": %d, \"skipped_sibling\": %d, \"no_item_notes\": %d}",
					 out->n, out->skipped_existing, out->skipped_shipped, out->skipped_rules,
					 out->skipped_dismissed, out->stale_deferred, out->skipped_listed, out->skipped_sibling,
					 out->explained_empty);
	{
		Oid			t2[6] = {INT8OID, TEXTOID, TEXTOID, TEXTOID, TEXTOID, TEXTOID};
		Datum		v2[6] = {Int64GetDatum(repo_id), CStringGetTextDatum(version), CStringGetTextDatum(commit),
			CStringGetTextDatum(out->theme), CStringGetTextDatum(out->risks), CStringGetTextDatum(counts.data)};

		re_spi_exec("INSERT INTO roadmap.enrichment (repo_id, version, commit, theme, risks, counts) "
					"VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (repo_id, version) DO UPDATE "
					"SET commit = EXCLUDED.commit, theme = EXCLUDED.theme, risks = EXCLUDED.risks, "
					"counts = EXCLUDED.counts, created_at = now()", 6, t2, v2, NULL, SPI_OK_INSERT);
	}
}

/*
 * The bytes of text the feature kinds' patterns are matched against: the
 * planned items' titles and descriptions and the section's text (their
 * notes). Past RE_KIND_JIT_BYTES the patterns are compiled to machine code
 * (about 1 ms for all of them; matching the corpus tip's 28 items, whose
 * texts carry the section's notes, took 6-7 ms interpreted, 1-2 ms compiled;
 * a history of short items gains nothing from it).
 */
#define RE_KIND_JIT_BYTES 8192
static size_t
feature_text_bytes(const ReProposeIn *in)
{
	size_t		n = in->section_text ? strlen(in->section_text) : 0;
	int			i;

	for (i = 0; i < in->nfeatures; i++)
		n += (in->features[i].title ? strlen(in->features[i].title) : 0) +
			(in->features[i].description ? strlen(in->features[i].description) : 0);
	return n;
}

/*
 * re_propose with the word memo of core/similar.c on: it compares every
 * candidate with every item of the target and every recently shipped entry,
 * and would otherwise split the same texts into words again each time.
 */
static int
propose_memo(ReArena *arena, ReProposeIn *in, ReProposeOut *out)
{
	volatile int rc = 0;

	re_similar_memo_begin(16 * (in->nexisting + in->nshipped + in->ndeferred + in->nfeatures +
							   in->nfocus + in->nevidence + in->ndismissed) + 256);
	re_listed_memo_begin(in->nhistory + in->nshipped + in->nexisting + 1024);
	re_feature_memo_begin(feature_text_bytes(in) >= RE_KIND_JIT_BYTES);
	PG_TRY();
	{
		rc = re_propose(arena, in, out);
	}
	PG_FINALLY();
	{
		re_similar_memo_end();
		re_listed_memo_end();
		re_feature_memo_end();
	}
	PG_END_TRY();
	return rc;
}

/*
 * A release that plans items but gets no proposal says why, so a planner can
 * tell "nothing to add" from "the section was not understood": the counts of
 * dropped candidates and the per-pillar notes roadmap.enrichment keeps.
 */
static void
report_empty(const char *version, const ReProposeIn *in, const ReProposeOut *out)
{
	if (out->n > 0 || in->nfeatures == 0)
		return;
	ereport(NOTICE,
			(errmsg("proposed no item for v%s", version),
			 errdetail("The release plans %d open items; candidates dropped: %d already listed, %d shipped, "
					   "%d focus-area gaps not anchored in it, "
					   "%d repeating another pillar, %d dismissed, %d in pillars the section already enriches. %s",
					   in->nfeatures, out->skipped_listed + out->skipped_existing, out->skipped_shipped - out->skipped_gaps,
					   out->skipped_gaps,
					   out->skipped_sibling, out->skipped_dismissed, out->already_enriched,
					   out->risks ? out->risks : ""),
			 errhint("roadmap.enrichment.risks keeps these notes, and render writes them into the section's Conflicts & Risks; "
					 "SELECT * FROM roadmap.explain('%s') lists the scored focus areas and evidence.", version)));
}

/*
 * Choose the proposals of (repo, version) and store them: re-read the ref
 * (a cheap no-op unless it moved; it also takes the repository's advisory
 * lock for the rest of the transaction, which serialises enrich runs on one
 * repository), gather the scored catalog, let the core choose, store the
 * rows and record the run. Caller has SPI connected.
 */
void
re_enrich_run(int64 repo_id, const char *version, const char *path, const char *ref)
{
	TimestampTz started = GetCurrentTimestamp();
	char	   *commit;
	bool		noop;
	ReProposeIn in;
	ReProposeOut out;
	ReArena    *arena;
	TimestampTz t_ingest,
				t_gather,
				t_propose,
				t_store,
				t_end;

	t_ingest = GetCurrentTimestamp();
	re_ingest(path, ref, &noop);
	if (re_writeback_drain(path))
	{
		bool		noop2;

		/* an earlier write-back was still being applied: read what it committed */
		re_ingest(path, ref, &noop2);
		noop = noop && noop2;
	}
	t_gather = GetCurrentTimestamp();
	re_spi_repo("SELECT head_commit FROM roadmap.repository WHERE repo_id = $1", repo_id, NULL, SPI_OK_SELECT);
	commit = re_get_text(0, 1);
	check_target(repo_id, version, path);

	memset(&in, 0, sizeof(in));
	gather(repo_id, version, &in);
	re_gather_features(repo_id, version, path, commit, &in);
	t_propose = GetCurrentTimestamp();
	arena = re_arena_in_context();
	if (propose_memo(arena, &in, &out) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_REGULAR_EXPRESSION),
				 errmsg("a roadmap.feature_kind or roadmap.lens pattern does not compile"),
				 errdetail("%s", out.error),
				 errhint("Fix the pattern of the feature kind or lens the detail names.")));
	t_store = GetCurrentTimestamp();
	store(repo_id, version, commit, &out);
	t_end = GetCurrentTimestamp();
	report_empty(version, &in, &out);
	{
		char	   *counts = psprintf("{\"proposals\": %d, \"skipped_existing\": %d, \"skipped_shipped\": %d, "
									  "\"skipped_rules\": %d, \"skipped_dismissed\": %d, \"stale_deferred\": %d, "
									  "\"skipped_listed\": %d, \"skipped_sibling\": %d, "
									  "\"pillars_already_enriched\": %d, \"reingested\": %s, "
									  "\"ms\": {\"ingest\": %.1f, \"gather\": %.1f, \"propose\": %.1f, \"store\": %.1f}}",
									  out.n, out.skipped_existing, out.skipped_shipped, out.skipped_rules,
									  out.skipped_dismissed, out.stale_deferred,
									  out.skipped_listed, out.skipped_sibling, out.already_enriched, noop ? "false" : "true",
									  (t_gather - t_ingest) / 1000.0, (t_propose - t_gather) / 1000.0,
									  (t_store - t_propose) / 1000.0, (t_end - t_store) / 1000.0);

		re_run_log(repo_id, "enrich", version, commit, started, "success", counts, NULL);
	}
}
