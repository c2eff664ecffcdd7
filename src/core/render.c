/*
 * render.c — splice an enriched release section into the original bytes.
 *
 * The file is handled as lines with their own line endings, so bytes
 * outside the target section — and inside it, outside the places where
 * rows, subsections or bullets are added — are copied unchanged.
 */
#include "render.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model.h"

typedef struct Line
{
	const char *s;				/* start */
	size_t		len;			/* without the line ending */
	size_t		full;			/* with the line ending */
} Line;

typedef struct Sub
{
	int			head;			/* index of the heading line */
	int			end;			/* index one past its last line */
	const char *pillar;
	int			is_risks;
	int			is_theme_stop;	/* Exit Criteria / Implementation Status: insert before */
} Sub;

static int
split_lines(ReArena *a, const char *t, size_t len, Line **out)
{
	int			n = 0,
				cap = 256;
	Line	   *v = re_alloc(a, sizeof(Line) * cap);
	size_t		i = 0;

	while (i < len)
	{
		size_t		s = i;
		size_t		e;

		while (i < len && t[i] != '\n')
			i++;
		e = i;
		if (i < len)
			i++;
		if (n == cap)
		{
			Line	   *nv = re_alloc(a, sizeof(Line) * cap * 2);

			memcpy(nv, v, sizeof(Line) * cap);
			v = nv;
			cap *= 2;
		}
		v[n].s = t + s;
		v[n].len = (e > s && t[e - 1] == '\r') ? e - s - 1 : e - s;
		v[n].full = i - s;
		n++;
	}
	*out = v;
	return n;
}

static const char *
newline_of(const Line *l, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (l[i].full > l[i].len)
			return (l[i].full - l[i].len == 2) ? "\r\n" : "\n";
	return "\n";
}

static int
heading_level(const Line *l)
{
	int			k = 0;

	while ((size_t) k < l->len && l->s[k] == '#')
		k++;
	if (k == 0 || k > 6 || (size_t) k >= l->len || l->s[k] != ' ')
		return 0;
	return k;
}

static bool
is_fence(const Line *l)
{
	size_t		k = 0;

	while (k < l->len && l->s[k] == ' ')
		k++;
	return l->len - k >= 3 && (strncmp(l->s + k, "```", 3) == 0 || strncmp(l->s + k, "~~~", 3) == 0);
}

static bool
is_blank(const Line *l)
{
	size_t		k;

	for (k = 0; k < l->len; k++)
		if (!isspace((unsigned char) l->s[k]))
			return false;
	return true;
}

static bool
is_rule(const Line *l)
{
	size_t		k = 0,
				d = 0;

	for (; k < l->len; k++)
	{
		if (l->s[k] == '-' || l->s[k] == '*' || l->s[k] == '_')
			d++;
		else if (l->s[k] != ' ')
			return false;
	}
	return d >= 3;
}

static bool
is_table_row(const Line *l)
{
	size_t		k = 0;

	while (k < l->len && l->s[k] == ' ')
		k++;
	return k < l->len && l->s[k] == '|';
}

static char *
line_str(ReArena *a, const Line *l)
{
	return re_strndup(a, l->s, l->len);
}

/* Split a table row into trimmed cells (no outer pipes). */
static int
row_cells(ReArena *a, const Line *l, char ***cells)
{
	char	   *s = line_str(a, l);
	char	   *p = s;
	int			n = 0;
	char	  **v = re_alloc(a, sizeof(char *) * 64);

	while (*p == ' ')
		p++;
	if (*p == '|')
		p++;
	while (*p && n < 63)
	{
		char	   *q = p;

		while (*q && *q != '|')
		{
			if (*q == '\\' && q[1])
				q++;
			q++;
		}
		if (*q == '\0' && re_trim(a, p)[0] == '\0')
			break;
		v[n++] = re_trim(a, re_strndup(a, p, (size_t) (q - p)));
		if (*q == '\0')
			break;
		p = q + 1;
	}
	*cells = v;
	return n;
}

