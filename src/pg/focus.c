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
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "catalog.h"
#include "config.h"
#include "errors.h"
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

/*
 * A pillar's templates for an area a skill file defines and no built-in area
 * equals (roadmap.pillar.area_title, area_rationale, area_verify; NULL: such
 * areas are not used).
 */
typedef struct PillarTemplates
{
	const char *title;
	const char *rationale;
	const char *verify;
} PillarTemplates;

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

/* One text of the model (NULL past the end); with where, also its description for applies_because. */
static const char *
model_text(ReModel *m, int i, char **where)
{
	if (i < m->changelog.n)
	{
		if (where)
			*where = psprintf("terms occur in CHANGELOG.md (v%s, line %d)", m->changelog.v[i].version,
							  m->changelog.v[i].line);
		return m->changelog.v[i].text;
	}
	i -= m->changelog.n;
	if (i < 2 * m->items.n)
	{
		ReItem	   *it = &m->items.v[i / 2];
		const char *t = i % 2 ? it->description : it->title;

		if (where)
			*where = psprintf("terms occur in the roadmap (v%s %s, %s line %d)", it->version, it->item_id,
							  it->path, it->line);
		return t ? t : "";
	}
	i -= 2 * m->items.n;
	if (i < m->releases.n)
	{
		if (where)
			*where = psprintf("terms occur in the roadmap (title of v%s)", m->releases.v[i].version);
		return m->releases.v[i].title ? m->releases.v[i].title : "";
	}
	i -= m->releases.n;
	if (i < m->plan_items.n)
	{
		if (where)
			*where = psprintf("terms occur in %s line %d", m->plan_items.v[i].path, m->plan_items.v[i].line);
		return m->plan_items.v[i].text ? m->plan_items.v[i].text : "";
	}
	return NULL;
}

/*
 * Built-in areas not yet known to apply: look for their terms in the
 * model's texts (changelog, items, release titles, plan items). The texts
 * are joined into one buffer (blank line between) so each area costs one
 * scan, however many items the roadmap has; the offset of the first match
 * names the text in applies_because.
 */
static void
model_applicability(const ReFocusSet *fs, Area *areas, int n, ReModel *m)
{
	StringInfoData all;
	int		   *starts;
	int			ntexts = 0,
				i,
				k,
				open = 0;
	const char *t;

	for (k = 0; k < n; k++)
		open += !areas[k].applicable;
	if (open == 0)
		return;
	initStringInfo(&all);
	for (i = 0; model_text(m, i, NULL) != NULL; i++)
		ntexts++;
	starts = palloc(sizeof(int) * (ntexts + 1));
	for (i = 0; i < ntexts; i++)
	{
		if ((i & 1023) == 0)
			CHECK_FOR_INTERRUPTS();
		t = model_text(m, i, NULL);
		starts[i] = all.len;
		appendStringInfoString(&all, t);
		appendStringInfoString(&all, "\n\n");
	}
	for (k = 0; k < n; k++)
	{
		size_t		at;

		CHECK_FOR_INTERRUPTS();
		if (areas[k].applicable || !re_focus_match_at(fs, k, all.data, (size_t) all.len, &at))
			continue;
		/* the text holding offset at: the last start <= at */
		{
			int			lo = 0,
						hi = ntexts - 1;

			while (lo < hi)
			{
				int			mid = (lo + hi + 1) / 2;

				if ((size_t) starts[mid] <= at)
					lo = mid;
				else
					hi = mid - 1;
			}
			(void) model_text(m, lo, &areas[k].because);
		}
		areas[k].applicable = true;
	}
	pfree(all.data);
	pfree(starts);
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
		{
			CHECK_FOR_INTERRUPTS();	/* one scan can cover a whole large file */
			if (!areas[k].applicable && re_focus_match(fs, k, buf, len))
			{
				areas[k].applicable = true;
				areas[k].because = psprintf("terms occur in %s", p);
				open--;
			}
		}
	}
}

static void
fs_release(void *arg)
{
	re_focus_free((ReFocusSet *) arg);
}

/* Everything one ingest knows about the repository's focus areas. */
typedef struct FocusCtx
{
	ReHandle   *h;
	int64		repo_id;
	ReModel    *m;
	ReSkill		skill;
	const char *skill_text;
	bool		have_skill;
	PillarTemplates *templates;	/* per pillar of m->pillars */
	Area	   *bi;				/* roadmap.focus_area */
	int			nbi;
	Area	   *areas;			/* the repository's */
	int			n;
	ReFocusSet *fs;
} FocusCtx;

