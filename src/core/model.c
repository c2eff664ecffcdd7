/*
 * model.c — releases, items, changelog entries, rules and plan items
 * understood from parsed roadmap markdown.
 *
 * Everything here reads the flat block list of mdoc.c; tables are read by
 * their header names, never by column position.
 */
#include "model.h"
#include "feature.h"
#include "similar.h"
#include "trace.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define VEC_PUSH(m, vec) \
	((vec).n == (vec).cap ? vec_grow((m)->arena, (void **) &(vec).v, &(vec).cap, sizeof(*(vec).v), (vec).n) : (void) 0, \
	 memset(&(vec).v[(vec).n], 0, sizeof(*(vec).v)), &(vec).v[(vec).n++])

static void
vec_grow(ReArena *a, void **v, int *cap, size_t elem, int n)
{
	int			ncap = *cap ? *cap * 2 : 64;
	void	   *nv = re_alloc(a, elem * (size_t) ncap);

	if (n)
		memcpy(nv, *v, elem * (size_t) n);
	*v = nv;
	*cap = ncap;
}

void
re_model_init(ReModel *m, ReArena *a, const RePillarDef *pillars, int npillars)
{
	memset(m, 0, sizeof(*m));
	m->arena = a;
	m->pillars = pillars;
	m->npillars = npillars;
	strcpy(m->layout, "unknown");
	re_strmap_init(&m->release_map, a);
	re_strmap_init(&m->item_map, a);
	re_strmap_init(&m->path_map, a);
}

/* Append a release with this canonical version and index it. */
static ReRelease *
add_release(ReModel *m, const char *version)
{
	ReRelease  *rel = VEC_PUSH(m, m->releases);

	rel->version = re_strdup(m->arena, version);
	re_strmap_put(&m->release_map, version, m->releases.n - 1);
	return rel;
}

static void
item_key(char *buf, size_t len, const char *version, const char *id)
{
	snprintf(buf, len, "%s %s", version, id);
}

/* Copy s without strikethrough/bold markers and surrounding blanks. */
static char *
strip_marks(ReArena *a, const char *s, bool strip_code)
{
	size_t		n = strlen(s),
				i,
				o = 0;
	char	   *out = re_alloc(a, n + 1);

	for (i = 0; i < n; i++)
	{
		if ((s[i] == '~' && s[i + 1] == '~') || (s[i] == '*' && s[i + 1] == '*'))
		{
			i++;
			continue;
		}
		if (strip_code && s[i] == '`')
			continue;
		out[o++] = s[i];
	}
	out[o] = '\0';
	return re_trim(a, out);
}

/*
 * An item id is an upper-case token such as CORR-3, A09, F5, PH-D1, P3b or
 * CITUS-BENCH; sub-item ids like CORR-1-1 and plain words are not.
 */
