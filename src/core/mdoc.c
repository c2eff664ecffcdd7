/*
 * mdoc.c — markdown parsed by cmark-gfm into a flat list of blocks.
 */
#include "mdoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

static const char *const md_extensions[] = {"table", "strikethrough", "tasklist"};

/* Register the GFM extensions once per process; never released. */
void
md_init(void)
{
	static int	done = 0;

	if (!done)
	{
		cmark_gfm_core_extensions_ensure_registered();
		done = 1;
	}
}

/* Length of the valid UTF-8 sequence at p (0 if invalid). */
static int
utf8_seq_len(const unsigned char *p, size_t left)
{
	int			n,
				i;
	unsigned int cp;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xE0) == 0xC0)
	{
		n = 2;
		cp = p[0] & 0x1F;
	}
	else if ((p[0] & 0xF0) == 0xE0)
	{
		n = 3;
		cp = p[0] & 0x0F;
	}
	else if ((p[0] & 0xF8) == 0xF0)
	{
		n = 4;
		cp = p[0] & 0x07;
	}
	else
		return 0;
	if ((size_t) n > left)
		return 0;
	for (i = 1; i < n; i++)
	{
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3F);
	}
	if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
		cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

/*
 * Refuse input cmark must not see: too big, binary, not UTF-8, or with a
 * line holding so many pipes that Debian's cmark-gfm (before the fix for
 * CVE-2023-37463) would parse its table in quadratic time.
 */
MdStatus
md_check_input(const char *buf, size_t len, const MdLimits *lim, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *) buf;
	size_t		i = 0;
	int			line = 1,
				pipes = 0;

	if (len > lim->max_bytes)
	{
		snprintf(err, errlen, "file is %zu bytes, the limit is %zu bytes", len, lim->max_bytes);
		return MD_ETOOBIG;
	}
	while (i < len)
	{
		if (p[i] == 0)
		{
			snprintf(err, errlen, "NUL byte at line %d (offset %zu): binary content", line, i);
			return MD_EBINARY;
		}
		if (p[i] == '\n')
		{
			line++;
			pipes = 0;
			i++;
			continue;
		}
		if (p[i] == '|' && ++pipes > lim->max_table_columns)
		{
			snprintf(err, errlen, "line %d has more than %d table columns", line, lim->max_table_columns);
			return MD_ETABLE;
		}
		if (p[i] >= 0x80)
		{
			int			n = utf8_seq_len(p + i, len - i);

			if (n == 0)
			{
				snprintf(err, errlen, "invalid UTF-8 at line %d (offset %zu)", line, i);
				return MD_EUTF8;
			}
			i += (size_t) n;
			continue;
		}
		i++;
	}
	return MD_OK;
}

/*
 * cmark-gfm's allocator: blocks from a scratch arena, each behind a header
 * holding its size so realloc can copy; free is a no-op (the scratch arena
 * is freed whole after the parse, or by the caller's arena on ERROR).
 * cmark_mem carries no context pointer, hence the static: a backend is
 * single-threaded and parses one document at a time.
 */
static ReArena *cm_scratch = NULL;

typedef struct CmHeader
{
	size_t		size;
	size_t		pad;
} CmHeader;

static void *
cm_calloc(size_t n, size_t size)
{
	CmHeader   *h;

	if (size && n > ((size_t) -1) / 4 / size)
	{
		if (re_out_of_memory_hook)
			re_out_of_memory_hook((size_t) -1);
		return NULL;
	}
	h = re_alloc(cm_scratch, sizeof(CmHeader) + n * size);	/* zeroed */
	if (h == NULL)
		return NULL;
	h->size = n * size;
	return h + 1;
}

static void *
cm_realloc(void *p, size_t size)
{
	CmHeader   *old = p ? (CmHeader *) p - 1 : NULL;
	char	   *np;

	if (old && old->size >= size)
		return p;
	np = cm_calloc(1, size);
	if (np && old)
		memcpy(np, p, old->size);
	return np;
}

