// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "hist/percentile.h"

int percentile_bucket(double p, const void *hist, unsigned int n,
		      uint64_t (*count)(const void *hist, unsigned int i),
		      unsigned int *bucket, double *fraction)
{
	uint64_t total = 0, below = 0;
	double rank;
	unsigned int i;

	if (!(p >= 0 && p <= 100))	/* also catches NaN */
		return -EINVAL;
	for (i = 0; i < n; i++)
		total += count(hist, i);
	if (!total)
		return -ENODATA;
	rank = p / 100 * (double)total;
	*fraction = 1;
	for (i = 0; i < n; i++) {
		uint64_t c = count(hist, i);

		if (!c)
			continue;
		*bucket = i;
		if ((double)(below + c) >= rank) {
			*fraction = (rank - (double)below) / (double)c;
			break;
		}
		below += c;
	}
	/* Rounding of huge totals can leave rank past the last bucket. */
	if (*fraction < 0)
		*fraction = 0;
	if (*fraction > 1)
		*fraction = 1;
	return 0;
}
