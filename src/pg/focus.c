/*
 * focus.c — which focus areas apply to a repository and which of its texts
 * each one matches, decided once per ingest (docs/scoring.md):
 *
 *   1. the repository's own skill file (.github/skills/enrich-release-roadmap/
 *      SKILL.md) wins: its focus areas, per pillar, in its order. An area
 *      whose name equals a built-in one keeps the built-in id, match and
 *      templates; any other gets match terms derived from its own words
 *      (re_focus_terms) and its pillar's templates;
 *   2. without one, the built-in set of roadmap.focus_area;
 *   3. a built-in area (not listed by the skill file) applies only when its
 *      terms occur in the repository's own text: changelog, roadmap items,
 *      plans, the markdown documents, or a probe hit in the code.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "focus.h"
#include "../core/focus.h"

/* Bytes of markdown documents read at most to decide applicability. */
#define APPLICABILITY_DOC_BUDGET (8 * 1024 * 1024)

typedef struct Area
{
	char	   *focus_id;
	const char *pillar;
	int			ord;
	char	   *name;
	char	   *match;
	char	   *effort;
	bool		schema_change;
	bool		engine_core;
	char	   *title;
	char	   *rationale;
	char	   *verify;
	const char *source;
	int			source_line;
	char	   *builtin;
	bool		applicable;
	char	   *because;
	int			probe_hits;
} Area;

/* Templates for an area a skill file defines and no built-in area equals. */
static const struct
{
	const char *pillar;
	const char *title;
	const char *rationale;
	const char *verify;
}			pillar_templates[] = {
	{"correctness", "Verify %s",
		"%s is where a user could silently get a wrong answer",
	"a test comparing %s with an independently computed result passes in CI"},
	{"stability", "Harden %s",
		"%s could crash, corrupt data or leave the system in a broken state",
	"a fault-injection test of %s leaves the system consistent and the error actionable"},
	{"performance", "Speed up %s",
		"%s may leave measurable performance on the table",
	"a benchmark of %s runs in CI against a stored baseline"},
	{"scalability", "Scale-test %s",
		"%s has to hold up at ten times the current scale",
	"a 10x scale test of %s stays within its time and memory budget"},
	{"ease_of_use", "Improve %s",
		"%s decides whether a new user is productive quickly",
	"a new user completes the %s path from the documentation alone"},
	{"test_coverage", "Add tests for %s",
		"%s could regress silently while no test covers it",
	"CI runs tests for %s and fails when it regresses"},
};

static char *
sval(int row, int col)
{
	return SPI_getvalue(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, col);
}

/* "SPARQL property path evaluation (`*`, …)" -> "SPARQL property path evaluation" (case kept: names) */
static char *
area_head(const char *name)
{
	char	   *h = pstrdup(name);
	char	   *cut;

	if ((cut = strstr(h, " (")) != NULL)
		*cut = '\0';
	if ((cut = strstr(h, " \xE2\x80\x94 ")) != NULL)
		*cut = '\0';
	return h;
}

static char *
capital(char *s)
{
	s[0] = (char) toupper((unsigned char) s[0]);
	return s;
}

/*
 * Lower-case the head's first word for use after a verb ("Verify blank node
 * identity"), unless the repository writes it capitalised mid-sentence
 * (", Datalog guide"), which marks a name.
 */
