/*
 * module.c — the module's magic block and _PG_init: settings, the markdown
 * parser's extensions, and libgit2.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "config.h"
#include "errors.h"
#include "../core/arena.h"
#include "../core/gitrepo.h"
#include "../core/mdoc.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/* The core's interrupt hook: a cancel or a timeout becomes an ERROR here. */
static void
core_check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* Register GUCs, the core's hooks and the cmark-gfm extensions once per backend. */
void
_PG_init(void)
{
	re_check_interrupts_hook = core_check_interrupts;
	re_out_of_memory_hook = re_report_out_of_memory;
	re_config_init();
	md_init();
	re_git_init();
}