/* Escape pipes so a title stays in its cell. */
static char *
cell_text(ReArena *a, const char *s)
{
	ReBuf		b;
	char	   *o;

	re_buf_init(&b);
	for (; *s; s++)
	{
		if (*s == '|')
			re_buf_puts(&b, "\\|");
		else if (*s == '\n')
			re_buf_puts(&b, " ");
		else
			re_buf_append(&b, s, 1);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

/* A table row for p laid out under the given header. */
static char *
table_row(ReArena *a, char **hdr, int nh, const ReProposal *p)
{
	ReBuf		b;
	int			i;
	char	   *o;

	re_buf_init(&b);
	re_buf_puts(&b, "|");
	for (i = 0; i < nh; i++)
	{
		const char *h = hdr[i];
		const char *v = "";

		if (strcasecmp(h, "ID") == 0 || strcasecmp(h, "Item") == 0)
			v = p->item_id;
		else if (strncasecmp(h, "Title", 5) == 0 || strncasecmp(h, "Description", 11) == 0)
			v = cell_text(a, p->title);
		else if (strncasecmp(h, "Effort", 6) == 0)
			v = p->effort;
		else if (strncasecmp(h, "Prio", 4) == 0)
			v = p->priority;
		else if (strncasecmp(h, "Status", 6) == 0)
			v = "⬜ Not started";
		re_buf_printf(&b, " %s |", v);
	}
	o = re_buf_to_arena(a, &b);
	re_buf_free(&b);
	return o;
}

static void
item_description(ReBuf *b, const ReProposal *p, const char *nl)
{
	re_buf_printf(b, "**%s — %s.** %s%s", p->item_id, p->title, p->description, nl);
	re_buf_printf(b, "Dependencies: %s. Schema change: %s.%s", p->dependencies,
				  p->schema_change ? "Yes" : "No", nl);
}

static void
new_subsection(ReArena *a, ReBuf *b, const RePillarDef *pd, const ReProposal *items, int n,
			   int level, const char *nl)
{
	int			i;
	char	   *hashes = re_alloc(a, (size_t) level + 2);

	memset(hashes, '#', (size_t) level + 1);
	re_buf_printf(b, "%s %s%s%s", hashes, pd->name, nl, nl);
	re_buf_printf(b, "| ID | Title | Effort | Priority |%s", nl);
	re_buf_printf(b, "|----|-------|--------|----------|%s", nl);
	for (i = 0; i < n; i++)
		if (strcmp(items[i].pillar, pd->key) == 0)
			re_buf_printf(b, "| %s | %s | %s | %s |%s", items[i].item_id, cell_text(a, items[i].title),
						  items[i].effort, items[i].priority, nl);
	re_buf_puts(b, nl);
	for (i = 0; i < n; i++)
		if (strcmp(items[i].pillar, pd->key) == 0)
		{
			item_description(b, &items[i], nl);
			re_buf_puts(b, nl);
		}
}

/* Text inserted before line index `at` (several inserts may share a line). */
typedef struct Insert
{
	int			at;
	int			seq;
	char	   *text;
} Insert;

static int
insert_cmp(const void *x, const void *y)
{
	const Insert *a = x,
			   *b = y;

	if (a->at != b->at)
		return a->at - b->at;
	return a->seq - b->seq;
}

/* Last line index (exclusive end) of sub's content, before trailing blanks and rules. */
static int
content_end(const Line *l, int head, int end)
{
	int			e = end;

	while (e > head + 1 && (is_blank(&l[e - 1]) || is_rule(&l[e - 1])))
		e--;
	return e;
}

static bool
section_has_id(const Line *l, int from, int to, const char *id)
{
	int			i;
	size_t		n = strlen(id);

	for (i = from; i < to; i++)
	{
		const char *s = l[i].s;
		size_t		k = 0;

		if (!is_table_row(&l[i]))
			continue;
		while (k < l[i].len && (s[k] == ' ' || s[k] == '|'))
			k++;
		if (l[i].len - k >= n && strncmp(s + k, id, n) == 0 &&
			(l[i].len - k == n || s[k + n] == ' ' || s[k + n] == '|'))
			return true;
	}
	return false;
}

/* True for a setext underline: only '=' or only '-' (at least one), blanks around. */
static bool
is_setext_underline(const Line *ln)
{
	size_t		k = 0,
				n = 0;
	char		c = 0;

	while (k < ln->len && ln->s[k] == ' ')
		k++;
	if (k < ln->len && (ln->s[k] == '=' || ln->s[k] == '-'))
		c = ln->s[k];
	while (k < ln->len && c && ln->s[k] == c)
		k++, n++;
	while (k < ln->len && (ln->s[k] == ' ' || ln->s[k] == '\r'))
		k++;
	return n > 0 && k == ln->len;
}

/* Why the release's heading line is not an ATX heading, as accurately as the file tells. */
static void
heading_mismatch(const Line *l, int nl_count, const ReRenderIn *in, char *err, size_t errlen)
{
	int			hs = in->line_start - 1;

	if (in->len > 0 && memchr(in->text, '\r', in->len) && !memchr(in->text, '\n', in->len))
		snprintf(err, errlen, "the file uses CR-only line endings, which write-back cannot edit line by line; "
				 "convert it to LF or CRLF line endings");
	else if (hs >= 0 && hs + 1 < nl_count && is_setext_underline(&l[hs + 1]))
		snprintf(err, errlen, "line %d is a setext heading (text underlined with = or -); "
				 "write-back edits ATX headings such as \"## v1.2.0\" only", in->line_start);
	else
		snprintf(err, errlen, "line %d is not a heading; the catalog is out of date with the file", in->line_start);
}

/* The state of one re_render call, shared by its steps. */
typedef struct RenderCtx
{
	ReArena    *a;
	const ReRenderIn *in;
	ReRenderOut *out;
	Line	   *l;
	int			nl_count;
	int			hs;				/* index of the section heading */
	int			he;				/* exclusive end of the section */
	const char *nl;
	Sub			subs[128];
	int			nsubs;
	bool		has_theme;
	int			risks_sub;
	int			stop_sub;
	int			exit_line;		/* a paragraph opening with a bold stop word ("**Exit criteria:**"), or -1 */
	ReProposal *todo;			/* proposals not already in the section */
	int			ntodo;
	bool		notes_only;		/* no proposal: the risks say why, written once */
	Insert		ins[256];
	int			nins;
	int			seq;
} RenderCtx;

/*
 * A release with no proposal still gets its Conflicts & Risks notes (why no
 * item), once: not when its first line is in the section already, and not
 * the "no conflicts" line of an empty note.
 */
static bool
notes_new(const RenderCtx *c)
{
	const char *r = c->in->risks;
	size_t		n;
	int			i;

	if (r == NULL || strncmp(r, "- ", 2) != 0 || strncmp(r, "- No conflicts found", 20) == 0)
		return false;
	r += 2;
	n = strcspn(r, "\n");
	if (n > 60)
		n = 60;
	for (i = c->hs; i < c->he; i++)
	{
		size_t		k;

		for (k = 0; c->l[i].len >= n && k + n <= c->l[i].len; k++)
			if (strncmp(c->l[i].s + k, r, n) == 0)
				return false;
	}
	return true;
}

static void
add_insert(RenderCtx *c, int at, int seq, char *text)
{
	c->ins[c->nins].at = at;
	c->ins[c->nins].seq = seq;
	c->ins[c->nins++].text = text;
}

/* True when h contains one of the words (case-insensitive). */
static bool
contains_any(const char *h, const char *const *words, int n)
{
	int			i;

	for (i = 0; i < n; i++)
		if (re_icontains(h, words[i]))
			return true;
	return false;
}

/* A paragraph that opens with a bold stop word ("**Exit criteria:**"). */
static bool
bold_stop(const Line *l, const char *const *words, int n)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		size_t		w = strlen(words[i]);

		if (l->len >= w + 2 && strncmp(l->s, "**", 2) == 0 && strncasecmp(l->s + 2, words[i], w) == 0)
			return true;
	}
	return false;
}

