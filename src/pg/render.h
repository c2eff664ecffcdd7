/*
 * render.h — roadmap.render / roadmap.diff and the transactional write-back.
 */
#ifndef RE_RENDER_GLUE_H
#define RE_RENDER_GLUE_H

#include "postgres.h"

extern char *re_author_name;
extern char *re_author_email;
extern char *re_push_remote;

void		re_render_guc_init(void);
void		re_require_write_privilege(void);

/* Render (repo, version); with write, queue the files for pre-commit. Returns the section file's new text. */
char	   *re_render_apply(int64 repo_id, const char *version, bool write, bool commit);

#endif