/* The skill file of the commit, if any. */
static void
read_skill(FocusCtx *x)
{
	size_t		len;
	char	   *text = re_handle_read(x->h, RE_SKILL_PATH, &len);
	char		err[512];
	MdDoc		doc;
	MdLimits	lim = re_md_limits();
	MdStatus	ms;
	char	   *z;

	memset(&x->skill, 0, sizeof(x->skill));
	x->skill_text = "";
	if (text == NULL)
		return;
	ms = md_parse(x->h->arena, text, len, &lim, &doc, err, sizeof(err));
	if (ms != MD_OK)
		re_report_md_error(ms, RE_SKILL_PATH, x->h->git.commit_hex, err);
	z = palloc(len + 1);
	memcpy(z, text, len);
	z[len] = '\0';
	re_skill_parse(x->h->arena, z, &doc, x->m->pillars, x->m->npillars, &x->skill);
	x->skill_text = z;
	x->have_skill = x->skill.nareas > 0;
}

/* Pillars and the built-in focus areas, with the probe hits of each. */
static void
load_builtins(FocusCtx *x)
{
	Oid			types[1] = {INT8OID};
	Datum		vals[1] = {Int64GetDatum(x->repo_id)};
	int			i,
				k;

	x->templates = palloc0(sizeof(PillarTemplates) * (x->m->npillars + 1));
	re_spi_exec("SELECT pillar, area_title, area_rationale, area_verify FROM roadmap.pillar",
				0, NULL, NULL, NULL, SPI_OK_SELECT);
	for (i = 0; i < (int) SPI_processed; i++)
		for (k = 0; k < x->m->npillars; k++)
			if (strcmp(x->m->pillars[k].key, re_get_text(i, 1)) == 0)
			{
				x->templates[k].title = re_get_text(i, 2);
				x->templates[k].rationale = re_get_text(i, 3);
				x->templates[k].verify = re_get_text(i, 4);
			}
	re_spi_exec("SELECT f.focus_id, f.pillar, f.ord, f.name, f.match, f.effort, f.schema_change, f.engine_core, "
				"f.title, f.rationale, f.verify, "
				"(SELECT coalesce(sum(h.hits), 0) FROM roadmap.probe_hit h JOIN roadmap.probe p USING (probe_id) "
				"  WHERE h.repo_id = $1 AND p.focus_id = f.focus_id)::int "
				"FROM roadmap.focus_area f JOIN roadmap.pillar p USING (pillar) ORDER BY p.ord, f.ord",
				1, types, vals, NULL, SPI_OK_SELECT);
	x->nbi = (int) SPI_processed;
	x->bi = palloc0(sizeof(Area) * (x->nbi + 1));
	for (i = 0; i < x->nbi; i++)
	{
		Area	   *a = &x->bi[i];

		a->focus_id = sval(i, 1);
		a->pillar = sval(i, 2);
		for (k = 0; k < x->m->npillars; k++)
			if (strcmp(x->m->pillars[k].key, a->pillar) == 0)
				a->pillar = x->m->pillars[k].key;
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
}

/* The built-in area of the same pillar and (normalised) name, or -1. */
static int
same_builtin(FocusCtx *x, const ReSkillArea *s, const bool *used)
{
	char	   *full = re_focus_norm_name(x->h->arena, s->name, false);
	char	   *head = re_focus_norm_name(x->h->arena, s->name, true);
	int			k;

	for (k = 0; k < x->nbi; k++)
		if (!used[k] && strcmp(x->bi[k].pillar, s->pillar) == 0 &&
			strcmp(re_focus_norm_name(x->h->arena, x->bi[k].name, false), full) == 0)
			return k;
	for (k = 0; k < x->nbi; k++)
		if (!used[k] && strcmp(x->bi[k].pillar, s->pillar) == 0 &&
			strcmp(re_focus_norm_name(x->h->arena, x->bi[k].name, true), head) == 0)
			return k;
	return -1;
}

/* A pillar template: {area} at its start is the head as written, elsewhere the lower-cased head. */
static char *
fill_area(const char *tmpl, const char *hd, const char *lower)
{
	StringInfoData b;
	const char *p = tmpl,
			   *at;

	initStringInfo(&b);
	while ((at = strstr(p, "{area}")) != NULL)
	{
		appendBinaryStringInfo(&b, p, (int) (at - p));
		appendStringInfoString(&b, at == tmpl ? hd : lower);
		p = at + strlen("{area}");
	}
	appendStringInfoString(&b, p);
	return b.data;
}

/* An area only the skill file knows: derived terms, its pillar's templates. */
static bool
derive_area(FocusCtx *x, const ReSkillArea *s, Area *a)
{
	char	   *hd = area_head(s->name);
	char	   *lower = pstrdup(hd);
	const PillarTemplates *t;
	int			k;

	for (k = 0; k < x->m->npillars; k++)
		if (strcmp(x->m->pillars[k].key, s->pillar) == 0)
			break;
	if (k == x->m->npillars)
		return false;
	t = &x->templates[k];
	if (t->title == NULL || t->rationale == NULL || t->verify == NULL)
		return false;
	a->focus_id = derived_id(x->m->pillars[k].prefix, hd, x->areas, x->n);
	a->pillar = s->pillar;
	a->match = re_focus_terms(x->h->arena, s->name);
	a->effort = "M";
	title_case(lower, x->skill_text, x->m);
	a->title = capital(fill_area(t->title, hd, lower));
	a->rationale = fill_area(t->rationale, hd, lower);
	a->verify = fill_area(t->verify, hd, lower);
	return true;
}

/*
 * The repository's areas: the skill file's (curated when a built-in one has
 * the same name), plus built-in areas with probe evidence; without a skill
 * file, the built-in set.
 */
static void
choose_areas(FocusCtx *x)
{
	bool	   *used = palloc0(sizeof(bool) * (x->nbi + 1));
	int			i,
				k;

	x->areas = palloc0(sizeof(Area) * (x->nbi + x->skill.nareas + 1));
	if (!x->have_skill)
	{
		for (k = 0; k < x->nbi; k++)
			x->areas[x->n++] = x->bi[k];
		return;
	}
	for (i = 0; i < x->skill.nareas; i++)
	{
		ReSkillArea *s = &x->skill.areas[i];
		Area	   *a = &x->areas[x->n];
		int			b;

		if (s->pillar == NULL)
			continue;
		if ((b = same_builtin(x, s, used)) >= 0)
		{
			*a = x->bi[b];
			used[b] = true;
			a->builtin = x->bi[b].focus_id;
		}
		else if (!derive_area(x, s, a))
			continue;
		a->name = pstrdup(s->name);
		a->ord = s->ord;
		a->source = "skill";
		a->source_line = s->line;
		a->applicable = true;
		a->because = psprintf("listed in %s line %d", RE_SKILL_PATH, s->line);
		x->n++;
	}
	/* built-in areas with code evidence still carry their probe findings */
	for (k = 0; k < x->nbi; k++)
		if (!used[k] && x->bi[k].probe_hits > 0)
		{
			x->areas[x->n] = x->bi[k];
			x->areas[x->n].ord = 100 + x->bi[k].ord;
			x->n++;
		}
}

/* Compile every area once: the same set decides applicability and matches. */
static void
compile_areas(FocusCtx *x)
{
	const char **matches = palloc(sizeof(char *) * (x->n + 1));
	char		err[512];
	int			i,
				bad;

	for (i = 0; i < x->n; i++)
		matches[i] = x->areas[i].match;
	x->fs = palloc0(sizeof(ReFocusSet));
	bad = re_focus_compile(x->fs, matches, x->n, err, sizeof(err));
	re_handle_on_release(x->h, fs_release, x->fs);
	if (bad >= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_REGULAR_EXPRESSION),
				 errmsg("focus area \"%s\" has an invalid match expression", x->areas[bad].focus_id),
				 errdetail("%s", err),
				 errhint("Fix the match column of roadmap.focus_area (PCRE2 syntax, matched case-insensitively at word starts).")));
}

