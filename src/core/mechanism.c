/*
 * mechanism.c — what a changed mechanism feeds, read from the docs.
 * See mechanism.h and docs/proposals.md "What a changed mechanism feeds".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mechanism.h"
#include "claim.h"
#include "shipped.h"

/* The verbs an item changes a mechanism with (base, third person, -ing). */
static const char *const change_verbs[] = {
	"replace", "replaces", "replacing", "swap", "swaps", "swapping", "switch", "switches", "switching",
	"change", "changes", "changing", NULL
};

/* Words between the verb and the span that make the span the new thing, not the changed one. */
static const char *const new_thing_words[] = {"with", "to", "by", "into", "for", "from", "in", "on", NULL};

/* What a stored value is derived by (read after a code span naming it). */
static const char *const derive_phrases[] = {
	"computed as", "computed by", "computed from", "derived from", "calculated as", "calculated from",
	"generated from", "stored as", "the hash of", "a hash of", NULL
};

static const char *const removed_words[] = {"removed", "deprecated", "rejected", "withdrawn", "retired", NULL};

/* A reason or a release in a removal sentence. */
static const char *const reason_words[] = {"because", "since", "as it", "due to", "unsafe", "in v", NULL};

/* A stated consequence that means wrong results or lost data. */
static const char *const wrong_words[] = {
	"unsafe", "incorrect", "wrong", "corrupt", "lost", "loses", "lose ", "data loss", "duplicat", "inconsistent", NULL
};

/* Clause words that remove what the clause names. */
static const char *const removing_words[] = {
	"remov", "deprecat", "drop", "delet", "retir", "reject", "no longer", "instead of", "replac", NULL
};

static bool
ident_char(char c)
{
	return isalnum((unsigned char) c) || c == '_' || c == '.' || c == ':';
}

/* Case-insensitive substring of [p, end), or NULL. */
static const char *
find_in(const char *p, const char *end, const char *needle)
{
	size_t		n = strlen(needle);

	for (; p + n <= end; p++)
		if (strncasecmp(p, needle, n) == 0)
			return p;
	return NULL;
}

static bool
any_in(const char *p, const char *end, const char *const *list)
{
	int			i;

	for (i = 0; list[i]; i++)
		if (find_in(p, end, list[i]))
			return true;
	return false;
}

/*
 * The base name of the code span [s, e): its leading identifier when the
 * rest is empty or a call ("hash_fn(a, b)"); at least three bytes with a
 * letter. Length in *n, NULL when it is no name.
 */
static const char *
span_base(const char *s, const char *e, size_t *n)
{
	const char *p = s;
	bool		letter = false;

	while (p < e && ident_char(*p))
		letter |= isalpha((unsigned char) *p++) != 0;
	*n = (size_t) (p - s);
	if (*n < 3 || !letter || (p < e && *p != '('))
		return NULL;
	return s;
}

/* The code span opening at *p == '`' on its line: [*s, *e) inside, NULL when it does not close. */
static const char *
span_at(const char *p, const char **s, const char **e)
{
	const char *q = p + 1;

	while (*q && *q != '`' && *q != '\n')
		q++;
	if (*q != '`' || q == p + 1)
		return NULL;
	*s = p + 1;
	*e = q;
	return q + 1;
}

/* Does the span [s, e) name ident (or call it)? */
static bool
span_is(const char *s, const char *e, const char *ident)
{
	size_t		n;

	return span_base(s, e, &n) != NULL && n == strlen(ident) && strncasecmp(s, ident, n) == 0;
}

/*
 * The base names of text's code spans keep() accepts (p at the opening
 * backtick, next after the closing one), each once, at most max; their count.
 */
static int
collect_spans(ReArena *a, const char *text, const char **out, int max,
			  bool (*keep) (ReArena *, const char *, const char *, const char *))
{
	const char *p,
			   *s,
			   *e,
			   *next;
	int			n = 0,
				k;
	size_t		bn;

	for (p = text; p && (p = strchr(p, '`')) != NULL && n < max; p = next)
	{
		if ((next = span_at(p, &s, &e)) == NULL)
		{
			next = p + 1;
			continue;
		}
		if (span_base(s, e, &bn) == NULL || !keep(a, text, p, next))
			continue;
		for (k = 0; k < n && !(strlen(out[k]) == bn && strncasecmp(out[k], s, bn) == 0); k++)
			;
		if (k == n)
			out[n++] = re_strndup(a, s, bn);
	}
	return n;
}

