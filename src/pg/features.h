/*
 * features.h — the feature-lens inputs of roadmap.enrich and the planner's
 * decisions (roadmap.decision, roadmap.dismiss, roadmap_enrich.stale_after).
 */
#ifndef RE_FEATURES_H
#define RE_FEATURES_H

#include "postgres.h"

#include "../core/propose.h"

extern int	re_stale_after;

void		re_decision_guc_init(void);

/* Fill the feature, lens, policy and decision fields of in (SPI connected). */
void		re_gather_features(int64 repo_id, const char *version, const char *path, const char *commit,
							   ReProposeIn *in);

#endif
