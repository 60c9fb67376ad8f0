// SPDX-License-Identifier: GPL-2.0
/* Room for one more item (lib/grow_array.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/grow_array.h"

#define GROW_ARRAY_FIRST	16

int grow_array(void *items, size_t *cap, size_t n, size_t size)
{
	void **block = items, *grown;
	size_t want;

	if (n < *cap)
		return 0;
	want = *cap ? 2 * *cap : GROW_ARRAY_FIRST;
	if (!size || want > SIZE_MAX / size)
		return -ENOMEM;
	grown = realloc(*block, want * size);
	if (!grown)
		return -ENOMEM;
	*block = grown;
	*cap = want;
	return 0;
}

void *grow_array_add(void *items, size_t *cap, size_t *n, size_t size)
{
	char *item;

	if (grow_array(items, cap, *n, size))
		return NULL;
	item = *(char **)items + *n * size;
	memset(item, 0, size);
	(*n)++;
	return item;
}
