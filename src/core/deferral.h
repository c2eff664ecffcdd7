/*
 * deferral.h — the parts of a deferred item's proposal that depend on how
 * it was deferred and what it delivers (docs/proposals.md, "Deferred items").
 */
#ifndef RE_DEFERRAL_H
#define RE_DEFERRAL_H

#include "arena.h"
#include "feature.h"
#include "propose.h"

/*
 * A roadmap title's core: before " — ", ". " or "; ", without a trailing
 * "(…)" (every trailing one when every_paren).
 */
char	   *re_title_core(ReArena *a, const char *t, bool every_paren);

/* The priority after a harmless skip reason (roadmap.skip_reason_rule): never raised. */
const char *re_deferred_priority(const ReDeferredIn *d, const char *prio);

/* "Verify: …" chosen by the item's deliverable; core is its title's core phrase. */
char	   *re_deferred_verify(ReArena *a, const ReDeferredIn *d, const char *core);

/* The successor in the target is this deferral's own write-back from an earlier run. */
bool		re_deferred_written_back(ReArena *a, const ReProposeIn *in, const ReDeferredIn *d);

/* Conflicts & Risks lines for deferred items re-planned under a new id; returns how many. */
int			re_deferred_replanned(ReArena *a, const ReProposeIn *in, ReBuf *risks);

#endif
