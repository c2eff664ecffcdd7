/*
 * module.c — the module's magic block and _PG_init: settings, the markdown
 * parser's extensions, and libgit2.
 */
#include "postgres.h"

#include "fmgr.h"

#include "config.h"
#include "../core/gitrepo.h"
#include "../core/mdoc.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/* Register GUCs and the cmark-gfm extensions once per backend. */
void
_PG_init(void)
{
	re_config_init();
	md_init();
	re_git_init();
}
