/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cfs_rq and sched_entity as in 7.3: the sums and weights of 7.1
 * (full.h), but every fair task is queued on the root cfs_rq with its
 * hierarchical weight se->h_load.weight, and there are no group levels
 * ("flat" model; module/eevdf.h).
 * For eevdf_pick.bt: bpftrace --include this file (tracers/cfs_rq_layout).
 */
#define CFS_V0 zero_vruntime
#define CFS_SUM sum_w_vruntime
#define CFS_LOAD sum_weight
#define CFS_MODEL 2
#define CFS_SHIFT $cfs->sum_shift
#define CFS_WEIGHT h_load
