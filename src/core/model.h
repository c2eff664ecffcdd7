/*
 * model.h — releases, items, changelog entries, rules and plan items
 * understood from parsed roadmap markdown.
 */
#ifndef RE_MODEL_H
#define RE_MODEL_H

#include "arena.h"
#include "mdoc.h"
#include "pillar.h"
#include "strmap.h"
#include "version.h"

typedef enum ReReleaseStatus
{
	RS_PLANNED = 0,
	RS_IN_PROGRESS,
	RS_RELEASED
} ReReleaseStatus;

typedef enum ReItemStatus
{
	IS_OPEN = 0,
	IS_DONE,
	IS_SKIPPED,
	IS_DEFERRED
} ReItemStatus;

typedef struct ReRelease
{
	char	   *version;		/* canonical "X.Y.Z" */
	ReVersion	v;
	char	   *title;
	ReReleaseStatus status;
	char	   *status_text;	/* the words the status came from */
	char	   *path;			/* file holding the release section */
	int			line_start;		/* heading line, 0 if no section found */
	int			line_end;		/* last line of the section */
	int			heading_level;
	char	   *scope;			/* index layout: Scope column */
	char	   *effort;			/* Effort Summary / scope text */
	char	   *summary_path;	/* where the effort/scope row lives */
	int			summary_line;
} ReRelease;

typedef struct ReItem
{
	char	   *version;
	char	   *item_id;
	char	   *title;
	char	   *effort;
	char	   *priority;
	ReItemStatus status;
	char	   *status_text;
	char	   *deferred_to;	/* "0.34.0" when the text says so */
	char	   *pillar;			/* a key of the model's pillar set, or NULL */
	char	   *section;		/* enclosing subsection heading */
	char	   *description;
	char	   *path;
	int			line;
	int			struck;
	int			exit_checked;	/* its release's exit criteria tick it: "- [x] ID: ..." */
} ReItem;

typedef struct ReChangelogEntry
{
	char	   *version;		/* "X.Y.Z" or "unreleased" */
	char	   *date;
	char	   *release_title;
	int			entry_no;
	char	   *section;
	char	   *text;
	char	   *item_ids;		/* comma-separated, or NULL */
	int			line;
} ReChangelogEntry;

typedef struct ReRule
{
	int			rule_no;
	char	   *kind;			/* never / must / always */
	char	   *section;
	char	   *text;
	int			line;
} ReRule;

typedef struct RePlanItem
{
	char	   *version;
	char	   *path;
	int			line;
	char	   *item_id;
	char	   *text;
	ReItemStatus status;
} RePlanItem;

#define RE_VEC(T) struct { T *v; int n; int cap; }

typedef struct ReModel
{
	ReArena    *arena;
	const RePillarDef *pillars;	/* roadmap.pillar, in catalog order */
	int			npillars;
	char		layout[16];		/* "monolithic" or "index" */
	RE_VEC(ReRelease) releases;
	RE_VEC(ReItem) items;
	RE_VEC(ReChangelogEntry) changelog;
	RE_VEC(ReRule) rules;
	RE_VEC(RePlanItem) plan_items;
	RE_VEC(char *) full_paths;	/* index layout: files to read next */
	ReStrMap	release_map;	/* version -> index in releases */
	ReStrMap	item_map;		/* "version id" -> newest index in items */
	ReStrMap	path_map;		/* full_paths already queued */
} ReModel;

/* Items are filed under the pillars given (by id prefix, else by heading). */
void		re_model_init(ReModel *m, ReArena *a, const RePillarDef *pillars, int npillars);

/* ROADMAP.md: decides the layout; index layout fills full_paths. */
void		re_model_roadmap(ReModel *m, const char *path, const MdDoc *doc);

/* A per-release full file (index layout). */
void		re_model_release_file(ReModel *m, const char *path, const MdDoc *doc);
bool		re_model_release_section_in(ReModel *m, const char *path, const MdDoc *doc, const char *version);
void		re_model_changelog(ReModel *m, const MdDoc *doc);
void		re_model_agents(ReModel *m, const MdDoc *doc);
void		re_model_plan(ReModel *m, const char *path, const MdDoc *doc);

/*
 * Open deferred items: items a released version left skipped, deferred or
 * explicitly not started, that no later release lists as done under a
 * similar title (word overlap >= 0.5 for the same id, >= 0.75 otherwise),
 * no later changelog entry citing the id ships (>= 0.4), whose own
 * release's exit criteria do not tick them, and that no later done item
 * took over under a new id (trace.c). Returns the number of indexes into
 * m->items written to *out (arena-allocated).
 */
int			re_model_deferred(ReModel *m, int **out);

/* One open deferred item and the later open item that took it over, if any. */
typedef struct ReDeferral
{
	int			item;			/* index into m->items */
	int			successor;		/* later item re-planning it, or -1 */
	const char *rule;			/* how the successor matched (trace.c), or NULL */
} ReDeferral;

/* re_model_deferred with the successor of each item (re-planned under a new id). */
int			re_model_deferred_traced(ReModel *m, ReDeferral **out);

/* Helpers exposed for tests and the scorer. */
bool		re_is_item_id(const char *s);

/* An id with two numbers at the end (C-2-1, CORR-1-1): an item or a sub-step, by context (docs/ingest.md). */
bool		re_is_substep_id(const char *s);

/* An upper-case word (RUNBOOK): an item id only in an id column whose row leads with a bold title. */
bool		re_is_word_id(const char *s);
int			re_item_status_from_text(const char *s);
ReReleaseStatus re_release_status_from_text(const char *s, bool *found);
const char *re_item_status_name(ReItemStatus s);
const char *re_release_status_name(ReReleaseStatus s);
ReRelease  *re_model_find_release(ReModel *m, const char *version);
int			re_quick_item_status(const char *buf, size_t len, const char *version, const char *item_id);
void		re_quick_item_statuses(const char *buf, size_t len, int n, const char *const *versions,
								   const char *const *ids, int *out);

#endif