/* Find the section's subsections, its Release Theme, risks and stop subsections. */
static void
scan_subsections(RenderCtx *c)
{
	const Line *l = c->l;
	int			level = c->in->level;
	int			i,
				fence = 0;

	for (i = c->hs + 1; i < c->he; i++)
	{
		int			lv;

		if (is_fence(&l[i]))
			fence = !fence;
		if (fence)
			continue;
		if (l[i].len >= strlen(c->in->words.theme) + 5 && strstr(line_str(c->a, &l[i]), c->in->words.theme))
			c->has_theme = true;
		if (c->exit_line < 0 && bold_stop(&l[i], c->in->words.stop, c->in->words.nstop))
			c->exit_line = i;	/* new subsections go before it, as before the heading */
		lv = heading_level(&l[i]);
		if (lv == 0 || lv <= level)
			continue;
		if (c->nsubs > 0 && lv <= level + 1)
			c->subs[c->nsubs - 1].end = i;
		if (lv == level + 1 && c->nsubs < 128)
		{
			char	   *h = line_str(c->a, &l[i]);
			Sub		   *sub = &c->subs[c->nsubs];

			sub->head = i;
			sub->end = c->he;
			sub->pillar = re_pillar_from_heading(c->in->pillars, c->in->npillars, h);
			sub->is_risks = contains_any(h, c->in->words.risks, c->in->words.nrisks);
			sub->is_theme_stop = contains_any(h, c->in->words.stop, c->in->words.nstop) || sub->is_risks;
			if (sub->is_risks)
				sub->pillar = NULL;
			c->nsubs++;
		}
	}
	for (i = 0; i < c->nsubs; i++)
	{
		if (c->subs[i].is_risks && c->risks_sub < 0)
			c->risks_sub = i;
		if (c->subs[i].is_theme_stop && c->stop_sub < 0)
			c->stop_sub = i;
	}
}

