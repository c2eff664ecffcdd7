/*
 * focus.h — per-repository focus areas at ingest: the repository's own
 * skill file or the built-in set, applicability, and the matches the
 * scoring views count.
 */
#ifndef RE_FOCUS_GLUE_H
#define RE_FOCUS_GLUE_H

#include "handle.h"
#include "probes.h"
#include "../core/model.h"

#define RE_SKILL_PATH ".github/skills/enrich-release-roadmap/SKILL.md"

bool		re_focus_catalog(void);
bool		re_focus_score_catalog(void);
void		re_store_focus_scores(int64 repo_id);

/* After the model, probes and rules are stored: write repo_focus_area, repo_pillar, focus_match. */
void		re_ingest_focus(ReHandle *h, int64 repo_id, ReModel *m, ReFileList *files, const char **kinds,
							int *nareas, bool *from_skill);

#endif
