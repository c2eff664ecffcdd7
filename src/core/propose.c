/*
 * propose.c — choose and write the six-pillar items for a planned release.
 *
 * Candidates come from three sources, in this order of precedence: items a
 * released version left open (deferred), probe evidence in the code, and
 * the highest-scoring focus areas (gaps). A candidate is dropped when it
 * was shipped in the window, is already listed in the target, or
 * contradicts an AGENTS.md "never" rule. Everything is sorted on explicit
 * keys, so the same input gives byte-identical output.
 */
#include "propose.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "similar.h"

#define MAX_PER_PILLAR 6
#define MIN_PER_PILLAR 3
#define MAX_DEFERRED_PER_PILLAR 3
#define STRONG_GAP_SCORE 5.0

typedef struct Cand
{
	int			kind;			/* 0 deferred, 1 evidence, 2 gap */
	double		rank;			/* higher first within a kind */
	const char *tiebreak;
	ReProposal	p;
	const char *match_text;		/* text compared with existing/shipped */
	const char *blocker;		/* deferred: id its status says blocked it */
	const char *origin_version; /* deferred: release that left it open */
	const char *origin_id;
	int			tier;			/* gaps: 0 fresh area, 1 planned in the target, 2 shipped in the window */
} Cand;

int
re_title_words(const char *t)
{
	int			n = 0;
	int			in = 0;

	for (; *t; t++)
	{
		if (isspace((unsigned char) *t))
			in = 0;
		else if (!in)
		{
			in = 1;
			n++;
		}
	}
	return n;
}

/* Keep at most ten words, without a trailing period or colon. */
static char *
cap_title(ReArena *a, const char *t)
{
	int			words = 0,
				in = 0;
	const char *p;
	size_t		n;
	char	   *out;

	for (p = t; *p; p++)
	{
		if (isspace((unsigned char) *p))
		{
			if (in && words == 10)
				break;
			in = 0;
		}
		else if (!in)
		{
			in = 1;
			words++;
		}
	}
	n = (size_t) (p - t);
	while (n > 0 && (t[n - 1] == '.' || t[n - 1] == ':' || t[n - 1] == ',' || t[n - 1] == ';' ||
					 isspace((unsigned char) t[n - 1]) || t[n - 1] == '-'))
		n--;
	out = re_strndup(a, t, n);
	/* an unbalanced code span reads badly: close it */
	{
		int			ticks = 0;

		for (p = out; *p; p++)
			ticks += *p == '`';
		if (ticks % 2)
			out = re_sprintf(a, "%s`", out);
	}
	return out;
}

static char *
fill(ReArena *a, const char *tmpl, int hits, const char *file)
{
	ReBuf		b;
	const char *p;
	char	   *out;

	re_buf_init(&b);
	for (p = tmpl; *p; p++)
	{
		if (strncmp(p, "{hits}", 6) == 0)
		{
			re_buf_printf(&b, "%d", hits);
			p += 5;
		}
		else if (strncmp(p, "{file}", 6) == 0)
		{
			re_buf_printf(&b, "`%s`", file ? file : "the code");
			p += 5;
		}
		else if (strncmp(p, "{n:", 3) == 0 && strchr(p, '|') && strchr(p, '}'))
		{
			/* {n:singular|plural} agrees with {hits} */
			const char *bar = strchr(p, '|');
			const char *close = strchr(bar, '}');

			if (hits == 1)
				re_buf_append(&b, p + 3, (size_t) (bar - p - 3));
			else
				re_buf_append(&b, bar + 1, (size_t) (close - bar - 1));
			p = close;
		}
		else
			re_buf_append(&b, p, 1);
	}
	out = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return out;
}

static const char *const action_verbs[] = {
	"add", "fix", "update", "implement", "remove", "replace", "harden", "document", "track",
	"verify", "make", "handle", "support", "wire", "construct", "split", "enforce", "prevent",
	"expose", "move", "run", "write", "cover", "test", "benchmark", "detect", "emit", "use",
	"raise", "reduce", "eliminate", "complete", "finish", "pause", "refuse", "integrate", "ship",
	"extend", "measure", "bound", "prove", "audit", "close", "cut", "guard", NULL
};