/* A built-in area applies when its terms occur in the repository's own text. */
static void
decide_applicability(FocusCtx *x, ReFileList *files, const char **kinds)
{
	int			k;

	for (k = 0; k < x->n; k++)
	{
		Area	   *a = &x->areas[k];

		if (a->applicable)
			continue;
		if (a->probe_hits > 0)
		{
			a->applicable = true;
			a->because = psprintf("its probes find %d hit%s in the code", a->probe_hits,
								  a->probe_hits == 1 ? "" : "s");
		}
	}
	model_applicability(x->fs, x->areas, x->n, x->m);
	docs_applicability(x->h, x->fs, x->areas, x->n, files, kinds);
	for (k = 0; k < x->n; k++)
		if (!x->areas[k].applicable)
			x->areas[k].because = "none of its terms occurs in the roadmap, changelog, plans, documents or probe hits";
}

static void
store_areas(FocusCtx *x)
{
	ReCol		c[17];
	int			i,
				k;

	for (i = 0; i < 17; i++)
		re_col_init(&c[i], i == 2 || i == 13 ? INT4OID : (i == 6 || i == 7 || i == 15) ? BOOLOID : TEXTOID);
	for (k = 0; k < x->n; k++)
	{
		Area	   *a = &x->areas[k];

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
				   "AS u(fi, pl, o, nm, mt, ef, sc, ec, ti, ra, ve, so, sp, sl, bf, ap, be)", x->repo_id, c, 17);
}