static void
cm_free(void *p)
{
	(void) p;
}

static cmark_mem cm_mem = {cm_calloc, cm_realloc, cm_free};

static void
scratch_free(void *arg)
{
	if (cm_scratch == arg)
		cm_scratch = NULL;
	re_arena_free((ReArena *) arg);
}

typedef struct FlatCtx
{
	ReBuf		text;
	char	   *href;
	char	   *bold;
	ReArena    *arena;
} FlatCtx;

/* Append the inline content below node to ctx, iteratively. */
static void
flatten_inlines(FlatCtx *ctx, cmark_node *node)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	size_t		bold_start = 0;
	cmark_node *lead = cmark_node_first_child(node);
	int			lead_is_strong = lead && cmark_node_get_type(lead) == CMARK_NODE_STRONG;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
	{
		cmark_node *cur = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(cur);

		if (cur == node)
			continue;
		if (cur == lead && lead_is_strong)
		{
			if (ev == CMARK_EVENT_ENTER)
				bold_start = ctx->text.len;
			else if (ctx->bold == NULL)
				ctx->bold = re_strndup(ctx->arena, ctx->text.data ? ctx->text.data + bold_start : "",
									   ctx->text.len - bold_start);
		}
		switch (t)
		{
			case CMARK_NODE_TEXT:
			case CMARK_NODE_HTML_INLINE:
				re_buf_puts(&ctx->text, cmark_node_get_literal(cur));
				break;
			case CMARK_NODE_CODE:
				re_buf_puts(&ctx->text, "`");
				re_buf_puts(&ctx->text, cmark_node_get_literal(cur));
				re_buf_puts(&ctx->text, "`");
				break;
			case CMARK_NODE_SOFTBREAK:
			case CMARK_NODE_LINEBREAK:
				re_buf_puts(&ctx->text, " ");
				break;
			case CMARK_NODE_LINK:
				if (ev == CMARK_EVENT_ENTER && ctx->href == NULL)
					ctx->href = re_strdup(ctx->arena, cmark_node_get_url(cur));
				break;
			default:
				{
					const char *ts = cmark_node_get_type_string(cur);

					if (ts && strcmp(ts, "strikethrough") == 0)
						re_buf_puts(&ctx->text, "~~");
				}
				break;
		}
	}
	cmark_iter_free(it);
}

/* Flatten node's inlines into fresh strings in the arena. */
static void
flat_text(ReArena *a, cmark_node *node, char **text, char **href, char **bold)
{
	FlatCtx		ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.arena = a;
	re_buf_init(&ctx.text);
	if (node)
		flatten_inlines(&ctx, node);
	*text = re_buf_to_arena(a, &ctx.text);
	re_buf_free(&ctx.text);
	if (href)
		*href = ctx.href;
	if (bold)
		*bold = ctx.bold;
}

typedef struct BlockVec
{
	MdBlock    *v;
	int			n,
				cap;
	ReArena    *a;
} BlockVec;

