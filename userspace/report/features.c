// SPDX-License-Identifier: GPL-2.0
/*
 * The report's header lines on the sched features: each setting's feature
 * word as its runs recorded it (bit i the i-th name of the features file,
 * as the kernel's sysctl_sched_features), what it changed from the
 * kernel's defaults as schedscope found them at boot (sweep.json's
 * features_boot), and a "default" that was not those defaults.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "features/features.h"
#include "report/report.h"

/* The features a run of setting s recorded; false when none did. */
static bool setting_features(const struct sweep_results *res, size_t s,
			     struct sched_features *feat)
{
	const struct sweep_setting *set = &res->settings[s];
	char err[256];
	size_t i;

	for (i = 0; i < set->nruns; i++) {
		const char *list = json_string_value(
			json_object_get(set->runs[i]->json, "features"));

		if (list && !sched_features_parse(list, feat, err, sizeof(err)))
			return true;
	}
	return false;
}

static uint64_t feature_word(const struct sched_features *feat)
{
	uint64_t word = 0;
	size_t i;

	for (i = 0; i < feat->n && i < 64; i++)
		if (feat->f[i].enabled)
			word |= UINT64_C(1) << i;
	return word;
}

/* The writes that make feat from boot, blank-separated; "" when equal. */
static int changes_from(const struct sched_features *boot,
			const struct sched_features *feat, char *buf,
			size_t len)
{
	sched_feature_token tokens[SCHED_FEATURES_MAX];
	size_t n, i, used = 0;

	buf[0] = '\0';
	if (sched_features_diff(boot, feat, tokens, SCHED_FEATURES_MAX, &n))
		return -1;
	for (i = 0; i < n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s", i ? " " : "",
				 tokens[i]);
	return 0;
}

/* The boot defaults of setting's sweep.json; false when it has none. */
static bool boot_features(const struct sweep_setting *set,
			  struct sched_features *boot)
{
	const char *list = json_string_value(
		json_object_get(set->sweep, "features_boot"));
	char err[256];

	return list && !sched_features_parse(list, boot, err, sizeof(err));
}

/* "NAME 0xWORD (what it changed from boot)" of setting s at buf + *used. */
static void setting_entry(struct report *r, size_t s, char *buf, size_t len,
			  size_t *used, char *flag, size_t flaglen)
{
	const struct sweep_setting *set = &r->res->settings[s];
	const char *name = set->name;
	struct sched_features boot_feat;
	const struct sched_features *boot =
		boot_features(set, &boot_feat) ? &boot_feat : NULL;
	const char *q = r->md ? "`" : "";
	struct sched_features feat;
	char changes[2048];
	uint64_t word;

	if (!setting_features(r->res, s, &feat) || *used >= len)
		return;
	word = feature_word(&feat);
	*used += snprintf(buf + *used, len - *used, "%s%s %s0x%" PRIx64 "%s",
			  *used ? ", " : "", name, q, word, q);
	if (!boot || *used >= len)
		return;
	if (changes_from(boot, &feat, changes, sizeof(changes)))
		snprintf(changes, sizeof(changes), "other feature names than "
			 "at boot");
	*used += snprintf(buf + *used, len - *used, " (%s%s)",
			  changes[0] ? "boot + " : "as booted", changes);
	if (!strcmp(set->own_name, "default") && changes[0])
		snprintf(flag, flaglen, "%s%sNOT the kernel's defaults as "
			 "found after boot (%s0x%" PRIx64 "%s): it ran with %s",
			 strcmp(name, set->own_name) ? name : "",
			 strcmp(name, set->own_name) ? ": " : "", q,
			 feature_word(boot), q, changes);
}

void report_features(struct report *r)
{
	char line[8192], flag[2300] = "";
	size_t s, used = 0;

	for (s = 0; s < r->res->nsettings; s++)
		setting_entry(r, s, line, sizeof(line), &used, flag,
			      sizeof(flag));
	if (used)
		report_field(r, false, "features", "%s", line);
	if (flag[0])
		report_field(r, true, "default", "%s", flag);
}
