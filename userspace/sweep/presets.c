// SPDX-License-Identifier: GPL-2.0
/*
 * The presets. Their sizes suit a 2-CPU VM without hardware acceleration
 * (each run a few seconds); on a real box, scale the workload up with
 * `schedscope sweep --preset NAME -- WORKLOAD ARGS`. Where the thread's own
 * instrument is installed (scripts/setup-deps), it runs instead of the
 * built-in workload: perf bench, hackbench, rt-app. A tool_workload
 * argument "@NAME" is the file share/NAME schedscope ships
 * (workload_data_file()).
 */
#include <string.h>

#include "sweep/presets.h"

static const struct sweep_preset presets[] = {
	{
		.name = "eligibility-messaging",
		.reproduces = "EEVDF features on hackbench-style messaging: seconds, "
			      "switches, migrations, wakeup decisions and the "
			      "picks that passed an ineligible or delayed "
			      "entity, per feature set",
		.settings = { "default", "NO_RUN_TO_PARITY", "NO_PLACE_LAG",
			      "NO_DELAY_DEQUEUE", "NO_DELAY_DEQUEUE,NO_PLACE_LAG" },
		.repetitions = 5,
		.workload = { "messaging", "-g", "4", "-l", "200", NULL },
		.tool_workload = { "perf", "bench", "sched", "messaging", "-g", "4",
				   "-l", "200", NULL },
	},
	{
		.name = "wakeup-granularity-hackbench",
		.reproduces = "wakeup preemption on hackbench over pipes: mean per "
			      "setting, % change, significance",
		.settings = { "default", "NO_WAKEUP_PREEMPTION", "NO_PREEMPT_SHORT" },
		.repetitions = 5,
		.workload = { "messaging", "-p", "-g", "2", "-l", "300", NULL },
		.tool_workload = { "hackbench", "-p", "-g", "2", "-l", "300", NULL },
	},
	{
		.name = "run-to-parity",
		.reproduces = "RUN_TO_PARITY against over-scheduling: hackbench "
			      "seconds per repetition and the ratio to the "
			      "baseline, and the wakeups declined because the "
			      "running task was protected",
		.settings = { "NO_RUN_TO_PARITY", "RUN_TO_PARITY" },
		.repetitions = 4,
		.workload = { "messaging", "-p", "-g", "4", "-l", "200", NULL },
		.tool_workload = { "hackbench", "-p", "-g", "4", "-l", "200", NULL },
	},
	{
		.name = "mixed-slice-share",
		.reproduces = "an always-running task beside a 1 ms run / 1 ms sleep "
			      "task on one CPU: 50/50 or 67/33?",
		.settings = { "default", "NO_PLACE_LAG", "NO_DELAY_DEQUEUE" },
		.repetitions = 3,
		.workload = { "dutycycle", "-c", "0", "-s", "3", "-t", "always=1/0",
			      "-t", "half=1/1", NULL },
	},
	{
		.name = "sched-idle-side-job",
		.reproduces = "wakeup latency of a latency-sensitive job beside a "
			      "SCHED_IDLE side job on the same CPUs (rt-app's "
			      "wu_lat: N min max mean stddev), and how often "
			      "the side job was preempted at once (preempt: "
			      "SCHED_IDLE running)",
		.settings = { "default", "NO_WAKEUP_PREEMPTION" },
		.repetitions = 3,
		/* rt-app's threads are named after the task: "wakelat" too. */
		.filter = "comm=wakelat",
		.workload = { "wakelat", "-c", "0", "-s", "3", "--side-job", "1",
			      "--side-policy", "idle", NULL },
		/*
		 * 8 CFS tasks, 2 ms every 40 ms, beside 5 SCHED_IDLE spinners
		 * (Debian 12's rt-app has no SCHED_IDLE), for 3 s.
		 */
		.tool_workload = { "spinners", "-n", "5", "--policy", "idle", "--",
				   "rt-app", "@rt-app/sched-idle-side-job.json",
				   NULL },
	},
	{
		.name = "group-share-tbench",
		.reproduces = "tbench against massive_intr (8 ms run, 1 ms "
			      "sleep), each in its own cgroup: each group's CPU "
			      "seconds, its share and the ratio to default",
		.settings = { "default", "NO_PLACE_LAG", "NO_DELAY_DEQUEUE" },
		.repetitions = 3,
		/*
		 * The run ends with the first group: tbench's -t 3, or the
		 * built-in spinners' -s 3 (pingpong, stopped, prints nothing).
		 */
		.groups = { "massive_intr=spinners -n 2 -s 3 --spin-us 8000 "
			    "--sleep-us 1000",
			    "pingpong=pingpong -p 2 -l 1000000000", NULL },
		.tool_groups = { "massive_intr=spinners -n 2 -s 30 --spin-us "
				 "8000 --sleep-us 1000",
				 "tbench=tbench -t 3 2 127.0.0.1", NULL },
		.tool_services = { "tbench=tbench_srv", NULL },
	},
};

const struct sweep_preset *sweep_preset_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
		if (!strcmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}

const struct sweep_preset *sweep_preset_at(size_t i)
{
	return i < sizeof(presets) / sizeof(presets[0]) ? &presets[i] : NULL;
}
