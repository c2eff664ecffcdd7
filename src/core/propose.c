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
#include "describe.h"
#include "deferral.h"
#include "docslist.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model.h"
#include "shipped.h"
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
	const char *full_title;		/* the title before cap_title: what the dedupe reads */
	const char *blocker;		/* deferred: id its status says blocked it */
	const char *origin_version; /* deferred: release that left it open */
	const char *origin_id;
	int			tier;			/* gaps: 0 fresh area, 1 planned in the target */
	int			feature;		/* feature items: index into the features, else -1 */
	/* what the candidate checks (dedupe, docs/proposals.md) */
	char	   *idents[RE_MAX_CHECK_IDENTS];	/* its feature's id first, then the title's names */
	int			nidents;
	int			title_ident0;	/* index of the first name taken from the title */
	unsigned int families;		/* check families of its title and Verify sentence */
	bool		banned;			/* dropped as a sibling's duplicate */
	char	   *done;			/* gaps: why the deliverable is done (gap_done), or NULL */
	bool		evidence;		/* feature items: the lens fired on a fact of the commit (kept-class) */
	int			anchor;			/* feature items: the anchor feature's priority, P0 3, P1 2, else 1 */
	bool		bumped;			/* chosen, then replaced by a kept-class item of higher priority */
	bool		per_release;	/* feature items: its lens's check is the release's (one item names all) */
	int			weight;			/* feature items: the lens's weight */
	/* feature items: the lens and identifier, and what the docs claim (docs/proposals.md "Claimed by the docs") */
	const ReLensDef *lens;
	const char *ident;
	int			claimed;		/* 1 a document states it as true, 2 a planned item lists its docs */
	bool		reconcile;		/* the one item on features shipped before they were planned */
	const char *why;		/* why it cannot be proposed (eligible), for the no-item reasons */
	ReClaim		claim;
	bool		list;			/* a docs list lens's one item for the release (add_docs_lists) */
} Cand;

static bool share_title_name(ReArena *a, const Cand *x, const Cand *y);

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

/* Words a title's trailing phrase starts with: a long title loses that phrase whole. */
static const char *const title_tail_words[] = {
	"at", "for", "with", "when", "in", "on", "under", "across", "after", "before", "while", "against",
	"without", "during", "once", "from", NULL
};

/*
 * Where a title of at most ten words ends: its end; for a longer one, before
 * its trailing phrase ("Bound A09 … cache size | at 10× today's object
 * count"): the last " at ", " for ", " when " … within the first ten words
 * that leaves at least four, unless the eleventh word starts a phrase itself
 * ("… for distributed tables | in DAG planner"); else after ten words, and
 * *clean is false (the cut may leave a phrase without its verb).
 */
static const char *
title_end(const char *t, bool *clean)
{
	int			words = 0,
				in = 0;
	const char *p,
			   *tail = NULL,
			   *q;
	size_t		k = 0;

	*clean = true;
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
			if (words >= 5 && p > t && p[-1] == ' ' && isalpha((unsigned char) *p))
			{
				k = 0;
				while (isalpha((unsigned char) p[k]))
					k++;
				if (p[k] == ' ' && re_word_in(p, k, title_tail_words))
					tail = p - 1;
			}
		}
	}
	if (*p == '\0')
		return p;
	for (q = p; isspace((unsigned char) *q); q++)
		;
	for (k = 0; isalpha((unsigned char) q[k]); k++)
		;
	if (q[k] == ' ' && re_word_in(q, k, title_tail_words))
		return p;
	if (tail)
		return tail;
	*clean = false;
	return p;
}

/*
 * Keep at most ten words (title_end), less any last word that promises more
 * ("the", "by"), without a trailing period or colon.
 */
