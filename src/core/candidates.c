/*
 * candidates.c — the proposal engine's candidate producers (deferred items,
 * code evidence, focus-area gaps, feature lenses) and the text helpers that
 * write their titles and descriptions.
 */
#include "propose_int.h"

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
/*
 * t with a word that repeats the word right before it left out ("MERGE
 * rewrite rewrite matches": a template word after a short name that ends in
 * it); whole words of three letters or more between spaces ("A2-ENR
 * ENR-based" keeps both), outside code spans.
 */
static const char *
drop_repeated_words(ReArena *a, const char *t)
{
	ReBuf		b;
	const char *p = t,
			   *prev = NULL;
	size_t		prevlen = 0;
	bool		code = false,
				changed = false;
	char	   *out;

	re_buf_init(&b);
	while (*p)
	{
		const char *w = p;
		size_t		n = 0;

		if (*p == '`')
			code = !code;
		if (code || !isalpha((unsigned char) *p) || (p > t && isalnum((unsigned char) p[-1])))
		{
			re_buf_append(&b, p, 1);
			p++;
			continue;
		}
		while (isalpha((unsigned char) w[n]))
			n++;
		if (n >= 3 && n == prevlen && w == prev + prevlen + 1 && w[-1] == ' ' && strncasecmp(w, prev, n) == 0 &&
			!isalnum((unsigned char) w[n]) && w[n] != '-' && w[n] != '_' && (prev == t || prev[-1] == ' '))
		{
			b.len--;			/* the space before the repeat */
			b.data[b.len] = '\0';
			changed = true;
		}
		else
			re_buf_append(&b, w, n);
		prev = w;
		prevlen = n;
		p = w + n;
	}
	out = changed ? re_strdup(a, b.data) : NULL;
	re_buf_free(&b);
	return out ? out : t;
}

