/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Room for one more item in an array that grows by doubling: the pattern
 * every table of a count, a capacity and a realloc'ed block repeats.
 */
#ifndef SCHEDSCOPE_LIB_GROW_ARRAY_H
#define SCHEDSCOPE_LIB_GROW_ARRAY_H

#include <stddef.h>

/*
 * *items (of *cap items of size bytes, n of them used) has room for item n
 * after it: 0, or -ENOMEM with the array as it was.
 */
int grow_array(void *items, size_t *cap, size_t n, size_t size);

/*
 * A new zeroed item at the end of *items, *n counted up: its address, or
 * NULL (out of memory) with the array as it was.
 */
void *grow_array_add(void *items, size_t *cap, size_t *n, size_t size);

#endif