/* Add pd's new items to its existing subsection s: table rows, then descriptions. */
static void
extend_subsection(RenderCtx *c, const Sub *sub, const RePillarDef *pd)
{
	const Line *l = c->l;
	int			t0 = -1,
				t1 = -1,
				i,
				j;
	char	  **hdr = NULL;
	int			nh = 0;
	ReBuf		rows,
				descs;
	int			ce = content_end(l, sub->head, sub->end);

	for (j = sub->head + 1; j < sub->end; j++)
		if (is_table_row(&l[j]))
		{
			t0 = j;
			break;
		}
	if (t0 >= 0)
	{
		for (t1 = t0; t1 < sub->end && is_table_row(&l[t1]); t1++)
			;
		nh = row_cells(c->a, &l[t0], &hdr);
	}
	re_buf_init(&rows);
	re_buf_init(&descs);
	for (i = 0; i < c->ntodo; i++)
	{
		if (strcmp(c->todo[i].pillar, pd->key) != 0)
			continue;
		if (t0 >= 0 && nh > 0)
			re_buf_printf(&rows, "%s%s", table_row(c->a, hdr, nh, &c->todo[i]), c->nl);
		re_buf_puts(&descs, c->nl);
		item_description(&descs, &c->todo[i], c->nl);
		c->out->added_rows++;
	}
	if (t0 < 0)
	{
		/* a pillar heading without a table: add a table after the heading */
		ReBuf		t;
		const char *nl = c->nl;

		re_buf_init(&t);
		re_buf_printf(&t, "%s| ID | Title | Effort | Priority |%s|----|-------|--------|----------|%s", nl, nl, nl);
		for (i = 0; i < c->ntodo; i++)
			if (strcmp(c->todo[i].pillar, pd->key) == 0)
				re_buf_printf(&t, "| %s | %s | %s | %s |%s", c->todo[i].item_id, cell_text(c->a, c->todo[i].title),
							  c->todo[i].effort, c->todo[i].priority, nl);
		add_insert(c, sub->head + 1, c->seq++, re_buf_to_arena(c->a, &t));
		re_buf_free(&t);
	}
	else
		add_insert(c, t1, c->seq++, re_buf_to_arena(c->a, &rows));
	add_insert(c, ce, c->seq++, re_buf_to_arena(c->a, &descs));
	re_buf_free(&rows);
	re_buf_free(&descs);
}

/* Extend existing pillar subsections (the first one per pillar); mark the pillars handled. */
static void
extend_pillars(RenderCtx *c, bool *pillar_done)
{
	int			k,
				i,
				s;

	for (k = 0; k < c->in->npillars; k++)
	{
		const RePillarDef *pd = &c->in->pillars[k];
		int			any = 0;

		for (i = 0; i < c->ntodo; i++)
			any |= strcmp(c->todo[i].pillar, pd->key) == 0;
		if (!any)
		{
			pillar_done[k] = true;
			continue;
		}
		for (s = 0; s < c->nsubs; s++)
			if (c->subs[s].pillar && strcmp(c->subs[s].pillar, pd->key) == 0)
				break;
		if (s == c->nsubs)
			continue;
		extend_subsection(c, &c->subs[s], pd);
		pillar_done[k] = true;
	}
}