/* Where to cut s to at most n bytes without splitting a UTF-8 character. */
static size_t
utf8_cut(const char *s, size_t n)
{
	while (n > 0 && ((unsigned char) s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

/*
 * The shape of an id: 0 none, 1 an item id, 2 one whose last two segments
 * are numbers (CORR-1-1, C-2-1).
 */
static int
id_shape(const char *s)
{
	size_t		n = strlen(s),
				i;
	bool		has_digit = false,
				has_dash = false;
	int			numeric_segments_in_row = 0,
				seg_numeric = 1,
				seg_len = 0;

	if (n < 2 || n > 24 || !isupper((unsigned char) s[0]))
		return 0;
	for (i = 0; i < n; i++)
	{
		char		c = s[i];

		if (c == '-')
		{
			if (seg_len == 0 || i == n - 1)
				return 0;
			numeric_segments_in_row = seg_numeric ? numeric_segments_in_row + 1 : 0;
			has_dash = true;
			seg_numeric = 1;
			seg_len = 0;
			continue;
		}
		if (isdigit((unsigned char) c))
			has_digit = true;
		else if (isupper((unsigned char) c))
			seg_numeric = 0;
		else if (islower((unsigned char) c))
		{
			/* one lower-case suffix after a digit: P3b */
			if (i != n - 1 || !isdigit((unsigned char) s[i - 1]))
				return 0;
			seg_numeric = 0;
		}
		else
			return 0;
		seg_len++;
	}
	if (!has_digit && !has_dash)
		return 0;
	/* P0/P1/P2 are priorities, not ids */
	if (n == 2 && s[0] == 'P' && isdigit((unsigned char) s[1]))
		return 0;
	/* encodings and standards that look like ids */
	{
		static const char *const stop[] = {"UTF-", "SHA-", "ISO-", "RFC-", "UCS-", "X-"};
		size_t		k;

		for (k = 0; k < sizeof(stop) / sizeof(stop[0]); k++)
			if (strncmp(s, stop[k], strlen(stop[k])) == 0)
				return 0;
	}
	if (seg_numeric && numeric_segments_in_row >= 1)
		return numeric_segments_in_row == 1 ? 2 : 0;	/* CORR-1-1; CORR-1-1-1 is none */
	return 1;
}

bool
re_is_item_id(const char *s)
{
	return id_shape(s) == 1;
}

bool
re_is_substep_id(const char *s)
{
	return id_shape(s) == 2;
}

bool
re_is_word_id(const char *s)
{
	size_t		n = strlen(s),
				i;

	if (n < 3 || n > 24)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] < 'A' || s[i] > 'Z')
			return false;
	return true;
}

/* Item status from a status cell; -1 when the text says nothing. */
int
re_item_status_from_text(const char *s)
{
	if (s == NULL || *s == '\0')
		return -1;
	if (strstr(s, "\xE2\x8F\xAD") || re_icontains_word(s, "skipped") || re_icontains_word(s, "skip"))
		return IS_SKIPPED;
	if (strstr(s, "\xE2\x9C\x85") || strstr(s, "\xE2\x9C\x94") || re_istarts_with(s, "[x]"))
		return IS_DONE;
	if (strstr(s, "\xE2\xAC\x9C") || re_icontains(s, "not started") || re_icontains_word(s, "todo") ||
		re_icontains(s, "in progress") || re_icontains(s, "not done"))
		return IS_OPEN;
	if (re_icontains(s, "deferred") || re_icontains(s, "postponed") || re_icontains_word(s, "defer"))
		return IS_DEFERRED;
	if (re_icontains_word(s, "done") || re_icontains_word(s, "complete") ||
		re_icontains_word(s, "completed") || re_icontains_word(s, "shipped") ||
		re_icontains_word(s, "implemented") || re_icontains_word(s, "fixed"))
		return IS_DONE;
	if (re_icontains_word(s, "open") || re_icontains_word(s, "planned") || re_icontains_word(s, "pending"))
		return IS_OPEN;
	return -1;
}

ReReleaseStatus
re_release_status_from_text(const char *s, bool *found)
{
	*found = true;
	if (s == NULL)
	{
		*found = false;
		return RS_PLANNED;
	}
	if (re_icontains(s, "unreleased") || re_icontains(s, "not released"))
		return RS_PLANNED;
	if (re_icontains(s, "released") || re_icontains_word(s, "shipped") || strstr(s, "\xE2\x9C\x85"))
		return RS_RELEASED;
	if (re_icontains(s, "in progress") || re_icontains(s, "in-progress") ||
		re_icontains_word(s, "active") || re_icontains(s, "\xF0\x9F\x9A\xA7") ||
		re_icontains(s, "under development") || re_icontains(s, "current"))
		return RS_IN_PROGRESS;
	if (re_icontains(s, "planned") || re_icontains(s, "proposed") || re_icontains(s, "draft") ||
		re_icontains(s, "future") || re_icontains(s, "not started"))
		return RS_PLANNED;
	*found = false;
	return RS_PLANNED;
}

const char *
re_item_status_name(ReItemStatus s)
{
	switch (s)
	{
		case IS_DONE:
			return "done";
		case IS_SKIPPED:
			return "skipped";
		case IS_DEFERRED:
			return "deferred";
		default:
			return "open";
	}
}

const char *
re_release_status_name(ReReleaseStatus s)
{
	switch (s)
	{
		case RS_RELEASED:
			return "released";
		case RS_IN_PROGRESS:
			return "in_progress";
		default:
			return "planned";
	}
}

ReRelease *
re_model_find_release(ReModel *m, const char *version)
{
	int			i = re_strmap_get(&m->release_map, version);

	return i >= 0 ? &m->releases.v[i] : NULL;
}

/* Skip blanks and the dashes/colons that separate a version from a title. */
static const char *
skip_separators(const char *p)
{
	for (;;)
	{
		if (*p == ' ' || *p == '\t' || *p == '-' || *p == ':' || *p == ']' || *p == '|')
			p++;
		else if (strncmp(p, "\xE2\x80\x94", 3) == 0 || strncmp(p, "\xE2\x80\x93", 3) == 0)
			p += 3;				/* em dash, en dash */
		else
			return p;
	}
}

/* Parse "v0.19.0 — Title" at the start of a heading. */
static bool
heading_version(ReArena *a, const char *text, char **version, ReVersion *v, char **title)
{
	size_t		n = re_version_scan(text, v);
	char		buf[32];

	if (n == 0)
		return false;
	re_version_format(v, buf, sizeof(buf));
	*version = re_strdup(a, buf);
	*title = re_trim(a, skip_separators(text + n));
	return true;
}

/* Index of the first block after i that is a heading of level <= level. */
static int
section_end(const MdDoc *doc, int i, int level)
{
	int			j;

	for (j = i + 1; j < doc->nblocks; j++)
		if (doc->blocks[j].kind == MB_HEADING && doc->blocks[j].quote_depth == 0 &&
			doc->blocks[j].level <= level)
			return j;
	return doc->nblocks;
}

static int
block_last_line(const MdDoc *doc, int end)
{
	return end < doc->nblocks ? doc->blocks[end].line - 1 : doc->nlines;
}

typedef struct ColMap
{
	int			id,
				title,
				effort,
				priority,
				status,
				version,
				theme,
				scope,
				details,
				milestone;
} ColMap;

static bool
header_is(const char *cell, const char *name)
{
	while (*cell == ' ' || *cell == '*')
		cell++;
	return strncasecmp(cell, name, strlen(name)) == 0;
}

/* Map a table's header row to column numbers (-1 when absent). */
static void
map_columns(const MdBlock *hdr, ColMap *c)
{
	int			i;

	memset(c, -1, sizeof(*c));
	for (i = 0; i < hdr->ncells; i++)
	{
		const char *h = hdr->cells[i];

		if (c->id < 0 && (strcasecmp(h, "id") == 0 || strcasecmp(h, "item") == 0 ||
						  strcasecmp(h, "item id") == 0))
			c->id = i;
		else if (c->title < 0 && (header_is(h, "title") || header_is(h, "name")))
			c->title = i;
		else if (header_is(h, "effort"))
		{
			if (c->effort < 0)
				c->effort = i;
		}
		else if (c->priority < 0 && header_is(h, "prio"))
			c->priority = i;
		else if (c->status < 0 && header_is(h, "status"))
			c->status = i;
		else if (c->version < 0 && header_is(h, "version"))
			c->version = i;
		else if (c->milestone < 0 && header_is(h, "milestone"))
			c->milestone = i;
		else if (c->theme < 0 && header_is(h, "theme"))
			c->theme = i;
		else if (c->scope < 0 && header_is(h, "scope"))
			c->scope = i;
		else if (c->details < 0 && (header_is(h, "full details") || header_is(h, "details")))
			c->details = i;
	}
	if (c->title < 0)
		for (i = 0; i < hdr->ncells; i++)
			if (i != c->id && (header_is(hdr->cells[i], "description") ||
							   header_is(hdr->cells[i], "feature")))
			{
				c->title = i;
				break;
			}
}

/* Track tables while walking blocks: map each new table's header; true for data rows. */
static bool
table_data_row(const MdBlock *b, int *table, ColMap *cols)
{
	if (b->kind != MB_TABLE_ROW)
		return false;
	if (b->table_no != *table)
	{
		*table = b->table_no;
		if (b->header)
			map_columns(b, cols);
		else
			memset(cols, -1, sizeof(*cols));
		return false;
	}
	return true;
}

static const char *
cell(const MdBlock *b, int col)
{
	return (col >= 0 && col < b->ncells) ? b->cells[col] : NULL;
}

/* "deferred to v0.34.0" → "0.34.0" */
static char *
deferred_target(ReArena *a, const char *s)
{
	const char *p;

	if (!re_icontains(s, "deferred to") && !re_icontains(s, "moved to"))
		return NULL;
	for (p = s; *p; p++)
	{
		ReVersion	v;
		char		buf[32];

		if ((p == s || !isalnum((unsigned char) p[-1])) && (*p == 'v' || isdigit((unsigned char) *p)) &&
			re_version_scan(p, &v) > 0)
		{
			re_version_format(&v, buf, sizeof(buf));
			return re_strdup(a, buf);
		}
	}
	return NULL;
}

/* The item (version, id) created at index from or later, or NULL. */
static ReItem *
find_item(ReModel *m, int from, const char *version, const char *id)
{
	char		key[128];
	int			i;

	item_key(key, sizeof(key), version, id);
	i = re_strmap_get(&m->item_map, key);
	return i >= from ? &m->items.v[i] : NULL;
}

/* A new item of rel, registered in the item map so find_item sees it. */
static ReItem *
new_item(ReModel *m, const ReRelease *rel, const char *id, const char *path, int line, const char *section)
{
	char		key[128];
	ReItem	   *it = VEC_PUSH(m, m->items);

	item_key(key, sizeof(key), rel->version, id);
	re_strmap_put(&m->item_map, key, m->items.n - 1);
	it->version = rel->version;
	it->item_id = (char *) id;
	it->path = re_strdup(m->arena, path);
	it->line = line;
	it->section = section ? re_strdup(m->arena, section) : NULL;
	it->pillar = (char *) re_pillar_from_prefix(m->pillars, m->npillars, id);
	if (it->pillar == NULL)
		it->pillar = (char *) re_pillar_from_heading(m->pillars, m->npillars, section);
	return it;
}

/*
 * Is the id cell of a table row an item id (docs/ingest.md "Items")? Beside
 * the usual shape: an id ending in two numbers (C-2-1) unless it is a
 * sub-step, i.e. its parent (C-2) is an item of the release or the table
 * sits inside an item's block (in_item: under a "**ID — …**" paragraph or
 * an "ID: …" heading); an upper-case word (RUNBOOK) when the row's title
 * cell leads with a bold title, as item rows do.
 */
static bool
row_id(ReModel *m, int first_item, const ReRelease *rel, const char *id, bool bold_title, bool in_item)
{
	if (re_is_item_id(id))
		return true;
	if (re_is_substep_id(id))
	{
		char	   *parent = re_strndup(m->arena, id, (size_t) (strrchr(id, '-') - id));

		return !in_item && find_item(m, first_item, rel->version, parent) == NULL;
	}
	return re_is_word_id(id) && bold_title;
}

/* One table row that names an item: create or complete its ReItem. */
static void
item_row(ReModel *m, int first_item, const ReRelease *rel, const char *path,
		 const MdBlock *b, const ColMap *c, const char *section, bool in_item)
{
	ReArena    *a = m->arena;
	const char *raw_id = cell(b, c->id);
	const char *raw_title = cell(b, c->title);
	char	   *id;
	ReItem	   *it;
	int			st = -1;
	bool		struck;

	if (raw_id == NULL)
		return;
	id = strip_marks(a, raw_id, true);
	if (!row_id(m, first_item, rel, id, c->title >= 0 && c->title < 64 && (b->cell_bold >> c->title) & 1, in_item))
		return;
	struck = strstr(raw_id, "~~") != NULL || (raw_title && strncmp(raw_title, "~~", 2) == 0);
	it = find_item(m, first_item, rel->version, id);
	if (it == NULL)
	{
		it = new_item(m, rel, id, path, b->line, section);
		it->status = IS_OPEN;
	}
	if (it->title == NULL && raw_title && *raw_title)
	{
		char	   *t = strip_marks(a, raw_title, false);

		if (strlen(t) > 300)
			t[utf8_cut(t, 300)] = '\0';
		it->title = t;
	}
	if (it->effort == NULL && cell(b, c->effort) && *cell(b, c->effort))
		it->effort = strip_marks(a, cell(b, c->effort), true);
	if (it->priority == NULL && cell(b, c->priority) && *cell(b, c->priority))
		it->priority = strip_marks(a, cell(b, c->priority), true);
	if (cell(b, c->status))
		st = re_item_status_from_text(cell(b, c->status));
	if (st >= 0)
	{
		it->status = (ReItemStatus) st;
		it->status_text = strip_marks(a, cell(b, c->status), false);
		it->deferred_to = deferred_target(a, it->status_text);
	}
	else if (struck && it->status_text == NULL)
	{
		it->status = IS_DONE;
		it->status_text = re_strdup(a, "struck through");
	}
	if (struck)
		it->struck = 1;
}

/* A paragraph led by **ID — Title** describes that item. */
static void
item_description(ReModel *m, int first_item, const ReRelease *rel, const MdDoc *doc, int bi, int be)
{
	const MdBlock *b = &doc->blocks[bi];
	char		idbuf[32];
	size_t		n = 0;
	ReItem	   *it;
	const char *rest;

	while (b->bold[n] && n < sizeof(idbuf) - 1 &&
		   (isalnum((unsigned char) b->bold[n]) || b->bold[n] == '-'))
	{
		idbuf[n] = b->bold[n];
		n++;
	}
	idbuf[n] = '\0';
	if (!re_is_item_id(idbuf))
		return;
	it = find_item(m, first_item, rel->version, idbuf);
	if (it == NULL || it->description)
		return;
	rest = b->text + strlen(b->bold);
	rest = skip_separators(rest);
	if (strlen(rest) < 20 && bi + 1 < be && doc->blocks[bi + 1].kind != MB_HEADING &&
		doc->blocks[bi + 1].kind != MB_TABLE_ROW)
		rest = doc->blocks[bi + 1].text;
	it->description = re_trim(m->arena, rest);
	if (strlen(it->description) > 2000)
		it->description[2000] = '\0';
}

/* The nearest heading above block j inside the section starting at bi. */
static const char *
item_section(const MdDoc *doc, int bi, int j)
{
	while (--j > bi)
		if (doc->blocks[j].kind == MB_HEADING && doc->blocks[j].quote_depth == 0)
			return doc->blocks[j].text;
	return NULL;
}

/*
 * A list item led by a bold item id is an item too: "- [ ] **PR-DATALOG-01**
 * — text" (a checked box means done, an unchecked one open; a plain bullet
 * is open). The title is the text up to " — " or the end of the first
 * sentence; the whole text is the description.
 */
static void
checklist_item(ReModel *m, int first_item, const ReRelease *rel, const char *path,
			   const MdBlock *b, const char *section)
{
	ReArena    *a = m->arena;
	char	   *id = strip_marks(a, b->bold, true);
	char	   *rest,
			   *t,
			   *cut;
	ReItem	   *it;

	if (!re_is_item_id(id) || find_item(m, first_item, rel->version, id))
		return;
	rest = re_trim(a, skip_separators(b->text + strlen(b->bold)));
	it = new_item(m, rel, id, path, b->line, section);
	t = strip_marks(a, rest, false);
	if ((cut = strstr(t, " \xE2\x80\x94 ")) != NULL || (cut = strstr(t, ". ")) != NULL)
		*cut = '\0';
	if (strlen(t) > 300)
		t[utf8_cut(t, 300)] = '\0';
	it->title = *t ? t : NULL;
	if (strlen(rest) > strlen(t))
	{
		it->description = re_strdup(a, rest);
		if (strlen(it->description) > 2000)
			it->description[2000] = '\0';
	}
	it->struck = strstr(b->text, "~~") == b->text;
	if (b->checked == 1)
	{
		it->status = IS_DONE;
		it->status_text = re_strdup(a, "[x]");
	}
	else if (it->struck)
	{
		it->status = IS_DONE;
		it->status_text = re_strdup(a, "struck through");
	}
	else
	{
		int			st = re_item_status_from_text(rest);

		it->status = IS_OPEN;
		if (b->checked == 0)
			it->status_text = re_strdup(a, "unchecked");
		else if (st > 0)
		{
			it->status = (ReItemStatus) st;
			it->status_text = re_strdup(a, t);
		}
	}
}

/* The ids a ticked exit criterion names before its first ':' or " — ". */
static void
mark_ticked(ReModel *m, int first_item, const ReRelease *rel, const char *text)
{
	const char *p = text,
			   *end = text + strlen(text);
	const char *colon = strchr(text, ':'),
			   *dash = strstr(text, " \xE2\x80\x94 ");

	if (colon && colon < end)
		end = colon;
	if (dash && dash < end)
		end = dash;
	if (end - text > 80)
		end = text + 80;
	while (p < end)
	{
		char		id[32];
		size_t		n = 0;
		ReItem	   *it;

		while (p < end && !isalnum((unsigned char) *p))
			p++;
		while (p < end && (isalnum((unsigned char) *p) || *p == '-'))
		{
			if (n < sizeof(id) - 1)
				id[n++] = *p;
			p++;
		}
		id[n] = '\0';
		if (n > 0 && re_is_item_id(id) && (it = find_item(m, first_item, rel->version, id)) != NULL)
			it->exit_checked = 1;
	}
}

/*
 * Exit criteria under a "### Exit Criteria" heading or after a "**Exit
 * criteria:**" paragraph: a ticked box naming an item id means the release
 * met it, whatever its status row says.
 */
static void
exit_criteria(ReModel *m, int first_item, const ReRelease *rel, const MdDoc *doc, int bi, int be)
{
	bool		in_exit = false;
	int			j;

	for (j = bi + 1; j < be; j++)
	{
		const MdBlock *b = &doc->blocks[j];

		if (b->quote_depth > 0)
			continue;
		if (b->kind == MB_HEADING)
			in_exit = re_icontains(b->text, "exit criteria");
		else if (b->kind == MB_PARAGRAPH && b->bold)
			in_exit = re_icontains(b->bold, "exit criteria");
		else if (b->kind == MB_LIST_ITEM && in_exit && b->checked == 1 && b->text)
			mark_ticked(m, first_item, rel, b->text);
	}
}

/* Does text start with an item id ("CORR-1 — …", "CORR-1: …")? */
static bool
leads_with_id(ReArena *a, const char *text)
{
	size_t		n = 0;

	while (text[n] == '~' || text[n] == '*')
		text++;
	while (isalnum((unsigned char) text[n]) || text[n] == '-')
		n++;
	return n > 0 && n < 32 && re_is_item_id(re_strndup(a, text, n));
}

/* Items listed in tables inside one release section (blocks bi..be). */
static void
release_items(ReModel *m, ReRelease *rel, const char *path, const MdDoc *doc, int bi, int be)
{
	int			first_item = m->items.n;
	int			table = 0,
				j;
	ColMap		cols;
	const char *section = NULL;

	bool		in_item = false;

	memset(&cols, -1, sizeof(cols));
	for (j = bi + 1; j < be; j++)
	{
		const MdBlock *b = &doc->blocks[j];

		RE_CHECK_INTERRUPTS();
		if (b->kind == MB_HEADING && b->quote_depth == 0)
		{
			section = b->text;
			in_item = leads_with_id(m->arena, b->text);
		}
		else if (b->kind == MB_PARAGRAPH && b->quote_depth == 0 && b->bold)
			in_item = leads_with_id(m->arena, b->bold);
		else if (table_data_row(b, &table, &cols) && cols.id >= 0)
			item_row(m, first_item, rel, path, b, &cols, section, in_item);
	}
	for (j = bi + 1; j < be; j++)
		if (doc->blocks[j].kind == MB_PARAGRAPH && doc->blocks[j].bold)
		{
			RE_CHECK_INTERRUPTS();
			item_description(m, first_item, rel, doc, j, be);
		}
		else if (doc->blocks[j].kind == MB_LIST_ITEM && doc->blocks[j].bold && doc->blocks[j].quote_depth == 0)
			checklist_item(m, first_item, rel, path, &doc->blocks[j], item_section(doc, bi, j));
	exit_criteria(m, first_item, rel, doc, bi, be);
}

/* "**Status: Released (2026-04-26).**" or a plain "Status: Planned" line. */
static bool
section_status(const MdDoc *doc, int bi, int be, ReRelease *rel, ReArena *a)
{
	int			j;

	for (j = bi + 1; j < be && j < bi + 12; j++)
	{
		const MdBlock *b = &doc->blocks[j];
		const char *t = b->text;

		if (b->kind == MB_HEADING)
			break;
		if (b->kind != MB_PARAGRAPH || t == NULL)
			continue;
		while (*t == '*' || *t == ' ')
			t++;
		if (rel->scope == NULL && re_icontains(t, "scope:"))
		{
			/* "**Status: Planned** | **Scope: Very Large**" */
			const char *sc = t;
			size_t		k;

			while (strncasecmp(sc, "scope:", 6) != 0)
				sc++;
			sc = skip_separators(sc + 6);
			k = strcspn(sc, "|\n*");
			if (k > 0 && k < 80)
				rel->scope = re_trim(a, re_strndup(a, sc, k));
			if (rel->effort == NULL)
				rel->effort = rel->scope;
		}
		if (strlen(t) < 80 && (re_istarts_with(t, "released") || strncmp(t, "\xE2\x9C\x85", 3) == 0) &&
			re_release_status_from_text(t, &(bool){false}) == RS_RELEASED)
		{
			/* a bare "Released ✅" / "✅ Released 2026-05-02" line */
			rel->status = RS_RELEASED;
			rel->status_text = re_strdup(a, t);
			return true;
		}
		if (re_istarts_with(t, "status"))
		{
			bool		found;
			ReReleaseStatus st = re_release_status_from_text(t + 6, &found);

			if (found)
			{
				const char *e = strchr(t, '\n');

				rel->status = st;
				rel->status_text = e ? re_strndup(a, t, (size_t) (e - t)) : re_strdup(a, t);
				if (strlen(rel->status_text) > 200)
					rel->status_text[200] = '\0';
				return true;
			}
		}
	}
	return false;
}

/* Add or complete the release whose section heading is block bi. */
static ReRelease *
release_section(ReModel *m, const char *path, const MdDoc *doc, int bi)
{
	const MdBlock *h = &doc->blocks[bi];
	char	   *version,
			   *title;
	ReVersion	v;
	ReRelease  *rel;
	int			be;
	bool		is_new = false;

	if (!heading_version(m->arena, h->text, &version, &v, &title))
		return NULL;
	rel = re_model_find_release(m, version);
	if (rel == NULL)
	{
		rel = add_release(m, version);
		rel->v = v;
		is_new = true;
	}
	else if (rel->line_start > 0)
		return NULL;			/* already have its section */
	be = section_end(doc, bi, h->level);
	if (title && *title)
		rel->title = title;
	rel->path = re_strdup(m->arena, path);
	rel->line_start = h->line;
	rel->line_end = block_last_line(doc, be);
	rel->heading_level = h->level;
	if (!is_new && rel->status_text)
		;						/* the index table's status is authoritative */
	else if (!section_status(doc, bi, be, rel, m->arena))
	{
		bool		found;
		ReReleaseStatus st = re_release_status_from_text(title, &found);

		if (found)
		{
			rel->status = st;
			rel->status_text = title;
		}
	}
	release_items(m, rel, path, doc, bi, be);
	return rel;
}

/* The monolithic "## Effort Summary" table: effort text and status per release. */
static void
effort_summary(ReModel *m, const char *path, const MdDoc *doc)
{
	int			i,
				j,
				end,
				table = 0;
	ColMap		cols;

	for (i = 0; i < doc->nblocks; i++)
		if (doc->blocks[i].kind == MB_HEADING && re_icontains(doc->blocks[i].text, "effort summary"))
			break;
	if (i == doc->nblocks)
		return;
	memset(&cols, -1, sizeof(cols));
	end = section_end(doc, i, doc->blocks[i].level);
	for (j = i + 1; j < end; j++)
	{
		const MdBlock *b = &doc->blocks[j];
		ReVersion	v;
		char		buf[32];
		ReRelease  *rel;
		const char *first;
		int			vcol;

		RE_CHECK_INTERRUPTS();
		if (!table_data_row(b, &table, &cols))
			continue;
		vcol = cols.milestone >= 0 ? cols.milestone : (cols.version >= 0 ? cols.version : 0);
		first = cell(b, vcol);
		if (first == NULL || re_version_scan(first, &v) == 0)
			continue;
		re_version_format(&v, buf, sizeof(buf));
		rel = re_model_find_release(m, buf);
		if (rel == NULL)
			continue;
		if (cell(b, cols.effort))
			rel->effort = re_strdup(m->arena, cell(b, cols.effort));
		rel->summary_path = re_strdup(m->arena, path);
		rel->summary_line = b->line;
		if (rel->status_text == NULL && cell(b, cols.status))
		{
			bool		found;
			ReReleaseStatus st = re_release_status_from_text(cell(b, cols.status), &found);

			if (found)
			{
				rel->status = st;
				rel->status_text = re_strdup(m->arena, cell(b, cols.status));
			}
		}
	}
}

/* Resolve a link relative to ROADMAP.md's folder, dropping any #anchor. */
static char *
link_path(ReArena *a, const char *roadmap_path, const char *href)
{
	const char *slash = strrchr(roadmap_path, '/');
	size_t		n = strcspn(href, "#?");
	char	   *rel;

	if (n == 0 || strstr(href, "://"))
		return NULL;
	rel = re_strndup(a, href, n);
	while (strncmp(rel, "./", 2) == 0)
		rel += 2;
	if (slash)
		return re_sprintf(a, "%.*s/%s", (int) (slash - roadmap_path), roadmap_path, rel);
	return rel;
}

/*
 * An index row's title without the link text that follows it:
 * "Fused Multi-Node Refresh (Full Details)", "… — Full details",
 * "… [details]", "… →" become "Fused Multi-Node Refresh".
 */
static char *
index_title(ReArena *a, const char *cellv)
{
	char	   *t = re_trim(a, cellv ? cellv : "");

	for (;;)
	{
		size_t		n = strlen(t);
		char	   *open = NULL;
		size_t		k;

		while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '|' || t[n - 1] == ':' || t[n - 1] == '-'))
			t[--n] = '\0';
		if (n >= 3 && (strcmp(t + n - 3, "\xE2\x86\x92") == 0 || strcmp(t + n - 3, "\xE2\x80\x94") == 0))
		{
			t[n - 3] = '\0';	/* "→", a dangling em dash */
			continue;
		}
		if (n > 0 && (t[n - 1] == ')' || t[n - 1] == ']'))
		{
			open = strrchr(t, t[n - 1] == ')' ? '(' : '[');
			if (open == NULL || open == t ||
				!(re_icontains(open, "detail") || re_icontains(open, "full") ||
				  re_icontains(open, "more") || re_icontains(open, "read")))
				break;
			*open = '\0';
			continue;
		}
		/* a bare trailing "Full Details" */
		k = strlen("full details");
		if (n > k && strcasecmp(t + n - k, "full details") == 0)
		{
			t[n - k] = '\0';
			continue;
		}
		break;
	}
	return re_trim(a, t);
}