static bool
starts_with_verb(const char *t)
{
	char		w[32];
	int			n = 0,
				i;

	if (!isalpha((unsigned char) *t))
		return false;
	while (isalpha((unsigned char) t[n]) && n < 31)
	{
		w[n] = (char) tolower((unsigned char) t[n]);
		n++;
	}
	w[n] = '\0';
	for (i = 0; action_verbs[i]; i++)
		if (strcmp(w, action_verbs[i]) == 0)
			return true;
	return false;
}

static char *
capitalise(ReArena *a, const char *s)
{
	char	   *o = re_strdup(a, s);

	if (o[0])
		o[0] = (char) toupper((unsigned char) o[0]);
	return o;
}

static const char *
effort_for_hits(int hits)
{
	if (hits <= 5)
		return "XS";
	if (hits <= 20)
		return "S";
	if (hits <= 100)
		return "M";
	if (hits <= 500)
		return "L";
	return "XL";
}

/* P2 -> P1 -> P0 */
static const char *
raise_priority(const char *p)
{
	if (p && strcmp(p, "P2") == 0)
		return "P1";
	return "P0";
}

static const char *
norm_priority(const char *p)
{
	if (p && (strcmp(p, "P0") == 0 || strcmp(p, "P1") == 0 || strcmp(p, "P2") == 0))
		return p;
	return "P1";
}

static const char *
norm_effort(const char *e, const char *dflt)
{
	static const char *const ok[] = {"XS", "S", "M", "L", "XL", NULL};
	int			i;

	if (e)
		for (i = 0; ok[i]; i++)
			if (strcmp(e, ok[i]) == 0)
				return ok[i];
	return dflt;
}

/* Lower-case copy without backticks or asterisks, for phrase tests. */
static char *
plain_lower(ReArena *a, const char *s)
{
	char	   *o = re_alloc(a, strlen(s) + 1);
	size_t		k = 0;

	for (; *s; s++)
		if (*s != '`' && *s != '*')
			o[k++] = (char) tolower((unsigned char) *s);
	o[k] = '\0';
	return o;
}

/* The phrase a "never" rule forbids: "never a local PG instance" -> "a local pg instance". */
static char *
never_phrase(ReArena *a, const char *rule)
{
	char	   *low = plain_lower(a, rule);
	char	   *p = strstr(low, "never ");
	size_t		n;

	if (p == NULL)
		return NULL;
	p += 6;
	n = strcspn(p, ".;,:(\n");
	while (n > 0 && isspace((unsigned char) p[n - 1]))
		n--;
	if (re_title_words(re_strndup(a, p, n)) < 2)
		return NULL;
	return re_strndup(a, p, n);
}

static const char *const rule_stop[] = {
	"never", "always", "every", "should", "must", "code", "with", "when", "which", "where", "using",
	"tests", "test", "that", "this", "from", "into", "create", "creating", "remember", "files",
	"commit", "commands", "output", NULL
};

/* The first rule whose distinctive words (two, or one code word) the text uses. */
static const ReRuleIn *
cited_rule(ReArena *a, const ReProposeIn *in, const char *text)
{
	char	   *low = plain_lower(a, text);
	int			r;

	for (r = 0; r < in->nrules; r++)
	{
		const char *s = in->rules[r].text;
		int			hits = 0,
					code_hit = 0;
		char		seen[16][40];
		int			nseen = 0;

		/* a long paragraph of goals is checked, not quoted into every item */
		if (strlen(s) > 160)
			continue;

		while (*s)
		{
			char		w[40];
			int			n = 0,
						k,
						stop = 0,
						in_code;

			while (*s && !isalnum((unsigned char) *s))
				s++;
			in_code = s > in->rules[r].text && (s[-1] == '`' || s[-1] == '/');
			while (*s && (isalnum((unsigned char) *s) || *s == '_') && n < 39)
				w[n++] = (char) tolower((unsigned char) *s++);
			while (*s && (isalnum((unsigned char) *s) || *s == '_'))
				s++;
			w[n] = '\0';
			if (n < 5)
				continue;
			for (k = 0; rule_stop[k]; k++)
				if (strcmp(w, rule_stop[k]) == 0)
					stop = 1;
			for (k = 0; k < nseen; k++)
				if (strcmp(seen[k], w) == 0)
					stop = 1;	/* a word the rule repeats counts once */
			if (stop)
				continue;
			if (nseen < 16)
				strcpy(seen[nseen++], w);
			if (re_icontains_word(low, w))
			{
				hits++;
				code_hit |= in_code;
			}
		}
		if (hits >= 2 || code_hit)
			return &in->rules[r];
	}
	return NULL;
}

