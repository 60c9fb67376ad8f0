/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own sched features of this boot, as schedscope first saw
 * them: recorded by the first `load` or `sweep` after boot in
 * /run/schedscope/features.boot (the directory of features/owner.h), with
 * the boot's id, and kept for the boot. A sweep writes them into sweep.json
 * so that the report can flag a "default" that was not the kernel's.
 */
#ifndef SCHEDSCOPE_FEATURE_BOOT_DEFAULT_H
#define SCHEDSCOPE_FEATURE_BOOT_DEFAULT_H

#include <stdbool.h>
#include <stddef.h>

#include "features/features.h"

#define FEATURE_BOOT_FILE	"features.boot"

/*
 * Record the features of the file at path as this boot's defaults, unless
 * this boot's are recorded already; a record left by a command that died
 * with them changed (features/owner.h) gives them instead of the file.
 * Returns 0, or -errno with a message in err.
 */
int feature_boot_record(const char *dir, const char *path, char *err,
			size_t errlen);

/*
 * This boot's recorded defaults into feat; *have false when none are.
 * Returns 0, or -errno with a message in err (a record that is not one).
 */
int feature_boot_read(const char *dir, struct sched_features *feat,
		      bool *have, char *err, size_t errlen);

#endif