/* The index layout: version tables linking to per-release files. */
static int
index_tables(ReModel *m, const char *path, const MdDoc *doc)
{
	int			j,
				table = 0,
				found = 0;
	ColMap		cols;

	memset(&cols, -1, sizeof(cols));
	for (j = 0; j < doc->nblocks; j++)
	{
		const MdBlock *b = &doc->blocks[j];
		ReVersion	v;
		char		buf[32];
		ReRelease  *rel;
		const char *href;
		char	   *full;

		RE_CHECK_INTERRUPTS();
		if (!table_data_row(b, &table, &cols))
			continue;
		if (cols.version < 0 || cols.status < 0 || cell(b, cols.version) == NULL)
			continue;
		if (re_version_scan(cell(b, cols.version), &v) == 0)
			continue;
		re_version_format(&v, buf, sizeof(buf));
		href = cols.details >= 0 && b->cell_hrefs[cols.details] ? b->cell_hrefs[cols.details] : b->cell_hrefs[cols.version];
		if (href == NULL && cols.theme >= 0 && cols.theme < b->ncells)
			href = b->cell_hrefs[cols.theme];
		if (href == NULL)
			continue;
		rel = re_model_find_release(m, buf);
		if (rel == NULL)
		{
			bool		f;

			rel = add_release(m, buf);
			rel->v = v;
			rel->status = re_release_status_from_text(cell(b, cols.status), &f);
			rel->status_text = re_strdup(m->arena, cell(b, cols.status));
			rel->title = cols.theme >= 0 ? index_title(m->arena, cell(b, cols.theme)) : NULL;
			rel->scope = cols.scope >= 0 ? re_strdup(m->arena, cell(b, cols.scope)) : NULL;
			rel->effort = rel->scope;
			rel->summary_path = re_strdup(m->arena, path);
			rel->summary_line = b->line;
		}
		full = link_path(m->arena, path, href);
		if (full == NULL)
			continue;
		rel->path = full;
		found++;
		if (re_strmap_get(&m->path_map, full) < 0)
		{
			*VEC_PUSH(m, m->full_paths) = full;
			re_strmap_put(&m->path_map, full, m->full_paths.n - 1);
		}
	}
	return found;
}

