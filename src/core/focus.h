/*
 * focus.h — focus areas per repository: the repository's own
 * enrich-release-roadmap skill file (pillar questions, focus areas,
 * constraints), match terms derived from an area's own words, and the
 * PCRE2 matcher that decides, once per ingest, which texts an area matches.
 */
#ifndef RE_FOCUS_H
#define RE_FOCUS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "mdoc.h"
#include "pillar.h"

typedef struct ReSkillArea
{
	const char *pillar;			/* a key of the pillar set */
	int			ord;			/* 1-based within the pillar */
	char	   *name;			/* the list item's text */
	int			line;
} ReSkillArea;

typedef struct ReSkillText
{
	const char *pillar;			/* pillar questions: the pillar; else NULL */
	char	   *text;
	int			line;
} ReSkillText;

typedef struct ReSkill
{
	ReSkillArea *areas;
	int			nareas;
	ReSkillText *questions;		/* one per pillar found */
	int			nquestions;
	ReSkillText *constraints;	/* list items under a "Constraints" heading */
	int			nconstraints;
	ReSkillText *inputs;		/* list items under "Inputs to gather" */
	int			ninputs;
	char	   *name;			/* front matter "name:" */
} ReSkill;

/* The skill file's pillars (headings naming one of the given), focus areas, constraints and inputs. */
void		re_skill_parse(ReArena *a, const char *text, const MdDoc *doc,
						   const RePillarDef *pillars, int npillars, ReSkill *out);

/*
 * Match terms derived from an area's own words, as a regular expression
 * (alternatives joined by '|'); see docs/scoring.md for the rule.
 */
char	   *re_focus_terms(ReArena *a, const char *name);

/* Normalised area name for comparing a skill area with a built-in one. */
char	   *re_focus_norm_name(ReArena *a, const char *name, bool head_only);

/* Compiled match expressions of n focus areas. */
typedef struct ReFocusSet
{
	int			n;
	void	  **re;				/* pcre2_code * per area */
	void	   *md;				/* pcre2_match_data * */
} ReFocusSet;

/*
 * Compile each match expression anchored at a word start, case-insensitive
 * (the semantics of roadmap.focus_pattern with ~*). On error returns the
 * index of the bad expression and fills err; else -1.
 */
int			re_focus_compile(ReFocusSet *s, const char *const *matches, int n, char *err, size_t errlen);
bool		re_focus_match(const ReFocusSet *s, int k, const char *text, size_t len);
/* Like re_focus_match; *at gets the offset of the match. */
bool		re_focus_match_at(const ReFocusSet *s, int k, const char *text, size_t len, size_t *at);
void		re_focus_free(ReFocusSet *s);

#endif
