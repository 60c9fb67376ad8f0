/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A workload's stdout read as the `#`-commented tables of docs/sweep.md
 * ("# seconds groups" followed by rows), into JSON for a run file:
 * [ { "columns": [...], "rows": [[...], ...] }, ... ].
 */
#ifndef SCHEDSCOPE_WORKLOAD_TABLES_H
#define SCHEDSCOPE_WORKLOAD_TABLES_H

#include <jansson.h>
#include <stddef.h>

/*
 * Parse text. Returns a new JSON array (possibly empty), or NULL on error
 * with err saying which line is wrong (a table whose column names repeat,
 * two tables with the same first column).
 */
json_t *workload_tables_parse(const char *text, char *err, size_t errlen);

#endif
