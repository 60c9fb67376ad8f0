// SPDX-License-Identifier: GPL-2.0
/* The wakeup decision classes (kmod/decision_classes.h), from the catalogue. */
#include "kmod/decision_classes.h"

const struct decision_class decision_classes[] = {
#define SS_DECISION(id, name, help, preempt, text) { CAT_##id, #name, text, preempt },
#include "../../module/metrics.h"
};

const size_t decision_nclasses = sizeof(decision_classes) / sizeof(decision_classes[0]);
