/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's wakeup decision classes (its `decisions` group,
 * docs/interface.md): the stats keys, in the module's order, with a short
 * label for tables and plots. They add up to DECISIONS_TOTAL_KEY.
 */
#ifndef SCHEDSCOPE_KMOD_DECISION_CLASSES_H
#define SCHEDSCOPE_KMOD_DECISION_CLASSES_H

#include <stdbool.h>
#include <stddef.h>

#include "kmod/catalogue.h"

#define DECISIONS_TOTAL_KEY	"wakeup_decisions"
#define DECISIONS_TOTAL		CAT_WAKEUP_DECISIONS

struct decision_class {
	enum cat_counter id;
	const char *key;	/* the stats key */
	const char *label;	/* e.g. "declined: protected" */
	bool preempted;		/* the wakeup preempted the running task */
};

extern const struct decision_class decision_classes[];
extern const size_t decision_nclasses;

#endif
