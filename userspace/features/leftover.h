/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A features record left over by a command that died with the features
 * changed (features/owner.h): one line for a person, for every command that
 * touches the module or the features (load, status, unload, sweep,
 * restore), and the features put back, by sweep before it measures its
 * "default" and by `schedscope restore`.
 */
#ifndef SCHEDSCOPE_FEATURE_LEFTOVER_H
#define SCHEDSCOPE_FEATURE_LEFTOVER_H

#include <stddef.h>

#include "features/owner.h"

/*
 * One line about the record in dir into line ("" when there is none, or it
 * cannot be read: then err says why and the state is NONE). Returns the
 * state.
 */
enum feature_owner_state feature_leftover_describe(const char *dir, char *line,
						   size_t len, char *err,
						   size_t errlen);

/*
 * A gone owner's features written back, checked, and its record removed;
 * done says what was done ("" when there was no record). Returns 0, -EBUSY
 * when the owner still runs (done names it), or -errno with err.
 */
int feature_leftover_restore(const char *dir, char *done, size_t donelen,
			     char *err, size_t errlen);

#endif