/* Is the span at p right after a change verb, with at most three words between and no "with", "to", …? */
static bool
changed_span(ReArena *a, const char *text, const char *p, const char *next)
{
	const char *b = p,
			   *lim = p - 60 > text ? p - 60 : text;
	int			words = 0;
	bool		verb = false,
				stop = false;

	(void) a;
	(void) next;
	/* the words before the span, back to the clause start, nearest first */
	while (b > lim && !verb && !stop && words <= 3)
	{
		const char *we;

		while (b > lim && b[-1] == ' ')
			b--;
		we = b;
		while (b > lim && (isalnum((unsigned char) b[-1]) || b[-1] == '-' || b[-1] == '_'))
			b--;
		if (b == we)
			break;				/* punctuation, a span or the clause start */
		verb = re_word_in(b, (size_t) (we - b), change_verbs);
		stop = re_word_in(b, (size_t) (we - b), new_thing_words);
		words++;
	}
	return verb && !stop;
}

int
re_changed_idents(ReArena *a, const char *text, const char **out, int max)
{
	return collect_spans(a, text, out, max, changed_span);
}

/* Is the line starting at l a blockquote line ("> …")? */
static bool
quote_line(const char *l)
{
	while (*l == ' ')
		l++;
	return *l == '>';
}

/*
 * A folded docs sentence around text[at]: one line, at most ~240 bytes. A
 * blockquote's lines are joined first ("> a\n> b" reads "a b"): the
 * sentence reader stops at each "> ".
 */
static char *
doc_sentence(ReArena *a, const char *text, int at)
{
	const char *ls = text + at,
			   *le,
			   *p;
	ReBuf		b;
	int			off = 0;
	char	   *s;

	while (ls > text && ls[-1] != '\n')
		ls--;
	if (!quote_line(ls))
		return re_shipped_fold(a, re_claim_sentence(a, text, at), 240);
	while (ls > text)
	{
		const char *q = ls - 1;

		while (q > text && q[-1] != '\n')
			q--;
		if (!quote_line(q))
			break;
		ls = q;
	}
	re_buf_init(&b);
	for (le = ls; *le && quote_line(le); le += strcspn(le, "\n") + (le[strcspn(le, "\n")] ? 1 : 0))
	{
		for (p = le; *p == ' ' || *p == '>'; p++)
			;
		if (text + at >= p && text + at < le + strcspn(le, "\n"))
			off = (int) (b.len + (size_t) (text + at - p));
		if (*p == '\n' || *p == '\0')
			break;				/* "> " alone ends the paragraph */
		re_buf_append(&b, p, strcspn(p, "\n"));
		re_buf_append(&b, " ", 1);
	}
	s = b.len ? re_buf_to_arena(a, &b) : re_strdup(a, "");
	re_buf_free(&b);
	return re_shipped_fold(a, re_claim_sentence(a, s, off), 240);
}

/* Is line [l, le) in fenced code after it (toggles *fence on a fence line)? */
static bool
fenced(const char *l, bool *fence)
{
	const char *p = l;

	while (*p == ' ')
		p++;
	if (strncmp(p, "```", 3) == 0 || strncmp(p, "~~~", 3) == 0)
	{
		*fence = !*fence;
		return true;
	}
	return *fence;
}

/* The stored value's span before the phrase at ph on the line from l: its name, or NULL. */
static char *
stored_before(ReArena *a, const char *l, const char *ph, const char *ident)
{
	const char *q = ph,
			   *s;
	size_t		n;

	while (q > l && ph - q < 40 && q[-1] != '`' && !strchr(".;:|", q[-1]))
		q--;
	if (q == l || q[-1] != '`')
		return NULL;
	for (s = q - 1; s > l && s[-1] != '`'; s--)
		;
	if (s == l || span_base(s, q - 1, &n) == NULL || span_is(s, q - 1, ident))
		return NULL;
	return re_strndup(a, s, n);
}