/* The risks text with the file's line endings. */
static void
put_risks(RenderCtx *c, ReBuf *b)
{
	int			i;

	for (i = 0; c->in->risks[i]; i++)
	{
		if (c->in->risks[i] == '\n')
			re_buf_puts(b, c->nl);
		else
			re_buf_append(b, &c->in->risks[i], 1);
	}
}

/* Missing pillar subsections, in pillar order, and a risks subsection, before risks/exit criteria. */
static void
add_missing(RenderCtx *c, const bool *pillar_done)
{
	const Line *l = c->l;
	const ReRenderIn *in = c->in;
	ReBuf		b;
	int			at = c->stop_sub >= 0 ? c->subs[c->stop_sub].head : content_end(l, c->hs, c->he);
	bool		before_stop = c->stop_sub >= 0;
	int			k,
				i;

	if (c->exit_line >= 0 && c->exit_line < at)
	{
		at = c->exit_line;		/* a paragraph: stand apart from what precedes it */
		before_stop = false;
	}

	re_buf_init(&b);
	for (k = 0; k < in->npillars; k++)
	{
		if (pillar_done[k])
			continue;
		new_subsection(c->a, &b, &in->pillars[k], c->todo, c->ntodo, in->level, c->nl);
		for (i = 0; i < c->ntodo; i++)
			c->out->added_rows += strcmp(c->todo[i].pillar, in->pillars[k].key) == 0;
		c->out->added_sections++;
	}
	if ((c->ntodo > 0 || c->notes_only) && c->risks_sub < 0)
	{
		char	   *hashes = re_alloc(c->a, (size_t) in->level + 2);

		memset(hashes, '#', (size_t) in->level + 1);
		re_buf_printf(&b, "%s %s%s%s", hashes, in->words.risks_title, c->nl, c->nl);
		put_risks(c, &b);
		re_buf_puts(&b, c->nl);
		c->out->added_sections++;
	}
	if (b.len)
	{
		/* stand apart from what precedes when it is not a blank line */
		char	   *t = re_buf_to_arena(c->a, &b);

		if (!before_stop && at > 0 && !is_blank(&l[at - 1]))
			t = re_sprintf(c->a, "%s%s", c->nl, t);
		add_insert(c, at, c->seq++, t);
	}
	re_buf_free(&b);
}

/*
 * Where the risks go in the Conflicts & Risks subsection: after its last
 * content line, or, when a paragraph opening with a bold stop word
 * ("**Exit criteria:**") follows the risks within the subsection, after the
 * last risk before it (a quoted total between them stays below), so the
 * notes do not read as exit criteria.
 */
static int
risks_end(const RenderCtx *c)
{
	const Line *l = c->l;
	const Sub  *sub = &c->subs[c->risks_sub];
	int			at = content_end(l, sub->head, sub->end);

	if (c->exit_line > sub->head && c->exit_line < at)
	{
		at = c->exit_line;
		while (at > sub->head + 1 && (is_blank(&l[at - 1]) || (l[at - 1].len > 0 && l[at - 1].s[0] == '>')))
			at--;
	}
	return at;
}

/* Risks merged into an existing Conflicts & Risks subsection; a Release Theme where there is none. */
static void
add_risks_and_theme(RenderCtx *c)
{
	const Line *l = c->l;

	if ((c->ntodo > 0 || c->notes_only) && c->risks_sub >= 0)
	{
		ReBuf		b;

		re_buf_init(&b);
		put_risks(c, &b);
		add_insert(c, risks_end(c), c->seq++, re_buf_to_arena(c->a, &b));
		re_buf_free(&b);
	}
	if (c->ntodo > 0 && !c->has_theme)
	{
		int			at = c->hs + 1;

		while (at < c->he && is_blank(&l[at]))
			at++;
		/* after a leading status paragraph */
		if (at < c->he && !heading_level(&l[at]) && !is_table_row(&l[at]))
		{
			while (at < c->he && !is_blank(&l[at]) && !heading_level(&l[at]))
				at++;
		}
		add_insert(c, at, -1, re_sprintf(c->a, "%s> **%s**%s> %s%s", c->nl, c->in->words.theme, c->nl,
										 c->in->theme, c->nl));
	}
}

