// SPDX-License-Identifier: GPL-2.0
/* Numbers on the command line: intervals in seconds, bounded integers. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lib/parse_u64.h"

int cli_parse_interval(const char *s, double *seconds)
{
	char *end;
	double v;

	if (!*s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return -EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !isfinite(v) || v <= 0)
		return -EINVAL;
	if (v < 0.001 || v > 86400)
		return -ERANGE;
	*seconds = v;
	return 0;
}

int cli_parse_uint(const char *s, uint64_t min, uint64_t max, uint64_t *value)
{
	uint64_t v;
	int ret = parse_u64(s, strlen(s), &v);

	if (ret)
		return ret;
	if (v < min || v > max)
		return -ERANGE;
	*value = v;
	return 0;
}