static const ReFocusIn *
find_focus(const ReProposeIn *in, const char *id)
{
	int			i;

	if (id == NULL)
		return NULL;
	for (i = 0; i < in->nfocus; i++)
		if (strcmp(in->focus[i].focus_id, id) == 0)
			return &in->focus[i];
	return NULL;
}

static int
cand_cmp(const void *x, const void *y)
{
	const Cand *a = x,
			   *b = y;

	if (a->kind != b->kind)
		return a->kind - b->kind;
	if (a->rank != b->rank)
		return a->rank > b->rank ? -1 : 1;
	return strcmp(a->tiebreak, b->tiebreak);
}

/* Append one sentence (adding the final period if missing). */
static void
sentence(ReBuf *b, const char *s)
{
	size_t		n = strlen(s);

	if (n == 0)
		return;
	if (b->len)
		re_buf_puts(b, " ");
	re_buf_puts(b, s);
	if (s[n - 1] != '.' && s[n - 1] != '!' && s[n - 1] != '?')
		re_buf_puts(b, ".");
}

/* "Verify: `cmd` reports nothing." with a code span that survives backticks. */
static char *
verify_sentence(ReArena *a, const char *command)
{
	return strchr(command, '`') ? re_sprintf(a, "Verify: ``%s`` reports nothing", command)
		: re_sprintf(a, "Verify: `%s` reports nothing", command);
}

/* The core of a roadmap title: before " — " or ". ", without a trailing "(…)". */
static char *
title_core(ReArena *a, const char *t)
{
	char	   *o = re_strdup(a, t);
	char	   *cut;
	size_t		n;

	if ((cut = strstr(o, " \xE2\x80\x94 ")) != NULL)
		*cut = '\0';
	if ((cut = strstr(o, ". ")) != NULL)
		*cut = '\0';
	if ((cut = strstr(o, "; ")) != NULL)
		*cut = '\0';
	n = strlen(o);
	while (n > 0 && o[n - 1] == ')')
	{
		char	   *open = strrchr(o, '(');

		if (open == NULL || open == o)
			break;
		*open = '\0';
		n = strlen(o);
		while (n > 0 && o[n - 1] == ' ')
			o[--n] = '\0';
	}
	return o;
}

/* "Complete x" keeps a code span or acronym as it is, lower-cases a plain word. */
static char *
complete_phrase(ReArena *a, const char *t)
{
	char	   *core = title_core(a, t);

	if (starts_with_verb(core))
		return core;
	if (isupper((unsigned char) core[0]) && islower((unsigned char) core[1]))
		core[0] = (char) tolower((unsigned char) core[0]);
	return re_sprintf(a, "Complete %s", core);
}

/* An id named after "blocked by" in a status text, e.g. "blocked by TEST-1". */
static char *
blocked_by(ReArena *a, const char *status)
{
	const char *p;
	char		id[32];
	size_t		n = 0;

	if (status == NULL)
		return NULL;
	for (p = status; *p; p++)
		if (strncasecmp(p, "blocked by ", 11) == 0)
			break;
	if (*p == '\0')
		return NULL;
	p += 11;
	while ((isalnum((unsigned char) p[n]) || p[n] == '-') && n < sizeof(id) - 1)
	{
		id[n] = p[n];
		n++;
	}
	id[n] = '\0';
	return n ? re_strdup(a, id) : NULL;
}