/* The skill's guiding questions, and its constraints as rules after those of AGENTS.md. */
static void
store_skill_texts(FocusCtx *x)
{
	ReCol		c[5];
	int			i;

	for (i = 0; i < 3; i++)
		re_col_init(&c[i], i == 2 ? INT4OID : TEXTOID);
	for (i = 0; i < x->skill.nquestions; i++)
		if (x->skill.questions[i].pillar && x->skill.questions[i].text[0])
		{
			re_col_text(&c[0], x->skill.questions[i].pillar);
			re_col_text(&c[1], x->skill.questions[i].text);
			re_col_int(&c[2], x->skill.questions[i].line);
		}
	re_bulk_insert(psprintf("INSERT INTO roadmap.repo_pillar (repo_id, pillar, question, source_path, source_line) "
							"SELECT DISTINCT ON (p) $1, p, q, %s, l FROM unnest($2, $3, $4) AS u(p, q, l) "
							"ORDER BY p, l", quote_literal_cstr(RE_SKILL_PATH)), x->repo_id, c, 3);
	for (i = 0; i < 5; i++)
		re_col_init(&c[i], i == 0 || i == 4 ? INT4OID : TEXTOID);
	for (i = 0; i < x->skill.nconstraints; i++)
	{
		const char *t = x->skill.constraints[i].text;

		re_col_int(&c[0], x->m->rules.n + i + 1);
		re_col_text(&c[1], re_icontains_word(t, "never") ? "never" : re_icontains_word(t, "must") ? "must" : "always");
		re_col_text(&c[2], "Constraints");
		re_col_text(&c[3], t);
		re_col_int(&c[4], x->skill.constraints[i].line);
	}
	re_bulk_insert(psprintf("INSERT INTO roadmap.constraint_rule (repo_id, rule_no, kind, section, text, line, path) "
							"SELECT $1, *, %s FROM unnest($2, $3, $4, $5, $6)",
							quote_literal_cstr(RE_SKILL_PATH)), x->repo_id, c, 5);
}

static void
add_match(ReCol *c, const char *focus_id, const char *kind, const char *version, const char *ref, const char *status)
{
	re_col_text(&c[0], focus_id);
	re_col_text(&c[1], kind);
	re_col_text(&c[2], version);
	re_col_text(&c[3], ref);
	re_col_text(&c[4], status);
}

/* focus_match: every text the scoring counts against every applicable area, once. */
static void
store_matches(FocusCtx *x)
{
	ReModel    *m = x->m;
	ReCol		c[5];
	StringInfoData both;
	int			i,
				k;

	for (i = 0; i < 5; i++)
		re_col_init(&c[i], TEXTOID);
	initStringInfo(&both);
	for (i = 0; i < m->changelog.n; i++)
	{
		ReChangelogEntry *e = &m->changelog.v[i];
		size_t		len = strlen(e->text);

		if ((i & 255) == 0)
			CHECK_FOR_INTERRUPTS();
		for (k = 0; k < x->n; k++)
			if (x->areas[k].applicable && re_focus_match(x->fs, k, e->text, len))
				add_match(c, x->areas[k].focus_id, "changelog", e->version, psprintf("%d", e->entry_no), NULL);
	}
	for (i = 0; i < m->items.n; i++)
	{
		ReItem	   *it = &m->items.v[i];

		if ((i & 255) == 0)
			CHECK_FOR_INTERRUPTS();
		/* title and description as one text, as the score reads them (a match may span both) */
		resetStringInfo(&both);
		appendStringInfo(&both, "%s %s", it->title ? it->title : "", it->description ? it->description : "");
		for (k = 0; k < x->n; k++)
		{
			bool		t;

			if (!x->areas[k].applicable)
				continue;
			t = it->title && re_focus_match(x->fs, k, it->title, strlen(it->title));
			if (t || re_focus_match(x->fs, k, both.data, (size_t) both.len))
				add_match(c, x->areas[k].focus_id, "item", it->version, it->item_id, NULL);
			if (t)
				add_match(c, x->areas[k].focus_id, "item_title", it->version, it->item_id, NULL);
		}
	}
	for (i = 0; i < m->plan_items.n; i++)
	{
		RePlanItem *p = &m->plan_items.v[i];

		if ((i & 255) == 0)
			CHECK_FOR_INTERRUPTS();
		for (k = 0; k < x->n && p->text; k++)
			if (x->areas[k].applicable && re_focus_match(x->fs, k, p->text, strlen(p->text)))
				add_match(c, x->areas[k].focus_id, "plan", p->version, psprintf("%d", p->line),
						  re_item_status_name(p->status));
	}
	pfree(both.data);
	re_bulk_insert("INSERT INTO roadmap.focus_match (repo_id, focus_id, kind, version, version_key, ref, status) "
				   "SELECT $1, f, k, v, CASE WHEN v <> 'unreleased' THEN roadmap.version_key(v) END, r, s "
				   "FROM unnest($2, $3, $4, $5, $6) AS u(f, k, v, r, s)", x->repo_id, c, 5);
}