static MdBlock *
push_block(BlockVec *bv, MdBlockKind kind, cmark_node *node)
{
	MdBlock    *b;

	if (bv->n == bv->cap)
	{
		int			ncap = bv->cap ? bv->cap * 2 : 256;
		MdBlock    *nv = re_alloc(bv->a, sizeof(MdBlock) * (size_t) ncap);

		if (bv->n)
			memcpy(nv, bv->v, sizeof(MdBlock) * (size_t) bv->n);
		bv->v = nv;
		bv->cap = ncap;
	}
	b = &bv->v[bv->n++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->checked = -1;
	b->line = cmark_node_get_start_line(node);
	b->end_line = cmark_node_get_end_line(node);
	return b;
}

static const char *
type_string(cmark_node *n)
{
	const char *s = cmark_node_get_type_string(n);

	return s ? s : "";
}

/* Add one block per row of a GFM table; false once the document holds more than max_cells cells. */
static bool
add_table(BlockVec *bv, cmark_node *table, int table_no, int quote_depth, long *cells, long max_cells)
{
	cmark_node *row;

	for (row = cmark_node_first_child(table); row; row = cmark_node_next(row))
	{
		MdBlock    *b;
		cmark_node *cell;
		int			n = 0,
					i = 0;

		RE_CHECK_INTERRUPTS();
		for (cell = cmark_node_first_child(row); cell; cell = cmark_node_next(cell))
			n++;
		*cells += n;
		if (max_cells > 0 && *cells > max_cells)
			return false;
		b = push_block(bv, MB_TABLE_ROW, row);

		b->table_no = table_no;
		b->quote_depth = quote_depth;
		b->header = cmark_gfm_extensions_get_table_row_is_header(row);
		b->ncells = n;
		b->cells = re_alloc(bv->a, sizeof(char *) * (size_t) (n + 1));
		b->cell_hrefs = re_alloc(bv->a, sizeof(char *) * (size_t) (n + 1));
		for (cell = cmark_node_first_child(row); cell; cell = cmark_node_next(cell), i++)
		{
			char	   *t,
					   *bold = NULL;

			flat_text(bv->a, cell, &t, &b->cell_hrefs[i], &bold);
			b->cells[i] = re_trim(bv->a, t);
			if (bold && i < 64)
				b->cell_bold |= 1ULL << i;
		}
		b->text = b->ncells > 0 ? b->cells[0] : re_strdup(bv->a, "");
	}
	return true;
}

/* Length of line at p (without its '\n'); p < end. */
static size_t
line_len(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t) (end - p));

	return nl ? (size_t) (nl - p) : (size_t) (end - p);
}

/* The line without up to three leading blanks and any "> " quote markers. */
static const char *
line_body(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '>'))
		p++;
	return p;
}

/* A GFM delimiter row: only '|', '-', ':' and blanks, with a '-' and a '|' (or three dashes). */
static bool
delimiter_row(const char *p, const char *e)
{
	bool		dash = false,
				pipe = false;

	p = line_body(p, e);
	if (p == e)
		return false;
	for (; p < e; p++)
	{
		if (*p == '-')
			dash = true;
		else if (*p == '|')
			pipe = true;
		else if (*p != ':' && *p != ' ' && *p != '\t' && *p != '\r')
			return false;
	}
	return dash && pipe;
}

/* A fence line (``` or ~~~ after at most three blanks): its character, else 0. */
static char
fence_char(const char *p, const char *e)
{
	int			k = 0;

	while (p < e && *p == ' ' && k < 3)
		p++, k++;
	if (e - p >= 3 && (p[0] == '`' || p[0] == '~') && p[1] == p[0] && p[2] == p[0])
		return p[0];
	return 0;
}

/*
 * Append one table line to b, with each '|' inside a code span escaped
 * ("`a | b`" -> "`a \| b`"): GFM splits cells at every unescaped pipe,
 * code spans included, so "`placement => 'local' | 'reference'`" would
 * become three cells. Returns whether it changed anything.
 */
static bool
escape_row(ReBuf *b, const char *p, const char *e)
{
	bool		changed = false;

	while (p < e)
	{
		const char *q,
				   *close = NULL;
		size_t		run = 0;

		if (*p == '\\' && p + 1 < e)
		{
			re_buf_append(b, p, 2);
			p += 2;
			continue;
		}
		if (*p != '`')
		{
			re_buf_append(b, p++, 1);
			continue;
		}
		while (p + run < e && p[run] == '`')
			run++;
		for (q = p + run; q < e && close == NULL;)
		{
			size_t		r = 0;

			while (q + r < e && q[r] == '`')
				r++;
			if (r == run)
				close = q;
			q += r ? r : 1;
		}
		if (close == NULL)
		{
			re_buf_append(b, p, run);	/* no closer: literal backticks */
			p += run;
			continue;
		}
		for (q = p; q < close + run; q++)
		{
			if (*q == '|' && q > p + run && q[-1] != '\\')
			{
				re_buf_append(b, "\\", 1);
				changed = true;
			}
			re_buf_append(b, q, 1);
		}
		p = close + run;
	}
	return changed;
}