static void
title_case(char *h, const char *skill_text, ReModel *m)
{
	char		word[64];
	size_t		n = 0;
	int			i;

	while (h[n] && n < sizeof(word) - 1 && (isalnum((unsigned char) h[n]) || h[n] == '-'))
	{
		word[n] = h[n];
		n++;
	}
	word[n] = '\0';
	if (n < 2 || !isupper((unsigned char) word[0]))
		return;
	for (i = 1; word[i]; i++)
		if (isupper((unsigned char) word[i]))
			return;				/* SPARQL, JSON-LD, McCarthy: keep */
	{
		const char *texts[2] = {skill_text, NULL};
		int			t;

		for (t = 0; t < m->changelog.n + m->items.n + 1; t++)
		{
			const char *s = t == 0 ? texts[0] : t <= m->changelog.n ? m->changelog.v[t - 1].text :
				(m->items.v[t - 1 - m->changelog.n].description ? m->items.v[t - 1 - m->changelog.n].description : "");
			const char *p = s;

			while (s && (p = strstr(p, word)) != NULL)
			{
				if (p - s >= 2 && p[-1] == ' ' && (islower((unsigned char) p[-2]) || p[-2] == ',') &&
					!isalnum((unsigned char) p[n]))
					return;
				p++;
			}
		}
	}
	h[0] = (char) tolower((unsigned char) h[0]);
}

/* "corr_" + slug of the name, unique among the areas so far. */
static char *
derived_id(const char *prefix, const char *name, Area *areas, int n)
{
	StringInfoData b;
	const char *p;
	int			k,
				suffix = 1;
	char	   *base;

	initStringInfo(&b);
	for (p = prefix; *p; p++)
		appendStringInfoChar(&b, (char) tolower((unsigned char) *p));
	appendStringInfoChar(&b, '_');
	for (p = name; *p && b.len < 40; p++)
	{
		if (isalnum((unsigned char) *p))
			appendStringInfoChar(&b, (char) tolower((unsigned char) *p));
		else if (b.data[b.len - 1] != '_')
			appendStringInfoChar(&b, '_');
	}
	while (b.len > 0 && b.data[b.len - 1] == '_')
		b.data[--b.len] = '\0';
	base = b.data;
	for (;;)
	{
		char	   *id = suffix == 1 ? base : psprintf("%s_%d", base, suffix);

		for (k = 0; k < n; k++)
			if (strcmp(areas[k].focus_id, id) == 0)
				break;
		if (k == n)
			return id;
		suffix++;
	}
}

/* The first of the model's texts an area matches, described; NULL if none. */
static char *
model_hit(const ReFocusSet *fs, int k, ReModel *m)
{
	int			i;

	for (i = 0; i < m->changelog.n; i++)
		if (re_focus_match(fs, k, m->changelog.v[i].text, strlen(m->changelog.v[i].text)))
			return psprintf("terms occur in CHANGELOG.md (v%s, line %d)", m->changelog.v[i].version,
							m->changelog.v[i].line);
	for (i = 0; i < m->items.n; i++)
	{
		ReItem	   *it = &m->items.v[i];

		if ((it->title && re_focus_match(fs, k, it->title, strlen(it->title))) ||
			(it->description && re_focus_match(fs, k, it->description, strlen(it->description))))
			return psprintf("terms occur in the roadmap (v%s %s, %s line %d)", it->version, it->item_id,
							it->path, it->line);
	}
	for (i = 0; i < m->releases.n; i++)
		if (m->releases.v[i].title && re_focus_match(fs, k, m->releases.v[i].title, strlen(m->releases.v[i].title)))
			return psprintf("terms occur in the roadmap (title of v%s)", m->releases.v[i].version);
	for (i = 0; i < m->plan_items.n; i++)
		if (m->plan_items.v[i].text && re_focus_match(fs, k, m->plan_items.v[i].text, strlen(m->plan_items.v[i].text)))
			return psprintf("terms occur in %s line %d", m->plan_items.v[i].path, m->plan_items.v[i].line);
	return NULL;
}