/* The first derivation of ident in one text, into out (but for its path). */
static bool
derived_in(ReArena *a, const char *ident, const char *text, void *arg)
{
	ReDerived  *out = arg;
	const char *l;
	bool		fence = false;

	for (l = text; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] ? 1 : 0))
	{
		const char *le = l + strcspn(l, "\n");
		int			i;

		if (fenced(l, &fence))
			continue;
		for (i = 0; derive_phrases[i]; i++)
		{
			const char *ph,
					   *p,
					   *s,
					   *e;

			for (ph = l; (ph = find_in(ph, le, derive_phrases[i])) != NULL; ph++)
			{
				p = ph + strlen(derive_phrases[i]);
				while (*p == ' ')
					p++;
				if (strncasecmp(p, "the ", 4) == 0)
					p += 4;
				if (*p != '`' || span_at(p, &s, &e) == NULL || !span_is(s, e, ident) ||
					(out->stored = stored_before(a, l, ph, ident)) == NULL)
					continue;
				out->sentence = doc_sentence(a, text, (int) (ph - text));
				return true;
			}
		}
	}
	return false;
}

/*
 * The first of the idents one reads a sentence of in one of the n texts
 * (NULL skipped), with out filled and *path its text's path: its index, else -1.
 */
static int
first_doc(ReArena *a, const char *const *idents, int nidents, const char *const *paths, const char *const *texts,
		  int n, bool (*one) (ReArena *, const char *, const char *, void *), void *out, const char **path)
{
	int			k,
				f;

	for (k = 0; k < nidents; k++)
		for (f = 0; f < n && idents[k] && *idents[k]; f++)
		{
			RE_CHECK_INTERRUPTS();
			if (texts[f] && one(a, idents[k], texts[f], out))
			{
				*path = paths[f];
				return k;
			}
		}
	return -1;
}

bool
re_derived_from(ReArena *a, const char *ident, const char *const *paths, const char *const *texts, int n,
				ReDerived *out)
{
	memset(out, 0, sizeof(*out));
	return first_doc(a, &ident, 1, paths, texts, n, derived_in, out, &out->path) == 0;
}

/* After the span ending at e: "(up to four words) was|were|been removed|…", no span or clause end between. */
static bool
removal_after(const char *e)
{
	const char *p = e,
			   *w;
	int			words = 0;
	bool		aux = false;

	while (words < 7)
	{
		while (*p == ' ' || *p == '\n' || *p == '>')
			p++;
		for (w = p; isalnum((unsigned char) *p) || *p == '_' || *p == '-'; p++)
			;
		if (p == w)
			return false;
		if (aux && re_word_in(w, (size_t) (p - w), removed_words))
			return true;
		aux = (p - w == 3 && strncasecmp(w, "was", 3) == 0) || (p - w == 4 && strncasecmp(w, "were", 4) == 0) ||
			(p - w == 4 && strncasecmp(w, "been", 4) == 0);
		if (!aux && ++words > 4)
			return false;
	}
	return false;
}

/* The sentence from after a label that ends before the span ("Breaking change (v1.2): The `x` …" -> "The `x` …"). */
static char *
after_label(char *sent, const char *ident)
{
	char	   *at = sent,
			   *colon;

	while ((at = strchr(at, '`')) != NULL && strncasecmp(at + 1, ident, strlen(ident)) != 0)
		at++;
	if (at == NULL)
		return sent;
	for (colon = at; colon > sent && !(colon[-1] == ' ' && colon - 1 > sent && colon[-2] == ':'); colon--)
		;
	return colon > sent ? colon : sent;
}

static bool
removed_in(ReArena *a, const char *ident, const char *text, void *arg)
{
	ReRemoved  *out = arg;
	const char *l;
	bool		fence = false;

	for (l = text; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] ? 1 : 0))
	{
		const char *le = l + strcspn(l, "\n"),
				   *p,
				   *s,
				   *e,
				   *next;

		if (fenced(l, &fence))
			continue;
		for (p = l; p < le && (p = memchr(p, '`', (size_t) (le - p))) != NULL; p = next)
		{
			char	   *sent;

			if ((next = span_at(p, &s, &e)) == NULL)
				break;
			if (!span_is(s, e, ident) || !removal_after(next))
				continue;
			sent = doc_sentence(a, text, (int) (s - text));
			if (!any_in(sent, sent + strlen(sent), reason_words))
				continue;
			out->sentence = after_label(sent, ident);
			out->wrong_rows = any_in(sent, sent + strlen(sent), wrong_words);
			return true;
		}
	}
	return false;
}

bool
re_removed_value(ReArena *a, const char *ident, const char *const *paths, const char *const *texts, int n,
				 ReRemoved *out)
{
	memset(out, 0, sizeof(*out));
	return first_doc(a, &ident, 1, paths, texts, n, removed_in, out, &out->path) == 0;
}