void
re_model_roadmap(ReModel *m, const char *path, const MdDoc *doc)
{
	int			i,
				nsections = 0;
	ReVersion	v;

	for (i = 0; i < doc->nblocks; i++)
		if (doc->blocks[i].kind == MB_HEADING && doc->blocks[i].level == 2 &&
			re_version_scan(doc->blocks[i].text, &v) > 0)
			nsections++;
	if (nsections >= 2)
	{
		strcpy(m->layout, "monolithic");
		for (i = 0; i < doc->nblocks; i++)
			if (doc->blocks[i].kind == MB_HEADING && doc->blocks[i].level == 2 &&
				doc->blocks[i].quote_depth == 0)
			{
				RE_CHECK_INTERRUPTS();
				release_section(m, path, doc, i);
			}
		effort_summary(m, path, doc);
		return;
	}
	if (index_tables(m, path, doc) > 0)
		strcpy(m->layout, "index");
	else if (nsections == 1)
	{
		/* a roadmap with a single "## v0.1.0 — Title" section */
		strcpy(m->layout, "monolithic");
		for (i = 0; i < doc->nblocks; i++)
			if (doc->blocks[i].kind == MB_HEADING && doc->blocks[i].level == 2 &&
				doc->blocks[i].quote_depth == 0)
				release_section(m, path, doc, i);
		effort_summary(m, path, doc);
	}
	else
		strcpy(m->layout, "unknown");
}