/* Built-in areas not yet known to apply: look for their terms in the markdown documents. */
static void
docs_applicability(ReHandle *h, const ReFocusSet *fs, Area *areas, int n, ReFileList *files, const char **kinds)
{
	size_t		budget = APPLICABILITY_DOC_BUDGET;
	int			i,
				k,
				open = 0;

	for (k = 0; k < n; k++)
		open += !areas[k].applicable;
	for (i = 0; i < files->n && open > 0; i++)
	{
		const char *p = files->paths[i];
		char	   *buf;
		size_t		len;

		if (!(kinds[i] || strcasecmp(p, "README.md") == 0 ||
			  (strlen(p) > 11 && strcmp(p + strlen(p) - 11, "/SUMMARY.md") == 0)))
			continue;
		if (files->sizes[i] > budget || files->sizes[i] > (size_t) re_max_file_bytes)
			continue;
		CHECK_FOR_INTERRUPTS();
		buf = re_handle_read(h, p, &len);
		if (buf == NULL)
			continue;
		budget -= len;
		for (k = 0; k < n; k++)
			if (!areas[k].applicable && re_focus_match(fs, k, buf, len))
			{
				areas[k].applicable = true;
				areas[k].because = psprintf("terms occur in %s", p);
				open--;
			}
	}
}

static void
fs_release(void *arg)
{
	re_focus_free((ReFocusSet *) arg);
}