/* Does [s, e) outside its code spans hold one of the words? */
static bool
prose_has(ReArena *a, const char *s, const char *e, const char *const *list)
{
	char	   *o = re_alloc(a, (size_t) (e - s) + 1),
			   *w = o;
	bool		code = false;

	for (; s < e; s++)
	{
		if (*s == '`')
			code = !code;
		else if (!code)
			*w++ = *s;
	}
	*w = '\0';
	return any_in(o, w, list);
}

/* Is the span at p negated by the word right before it ("not `x`", "(not `x`)", "without `x`")? */
static bool
negated_before(const char *start, const char *p)
{
	static const char *const neg[] = {"not", "no", "never", "without", "avoid", "avoids", "avoiding", NULL};
	const char *e = p,
			   *w;

	while (e > start && (e[-1] == ' ' || e[-1] == '('))
		e--;
	for (w = e; w > start && isalpha((unsigned char) w[-1]); w--)
		;
	return w < e && re_word_in(w, (size_t) (e - w), neg);
}

/* Is the span at p outside a clause that removes it, and not negated? */
static bool
used_span(ReArena *a, const char *text, const char *p, const char *next)
{
	const char *cs = p,
			   *ce;

	/* the clause around the span: back to and up to ". ", ";", a line end */
	while (cs > text && cs[-1] != ';' && cs[-1] != '\n' && !(cs[-1] == ' ' && cs - 1 > text && cs[-2] == '.'))
		cs--;
	ce = next + strcspn(next, ";\n");
	if (find_in(next, ce, ". "))
		ce = find_in(next, ce, ". ");
	return !prose_has(a, cs, ce, removing_words) && !negated_before(cs, p);
}

int
re_used_idents(ReArena *a, const char *text, const char **out, int max)
{
	return collect_spans(a, text, out, max, used_span);
}

/*
 * The candidates: what a planned item's changed mechanism feeds, and a value
 * it brings back that the docs record as removed (docs/proposals.md "What a
 * changed mechanism feeds"). They need the selector's state (propose_int.h).
 */
#include "propose_int.h"

/* Does byte b end a clause of a quotation (outside code spans)? */
static bool
clause_edge(char b)
{
	return b == ',' || b == ';' || b == '(' || b == ')' || b == ':';
}

/*
 * The item's own words around the span `ident`: its clause, at most about
 * 60 bytes each side of the span, cut at words ("…"); no double quotes,
 * parentheses or half code spans.
 */
static char *
own_quote(ReArena *a, const char *own, const char *ident)
{
	char	   *span = re_sprintf(a, "`%s", ident),
			   *sent;
	const char *p = strstr(own, span),
			   *at,
			   *s,
			   *e,
			   *q;
	bool		code = false,
				cut_s = false,
				cut_e = false;
	size_t		len;
	bool	   *in;

	sent = re_shipped_fold(a, re_claim_sentence(a, own, p ? (int) (p - own) : 0), 400);
	if ((at = strstr(sent, span)) == NULL)
		return re_shipped_fold(a, sent, 80);
	len = strlen(sent);
	in = re_alloc(a, len + 1);
	for (q = sent; *q; q++)
	{
		if (*q == '`')
			code = !code;
		in[q - sent] = code || *q == '`';
	}
	for (s = at; s > sent && !(clause_edge(s[-1]) && !in[s - 1 - sent]); s--)
		if (at - s > 60 && s[-1] == ' ' && !in[s - 1 - sent])
		{
			cut_s = true;
			break;
		}
	e = strchr(at + 1, '`');
	for (e = e ? e + 1 : at + strlen(at); *e && !(clause_edge(*e) && !in[e - sent]); e++)
		if (e - at > 60 && *e == ' ' && !in[e - sent])
		{
			cut_e = true;
			break;
		}
	while (*s == ' ')
		s++;
	while (e > s && e[-1] == ' ')
		e--;
	return re_sprintf(a, "%s%.*s%s", cut_s ? "\xE2\x80\xA6" : "", (int) (e - s), s, cut_e ? "\xE2\x80\xA6" : "");
}

/* The candidate of feature f with its title and description: a reconcile item (re_reconcile_cand); true. */
static bool
mech_cand(Sel *s, Cand *c, int f, bool p0, const char *lens_id, char *title, char *description)
{
	re_reconcile_cand(s, c, f, p0, lens_id);
	c->full_title = title;
	c->p.title = re_cap_title(s->a, title);
	c->p.description = description;
	c->match_text = c->p.title;
	return true;
}

