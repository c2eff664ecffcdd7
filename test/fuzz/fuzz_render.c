/*
 * fuzz_render.c — libFuzzer target: the section splicer. The input is a
 * release file; every release section the model finds in it is enriched
 * with a fixed set of proposals, and the result must parse again and keep
 * every byte outside the section.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/model.h"
#include "../../src/core/render.h"
#include "../unit/shipped_pillars.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* as shipped in roadmap.render_word */
static const char *const risks_words[] = {"conflicts", "risks"};
static const char *const stop_words[] = {"exit criteria", "implementation status"};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const MdLimits lim = {1024 * 1024, 128, 0};
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdDoc		doc;
	char		err[256];
	ReProposal	items[3];
	int			r;

	md_init();
	if (md_parse(a, (const char *) data, size, &lim, &doc, err, sizeof(err)) != MD_OK)
	{
		re_arena_free(a);
		return 0;
	}
	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
	re_model_release_file(&m, "f.md", &doc);
	memset(items, 0, sizeof(items));
	items[0].pillar = "correctness";
	items[0].item_id = "CORR-90";
	items[0].title = "Fix a | pipe";
	items[0].effort = "S";
	items[0].priority = "P0";
	items[0].description = "Why. Verify: x.";
	items[0].dependencies = "None";
	items[1] = items[0];
	items[1].pillar = "test_coverage";
	items[1].item_id = "TEST-90";
	items[1].dependencies = "CORR-90";
	items[1].schema_change = 1;
	items[2] = items[0];
	items[2].pillar = "ease_of_use";
	items[2].item_id = "UX-90";
	items[2].title = "Document `x`";
	for (r = 0; r < m.releases.n && r < 4; r++)
	{
		ReRelease  *rel = &m.releases.v[r];
		ReRenderIn	in;
		ReRenderOut out;

		if (rel->line_start <= 0)
			continue;
		memset(&in, 0, sizeof(in));
		in.text = (const char *) data;
		in.len = size;
		in.line_start = rel->line_start;
		in.line_end = rel->line_end;
		in.level = rel->heading_level;
		in.pillars = shipped_pillars;
		in.npillars = N_SHIPPED_PILLARS;
		in.words.risks = risks_words;
		in.words.nrisks = 2;
		in.words.stop = stop_words;
		in.words.nstop = 2;
		in.words.theme = "Release Theme";
		in.words.risks_title = "Conflicts & Risks";
		in.items = items;
		in.nitems = 3;
		in.theme = "Theme.";
		in.risks = "- risk\n";
		if (re_render(a, &in, &out, err, sizeof(err)) == 0)
		{
			MdDoc		d2;
			MdLimits	big = {out.len + 1, 1 << 20, 0};
			const char *p = (const char *) data;
			size_t		k = 0;
			int			line = 1;

			/* bytes before the section are untouched */
			while (k < size && line < rel->line_start)
			{
				if (out.text[k] != p[k])
					abort();
				if (p[k] == '\n')
					line++;
				k++;
			}
			(void) md_parse(a, out.text, out.len, &big, &d2, err, sizeof(err));
		}
	}
	re_arena_free(a);
	return 0;
}