/* The file's lines with the inserts spliced in; -1 when out of memory. */
static int
splice(RenderCtx *c, char *err, size_t errlen)
{
	const Line *l = c->l;
	ReBuf		outb;
	int			i,
				k = 0;

	qsort(c->ins, c->nins, sizeof(Insert), insert_cmp);
	re_buf_init(&outb);
	for (i = 0; i <= c->nl_count; i++)
	{
		while (k < c->nins && c->ins[k].at == i)
		{
			/* inserting at EOF after a last line without newline */
			if (i == c->nl_count && i > 0 && l[i - 1].full == l[i - 1].len && c->ins[k].text[0])
				re_buf_puts(&outb, c->nl);
			re_buf_puts(&outb, c->ins[k].text);
			k++;
		}
		if (i < c->nl_count)
			re_buf_append(&outb, l[i].s, l[i].full);
	}
	if (outb.oom)
	{
		re_buf_free(&outb);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	c->out->text = re_buf_to_arena(c->a, &outb);
	c->out->len = outb.len;
	re_buf_free(&outb);
	return 0;
}

int
re_render(ReArena *a, const ReRenderIn *in, ReRenderOut *out, char *err, size_t errlen)
{
	RenderCtx  *c = re_alloc(a, sizeof(RenderCtx));
	bool	   *pillar_done = re_alloc(a, sizeof(bool) * (size_t) (in->npillars + 1));
	int			i;

	memset(out, 0, sizeof(*out));
	if (c == NULL || pillar_done == NULL)
	{
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memset(c, 0, sizeof(*c));
	c->a = a;
	c->in = in;
	c->out = out;
	c->nl_count = split_lines(a, in->text, in->len, &c->l);
	c->hs = in->line_start - 1;
	c->he = in->line_end < c->nl_count ? in->line_end : c->nl_count;	/* exclusive index */
	c->nl = newline_of(c->l, c->nl_count);
	c->risks_sub = -1;
	c->stop_sub = -1;
	c->exit_line = -1;
	c->todo = re_alloc(a, sizeof(ReProposal) * (size_t) (in->nitems + 1));
	if (c->hs < 0 || c->hs >= c->nl_count || heading_level(&c->l[c->hs]) == 0)
	{
		heading_mismatch(c->l, c->nl_count, in, err, errlen);
		return -1;
	}
	scan_subsections(c);
	for (i = 0; i < in->nitems; i++)
		if (!section_has_id(c->l, c->hs, c->he, in->items[i].item_id))
			c->todo[c->ntodo++] = in->items[i];
	c->notes_only = in->nitems == 0 && in->no_item_notes && notes_new(c);
	out->added_notes = c->notes_only;
	memset(pillar_done, 0, sizeof(bool) * (size_t) (in->npillars + 1));
	if (c->notes_only)
		memset(pillar_done, 1, sizeof(bool) * (size_t) (in->npillars + 1));	/* no empty pillar subsection */
	extend_pillars(c, pillar_done);
	add_missing(c, pillar_done);
	add_risks_and_theme(c);
	return splice(c, err, errlen);
}

double
re_effort_days(const char *e)
{
	if (strcmp(e, "XS") == 0)
		return 0.5;
	if (strcmp(e, "S") == 0)
		return 1;
	if (strcmp(e, "M") == 0)
		return 3;
	if (strcmp(e, "L") == 0)
		return 7;
	return 15;
}

char *
re_effort_with_items(ReArena *a, const char *old, const ReProposal *items, int n)
{
	double		days = 0;
	int			i;
	char	   *base = re_strdup(a, old ? old : "");
	char	   *cut = strstr(base, " + ~");

	for (i = 0; i < n; i++)
		days += re_effort_days(items[i].effort);
	/* replace our own earlier suffix rather than stacking them */
	while (cut)
	{
		if (strstr(cut, "quality items"))
		{
			*cut = '\0';
			break;
		}
		cut = strstr(cut + 1, " + ~");
	}
	if (n == 0)
		return base;
	return re_sprintf(a, "%s%s~%gd quality items (%d)", base, base[0] ? " + " : "", days, n);
}
