// SPDX-License-Identifier: GPL-2.0
/*
 * The record of who changes the sched features (features/owner.h), what
 * the commands say about one left over (features/leftover.h), and this
 * boot's defaults (features/boot_default.h). The features file here is a
 * plain file: only what needs no write to it (a real features file takes
 * one name per write) is run; the writes are the VM sweep case's.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "features/boot_default.h"
#include "features/leftover.h"
#include "features/owner.h"
#include "test_util.h"

static const char found[] = "PLACE_LAG RUN_TO_PARITY NO_NEXT_BUDDY\n";
static const char swept[] = "NO_PLACE_LAG RUN_TO_PARITY NO_NEXT_BUDDY\n";

/* A claim by a child that then exits: a record whose owner is gone. */
static int claim_and_die(const char *dir, const char *path,
			 const struct sched_features *orig)
{
	char err[256];
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(feature_owner_claim(dir, "sweep", path, orig, err,
					  sizeof(err)) ? 1 : 0);
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_claim(const char *dir, const char *path,
		       const struct sched_features *orig)
{
	enum feature_owner_state state;
	struct feature_owner o;
	char err[256] = "", line[2048];

	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_NONE);
	/* no record: nothing to say, and no error */
	CHECK_EQ_INT(feature_leftover_describe(dir, line, sizeof(line), err,
					       sizeof(err)), FEATURE_OWNER_NONE);
	CHECK_STR_EQ(line, "");
	CHECK_STR_EQ(err, "");
	CHECK_EQ_INT(feature_owner_claim(dir, "sweep", path, orig, err,
					 sizeof(err)), 0);
	CHECK_EQ_INT(feature_owner_claim(dir, "sweep", path, orig, err,
					 sizeof(err)), -EBUSY);
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_LIVE);
	CHECK_EQ_INT(o.pid, getpid());
	CHECK_STR_EQ(o.command, "sweep");
	CHECK_STR_EQ(o.path, path);
	CHECK_EQ_U64(o.original.n, 3);
	CHECK(o.original.f[0].enabled && !o.original.f[2].enabled);
	CHECK_EQ_INT(feature_leftover_describe(dir, line, sizeof(line), err,
					       sizeof(err)), FEATURE_OWNER_LIVE);
	CHECK_STR_HAS(line, "is changing the sched features");
	/* a live owner's features are not taken from it */
	CHECK_EQ_INT(feature_leftover_restore(dir, line, sizeof(line), err,
					      sizeof(err)), -EBUSY);
	CHECK_EQ_INT(feature_owner_release(dir, err, sizeof(err)), 0);
	CHECK_EQ_INT(feature_owner_release(dir, err, sizeof(err)), 0);
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_NONE);
}

static void test_gone(const char *dir, const char *path,
		      const struct sched_features *orig)
{
	enum feature_owner_state state;
	struct feature_owner o;
	char err[256] = "", line[2048];

	CHECK_EQ_INT(claim_and_die(dir, path, orig), 0);
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_GONE);
	/* the file as a killed sweep left it: PLACE_LAG off */
	test_write(dir, "features", swept);
	CHECK_EQ_INT(feature_leftover_describe(dir, line, sizeof(line), err,
					       sizeof(err)), FEATURE_OWNER_GONE);
	CHECK_STR_HAS(line, "died with the sched features changed");
	CHECK_STR_HAS(line, "writes back what it found: PLACE_LAG");
	/* as found again (another hand put it back): only the record goes */
	test_write(dir, "features", found);
	feature_leftover_describe(dir, line, sizeof(line), err, sizeof(err));
	CHECK_STR_HAS(line, "are as it found them");
	CHECK_EQ_INT(feature_leftover_restore(dir, line, sizeof(line), err,
					      sizeof(err)), 0);
	CHECK_STR_HAS(line, "its record removed");
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_NONE);
	CHECK_EQ_INT(feature_leftover_restore(dir, line, sizeof(line), err,
					      sizeof(err)), 0);
	CHECK_STR_EQ(line, "");
}

static void test_bad_records(const char *dir)
{
	enum feature_owner_state state;
	struct feature_owner o;
	char err[256] = "", line[2048];

	test_write(dir, FEATURE_OWNER_FILE, "pid 12x\n");
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)),
		     -EINVAL);
	CHECK_STR_HAS(err, "bad pid");
	test_write(dir, FEATURE_OWNER_FILE, "pid 1\npath /x\n");
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)),
		     -EINVAL);
	CHECK_STR_HAS(err, "lacks the features");
	/* describe says nothing of it but gives the reason */
	err[0] = '\0';
	CHECK_EQ_INT(feature_leftover_describe(dir, line, sizeof(line), err,
					       sizeof(err)), FEATURE_OWNER_NONE);
	CHECK_STR_EQ(line, "");
	CHECK_STR_HAS(err, "lacks the features");
	/* an earlier boot's record: the kernel started with its defaults */
	test_write(dir, FEATURE_OWNER_FILE, "pid 1\nstart_ticks 1\nboot "
		   "00000000-0000-0000-0000-000000000000\npath /x\nfeatures A\n");
	CHECK_EQ_INT(feature_owner_read(dir, &o, &state, err, sizeof(err)), 0);
	CHECK_EQ_INT(state, FEATURE_OWNER_NONE);
	CHECK_EQ_INT(feature_owner_release(dir, err, sizeof(err)), 0);
}

static void test_boot_default(const char *dir, const char *path,
			      const struct sched_features *orig)
{
	struct sched_features boot;
	char err[256] = "";
	bool have = true;

	CHECK_EQ_INT(feature_boot_read(dir, &boot, &have, err, sizeof(err)), 0);
	CHECK(!have);
	/* a killed sweep's record gives the defaults, not the file */
	test_write(dir, "features", swept);
	CHECK_EQ_INT(claim_and_die(dir, path, orig), 0);
	CHECK_EQ_INT(feature_boot_record(dir, path, err, sizeof(err)), 0);
	CHECK_EQ_INT(feature_boot_read(dir, &boot, &have, err, sizeof(err)), 0);
	CHECK(have && boot.n == 3 && boot.f[0].enabled);
	/* recorded once a boot */
	feature_owner_release(dir, err, sizeof(err));
	CHECK_EQ_INT(feature_boot_record(dir, path, err, sizeof(err)), 0);
	feature_boot_read(dir, &boot, &have, err, sizeof(err));
	CHECK(have && boot.f[0].enabled);
	test_write(dir, FEATURE_BOOT_FILE, "boot x\nfeatures A\n");
	CHECK_EQ_INT(feature_boot_read(dir, &boot, &have, err, sizeof(err)), 0);
	CHECK(!have);
	test_write(dir, FEATURE_BOOT_FILE, "junk\n");
	CHECK_EQ_INT(feature_boot_read(dir, &boot, &have, err, sizeof(err)),
		     -EINVAL);
	CHECK_STR_HAS(err, "not \"boot ID\"");
}

void test_feature_owner(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 16], err[256];
	struct sched_features orig;

	snprintf(dir, sizeof(dir), "%s", test_tmpdir("feature_owner"));
	snprintf(path, sizeof(path), "%s/features", dir);
	sched_features_parse(found, &orig, err, sizeof(err));
	test_write(dir, "features", found);
	test_claim(dir, path, &orig);
	test_gone(dir, path, &orig);
	test_bad_records(dir);
	test_boot_default(dir, path, &orig);
}
