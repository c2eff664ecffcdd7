/*
 * render.h — render a release's section from the stored proposals and,
 * with write, queue the write-back. Calls catalog, config, handle, writeback.
 */
#ifndef RE_RENDER_GLUE_H
#define RE_RENDER_GLUE_H

#include "postgres.h"

/* Render (repo, version); with write, queue the files for pre-commit. Returns the section file's new text. */
char	   *re_render_apply(int64 repo_id, const char *version, bool write, bool commit);

#endif
