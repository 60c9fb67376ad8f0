/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's sched_features=... parameter: where the kernel keeps its
 * scheduler feature bits (sysctl_sched_features, from /proc/kallsyms) and
 * which bit each feature the wakeup decisions read is (its place in
 * /sys/kernel/debug/sched/features, which lists them in bit order), with
 * the value that file shows now, for the module to check the address by.
 */
#ifndef SCHEDSCOPE_KMOD_FEATURE_WORD_H
#define SCHEDSCOPE_KMOD_FEATURE_WORD_H

#include <stddef.h>
#include <stdio.h>

#include "features/features.h"

/*
 * From /proc/kallsyms (read from kallsyms) and the features file's list:
 * "sched_features=addr=...,value=...,WAKEUP_PREEMPTION=N,..." into kv.
 * Returns 0, or -1 with why filled (no such symbol, addresses hidden, a
 * kernel without RUN_TO_PARITY, more features than one word holds).
 */
int feature_word_param(FILE *kallsyms, const struct sched_features *feat,
		       char *kv, size_t len, char *why, size_t whylen);

/* The same from the running kernel's files. */
int feature_word_param_live(char *kv, size_t len, char *why, size_t whylen);

#endif
