/*
 * render.h — splice an enriched release section into the original file
 * bytes: extend existing pillar tables, add missing pillar subsections,
 * merge the theme and the conflicts & risks; every other byte stays.
 */
#ifndef RE_RENDER_H
#define RE_RENDER_H

#include "arena.h"
#include "propose.h"

/* The words render looks for and writes (catalog data: roadmap.render_word). */
typedef struct ReRenderWords
{
	const char *const *risks;	/* a subsection heading containing one is the risks subsection */
	int			nrisks;
	const char *const *stop;	/* new subsections go before a heading containing one */
	int			nstop;
	const char *theme;			/* the theme label, looked for and written: "Release Theme" */
	const char *risks_title;	/* heading of a new risks subsection: "Conflicts & Risks" */
} ReRenderWords;

typedef struct ReRenderIn
{
	const char *text;			/* whole original file */
	size_t		len;
	int			line_start;		/* section heading line, 1-based */
	int			line_end;		/* last line of the section */
	int			level;			/* heading level of the section */
	const RePillarDef *pillars;	/* in catalog order */
	int			npillars;
	ReRenderWords words;
	const ReProposal *items;
	int			nitems;
	const char *theme;
	const char *risks;			/* markdown bullets */
	int			no_item_notes;	/* no item: risks say why per planned item, written once */
} ReRenderIn;

typedef struct ReRenderOut
{
	char	   *text;			/* whole new file */
	size_t		len;
	int			added_rows;
	int			added_sections;
	int			added_notes;	/* no item: the Conflicts & Risks notes were written (why none) */
	int			new_line_end;	/* last line of the section in the new text */
} ReRenderOut;

int			re_render(ReArena *a, const ReRenderIn *in, ReRenderOut *out, char *err, size_t errlen);

/* "~3–4 weeks" + 5.5d -> "~3–4 weeks + ~5.5d quality items (12)"; replaces an earlier suffix. */
char	   *re_effort_with_items(ReArena *a, const char *old, const ReProposal *items, int n);
double		re_effort_days(const char *effort);

#endif
