/*
 * module.c — the module's magic block and _PG_init: settings and the
 * markdown parser's extensions. libgit2 is initialised when a repository is
 * first opened (re_git_init): its initialisation (3-4 ms, most of it
 * parsing the TLS certificate store) is not paid by a session that never
 * opens one, such as an enrich of an unchanged commit (docs/performance.md).
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "config.h"
#include "errors.h"
#include "../core/arena.h"
#include "../core/mdoc.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/* The core's interrupt hook: a cancel or a timeout becomes an ERROR here. */
static void
core_check_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* Register GUCs, the core's hooks and the cmark-gfm extensions once per backend (libgit2: on first use). */
void
_PG_init(void)
{
	re_check_interrupts_hook = core_check_interrupts;
	re_out_of_memory_hook = re_report_out_of_memory;
	re_config_init();
	md_init();
}
