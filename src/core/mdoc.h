/*
 * mdoc.h — markdown parsed by cmark-gfm into a flat list of blocks.
 *
 * The model extractor only needs headings, table rows (with their header),
 * list items (with task state) and paragraphs, each with its source line
 * span, so the cmark tree is flattened once and freed at once.
 */
#ifndef RE_MDOC_H
#define RE_MDOC_H

#include "arena.h"

typedef enum MdBlockKind
{
	MB_HEADING,
	MB_PARAGRAPH,
	MB_LIST_ITEM,
	MB_TABLE_ROW
} MdBlockKind;

typedef struct MdBlock
{
	MdBlockKind kind;
	int			level;			/* heading level, or list nesting depth */
	int			line;			/* first source line, 1-based */
	int			end_line;		/* last source line */
	char	   *text;			/* flattened inline text (`code`, ~~struck~~) */
	char	   *href;			/* first link target in the block, or NULL */
	char	   *bold;			/* text of a leading **strong** run, or NULL */
	int			quote_depth;	/* number of enclosing block quotes */
	int			checked;		/* task items: 0/1; otherwise -1 */
	/* table rows */
	int			table_no;		/* 1-based table number within the document */
	int			header;			/* 1 for the header row */
	int			ncells;
	char	  **cells;
	char	  **cell_hrefs;
	unsigned long long cell_bold;	/* bit i: cell i (< 64) leads with a **strong** run */
} MdBlock;

typedef struct MdDoc
{
	MdBlock    *blocks;
	int			nblocks;
	int			nlines;
} MdDoc;

typedef struct MdLimits
{
	size_t		max_bytes;		/* refuse bigger input */
	int			max_table_columns;	/* refuse lines with more pipes */
	long		max_table_cells;	/* refuse documents whose tables hold more cells; 0: no limit */
} MdLimits;

typedef enum MdStatus
{
	MD_OK = 0,
	MD_ETOOBIG,
	MD_EBINARY,
	MD_EUTF8,
	MD_ETABLE,
	MD_ENOMEM,
	MD_ETABLECELLS
} MdStatus;

void		md_init(void);
MdStatus	md_check_input(const char *buf, size_t len, const MdLimits *lim,
						   char *err, size_t errlen);
/*
 * Parse buf. cmark-gfm allocates from a scratch arena registered on a, so
 * a longjmp out of RE_CHECK_INTERRUPTS (called per input chunk and per
 * block) or of the out-of-memory hook leaks nothing once a is freed.
 * Cost: linear in len (cmark-gfm's table parser is quadratic only in
 * columns per line, which max_table_columns bounds).
 */
MdStatus	md_parse(ReArena *a, const char *buf, size_t len, const MdLimits *lim,
					 MdDoc *out, char *err, size_t errlen);

#endif