/*
 * The section of one release the index links to a file that is missing:
 * read it from another file that holds a heading with that version (only
 * that release; other version headings in the file are ignored).
 */
bool
re_model_release_section_in(ReModel *m, const char *path, const MdDoc *doc, const char *version)
{
	int			i;
	ReRelease  *rel = re_model_find_release(m, version);

	if (rel == NULL || rel->line_start > 0)
		return false;
	for (i = 0; i < doc->nblocks; i++)
	{
		const MdBlock *b = &doc->blocks[i];
		ReVersion	v;
		char		buf[32];

		if (b->kind != MB_HEADING || b->level > 3 || b->quote_depth != 0 || re_version_scan(b->text, &v) == 0)
			continue;
		re_version_format(&v, buf, sizeof(buf));
		if (strcmp(buf, version) == 0)
		{
			release_section(m, path, doc, i);
			return rel->line_start > 0;
		}
	}
	return false;
}

void
re_model_release_file(ReModel *m, const char *path, const MdDoc *doc)
{
	int			i;

	for (i = 0; i < doc->nblocks; i++)
		if (doc->blocks[i].kind == MB_HEADING && doc->blocks[i].level <= 3 &&
			doc->blocks[i].quote_depth == 0)
		{
			RE_CHECK_INTERRUPTS();
			release_section(m, path, doc, i);
		}
}

/* Item ids cited in parentheses: "(COORD-10, COORD-11)"; linear in the text. */
static char *
cited_ids(ReArena *a, const char *text)
{
	ReBuf		out;
	const char *p = text;
	char	   *res;
	ReStrMap	seen;

	re_strmap_init(&seen, a);
	re_buf_init(&out);
	/* a leading id: "M-1 — Wider invalidation ring", "**M-1:** …" */
	{
		const char *q = text;
		char		tok[32];
		size_t		n = 0;

		while (*q == '*' || *q == '`' || *q == ' ')
			q++;
		while ((isalnum((unsigned char) *q) || *q == '-') && n < sizeof(tok) - 1)
			tok[n++] = *q++;
		tok[n] = '\0';
		while (*q == '*' || *q == '`')
			q++;
		if (n && re_is_item_id(tok) &&
			(*q == ':' || strncmp(q, " \xE2\x80\x94 ", 5) == 0 || strncmp(q, " - ", 3) == 0 ||
			 strncmp(q, " \xE2\x80\x93 ", 5) == 0))
		{
			re_strmap_put(&seen, tok, 1);
			re_buf_printf(&out, ",%s,", tok);
		}
	}
	while ((p = strchr(p, '(')) != NULL)
	{
		const char *e = strchr(p, ')');
		const char *q;

		if (e == NULL)
			break;
		for (q = p + 1; q < e;)
		{
			char		tok[32];
			size_t		n = 0;

			while (q < e && !(isalnum((unsigned char) *q) || *q == '-'))
				q++;
			while (q < e && (isalnum((unsigned char) *q) || *q == '-') && n < sizeof(tok) - 1)
				tok[n++] = *q++;
			while (q < e && (isalnum((unsigned char) *q) || *q == '-'))
				q++;
			tok[n] = '\0';
			if (n && re_is_item_id(tok))
			{
				if (re_strmap_get(&seen, tok) < 0)
				{
					re_strmap_put(&seen, tok, 1);
					if (out.len == 0)
						re_buf_puts(&out, ",");
					re_buf_puts(&out, tok);
					re_buf_puts(&out, ",");
				}
			}
		}
		p = e + 1;
	}
	if (out.len == 0)
	{
		re_buf_free(&out);
		return NULL;
	}
	res = re_strndup(a, out.data + 1, out.len - 2);
	re_buf_free(&out);
	return res;
}

/* "[0.34.0] — 2026-05-02 — Title", "0.3.0 (2026-02-01)", "[Unreleased]" */
static bool
changelog_heading(ReArena *a, const char *text, char **version, char **date, char **title)
{
	const char *p = text;
	ReVersion	v;
	size_t		n;
	char		buf[32];
	const char *d;

	while (*p == '[' || *p == ' ')
		p++;
	*date = NULL;
	if (re_istarts_with(p, "unreleased"))
	{
		*version = re_strdup(a, "unreleased");
		p += 10;
	}
	else
	{
		n = re_version_scan(p, &v);
		if (n == 0)
			return false;
		re_version_format(&v, buf, sizeof(buf));
		*version = re_strdup(a, buf);
		p += n;
	}
	for (d = p; *d; d++)
		if (isdigit((unsigned char) d[0]) && strlen(d) >= 10 && d[4] == '-' && d[7] == '-' &&
			isdigit((unsigned char) d[3]) && isdigit((unsigned char) d[5]) &&
			(isdigit((unsigned char) d[9]) || ((d[8] == 'X' || d[8] == 'x' || d[8] == '?') && d[9] == d[8])))
		{
			*date = re_strndup(a, d, 10);
			break;
		}
	p = skip_separators(p);
	if (*date && strncmp(p, *date, 10) == 0)
		p = skip_separators(p + 10);
	else if (*p == '(')
	{
		const char *e = strchr(p, ')');

		p = e ? skip_separators(e + 1) : p + strlen(p);
	}
	*title = re_trim(a, p);
	return true;
}

