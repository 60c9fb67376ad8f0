/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who is changing the sched features, and what they were before
 * (docs/sweep.md, "A sweep that dies"). A command about to write the
 * features file records the list as it found it, its own pid and the
 * features file, in /run/schedscope/features.owner (SCHEDSCOPE_RUN_DIR
 * instead of /run/schedscope), created complete in one step so that two
 * commands cannot both own it. It removes the record once the features are
 * back. A record whose owner is gone (SIGKILL, the OOM killer, a hung
 * session killed) names the features the box should have; a record of an
 * earlier boot means nothing (the kernel started with its defaults).
 */
#ifndef SCHEDSCOPE_FEATURE_OWNER_H
#define SCHEDSCOPE_FEATURE_OWNER_H

#include <stddef.h>

#include "features/features.h"

#define FEATURE_OWNER_FILE	"features.owner"

enum feature_owner_state {
	FEATURE_OWNER_NONE,	/* no record (or one of an earlier boot) */
	FEATURE_OWNER_LIVE,	/* its owner runs */
	FEATURE_OWNER_GONE,	/* its owner is gone: the record is left over */
};

struct feature_owner {
	int pid;
	unsigned long long start_ticks;	/* /proc/PID/stat's starttime */
	long long since;		/* when recorded, seconds since the epoch */
	char command[32];		/* "sweep" */
	char path[4096];		/* the features file it changes */
	struct sched_features original;	/* as it found them */
};

/* The directory of the records: $SCHEDSCOPE_RUN_DIR, else /run/schedscope. */
const char *feature_owner_dir(void);

/* dir made (mode 0755) unless it is there. 0, or -errno with err. */
int feature_dir_make(const char *dir, char *err, size_t errlen);

#define FEATURE_BOOT_ID_MAX	64
/* This boot's id, as the kernel gives it ("" when it does not). */
void feature_boot_id(char *buf, size_t len);

/*
 * The record in dir, into *o, and its state. Returns 0 (state NONE when
 * there is none), or -errno with a message in err for a record that cannot
 * be read or is not one.
 */
int feature_owner_read(const char *dir, struct feature_owner *o,
		       enum feature_owner_state *state, char *err,
		       size_t errlen);

/*
 * Record that this process (command) is about to change the features file
 * path, found as original; dir is made if missing. Returns 0; -EBUSY when
 * there is a record already (its owner may be alive or gone: read it); or
 * another -errno with a message in err.
 */
int feature_owner_claim(const char *dir, const char *command,
			const char *path,
			const struct sched_features *original,
			char *err, size_t errlen);

/* Remove the record. 0 (also when there is none) or -errno. */
int feature_owner_release(const char *dir, char *err, size_t errlen);

/* The record's owner as a person reads it: "sweep (pid 1234, since 12:03:04)". */
void feature_owner_name(const struct feature_owner *o, char *buf, size_t len);

#endif