void
re_ingest_focus(ReHandle *h, int64 repo_id, ReModel *m, ReFileList *files, const char **kinds,
				int *nareas_out, bool *from_skill)
{
	Oid			types[1] = {INT8OID};
	Datum		vals[1] = {Int64GetDatum(repo_id)};
	ReSkill		skill;
	bool		have_skill = false;
	Area	   *bi,
			   *areas;
	int			nbi,
				n = 0,
				i,
				k,
				bad;
	const char **matches;
	ReFocusSet *fs;
	char		err[512];
	ReCol		c[18];
	char	   *prefixes[8];
	const char *pillar_keys[8];
	int			npillars;
	char	  **item_text;
	const char *skill_text;

	memset(&skill, 0, sizeof(skill));
	skill_text = "";
	{
		size_t		len;
		char	   *text = re_handle_read(h, RE_SKILL_PATH, &len);

		if (text)
		{
			MdDoc		doc;
			MdLimits	lim = re_md_limits();
			MdStatus	ms = md_parse(h->arena, text, len, &lim, &doc, err, sizeof(err));
			char	   *z = palloc(len + 1);

			if (ms != MD_OK)
				re_report_md_error(ms, RE_SKILL_PATH, h->git.commit_hex, err);
			memcpy(z, text, len);
			z[len] = '\0';
			re_skill_parse(h->arena, z, &doc, &skill);
			skill_text = z;
			have_skill = skill.nareas > 0;
		}
	}

	re_spi_exec("SELECT pillar, prefix FROM roadmap.pillar ORDER BY ord", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	npillars = Min((int) SPI_processed, 8);
	for (i = 0; i < npillars; i++)
	{
		pillar_keys[i] = sval(i, 1);
		prefixes[i] = sval(i, 2);
	}

	re_spi_exec("SELECT f.focus_id, f.pillar, f.ord, f.name, f.match, f.effort, f.schema_change, f.engine_core, "
				"f.title, f.rationale, f.verify, "
				"(SELECT coalesce(sum(h.hits), 0) FROM roadmap.probe_hit h JOIN roadmap.probe p USING (probe_id) "
				"  WHERE h.repo_id = $1 AND p.focus_id = f.focus_id)::int "
				"FROM roadmap.focus_area f JOIN roadmap.pillar p USING (pillar) ORDER BY p.ord, f.ord",
				1, types, vals, NULL, SPI_OK_SELECT);
	nbi = (int) SPI_processed;
	bi = palloc0(sizeof(Area) * (nbi + 1));
	for (i = 0; i < nbi; i++)
	{
		Area	   *a = &bi[i];
		char	   *pl = sval(i, 2);

		a->focus_id = sval(i, 1);
		a->pillar = pl;
		for (k = 0; k < npillars; k++)
			if (strcmp(pillar_keys[k], pl) == 0)
				a->pillar = pillar_keys[k];
		a->ord = atoi(sval(i, 3));
		a->name = sval(i, 4);
		a->match = sval(i, 5);
		a->effort = sval(i, 6);
		a->schema_change = sval(i, 7)[0] == 't';
		a->engine_core = sval(i, 8)[0] == 't';
		a->title = sval(i, 9);
		a->rationale = sval(i, 10);
		a->verify = sval(i, 11);
		a->probe_hits = atoi(sval(i, 12));
		a->source = "built-in";
	}

	areas = palloc0(sizeof(Area) * (nbi + skill.nareas + 1));
	if (have_skill)
	{
		bool	   *used = palloc0(sizeof(bool) * (nbi + 1));

		for (i = 0; i < skill.nareas; i++)
		{
			ReSkillArea *s = &skill.areas[i];
			Area	   *a = &areas[n];
			char	   *full = re_focus_norm_name(h->arena, s->name, false);
			char	   *head = re_focus_norm_name(h->arena, s->name, true);
			int			match = -1;

			if (s->pillar == NULL)
				continue;
			for (k = 0; k < nbi && match < 0; k++)
				if (!used[k] && strcmp(bi[k].pillar, s->pillar) == 0 &&
					strcmp(re_focus_norm_name(h->arena, bi[k].name, false), full) == 0)
					match = k;
			for (k = 0; k < nbi && match < 0; k++)
				if (!used[k] && strcmp(bi[k].pillar, s->pillar) == 0 &&
					strcmp(re_focus_norm_name(h->arena, bi[k].name, true), head) == 0)
					match = k;
			if (match >= 0)
			{
				*a = bi[match];
				used[match] = true;
				a->builtin = bi[match].focus_id;
				a->name = pstrdup(s->name);
			}
			else
			{
				char	   *hd = area_head(s->name);
				int			t;

				for (t = 0; t < (int) lengthof(pillar_templates); t++)
					if (strcmp(pillar_templates[t].pillar, s->pillar) == 0)
						break;
				if (t == (int) lengthof(pillar_templates))
					continue;
				for (k = 0; k < npillars; k++)
					if (strcmp(pillar_keys[k], s->pillar) == 0)
						break;
				a->focus_id = derived_id(k < npillars ? prefixes[k] : s->pillar, hd, areas, n);
				a->pillar = s->pillar;
				a->name = pstrdup(s->name);
				a->match = re_focus_terms(h->arena, s->name);
				a->effort = "M";
				{
					char	   *lower = pstrdup(hd);

					title_case(lower, skill_text, m);
					a->title = capital(psprintf(pillar_templates[t].title, lower));
					a->verify = psprintf(pillar_templates[t].verify, lower);
				}
				a->rationale = psprintf(pillar_templates[t].rationale, hd);
			}
			a->ord = s->ord;
			a->source = "skill";
			a->source_line = s->line;
			a->applicable = true;
			a->because = psprintf("listed in %s line %d", RE_SKILL_PATH, s->line);
			n++;
		}
		/* built-in areas with code evidence still carry their probe findings */
		for (k = 0; k < nbi; k++)
			if (!used[k] && bi[k].probe_hits > 0)
			{
				areas[n] = bi[k];
				areas[n].ord = 100 + bi[k].ord;
				n++;
			}
	}
	else
		for (k = 0; k < nbi; k++)
			areas[n++] = bi[k];

	/* compile every area once; the same set decides applicability and matches */
	matches = palloc(sizeof(char *) * (n + 1));
	for (i = 0; i < n; i++)
		matches[i] = areas[i].match;
	fs = palloc0(sizeof(ReFocusSet));
	bad = re_focus_compile(fs, matches, n, err, sizeof(err));
	re_handle_on_release(h, fs_release, fs);
	if (bad >= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_REGULAR_EXPRESSION),
				 errmsg("focus area \"%s\" has an invalid match expression", areas[bad].focus_id),
				 errdetail("%s", err),
				 errhint("Fix the match column of roadmap.focus_area (PCRE2 syntax, matched case-insensitively at word starts).")));

	for (k = 0; k < n; k++)
	{
		if (areas[k].applicable)
			continue;
		if (areas[k].probe_hits > 0)
		{
			areas[k].applicable = true;
			areas[k].because = psprintf("its probes find %d hit%s in the code", areas[k].probe_hits,
										areas[k].probe_hits == 1 ? "" : "s");
		}
		else if ((areas[k].because = model_hit(fs, k, m)) != NULL)
			areas[k].applicable = true;
	}
	docs_applicability(h, fs, areas, n, files, kinds);
	for (k = 0; k < n; k++)
		if (!areas[k].applicable)
			areas[k].because = "none of its terms occurs in the roadmap, changelog, plans, documents or probe hits";

	/* repo_focus_area */
	re_spi_exec("DELETE FROM roadmap.repo_focus_area WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_DELETE);
	re_spi_exec("DELETE FROM roadmap.repo_pillar WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_DELETE);
	re_spi_exec("DELETE FROM roadmap.focus_match WHERE repo_id = $1", 1, types, vals, NULL, SPI_OK_DELETE);
	for (i = 0; i < 17; i++)
		re_col_init(&c[i], i == 2 || i == 13 ? INT4OID : (i == 6 || i == 7 || i == 15) ? BOOLOID : TEXTOID);
	for (k = 0; k < n; k++)
	{
		Area	   *a = &areas[k];

		re_col_text(&c[0], a->focus_id);
		re_col_text(&c[1], a->pillar);
		re_col_int(&c[2], a->ord);
		re_col_text(&c[3], a->name);
		re_col_text(&c[4], a->match);
		re_col_text(&c[5], a->effort);
		re_col_bool(&c[6], a->schema_change);
		re_col_bool(&c[7], a->engine_core);
		re_col_text(&c[8], a->title);
		re_col_text(&c[9], a->rationale);
		re_col_text(&c[10], a->verify);
		re_col_text(&c[11], a->source);
		re_col_text(&c[12], strcmp(a->source, "skill") == 0 ? RE_SKILL_PATH : NULL);
		re_col_int(&c[13], a->source_line);
		re_col_text(&c[14], a->builtin);
		re_col_bool(&c[15], a->applicable);
		re_col_text(&c[16], a->because);
	}
	re_bulk_insert("INSERT INTO roadmap.repo_focus_area (repo_id, focus_id, pillar, ord, name, match, effort, "
				   "schema_change, engine_core, title, rationale, verify, source, source_path, source_line, "
				   "builtin_focus_id, applicable, applies_because) "
				   "SELECT $1, fi, pl, o, nm, mt, ef, sc, ec, ti, ra, ve, so, sp, nullif(sl, 0), bf, ap, be "
				   "FROM unnest($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) "
				   "AS u(fi, pl, o, nm, mt, ef, sc, ec, ti, ra, ve, so, sp, sl, bf, ap, be)", repo_id, c, 17);

	/* repo_pillar: the skill's guiding questions */
	for (i = 0; i < 3; i++)
		re_col_init(&c[i], i == 2 ? INT4OID : TEXTOID);
	for (i = 0; i < skill.nquestions; i++)
		if (skill.questions[i].pillar && skill.questions[i].text[0])
		{
			re_col_text(&c[0], skill.questions[i].pillar);
			re_col_text(&c[1], skill.questions[i].text);
			re_col_int(&c[2], skill.questions[i].line);
		}
	re_bulk_insert(psprintf("INSERT INTO roadmap.repo_pillar (repo_id, pillar, question, source_path, source_line) "
							"SELECT DISTINCT ON (p) $1, p, q, %s, l FROM unnest($2, $3, $4) AS u(p, q, l) "
							"ORDER BY p, l", quote_literal_cstr(RE_SKILL_PATH)), repo_id, c, 3);

	/* the skill's constraints are rules too, after those of AGENTS.md */
	for (i = 0; i < 5; i++)
		re_col_init(&c[i], i == 0 || i == 4 ? INT4OID : TEXTOID);
	for (i = 0; i < skill.nconstraints; i++)
	{
		const char *t = skill.constraints[i].text;
		const char *kind = re_icontains_word(t, "never") ? "never" :
			re_icontains_word(t, "must") ? "must" : "always";

		re_col_int(&c[0], m->rules.n + i + 1);
		re_col_text(&c[1], kind);
		re_col_text(&c[2], "Constraints");
		re_col_text(&c[3], t);
		re_col_int(&c[4], skill.constraints[i].line);
	}
	re_bulk_insert(psprintf("INSERT INTO roadmap.constraint_rule (repo_id, rule_no, kind, section, text, line, path) "
							"SELECT $1, *, %s FROM unnest($2, $3, $4, $5, $6)",
							quote_literal_cstr(RE_SKILL_PATH)), repo_id, c, 5);

	/* focus_match: every applicable area against every text, once */
	for (i = 0; i < 5; i++)
		re_col_init(&c[i], TEXTOID);
	item_text = palloc(sizeof(char *) * (m->items.n + 1));
	for (i = 0; i < m->items.n; i++)
		item_text[i] = psprintf("%s %s", m->items.v[i].title ? m->items.v[i].title : "",
								m->items.v[i].description ? m->items.v[i].description : "");
	for (k = 0; k < n; k++)
	{
		if (!areas[k].applicable)
			continue;
		CHECK_FOR_INTERRUPTS();
		for (i = 0; i < m->changelog.n; i++)
		{
			ReChangelogEntry *e = &m->changelog.v[i];

			if (re_focus_match(fs, k, e->text, strlen(e->text)))
			{
				re_col_text(&c[0], areas[k].focus_id);
				re_col_text(&c[1], "changelog");
				re_col_text(&c[2], e->version);
				re_col_text(&c[3], psprintf("%d", e->entry_no));
				re_col_text(&c[4], NULL);
			}
		}
		for (i = 0; i < m->items.n; i++)
		{
			ReItem	   *it = &m->items.v[i];
			bool		t = it->title && re_focus_match(fs, k, it->title, strlen(it->title));

			/* title and description together, as one text (a match may span both) */
			if (t || re_focus_match(fs, k, item_text[i], strlen(item_text[i])))
			{
				re_col_text(&c[0], areas[k].focus_id);
				re_col_text(&c[1], "item");
				re_col_text(&c[2], it->version);
				re_col_text(&c[3], it->item_id);
				re_col_text(&c[4], NULL);
			}
			if (t)
			{
				re_col_text(&c[0], areas[k].focus_id);
				re_col_text(&c[1], "item_title");
				re_col_text(&c[2], it->version);
				re_col_text(&c[3], it->item_id);
				re_col_text(&c[4], NULL);
			}
		}
		for (i = 0; i < m->plan_items.n; i++)
		{
			RePlanItem *p = &m->plan_items.v[i];

			if (p->text && re_focus_match(fs, k, p->text, strlen(p->text)))
			{
				re_col_text(&c[0], areas[k].focus_id);
				re_col_text(&c[1], "plan");
				re_col_text(&c[2], p->version);
				re_col_text(&c[3], psprintf("%d", p->line));
				re_col_text(&c[4], re_item_status_name(p->status));
			}
		}
	}
	re_bulk_insert("INSERT INTO roadmap.focus_match (repo_id, focus_id, kind, version, version_key, ref, status) "
				   "SELECT $1, f, k, v, CASE WHEN v <> 'unreleased' THEN roadmap.version_key(v) END, r, s "
				   "FROM unnest($2, $3, $4, $5, $6) AS u(f, k, v, r, s)", repo_id, c, 5);
	*nareas_out = n;
	*from_skill = have_skill;
}