void
re_model_changelog(ReModel *m, const MdDoc *doc)
{
	ReArena    *a = m->arena;
	char	   *version = NULL,
			   *date = NULL,
			   *title = NULL;
	const char *section = NULL;
	ReChangelogEntry *last = NULL;
	int			i,
				entry_no = 0;

	for (i = 0; i < doc->nblocks; i++)
	{
		const MdBlock *b = &doc->blocks[i];

		RE_CHECK_INTERRUPTS();
		if (b->kind == MB_HEADING && b->level <= 2)
		{
			if (!changelog_heading(a, b->text, &version, &date, &title))
				version = NULL;
			section = NULL;
			last = NULL;
			entry_no = 0;
			continue;
		}
		if (version == NULL)
			continue;
		if (b->kind == MB_HEADING)
		{
			section = b->text;
			last = NULL;
			continue;
		}
		if (b->kind == MB_LIST_ITEM && b->level > 1 && last)
		{
			/* nested bullets add detail to their parent entry */
			if (strlen(last->text) < 2000)
				last->text = re_sprintf(a, "%s %s", last->text, b->text);
			continue;
		}
		if ((b->kind == MB_LIST_ITEM && b->level == 1) ||
			(b->kind == MB_PARAGRAPH && b->bold && b->quote_depth == 0))
		{
			ReChangelogEntry *e = VEC_PUSH(m, m->changelog);

			e->version = version;
			e->date = date;
			e->release_title = title;
			e->entry_no = ++entry_no;
			e->section = section ? re_strdup(a, section) : NULL;
			e->text = re_strdup(a, b->text);
			e->line = b->line;
			last = e;
		}
	}
	for (i = 0; i < m->changelog.n; i++)
	{
		RE_CHECK_INTERRUPTS();
		m->changelog.v[i].item_ids = cited_ids(a, m->changelog.v[i].text);
	}
}

void
re_model_agents(ReModel *m, const MdDoc *doc)
{
	static const char *const words[] = {"never", "must", "always"};
	const char *section = NULL;
	int			i,
				k,
				rule_no = 0;

	for (i = 0; i < doc->nblocks; i++)
	{
		const MdBlock *b = &doc->blocks[i];
		const char *kind = NULL;
		const char *best = NULL;

		RE_CHECK_INTERRUPTS();
		if (b->kind == MB_HEADING)
		{
			section = b->text;
			continue;
		}
		if ((b->kind != MB_LIST_ITEM && b->kind != MB_PARAGRAPH) || b->text == NULL)
			continue;
		for (k = 0; k < 3; k++)
		{
			const char *p = b->text;
			size_t		n = strlen(words[k]);

			for (; *p; p++)
				if (strncasecmp(p, words[k], n) == 0 &&
					(p == b->text || !isalnum((unsigned char) p[-1])) && !isalnum((unsigned char) p[n]))
				{
					if (best == NULL || p < best)
					{
						best = p;
						kind = words[k];
					}
					break;
				}
		}
		if (kind)
		{
			ReRule	   *r = VEC_PUSH(m, m->rules);

			r->rule_no = ++rule_no;
			r->kind = (char *) kind;
			r->section = section ? re_strdup(m->arena, section) : NULL;
			r->text = re_strdup(m->arena, b->text);
			r->line = b->line;
		}
	}
}

void
re_model_plan(ReModel *m, const char *path, const MdDoc *doc)
{
	const char *base = strrchr(path, '/');
	int			parts[3],
				i,
				table = 0;
	char	   *version;
	ColMap		cols;

	base = base ? base + 1 : path;
	if (sscanf(base, "PLAN_%d_%d_%d", &parts[0], &parts[1], &parts[2]) != 3)
		return;
	version = re_sprintf(m->arena, "%d.%d.%d", parts[0], parts[1], parts[2]);
	memset(&cols, -1, sizeof(cols));
	for (i = 0; i < doc->nblocks; i++)
	{
		const MdBlock *b = &doc->blocks[i];
		RePlanItem *p;

		RE_CHECK_INTERRUPTS();
		if (b->kind == MB_LIST_ITEM && b->checked >= 0)
		{
			p = VEC_PUSH(m, m->plan_items);
			p->status = b->checked ? IS_DONE : IS_OPEN;
		}
		else if (table_data_row(b, &table, &cols))
		{
			int			st;

			if (cols.status < 0)
				continue;
			st = re_item_status_from_text(cell(b, cols.status));
			p = VEC_PUSH(m, m->plan_items);
			p->status = st < 0 ? IS_OPEN : (ReItemStatus) st;
			if (cols.id >= 0)
			{
				char	   *id = strip_marks(m->arena, cell(b, cols.id), true);

				if (re_is_item_id(id))
					p->item_id = id;
			}
		}
		else
			continue;
		p->version = version;
		p->path = re_strdup(m->arena, path);
		p->line = b->line;
		if (b->kind == MB_TABLE_ROW)
		{
			ReBuf		t;
			int			k;

			re_buf_init(&t);
			for (k = 0; k < b->ncells; k++)
			{
				if (k)
					re_buf_puts(&t, " | ");
				re_buf_puts(&t, b->cells[k]);
			}
			p->text = re_buf_to_arena(m->arena, &t);
			re_buf_free(&t);
		}
		else
		{
			p->text = re_strdup(m->arena, b->text);
			if (b->bold)
			{
				char		id[32];
				size_t		n = strcspn(b->bold, " :\xE2");

				if (n < sizeof(id))
				{
					memcpy(id, b->bold, n);
					id[n] = '\0';
					if (re_is_item_id(id))
						p->item_id = re_strdup(m->arena, id);
				}
			}
		}
	}
}

/* Next line of buf after p (or end); *len gets the line length without '\n'. */
static const char *
next_line(const char *p, const char *end, size_t *len)
{
	const char *nl = memchr(p, '\n', (size_t) (end - p));

	*len = (size_t) ((nl ? nl : end) - p);
	return nl ? nl + 1 : end;
}

typedef struct QuickKey
{
	const char *id;
	const char *version;
	int			index;
} QuickKey;

static int
quick_key_cmp(const void *x, const void *y)
{
	const QuickKey *a = x,
			   *b = y;
	int			c = strcmp(a->id, b->id);

	return c ? c : strcmp(a->version, b->version);
}

/*
 * A heading line of the line scan: a version heading opens that version's
 * section, a heading at or above its level closes it. False when the line
 * is not a heading.
 */
static bool
quick_heading(const char *line, size_t ln, char *cur_version, size_t cvlen, int *cur_level)
{
	int			h = 0;
	char		head[64];
	size_t		k,
				m;
	ReVersion	v;

	while ((size_t) h < ln && line[h] == '#')
		h++;
	if (!(h > 0 && h <= 6 && (size_t) h < ln && line[h] == ' '))
		return false;
	k = (size_t) h + 1;
	m = ln - k < sizeof(head) - 1 ? ln - k : sizeof(head) - 1;
	memcpy(head, line + k, m);
	head[m] = '\0';
	if (re_version_scan(head, &v) > 0)
	{
		re_version_format(&v, cur_version, cvlen);
		*cur_level = h;
	}
	else if (*cur_level > 0 && h <= *cur_level)
	{
		cur_version[0] = '\0';
		*cur_level = 0;
	}
	return true;
}

/* The scan's state: tracked keys sorted for bsearch, and what was seen of each. */
typedef struct QuickScan
{
	QuickKey   *keys;
	int			n;
	bool	   *found;
	bool	   *struck;
	int		   *out;
} QuickScan;

