// SPDX-License-Identifier: GPL-2.0
/* The module's sched_features parameter (kmod/feature_word.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kmod/feature_word.h"
#include "lib/error_msg.h"

#define FEATURE_WORD_SYMBOL	"sysctl_sched_features"
#define FEATURE_WORD_BITS	32

/* What the module reads; the first two every EEVDF kernel has. */
static const char *const feature_word_names[] = {
	"WAKEUP_PREEMPTION", "RUN_TO_PARITY", "PREEMPT_SHORT", "PICK_BUDDY",
	"NEXT_BUDDY",
};
#define FEATURE_WORD_REQUIRED	2

/* The symbol's address in kallsyms; 0 if absent, hidden or unreadable. */
static unsigned long long feature_word_addr(FILE *kallsyms)
{
	char line[512], name[256], type;
	unsigned long long addr;

	while (fgets(line, sizeof(line), kallsyms))
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) == 3 &&
		    !strcmp(name, FEATURE_WORD_SYMBOL))
			return addr;
	return 0;
}

int feature_word_param(FILE *kallsyms, const struct sched_features *feat,
		       char *kv, size_t len, char *why, size_t whylen)
{
	unsigned long long addr;
	uint32_t value = 0;
	size_t i, used;
	int n;

	if (feat->n > FEATURE_WORD_BITS) {
		error_msg(why, whylen, "%zu features do not fit one %d-bit word",
			  feat->n, FEATURE_WORD_BITS);
		return -1;
	}
	for (i = 0; i < FEATURE_WORD_REQUIRED; i++)
		if (sched_features_find(feat, feature_word_names[i]) < 0) {
			error_msg(why, whylen, "the kernel has no %s feature",
				  feature_word_names[i]);
			return -1;
		}
	addr = feature_word_addr(kallsyms);
	if (!addr) {
		error_msg(why, whylen, "/proc/kallsyms shows no address of %s "
			  "(kernel.kptr_restrict, or not root)", FEATURE_WORD_SYMBOL);
		return -1;
	}
	for (i = 0; i < feat->n; i++)
		if (feat->f[i].enabled)
			value |= UINT32_C(1) << i;
	n = snprintf(kv, len, "sched_features=addr=%llx,value=%x", addr,
		     (unsigned int)value);
	for (i = 0; n >= 0 && (size_t)n < len &&
		    i < sizeof(feature_word_names) / sizeof(*feature_word_names); i++) {
		int bit = sched_features_find(feat, feature_word_names[i]);

		if (bit < 0)
			continue;
		used = (size_t)n;
		n += snprintf(kv + used, len - used, ",%s=%d",
			      feature_word_names[i], bit);
	}
	if (n < 0 || (size_t)n >= len) {
		error_msg(why, whylen, "the parameter does not fit");
		return -1;
	}
	return 0;
}

int feature_word_param_live(char *kv, size_t len, char *why, size_t whylen)
{
	struct sched_features feat;
	FILE *kallsyms;
	int ret;

	if (sched_features_read(SCHED_FEATURES_PATH, &feat, why, whylen))
		return -1;
	kallsyms = fopen("/proc/kallsyms", "re");
	if (!kallsyms) {
		error_msg(why, whylen, "/proc/kallsyms: %s", strerror(errno));
		return -1;
	}
	ret = feature_word_param(kallsyms, &feat, kv, len, why, whylen);
	fclose(kallsyms);
	return ret;
}