static void
add_deferred(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d, Cand *c)
{
	const ReFocusIn *f = find_focus(in, d->focus_id);
	ReBuf		b;
	char	   *t;
	const char *prio = norm_priority(d->priority);

	memset(c, 0, sizeof(*c));
	c->kind = 0;
	c->rank = d->carried * 10.0 + (prio[1] == '0' ? 3 : prio[1] == '1' ? 2 : 1);
	c->tiebreak = re_sprintf(a, "%s %s", d->version, d->item_id);
	t = complete_phrase(a, d->title);
	c->p.title = cap_title(a, t);
	c->p.pillar = d->pillar;
	c->p.effort = norm_effort(d->effort, f ? f->effort : "M");
	c->p.priority = d->carried >= 3 ? raise_priority(prio) : prio;
	c->p.focus_id = d->focus_id;
	c->p.score = f ? f->score : 0;
	c->p.source = "deferred";
	c->p.source_ref = re_sprintf(a, "v%s %s", d->version, d->item_id);
	c->p.schema_change = f ? f->schema_change : 0;
	c->p.engine_core = f ? f->engine_core : 0;
	c->p.dependencies = re_strdup(a, "None");
	c->blocker = blocked_by(a, d->status_text);
	c->origin_version = d->version;
	c->origin_id = d->item_id;
	c->match_text = d->title;
	re_buf_init(&b);
	{
		char	   *st = d->status_text ? re_strdup(a, d->status_text) : re_strdup(a, "not done");

		sentence(&b, re_sprintf(a, "Deferred from v%s (%s), carried %d release%s since v%s: \"%s\"",
								d->version, d->item_id, d->carried, d->carried == 1 ? "" : "s",
								d->first_seen ? d->first_seen : d->version, st));
	}
	if (f)
		sentence(&b, re_sprintf(a, "It matters because %s", f->rationale));
	if (f)
		sentence(&b, re_sprintf(a, "Verify: %s", f->verify));
	else
		sentence(&b, re_sprintf(a, "Verify: the exit criterion v%s set for %s passes", d->version, d->item_id));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

static void
add_evidence(ReArena *a, const ReProposeIn *in, const ReEvidenceIn *e, Cand *c)
{
	const ReFocusIn *f = find_focus(in, e->focus_id);
	ReBuf		b;

	memset(c, 0, sizeof(*c));
	c->kind = 1;
	c->rank = e->total_hits;
	c->tiebreak = e->probe_id;
	c->p.title = cap_title(a, fill(a, e->title, e->total_hits, e->top_file));
	c->p.pillar = f ? f->pillar : NULL;
	c->p.effort = effort_for_hits(e->total_hits);
	c->p.priority = "P1";
	c->p.focus_id = e->focus_id;
	c->p.score = f ? f->score : 0;
	c->p.source = "evidence";
	c->p.source_ref = re_strdup(a, e->probe_id);
	c->p.schema_change = 0;
	c->p.engine_core = f ? f->engine_core : 0;
	c->p.dependencies = re_strdup(a, "None");
	c->match_text = c->p.title;
	re_buf_init(&b);
	if (e->files > 1)
		sentence(&b, re_sprintf(a, "Probe `%s` (%s) counts %d in %d files, most in `%s` (%d, first at line %d)",
								e->probe_id, e->description, e->total_hits, e->files, e->top_file,
								e->top_hits, e->top_line));
	else
		sentence(&b, re_sprintf(a, "Probe `%s` (%s) counts %d in `%s`, first at line %d",
								e->probe_id, e->description, e->total_hits, e->top_file, e->top_line));
	if (e->detail && *e->detail)
		sentence(&b, re_sprintf(a, "Missing: %s", e->detail));
	if (e->rationale)
		sentence(&b, re_sprintf(a, "It matters because %s", e->rationale));
	else if (f)
		sentence(&b, re_sprintf(a, "It matters because %s", f->rationale));
	sentence(&b, verify_sentence(a, e->verify_command));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

static void
add_gap(ReArena *a, const ReProposeIn *in, const ReFocusIn *f, Cand *c)
{
	ReBuf		b;

	memset(c, 0, sizeof(*c));
	c->kind = 2;
	c->rank = f->score;
	c->tiebreak = re_sprintf(a, "%03d %s", f->ord, f->focus_id);
	c->p.title = cap_title(a, f->title);
	c->p.pillar = f->pillar;
	c->p.effort = f->effort;
	c->p.priority = f->score >= 6.0 || strcmp(f->pillar, "correctness") == 0 ? "P1" : "P2";
	c->p.focus_id = f->focus_id;
	c->p.score = f->score;
	c->p.source = "gap";
	c->p.source_ref = re_strdup(a, f->focus_id);
	c->p.schema_change = f->schema_change;
	c->p.engine_core = f->engine_core;
	c->p.dependencies = f->last_shipped ? re_sprintf(a, "Builds on v%s work in this area", f->last_shipped)
		: re_strdup(a, "None");
	c->match_text = f->title;
	re_buf_init(&b);
	if (f->shipped_recent > 0)
		sentence(&b, capitalise(a, f->rationale));
	else if (f->last_shipped)
		sentence(&b, re_sprintf(a, "%s: CHANGELOG.md shows nothing on \"%s\" in the last %d releases (last in v%s, %d releases ago)",
								capitalise(a, f->rationale), f->name, in->shipped_window, f->last_shipped,
								f->releases_since));
	else
		sentence(&b, re_sprintf(a, "%s: CHANGELOG.md has never recorded work on \"%s\"",
								capitalise(a, f->rationale), f->name));
	if (f->shipped_recent > 0)
	{
		c->tier = 2;
		sentence(&b, re_sprintf(a, "CHANGELOG.md records %d related entr%s in the last %d releases (latest v%s); this item is the part they leave open, not a repeat",
								f->shipped_recent, f->shipped_recent == 1 ? "y" : "ies", in->shipped_window,
								f->last_shipped ? f->last_shipped : "?"));
	}
	else if (f->planned_in_target > 0)
	{
		c->tier = 1;
		sentence(&b, re_sprintf(a, "The release already lists %d related item%s; this one adds the angle they do not cover",
								f->planned_in_target, f->planned_in_target == 1 ? "" : "s"));
	}
	else if (f->plan_open > 0)
		sentence(&b, re_sprintf(a, "The release plan has %d open item%s in this area",
								f->plan_open, f->plan_open == 1 ? "" : "s"));
	sentence(&b, re_sprintf(a, "Verify: %s", f->verify));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

/* True when the candidate is already listed in the target (returns the id). */
static const char *
already_listed(const ReProposeIn *in, const Cand *c, double *best)
{
	int			i;
	const char *id = NULL;

	*best = 0;
	for (i = 0; i < in->nexisting; i++)
	{
		double		o,
					o2;

		RE_CHECK_INTERRUPTS();
		o = re_word_overlap(c->match_text, in->existing[i].text);
		o2 = re_word_overlap(in->existing[i].text, c->match_text);

		if (o2 > o)
			o = o2;
		if (o > *best)
		{
			*best = o;
			id = in->existing[i].id;
		}
	}
	return *best >= 0.6 ? id : NULL;
}

static bool
already_shipped(const ReProposeIn *in, const Cand *c)
{
	int			i;

	for (i = 0; i < in->nshipped; i++)
	{
		RE_CHECK_INTERRUPTS();
		if (re_word_overlap(c->match_text, in->shipped[i].text) >= 0.75)
			return true;
	}
	return false;
}

int
re_propose(ReArena *a, const ReProposeIn *in, ReProposeOut *out)
{
	int			ncand = in->ndeferred + in->nevidence + in->nfocus;
	Cand	   *cands = re_alloc(a, sizeof(Cand) * (size_t) (ncand + 1));
	int			nc = 0,
				i,
				pi;
	ReBuf		risks;
	Cand	  **chosen;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < in->ndeferred; i++)
		if (in->deferred[i].pillar)
		{
			RE_CHECK_INTERRUPTS();
			add_deferred(a, in, &in->deferred[i], &cands[nc++]);
		}
	for (i = 0; i < in->nevidence; i++)
		if (in->evidence[i].total_hits > 0)
		{
			RE_CHECK_INTERRUPTS();
			add_evidence(a, in, &in->evidence[i], &cands[nc++]);
		}
	for (i = 0; i < in->nfocus; i++)
	{
		const ReFocusIn *f = &in->focus[i];

		add_gap(a, in, f, &cands[nc]);
		nc++;
	}
	qsort(cands, nc, sizeof(Cand), cand_cmp);

	out->items = re_alloc(a, sizeof(ReProposal) * (size_t) (nc + 1));
	chosen = re_alloc(a, sizeof(Cand *) * (size_t) (nc + 1));
	for (pi = 0; pi < RE_NPILLARS; pi++)
	{
		const RePillarDef *pd = &in->pillars[pi];
		int			taken = 0,
					deferred_taken = 0,
					tier;
		int			first = out->n;
		const char *used_focus[MAX_PER_PILLAR * 4];
		int			nused = 0;

		/*
		 * A pillar that already holds at least three of exactly the items
		 * we would write (same title under the pillar's prefix) was enriched
		 * before: add nothing, so a second run changes nothing.
		 */
		{
			int			ours = 0,
						k;
			size_t		plen = strlen(pd->prefix);

			for (i = 0; i < nc; i++)
			{
				RE_CHECK_INTERRUPTS();
				if (cands[i].p.pillar == NULL || strcmp(cands[i].p.pillar, pd->key) != 0)
					continue;
				for (k = 0; k < in->nexisting; k++)
					if (strncmp(in->existing[k].id, pd->prefix, plen) == 0 && in->existing[k].id[plen] == '-' &&
						strcmp(in->existing[k].text, cands[i].p.title) == 0)
					{
						ours++;
						break;
					}
			}
			if (ours >= MIN_PER_PILLAR)
			{
				out->already_enriched++;
				continue;
			}
		}
		/*
		 * Tier 0: deferred, evidence and areas neither shipped in the window
		 * nor planned. Tiers 1 (planned) and 2 (shipped) only fill a pillar
		 * up to the minimum of three, with titles that duplicate neither an
		 * existing item nor a shipped entry.
		 */
		for (tier = 0; tier <= 2; tier++)
		for (i = 0; i < nc && taken < (tier == 0 ? MAX_PER_PILLAR : MIN_PER_PILLAR); i++)
		{
			Cand	   *c = &cands[i];
			double		ov;
			const char *dup;
			const ReRuleIn *rule;
			char	   *text;
			int			k,
						seen = 0;

			RE_CHECK_INTERRUPTS();
			if (c->p.pillar == NULL || strcmp(c->p.pillar, pd->key) != 0 || c->tier != tier)
				continue;
			if (c->kind == 0 && deferred_taken >= MAX_DEFERRED_PER_PILLAR)
				continue;
			/* a gap is not proposed for an area a deferred or evidence item already covers */
			if (c->kind == 2)
			{
				for (k = 0; k < nused; k++)
					if (strcmp(used_focus[k], c->p.focus_id) == 0)
						seen = 1;
				if (seen)
					continue;
				/* beyond the minimum, only strong gaps */
				if (taken >= MIN_PER_PILLAR && c->p.score < STRONG_GAP_SCORE)
					continue;
			}
			dup = already_listed(in, c, &ov);
			if (dup)
			{
				out->skipped_existing++;
				continue;
			}
			if (c->kind != 0 && already_shipped(in, c))
			{
				out->skipped_shipped++;
				continue;
			}
			text = re_sprintf(a, "%s %s", c->p.title, c->p.description);
			for (k = 0; k < in->nrules; k++)
			{
				char	   *ph;

				if (strcmp(in->rules[k].kind, "never") != 0)
					continue;
				ph = never_phrase(a, in->rules[k].text);
				/* a proposal that quotes the rule to enforce it is not a contradiction */
				if (ph && strstr(plain_lower(a, c->p.title), ph))
					break;
			}
			if (k < in->nrules)
			{
				out->skipped_rules++;
				continue;
			}
			rule = cited_rule(a, in, text);
			if (rule)
			{
				c->p.rule_no = rule->rule_no;
				c->p.description = re_sprintf(a, "%s AGENTS.md (line %d): \"%s\"", c->p.description,
											  rule->line, rule->text);
				if (c->kind == 1)
					c->p.priority = "P0";	/* the code violates a stated constraint */
			}
			if (c->p.focus_id && nused < (int) (sizeof(used_focus) / sizeof(used_focus[0])))
				used_focus[nused++] = c->p.focus_id;
			chosen[out->n] = c;
			out->items[out->n++] = c->p;
			taken++;
			deferred_taken += c->kind == 0;
		}
		for (i = first; i < out->n; i++)
			out->items[i].item_id = re_sprintf(a, "%s-%d", pd->prefix, pd->next_number + (i - first));
	}

	/* a deferred item blocked by another: depend on its re-proposal, else on the old id */
	for (i = 0; i < out->n; i++)
	{
		const Cand *c = chosen[i];
		int			k;

		if (c->kind != 0 || c->blocker == NULL)
			continue;
		for (k = 0; k < out->n; k++)
			if (chosen[k]->kind == 0 && strcmp(chosen[k]->origin_version, c->origin_version) == 0 &&
				strcmp(chosen[k]->origin_id, c->blocker) == 0)
				break;
		if (k < out->n)
			out->items[i].dependencies = re_sprintf(a, "%s (v%s %s)", out->items[k].item_id, c->origin_version, c->blocker);
		else
			out->items[i].dependencies = re_sprintf(a, "v%s %s (not shipped)", c->origin_version, c->blocker);
	}

	/* dependencies of test items on engine-core correctness items */
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];
		int			k;

		if (strcmp(p->pillar, "test_coverage") != 0 || strcmp(p->dependencies, "None") != 0 ||
			strcmp(p->source, "gap") != 0 || p->focus_id == NULL ||
			(strcmp(p->focus_id, "test_fuzz_gaps") != 0 && strcmp(p->focus_id, "test_cdc_edge") != 0 &&
			 strcmp(p->focus_id, "test_tpch") != 0))
			continue;
		for (k = 0; k < out->n; k++)
			if (strcmp(out->items[k].pillar, "correctness") == 0 && out->items[k].engine_core)
			{
				p->dependencies = re_strdup(a, out->items[k].item_id);
				break;
			}
	}

	/* Release Theme: at most five sentences */
	{
		ReBuf		t;
		int			nd = 0,
					ne = 0;
		const char *top_gap[2] = {NULL, NULL};
		int			ng = 0;

		for (i = 0; i < out->n; i++)
		{
			nd += strcmp(out->items[i].source, "deferred") == 0;
			ne += strcmp(out->items[i].source, "evidence") == 0;
			if (strcmp(out->items[i].source, "gap") == 0 && ng < 2)
			{
				const ReFocusIn *f = find_focus(in, out->items[i].focus_id);

				top_gap[ng++] = f ? f->name : out->items[i].title;
			}
		}
		re_buf_init(&t);
		if (in->release_title && *in->release_title)
			sentence(&t, re_sprintf(a, "v%s (%s) keeps its planned scope and adds %d quality items across the six pillars",
									in->version, in->release_title, out->n));
		else
			sentence(&t, re_sprintf(a, "v%s keeps its planned scope and adds %d quality items across the six pillars",
									in->version, out->n));
		if (nd)
			sentence(&t, re_sprintf(a, "It first closes %d item%s that earlier releases deferred", nd, nd == 1 ? "" : "s"));
		if (ne)
			sentence(&t, re_sprintf(a, "%d item%s bring%s code-level findings to zero, each with the command that shows the count",
									ne, ne == 1 ? "" : "s", ne == 1 ? "s" : ""));
		if (ng == 2)
			sentence(&t, re_sprintf(a, "The widest remaining gaps are %s and %s", top_gap[0], top_gap[1]));
		else if (ng == 1)
			sentence(&t, re_sprintf(a, "The widest remaining gap is %s", top_gap[0]));
		sentence(&t, "Every item respects the AGENTS.md constraints, and items that touch the DVM engine core land with property tests");
		out->theme = re_buf_to_arena(a, &t);
		re_buf_free(&t);
	}

	/* Conflicts & Risks */
	re_buf_init(&risks);
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];

		if (chosen[i]->kind == 0 && chosen[i]->blocker)
			re_buf_printf(&risks, "- **%s** depends on %s, which has not shipped: schedule it after that lands.\n",
						  p->item_id, p->dependencies);
	}
	for (i = 0; i < out->n; i++)
		if (out->items[i].schema_change)
			re_buf_printf(&risks, "- **%s** requires a SQL migration (schema change): land it before the schema freeze and cover the upgrade path.\n",
						  out->items[i].item_id);
	{
		ReBuf		core;
		int			ncore = 0;

		re_buf_init(&core);
		for (i = 0; i < out->n; i++)
			if (out->items[i].engine_core)
			{
				re_buf_printf(&core, "%s%s", ncore ? ", " : "", out->items[i].item_id);
				ncore++;
			}
		if (ncore)
			re_buf_printf(&risks, "- **%s** touch%s the DVM engine core: high regression risk, each needs property tests before merge.\n",
						  core.data, ncore == 1 ? "es" : "");
		re_buf_free(&core);
	}
	{
		int			k;

		for (i = 0; i < out->n; i++)
			for (k = i + 1; k < out->n; k++)
				if (strcmp(out->items[i].pillar, out->items[k].pillar) != 0 &&
					re_word_overlap(chosen[i]->match_text, chosen[k]->match_text) >= 0.6)
					re_buf_printf(&risks, "- **%s** and **%s** overlap in scope; plan them together so they do not contradict each other.\n",
								  out->items[i].item_id, out->items[k].item_id);
	}
	if (risks.len == 0)
		re_buf_puts(&risks, "- No conflicts found between the new items.\n");
	out->risks = re_buf_to_arena(a, &risks);
	re_buf_free(&risks);
	return 0;
}