/* A table row of the current version's section: record the tracked item it starts with. */
static void
quick_row(QuickScan *qs, const char *line, size_t ln, const char *cur_version)
{
	size_t		k = 0,
				m = 0;
	const char *c0;
	char		id[40];
	QuickKey	probe,
			   *hit;
	char	   *row,
			   *q,
			   *save = NULL;
	int			cellno = 0,
				i;

	while (k < ln && line[k] == ' ')
		k++;
	if (k >= ln || line[k] != '|')
		return;
	k++;
	while (k < ln && (line[k] == ' ' || line[k] == '~' || line[k] == '*' || line[k] == '`'))
		k++;
	c0 = line + k;
	while (k < ln && m < sizeof(id) - 1 && (isalnum((unsigned char) line[k]) || line[k] == '-'))
		id[m++] = line[k++];
	id[m] = '\0';
	if (m == 0)
		return;
	probe.id = id;
	probe.version = cur_version;
	hit = bsearch(&probe, qs->keys, (size_t) qs->n, sizeof(QuickKey), quick_key_cmp);
	if (hit == NULL)
		return;
	i = hit->index;
	qs->found[i] = true;
	if (c0 - line >= 2 && c0[-1] == '~' && c0[-2] == '~')
		qs->struck[i] = true;
	row = malloc(ln + 1);
	if (row == NULL)
		return;
	memcpy(row, line, ln);
	row[ln] = '\0';
	for (q = strtok_r(row, "|", &save); q; q = strtok_r(NULL, "|", &save))
	{
		int			st;

		if (++cellno <= 2)
			continue;
		st = re_item_status_from_text(q);
		if (st >= 0)
			qs->out[i] = st;
	}
	free(row);
}

/*
 * Statuses of many items in one blob, by a single line scan instead of a
 * markdown parse: the history walk reads hundreds of old ROADMAP.md
 * versions and only needs the table rows that start with a tracked id in
 * the tracked version's section. out[i] gets -1 when the item is absent or
 * carries no status mark, else an ReItemStatus (later rows win, like the
 * model; a struck id without a mark is done). The buffer need not be
 * NUL-terminated. Cost: one pass over the lines, a binary search per row.
 */
void
re_quick_item_statuses(const char *buf, size_t len, int n, const char *const *versions,
					   const char *const *ids, int *out)
{
	const char *end = buf + len,
			   *p = buf;
	QuickScan	qs;
	char		cur_version[32] = "";
	int			cur_level = 0,
				fence = 0,
				i;

	qs.n = n;
	qs.out = out;
	qs.keys = malloc(sizeof(QuickKey) * (size_t) (n > 0 ? n : 1));
	qs.found = calloc((size_t) (n > 0 ? n : 1), sizeof(bool));
	qs.struck = calloc((size_t) (n > 0 ? n : 1), sizeof(bool));
	for (i = 0; i < n; i++)
		out[i] = -1;
	if (qs.keys == NULL || qs.found == NULL || qs.struck == NULL)
		goto done;
	for (i = 0; i < n; i++)
	{
		qs.keys[i].id = ids[i];
		qs.keys[i].version = versions[i];
		qs.keys[i].index = i;
	}
	qsort(qs.keys, (size_t) n, sizeof(QuickKey), quick_key_cmp);
	while (p < end)
	{
		size_t		ln;
		const char *line = p;

		p = next_line(p, end, &ln);
		if (ln >= 3 && (strncmp(line, "```", 3) == 0 || strncmp(line, "~~~", 3) == 0))
			fence = !fence;
		if (fence || quick_heading(line, ln, cur_version, sizeof(cur_version), &cur_level))
			continue;
		if (cur_version[0] == '\0' || ln == 0)
			continue;
		quick_row(&qs, line, ln, cur_version);
	}
	for (i = 0; i < n; i++)
		if (qs.found[i] && out[i] < 0 && qs.struck[i])
			out[i] = IS_DONE;
done:
	free(qs.keys);
	free(qs.found);
	free(qs.struck);
}

/* One item's status in one blob (see re_quick_item_statuses). */
int
re_quick_item_status(const char *buf, size_t len, const char *version, const char *item_id)
{
	int			st;

	re_quick_item_statuses(buf, len, 1, &version, &item_id, &st);
	return st;
}


/*
 * Changelog entries by cited id: head[map(id)] is the newest entry citing
 * it, next[] chains the older ones. Built once, linear in the citations.
 */
typedef struct CiteIndex
{
	ReStrMap	map;			/* id -> slot */
	int		   *head;			/* slot -> newest citation, -1 */
	int		   *entry;			/* citation -> changelog entry */
	int		   *next;			/* citation -> older citation of the same id, -1 */
} CiteIndex;