char *
re_cap_title(ReArena *a, const char *t)
{
	bool		clean;
	const char *p;
	size_t		n;
	char	   *out;

	t = drop_repeated_words(a, t);
	p = title_end(t, &clean);
	n = (size_t) (p - t);

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

char *
re_fill(ReArena *a, const char *tmpl, int hits, const char *file)
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

bool
re_starts_with_verb(const char *t)
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

const char *
re_norm_priority(const char *p)
{
	if (p && (strcmp(p, "P0") == 0 || strcmp(p, "P1") == 0 || strcmp(p, "P2") == 0))
		return p;
	return "P1";
}

const char *
re_norm_effort(const char *e, const char *dflt)
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
char *
re_plain_lower(ReArena *a, const char *s)
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
char *
re_never_phrase(ReArena *a, const char *rule)
{
	char	   *low = re_plain_lower(a, rule);
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
const ReRuleIn *
re_cited_rule(const ReProposeIn *in, const char *title)
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

const ReFocusIn *
re_find_focus(const ReProposeIn *in, const char *id)
{
	int			i;

	if (id == NULL)
		return NULL;
	for (i = 0; i < in->nfocus; i++)
		if (strcmp(in->focus[i].focus_id, id) == 0)
			return &in->focus[i];
	return NULL;
}

int
re_cand_cmp(const void *x, const void *y)
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
void
re_sentence(ReBuf *b, const char *s)
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

	if (re_starts_with_verb(core))
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

void
re_add_deferred(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d, Cand *c)
{
	const ReFocusIn *f = re_find_focus(in, d->focus_id);
	ReBuf		b;
	char	   *t;
	const char *prio = re_norm_priority(d->priority);
	char	   *lead = re_bold_lead(a, d->title);
	char	   *own;

	memset(c, 0, sizeof(*c));
	c->kind = 0;
	c->feature = -1;
	c->rank = d->carried * 10.0 + (prio[1] == '0' ? 3 : prio[1] == '1' ? 2 : 1);
	c->tiebreak = re_sprintf(a, "%s %s", d->version, d->item_id);
	t = complete_phrase(a, lead[0] ? lead : d->title);
	c->full_title = t;
	c->p.title = re_cap_title(a, t);
	c->p.pillar = d->pillar;
	c->p.effort = re_norm_effort(d->effort, f ? f->effort : "M");
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

		re_sentence(&b, re_sprintf(a, "Deferred from v%s (%s), carried %d release%s since v%s: \"%s\"",
								d->version, d->item_id, d->carried, d->carried == 1 ? "" : "s",
								d->first_seen ? d->first_seen : d->version, re_inner_quotes(a, st)));
	}
	/* the rationale is the item's own section text, never a focus area's */
	own = first_sentence(a, d->description);
	if (own == NULL && lead[0] && d->title && strlen(d->title) > strlen(lead) + 20)
		own = first_sentence(a, d->title + strlen(lead) + 4);
	if (own && strncmp(own, "Verify:", 7) != 0)
		re_sentence(&b, re_sprintf(a, "Its v%s section says: \"%s\"", d->version, re_inner_quotes(a, own)));
	if (d->reason_phrase && strcmp(c->p.priority, "P2") == 0 && strcmp(prio, "P2") != 0)
		re_sentence(&b, re_sprintf(a, "P2, not %s: its skip reason says \"%s\"", prio, re_inner_quotes(a, d->reason_phrase)));
	/* its own section's "Verify:" line when it has one, else one built from its deliverable */
	{
		char	   *v = own_verify(a, d->description);

		re_sentence(&b, v ? v : re_deferred_verify(a, d, re_title_core(a, lead[0] ? lead : d->title, true)));
	}
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

void
re_add_evidence(ReArena *a, const ReProposeIn *in, const ReEvidenceIn *e, Cand *c)
{
	const ReFocusIn *f = re_find_focus(in, e->focus_id);
	ReBuf		b;

	memset(c, 0, sizeof(*c));
	c->kind = 1;
	c->feature = -1;
	c->rank = e->total_hits;
	c->tiebreak = e->probe_id;
	c->full_title = re_fill(a, e->title, e->total_hits, e->top_file);
	c->p.title = re_cap_title(a, c->full_title);
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
		re_sentence(&b, re_sprintf(a, "Probe `%s` (%s) counts %d in %d files, most in `%s` (%d, first at line %d)",
								e->probe_id, e->description, e->total_hits, e->files, e->top_file,
								e->top_hits, e->top_line));
	else
		re_sentence(&b, re_sprintf(a, "Probe `%s` (%s) counts %d in `%s`, first at line %d",
								e->probe_id, e->description, e->total_hits, e->top_file, e->top_line));
	if (e->detail && strncmp(e->detail, "none documented: ", 17) == 0)
		re_sentence(&b, re_sprintf(a, "No file of the documentation tree (docs/, SUMMARY.md, README) names any of them, so the reference is missing altogether: %s",
								re_cut_list(a, e->detail + 17, 160)));
	else if (e->detail && *e->detail)
		re_sentence(&b, re_sprintf(a, "Missing: %s", re_cut_list(a, e->detail, 160)));
	if (e->rationale)
		re_sentence(&b, re_sprintf(a, "It matters because %s", e->rationale));
	else if (f)
		re_sentence(&b, re_sprintf(a, "It matters because %s", f->rationale));
	re_sentence(&b, verify_sentence(a, e->verify_command));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

void
re_add_gap(ReArena *a, const ReProposeIn *in, const ReFocusIn *f, Cand *c)
{
	ReBuf		b;

	memset(c, 0, sizeof(*c));
	c->kind = 2;
	c->feature = -1;
	c->rank = f->score;
	c->tiebreak = re_sprintf(a, "%03d %s", f->ord, f->focus_id);
	c->full_title = f->title;
	c->p.title = re_cap_title(a, f->title);
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
		re_sentence(&b, capitalise(a, f->rationale));
	else if (f->last_shipped)
		re_sentence(&b, re_sprintf(a, "%s: CHANGELOG.md shows nothing on \"%s\" in the last %d releases (last in v%s, %d releases ago)",
								capitalise(a, f->rationale), f->name, in->shipped_window, f->last_shipped,
								f->releases_since));
	else
		re_sentence(&b, re_sprintf(a, "%s: CHANGELOG.md has never recorded work on \"%s\"",
								capitalise(a, f->rationale), f->name));
	if (f->shipped_recent > 0)
	{
		/* recent work is live code where follow-up quality items belong, not coverage */
		re_sentence(&b, re_sprintf(a, "CHANGELOG.md records %d related entr%s in the last %d releases (latest v%s), so this is live code",
								f->shipped_recent, f->shipped_recent == 1 ? "y" : "ies", in->shipped_window,
								f->last_shipped ? f->last_shipped : "?"));
	}
	else if (f->planned_in_target > 0)
	{
		c->tier = 1;
		re_sentence(&b, re_sprintf(a, "The release already lists %d related item%s; this one adds the angle they do not cover",
								f->planned_in_target, f->planned_in_target == 1 ? "" : "s"));
	}
	else if (f->plan_open > 0)
		re_sentence(&b, re_sprintf(a, "The release plan has %d open item%s in this area",
								f->plan_open, f->plan_open == 1 ? "" : "s"));
	re_sentence(&b, re_sprintf(a, "Verify: %s", f->verify));
	c->p.description = re_buf_to_arena(a, &b);
	re_buf_free(&b);
}

/* True when the candidate is already listed in the target (returns the id). */
const char *
re_already_listed(const ReProposeIn *in, const Cand *c, double *best)
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
int
re_already_shipped(ReArena *a, const ReProposeIn *in, const Cand *c)
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
bool
re_dismissed(const ReProposeIn *in, const Cand *c)
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

RePolicy
re_policy_of(const ReProposeIn *in)
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

			if (re_idea_path(p))
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
				char	   *low = re_plain_lower(a, base);

				if (strstr(low, "bench"))
					return re_sprintf(a, "`%s`", p);
			}
		}
	return NULL;
}

/* Feature-lens candidates from the target's own items. */
int
re_add_features(ReArena *a, const ReProposeIn *in, Cand **candsp, int nc, ReFeature **fsp, ReLensCtx *ctxp,
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
		c->p.title = re_cap_title(a, lens_title(a, &ctx, h));
		c->p.pillar = h->lens->pillar;
		c->p.effort = re_norm_effort(h->lens->effort, "S");
		c->p.priority = re_norm_priority(h->priority);
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
