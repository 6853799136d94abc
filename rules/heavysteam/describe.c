/*
 * describe.c - Heavy Steam's description (describe.h).
 */
#include "describe.h"

#include "catalog.h"

static const char options_schema[] =
    "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {"
    "\"scenario\": {\"type\": \"integer\", \"enum\": [1], \"default\": 1,"
    " \"description\": \"1: Meeting Engagement.\"},"
    "\"size\": {\"type\": \"string\", \"enum\": [\"heavy\", \"light\"], \"default\": \"heavy\","
    " \"description\": \"Both titans heavy, or both light.\"},"
    "\"titans\": {\"type\": \"array\", \"minItems\": 2, \"maxItems\": 2,"
    " \"items\": {\"type\": \"string\"}, \"description\": \"A titan board id per seat, of "
    "its faction and the size.\"},"
    "\"factions\": {\"type\": \"array\", \"minItems\": 2, \"maxItems\": 2,"
    " \"items\": {\"type\": \"string\", \"enum\": [\"uk\", \"cet\"]},"
    " \"description\": \"The faction of each seat, one of each (default: seat 0 uk).\"}}}";

json_t *hs_describe_build(void)
{
    const struct hs_catalog *cat = hs_catalog_get();
    json_t *o;

    if (!cat->ok)
        return json_pack("{s:s, s:s, s:s}", "id", "heavysteam", "error",
                         "catalog_invalid", "message", cat->error);
    o = json_pack("{s:s, s:s, s:i, s:i, s:s}", "id", "heavysteam", "title", "Heavy Steam",
                  "min_seats", 2, "max_seats", 2, "data_version", cat->version);
    json_object_set_new(o, "options", json_loads(options_schema, 0, NULL));
    return o;
}
