/*
 * upgradepair.h — upgrade references a release's own plan writes that do
 * not fit its upgrade: a script named for other versions that an item
 * writes into, or an upgrade pair that starts at or after the release.
 */
#ifndef RE_UPGRADEPAIR_H
#define RE_UPGRADEPAIR_H

#include <stdbool.h>

#include "arena.h"

#define RE_ARROW "\xE2\x86\x92"	/* →, as plans write an upgrade pair */

typedef struct ReUpgradeRef
{
	char	   *ref;			/* as written: "pg_trickle--0.23.0--0.24.0.sql", "1.6.0 → 0.31.0" */
	char	   *name;			/* file refs: the script's extension name ("pg_trickle"), else NULL */
	char	   *from;			/* the pair's versions as written, without a leading v */
	char	   *to;
	char	   *line;			/* the line it stands on, trimmed (table pipes and list marks dropped) */
	bool		file;			/* a script name, else a pair in words */
} ReUpgradeRef;

/*
 * The references in text (a release's section) that do not fit the upgrade
 * to target: a script "<name>--A--B.sql" with B not target that the line
 * writes into (a "**Upgrade SQL…**" lead, "create / extend / populate …
 * `script`"), and a pair "A → B" on a line about upgrades or migrations with
 * B the target and A not before it. Each reference once; returns how many
 * were written to out (at most max).
 */
int			re_stale_upgrade_refs(ReArena *a, const char *text, const char *target, ReUpgradeRef *out, int max);

#endif