static void
cite_index(ReModel *m, CiteIndex *ci)
{
	ReArena    *a = m->arena;
	int			ncites = 0,
				nslots = 0,
				c = 0,
				i;

	re_strmap_init(&ci->map, a);
	for (i = 0; i < m->changelog.n; i++)
	{
		const char *p = m->changelog.v[i].item_ids;

		for (; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
			ncites++;
	}
	ci->head = re_alloc(a, sizeof(int) * (size_t) (ncites + 1));
	ci->entry = re_alloc(a, sizeof(int) * (size_t) (ncites + 1));
	ci->next = re_alloc(a, sizeof(int) * (size_t) (ncites + 1));
	for (i = 0; i < m->changelog.n; i++)
	{
		const char *p = m->changelog.v[i].item_ids;

		RE_CHECK_INTERRUPTS();
		while (p && *p)
		{
			const char *e = strchr(p, ',');
			size_t		n = e ? (size_t) (e - p) : strlen(p);
			char		id[64];
			int			slot;

			if (n < sizeof(id))
			{
				memcpy(id, p, n);
				id[n] = '\0';
				slot = re_strmap_get(&ci->map, id);
				if (slot < 0)
				{
					slot = nslots++;
					ci->head[slot] = -1;
					re_strmap_put(&ci->map, id, slot);
				}
				ci->entry[c] = i;
				ci->next[c] = ci->head[slot];
				ci->head[slot] = c;
				c++;
			}
			p = e ? e + 1 : NULL;
		}
	}
}

/* Words shared by more done items than this are too common to look up. */
#define RE_MAX_POSTINGS_PER_WORD 4096

/* Done items by id (then position), for "the same id done later". */
static const ReItem *done_sort_items;

static int
done_id_cmp(const void *x, const void *y)
{
	int			a = *(const int *) x,
				b = *(const int *) y;
	int			c = strcmp(done_sort_items[a].item_id, done_sort_items[b].item_id);

	return c ? c : a - b;
}

static int
done_lower_bound(const ReItem *items, const int *ids, int n, const char *id)
{
	int			lo = 0,
				hi = n;

	while (lo < hi)
	{
		int			mid = (lo + hi) / 2;

		if (strcmp(items[ids[mid]].item_id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Done items are indexed by word hash once, so each candidate is compared
 * only with items sharing a word with its title: linear in the number of
 * words instead of candidates x done items.
 */
typedef struct DoneIndex
{
	const ReRelease **rel;		/* release of each item */
	ReTracePosting *post;			/* (lead-title word, done item), sorted */
	int			np;
	int		   *done_ids;		/* done items sorted by id */
	int			ndone;
	int		   *count;			/* scratch for done_by_title */
	int		   *stamp;
	int		   *touched;
	CiteIndex	ci;
} DoneIndex;

static void
done_index(ReModel *m, DoneIndex *x)
{
	ReArena    *a = m->arena;
	int			n = m->items.n,
				i,
				k;
	uint64_t	words[64];
	size_t		cap = 0;
	char		lead[512];

	x->rel = re_alloc(a, sizeof(ReRelease *) * (size_t) (n + 1));
	x->count = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	x->stamp = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	x->touched = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	x->done_ids = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	x->ndone = 0;
	x->np = 0;
	cite_index(m, &x->ci);
	for (i = 0; i < n; i++)
	{
		RE_CHECK_INTERRUPTS();
		x->rel[i] = re_model_find_release(m, m->items.v[i].version);
		/* compare bold lead titles, not whole cells with their long descriptions (no allocation per item) */
		if (m->items.v[i].status == IS_DONE && m->items.v[i].title)
		{
			re_bold_lead_buf(m->items.v[i].title, lead, sizeof(lead));
			cap += (size_t) re_word_hashes(lead, words, 64, true);
			x->done_ids[x->ndone++] = i;
		}
	}
	done_sort_items = m->items.v;
	qsort(x->done_ids, (size_t) x->ndone, sizeof(int), done_id_cmp);
	x->post = re_alloc(a, sizeof(ReTracePosting) * (cap + 1));
	for (i = 0; i < n; i++)
		if (m->items.v[i].status == IS_DONE && m->items.v[i].title)
		{
			int			nw;

			re_bold_lead_buf(m->items.v[i].title, lead, sizeof(lead));
			nw = re_word_hashes(lead, words, 64, true);
			for (k = 0; k < nw; k++)
			{
				x->post[x->np].hash = words[k];
				x->post[x->np].item = i;
				x->np++;
			}
		}
	qsort(x->post, (size_t) x->np, sizeof(ReTracePosting), re_trace_posting_cmp);
}

/* A later done item whose lead title holds most of item i's words (>= 0.5 same id, >= 0.75 otherwise). */
static bool
done_by_title(ReModel *m, DoneIndex *x, int i, const char *lead_i)
{
	const ReItem *it = &m->items.v[i];
	uint64_t	words[64];
	int			nw = it->title ? re_word_hashes(lead_i, words, 64, true) : 0,
				ntouched = 0,
				w,
				k;

	for (w = 0; w < nw; w++)
	{
		size_t		lo = re_trace_first_posting(x->post, (size_t) x->np, words[w]);

		if (lo + RE_MAX_POSTINGS_PER_WORD < (size_t) x->np &&
			x->post[lo + RE_MAX_POSTINGS_PER_WORD].hash == words[w])
			continue;			/* a word in thousands of titles: no evidence either way */
		for (; lo < (size_t) x->np && x->post[lo].hash == words[w]; lo++)
		{
			int			j = x->post[lo].item;

			if (x->stamp[j] != i + 1)
			{
				x->stamp[j] = i + 1;
				x->count[j] = 0;
				x->touched[ntouched++] = j;
			}
			x->count[j]++;
		}
	}
	for (k = 0; k < ntouched; k++)
	{
		int			j = x->touched[k];
		double		overlap = (double) x->count[j] / nw;

		if (x->rel[j] && re_version_cmp(&x->rel[j]->v, &x->rel[i]->v) > 0 &&
			overlap >= (strcmp(m->items.v[j].item_id, it->item_id) == 0 ? 0.5 : 0.75))
			return true;
	}
	return false;
}

/*
 * The same id done in a later release closes the item when that release is
 * where it was deferred to, or when the two bold titles share a third of
 * their words either way (ids are reused across releases for unrelated
 * work, so the id alone is not enough).
 */
static bool
done_same_id(ReModel *m, DoneIndex *x, int i, const char *lead_i)
{
	const ReItem *it = &m->items.v[i];
	char		lead_k[512];
	int			k;

	for (k = done_lower_bound(m->items.v, x->done_ids, x->ndone, it->item_id);
		 k < x->ndone && strcmp(m->items.v[x->done_ids[k]].item_id, it->item_id) == 0; k++)
	{
		const ReItem *d = &m->items.v[x->done_ids[k]];

		if (x->rel[x->done_ids[k]] == NULL || re_version_cmp(&x->rel[x->done_ids[k]]->v, &x->rel[i]->v) <= 0)
			continue;
		re_bold_lead_buf(d->title, lead_k, sizeof(lead_k));
		if ((it->deferred_to && strcmp(it->deferred_to, d->version) == 0) ||
			(lead_i[0] && lead_k[0] && (re_word_overlap(lead_i, lead_k) >= 0.34 ||
										re_word_overlap(lead_k, lead_i) >= 0.34)))
			return true;
	}
	return false;
}

/* A later changelog entry citing the id closes it unless the two plainly speak of different work. */
static bool
cited_later(ReModel *m, DoneIndex *x, int i, const char *lead_i)
{
	int			slot = re_strmap_get(&x->ci.map, m->items.v[i].item_id),
				c;

	for (c = slot >= 0 ? x->ci.head[slot] : -1; c >= 0; c = x->ci.next[c])
	{
		const ReChangelogEntry *e = &m->changelog.v[x->ci.entry[c]];
		ReVersion	v;

		if (!re_version_parse(e->version, &v) || re_version_cmp(&v, &x->rel[i]->v) <= 0)
			continue;
		if (lead_i[0] && (re_word_overlap(lead_i, e->text) >= 0.25 || re_word_overlap(e->text, lead_i) >= 0.4))
			return true;
	}
	return false;
}

/* Item i was left skipped, deferred or explicitly not started by a released version. */
static bool
left_open(ReModel *m, DoneIndex *x, int i)
{
	const ReItem *it = &m->items.v[i];

	if (x->rel[i] == NULL || x->rel[i]->status != RS_RELEASED)
		return false;
	return it->status == IS_SKIPPED || it->status == IS_DEFERRED ||
		(it->status == IS_OPEN && it->status_text != NULL);
}

/*
 * What blocked an item that was taken over goes with it: a deferral whose
 * sibling (same release) says "blocked by <its id>" gets the sibling's
 * successor when it has none of its own.
 */
static void
follow_blockers(ReModel *m, const int *cand, int nc, int *succ, const char **rule)
{
	int			i,
				k;

	for (i = 0; i < nc; i++)
	{
		char		buf[64];
		const ReItem *b = &m->items.v[cand[i]];
		const char *blocker = re_trace_blocker(b->status_text, buf, sizeof(buf));

		if (blocker == NULL || succ[i] < 0)
			continue;
		for (k = 0; k < nc; k++)
			if (succ[k] < 0 && strcmp(m->items.v[cand[k]].item_id, blocker) == 0 &&
				strcmp(m->items.v[cand[k]].version, b->version) == 0)
			{
				succ[k] = succ[i];
				rule[k] = "blocker";
			}
	}
}

int
re_model_deferred_traced(ReModel *m, ReDeferral **out)
{
	ReArena    *a = m->arena;
	int			n = m->items.n,
				i,
				nc = 0,
				nout = 0;
	int		   *cand = re_alloc(a, sizeof(int) * (size_t) (n + 1));
	int		   *succ;
	const char **rule;
	DoneIndex	x;
	ReTrace		t;
	char		lead[512];

	done_index(m, &x);
	for (i = 0; i < n; i++)
	{
		RE_CHECK_INTERRUPTS();
		if (!left_open(m, &x, i) || m->items.v[i].exit_checked)
			continue;			/* its own exit criterion ticked: done after all */
		re_bold_lead_buf(m->items.v[i].title, lead, sizeof(lead));
		if (done_by_title(m, &x, i, lead) || done_same_id(m, &x, i, lead) || cited_later(m, &x, i, lead))
			continue;
		cand[nc++] = i;
	}
	re_trace_init(&t, m, x.rel);
	succ = re_alloc(a, sizeof(int) * (size_t) (nc + 1));
	rule = re_alloc(a, sizeof(char *) * (size_t) (nc + 1));
	for (i = 0; i < nc; i++)
	{
		RE_CHECK_INTERRUPTS();
		succ[i] = re_trace_successor(&t, cand[i], &rule[i]);
	}
	follow_blockers(m, cand, nc, succ, rule);
	*out = re_alloc(a, sizeof(ReDeferral) * (size_t) (nc + 1));
	for (i = 0; i < nc; i++)
	{
		if (succ[i] >= 0 && m->items.v[succ[i]].status == IS_DONE)
			continue;
		(*out)[nout].item = cand[i];
		(*out)[nout].successor = succ[i];
		(*out)[nout].rule = succ[i] >= 0 ? rule[i] : NULL;
		nout++;
	}
	return nout;
}

int
re_model_deferred(ReModel *m, int **out)
{
	ReDeferral *d;
	int			n = re_model_deferred_traced(m, &d),
				i;

	*out = re_alloc(m->arena, sizeof(int) * (size_t) (n + 1));
	for (i = 0; i < n; i++)
		(*out)[i] = d[i].item;
	return n;
}