/*
 * buf with the pipes inside code spans of its table rows escaped (see
 * escape_row), or NULL when it has none. Tables are found as GFM finds
 * them: a line followed by a delimiter row starts one, a blank line or a
 * line without '|' ends it; fenced code blocks are left alone.
 */
static char *
escape_code_pipes(ReArena *a, const char *buf, size_t len, size_t *outlen)
{
	const char *p = buf,
			   *end = buf + len;
	ReBuf		b;
	bool		changed = false,
				in_table = false;
	char		fence = 0;
	char	   *o;

	if (memchr(buf, '`', len) == NULL || memchr(buf, '|', len) == NULL)
		return NULL;
	re_buf_init(&b);
	while (p < end)
	{
		size_t		n = line_len(p, end);
		const char *e = p + n;
		char		f = fence_char(p, e);

		if (fence ? f == fence : f != 0)
		{
			fence = fence ? 0 : f;
			in_table = false;
		}
		else if (!fence)
		{
			if (!in_table && e < end && delimiter_row(e + 1, e + 1 + line_len(e + 1, end)) && memchr(p, '|', n))
				in_table = true;
			else if (in_table && (line_body(p, e) == e || memchr(p, '|', n) == NULL))
				in_table = false;
		}
		if (in_table && !fence)
			changed |= escape_row(&b, p, e);
		else
			re_buf_append(&b, p, n);
		if (e < end)
			re_buf_append(&b, "\n", 1);
		p = e < end ? e + 1 : e;
	}
	o = changed ? re_buf_to_arena(a, &b) : NULL;
	if (o)
		*outlen = strlen(o);
	re_buf_free(&b);
	return o;
}

/*
 * Parse buf into a cmark tree allocated from a scratch arena registered on
 * a (*cleanup runs it early); about 64 kB of whole lines are fed at a time,
 * with a check for a cancel in between. NULL when cmark-gfm gives no tree.
 */
static cmark_node *
parse_tree(ReArena *a, const char *buf, size_t len, ReArenaCleanup **cleanup)
{
	ReArena    *scratch;
	cmark_parser *parser;
	cmark_node *doc;
	size_t		off;
	unsigned	i;

	size_t		fixed_len = 0;
	char	   *fixed = escape_code_pipes(a, buf, len, &fixed_len);

	if (fixed)
	{
		buf = fixed;
		len = fixed_len;
	}
	md_init();
	scratch = re_arena_new();
	if (scratch == NULL)
	{
		if (re_out_of_memory_hook)
			re_out_of_memory_hook(sizeof(ReArena));
		return NULL;
	}
	*cleanup = re_arena_on_free(a, scratch_free, scratch);
	cm_scratch = scratch;
	parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, &cm_mem);
	for (i = 0; i < sizeof(md_extensions) / sizeof(md_extensions[0]); i++)
	{
		cmark_syntax_extension *ext = cmark_find_syntax_extension(md_extensions[i]);

		if (ext)
			cmark_parser_attach_syntax_extension(parser, ext);
	}
	for (off = 0; off < len;)
	{
		size_t		n = len - off > 65536 ? 65536 : len - off;

		if (off + n < len)
		{
			const char *nl = memchr(buf + off + n, '\n', len - off - n);

			n = nl ? (size_t) (nl - (buf + off)) + 1 : len - off;
		}
		RE_CHECK_INTERRUPTS();
		cmark_parser_feed(parser, buf + off, n);
		off += n;
	}
	RE_CHECK_INTERRUPTS();
	doc = cmark_parser_finish(parser);
	cmark_parser_free(parser);
	if (doc == NULL)
	{
		re_arena_cleanup_run(a, *cleanup);
		*cleanup = NULL;
	}
	return doc;
}

