// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "lib/parse_u64.h"

size_t digits_span(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	return i;
}

int parse_u64(const char *s, size_t len, uint64_t *value)
{
	uint64_t v = 0;
	size_t i;

	if (len == 0 || digits_span(s, len) != len)
		return -EINVAL;
	if (s[0] == '0' && len > 1)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		unsigned int digit = s[i] - '0';

		if (v > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		v = v * 10 + digit;
	}
	*value = v;
	return 0;
}
