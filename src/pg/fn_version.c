/*
 * fn_version.c — entry points roadmap.version_key, roadmap.version_norm,
 * roadmap.word_overlap and roadmap.shipped_window (small SQL helpers the
 * catalog views use).
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "args.h"
#include "config.h"
#include "../core/similar.h"
#include "../core/version.h"

PG_FUNCTION_INFO_V1(roadmap_version_key);
Datum
roadmap_version_key(PG_FUNCTION_ARGS)
{
	ReVersion	v = re_parse_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	Datum		parts[3];
	int			i;

	for (i = 0; i < 3; i++)
		parts[i] = Int32GetDatum(v.part[i]);
	PG_RETURN_ARRAYTYPE_P(construct_array(parts, 3, INT4OID, sizeof(int32), true, TYPALIGN_INT));
}

PG_FUNCTION_INFO_V1(roadmap_version_norm);
Datum
roadmap_version_norm(PG_FUNCTION_ARGS)
{
	ReVersion	v = re_parse_version_arg(text_to_cstring(PG_GETARG_TEXT_PP(0)));
	char		buf[32];

	re_version_format(&v, buf, sizeof(buf));
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

PG_FUNCTION_INFO_V1(roadmap_word_overlap);
Datum
roadmap_word_overlap(PG_FUNCTION_ARGS)
{
	char	   *a = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *b = text_to_cstring(PG_GETARG_TEXT_PP(1));

	PG_RETURN_FLOAT8(re_word_overlap(a, b));
}

PG_FUNCTION_INFO_V1(roadmap_shipped_window);
Datum
roadmap_shipped_window(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(re_shipped_window);
}