MdStatus
md_parse(ReArena *a, const char *buf, size_t len, const MdLimits *lim,
		 MdDoc *out, char *err, size_t errlen)
{
	MdStatus	st;
	cmark_node *doc;
	cmark_iter *it;
	cmark_event_type ev;
	BlockVec	bv;
	int			quote_depth = 0,
				list_depth = 0,
				table_no = 0;
	size_t		k;
	ReArenaCleanup *scratch_cleanup;
	long		cells = 0;
	bool		cells_ok = true;

	memset(out, 0, sizeof(*out));
	st = md_check_input(buf, len, lim, err, errlen);
	if (st != MD_OK)
		return st;

	doc = parse_tree(a, buf, len, &scratch_cleanup);
	if (doc == NULL)
	{
		snprintf(err, errlen, "cmark-gfm could not parse the document");
		return MD_ENOMEM;
	}

	memset(&bv, 0, sizeof(bv));
	bv.a = a;
	it = cmark_iter_new(doc);
	while (cells_ok && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
	{
		cmark_node *node = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(node);
		MdBlock    *b;

		if (t == CMARK_NODE_BLOCK_QUOTE)
		{
			quote_depth += ev == CMARK_EVENT_ENTER ? 1 : -1;
			continue;
		}
		if (t == CMARK_NODE_LIST)
		{
			list_depth += ev == CMARK_EVENT_ENTER ? 1 : -1;
			continue;
		}
		if (ev != CMARK_EVENT_ENTER)
			continue;
		RE_CHECK_INTERRUPTS();
		switch (t)
		{
			case CMARK_NODE_HEADING:
				b = push_block(&bv, MB_HEADING, node);
				b->level = cmark_node_get_heading_level(node);
				b->quote_depth = quote_depth;
				flat_text(a, node, &b->text, &b->href, &b->bold);
				b->text = re_trim(a, b->text);
				cmark_iter_reset(it, node, CMARK_EVENT_EXIT);
				break;
			case CMARK_NODE_ITEM:
				{
					cmark_node *first = cmark_node_first_child(node);

					b = push_block(&bv, MB_LIST_ITEM, node);
					b->level = list_depth;
					b->quote_depth = quote_depth;
					if (strcmp(type_string(node), "tasklist") == 0)
						b->checked = cmark_gfm_extensions_get_tasklist_item_checked(node) ? 1 : 0;
					if (first && cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH)
					{
						flat_text(a, first, &b->text, &b->href, &b->bold);
						b->end_line = cmark_node_get_end_line(first);
						/* the item's first paragraph is this block; skip it */
						cmark_iter_reset(it, first, CMARK_EVENT_EXIT);
					}
					else
						b->text = re_strdup(a, "");
				}
				break;
			case CMARK_NODE_PARAGRAPH:
				b = push_block(&bv, MB_PARAGRAPH, node);
				b->quote_depth = quote_depth;
				flat_text(a, node, &b->text, &b->href, &b->bold);
				cmark_iter_reset(it, node, CMARK_EVENT_EXIT);
				break;
			default:
				if (strcmp(type_string(node), "table") == 0)
				{
					cells_ok = add_table(&bv, node, ++table_no, quote_depth, &cells, lim->max_table_cells);
					cmark_iter_reset(it, node, CMARK_EVENT_EXIT);
				}
				break;
		}
	}
	cmark_iter_free(it);
	cmark_node_free(doc);
	re_arena_cleanup_run(a, scratch_cleanup);
	if (!cells_ok)
	{
		snprintf(err, errlen, "its tables hold more than %ld cells (table %d ends the count)",
				 lim->max_table_cells, table_no);
		return MD_ETABLECELLS;
	}

	out->blocks = bv.v;
	out->nblocks = bv.n;
	out->nlines = 1;
	for (k = 0; k < len; k++)
		if (buf[k] == '\n')
			out->nlines++;
	if (len > 0 && buf[len - 1] == '\n')
		out->nlines--;
	return MD_OK;
}