/* True when the catalog has per-repository focus areas (0.2.0); a 0.1.0 catalog does not. */
bool
re_focus_catalog(void)
{
	re_spi_exec("SELECT to_regclass('roadmap.repo_focus_area') IS NOT NULL", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return SPI_processed == 1 && strcmp(sval(0, 1), "t") == 0;
}

/*
 * roadmap.focus_gaps' rows of the repository's next release (the first not
 * released, roadmap.next_version's), kept in roadmap.focus_score with the
 * shipped window they were computed with, so enrich of that release reads
 * its scores with one indexed query (the view is their one definition).
 * Only that release: computing all of them cost ingest at the corpus tip
 * (nine planned releases) ~27 ms, more than enrich saves
 * (docs/performance.md). Runs after the history walk: the view reads
 * item_history.
 */
/* True when the catalog keeps focus scores at ingest (roadmap.focus_score). */
bool
re_focus_score_catalog(void)
{
	re_spi_exec("SELECT to_regclass('roadmap.focus_score') IS NOT NULL", 0, NULL, NULL, NULL, SPI_OK_SELECT);
	return SPI_processed == 1 && strcmp(sval(0, 1), "t") == 0;
}

void
re_store_focus_scores(int64 repo_id)
{
	if (!re_focus_score_catalog())
		return;					/* a catalog before ALTER EXTENSION UPDATE */
	re_spi_repo("DELETE FROM roadmap.focus_score WHERE repo_id = $1", repo_id, NULL, SPI_OK_DELETE);
	re_spi_repo("INSERT INTO roadmap.focus_score (repo_id, version, focus_id, shipped_window, score, shipped_recent, "
				"last_shipped_version, releases_since_shipped, planned_in_target, plan_open, evidence_hits) "
				"SELECT g.repo_id, g.version, g.focus_id, roadmap.shipped_window(), g.score, g.shipped_recent, "
				"g.last_shipped_version, g.releases_since_shipped, g.planned_in_target, g.plan_open, g.evidence_hits "
				"FROM roadmap.focus_gaps g WHERE g.repo_id = $1 AND g.version = "
				"(SELECT r.version FROM roadmap.release r WHERE r.repo_id = $1 AND r.status <> 'released' "
				"ORDER BY r.version_key, r.version COLLATE \"C\" LIMIT 1)", repo_id, NULL, SPI_OK_INSERT);
}

void
re_ingest_focus(ReHandle *h, int64 repo_id, ReModel *m, ReFileList *files, const char **kinds,
				int *nareas, bool *from_skill)
{
	FocusCtx   *x = palloc0(sizeof(FocusCtx));
	static const char *const tables[] = {"repo_focus_area", "repo_pillar", "focus_match"};
	int			i;

	*nareas = 0;
	*from_skill = false;
	if (!re_focus_catalog())
		return;					/* 0.1.0 catalog, before ALTER EXTENSION UPDATE */
	x->h = h;
	x->repo_id = repo_id;
	x->m = m;
	read_skill(x);
	load_builtins(x);
	choose_areas(x);
	compile_areas(x);
	decide_applicability(x, files, kinds);
	for (i = 0; i < (int) lengthof(tables); i++)
		re_spi_repo(psprintf("DELETE FROM roadmap.%s WHERE repo_id = $1", tables[i]), repo_id, NULL, SPI_OK_DELETE);
	store_areas(x);
	store_skill_texts(x);
	store_matches(x);
	*nareas = x->n;
	*from_skill = x->have_skill;
}