static char *
cap_title(ReArena *a, const char *t)
{
	bool		clean;
	const char *p = title_end(t, &clean);
	size_t		n = (size_t) (p - t);
	char	   *out;

	while (*p && n > 0 && re_ends_dangling(t, n))
	{
		while (n > 0 && !isspace((unsigned char) t[n - 1]))
			n--;
		while (n > 0 && isspace((unsigned char) t[n - 1]))
			n--;
	}
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

/*
 * A lens title that ten words cannot hold cleanly names its feature by id
 * alone ("Upgrade note: what callers of STAB-2 must change", not "… of
 * STAB-2 unsafe block reduction Phase"); else the title as filled.
 */
static const char *
lens_title(ReArena *a, const ReLensCtx *ctx, const ReLensHit *h)
{
	ReFeature	f;
	char	   *t;
	bool		clean;

	title_end(h->title, &clean);
	if (clean || h->feature->short_name == NULL || h->feature->short_name[0] == '\0')
		return h->title;
	f = *h->feature;
	f.short_name = "";
	t = re_lens_fill(a, h->lens->title, ctx, &f, h->ident);
	if (t == NULL)
		return h->title;
	title_end(t, &clean);
	return clean ? t : h->title;
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
	size_t		n = 0;

	if (!isalpha((unsigned char) *t))
		return false;
	while (isalpha((unsigned char) t[n]) && n < 31)
		n++;
	return re_word_in(t, n, action_verbs);
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

/* Sentences in a description: ". ", "! ", "? " followed by a capital, a quote or a backtick, plus the last. */
int
re_sentence_count(const char *s)
{
	int			n = 0;
	const char *p;

	for (p = s; *p; p++)
		if ((*p == '.' || *p == '!' || *p == '?') && p[1] == ' ' &&
			(isupper((unsigned char) p[2]) || p[2] == '"' || p[2] == '`'))
			n++;
	return *s ? n + 1 : 0;
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
	n = strcspn(p, ".;,:()\n");
	while (n > 0 && isspace((unsigned char) p[n - 1]))
		n--;
	if (re_title_words(re_strndup(a, p, n)) < 2)
		return NULL;
	return re_strndup(a, p, n);
}

/* Is w a whole token of text: not part of a longer name or dotted path ("pg_x" is not in "pg_x.enabled")? */
static bool
names_token(const char *text, const char *w)
{
	size_t		n = strlen(w);
	const char *p;

	for (p = text; *p; p++)
	{
		if (strncasecmp(p, w, n) != 0)
			continue;
		if (p > text && (isalnum((unsigned char) p[-1]) || p[-1] == '_' ||
						 (p[-1] == '.' && p - 1 > text && isalnum((unsigned char) p[-2]))))
			continue;
		if (isalnum((unsigned char) p[n]) || p[n] == '_' || (p[n] == '.' && isalnum((unsigned char) p[n + 1])))
			continue;
		return true;
	}
	return false;
}

/*
 * The rule an item's own subject is about (docs/proposals.md "Rule
 * citations"): one of the rule's code words -- a whole token right after a
 * backtick or a slash, `SIGTERM`, `unwrap()`, `pg_x.enabled` -- is a whole
 * token of the item's title, the names it is about. Plain words never cite a
 * rule: "differential" and "refresh" are shared by half the items of a
 * project whose rule says "Differential refresh is the primary mode", and a
 * project's prefix (`pg_x` of `pg_x.enabled`, a schema name) is shared by
 * every setting and function it has. Only the title is read, never the
 * description: its template prose and its quotes are not the item's subject.
 */
static const ReRuleIn *
cited_rule(const ReProposeIn *in, const char *title)
{
	int			r;

	for (r = 0; r < in->nrules; r++)
	{
		const char *t = in->rules[r].text,
				   *s = t;

		/* a long paragraph of goals is checked, not quoted into every item */
		if (strlen(t) > 160)
			continue;
		while (*s)
		{
			char		w[64];
			int			n = 0;
			bool		in_code;

			while (*s && !isalnum((unsigned char) *s))
				s++;
			in_code = s > t && (s[-1] == '`' || s[-1] == '/');
			/* a code word is its whole dotted token */
			while (*s && (isalnum((unsigned char) *s) || *s == '_' ||
						  (in_code && *s == '.' && isalnum((unsigned char) s[1]))) && n < 63)
				w[n++] = *s++;
			while (*s && (isalnum((unsigned char) *s) || *s == '_' || (*s == '.' && isalnum((unsigned char) s[1]))))
				s++;
			w[n] = '\0';
			if (in_code && n >= 5 && names_token(title, w))
				return &in->rules[r];
		}
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

/* "Complete x" keeps a code span or acronym as it is, lower-cases a plain word. */
static char *
complete_phrase(ReArena *a, const char *t)
{
	char	   *core = re_title_core(a, t, true);

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

/* The first sentence of an item's own section text (at most ~240 bytes), or NULL. */
static char *
first_sentence(ReArena *a, const char *text)
{
	const char *p,
			   *end;
	size_t		n;
	char	   *o;

	if (text == NULL)
		return NULL;
	p = text;
	while (isspace((unsigned char) *p))
		p++;
	if (*p == '\0')
		return NULL;
	/* its end: ". " or a period at the end of a line */
	for (end = p; (end = strchr(end, '.')) != NULL; end++)
		if (end[1] == ' ' || end[1] == '\n')
			break;
	n = end ? (size_t) (end - p) : strlen(p);
	if (n > 240)
		return NULL;
	o = re_strndup(a, p, n);
	while (n > 0 && (o[n - 1] == '.' || o[n - 1] == ':' || isspace((unsigned char) o[n - 1])))
		o[--n] = '\0';
	if (n < 12 || strchr(o, '\n') || strchr(o, '|'))
		return NULL;
	return o;
}

/*
 * The "Verify: …" sentence an item's own section text states (at the start
 * of a line or after a sentence), whitespace collapsed; NULL when it has
 * none, or when it is longer than 240 bytes or holds a table row.
 */
static char *
own_verify(ReArena *a, const char *text)
{
	const char *p;
	size_t		n = 0,
				k;
	char	   *o;
	bool		code = false;

	if (text == NULL)
		return NULL;
	for (p = strstr(text, "Verify:"); p; p = strstr(p + 7, "Verify:"))
		if (p == text || p[-1] == '\n' || (p >= text + 2 && p[-1] == ' ' && strchr(".!?", p[-2])))
			break;
	if (p == NULL)
		return NULL;
	/* up to the end of its sentence: ". " + capital outside code, a blank line or the end */
	for (; p[n]; n++)
	{
		if (p[n] == '`')
			code = !code;
		if (p[n] == '\n' && p[n + 1] == '\n')
			break;
		if (!code && n > 8 && strchr(".!?", p[n]) && (p[n + 1] == '\0' || isspace((unsigned char) p[n + 1])) &&
			(p[n + 1] == '\0' || isupper((unsigned char) p[n + 2]) || p[n + 2] == '\0'))
		{
			n++;
			break;
		}
	}
	if (n > 240 || n < 16 || memchr(p, '|', n))
		return NULL;
	o = re_alloc(a, n + 1);
	for (k = 0; n > 0; p++, n--)
	{
		char		c = isspace((unsigned char) *p) ? ' ' : *p;

		if (c != ' ' || (k > 0 && o[k - 1] != ' '))
			o[k++] = c;
	}
	o[k] = '\0';
	return re_trim(a, o);
}

static void
add_deferred(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d, Cand *c)
{
	const ReFocusIn *f = find_focus(in, d->focus_id);
	ReBuf		b;
	char	   *t;
	const char *prio = norm_priority(d->priority);
	char	   *lead = re_bold_lead(a, d->title);
	char	   *own;

	memset(c, 0, sizeof(*c));
	c->kind = 0;
	c->feature = -1;
	c->rank = d->carried * 10.0 + (prio[1] == '0' ? 3 : prio[1] == '1' ? 2 : 1);
	c->tiebreak = re_sprintf(a, "%s %s", d->version, d->item_id);
	t = complete_phrase(a, lead[0] ? lead : d->title);
	c->full_title = t;
	c->p.title = cap_title(a, t);
	c->p.pillar = d->pillar;
	c->p.effort = norm_effort(d->effort, f ? f->effort : "M");
	/* P0 stays P0 only for wrong answers; carrying an item does not raise it; a harmless skip reason lowers it */
	c->p.priority = re_deferred_priority(d, strcmp(prio, "P0") == 0 && !re_pillar_is(in->pillars, in->npillars, d->pillar, "critical") ? "P1" : prio);
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
	c->match_text = lead[0] ? lead : d->title;
	re_buf_init(&b);
	{
		char	   *st = d->status_text ? re_strdup(a, d->status_text) : re_strdup(a, "not done");

		sentence(&b, re_sprintf(a, "Deferred from v%s (%s), carried %d release%s since v%s: \"%s\"",
								d->version, d->item_id, d->carried, d->carried == 1 ? "" : "s",
								d->first_seen ? d->first_seen : d->version, re_inner_quotes(a, st)));
	}
	/* the rationale is the item's own section text, never a focus area's */
	own = first_sentence(a, d->description);
	if (own == NULL && lead[0] && d->title && strlen(d->title) > strlen(lead) + 20)
		own = first_sentence(a, d->title + strlen(lead) + 4);
	if (own && strncmp(own, "Verify:", 7) != 0)
		sentence(&b, re_sprintf(a, "Its v%s section says: \"%s\"", d->version, re_inner_quotes(a, own)));
	if (d->reason_phrase && strcmp(c->p.priority, "P2") == 0 && strcmp(prio, "P2") != 0)
		sentence(&b, re_sprintf(a, "P2, not %s: its skip reason says \"%s\"", prio, re_inner_quotes(a, d->reason_phrase)));
	/* its own section's "Verify:" line when it has one, else one built from its deliverable */
	{
		char	   *v = own_verify(a, d->description);

		sentence(&b, v ? v : re_deferred_verify(a, d, re_title_core(a, lead[0] ? lead : d->title, true)));
	}
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
	c->feature = -1;
	c->rank = e->total_hits;
	c->tiebreak = e->probe_id;
	c->full_title = fill(a, e->title, e->total_hits, e->top_file);
	c->p.title = cap_title(a, c->full_title);
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
	if (e->detail && strncmp(e->detail, "none documented: ", 17) == 0)
		sentence(&b, re_sprintf(a, "No file of the documentation tree (docs/, SUMMARY.md, README) names any of them, so the reference is missing altogether: %s",
								re_cut_list(a, e->detail + 17, 160)));
	else if (e->detail && *e->detail)
		sentence(&b, re_sprintf(a, "Missing: %s", re_cut_list(a, e->detail, 160)));
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
	c->feature = -1;
	c->rank = f->score;
	c->tiebreak = re_sprintf(a, "%03d %s", f->ord, f->focus_id);
	c->full_title = f->title;
	c->p.title = cap_title(a, f->title);
	c->p.pillar = f->pillar;
	c->p.effort = f->effort;
	c->p.priority = f->score >= 6.0 || re_pillar_is(in->pillars, in->npillars, f->pillar, "critical") ? "P1" : "P2";
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
		/* recent work is live code where follow-up quality items belong, not coverage */
		sentence(&b, re_sprintf(a, "CHANGELOG.md records %d related entr%s in the last %d releases (latest v%s), so this is live code",
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
	const char *own = c->feature >= 0 ? in->features[c->feature].item_id : NULL;

	*best = 0;
	for (i = 0; i < in->nexisting; i++)
	{
		double		o,
					o2;

		RE_CHECK_INTERRUPTS();

		/* a lens item names its own feature: compare with the other items */
		if (own && strcmp(in->existing[i].id, own) == 0)
			continue;
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

/*
 * The shipped changelog entry of the window the candidate repeats, or -1: its
 * title overlaps the entry (>= 0.75), and for a feature item the entry names
 * its identifier or its feature's id — words alone ship no feature
 * (docs/proposals.md "Dedupe by item").
 */
static int
already_shipped(ReArena *a, const ReProposeIn *in, const Cand *c)
{
	int			i;
	const char *base = c->kind == 3 && c->ident ? re_claim_ident_base(a, c->ident) : NULL;

	for (i = 0; i < in->nshipped; i++)
	{
		RE_CHECK_INTERRUPTS();
		if (re_word_overlap(c->match_text, in->shipped[i].text) < 0.75)
			continue;
		if (c->kind == 3 && !((base && *base && strstr(in->shipped[i].text, base)) ||
							  (c->p.feature_id && re_text_names_id(in->shipped[i].text, c->p.feature_id))))
			continue;
		return i;
	}
	return -1;
}

/* A planner dismissed it: same source ref, same title, or nearly the same words. */
static bool
dismissed(const ReProposeIn *in, const Cand *c)
{
	int			i;

	for (i = 0; i < in->ndismissed; i++)
	{
		const ReDismissIn *d = &in->dismissed[i];

		if (d->source_ref && c->p.source_ref && strcmp(d->source_ref, c->p.source_ref) == 0)
			return true;
		if (d->title && (strcasecmp(d->title, c->p.title) == 0 ||
						 (re_word_overlap(d->title, c->p.title) >= 0.8 &&
						  re_word_overlap(c->p.title, d->title) >= 0.8)))
			return true;
	}
	return false;
}

static RePolicy
policy_of(const ReProposeIn *in)
{
	RePolicy	p = in->policy;

	if (p.max_per_pillar <= 0)
		p.max_per_pillar = 6;
	if (p.min_per_pillar <= 0)
		p.min_per_pillar = 3;
	if (p.min_per_pillar > p.max_per_pillar)
		p.min_per_pillar = p.max_per_pillar;
	if (p.max_feature < 0)
		p.max_feature = 0;
	if (p.max_feature == 0 && p.max_deferred == 0 && p.max_evidence == 0)
	{
		p.max_feature = 3;
		p.max_deferred = 2;
		p.max_evidence = 2;
	}
	if (p.max_uses_per_feature <= 0)
		p.max_uses_per_feature = 2;
	if (p.stale_after <= 0)
		p.stale_after = 8;
	if (p.strong_gap <= 0)
		p.strong_gap = 5.0;
	if (p.reuse_penalty < 0)
		p.reuse_penalty = 0;
	if (p.gap_anchor < 0)
		p.gap_anchor = 1;
	if (p.kept_beyond_share < 0)
		p.kept_beyond_share = 1;
	return p;
}

/* Is a path under a directory of ideas or plans (not the code or its docs)? */
static bool
plan_path(const char *path)
{
	static const char *const dirs[] = {"plans", "plan", "research", "rfc", "rfcs", "proposals", "proposal", "design",
	"drafts", "draft", NULL};
	const char *s = path;

	while (*s)
	{
		size_t		n = strcspn(s, "/");
		int			k;

		if (s[n] == '/')
			for (k = 0; dirs[k]; k++)
				if (strlen(dirs[k]) == n && strncasecmp(s, dirs[k], n) == 0)
					return true;
		s += n;
		if (*s == '/')
			s++;
	}
	return false;
}

/*
 * The project's own benchmarks, from its tree ({bench:…} in a lens): a
 * directory named benches/bench/benchmarks, else a docs page named after
 * benchmarks, else a file with "bench" in its name; NULL when none (plans
 * and research notes are not benchmarks).
 */
static const char *
project_bench(ReArena *a, const char *const *paths, int n)
{
	int			i,
				pass;

	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < n; i++)
		{
			const char *p = paths[i],
					   *base = strrchr(p, '/') ? strrchr(p, '/') + 1 : p,
					   *d;
			size_t		bl = strlen(base);

			if (plan_path(p))
				continue;
			if (pass == 0)
			{
				for (d = p; (d = strstr(d, "bench")) != NULL; d++)
					if ((d == p || d[-1] == '/') && (strncmp(d, "benches/", 8) == 0 || strncmp(d, "bench/", 6) == 0 ||
													 strncmp(d, "benchmarks/", 11) == 0))
						return re_sprintf(a, "the benchmarks under `%.*s`", (int) (strchr(d, '/') + 1 - p), p);
			}
			else if (pass == 1 && strncasecmp(base, "bench", 5) == 0 && bl > 3 && strcasecmp(base + bl - 3, ".md") == 0)
				return re_sprintf(a, "the benchmarks `%s` describes", p);
			else if (pass == 2 && !(bl > 3 && strcasecmp(base + bl - 3, ".md") == 0))
			{
				char	   *low = plain_lower(a, base);

				if (strstr(low, "bench"))
					return re_sprintf(a, "`%s`", p);
			}
		}
	return NULL;
}

/* Feature-lens candidates from the target's own items. */
static int
add_features(ReArena *a, const ReProposeIn *in, Cand **candsp, int nc, ReFeature **fsp, ReLensCtx *ctxp,
			 char *err, size_t errlen)
{
	Cand	   *cands;
	ReFeature  *fs = re_alloc(a, sizeof(ReFeature) * (size_t) (in->nfeatures + 1));
	ReLensCtx	ctx;
	ReLensHit  *hits;
	int			i,
				nh;
	const char **ids = re_alloc(a, sizeof(char *) * (size_t) (in->nfeatures + 1));
	const char **titles = re_alloc(a, sizeof(char *) * (size_t) (in->nfeatures + 1));
	const char **descs = re_alloc(a, sizeof(char *) * (size_t) (in->nfeatures + 1));
	char	  **allnotes = re_alloc(a, sizeof(char *) * (size_t) (in->nfeatures + 1));

	*fsp = fs;
	for (i = 0; i < in->nfeatures; i++)
	{
		ids[i] = in->features[i].item_id;
		titles[i] = in->features[i].title;
		descs[i] = in->features[i].description;
	}
	re_feature_notes_all(a, in->section_text, in->nfeatures, ids, titles, descs, allnotes);
	for (i = 0; i < in->nfeatures; i++)
	{
		const char *desc = in->features[i].description ? in->features[i].description : "";
		char	   *notes = allnotes[i];

		RE_CHECK_INTERRUPTS();
		if (re_feature_extract(a, in->features[i].item_id, in->features[i].title, notes,
							   in->features[i].priority, in->kinds, in->nkinds, &fs[i], err, errlen) != 0)
			return -1;
		if (strlen(notes) > strlen(desc))
			fs[i].notes_at = fs[i].desc_at + (int) strlen(desc);
		if (re_feature_own_text(a, &fs[i], in->kinds, in->nkinds, err, errlen) != 0)
			return -1;
	}
	memset(&ctx, 0, sizeof(ctx));
	ctx.version = in->version;
	ctx.prev_version = in->prev_version;
	ctx.docs_text = in->docs_text;
	ctx.tests_text = in->tests_text;
	ctx.section_text = in->section_text;
	ctx.has_upgrade_script = in->has_upgrade_script;
	ctx.kinds = in->kinds;
	ctx.nkinds = in->nkinds;
	ctx.gates = in->lens_gates;
	ctx.bench = project_bench(a, in->tree_paths, in->ntree_paths);
	ctx.err = err;
	ctx.errlen = errlen;
	nh = re_lens_apply(a, &ctx, in->lenses, in->nlenses, fs, in->nfeatures, &hits);
	if (nh < 0)
		return -1;
	*ctxp = ctx;
	/* sized by the hits found, not nfeatures x nlenses (gigabytes for 100,000 items) */
	cands = re_alloc(a, sizeof(Cand) * (size_t) (nc + nh + 1));
	memcpy(cands, *candsp, sizeof(Cand) * (size_t) nc);
	*candsp = cands;
	for (i = 0; i < nh; i++)
	{
		Cand	   *c;
		const ReLensHit *h = &hits[i];

		/* a docs list lens writes one item for the release (add_docs_lists), not one per feature */
		if (re_docs_list_lens(h->lens))
			continue;
		c = &cands[nc++];
		memset(c, 0, sizeof(*c));
		c->kind = 3;
		c->rank = h->rank;
		c->feature = (int) (h->feature - fs);
		c->tiebreak = re_sprintf(a, "%05d %s", c->feature, h->lens->lens_id);
		c->full_title = h->title;
		c->p.title = cap_title(a, lens_title(a, &ctx, h));
		c->p.pillar = h->lens->pillar;
		c->p.effort = norm_effort(h->lens->effort, "S");
		c->p.priority = norm_priority(h->priority);
		c->p.description = h->description;
		c->p.dependencies = re_strdup(a, h->feature->item_id);
		c->p.schema_change = h->lens->schema_change;
		c->p.source = "feature";
		c->p.source_ref = re_sprintf(a, "%s %s", h->feature->item_id, h->lens->lens_id);
		c->p.feature_id = h->feature->item_id;
		c->p.lens_id = h->lens->lens_id;
		c->match_text = c->p.title;
		c->evidence = h->evidence != NULL;
		c->per_release = h->lens->per_release;
		c->weight = h->lens->weight;
		c->anchor = h->feature->priority && strcmp(h->feature->priority, "P0") == 0 ? 3
			: h->feature->priority && strcmp(h->feature->priority, "P1") == 0 ? 2 : 1;
		c->lens = h->lens;
		c->ident = h->ident;
	}
	return nc;
}

/* The selector's working state: candidates, what each pillar chose so far. */
typedef struct Sel
{
	ReArena    *a;
	const ReProposeIn *in;
	RePolicy	pol;
	Cand	   *cands;
	int			nc;
	Cand	  **chosen;			/* parallel to out->items */
	int		   *uses;			/* pillars each feature appears in */
	ReProposeOut *out;
	const ReDeferredIn **stale;
	int			nstale;
	ReListed	listed;			/* the checks the target section already lists */
	const char **thin;			/* per pillar: why its focus-area gaps were dropped, or NULL */
	const char **section_sents;	/* the sentences of the target's section (Goal, items, exit criteria) */
	int			nsection_sents;
	ReDocIndex	docs;			/* the headings of the commit's docs */
	ReClaimTexts claims;		/* the docs (no idea folders) and CHANGELOG.md: what they state as true */
	ReClaimTexts docs_only;		/* the same without the changelog: where a docs item writes */
	const char **item_ids;		/* the planned items (and the section text, id NULL): what they list */
	const char **item_texts;
	int			nitems;
	const char *set_prefix;		/* the documented settings prefix ("pg_trickle"), or NULL */
	const char *set_path;		/* the document with most of those settings */
	const char *set_example;	/* one of them */
	const ReDocSection **feature_doc;	/* per feature: the docs section describing it as existing, or NULL */
	ReFeature  *fs;				/* the features as the lenses read them (NULL: none) */
	ReShipped  *shipped;		/* per feature: what says it shipped before it was planned (source 0: nothing) */
	const char **left;			/* per pillar: kept-class items a cap left out, or NULL */
	ReLensCtx	lctx;			/* what the lenses saw (add_features) */
} Sel;

/* The Verify sentence of a description, or "". */
static const char *
verify_part(const char *desc)
{
	const char *v = desc ? strstr(desc, "Verify:") : NULL;

	return v ? v : "";
}

/* Its names and check families, for the dedupe rules (docs/proposals.md "Dedupe"). */
static void
sign_candidate(Sel *s, Cand *c)
{
	int			n = 0;

	if (c->p.feature_id)
	{
		char	   *id = re_strdup(s->a, c->p.feature_id);
		char	   *p;

		for (p = id; *p; p++)
			*p = (char) tolower((unsigned char) *p);
		c->idents[n++] = id;
	}
	c->title_ident0 = n;
	c->nidents = n + re_check_idents(s->a, c->p.title, c->idents + n, RE_MAX_CHECK_IDENTS - n);
	/*
	 * the check its title asks for (read before cap_title cut it to ten
	 * words: a cut text changes no selection); a title that names none
	 * ("Define `x` for …") takes its Verify's
	 */
	c->families = re_check_families(c->full_title ? c->full_title : c->p.title, s->in->families, s->in->nfamilies);
	if (c->families == 0)
		c->families = re_check_families(verify_part(c->p.description), s->in->families, s->in->nfamilies);
}

/* The first sentence of a changelog entry, at most 300 bytes. */
static char *
entry_lead(ReArena *a, const char *text)
{
	const char *end = strstr(text, ". ");
	size_t		n = end ? (size_t) (end - text) : strlen(text);

	return re_strndup(a, text, n > 300 ? 300 : n);
}

static const char **
leads_of(ReArena *a, const ReTextIn *list, int n)
{
	const char **o = re_alloc(a, sizeof(char *) * (size_t) (n + 1));
	int			i;

	for (i = 0; i < n; i++)
		o[i] = entry_lead(a, list[i].text);
	return o;
}

/*
 * The name a docs heading would give an item: its bold lead's core
 * ("Failure mode: WAL recycled past slot — fall back …" -> "WAL recycled
 * past slot"), without a leading "Label:".
 */
static char *
doc_name(ReArena *a, const char *title)
{
	char	   *lead = re_bold_lead(a, title);
	char	   *core = re_title_core(a, lead[0] ? lead : title, true);
	char	   *colon = strchr(core, ':');

	if (colon && colon - core < 25 && colon[1] == ' ' && strcspn(core, "`") > (size_t) (colon - core))
		core = colon + 2;
	return core;
}

/* The docs section describing the item titled title as existing (docs/proposals.md "Described in the docs"), or NULL. */
static const ReDocSection *
documented(Sel *s, const char *title)
{
	if (s->docs.n == 0 || title == NULL)
		return NULL;
	return re_doc_describes(&s->docs, doc_name(s->a, title), s->in->version);
}

/* A section heading as a title cites it: no parentheses, no trailing blanks. */
static char *
heading_core(ReArena *a, const char *heading)
{
	char	   *o = re_title_core(a, heading, true);
	size_t		n = strlen(o);

	while (n > 0 && (o[n - 1] == ' ' || o[n - 1] == ':'))
		o[--n] = '\0';
	return o;
}

/*
 * The sentence of a docs section that states what title promises: most
 * words shared with the title's tail after " — " (the behaviour), then with
 * the whole title; newlines folded, at most ~240 bytes, or NULL.
 */
static char *
doc_sentence(ReArena *a, const ReDocSection *doc, const char *title)
{
	const char **sents;
	const char *tail = strstr(title, " \xE2\x80\x94 ");
	int			n,
				i,
				best = -1,
				best_score = 0;
	char	   *body = re_strdup(a, doc->body),
			   *c;

	for (c = body; *c; c++)
		if (*c == '\n')
			*c = ' ';
	sents = re_sentences(a, body, &n);
	for (i = 0; i < n; i++)
	{
		int			whole = 0,
					behaviour = 0;

		while (*sents[i] == ' ')
			sents[i]++;
		if (strlen(sents[i]) > 240 || strchr(sents[i], '|'))
			continue;
		(void) re_stem_overlap(title, sents[i], false, &whole);
		if (tail)
			(void) re_stem_overlap(tail, sents[i], false, &behaviour);
		if (2 * behaviour + whole > best_score)
		{
			best = i;
			best_score = 2 * behaviour + whole;
		}
	}
	return best >= 0 ? re_strdup(a, sents[best]) : NULL;
}

/*
 * A deferral the docs describe as current behaviour is not "Complete X":
 * the code and the doc disagree, and the item reconciles them.
 */
static void
reconcile_deferred(Sel *s, const ReDeferredIn *d, const ReDocSection *doc, Cand *c)
{
	ReArena    *a = s->a;
	ReBuf		b;
	char	   *lead = re_bold_lead(a, d->title);
	char	   *quote = doc_sentence(a, doc, d->title);

	c->p.title = cap_title(a, re_sprintf(a, "Reconcile v%s %s with `%s` \xC2\xA7%s", d->version, d->item_id,
										 doc->path, heading_core(a, doc->heading)));
	c->p.effort = "S";
	re_buf_init(&b);
	sentence(&b, re_sprintf(a, "Deferred from v%s (%s, \"%s\"): %s",
							d->version, d->item_id, re_title_core(a, lead[0] ? lead : d->title, true),
							d->status_text ? d->status_text : "not done"));
	/* reported, not quoted: a deferred item quotes only its own section (docs/proposals.md "Text rules") */
	sentence(&b, re_sprintf(a, "Yet `%s` \xC2\xA7%s describes it as current behaviour%s%s",
							doc->path, heading_core(a, doc->heading), quote ? ": " : "", quote ? quote : ""));
	sentence(&b, "Make the code do what the section says, or correct the section");
	sentence(&b, re_sprintf(a, "Verify: a test reproduces the case \xC2\xA7%s describes and observes what it states, or `%s` no longer states it",
							heading_core(a, doc->heading), doc->path));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

/*
 * The gap rule (docs/proposals.md "Focus-area gaps"): a focus-area
 * candidate is dropped when a changelog entry of any release up to the
 * target shipped its deliverable (60 % of the stems of its title after the
 * verb, two of them distinctive, in the entry's first sentence), when a file
 * of the tree delivers it (re_file_delivers), when an entry of the shipped
 * window relates to it (40 %, one distinctive stem: the area is live and its
 * follow-ups come from the feature lenses, and "nothing since vX" would be
 * false), when a sentence of the target's section (its Goal, an item, an
 * exit criterion) already states it (60 %, two distinctive stems), or, when
 * the release lists features, when no probe evidence of this commit anchors
 * it or the section or its plan already has an item in its area: a generic
 * title is filler there, and one in a planned area repeats the plan.
 * Returns the reason, or NULL.
 */
static char *
gap_done(Sel *s, const Cand *c, const char **hist, const char **window)
{
	const ReProposeIn *in = s->in;
	const ReFocusIn *f = find_focus(in, c->p.focus_id);
	bool		verb = starts_with_verb(c->p.title);
	const char *file;
	const ReDocSection *doc;
	int			i;

	if ((i = re_entry_repeats(s->a, c->p.title, verb, hist, in->nhistory, 0.6, 2)) >= 0)
		return re_sprintf(s->a, "v%s shipped \"%s\"", in->history[i].id, re_title_core(s->a, re_bold_lead(s->a, hist[i]), true));
	if ((file = re_file_delivers(c->p.title, in->tree_paths, in->ntree_paths)) != NULL)
		return re_sprintf(s->a, "`%s` exists", file);
	if ((doc = documented(s, c->p.title)) != NULL)
		return re_sprintf(s->a, "`%s` \xC2\xA7\"%s\" describes it", doc->path, heading_core(s->a, doc->heading));
	if ((i = re_entry_repeats(s->a, c->p.title, verb, window, in->nshipped, 0.4, 1)) >= 0)
		return re_sprintf(s->a, "recent work in v%s: \"%s\"", in->shipped[i].id,
						  re_title_core(s->a, re_bold_lead(s->a, window[i]), true));
	if ((i = re_entry_repeats(s->a, c->p.title, verb, s->section_sents, s->nsection_sents, 0.6, 2)) >= 0)
		return re_strdup(s->a, "");
	/*
	 * With features listed, a gap needs evidence from this commit (probe
	 * hits) and an area the release leaves alone: an item of the section or
	 * an open line of its plan in the area means the release already plans
	 * it, so the gap would repeat it (an open plan item is no anchor).
	 */
	if (s->pol.gap_anchor && in->nfeatures > 0 && f &&
		(f->evidence_hits == 0 || f->planned_in_target > 0 || f->plan_open > 0))
		return re_strdup(s->a, "");
	return NULL;
}

/* The item's table cell as the section writes it (bold marks kept: "**`f(x)`** Reads …"), else its title. */
static const char *
row_cell(Sel *s, int f)
{
	const char *sec = s->in->section_text,
			   *p;
	char	   *key = re_sprintf(s->a, "| %s |", s->in->features[f].item_id);

	if (sec && (p = strstr(sec, key)) != NULL)
	{
		p += strlen(key);
		while (*p == ' ')
			p++;
		return re_strndup(s->a, p, strcspn(p, "|\n"));
	}
	return s->in->features[f].title;
}

/*
 * The function or setting a feature adds, when its title is that
 * identifier alone ("Implement missing `f()`", "**`s.f(name)`**"), and it
 * exists already: a docs heading names it, or a changelog entry of an
 * earlier release does (docs/proposals.md "Shipped before it was planned").
 */
static bool
contract_shipped(Sel *s, int f, const char *const *vers, const char *const *texts, int nh, ReShipped *sh)
{
	const ReFeature *ft = &s->fs[f];
	const char *title = s->in->features[f].title;
	int			k,
				i;

	for (k = 0; k < ft->nids; k++)
	{
		const ReIdent *id = &ft->ids[k];
		char	   *heading = NULL,
				   *base,
				   *call;
		const char *path;

		if (!id->in_title || !(id->kind == IK_FUNCTION || re_ident_kind_matches(id->kind, IK_GUC)) ||
			!(re_title_is_ident(title, id->text) ||
			  (title && title[0] == '`' && re_title_is_ident(row_cell(s, f), id->text))))
			continue;
		sh->what = id->text;
		if ((path = re_ident_documented(id->text, s->docs_only.paths, s->docs_only.texts, s->docs_only.n,
										&heading, s->a)) != NULL)
		{
			sh->source = RE_SHIP_CONTRACT;
			sh->where = re_sprintf(s->a, "`%s`", path);
			sh->text = re_sprintf(s->a, "\xC2\xA7%s", heading);
			return true;
		}
		base = re_claim_ident_base(s->a, id->text);
		call = id->kind == IK_FUNCTION ? re_sprintf(s->a, "%s(", base) : re_strdup(s->a, id->text);
		if (strlen(base) < 8)
			continue;
		for (i = 0; i < nh; i++)
			if (strstr(texts[i], call))
			{
				sh->source = RE_SHIP_CONTRACT;
				sh->where = re_sprintf(s->a, "`CHANGELOG.md` v%s", vers[i]);
				sh->text = re_shipped_fold(s->a, texts[i], 200);
				return true;
			}
	}
	return false;
}

/*
 * The subsection heading (### …) the item's row or block is under, its
 * name without a parenthesis or a " — " tail ("In-Database Parallel Refresh
 * Worker Pool"), or NULL.
 */
static char *
group_name(Sel *s, const char *id)
{
	const char *sec = s->in->section_text,
			   *at,
			   *h = NULL,
			   *p;
	char	   *name;
	size_t		n;

	if (sec == NULL || ((at = strstr(sec, re_sprintf(s->a, "| %s |", id))) == NULL &&
						(at = strstr(sec, re_sprintf(s->a, "**%s", id))) == NULL))
		return NULL;
	for (p = sec; p < at; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : at)
		if (strncmp(p, "###", 3) == 0)
			h = p;
	if (h == NULL)
		return NULL;
	while (*h == '#' || *h == ' ')
		h++;
	n = strcspn(h, "\n(");
	name = re_strndup(s->a, h, n);
	if ((p = strstr(name, " \xE2\x80\x94 ")) != NULL)
		name[p - name] = '\0';
	return name;
}

/* The sentence starting at text, over line breaks and "> " quote marks, up to ". " (at most ~300 bytes). */
static char *
doc_sentence_at(ReArena *a, const char *text)
{
	const char *end = strstr(text, ". ");
	size_t		n = end ? (size_t) (end - text) : strlen(text);
	char	   *o = re_strndup(a, text, n > 300 ? 300 : n),
			   *p;

	for (p = o; (p = strstr(p, "\n>")) != NULL;)
		p[1] = ' ';
	return o;
}

/*
 * A docs section whose heading names the item's group (every stem of the
 * heading, at least two, in the group's name) and whose opening says the
 * feature arrived in an earlier release ("Parallel refresh is new in
 * v0.4.0"): the group plans a feature that exists. *at: the sentence.
 */
static const ReDocSection *
group_documented(Sel *s, int f, int *at)
{
	char	   *name = group_name(s, s->in->features[f].item_id);
	int			k,
				shared;

	for (k = 0; name && k < s->docs.n; k++)
	{
		const ReDocSection *d = &s->docs.s[k];

		if (d->nstems >= 2 && re_stem_overlap(heading_core(s->a, d->heading), name, false, &shared) >= 1.0 &&
			shared >= 2 && (*at = re_doc_arrived(d->body, s->in->version)) >= 0)
			return d;
	}
	return NULL;
}

/*
 * What says each planned feature shipped before it was planned: a line of
 * its own section, a changelog entry of an earlier release, the documented
 * identifier it adds, or a docs section describing it (in that order).
 */
static void
find_shipped(Sel *s)
{
	const ReProposeIn *in = s->in;
	int			nlines,
				i,
				k;
	char	  **lines = re_shipped_lines(s->a, in->section_text, &nlines);
	const char **vers = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));

	const char **leads = re_alloc(s->a, sizeof(char *) * (size_t) (in->nhistory + 1));
	int			nh = 0;
	ReVersion	tv,
				v;

	/* the changelog of the releases before the target: its own entries are its work in progress */
	for (i = 0; i < in->nhistory && re_version_parse(in->version, &tv); i++)
		if (re_version_parse(in->history[i].id, &v) && re_version_cmp(&v, &tv) < 0)
		{
			vers[nh] = in->history[i].id;
			texts[nh] = in->history[i].text;
			leads[nh++] = re_changelog_lead(s->a, in->history[i].text);
		}
	s->shipped = re_alloc(s->a, sizeof(ReShipped) * (size_t) (in->nfeatures + 1));
	for (i = 0; i < in->nfeatures; i++)
	{
		ReShipped  *sh = &s->shipped[i];
		const char *id = in->features[i].item_id,
				   *line;
		char	   *name = doc_name(s->a, in->features[i].title);
		const ReDocSection *g;
		int			at;

		RE_CHECK_INTERRUPTS();
		if ((line = re_shipped_line_for(lines, nlines, id)) != NULL)
		{
			sh->source = RE_SHIP_SECTION;
			sh->text = re_shipped_fold(s->a, line, 240);
		}
		else if ((k = re_changelog_ships(s->a, name, id, leads, texts, nh)) >= 0)
		{
			sh->source = RE_SHIP_CHANGELOG;
			sh->where = re_sprintf(s->a, "v%s", vers[k]);
			sh->text = re_shipped_fold(s->a, texts[k], 220);
		}
		else if (s->fs && contract_shipped(s, i, vers, texts, nh, sh))
			;
		else if ((g = group_documented(s, i, &at)) != NULL)
		{
			sh->source = RE_SHIP_DOCS;
			sh->where = g->path;
			sh->what = heading_core(s->a, g->heading);
			sh->text = re_shipped_fold(s->a, doc_sentence_at(s->a, g->body + at), 240);
		}
		else if (s->feature_doc[i])
		{
			char	   *q = doc_sentence(s->a, s->feature_doc[i], in->features[i].title);

			sh->source = RE_SHIP_DOCS;
			sh->where = s->feature_doc[i]->path;
			sh->what = heading_core(s->a, s->feature_doc[i]->heading);
			sh->text = q ? re_shipped_fold(s->a, q, 240) : re_strdup(s->a, "");
		}
	}
}

static bool
same_shipped(const ReShipped *x, const ReShipped *y)
{
	return x->source == y->source && strcmp(x->text, y->text) == 0 &&
		((x->where == NULL && y->where == NULL) || (x->where && y->where && strcmp(x->where, y->where) == 0)) &&
		((x->what == NULL && y->what == NULL) || (x->what && y->what && strcmp(x->what, y->what) == 0));
}

/* The pillar of the best lens item a shipped feature loses, else the stability pillar (else the first). */
static const char *
reconcile_pillar(const Sel *s, const Cand *cands, int nc, int f)
{
	int			i,
				best = -1;

	for (i = 0; i < nc; i++)
		if (cands[i].kind == 3 && cands[i].feature >= 0 && same_shipped(&s->shipped[cands[i].feature], &s->shipped[f]) &&
			(best < 0 || cands[i].rank > cands[best].rank))
			best = i;
	if (best >= 0)
		return cands[best].p.pillar;
	for (i = 0; i < s->in->npillars; i++)
		if (strcmp(s->in->pillars[i].key, "stability") == 0)
			return s->in->pillars[i].key;
	return s->in->npillars > 0 ? s->in->pillars[0].key : "stability";
}

/* One reconcile candidate per text that closes features (docs/proposals.md "Shipped before it was planned"). */
static int
add_reconciles(Sel *s, int nc)
{
	const ReProposeIn *in = s->in;
	Cand	   *cands = re_alloc(s->a, sizeof(Cand) * (size_t) (nc + in->nfeatures + 1));
	int			i,
				k,
				n = nc;

	memcpy(cands, s->cands, sizeof(Cand) * (size_t) nc);
	for (i = 0; i < in->nfeatures; i++)
	{
		ReBuf		ids;
		Cand	   *c;
		bool		first = s->shipped[i].source != RE_SHIP_NONE;

		for (k = 0; k < i && first; k++)
			first = !same_shipped(&s->shipped[k], &s->shipped[i]);
		if (!first)
			continue;
		re_buf_init(&ids);
		for (k = i; k < in->nfeatures; k++)
			if (same_shipped(&s->shipped[k], &s->shipped[i]))
				re_buf_printf(&ids, "%s%s", ids.len ? ", " : "", in->features[k].item_id);
		c = &cands[n++];
		memset(c, 0, sizeof(*c));
		c->kind = 3;
		c->reconcile = true;
		c->feature = i;
		c->rank = 1000.0;
		c->weight = 3;
		c->evidence = true;
		c->anchor = 2;
		c->tiebreak = re_sprintf(s->a, "%05d reconcile", i);
		c->full_title = re_reconcile_title(s->a, &s->shipped[i], ids.data);
		c->p.title = cap_title(s->a, c->full_title);
		c->p.pillar = reconcile_pillar(s, cands, nc, i);
		c->p.effort = "S";
		c->p.priority = "P1";
		c->p.description = re_reconcile_description(s->a, &s->shipped[i], ids.data,
													re_title_core(s->a, re_bold_lead(s->a, in->features[i].title), true));
		c->p.dependencies = re_strdup(s->a, ids.data);
		c->p.source = "feature";
		c->p.source_ref = re_sprintf(s->a, "%s reconcile_shipped", in->features[i].item_id);
		c->p.feature_id = in->features[i].item_id;
		c->p.lens_id = "reconcile_shipped";
		c->match_text = c->p.title;
		re_buf_free(&ids);
	}
	s->cands = cands;
	return n;
}

/* Can c be proposed at all? Counts the reason when it cannot. */
static bool
eligible(Sel *s, Cand *c)
{
	const ReProposeIn *in = s->in;
	ReProposeOut *out = s->out;
	double		ov;
	int			k,
				rule;

	const char *id;
	const ReCheck *chk = NULL;

	if (c->banned)
	{
		c->why = "it repeats the check of an item chosen in another pillar";
		return false;
	}
	if ((id = already_listed(in, c, &ov)) != NULL)
	{
		out->skipped_existing++;
		if (!c->why)
			c->why = re_sprintf(s->a, "%s already plans it", id);
		return false;
	}
	if (c->kind != 0 && (k = already_shipped(s->a, in, c)) >= 0)
	{
		out->skipped_shipped++;
		if (!c->why)
			c->why = re_sprintf(s->a, "v%s shipped it", in->shipped[k].id);
		return false;
	}
	/* a reconcile item is about the plan, not one of the checks it lists */
	if (!c->reconcile && (c->claimed == 2 ||
						  (chk = re_listed_find(&s->listed, c->p.title, c->idents, c->nidents, c->families, &rule)) != NULL))
	{
		out->skipped_listed++;
		if (!c->why)
			c->why = chk ? re_sprintf(s->a, "the section checks it already (%s%s%s)", chk->owner ? chk->owner : "",
									  chk->owner ? " " : "", chk->source)
				: re_sprintf(s->a, "a planned item writes its docs (%s)", c->claim.sentence ? c->claim.sentence : "");
		return false;
	}
	if (c->claimed == 1)
	{
		out->skipped_claimed++;
		if (!c->why)
			c->why = re_sprintf(s->a, "`%s` states it already", c->claim.path);
		return false;
	}
	if ((c->kind == 2 && c->done) || (c->kind == 3 && !c->list && !c->reconcile && s->shipped[c->feature].source))
	{
		out->skipped_shipped++;
		out->skipped_gaps += c->kind == 2;
		if (!c->why)
			c->why = c->kind == 2 ? "its focus area is done or not anchored in this release"
				: "the feature shipped before this release";
		return false;
	}
	if (dismissed(in, c))
	{
		out->skipped_dismissed++;
		c->why = "a planner dismissed it";
		return false;
	}
	for (k = 0; k < in->nrules; k++)
	{
		char	   *ph;

		if (strcmp(in->rules[k].kind, "never") != 0)
			continue;
		ph = never_phrase(s->a, in->rules[k].text);
		/* a proposal that quotes the rule to enforce it is not a contradiction */
		if (ph && strstr(plain_lower(s->a, c->p.title), ph))
		{
			out->skipped_rules++;
			c->why = "an AGENTS.md rule forbids it";
			return false;
		}
	}
	return true;
}

/*
 * Title overlaps an item already chosen for this pillar. Two lens items
 * about different features are different items whatever words their
 * template gives both ("Document `a` in the configuration reference",
 * "Document `b` …"): they repeat only when their titles name the same
 * thing, or when a weak lens (weight under 3) asks its premise of both.
 */
static bool
repeats_chosen(ReArena *a, Cand **chosen, int first, int n, const Cand *c)
{
	int			i;

	for (i = first; i < n; i++)
	{
		/*
		 * facts about two identifiers are two items, and so are two risks a
		 * strong lens (weight 3 or more) asks of two features; a weak
		 * template asked of several features is one question per pillar
		 */
		if (c->kind == 3 && chosen[i]->kind == 3 && c->feature != chosen[i]->feature &&
			!share_title_name(a, c, chosen[i]) &&
			((c->evidence && chosen[i]->evidence) || (c->weight >= 3 && chosen[i]->weight >= 3)))
			continue;
		if (re_word_overlap(c->p.title, chosen[i]->p.title) >= 0.6 ||
			re_word_overlap(chosen[i]->p.title, c->p.title) >= 0.6)
			return true;
	}
	return false;
}


/*
 * The planned item whose name gives the highest priority (re_item_priority,
 * docs/proposals.md "Priority"; the first on a tie), and that priority.
 */
static int
top_feature(Sel *s, const ReLensDef *l, const ReDocsName *names, int n, const char **prio)
{
	int			best = -1,
				i;

	for (i = 0; i < n; i++)
	{
		const ReFeature *f = &s->fs[names[i].feature];
		const char *p = re_item_priority(l->priority, l->risk, f->priority,
										 re_lens_has_kinds(&s->lctx, f, "optional", false));

		if (best < 0 || strcmp(p, *prio) < 0)
		{
			best = names[i].feature;
			*prio = p;
		}
	}
	return best;
}

/*
 * The names as a title or Verify writes them: "`a`", "`a` and `b`", "`a`,
 * `b` and `c`"; more than three: "`a` and 4 more <noun>" (short) or
 * "each of the 5 <noun> named above" (a Verify).
 */
static char *
names_text(ReArena *a, const ReDocsName *names, int n, const char *noun, bool verify)
{
	ReBuf		b;
	char	   *o;
	int			i;

	if (n > 3 && verify)
		return re_sprintf(a, "each of the %d %s named above", n, noun);
	re_buf_init(&b);
	for (i = 0; i < n && i < 3; i++)
	{
		if (n > 3 && i == 1)
		{
			re_buf_printf(&b, " and %d more %s", n - 1, noun);
			break;
		}
		re_buf_printf(&b, "%s`%s`", i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i].name);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/* text with every from replaced by to. */
static char *
replace_all(ReArena *a, const char *text, const char *from, const char *to)
{
	ReBuf		b;
	size_t		n = strlen(from);
	const char *p,
			   *q;
	char	   *o;

	re_buf_init(&b);
	for (p = text; (q = strstr(p, from)) != NULL; p = q + n)
	{
		re_buf_append(&b, p, (size_t) (q - p));
		re_buf_puts(&b, to);
	}
	re_buf_puts(&b, p);
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/* tmpl with "`{ident}`" (and a bare "{ident}") replaced by list, then filled for feature f. */
static char *
fill_list(Sel *s, const char *tmpl, const ReFeature *f, const char *first, const char *list)
{
	char	   *t = replace_all(s->a, replace_all(s->a, tmpl, "`{ident}`", list), "{ident}", list);

	return re_lens_fill(s->a, t, &s->lctx, f, first);
}

/* Which of the names no planned item documents already (re_claim_doc_listed on the lens's document). */
static int
not_planned(Sel *s, const ReLensDef *l, ReDocsName *names, int n)
{
	const char *title = NULL;
	char	   *why;
	int			d = l->target_doc && *l->target_doc ? re_claim_target_doc(s->a, l->target_doc, &s->docs_only, &title) : -1,
				i,
				k = 0;

	for (i = 0; i < n; i++)
	{
		const ReFeature *f = &s->fs[names[i].feature];
		Cand		one;
		int			rule;

		/* the item it would be alone: is its check listed by the section (re_listed_find)? */
		memset(&one, 0, sizeof(one));
		one.p.feature_id = f->item_id;
		one.full_title = one.p.title = fill_list(s, l->title, f, names[i].name, re_sprintf(s->a, "`%s`", names[i].name));
		one.p.description = re_sprintf(s->a, "Verify: %s", fill_list(s, l->verify, f, names[i].name,
																	  re_sprintf(s->a, "`%s`", names[i].name)));
		sign_candidate(s, &one);
		if ((d < 0 || !re_claim_doc_listed(s->a, s->docs_only.paths[d], title, f->item_id, names[i].name, s->item_ids,
										   s->item_texts, s->nitems, &why)) &&
			!re_listed_find(&s->listed, one.p.title, one.idents, one.nidents, one.families, &rule))
			names[k++] = names[i];
	}
	return k;
}

/* The one docs item of list lens l for the release's names (n >= 1), into c. */
static void
docs_list_cand(Sel *s, const ReLensDef *l, const ReDocsName *names, int n, Cand *c)
{
	const ReProposeIn *in = s->in;
	bool		fn = re_docs_list_want(l) == IK_FUNCTION;
	const char *noun = fn ? "SQL functions" : "settings";
	const char *prio = NULL;
	int			top = top_feature(s, l, names, n, &prio),
				i;
	const ReFeature *f = &s->fs[top];
	ReBuf		d,
				ids;
	char	   *title = fill_list(s, l->title, f, names[0].name, names_text(s->a, names, n, fn ? "functions" : noun, false));
	char	   *why = fill_list(s, l->why, f, names[0].name, names_text(s->a, names, n, noun, false));
	char	   *verify = fill_list(s, l->verify, f, names[0].name, names_text(s->a, names, n, noun, true));

	re_buf_init(&d);
	re_buf_init(&ids);
	for (i = 0; i < n; i++)
		if (!strstr(ids.data ? ids.data : "", re_sprintf(s->a, "%s,", in->features[names[i].feature].item_id)))
			re_buf_printf(&ids, "%s,", in->features[names[i].feature].item_id);
	if (n == 1)
		re_buf_printf(&d, "v%s plans %s (\"%s\"). %s. No file in the docs tree mentions `%s` yet.", in->version,
					  f->item_id, re_inner_quotes(s->a, f->title), why, names[0].name);
	else
	{
		int			others = 0;

		for (i = 0; i < n; i++)
			others += names[i].feature != top && (i == 0 || names[i].feature != names[i - 1].feature);
		re_buf_printf(&d, "v%s plans %s", in->version, f->item_id);
		if (others > 0)
			re_buf_printf(&d, " and %d other item%s", others, others == 1 ? "" : "s");
		re_buf_printf(&d, " naming %s that no file in the docs tree mentions yet: ", noun);
		for (i = 0; i < n; i++)
			re_buf_printf(&d, "%s`%s` (%s)", i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i].name,
						  in->features[names[i].feature].item_id);
		re_buf_printf(&d, ". %s.", why);
	}
	for (i = 0; i < n; i++)
		if (names[i].written && s->set_path)
		{
			re_buf_printf(&d, " The section writes `%s`, but the settings `%s` documents are named `%s.…` (`%s`), so this item uses `%s`.",
						  names[i].written, s->set_path, s->set_prefix, s->set_example, names[i].name);
			break;
		}
	re_buf_printf(&d, " Verify: %s%s", verify, verify[strlen(verify) - 1] == '.' ? "" : ".");
	memset(c, 0, sizeof(*c));
	c->kind = 3;
	c->list = true;
	c->evidence = true;
	c->feature = top;
	c->lens = l;
	c->ident = names[0].name;
	c->weight = l->weight;
	c->anchor = f->priority && strcmp(f->priority, "P0") == 0 ? 3 : f->priority && strcmp(f->priority, "P1") == 0 ? 2 : 1;
	c->rank = l->weight + c->anchor + 1 + (n > 1);
	c->tiebreak = re_sprintf(s->a, "%05d %s", top, l->lens_id);
	c->full_title = title;
	c->p.title = cap_title(s->a, title);
	c->p.pillar = l->pillar;
	c->p.effort = norm_effort(n > 3 ? "S" : l->effort, "S");
	c->p.priority = norm_priority(prio);
	c->p.description = re_buf_to_arena(s->a, &d);
	c->p.dependencies = re_strndup(s->a, ids.data, ids.len - 1);
	for (i = 0; c->p.dependencies[i]; i++)
		if (c->p.dependencies[i] == ',')
			c->p.dependencies = re_sprintf(s->a, "%.*s, %s", i, c->p.dependencies, c->p.dependencies + i + 1);
	c->p.schema_change = l->schema_change;
	c->p.source = "feature";
	c->p.source_ref = re_sprintf(s->a, "%s %s", f->item_id, l->lens_id);
	c->p.feature_id = f->item_id;
	c->p.lens_id = l->lens_id;
	c->match_text = c->p.title;
	re_buf_free(&d);
	re_buf_free(&ids);
}

/*
 * One docs item per release and list lens (docs/proposals.md "One docs
 * item per release"): every setting or SQL function the planned items name
 * that no docs file mentions and no planned item documents, named in one
 * item whose priority is its highest-rated item's.
 */
static int
add_docs_lists(Sel *s, int nc)
{
	const ReProposeIn *in = s->in;
	const char *schema = re_docs_function_schema(s->a, s->fs, in->nfeatures);
	bool	   *skip = re_alloc(s->a, sizeof(bool) * (size_t) (in->nfeatures + 1));
	Cand	   *cands = re_alloc(s->a, sizeof(Cand) * (size_t) (nc + in->nlenses + 1));
	int			li,
				i;

	memcpy(cands, s->cands, sizeof(Cand) * (size_t) nc);
	s->cands = cands;
	for (li = 0; li < in->nlenses; li++)
	{
		const ReLensDef *l = &in->lenses[li];
		ReDocsName *names;
		int			n;

		if (!re_docs_list_lens(l))
			continue;
		/*
		 * the lens's premise gates (an item that says it changes nothing users
		 * see, a stub), and features shipped before they were planned
		 */
		for (i = 0; i < in->nfeatures; i++)
			skip[i] = (in->lens_gates && re_lens_has_kinds(&s->lctx, &s->fs[i], in->lens_gates[li].unless_kinds, false)) ||
				(s->shipped && s->shipped[i].source);
		n = re_docs_missing(s->a, s->fs, in->nfeatures, skip, re_docs_list_want(l), s->set_prefix, schema,
							in->docs_text, &names);
		n = not_planned(s, l, names, n);
		if (n > 0)
			docs_list_cand(s, l, names, n, &s->cands[nc++]);
	}
	return nc;
}

/*
 * The candidate producers: deferred items (stale ones go to Conflicts &
 * Risks), code evidence, focus-area gaps and feature lenses. Returns the
 * number of candidates, -1 on error (out->error set).
 */
static int
produce_candidates(Sel *s)
{
	const ReProposeIn *in = s->in;
	const ReDocSection *doc;
	int			nc = 0,
				i;

	for (i = 0; i < in->ndeferred; i++)
	{
		if (in->deferred[i].pillar == NULL)
			continue;
		RE_CHECK_INTERRUPTS();
		/* re-planned under a new id up to the target: a note in Conflicts & Risks, not an item */
		if (in->deferred[i].successor_id != NULL && !re_deferred_written_back(s->a, in, &in->deferred[i]))
			continue;
		/* carried too long: the planner confirms or drops it, we do not re-propose it */
		if (in->deferred[i].carried > s->pol.stale_after)
		{
			s->stale[s->nstale++] = &in->deferred[i];
			continue;
		}
		add_deferred(s->a, in, &in->deferred[i], &s->cands[nc]);
		if ((doc = documented(s, in->deferred[i].title)) != NULL)
			reconcile_deferred(s, &in->deferred[i], doc, &s->cands[nc]);
		nc++;
	}
	s->out->stale_deferred = s->nstale;
	for (i = 0; i < in->nevidence; i++)
		if (in->evidence[i].total_hits > 0)
		{
			RE_CHECK_INTERRUPTS();
			add_evidence(s->a, in, &in->evidence[i], &s->cands[nc++]);
		}
	for (i = 0; i < in->nfocus; i++)
	{
		add_gap(s->a, in, &in->focus[i], &s->cands[nc]);
		s->cands[nc].tier = in->focus[i].planned_in_target > 0;
		nc++;
	}
	if (in->nfeatures > 0 && in->nlenses > 0)
		nc = add_features(s->a, in, &s->cands, nc, &s->fs, &s->lctx, s->out->error, sizeof(s->out->error));
	return nc;
}

/*
 * A pillar that already holds one of exactly the items we would write (same
 * title under the pillar's prefix) was enriched before: add nothing, so a
 * second run changes nothing. One is enough: a pillar may hold fewer than
 * min_per_pillar items when its gaps were done (docs/proposals.md).
 */
static bool
pillar_enriched(const Sel *s, const RePillarDef *pd)
{
	const ReProposeIn *in = s->in;
	int			ours = 0,
				i,
				k;
	size_t		plen = strlen(pd->prefix);

	for (i = 0; i < s->nc; i++)
	{
		const Cand *c = &s->cands[i];

		RE_CHECK_INTERRUPTS();
		if (c->p.pillar == NULL || strcmp(c->p.pillar, pd->key) != 0)
			continue;
		for (k = 0; k < in->nexisting; k++)
			if (strncmp(in->existing[k].id, pd->prefix, plen) == 0 && in->existing[k].id[plen] == '-' &&
				strcmp(in->existing[k].text, c->p.title) == 0)
			{
				ours++;
				break;
			}
	}
	return ours >= 1;
}

static void
take(Sel *s, int i)
{
	s->chosen[s->out->n] = &s->cands[i];
	s->out->items[s->out->n++] = s->cands[i].p;
}

/*
 * Feature items a pillar may take. A release with few features spreads them
 * over every pillar: each pillar takes at most its share of the features'
 * pillar uses, so the first pillars do not spend them all (3 features x 3
 * uses = 9 -> 1 a pillar, not 3 each in the first three pillars).
 */
static int
feature_share(const ReProposeIn *in, const RePolicy *pol)
{
	int			cap = in->npillars > 0 ? in->nfeatures * pol->max_uses_per_feature / in->npillars : pol->max_feature;

	if (cap < 1)
		cap = 1;
	return cap < pol->max_feature ? cap : pol->max_feature;
}

/* Two items about the same planned item (a docs list is the release's, about none alone). */
static bool
same_feature(const Cand *x, const Cand *y)
{
	return x->feature == y->feature && !x->list && !y->list;
}

/*
 * The best feature candidate the pillar may still take, or -1: one item per
 * feature in a pillar, a feature in at most max_uses pillars, ranked down by
 * the pillars it is already in. kept: only kept-class items (the lens fired
 * on a fact of the commit), best anchor priority first.
 */
static int
best_feature(Sel *s, const bool *ok, int first, bool kept)
{
	int			best = -1,
				i;
	double		best_rank = 0;

	for (i = 0; i < s->nc; i++)
	{
		Cand	   *c = &s->cands[i];
		double		r;
		int			k,
					dup = 0;

		RE_CHECK_INTERRUPTS();

		/* a kept-class item beyond the share is a fact of the commit: max_uses does not drop it */
		if (!ok[i] || c->kind != 3 || (kept && !c->evidence) ||
			(!kept && s->uses[c->feature] >= s->pol.max_uses_per_feature))
			continue;
		for (k = first; k < s->out->n; k++)
			if (same_feature(s->chosen[k], c) ||
				(c->per_release && s->chosen[k]->kind == 3 && strcmp(s->chosen[k]->p.lens_id, c->p.lens_id) == 0))
				dup = 1;
		if (dup || repeats_chosen(s->a, s->chosen, first, s->out->n, c))
			continue;
		r = c->rank - s->pol.reuse_penalty * s->uses[c->feature] + (kept ? 100.0 * c->anchor : 0);
		if (best < 0 || r > best_rank)
		{
			best = i;
			best_rank = r;
		}
	}
	return best;
}

static void
take_feature(Sel *s, bool *ok, int best)
{
	ok[best] = false;
	s->uses[s->cands[best].feature]++;
	take(s, best);
}

/*
 * 1. feature lenses: the best-ranked (feature, lens) pairs up to the
 * pillar's share, a feature already used elsewhere ranked down so the
 * pillars spread over the release's features.
 */
static void
select_features(Sel *s, bool *ok, int first)
{
	int			src,
				best,
				cap = feature_share(s->in, &s->pol);

	for (src = 0; src < cap && s->out->n - first < s->pol.max_per_pillar; src++)
	{
		if ((best = best_feature(s, ok, first, false)) < 0)
			break;
		take_feature(s, ok, best);
	}
}

/*
 * 1b. kept-class feature items beyond the share (docs/proposals.md "One
 * selector"): an item whose lens fired on a fact of the commit (the
 * identifier is in no doc or test, no upgrade script) is not dropped by the
 * share while the pillar has room after its deferred and evidence items;
 * best anchor priority first. What still does not fit is named in
 * Conflicts & Risks (write_risks), never dropped silently.
 */
static void
select_kept_features(Sel *s, bool *ok, int first)
{
	int			best;

	while (s->pol.kept_beyond_share && s->out->n - first < s->pol.max_per_pillar &&
		   (best = best_feature(s, ok, first, true)) >= 0)
		take_feature(s, ok, best);
	/* a full pillar: a kept-class item replaces a deferred or evidence item of lower priority */
	while (s->pol.kept_beyond_share && (best = best_feature(s, ok, first, true)) >= 0)
	{
		int			j,
					worst = -1;

		for (j = first; j < s->out->n; j++)
			if (s->chosen[j]->kind <= 1 &&
				strcmp(s->out->items[j].priority, s->cands[best].p.priority) > 0 &&
				(worst < 0 || strcmp(s->out->items[j].priority, s->out->items[worst].priority) >= 0))
				worst = j;
		if (worst < 0)
			break;
		s->chosen[worst]->bumped = true;
		s->chosen[worst] = &s->cands[best];
		s->out->items[worst] = s->cands[best].p;
		ok[best] = false;
		s->uses[s->cands[best].feature]++;
	}
}

/*
 * How strong a candidate's evidence is (docs/proposals.md "One selector"):
 * 3 a lens that fired on a fact of the commit (a name in no doc, no upgrade
 * script), 2 a deferral (its skip reason) or a code count, 1 a lens that
 * fired on the item's text alone, 0 a focus-area gap.
 */
static int
strength(const Cand *c)
{
	if (c->kind == 3)
		return c->evidence ? 3 : 1;
	return c->kind <= 1 ? 2 : 0;
}

/*
 * 3c. A full pillar holds the strongest evidence: while a candidate of
 * strength 2 or more is left out (a kept-class feature item, then a
 * deferral), it replaces the chosen item of the least strength below its
 * own and no higher priority (lowest priority, then rank, first), which is
 * named as left out.
 */
static void
swap_by_evidence(Sel *s, bool *ok, int first)
{
	int			guard;

	for (guard = 0; guard < s->pol.max_per_pillar * 2 && s->out->n - first >= s->pol.max_per_pillar; guard++)
	{
		int			best = best_feature(s, ok, first, true),
					i,
					j,
					worst = -1;

		for (i = 0; best < 0 && i < s->nc; i++)
			if (ok[i] && s->cands[i].kind == 0 && !repeats_chosen(s->a, s->chosen, first, s->out->n, &s->cands[i]))
				best = i;
		if (best < 0)
			return;
		for (j = first; j < s->out->n; j++)
		{
			const Cand *w = s->chosen[j];

			/* never for an item of higher priority: a P1 premise item outranks a P2 deferral */
			if (strength(w) >= strength(&s->cands[best]) ||
				strcmp(s->out->items[j].priority, s->cands[best].p.priority) < 0)
				continue;
			if (worst < 0 || strength(w) < strength(s->chosen[worst]) ||
				(strength(w) == strength(s->chosen[worst]) &&
				 (strcmp(s->out->items[j].priority, s->out->items[worst].priority) > 0 ||
				  (strcmp(s->out->items[j].priority, s->out->items[worst].priority) == 0 && w->rank < s->chosen[worst]->rank))))
				worst = j;
		}
		if (worst < 0)
			return;
		s->chosen[worst]->bumped = true;
		s->chosen[worst] = &s->cands[best];
		s->out->items[worst] = s->cands[best].p;
		ok[best] = false;
		if (s->cands[best].kind == 3)
			s->uses[s->cands[best].feature]++;
	}
}

/* 2. deferred items, most carried first; 3. code evidence, largest count first. */
static void
select_sources(Sel *s, bool *ok, int first, const char **used_focus, int *nused)
{
	int			src,
				i;

	for (src = 0; src <= 1; src++)
	{
		int			taken = 0,
					cap = src == 0 ? s->pol.max_deferred : s->pol.max_evidence;

		for (i = 0; i < s->nc && taken < cap && s->out->n - first < s->pol.max_per_pillar; i++)
		{
			if (!ok[i] || s->cands[i].kind != src || repeats_chosen(s->a, s->chosen, first, s->out->n, &s->cands[i]))
				continue;
			ok[i] = false;
			if (s->cands[i].p.focus_id && *nused < 64)
				used_focus[(*nused)++] = s->cands[i].p.focus_id;
			take(s, i);
			taken++;
		}
	}
}

/*
 * 4. focus-area gaps fill the pillar to the minimum (fresh areas first, then
 * areas the target already touches); beyond it only strong gaps are added.
 */
static void
select_gaps(Sel *s, bool *ok, int first, const char **used_focus, int *nused)
{
	int			tier,
				i;

	for (tier = 0; tier <= 1; tier++)
		for (i = 0; i < s->nc && s->out->n - first < s->pol.max_per_pillar; i++)
		{
			Cand	   *c = &s->cands[i];
			int			k,
						seen = 0;

			if (!ok[i] || c->kind != 2 || c->tier != tier)
				continue;
			for (k = 0; k < *nused; k++)
				if (strcmp(used_focus[k], c->p.focus_id) == 0)
					seen = 1;
			if (seen || repeats_chosen(s->a, s->chosen, first, s->out->n, c))
				continue;
			/* beyond the minimum only strong gaps, and none when the release lists features */
			if (s->out->n - first >= s->pol.min_per_pillar &&
				(tier > 0 || c->p.score < s->pol.strong_gap || s->in->nfeatures > 0))
				continue;
			ok[i] = false;
			if (*nused < 64)
				used_focus[(*nused)++] = c->p.focus_id;
			take(s, i);
		}
}

/*
 * The kept-class feature items a cap left out of the pillar (it is full, or
 * their feature is in max_uses_per_feature pillars already), and the
 * deferrals a full pillar had no room for: "`title`"
 * (id), …, at most three, or NULL.
 */
static const char *
left_out(Sel *s, const bool *ok, int first, const char *pillar)
{
	ReBuf		b;
	int			i,
				k,
				n = 0,
				more = 0;
	const char *r;
	bool		full = s->out->n - first >= s->pol.max_per_pillar;

	re_buf_init(&b);
	for (i = 0; i < s->nc; i++)
	{
		Cand	   *c = &s->cands[i];
		int			dup = 0;

		/* replaced by a kept-class item of higher priority: named too */
		if (!(c->bumped && c->p.pillar && strcmp(c->p.pillar, pillar) == 0))
		{
			/* a kept-class item, or a deferral a full pillar had no room for */
			if (!ok[i] || !((c->kind == 3 && c->evidence) || (c->kind == 0 && full)))
				continue;
			for (k = first; k < s->out->n; k++)
				if (same_feature(s->chosen[k], c))
					dup = 1;
			if (dup || repeats_chosen(s->a, s->chosen, first, s->out->n, c))
				continue;
		}
		if (n < 3 && c->p.feature_id)
			re_buf_printf(&b, "%s\"%s\" (%s)", n ? ", " : "", c->p.title, c->p.feature_id);
		else if (n < 3)
			re_buf_printf(&b, "%s\"%s\" (%s)", n ? ", " : "", c->p.title,
						  c->origin_id ? re_sprintf(s->a, "deferred v%s %s", c->origin_version, c->origin_id) : c->p.source);
		else
			more++;
		n++;
	}
	if (more)
		re_buf_printf(&b, " and %d more", more);
	r = n ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return r;
}

/*
 * A per_release lens's check is the release's, not one feature's (one
 * benchmark run gates every reworked path): its chosen item names every
 * feature the lens fired on in this pillar ("P2A-1, P3-2 and P4-2" in the
 * title, the others' ids in a sentence before the Verify) and depends on
 * all of them.
 */
static void
merge_release_checks(Sel *s, bool *ok, int first)
{
	int			k,
				i;

	for (k = first; k < s->out->n; k++)
	{
		Cand	   *c = s->chosen[k];
		ReProposal *p = &s->out->items[k];
		ReBuf		ids;
		int			n = 0;
		char	   *at;

		if (c->kind != 3 || !c->per_release)
			continue;
		re_buf_init(&ids);
		for (i = 0; i < s->nc; i++)
		{
			Cand	   *o = &s->cands[i];

			if (!ok[i] || o->kind != 3 || o->feature == c->feature || strcmp(o->p.lens_id, c->p.lens_id) != 0)
				continue;
			ok[i] = false;
			re_buf_printf(&ids, "%s%s", n ? ", " : "", o->p.feature_id);
			n++;
		}
		if (n > 0 && (at = strstr(p->title, c->p.feature_id)) != NULL)
		{
			const char *last = strrchr(ids.data, ',');
			char	   *list = last ? re_sprintf(s->a, "%s, %.*s and %s", c->p.feature_id, (int) (last - ids.data),
												 ids.data, last + 2)
				: re_sprintf(s->a, "%s and %s", c->p.feature_id, ids.data);

			p->title = re_sprintf(s->a, "%.*s%s%s", (int) (at - p->title), p->title, n > 2 ? re_sprintf(s->a, "%s and %d more", c->p.feature_id, n) : list,
								  at + strlen(c->p.feature_id));
			at = strstr(p->description, " Verify: ");
			if (at)
				p->description = re_sprintf(s->a, "%.*s The same run covers %s.%s", (int) (at - p->description),
											p->description, ids.data, at);
			p->dependencies = re_sprintf(s->a, "%s, %s", c->p.feature_id, ids.data);
		}
		re_buf_free(&ids);
	}
}

/* Cite the AGENTS.md rule an item touches and number the pillar's items. */
static void
finish_pillar(Sel *s, const RePillarDef *pd, int first)
{
	int			i;

	for (i = first; i < s->out->n; i++)
	{
		Cand	   *c = s->chosen[i];
		ReProposal *p = &s->out->items[i];
		const ReRuleIn *rule = cited_rule(s->in, c->p.title);

		if (rule)
		{
			p->rule_no = rule->rule_no;
			/* quoted only while the description stays within four sentences */
			if (re_sentence_count(c->p.description) <= 3)
				p->description = re_sprintf(s->a, "%s %s (line %d): \"%s\"", c->p.description,
											rule->path ? rule->path : "AGENTS.md", rule->line, rule->text);
			if (c->kind == 1)
				p->priority = "P0"; /* the code violates a stated constraint */
		}
		p->item_id = re_sprintf(s->a, "%s-%d", pd->prefix, pd->next_number + (i - first));
	}
}

/* The selector for one pillar: feature lenses, deferred, evidence, then gaps. */
static void
select_pillar(Sel *s, int pi)
{
	const RePillarDef *pd = &s->in->pillars[pi];
	int			first = s->out->n,
				i;
	bool	   *ok;
	const char *used_focus[64];
	int			nused = 0;

	if (pillar_enriched(s, pd))
	{
		s->out->already_enriched++;
		return;
	}
	ok = re_alloc(s->a, sizeof(bool) * (size_t) (s->nc + 1));
	for (i = 0; i < s->nc; i++)
		ok[i] = s->cands[i].p.pillar && strcmp(s->cands[i].p.pillar, pd->key) == 0 &&
			eligible(s, &s->cands[i]);
	select_features(s, ok, first);
	select_sources(s, ok, first, used_focus, &nused);
	select_kept_features(s, ok, first);
	swap_by_evidence(s, ok, first);
	select_gaps(s, ok, first, used_focus, &nused);
	merge_release_checks(s, ok, first);
	s->left[pi] = left_out(s, ok, first, pd->key);
	finish_pillar(s, pd, first);
	/* fewer than the minimum: say why rather than fill with a done gap (write_risks) */
	if (s->out->n - first < s->pol.min_per_pillar)
	{
		/* the reason to cite: shipped or in the tree first, then recent work */
		s->thin[pi] = "";
		for (i = 0; i < s->nc; i++)
		{
			const char *d = s->cands[i].done;

			if (s->cands[i].kind != 2 || d == NULL || *d == '\0' || strcmp(s->cands[i].p.pillar, pd->key) != 0)
				continue;
			if (strncmp(d, "recent", 6) != 0)
			{
				s->thin[pi] = d;
				break;
			}
			if (*s->thin[pi] == '\0')
				s->thin[pi] = d;
		}
	}
}

/* A name (not an item id) both titles carry. */
static bool
share_title_name(ReArena *a, const Cand *x, const Cand *y)
{
	int			i,
				k;

	for (i = x->title_ident0; i < x->nidents; i++)
	{
		char	   *up = re_strdup(a, x->idents[i]);
		char	   *p;

		for (p = up; *p; p++)
			*p = (char) toupper((unsigned char) *p);
		if (re_is_item_id(up))
			continue;
		for (k = y->title_ident0; k < y->nidents; k++)
			if (strcmp(x->idents[i], y->idents[k]) == 0)
				return true;
	}
	return false;
}

/*
 * Siblings: two chosen items in different pillars whose titles name the same
 * identifier and that ask for the same family of check are one item. The
 * one in the family's home pillar stays (upgrade checks in test coverage,
 * benchmarks in performance …); when neither or both are home, the one
 * chosen first stays. Bans the other and returns true (the caller selects
 * again, so its pillar is refilled).
 */
static bool
ban_sibling(Sel *s)
{
	int			i,
				k,
				f;

	for (i = 0; i < s->out->n; i++)
		for (k = i + 1; k < s->out->n; k++)
		{
			Cand	   *x = s->chosen[i],
					   *y = s->chosen[k],
					   *loser = y;
			unsigned int fam = x->families & y->families;

			if (!fam || strcmp(x->p.pillar, y->p.pillar) == 0 || !share_title_name(s->a, x, y))
				continue;
			for (f = 0; f < s->in->nfamilies && f < RE_MAX_FAMILIES; f++)
			{
				const char *home = s->in->families[f].home_pillar;

				if (!(fam & (1u << f)) || home == NULL)
					continue;
				if (strcmp(home, x->p.pillar) == 0)
					break;
				if (strcmp(home, y->p.pillar) == 0)
				{
					loser = x;
					break;
				}
			}
			loser->banned = true;
			s->out->skipped_sibling++;
			return true;
		}
	return false;
}

/*
 * Dependencies: a deferred item blocked by another depends on its
 * re-proposal, else on the old id; test gaps of the engine's focus areas
 * depend on an engine-core correctness item.
 */
static void
link_dependencies(Sel *s)
{
	ReProposeOut *out = s->out;
	int			i,
				k;

	for (i = 0; i < out->n; i++)
	{
		const Cand *c = s->chosen[i];

		if (c->kind != 0 || c->blocker == NULL)
			continue;
		for (k = 0; k < out->n; k++)
			if (s->chosen[k]->kind == 0 && strcmp(s->chosen[k]->origin_version, c->origin_version) == 0 &&
				strcmp(s->chosen[k]->origin_id, c->blocker) == 0)
				break;
		if (k < out->n)
			out->items[i].dependencies = re_strdup(s->a, out->items[k].item_id);	/* one numbering space */
		else
			out->items[i].dependencies = re_sprintf(s->a, "v%s %s (not shipped)", c->origin_version, c->blocker);
	}
	for (i = 0; i < out->n; i++)
	{
		ReProposal *p = &out->items[i];

		if (!re_pillar_is(s->in->pillars, s->in->npillars, p->pillar, "tests") || strcmp(p->dependencies, "None") != 0 ||
			strcmp(p->source, "gap") != 0 || p->focus_id == NULL)
			continue;
		for (k = 0; k < s->in->ncore_test_focus; k++)
			if (strcmp(p->focus_id, s->in->core_test_focus[k]) == 0)
				break;
		if (k == s->in->ncore_test_focus)
			continue;
		for (k = 0; k < out->n; k++)
			if (re_pillar_is(s->in->pillars, s->in->npillars, out->items[k].pillar, "critical") && out->items[k].engine_core)
			{
				p->dependencies = re_strdup(s->a, out->items[k].item_id);
				break;
			}
	}
}

/* "A09, A12" from the comma-terminated list "A09,A12,". */
static char *
list_of(ReArena *a, const char *csv)
{
	ReBuf		l;
	const char *c;
	char	   *o;

	re_buf_init(&l);
	for (c = csv; *c; c++)
		if (*c == ',')
		{
			if (c[1])
				re_buf_puts(&l, ", ");
		}
		else
			re_buf_append(&l, c, 1);
	o = re_buf_to_arena(a, &l);
	re_buf_free(&l);
	return o;
}

/* What engine_core focus areas touch (roadmap.selection_word), e.g. "DVM engine core". */
static const char *
core_name(const ReProposeIn *in)
{
	return in->engine_core_name && *in->engine_core_name ? in->engine_core_name : "engine core";
}

/* Release Theme: at most five sentences. */
static void
write_theme(Sel *s)
{
	ReArena    *a = s->a;
	const ReProposeIn *in = s->in;
	ReProposeOut *out = s->out;
	ReBuf		t,
				feats;
	int			nd = 0,
				ne = 0,
				nf = 0,
				ng = 0,
				i;
	const char *top_gap[2] = {NULL, NULL};
	char		nbuf[16];
	const char *np = re_count_word(in->npillars, nbuf, sizeof(nbuf));

	re_buf_init(&feats);
	for (i = 0; i < out->n; i++)
	{
		if (out->items[i].feature_id && !strstr(feats.data ? feats.data : "", re_sprintf(a, "%s,", out->items[i].feature_id)))
		{
			re_buf_printf(&feats, "%s,", out->items[i].feature_id);
			nf++;
		}
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
		sentence(&t, re_sprintf(a, "v%s (%s) keeps its planned scope and adds %d quality items across the %s pillars",
								in->version, in->release_title, out->n, np));
	else
		sentence(&t, re_sprintf(a, "v%s keeps its planned scope and adds %d quality items across the %s pillars",
								in->version, out->n, np));
	if (nf)
		sentence(&t, re_sprintf(a, "It looks at %d of the features it plans pillar by pillar (%s): what must stay true, how they fail, scale and are found, and which test pins them",
								nf, list_of(a, feats.data)));
	re_buf_free(&feats);
	if (nd)
		sentence(&t, re_sprintf(a, "It closes %d item%s that earlier releases deferred", nd, nd == 1 ? "" : "s"));
	if (ne)
		sentence(&t, re_sprintf(a, "%d item%s bring%s code-level findings to zero, each with the command that shows the count",
								ne, ne == 1 ? "" : "s", ne == 1 ? "s" : ""));
	else if (ng == 2)
		sentence(&t, re_sprintf(a, "The widest remaining gaps are %s and %s", top_gap[0], top_gap[1]));
	else if (ng == 1)
		sentence(&t, re_sprintf(a, "The widest remaining gap is %s", top_gap[0]));
	sentence(&t, re_sprintf(a, "Every item respects the AGENTS.md constraints, and items that touch the %s land with property tests",
							core_name(in)));
	out->theme = re_buf_to_arena(a, &t);
	re_buf_free(&t);
}

/*
 * One Conflicts & Risks line per claiming sentence and lens: the features
 * whose items of that lens it made already true (docs/proposals.md "Claimed by the docs").
 */
static void
claim_risks(Sel *s, ReBuf *risks)
{
	int			i,
				k;

	for (i = 0; i < s->nc; i++)
	{
		const Cand *c = &s->cands[i];
		ReBuf		ids;
		bool		first = true;

		if (c->claimed != 1)
			continue;
		for (k = 0; k < i && first; k++)
			first = !(s->cands[k].claimed == 1 && s->cands[k].claim.path == c->claim.path &&
					  s->cands[k].lens == c->lens && strcmp(s->cands[k].claim.sentence, c->claim.sentence) == 0);
		if (!first)
			continue;
		re_buf_init(&ids);
		for (k = i; k < s->nc; k++)
			if (s->cands[k].claimed == 1 && s->cands[k].claim.path == c->claim.path &&
				s->cands[k].lens == c->lens && strcmp(s->cands[k].claim.sentence, c->claim.sentence) == 0 &&
				(ids.len == 0 || !re_icontains_word(ids.data, s->cands[k].p.feature_id)))
				re_buf_printf(&ids, "%s%s", ids.len ? ", " : "", s->cands[k].p.feature_id);
		re_buf_printf(risks, "- `%s` states \"%s\": so lens `%s` proposes nothing for %s; keep it true for what %s add%s, or correct the document.\n",
					  c->claim.path, c->claim.sentence, c->p.lens_id, ids.data, strchr(ids.data, ',') ? "they" : "it",
					  strchr(ids.data, ',') ? "" : "s");
		re_buf_free(&ids);
	}
}

/*
 * A feature shipped before it was planned whose reconcile item no pillar
 * took: a line in Conflicts & Risks instead (docs/proposals.md "Shipped
 * before it was planned").
 */
static void
shipped_risks(Sel *s, ReBuf *risks)
{
	int			i,
				k;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		const ReShipped *sh = &s->shipped[i];
		bool		taken = false;

		if (sh->source == RE_SHIP_NONE)
			continue;
		for (k = 0; k < s->out->n && !taken; k++)
			taken = s->chosen[k]->reconcile && same_shipped(&s->shipped[s->chosen[k]->feature], sh);
		if (taken)
			continue;
		re_buf_printf(risks, "- **%s** (\"%s\") is planned, but %s says it exists already: %s; no items were proposed for it.\n",
					  s->in->features[i].item_id, doc_name(s->a, s->in->features[i].title),
					  sh->source == RE_SHIP_SECTION ? "its own section" : sh->source == RE_SHIP_CHANGELOG ?
					  re_sprintf(s->a, "`CHANGELOG.md` %s", sh->where) : sh->source == RE_SHIP_DOCS ?
					  re_sprintf(s->a, "`%s` \xC2\xA7\"%s\"", sh->where, sh->what) : sh->where, sh->text);
	}
}

/* The feature kinds the item's text states ("function, guc"), or NULL. */
static char *
kinds_named(Sel *s, int f)
{
	ReBuf		b;
	int			k;
	char	   *o;

	if (s->fs == NULL)
		return NULL;
	re_buf_init(&b);
	for (k = 0; k < s->in->nkinds && k < RE_MAX_KINDS; k++)
		if (RE_KIND_HAS(&s->fs[f], k) && (b.len == 0 || !re_icontains_word(b.data, s->in->kinds[k].kind)))
			re_buf_printf(&b, "%s%s", b.len ? ", " : "", s->in->kinds[k].kind);
	o = b.len ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return o;
}

/* The first word of list (space-separated) that is (want: true) or is not a word of kinds, or NULL. */
static char *
kind_word(ReArena *a, const char *list, const char *kinds, bool want)
{
	const char *p = list;

	while (p && *p)
	{
		size_t		n = strcspn(p, " ");
		char	   *w = re_strndup(a, p, n);

		if (n > 0 && (kinds != NULL && re_icontains_word(kinds, w)) == want)
			return w;
		p += n;
		while (*p == ' ')
			p++;
	}
	return NULL;
}

/* The lenses on a kind the item states that did not fire, and why: "`x` (needs y)", at most three. */
static char *
lens_misses(Sel *s, const char *kinds)
{
	ReBuf		b;
	int			k,
				n = 0;
	char	   *o,
			   *w;

	re_buf_init(&b);
	for (k = 0; k < s->in->nlenses && n < 3; k++)
	{
		const ReLensDef *l = &s->in->lenses[k];
		const ReLensGate *g = s->in->lens_gates ? &s->in->lens_gates[k] : NULL;

		if (l->feature_kind == NULL)
			continue;
		/* a lens whose premise the item states, on a kind it does not have */
		if (!re_icontains_word(kinds, l->feature_kind))
		{
			if (g && g->requires_kinds && kind_word(s->a, g->requires_kinds, kinds, true) != NULL)
			{
				re_buf_printf(&b, "%s`%s` (needs the kind %s)", n ? ", " : "", l->lens_id, l->feature_kind);
				n++;
			}
			continue;
		}
		if (g && g->requires_kinds && (w = kind_word(s->a, g->requires_kinds, kinds, false)) != NULL)
			re_buf_printf(&b, "%s`%s` (needs %s)", n ? ", " : "", l->lens_id, w);
		else if (g && g->unless_kinds && (w = kind_word(s->a, g->unless_kinds, kinds, true)) != NULL)
			re_buf_printf(&b, "%s`%s` (ruled out: %s)", n ? ", " : "", l->lens_id, w);
		else
			re_buf_printf(&b, "%s`%s` (its evidence does not hold: %s%s)", n ? ", " : "", l->lens_id, l->trigger,
						  l->ident_kind ? re_sprintf(s->a, ", a %s identifier", l->ident_kind) : "");
		n++;
	}
	o = n ? re_buf_to_arena(s->a, &b) : NULL;
	re_buf_free(&b);
	return o;
}

/*
 * A release that plans features but gets no item says why, per planned
 * item: the lenses tried and why each was dropped, or that none applies
 * (docs/proposals.md "Release Theme and Conflicts & Risks").
 */
static void
empty_reasons(Sel *s, ReBuf *risks)
{
	int			i,
				k,
				gaps = 0,
				more = 0;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		ReBuf		b;
		int			n = 0,
					extra = 0;
		char	   *kinds,
				   *misses;

		if (i >= 20)
		{
			more++;
			continue;
		}
		re_buf_init(&b);
		for (k = 0; k < s->nc; k++)
		{
			const Cand *c = &s->cands[k];

			if (c->kind != 3 || c->feature != i || c->reconcile ||
				(b.len && strstr(b.data, re_sprintf(s->a, "`%s`", c->p.lens_id))))
				continue;
			if (n < 4)
				re_buf_printf(&b, "%s`%s` (%s)", n ? "; " : "", c->p.lens_id,
							  c->why ? c->why : "not selected: the caps of its pillar or feature were reached");
			else
				extra++;
			n++;
		}
		if (extra)
			re_buf_printf(&b, "; %d more", extra);
		kinds = kinds_named(s, i);
		if (s->shipped && s->shipped[i].source)
			re_buf_printf(risks, "- **%s** (\"%s\"): it shipped before this release; see its reconcile line.\n",
						  s->in->features[i].item_id, doc_name(s->a, s->in->features[i].title));
		else if (n > 0)
			re_buf_printf(risks, "- **%s** (\"%s\"): lenses tried \xE2\x80\x94 %s.\n", s->in->features[i].item_id,
						  doc_name(s->a, s->in->features[i].title), b.data);
		else
			re_buf_printf(risks, "- **%s** (\"%s\"): no lens fired: %s.\n", s->in->features[i].item_id,
						  doc_name(s->a, s->in->features[i].title),
						  kinds && re_icontains_word(kinds, "task") ?
						  "the item is itself a test, benchmark or analysis task (kind `task`), and no lens asks about one"
						  : kinds && (misses = lens_misses(s, kinds)) != NULL ?
						  re_sprintf(s->a, "its text states %s; %s", kinds, misses)
						  : kinds ? re_sprintf(s->a, "its text states %s, which no enabled lens asks about", kinds)
						  : "its text states none of the kinds a lens asks about (a function, setting, cache, limit, migration …)");
		re_buf_free(&b);
	}
	if (more)
		re_buf_printf(risks, "- %d more planned items: `roadmap.explain('%s')` and the stored candidates tell why.\n", more,
					  s->in->version);
	gaps = s->out->skipped_gaps;
	if (gaps)
		re_buf_printf(risks, "- %d focus-area gap%s not proposed: a release that plans items takes a gap only where this commit's code evidence anchors it and no planned item covers its area.\n",
					  gaps, gaps == 1 ? " was" : "s were");
}

/* Conflicts & Risks: stale deferrals, blockers, schema changes, engine core, overlaps. */
static void
write_risks(Sel *s)
{
	ReArena    *a = s->a;
	ReProposeOut *out = s->out;
	ReBuf		risks,
				core;
	int			ncore = 0,
				i,
				k;

	re_buf_init(&risks);
	(void) re_deferred_replanned(a, s->in, &risks);
	for (i = 0; i < s->nstale && i < 8; i++)
		re_buf_printf(&risks, "- **v%s %s** (\"%s\") carried %d releases \xE2\x80\x94 confirm or drop.\n",
					  s->stale[i]->version, s->stale[i]->item_id, re_title_core(a, re_bold_lead(a, s->stale[i]->title), true),
					  s->stale[i]->carried);
	if (s->nstale > 8)
		re_buf_printf(&risks, "- %d more deferred items are carried more than %d releases \xE2\x80\x94 confirm or drop them in the roadmap.\n",
					  s->nstale - 8, s->pol.stale_after);
	for (i = 0; i < out->n; i++)
		if (s->chosen[i]->kind == 0 && s->chosen[i]->blocker)
			re_buf_printf(&risks, "- **%s** depends on %s, which has not shipped: schedule it after that lands.\n",
						  out->items[i].item_id, out->items[i].dependencies);
	for (i = 0; i < out->n; i++)
		if (out->items[i].schema_change)
			re_buf_printf(&risks, "- **%s** requires a SQL migration (schema change): land it before the schema freeze and cover the upgrade path.\n",
						  out->items[i].item_id);
	re_buf_init(&core);
	for (i = 0; i < out->n; i++)
		if (out->items[i].engine_core)
		{
			re_buf_printf(&core, "%s%s", ncore ? ", " : "", out->items[i].item_id);
			ncore++;
		}
	if (ncore)
		re_buf_printf(&risks, "- **%s** touch%s the %s: high regression risk, each needs property tests before merge.\n",
					  core.data, ncore == 1 ? "es" : "", core_name(s->in));
	re_buf_free(&core);
	for (i = 0; i < out->n; i++)
		for (k = i + 1; k < out->n; k++)
			if (strcmp(out->items[i].pillar, out->items[k].pillar) != 0 &&
				re_word_overlap(s->chosen[i]->match_text, s->chosen[k]->match_text) >= 0.6)
				re_buf_printf(&risks, "- **%s** and **%s** overlap in scope; plan them together so they do not contradict each other.\n",
							  out->items[i].item_id, out->items[k].item_id);
	shipped_risks(s, &risks);
	claim_risks(s, &risks);
	/* no item at all: reasons per planned item, not per pillar (the pillars' gap notes are not about the release) */
	out->explained_empty = out->n == 0 && s->in->nfeatures > 0 && out->already_enriched == 0;
	if (out->explained_empty)
		empty_reasons(s, &risks);
	for (i = 0; i < s->in->npillars && !out->explained_empty; i++)
		if (s->thin[i])
		{
			int			n = 0;

			for (k = 0; k < out->n; k++)
				n += strcmp(out->items[k].pillar, s->in->pillars[i].key) == 0;
			if (*s->thin[i])
				re_buf_printf(&risks, "- **%s** has %d item%s: no further candidate is anchored in this release, and its focus areas are done or in recent work (%s); add items from this release's features rather than filler.\n",
							  s->in->pillars[i].name, n, n == 1 ? "" : "s", s->thin[i]);
			else
				re_buf_printf(&risks, "- **%s** has %d item%s: no other candidate is anchored in this release; add items by hand rather than filler.\n",
							  s->in->pillars[i].name, n, n == 1 ? "" : "s");
		}
	for (i = 0; i < s->in->npillars; i++)
		if (s->left[i])
			re_buf_printf(&risks, "- **%s** also has %s, left out because a pillar holds at most %d items: swap one in where it matters more.\n",
						  s->in->pillars[i].name, s->left[i], s->pol.max_per_pillar);
	if (risks.len == 0)
		re_buf_puts(&risks, "- No conflicts found between the new items.\n");
	out->risks = re_buf_to_arena(a, &risks);
	re_buf_free(&risks);
}

/* What the docs and the changelog state, and the texts of the planned items (docs/proposals.md "Claimed by the docs"). */
static void
index_claims(Sel *s)
{
	const ReProposeIn *in = s->in;
	const char **paths = re_alloc(s->a, sizeof(char *) * (size_t) (in->ndocs + 2));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->ndocs + 2));
	int			n = 0,
				i;

	for (i = 0; i < in->ndocs; i++)
		if (in->doc_texts[i] && !re_idea_path(in->doc_paths[i]))
		{
			paths[n] = in->doc_paths[i];
			texts[n++] = in->doc_texts[i];
		}
	s->docs_only.paths = paths;
	s->docs_only.texts = texts;
	s->docs_only.n = n;
	if (in->changelog_text)
	{
		paths[n] = "CHANGELOG.md";
		texts[n++] = in->changelog_text;
	}
	s->claims.paths = paths;
	s->claims.texts = texts;
	s->claims.n = n;
	s->item_ids = re_alloc(s->a, sizeof(char *) * (size_t) (in->nfeatures + 2));
	s->item_texts = re_alloc(s->a, sizeof(char *) * (size_t) (in->nfeatures + 2));
	for (i = 0; i < in->nfeatures; i++)
	{
		s->item_ids[i] = in->features[i].item_id;
		s->item_texts[i] = re_sprintf(s->a, "%s. %s", in->features[i].title,
									  in->features[i].description ? in->features[i].description : "");
	}
	s->nitems = in->nfeatures;
	if (in->section_text)
		s->item_texts[s->nitems++] = in->section_text;	/* exit criteria and items without a row */
	s->set_prefix = re_claim_settings_prefix(s->a, &s->docs_only, &s->set_path, &s->set_example);
}

/* text with each from outside "…" quotations replaced by to. */
static char *
replace_unquoted(ReArena *a, const char *text, const char *from, const char *to)
{
	ReBuf		b;
	bool		quoted = false;
	size_t		n = strlen(from);
	const char *p;
	char	   *o;

	re_buf_init(&b);
	for (p = text; *p;)
	{
		if (*p == '"')
			quoted = !quoted;
		if (!quoted && strncmp(p, from, n) == 0)
		{
			re_buf_puts(&b, to);
			p += n;
			continue;
		}
		re_buf_append(&b, p++, 1);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/*
 * A setting the section spells with another prefix than the one every
 * documented setting uses ("pgtrickle." for "pg_trickle.") is named the
 * documented way, and the description says so after its first sentence
 * (docs/proposals.md "Facts checked"). False when the documented name is
 * already in the docs and the lens asks for docs: the item is done.
 */
static bool
settle_prefix(Sel *s, Cand *c)
{
	const ReLensDef *l = c->lens;
	char	   *fixed,
			   *d,
			   *note;
	const char *p;
	bool		quoted = false;

	if (c->ident == NULL || l->ident_kind == NULL || strncmp(l->ident_kind, "guc", 3) != 0 ||
		(fixed = re_claim_fix_prefix(s->a, c->ident, s->set_prefix)) == NULL)
		return true;
	if (strcmp(l->trigger, "not_in_docs") == 0 && s->in->docs_text && strstr(s->in->docs_text, fixed))
		return false;
	c->p.title = replace_unquoted(s->a, c->p.title, c->ident, fixed);
	c->full_title = c->full_title ? replace_unquoted(s->a, c->full_title, c->ident, fixed) : NULL;
	c->match_text = c->p.title;
	d = replace_unquoted(s->a, c->p.description, c->ident, fixed);
	for (p = d; *p && !(!quoted && p[0] == '.' && p[1] == ' '); p++)
		if (*p == '"')
			quoted = !quoted;
	note = re_sprintf(s->a, "The section writes `%s`, but the settings `%s` documents are named `%s.…` (`%s`), so this item uses `%s`.",
					  c->ident, s->set_path, s->set_prefix, s->set_example, fixed);
	c->p.description = *p ? re_sprintf(s->a, "%.*s %s%s", (int) (p - d + 1), d, note, p + 1)
		: re_sprintf(s->a, "%s %s", d, note);
	return true;
}

/*
 * A docs item another planned item delivers (roadmap.lens.covered_by,
 * docs/proposals.md "Docs items a planned item lists"): c->claimed = 2.
 * 1 when covered, 0 when not, -1 when the pattern does not compile.
 */
static int
covered(Sel *s, Cand *c)
{
	const char **titles,
			  **texts;
	char	   *why;
	int			i,
				r;

	if (c->lens->covered_by == NULL || *c->lens->covered_by == '\0' || c->ident == NULL || s->fs == NULL)
		return 0;
	titles = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	texts = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	for (i = 0; i < s->in->nfeatures; i++)
	{
		titles[i] = s->in->features[i].title;
		texts[i] = s->fs[i].text;
	}
	/* the planned items' own texts, not the release's summary that names every feature */
	r = re_claim_doc_covered(s->a, c->lens->covered_by, c->ident, c->feature, s->item_ids, titles, s->in->nfeatures,
							 texts, s->in->nfeatures, NULL, &why, s->out->error, sizeof(s->out->error));
	if (r > 0)
	{
		c->claimed = 2;
		c->claim.sentence = why;
	}
	return r;
}

/*
 * A lens item is already true when a docs or CHANGELOG sentence states
 * its property as existing (c->claimed = 1), and a docs item is listed when
 * a planned item names its target document beside the feature (2). 0 or
 * -1 when a pattern does not compile (out->error set).
 */
static int
settle_claim(Sel *s, Cand *c)
{
	const ReLensDef *l = c->lens;
	const char *title;
	char	   *why;
	int			d,
				r;

	if (l == NULL)
		return 0;
	if (!settle_prefix(s, c))
	{
		c->claimed = 2;
		c->claim.sentence = re_strdup(s->a, "the documented name is in the docs");
		return 0;
	}
	/* a docs list left out each name a planned item documents already (add_docs_lists) */
	if (c->list)
		return 0;
	if ((r = covered(s, c)) != 0)
		return r < 0 ? -1 : 0;
	if (l->property && *l->property)
	{
		r = re_claim_find(s->a, l->property, re_claim_ident_base(s->a, c->ident), s->in->claim_forms,
						  s->in->nclaim_forms, &s->claims, &c->claim, s->out->error, sizeof(s->out->error));
		if (r < 0)
			return -1;
		if (r > 0)
		{
			c->claimed = 1;
			return 0;
		}
	}
	if (l->target_doc && *l->target_doc &&
		(d = re_claim_target_doc(s->a, l->target_doc, &s->docs_only, &title)) >= 0 &&
		re_claim_doc_listed(s->a, s->docs_only.paths[d], title, c->p.feature_id, c->ident, s->item_ids,
							s->item_texts, s->nitems, &why))
	{
		c->claimed = 2;
		c->claim.path = s->docs_only.paths[d];
		c->claim.sentence = why;
	}
	return 0;
}

/* The checks the target section lists: its Verify lines, exit criteria and its items' deliverables. */
static void
index_listed(Sel *s)
{
	const char **owners = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	const char **texts = re_alloc(s->a, sizeof(char *) * (size_t) (s->in->nfeatures + 1));
	int			i;

	for (i = 0; i < s->in->nfeatures; i++)
	{
		const char *t = s->in->features[i].title,
				   *d = s->in->features[i].description;

		owners[i] = s->in->features[i].item_id;
		/* a table row's cell is its title (cut at 300 bytes): its deliverables are there */
		texts[i] = t && strlen(t) > strlen(re_bold_lead(s->a, t)) + 8 ? re_sprintf(s->a, "%s\n%s", t, d ? d : "") : d;
	}
	re_listed_index(s->a, s->in->section_text, owners, texts, s->in->nfeatures, s->in->families,
					s->in->nfamilies, &s->listed);
}

/*
 * Propose: run the candidate producers, then the selector pillar by pillar,
 * then link dependencies and write the theme and Conflicts & Risks.
 */
int
re_propose(ReArena *a, const ReProposeIn *in, ReProposeOut *out)
{
	Sel			s;
	int			ncand = in->ndeferred + in->nevidence + in->nfocus;
	int			i,
				round;
	const char **hist,
			  **window;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	s.a = a;
	s.in = in;
	s.out = out;
	s.pol = policy_of(in);
	s.cands = re_alloc(a, sizeof(Cand) * (size_t) (ncand + 1));
	s.uses = re_alloc(a, sizeof(int) * (size_t) (in->nfeatures + 1));
	s.stale = re_alloc(a, sizeof(ReDeferredIn *) * (size_t) (in->ndeferred + 1));
	s.thin = re_alloc(a, sizeof(char *) * (size_t) (in->npillars + 1));
	re_doc_index(a, in->doc_paths, in->doc_texts, in->ndocs, &s.docs);
	s.feature_doc = re_alloc(a, sizeof(ReDocSection *) * (size_t) (in->nfeatures + 1));
	s.left = re_alloc(a, sizeof(char *) * (size_t) (in->npillars + 1));
	for (i = 0; i < in->nfeatures; i++)
		s.feature_doc[i] = documented(&s, in->features[i].title);
	index_claims(&s);			/* the settings prefix and docs the docs lists read */
	index_listed(&s);
	s.nc = produce_candidates(&s);
	if (s.nc < 0)
		return -1;
	find_shipped(&s);
	if (s.fs)
		s.nc = add_docs_lists(&s, s.nc);	/* after find_shipped: a shipped feature names nothing */
	s.nc = add_reconciles(&s, s.nc);
	qsort(s.cands, s.nc, sizeof(Cand), cand_cmp);

	out->items = re_alloc(a, sizeof(ReProposal) * (size_t) (s.nc + 1));
	s.chosen = re_alloc(a, sizeof(Cand *) * (size_t) (s.nc + 1));
	s.section_sents = re_sentences(a, in->section_text, &s.nsection_sents);
	hist = leads_of(a, in->history, in->nhistory);
	window = leads_of(a, in->shipped, in->nshipped);
	for (i = 0; i < s.nc; i++)
	{
		if (s.cands[i].kind == 3 && settle_claim(&s, &s.cands[i]) < 0)
			return -1;
		sign_candidate(&s, &s.cands[i]);
		if (s.cands[i].kind == 2)
			s.cands[i].done = gap_done(&s, &s.cands[i], hist, window);
	}
	/* select; while two pillars hold the same check, ban one and select again */
	for (round = 0; round <= s.nc; round++)
	{
		out->n = 0;
		out->skipped_existing = out->skipped_shipped = out->skipped_rules = 0;
		out->skipped_dismissed = out->skipped_listed = out->already_enriched = 0;
		out->skipped_claimed = out->skipped_gaps = 0;
		memset(s.uses, 0, sizeof(int) * (size_t) (in->nfeatures + 1));
		memset(s.thin, 0, sizeof(char *) * (size_t) (in->npillars + 1));
		memset(s.left, 0, sizeof(char *) * (size_t) (in->npillars + 1));
		for (i = 0; i < s.nc; i++)
			s.cands[i].bumped = false;
		for (i = 0; i < in->npillars; i++)
			select_pillar(&s, i);
		if (!ban_sibling(&s))
			break;
	}
	link_dependencies(&s);
	write_theme(&s);
	write_risks(&s);
	/* the description rule: 2–4 sentences, at most ~600 characters (describe.h) */
	for (i = 0; i < out->n; i++)
		out->items[i].description = re_description_fit(a, out->items[i].description,
													   RE_DESC_MAX_SENTENCES, RE_DESC_MAX_CHARS);
	return 0;
}
