/*
 * fuzz_extract.c — libFuzzer target: markdown guard, cmark-gfm flattening and
 * the model extractor on arbitrary bytes, read as every kind of roadmap file.
 * Build: make fuzz (clang, -fsanitize=fuzzer,address,undefined).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/model.h"
#include "../unit/shipped_pillars.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const MdLimits lim = {1024 * 1024, 128, 0};
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		doc;
	char		err[256];

	md_init();
	if (md_parse(a, (const char *) data, size, &lim, &doc, err, sizeof(err)) == MD_OK)
	{
		int			i;

		re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
		re_model_roadmap(&m, "ROADMAP.md", &doc);
		re_model_release_file(&m, "roadmap/v0.1.0.md-full.md", &doc);
		re_model_changelog(&m, &doc);
		re_model_agents(&m, &doc);
		re_model_plan(&m, "plans/PLAN_0_1_0.md", &doc);
		for (i = 0; i < m.items.n && i < 8; i++)
			(void) re_quick_item_status((const char *) data, size, m.items.v[i].version, m.items.v[i].item_id);
	}
	(void) re_quick_item_status((const char *) data, size, "0.1.0", "CORR-1");
	re_arena_free(a);
	return 0;
}
