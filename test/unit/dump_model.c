/* dump_model — print the model the core extracts from markdown files (debug aid). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/model.h"
#include "shipped_pillars.h"

static char *
slurp(const char *path, size_t *len)
{
	FILE	   *f = fopen(path, "rb");
	char	   *buf;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	*len = (size_t) ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(*len + 1);
	if (fread(buf, 1, *len, f) != *len)
		*len = 0;
	fclose(f);
	return buf;
}

/* usage: dump_model KIND PATH [KIND PATH…]; KIND is roadmap|release|changelog|agents|plan */
int
main(int argc, char **argv)
{
	ReArena    *a = re_arena_new();
	ReModel		m;
	MdLimits	lim = {16 * 1024 * 1024, 256, 0};
	int			i;

	re_model_init(&m, a, shipped_pillars, N_SHIPPED_PILLARS);
	for (i = 1; i + 1 < argc; i += 2)
	{
		size_t		len;
		char	   *buf = slurp(argv[i + 1], &len);
		MdDoc		doc;
		char		err[256];

		if (!buf || md_parse(a, buf, len, &lim, &doc, err, sizeof(err)) != MD_OK)
		{
			fprintf(stderr, "%s: %s\n", argv[i + 1], buf ? err : "unreadable");
			return 1;
		}
		if (strcmp(argv[i], "roadmap") == 0)
			re_model_roadmap(&m, argv[i + 1], &doc);
		else if (strcmp(argv[i], "release") == 0)
			re_model_release_file(&m, argv[i + 1], &doc);
		else if (strcmp(argv[i], "changelog") == 0)
			re_model_changelog(&m, &doc);
		else if (strcmp(argv[i], "agents") == 0)
			re_model_agents(&m, &doc);
		else if (strcmp(argv[i], "plan") == 0)
			re_model_plan(&m, argv[i + 1], &doc);
		free(buf);
	}
	printf("layout %s\n", m.layout);
	for (i = 0; i < m.full_paths.n; i++)
		printf("full %s\n", m.full_paths.v[i]);
	for (i = 0; i < m.releases.n; i++)
	{
		ReRelease  *r = &m.releases.v[i];

		printf("release %s [%s] %s | %s:%d-%d | effort=%s | status_text=%s\n", r->version,
			   re_release_status_name(r->status), r->title ? r->title : "",
			   r->path ? r->path : "", r->line_start, r->line_end, r->effort ? r->effort : "",
			   r->status_text ? r->status_text : "");
	}
	for (i = 0; i < m.items.n; i++)
	{
		ReItem	   *it = &m.items.v[i];

		printf("item %s %s [%s] eff=%s pri=%s pillar=%s sec=%s | %s | st=%s | desc=%.60s\n", it->version, it->item_id,
			   re_item_status_name(it->status), it->effort ? it->effort : "", it->priority ? it->priority : "",
			   it->pillar ? it->pillar : "", it->section ? it->section : "", it->title ? it->title : "",
			   it->status_text ? it->status_text : "", it->description ? it->description : "");
	}
	for (i = 0; i < m.changelog.n; i++)
		printf("changelog %s %s #%d ids=%s | %.80s\n", m.changelog.v[i].version,
			   m.changelog.v[i].date ? m.changelog.v[i].date : "-", m.changelog.v[i].entry_no,
			   m.changelog.v[i].item_ids ? m.changelog.v[i].item_ids : "", m.changelog.v[i].text);
	for (i = 0; i < m.rules.n; i++)
		printf("rule %d %s | %.100s\n", m.rules.v[i].rule_no, m.rules.v[i].kind, m.rules.v[i].text);
	for (i = 0; i < m.plan_items.n; i++)
		printf("plan %s %s %s | %.80s\n", m.plan_items.v[i].version, re_item_status_name(m.plan_items.v[i].status),
			   m.plan_items.v[i].item_id ? m.plan_items.v[i].item_id : "-", m.plan_items.v[i].text);
	{
		ReDeferral *d;
		int			n = re_model_deferred_traced(&m, &d);

		for (i = 0; i < n; i++)
		{
			const ReItem *it = &m.items.v[d[i].item];
			const ReItem *s = d[i].successor >= 0 ? &m.items.v[d[i].successor] : NULL;

			printf("deferred %s %s | %.70s%s%s%s%s%s%s\n", it->version, it->item_id, it->title ? it->title : "",
				   s ? " -> " : "", s ? s->version : "", s ? " " : "", s ? s->item_id : "",
				   s ? " by " : "", s ? d[i].rule : "");
		}
	}
	re_arena_free(a);
	return 0;
}