/* Rule 1: the feature changes ident, and the docs say a stored value is computed by it. */
static bool
derived_item(Sel *s, int f, const char *own, Cand *c)
{
	const char *idents[8],
			   *id = s->in->features[f].item_id,
			   *prev = s->in->prev_version ? s->in->prev_version : "the previous release";
	int			n = re_changed_idents(s->a, own, idents, 8),
				k;
	ReDerived	d;

	memset(&d, 0, sizeof(d));
	if ((k = first_doc(s->a, idents, n, s->docs_only.paths, s->docs_only.texts, s->docs_only.n, derived_in, &d, &d.path)) < 0)
		return false;
	return mech_cand(s, c, f, true, "corr_derived_key",
					 re_sprintf(s->a, "%s: rows stored by %s keep matching after `%s` changes", id, prev, idents[k]),
					 re_sprintf(s->a,
								"v%s plans %s (\"%s\"), and `%s` says what `%s` computes: %s. "
								"A `%s` stored by %s then differs from the one the upgrade computes, so updates and deletes matched on it leave duplicates or orphans. "
								"Verify: a test creates rows on %s, upgrades, then updates and deletes them, and the result equals a full recomputation.",
								s->in->version, id, own_quote(s->a, own, idents[k]), d.path, idents[k], d.sentence, d.stored, prev, prev));
}

/* Rule 2: the feature brings back a value the docs record as removed. */
static bool
removed_item(Sel *s, int f, const char *own, Cand *c)
{
	const char *idents[16],
			   *id = s->in->features[f].item_id;
	int			n = re_used_idents(s->a, own, idents, 16),
				k;
	ReRemoved	r;

	memset(&r, 0, sizeof(r));
	if ((k = first_doc(s->a, idents, n, s->docs_only.paths, s->docs_only.texts, s->docs_only.n, removed_in, &r, &r.path)) < 0)
		return false;
	return mech_cand(s, c, f, r.wrong_rows, "reconcile_removed",
					 re_sprintf(s->a, "Reconcile %s with the documented removal of `%s`", id, idents[k]),
					 re_sprintf(s->a,
								"v%s plans %s (\"%s\"), yet `%s` records the removal of `%s`: %s. "
								"Say what %s adds over the current behaviour, and keep `%s` out of the cases the docs name. "
								"Verify: the section and `%s` agree on `%s`, and %s.",
								s->in->version, id, own_quote(s->a, own, idents[k]), r.path, idents[k], r.sentence, id, idents[k],
								r.path, idents[k],
								r.wrong_rows ? "on those cases a test's result equals a full recomputation"
								: re_sprintf(s->a, "a test checks that `%s` is taken only where the section says", idents[k])));
}

/* Is there a candidate of lens lens_id on feature f among the first n? */
static bool
has_lens_item(const Sel *s, int n, int f, const char *lens_id)
{
	int			i;

	for (i = 0; i < n; i++)
		if (s->cands[i].kind == 3 && s->cands[i].feature == f && s->cands[i].p.lens_id &&
			strcmp(s->cands[i].p.lens_id, lens_id) == 0)
			return true;
	return false;
}

int
re_add_mechanism_items(Sel *s, int nc)
{
	const ReProposeIn *in = s->in;
	Cand	   *cands;
	int			i,
				n = nc;

	if (s->fs == NULL || s->docs_only.n == 0)
		return nc;
	cands = re_alloc(s->a, sizeof(Cand) * (size_t) (nc + 2 * in->nfeatures + 1));
	memcpy(cands, s->cands, sizeof(Cand) * (size_t) nc);
	for (i = 0; i < in->nfeatures; i++)
	{
		const ReFeature *fe = &s->fs[i];
		const char *own = fe->notes_at > 0 ? re_strndup(s->a, fe->text, (size_t) fe->notes_at) : fe->text;

		RE_CHECK_INTERRUPTS();
		if (s->shipped[i].source != RE_SHIP_NONE || own == NULL)
			continue;
		if (!has_lens_item(s, nc, i, "corr_key_upgrade") && derived_item(s, i, own, &cands[n]))
			n++;
		if (removed_item(s, i, own, &cands[n]))
			n++;
	}
	s->cands = cands;
	return n;
}
