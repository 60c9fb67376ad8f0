/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cfs_rq as in kernels 6.6 to early 6.12: v0 is min_vruntime.
 * For eevdf_pick.bt: bpftrace --include this file (tracers/cfs_rq_layout).
 */
#define CFS_V0 min_vruntime
#define CFS_SUM avg_vruntime
#define CFS_LOAD avg_load
