/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sweep's settings on the running kernel: each one applied on top of the
 * features as found, checked in the features file, and the features as
 * found put back. What went wrong comes back in the caller's err, errlen.
 */
#ifndef SCHEDSCOPE_SWEEP_SETTINGS_H
#define SCHEDSCOPE_SWEEP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "features/features.h"
#include "sweep/knobs.h"

#define SWEEP_MAX_CHANGES	16

/*
 * A setting: its name, the writes that make it from the features as found,
 * and its knobs (sweep/knobs.h).
 */
struct sweep_setting_spec {
	const char *name;
	size_t nchanges;
	sched_feature_token changes[SWEEP_MAX_CHANGES];
	size_t nknobs;
	struct sweep_knob knobs[SWEEP_MAX_KNOBS];
};

/*
 * s->name parsed: "default", or items joined by commas, each a feature
 * (NAME or NO_NAME of feat) or a knob ([GROUP/]KEY=VALUE). Returns 0, or
 * -EINVAL with err saying which item is wrong.
 */
int sweep_setting_parse(const struct sched_features *feat,
			struct sweep_setting_spec *s, char *err, size_t errlen);

/*
 * The features file at path back to original; now is what it shows
 * afterwards. True when it shows original again, else false with err
 * saying why ("restoring the features: ...").
 */
bool sweep_features_restore(const char *path,
			    const struct sched_features *original,
			    struct sched_features *now, char *err,
			    size_t errlen);

/*
 * Back to original, then the setting's changes, each checked in the file
 * read back into now. Returns 0, or -1 with err saying why.
 */
int sweep_setting_apply(const char *path, const struct sched_features *original,
			const struct sweep_setting_spec *s,
			struct sched_features *now, char *err, size_t errlen);

#endif
